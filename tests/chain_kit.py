"""Test kit of the MC-Search tests: the five released example chains as questions, a KB holding their
gold evidence under the gold ids, and a scripted model that speaks the tagged protocol.

The examples are read by path from `shared/data/dev/mc_search_examples` beside the clone (never copied;
the data's README). Their KB passages were not released, so each text hop's passage is written from the
hop itself (its sub-question and hop answer) and stored under the hop's evidence id; each photo becomes
an image–text pair under its WebQA image id. With the deterministic test embedders (tests/graph_kit.py)
a sub-question finds its own hop's passage and an input photo finds its own pair, so a model that
replays the gold chain retrieves exactly the gold evidence: the chain shapes are the real ones.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from langchain_core.messages import BaseMessage, HumanMessage

from core.results import read_results
from evaluation.convert import convert_file
from kb.build import build_kb
from nodes.common import message_text
from tests.graph_kit import TEST_IMAGE_EMBEDDER, TEST_TEXT_EMBEDDER, register_test_backends

ROOT = Path(__file__).resolve().parent.parent


def shared_dev() -> Path:
    """`shared/data/dev` in the nearest folder above the clone that has it (CI: `../shared/data/dev`)."""
    for folder in ROOT.parents:
        if (folder / "shared" / "data" / "dev").is_dir():
            return folder / "shared" / "data" / "dev"
    raise FileNotFoundError(f"no shared/data/dev above {ROOT}: the MC-Search tests read its examples by path")


EXAMPLES = shared_dev() / "mc_search_examples"


def example_questions(folder: Path) -> list[dict[str, Any]]:
    """The released examples through the MC-Search converter (`folder/questions.jsonl`), by id."""
    out = folder / "questions.jsonl"
    convert_file("mcsearch", EXAMPLES / "chains.json", out, images_dir=EXAMPLES)
    return read_results(out)


def build_example_kb(folder: Path) -> SimpleNamespace:
    """A real Chroma KB of every example's gold evidence (see the module docstring) and the questions."""
    register_test_backends()
    examples = json.loads((EXAMPLES / "chains.json").read_text(encoding="utf-8"))["examples"]
    passages, pairs = {}, {}
    for example in examples:
        for step in example["chain"]:
            if step["modality"] == "text":
                text = f"{step['sub_question']} {step['answer']}"
                passages[step["evidence_id"]] = {"id": step["evidence_id"], "title": "", "text": text}
        for image in example["images"]:
            pairs[image["image_evidence_id"]] = {
                "id": image["image_evidence_id"],
                "wikipedia_title": image["caption"],
                "wikipedia_summary": image["caption"],
                "image_path": str(EXAMPLES / image["file"]),
            }
    folder.mkdir(parents=True, exist_ok=True)
    files = []
    for name, rows in (("passages.jsonl", passages), ("pairs.jsonl", pairs)):
        files.append(folder / name)
        files[-1].write_text("".join(json.dumps(row) + "\n" for row in rows.values()), encoding="utf-8")
    kb_dir = str(folder / "kb")
    build_kb(
        kb_dir,
        [files[0]],
        [files[1]],
        text_embedder=TEST_TEXT_EMBEDDER,
        image_embedder=TEST_IMAGE_EMBEDDER,
        progress=False,
    )
    questions = {q["id"]: q for q in example_questions(folder)}
    return SimpleNamespace(kb_dir=kb_dir, questions=questions, folder=folder)


def evidence_turns(messages: Sequence[BaseMessage]) -> int:
    """How many evidence turns the conversation holds (the steps retrieved so far)."""
    return sum(isinstance(m, HumanMessage) and "<Evidence>" in message_text(m.content) for m in messages)


def search_text(step: Mapping[str, Any], image_ids: Sequence[str]) -> str:
    """A gold step as the model would write it; an image step names the input image holding its evidence."""
    search = "text"
    if step["modality"] == "image":
        search = "image"
        if len(image_ids) > 1 and step["evidence_id"] in image_ids:
            search = f"image {image_ids.index(step['evidence_id']) + 1}"
    question = step["sub_question"]
    return f"<Thought> I still need: {question}\n<Sub-Question> {question}\n<Search> {search}"


def replay(
    item: Mapping[str, Any], steps: int | None = None, extra: Sequence[str] = ()
) -> Callable[[list[BaseMessage], int], str]:
    """A model script that plans the item's gold steps (the first `steps` of them), then the `extra`
    replies, answers each sub-question with the gold hop answer, and ends with the gold answer."""
    chain = list(item["gold_chain"])[:steps]
    image_ids = item.get("image_ids") or []
    planned = [search_text(step, image_ids) for step in chain] + list(extra)

    def script(messages: list[BaseMessage], _: int) -> str:
        done = evidence_turns(messages)
        if "<Evidence>" in message_text(messages[-1].content):
            return chain[done - 1]["answer"] if done <= len(chain) else "Nothing new."
        if done < len(planned):
            return planned[done]
        return f"<Thought> The steps answer every part.\n<End> Final Answer: {item['answer']}"

    return script

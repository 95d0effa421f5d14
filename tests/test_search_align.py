"""Search-Align export (`python -m evaluation.export_sft --from-gold / --from-results`) on the five
released MC-Search example chains (tests/chain_kit.py): the dialogues parse back with the pipeline's own
protocol reader and match the gold (or predicted) chain step for step; only correct chains whose HPS is
1 are kept from results.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from langchain_core.messages import BaseMessage

from apps.batch import in_process_backend, run_batch
from core.results import read_results
from evaluation.export_sft import main
from nodes.common import message_text
from nodes.mcsearch.protocol import parse_plan
from tests.chain_kit import build_example_kb, replay
from tests.graph_kit import TEST_IMAGE_EMBEDDER, TEST_TEXT_EMBEDDER
from tests.test_promsa import AgentScript
from tools.models import register_chat_model

ALIGN_MODEL = "test-search-align-script"


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> SimpleNamespace:
    return build_example_kb(tmp_path_factory.mktemp("align"))


@pytest.fixture(autouse=True)
def kb_embedders(monkeypatch: pytest.MonkeyPatch) -> None:
    """The example KB's embedders, as an operator names them for `--from-gold` (env, like every setting)."""
    monkeypatch.setenv("PMSR_TEXT_EMBEDDER", TEST_TEXT_EMBEDDER)
    monkeypatch.setenv("PMSR_IMAGE_EMBEDDER", TEST_IMAGE_EMBEDDER)


def export(out: Path, *args: str) -> list[dict[str, Any]]:
    assert main([*args, "--out", str(out)]) == 0
    return [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]


def text_of(message: Mapping[str, Any]) -> str:
    content = message["content"]
    if isinstance(content, str):
        return content
    return "".join(part.get("text", "") for part in content if part.get("type") == "text")


def read_back(dialogue: Mapping[str, Any], images: int) -> SimpleNamespace:
    """The chain a dialogue teaches, read with the pipeline's own parser: (sub-question, modality, image,
    evidence turn, intermediate answer) per step, and the final answer."""
    messages = dialogue["messages"]
    assert [m["role"] for m in messages[:2]] == ["system", "user"]
    steps, turns = [], messages[2:]
    while len(turns) > 1:
        plan = parse_plan(turns[0]["content"], images)
        assert isinstance(plan, dict) and plan["action"] == "search", turns[0]
        assert [m["role"] for m in turns[:4]] == ["assistant", "user", "assistant", "user"]
        steps.append((plan["sub_question"], plan["modality"], plan["image_index"], turns[1]["content"]))
        steps[-1] += (turns[2]["content"],)
        turns = turns[4:]
    (last,) = turns
    end = parse_plan(last["content"], images)
    assert isinstance(end, dict) and end["action"] == "end" and last["role"] == "assistant"
    return SimpleNamespace(steps=steps, answer=end["answer"])


def test_gold_chains_export_as_dialogues_that_parse_back_step_for_step(
    world: SimpleNamespace, tmp_path: Path
) -> None:
    questions = world.folder / "questions.jsonl"
    dialogues = export(tmp_path / "gold.jsonl", "--from-gold", str(questions), "--kb-dir", world.kb_dir)
    assert len(dialogues) == 5
    for dialogue in dialogues:
        item = world.questions[dialogue["id"]]
        assert dialogue["graph"] == "mcsearch" and dialogue["tools"] == []
        assert dialogue["images"] == [str((world.folder / p).resolve()) for p in item["image_paths"]]
        opening = dialogue["messages"][1]["content"]
        shown = [p["image"] for p in opening if p["type"] == "image"] if isinstance(opening, list) else []
        assert shown == dialogue["images"]
        assert item["question"] in text_of(dialogue["messages"][1])
        chain = read_back(dialogue, len(item["image_paths"]))
        assert len(chain.steps) == len(item["gold_chain"])
        for (asked, modality, image, evidence, answer), hop in zip(
            chain.steps, item["gold_chain"], strict=True
        ):
            assert (asked, modality, answer) == (hop["sub_question"], hop["modality"], hop["answer"])
            assert evidence.startswith("<Evidence>") and f"[{hop['evidence_id']}]" in evidence
            if modality == "image" and len(item["image_paths"]) > 1:  # the image the hop's evidence shows
                assert item["image_ids"][image - 1] == hop["evidence_id"]
        assert chain.answer == item["answer"]


def test_sharegpt_style_and_gold_evidence_carried_in_the_chain(
    world: SimpleNamespace, tmp_path: Path
) -> None:
    multi = dict(world.questions["mc_search_fig/multi_images_fork"])
    carried = {
        "id": "carried",
        "question": "Which river flows out of Lake Alpha?",
        "answer": "The Zeta River",
        "gold_chain": [
            {"modality": "text", "sub_question": "What flows out of Lake Alpha?", "evidence_id": "x1",
             "evidence": "Lake Alpha drains into the Zeta River.", "answer": "The Zeta River."},
        ],
    }  # fmt: skip
    questions = tmp_path / "q.jsonl"
    multi["image_paths"] = [str((world.folder / p).resolve()) for p in multi["image_paths"]]
    questions.write_text("".join(json.dumps(row) + "\n" for row in (multi, carried)), encoding="utf-8")
    missing = tmp_path / "no-kb"
    rows = export(
        tmp_path / "sg.jsonl", "--from-gold", str(questions), "--kb-dir", str(missing), "--style", "sharegpt"
    )
    [row] = rows  # without a KB only the chain that carries its evidence can be exported
    assert row["id"] == "carried" and row["images"] == [] and row["tools"] == "[]"
    turns = row["conversations"]
    assert [t["from"] for t in turns] == ["human", "gpt", "human", "gpt", "human", "gpt"]
    assert "Lake Alpha drains into the Zeta River." in turns[2]["value"]
    with_kb = export(
        tmp_path / "sg2.jsonl", "--from-gold", str(questions), "--kb-dir", world.kb_dir, "--style", "sharegpt"
    )
    first = with_kb[0]["conversations"][0]["value"]
    assert first.startswith("<image><image>") and multi["question"] in first


def script_for(plans: Mapping[str, Any]) -> AgentScript:
    """One scripted model for a batch: each conversation is answered by the script of its question."""

    def script(messages: list[BaseMessage], call: int) -> str:
        opening = message_text(messages[1].content if len(messages) > 1 else messages[0].content)
        question = next(q for q in plans if q in opening)
        return plans[question](messages, call)

    return AgentScript(script=script)


def test_from_results_keeps_correct_chains_with_every_gold_hop_hit(
    world: SimpleNamespace, tmp_path: Path
) -> None:
    items = world.questions
    short, wrong = "mc_search_fig/image_initiated", "mc_search_fig/text_chain"
    plans = {}
    for item_id, item in items.items():
        if item_id == short:
            plans[item["question"]] = replay(item, steps=2)  # the right answer, but hops 3 and 4 missed
        elif item_id == wrong:
            plans[item["question"]] = replay({**item, "answer": "A bicycle."})
        else:
            plans[item["question"]] = replay(item)
    register_chat_model(ALIGN_MODEL, script_for(plans))
    out = tmp_path / "mcsearch.jsonl"
    overrides = {
        "model": ALIGN_MODEL,
        "text_embedder": TEST_TEXT_EMBEDDER,
        "image_embedder": TEST_IMAGE_EMBEDDER,
        "kb_dir": world.kb_dir,
    }
    stats = run_batch(
        world.folder / "questions.jsonl", out, in_process_backend(overrides, "mcsearch"), 1, progress=False
    )
    assert stats.failed == 0
    dialogues = export(tmp_path / "sft.jsonl", "--from-results", str(out))
    assert sorted(d["id"] for d in dialogues) == sorted(set(items) - {short, wrong})
    lines = {line["id"]: line for line in read_results(out)}
    for dialogue in dialogues:
        line = lines[dialogue["id"]]
        chain = read_back(dialogue, len(items[dialogue["id"]]["image_paths"]))
        assert [(s[0], s[1], s[4]) for s in chain.steps] == [
            (step["sub_question"], step["modality"], step["answer"]) for step in line["trajectory"]
        ]
        assert all(
            f"[{step['evidence_id']}]" in s[3]
            for s, step in zip(chain.steps, line["trajectory"], strict=True)
        )
        assert chain.answer == line["prediction"]


def test_nothing_to_export_from_is_a_usage_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    with pytest.raises(SystemExit):
        main(["--out", str(tmp_path / "o.jsonl")])
    assert "--from-gold" in capsys.readouterr().err

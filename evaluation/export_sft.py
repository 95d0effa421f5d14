"""Export SFT dialogues: correct, well-formed agent trajectories (rejection sampling), and gold chains.

    python -m evaluation.export_sft [--from-results] RESULTS.jsonl [MORE.jsonl ...] --out sft.jsonl
        [--judge MODEL] [--style openai|sharegpt]
    python -m evaluation.export_sft --from-gold QUESTIONS.jsonl [MORE.jsonl ...] --out sft.jsonl
        [--kb-dir DIR] [--style openai|sharegpt]

From results (ProMSA agent or MC-Search pipeline runs), a line is kept when it finished, is
well-formed (an answer reached through the action protocol: no malformed reply, no fallback;
`evaluation.metrics.well_formed`) and is correct (the LLM judge's verdict with `--judge`, else cover
EM against the gold answers); an MC-Search line must also have retrieved the evidence of every gold
hop (Hit-per-Step 1). Each kept line becomes one JSON line; the dialogue is exactly the conversation
the run's model had. ProMSA: system prompt, question with the image, each action and its results with
the searches left, final answer, rendered with the native tool-calling protocol whatever protocol the
run used. MC-Search (Search-Align): the tagged protocol of `nodes.mcsearch.protocol`, no tools —
assistant `<Thought> … <Sub-Question> … <Search> text|image`, user `<Evidence>` (the retrieved
evidence, `[id] title: text`) with the sub-question, assistant the intermediate answer, user the
steps left, …, assistant `<Thought> … <End> Final Answer: …`.

From gold (`--from-gold`): each question with a `gold_chain` (the MC-Search converter's output, or the
dev set's chains) becomes that same MC-Search dialogue built from the gold chain: its sub-questions and
modalities, the gold evidence (the text a hop carries, else the KB record under its evidence id, from
`--kb-dir`, opened with the embedder specs of `PMSR_TEXT_EMBEDDER` / `PMSR_IMAGE_EMBEDDER` it was built
with), its hop answers as intermediate answers, templated thoughts and the gold final answer. Questions
whose gold evidence is missing are left out and counted.

`--style openai` (default; read by TRL's SFTTrainer, the OpenAI fine-tuning format, axolotl's chat
templates):
    {"id", "graph", "images": ["/abs/image.jpg"], "tools": [{"type": "function", "function": {…}}],
     "messages": [
        {"role": "system", "content": "…"},
        {"role": "user", "content": [{"type": "image", "image": "/abs/image.jpg"},
                                     {"type": "text", "text": "Question: …\\n\\nSearches left: …"}]},
        {"role": "assistant", "content": "<reasoning>", "tool_calls": [{"id": "call_1", "type": "function",
            "function": {"name": "text_search", "arguments": "{\\"query\\": \\"…\\"}"}}]},
        {"role": "tool", "tool_call_id": "call_1", "name": "text_search", "content": "[id] Title: …"},
        …,
        {"role": "assistant", "content": "<reasoning>\\n<answer>short answer</answer>"}]}
    (`arguments` is a JSON string, as in the OpenAI API; HF chat templates want it parsed back.)
`--style sharegpt` (LLaMA-Factory): {"id", "graph", "system", "tools" (a JSON string), "images",
    "conversations": [{"from": "human", "value": "<image>Question: …"}, {"from": "function_call",
    "value": "{\\"name\\": …, \\"arguments\\": {…}}"}, {"from": "observation", "value": "…"}, …,
    {"from": "gpt", "value": "…<answer>…</answer>"}]} — the reasoning before a tool call is dropped there.

Images are referenced by path (the result's `image_file`/`image_files`, or the question's image paths
resolved against its file), never embedded; a text-only chain has none. Which graphs can be exported is
the `CONVERTERS` table: a result's `graph` names the function that turns it into a `Dialogue`; gold
chains are turned into `Dialogue`s by `gold_dialogue`, for the same writer.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, Literal

from langchain_core.messages import AIMessage, convert_to_openai_messages
from langchain_core.utils.function_calling import convert_to_openai_tool

from core.context import Context, McSearchContext, PromsaContext
from core.errors import InputError, PMSRError
from core.mcsearch_state import ChainStep
from core.results import read_results
from evaluation import metrics
from evaluation.judge import DEFAULT_CACHE_DIR, Judge
from evaluation.score import is_correct, score_lines
from nodes.common import knowledge_base
from nodes.mcsearch import protocol as chain_protocol
from nodes.mcsearch.golden import gold_steps
from nodes.promsa.common import budgets
from nodes.promsa.protocol import agent_tools, conversation
from tools.retrieval import SearchableKB

END_THOUGHT = "The steps so far answer every part of the question."

Style = Literal["openai", "sharegpt"]


@dataclass(frozen=True)
class Dialogue:
    """One training dialogue in OpenAI chat format, with its tools and images."""

    id: str
    graph: str
    messages: list[dict[str, Any]]
    tools: list[dict[str, Any]]
    images: list[str]


def run_context(line: Mapping[str, Any], schema: type[Context]) -> Any:
    """The result line's recorded settings as a `schema` context (fields of other graphs left out)."""
    names = {f.name for f in fields(schema)}
    return schema(**{k: v for k, v in (line.get("settings") or {}).items() if k in names})


def promsa_dialogue(line: Mapping[str, Any]) -> Dialogue:
    """The ProMSA agent's conversation of a result line, native tool-calling protocol."""
    context = run_context(line, PromsaContext)
    image = str(line["image_file"])
    image_part = {"type": "image_url", "image_url": {"url": image}}
    rendered = conversation(context, "native", str(line["question"]).strip(), image_part, line["trajectory"])
    messages = convert_to_openai_messages(rendered)
    question = messages[1]
    question["content"] = [{"type": "image", "image": image}, *question["content"][1:]]
    searches = [action for action, n in budgets(context).items() if n > 0]
    tools = [convert_to_openai_tool(tool) for tool in agent_tools(context, searches)]
    return Dialogue(str(line["id"]), "promsa", messages, tools, [image])


def chain_dialogue(
    item_id: str,
    question: str,
    images: list[str],
    steps: list[ChainStep],
    answer: str,
    context: McSearchContext,
) -> Dialogue:
    """An MC-Search chain as the pipeline's conversation (tagged protocol), ending with the final answer.

    The step budget shown is the run's `max_iter` (at least the chain's length), so the dialogue ends
    by choice (`<End>`), not because no step was left."""
    budget = max(len(steps), context.max_iter)
    rendered = chain_protocol.conversation(context, question, images, steps, budget)
    rendered.append(AIMessage(content=chain_protocol.end_text(END_THOUGHT, answer)))
    messages = convert_to_openai_messages(rendered)
    paths = iter(images)
    opening = messages[1]
    if isinstance(opening["content"], list):  # with images (a text-only question's turn is a string)
        opening["content"] = [
            {"type": "image", "image": next(paths)} if part.get("type") == "image_url" else part
            for part in opening["content"]
        ]
    return Dialogue(item_id, "mcsearch", messages, [], images)


def mcsearch_dialogue(line: Mapping[str, Any]) -> Dialogue:
    """The MC-Search pipeline's predicted chain of a result line."""
    context = run_context(line, McSearchContext)
    question, answer = str(line["question"]).strip(), str(line.get("prediction") or "")
    return chain_dialogue(str(line["id"]), question, result_images(line), line["trajectory"], answer, context)


def result_images(line: Mapping[str, Any]) -> list[str]:
    """The image files a result line's run read (none for a text-only question)."""
    return [str(f) for f in line.get("image_files") or [line.get("image_file")] if f]


def gold_dialogue(
    item: Mapping[str, Any], base_dir: Path, kb: SearchableKB | None, context: McSearchContext
) -> Dialogue | str:
    """A question's gold chain as an MC-Search dialogue (image paths resolved against `base_dir`, the
    evidence a hop does not carry read from `kb`), or why it cannot be one."""
    chain = item.get("gold_chain") or []
    answers = metrics.gold_answers(item)
    if not chain or not answers:
        return "no gold chain" if not chain else "no gold answer"
    steps, missing = gold_steps(chain, kb, [str(i) for i in item.get("image_ids") or []])
    if missing:
        return "gold evidence not in the KB"
    images = [str((base_dir / path).resolve()) for path in question_images(item)]
    return chain_dialogue(str(item["id"]), str(item["question"]).strip(), images, steps, answers[0], context)


def question_images(item: Mapping[str, Any]) -> list[str]:
    """The image paths a question names (`image_paths`, else `image_path`; none for text-only)."""
    return [str(p) for p in item.get("image_paths") or [item.get("image_path")] if p]


CONVERTERS: dict[str, Callable[[Mapping[str, Any]], Dialogue]] = {
    "promsa": promsa_dialogue,
    "mcsearch": mcsearch_dialogue,
}


def select(
    lines: Sequence[Mapping[str, Any]], judge: Judge | None = None
) -> tuple[list[Mapping[str, Any]], Counter[str]]:
    """The lines to export (rejection sampling) and why the others were not."""
    scored = score_lines(lines, "export", judge)
    kept: list[Mapping[str, Any]] = []
    reasons: Counter[str] = Counter()
    for line, item in zip(lines, scored, strict=True):
        if str(line.get("graph") or "pmsr") not in CONVERTERS:
            reasons["not an exportable graph"] += 1
        elif line.get("status", "ok") != "ok":
            reasons["failed"] += 1
        elif not metrics.well_formed(line):
            reasons["not well-formed"] += 1
        elif not item["gold"]:
            reasons["no gold answer"] += 1
        elif not is_correct(item):
            reasons["wrong"] += 1
        elif line.get("graph") == "mcsearch" and item.get("hps") != 1.0:
            reasons["no gold chain" if "hps" not in item else "missed a gold hop (HPS < 1)"] += 1
        elif len(result_images(line)) < len(question_images(line)):
            reasons["no image file (sent inline)"] += 1
        else:
            kept.append(line)
    return kept, reasons


def render(dialogue: Dialogue, style: Style) -> dict[str, Any]:
    """One output line in the chosen style."""
    if style == "openai":
        return {
            "id": dialogue.id,
            "graph": dialogue.graph,
            "images": dialogue.images,
            "tools": dialogue.tools,
            "messages": dialogue.messages,
        }
    return {
        "id": dialogue.id,
        "graph": dialogue.graph,
        "system": dialogue.messages[0]["content"],
        "tools": json.dumps([tool["function"] for tool in dialogue.tools], ensure_ascii=False),
        "images": dialogue.images,
        "conversations": [_sharegpt_turn(m) for m in dialogue.messages[1:]],
    }


def _sharegpt_turn(message: Mapping[str, Any]) -> dict[str, str]:
    if message["role"] == "user":
        parts = message["content"] if isinstance(message["content"], list) else [message["content"]]
        text = "".join(
            "<image>"
            if isinstance(p, dict) and p.get("type") == "image"
            else (p if isinstance(p, str) else p["text"])
            for p in parts
        )
        return {"from": "human", "value": text}
    if message["role"] == "tool":
        return {"from": "observation", "value": message["content"]}
    if message.get("tool_calls"):
        call = message["tool_calls"][0]["function"]
        payload = {"name": call["name"], "arguments": json.loads(call["arguments"])}
        return {"from": "function_call", "value": json.dumps(payload, ensure_ascii=False)}
    return {"from": "gpt", "value": message["content"]}


def write_dialogues(dialogues: Iterable[Dialogue], out: Path, style: Style) -> int:
    """Write one JSON line per dialogue, atomically (a half-written file never replaces a good one)."""
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f".{out.name}.tmp")
    count = 0
    with open(tmp, "w", encoding="utf-8") as handle:
        for dialogue in dialogues:
            handle.write(json.dumps(render(dialogue, style), ensure_ascii=False) + "\n")
            count += 1
    os.replace(tmp, out)
    return count


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m evaluation.export_sft", description=__doc__.splitlines()[0] if __doc__ else None
    )
    parser.add_argument("results", type=Path, nargs="*", help="batch results JSONL (python -m apps.run)")
    parser.add_argument(
        "--from-results", type=Path, nargs="+", default=[], metavar="RESULTS", help="the same as RESULTS"
    )
    parser.add_argument(
        "--from-gold", type=Path, nargs="+", default=[], metavar="QUESTIONS",
        help="questions JSONL with gold chains (MC-Search): export the gold chains as dialogues",
    )  # fmt: skip
    parser.add_argument("--out", type=Path, required=True, help="the SFT dialogues JSONL to write")
    parser.add_argument("--style", choices=["openai", "sharegpt"], default="openai", help="default: openai")
    parser.add_argument("--judge", metavar="MODEL", help="judge correctness with this chat model (else CEM)")
    parser.add_argument(
        "--judge-cache", default=DEFAULT_CACHE_DIR, help="folder of the judge's verdict cache"
    )
    parser.add_argument(
        "--kb-dir",
        help="with --from-gold: the KB holding the gold evidence (default: PMSR_KB_DIR, else kb_data)",
    )
    args = parser.parse_args(argv)
    results = [*args.results, *args.from_results]
    if not results and not args.from_gold:
        parser.error("give results files (RESULTS or --from-results) or --from-gold QUESTIONS")
    try:
        dialogues, total, reasons = _from_results(results, args.judge, args.judge_cache)
        if args.from_gold:
            gold, count, why = _from_gold(args.from_gold, args.kb_dir)
            dialogues, total, reasons = dialogues + gold, total + count, reasons + why
        written = write_dialogues(dialogues, args.out, args.style)
    except PMSRError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    dropped = ", ".join(f"{n} {why}" for why, n in reasons.most_common()) or "none"
    print(
        f"kept {written} of {total} trajectories and chains → {args.out} (dropped: {dropped})",
        file=sys.stderr,
    )
    return 0


def _from_results(
    paths: Sequence[Path], judge_spec: str | None, judge_cache: str
) -> tuple[list[Dialogue], int, Counter[str]]:
    """The dialogues of the kept result lines, how many lines were read, and why the others were not kept."""
    lines = [line for path in paths for line in _read(path)]
    if not lines:
        return [], 0, Counter()
    judge = Judge(judge_spec, judge_cache) if judge_spec else None
    try:
        kept, reasons = select(lines, judge)
    finally:
        if judge is not None:
            judge.close()
    return [CONVERTERS[str(line["graph"])](line) for line in kept], len(lines), reasons


def _from_gold(paths: Sequence[Path], kb_dir: str | None) -> tuple[list[Dialogue], int, Counter[str]]:
    """The gold chains' dialogues, how many questions were read, and why the others were left out."""
    context = McSearchContext(**({"kb_dir": kb_dir} if kb_dir else {}))
    kb = knowledge_base(context) if Path(context.kb_dir).is_dir() or context.chroma_host else None
    dialogues: list[Dialogue] = []
    reasons: Counter[str] = Counter()
    total = 0
    for path in paths:
        for item in _read(path):
            total += 1
            made = gold_dialogue(item, path.parent, kb, context)
            if isinstance(made, str):
                reasons[made] += 1
            else:
                dialogues.append(made)
    return dialogues, total, reasons


def _read(path: Path) -> list[dict[str, Any]]:
    if not path.is_file():
        raise InputError(f"results file not found: {path}")
    return read_results(path)


if __name__ == "__main__":
    raise SystemExit(main())

"""Export correct, well-formed agent trajectories as chat-format SFT dialogues (rejection sampling).

    python -m evaluation.export_sft RESULTS.jsonl [MORE.jsonl ...] --out sft.jsonl
        [--judge SPEC] [--style openai|sharegpt]

A result line is kept when it finished, is well-formed (an answer reached through the action
protocol: no malformed reply, no fallback; `evaluation.metrics.well_formed`) and is correct (the
LLM judge's verdict with `--judge`, else cover EM against the gold answers). Each kept line becomes
one JSON line; the dialogue is exactly the conversation the agent's policy had (system prompt,
question with the image, each action and its results with the searches left, final answer), rendered
with the native tool-calling protocol whatever protocol the run used.

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

Images are referenced by path (the result's `image_file`), never embedded. Which graphs can be
exported is the `CONVERTERS` table: a result's `graph` names the function that turns it into a
`Dialogue`; another graph adds its own converter, and another kind of input (gold chains) adds an
option beside RESULTS that yields `Dialogue`s for the same writer.
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

from langchain_core.messages import convert_to_openai_messages
from langchain_core.utils.function_calling import convert_to_openai_tool

from evaluation import metrics
from evaluation.judge import DEFAULT_CACHE_DIR, Judge
from evaluation.score import is_correct, score_lines
from graphs.context import PromsaContext
from graphs.run import read_results
from nodes.promsa.common import budgets
from nodes.promsa.protocol import agent_tools, conversation
from tools.errors import InputError, PMSRError

Style = Literal["openai", "sharegpt"]


@dataclass(frozen=True)
class Dialogue:
    """One training dialogue in OpenAI chat format, with its tools and images."""

    id: str
    graph: str
    messages: list[dict[str, Any]]
    tools: list[dict[str, Any]]
    images: list[str]


def promsa_dialogue(line: Mapping[str, Any]) -> Dialogue:
    """The ProMSA agent's conversation of a result line, native tool-calling protocol."""
    names = {f.name for f in fields(PromsaContext)}
    context = PromsaContext(**{k: v for k, v in (line.get("settings") or {}).items() if k in names})
    image = str(line["image_file"])
    image_part = {"type": "image_url", "image_url": {"url": image}}
    rendered = conversation(context, "native", str(line["question"]).strip(), image_part, line["trajectory"])
    messages = convert_to_openai_messages(rendered)
    question = messages[1]
    question["content"] = [{"type": "image", "image": image}, *question["content"][1:]]
    searches = [action for action, n in budgets(context).items() if n > 0]
    tools = [convert_to_openai_tool(tool) for tool in agent_tools(context, searches)]
    return Dialogue(str(line["id"]), "promsa", messages, tools, [image])


CONVERTERS: dict[str, Callable[[Mapping[str, Any]], Dialogue]] = {"promsa": promsa_dialogue}


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
        elif not line.get("image_file"):
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
    parser.add_argument("results", type=Path, nargs="+", help="batch results JSONL (python -m graphs.run)")
    parser.add_argument("--out", type=Path, required=True, help="the SFT dialogues JSONL to write")
    parser.add_argument("--style", choices=["openai", "sharegpt"], default="openai", help="default: openai")
    parser.add_argument("--judge", metavar="SPEC", help="judge correctness with this chat model (else CEM)")
    parser.add_argument(
        "--judge-cache", default=DEFAULT_CACHE_DIR, help="folder of the judge's verdict cache"
    )
    args = parser.parse_args(argv)
    try:
        lines = [line for path in args.results for line in _read(path)]
        judge = Judge(args.judge, args.judge_cache) if args.judge else None
        try:
            kept, reasons = select(lines, judge)
        finally:
            if judge is not None:
                judge.close()
        written = write_dialogues(
            (CONVERTERS[str(line["graph"])](line) for line in kept), args.out, args.style
        )
    except PMSRError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    dropped = ", ".join(f"{n} {why}" for why, n in reasons.most_common()) or "none"
    print(f"kept {written} of {len(lines)} trajectories → {args.out} (dropped: {dropped})", file=sys.stderr)
    return 0


def _read(path: Path) -> list[dict[str, Any]]:
    if not path.is_file():
        raise InputError(f"results file not found: {path}")
    return read_results(path)


if __name__ == "__main__":
    raise SystemExit(main())

"""The demo: build the shipped demo KB, answer its questions with the embedded offline profile.

    python -m examples.demo            (or `make demo`)

It builds `kb_data/demo` from `examples/demo/` with `kb.build.build_kb` (ids already stored are
skipped, so a second run or an interrupted one resumes), answers every demo question with full PMSR
and with a single pass of the same profile, and with the ProMSA agent (its embedded stand-in policy),
prints each PMSR answer (a short span) with its evidence and a short trajectory summary, and the
demo accuracy (EM of the short answer, and CEM) and mean tool calls of the three runs.

Budget: the demo KB has ~100 passages and 13 pairs, so the reference k_text=20 / k_image=10 would
return a fifth of the text KB and most pairs on every query — retrieval would no longer have to be
good, and single pass would look like multi-hop. `DEMO_BUDGET` scales k down to the KB's size.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from core.context import Context, PromsaContext
from evaluation.metrics import cover_exact_match, exact_match, gold_answers, tool_calls
from graphs.pmsr import graph
from graphs.promsa import graph as agent_graph
from kb.build import build_kb

DEMO_DIR = Path(__file__).resolve().parent / "demo"
DEMO_BUDGET = {"k_text": 4, "k_image": 2}


def build_demo_kb(kb_dir: str, console: Console) -> None:
    """Build (or complete) the demo KB; question images are excluded from the pair KB, as in the paper."""
    summary = build_kb(
        kb_dir,
        [DEMO_DIR / "passages.jsonl"],
        [DEMO_DIR / "pairs.jsonl"],
        exclude_images=[DEMO_DIR / "questions.jsonl"],
        progress=False,
    )
    console.print(f"[bold]KB[/] {kb_dir}: {summary.describe()}")


def load_questions(path: Path) -> list[dict[str, Any]]:
    """The demo questions, with `image_path` resolved against the JSONL file's folder."""
    items = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [{**item, "image_path": str((path.parent / item["image_path"]).resolve())} for item in items]


def answer_all(
    questions: Sequence[dict[str, Any]], context: Context, app: Any = graph
) -> list[dict[str, Any]]:
    """Run the graph on every question; each result is the graph's output plus `seconds`, `correct`
    (exact match of the short answer) and `covered` (a gold answer contained in it)."""
    results = []
    for item in questions:
        started = time.perf_counter()
        output = app.invoke({"question": item["question"], "image": item["image_path"]}, context=context)
        answer, golds = output.get("answer", ""), gold_answers(item)
        results.append(
            {
                **output,
                "seconds": time.perf_counter() - started,
                "correct": bool(exact_match(answer, golds)),
                "covered": bool(cover_exact_match(answer, golds)),
            }
        )
    return results


def trajectory_table(item: dict[str, Any], result: dict[str, Any]) -> Table:
    """One question: per iteration, its queries and the top retrieved titles, then answer and stop."""
    mark = "[green]✓[/]" if result["correct"] else "[red]✗[/]"
    table = Table(title=f"{item['id']}: {item['question']}", title_justify="left", show_lines=True)
    table.add_column("step", justify="right")
    table.add_column("queries (question text removed)", max_width=60)
    table.add_column("top retrieved titles", max_width=40)
    for it in result["trajectory"]:
        queries = "\n".join(
            f"{q['kind']}: {q['text'].replace(item['question'], '…')[:110]}" for q in it["queries"]
        )
        titles = list(dict.fromkeys(c["title"] for c in it["candidates"]))[:5]
        table.add_row(str(it["step"]), queries, "; ".join(titles))
    evidence = "\n".join(
        f"  evidence [{e['id']}] {e['title']}: {e['text'][:140]}" for e in result.get("evidence") or []
    )
    table.caption = (
        f"{mark} answer: {result['answer'][:160]!r} | gold: {item['answer']} | stop: {result['stop_reason']} "
        f"| saturation: {[round(s, 3) for s in result.get('saturation', [])]} | {result['seconds']:.1f} s"
        + (f"\n{evidence}" if evidence else "")
    )
    table.caption_justify = "left"
    return table


def accuracy_table(questions: Sequence[dict[str, Any]], runs: dict[str, list[dict[str, Any]]]) -> Table:
    table = Table(title="Demo accuracy (EM of the short answer; CEM: gold contained)", title_justify="left")
    table.add_column("run")
    table.add_column("EM", justify="right")
    table.add_column("CEM", justify="right")
    table.add_column("1-hop", justify="right")
    table.add_column("2-hop", justify="right")
    table.add_column("mean iterations", justify="right")
    table.add_column("mean tool calls", justify="right")
    table.add_column("s / question", justify="right")
    for name, results in runs.items():
        hops = [q.get("hops", 1) for q in questions]
        right = [r["correct"] for r in results]
        table.add_row(
            name,
            f"{sum(right)}/{len(right)}",
            f"{sum(r['covered'] for r in results)}/{len(results)}",
            f"{sum(c for c, h in zip(right, hops, strict=True) if h == 1)}/{hops.count(1)}",
            f"{sum(c for c, h in zip(right, hops, strict=True) if h == 2)}/{hops.count(2)}",
            _mean_iterations(results),
            f"{sum(sum(tool_calls(r['trajectory'])) for r in results) / len(results):.2f}",
            f"{sum(r['seconds'] for r in results) / len(results):.2f}",
        )
    return table


def _mean_iterations(results: Sequence[dict[str, Any]]) -> str:
    """PMSR's iterations after the initial search; an agent has rounds, not iterations."""
    if any("action" in step for r in results for step in r["trajectory"]):
        return "–"
    return f"{sum(len(r['trajectory']) - 1 for r in results) / len(results):.2f}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kb-dir", default="kb_data/demo", help="where to build the demo KB")
    parser.add_argument("--questions", type=Path, default=DEMO_DIR / "questions.jsonl")
    args = parser.parse_args(argv)
    console = Console()
    build_demo_kb(args.kb_dir, console)
    questions = load_questions(args.questions)
    context = Context(kb_dir=args.kb_dir, **DEMO_BUDGET)
    runs = {
        "PMSR": answer_all(questions, context),
        "single pass": answer_all(questions, replace(context, single_pass=True)),
        "ProMSA agent": answer_all(questions, PromsaContext(kb_dir=args.kb_dir), agent_graph),
    }
    for item, result in zip(questions, runs["PMSR"], strict=True):
        console.print(trajectory_table(item, result))
    console.print(accuracy_table(questions, runs))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""`make eval-dev`: build the look-alike dev sets and their KB, run PMSR and a single pass, print EM;
run the MC-Search pipeline, its baselines and PMSR on the chain set, print the per-topology table.

    python -m evaluation.dev_eval [--data DIR] [--work kb_data/devsets] [--runs runs/dev]
        [--sets onehop twohop chains] [--graphs pmsr single_pass]
        [--chain-graphs mcsearch rag1 rag2 pmsr] [--concurrency 2]

Every step resumes: the KB build skips ids already stored, and each run appends to its results file
and skips questions already answered (delete `--runs` to start over). The table reports, per set and
run, EM, token F1 and CEM of the short answer, evidence recall after each iteration (cumulative:
a gold evidence id retrieved at any step so far), mean iterations, the median answer length in words
and seconds per question. Settings are the reference defaults (k_text=20, k_image=10, tau=0.9,
max_iter=3) with the embedded offline models.

The chain set (`chains.jsonl`: MC-Search-style questions with gold chains over the same KB, five
topologies) is answered by `--chain-graphs` and reported per topology, as MC-Search's tables are: F1,
Hit-per-Step, Rollout Deviation, over-/under-retrieving items and mean steps (MC-Search pipeline: top-1
evidence per step, `max_iter` 5, the embedded stand-in planner; PMSR takes the first image and fails,
counted, on text-only questions).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from evaluation import devset
from evaluation.dev_data import DATA_HELP, find_dev_data
from evaluation.metrics import gold_answers, topology_name
from evaluation.score import by_chain, by_iteration, score_lines, summarize
from graphs.run import in_process_backend, read_results, run_batch
from kb.build import build_kb


@dataclass(frozen=True)
class DevRun:
    """One way of answering a dev set: a registered graph and its run-context overrides."""

    name: str
    graph: str
    overrides: dict[str, Any]


RUNS = {
    "pmsr": DevRun("PMSR", "pmsr", {}),
    "single_pass": DevRun("single pass", "pmsr", {"single_pass": True}),
    "promsa": DevRun("ProMSA agent", "promsa", {}),
    "mcsearch": DevRun("MC-Search", "mcsearch", {}),
    "rag1": DevRun("1-hop RAG", "rag1", {}),
    "rag2": DevRun("2-hop RAG", "rag2", {}),
}
CHAINS = "chains"


def prepare(data: Path, work: Path, console: Console) -> Path:
    """Write the sets (`evaluation.devset`) and build (or complete) their KB; returns the KB folder."""
    counts = devset.build(data.resolve(), work)
    console.print("[bold]dev sets[/] " + ", ".join(f"{name}: {n}" for name, n in counts.items()))
    kb_dir = work / "kb"
    started = time.perf_counter()
    summary = build_kb(str(kb_dir), [work / "passages.jsonl"], [work / "pairs.jsonl"])
    console.print(f"[bold]KB[/] {kb_dir}: {summary.describe()} ({time.perf_counter() - started:.0f} s)")
    return kb_dir


def run_set(questions: Path, out: Path, run: DevRun, kb_dir: Path, concurrency: int) -> list[dict[str, Any]]:
    """Answer every question of one set with one run (resuming `out`), and return its result lines."""
    backend = in_process_backend({"kb_dir": str(kb_dir), **run.overrides}, run.graph)
    run_batch(questions, out, backend, concurrency=concurrency)
    return read_results(out)


def row(set_name: str, run: DevRun, lines: list[dict[str, Any]]) -> dict[str, Any]:
    """The table row of one set × run."""
    scored = score_lines(lines, set_name)
    summary = next(r for r in summarize(scored) if r["dataset"] == set_name)
    recall = [r["recall_cum"] for r in by_iteration(scored) if r["dataset"] == set_name]
    words = [len(str(line.get("prediction") or "").split()) for line in lines]
    return {
        "set": set_name,
        "run": run.name,
        "n": summary["n"],
        "EM": summary["em"],
        "F1": summary["f1"],
        "CEM": summary["cem"],
        "recall by iteration": recall,
        "iterations": summary["avg_iter"] - 1,  # records after the initial search
        "answer words": statistics.median(words) if words else 0,
        "s/question": summary["avg_seconds"],
        "gold": sum(bool(gold_answers(line)) for line in lines),
    }


def topology_rows(run: DevRun, lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The chain set's rows of one run, one per topology and `all`, with the run's failures and speed."""
    scored = score_lines(lines, CHAINS)
    failed = Counter(topology_name(line.get("topology")) for line in lines if line.get("status") != "ok")
    seconds = summarize(scored)[-1]["avg_seconds"]
    rows = by_chain(scored, "topology")
    for r in rows:
        r["failed"] = sum(failed.values()) if r["topology"] == "all" else failed[r["topology"]]
    return [{"run": run.name, **r, "s": seconds} for r in rows]


def topology_table(rows: Sequence[dict[str, Any]]) -> Table:
    out = Table(title="Chain set by MC-Search topology (embedded default; F1 and HPS in %)")
    for name in (
        "topology",
        "run",
        "n",
        "failed",
        "F1",
        "HPS",
        "RD",
        "over",
        "under",
        "steps",
        "s / question",
    ):
        out.add_column(name, justify="left" if name in ("topology", "run") else "right")
    for r in sorted(rows, key=lambda r: _topology_order(rows).index(r["topology"])):
        out.add_row(
            r["topology"], r["run"], str(r["n"]), str(r["failed"]), f"{r['f1']:.1f}", f"{r['hps']:.1f}",
            f"{r['rd']:.2f}", str(r["over"]), str(r["under"]), f"{r['avg_steps']:.2f}", f"{r['s']:.1f}",
        )  # fmt: skip
    return out


def _topology_order(rows: Sequence[dict[str, Any]]) -> list[str]:
    return list(dict.fromkeys(r["topology"] for r in rows))


def table(rows: Sequence[dict[str, Any]]) -> Table:
    out = Table(title="Dev sets of look-alike entities (embedded default; EM of the short answer)")
    for name in ("set", "run", "n", "EM", "F1", "CEM", "cumulative recall by iteration", "iterations",
                 "median words", "s / question"):  # fmt: skip
        out.add_column(name, justify="left" if name in ("set", "run") else "right")
    for r in rows:
        recall = " → ".join(f"{v:.0f}" for v in r["recall by iteration"] if v is not None) or "–"
        out.add_row(
            r["set"], r["run"], str(r["n"]), f"{r['EM']:.1f}", f"{r['F1']:.1f}", f"{r['CEM']:.1f}", recall,
            f"{r['iterations']:.2f}", f"{r['answer words']:g}", f"{r['s/question']:.1f}",
        )  # fmt: skip
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, help=DATA_HELP)
    parser.add_argument("--work", type=Path, default=Path("kb_data/devsets"), help="sets and their KB")
    parser.add_argument("--runs", type=Path, default=Path("runs/dev"), help="results files (resumed)")
    parser.add_argument("--sets", nargs="+", default=["onehop", "twohop", CHAINS], help="which sets to run")
    parser.add_argument("--graphs", nargs="+", choices=list(RUNS), default=["pmsr", "single_pass"])
    parser.add_argument(
        "--chain-graphs", nargs="+", choices=list(RUNS), default=["mcsearch", "rag1", "rag2", "pmsr"],
        help="the runs of the chain set",
    )  # fmt: skip
    parser.add_argument("--concurrency", type=int, default=2, help="questions answered at once")
    args = parser.parse_args(argv)
    console = Console(width=max(Console().width, 130))
    kb_dir = prepare(find_dev_data(args.data), args.work, console)
    rows, topologies = [], []
    for set_name in args.sets:
        for key in args.chain_graphs if set_name == CHAINS else args.graphs:
            run = RUNS[key]
            out = args.runs / f"{set_name}_{key}.jsonl"
            console.print(f"[bold]{set_name}[/] × {run.name} → {out}")
            lines = run_set(args.work / f"{set_name}.jsonl", out, run, kb_dir, args.concurrency)
            if set_name == CHAINS:
                topologies += topology_rows(run, lines)
            else:
                rows.append(row(set_name, run, lines))
    if rows:
        console.print(table(rows))
    if topologies:
        console.print(topology_table(topologies))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

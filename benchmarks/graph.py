"""Where PMSR's and the ProMSA agent's time goes, on the demo KB with the embedded default.

    python -m benchmarks.graph [--kb-dir kb_data/demo] [--repeats 20] [--only pmsr|promsa]

Prints (1) seconds per PMSR iteration split into model time (chat model and embedders inside the
operators) and everything else (KB search, graph overhead), per step and overall, after one warm-up
question; (2) for one dual-scope iteration (2 queries × 2 KBs = 4 retrieval branches), the time of
the graph's `Send` fan-out (branches in parallel) against the same branches called one after another;
(3) the agent's seconds per round by action, split the same way, and per question its non-model
overhead: wall time minus model time, and the part spent outside any round (graph scheduling, state
merges, input checks).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from langgraph.graph import END, START, StateGraph
from langgraph.runtime import Runtime
from rich.console import Console
from rich.table import Table

from core.context import Context, PromsaContext
from core.state import Query, SearchTask, State
from examples.demo import DEMO_BUDGET, DEMO_DIR, build_demo_kb, load_questions
from graphs.pmsr import graph, make_fan_out, searched_kbs
from graphs.promsa import graph as agent_graph
from nodes.common import strip_question
from nodes.pmsr.formulate import plan_queries
from nodes.pmsr.search import search


def iteration_times(
    questions: Sequence[dict[str, Any]], context: Context
) -> dict[int, list[tuple[float, float]]]:
    """(seconds, model_seconds) of every iteration, by step."""
    by_step: dict[int, list[tuple[float, float]]] = defaultdict(list)
    for item in questions:
        out = graph.invoke({"question": item["question"], "image": item["image_path"]}, context=context)
        for it in out["trajectory"]:
            by_step[it["step"]].append((it["seconds"], it["model_seconds"]))
    return by_step


def iteration_table(
    by_step: dict[Any, list[tuple[float, float]]],
    title: str = "Seconds per iteration (mean)",
    key: str = "step",
) -> Table:
    """Mean (total, model, other) seconds per group of (seconds, model_seconds) timings, and overall."""
    table = Table(title=title, title_justify="left")
    for column in (key, "n", "total s", "model s", "other s", "model share"):
        table.add_column(column, justify="right")
    rows = [(str(name), times) for name, times in sorted(by_step.items())]
    rows.append(("all", [t for times in by_step.values() for t in times]))
    for name, times in rows:
        total = statistics.mean(t for t, _ in times)
        model = statistics.mean(m for _, m in times)
        table.add_row(
            name,
            str(len(times)),
            f"{total:.3f}",
            f"{model:.3f}",
            f"{total - model:.3f}",
            f"{model / total:.0%}",
        )
    return table


def one_iteration_state(item: dict[str, Any], context: Context) -> dict[str, Any]:
    """Graph state right before the retrieval of a realistic step-1 iteration of `item`."""
    out = graph.invoke({"question": item["question"], "image": item["image_path"]}, context=context)
    question = item["question"]
    record_query = Query(kind="record", text=f"{question} {out['trajectory'][0]['record']}")
    trajectory_query = Query(kind="trajectory", text=f"{question} {out['description']}")
    history = [strip_question(out["trajectory"][0]["queries"][0]["text"], question)]
    searched = replace(context, adaptive_stop=False)  # the iteration is searched, however close its queries
    planned, _, _, _ = plan_queries([record_query, trajectory_query], question, history, searched)
    return {"question": question, "image": item["image_path"], "step": 1, "queries": planned}


def fan_out_graph() -> Any:
    """START → (Send per query × KB) → search → END: the PMSR fan-out on its own."""
    builder = StateGraph(State, context_schema=Context)
    builder.add_node("search", search)
    builder.add_conditional_edges(START, make_fan_out(False), ["search"])
    builder.add_edge("search", END)
    return builder.compile()


def retrieval_ratio(state: dict[str, Any], context: Context, repeats: int) -> tuple[int, float, float]:
    """Branch count and median seconds of the parallel fan-out and of the same branches in sequence."""
    tasks = [
        SearchTask(step=1, kb=kb, query=q, image=state["image"], question=state["question"])
        for q in state["queries"]
        for kb in searched_kbs(context)
    ]
    app = fan_out_graph()
    runtime = Runtime(context=context)
    parallel, sequential = [], []
    for _ in range(repeats):
        start = time.perf_counter()
        app.invoke(state, context=context)
        parallel.append(time.perf_counter() - start)
        start = time.perf_counter()
        for task in tasks:
            search(task, runtime)
        sequential.append(time.perf_counter() - start)
    return len(tasks), statistics.median(parallel), statistics.median(sequential)


def agent_times(
    questions: Sequence[dict[str, Any]], context: PromsaContext
) -> tuple[dict[str, list[tuple[float, float]]], list[tuple[float, float, float]]]:
    """The agent's (seconds, model_seconds) per round, by action; per question (wall, in rounds, model)."""
    by_action: dict[str, list[tuple[float, float]]] = defaultdict(list)
    runs = []
    for item in questions:
        start = time.perf_counter()
        out = agent_graph.invoke({"question": item["question"], "image": item["image_path"]}, context=context)
        wall = time.perf_counter() - start
        for r in out["trajectory"]:
            by_action[r["action"]].append((r["seconds"], r["model_seconds"]))
        rounds = out["trajectory"]
        runs.append((wall, sum(r["seconds"] for r in rounds), sum(r["model_seconds"] for r in rounds)))
    return by_action, runs


def agent_overhead(runs: list[tuple[float, float, float]]) -> str:
    wall, in_rounds, model = (statistics.mean(column) for column in zip(*runs, strict=True))
    return (
        f"agent, mean of {len(runs)} questions: wall {wall:.3f} s, model {model:.3f} s; non-model overhead "
        f"{wall - model:.3f} s ({(wall - model) / wall:.0%} of wall: KB search, bookkeeping, graph), "
        f"of which outside any round (graph scheduling, state merges, input checks) {wall - in_rounds:.3f} s "
        f"({(wall - in_rounds) / wall:.1%})"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kb-dir", default="kb_data/demo")
    parser.add_argument("--repeats", type=int, default=20, help="timings of the retrieval comparison")
    parser.add_argument("--limit", type=int, default=0, help="questions to time (0 = all)")
    parser.add_argument("--only", choices=["pmsr", "promsa"], help="time one graph only")
    args = parser.parse_args(argv)
    console = Console()
    build_demo_kb(args.kb_dir, console)
    questions = load_questions(DEMO_DIR / "questions.jsonl")
    context = Context(kb_dir=args.kb_dir, **DEMO_BUDGET)
    iteration_times(questions[:1], context)  # warm-up: loads the models and opens the KB
    timed = questions[: args.limit] if args.limit else questions
    if args.only != "pmsr":
        by_action, runs = agent_times(timed, PromsaContext(kb_dir=args.kb_dir))
        console.print(iteration_table(by_action, "ProMSA agent: seconds per round (mean)", "action"))
        console.print(agent_overhead(runs))
    if args.only == "promsa":
        return 0
    console.print(iteration_table(iteration_times(timed, context)))
    branches, parallel, sequential = retrieval_ratio(
        one_iteration_state(questions[0], context), context, args.repeats
    )
    console.print(
        f"one iteration's retrieval, {branches} branches (median of {args.repeats}): "
        f"parallel fan-out {parallel * 1000:.1f} ms, sequential {sequential * 1000:.1f} ms, "
        f"ratio parallel/sequential {parallel / sequential:.2f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Seconds per question of PMSR against the ProMSA agent on the dev KB, where PMSR's time goes, and what
the reading cache saves.

    python -m benchmarks.speed [--work kb_data/devsets] [--sets onehop twohop] [--limit 20] [--repeats 3]

Reads the dev sets and their KB as `make eval-dev` leaves them (`--work`; run `make eval-dev` first, or
`python -m apps.dev_eval --sets onehop` to build them). In one process, after a warm-up question,
answers the same questions twice with each graph:
- `uncached`: every text the operators read is embedded again (each iteration re-embeds its records'
  sentences, each question the passages it retrieves), as before the reading cache;
- `cached`: the operators' text embedder remembers what it embedded (`tools.embedders.reading_embedder`).
Prints seconds per question for PMSR and the ProMSA agent and their ratio in both modes, and PMSR's
time per node (mean seconds per question; `search` is the sum of its parallel branches). Each graph
starts from empty caches (`nodes.caches`: texts read, decoded images and their vectors, names, the
agents' records), so `cached` includes filling them.
The cached mode runs `--repeats` times, the two graphs taking turns, and shows the median: on a shared
machine one pass varies by a third.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tools.offline import go_offline

go_offline()

from rich.console import Console  # noqa: E402
from rich.table import Table  # noqa: E402

import graphs.pmsr as pmsr  # noqa: E402
from core.context import Context, PromsaContext  # noqa: E402
from graphs.promsa import graph as agent_graph  # noqa: E402
from nodes.caches import forget_reading  # noqa: E402
from tools import embedders  # noqa: E402

NODES = ("describe", "formulate", "search", "record", "answer")


def load(work: Path, sets: Sequence[str], limit: int) -> list[dict[str, str]]:
    """The first `limit` questions of each set, with absolute image paths."""
    items = []
    for name in sets:
        path = work / f"{name}.jsonl"
        if not path.is_file():
            raise SystemExit(f"{path} is missing: run `make eval-dev` (it builds the dev sets and their KB)")
        rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        items += [{"question": r["question"], "image": str(work / r["image_path"])} for r in rows[:limit]]
    return items


@contextmanager
def reading_cache(enabled: bool) -> Iterator[None]:
    """Operators read through the reading cache (`enabled`) or through the plain embedder (the operators
    get their embedder from `tools.embedders.reading_embedder` at every call)."""
    original = embedders.reading_embedder
    if not enabled:
        embedders.reading_embedder = embedders.make_text_embedder
    try:
        yield
    finally:
        embedders.reading_embedder = original


def timed_graph(spent: dict[str, float]) -> Any:
    """The PMSR graph rebuilt with every node wrapped to add its seconds to `spent`."""

    def timing(name: str, node: Callable[..., Any]) -> Callable[..., Any]:
        def run(state: Any, runtime: Any) -> Any:
            started = time.perf_counter()
            try:
                return node(state, runtime)
            finally:
                spent[name] += time.perf_counter() - started

        return run

    originals = {name: getattr(pmsr, name) for name in NODES}
    for name, node in originals.items():
        setattr(pmsr, name, timing(name, node))
    try:
        return pmsr.build_graph(web=False)
    finally:
        for name, node in originals.items():
            setattr(pmsr, name, node)


def per_question(graph: Any, items: Sequence[dict[str, str]], context: Context) -> float:
    forget_reading()  # each graph is timed from the same cold start
    started = time.perf_counter()
    for item in items:
        graph.invoke(item, context=context)
    return (time.perf_counter() - started) / len(items)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work", type=Path, default=Path("kb_data/devsets"), help="dev sets and their KB")
    parser.add_argument("--sets", nargs="+", default=["onehop", "twohop"])
    parser.add_argument("--limit", type=int, default=20, help="questions per set")
    parser.add_argument("--repeats", type=int, default=3, help="cached runs per graph (the median is shown)")
    args = parser.parse_args(argv)
    items = load(args.work, args.sets, args.limit)
    kb = str(args.work / "kb")
    context, agent_context = Context(kb_dir=kb), PromsaContext(kb_dir=kb)
    spent: dict[str, float] = defaultdict(float)
    graph = timed_graph(spent)
    per_question(graph, items[:1], context)  # models, KB and caches of the process load once
    per_question(agent_graph, items[:1], agent_context)
    title = f"Seconds per question, {len(items)} dev questions (cached: median of {args.repeats} runs)"
    speed = Table(title=title, title_justify="left")
    nodes = Table(title="PMSR's seconds per question by node", title_justify="left")
    for column in ("reading", "PMSR", "ProMSA agent", "PMSR / ProMSA"):
        speed.add_column(column, justify="right")
    for column in ("reading", *NODES):
        nodes.add_column(column, justify="right")
    for enabled in (False, True):
        label = "cached" if enabled else "uncached"
        runs = args.repeats if enabled else 1
        pmsr_runs, agent_runs = [], []
        with reading_cache(enabled):
            spent.clear()
            for _ in range(runs):  # the graphs alternate, so a slow spell of the machine hits both
                pmsr_runs.append(per_question(graph, items, context))
                agent_runs.append(per_question(agent_graph, items, agent_context))
            by_node = {name: spent[name] / (len(items) * runs) for name in NODES}
        pmsr_s, agent_s = statistics.median(pmsr_runs), statistics.median(agent_runs)
        speed.add_row(label, f"{pmsr_s:.2f}", f"{agent_s:.2f}", f"{pmsr_s / agent_s:.2f}")
        nodes.add_row(label, *(f"{by_node[name]:.3f}" for name in NODES))
    console = Console()
    console.print(speed)
    console.print(nodes)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

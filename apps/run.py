"""Batch mode: run a graph (PMSR by default) over a questions JSONL file, resumably, and score the results.

    python -m apps.run QUESTIONS.jsonl --out RESULTS.jsonl [--graph pmsr|promsa|mcsearch|rag1|rag2]
        [--concurrency N] [--limit N] [--ids ID ...] [--retry-failed] [--shard I/N] [--server URL]
        [--score [--judge MODEL]] [every run-context option]
    python -m apps.run score RESULTS.jsonl [MORE.jsonl ...] [--judge MODEL] [--out-dir DIR]
        [--no-retrieval-run RESULTS] [--golden-run RESULTS]

Output: one JSON line per finished item (the input fields + `prediction`, the graph's other outputs —
PMSR: `description`, `trajectory`, `saturation`; the agent: `evidence`, `trajectory` of rounds,
`malformed` — and `stop_reason`, `errors`, `status` ok|error, `error`, `graph`, `settings`, `seconds`),
written, flushed and fsync'd as each item finishes, so an interrupted run leaves a valid file. One
results file holds one graph's results: resuming it with another `--graph` is refused.

Resume: ids already in the output are skipped. A torn last line (the process was killed mid-write) is
cut off before appending. `--retry-failed` reruns ids whose line says `status: error`; their new lines
are appended and, when the run ends, the file is rewritten atomically with the last line per id (the
scorer also keeps the last line per id, so a file from a run killed before that step still reads right).

Ctrl-C (or SIGTERM) stops starting items and waits for the running ones; a second one stops at once.
`--shard I/N` (0 ≤ I < N) keeps the ids whose stable hash modulo N is I; merge shard outputs by id.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import typing
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from apps.batch import EXIT_INTERRUPTED, in_process_backend, run_batch, server_backend
from core.errors import ConfigError, PMSRError
from graphs.registry import DEFAULT_GRAPH, GRAPHS, context_fields, field_defaults, graph_entry
from tools.shards import parse_shard

# --- command line ---------------------------------------------------------------------------------


def add_context_options(parser: argparse.ArgumentParser) -> None:
    """One option per run-context field of every graph, typed and documented from the dataclasses."""
    hints: dict[str, Any] = {}
    for entry in GRAPHS.values():
        hints |= typing.get_type_hints(entry.context)
    group = parser.add_argument_group("run context (each also read from env PMSR_<FIELD>)")
    for field in context_fields():
        hint = hints[field.name]
        defaults = field_defaults(field.name)
        shown = (
            "; ".join(f"{graph}: {value}" for graph, value in defaults.items())
            if len(set(map(str, defaults.values()))) > 1
            else field.default
        )
        help_text = f"{field.metadata.get('description', '')} (default: {shown})".replace("%", "%%")
        flag = "--" + field.name.replace("_", "-")
        if hint is bool:
            group.add_argument(flag, dest=field.name, action=argparse.BooleanOptionalAction, help=help_text)
        elif typing.get_origin(hint) is typing.Literal:
            group.add_argument(flag, dest=field.name, choices=typing.get_args(hint), help=help_text)
        else:
            group.add_argument(flag, dest=field.name, type=hint, metavar=field.name.upper(), help=help_text)


def context_overrides(args: argparse.Namespace) -> dict[str, Any]:
    """The context fields given on the command line (the rest keep their env/default values)."""
    return {f.name: getattr(args, f.name) for f in context_fields() if getattr(args, f.name) is not None}


def _add_score_options(parser: argparse.ArgumentParser) -> None:
    from evaluation.metrics import RewardConfig  # light: pure functions

    default = RewardConfig()
    parser.add_argument(
        "--judge", metavar="MODEL", help="chat model spec of the LLM judge (off when omitted)"
    )
    parser.add_argument(
        "--judge-cache", default=".cache/pmsr-judge", help="folder of the judge's verdict cache"
    )
    reward = parser.add_argument_group("the ProMSA reward: correct + format·valid − λ·min(calls / H_max, 1)")
    reward.add_argument(
        "--reward-lambda", type=float, default=default.tool_cost, help=f"λ (default: {default.tool_cost})"
    )
    reward.add_argument(
        "--reward-format", type=float, default=default.format_weight,
        help=f"weight of format validity (default: {default.format_weight})",
    )  # fmt: skip
    reward.add_argument(
        "--reward-h-max", type=int, default=None,
        help=f"H_max (default: the run's budgets, else {default.DEFAULT_H_MAX})",
    )  # fmt: skip
    chains = parser.add_argument_group(
        "MC-Search reference runs of the same questions (items with gold chains)"
    )
    chains.add_argument(
        "--no-retrieval-run", type=Path, metavar="RESULTS",
        help="results of a --no-retrieval run: ΔF1 = F1 − its F1, per item",
    )  # fmt: skip
    chains.add_argument(
        "--golden-run", type=Path, metavar="RESULTS",
        help="results of a --gold-evidence run: its F1 is the Golden F1",
    )  # fmt: skip


def run_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m apps.run", description="Run a graph over a questions JSONL file (see also: score)."
    )
    parser.add_argument(
        "questions",
        type=Path,
        help="questions JSONL (one {id, question, image_path, answer|answers} per line)",
    )
    parser.add_argument("--out", type=Path, required=True, help="results JSONL (appended; resumed)")
    parser.add_argument("--concurrency", type=int, default=4, help="items run at once (default: 4)")
    parser.add_argument("--limit", type=int, help="run only the first N selected items")
    parser.add_argument("--ids", nargs="+", help="run only these ids")
    parser.add_argument("--retry-failed", action="store_true", help="rerun items whose result is an error")
    parser.add_argument(
        "--shard", type=parse_shard, metavar="I/N", help="run shard I of N (0-based, by id hash)"
    )
    parser.add_argument(
        "--graph",
        choices=list(GRAPHS),
        default=DEFAULT_GRAPH,
        help="; ".join(f"{e.name}: {e.summary}" for e in GRAPHS.values()) + f" (default: {DEFAULT_GRAPH})",
    )
    parser.add_argument(
        "--server", metavar="URL", help="drive a LangGraph API server (its assistant --graph)"
    )
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.add_argument("--score", action="store_true", help="score the results when the run completes")
    parser.add_argument("--score-dir", type=Path, help="where --score writes tables and reports")
    _add_score_options(parser)
    add_context_options(parser)
    return parser


def score_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m apps.run score",
        description="Score results JSONL files; several files are also compared side by side.",
    )
    parser.add_argument("results", type=Path, nargs="+")
    parser.add_argument(
        "--out-dir",
        type=Path,
        help="default: <results stem>_scores next to one file; with several, each file's folder "
        "and the comparison go under it (default: compare_scores next to the first file)",
    )
    _add_score_options(parser)
    return parser


def _score(results: list[Path], out_dir: Path | None, args: argparse.Namespace) -> None:
    from evaluation.metrics import RewardConfig
    from evaluation.score import References, compare_files, score_file

    reward = RewardConfig(args.reward_lambda, args.reward_format, args.reward_h_max)
    references = References.load(args.no_retrieval_run, args.golden_run)
    if len(results) == 1:
        output = score_file(
            results[0], out_dir, args.judge, args.judge_cache, reward=reward, references=references
        )
        print(f"scores written to {output.files['summary_md'].parent}", file=sys.stderr)
        return
    folder = compare_files(
        results, out_dir, args.judge, args.judge_cache, reward=reward, references=references
    )
    print(f"scores and the comparison written to {folder}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv[:1] == ["score"]:
            args = score_parser().parse_args(argv[1:])
            _score(args.results, args.out_dir, args)
            return 0
        return _run(run_parser().parse_args(argv))
    except PMSRError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace) -> int:
    overrides = context_overrides(args)
    entry = graph_entry(args.graph)
    foreign = sorted(set(overrides) - {f.name for f in dataclasses.fields(entry.context)})
    if foreign:
        flags = ", ".join("--" + name.replace("_", "-") for name in foreign)
        raise ConfigError(f"{flags}: not a setting of the {entry.name} graph")
    if args.server:
        backend = server_backend(args.server, overrides, entry.name)
    else:
        backend = in_process_backend(overrides, entry.name)
    stats = run_batch(
        args.questions, args.out, backend, args.concurrency, args.limit, args.ids, args.retry_failed,
        args.shard, progress=not args.no_progress,
    )  # fmt: skip
    print(
        f"{stats.finished} finished ({stats.failed} failed), {stats.skipped} already done → {args.out}",
        file=sys.stderr,
    )
    if stats.interrupted:
        if stats.aborted:
            os._exit(EXIT_INTERRUPTED)  # running model calls would otherwise keep the process alive
        return EXIT_INTERRUPTED
    if args.score:
        _score([args.out], args.score_dir, args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Batch throughput against a slow model server: items/s at concurrency 1 vs 8 (target: ≥ 5× at 8).

    .venv/bin/python -m benchmarks.batch [--kb-dir DIR] [--limit 16] [--delay 0.3] [--concurrency 1 8]

A local OpenAI-protocol server (tests/fake_servers.py) answers every request after a fixed delay, like
a busy remote model server; the graph runs in-process on the demo KB (examples/demo/, built with the
embedded offline embedders into a temporary folder unless --kb-dir names a built one) with
`--model openai:bench`. One warm-up item loads the embedders before anything is timed.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
from tools.offline import go_offline  # noqa: E402  (needs the path above)

go_offline()

from fake_servers import FakeModelServer  # noqa: E402  (needs the path above)
from graph_kit import scripted_reply  # noqa: E402

from apps.batch import in_process_backend, run_batch  # noqa: E402
from kb.build import build_kb  # noqa: E402

DEMO = ROOT / "examples" / "demo"


def timed_run(questions: Path, out: Path, overrides: dict, concurrency: int, limit: int) -> tuple[float, int]:
    backend = in_process_backend(overrides)
    started = time.perf_counter()
    stats = run_batch(questions, out, backend, concurrency=concurrency, limit=limit, progress=False)
    seconds = time.perf_counter() - started
    if stats.failed:
        raise SystemExit(f"{stats.failed} items failed; see {out}")
    return seconds, stats.finished


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kb-dir", help="an already built demo KB (default: build one in a temp folder)")
    parser.add_argument("--limit", type=int, default=16, help="questions per run (the demo has 16)")
    parser.add_argument("--delay", type=float, default=0.3, help="seconds the server waits per request")
    parser.add_argument("--concurrency", type=int, nargs="+", default=[1, 8])
    args = parser.parse_args(argv)
    with (
        tempfile.TemporaryDirectory() as tmp,
        FakeModelServer(scripted_reply, models={"bench"}, delay_s=args.delay) as server,
    ):
        os.environ["OPENAI_BASE_URL"] = f"{server.url}/v1"
        kb_dir = args.kb_dir or str(Path(tmp) / "kb")
        if not args.kb_dir:
            started = time.perf_counter()
            build_kb(kb_dir, [DEMO / "passages.jsonl"], [DEMO / "pairs.jsonl"], progress=False)
            print(f"built demo KB in {time.perf_counter() - started:.1f}s")
        overrides = {"kb_dir": kb_dir, "model": "openai:bench"}
        timed_run(DEMO / "questions.jsonl", Path(tmp) / "warmup.jsonl", overrides, 1, 1)
        rates = {}
        for concurrency in args.concurrency:
            server.requests.clear()
            out = Path(tmp) / f"c{concurrency}.jsonl"
            seconds, items = timed_run(DEMO / "questions.jsonl", out, overrides, concurrency, args.limit)
            rates[concurrency] = items / seconds
            calls = len(server.requests) / max(items, 1)
            print(
                f"concurrency {concurrency}: {items} items in {seconds:.1f}s = "
                f"{rates[concurrency]:.3f} items/s ({calls:.1f} model requests/item × {args.delay}s delay)"
            )
        base = rates[args.concurrency[0]]
        for concurrency, rate in rates.items():
            print(f"speed-up at {concurrency}: {rate / base:.2f}×")


if __name__ == "__main__":
    main()

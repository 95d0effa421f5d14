"""Many writers and many workers on one Chroma server: `python -m benchmarks.shards PART`.

    python -m benchmarks.shards builders --data ../shared/data/dev [--passages 2000]
    python -m benchmarks.shards workers [--questions 32] [--concurrency 4]

`builders` starts a `chroma run` server and builds the same real dev passages (the first --passages
of wiki_text, in file order) and image–text pairs (the 103 dev pairs) three times, each into its own
KB on that server: one `python -m kb.build` process; two processes at once with `--shard 0/2` and
`--shard 1/2`; and the same two with one torch thread each (`OMP_NUM_THREADS=1`). It prints the wall
seconds of each (process start-up included) and records per second, and checks that every build
stored the same number of records.

`workers` builds the demo KB (examples/demo/) into a `chroma run` server, writes --questions questions
(the demo's 16, repeated under new ids), and answers them with `python -m apps.run --server` against
one `langgraph dev` worker, then with two workers, each driven by its own `apps.run --shard I/2`,
all on that one Chroma server. It prints items per second of each and checks that the two shard
files, concatenated, hold every id of the single run exactly once, with the same answers.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
from tools.offline import go_offline  # noqa: E402  (needs the path above)

go_offline()

from benchmarks.kb import pairs_jsonl  # noqa: E402
from kb.build import build_kb  # noqa: E402
from tests.server_kit import ChromaServer, langgraph_dev  # noqa: E402

DEMO = ROOT / "examples" / "demo"
SUMMARY = re.compile(r"text: (\d+) added.*pairs: (\d+) added.*; ([\d.]+) s, ([\d.]+) records/s")


def start(command: list[str], env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", *command],
        cwd=ROOT,
        env=os.environ | (env or {}),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def finish(process: subprocess.Popen[str]) -> str:
    out, err = process.communicate()
    if process.returncode != 0:
        raise SystemExit(f"{' '.join(process.args)} failed:\n{err[-3000:]}")
    return out


def timed(commands: list[list[str]], env: dict[str, str] | None = None) -> tuple[float, list[str]]:
    """Run the commands at once; (wall seconds until the last one ends, their outputs)."""
    started = time.perf_counter()
    processes = [start(command, env) for command in commands]
    outputs = [finish(process) for process in processes]
    return time.perf_counter() - started, outputs


# ---- builders ---------------------------------------------------------------------------------------


def passages_file(data: Path, count: int, folder: Path) -> Path:
    """The first `count` passage lines of the dev wiki_text files (the NQ questions left out)."""
    lines: list[str] = []
    for path in sorted((data / "wiki_text").glob("*.jsonl")):
        if path.name != "flashrag_nq_test_sample.jsonl":
            lines += path.read_text(encoding="utf-8").splitlines()
    out = folder / "passages.jsonl"
    out.write_text("\n".join(lines[:count]) + "\n", encoding="utf-8")
    return out


def builders(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp, ChromaServer(Path(tmp) / "chroma") as chroma:
        folder = Path(tmp)
        inputs = ["--text", str(passages_file(args.data, args.passages, folder))]
        inputs += ["--pairs", str(pairs_jsonl(args.data, folder))]

        def command(name: str, shard: str | None) -> list[str]:
            where = ["--chroma-host", chroma.host, "--chroma-port", str(chroma.port), "--name", name]
            return ["kb.build", *where, *inputs, "--quiet", *(["--shard", shard] if shard else [])]

        runs = {
            "1 builder": ([command("one", None)], {}),
            "2 builders (--shard 0/2, 1/2)": ([command("two", f"{i}/2") for i in range(2)], {}),
            "2 builders, OMP_NUM_THREADS=1": (
                [command("two_1t", f"{i}/2") for i in range(2)],
                {"OMP_NUM_THREADS": "1"},
            ),
        }
        print(f"{args.passages} passages + dev pairs into one chroma run server ({os.cpu_count()} cores)")
        base: tuple[int, float] | None = None
        for label, (commands, env) in runs.items():
            seconds, outputs = timed(commands, env)
            added = [tuple(int(n) for n in SUMMARY.search(out).groups()[:2]) for out in outputs]
            records = sum(text + pairs for text, pairs in added)
            base = base or (records, records / seconds)
            if records != base[0]:
                raise SystemExit(f"{label} stored {records} records, one builder {base[0]}")
            own = ", ".join(f"{float(SUMMARY.search(out).group(4)):.1f}" for out in outputs)
            print(
                f"  {label:32} {records} records in {seconds:6.1f} s = {records / seconds:6.1f} records/s "
                f"({records / seconds / base[1]:.2f}× one builder; each builder's own rate: {own} records/s)"
            )


# ---- workers ----------------------------------------------------------------------------------------


def questions_file(count: int, folder: Path) -> Path:
    """`count` demo questions (repeated under new ids), image paths absolute."""
    demo = [json.loads(line) for line in (DEMO / "questions.jsonl").read_text().splitlines() if line]
    out = folder / "questions.jsonl"
    with out.open("w", encoding="utf-8") as handle:
        for n in range(count):
            item = dict(demo[n % len(demo)])
            item["id"] = f"{item['id']}-{n}"
            item["image_path"] = str((DEMO / item["image_path"]).resolve())
            handle.write(json.dumps(item) + "\n")
    return out


@contextlib.contextmanager
def workers_on(chroma: ChromaServer, count: int, folder: Path) -> Iterator[list[str]]:
    """`count` langgraph dev workers, all on the Chroma server; yields their URLs."""
    env = {"PMSR_CHROMA_HOST": chroma.host, "PMSR_CHROMA_PORT": str(chroma.port)}
    with contextlib.ExitStack() as stack:
        urls = []
        for i in range(count):
            (folder / f"worker{i}").mkdir(exist_ok=True)
            urls.append(stack.enter_context(langgraph_dev(folder / f"worker{i}", env, {})))
        yield urls


def batch(questions: Path, out: Path, url: str, concurrency: int, *extra: str) -> list[str]:
    """The `apps.run --server` command line of one worker's batch."""
    command = ["apps.run", str(questions), "--out", str(out), "--server", url, "--no-progress"]
    return [*command, "--concurrency", str(concurrency), *extra]


def read_lines(*paths: Path) -> list[dict]:
    return [json.loads(line) for path in paths for line in path.read_text().splitlines() if line]


def workers(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp, ChromaServer(Path(tmp) / "chroma") as chroma:
        folder = Path(tmp)
        build_kb(
            None, [DEMO / "passages.jsonl"], [DEMO / "pairs.jsonl"], chroma_host=chroma.host,
            chroma_port=chroma.port, progress=False,
        )  # fmt: skip
        questions = questions_file(args.questions, folder)
        rates = {}
        for count in (1, 2):
            with workers_on(chroma, count, folder) as urls:
                for i, url in enumerate(urls):  # warm-up: each worker loads its models
                    timed([batch(questions, folder / f"warm{count}_{i}.jsonl", url, 1, "--limit", "1")])
                commands = [batch(questions, folder / "one.jsonl", urls[0], args.concurrency)]
                if count == 2:
                    commands = [
                        batch(
                            questions, folder / f"shard{i}.jsonl", url, args.concurrency, "--shard", f"{i}/2"
                        )
                        for i, url in enumerate(urls)
                    ]
                seconds, _ = timed(commands)
                rates[count] = args.questions / seconds
        print(f"{args.questions} questions, apps.run --concurrency {args.concurrency} per worker")
        for count, rate in rates.items():
            print(
                f"  {count} langgraph dev worker(s): {rate:.3f} items/s ({rate / rates[1]:.2f}× one worker)"
            )
        check_merge(folder)


def check_merge(folder: Path) -> None:
    """The concatenated shard files hold every id of the single run exactly once, with its answer."""
    single = {line["id"]: line for line in read_lines(folder / "one.jsonl")}
    merged = read_lines(folder / "shard0.jsonl", folder / "shard1.jsonl")
    ids = [line["id"] for line in merged]
    same = sum(
        line["prediction"] == single[line["id"]]["prediction"] for line in merged if line["id"] in single
    )
    failed = sum(line["status"] != "ok" for line in [*merged, *single.values()])
    print(
        f"  concatenated shards: {len(ids)} lines, {len(set(ids))} ids, equal to the single run's ids: "
        f"{sorted(ids) == sorted(single)}; same answer for {same}/{len(single)}; failed items: {failed}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.shards", description=__doc__.splitlines()[0])
    parts = parser.add_subparsers(dest="part", required=True)
    build = parts.add_parser("builders", help="one kb.build vs two --shard builders into one Chroma server")
    build.add_argument("--data", type=Path, required=True, help="the dev data folder (../shared/data/dev)")
    build.add_argument("--passages", type=int, default=2000)
    work = parts.add_parser("workers", help="apps.run --server: one langgraph dev worker vs two shards")
    work.add_argument("--questions", type=int, default=32)
    work.add_argument("--concurrency", type=int, default=4, help="items in flight per apps.run")
    args = parser.parse_args(argv)
    (builders if args.part == "builders" else workers)(args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

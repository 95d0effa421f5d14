"""Batch workers: `apps.run --server … --shard I/N` processes share a questions file; their outputs,
concatenated, are the single run's results, each id exactly once.

Both shards and the single run drive the session's real `langgraph dev` (tests/conftest.py).
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from types import SimpleNamespace

import pytest

from apps.run import main
from core.results import read_results
from tests.graph_kit import QUESTION
from tools.shards import shard_of

pytestmark = pytest.mark.slow

IDS = [f"w{n}" for n in range(4)]


def lines(*paths: Path) -> list[dict]:
    return [json.loads(line) for path in paths for line in path.read_text(encoding="utf-8").splitlines()]


def test_two_shards_concatenated_equal_one_run(langgraph_server: SimpleNamespace, tmp_path: Path) -> None:
    questions = tmp_path / "questions.jsonl"
    rows = [{"id": i, "question": QUESTION, "image_path": langgraph_server.image} for i in IDS]
    questions.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    common = [str(questions), "--server", langgraph_server.url, "--max-iter", "1", "--no-progress"]
    codes: dict[str, int] = {}

    def worker(name: str, *extra: str) -> None:
        codes[name] = main([*common, "--out", str(tmp_path / f"{name}.jsonl"), *extra])

    threads = [threading.Thread(target=worker, args=(f"shard{i}", "--shard", f"{i}/2")) for i in range(2)]
    for thread in threads:  # the two workers run at once
        thread.start()
    worker("single")
    for thread in threads:
        thread.join()
    assert codes == {"single": 0, "shard0": 0, "shard1": 0}

    single = {line["id"]: line for line in lines(tmp_path / "single.jsonl")}
    shards = [lines(tmp_path / f"shard{i}.jsonl") for i in range(2)]
    assert all(shard_of(line["id"], 2) == i for i, shard in enumerate(shards) for line in shard)
    assert all(shards)  # both workers had work
    merged = [*shards[0], *shards[1]]
    assert sorted(line["id"] for line in merged) == sorted(single) == IDS  # each id exactly once
    assert all(line["status"] == "ok" and line["prediction"] for line in merged)
    assert {line["id"]: line["prediction"] for line in merged} == {
        i: r["prediction"] for i, r in single.items()
    }
    concatenated = tmp_path / "all.jsonl"
    concatenated.write_text(
        "".join(p.read_text() for p in (tmp_path / "shard0.jsonl", tmp_path / "shard1.jsonl"))
    )
    assert [r["id"] for r in read_results(concatenated)] == [line["id"] for line in merged]

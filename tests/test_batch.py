"""Batch mode: item errors, resume, retry, shards, concurrency, CLI options, killing and restarting it."""

from __future__ import annotations

import dataclasses
import hashlib
import importlib.util
import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from fake_servers import FakeModelServer
from graph_kit import (
    QUESTION,
    TEST_IMAGE_EMBEDDER,
    TEST_TEXT_EMBEDDER,
    build_tiny_kb,
    scripted_reply,
    write_tiny_world,
)
from PIL import Image

from apps.batch import Backend, in_process_backend, read_questions, run_batch, select_items
from apps.run import context_overrides, main, run_parser
from core.code_version import ANSWERING_PACKAGES, code_fingerprint
from core.context import Context
from core.results import compact, repair_tail, set_aside_other_code
from kb.build import build_kb
from tests.conftest import free_port
from tools.shards import shard_of

ROOT = Path(__file__).resolve().parent.parent


def echo_backend(calls: list[dict[str, Any]] | None = None, fail_on: str = "") -> Backend:
    """A graph stand-in (the seam run_batch takes): answers with the question's last word."""

    def invoke(graph_input: dict[str, Any]) -> dict[str, Any]:
        if calls is not None:
            calls.append(graph_input)
        if fail_on and fail_on in graph_input["question"]:
            raise RuntimeError("model server said 500")
        word = graph_input["question"].rstrip("?").split()[-1]
        step = {
            "step": 0,
            "queries": [{"kind": "enriched", "text": word}],
            "candidates": [],
            "record": word,
            "seconds": 0.0,
            "model_seconds": 0.25,
        }
        return {
            "answer": word,
            "trajectory": [step],
            "saturation": [0.1],
            "stop_reason": "max_iter",
            "errors": [],
        }

    return Backend(invoke, {"model": "echo"})


def write_questions(folder: Path, lines: list[str | dict[str, Any]]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (8, 8), (255, 0, 0)).save(folder / "red.png")
    path = folder / "questions.jsonl"
    path.write_text(
        "".join((x if isinstance(x, str) else json.dumps(x)) + "\n" for x in lines), encoding="utf-8"
    )
    return path


def question(i: int, **extra: Any) -> dict[str, Any]:
    return {
        "id": f"q{i}",
        "question": f"What is item {i}?",
        "image_path": "red.png",
        "answer": str(i),
        **extra,
    }


def read_out(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_item_errors_are_recorded_and_the_rest_finish(tmp_path: Path) -> None:
    lines: list[str | dict[str, Any]] = [
        question(1, extra_field="kept"),
        '{"id": "broken", "question": ',
        question(2, image_path="nowhere.jpg"),
        question(3, question="  "),
        question(4, question="Please fail"),
        question(5),
    ]
    questions = write_questions(tmp_path, lines)
    stats = run_batch(
        questions, tmp_path / "out.jsonl", echo_backend(fail_on="fail"), concurrency=3, progress=False
    )
    results = {r["id"]: r for r in read_out(tmp_path / "out.jsonl")}
    assert set(results) == {"q1", "questions.jsonl:2", "q2", "q3", "q4", "q5"}
    assert stats.finished == 6 and stats.failed == 4
    ok = results["q1"]
    assert (
        ok["status"] == "ok"
        and ok["prediction"] == "1"
        and ok["extra_field"] == "kept"
        and ok["answer"] == "1"
    )
    assert (
        ok["trajectory"][0]["record"] == "1" and ok["saturation"] == [0.1] and ok["stop_reason"] == "max_iter"
    )
    assert ok["settings"] == {"model": "echo"} and ok["model_seconds"] == 0.25 and ok["seconds"] >= 0
    assert ok["image_file"] == str(tmp_path / "red.png")  # resolved against the JSONL's folder
    malformed = results["questions.jsonl:2"]
    assert malformed["status"] == "error" and malformed["line"] == 2
    assert malformed["error"].startswith(f"InputError: malformed JSON at {questions}:2")
    assert results["q2"]["error"].startswith(f"ImageError: image not found: {tmp_path / 'nowhere.jpg'}")
    assert results["q3"]["error"].startswith("InputError: empty question")
    assert results["q4"]["error"] == "RuntimeError: model server said 500"
    assert results["q5"]["status"] == "ok"


def test_an_item_without_an_image_runs_as_a_text_only_question(tmp_path: Path) -> None:
    calls: list[dict[str, Any]] = []
    text_only = {k: v for k, v in question(1).items() if k != "image_path"}
    questions = write_questions(tmp_path, [text_only, question(2, image_path="")])
    stats = run_batch(questions, tmp_path / "out.jsonl", echo_backend(calls), progress=False)
    assert stats.failed == 0 and [r["status"] for r in read_out(tmp_path / "out.jsonl")] == ["ok", "ok"]
    assert all("image" not in call for call in calls)  # the graph gets the question alone
    assert all(r["image_file"] is None for r in read_out(tmp_path / "out.jsonl"))


def test_graph_reported_errors_without_answer_fail_the_item(tmp_path: Path) -> None:
    backend = Backend(lambda _: {"answer": "", "errors": ["BackendUnavailable: http://x down"]}, {})
    questions = write_questions(tmp_path, [question(1)])
    run_batch(questions, tmp_path / "out.jsonl", backend, progress=False)
    [result] = read_out(tmp_path / "out.jsonl")
    assert result["status"] == "error" and result["error"] == "BackendUnavailable: http://x down"


def test_resume_skips_done_ids_and_repairs_a_torn_line(tmp_path: Path) -> None:
    questions = write_questions(tmp_path, [question(i) for i in range(6)])
    out = tmp_path / "out.jsonl"
    run_batch(questions, out, echo_backend(), limit=3, progress=False)
    with open(out, "a", encoding="utf-8") as handle:
        handle.write('{"id": "q3", "status": "ok", "predic')  # killed mid-write
    calls: list[dict[str, Any]] = []
    stats = run_batch(questions, out, echo_backend(calls), progress=False)
    assert stats.skipped == 3 and stats.finished == 3
    assert sorted(c["question"] for c in calls) == [f"What is item {i}?" for i in (3, 4, 5)]
    ids = [r["id"] for r in read_out(out)]  # every line parses: the torn one is gone
    assert sorted(ids[:3]) == ["q0", "q1", "q2"] and sorted(ids) == [f"q{i}" for i in range(6)]


def test_retry_failed_reruns_errors_and_leaves_each_id_once(tmp_path: Path) -> None:
    questions = write_questions(tmp_path, [question(1), question(2, question="Please fail")])
    out = tmp_path / "out.jsonl"
    run_batch(questions, out, echo_backend(fail_on="fail"), progress=False)
    assert {r["id"]: r["status"] for r in read_out(out)} == {"q1": "ok", "q2": "error"}
    calls: list[dict[str, Any]] = []
    assert run_batch(questions, out, echo_backend(calls, fail_on="fail"), progress=False).finished == 0
    stats = run_batch(questions, out, echo_backend(calls), retry_failed=True, progress=False)
    assert stats.finished == 1 and [c["question"] for c in calls] == ["Please fail"]
    results = read_out(out)  # compacted: one line per id
    assert sorted((r["id"], r["status"]) for r in results) == [("q1", "ok"), ("q2", "ok")]


def test_results_of_other_code_are_set_aside_and_the_code_in_hand_answers_again(tmp_path: Path) -> None:
    """Every result line carries the fingerprint of the code that made it; a file holding lines of other
    code (or of none) moves aside, keeping them, and the next run answers every item with this code."""
    questions = write_questions(tmp_path, [question(i) for i in range(3)])
    out = tmp_path / "out.jsonl"
    run_batch(questions, out, echo_backend(), progress=False)
    assert {r["code"] for r in read_out(out)} == {code_fingerprint()}
    assert set_aside_other_code(out, code_fingerprint()) is None and out.exists(), "same code: resumed"
    old_lines = out.read_text(encoding="utf-8")
    moved = set_aside_other_code(out, "newer")
    assert (
        moved == tmp_path / f"out.{code_fingerprint()}.jsonl"
        and moved.read_text(encoding="utf-8") == old_lines
    )
    assert not out.exists()
    assert run_batch(questions, out, echo_backend(), progress=False).finished == 3
    out.write_text('{"id": "q0", "status": "ok"}\n', encoding="utf-8")  # written before lines were stamped
    assert set_aside_other_code(out, code_fingerprint()) == tmp_path / "out.unstamped.jsonl"


def test_the_code_fingerprint_follows_the_answering_sources(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fingerprint hashes the files of the packages that answer questions: a copy of them has the same
    one, an edit to any of them changes it."""
    for package in ANSWERING_PACKAGES:
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__"))
    copied = _fingerprint_of(tmp_path)
    assert copied == code_fingerprint()
    reader = tmp_path / "nodes" / "extractive" / "spans.py"
    reader.write_text(reader.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    assert _fingerprint_of(tmp_path) != copied


def _fingerprint_of(root: Path) -> str:
    """`code_fingerprint` of the sources under `root` (it hashes the folder its own module lies in)."""
    module = root / "core" / "code_version.py"
    spec = importlib.util.spec_from_file_location("copied_code_version", module)
    assert spec and spec.loader
    copied = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(copied)
    return str(copied.code_fingerprint())


def test_compact_keeps_the_last_line_per_id(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    out.write_text('{"id": "a", "v": 1}\n{"id": "b", "v": 1}\n{"id": "a", "v": 2}\n', encoding="utf-8")
    assert compact(out) is True
    assert read_out(out) == [{"id": "a", "v": 2}, {"id": "b", "v": 1}]
    assert compact(out) is False


def test_repair_tail_cuts_only_a_torn_line(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    out.write_text('{"id": "a"}\n{"id": "b"}\n', encoding="utf-8")
    repair_tail(out)
    assert out.read_text() == '{"id": "a"}\n{"id": "b"}\n'
    out.write_text('{"id": "a"}\n{"id": "b', encoding="utf-8")
    repair_tail(out)
    assert out.read_text() == '{"id": "a"}\n'


def test_shards_partition_ids_deterministically(tmp_path: Path) -> None:
    questions = write_questions(tmp_path, [question(i) for i in range(40)])
    items = list(read_questions(questions))
    shards = [{i.id for i in select_items(items, shard=(k, 3))} for k in range(3)]
    assert set().union(*shards) == {f"q{i}" for i in range(40)}
    assert sum(len(s) for s in shards) == 40 and all(shards)
    # stable across processes and Python versions (not the salted built-in hash)
    assert shard_of("q7", 3) == int(hashlib.sha1(b"q7").hexdigest()[:16], 16) % 3
    chosen = select_items(items, ids=["q5", "q9", "q1"], limit=2)
    assert [i.id for i in chosen] == ["q1", "q5"]


def test_items_run_concurrently(tmp_path: Path) -> None:
    barrier = threading.Barrier(4, timeout=10)

    def invoke(graph_input: dict[str, Any]) -> dict[str, Any]:
        barrier.wait()  # only passes when four items are in flight at once
        return {"answer": "x", "trajectory": [], "errors": []}

    questions = write_questions(tmp_path, [question(i) for i in range(8)])
    stats = run_batch(questions, tmp_path / "out.jsonl", Backend(invoke, {}), concurrency=4, progress=False)
    assert stats.failed == 0 and stats.finished == 8


def test_every_context_field_is_a_cli_option() -> None:
    parser = run_parser()
    options = {opt for action in parser._actions for opt in action.option_strings}
    for field in dataclasses.fields(Context):
        assert "--" + field.name.replace("_", "-") in options
    args = parser.parse_args(
        [
            "q.jsonl",
            "--out",
            "o.jsonl",
            "--k-text",
            "5",
            "--w",
            "0.3",
            "--kbs",
            "text",
            "--no-adaptive-stop",
            "--web",
            "--model",
            "openai:m",
        ]
    )
    assert context_overrides(args) == {
        "k_text": 5,
        "w": 0.3,
        "kbs": "text",
        "adaptive_stop": False,
        "web": True,
        "model": "openai:m",
    }
    Context(**context_overrides(args))  # the overrides build a valid Context
    help_text = parser.format_help()
    assert "Saturation threshold" in help_text  # descriptions come from the dataclass metadata
    with pytest.raises(SystemExit):
        parser.parse_args(["q.jsonl", "--out", "o", "--kbs", "neither"])
    with pytest.raises(SystemExit):
        parser.parse_args(["q.jsonl", "--out", "o", "--shard", "3/3"])


def test_missing_questions_file_is_a_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "nope.jsonl"
    assert main([str(missing), "--out", str(tmp_path / "o.jsonl"), "--server", "http://127.0.0.1:9"]) == 2
    assert f"error: questions file not found: {missing}" in capsys.readouterr().err


def test_unreachable_model_server_stops_the_run_before_any_item(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    questions = tmp_path / "q.jsonl"
    questions.write_text(json.dumps({"id": "a", "question": "q?", "image_path": "x.png"}) + "\n")
    out = tmp_path / "o.jsonl"
    monkeypatch.setenv("OPENAI_BASE_URL", f"http://127.0.0.1:{free_port()}/v1")
    assert main([str(questions), "--out", str(out), "--model", "openai:gpt-x", "--timeout-s", "2"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("error: ") and "127.0.0.1" in error and "OPENAI_BASE_URL" in error
    assert not out.exists() or out.read_text() == ""


def test_missing_kb_stops_the_run_before_any_item(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    questions = tmp_path / "q.jsonl"
    questions.write_text(json.dumps({"id": "a", "question": "q?", "image_path": "x.png"}) + "\n")
    missing = tmp_path / "no_kb"
    assert main([str(questions), "--out", str(tmp_path / "o.jsonl"), "--kb-dir", str(missing)]) == 2
    error = capsys.readouterr().err
    assert str(missing) in error and "python -m kb.build" in error


# --- --server: a LangGraph API look-alike on 127.0.0.1 --------------------------------------------


class FakeLangGraphServer:
    """Answers POST /runs/wait like a LangGraph API server (stateless run) and records each request."""

    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                outer.requests.append({"path": self.path, **body})
                answer = {"answer": f"seen {body['input']['question']}", "trajectory": [], "errors": []}
                data = json.dumps(answer).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._httpd.server_address[1]}"
        threading.Thread(target=self._httpd.serve_forever, daemon=True).start()

    def close(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()


def test_server_mode_drives_the_pmsr_assistant(tmp_path: Path) -> None:
    server = FakeLangGraphServer()
    try:
        questions = write_questions(tmp_path, [question(1)])
        out, scores = tmp_path / "o.jsonl", tmp_path / "scores"
        flags = [
            "--server",
            server.url,
            "--k-text",
            "7",
            "--no-progress",
            "--score",
            "--score-dir",
            str(scores),
        ]
        rc = main([str(questions), "--out", str(out), *flags])
    finally:
        server.close()
    assert rc == 0
    [request] = server.requests
    assert request["path"] == "/runs/wait" and request["assistant_id"] == "pmsr"
    assert request["context"] == {"k_text": 7}
    assert request["input"]["question"] == "What is item 1?"
    assert request["input"]["image"].startswith("data:image/png;base64,")  # the server cannot read our paths
    [result] = read_out(out)
    assert result["prediction"] == "seen What is item 1?" and result["settings"]["server"] == server.url
    assert "| o |" in (scores / "summary.md").read_text(encoding="utf-8")  # --score ran on the results


# --- the real CLI on the real graph, killed and restarted -----------------------------------------


@pytest.fixture(scope="module")
def model_server() -> Any:
    with FakeModelServer(scripted_reply, models={"chat", "emb"}, delay_s=0.3, dim=16) as server:
        yield server


@pytest.fixture(scope="module")
def tiny_kb(tmp_path_factory: pytest.TempPathFactory, model_server: FakeModelServer) -> tuple[Path, Path]:
    """A text KB built with kb.build over the graph kit's tiny world, embedded by the fake server."""
    folder = tmp_path_factory.mktemp("world")
    passages, _, _ = write_tiny_world(folder)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("OPENAI_BASE_URL", f"{model_server.url}/v1")
        build_kb(str(folder / "kb"), [passages], text_embedder="openai:emb", progress=False)
    return folder, folder / "kb"


def start_cli(
    questions: Path, out: Path, kb_dir: Path, server: FakeModelServer, concurrency: int = 2
) -> subprocess.Popen[str]:
    command = [
        sys.executable,
        "-m",
        "apps.run",
        str(questions),
        "--out",
        str(out),
        "--kb-dir",
        str(kb_dir),
        "--model",
        "openai:chat",
        "--text-embedder",
        "openai:emb",
        "--kbs",
        "text",
        "--single-pass",
        "--concurrency",
        str(concurrency),
        "--no-progress",
    ]
    env = {**os.environ, "OPENAI_BASE_URL": f"{server.url}/v1"}
    return subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


def wait_for_lines(out: Path, count: int, process: subprocess.Popen[str], timeout: float = 90) -> int:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        lines = out.read_text(encoding="utf-8").count("\n") if out.exists() else 0
        if lines >= count:
            return lines
        assert process.poll() is None, process.communicate()[1][-2000:]
        time.sleep(0.05)
    raise AssertionError(f"{out} did not reach {count} lines in {timeout}s")


def world_questions(folder: Path, world: Path, ids: list[str]) -> Path:
    """One question per id about the tiny world's query image (its path relative to the file)."""
    questions = folder / "questions.jsonl"
    rel_image = os.path.relpath(world / "query.png", folder)
    questions.write_text(
        "".join(
            json.dumps({"id": i, "question": QUESTION, "image_path": rel_image, "answer": "Syldavia"}) + "\n"
            for i in ids
        ),
        encoding="utf-8",
    )
    return questions


def kill_runs(out: Path, start: Callable[[], subprocess.Popen[str]], signals: list[int], total: int) -> None:
    """Start the CLI once per signal and send it after the run wrote two lines; nothing written is lost,
    every line is whole JSON, no id is written twice, and the file is not complete yet."""
    for sig in signals:
        before = out.read_text(encoding="utf-8").count("\n") if out.exists() else 0
        process = start()
        at_signal = wait_for_lines(out, before + 2, process)  # this run has written two
        process.send_signal(sig)
        _, stderr = process.communicate(timeout=60)
        assert process.returncode == (-9 if sig == signal.SIGKILL else 130), stderr[-2000:]
        lines = out.read_text(encoding="utf-8").splitlines()
        assert len(lines) >= at_signal  # nothing already written was lost
        done = [json.loads(line)["id"] for line in lines]  # every line is whole JSON
        assert len(done) == len(set(done)) and len(done) < total


def test_killed_cli_resumes_with_every_id_exactly_once(
    tmp_path: Path, tiny_kb: tuple[Path, Path], model_server: FakeModelServer
) -> None:
    world, kb_dir = tiny_kb
    ids = [f"k{i:02d}" for i in range(16)]
    questions = world_questions(tmp_path, world, ids)
    out = tmp_path / "results.jsonl"
    signals = [signal.SIGINT, signal.SIGTERM, signal.SIGKILL]
    kill_runs(out, lambda: start_cli(questions, out, kb_dir, model_server), signals, len(ids))
    with open(out, "a", encoding="utf-8") as handle:
        handle.write('{"id": "k15", "predic')  # as if SIGKILL had landed mid-write
    process = start_cli(questions, out, kb_dir, model_server, concurrency=8)
    _, stderr = process.communicate(timeout=180)
    assert process.returncode == 0, stderr[-2000:]
    results = read_out(out)
    assert sorted(r["id"] for r in results) == ids  # each id exactly once, none lost
    assert all(r["status"] == "ok" and r["prediction"] == "Syldavia" for r in results), results[0]
    assert all(r["settings"]["model"] == "openai:chat" and r["settings"]["single_pass"] for r in results)
    assert results[0]["trajectory"][0]["candidates"] and results[0]["stop_reason"]


@pytest.mark.slow
@pytest.mark.parametrize("graph", ["pmsr", "promsa"])
def test_each_in_process_run_embeds_its_own_reading_not_an_earlier_runs(tmp_path: Path, graph: str) -> None:
    """Seconds per question compare graphs run one after another in a process (`make eval-dev`): a
    run must not find the texts an earlier run embedded already in the reading caches."""
    world = build_tiny_kb(tmp_path / "world")
    questions = tmp_path / "questions.jsonl"
    questions.write_text(json.dumps({"id": "q", "question": QUESTION, "image_path": world.image}) + "\n")
    overrides = {
        "kb_dir": world.kb_dir, "text_embedder": TEST_TEXT_EMBEDDER, "image_embedder": TEST_IMAGE_EMBEDDER,
    }  # fmt: skip
    embedded = []
    for run in ("first", "second"):
        world.embedder.calls.clear()
        backend = in_process_backend(overrides, graph)
        run_batch(questions, tmp_path / f"{run}.jsonl", backend, concurrency=1, progress=False)
        embedded.append(sorted(text for call in world.embedder.calls for text in call))
    assert len(embedded[0]) > 3
    assert embedded[1] == embedded[0]

"""Batch mode with `--graph promsa`: the real CLI killed and resumed, graph options, one graph per file."""

from __future__ import annotations

import functools
import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from apps.batch import Backend, run_batch
from apps.run import main
from core.errors import ConfigError, InputError
from graphs.registry import GRAPHS, graph_entry
from tests.fake_servers import FakeModelServer, ToolReply
from tests.test_batch import (
    echo_backend,
    kill_runs,
    question,
    read_out,
    tiny_kb,
    world_questions,
    write_questions,
)

ROOT = Path(__file__).resolve().parent.parent
__all__ = ["tiny_kb"]  # the text KB fixture of test_batch, built with this module's model server


def agent_reply(body: dict[str, Any]) -> str | ToolReply:
    """A tool-calling model: one text search, then the answer once the results are back."""
    if body["messages"][-1]["role"] == "tool":
        return "The Zeta River flows through Syldavia. <answer>Syldavia</answer>"
    return {
        "content": "",
        "tool_calls": [{"name": "text_search", "arguments": {"query": "Zeta River country"}}],
    }


@pytest.fixture(scope="module")
def model_server() -> Any:
    with FakeModelServer(agent_reply, models={"chat", "emb"}, delay_s=0.3, dim=16) as server:
        yield server


def start_agent_cli(
    questions: Path, out: Path, kb_dir: Path, server: FakeModelServer, concurrency: int = 2
) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "apps.run", str(questions), "--out", str(out), "--graph", "promsa",
               "--kb-dir", str(kb_dir), "--model", "openai:chat", "--text-embedder", "openai:emb",
               "--image-search-budget", "0", "--text-search-budget", "1", "--text-search-k", "2",
               "--concurrency", str(concurrency), "--no-progress"]  # fmt: skip
    env = {**os.environ, "OPENAI_BASE_URL": f"{server.url}/v1"}
    return subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


def test_killed_agent_batch_resumes_with_every_id_exactly_once(
    tmp_path: Path, tiny_kb: tuple[Path, Path], model_server: FakeModelServer
) -> None:
    world, kb_dir = tiny_kb
    ids = [f"a{i:02d}" for i in range(12)]
    questions = world_questions(tmp_path, world, ids)
    out = tmp_path / "results.jsonl"
    start = functools.partial(start_agent_cli, questions, out, kb_dir, model_server)
    kill_runs(out, start, [signal.SIGINT, signal.SIGKILL], len(ids))
    process = start_agent_cli(questions, out, kb_dir, model_server, concurrency=6)
    _, stderr = process.communicate(timeout=180)
    assert process.returncode == 0, stderr[-2000:]
    results = read_out(out)
    assert sorted(r["id"] for r in results) == ids
    for result in results:
        assert result["status"] == "ok" and result["prediction"] == "Syldavia" and result["graph"] == "promsa"
        assert [r["action"] for r in result["trajectory"]] == ["text_search", "stop"]
        assert result["trajectory"][0]["query"] == "Zeta River country"
        assert len(result["trajectory"][0]["candidates"]) == 2 and result["malformed"] == 0
        settings = result["settings"]
        assert (
            settings["text_search_budget"],
            settings["image_search_budget"],
            settings["text_search_k"],
        ) == (1, 0, 2)
        assert all("Syldavia" in line["text"] for line in result["evidence"])  # lines holding the answer
        assert result["stop_reason"] == "budget_spent"


def test_the_registry_names_every_served_graph() -> None:
    served = json.loads((ROOT / "langgraph.json").read_text())["graphs"]
    assert set(GRAPHS) <= set(served)
    assert graph_entry("promsa").load().name == "promsa"
    with pytest.raises(ConfigError, match="unknown graph 'nope'"):
        graph_entry("nope")


def test_a_setting_of_another_graph_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    questions = write_questions(tmp_path, [question(1)])
    args = [str(questions), "--out", str(tmp_path / "o.jsonl"), "--text-search-budget", "2"]
    assert main(args) == 2
    assert "--text-search-budget: not a setting of the pmsr graph" in capsys.readouterr().err


def test_one_results_file_holds_one_graph(tmp_path: Path) -> None:
    questions = write_questions(tmp_path, [question(1), question(2)])
    out = tmp_path / "out.jsonl"
    run_batch(questions, out, echo_backend(), limit=1, progress=False)
    assert read_out(out)[0]["graph"] == "pmsr"
    agent = Backend(echo_backend().invoke, {}, graph="promsa")
    with pytest.raises(InputError, match="holds results of the pmsr graph, not promsa"):
        run_batch(questions, out, agent, progress=False)
    run_batch(questions, out, echo_backend(), progress=False)  # the same graph resumes
    assert [r["id"] for r in read_out(out)] == ["q1", "q2"]

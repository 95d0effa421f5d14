"""A KB server that dies: `langgraph dev`, the MCP server and the CLIs over a real `chroma run` that is
killed (SIGKILL, like a crash) and restarted on the same port and data.

Every failure is a one-line error naming the KB server and how to start it, it comes back within the
client's timeout (nothing hangs), and the first run after the restart answers again.
"""

from __future__ import annotations

import asyncio
import os
import re
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest
from langgraph_sdk import get_sync_client
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client

from apps.run import main as run_main
from kb.build import build_kb
from kb.build import main as build_main
from tests.graph_kit import QUESTION, write_tiny_world
from tests.server_kit import ChromaServer, langgraph_dev, mcp_http
from tools.images import load_image

pytestmark = pytest.mark.slow

CLIENT_TIMEOUT_S = 120.0  # every call below must come back within this, or the test fails


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimpleNamespace]:
    """The tiny world built into a Chroma server with the embedded embedders; the operator's env."""
    folder = tmp_path_factory.mktemp("faults")
    passages, pairs, image = write_tiny_world(folder / "world")
    with ChromaServer(folder / "chroma") as chroma:
        build_kb(None, [passages], [pairs], chroma_host=chroma.host, chroma_port=chroma.port, progress=False)
        env = {
            "PMSR_CHROMA_HOST": chroma.host,
            "PMSR_CHROMA_PORT": str(chroma.port),
            "PMSR_K_TEXT": "2",
            "PMSR_K_IMAGE": "1",
        }
        yield SimpleNamespace(
            folder=folder, chroma=chroma, env=env, passages=passages, image=load_image(image)
        )


@pytest.fixture
def restarted(world: SimpleNamespace) -> Iterator[ChromaServer]:
    """The world's Chroma server, started again after the test however it ends."""
    yield world.chroma
    world.chroma.kill()
    world.chroma.start()


def assert_names_the_kb_server(message: str, chroma: ChromaServer) -> None:
    assert f"KB server at {chroma.url} is unreachable" in message, message
    assert f"chroma run --path DIR --host {chroma.host} --port {chroma.port}" in message
    assert "\n" not in message.strip()


def test_a_served_run_whose_kb_server_dies_fails_in_one_line_and_the_next_answers(
    world: SimpleNamespace, restarted: ChromaServer
) -> None:
    with langgraph_dev(world.folder, world.env, {}) as url:
        client = get_sync_client(url=url, timeout=CLIENT_TIMEOUT_S)
        inputs = {"question": QUESTION, "image": world.image.data_url}
        thread = client.threads.create()["thread_id"]
        run = client.runs.create(thread, "pmsr", input=inputs, interrupt_before=["search"])
        paused = client.runs.join(thread, run["run_id"])
        assert paused["description"] and not paused.get("answer")  # described from the KB, then paused

        restarted.kill()  # the KB server dies while the run is under way
        ended = client.runs.wait(thread, "pmsr", input=None, raise_error=False)
        assert ended["__error__"]["error"] == "BackendUnavailable"
        assert_names_the_kb_server(ended["__error__"]["message"], restarted)
        refused = client.runs.wait(None, "pmsr", input=inputs, raise_error=False)  # a new run, still down
        assert_names_the_kb_server(refused["__error__"]["message"], restarted)

        restarted.start()
        answered = client.runs.wait(None, "pmsr", input=inputs, raise_error=False)
        assert "__error__" not in answered and answered["answer"].strip()


def test_mcp_tools_whose_kb_server_dies_fail_in_one_line_and_answer_after_the_restart(
    world: SimpleNamespace, restarted: ChromaServer
) -> None:
    env = os.environ | world.env

    async def calls(session: ClientSession) -> list:
        search = await session.call_tool("text_search", {"query": "Zeta River", "k": 2})
        answer = await session.call_tool(
            "answer", {"question": QUESTION, "image": world.image.base64, "settings": {"single_pass": True}}
        )
        return [search, answer]

    async def main(url: str) -> None:
        async with streamable_http_client(url) as (read, write, _), ClientSession(read, write) as session:
            await session.initialize()
            restarted.kill()
            for result in await asyncio.wait_for(calls(session), CLIENT_TIMEOUT_S):
                assert result.isError
                assert_names_the_kb_server(result.content[0].text, restarted)
            restarted.start()
            search, answer = await asyncio.wait_for(calls(session), CLIENT_TIMEOUT_S)
            assert not search.isError and search.structuredContent["result"][0]["id"].startswith("p-")
            assert not answer.isError and answer.structuredContent["answer"]

    with mcp_http(world.folder, env) as url:
        asyncio.run(main(url))


def test_the_clis_stop_at_once_with_one_line_when_the_kb_server_is_down(
    world: SimpleNamespace, restarted: ChromaServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    restarted.kill()
    where = ["--chroma-host", restarted.host, "--chroma-port", str(restarted.port)]
    assert build_main([*where, "--text", str(world.passages), "--quiet"]) == 2
    assert_names_the_kb_server(re.sub(r"^error: ", "", capsys.readouterr().err), restarted)

    questions = tmp_path / "q.jsonl"
    questions.write_text('{"id": "q1", "question": "Where?", "image_path": "none.png"}\n')
    assert run_main([str(questions), "--out", str(tmp_path / "o.jsonl"), *where, "--no-progress"]) == 2
    assert_names_the_kb_server(capsys.readouterr().err, restarted)
    assert not (tmp_path / "o.jsonl").exists()  # stopped before any item

"""`langgraph dev` serves the PMSR graphs and the ProMSA agent: runs through `langgraph_sdk` and
`RemoteGraph`, offline.

The server is a real `langgraph dev` process on a free 127.0.0.1 port, configured through the
environment (`PMSR_KB_DIR` and a small budget) with the embedded models and extractive operators,
over a tiny KB built with `kb.build.build_kb` first.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import httpx
import pytest
from langgraph.pregel.remote import RemoteGraph
from langgraph_sdk import get_sync_client

from kb.build import build_kb
from tests.conftest import free_port
from tests.graph_kit import QUESTION, write_tiny_world
from tools.images import load_image

ROOT = Path(__file__).resolve().parent.parent
STARTUP_S = 180.0
NODES = {"describe", "formulate", "search", "record", "answer"}

pytestmark = pytest.mark.slow


def wait_until_up(url: str, process: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + STARTUP_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"langgraph dev exited with {process.returncode}:\n{log.read_text()[-3000:]}")
        try:
            if httpx.get(f"{url}/ok", timeout=2.0).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.5)
    pytest.fail(f"langgraph dev did not answer {url}/ok within {STARTUP_S:.0f} s:\n{log.read_text()[-3000:]}")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimpleNamespace]:
    folder = tmp_path_factory.mktemp("server")
    passages, pairs, image = write_tiny_world(folder)
    kb_dir = folder / "kb"
    build_kb(str(kb_dir), [passages], [pairs], progress=False)  # the embedded embedders
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    env = os.environ | {"PMSR_KB_DIR": str(kb_dir), "PMSR_K_TEXT": "2", "PMSR_K_IMAGE": "1"}
    log = folder / "server.log"
    command = [
        str(Path(sys.executable).with_name("langgraph")),
        "dev",
        "--port",
        str(port),
        "--no-browser",
        "--no-reload",
        "--config",
        str(ROOT / "langgraph.json"),
    ]
    with log.open("w") as sink:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=sink, stderr=subprocess.STDOUT)
    try:
        wait_until_up(url, process, log)
        yield SimpleNamespace(url=url, image=str(image), log=log)
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def stream_run(
    server: SimpleNamespace, inputs: dict, context: dict | None = None, assistant: str = "pmsr"
) -> SimpleNamespace:
    client = get_sync_client(url=server.url)
    thread = client.threads.create()
    chunks = list(
        client.runs.stream(
            thread["thread_id"],
            assistant,
            input=inputs,
            stream_mode=["custom", "updates", "values"],
            context=context,
        )
    )
    values = [c.data for c in chunks if c.event == "values"]
    return SimpleNamespace(
        custom=[c.data for c in chunks if c.event == "custom"],
        updates=[c.data for c in chunks if c.event == "updates"],
        errors=[c.data for c in chunks if c.event == "error"],
        final=values[-1] if values else {},
    )


def test_sdk_streams_node_events_and_the_answer(server: SimpleNamespace) -> None:
    image = load_image(server.image).data_url  # a remote client sends the image itself
    run = stream_run(server, {"question": QUESTION, "image": image})
    assert run.errors == []
    assert {e["node"] for e in run.custom} == NODES
    assert {node for update in run.updates for node in update} >= NODES
    assert run.final["answer"].strip()
    assert run.final["stop_reason"] in {"saturated", "max_iter"}
    steps = [it["step"] for it in run.final["trajectory"]]
    assert steps[0] == 0 and len(steps) >= 2
    first_search = next(e for e in run.custom if e["node"] == "search")
    assert first_search["step"] == 0 and first_search["message"].endswith("candidates")


def test_sdk_context_override_switches_to_single_pass(server: SimpleNamespace) -> None:
    run = stream_run(server, {"question": QUESTION, "image": server.image}, context={"single_pass": True})
    assert run.errors == []
    assert run.final["stop_reason"] == "single_pass"
    assert [it["step"] for it in run.final["trajectory"]] == [0]
    assert not any(e["node"] == "formulate" and e["step"] > 0 for e in run.custom)


def test_remote_graph_with_and_without_context(server: SimpleNamespace) -> None:
    remote = RemoteGraph("pmsr", url=server.url)
    inputs = {"question": QUESTION, "image": server.image}
    default = remote.invoke(inputs)
    assert default["answer"].strip() and default["trajectory"][0]["step"] == 0
    fixed = remote.invoke(inputs, context={"adaptive_stop": False, "max_iter": 1, "k_text": 1})
    assert fixed["stop_reason"] == "max_iter"
    assert [it["step"] for it in fixed["trajectory"]] == [0, 1]
    assert sum(c["source"] == "text" for c in fixed["trajectory"][0]["candidates"]) == 1


def test_a_bad_image_is_reported_as_a_run_error(server: SimpleNamespace) -> None:
    run = stream_run(server, {"question": QUESTION, "image": "/no/such/picture.jpg"})
    # PMSRError derives from ValueError, so the API server passes the one-line message on too.
    assert [e["error"] for e in run.errors] == ["ImageError"]
    assert "image not found: /no/such/picture.jpg" in run.errors[0]["message"]
    assert not any(e["node"] == "search" for e in run.custom), "nothing is searched for a bad input"


def test_the_web_variant_is_served_as_its_own_assistant(server: SimpleNamespace) -> None:
    client = get_sync_client(url=server.url)
    assistants = {a["graph_id"]: a["assistant_id"] for a in client.assistants.search()}
    assert set(assistants) == {"pmsr", "pmsr_web", "promsa"}
    schemas = client.assistants.get_schemas(assistants["pmsr_web"])
    assert {"web", "lens_provider", "k_text"} <= set(schemas["context_schema"]["properties"])
    assert set(schemas["input_schema"]["properties"]) == {"question", "image"}


def test_the_promsa_agent_is_served_and_streams_its_rounds(server: SimpleNamespace) -> None:
    image = load_image(server.image).data_url
    run = stream_run(server, {"question": QUESTION, "image": image}, {"text_search_budget": 1}, "promsa")
    assert run.errors == []
    assert {e["node"] for e in run.custom} == {"prepare", "policy", "image_search", "text_search", "answer"}
    rounds = run.final["trajectory"]
    assert [r["action"] for r in rounds] == ["image_search", "text_search", "stop"]  # 1 text search allowed
    assert rounds[0]["candidates"][0]["title"] == "Lake Alpha"
    assert run.final["answer"].strip() and run.final["evidence"]
    assert run.final["stop_reason"] in {"answered", "budget_spent"} and run.final["malformed"] == 0
    assert set(run.final) == {"answer", "evidence", "trajectory", "stop_reason", "errors", "malformed"}
    client = get_sync_client(url=server.url)
    promsa = next(a for a in client.assistants.search() if a["graph_id"] == "promsa")
    schema = client.assistants.get_schemas(promsa["assistant_id"])["context_schema"]["properties"]
    assert {"text_search_budget", "image_search_budget", "text_search_k", "action_protocol"} <= set(schema)

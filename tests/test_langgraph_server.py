"""`langgraph dev` serves the PMSR graphs, the ProMSA agent and the MC-Search pipeline: runs through
`langgraph_sdk` and `RemoteGraph`, offline.

The server is a real `langgraph dev` process on a free 127.0.0.1 port (the session's
`langgraph_server` fixture, tests/conftest.py), configured through the environment with the
embedded models and extractive operators over a tiny KB built with `kb.build.build_kb` first.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from langgraph.pregel.remote import RemoteGraph
from langgraph_sdk import get_sync_client

from tests.graph_kit import QUESTION
from tools.images import load_image

NODES = {"describe", "formulate", "search", "record", "answer"}
# What a served agent run returns: no working field of its state leaks into the output.
AGENT_OUTPUT_KEYS = {"answer", "confidence", "evidence", "trajectory", "stop_reason", "errors", "malformed"}

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server(langgraph_server: SimpleNamespace) -> SimpleNamespace:
    return langgraph_server


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
    missing = server.allowed / "no-such-picture.jpg"
    run = stream_run(server, {"question": QUESTION, "image": str(missing)})
    # PMSRError derives from ValueError, so the API server passes the one-line message on too.
    assert [e["error"] for e in run.errors] == ["ImageError"]
    assert f"image not found: {missing}" in run.errors[0]["message"]
    assert not any(e["node"] == "search" for e in run.custom), "nothing is searched for a bad input"


def test_the_web_variant_is_served_as_its_own_assistant(server: SimpleNamespace) -> None:
    client = get_sync_client(url=server.url)
    assistants = {a["graph_id"]: a["assistant_id"] for a in client.assistants.search()}
    assert set(assistants) == {"pmsr", "pmsr_web", "promsa", "mcsearch", "rag1", "rag2"}
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
    assert set(run.final) == AGENT_OUTPUT_KEYS
    client = get_sync_client(url=server.url)
    promsa = next(a for a in client.assistants.search() if a["graph_id"] == "promsa")
    schema = client.assistants.get_schemas(promsa["assistant_id"])["context_schema"]["properties"]
    assert {"text_search_budget", "image_search_budget", "text_search_k", "action_protocol"} <= set(schema)


def test_the_mcsearch_pipeline_is_served_and_records_its_chain(server: SimpleNamespace) -> None:
    image = load_image(server.image).data_url
    run = stream_run(server, {"question": QUESTION, "images": [image]}, {"max_iter": 3}, "mcsearch")
    assert run.errors == []
    assert {e["node"] for e in run.custom} == {"prepare", "plan", "retrieve", "reason", "finish"}
    steps = run.final["trajectory"]
    assert 1 <= len(steps) <= 3 and [s["step"] for s in steps] == list(range(1, len(steps) + 1))
    first = steps[0]  # the embedded stand-in starts from the image: the red lake's pair, top-1
    assert (first["modality"], first["image_index"], first["evidence_id"]) == ("image", 1, "i-lake")
    assert all(len(s["candidates"]) == 1 and s["evidence_id"] == s["candidates"][0]["id"] for s in steps)
    assert all(s["modality"] == "text" and s["sub_question"] for s in steps[1:])
    assert run.final["answer"].strip() and run.final["stop_reason"] in {"answered", "max_iter"}
    assert set(run.final) == AGENT_OUTPUT_KEYS
    text_only = stream_run(
        server, {"question": "Where does the Zeta River end?"}, {"max_iter": 1}, "mcsearch"
    )
    (step,) = text_only.final["trajectory"]
    assert step["modality"] == "text" and step["candidates"][0]["title"] == "Zeta River"
    client = get_sync_client(url=server.url)
    mcsearch = next(a for a in client.assistants.search() if a["graph_id"] == "mcsearch")
    schemas = client.assistants.get_schemas(mcsearch["assistant_id"])
    assert {"max_iter", "top_k", "retrieval", "gold_evidence"} <= set(schemas["context_schema"]["properties"])
    assert "kb_dir" not in schemas["context_schema"]["properties"]
    assert {"question", "image", "images", "gold_chain"} == set(schemas["input_schema"]["properties"])

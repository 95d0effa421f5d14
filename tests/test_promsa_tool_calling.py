"""The agent's native tool-calling protocol end to end against the local Ollama- and OpenAI-protocol
servers: the tool schemas the client sends, real tool-call JSON in the replies, the calls parsed into
rounds, a spent search dropped from the tools, and a bad tool call repaired."""

from __future__ import annotations

import json
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest

from core.context import PromsaContext
from graphs.promsa import graph
from tests.fake_servers import FakeModelServer, ToolReply
from tests.graph_kit import QUESTION, TEST_IMAGE_EMBEDDER, TEST_TEXT_EMBEDDER, build_tiny_kb

CHAT_PATHS = {"ollama": "/api/chat", "openai": "/v1/chat/completions"}


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> SimpleNamespace:
    return build_tiny_kb(tmp_path_factory.mktemp("tool_calling"))


@pytest.fixture(params=["ollama", "openai"])
def dialect(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[SimpleNamespace]:
    replies: list[str | ToolReply] = []
    with FakeModelServer(replies=replies, models={"agent"}) as server:
        if request.param == "ollama":
            monkeypatch.setenv("OLLAMA_HOST", server.url)
        else:
            monkeypatch.setenv("OPENAI_BASE_URL", server.url + "/v1")
        yield SimpleNamespace(name=request.param, server=server, replies=replies)


def call(name: str, **arguments: Any) -> ToolReply:
    return {"content": f"I need {name}.", "tool_calls": [{"name": name, "arguments": arguments}]}


def run_agent(world: SimpleNamespace, dialect: SimpleNamespace, **overrides: Any) -> dict[str, Any]:
    settings: dict[str, Any] = {
        "model": f"{dialect.name}:agent",
        "text_embedder": TEST_TEXT_EMBEDDER,
        "image_embedder": TEST_IMAGE_EMBEDDER,
        "kb_dir": world.kb_dir,
        "image_search_k": 1,
        "text_search_k": 1,
        "max_retries": 0,
    }
    return graph.invoke(
        {"question": QUESTION, "image": world.image}, context=PromsaContext(**(settings | overrides))
    )


def chat_bodies(dialect: SimpleNamespace) -> list[dict[str, Any]]:
    return [r.body for r in dialect.server.requests if r.path == CHAT_PATHS[dialect.name]]


def tool_names(body: dict[str, Any]) -> list[str] | None:
    return [tool["function"]["name"] for tool in body["tools"]] if body.get("tools") else None


def test_tool_calls_round_trip_and_a_spent_search_leaves_the_tools(
    world: SimpleNamespace, dialect: SimpleNamespace
) -> None:
    dialect.replies.extend(
        [
            call("image_search"),
            call("image_search"),
            call("text_search", query="Zeta River country"),
            {"content": "The Zeta River flows through Syldavia.\n<answer>Syldavia</answer>"},
        ]
    )
    out = run_agent(world, dialect, image_search_budget=2, text_search_budget=1)
    bodies = chat_bodies(dialect)
    # The schemas sent: text_search takes one required string `query`; image_search takes nothing.
    tools = {tool["function"]["name"]: tool for tool in bodies[0]["tools"]}
    text_params = tools["text_search"]["function"]["parameters"]
    assert text_params["required"] == ["query"] and text_params["properties"]["query"]["type"] == "string"
    assert tools["image_search"]["function"]["parameters"]["properties"] == {}
    assert "Reverse image search" in tools["image_search"]["function"]["description"]
    # Budgets: both searches, both, then only text (image spent), then none (text spent).
    assert [tool_names(b) for b in bodies] == [
        ["text_search", "image_search"],
        ["text_search", "image_search"],
        ["text_search"],
        None,
    ]
    # The calls parsed into rounds, and each later request carries the earlier calls and their results.
    rounds = out["trajectory"]
    assert [(r["action"], r["query"]) for r in rounds] == [
        ("image_search", ""),
        ("image_search", ""),
        ("text_search", "Zeta River country"),
        ("stop", ""),
    ]
    assert rounds[0]["thought"] == "I need image_search." and rounds[-1]["thought"] == (
        "The Zeta River flows through Syldavia."
    )
    assert out["answer"] == "Syldavia" and out["stop_reason"] == "budget_spent" and out["malformed"] == 0
    last = bodies[3]["messages"]
    assert [m["role"] for m in last] == [
        "system",
        "user",
        "assistant",
        "tool",
        "assistant",
        "tool",
        "assistant",
        "tool",
    ]
    sent_calls = [m["tool_calls"][0] for m in last if m["role"] == "assistant"]
    names = [c["function"]["name"] for c in sent_calls]
    arguments = [c["function"]["arguments"] for c in sent_calls]
    if dialect.name == "openai":  # JSON strings with ids that the tool messages answer
        arguments = [json.loads(a) for a in arguments]
        assert [m["tool_call_id"] for m in last if m["role"] == "tool"] == [c["id"] for c in sent_calls]
    assert names == ["image_search", "image_search", "text_search"]
    assert arguments == [{}, {}, {"query": "Zeta River country"}]
    if dialect.name == "ollama":  # the image reached the model, once, with the question
        assert [bool(m.get("images")) for m in last] == [False, True] + [False] * 6
    else:
        assert last[1]["content"][0]["image_url"]["url"].startswith("data:image/png;base64,")
    tool_results = [m["content"] for m in last if m["role"] == "tool"]
    assert tool_results[0].startswith("[i-lake] Lake Alpha:")
    assert "image_search 0, text_search 0" in tool_results[2] and "only stop" in tool_results[2]


def test_a_call_of_a_spent_tool_is_repaired_then_the_run_falls_back(
    world: SimpleNamespace, dialect: SimpleNamespace
) -> None:
    dialect.replies.extend(
        [call("image_search"), call("image_search"), call("fused_search", query="x"), "Syldavia"]
    )
    out = run_agent(world, dialect, image_search_budget=1, text_search_budget=0)
    bodies = chat_bodies(dialect)
    assert [tool_names(b) for b in bodies[:3]] == [["image_search"], None, None]
    repair = bodies[2]["messages"][-1]["content"]
    assert "image_search is not available any more: its budget is spent" in repair
    assert [r["action"] for r in out["trajectory"]] == ["image_search", "stop"]
    assert out["stop_reason"] == "fallback" and out["malformed"] == 2
    assert "there is no tool 'fused_search'" in out["errors"][1]
    assert out["answer"] == "Syldavia"  # the fallback reader's answer prompt (the 4th request)
    assert "Answer:" in str(bodies[3]["messages"][-1]["content"])

"""The ProMSA agent graph on a real Chroma KB (the tiny world): budgets, exclusion, the tagged-text
protocol with its repair and fallback, the embedded stand-in policy, stream events, and its context.

The tiny world (tests/graph_kit.py): the red query image matches the pair "Lake Alpha", whose passage
names its outflow, the Zeta River, whose passage names the country it flows through (Syldavia).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langgraph.checkpoint.memory import InMemorySaver
from pydantic import Field

from core.context import Context, PromsaContext
from core.errors import ConfigError, InputError
from graphs.promsa import build_graph, graph
from nodes.common import context_of, message_text
from nodes.promsa.protocol import parse_action
from tests.graph_kit import PAIRS, PASSAGES, QUESTION, TEST_IMAGE_EMBEDDER, TEST_TEXT_EMBEDDER, build_tiny_kb
from tools.models import register_chat_model

TEST_AGENT_MODEL = "test-agent-script"
TEXT_QUESTION = "Which country does the Zeta River flow through?"  # names its subject: no image needed
IMAGE_CALL = (
    "<think>I do not know this lake.</think>\n"
    '<tool_call>{"name": "image_search", "arguments": {}}</tool_call>'
)


def text_call(query: str) -> str:
    payload = json.dumps({"name": "text_search", "arguments": {"query": query}})
    return f"<think>Look it up.</think>\n<tool_call>{payload}</tool_call>"


class AgentScript(BaseChatModel):
    """A chat model without tool calling (so the agent uses the tagged protocol) that records every
    conversation it is sent and replies with `script(messages, number of the call)`."""

    script: Callable[[list[BaseMessage], int], str]
    calls: list[list[BaseMessage]] = Field(default_factory=list)

    @property
    def _llm_type(self) -> str:
        return "agent-script"

    def _generate(
        self, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None, **_: Any
    ) -> ChatResult:
        self.calls.append(list(messages))
        reply = self.script(messages, len(self.calls))
        return ChatResult(generations=[ChatGeneration(message=AIMessage(content=reply))])


def last_text(messages: list[BaseMessage]) -> str:
    return message_text(messages[-1].content)


def answers_prompt(messages: list[BaseMessage]) -> bool:
    """The reader's `answer` prompt (fallback), not a policy turn."""
    return len(messages) == 1 and last_text(messages).rstrip().endswith("Answer:")


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> SimpleNamespace:
    return build_tiny_kb(tmp_path_factory.mktemp("agent"))


def agent(
    world: SimpleNamespace,
    script: Callable[[list[BaseMessage], int], str],
    question: str = QUESTION,
    with_image: bool = True,
    **overrides: Any,
) -> SimpleNamespace:
    """Run the agent with a scripted model; returns the output, the model, and the custom events."""
    model = AgentScript(script=script)
    register_chat_model(TEST_AGENT_MODEL, model)
    settings: dict[str, Any] = {
        "model": TEST_AGENT_MODEL,
        "text_embedder": TEST_TEXT_EMBEDDER,
        "image_embedder": TEST_IMAGE_EMBEDDER,
        "kb_dir": world.kb_dir,
        "image_search_k": 1,
        "text_search_k": 1,
    }
    events, output = [], {}
    inputs = {"question": question, **({"image": world.image} if with_image else {})}
    context = PromsaContext(**(settings | overrides))
    for mode, chunk in graph.stream(inputs, context=context, stream_mode=["custom", "values"]):
        if mode == "custom":
            events.append(chunk)
        else:
            output = chunk
    return SimpleNamespace(out=output, model=model, events=events)


def actions(out: dict[str, Any]) -> list[str]:
    return [r["action"] for r in out["trajectory"]]


# --- budgets ----------------------------------------------------------------------------------------


def test_a_model_that_always_asks_for_image_search_gets_exactly_the_image_budget(
    world: SimpleNamespace,
) -> None:
    def script(messages: list[BaseMessage], n: int) -> str:
        return "Lake Alpha" if answers_prompt(messages) else IMAGE_CALL

    run = agent(world, script, image_search_budget=3, text_search_budget=4)
    assert actions(run.out) == ["image_search"] * 3 + ["stop"]
    # Rounds 1–3 were offered both searches; round 4 (and its repair) only text search and stop.
    statuses = [last_text(call) for call in run.model.calls[:-1]]
    assert all("You may now: image_search, text_search or stop" in s for s in statuses[:3])
    assert "image_search 0, text_search 4" in statuses[3]
    assert "You may now: text_search or stop" in statuses[3]
    assert "image_search is not available any more: its budget is spent" in statuses[4]  # the repair prompt
    assert run.out["stop_reason"] == "fallback" and run.out["malformed"] == 2
    assert len(run.out["errors"]) == 2 and "asked again" in run.out["errors"][0]
    assert "answered from the evidence gathered instead" in run.out["errors"][1]
    assert run.out["answer"] == "Lake Alpha" and answers_prompt(run.model.calls[-1])
    image_ids = [c["id"] for r in run.out["trajectory"][:3] for c in r["candidates"]]
    assert sorted(image_ids) == sorted(p[0] for p in PAIRS)  # three image searches, three different pairs


def test_with_every_budget_spent_the_agent_must_answer(world: SimpleNamespace) -> None:
    replies = {
        1: IMAGE_CALL,
        2: text_call("Zeta River country"),
        3: "<think>It crosses Syldavia.</think><answer>Syldavia</answer>",
    }
    run = agent(world, lambda messages, n: replies[n], image_search_budget=1, text_search_budget=1)
    assert actions(run.out) == ["image_search", "text_search", "stop"]
    final_status = last_text(run.model.calls[2])
    assert "image_search 0, text_search 0" in final_status and "only stop" in final_status
    assert run.out["answer"] == "Syldavia" and run.out["stop_reason"] == "budget_spent"
    assert run.out["errors"] == [] and run.out["malformed"] == 0
    assert run.out["trajectory"][1]["query"] == "Zeta River country"
    assert run.out["trajectory"][2]["thought"] == "It crosses Syldavia."
    assert [e["id"] for e in run.out["evidence"]] == ["p-river"]  # the line that contains the answer


def test_a_zero_budget_removes_the_search_from_the_prompt(world: SimpleNamespace) -> None:
    run = agent(world, lambda messages, n: "<answer>Syldavia</answer>", image_search_budget=0)
    system = message_text(run.model.calls[0][0].content)
    assert "- text_search(query: string" in system and "- image_search(" not in system
    assert "You may now: text_search or stop" in last_text(run.model.calls[0])
    assert run.out["stop_reason"] == "answered"


# --- exclusion on the real KB ------------------------------------------------------------------------


def test_repeated_searches_never_return_an_id_twice_and_still_return_k_new_ones(
    world: SimpleNamespace,
) -> None:
    script = {n: IMAGE_CALL for n in (1, 2, 3)} | {n: text_call("river lake country") for n in (4, 5, 6, 7)}
    script[8] = "<answer>Syldavia</answer>"
    run = agent(world, lambda messages, n: script[n], image_search_k=1, text_search_k=2)
    rounds = run.out["trajectory"]
    assert actions(run.out) == ["image_search"] * 3 + ["text_search"] * 4 + ["stop"]
    assert [len(r["candidates"]) for r in rounds[:-1]] == [1, 1, 1, 2, 2, 2, 0]  # 6 passages: 3 full calls
    ids = [c["id"] for r in rounds for c in r["candidates"]]
    assert len(ids) == len(set(ids)) == len(PAIRS) + len(PASSAGES)
    assert "No new results." in message_text(run.model.calls[7][-1].content)  # what the model saw


# --- the tagged-text protocol -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("reply", "problem"),
    [
        ("I think it is a lake.", "neither a tool call nor a non-empty <answer>"),
        ("<tool_call>{'name': 'image_search'}</tool_call>", "is not valid JSON"),
        ('<tool_call>{"name": "web_search", "arguments": {}}</tool_call>', "there is no tool 'web_search'"),
        (
            '<tool_call>{"name": "text_search", "arguments": {"query": "  "}}</tool_call>',
            'needs a non-empty "query"',
        ),
        ('<tool_call>["image_search"]</tool_call>', "must be a JSON object"),
        ("<answer>  </answer>", "neither a tool call nor a non-empty <answer>"),
    ],
)
def test_malformed_tagged_replies_are_described(reply: str, problem: str) -> None:
    parsed = parse_action(AIMessage(content=reply), ["image_search", "text_search", "stop"], "tagged")
    assert isinstance(parsed, str) and problem in parsed


def test_tagged_replies_are_parsed() -> None:
    offered = ["image_search", "text_search", "stop"]
    call = parse_action(AIMessage(content=text_call("Zeta River  country")), offered, "tagged")
    assert call == {"action": "text_search", "query": "Zeta River country", "thought": "Look it up.",
                    "answer": "", "stop_reason": ""}  # fmt: skip
    stringly = '<tool_call>{"name": "text_search", "arguments": "{\\"query\\": \\"x\\"}"}</tool_call>'
    assert parse_action(AIMessage(content=stringly), offered, "tagged")["query"] == "x"
    answer_first = "<think>Enough.</think><answer>Syldavia</answer> <tool_call>{}</tool_call>"
    stop = parse_action(AIMessage(content=answer_first), offered, "tagged")
    assert stop["action"] == "stop" and stop["answer"] == "Syldavia" and stop["thought"] == "Enough."


def test_one_malformed_reply_gets_a_repair_prompt_then_the_run_goes_on(world: SimpleNamespace) -> None:
    replies = {1: "Let me think about this lake.", 2: IMAGE_CALL, 3: "<answer>Syldavia</answer>"}
    run = agent(world, lambda messages, n: replies[n])
    assert actions(run.out) == ["image_search", "stop"]
    repair = last_text(run.model.calls[1])
    assert "could not be used: neither a tool call nor a non-empty <answer>" in repair
    assert "Let me think about this lake." in repair  # the bad reply is quoted back
    assert run.out["malformed"] == 1 and run.out["stop_reason"] == "answered"
    assert run.out["errors"] == [
        "round 1: malformed action: neither a tool call nor a non-empty <answer>…</answer> "
        "(your reply: 'Let me think about this lake.'); asked again"
    ]
    # The repaired round's conversation is the plain one: the repair prompt is not kept in the history.
    assert len(run.model.calls[2]) == 4  # system, question, the image search, its results


def test_a_model_that_never_follows_the_protocol_cannot_crash_the_run(world: SimpleNamespace) -> None:
    run = agent(world, lambda messages, n: "Syldavia?" if answers_prompt(messages) else "🙂")
    assert actions(run.out) == ["stop"] and run.out["stop_reason"] == "fallback"
    assert run.out["answer"] == "" and run.out["malformed"] == 2  # nothing was searched, nothing to read
    assert len(run.model.calls) == 2


# --- the embedded stand-in policy ------------------------------------------------------------------------


def test_embedded_policy_identifies_then_follows_the_bridge_then_stops(world: SimpleNamespace) -> None:
    run = agent(world, lambda messages, n: pytest.fail("the embedded policy must not call the model"),
                operators="extractive", text_search_k=2)  # fmt: skip
    rounds = run.out["trajectory"]
    assert actions(run.out)[:2] == ["image_search", "text_search"] and actions(run.out)[-1] == "stop"
    assert rounds[0]["candidates"][0]["title"] == "Lake Alpha"
    assert rounds[1]["query"] == "Lake Alpha country river flowing out cross"
    assert rounds[2]["action"] == "text_search" and rounds[2]["query"].startswith("Zeta River")
    assert run.out["stop_reason"] in {"answered", "budget_spent"} and run.out["malformed"] == 0
    assert run.out["answer"] == "Syldavia"
    assert any(e["id"] == "p-river" and "Syldavia" in e["text"] for e in run.out["evidence"])
    assert sum(r["action"] == "image_search" for r in rounds) == 1  # never a second image search


# --- events, threads, inputs, context ------------------------------------------------------------------


def test_every_node_streams_progress_events(world: SimpleNamespace) -> None:
    replies = {1: IMAGE_CALL, 2: text_call("Zeta River"), 3: "<answer>Syldavia</answer>"}
    run = agent(world, lambda messages, n: replies[n])
    seen = [(e["node"], e["step"]) for e in run.events]
    assert seen == [("prepare", 0), ("policy", 1), ("image_search", 1), ("policy", 2), ("text_search", 2),
                    ("policy", 3), ("answer", 3)]  # fmt: skip
    assert run.events[2]["message"] == "1 new results: Lake Alpha"
    stop = run.out["trajectory"][-1]
    assert stop["seconds"] >= stop["model_seconds"] >= 0.0 and run.out["trajectory"][0]["seconds"] > 0.0


def test_a_second_run_on_the_same_thread_starts_clean(world: SimpleNamespace) -> None:
    register_chat_model(
        TEST_AGENT_MODEL,
        AgentScript(script=lambda messages, n: IMAGE_CALL if n % 2 else "<answer>x</answer>"),
    )
    app = build_graph(InMemorySaver())
    config = {"configurable": {"thread_id": "t"}}
    context = PromsaContext(
        model=TEST_AGENT_MODEL,
        text_embedder=TEST_TEXT_EMBEDDER,
        image_embedder=TEST_IMAGE_EMBEDDER,
        kb_dir=world.kb_dir,
    )
    for _ in range(2):
        out = app.invoke({"question": QUESTION, "image": world.image}, config, context=context)
        assert actions(out) == ["image_search", "stop"] and out["errors"] == [] and out["malformed"] == 0


def test_an_empty_question_is_refused_before_any_search(world: SimpleNamespace) -> None:
    context = PromsaContext(
        kb_dir=world.kb_dir, text_embedder=TEST_TEXT_EMBEDDER, image_embedder=TEST_IMAGE_EMBEDDER
    )
    events = []
    with pytest.raises(InputError, match="empty question"):
        for chunk in graph.stream(
            {"question": " ", "image": world.image}, context=context, stream_mode="custom"
        ):
            events.append(chunk)
    assert events == []


def test_context_fields_have_env_fallbacks_and_are_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PMSR_TEXT_SEARCH_BUDGET", "2")
    monkeypatch.setenv("PMSR_ACTION_PROTOCOL", "tagged")
    context = PromsaContext()
    assert (context.text_search_budget, context.image_search_budget, context.action_protocol) == (
        2,
        3,
        "tagged",
    )
    assert (context.text_search_k, context.image_search_k) == (3, 3)
    with pytest.raises(ConfigError, match="max_tool_calls=16"):
        PromsaContext(text_search_budget=20)
    with pytest.raises(ConfigError, match="image_search_k=0"):
        PromsaContext(image_search_k=0)
    with pytest.raises(ConfigError, match="local KBs only"):
        PromsaContext(web=True)
    monkeypatch.setenv("PMSR_WEB", "1")  # meant for PMSR: the agent ignores it
    assert PromsaContext().web is False


def test_a_plain_pmsr_context_keeps_its_models_and_kb() -> None:
    runtime = SimpleNamespace(context=Context(kb_dir="/somewhere", model="ollama:m", k_text=7, web=True))
    context = context_of(runtime, PromsaContext)
    assert (
        isinstance(context, PromsaContext) and context.kb_dir == "/somewhere" and context.model == "ollama:m"
    )
    assert context.text_search_budget == 4
    assert isinstance(context_of(None, PromsaContext), PromsaContext)


def test_native_protocol_is_refused_for_a_model_without_tool_calling(world: SimpleNamespace) -> None:
    with pytest.raises(ConfigError, match="no native tool calling"):
        agent(world, lambda messages, n: IMAGE_CALL, action_protocol="native")


def test_the_policy_sees_the_question_and_the_image_once(world: SimpleNamespace) -> None:
    run = agent(world, lambda messages, n: "<answer>Syldavia</answer>")
    [conversation] = run.model.calls
    question = conversation[1]
    assert isinstance(question, HumanMessage)
    parts = question.content
    assert parts[0]["type"] == "image_url" and parts[0]["image_url"]["url"].startswith(
        "data:image/png;base64,"
    )
    assert f"Question: {QUESTION}" in parts[1]["text"]
    assert sum(isinstance(p, dict) and p.get("type") == "image_url" for m in conversation for p in
               (m.content if isinstance(m.content, list) else [])) == 1  # fmt: skip


# --- a text-only question -------------------------------------------------------------------------------


def test_a_text_only_question_offers_no_image_search_and_sends_no_image(world: SimpleNamespace) -> None:
    replies = {1: text_call("Zeta River country"), 2: "<answer>Syldavia</answer>"}
    run = agent(world, lambda messages, n: replies[n], question=TEXT_QUESTION, with_image=False)
    assert actions(run.out) == ["text_search", "stop"] and run.out["answer"] == "Syldavia"
    first = run.model.calls[0]
    parts = [p for m in first for p in (m.content if isinstance(m.content, list) else [])]
    assert not any(isinstance(p, dict) and p.get("type") == "image_url" for p in parts)
    status = message_text(first[-1].content)  # a search it cannot make is not offered
    assert "image_search 0" in status and "You may now: text_search or stop" in status


def test_the_embedded_policy_looks_a_text_only_question_up_by_its_words(world: SimpleNamespace) -> None:
    never = lambda messages, n: pytest.fail("the embedded policy must not call the model")  # noqa: E731
    run = agent(world, never, TEXT_QUESTION, with_image=False, operators="extractive", text_search_k=2)
    assert "image_search" not in actions(run.out) and actions(run.out)[0] == "text_search"
    assert run.out["answer"] == "Syldavia"

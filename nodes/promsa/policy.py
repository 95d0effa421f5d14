"""Policy: one action per round — image search, text search with a query it writes, or stop with the answer.

The policy sees the image, the question, every search's results and the searches left. A search
whose budget is spent is not offered (not bound as a tool, not listed); with nothing left it must
answer. A model's reply that breaks the action protocol (no action, unreadable JSON, an unknown or
spent tool, an empty query) gets one repair prompt; a second bad reply ends the run with the safe
fallback — the answer is read from the evidence gathered so far (the repair loop the MC-Search
planner shares: `nodes.agent_protocol`). Both are recorded in `errors` and
counted in `malformed`; nothing a model writes can crash the run. In the embedded profile the
deterministic stand-in of `nodes.promsa.embedded` decides instead.
"""

from __future__ import annotations

import time
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.runnables import Runnable
from langgraph.runtime import Runtime

from core.context import PromsaContext
from core.errors import PMSRError
from core.promsa_state import Action, AgentState, Decision, Round
from nodes.agent_protocol import ask_with_repair, excerpt
from nodes.common import chat_model, context_of, emit, question_image
from nodes.promsa.common import for_question, offered
from nodes.promsa.embedded import embedded_decision
from nodes.promsa.protocol import (
    Protocol,
    agent_tools,
    conversation,
    parse_action,
    repair_message,
    reply_text,
    resolve_protocol,
)


def policy(state: AgentState, runtime: Runtime[PromsaContext]) -> dict[str, Any]:
    context = for_question(context_of(runtime, PromsaContext), state.get("image"))
    started = time.time()
    rounds = state.get("trajectory") or []
    actions = offered(rounds, context)
    question = state["question"].strip()
    if context.generative:
        decision, seconds, errors = model_decision(question, state.get("image"), rounds, actions, context)
    else:
        decision, seconds = embedded_decision(question, state.get("image"), rounds, actions, context)
        errors = []
    if decision["stop_reason"] == "answered" and actions == ["stop"]:
        decision = {**decision, "stop_reason": "budget_spent"}
    emit(runtime, "policy", len(rounds) + 1, describe(decision))
    return {
        "decision": decision,
        "round_started": started,
        "round_model_seconds": seconds,
        "errors": errors,
        "malformed": len(errors),
    }


def model_decision(
    question: str, image: str | None, rounds: list[Round], actions: list[Action], context: PromsaContext
) -> tuple[Decision, float, list[str]]:
    """Ask the model for its action (one repair on a malformed reply); returns it, model seconds, errors."""
    model = chat_model(context)
    protocol = resolve_protocol(context, model)
    loaded = question_image(image)
    image_part = {"type": "image_url", "image_url": {"url": loaded.data_url}} if loaded else None
    messages = conversation(context, protocol, question, image_part, rounds)
    runnable = _with_tools(model, protocol, context, actions)

    def read(asked: tuple[AIMessage | None, str]) -> Decision | str:
        reply, problem = asked
        return problem or parse_action(reply, actions, protocol)  # type: ignore[arg-type]

    def repair(asked: tuple[AIMessage | None, str], problem: str) -> tuple[str, list[BaseMessage]]:
        reply = asked[0]
        quoted = f"{problem} (your reply: {excerpt(reply_text(reply))!r})" if reply is not None else problem
        return f"round {len(rounds) + 1}: malformed action: {quoted}", [repair_message(quoted, actions)]

    decision, seconds, errors = ask_with_repair(
        messages,
        lambda asked: _ask(runnable, asked),
        read,
        repair,
        "answered from the evidence gathered instead",
    )
    fallback = Decision(action="stop", query="", thought="", answer="", stop_reason="fallback")
    return (fallback if decision is None else decision), seconds, errors


def _with_tools(
    model: Runnable, protocol: Protocol, context: PromsaContext, actions: list[Action]
) -> Runnable:
    """The model with the searches still offered bound as tools (native protocol), or as it is."""
    searches = [a for a in actions if a != "stop"]
    if protocol == "native" and searches:
        return model.bind_tools(agent_tools(context, searches))  # type: ignore[attr-defined]
    return model


def _ask(runnable: Runnable, messages: list[BaseMessage]) -> tuple[AIMessage | None, str]:
    """The reply, or the problem when the client could not even read it (a model's broken tool-call JSON)."""
    try:
        return runnable.invoke(messages), ""
    except PMSRError:
        raise  # the server is down or refused: not the model's action, the run fails as PMSR's would
    except (ValueError, KeyError, TypeError) as exc:
        return None, f"the client could not read the reply ({type(exc).__name__}: {str(exc)[:120]})"


def describe(decision: Decision) -> str:
    if decision["action"] == "text_search":
        return f"text_search: {decision['query'][:120]}"
    if decision["action"] == "stop":
        return (
            f"stop ({decision['stop_reason']}){': ' + decision['answer'][:80] if decision['answer'] else ''}"
        )
    return decision["action"]

"""Plan: the next retrieval step (thought, sub-question, modality) or the end with the final answer.

With a chat model the reply follows the tagged protocol of `nodes.mcsearch.protocol`. A reply that
cannot be read gets one repair prompt; a second unusable reply ends the run with what it has (the
final answer is then asked for, or read, from the chain so far: stop reason `fallback`; the repair
loop the ProMSA policy shares: `nodes.agent_protocol`). Both are
recorded in `errors` and counted in `malformed`; nothing a model writes crashes the run. In the
embedded profile the deterministic stand-in of `nodes.mcsearch.embedded` plans instead. Once
`max_iter` steps are done no plan is asked for: the run must answer (stop reason `max_iter`).
"""

from __future__ import annotations

import time
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage
from langgraph.runtime import Runtime

from core.context import McSearchContext
from core.mcsearch_state import ChainState, ChainStep, Plan, StopReason
from nodes.agent_protocol import ask_with_repair, excerpt
from nodes.common import chat_model, context_of, emit, input_image, message_text
from nodes.mcsearch.common import input_images
from nodes.mcsearch.embedded import embedded_plan
from nodes.mcsearch.protocol import conversation, parse_plan, repair_message


def plan(state: ChainState, runtime: Runtime[McSearchContext]) -> dict[str, Any]:
    context = context_of(runtime, McSearchContext)
    started = time.time()
    steps = state.get("trajectory") or []
    images = input_images(state)
    question = state["question"].strip()
    errors: list[str] = []
    if len(steps) >= context.max_iter:
        decided, seconds = end_plan("max_iter"), 0.0
    elif context.generative:
        decided, seconds, errors = model_plan(question, images, steps, context)
    else:
        decided, seconds = embedded_plan(question, len(images), steps, context)
    if decided["action"] == "search" and decided["image_index"] < 0:
        decided = {**decided, "image_index": next_image(steps, len(images))}
    emit(runtime, "plan", len(steps) + 1, describe(decided))
    return {
        "plan": decided,
        "step_started": started,
        "step_model_seconds": seconds,
        "errors": errors,
        "malformed": len(errors),
    }


def model_plan(
    question: str, images: list[str], steps: list[ChainStep], context: McSearchContext
) -> tuple[Plan, float, list[str]]:
    """Ask the model for its next step (one repair on an unusable reply): the plan, model seconds, errors."""
    model = chat_model(context)
    urls = [input_image(image, context).data_url for image in images]
    messages = conversation(context, question, urls, steps)

    def repair(text: str, problem: str) -> tuple[str, list[BaseMessage]]:
        error = f"step {len(steps) + 1}: unusable reply: {problem} (reply: {excerpt(text)!r})"
        return error, [AIMessage(content=text), repair_message(problem, len(images))]

    decided, seconds, errors = ask_with_repair(
        messages,
        lambda asked: message_text(model.invoke(asked).content),
        lambda text: parse_plan(text, len(images)),
        repair,
        "ended the run with the chain so far",
    )
    return (end_plan("fallback") if decided is None else decided), seconds, errors


def end_plan(reason: StopReason) -> Plan:
    """An end without an answer of its own: the finish node asks for (or reads) it from the chain."""
    return Plan(
        action="end", thought="", sub_question="", modality="", image_index=0, answer="", stop_reason=reason
    )


def next_image(steps: list[ChainStep], images: int) -> int:
    """For an image search that names no image: the first input image no step searched yet, else in turn."""
    searched = {s["image_index"] for s in steps if s["modality"] == "image"}
    unsearched = [i for i in range(1, images + 1) if i not in searched]
    if unsearched:
        return unsearched[0]
    return sum(s["modality"] == "image" for s in steps) % images + 1


def describe(decided: Plan) -> str:
    if decided["action"] == "end":
        answer = f": {decided['answer'][:80]}" if decided["answer"] else ""
        return f"end ({decided['stop_reason']}){answer}"
    image = f" {decided['image_index']}" if decided["modality"] == "image" and decided["image_index"] else ""
    return f"{decided['modality']}{image}: {decided['sub_question'][:120]}"

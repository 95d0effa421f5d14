"""Reason: the intermediate answer to the step's sub-question, written from the step's evidence; the step
joins the predicted chain.

With a chat model: the conversation so far, the step as planned, the evidence, and the request to
answer the sub-question from it alone (free text, so it cannot be malformed). In the embedded
profile the extractive reader answers (`nodes.reading`): an image step is answered with the entity
the image shows, a text step with the answer the chain so far supports for the question.
"""

from __future__ import annotations

import time
from typing import Any

from langchain_core.messages import AIMessage
from langgraph.runtime import Runtime

from core.context import McSearchContext
from core.mcsearch_state import ChainState, ChainStep, Plan
from core.types import Candidate
from nodes.common import chat_model, context_of, emit, input_image, message_text, timed
from nodes.mcsearch.common import chain_searches, evidence_line, input_images
from nodes.mcsearch.embedded import IDENTIFY
from nodes.mcsearch.protocol import conversation, evidence_message, plan_text, read_answer
from nodes.reading import read_searches


def reason(state: ChainState, runtime: Runtime[McSearchContext]) -> dict[str, Any]:
    context = context_of(runtime, McSearchContext)
    steps = state.get("trajectory") or []
    images = input_images(state)
    question = state["question"].strip()
    step = new_step(len(steps) + 1, state["plan"], state.get("found") or [])
    if context.generative:
        urls = [input_image(image, context).data_url for image in images]
        messages = conversation(context, question, urls, steps)
        messages += [AIMessage(content=plan_text(step, len(images))), evidence_message(step)]
        reply, seconds = timed(chat_model(context).invoke, messages)
        answer = read_answer(message_text(reply.content))
    else:
        answer, seconds = timed(embedded_answer, question, [*steps, step], context)
    model_seconds = state.get("step_model_seconds", 0.0) + seconds
    done: ChainStep = {
        **step,
        "answer": answer,
        "seconds": round(time.time() - state.get("step_started", time.time()), 4),
        "model_seconds": round(model_seconds, 4),
    }
    emit(runtime, "reason", done["step"], f"{done['evidence_id'] or 'no evidence'} → {answer[:120]}")
    return {"trajectory": [done], "found": []}


def new_step(number: int, planned: Plan, found: list[Candidate]) -> ChainStep:
    """A chain step for the plan's retrieval and its evidence, still without its intermediate answer."""
    step = ChainStep(
        step=number,
        thought=planned["thought"],
        sub_question=planned["sub_question"],
        modality=planned["modality"] or "text",
        image_index=planned["image_index"],
        evidence_id=found[0]["id"] if found else "",
        evidence="",
        candidates=found,
        answer="",
        seconds=0.0,
        model_seconds=0.0,
    )
    step["evidence"] = evidence_line(step)
    return step


def embedded_answer(question: str, steps: list[ChainStep], context: McSearchContext) -> str:
    """The reader's intermediate answer for the last step: what an image step's image shows, or the answer
    the chain so far supports for a text step."""
    last = steps[-1]
    if last["modality"] == "image":
        return read_searches(IDENTIFY, [(IDENTIFY, last["candidates"])], context).answer
    return read_searches(question, chain_searches(steps), context).answer

"""Finish: the final answer and the evidence it rests on.

When the planner ended with an answer of its own (`<End> Final Answer: …`, or the stand-in's reading),
that answer stands, with the stand-in's evidence and confidence or, for a model's answer, the
retrieved sentences that state it and its grounding confidence (`nodes.reading`). Otherwise — the
step budget is spent (`max_iter`), the model's replies stayed unusable (`fallback`), or an evaluation
mode skipped planning — the answer comes from the chain as it is: a chat model gets the conversation
with a last turn that asks for the final answer (free text: its `<End>` answer, else its first line;
a run without retrieval gets the `direct_answer` prompt with the question and images only), the
embedded profile reads the chain extractively.
"""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from core.context import McSearchContext
from core.mcsearch_state import ChainState, ChainStep, StopReason
from nodes.common import chat_model, context_of, emit, input_image, message_text
from nodes.extractive.reader import Reading
from nodes.mcsearch.common import ask_with_images, chain_searches, input_images
from nodes.mcsearch.protocol import closing_message, conversation, read_final
from nodes.reading import decided_reading, first_line, grounded_reading, read_searches
from prompts import render_prompt


def finish(state: ChainState, runtime: Runtime[McSearchContext]) -> dict[str, Any]:
    context = context_of(runtime, McSearchContext)
    planned = state["plan"]
    steps = state.get("trajectory") or []
    question = state["question"].strip()
    if planned["answer"]:
        reading = decided_reading(planned, [c for s in steps for c in s["candidates"]])
    else:
        reading = final_answer(question, input_images(state), steps, planned["stop_reason"], context)
    emit(runtime, "finish", len(steps), f"answer: {reading.answer[:120]} ({planned['stop_reason']})")
    return {
        "answer": reading.answer,
        "confidence": reading.confidence,
        "evidence": reading.evidence,
        "stop_reason": planned["stop_reason"],
    }


def final_answer(
    question: str,
    images: list[str],
    steps: list[ChainStep],
    reason: StopReason | str,
    context: McSearchContext,
) -> Reading:
    """The answer the chain as it is supports (see the module's docstring), its evidence and confidence."""
    if not context.generative:
        return read_searches(question, chain_searches(steps), context)
    if reason == "no_retrieval":
        direct = ask_with_images(context, render_prompt("direct_answer", question=question), images)
        return grounded_reading(first_line(direct), [])
    budget = len(steps) if reason == "gold_evidence" else context.max_iter
    urls = [input_image(image, context).data_url for image in images]
    messages = conversation(context, question, urls, steps, budget)
    if steps:
        messages[-1] = closing_message(0)
    else:
        messages.append(closing_message(0))
    text = read_final(message_text(chat_model(context).invoke(messages).content))
    return grounded_reading(text, [c for s in steps for c in s["candidates"]])

"""The fixed-step baselines of the MC-Search paper (its Appendix D): retrieve on a fixed plan, then answer.

1-hop RAG (D.1): a question with images gets one image retrieval per image, whose top caption is
joined to the question; a text-only question gets one text retrieval with the question itself.
2-hop RAG (D.2): with images, image retrieval → the captions joined to the question → one text
retrieval with that text; text-only, two text retrievals in a row (the second with the question joined
to the first passage, and without the passages the first returned). Every retrieval keeps the top-k
(top-1 by default). The model answers from the question joined to the captions and the last text
retrieval's passages, and is told to say so when they do not suffice (the paper's abstention rule).
Each retrieval is a step of the predicted chain (no thought, no intermediate answer), so Hit-per-Step
and Rollout Deviation apply to the baselines too.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from langgraph.runtime import Runtime

from core.context import ChainContext
from core.mcsearch_state import ChainState, ChainStep, Modality, Plan
from nodes.common import context_of, emit
from nodes.extractive.reader import Reading
from nodes.mcsearch.common import ask_with_images, chain_searches, evidence_line, input_images
from nodes.mcsearch.retrieve import step_evidence
from nodes.reading import first_line, grounded_reading, read_searches
from prompts import render_prompt

Node = Callable[[ChainState, Runtime[ChainContext]], dict[str, Any]]


def make_rag_search(hops: int) -> Node:
    """The retrieval node of the `hops`-hop baseline (1 or 2)."""

    def rag_search(state: ChainState, runtime: Runtime[ChainContext]) -> dict[str, Any]:
        context = context_of(runtime, ChainContext)
        question = state["question"].strip()
        images = input_images(state)
        steps: list[ChainStep] = []
        for index in range(1, len(images) + 1):
            steps.append(_step(len(steps) + 1, "image", question, index, images, context))
        if images and hops == 2:
            query = " ".join([question, *(s["evidence"] for s in steps)])
            steps.append(_step(len(steps) + 1, "text", query, 0, images, context))
        elif not images:
            steps.append(_step(1, "text", question, 0, images, context))
            if hops == 2:
                seen = {c["id"] for c in steps[0]["candidates"]}
                query = f"{question} {steps[0]['evidence']}".strip()
                steps.append(_step(2, "text", query, 0, images, context, seen))
        for step in steps:
            emit(
                runtime, "rag_search", step["step"], f"{step['modality']}: {step['evidence_id'] or 'nothing'}"
            )
        end = Plan(
            action="end",
            thought="",
            sub_question="",
            modality="",
            image_index=0,
            answer="",
            stop_reason="fixed",
        )
        return {"trajectory": steps, "plan": end}

    rag_search.__name__ = f"rag{hops}_search"
    return rag_search


def _step(
    number: int,
    modality: Modality,
    query: str,
    image_index: int,
    images: list[str],
    context: ChainContext,
    exclude: set[str] | None = None,
) -> ChainStep:
    started = time.time()
    found, seconds = step_evidence(modality, query, image_index, images, context, exclude)
    step = ChainStep(
        step=number, thought="", sub_question=query, modality=modality, image_index=image_index,
        evidence_id=found[0]["id"] if found else "", evidence="", candidates=found, answer="",
        seconds=round(time.time() - started, 4), model_seconds=round(seconds, 4),
    )  # fmt: skip
    step["evidence"] = evidence_line(step)
    return step


def rag_answer(state: ChainState, runtime: Runtime[ChainContext]) -> dict[str, Any]:
    context = context_of(runtime, ChainContext)
    question = state["question"].strip()
    steps = given(state.get("trajectory") or [])
    if context.generative:
        reading = generative_answer(question, input_images(state), steps, context)
    else:
        reading = read_searches(question, chain_searches(steps), context)
    emit(runtime, "answer", len(steps), f"answer: {reading.answer[:120]}")
    return {
        "answer": reading.answer,
        "confidence": reading.confidence,
        "evidence": reading.evidence,
        "stop_reason": "fixed",
    }


def given(steps: list[ChainStep]) -> list[ChainStep]:
    """The steps whose evidence the model reads: every image step (its caption) and the last text step."""
    texts = [s for s in steps if s["modality"] == "text"]
    return [s for s in steps if s["modality"] == "image" or (texts and s is texts[-1])]


def generative_answer(
    question: str, images: list[str], steps: list[ChainStep], context: ChainContext
) -> Reading:
    lines = []
    for step in steps:
        label = f"Caption of image {step['image_index']}" if step["modality"] == "image" else "Passage"
        lines += [f"{label}: {' '.join(c['text'].split())}" for c in step["candidates"]]
    prompt = render_prompt("rag_answer", question=question, context="\n".join(lines) or "(nothing retrieved)")
    text = first_line(ask_with_images(context, prompt, images))
    return grounded_reading(text, [c for s in steps for c in s["candidates"]])

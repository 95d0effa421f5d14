"""Describe: validate the inputs once, then write the short, question-focused image description `d`.

Generative (a real MLLM): the `describe` prompt with the image. Extractive (the embedded profile,
whose 135M text model cannot see): the image classifier's top labels plus the titles of the nearest
image–text pairs of the KB, which name the entity far more often than a generic label does.
"""

from __future__ import annotations

import time
from typing import Any

from langgraph.runtime import Runtime
from langgraph.types import Overwrite

from core.context import Context
from core.state import State
from nodes.common import (
    ask_model,
    context_of,
    emit,
    image_vector,
    input_image,
    knowledge_base,
    question_image,
    require_question,
    timed,
)
from prompts import render_prompt
from tools.retrieval import image_search

TAGS = 5  # image-classifier labels kept in the extractive description
NEIGHBOURS = 3  # nearest image–text pairs whose titles the extractive description names


def describe(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    """First node: raise `InputError`/`ImageError` on bad inputs, reset the run, describe the image
    (if the question comes with one)."""
    started = time.time()
    context = context_of(runtime)
    question = require_question(state.get("question"))
    image = question_image(state.get("image"))
    if image is None:  # a text-only question: nothing to describe, the searches go by text alone
        description, seconds = "", 0.0
    elif context.generative:
        description, seconds = ask_model(context, render_prompt("describe", question=question), image)
    else:
        description, seconds = extractive_description(state["image"], context)
    emit(runtime, "describe", 0, f"description: {description[:120]}" if image else "no image: text only")
    return {
        "description": description,
        "step": 0,
        "step_started": started,
        "step_model_seconds": seconds,
        "stop_reason": "",
        "answer": "",
        "evidence": [],
        **{key: Overwrite([]) for key in ("trajectory", "saturation", "errors", "found", "query_history")},
    }


def extractive_description(image: str, context: Context) -> tuple[str, float]:
    """Visual tags + nearest pair titles; returns the text and the model seconds it took.

    With the embedded image embedder, the tags and the image's vector come from one pass of the same
    network (`embed_and_tag`), and the vector is kept for the searches.
    """
    from tools.image_tags import embed_and_tag  # loads the image classifier on first use

    pil = input_image(image).pil
    (vectors, [tags]), seconds = timed(embed_and_tag, [pil], TAGS)
    shared = vectors[0] if context.image_embedder == "embedded" else None
    vector, embed_seconds = timed(image_vector, image, context, shared)
    titles: list[str] = []
    if context.kbs != "text":
        for cand in image_search(knowledge_base(context), vector, NEIGHBOURS):
            if cand["title"] and cand["title"] not in titles:
                titles.append(cand["title"])
    # Labels without their probabilities: the description becomes part of a retrieval query.
    parts = ["Image shows: " + ", ".join(label for label, _ in tags) + "."]
    if titles:
        parts.append("Similar images: " + "; ".join(titles) + ".")
    return " ".join(parts), seconds + embed_seconds

"""Retrieve: the evidence of one step — the top-k of the chosen modality from the local KBs.

Text steps search the text KB with the sub-question. Image steps search the pair KB with the input
image the plan names (reverse image search; each image of a multi-image question in turn), or, for a
question without images, with the sub-question's text (MC-Search's image search with a text query).
The MC-Search pipeline keeps no exclusion list: a step may return evidence an earlier step returned
(gold chains do that too). Embedding is timed as model time; the KB query is not.
"""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from core.context import ChainContext
from core.mcsearch_state import ChainState, Modality
from core.types import Candidate
from nodes.common import context_of, emit, image_vector, knowledge_base, timed
from nodes.mcsearch.common import input_images
from tools.retrieval import caption_search, image_search, text_search


def retrieve(state: ChainState, runtime: Runtime[ChainContext]) -> dict[str, Any]:
    context = context_of(runtime, ChainContext)
    plan = state["plan"]
    images = input_images(state)
    found, seconds = step_evidence(
        plan["modality"], plan["sub_question"], plan["image_index"], images, context
    )
    step = len(state.get("trajectory") or []) + 1
    titles = "; ".join(dict.fromkeys(c["title"] for c in found)) or "nothing"
    emit(runtime, "retrieve", step, f"{plan['modality']}: {titles[:120]}")
    return {"found": found, "step_model_seconds": state.get("step_model_seconds", 0.0) + seconds}


def step_evidence(
    modality: Modality | str,
    query: str,
    image_index: int,
    images: list[str],
    context: ChainContext,
    exclude: set[str] | None = None,
) -> tuple[list[Candidate], float]:
    """The top `context.top_k` evidence of one step and the seconds spent embedding its query."""
    kb = knowledge_base(context)
    excluded = exclude or set()
    if modality == "image" and image_index > 0:
        vector, seconds = timed(image_vector, images[image_index - 1], context)
        return image_search(kb, vector, context.top_k, excluded), seconds
    vector, seconds = timed(kb.embed_text, query)
    search = caption_search if modality == "image" else text_search
    return search(kb, vector, context.top_k, excluded), seconds

"""Prepare: check the inputs once and reset the run (a second run on the same thread starts clean)."""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime
from langgraph.types import Overwrite

from core.context import ChainContext, McSearchContext
from core.errors import InputError
from core.mcsearch_state import ChainState, Plan
from nodes.common import context_of, emit, input_image, require_question
from nodes.mcsearch.common import input_images


def prepare(state: ChainState, runtime: Runtime[ChainContext]) -> dict[str, Any]:
    """Raise `InputError`/`ImageError` on bad inputs before anything is searched; reset the outputs.

    A run that does not retrieve (`retrieval=False`) gets its end plan here."""
    context = context_of(runtime, ChainContext)
    require_question(state.get("question"), context)
    images = input_images(state)
    for image in images:
        input_image(image, context)
    reset: dict[str, Any] = {
        "answer": "",
        "evidence": [],
        "stop_reason": "",
        "found": [],
        "trajectory": Overwrite([]),
        "errors": Overwrite([]),
        "malformed": Overwrite(0),
    }
    mode = "fixed steps"
    if isinstance(context, McSearchContext):
        mode = "model" if context.generative else "embedded stand-in"
        if context.gold_evidence:
            if not state.get("gold_chain"):
                raise InputError(
                    "gold_evidence=True needs the question's gold chain: send it as `gold_chain`"
                )
            mode = "gold chain"
        elif not context.retrieval:
            mode = "no retrieval"
            reset["plan"] = Plan(
                action="end", thought="", sub_question="", modality="", image_index=0, answer="",
                stop_reason="no_retrieval",
            )  # fmt: skip
    emit(runtime, "prepare", 0, f"{len(images)} image(s); planner: {mode}")
    return reset

"""Prepare: check the inputs once and reset the run (a second run on the same thread starts clean)."""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime
from langgraph.types import Overwrite

from core.context import PromsaContext
from core.promsa_state import AgentState
from nodes.common import context_of, emit, question_image, require_question
from nodes.promsa.common import budgets, for_question


def prepare(state: AgentState, runtime: Runtime[PromsaContext]) -> dict[str, Any]:
    """Raise `InputError`/`ImageError` on bad inputs before anything is searched; reset the outputs.
    A text-only question (no image) runs with no image search."""
    context = for_question(context_of(runtime, PromsaContext), state.get("image"))
    require_question(state.get("question"))
    question_image(state.get("image"))
    allowed = ", ".join(f"{action} ×{n}" for action, n in budgets(context).items())
    policy = "model" if context.generative else "embedded stand-in"
    emit(runtime, "prepare", 0, f"budgets: {allowed}; policy: {policy}")
    return {
        "answer": "",
        "evidence": [],
        "stop_reason": "",
        "trajectory": Overwrite([]),
        "errors": Overwrite([]),
        "malformed": Overwrite(0),
    }

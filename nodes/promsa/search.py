"""The agent's two tools as nodes: reverse image search and text search, each with the run's exclusion list.

Both call the shared retrieval layer (`tools.retrieval`) with the run's top-k and every id returned
earlier in the run excluded, so a repeated search surfaces new evidence, and append one `Round`.
Embedding the query (text) or the image (cached per image) is timed as model time; the KB query is not.
"""

from __future__ import annotations

import time
from typing import Any

from langgraph.runtime import Runtime

from core.context import PromsaContext
from core.promsa_state import AgentState, Round
from core.types import Candidate
from nodes.common import context_of, emit, image_vector, knowledge_base, timed
from nodes.promsa.common import seen_ids
from tools.retrieval import image_search, text_search


def search_images(state: AgentState, runtime: Runtime[PromsaContext]) -> dict[str, Any]:
    context = context_of(runtime, PromsaContext)
    vector, seconds = timed(image_vector, state["image"], context)
    found = image_search(knowledge_base(context), vector, context.image_search_k, seen_ids(_rounds(state)))
    return _round(state, runtime, found, seconds)


def search_text(state: AgentState, runtime: Runtime[PromsaContext]) -> dict[str, Any]:
    context = context_of(runtime, PromsaContext)
    kb = knowledge_base(context)
    vector, seconds = timed(kb.embed_text, state["decision"]["query"])
    found = text_search(kb, vector, context.text_search_k, seen_ids(_rounds(state)))
    return _round(state, runtime, found, seconds)


def _rounds(state: AgentState) -> list[Round]:
    return state.get("trajectory") or []


def _round(
    state: AgentState, runtime: Runtime[PromsaContext], found: list[Candidate], embed_seconds: float
) -> dict[str, Any]:
    decision = state["decision"]
    done = Round(
        round=len(_rounds(state)) + 1,
        action=decision["action"],
        query=decision["query"],
        thought=decision["thought"],
        candidates=found,
        answer="",
        seconds=round(time.time() - state.get("round_started", time.time()), 4),
        model_seconds=round(state.get("round_model_seconds", 0.0) + embed_seconds, 4),
    )
    titles = "; ".join(dict.fromkeys(c["title"] for c in found)) or "nothing new"
    emit(runtime, decision["action"], done["round"], f"{len(found)} new results: {titles[:120]}")
    return {"trajectory": [done]}

"""Record: synthesise the reasoning record r_t from this iteration's candidates only.

Record isolation (the paper's r_t is synthesised from the candidates of iteration t only): the operator
sees the iteration's candidates, the question and the image (and the description at step 0) — never
an earlier record. Generative: the `record` prompt. Extractive (embedded profile):
`nodes.extractive.record.write_record` — the entity the question is about (its anchor line), then the
few candidate sentences most relevant to what the question asks, as `Title: sentence` lines.
"""

from __future__ import annotations

import time
from typing import Any

from langgraph.runtime import Runtime
from langgraph.types import Overwrite

from core.context import Context
from core.state import Iteration, Query, State
from core.types import Candidate
from nodes.common import ask_model, context_of, emit, merge_candidates, question_image
from nodes.extractive.record import write_record
from prompts import render_prompt

CANDIDATE_CHARS = 1200  # characters of each candidate shown to the generative operator


def record(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    context = context_of(runtime)
    step = state.get("step", 0)
    candidates = merge_candidates(state.get("found") or [])
    queries = state.get("queries") or []
    if context.generative:
        description = state.get("description", "") if step == 0 else ""
        text, seconds = generative_record(state, context, candidates, description)
    else:
        text, seconds = write_record(state["question"], queries, candidates, context)
    iteration = Iteration(
        step=step,
        queries=[Query(kind=q["kind"], text=q["text"]) for q in queries],
        candidates=candidates,
        record=text,
        seconds=round(time.time() - state.get("step_started", time.time()), 4),
        model_seconds=round(state.get("step_model_seconds", 0.0) + seconds, 4),
    )
    emit(runtime, "record", step, f"record from {len(candidates)} candidates: {text[:100]}")
    update: dict[str, Any] = {"trajectory": [iteration], "found": Overwrite([])}
    if context.single_pass:
        update["stop_reason"] = "single_pass"
    elif step >= context.max_iter:
        update["stop_reason"] = "max_iter"
    return update


def format_candidates(candidates: list[Candidate]) -> str:
    lines = []
    for i, cand in enumerate(candidates, 1):
        kind = "image–text pair" if cand["source"] == "pairs" else "passage"
        body = " ".join(cand["text"].split())[:CANDIDATE_CHARS]
        lines.append(f"[{i}] ({kind}) {cand['title']}: {body}")
    return "\n".join(lines) or "(no candidates)"


def generative_record(
    state: State, context: Context, candidates: list[Candidate], description: str
) -> tuple[str, float]:
    prompt = render_prompt(
        "record",
        question=state["question"].strip(),
        description=description or "(not given)",
        candidates=format_candidates(candidates),
    )
    return ask_model(context, prompt, question_image(state.get("image")))

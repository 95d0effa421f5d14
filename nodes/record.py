"""Record: synthesise the reasoning record r_t from this iteration's candidates only.

Record isolation (SPEC §2.6): the operator sees the iteration's candidates, the question and the
image (and the description at step 0) — never an earlier record. Generative: the `record` prompt.
Extractive (embedded profile): the few candidate sentences most relevant to the question and to
the iteration's queries, by embedding similarity, de-duplicated, written as `Title: sentence` lines.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np
from langgraph.runtime import Runtime
from langgraph.types import Overwrite

from graphs.context import Context
from graphs.state import Iteration, PlannedQuery, Query, State
from nodes.common import (
    ask_model,
    context_of,
    emit,
    input_image,
    merge_candidates,
    split_sentences,
    strip_question,
    take_in_turn,
    text_embedder,
    timed,
)
from prompts import render_prompt
from tools.types import Candidate

RECORD_SENTENCES = 4  # sentences an extractive record keeps
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
        text, seconds = extractive_record(state["question"], queries, candidates, context)
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
    return ask_model(context, prompt, input_image(state["image"]))


def extractive_record(
    question: str, queries: list[PlannedQuery], candidates: list[Candidate], context: Context
) -> tuple[str, float]:
    """Each query of the iteration contributes its best candidate sentences, taken in turn.

    A sentence's score for query j is 0.5·cos(sentence, question) + 0.5·cos(sentence, focus_j), where
    focus_j is the query without the question text (what the query adds: the description, the
    previous record's facts, the bridge names). The record is shared between the queries like the
    retrieval budget, so what the trajectory-level query found is not crowded out by the sentences
    the record-level query (which contains r_{t-1}) pulls back.
    """
    pieces = [(c["title"], s) for c in candidates for s in split_sentences(c["text"])]
    if not pieces:
        return "", 0.0
    focus = [strip_question(q["text"], question.strip()) for q in queries]
    # Each sentence is embedded with its title, so "He was born in ..." still says who was born.
    texts = [question.strip(), *focus, *(f"{title}: {sentence}" for title, sentence in pieces)]
    vectors, seconds = timed(text_embedder(context).embed_texts, texts)
    vectors = np.asarray(vectors, dtype=np.float32)
    focus_vecs, sentence_vecs = vectors[1 : 1 + len(focus)], vectors[1 + len(focus) :]
    to_question = sentence_vecs @ vectors[0]
    rankings = [0.5 * to_question + 0.5 * (sentence_vecs @ fv) for fv in focus_vecs] or [to_question]
    chosen = take_in_turn(sentence_vecs, rankings, RECORD_SENTENCES)
    return "\n".join(f"{pieces[i][0]}: {pieces[i][1]}" for i in chosen), seconds

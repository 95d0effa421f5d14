"""Record: synthesise the reasoning record r_t from this iteration's candidates only.

Record isolation (SPEC §2.6): the operator sees the iteration's candidates, the question and the
image (and the description at step 0) — never an earlier record. Generative: the `record` prompt.
Extractive (embedded profile): the entity the image shows (its anchor line), then the few candidate
sentences most relevant to what the question asks, preferring the anchor's own evidence and the
entities it links to, de-duplicated, written as `Title: sentence` lines.
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
from nodes.extractive.anchor import guess_entities
from nodes.extractive.chain import Chain, anchor_line
from nodes.extractive.question import read_question
from prompts import render_prompt
from tools.types import Candidate

RECORD_SENTENCES = 5  # sentences an extractive record keeps (after its anchor line)
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
    """The anchor line, then the candidate sentences that best serve the question on the image's chain.

    The anchor is the entity the iteration's image–text pairs (with agreeing text) say the image
    shows. A sentence's score for query j is w · (0.5 + ½·cos(s, attribute) + ½·cos(s, focus_j)):
    `attribute` is what the question asks (its words minus the wh-phrase and the image reference),
    focus_j is query j without the question (what the query adds: the description, the previous
    record, the bridge names), and w is the sentence's place on the chain (the anchor's own lines,
    then the entities they link to, then lines naming either, then the rest) — so the anchor's
    evidence wins over sentences that merely share the question's wording about other entities.
    The record is shared between the queries like the retrieval budget, so what the trajectory-level
    query found is not crowded out by what the record-level query (which holds r_{t-1}) pulls back.
    """
    pieces = [(c["title"], s) for c in candidates for s in split_sentences(c["text"])]
    if not pieces:
        return "", 0.0
    guesses = guess_entities(candidates)
    anchor = guesses[0] if guesses else None
    shape = read_question(question)
    entries = [(c["title"], c["text"]) for c in candidates]
    chain = Chain.build(anchor.title if anchor else None, entries, shape)
    focus = [strip_question(q["text"], question.strip()) for q in queries]
    # Each sentence is embedded with its title, so "He was born in ..." still says who was born.
    texts = [
        shape.attribute_text() or question,
        *focus,
        *(f"{title}: {sentence}" for title, sentence in pieces),
    ]
    vectors, seconds = timed(text_embedder(context).embed_texts, texts)
    vectors = np.asarray(vectors, dtype=np.float32)
    focus_vecs, sentence_vecs = vectors[1 : 1 + len(focus)], vectors[1 + len(focus) :]
    to_attribute = sentence_vecs @ vectors[0]
    weights = np.asarray([chain.weight(title, sentence) for title, sentence in pieces], dtype=np.float32)
    rankings = [weights * (0.5 + 0.5 * to_attribute + 0.5 * (sentence_vecs @ fv)) for fv in focus_vecs]
    rankings = rankings or [weights * (0.5 + to_attribute)]
    chosen = take_in_turn(sentence_vecs, rankings, RECORD_SENTENCES)
    own = [
        i for i, (title, sentence) in enumerate(pieces) if chain.place(title, sentence).startswith("anchor")
    ]
    if own and not set(own) & set(chosen):  # keep the anchor's best line: later steps read the chain from it
        chosen = [max(own, key=lambda i: rankings[0][i]), *chosen[: RECORD_SENTENCES - 1]]
    lines = [f"{pieces[i][0]}: {pieces[i][1]}" for i in chosen]
    return "\n".join([anchor_line(anchor), *lines] if anchor else lines), seconds

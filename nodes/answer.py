"""Answer: the final short answer from the image, the question and all of T, with its evidence.

Generative: the `answer` prompt with the image; the evidence is the retrieved sentences that state
the answer. Extractive (embedded profile): the best candidate span of T's record lines for what the
question asks (see `nodes.extractive.spans`), or the anchor's name when the question asks what the
image shows; the evidence is the line the span was read from and the anchor's line that leads to it.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np
from langgraph.runtime import Runtime

from graphs.context import Context
from graphs.state import Evidence, Iteration, State
from nodes.common import ask_model, context_of, emit, input_image, split_sentences, text_embedder
from nodes.extractive.anchor import bare
from nodes.extractive.chain import Chain, best_anchor, is_about
from nodes.extractive.question import QuestionShape, read_question
from nodes.extractive.spans import EvidenceLine, rank_spans
from nodes.formulate import format_trajectory, record_entries
from prompts import render_prompt
from tools.text import normalize_answer
from tools.types import Candidate

_LABEL = re.compile(r"^[\s*_#>`-]*answer[\s*_`]*:", re.IGNORECASE)
MAX_EVIDENCE = 3


def answer(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    context = context_of(runtime)
    trajectory = state.get("trajectory") or []
    question = state["question"].strip()
    if context.generative:
        prompt = render_prompt("answer", question=question, knowledge=format_trajectory(trajectory))
        text, _ = ask_model(context, prompt, input_image(state["image"]))
        text = first_line(text)
        evidence = stating_sentences(text, [c for it in trajectory for c in it["candidates"]])
    else:
        text, evidence = extractive_answer(question, trajectory, context)
    emit(runtime, "answer", len(trajectory), f"answer: {text[:120]} ({state.get('stop_reason', '')})")
    return {"answer": text, "evidence": evidence}


def first_line(reply: str) -> str:
    """The reply's first non-empty line, without an `Answer:` label or Markdown emphasis."""
    for line in reply.splitlines():
        text = _LABEL.sub("", line).strip(" *_`")
        if text:
            return text
    return reply.strip()


def stating_sentences(answer_text: str, candidates: list[Candidate]) -> list[Evidence]:
    """Up to MAX_EVIDENCE retrieved sentences that contain the answer (normalised), best-scored first."""
    wanted = f" {normalize_answer(answer_text)} "
    if not wanted.strip():
        return []
    evidence: list[Evidence] = []
    for cand in sorted(candidates, key=lambda c: -c["score"]):
        for sentence in split_sentences(cand["text"]):
            if wanted in f" {normalize_answer(sentence)} " and len(evidence) < MAX_EVIDENCE:
                evidence.append(Evidence(id=cand["id"], title=cand["title"], text=sentence))
    return evidence


def extractive_answer(
    question: str, trajectory: list[Iteration], context: Context
) -> tuple[str, list[Evidence]]:
    """The short answer and its evidence, read from the record lines of T.

    Identity questions ("Which nebula is this?") get the anchor's name. Otherwise every record line
    becomes an `EvidenceLine` — weighted by its place on the anchor's chain, scored for relevance to
    what the question asks — and the best-ranked span of the expected type is the answer.
    """
    shape = read_question(question)
    anchor = best_anchor(it["record"] for it in trajectory)
    lines = evidence_lines(shape, trajectory, anchor, context)
    chain = Chain.build(anchor, [(line.title, line.text) for line in lines], shape)
    anchor_lines = [line for line in lines if anchor and is_about(line.title, line.text, anchor)]
    if shape.asks_identity and anchor:
        return bare(anchor), [as_evidence(line) for line in anchor_lines[:1]]
    spans = rank_spans(shape, lines, known=chain.known, chain=chain.names if chain.bridged else ())
    if not spans:
        fallback = bare(anchor) if anchor else ""
        return fallback, [as_evidence(line) for line in anchor_lines[:1]]
    best = spans[0]
    support = [best.line, *(line for line in anchor_lines if line is not best.line)]
    return best.text, [as_evidence(line) for line in support[:MAX_EVIDENCE]]


def evidence_lines(
    shape: QuestionShape, trajectory: list[Iteration], anchor: str | None, context: Context
) -> list[EvidenceLine]:
    """T's record lines (each once) with their source ids, chain weights and relevance to the question."""
    entries = list(dict.fromkeys(record_entries(trajectory)))
    if not entries:
        return []
    chain = Chain.build(anchor, entries, shape)
    texts = [shape.attribute_text() or shape.text, *(f"{title}: {text}" for title, text in entries)]
    vectors = np.asarray(text_embedder(context).embed_texts(texts), dtype=np.float32)
    relevance = vectors[1:] @ vectors[0]
    sources = {
        (c["title"], s): c["id"]
        for it in trajectory
        for c in it["candidates"]
        for s in split_sentences(c["text"])
    }
    return [
        EvidenceLine(
            title=title,
            text=text,
            source_id=sources.get((title, text), ""),
            weight=chain.weight(title, text),
            relevance=float(score),
        )
        for (title, text), score in zip(entries, relevance, strict=True)
    ]


def as_evidence(line: EvidenceLine) -> Evidence:
    return Evidence(id=line.source_id, title=line.title, text=line.text)

"""Answer: the final short answer from the image, the question and all of T, with its evidence and confidence.

Generative: the `answer` prompt with the image; the evidence is the retrieved sentences that state
the answer. Extractive (embedded profile): the extractive reader over T's records
(`nodes.extractive.reader.read_records`, the same reader the agent graphs use).

`confidence` (0–1): the extractive reader's own score for its answer (see `nodes.extractive.reader`).
A generative model gives no score of its own here, so its confidence is a grounding check, not a
probability: `GROUNDED` when a retrieved sentence contains the answer, `UNGROUNDED` when none does,
0 for an empty answer.
"""

from __future__ import annotations

import re
from typing import Any

from langgraph.runtime import Runtime

from graphs.context import Context
from graphs.state import Evidence, State
from nodes.common import ask_model, context_of, emit, input_image, split_sentences
from nodes.extractive.reader import Reading, read_records
from nodes.formulate import format_trajectory
from prompts import render_prompt
from tools.text import normalize_answer
from tools.types import Candidate

_LABEL = re.compile(r"^[\s*_#>`-]*answer[\s*_`]*:", re.IGNORECASE)
MAX_EVIDENCE = 3
GROUNDED = 1.0  # a generative answer that a retrieved sentence states
UNGROUNDED = 0.5  # a generative answer that no retrieved sentence states


def answer(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    context = context_of(runtime)
    trajectory = state.get("trajectory") or []
    question = state["question"].strip()
    if context.generative:
        prompt = render_prompt("answer", question=question, knowledge=format_trajectory(trajectory))
        text, _ = ask_model(context, prompt, input_image(state["image"]))
        reading = grounded_reading(first_line(text), [c for it in trajectory for c in it["candidates"]])
    else:
        reading = read_records(question, trajectory, context)
    note = f"confidence {reading.confidence:.2f}, {state.get('stop_reason', '')}"
    emit(runtime, "answer", len(trajectory), f"answer: {reading.answer[:120]} ({note})")
    return {"answer": reading.answer, "evidence": reading.evidence, "confidence": reading.confidence}


def first_line(reply: str) -> str:
    """The reply's first non-empty line, without an `Answer:` label or Markdown emphasis."""
    for line in reply.splitlines():
        text = _LABEL.sub("", line).strip(" *_`")
        if text:
            return text
    return reply.strip()


def grounded_reading(answer_text: str, candidates: list[Candidate]) -> Reading:
    """A generative answer with the retrieved sentences that state it and its grounding confidence."""
    evidence = stating_sentences(answer_text, candidates)
    confidence = 0.0 if not answer_text.strip() else GROUNDED if evidence else UNGROUNDED
    return Reading(answer_text, evidence, confidence)


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

"""Answer: the final short answer from the image, the question and all of T.

Generative: the `answer` prompt with the image. Extractive (embedded profile): the record lines of
T about the image's evidence chain that best match the question (see `extractive_answer`).
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np
from langgraph.runtime import Runtime

from graphs.context import Context
from graphs.state import Iteration, State
from nodes.common import ask_model, context_of, emit, input_image, text_embedder
from nodes.formulate import format_trajectory
from prompts import render_prompt

_LABEL = re.compile(r"^[\s*_#>`-]*answer[\s*_`]*:", re.IGNORECASE)


def answer(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    context = context_of(runtime)
    trajectory = state.get("trajectory") or []
    question = state["question"].strip()
    if context.generative:
        prompt = render_prompt("answer", question=question, knowledge=format_trajectory(trajectory))
        text, _ = ask_model(context, prompt, input_image(state["image"]))
        text = first_line(text)
    else:
        text = extractive_answer(question, trajectory, context)
    emit(runtime, "answer", len(trajectory), f"answer: {text[:120]} ({state.get('stop_reason', '')})")
    return {"answer": text}


def first_line(reply: str) -> str:
    """The reply's first non-empty line, without an `Answer:` label or Markdown emphasis."""
    for line in reply.splitlines():
        text = _LABEL.sub("", line).strip(" *_`")
        if text:
            return text
    return reply.strip()


def extractive_answer(question: str, trajectory: list[Iteration], context: Context) -> str:
    """The record lines of T that best support an answer, quoted.

    Only lines about entities on the evidence chain are eligible (see `evidence_chain`), which keeps
    look-alike distractors (another empress, another botanist) out. The answer quotes the two lines
    most similar to the question (embedding cosine) — often a general sentence and the one with the
    date — and, when both are about the same entity, also the best line about another entity of
    the chain: a two-hop answer is in the bridge entity's line ("Anders Dahl was a botanist from
    Sweden"), which looks less like the question than the link line does.
    """
    lines = list(
        dict.fromkeys(ln.strip() for it in trajectory for ln in it["record"].splitlines() if ln.strip())
    )
    chain = evidence_chain(trajectory)
    eligible = [ln for ln in lines if ln.partition(": ")[0] in chain] or lines
    if not eligible:
        return ""
    vectors = np.asarray(text_embedder(context).embed_texts([question, *eligible]), dtype=np.float32)
    ranked = [eligible[i] for i in np.argsort(-(vectors[1:] @ vectors[0]), kind="stable")]
    quoted = ranked[:2]
    titles = {line.partition(": ")[0] for line in quoted}
    bridge = next((line for line in ranked[2:] if line.partition(": ")[0] not in titles), None)
    if len(titles) == 1 and bridge is not None:
        quoted.append(bridge)
    return " ".join(quoted)


def evidence_chain(trajectory: list[Iteration]) -> set[str]:
    """Titles linked to the image's entity: the best pair of the initial search (image + text score),
    then, repeatedly, every retrieved title that a text of a title already on the chain mentions.
    Empty when the run retrieved no pair (text-only KB)."""
    candidates = [c for it in trajectory for c in it["candidates"]]
    pairs = [c for c in (trajectory[0]["candidates"] if trajectory else []) if c["source"] == "pairs"]
    if not pairs:
        return set()
    texts: dict[str, list[str]] = {}
    for cand in candidates:
        texts.setdefault(cand["title"], []).append(cand["text"].lower())
    chain = {max(pairs, key=lambda c: c["score"])["title"]}
    grew = True
    while grew:
        known = " ".join(t for title in chain for t in texts.get(title, []))
        linked = {title for title in texts if title not in chain and _mentions(known, title)}
        chain |= linked
        grew = bool(linked)
    return chain


def _mentions(text: str, title: str) -> bool:
    """Whether `text` (lower case) names `title`, ignoring a parenthesised qualifier ("Ganymede (moon)")."""
    name = re.sub(r"\s*\(.*?\)", "", title).strip().lower()
    return bool(name) and re.search(rf"\b{re.escape(name)}\b", text) is not None

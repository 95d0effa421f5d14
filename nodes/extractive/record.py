"""The extractive record: the sentences of one iteration's candidates that serve the question, as lines.

A record is the entity the question is about (its anchor line: what the image shows, or the entity
the question names), then the few candidate sentences most relevant to what the question asks —
preferring the anchor's own evidence and the entities it links to — de-duplicated, written as
`Title: sentence` lines. Record isolation holds: a record is read from its own iteration's
candidates, the question and the image (through the pairs' image scores) only, never from an
earlier record; later operators read the chain back from the records.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from core.context import Context
from core.state import Iteration, PlannedQuery
from core.types import Candidate
from nodes.common import split_sentences, strip_question, take_in_turn, text_embedder, timed
from nodes.extractive.anchor import guess_entities
from nodes.extractive.chain import Chain, anchor_line, read_anchor_line
from nodes.extractive.question import read_question

RECORD_SENTENCES = 5  # sentences an extractive record keeps (after its anchor line)


def write_record(
    question: str, queries: Sequence[PlannedQuery], candidates: Sequence[Candidate], context: Context
) -> tuple[str, float]:
    """The anchor line, then the candidate sentences that best serve the question on the anchor's chain;
    returns the record and the embedding seconds.

    A sentence's score for query j is w · (0.5 + ½·cos(s, attribute) + ½·cos(s, focus_j)):
    `attribute` is what the question asks (its words minus the wh-phrase and the image reference),
    focus_j is query j's search vector (PMSR's queries, embedded once in `formulate`: the question is a
    small part of `q ⊕ d` or `q ⊕ r`, and embedding the long previous record again cost one more long
    encoder pass per iteration) or, for a query searched without one (an agent's own search, read by
    `nodes.reading`), its text without the question (the bridge names it adds); and w is the
    sentence's place on the chain (the anchor's own lines, then the entities they link to, then lines
    naming either, then the rest) — so the anchor's evidence wins over sentences that merely share the
    question's wording about other entities.
    The record is shared between the queries like the retrieval budget, so what the trajectory-level
    query found is not crowded out by what the record-level query (which holds r_{t-1}) pulls back.
    """
    pieces = [(c["title"], s) for c in candidates for s in split_sentences(c["text"])]
    if not pieces:
        return "", 0.0
    shape = read_question(question)
    guesses = guess_entities(candidates, shape)
    anchor = guesses[0] if guesses else None
    entries = [(c["title"], c["text"]) for c in candidates]
    chain = Chain.build(anchor.title if anchor else None, entries, shape)
    unsearched = [strip_question(q["text"], question.strip()) for q in queries if not q["vector"]]
    # Each sentence is embedded with its title, so "He was born in ..." still says who was born.
    texts = [
        shape.attribute_text() or question,
        *unsearched,
        *(f"{title}: {sentence}" for title, sentence in pieces),
    ]
    vectors, seconds = timed(text_embedder(context).embed_texts, texts)
    vectors = np.asarray(vectors, dtype=np.float32)
    sentence_vecs = vectors[1 + len(unsearched) :]
    embedded_here = iter(vectors[1 : 1 + len(unsearched)])
    focus_vecs = [
        np.asarray(q["vector"], dtype=np.float32) if q["vector"] else next(embedded_here) for q in queries
    ]
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


def record_entries(trajectory: Iterable[Iteration]) -> list[tuple[str, str]]:
    """(title, text) of every evidence line of the records in T (anchor lines left out)."""
    entries = []
    for it in trajectory:
        for line in it["record"].splitlines():
            title, sep, text = line.partition(": ")
            if sep and read_anchor_line(line) is None:
                entries.append((title.strip(), text.strip()))
    return entries

"""The extractive record: the sentences of one iteration's candidates that serve the question, as lines.

A record is the entity the question is about (its anchor line: what the image shows, or the entity
the question names), then the few candidate sentences most relevant to what the question asks —
preferring the anchor's own evidence and the entities it links to — de-duplicated, written as
`Title: sentence` lines. Record isolation holds: a record is read from its own iteration's
candidates, the question and the image (through the pairs' image scores) only, never from an
earlier record; later operators read the chain back from the records.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import numpy as np

from core.context import Context
from core.state import Iteration, PlannedQuery
from core.types import Candidate
from nodes.common import split_sentences, strip_question, take_in_turn, text_embedder, timed
from nodes.extractive.anchor import guess_entities, is_about, mentions
from nodes.extractive.chain import ANCHOR_PREFIX, NAMED_PREFIX, Chain, anchor_line, read_anchor_line
from nodes.extractive.described import subject_named
from nodes.extractive.question import content_words, named_entities, read_question
from nodes.extractive.spans import DESCRIBED_WORDS, description_words, is_superlative

# "whose money is named like this bird", "shares its name with": a question about the name itself, which
# other things of that name answer
_ABOUT_NAMES = re.compile(r"\bnam(?:e|es|ed)\b|\bcalled\b", re.IGNORECASE)
RECORD_SENTENCES = 5  # sentences an extractive record keeps (after its anchor line)
SUPERLATIVE_WEIGHT = 0.25  # added to the weight of a sentence stating a superlative the question asks


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
    entries = [(c["title"], c["text"]) for c in candidates]
    # "the capital of the country whose money is the quetzal": once an entry says which country, the record
    # serves the question about it ("the capital of Guatemala")
    question, _ = subject_named(question, entries, keep_description=False)
    shape = read_question(question)
    guesses = guess_entities(candidates, shape)
    anchor = guesses[0] if guesses else None
    chain = Chain.build(anchor.title if anchor else None, entries, shape)
    unsearched = [strip_question(q["text"], question.strip()) for q in queries if not q["vector"]]
    fixed = [shape.attribute_text() or question, *unsearched]
    places = [chain.place(title, sentence) for title, sentence in pieces]
    weights = np.asarray([chain.weight_at(place) for place in places], dtype=np.float32)
    weights *= superlative_weights(shape.asked, [sentence for _, sentence in pieces])
    own = [i for i, place in enumerate(places) if place.startswith("anchor")]
    # Each sentence is embedded with its title, so "He was born in ..." still says who was born.
    texts = [f"{title}: {sentence}" for title, sentence in pieces]
    embedder = text_embedder(context)
    sentence_vecs = np.zeros((len(pieces), 0), dtype=np.float32)
    embedded = np.zeros(len(pieces), dtype=bool)
    seconds = 0.0
    for batch in sentences_by_weight(weights, own):  # the last batch leaves none unknown: a choice is made
        # The attribute and the focus texts go with each batch: embedded with the first, cached after.
        fresh, batch_seconds = timed(embedder.embed_texts, [*fixed, *(texts[i] for i in batch)])
        fresh, seconds = np.asarray(fresh, dtype=np.float32), seconds + batch_seconds
        attribute, embedded_here = fresh[0], iter(fresh[1 : len(fixed)])
        focus_vecs = [
            np.asarray(q["vector"], dtype=np.float32) if q["vector"] else next(embedded_here) for q in queries
        ]
        if not sentence_vecs.shape[1]:
            sentence_vecs = np.zeros((len(pieces), fresh.shape[1]), dtype=np.float32)
        sentence_vecs[batch], embedded[batch] = fresh[len(fixed) :], True
        rankings = sentence_rankings(sentence_vecs, embedded, weights, attribute, focus_vecs)
        unknown = frozenset(int(i) for i in np.flatnonzero(~embedded))
        chosen = take_in_turn(sentence_vecs, rankings, RECORD_SENTENCES, unknown=unknown)
        if chosen is not None:
            break
    if own and not set(own) & set(chosen):  # keep the anchor's best line: later steps read the chain from it
        chosen = [max(own, key=lambda i: rankings[0][i]), *chosen[: RECORD_SENTENCES - 1]]
    asked = shape.attribute or content_words(question.lower())  # "what was it formerly called": a name
    described = most_described(asked, [sentence for _, sentence in pieces])
    if described is not None and described not in chosen:
        chosen = [*chosen, described]  # one place more: it displaces none of the chain's evidence
    looked_up = definitions_of(pieces, [q["entity"] for q in queries if q.get("entity")])
    chosen = [*chosen, *(i for i in looked_up if i not in chosen)]  # one place more each, as above
    lines = [f"{pieces[i][0]}: {pieces[i][1]}" for i in chosen]
    return "\n".join([anchor_line(anchor), *lines] if anchor else lines), seconds


def definitions_of(pieces: Sequence[tuple[str, str]], entities: Sequence[str]) -> list[int]:
    """The first sentence of each entity's own entry among `pieces`: what a follow-up looked the entity up
    for ("Kell, Republic of Kell: a republic in …" says it is a country), which sentences about other
    entities on the chain would otherwise crowd out of the record."""
    found = (
        next((i for i, (title, sentence) in enumerate(pieces) if is_about(title, sentence, entity)), None)
        for entity in entities
    )
    return [i for i in found if i is not None]


def most_described(asked: Sequence[str], sentences: Sequence[str]) -> int | None:
    """The sentence that restates the most of what the question asks — at least DESCRIBED_WORDS of its
    words (as many as the reader needs to take an entry as the one described: `described_entry`), and more
    than any other sentence — or None. A question that describes its answer past a
    bridge ("a republic on the south Atlantic coast that won independence in 1990") is answered by the
    entry restating that description, which the chain places off the anchor's evidence and the sentence
    encoder ranks below entries about the bridge; the record keeps it a place."""
    words = description_words(" ".join(asked))
    shared = [len(words & description_words(sentence)) for sentence in sentences]
    if not shared or max(shared) < DESCRIBED_WORDS or shared.count(max(shared)) > 1:
        return None
    return shared.index(max(shared))


def superlative_weights(asked: Sequence[str], sentences: Sequence[str]) -> np.ndarray:
    """1 + SUPERLATIVE_WEIGHT for a sentence that states a superlative the question asks ("which of its
    provinces is the smallest" — "the smallest province of Canada"), 1 for the others: the sentence
    encoder hardly tells "smallest" from "largest", and several entries of the asked kind on the chain
    ("a province in western Canada") would crowd out the one that answers."""
    asked_superlatives = {word for word in asked if is_superlative(word)}
    return np.asarray(
        [
            1.0 + SUPERLATIVE_WEIGHT if asked_superlatives & set(re.findall(r"[a-z]+", s.lower())) else 1.0
            for s in sentences
        ],
        dtype=np.float32,
    )


def sentences_by_weight(weights: np.ndarray, own: Sequence[int]) -> list[np.ndarray]:
    """The sentences to embed, in batches: the anchor's own and those weighing more than the lightest
    first; the lightest (off the chain) only when the record cannot be chosen without them
    (`take_in_turn`'s `unknown`) — most of the twenty passages a PMSR iteration retrieves lie off the
    chain, and embedding them was most of its reading time. With fewer heavier sentences than a record
    holds, the lightest are needed anyway: one batch of all."""
    first = weights > weights.min()
    first[list(own)] = True
    if first.all() or first.sum() < RECORD_SENTENCES:
        return [np.arange(len(weights))]
    return [np.flatnonzero(first), np.flatnonzero(~first)]


def sentence_rankings(
    vectors: np.ndarray,
    embedded: np.ndarray,
    weights: np.ndarray,
    attribute: np.ndarray,
    focus: Sequence[np.ndarray],
) -> list[np.ndarray]:
    """Each query's scores of the sentences, w · (0.5 + ½·cos(s, attribute) + ½·cos(s, focus_j)) (no
    query: w · (0.5 + cos(s, attribute))); a sentence not embedded yet gets the most it could score,
    1.5 · w (every cosine 1)."""
    to_attribute = vectors @ attribute
    rankings = [weights * (0.5 + 0.5 * to_attribute + 0.5 * (vectors @ fv)) for fv in focus]
    rankings = rankings or [weights * (0.5 + to_attribute)]
    return [np.where(embedded, scores, 1.5 * weights) for scores in rankings]


def record_entries(trajectory: Iterable[Iteration]) -> list[tuple[str, str]]:
    """(title, text) of every evidence line of the records in T (anchor lines left out)."""
    entries = []
    for it in trajectory:
        for line in it["record"].splitlines():
            title, sep, text = line.partition(": ")
            if sep and read_anchor_line(line) is None:
                entries.append((title.strip(), text.strip()))
    return entries


def own_sense_entries(question: str, trajectory: Sequence[Iteration]) -> list[tuple[str, str]]:
    """`record_entries` without the sentences of passages under the name of what the image shows that
    are about another thing of that name (`is_homonym`), or under the name the question gives that do not
    fit what else it says (`other_bearers`) — unless the question is about the name itself ("the country
    whose money is named like this bird")."""
    entries = record_entries(trajectory)
    if _ABOUT_NAMES.search(question):
        return entries
    anchors = [
        (line, anchored)
        for it in trajectory
        for line in it["record"].splitlines()
        if (anchored := read_anchor_line(line))
    ]
    shows = {title for line, (title, _) in anchors if line.startswith(ANCHOR_PREFIX)}
    named = {title for line, (title, _) in anchors if line.startswith(NAMED_PREFIX)}
    candidates = [c for it in trajectory for c in it["candidates"]]
    shown = {
        anchor: [c["text"] for c in candidates if c["source"] == "pairs" and c["title"] == anchor]
        for anchor in shows
    }
    astray = {id(c) for name in named for c in other_bearers(question, name, candidates)}
    homonymous = {
        (c["title"], sentence)
        for c in candidates
        if c["source"] != "pairs"
        and (id(c) in astray or any(is_homonym(c["title"], c["text"], a, own) for a, own in shown.items()))
        for sentence in split_sentences(c["text"])
    }
    return [entry for entry in entries if entry not in homonymous]


def other_bearers(question: str, name: str, candidates: Sequence[Candidate]) -> list[Candidate]:
    """Passages of entries that also bear the name the question gives (`name`) but mention none of the
    other names it gives, when an entry under another title does: "Victoria Falls lies on the border
    between Zimbabwe and Zambia" — not "Iguazu, …, Victoria Falls: a large waterfall on the border between
    Argentina and Brazil"."""
    others = [n for n in named_entities(question) if not set(n.lower().split()) & set(name.lower().split())]
    bearing = [c for c in candidates if c["source"] != "pairs" and is_about(c["title"], c["text"], name)]
    fitting = {c["title"] for c in bearing if any(mentions(c["text"], n) for n in others)}
    return [c for c in bearing if fitting and c["title"] not in fitting]


def is_homonym(title: str, text: str, anchor: str, shown: Sequence[str]) -> bool:
    """Whether a passage under the name of `anchor` (what the image shows) is about another thing of that
    name: it shares no word but the name with the image's own entries (`shown`) — "Moon, Sun Myung Moon:
    United States religious leader …" beside "Moon: the only natural satellite of the Earth"."""
    if not shown or not is_about(title, text, anchor):
        return False
    words = set(content_words(text)) - set(content_words(anchor))
    return not any(words & set(content_words(own)) for own in shown)

"""The extractive trajectory-level query: the next (entity, what is asked of it) pair nobody has searched.

A multi-hop question turns on entities the anchor's evidence names ("lemur of Madagascar") but that
no query has looked up yet. The first follow-up, once the anchor is known, is the focused
"<anchor> <what the question asks>" — unless a record already states that attribute of the anchor —
because a short query of one entity and one attribute finds the one short entry that states the
fact, which the long record-level query (question ⊕ whole record) dilutes. Then come the entities the
anchor's lines link to (the likeliest bridge first) with what is asked of the bridge ("Madagascar
capital"), then other names of the newest record. An (entity, attribute) pair counts as searched
once a query was issued for exactly it — a name that merely occurs in an earlier query (the
enriched query's "Similar images: …") was never paired with the question. With no pair left, the
query repeats the anchor's, so a trajectory with nothing new saturates and stops.

PMSR's trajectory-level query (`trajectory_query`) also repeats itself once the question's chain is
resolved — every (entity, attribute) pair the question needs has been searched — and the records hold
an answer of the asked type, instead of opening names off the chain: information saturation (a repeated
trajectory-level query, `nodes.pmsr.formulate.is_saturated`) then ends the run right after
convergence, where the agents stop on their own rule (a search that added nothing their answer rests
on). A resolved chain whose records answer nothing goes on along the names they hold, up to `max_iter`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from core.state import Iteration
from nodes.extractive.anchor import definition, is_about, names_in, same_entity
from nodes.extractive.chain import Chain, best_anchor
from nodes.extractive.described import is_of_kind, subject_named
from nodes.extractive.question import QuestionShape, head_noun, names_of_image, read_question
from nodes.extractive.record import own_sense_entries, record_entries
from nodes.extractive.spans import (
    EvidenceLine,
    rank_spans,
)

STATED_SCORE = 0.4  # a span of the anchor's own lines this typed states the attribute asked for


class FollowUp(NamedTuple):
    """A trajectory-level query and the entity it pairs with what is asked ("" for the question itself)."""

    entity: str
    text: str


def next_query(question: str, trajectory: Sequence[Iteration], earlier: Iterable[str]) -> str:
    """The trajectory-level query after `trajectory`, given the queries already issued (`earlier`)."""
    return next_follow_up(question, trajectory, earlier).text


def next_follow_up(question: str, trajectory: Sequence[Iteration], earlier: Iterable[str]) -> FollowUp:
    """`next_query` with the entity it looks up."""
    # "the country whose money is …", once an entry says which it is
    question, described = subject_named(question, record_entries(trajectory), keep_description=False)
    shape = read_question(question)
    entries = own_sense_entries(question, trajectory)
    anchor = described or best_anchor(it["record"] for it in trajectory)
    chain = Chain.build(anchor, entries, shape)
    newest = record_entries(trajectory[-1:])
    others = [name for title, text in newest for name in [title, *names_in(definition(text))]]
    first = [anchor] if anchor and not states_attribute(shape, chain, entries) else []
    searched = {_normal(q) for q in earlier}
    further = [chain.step_past_bridge] if chain.step_past_bridge else []
    named = names_not_looked_up(shape, anchor or "", entries)
    for name in dict.fromkeys([*first, *named, *chain.links[:1], *further, *chain.links[1:], *others]):
        query = focused_query(shape, name, anchor)
        if _normal(query) not in searched:
            return FollowUp(name, query)
    return FollowUp(anchor, focused_query(shape, anchor, anchor)) if anchor else FollowUp("", question)


def trajectory_query(
    question: str, trajectory: Sequence[Iteration], earlier: Sequence[str], answered: Callable[[], bool]
) -> FollowUp:
    """PMSR's trajectory-level query: the last one again once the chain is resolved and the records hold
    an answer of the asked type (`answered`), else `next_query` — a resolved chain without an answer
    ("… the sign named after the zodiacal one west of this nebula's constellation") goes on along the
    names its records hold until `max_iter`."""
    if earlier and chain_resolved(question, trajectory, earlier) and answered():
        return FollowUp("", earlier[-1])
    return next_follow_up(question, trajectory, earlier)


def chain_resolved(question: str, trajectory: Sequence[Iteration], earlier: Iterable[str]) -> bool:
    """Whether every pair the question needs was searched: the anchor with what is asked of it (unless a
    record already states it), and — unless the question asks what the image shows — the likeliest
    link with what is asked of it: the bridge of a question about one, else the likeliest answer
    ("Beijing city" for the city of a palace whose entry says "in Beijing"), whose own entry confirms
    its kind — unless the records already hold that entry. False with no anchor, or with a bridge not
    known to be of its kind yet: the search goes on along the names the records hold."""
    question, described = subject_named(question, record_entries(trajectory), keep_description=False)
    shape = read_question(question)
    entries = own_sense_entries(question, trajectory)
    anchor = described or best_anchor(it["record"] for it in trajectory)
    if anchor is None:
        return False
    chain = Chain.build(anchor, entries, shape)
    stated = states_attribute(shape, chain, entries)
    if chain.bridged and not stated:
        return False
    needed = ([] if stated else [anchor]) + names_not_looked_up(shape, anchor, entries)
    if not shape.asks_identity or shape.name_asked and not shape.name_asked.of_image:
        # the entity asked about — the bridge, or the one past it ("the capital of the country that island
        # belongs to") — is paired with the attribute even when its entry is known: its own entry rarely
        # states it, which an entry naming it does ("<city>, capital of <country>"); the likeliest answer of
        # a question about no bridge only needs its entry
        asked_of = chain.step_past_bridge or (chain.links[0] if chain.bridged and chain.links else "")
        needed += [
            n for n in chain.links[:1] if n != asked_of and not any(is_about(t, x, n) for t, x in entries)
        ]
        needed += [asked_of] if asked_of else []
    searched = {_normal(q) for q in earlier}
    return all(_normal(focused_query(shape, name, anchor)) in searched for name in needed)


def names_not_looked_up(shape: QuestionShape, anchor: str, entries: Sequence[tuple[str, str]]) -> list[str]:
    """Names a question that does not point at the image gives in words, other than the anchor, whose
    entries no record holds yet: "Which region of Italy has Naples as its capital?" anchored on Italy still
    needs Naples' own entry, which states the region. A question about the image names things only to
    describe it or its bridge ("in east Asia", "that Arctic region"), and their own entries would anchor
    over the image's."""
    if shape.points_at_image:
        return []
    own_names = names_of_image(shape.text)
    return [
        name
        for name in shape.names_about()
        if name not in own_names
        and not same_entity(name, anchor)
        and not any(is_about(title, text, name) for title, text in entries)
    ]


def focused_query(shape: QuestionShape, name: str, anchor: str | None) -> str:
    """ "<name> <what is asked of it>": the whole attribute for the anchor (only what the asking sentence
    asks, for an anchor that sentence names), what is asked of the bridge for any other entity on the
    chain (the question itself when it asks nothing more specific)."""
    if name != anchor:
        # "… the constellation containing this nebula goes by a nickname. What is it?": another name of the
        # bridge, looked up with the words said of that name
        hint = shape.name_asked.hint if shape.name_asked and not shape.name_asked.of_image else ""
        asked = shape.asked_text() or hint
    elif shape.subject and same_entity(name, shape.subject):
        asked = shape.asked_of_subject()
    else:
        asked = shape.attribute_text()
    return " ".join(f"{name} {asked or shape.text}".split())


def states_attribute(shape: QuestionShape, chain: Chain, entries: Sequence[tuple[str, str]]) -> bool:
    """Whether the records already state what is asked of the anchor: for a question about the anchor,
    its own lines hold a well-typed answer; for a question about a bridge ("the capital of the country
    where this lemur lives"), the likeliest link is known to be of the bridge's kind (its name or its
    entry says so: "Zeta River" for "the river flowing out of this lake", "Madagascar: a republic …")."""
    if chain.anchor is None:
        return False
    if chain.bridged:
        return bool(chain.links) and is_of_kind(chain.links[0], head_noun(chain.bridge), entries)
    own = [EvidenceLine(t, x, "") for t, x in entries if is_about(t, x, chain.anchor)]
    spans = rank_spans(shape, own, known=chain.known, own=chain.own)
    return bool(spans) and spans[0].score >= STATED_SCORE


def _normal(query: str) -> str:
    return " ".join(query.lower().split())

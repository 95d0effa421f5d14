"""The extractive reader: the short answer the records of a trajectory support, its evidence and confidence.

Every graph reads with this one function in the embedded profile — PMSR over its records, the agents
over one record per search (`nodes.reading`) — so the methods differ in what they search,
not in how they read. Identity questions ("Which bridge is this?") get the anchor's name. Otherwise
every record line becomes an `EvidenceLine` — weighted by its place on the anchor's chain, scored
for relevance to what the question asks — and the best-ranked span of the expected type is the
answer (`nodes.extractive.spans`). A question that asks for a year, a count or a measure takes only a
span of that form; with none, and for any question with no typed span, the answer is empty with
confidence 0 rather than a filler name.

Confidence (0–1) is the reader's own score for its answer, for trading coverage for precision
(`evaluation.score`'s accuracy at coverage), not a calibrated probability: for an identity answer,
how well the image matched the anchor's pair (its image score; 1.0 for an entity the question
names); otherwise the best span's share of the two best span scores, scaled down when even the
best span is weakly typed or weakly placed on the chain (a score below `FULL_SCORE`).
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from core.context import Context
from core.state import Evidence, Iteration
from nodes.common import split_sentences, text_embedder
from nodes.extractive.anchor import bare, definition, entry_names, is_about, is_proper_name, same_entity
from nodes.extractive.chain import Chain, anchor_match
from nodes.extractive.described import described_beside_shown, subject_named
from nodes.extractive.question import (
    STOPWORDS,
    NameAsked,
    QuestionShape,
    asking_clause,
    compiled,
    content_words,
    head_noun,
    read_question,
    region_of_name,
    set_aside,
    singular,
    word_set,
)
from nodes.extractive.record import own_sense_entries, record_entries
from nodes.extractive.spans import (
    BINOMIAL,
    EvidenceLine,
    Span,
    TitledEntries,
    agent_object,
    aligned,
    alternatives,
    asks_description,
    asks_thing_part,
    bare_phrase,
    changed_from,
    counterpart_of,
    covering,
    death_manner,
    described_entry,
    describing_words,
    diet_word,
    divided_into,
    doctrine_named,
    excepted,
    extent_end,
    feature_on_part,
    grouped_animal,
    is_entry_of,
    kind_modifier,
    lacking_word,
    listed_together,
    looking_up_entries,
    makers_of_shown,
    manner_of,
    most_abundant_at,
    one_of_pair,
    orientation_of,
    owner_by_whose,
    part_called,
    part_looks,
    part_markings,
    people_of_leader,
    placed_on_part,
    put_into,
    rank_spans,
    sexes_bearing,
    surrounding,
    thing_parts,
    times_compared,
    twin_of,
    typed_phrases,
    verb_led_phrase,
    verb_objects,
    without_set_aside,
)

MAX_EVIDENCE = 3
# "which animal is that sign named after", "what figure does that sign represent": what a name stands for
_FIGURE_ASKED = re.compile(
    # "what animal is that zodiac sign pictured as?"
    r"\b(?:named\s+(?:after|for)|represents?|depicts?|symboli[sz]es?|stands?\s+for"
    r"|(?:pictured|depicted|drawn|shown|represented|portrayed)\s+as)(?:\s+(?:it|that|this))?\s*\??$"
    r"|\b(?:what|which)\s+(?:figure|symbol|creature)\b"
    # "which animal stands for that zodiac sign?"
    r"|\b(?:what|which)\s+(?:animal|beast)\s+(?:stands?\s+for|represents?|symboli[sz]es?)\s+(?:that|this|the)\b",
    re.IGNORECASE,
)
# "Cancer the Crab": a name with the figure it stands for
_EPITHET = re.compile(r"^(?P<name>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)\s+the\s+(?P<figure>[A-Z][\w'’-]*)$")
# Kinds so broad that "what kind of animal is this" asks the kind its entry defines it as ("ape"), not a
# subtype its entry gives.
_BROAD_KINDS = word_set(
    "animal bird fish plant tree flower creature mammal insect reptile fruit thing primate organism beast"
)
# Kinds so wide that what a thing of them is comes from its entry's head noun: "Copernicus is a feature on the
# Moon. What kind of feature is it?" — "a conspicuous crater on the Moon"
_FEATURE_KINDS = word_set("feature object thing body structure formation landmark landform")
_TITLE_WORDS = {"mount", "mt", "saint", "st", "the"}  # words a name is written with or without
_ANY_OF = re.compile(
    r"^(?:an?\s+|the\s+)?(?:(?:any|one|some)\s+of\s+(?:several|various|numerous|many|the)|either\s+of\s+two)\s+"
)
# Words that ask for a description without saying what it is about ("which single word describes …").
_ASKING_WORDS = word_set("you describe describes described word single one adjective term distinctive give")
# Heads that rank or group what follows them: "a genus of fungi" is defined as fungi.
_GROUPING_HEADS = word_set("genus family species order class kind type group variety breed")
# Words that end a definition's first noun phrase.
_HEAD_ENDS = STOPWORDS | word_set(
    "having often usually found living native noted covered related resembling like belonging"
)
_LIFE_STATED = re.compile(r"\(\d{3,4}\s*[-–]\s*\d{3,4}\)|\(born\b")  # a person's life range
_GOOD_AT = re.compile(r"\bgood\s+at\b", re.IGNORECASE)
# A later record's best span at least this far above the first record's best is clearly better supported
# (an entry tying the asked kind to the chain adds 0.3: `spans.RELATION_BONUS`); closer, the surer reading
# decides.
STRONGER_BY = 0.2
FULL_SCORE = 1.0  # a span score from which the reader's confidence is not scaled down


# Phrases of the anchor's own lines (or, for a question about a bridge, the bridge's) that answer a question
# of one shape each: how a person died, the people a leader belonged to, what was left out ("except"), where
# a change started, the animal of the herds, who built what is shown, a thing on a part, a part's markings,
# what covers it, what surrounds a part, which sexes bear a part, what it is put into, its diet, what it is
# divided into, a feature on a part, what an agent noun is of, its twin, how many times another it is, its
# counterpart, where it is most abundant
_PHRASE_READERS = (
    death_manner,
    people_of_leader,
    excepted,
    changed_from,
    grouped_animal,
    makers_of_shown,
    placed_on_part,
    part_markings,
    covering,
    surrounding,
    sexes_bearing,
    put_into,
    diet_word,
    divided_into,
    feature_on_part,
    twin_of,
    times_compared,
    counterpart_of,
    agent_object,
    most_abundant_at,
)


@dataclass(frozen=True)
class Reading:
    """What the reader makes of the evidence: the answer, the lines it rests on, how sure it is, and the
    ranked candidate spans (best first) it chose from."""

    answer: str
    evidence: list[Evidence]
    confidence: float
    spans: tuple[Span, ...] = ()


def read_records(
    question: str, trajectory: Sequence[Iteration], context: Context, titled: TitledEntries | None = None
) -> Reading:
    """The short answer to `question` that the records of `trajectory` support; `titled` gives the KB's
    entries under a name, to tell what kind of thing a name is that the records hold no entry of (see
    `spans.looking_up_entries`)."""
    with looking_up_entries(titled):
        return _read_records(question, trajectory, context)


def _read_records(question: str, trajectory: Sequence[Iteration], context: Context) -> Reading:
    # "… of the country whose money is the quetzal": the entity the records pick out is the subject
    question, described = subject_named(question, record_entries(trajectory))
    shape = read_question(question)
    match = (described, 1.0) if described else anchor_match(it["record"] for it in trajectory)
    anchor, anchor_score = match if match else (None, 0.0)
    entries = list(dict.fromkeys(own_sense_entries(question, trajectory)))
    chain = Chain.build(anchor, entries, shape)
    if chain.bridged and chain.links:
        shape = dataclasses.replace(shape, bridge_entity=chain.links[0])
    lines = evidence_lines(shape, trajectory, entries, chain, context)
    anchor_lines = [line for line in lines if anchor and is_about(line.title, line.text, anchor)]
    confidence = round(float(np.clip(anchor_score, 0.0, 1.0)), 3)
    # the name of a thing the question names: its owner, the one its demonstrative refers back to, or the
    # subject it names after a dash ("… fly from Cape Canaveral - what was that cape formerly called?")
    asked_of_named = shape.name_asked and not shape.name_asked.of_image
    named = shape.name_asked.owner or referred_name(shape, lines) if shape.name_asked else ""
    owner = named or (shape.subject if asked_of_named else "")
    owner_lines = [line for line in lines if owner and is_about(line.title, line.text, owner)]
    # (not "Hawaii" for "Hawaii Volcanoes National Park": only the shown thing's own name is no other owner)
    if owner_lines and not (anchor and same_entity(owner, anchor)):
        # "Betelgeuse shines near this nebula. What is Betelgeuse's other designation?"
        return Reading(
            other_name(shape, owner, owner_lines, context), [as_evidence(owner_lines[0])], confidence
        )
    if shape.name_asked and not shape.name_asked.of_image and chain.bridged and chain.links:
        # "by what name was the cape this rocket flew from formerly known": the bridge's other name
        bridge = chain.links[0]
        bridge_lines = [line for line in lines if is_about(line.title, line.text, bridge)]
        # of entries under the bridge's name, those that say they are of the kind described come first ("the
        # general this vehicle is named after": Bradley the general, not Bradley the politician)
        kind = head_noun(shape.bridge)
        bridge_lines.sort(
            key=lambda line: not (kind and re.search(rf"\b{re.escape(kind)}\b", line.text.lower()))
        )
        evidence = [as_evidence(line) for line in bridge_lines[:1]]
        name = other_name(shape, bridge, bridge_lines, context)
        return Reading(name, evidence, confidence if evidence else 0.0)
    if chain.bridged and chain.links and asks_bridge_back(shape):
        # "Artemis had a twin brother whose name went to the program behind this craft. Who was that twin?"
        bridge_lines = [line for line in lines if is_about(line.title, line.text, chain.links[0])]
        return Reading(bare(chain.links[0]), [as_evidence(line) for line in bridge_lines[:1]], confidence)
    figure = bridge_figure(shape, chain, lines) if chain.bridged and chain.links else None
    if figure:  # "which animal is that zodiac sign named after" — "Cancer, Cancer the Crab, Crab: the sign …"
        return Reading(figure[0], [as_evidence(figure[1])], confidence)
    numbered = numbered_name(shape, anchor, anchor_lines) if shape.numbered and not chain.bridged else ""
    if numbered:
        return Reading(numbered, [as_evidence(line) for line in anchor_lines[:1]], confidence)
    # "That range extends from British Columbia down to where?": an end of the named subject's extent, or
    # of the bridge's
    extended = shape.subject or (chain.links[0] if chain.bridged and chain.links else anchor)
    extended_lines = [line for line in lines if extended and is_about(line.title, line.text, extended)]
    end = first_read(extent_end, shape.text, extended_lines)
    if end:
        return Reading(end, [as_evidence(line) for line in extended_lines[:1]], confidence)
    # the anchor's own lines, then, for a question about a bridge, the bridge's ("… in a country famous as the
    # world's leading exporter of a certain crop. Which crop?")
    phrased = [*anchor_lines, *(extended_lines if chain.bridged and extended != anchor else [])]
    phrase = next(filter(None, (first_read(read, shape.text, phrased) for read in _PHRASE_READERS)), "")
    if phrase:  # "what runs along the back of this lizard?" — "a spiny crest"; "what markings does this cat's
        # coat have?" — "striped, spotted or swirled with black"
        return Reading(phrase, [as_evidence(line) for line in anchor_lines[:1]], confidence)
    manner = first_read(manner_of, shape.text, anchor_lines) or first_read(
        orientation_of, shape.text, anchor_lines
    )
    if manner:  # "what's odd about the way this fish swims?" — "swim in upright position"
        return Reading(manner, [as_evidence(line) for line in anchor_lines[:1]], confidence)
    part_name = first_read(part_called, shape.text, anchor_lines)
    if part_name:  # "what do astronomers call the dark columns of gas and dust in this nebula?"
        return Reading(part_name, [as_evidence(line) for line in anchor_lines[:1]], confidence)
    lacking = next(filter(None, (lacking_word(shape, line.text) for line in anchor_lines)), "")
    if lacking:  # "does it have a tail? how is it described?" — "tailless"
        return Reading(lacking, [as_evidence(line) for line in anchor_lines[:1]], confidence)
    # a word describing what is shown — not "what family of animals, in one word, …"
    describes = asks_description(shape) and (shape.type_noun or "") not in _GROUPING_HEADS
    described = describing_word(shape, anchor, anchor_lines, context) if describes else ""
    if described:
        return Reading(described, [as_evidence(line) for line in anchor_lines[:1]], confidence)
    part = thing_part(shape, anchor, anchor_lines, context) if asks_thing_part(shape) else ""
    if part:
        return Reading(part, [as_evidence(line) for line in anchor_lines[:1]], confidence)
    # (not "the third largest member of which group of galaxies?", which its own words lead up to)
    grouped = shape.asks_group and anchor and not any(aligned(shape, line.text) for line in anchor_lines)
    group = group_of(shape, anchor_lines) if grouped else ""
    if group:
        return Reading(group, [as_evidence(line) for line in anchor_lines[:1]], confidence)
    offered = [alt for line in anchor_lines for alt in alternatives(shape, line.text)]
    if shape.asks_identity and anchor and offered:  # "an emission nebula, … or something else? What type
        # is it?" — "a dark nebula": the kind its entry gives in the form of the options
        return Reading(offered[0], [as_evidence(line) for line in anchor_lines[:1]], confidence)
    beside = described_beside_shown(question, anchor, entries) if shape.asks_identity and anchor else ""
    if beside:  # "An inactive volcano stands on this peninsula. What is it called?": not the peninsula
        own = [line for line in lines if is_entry_of(beside, line)]
        return Reading(beside, [as_evidence(line) for line in own[:1]], confidence)
    described = described_entry(shape, lines, chain.known) if shape.asks_identity else ""
    if described:  # "… founded Egypt's chief port on the Nile delta. What is it called?": not what is shown
        own = [line for line in lines if is_entry_of(described, line)]
        return Reading(described, [as_evidence(line) for line in own[:1]], confidence)
    if shape.asks_identity and anchor:
        name = other_name(shape, anchor, anchor_lines, context) if shape.other_name else bare(anchor)
        name = kind_of_individual(shape, anchor, anchor_lines) or name
        return Reading(name, [as_evidence(line) for line in anchor_lines[:1]], confidence)
    owned = owner_by_whose(shape, lines)
    if owned:  # "… the Forbidden City encloses a palace that was formerly whose residence?"
        return Reading(owned[0], [as_evidence(owned[1])], confidence)
    featured = feature_kind(shape, anchor, anchor_lines) if anchor else ""
    if featured:  # "What kind of feature is Copernicus?" — "Copernicus: a conspicuous crater on the Moon"
        return Reading(featured, [as_evidence(line) for line in anchor_lines[:1]], confidence)
    headed = own_name_headed_by_asked(shape, anchor) if anchor else ""
    if headed:  # "whose coinage are these pieces?" — what is shown: "Coinage of ancient Greece"
        return Reading(headed, [as_evidence(line) for line in anchor_lines[:1]], confidence)
    life = own_life_year(shape, chain, anchor, anchor_lines, trajectory)
    if life:  # "what year was this czar born?": the year the shown person's own entry gives, not a namesake's
        return Reading(life[0].text, [as_evidence(life[0].line)], span_confidence(life))
    kinded = thing_done(shape, chain, anchor, anchor_lines, (kind_modifier,)) if shape.kind_of else ""
    if kinded:  # "what kind of humor was this comedian known for?" — "… and self-effacing humor"
        return Reading(kinded, [as_evidence(line) for line in anchor_lines[:1]], confidence)
    spans = rank_spans(shape, lines, known=chain.known, chain=chain.tied_to, own=chain.own)
    # a thing done rather than a name ("what did the astronomer pictured here study?" — "sunspots and
    # nebulae"), when the best span is a name or there is none, or the whole phrase the best noun ends
    # ("… of what kind of animal?" — "studied fossil reptiles": not "reptiles" alone)
    done = thing_done(shape, chain, anchor, anchor_lines)
    if done and (not spans or spans[0].text[:1].isupper() or ends_with_phrase(done, spans[0].text)):
        return Reading(done, [as_evidence(line) for line in anchor_lines[:1]], confidence)
    if not spans:
        return Reading("", [as_evidence(line) for line in anchor_lines[:1]], 0.0)
    # several things asked, as names one line lists together — not a verb's object, read whole as one phrase
    # ("related to which other fruits?" — "related to custard apples")
    listed = listed_together(spans) if shape.asks_several and not shape.predicate else None
    best = listed or spans[0]
    support = [best.line, *(line for line in anchor_lines if line is not best.line)]
    evidence = [as_evidence(line) for line in support[:MAX_EVIDENCE]]
    answer = bare_phrase(possessor(shape, one_of_pair(best.text, best.line.text)))
    return Reading(answer, evidence, span_confidence(spans), tuple(spans))


def thing_done(
    shape: QuestionShape,
    chain: Chain,
    anchor: str | None,
    anchor_lines: Sequence[EvidenceLine],
    readers: Sequence[Callable[[QuestionShape, str], str]] = (doctrine_named, verb_led_phrase, kind_modifier),
) -> str:
    """What the image's own entry says it did, made, is known for (see `verb_led_phrase`), stands for (a
    school or movement, see `doctrine_named`) or which one of the asked kind it has (`kind_modifier`),
    asked by the question's words, read by the first of `readers` that finds it; "" for a question about a
    bridge or one that asks a name."""
    if not anchor or shape.answer_type != "named" or chain.bridged or shape.name_asked:
        return ""
    own = own_lines_first(anchor, anchor_lines)
    done = next(filter(None, (read(shape, line.text) for read in readers for line in own)), "")
    # "besides her bebop phrasing, what is she known for" — "noted for her complex bebop phrasing and scat
    # singing": scat singing
    return without_set_aside(shape, [done])[0] if done else ""


# The life of the one shown asked ("was this czar born", "the year this philanthropist died", "did the
# composer pictured here die") — not of someone described by a deed ("the first man to set foot on this world
# was born …")
_SHOWN_LIVED = re.compile(
    r"(?:^|\b(?:was|were|did|does|year|when)\s+)(?:this\s+[\w'’-]+(?:\s+[\w'’-]+)?|the\s+[\w'’-]+(?:\s+[\w'’-]+)?"
    r"\s+(?:pictured|shown|portrayed|in\s+(?:this|the)\s+\w+)(?:\s+here)?)\s+(?:was\s+)?(?:born|die[ds]?)\b",
    re.IGNORECASE,
)


def ends_with_phrase(text: str, phrase: str) -> bool:
    """Whether `text` is `phrase` with modifiers before it ("fossil reptiles", "reptiles"), not with a verb
    form ("hunting ants")."""
    extra = f" {text}".removesuffix(f" {phrase}").split() if f" {text}".endswith(f" {phrase}") else []
    return bool(extra) and not any(word.endswith(("ing", "ed")) for word in extra)


def own_life_year(
    shape: QuestionShape,
    chain: Chain,
    anchor: str | None,
    anchor_lines: Sequence[EvidenceLine],
    trajectory: Sequence[Iteration],
) -> list[Span]:
    """For a year of birth or death asked of the person shown, the year spans of the shown person's own
    entry (the one the image matched, see `own_entry_first`), best first; [] for another question, or when
    that entry gives no year. Entries of namesakes and of people born in the same country state years of the
    asked form too."""
    if not anchor or shape.answer_type != "year" or not _SHOWN_LIVED.search(shape.text) or chain.bridged:
        return []
    ordered = own_entry_first(trajectory, anchor, anchor_lines)
    own = [line for line in ordered if same_entity(line.title, anchor)][:1]
    return rank_spans(shape, own, known=chain.known, chain=chain.tied_to, own=chain.own) if own else []


def own_entry_first(
    trajectory: Sequence[Iteration], anchor: str | None, anchor_lines: Sequence[EvidenceLine]
) -> list[EvidenceLine]:
    """`anchor_lines` with the lines of the image's own match first: the text of the image–text pair under
    the anchor's name that the image matched best, not a namesake's entry ("Hertz" the physicist who died
    in 1975, not the one who died in 1894)."""
    pairs = [
        c
        for it in trajectory
        for c in it["candidates"]
        if c.get("source") == "pairs" and anchor and same_entity(c["title"], anchor)
    ]
    if not pairs:
        return list(anchor_lines)
    shown = max(pairs, key=lambda c: c.get("image_score") or c["score"])["text"]
    return sorted(anchor_lines, key=lambda line: line.text not in shown)


# "whose theory explained that?": the question asks who owns a thing
_ASKS_WHOSE = re.compile(r"^whose\s+[a-z]")
# "Albert Einstein's", "Albert Einstein's General Theory of Relativity": an owner and what it owns, if any
_POSSESSIVE_SPAN = re.compile(r"^(.+?)['’]s(?:\s+(.+))?$")


def possessor(shape: QuestionShape, span: str) -> str:
    """`span` without its possessive ("Albert Einstein's" → "Albert Einstein"); when the question asks
    "whose <thing>", the owner a possessive span names ("Albert Einstein's General Theory of Relativity" →
    "Albert Einstein")."""
    match = _POSSESSIVE_SPAN.match(span)
    if not match:
        return span
    owner, owned = match.groups()
    return owner if not owned or _ASKS_WHOSE.match(asking_clause(shape.text.lower())) else span


def surer_reading(
    question: str, trajectory: Sequence[Iteration], context: Context, titled: TitledEntries | None = None
) -> Reading:
    """The reading of all of T, unless its first record alone reads surer without a weaker best span. Later
    iterations bring the evidence of hops the first record lacks, but also lines that compete with an
    answer it already states ("a state in south central <bridge>" against the coastal region the question
    describes): an iteration earns its say in the answer by making the reader surer of it, or by finding a
    span clearly better supported than any the first record holds (the capital's own entry, "<city>,
    capital of <country>", against a state capital the first record offered alone)."""
    full = read_records(question, trajectory, context, titled)
    if len(trajectory) < 2 or full.confidence >= 1.0:
        return full  # nothing to compare, or nothing reads surer than certain
    _, described = subject_named(question, record_entries(trajectory))
    if described != subject_named(question, record_entries(trajectory[:1]))[1]:
        return full  # a later record told which entity the question describes: the first read another
    first = read_records(question, trajectory[:1], context, titled)
    if first.confidence < 1.0 and best_score(full) >= best_score(first) + STRONGER_BY:
        return full  # a first record with one candidate only is certain of it: "clearly stronger" is no more
    return first if first.confidence > full.confidence else full


def asks_bridge_back(shape: QuestionShape) -> bool:
    """Whether the asking clause asks only who or what the bridge is ("Who was that twin?", "What is that
    river?")."""
    if shape.name_asked:  # "An older word for this beast blends … What is that word?": a name of its own
        return False
    head = re.escape(head_noun(shape.bridge))
    asking = asking_clause(shape.text.lower().rstrip("?. "))
    return bool(re.fullmatch(rf"(?:who|what|which)\s+(?:is|was)\s+(?:that|this)\s+{head}", asking))


def bridge_figure(
    shape: QuestionShape, chain: Chain, lines: Sequence[EvidenceLine]
) -> tuple[str, EvidenceLine] | None:
    """For a question asking what the bridge is named after or stands for, the figure an entry of the bridge
    names it with ("Cancer, Cancer the Crab, Crab: the fourth sign of the zodiac" → "Crab"), and its line."""
    if not _FIGURE_ASKED.search(shape.text.strip()):
        return None
    for line in lines:
        if not is_about(line.title, line.text, chain.links[0]):
            continue
        for name in entry_names(line.text):
            epithet = _EPITHET.match(name)
            # not a figure that is the kind asked: "which hunter of myth is it named after" — Orion himself
            kind = epithet and epithet.group("figure").lower() != (shape.type_noun or "")
            if kind and same_entity(epithet.group("name"), chain.links[0]):
                return epithet.group("figure"), line
    return None


def best_score(reading: Reading) -> float:
    """The score of a reading's best span (0 without spans: an identity or a rule's answer)."""
    return reading.spans[0].score if reading.spans else 0.0


# The number of a numbered name: "Messier 17", "F-22 Raptor", "Voyager-2", "M2 Bradley".
_NUMBER_IN_NAME = re.compile(r"(?:^|[\s-])(?:[A-Z]+-?)?(\d+)\b")


def numbered_name(shape: QuestionShape, anchor: str | None, anchor_lines: Sequence[EvidenceLine]) -> str:
    """The numbered name of what is shown, or its number, when the question asks for one ("what is its
    M-number" → "17"; "which entry in Messier's catalogue is this" → "Messier 1"); of several, the one
    sharing a word with the question. "" when none of its names is numbered — a
    number in a named catalogue of another entity is still a span (`spans.catalogue_numbers`)."""
    if not anchor:
        return ""
    names = dict.fromkeys([anchor, *(name for line in anchor_lines for name in entry_names(line.text))])
    # not a name the question already calls it by ("this Bradley Fighting Vehicle": "M2 Bradley" is no
    # answer to which model designation it carries)
    called = set(shape.reference.split())
    numbered = [n for n in names if _NUMBER_IN_NAME.search(n) and not called & set(n.lower().split())]
    asked = set(re.findall(r"[a-z]+", shape.text.lower()))
    best = next((n for n in numbered if set(re.findall(r"[a-z]+", n.lower())) & asked), "")
    best = best or (numbered[0] if numbered else "")
    if not best:
        return ""
    # "what number does it carry in Messier's catalogue": a number asked by its catalogue's name is answered
    # with that name, as catalogues are cited ("Messier 82"); "its M-number", "the number after its name":
    # the digits
    cited = any(len(word) > 1 for word in set(re.findall(r"[a-z]+", best.lower())) & asked)
    return bare(best) if shape.numbered == "name" or cited else _NUMBER_IN_NAME.search(best).group(1)


def other_name(
    shape: QuestionShape, anchor: str, anchor_lines: Sequence[EvidenceLine], context: Context
) -> str:
    """A name the anchor's entries list that is neither its title nor a name the question gives or sets
    aside ("Besides the Omega Nebula, by what name is this nebula known?" → "Swan Nebula"), of the form
    asked (a Latin name only when one is asked: entries list Latin names last). Of several, the one
    closest in meaning to what the question says of it ("likening it to a land predator" → "sea wolf"),
    else the first listed; the title when the entries list no other."""
    asked = shape.name_asked or NameAsked()
    local = name_used_in(shape.text, anchor_lines)
    if local:  # "what do they call it in Eurasia?" — "called `reindeer' in Eurasia"
        return local
    if asked.usual and asked.said and not any(_same_name(anchor, said) for said in asked.said):
        return bare(anchor)  # "sometimes called a wapiti. What is its more common name?" — the title
    given = [anchor, *shape.names, *asked.said]
    listed = list(
        dict.fromkeys(name for line in anchor_lines for name in [*entry_names(line.text), *called(line.text)])
    )
    if asked.containing:  # "which 'bear' is this" → "koala bear"; the title may be the one; a blend
        # begins with the word ("blends 'camel' and 'leopard'" → "camelopard")
        with_word = [
            n
            for n in [anchor, *listed]
            if any(w.startswith(asked.containing) for w in re.split(r"[\s-]+", n.lower()))
        ]
        if with_word:
            return bare(with_word[0])
    latin = [n for n in listed[1:] if BINOMIAL.match(n)]
    if asked.full:  # "Federative Republic of Brazil", "Omar Nelson Bradley": the name its first entry says
        # out in full (the entries come with the one of the kind asked first)
        own = entry_names(anchor_lines[0].text) if anchor_lines else []
        return bare(max([anchor, *(n for n in own if n not in latin)], key=lambda n: len(n.split())))
    if asked.usual_latin_aside:
        latin = latin[1:]
    names = [
        n
        for n in listed
        if not any(_same_name(n, g) for g in given)
        and not any(re.search(rf"\b{re.escape(aside.lower())}\b", n.lower()) for aside in asked.set_aside)
    ]
    names = [n for n in names if (n in latin) == asked.latin] or names
    if asked.former:  # "the old name of Ethiopia" — "… formerly called Abyssinia"
        texts = " ".join(line.text for line in anchor_lines)
        names = [n for n in names if re.search(rf"{_FORMERLY}{re.escape(n)}\b", texts)] or names
    # a name, not a description ("capital of Red China"); "the Sails" is a name
    names = [n for n in names if re.sub(r"^the\s+", "", n)[:1].isupper()] or names
    if asked.initial:  # "another official name beginning with B"
        names = [n for n in names if n.lower().startswith(asked.initial)] or names
    if len(names) > 1 and asked.hint:  # "what was the region called in Roman times": the name a clause
        # of the hint's words gives ("during Roman times the region was known as Cambria")
        names = _named_with(asked.hint, names, [line.text for line in anchor_lines]) or names
    if len(names) > 1 and asked.hint:
        vectors = np.asarray(text_embedder(context).embed_texts([asked.hint, *names]), dtype=np.float32)
        names = [names[int(np.argmax(vectors[1:] @ vectors[0]))]]
    return bare(names[0]) if names else bare(anchor)


# Regions a question may name by their parts: "Europe and Asia" is Eurasia
_JOINED_REGIONS = {"europe and asia": "Eurasia", "europe or asia": "Eurasia", "asia and europe": "Eurasia"}


def referred_name(shape: QuestionShape, lines: Sequence[EvidenceLine]) -> str:
    """For "Rockets like this fly from Cape Canaveral - what was that promontory formerly called?", the
    entity the question names that its demonstrative refers back to: one whose name or whose entry's
    definition holds the demonstrative's noun ("Cape Canaveral: a sandy promontory …"); "" when none
    does, or when the name asked is of what is shown."""
    if not shape.bridge or not shape.name_asked or shape.name_asked.of_image:
        return ""
    noun = re.compile(rf"\b{re.escape(head_noun(shape.bridge))}\b")
    return next(
        (
            name
            for name in shape.names
            if noun.search(name.lower())
            or any(
                is_about(line.title, line.text, name) and noun.search(definition(line.text).lower())
                for line in lines
            )
        ),
        "",
    )


# "whose coinage …", "what coinage do these pieces belong to": the noun a wh-word asks
_WH_NOUN = re.compile(r"\b(?:whose|what|which)\s+([a-z]+)(?:\s+([a-z]+))?")


def own_name_headed_by_asked(shape: QuestionShape, anchor: str) -> str:
    """The image's own entity's name when it is "<kind> of <owner>" and the question asks that kind ("whose
    coinage are we looking at?" — "Coinage of ancient Greece"); "" otherwise."""
    head, of, _ = anchor.lower().partition(" of ")
    asked = {
        singular(w) for m in _WH_NOUN.finditer(asking_clause(shape.text.lower())) for w in m.groups() if w
    }
    return bare(anchor) if of and head.split() and singular(head.split()[-1]) in asked else ""


def name_used_in(question: str, anchor_lines: Sequence[EvidenceLine]) -> str:
    """The name the anchor's entry says is used in the region the question asks about ("called `reindeer'
    in Eurasia and `caribou' in North America" → reindeer for Eurasia); "" when it asks no region or the
    entry names none used there."""
    region = region_of_name(question)
    if not region:
        return ""
    region = _JOINED_REGIONS.get(region.lower(), region)
    used = compiled(
        rf"\bcalled\s+[`'‘\"“]?([\w-]+(?:\s+[\w-]+)?)[`'’\"”]?\s+in\s+(?:the\s+)?{re.escape(region)}\b"
    )
    return next((m.group(1) for line in anchor_lines for m in used.finditer(line.text)), "")


# "… formerly called Abyssinia": a name an entity once had
_FORMERLY = r"\b(?:formerly|previously|once|originally|earlier)\s+(?:called|known\s+as|named)\s+(?:the\s+)?"
# "… is sometimes called `the Sails'", "… was known as Cambria": a name given in a gloss's sentence.
_CALLED = re.compile(
    # "are called the Pillars of Creation": a name joined by "of"
    r"\b(?:called|named|known\s+as|nicknamed)\s+[`'‘\"“]?((?:the\s+)?[A-Z][\w’-]*"
    r"(?:\s+(?:of|de|del)\s+[A-Z][\w’-]*|\s+[A-Z][\w’-]*)*)"
)


def called(text: str) -> list[str]:
    """Names a gloss gives its entity after its name list, by "called", "known as" or "nicknamed"."""
    return _CALLED.findall(text.partition(":")[2])


def _named_with(hint: str, names: Sequence[str], texts: Sequence[str]) -> list[str]:
    """Those of `names` that a clause of `texts` gives along with a word of `hint`."""
    words = set(content_words(hint.lower()))
    clauses = [clause for text in texts for clause in re.split(r"[;:]", text)[1:]]
    return [
        name
        for name in names
        if any(name in clause and words & set(re.findall(r"[a-z]+", clause.lower())) for clause in clauses)
    ]


def _same_name(name: str, other: str) -> bool:
    """Whether two names are one name written longer or shorter ("McKinley", "Mt. McKinley", "Mount
    McKinley"), not two names of one kind ("Omega Nebula", "Swan Nebula"), nor a genus and a species
    ("Hippopotamus", "Hippopotamus amphibius")."""
    if same_entity(name, other):
        return True
    words, others = _name_words(name), _name_words(other)
    latin = BINOMIAL.match(name) or BINOMIAL.match(other)
    return not latin and bool(words and others) and (words <= others or others <= words)


def _name_words(name: str) -> set[str]:
    return {w.lower().rstrip(".") for w in bare(name).split()} - _TITLE_WORDS


# "…, the one Americans also call wapiti?": a name given at the end to say which thing is meant
_ALIAS_AT_END = re.compile(
    r"\b(?:call|calls|called|know\s+as|known\s+as)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?[?.!\s]*$"
)


def kind_of_individual(shape: QuestionShape, anchor: str, anchor_lines: Sequence[EvidenceLine]) -> str:
    """For "what type of galaxy is this?" about an individual with a proper name ("Messier 82, Cigar
    Galaxy: a starburst galaxy …"), the kind its entry gives ("starburst galaxy"); "" for an anchor that
    is itself a kind ("Tabby cat: a domestic cat …" answers "what kind of cat is this?" by its name)."""
    proper = is_proper_name(anchor, [line.text for line in anchor_lines])
    names = [anchor, *(name for line in anchor_lines for name in entry_names(line.text))]
    # "what general kind of bird is this crowned crane": the question names the species, so it asks its kind
    # — but "which kind of deer is this, the one Americans also call wapiti?" names it to say which is shown
    asked = (
        set(re.findall(r"[a-z-]+", _ALIAS_AT_END.sub("", shape.text.lower()))) - STOPWORDS - {shape.kind_of}
    )
    named = asked & {w.lower() for n in names for w in bare(n).split()}
    own_kind = any(shape.kind_of in bare(n).lower().split() for n in names)
    if not shape.kind_of or not (proper or named) and own_kind or shape.held:
        return ""  # "Tabby cat", "killer whale, orca: …" say what kind of cat or whale they are; "Owl
        # Nebula" does not say what kind of nebula it is; what a cup holds is a kind, named by its name
    if shape.kind_of in _BROAD_KINDS and not (proper or named):
        return broad_kind(shape, anchor, anchor_lines)
    phrases = [p for line in anchor_lines for p in typed_phrases(definition(line.text), shape.kind_of)]
    likened = "" if phrases else first_read(kind_likened, anchor, anchor_lines)
    # "what type of military vehicle is this?" — "With a fast APC like this Stryker, …"; but "what type of
    # armoured personnel carrier is this?" asks which APC: the name answers
    if likened and not spelled_out(likened, shape.text):
        return likened
    if not phrases and proper:  # "which type of spacecraft is it" — "The Voyager-2 deep-space probe."
        kind = next(filter(None, (defined_kind(definition(line.text)) for line in anchor_lines)), "")
        # "which variety of apple is this" — "Granny Smith: apple with a green skin": the entry is one of the
        # kind asked, and its name says which; "what type of airliner is this" — "An airplane.": a bare noun
        # tells no type, the name does
        return "" if singular(kind.lower()) == shape.kind_of or len(kind.split()) < 2 else kind
    # the modifier next to the noun says the kind: "large long-necked wading bird" → "wading bird",
    # "eared seals" → "eared seal" — in the number the question asks ("what kind of deserts": "hot deserts")
    if not phrases or len(phrases[0].split()) < 2:
        return ""
    modifier, written = phrases[0].split()[-2:]
    if re.search(rf"\b{re.escape(modifier.lower())}\b", shape.text.lower()):
        return ""  # "what kind of coffee is this, the strong kind …": the kind is given, the name answers
    noun = written if re.search(rf"\b{re.escape(written.lower())}\b", shape.text.lower()) else shape.kind_of
    return f"{modifier} {noun}"


# "With a fast APC like this Stryker, …": a thing named as one of a kind ("a K like this <name>")
_KIND_LIKE_THIS = (
    r"\b(?:[Aa]n?|[Tt]he)\s+(?:[a-z-]+\s+){{0,2}}?([A-Za-z][\w-]*)"
    r"\s+like\s+this\s+(?:[\w-]+\s+){{0,2}}?{name}\b"
)


def kind_likened(anchor: str, text: str) -> str:
    """The kind `text` says the thing named `anchor` is one of, in "a K like this <anchor>" ("a tough APC
    like this M-3 Bradley …" → "APC"); "" when it says none."""
    name = re.escape(bare(anchor).split()[-1])
    found = re.search(_KIND_LIKE_THIS.format(name=name), text)
    return found.group(1) if found else ""


def spelled_out(acronym: str, text: str) -> bool:
    """Whether `text` writes `acronym`, as it is or word by word ("APC": "armoured personnel carrier")."""
    words = re.findall(r"[A-Za-z][\w'’-]*", text.lower())
    return acronym.lower() in words or acronym.lower() in "".join(word[0] for word in words)


def describing_word(
    shape: QuestionShape, anchor: str | None, anchor_lines: Sequence[EvidenceLine], context: Context
) -> str:
    """For a question asking a word that describes the thing shown ("how would you describe the pace of
    this marsupial?"), the describing word of its own entry (`describing_words`) closest in meaning to
    what the question asks about ("pace" → "sluggish" in "sluggish tailless … marsupial"); "" when its
    entry has none."""
    if not anchor or shape.part and any(part_looks(shape, line.text) for line in anchor_lines):
        return ""  # "how would you describe its tail": the tail's look its entry gives ("long tufted")
    given = set(content_words(shape.text.lower()))
    own_first = own_lines_first(anchor, anchor_lines)
    words = list(
        dict.fromkeys(
            word
            for line in own_first
            for word in describing_words(_ANY_OF.sub("", definition(line.text)), given)
        )
    )
    if _GOOD_AT.search(shape.text):  # "what is this bird good at?": a doing ("fast-running")
        words = [w for w in words if w.endswith("ing")] or words
    if not words:
        return ""
    # what the description is about: the question's words less those asking for one, those it sets aside
    # and those the entry gives ("the pace of this marsupial" — "… arboreal marsupial": "pace")
    aside = set_aside(shape.text.lower())
    entry_words = {w for line in own_first for w in content_words(line.text.lower())}
    about = " ".join(
        w for w in shape.attribute if w not in _ASKING_WORDS | entry_words and w not in aside.split()
    )
    about = about or shape.text
    vectors = np.asarray(text_embedder(context).embed_texts([about, aside, *words]), dtype=np.float32)
    closeness = vectors[2:] @ vectors[0]
    if aside and len(words) > 1:  # "apart from spending time in trees, what quality …": not "arboreal"
        closeness[int(np.argmax(vectors[2:] @ vectors[1]))] = -np.inf
    return words[int(np.argmax(closeness))]


def thing_part(
    shape: QuestionShape, anchor: str | None, anchor_lines: Sequence[EvidenceLine], context: Context
) -> str:
    """For a question asking which part of the thing shown fits what it says ("besides its coat, which part
    of this marsupial is grey and furry?"), the part its own entry names with the question's words before
    it ("grey furry ears" → ears), else the one closest in meaning to what is asked ("on top of its head" →
    horns); "" when its entry names no part, or when the question's verb or lead-up words point at another
    phrase there ("a small kind of what?" — "a small kind of wallaby")."""
    pointed = (
        aligned(shape, line.text) or shape.predicate and verb_objects(line.text, shape.predicate)
        for line in anchor_lines
    )
    if not anchor or any(pointed):
        return ""
    given = set(content_words(shape.text.lower()))
    own_first = own_lines_first(anchor, anchor_lines)
    parts = [p for line in own_first for p in thing_parts(definition(line.text), given)]
    if not parts:
        return ""
    about = " ".join(w for w in shape.attribute if w not in _ASKING_WORDS) or shape.text
    vectors = np.asarray(
        text_embedder(context).embed_texts([about, *(p for p, _ in parts)]), dtype=np.float32
    )
    closeness = vectors[1:] @ vectors[0]
    described = [len(given & set(before)) for _, before in parts]  # "grey and furry" — "grey furry ears"
    best = max(range(len(parts)), key=lambda i: (described[i], closeness[i]))
    return parts[best][0]


def own_lines_first(anchor: str, anchor_lines: Sequence[EvidenceLine]) -> list[EvidenceLine]:
    """The anchor's lines, those under its own title first: a pair's own entry before another entry that
    lists the anchor's name ("walrus, seahorse, …" for a seahorse)."""
    return sorted(anchor_lines, key=lambda line: not same_entity(line.title, anchor))


def broad_kind(shape: QuestionShape, anchor: str, anchor_lines: Sequence[EvidenceLine]) -> str:
    """For "what kind of animal is this?", the head of the entry's definition, in the singular
    ("intelligent somewhat arboreal ape of …" → "ape", "… arboreal lizards with …" → "lizard"). When that
    head is the broad noun asked itself, the species is asked: the entry's own name where it is not the
    title ("penguin: … flightless birds" for a little penguin and "what kind of bird"), else "" (the title
    answers: "sea lion: a large amphibious animal" for "what kind of animal")."""
    own_first = own_lines_first(anchor, anchor_lines)
    for line in own_first:
        names = entry_names(line.text)
        head = group_head(definition(line.text)) if names else ""
        if head.lower() in _GROUPING_HEADS:
            head = group_head(definition(line.text).partition(f"{head} of ")[2])
        if not head:
            continue
        if shape.kind_of not in {head.lower(), singular(head.lower()), head.lower().removesuffix("es")}:
            return singular(head)
        return "" if same_entity(names[0], anchor) else names[0]
    return ""


def first_read(read: Callable[[str, str], str], question: str, lines: Sequence[EvidenceLine]) -> str:
    """What `read` finds for `question` in the first of `lines` where it finds anything; "" if none."""
    return next(filter(None, (read(question, line.text) for line in lines)), "")


# "… is said to contain what kind of object?": a verb (no form of "be", no preposition) right before the
# kind asked
_VERB_TAKES_KIND = re.compile(
    r"\b(?!(?:is|are|was|were|be|been|in|on|of|at|to|for|from|by|with|into|and|or)\b)[a-z]+\s+"
    r"(?:what|which)\s+(?:kinds?|types?|sorts?)\s+of\b"
)


def feature_kind(shape: QuestionShape, anchor: str, anchor_lines: Sequence[EvidenceLine]) -> str:
    """For "what kind of feature is Copernicus?" asked of a thing the question names, the kind its entry's
    head gives ("a conspicuous crater on the Moon" → "conspicuous crater"); "" for a question of another
    shape, or of the thing shown (`kind_of_individual` reads those)."""
    named = shape.subject or next(iter(shape.names), "")
    # not "what kind of exotic object is Cygnus said to contain?", "Cygnus is said to contain what kind of
    # object?": what a verb takes is asked
    if (
        shape.kind_of not in _FEATURE_KINDS
        or shape.asks_identity
        or shape.predicate
        or _VERB_TAKES_KIND.search(shape.text.lower())
        or not _same_name(named, anchor)
    ):
        return ""
    return next(filter(None, (defined_kind(definition(line.text)) for line in anchor_lines)), "")


def defined_kind(text: str) -> str:
    """The kind a definition's head says, with the modifier next to it ("deep-space probe"); "" when its
    head is a verb form."""
    head = group_head(text)
    if not head or head.endswith(("ed", "ing")):
        return ""
    return next(iter(typed_phrases(text, head)), head)


def group_of(shape: QuestionShape, anchor_lines: Sequence[EvidenceLine]) -> str:
    """The kind the anchor's entry says it is one of: the head noun of its definition ("small South
    American marmoset with silky fur" → "marmoset", "any of several striped African equines" →
    "equines"). When that head is the question's own noun ("to which group of long-necked wading birds
    does this bird belong" against "crane: large long-necked wading bird …"), the entry defining it is
    named instead ("crane"); "" when no entry line has a definition."""
    asked = {singular(word) for word in content_words(shape.text.lower())}
    # of several entries under one name ("Hudson": a river, a navigator, a naturalist) the one whose own
    # names the question writes out ("W. H. Hudson") comes first
    written = sorted(
        anchor_lines, key=lambda line: not any(name in shape.text for name in entry_names(line.text)[1:])
    )
    for line in written:
        names = entry_names(line.text)
        role = role_of(definition(line.text)) if names and shape.asks_occupation else ""
        if role:  # "apart from being a philosopher, what was his profession?" — not "… and philosopher"
            return without_set_aside(shape, [role])[0]
        head = group_head(definition(line.text)) if names else ""
        if head and singular(head.lower()) in asked:
            # "to which unusual group of mammals does it belong" against "a burrowing monotreme mammal": the
            # word that narrows the question's own noun, when the question does not give it
            narrowing = word_before(definition(line.text), head)
            if narrowing and singular(narrowing) not in asked:
                return narrowing
            return names[0] if names[0].lower() not in shape.text.lower() else ""
        if head:
            return head
    return ""


def role_of(text: str) -> str:
    """The role a person's definition gives after their nationality, every noun of it ("United States dancer
    and choreographer (born in 1944)" → "dancer and choreographer"; "United States rock star (1936-1959)" →
    "rock star"); "" for a definition that is not a person's (no life range) or names no role."""
    if not _LIFE_STATED.search(text):
        return ""
    phrase = re.split(r"[;,(]", text)[0].split()
    # the nationality is the first run of capitalised words ("innovative United States dancer")
    first_name = next((i for i, word in enumerate(phrase) if word[:1].isupper()), 0)
    after = itertools.dropwhile(lambda w: w[:1].isupper(), phrase[first_name:])
    role = list(itertools.takewhile(lambda w: w[:1].islower() and (w == "and" or w not in _HEAD_ENDS), after))
    while role and role[-1] == "and":  # "astronaut and Air Force colonel": the role before a name
        role.pop()
    return " ".join(role)


def group_head(text: str) -> str:
    """The head noun of a definition's first noun phrase: the last word before a preposition, a word
    that opens a modifier ("often", "having", "covered") or the end of its clause ("very large terrestrial
    southeast Asian pheasant often raised …" → "pheasant")."""
    phrase = _ANY_OF.sub("", re.split(r"[;,(]", text)[0])  # not "(born in Argentina)" nor "(1871-1900)"
    words: list[str] = []
    for word in phrase.split():
        if word.lower() in _HEAD_ENDS and words:
            break
        if word.lower() not in _HEAD_ENDS:  # "a small wallaby", "very large … pheasant"
            words.append(word.strip("()."))
    return words[-1] if words and words[-1].isalpha() else ""


# Words before a kind that describe one of it rather than name a group of it ("a large … mammal")
_PLAIN_DESCRIPTIONS = word_set("large small big little long short huge tiny giant great common wild very")


def word_before(text: str, head: str) -> str:
    """The plain word right before `head` in `text`'s first clause when it may name a group of the head's
    kind ("a burrowing monotreme mammal" → "monotreme"); "" for a description ("large", "burrowing",
    "long-necked"), a name, or none."""
    words = re.split(r"[;,(]", text)[0].split()
    at = next((i for i, word in enumerate(words) if word.strip("().") == head), 0)
    before = words[at - 1] if at else ""
    plain = before.isalpha() and before.islower() and not before.endswith(("ing", "ed"))
    return before if plain and before not in _HEAD_ENDS | _PLAIN_DESCRIPTIONS else ""


def span_confidence(spans: Sequence[Span]) -> float:
    """The best span's share of the two best scores, times min(1, best score / FULL_SCORE)."""
    best = spans[0].score
    runner_up = spans[1].score if len(spans) > 1 else 0.0
    share = best / (best + runner_up) if best + runner_up > 0 else 0.0
    return round(share * min(1.0, best / FULL_SCORE), 3)


def evidence_lines(
    shape: QuestionShape,
    trajectory: Sequence[Iteration],
    entries: Sequence[tuple[str, str]],
    chain: Chain,
    context: Context,
) -> list[EvidenceLine]:
    """T's record lines (`entries`: each once) with their source ids, weights on `chain` and relevance
    to the question."""
    if not entries:
        return []
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

"""The evidence chain of one run: the anchor, the entities it links to, and how close a line is to it.

A record states its anchor on its first line (`Image shows: Lemur (match 0.712)`, or `Question names:
Venus (match 0.650)` for an entity the question names); later operators
read it back from the trajectory, so the chain needs no state beyond the records themselves.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections import Counter
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from nodes.extractive.anchor import (
    EntityGuess,
    aliases,
    bare,
    definition,
    entry_names,
    is_about,
    linked_names,
    mentions,
    place_of,
    same_entity,
)
from nodes.extractive.question import (
    SPELLED_INITIALS,
    TYPE_NOUNS,
    QuestionShape,
    answer_partners,
    compiled,
    content_words,
    head_noun,
    singular,
    word_set,
)
from nodes.extractive.spans import (
    COMPARATIVES,
    RELATION_BONUS,
    EvidenceLine,
    calls_shown_by,
    definition_head,
    is_continent,
    kind_words,
    kinds_of,
    nearness,
    relation,
)

# "named after", "named for", "takes its name from", "carries the (sur)name of", "carries an American
# astronomer's name", "whose name comes from": the image's thing is named after the entity asked about
# through it.
_NAMED_AFTER = re.compile(
    r"\b(?:nick)?named\s+(?:after|for)\b|\b(?:after|for)\s+(?:whom|which)\b[^?]*\bnamed\b"
    # "one of this deer's names includes a huge northern island", "… refers to an enormous island", "has long
    # been called the bird of a Roman goddess"
    r"|\bnames?\b[^.?]*?\b(?:includes?|contains?|refers?\s+to)\b"
    # "one of this animal's names comes from a mountain range"
    r"|\bnames?\s+(?:comes?|came|derives?|derived|is\s+taken|was\s+taken)\s+from\b"
    r"|\b(?:called|known\s+as)\s+the\s+[\w-]+\s+of\s+an?\s+"
    r"|\b(?:takes|took|gets|got|carries|bears|derives)\s+(?:its|the|his|her)\s+(?:sur)?name\b"
    r"|\b(?:carries|bears|shares)\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+){0,3}?[\w-]+['’]s\s+(?:sur)?name\b"
    r"|\bgave\s+(?:its|his|her|their)\s+name\s+to\b|\bwhose\s+(?:sur)?name\b[^?]*\b(?:this|these)\b"
    r"|\bname\s+(?:comes|came|derives)\s+from\b|\bshares?\s+(?:its|a|the|his|her|their)\s+name\s+with\b",
    re.IGNORECASE,
)
# "called the bird of a Roman goddess": a name of the thing that says whom it is "of"
_CALLED_OF = re.compile(r"\b(?:called|known\s+as)\s+the\s+[\w-]+\s+of\s+(?:an?|some|a\s+certain)\b")
# "this aromatic shrub", "penguins like this": words that call the image's thing, not another entity
_IMAGE_REFERENCE = re.compile(
    r"\b(?:this|these)\s+(?:[\w-]+\s+){0,2}[\w-]+|\b[\w-]+\s+like\s+(?:this|these)\b", re.IGNORECASE
)
MIN_PREFIX_SOURCE = 4  # letters of a title a one-word name may open with and be named after ("Guinea")
ANCHOR_PREFIX = "Image shows: "
NAMED_PREFIX = "Question names: "
_ANCHOR_LINE = re.compile(
    rf"^(?:{re.escape(ANCHOR_PREFIX)}|{re.escape(NAMED_PREFIX)})(.+?)(?: \(match (-?[\d.]+)\))?$"
)
# How much a line counts by its place on the chain (see `Chain.weight`). A question about a bridge
# ("the capital of the country where this lemur lives") finds its answer with the bridge and the
# entries that name it, rarely in the anchor's own lines; any other question, with the anchor.
WEIGHTS = {
    "anchor": 1.0, "anchor to bridge": 1.0, "bridge": 0.85, "link": 0.85, "states relation": 1.0,
    "past bridge": 0.6, "names anchor": 0.85, "names bridge": 0.6, "names chain": 0.6, "off": 0.15,
    "given": 1.0, "described": 0.85,
}  # fmt: skip
BRIDGED = {
    "anchor": 0.6, "anchor to bridge": 0.9, "bridge": 1.0, "link": 0.8, "states relation": 1.0,
    "past bridge": 0.8, "names anchor": 0.7, "names bridge": 0.9, "names chain": 0.7, "off": 0.1,
    "given": 0.9, "described": 0.9,
}  # fmt: skip
# An entity the question describes in words instead of naming it ("an American admiral led expeditions to
# explore the frozen continent …") is found by the words its entry shares with the question: at least
# DESCRIBED_WORDS of them, DESCRIBED_RARE_WORDS of them one that few other entries hold (at most
# DESCRIBED_RARE_SHARE of them, or one) — "constellation" and "southern" describe half a star atlas.
DESCRIBED_WORDS = 3
DESCRIBED_RARE_WORDS = 1
DESCRIBED_RARE_SHARE = 0.1


def anchor_line(guess: EntityGuess) -> str:
    """The record's first line: what the image shows, or the entity the question names."""
    return f"{NAMED_PREFIX if guess.named else ANCHOR_PREFIX}{guess.title} (match {guess.score:.3f})"


def read_anchor_line(line: str) -> tuple[str, float] | None:
    """(title, score) of a record's anchor line, or None for any other line."""
    match = _ANCHOR_LINE.match(line.strip())
    if not match:
        return None
    return match.group(1), float(match.group(2) or 0.0)


def anchor_match(records: Iterable[str]) -> tuple[str, float] | None:
    """(title, score) of the anchor with the best match over all records (a later, stronger record
    corrects an earlier one), or None when no record names one."""
    best: tuple[str, float] | None = None
    for record in records:
        for line in record.splitlines():
            parsed = read_anchor_line(line)
            if parsed and (best is None or parsed[1] >= best[1]):
                best = parsed
    return best


def best_anchor(records: Iterable[str]) -> str | None:
    """The title of `anchor_match`."""
    match = anchor_match(records)
    return match[0] if match else None


@dataclass(frozen=True)
class Chain:
    """The anchor, its own names, the entities its texts link to (likeliest bridge first), and whether
    the question asks about a bridge rather than about the anchor itself."""

    anchor: str | None
    own: frozenset[str] = frozenset()
    links: tuple[str, ...] = ()
    bridge: str = ""  # the question's description of the bridge ("university"), when it asks about one
    answerable: frozenset[str] = frozenset()  # links defined as the asked kind, not the bridge's
    # Entries that tie the asked kind to the chain as the question asks ("Rome, capital of Italy"): a
    # reverse link, the answer's own entry (`spans.relation`).
    stating: frozenset[str] = frozenset()
    # Other names the links' own entries give them ("Malaysia, Malaya: …" for the link "Malaya"), which an
    # entry of the asked kind may use instead ("Kuala Lumpur: … capital of Malaysia").
    renamed: frozenset[str] = frozenset()
    # Names the bridge's own entries link to, for a question that goes one step past the bridge ("the
    # supergiant star in the constellation where this nebula lies": Carina → "contains the star Canopus").
    beyond: tuple[str, ...] = ()
    # The anchor's link the chain leads on through when the bridge has no entry of its own ("the museum that
    # holds this painting is in a city …": the city the painting's entry names); read as the bridge's step.
    through: str = ""
    goes_past: bool = False  # the question describes a thing one step past the bridge (`_past`)
    # Other names a question that does not point at the image gives in words, which the anchor's entry does
    # not give ("Naples" in "Which region of Italy has Naples as its capital?", anchored on Italy): their own
    # entries are as close as the anchor's.
    given: tuple[str, ...] = ()
    # Stems of the question's words that the anchor's own entries lack (what it says of another entity),
    # and those of them that few entries hold: see `describes`.
    described: frozenset[str] = frozenset()
    rare: frozenset[str] = frozenset()

    @property
    def bridged(self) -> bool:
        return bool(self.bridge)

    @classmethod
    def build(cls, anchor: str | None, entries: Sequence[tuple[str, str]], shape: QuestionShape) -> Chain:
        """The chain of `anchor` for the question `shape`, from (title, text) evidence entries.

        Names the question itself gives are not links. A bridge description that fits the anchor
        ("the temple complex where this shrine stands", when the image's entity is a temple) describes
        the anchor, not a bridge.
        """
        if anchor is None:
            return cls(None)
        texts = [text for title, text in entries if is_about(title, text, anchor)]
        # a name a question about a bridge sets aside ("besides Tarn") is no answer, but may be a link to it
        partners = answer_partners(shape.text) if shape.bridges else set()
        given = {name.lower() for name in shape.named if name not in partners}
        links = [n for n in linked_names(anchor, texts) if not set(n.lower().split()) <= given]
        own = frozenset(aliases(anchor, texts))
        bridge = next(
            (b for b in shape.bridges if another_of_shown(shape, b) or not _describes(b, anchor, texts)), ""
        )
        named_after = _NAMED_AFTER.search(shape.text) and not any(same_entity(anchor, n) for n in shape.names)
        # its names, with those its own entry lists under its title ("Indian peafowl: … bird of Juno: …"), and
        # whom a name says the thing is "of" ("bird of Juno" → Juno); read only when a question needs them
        names = (
            own | {n for t, x in entries if same_entity(t, anchor) for n in entry_names(x)}
            if (named_after or bridge)
            else own
        )
        owners = {m for name in names for m in re.findall(r"\bof\s+([A-Z][\w'’-]*)", bare(name))}
        sources: list[str] = []
        # "the country this antelope is named after": Indian → India; not for an anchor the question names
        # ("the probe is named after the astronomer Anna Vogel": a queen Anna is no source of her name)
        if named_after:
            sources = _found_sources(names, owners, entries)
            sources += [s for s in prefix_sources(names, entries) if s not in sources]
            # "This parrot's local form is named after a city" — "An Adelaide Rosella"; "an early computer
            # that carries a university's name": when none of the thing's own names is, a linked name is
            sources = sources or _found_sources(links, frozenset(), entries)
            if _CALLED_OF.search(shape.text):  # "called the bird of a goddess": whom "bird of Juno" is of
                sources.sort(key=lambda source: source not in owners)
            links = [*sources, *(n for n in links if n not in sources)]
        if bridge:  # "… sacred to a Roman goddess. Who was that goddess's husband?" — "peafowl, bird of Juno"
            links += sorted(owner for owner in owners if owner not in links)
        ranked = tuple(rank_links(shape, links, texts))
        if bridge:  # "a large republic in …. … that republic": a link whose entry says it is a republic; then
            # the one whose entries share the most words with the bridge's description ("a Roman goddess,
            # queen of the gods" — Juno: "(Roman mythology) queen of the Olympian gods"); then those whose
            # entries are not known yet before those whose entries say they are of another kind
            passed = kinds_of(head_noun(bridge))
            # the words describing the bridge; none for a description past one that is the anchor's own
            described = word_stems(" ".join(shape.described)) if bridge == shape.bridge else frozenset()

            # the source of the thing's name, when the bridge is what it is named after
            source = sources[:1] if bridge == shape.bridge else []

            wide_asked = bool(passed & _WIDE_KINDS)

            # "the Italian city at the southern end of this pass": a link the texts place in Italy
            demonym = bridge.split()[0].capitalize() if len(bridge.split()) > 1 else ""
            country = place_of(demonym) if demonym else None
            every_text = [text for _, text in entries] if country else []  # the anchor's own among them
            placed = {link for link in links if country and _placed_in(link, country, demonym, every_text)}

            def likeliest(link: str) -> tuple[bool, bool, bool, int, bool, int]:
                known = _kind_known(link, passed, entries)
                wide = not wide_asked and bool(_WIDE_REGION.match(link))  # "Central America" for a country
                elsewhere = bool(placed) and link not in placed
                return (
                    elsewhere,
                    known != 0,
                    wide,
                    -_shared(link, described, entries),
                    link not in source,
                    known,
                )

            ranked = tuple(sorted(ranked, key=likeliest))
            ranked = _reached_through(shape.text, ranked, passed, entries, own)
        renamed = frozenset(_link_aliases(ranked, entries)) - set(ranked) if bridge else frozenset()
        past_bridge = bool(ranked) and _past(shape, bridge)
        beyond = tuple(_links_of(ranked[0], entries, {*own, *ranked})) if past_bridge else ()
        through = ""
        if past_bridge and not beyond and len(ranked) > 1 and not _links_of(ranked[0], entries, ()):
            # "the museum that holds this painting is in a city that …": a bridge whose entry the KB lacks
            # ("Museum of Tarn Art") leads on through the anchor's next link, the city its entry names
            through = ranked[1]
            beyond = tuple(_links_of(through, entries, {*own, *ranked}))
        if len(beyond) > 1:
            # "the mountain range that the homeland of this ox sits in" — Tibet: "a region of China; located
            # in the Himalayas": the link the bridge's entry ties by the question's preposition comes first
            bridge_texts = [text for title, text in entries if is_about(title, text, ranked[0])]
            beyond = tuple(sorted(beyond, key=lambda link: not _tied_by(shape.text, link, bridge_texts)))
        answerable = _answerable(shape, bridge, ranked, entries)
        # a question about the image names things to describe it or its bridge, and a name the anchor's own
        # entry gives is its context ("Reticulum … lies near Dorado"), not evidence of its own
        given_names = tuple(
            n
            for n in shape.names
            if not any(same_entity(n, o) for o in own) and not any(mentions(t, n) for t in texts)
        )
        # … except the subject its asking sentence names ("Fruits like this grow around Borneo - which island
        # group is Borneo part of?")
        subject = tuple(n for n in given_names if shape.subject and same_entity(n, shape.subject))
        given_names = subject if shape.points_at_image else given_names
        described, rare = description_stems(shape, texts, entries)
        chain = cls(
            anchor,
            own,
            ranked,
            bridge,
            answerable,
            renamed=renamed,
            beyond=beyond,
            through=through,
            goes_past=past_bridge,
            given=given_names,
            described=described,
            rare=rare,
        )
        tied_to = chain.tied_to
        stating = frozenset(title for title, text in entries if _states_relation(shape, title, text, tied_to))
        return dataclasses.replace(chain, stating=stating)

    @property
    def step_past_bridge(self) -> str:
        """The entity one step past the bridge to look up next, for a question that goes past it: the
        first name the bridge's entry links to, or, when the bridge has no entry here ("the museum that
        holds this painting" whose entry the KB lacks), the anchor's next link ("New York")."""
        if not self.goes_past:
            return ""
        return next(iter(self.beyond), self.links[1] if len(self.links) > 1 else "")

    @property
    def names(self) -> tuple[str, ...]:
        return (*self.own, *self.links)

    @property
    def tied_to(self) -> tuple[str, ...]:
        """Names an entry of the asked kind may be tied to as a reverse link (`spans.relation`): when the
        question asks about a bridge, the image's own entity and the bridge — its first link, under any
        name ("Lima: the capital of Peru" for the capital of the country a llama lives in) — not the
        anchor's other links: "Kell: a city in northwestern Tarnland" answers nothing about the city a
        musician's band came from because the musician's entry calls him Tarnian. Else only the image's own
        entity — "Betelgeuse: the second brightest star in Orion" answers nothing about a nebula whose own
        entry names Orion. A question that goes past the bridge is about what lies past it: "Jakarta,
        capital of Indonesia" answers the capital of the country an island (the bridge) belongs to."""
        if not self.bridged:
            return tuple(self.own)
        return (*self.own, *self.links[:1], *sorted(self.renamed), *(self.beyond if self.goes_past else ()))

    @property
    def known(self) -> frozenset[str]:
        """Names that cannot answer the question: the anchor's own, and, when it asks about a bridge, the
        links that could be that bridge, under any name their entries give ("Willamette" for the link
        "Willamette River")."""
        if not self.bridged:
            return self.own
        bridges = set(self.links) - self.answerable
        renamed = {name for name in self.renamed if any(_shortened(name, link) for link in bridges)}
        return self.own | bridges | renamed

    def weight(self, title: str, text: str) -> float:
        """How much a line counts, by its place on the chain (`WEIGHTS`, or `BRIDGED` for a question
        about a bridge); every line counts fully when there is no anchor."""
        return self.weight_at(self.place(title, text))

    def weight_at(self, place: str) -> float:
        """The weight of a line at `place` (see `weight`)."""
        if self.anchor is None:
            return 1.0
        return (BRIDGED if self.bridged else WEIGHTS)[place]

    def describes(self, text: str) -> bool:
        """Whether `text` is about an entity the question describes in words (`DESCRIBED_WORDS`)."""
        if not self.rare:
            return False
        if self.bridge and kinds_of(head_noun(self.bridge)) & kind_words(text):
            return False  # another entity of the bridge's kind competes with the bridge: "her nation became
            # independent in which year" describes no Mexico
        stems = word_stems(text)
        return (
            len(stems & self.described) >= DESCRIBED_WORDS and len(stems & self.rare) >= DESCRIBED_RARE_WORDS
        )

    def named_like_bridge(self, name: str) -> bool:
        """Whether `name` has a word of the bridge's description ("Cape Zell" for "a well-known cape")."""
        return bool(set(self.bridge.split()) & {w.lower() for w in name.split()})

    def place(self, title: str, text: str) -> str:
        if any(is_about(title, text, name) for name in self.own):
            return "anchor to bridge" if self.links and mentions(text, self.links[0]) else "anchor"
        for rank, link in enumerate(self.links):
            if is_about(title, text, link):
                return "bridge" if rank == 0 or link == self.through else "link"
        if any(is_about(title, text, name) for name in self.given):
            return "given"
        if title in self.stating:
            return "states relation"
        if any(is_about(title, text, name) for name in self.beyond):
            return "past bridge"
        if self.describes(text):
            return "described"
        if (
            self.bridge
            and self.named_like_bridge(title)
            and not (self.links and any(map(self.named_like_bridge, (self.links[0], *self.renamed))))
        ):
            # an entity named like the description ("Empress Dowager …"), not linked; once a link is named so
            # ("Cape Zell" for "a well-known cape", "Harvard University, Harvard" for the university a
            # computer is named after), others named so ("Cape Kell") are others of its kind
            return "names chain"
        if any(mentions(text, name) for name in self.own):
            return "names anchor"  # "… the American bison was named its national mammal": a reverse link
        if self.links and mentions(text, self.links[0]):
            return "names bridge"
        if any(mentions(text, name) for name in self.names):
            return "names chain"
        return "off"


@functools.lru_cache(maxsize=2**14)  # every chain built for a run reads the same sentences again
def word_stems(text: str) -> frozenset[str]:
    """The first six letters of each content word of `text`: "explore" and "explorer", "expedition" and
    "expeditions" are one stem."""
    return frozenset(word[:6] for word in content_words(text) if len(word) > 2)


def description_stems(
    shape: QuestionShape, anchor_texts: Sequence[str], entries: Sequence[tuple[str, str]]
) -> tuple[frozenset[str], frozenset[str]]:
    """The stems of the question's words that the anchor's own texts lack, and those of them that at most
    `DESCRIBED_RARE_SHARE` of `entries` (or one) hold."""
    own = {stem for text in anchor_texts for stem in word_stems(text)}
    asked = word_stems(_IMAGE_REFERENCE.sub(" ", shape.text)) - own - {(shape.type_noun or "")[:6]}
    held = Counter(stem for _, text in entries for stem in word_stems(text) & asked)
    limit = max(1, DESCRIBED_RARE_SHARE * len(entries))
    return frozenset(asked), frozenset(stem for stem in asked if 0 < held[stem] <= limit)


def name_sources(names: Iterable[str]) -> list[str]:
    """What a name may be named after: each capitalised word of a longer name, as a place for a
    demonym ("Indian blackbuck" → India, "Arabian camel" → Arabia) or without an adjective ending
    ("Tasmanic skink" → Tasman), else as it stands ("Orla apple" → Orla)."""
    sources: list[str] = []
    for name in sorted(names):
        words = bare(name).split()
        # "Rocky Mountain goat": a run of capitalised words names one thing, in the plural too ("Rocky
        # Mountains")
        run = re.match(r"(?:[A-Z][\w'’-]*\s+)+[A-Z][\w'’-]*", bare(name))
        if run and run.group(0) != bare(name):
            sources += [s for s in (run.group(0), run.group(0) + "s") if s not in sources]
        for word in words if len(words) > 1 else ():
            word = word.strip(",;'’")
            if word[:1].isupper():
                source = source_place(word) or (word[:-2] if word.endswith("ic") and len(word) > 5 else word)
                sources += [source] if source not in sources else []
    return sources


def _found_sources(
    names: Iterable[str], owners: Collection[str], entries: Sequence[tuple[str, str]]
) -> list[str]:
    """What `names` may be named after (`name_sources`) that the entries hold, or that is a place made
    from a word of them ("Sumatran") or whom a name says the thing is "of" (`owners`), found yet or not."""
    places = {source_place(w) for name in names for w in bare(name).split()} - {None}
    return [
        s for s in name_sources(names) if s in places | set(owners) or any(is_about(*e, s) for e in entries)
    ]


def source_place(word: str) -> str | None:
    """The place a word of a name may be named after: a demonym's place (`place_of`), or for a longer
    word in -an after a consonant the place in -a it was made from ("Sumatran" → Sumatra, "Spartan" →
    Sparta) — a reading kept to the names of a question that says its thing is named after something."""
    place = place_of(word)
    if place is None and re.fullmatch(r"[A-Z][a-z]{3,}[^aeiou]an", word):
        place = word[:-1]
    return place


def prefix_sources(names: Iterable[str], entries: Sequence[tuple[str, str]]) -> list[str]:
    """Titles of entries that open a lower-case word of `names` ("guineafowl" → Guinea): what a name
    written as one word may be named after."""
    words = {w.lower() for name in names for w in bare(name).split() if w.islower()}
    titles = dict.fromkeys(
        t for t, _ in entries if " " not in t and len(t) >= MIN_PREFIX_SOURCE and t[:1].isupper()
    )
    return [t for t in titles if any(w.startswith(t.lower()) and w != t.lower() for w in words)]


def rank_links(shape: QuestionShape, links: Sequence[str], anchor_texts: Sequence[str]) -> list[str]:
    """Links, the likeliest bridge first: one whose name shares a word with the bridge's description
    ("Oxford University" for "the university where …", "Cape Zell" for "a well-known cape" over the "Zell
    Climate Observatory" of a question that mentions a climate observatory), then with the question, then
    one the anchor's texts qualify with a word of that description ("the continent whose southwestern
    deserts it roams": "deserts of northern Africa and southwestern Asia" → Asia), then one they mention
    right next to a question word ("the botanist Anders Dahl"), then in order."""
    described = [w for b in shape.bridges for w in b.split()]
    question = (set(described) | set(shape.attribute)) - {
        shape.type_noun
    }  # the answer's kind names no bridge
    qualifiers = set(shape.described) - set(described)

    def rank(link: str) -> tuple[float, float, bool, float]:
        words = {w.lower() for w in link.split()}
        shared = len(question & words)
        before = (m.group(1).lower() for text in anchor_texts for m in _word_before(link).finditer(text))
        near = max(
            (nearness(shape, link, text, described or shape.asked) for text in anchor_texts if link in text),
            default=0.0,
        )
        return (
            -len(set(described) & words),
            -shared,
            not (qualifiers and qualifiers.intersection(before)),
            -near,
        )

    return sorted(links, key=rank)


def _word_before(name: str) -> re.Pattern[str]:
    return compiled(rf"\b([\w-]+)\s+{re.escape(name)}\b")


def _answerable(
    shape: QuestionShape, bridge: str, links: Sequence[str], entries: Sequence[tuple[str, str]]
) -> frozenset[str]:
    """Links whose own entry defines them as the kind asked for and not as the bridge's kind: for "the
    capital of the country where this cathedral stands", a cathedral in Madrid links to Madrid, the
    capital of Spain — a city cannot be the country the question passes through, but it can be its
    capital."""
    if not bridge or not shape.type_noun:
        return frozenset()
    asked, passed = kinds_of(shape.type_noun), kinds_of(head_noun(bridge))
    defined = {
        link for link in links if _defined_as(link, asked, entries) and not _defined_as(link, passed, entries)
    }
    described = passed | set(bridge.split())  # "the hill above this palace": "hill above" is headed by a hill
    return frozenset(defined | _placed_by_bridge(links, asked, frozenset(described), entries))


def _placed_by_bridge(
    links: Sequence[str], asked: frozenset[str], passed: frozenset[str], entries: Sequence[tuple[str, str]]
) -> set[str]:
    """Links named as the asked kind that an entry ties by "on", "in", … to a link named as the bridge's kind:
    "the hill the tower of this palace stands on", "the tower that crowns the hill of this palace" — "crowned
    by the Tower of Orla on Kell Hill" (a name alone says no more: "born in New York City" answers no
    question about her university's city)."""
    named_like_bridge = [link for link in links if _named_kind(link) in passed]
    return {
        link
        for link in links
        if _named_kind(link) in asked
        and any(
            _tied_in(text, first, then)
            for bridge in named_like_bridge
            for first, then in ((bridge, link), (link, bridge))
            for _, text in entries
        )
    }


def _tied_in(text: str, first: str, then: str) -> bool:
    """Whether `text` puts `then` right after `first` and a preposition of place ("Tower of Orla on Kell
    Hill")."""
    return bool(
        re.search(rf"\b{re.escape(first)}\s+(?:on|in|at|atop|above)\s+(?:the\s+)?{re.escape(then)}\b", text)
    )


def _defined_as(link: str, kinds: frozenset[str], entries: Sequence[tuple[str, str]]) -> bool:
    """Whether an entry of `link` says it is one of `kinds` (a continent is one by its name)."""
    return is_continent(link, kinds) or any(
        is_about(t, x, link) and kinds & kind_words(x) for t, x in entries
    )


def _named_kind(name: str) -> str:
    """The kind noun heading a name, lower-case and singular ("Longevity Hill" → "hill"; "Tower of Buddhist
    Incense" → "tower"), or "" when its head is no kind's noun."""
    head = name.split(" of ")[0].split()
    noun = singular(head[-1].lower()) if len(head) > 1 or " of " in name else ""
    return noun if noun in TYPE_NOUNS else ""


# A continent, or a part of one named by a direction ("Central America", "Southeast Asia"): a link that is no
# country, state or city, whose entry need not be read to know it
_WIDE_REGION = re.compile(
    r"^(?:(?:Central|Southeast|Southwest|Northeast|Northwest|East|West|Eastern|Western|Northern|Southern)\s+)?"
    r"(?:America|Asia|Africa|Europe|Eurasia|Oceania)$|^(?:North|South)\s+America$|^Antarctica$"
)
_WIDE_KINDS = word_set("continent region area part landmass isthmus")


def _placed_in(link: str, country: str, demonym: str, texts: Sequence[str]) -> bool:
    """Whether a text places `link` in `country`: "Bolzano in Italy", or, in its own entry, "an Italian
    city" (the `demonym`) or "… in Italy"."""
    for text in texts:
        if re.search(rf"\b{re.escape(link)}\s+in\s+(?:\w+ern\s+)?{re.escape(country)}\b", text):
            return True
        own = (entry_names(text) or [""])[0] == link
        if own and re.search(rf"\b(?:{re.escape(country)}|{re.escape(demonym)})\b", definition(text)):
            return True
    return False


def _kind_known(link: str, kinds: frozenset[str], entries: Sequence[tuple[str, str]]) -> int:
    """0 when an entry of `link` says it is one of `kinds`, 2 when its entries say it is another kind of
    thing a question describes ("Honshu: the largest of the islands of Japan" for a country), else 1."""
    if _defined_as(link, kinds, entries):
        return 0
    return 2 if any(is_about(t, x, link) and kind_words(x) & TYPE_NOUNS for t, x in entries) else 1


def _shared(link: str, stems: frozenset[str], entries: Sequence[tuple[str, str]]) -> int:
    """The most of `stems` one entry of `link` holds."""
    return max((len(word_stems(x) & stems) for t, x in entries if is_about(t, x, link)), default=0)


def _reached_through(
    question: str,
    ranked: tuple[str, ...],
    kinds: frozenset[str],
    entries: Sequence[tuple[str, str]],
    own: Collection[str],
) -> tuple[str, ...]:
    """`ranked` with the bridge first when the links are known to be of other kinds and the likeliest one's
    own entry names one of the bridge's kind, or ties one to it by the question's preposition: "the
    mountain range this ox's home region lies in" — "yak … of Tarn", "Tarn: an autonomous region …;
    located in the Kell Mountains"."""
    if not ranked or _kind_known(ranked[0], kinds, entries) != 2:
        return ranked
    named_so = [link for link in ranked if {word.lower() for word in link.split()} & kinds]
    if any(_kind_known(link, kinds, entries) == 1 for link in named_so):
        return ranked  # a link named like the bridge's kind may be it: "the museum" — "Museum of Modern Art"
    further = _links_of(ranked[0], entries, {*own, *ranked})
    texts = [text for title, text in entries if is_about(title, text, ranked[0])]
    bridge = next((name for name in further if _kind_known(name, kinds, entries) == 0), None)
    bridge = bridge or next(
        (n for n in further if _kind_known(n, kinds, entries) == 1 and _tied_by(question, n, texts)), None
    )
    return (bridge, *ranked) if bridge else ranked


def _past(shape: QuestionShape, bridge: str) -> bool:
    """Whether the question describes a thing past its bridge: a kind among what it asks that is neither
    the answer's kind nor the bridge's ("the supergiant star in the constellation where this nebula
    lies", "the river through the capital of the country …")."""
    if not bridge:
        return False
    # the descriptions up to the bridge: "… a volcano. … the country where that volcano stands" goes past no
    # country when the volcano is the image's own thing and the country the bridge
    upto = shape.bridges[: shape.bridges.index(bridge) + 1] if bridge in shape.bridges else [bridge]
    described = {w for description in upto for w in description.split()}
    # (not "the capital city of the country this box is from": a narrower kind of the one asked)
    asked = kinds_of(shape.type_noun) if shape.type_noun else frozenset()
    return any(w in TYPE_NOUNS and w not in asked and w not in described for w in shape.attribute)


def _links_of(name: str, entries: Sequence[tuple[str, str]], known: Collection[str]) -> list[str]:
    texts = [text for title, text in entries if is_about(title, text, name)]
    return [link for link in linked_names(name, texts) if link not in known]


# The preposition a question ties the entity past the bridge by: "the range that … sits in", "the range in
# which … is located", "… lies in a great mountain range"
_TYING_PREPOSITION = re.compile(
    r"\b(in|on|within|inside|along)\s*\??$|\b(in|on|within|inside|along)\s+which\b"
    r"|\b(?:lies|lie|sits|sit|is|are|located|situated|found|stands|stand)\s+(in|on|within|inside|along)\s+(?:a|an|one)\b"
)


def _tied_by(question: str, link: str, texts: Sequence[str]) -> bool:
    """Whether `texts` put `link` after the preposition the question ties the entity past the bridge by."""
    asked = _TYING_PREPOSITION.search(question.lower())
    if not asked:
        return False
    preposition = next(group for group in asked.groups() if group)
    return any(re.search(rf"\b{preposition}\s+(?:the\s+)?{re.escape(link)}\b", text) for text in texts)


def _shortened(name: str, other: str) -> bool:
    """Whether one name is the other without its last words ("Willamette" of "Willamette River")."""
    return other.startswith(name + " ") or name.startswith(other + " ")


def _link_aliases(links: Sequence[str], entries: Sequence[tuple[str, str]]) -> list[str]:
    """The other names of `links`: those their entries list, and a country's name in full for its initials
    ("A UK post box" — "London, capital of the United Kingdom")."""
    spelled = [SPELLED_INITIALS[link] for link in links if link in SPELLED_INITIALS]
    return spelled + [
        alias
        for link in links
        for alias in aliases(link, [text for title, text in entries if is_about(title, text, link)])
    ]


def _states_relation(shape: QuestionShape, title: str, text: str, tied_to: Sequence[str]) -> bool:
    line = EvidenceLine(title=title, text=text, source_id="")
    return relation(shape, title, [line], tied_to) >= RELATION_BONUS


# "the river that this one flows into", "that bigger river": a thing the question sets beside the one shown
_THIS_ONE = re.compile(r"\b(?:this|that)\s+one\b")
_COMPARED = re.compile(rf"\b(?:{COMPARATIVES})\s+([a-z]+)\b")


def another_of_shown(shape: QuestionShape, bridge: str) -> bool:
    """Whether a bridge of the kind of the thing shown is another one of that kind: the question calls the
    thing shown by the bridge's noun ("This river feeds a bigger river … that bigger river"), compares the
    bridge with it ("bigger"), or calls it "this one" ("the river that this one flows into")."""
    noun = head_noun(bridge)
    lower = shape.text.lower()
    compared = any(found.group(1) == noun for found in _COMPARED.finditer(lower))
    return calls_shown_by(shape, noun) or compared or bool(_THIS_ONE.search(lower))


def _describes(noun: str, anchor: str, texts: Sequence[str]) -> bool:
    """Whether a description's noun names the anchor's own kind or one of its names ("temple complex" for
    a temple; "archipelago" for "Japan, Japanese Islands, Japanese Archipelago: …"; "the nation this coin
    belongs to" when the coin's entry is a monarchy's)."""
    words = {w.lower() for name in aliases(anchor, texts) for w in name.split()}
    for text in texts:
        words |= set(definition_head(text))
    kinds = kinds_of(head_noun(noun))  # "the nation this coin belongs to": a monarchy's entry is one
    return bool(kinds & words) or any(w in words or w.rstrip("s") in words for w in noun.split())

"""Which entity the question is about (the anchor), and the entities its evidence links to.

The image–text pairs are the only evidence that looks at the image. The anchor is the pair whose
*image* is nearest to the question's image (`image_score`: the image half of the fused score, so
question words in the text half cannot lift a neighbour whose text shares them). Text agrees only
as a tie-break: among pairs whose images match about equally well (within `TIE_MARGIN` of the
best), the one with more passages about the entity itself — not passages that merely share the
words of what is asked — comes first. A question that
names its entity in words ("… on Venus?") is about that entity when the image matches nothing well.
The anchor's own texts then name the entities a multi-hop question turns on ("lemur of
Madagascar" links the lemur to Madagascar): those are the links, searched next.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from core.types import Candidate
from nodes.extractive.question import (
    TYPE_NOUNS,
    QuestionShape,
    answer_partners,
    compiled,
    demonym_adjective,
    names_of_image,
    qualifies_asked,
    region_of_name,
    word_set,
)

TIE_MARGIN = 0.02  # image scores this close to the best count as a tie that agreeing text may break
MAX_AGREEING = 3  # agreeing passages counted at most
# With the embedded EfficientNet features, other views of a KB image (crops, rescales, mirror images)
# score ≥ 0.74 against it and unrelated photos ≤ 0.56 against every KB image: below this, the image
# shows nothing the KB holds, and an entity the question names decides.
STRONG_IMAGE_MATCH = 0.65
# An entity named in a question that also points at the image ("… Venus than this planet?") scores as a
# just-strong image match: across the records of a run, a strong image match elsewhere still wins, a
# weak one does not. A question that does not point at the image at all is about what it names.
NAMED_SCORE = STRONG_IMAGE_MATCH
NAMED_ONLY_SCORE = 1.0
IMAGE_SOURCES = ("pairs", "lens")
# lower-case words inside a proper name ("Wars of the Roses" takes two, "Inuit of the Canadian Arctic" no)
_NAME_LINKS = word_set("of de van von da du la le del the")
# Heads of a body's name, which may join two capitalised phrases by "and": "National Aeronautics and Space
# Administration", not the two names of "Saturn and Uranus"
BODY_HEADS = "Administration|Agency|Authority|Commission|Company|Corporation|Council|Institute|Museum|Society"
_NAME = re.compile(
    rf"[A-Z][\w'’.-]*(?:\s+(?:(?:of\s+the(?=\s+(?![A-Z][a-z]+(?:an|ian|ese|ish|ch|ic)\b))|{'|'.join(sorted(_NAME_LINKS))})\s+)?[A-Z0-9][\w'’.-]*)*"
    rf"(?:\s+and\s+(?:[A-Z][\w'’.-]*\s+){{0,3}}(?:{BODY_HEADS})\b)?"
)
_QUALIFIER = re.compile(r"\s*\(.*?\)")
MAX_NAME_LIST = 300  # characters of a gloss's name list, at most ("Saint Kitts and Nevis, Federation of …")
# words of one name in that list, at most ("First Epistle of Paul the Apostle to the Corinthians")
MAX_NAME_WORDS = 10
# A sentence ends at a full stop, but not at an abbreviation inside a name ("Mt. Everest", "St. Helena").
_SENTENCE_END = re.compile(r"(?<!\bMt)(?<!\bSt)(?<!\bFt)(?<!\bDr)(?<!\bMr)(?<!\bMrs)[.!?]\s+")
# Capitalised only because they start a sentence or name a month: never a whole name on their own.
_NOT_NAMES = word_set("""
    The A An It Its In On At By For From He She His Her They Their This That These Those After Before
    During When While With As Of And But Like Since Until Today Unlike Image Similar Also AD BC CE BCE
    January February March April May June July August September October November December Monday
    Tuesday Wednesday Thursday Friday Saturday Sunday
""")
DEMONYM = re.compile(r"^[A-Z][a-z]+(?:an|ian|ese|ish|ch|i|ic)$")
# Demonyms whose place is not their stem less -n or -ese ("Australian" → "Australia", "Japanese" → "Japan").
_IRREGULAR_PLACES = {
    "arab": "Arabia", "argentine": "Argentina", "brazilian": "Brazil", "british": "Britain",
    "canadian": "Canada", "chilean": "Chile", "chinese": "China", "cuban": "Cuba",
    "danish": "Denmark", "dutch": "Netherlands", "egyptian": "Egypt", "english": "England",
    "european": "Europe", "french": "France", "german": "Germany", "greek": "Greece",
    "hungarian": "Hungary", "iranian": "Iran", "irish": "Ireland", "italian": "Italy", "kenyan": "Kenya",
    "korean": "Korea", "malayan": "Malaya", "mexican": "Mexico", "moroccan": "Morocco",
    "norwegian": "Norway", "peruvian": "Peru", "polish": "Poland", "portuguese": "Portugal",
    "scottish": "Scotland", "spanish": "Spain", "swedish": "Sweden", "swiss": "Switzerland",
    "thai": "Thailand", "tibetan": "Tibet", "turkish": "Turkey", "welsh": "Wales",
}  # fmt: skip
_NOT_DEMONYMS = word_set("christian ian brian julian adrian damian fabian vivian lillian obsidian")
_DESCRIPTOR = re.compile(r"^(?:[A-Z][a-z]+(?:an|ian|ese|ish|ch|ic)|[A-Z][\w-]*(?:ist|ists))$")


@dataclass(frozen=True)
class EntityGuess:
    """One hypothesis of what the question is about."""

    title: str
    score: float  # how well the image matches its pair (NAMED_SCORE for an entity the question names)
    pair_score: float  # how well the image matches the entity's pair (0 when no pair of it was found)
    agreeing: int  # passages about the same entity
    named: bool = False  # named in the question's words rather than matched by the image


def guess_entities(candidates: Iterable[Candidate], shape: QuestionShape | None = None) -> list[EntityGuess]:
    """Entity hypotheses, best first (empty without pairs and without a named entity).

    With the question's `shape`, passages that share the words of what is asked do not count as
    agreement, and an entity the question names comes first when the image matches nothing well.
    """
    candidates = list(candidates)
    image_scores: dict[str, float] = {}
    for cand in candidates:
        if matched_by_image(cand) and cand["title"]:
            score = float(cand.get("image_score", cand["score"]))
            image_scores[cand["title"]] = max(image_scores.get(cand["title"], -1.0), score)
    texts = [c for c in candidates if not matched_by_image(c)]
    asked = set(shape.attribute) if shape else set()
    top = max(image_scores.values(), default=-1.0)

    def agreeing(title: str) -> int:
        return sum(1 for c in texts if is_about(c["title"], c["text"], title) and not _shares(c, asked))

    guesses = [EntityGuess(title, score, score, agreeing(title)) for title, score in image_scores.items()]
    # Near-ties first, ordered by agreeing text (then by image); the rest by image alone.
    guesses.sort(
        key=lambda g: (
            top - g.pair_score > TIE_MARGIN,
            -min(g.agreeing, MAX_AGREEING) if top - g.pair_score <= TIE_MARGIN else 0,
            -g.pair_score,
        )
    )
    named = named_guess(shape, candidates, top) if shape else None
    return [named, *guesses] if named else guesses


def matched_by_image(candidate: Candidate) -> bool:
    """Whether a candidate is a pair the question's image was compared with. A pair searched by its text
    alone (a question without an image) has an image score of exactly 0: it is a passage about its entity,
    no sign of what an image shows."""
    return candidate["source"] in IMAGE_SOURCES and candidate.get("image_score", 1.0) != 0.0


def named_guess(
    shape: QuestionShape, candidates: Sequence[Candidate], image_score: float
) -> EntityGuess | None:
    """The entity the question names in words, when some candidate is an entry about it and either the
    question does not point at the image ("What is the capital of Costa Rica?") or the image matches
    no pair strongly ("How long is a year on Venus?" with a photo the KB does not hold), or the question
    names what it asks about while pointing at the image ("… of Kenya, the country where this animal
    lives": `QuestionShape.subject`)."""
    # "… a dark cloud rears up like a chess knight. Which nebula is that?": what is shown is asked — not
    # another name of a thing the question names ("what were the Moluccas known as?")
    shown_asked = shape.asks_identity and (shape.name_asked is None or shape.name_asked.of_image)
    pointing = (shape.points_at_image or shown_asked) and not shape.subject
    if pointing and image_score >= STRONG_IMAGE_MATCH:
        return None
    score = NAMED_SCORE if pointing else NAMED_ONLY_SCORE
    own_names = names_of_image(shape.text)  # "this fish goes by the name George": the image's, no other
    # "The continent this echidna is native to lies between the South Pacific and which other ocean?": a
    # name beside the answer is no subject of a question that points at the image
    partners = answer_partners(shape.text) if pointing else set()
    # "What do people call it in Eurasia?": where a name is used is no entity the question asks about
    used_in = region_of_name(shape.text)
    given = [n for n in shape.names_about() if n not in own_names and n not in partners and n != used_in]
    # "the capital of Australia's Northern Territory": the name possessed is the one asked about
    given.sort(key=lambda n: not re.search(rf"['’]s\s+{re.escape(n)}\b", shape.text))
    # "Which Greek god matches Mars?": a demonym used as an adjective names no entity to anchor on; "In which
    # U.S. state is Harvard University?": a name qualifying the asked kind is where to look, not the subject
    given.sort(key=lambda n: (demonym_adjective(n, shape.text), qualifies_asked(n, shape.text)))
    for name in [shape.subject] if shape.subject else given:
        about = [c for c in candidates if is_about(c["title"], c["text"], name)]
        if about:
            title = next((c["title"] for c in about if same_entity(c["title"], name)), name)
            return EntityGuess(title, score, max(image_score, 0.0), len(about), named=True)
    # "Cars like this were built in Norland. Which city is the capital of Norland?", "On which river is
    # the capital of Italy built?": the subject, or a name of a question that does not point at the
    # image, anchors even before its own entry is found, when the entries found name it
    # "Which Japanese painter …": a demonym qualifying the asked noun names no entity to anchor on
    names = [shape.subject] if shape.subject else ([] if pointing else given)
    names = [name for name in names if not demonym_adjective(name, shape.text)]
    naming = next((name for name in names if any(mentions(c["text"], name) for c in candidates)), "")
    return EntityGuess(naming, score, max(image_score, 0.0), 0, named=True) if naming else None


def _shares(candidate: Candidate, words: Collection[str]) -> bool:
    """Whether a passage contains one of `words` (the question's attribute): it may have been
    retrieved for what is asked, not for the entity."""
    text = candidate["text"].lower()
    return any(compiled(rf"\b{re.escape(word)}").search(text) for word in words if len(word) > 2)


def is_about(title: str, text: str, name: str) -> bool:
    """Whether an entry (title + text) is about `name`: same title, or `name` among its listed names."""
    return same_entity(title, name) or any(same_entity(n, name) for n in entry_names(text))


def same_entity(title: str, other: str) -> bool:
    """Titles name the same entity, ignoring case and a parenthesised qualifier ("Rhea (bird)")."""
    return bare(title).lower() == bare(other).lower() and bool(bare(title))


@functools.lru_cache(maxsize=2**16)  # a reading compares every candidate's names with every chain name
def bare(title: str) -> str:
    return _QUALIFIER.sub("", title).strip()


def entry_names(text: str) -> list[str]:
    """The names a gloss-style entry gives itself: "Lima, capital of Peru: the capital …" → ["Lima",
    "capital of Peru"]; [] when the text has no short name list before a colon."""
    return list(_entry_names(text))


@functools.lru_cache(maxsize=2**14)  # the same candidates are read at every iteration and by every operator
def _entry_names(text: str) -> tuple[str, ...]:
    head, colon, _ = text.partition(":")
    head = _SENTENCE_END.split(head)[-1]  # "A lemur. lemur, maki: …" names itself after the period
    names = tuple(name.strip() for name in head.split(",") if name.strip())
    if not colon or len(head) > MAX_NAME_LIST or any(len(name.split()) > MAX_NAME_WORDS for name in names):
        return ()  # a sentence with a colon in it, not a list of names
    return names


def forget_names() -> None:
    """Empty the memos of names read from texts and of the patterns that look for them (`nodes.caches`)."""
    for memo in (bare, _entry_names, _names_in, compiled):
        memo.cache_clear()


def definition(text: str) -> str:
    """The text after an entry's name list (the whole text when it has none)."""
    return text.partition(":")[2].strip() if entry_names(text) else text


def names_in(text: str) -> list[str]:
    """Capitalised spans of `text` that can be names ("Rottnest Island", "Willem de Vlamingh"),
    in order, each once; leading function words and lone sentence-initial words are dropped."""
    return list(_names_in(text))


# the head of a name a demonym belongs to: "European Union", "Roman Empire", "Crimean War", "French
# Revolution", not "French" + a person's name
_BODY_HEADS = word_set("union empire alliance federation commonwealth league war wars revolution")
_LETTER_SHAPE = re.compile(r"[A-Z]-[a-z]+")  # "W-shaped", "U-shaped": an adjective, not a name


@functools.lru_cache(maxsize=2**14)
def _names_in(text: str) -> tuple[str, ...]:
    names: list[str] = []
    for match in _NAME.finditer(text):
        words = match.group(0).rstrip("'’.").split()
        while words and words[0] in _NOT_NAMES:
            words.pop(0)
        # "French Impressionist Claude Monet" → "Claude Monet", but "Indian Ocean" and "American Federation of
        # Labor" (a name joined by "of") stay whole
        while (
            len(words) > 1
            and _DESCRIPTOR.match(words[0])
            and words[-1].lower() not in TYPE_NOUNS | _BODY_HEADS
            and "of" not in words
        ):
            words.pop(0)
        while words and words[-1] in _NOT_NAMES:
            words.pop()  # a trailing "Image", "Also"
        if len(words) >= 2 and words[-1].isdigit() and words[-2] in _NOT_NAMES:
            words = words[:-2]  # "February 2015" is a date, "Falcon 9" a name
        if len(words) >= 2 and words[-1].isdigit() and re.match(r"[,.]\d", text[match.end() :]):
            words.pop()  # "from southeastern Asia 20,000 years ago": the number is a count of its own
        sentence_start = match.start() == 0 or text[: match.start()].rstrip().endswith((".", ":", ";"))
        if not words or (sentence_start and len(words) == 1 and words[0] == match.group(0)):
            continue
        name = " ".join(words)
        if name[:1].isdigit() or _LETTER_SHAPE.fullmatch(name):
            continue  # "11 February 2015", "1943"; "a W-shaped constellation" describes a shape
        if name not in names:
            names.append(name)
    return tuple(names)


def aliases(title: str, texts: Sequence[str]) -> set[str]:
    """The anchor's own names: its title (with and without qualifier) and the name lists of its entries."""
    names = {title, bare(title), re.sub(r"^(?:The|A|An)\s+", "", bare(title))}
    for text in texts:
        listed = entry_names(text)
        if any(same_entity(n, title) for n in listed):
            names.update(listed)
    return {n for n in names if n}


def linked_names(title: str, texts: Sequence[str]) -> list[str]:
    """Entities the anchor's texts name, other than the anchor itself, in order of appearance; a demonym
    links to its place ("Peruvian camelid" → Peru); a name that ends a longer one ("Monet", "Claude
    Monet") is left to the longer."""
    own = {n.lower() for n in aliases(title, texts)}
    links: list[str] = []
    for text in texts:
        meaning = definition(text)
        for found in sorted([*_demonyms(meaning), *names_in(meaning)], key=lambda n: _position(n, meaning)):
            name = place_of(found) or found
            if name.lower() not in own and name not in links and _is_link(name):
                links.append(name)
    return [n for n in links if not any(o != n and o.lower().endswith(" " + n.lower()) for o in links)]


def _position(name: str, text: str) -> int:
    at = text.find(name)
    return at if at >= 0 else len(text)


def _demonyms(text: str) -> list[str]:
    """The demonyms of a definition ("American astronaut and …", "by the Inuit of the Canadian Arctic"),
    which `names_in` leaves out as a lone sentence-initial word or splits off the name they qualify;
    "North American" as one."""
    words = [w.strip(",;.()") for w in text.split()]
    found = []
    for i, word in enumerate(words):
        pair = f"{words[i - 1]} {word}" if i and words[i - 1][:1].isupper() else ""
        demonym = pair if pair and place_of(pair) else word if place_of(word) else ""
        if demonym and (i == 0 or word[:1].isupper()):
            found.append(demonym)
    return found


def place_of(name: str) -> str | None:
    """The place a demonym names ("Australian" → "Australia", "North American" → "North America",
    "Japanese" → "Japan"), or None for a name that is not one."""
    *before, last = name.split() or [""]
    lower = last.lower()
    place = _IRREGULAR_PLACES.get(lower)
    if place is None and last[:1].isupper() and lower not in _NOT_DEMONYMS:
        if lower.endswith(("ian", "ican")):
            place = last[:-1]
        elif lower.endswith("ese") and len(lower) > 5:
            place = last[:-3]
    return " ".join([*before, place]) if place else None


_SEAS_IN_IC = word_set("pacific atlantic arctic antarctic baltic adriatic")  # waters, not adjectives


def _is_link(name: str) -> bool:
    """Whether a name found in the anchor's text can be an entity it links to: not an adjective of
    nationality or kind ("Kurdish", "Celtic"); a name ending in -an may be a place ("Japan", "Sudan")."""
    return not DEMONYM.match(name) or name.endswith("an") or name.lower() in _SEAS_IN_IC


def is_proper_name(name: str, texts: Sequence[str]) -> bool:
    """Whether `name` names an individual rather than a kind: every word capitalised or a numeral, at
    least two of them ("Messier 82", "Owl Nebula"), and no entry listing it in lower case (WordNet writes
    kinds so: "tabby, tabby cat: …")."""
    words = name.split()
    title_case = len(words) > 1 and all(w[:1].isupper() or w[:1].isdigit() or w in _NAME_LINKS for w in words)
    listed_lower = any(n.lower() == name.lower() and n[:1].islower() for t in texts for n in entry_names(t))
    return title_case and not listed_lower


def mentions(text: str, name: str) -> bool:
    """Whether `text` names `name` as a whole: "capital of Sudan" names Sudan, "South Sudan"
    does not (a capitalised name is matched against the text's own capitalised spans; a name in
    sentence case, "American bison", as a phrase). A name ending in its kind's noun is named with that
    noun in lower case too, as entries often write it: "began construction of the Brooklyn bridge"."""
    if len(name) <= 2:
        return False
    if name[:1].isupper() and not any(w[:1].islower() and w not in _NAME_LINKS for w in name.split()):
        return any(same_entity(found, name) for found in names_in(text)) or kind_in_lower_case(text, name)
    return compiled(rf"\b{re.escape(name.lower())}\b").search(text.lower()) is not None


def kind_in_lower_case(text: str, name: str) -> bool:
    """Whether `text` writes `name`'s last word, a noun, in lower case after the rest of it: "the Ohio
    river" for Ohio River, "the Brooklyn bridge" for Brooklyn Bridge."""
    *rest, last = name.split()
    if not rest or not last.isalpha():
        return False
    return compiled(rf"\b{re.escape(' '.join(rest))}\s+{re.escape(last.lower())}\b").search(text) is not None

"""Which entity the image shows (the anchor), and the entities its evidence links to.

The image–text pairs are the only evidence that looks at the image: each pair's fused score mixes
image and text similarity. The anchor is the pair title with the best score, raised a little for
every text passage about the same entity among the candidates (text evidence that agrees). The
anchor's own texts then name the entities a multi-hop question turns on ("wild dog of Australia"
links the dingo to Australia): those are the links, searched next.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from nodes.extractive.question import TYPE_NOUNS, word_set
from tools.types import Candidate

AGREEMENT_BONUS = (
    0.02  # score added per agreeing text passage (pair scores of look-alikes differ by ~0.01–0.05)
)
MAX_AGREEING = 3  # agreeing passages counted at most
IMAGE_SOURCES = ("pairs", "lens")
_NAME = re.compile(r"[A-Z][\w'’.-]*(?:\s+(?:(?:of|de|van|von|da|du|la|le|del|the)\s+)?[A-Z0-9][\w'’.-]*)*")
_QUALIFIER = re.compile(r"\s*\(.*?\)")
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
    "argentine": "Argentina", "brazilian": "Brazil", "british": "Britain", "canadian": "Canada",
    "chilean": "Chile", "chinese": "China", "cuban": "Cuba",
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
    """One hypothesis of what the image shows."""

    title: str
    score: float  # best pair score + agreement bonus
    pair_score: float
    agreeing: int  # text passages about the same entity


def guess_entities(candidates: Iterable[Candidate]) -> list[EntityGuess]:
    """Entity hypotheses from the pair candidates, best first (empty without pairs)."""
    best_pair: dict[str, float] = {}
    for cand in candidates:
        if cand["source"] in IMAGE_SOURCES and cand["title"]:
            best_pair[cand["title"]] = max(best_pair.get(cand["title"], -1.0), float(cand["score"]))
    texts = [c for c in candidates if c["source"] not in IMAGE_SOURCES] if best_pair else []
    guesses = []
    for title, pair_score in best_pair.items():
        agreeing = sum(1 for c in texts if same_entity(c["title"], title) or title in entry_names(c["text"]))
        bonus = AGREEMENT_BONUS * min(agreeing, MAX_AGREEING)
        guesses.append(EntityGuess(title, pair_score + bonus, pair_score, agreeing))
    return sorted(guesses, key=lambda g: -g.score)


def same_entity(title: str, other: str) -> bool:
    """Titles name the same entity, ignoring case and a parenthesised qualifier ("Rhea (bird)")."""
    return bare(title).lower() == bare(other).lower() and bool(bare(title))


def bare(title: str) -> str:
    return _QUALIFIER.sub("", title).strip()


def entry_names(text: str) -> list[str]:
    """The names a gloss-style entry gives itself: "Canberra, capital of Australia: the capital …" →
    ["Canberra", "capital of Australia"]; [] when the text has no short name list before a colon."""
    head, colon, _ = text.partition(":")
    head = re.split(r"[.!?]\s+", head)[-1]  # "A dingo. dingo, warrigal: …" names itself after the period
    if not colon or len(head) > 120:
        return []
    return [name.strip() for name in head.split(",") if name.strip()]


def definition(text: str) -> str:
    """The text after an entry's name list (the whole text when it has none)."""
    return text.partition(":")[2].strip() if entry_names(text) else text


def names_in(text: str) -> list[str]:
    """Capitalised spans of `text` that can be names ("Rottnest Island", "Willem de Vlamingh"),
    in order, each once; leading function words and lone sentence-initial words are dropped."""
    names: list[str] = []
    for match in _NAME.finditer(text):
        words = match.group(0).rstrip("'’.").split()
        while words and words[0] in _NOT_NAMES:
            words.pop(0)
        while len(words) > 1 and _DESCRIPTOR.match(words[0]) and words[-1].lower() not in TYPE_NOUNS:
            words.pop(
                0
            )  # "Dutch Post-Impressionist Vincent van Gogh" → "Vincent van Gogh", not "Indian Ocean"
        while words and words[-1] in _NOT_NAMES:
            words.pop()  # a trailing "Image", "Also"
        if len(words) >= 2 and words[-1].isdigit() and words[-2] in _NOT_NAMES:
            words = words[:-2]  # "February 2015" is a date, "Falcon 9" a name
        sentence_start = match.start() == 0 or text[: match.start()].rstrip().endswith((".", ":", ";"))
        if not words or (sentence_start and len(words) == 1 and words[0] == match.group(0)):
            continue
        name = " ".join(words)
        if name[:1].isdigit():
            continue  # "11 February 2015", "1943"
        if name not in names:
            names.append(name)
    return names


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
    links to its place ("Australian marsupials" → Australia); a name that ends a longer one ("Van Gogh",
    "Vincent van Gogh") is left to the longer."""
    own = {n.lower() for n in aliases(title, texts)}
    links: list[str] = []
    for text in texts:
        for found in names_in(definition(text)):
            name = place_of(found) or found
            if name.lower() not in own and name not in links and _is_link(name):
                links.append(name)
    return [n for n in links if not any(o != n and o.lower().endswith(" " + n.lower()) for o in links)]


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


def _is_link(name: str) -> bool:
    """Whether a name found in the anchor's text can be an entity it links to: not an adjective of
    nationality or kind ("Kurdish", "Celtic"); a name ending in -an may be a place ("Japan", "Sudan")."""
    return not DEMONYM.match(name) or name.endswith("an")


def mentions(text: str, name: str) -> bool:
    """Whether `text` names `name` as a whole: "capital of Australia" names Australia, "South Australia"
    does not (a capitalised name is matched against the text's own capitalised spans)."""
    if len(name) <= 2:
        return False
    if name[:1].isupper():
        return any(same_entity(found, name) for found in names_in(text))
    return re.search(rf"\b{re.escape(name.lower())}\b", text.lower()) is not None

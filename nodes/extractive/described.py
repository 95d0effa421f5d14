"""The entity a question describes instead of naming it.

"What is the capital of the country whose basic unit of money is the quetzal?" names no country and
shows none: its subject is a description ("the country whose …"). A question that points at no image
has no image match to anchor on, so the chain must start at the entity that description picks out:
the one of the described kind that an evidence line ties to the description's words — its own entry
("Mexico: … became independent from Spain in 1810"), or an entry that names it ("quetzal: the basic
unit of money in Guatemala"). Once found, the record and the follow-up queries serve the question with
the name in place of the description ("What is the capital of Guatemala?"), and the reader reads it with
the name before the description, kept as an aside ("… of Guatemala, the country whose …"): a question
about a named subject.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from nodes.extractive.anchor import aliases, definition, names_in, same_entity
from nodes.extractive.question import content_words, named_entities, read_question
from nodes.extractive.spans import (
    DEFINED_FIT,
    EvidenceLine,
    entry_fit,
    is_continent,
    kinds_of,
    name_head,
    names_any,
    same_stem,
    singular,
)

# "the country whose basic unit of money is the quetzal", "the constellation that lies between …": a
# kind (a noun, perhaps after a modifier) and the relative clause describing the one meant
# (not "the border of which country …": a wh-word, not a relative one)
_DESCRIBED = re.compile(
    r"\bthe\s+(?P<kind>(?:[a-z-]+\s+)?(?!(?:of|in|on|at|to|from|by|for|with|and|or)\b)[a-z-]+)"
    r"\s+(?:whose|that|which)\s+(?P<description>[^?,;]+?)\s*\??$"
)
# "From which country did <subject> achieve independence?": a question whose verb follows its subject
_INVERTED = re.compile(r"\b(?:does|do|did)\s+the\s+[a-z-]")
MIN_MATCHED_SHARE = 0.6  # of the description's content words a line must state to pick out the entity


class DescribedSubject(NamedTuple):
    """The phrase of a question that describes its subject, the kind of thing it describes and the
    description itself (the relative clause, without the verb the question goes on with)."""

    phrase: str
    kind: str
    description: str


def described_subject(question: str) -> DescribedSubject | None:
    """The subject `question` describes by a relative clause, for a question that points at no image;
    None for another question. In a question whose verb follows its subject ("… did the country that
    governs the western part of New Guinea achieve independence?") the clause ends at its last name or
    number, and the words after it are the question's own."""
    found = _DESCRIBED.search(question)  # the pattern first: parsing the whole question costs more
    if not found or read_question(question).points_at_image:
        return None
    words = found.group("description").split()
    if _INVERTED.search(question):
        ends = [i for i, word in enumerate(words[:-1]) if word[:1].isupper() or word[:1].isdigit()]
        if not ends:
            return None
        words = words[: ends[-1] + 1]
    kind = found.group("kind").split()[-1]
    description = " ".join(words)
    phrase = question[found.start() : found.start("description") + len(description)]
    return DescribedSubject(phrase, kind, description)


def described_entity(subject: DescribedSubject, entries: Sequence[tuple[str, str]]) -> str:
    """The entity of the described kind that an entry ties most closely to the description: the entry's
    own title, or a name its definition gives; "" when no entry states enough of the description."""
    wanted = [w for w in content_words(subject.description) if not w.isdigit()]
    numbers = re.findall(r"\d+", subject.description)
    given = named_entities(subject.description)
    picked = []
    for title, text in entries:
        words = content_words(text)
        share = sum(any(same_stem(w, x) for x in words) for w in wanted) / len(wanted) if wanted else 0.0
        if share < MIN_MATCHED_SHARE or any(n not in re.findall(r"\d+", text) for n in numbers):
            continue
        names = [title, *names_in(definition(text))]
        name = next(
            (
                n
                for n in names
                if not any(same_entity(n, g) for g in given) and is_of_kind(n, subject.kind, entries)
            ),
            "",
        )
        if name:
            picked.append((share, name))
    return max(picked, key=lambda pick: pick[0])[1] if picked else ""  # the first of the best share


def subject_named(
    question: str, entries: Sequence[tuple[str, str]], *, keep_description: bool = True
) -> tuple[str, str]:
    """`question` with the entity `entries` pick out for the subject it describes named in place of the
    description ("What is the capital of Guatemala?"), and that entity; `question` itself and "" when it
    names its subject (or points at an image) or the entries do not say which it is. For reading, the
    description is kept, set aside beside the name ("… of Guatemala, the country whose basic unit of money
    is the quetzal?"), so the names it gives stay given (not "Madrid" for "the capital of the country that
    became independent from Spain")."""
    subject = described_subject(question)
    entity = described_entity(subject, entries) if subject else ""
    if not subject or not entity:
        return question, ""
    rest = question[question.index(subject.phrase) + len(subject.phrase) :]
    aside = f", {subject.phrase}{',' if rest.strip(' ?') else ''}" if keep_description else ""
    return question.replace(subject.phrase, f"{entity}{aside}", 1), entity


def is_of_kind(name: str, noun: str, entries: Sequence[tuple[str, str]]) -> bool:
    """Whether `name` is a `noun` by its own name ("Indian Ocean" for ocean), as a continent, or by the
    head of its entry's definition."""
    kinds = kinds_of(noun)
    lines = [EvidenceLine(t, x, "") for t, x in entries]
    return (
        name_head(name) in kinds or is_continent(name, kinds) or entry_fit(name, kinds, lines) >= DEFINED_FIT
    )


# "An inactive volcano stands on this peninsula. What is it called?", "France's longest river has its
# source in this upland. Which river is it?": a sentence that describes another thing by the one shown
# (which it does not open with), then a question after that thing's name
_DESCRIBED_BESIDE = re.compile(
    r"^(?!(?:this|these|that|those|it|its|here)\b)(?P<sentence>[^.?!]*?\b(?:this|these)\s+[a-z-]+[^.?!]*)[.!]\s+"
    r"(?:what\s+is\s+(?:it|that|its\s+name)(?:\s+called)?|which\s+(?P<kind>[a-z-]+\s+)?is\s+(?:it|that)"
    r"|name\s+it)\s*[?.]?$",
    re.IGNORECASE,
)
_SHOWN_NOUN = re.compile(r"\b(?:this|these)\s+([a-z-]+)", re.IGNORECASE)


def described_beside_shown(question: str, anchor: str, entries: Sequence[tuple[str, str]]) -> str:
    """The name of the thing a question describes by the one shown and then asks the name of: the entry of
    the described kind (a noun the description opens with, or the one the question asks by) whose
    definition names the thing shown and states most of the description; "" for another question, or
    when no entry does. The thing shown answers only a question about itself."""
    found = _DESCRIBED_BESIDE.match(question.strip())
    if not found or not anchor:
        return ""
    sentence = found.group("sentence")
    opening = sentence[: _SHOWN_NOUN.search(sentence).start()]
    shown = {m.group(1).lower() for m in _SHOWN_NOUN.finditer(sentence)}
    asked = (found.group("kind") or "").strip().lower()
    kinds = [asked] if asked else [singular(w) for w in content_words(opening) if w not in shown]
    own_texts = [text for title, text in entries if same_entity(title, anchor)]
    names = {name.lower() for name in aliases(anchor, own_texts)}
    wanted = [w for w in content_words(sentence) if w not in shown and w not in names]
    picked = []
    for title, text in entries:
        defined = definition(text)
        if same_entity(title, anchor) or not names_any(names, defined):
            continue
        if not any(is_of_kind(title, kind, entries) for kind in kinds):
            continue
        words = content_words(defined)
        picked.append((sum(any(same_stem(w, x) for x in words) for w in wanted), title))
    return max(picked, key=lambda pick: pick[0])[1] if picked else ""

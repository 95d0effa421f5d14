"""WordNet's noun hierarchy as the reader asks it: what a lower-case noun is a kind of, and which asked
kinds a common noun answers (an activity, a substance, an animal) rather than a name (a person, a place)."""

from __future__ import annotations

import pytest

from nodes.extractive.lexicon import (
    answered_by_common_noun,
    classes_above,
    is_adjective,
    is_kind_of,
    is_kind_of_people_or_places,
    is_noun,
    kind_heads,
    lemma_of,
    nouns_of_adjective,
    sense_count,
)


@pytest.mark.parametrize(
    ("phrase", "kind"),
    [
        ("tennis", "sport"),  # an activity
        ("insulin", "hormone"),  # a substance
        ("wolf", "animal"),  # an organism, several levels up
        ("typhoons", "storm"),  # a regular plural
        ("mice", "animal"),  # an irregular plural (noun.exc)
        ("banks", "institution"),  # a plural that is also a surname ("Banks") in WordNet's index
        ("atom bomb", "weapon"),  # a compound lemma
        ("jazz", "style"),  # a class named by a compound ("musical style") counts by its head
    ],
)
def test_a_common_noun_is_a_kind_of_the_classes_above_it(phrase: str, kind: str) -> None:
    assert is_kind_of(phrase, frozenset({kind}))


def test_a_noun_is_no_kind_of_an_unrelated_class_nor_of_itself() -> None:
    assert not is_kind_of("tennis", frozenset({"animal", "hormone"}))
    assert "insulin" not in kind_heads("insulin")  # its own senses are not classes above it
    assert not is_kind_of("zzyzxq", frozenset({"sport"}))  # no such noun


def test_forms_of_a_noun_phrase_lead_to_its_lemma() -> None:
    assert lemma_of("atom bombs") == "atom_bomb"
    assert lemma_of("Typhoons") == "typhoon"
    assert lemma_of("mice") == "mouse"
    assert lemma_of("") == lemma_of("zzyzxq") == ""


@pytest.mark.parametrize("kind", ["sport", "hormone", "animal", "weapon", "storm", "verse"])
def test_kinds_of_things_and_activities_are_answered_by_common_nouns(kind: str) -> None:
    assert answered_by_common_noun(kind)


@pytest.mark.parametrize("kind", ["painter", "city", "river", "team", "group", "person", "thing", "zzyzxq"])
def test_kinds_of_people_places_objects_and_groups_are_answered_by_names(kind: str) -> None:
    assert not answered_by_common_noun(kind)


def test_word_classes_and_senses() -> None:
    assert is_adjective("naval") and not is_noun("naval")
    assert is_noun("base") and not is_adjective("zzyzxq")
    assert sense_count("base") > sense_count("typhoon") == 1


def test_a_class_above_a_noun_is_known_by_its_whole_lemma_too() -> None:
    """ "abstract expressionism" sits under the class "art movement", whose head word alone ("movement")
    a flow of liquid shares."""
    assert "art_movement" in classes_above("abstract expressionism")
    assert is_kind_of("abstract expressionism", frozenset({"art_movement"}))
    assert not is_kind_of("drip", frozenset({"art_movement"}))


@pytest.mark.parametrize(
    ("modifier", "noun"),
    [
        ("philosophical", "philosophy"),  # an adjective, through its derivation
        ("literary", "literature"),  # an adjective, through what it pertains to
    ],
)
def test_an_adjective_narrowing_a_kind_names_the_nouns_it_is_about(modifier: str, noun: str) -> None:
    assert noun in nouns_of_adjective(modifier)


def test_a_noun_or_an_unknown_word_is_about_no_noun() -> None:
    assert not nouns_of_adjective("horse")  # a noun, not an adjective: "horse race" is no horse
    assert not nouns_of_adjective("fundamental") & {"substance", "core"}  # nouns of another root
    assert not nouns_of_adjective("zzyzxq")


@pytest.mark.parametrize(
    ("kind", "of_people_or_places"),
    [
        ("prophet", True),
        ("explorer", True),
        ("city", True),
        ("era", False),
        ("style", False),
        ("dynasty", False),
    ],
)
def test_an_adjective_only_describes_people_and_places_but_may_name_an_era_or_style(
    kind: str, of_people_or_places: bool
) -> None:
    """ "a Hebrew prophet" is no Hebrew, but "the Victorian era" is the era named Victorian."""
    assert is_kind_of_people_or_places(kind) == of_people_or_places

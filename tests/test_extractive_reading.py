"""The embedded profile's reading: question shapes, the entity anchor, typed short answers, confidence.

The graph-level tests use the real MiniLM text embedder on a small hand-written KB of look-alike
animals, country glosses, a coin whose entry is its country, a planet and a planet lead, so each
question shape — an attribute stated in another entity's entry, the image's own entry of the asked
kind, a measure, an entity named in words — is measured with the vectors the offline default uses.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from apps.batch import in_process_backend, run_batch
from core.context import Context
from core.results import read_results
from core.state import Iteration, Query
from core.types import Candidate
from evaluation.report import write_html
from evaluation.score import score_lines
from graphs.pmsr import graph
from kb.build import build_kb
from nodes.extractive.anchor import (
    entry_names,
    guess_entities,
    linked_names,
    mentions,
    named_guess,
    names_in,
    place_of,
)
from nodes.extractive.chain import Chain, rank_links, read_anchor_line
from nodes.extractive.described import described_entity, described_subject
from nodes.extractive.followup import (
    chain_resolved,
    focused_query,
    names_not_looked_up,
    next_query,
    trajectory_query,
)
from nodes.extractive.question import (
    QuestionShape,
    name_borne,
    named_entities,
    names_of_image,
    read_question,
    region_of_name,
)
from nodes.extractive.reader import kind_of_individual, other_name, read_records, surer_reading
from nodes.extractive.record import own_sense_entries, record_entries, superlative_weights
from nodes.extractive.spans import (
    DEFINED_FIT,
    OTHER_KIND_FIT,
    UNIT_FAMILIES,
    UNKNOWN_TYPE_FIT,
    EvidenceLine,
    abbreviated_names,
    across_from,
    adjective_places,
    agent_object,
    agent_verb,
    aligned,
    asks_by_shown,
    asks_thing_part,
    candidates,
    counted_noun,
    counterpart_of,
    described_entry,
    entry_fit,
    extent_end,
    holders_of_part,
    is_asked_verb,
    is_colour,
    kind_modifier,
    kind_words,
    kinds_of,
    listed_besides,
    looking_up_entries,
    measures,
    numbers,
    object_of_asked_verb,
    paired_names,
    placed_on_part,
    rank_spans,
    relation,
    trim,
    twin_of,
    type_fit,
    typed_phrases,
    units_of,
    verb_objects,
)
from nodes.pmsr.formulate import is_saturated
from tests.graph_kit import (
    TEST_IMAGE_EMBEDDER,
    TEST_MODEL,
    install_scripted_model,
    register_test_backends,
    solid_image,
)

# --- question shapes ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "kind", "noun", "reference", "bridge"),
    [
        ("Which nebula is this?", "identity", None, "", ""),
        ("Who is the person in this portrait?", "identity", None, "person", ""),
        # a bridge's "it" is the thing an earlier clause points at
        (
            "Looking at this glowing cloud, I wondered: what's the brightest star of the constellation it"
            " lies in?",
            "named",
            "star",
            "glowing cloud",
            "constellation",
        ),
        # … and so is "it's in" or "its" after a preposition; "what is its native country" asks that country
        ("This dim nebula glows. What is the brightest star of the constellation it's in?", "named", "star",
         "dim nebula", "constellation"),
        ("This dim nebula glows. What is the brightest star in its constellation?", "named", "star",
         "dim nebula",
         "constellation"),
        ("This shy lizard basks. What is its native country?", "named", None, "shy lizard", ""),
        # an adverb grading the asked kind's adjective
        ("This nebula lies in a keel-shaped constellation. Which very bright star does that constellation"
         " contain?", "named", "star", "nebula", "constellation"),
        ("In which year did the painter of this picture die?", "year", "year", "", "painter"),
        ("How many humps does this camel have?", "number", None, "camel", ""),
        ("What is the capital of the country where this wild dog lives?", "named", "capital", "wild dog",
         "country"),
        ("In which constellation is this nebula found?", "named", "constellation", "nebula", ""),
        ("What colour is the skin of this apple variety?", "colour", "colour", "apple", ""),  # its own part
        ("What is the scientific name of this animal?", "scientific_name", "name", "animal", ""),
        ("Who discovered this galaxy?", "person", "person", "galaxy", ""),
        ("What was the nationality of the painter of this work?", "nationality", "nationality", "",
         "painter"),
        ("In which country was the method of brewing this drink invented?", "named", "country", "drink", ""),
        ("In which mountain range is the valley where this goat lives?", "named", "range", "goat", "valley"),
        # contracted and polite wordings ask the plain question
        ("What's the capital of the country in which this bird can be found?", "named", "capital", "bird",
         "country"),
        ("Can you tell me the capital of the country where this lizard lives?", "named", "capital", "lizard",
         "country"),
        ("Could you name the genus of this beetle?", "named", "genus", "beetle", ""),
        # a bridge introduced by a relative after a preposition, or by an earlier sentence
        ("What is the capital of the country to which this lizard is native?", "named", "capital", "lizard",
         "country"),
        ("This lizard is native to a country. What is the capital of that country?", "named", "capital",
         "lizard", "country"),
        # a bridge the image's thing possesses, unless the possessed kind is what is asked
        ("What is the capital of this lizard's native country?", "named", "capital", "lizard", "country"),
        ("What is this lizard's native country?", "named", "country", "lizard", ""),
        # a quantity of the image's thing is no bridge entity
        ("What is the diameter of this moon?", "number", None, "moon", ""),
        ("How hot is the surface of this planet?", "number", None, "planet", ""),
        # the name asked for is the named thing's
        ("What is the name of the river this bridge crosses?", "named", "river", "bridge", ""),
        # identification asked as a request, or of a kind "in this photo"; a two-word kind ends with its noun
        ("Name this spiral galaxy.", "identity", None, "spiral galaxy", ""),
        ("What kind of dog is in this photo?", "identity", None, "", ""),
        # a partitive asks for the kind after "of"
        ("Which is the largest of Saturn's moons?", "named", "moon", "", ""),
        # a named possessor before the asked noun is not the noun
        ("Storks nest there. What is New Zealand's capital?", "named", "capital", "", ""),
        ("Which modern country's coin shows this bird?", "named", "country", "bird", ""),  # a kind's: asked
    ],
)  # fmt: skip
def test_question_shapes(question: str, kind: str, noun: str | None, reference: str, bridge: str) -> None:
    shape = read_question(question)
    assert (shape.answer_type, shape.type_noun, shape.reference, shape.bridge) == (
        kind,
        noun,
        reference,
        bridge,
    )


def test_a_question_that_does_not_point_at_the_image_is_about_what_it_names() -> None:
    named = read_question("What is the capital of Costa Rica?")
    assert (
        not named.points_at_image
        and not read_question("Which constellation has Vega as its brightest star?").points_at_image
    )
    assert read_question("Who painted the picture shown here?").points_at_image
    strong_unrelated = [
        cand("p1", "pairs", "Rhea (bird)", 0.9, "rhea: a flightless bird", image=0.9),
        cand(
            "t1",
            "text",
            "Costa Rica",
            0.6,
            "Costa Rica, Republic of Costa Rica: a republic in Central America",
        ),
    ]
    assert guess_entities(strong_unrelated, named)[0].title == "Costa Rica"


def test_a_name_the_question_describes_through_the_image_is_what_it_asks_about() -> None:
    """An apposition ("… of Peru, the country where this camelid lives") names the bridge: the named
    entity anchors over a strong image match, and no bridge is left to find."""
    shape = read_question("What is the capital of Peru, the country where this camelid lives?")
    assert (shape.subject, shape.bridge) == ("Peru", "")
    candidates = [
        cand("p1", "pairs", "Llama", 0.9, "llama: a South American camelid", image=0.9),
        cand("t1", "text", "Peru", 0.6, "Peru, Republic of Peru: a republic in western South America"),
    ]
    assert guess_entities(candidates, shape)[0].title == "Peru"
    assert read_question("What is the capital of the country where this camelid lives?").subject == ""


def test_a_sentence_may_open_with_the_name_it_is_about() -> None:
    """ "Capella is …" opens with a name (its subject, a verb in the singular follows); "Penguins like
    this one …" opens with a plural noun; a name may hold digits ("K2")."""
    assert named_entities("Capella is the brightest star of which constellation?") == ["Capella"]
    assert named_entities("Penguins like this one breed in Chile. What is its capital?") == ["Chile"]
    assert named_entities("How high is K2, the second highest peak?") == ["K2"]


def test_a_last_sentence_that_names_its_entity_asks_about_it_unless_it_refers_back() -> None:
    later = read_question("Storks like this one nest in Spain. Which city is Spain's capital?")
    assert later.subject == "Spain" and "Spain" in later.named  # the possessive is not part of the name
    back = "This stork nests in a country. Which river crosses that country besides the Ebro?"
    assert read_question(back).subject == ""


def test_how_a_relative_clause_finds_the_bridge_is_not_what_is_asked_of_it() -> None:
    contact = read_question("What is the capital of the country this beetle comes from?")  # no pronoun
    fronted = read_question("In the country where this plant grows wild, which city is the capital?")
    assert (contact.bridge, contact.asked_text()) == ("country", "capital")
    assert (fronted.bridge, fronted.type_noun, set(fronted.asked)) == ("country", "city", {"city", "capital"})


def test_how_much_a_thing_weighs_is_a_measure_in_units_of_mass() -> None:
    shape = read_question("How much does this tortoise weigh?")
    assert shape.measure and units_of(shape.measured) == UNIT_FAMILIES["mass"]


@pytest.mark.parametrize(
    "question",
    [
        "What's the birth year of the astronaut pictured?",
        "An admiral signed a treaty with the country this apple is named for. What was his year of birth?",
    ],
)
def test_a_birth_year_or_a_year_of_birth_asks_a_year(question: str) -> None:
    shape = read_question(question)
    assert (shape.answer_type, shape.year_role) == ("year", "start")


def test_what_is_asked_of_a_bridge_leaves_out_how_to_find_it() -> None:
    shape = read_question("What is the capital of the country where this humped ox works as a draft animal?")
    assert shape.asked_text() == "capital" and "draft" in shape.attribute
    died = read_question("In which year did the painter of this picture die?")
    assert died.year_role == "end" and "die" in died.asked
    around = read_question(
        "In which year did the empress dowager who rebuilt the palace around this tower die?"
    )
    assert around.bridges == ["palace", "empress dowager"], "inner description first, then the outer one"


def test_a_relative_clause_with_a_noun_phrase_of_its_own_still_describes_the_bridge() -> None:
    """ "the country where the method of making this drink was developed": the clause names a facet of
    the image's thing before the thing itself; the described noun is still the bridge."""
    shape = read_question(
        "What is the capital of the country where the method of making this drink was developed?"
    )
    assert shape.bridge == "country" and shape.asked == ["capital"]
    nearer = read_question(
        "What is the name of the river that flows through the city where this building stands?"
    )
    assert nearer.bridge == "city", "a nearer description is still the one found first"


# --- short answers from evidence lines ---------------------------------------------------------------


def line(title: str, text: str, weight: float = 1.0, source: str = "") -> EvidenceLine:
    return EvidenceLine(title=title, text=text, source_id=source or title, weight=weight, relevance=0.3)


def best(
    question: str,
    lines: list[EvidenceLine],
    known: tuple[str, ...] = (),
    chain: tuple[str, ...] = (),
    own: tuple[str, ...] = (),
) -> str:
    spans = rank_spans(read_question(question), lines, known=known, chain=chain, own=own)
    return spans[0].text if spans else ""


def answers_by_fit(question: str, text: str, answer: str, other: str, known: tuple[str, ...] = ()) -> bool:
    """Whether `answer` is the best span of the one-line entry `text`, and by a better type fit than
    `other` from the same line (not by nearness or order alone)."""
    shape, lines = read_question(question), [line(text.split(":")[0], text)]
    better = type_fit(shape, answer, lines[0], lines) > type_fit(shape, other, lines[0], lines)
    return best(question, lines, known=known) == answer and better


def read_on_chain(question: QuestionShape, chain: Chain, entries: list[tuple[str, str]]) -> str:
    """The best span of `entries`, each line weighted by its place on `chain`, as the reader ranks them."""
    lines = [line(title, text, chain.weight(title, text)) for title, text in entries]
    return rank_spans(question, lines, known=chain.known, chain=chain.tied_to)[0].text


def test_the_capital_is_the_entry_that_says_it_is_the_capital_of_the_bridge() -> None:
    lines = [
        line("dingo", "dingo, Canis dingo: wolflike wild dog of Australia", 0.6),
        line("Darwin", "Darwin: provincial capital of the Northern Territory of Australia", 0.9),
        line("Adelaide", "Adelaide: the state capital of South Australia", 0.7),
        line("Canberra", "Canberra, Australian capital, capital of Australia: the capital of Australia", 0.9),
        line("Lima", "Lima: the capital and largest city of Peru", 0.1),
    ]
    question = "What is the capital of the country where this wild dog lives?"
    assert best(question, lines, known=("dingo", "Australia"), chain=("dingo", "Australia")) == "Canberra"
    # without the relation to the bridge, any capital would do: the chain is what picks Canberra
    ranked = rank_spans(read_question(question), lines, known=("dingo", "Australia"))
    assert {s.text for s in ranked[:3]} >= {"Canberra", "Darwin"}


@pytest.mark.parametrize(
    ("question", "text", "answer"),
    [
        ("In which year did the painter of this picture die?",
         "van Gogh, Vincent van Gogh: Dutch painter, painted it in 1889 (1853-1890)", "1890"),
        ("In which year was the painter of this picture born?",
         "van Gogh, Vincent van Gogh: Dutch painter (1853-1890)", "1853"),
        ("How many humps does this camel have?", "Bactrian camel: two-humped camel of central Asia", "2"),
        ("What colour is the skin of this apple variety?", "Granny Smith: apple with a green skin", "green"),
        ("What is the scientific name of this animal?",
         "giraffe, camelopard, Giraffa camelopardalis: tallest living quadruped", "Giraffa camelopardalis"),
        # a common name of binomial shape ("Snow leopard") comes first; the taxonomic name closes the list
        ("Under what Latin name is this animal classified?",
         "Snow leopard, ounce, Panthera uncia: large feline of upland central Asia", "Panthera uncia"),
        ("What was the nationality of the painter of this work?",
         "van Gogh, Vincent van Gogh: Dutch Post-impressionist painter", "Dutch"),
        ("What are the dark columns of gas in this nebula called?",
         "Eagle Nebula: a nebula in Serpens; its dark columns of gas are called the Pillars of Creation",
         "Pillars of Creation"),
        ("Which star does the constellation of this nebula contain?",
         "Lyra: a small constellation in the northern hemisphere near Cygnus; contains the star Vega",
         "Vega"),
        ("Who discovered this galaxy?",
         "Messier 81: a spiral galaxy in Ursa Major discovered by Johann Elert Bode", "Johann Elert Bode"),
        ("How far from the Sun is this planet on average?",
         "Mars: the fourth planet, 4 times smaller than Earth, about 228 million kilometres from the Sun",
         "228 million kilometres"),
        ("How many moons does this planet have?", "Mars: the fourth planet, with 2 small moons", "2"),
        ("To which genus does this tree belong?", "Quercus, genus Quercus: a genus of oaks", "Quercus"),
        ("On which continent does this monkey live?",
         "howler monkey: a large Central and South American monkey with a loud call", "South America"),
        ("In which armed service was this man an admiral?",
         "Nelson, Horatio Nelson: English admiral of the Royal Navy (1758-1805)", "Royal Navy"),
        # ranks come as the evidence writes them, "8th" or "second"
        ("Counting outward from the Sun, what number planet is this?",
         "Neptune: a giant planet; the 8th planet from the sun is the most remote of the gas giants", "8th"),
        ("What is this planet's position in order from the Sun?",
         "Venus: the second nearest planet to the sun", "second"),
        # a share is a measure whose unit is the percent sign
        ("What share of the solar system's mass does this star contain?",
         "Sun: the star at the centre, holding 99.85% of the mass of the Solar System", "99.85%"),
        # a measure takes a unit of the asked quantity: "tall" is a length, not a duration
        ("How tall does this tree grow?",
         "redwood: a conifer that lives 2000 years and grows 110 metres tall", "110 metres"),
        ("How hot is the surface of this planet?",
         "Venus: the hottest planet, its surface at 464 °C under an atmosphere 90 times Earth's", "464 °C"),
        # a kind asked of a noun is the noun with its modifier, not a name of that kind
        ("In what kind of waters does this fish live?",
         "cod: a food fish of cold waters of the North Atlantic", "cold waters"),
        # where a thing lives, when its entry names no place: the habitat it gives
        ("Where can this bird be found?",
         "spoonbill: a wading bird with a spatulate bill; inhabits shallow marshes", "shallow marshes"),
        # light years measure a distance, not a time
        ("How far away is this star?", "Sirius: the brightest star in the sky; 8.6 light years away",
         "8.6 light years"),
        # a monarchy is a kingdom, and a republic a state, though neither says the other's word
        ("Which kingdom has this animal as its emblem?",
         "Bhutan, Kingdom of Bhutan: a monarchy occupying most of the eastern Himalayas", "Bhutan"),
        # a count of the unit the question names is the number stated in that unit
        ("How many square miles does this desert cover?",
         "Gobi: a desert of 500,000 square miles in Asia; two-humped camels cover it", "500,000"),
        # a vague count keeps its words: it has no digits
        ("How many stars does this cluster hold?",
         "Omega Centauri: a globular cluster of several million stars in Centaurus", "several million"),
    ],
)  # fmt: skip
def test_a_span_of_the_expected_type_answers(question: str, text: str, answer: str) -> None:
    assert best(question, [line(text.split(":")[0].split(",")[0], text)]) == answer


def test_a_count_of_a_named_unit_is_not_answered_by_another_count() -> None:
    """ "How many square miles …": "one-humped" counts humps, not square miles — no answer at all."""
    humps = [line("Arabia", "Arabia: a peninsula where the one-humped camel lives in hot deserts")]
    assert best("How many square miles does the desert of this camel cover?", humps) == ""
    assert best("How many humps does this camel have?", humps) == "1"


def test_the_kinds_own_word_is_no_answer_and_the_city_of_a_name_is_a_city() -> None:
    # a gloss titled by a common noun ("Capital, Ottawa: …") does not answer with that noun; a passage
    # that speaks of "the city of Ottawa" says which name is a city
    capital = line("Capital", "Capital, Ottawa: the federal government of Canada")
    district = line("Parliament Hill", "Parliament Hill: a hill in the city of Ottawa above the river")
    canada = line("Canada", "Canada: a nation in northern North America")
    question = "Which city is the seat of government of this country?"
    assert best(question, [capital, district, canada], known=("Canada",)) == "Ottawa"


def test_demonyms_link_to_their_places() -> None:
    assert [place_of(n) for n in ("Australian", "North American", "Japanese", "Chinese", "Indian")] == [
        "Australia", "North America", "Japan", "China", "India",
    ]  # fmt: skip
    assert place_of("Japan") is None and place_of("Christian") is None and place_of("Lyra") is None
    gloss = "numbat, banded anteater: a small Australian marsupial that eats termites"
    assert linked_names("numbat", [gloss]) == ["Australia"]
    opening = "Eileen Collins: American astronaut and Air Force colonel"  # a demonym opens the definition
    assert linked_names("Eileen Collins", [opening]) == ["America", "Air Force"]
    prose = "A stone marker. It was used as a milestone by the Inuit of the Canadian Arctic."
    assert linked_names("Inuksuk", [prose])[:2] == ["Inuit", "Canada"]  # a demonym inside prose, in order


def test_of_two_entries_tied_to_the_chain_the_one_naming_more_of_it_is_tied_closer() -> None:
    """ "The people who pile stones like this govern a territory": both territories are in the people's
    country, only one entry names the people too."""
    shape = read_question(
        "The people who pile up stone markers like this govern a territory. What is that territory called?"
    )
    lines = [
        line("Sudvik", "Sudvik: a territory in southern Ostland; site of a gold rush"),
        line("Norvik", "Norvik: a territory in northern Ostland created in 1999 and governed by the Tarnu"),
    ]
    chain = ("Varn cairn", "Tarnu", "Ostland")
    assert relation(shape, "Norvik", lines, chain) > relation(shape, "Sudvik", lines, chain) > 0


def test_the_image_entity_answers_when_its_entry_names_it_as_the_kind_asked() -> None:
    seahorse = [line("Hippocampus", "Hippocampus, genus Hippocampus: seahorses; fishes of warm seas")]
    own = ("Hippocampus",)
    assert best("To which genus does this fish belong?", seahorse, known=own, own=own) == "Hippocampus"
    assert best("In which seas does this fish live?", seahorse, known=own, own=own) != "Hippocampus"
    assert best("To which genus does this fish belong?", seahorse, known=own) == "", "a known bridge never"


def test_a_name_the_entry_lists_can_say_what_it_is() -> None:
    """ "Nairobi, capital of Kenya: the largest city of East Africa" is a capital by its name list, and
    ties the capital to the chain's country."""
    lines = [
        line("Nairobi", "Nairobi, capital of Kenya: the largest city of East Africa", 0.9),
        line("Mombasa", "Mombasa: a port city in Kenya on the Indian Ocean", 0.9),
        line("Lima", "Lima: the capital and largest city of Peru", 0.1),
    ]
    question = "What is the capital of the country where this antelope lives?"
    assert best(question, lines, known=("Kenya",), chain=("impala", "Kenya")) == "Nairobi"


def test_a_link_of_the_asked_kind_can_answer_a_bridge_question() -> None:
    """The palace's city is linked from the anchor, but a city is not the country the question passes
    through: when its entry says it is the capital asked for, it stays a candidate."""
    question = read_question("What is the capital of the country where this palace stands?")
    entries = [
        ("Louvre Palace", "Louvre Palace: a former royal palace on the Seine in Paris, now a museum"),
        ("Paris", "Paris, City of Light: the capital and largest city of France; on the Seine"),
        ("Lyon", "Lyon: a city in east-central France on the Rhone"),
    ]
    chain = Chain.build("Louvre Palace", entries, question)
    assert chain.bridged and "Paris" in chain.links and "Paris" not in chain.known
    lines = [line(title, text, chain.weight(title, text)) for title, text in entries]
    assert rank_spans(question, lines, known=chain.known, chain=chain.names)[0].text == "Paris"

    country = read_question("Which ocean lies west of the country where this wild dog lives?")
    dog = [
        ("dingo", "dingo, Canis dingo: wolflike wild dog of Australia"),
        ("Australia", "Australia, Commonwealth of Australia: a nation occupying the whole of the continent"),
    ]
    assert "Australia" in Chain.build("dingo", dog, country).known  # the bridge itself never answers


def test_a_qualified_kind_is_tied_to_the_bridge_only_with_its_qualifier() -> None:
    """The capital, or the largest city, of the bridge: an entry that ties only the kind to the bridge
    ("3rd largest city in Australia") is any city there; the one that ties the qualifier is the answer,
    also through a demonym ("the largest Australian city")."""
    lines = [
        line("dingo", "dingo, Canis dingo: wolflike wild dog of Australia"),
        line("Brisbane", "Brisbane: capital and largest city of Queensland; 3rd largest city in Australia"),
        line("Sydney", "Sydney: the largest Australian city located in southeastern Australia"),
        line("Canberra", "Canberra, Australian capital, capital of Australia: the capital of Australia"),
    ]
    known = chain = ("dingo", "Australia")
    capital = "Which city is the capital of the country this wild dog is native to?"
    largest = "What is the largest city of the country where this wild dog lives?"
    assert best(capital, lines, known=known, chain=chain) == "Canberra"
    assert best(largest, lines, known=known, chain=chain) == "Sydney"
    stars = [
        line("Rigel", "Rigel, Beta Orionis: the brightest star in Orion"),
        line("Betelgeuse", "Betelgeuse, Alpha Orionis: the second brightest star in Orion"),
    ]
    second = "Which star is the second brightest in the constellation that holds this nebula?"
    brightest = "Which star is the brightest in the constellation that holds this nebula?"
    assert best(second, stars, known=("Orion",), chain=("Horsehead Nebula", "Orion")) == "Betelgeuse"
    assert best(brightest, stars, known=("Orion",), chain=("Horsehead Nebula", "Orion")) == "Rigel"


def test_an_entry_may_tie_the_asked_kind_to_another_name_of_the_bridge() -> None:
    """The fruit's entry says "Malayan" (→ Malaya); the bridge's own entry lists Malaysia among its
    names, and the answer's entry names the bridge that way."""
    question = read_question("Which city is the largest in the country this fruit comes from?")
    entries = [
        ("rambutan", "rambutan, rambotan: bright red oval Malayan fruit covered with soft spines"),
        ("Malaysia", "Malaysia, Malaya: a constitutional monarchy in southeastern Asia"),
        ("Kuala Lumpur", "Kuala Lumpur: the largest city and former capital of Malaysia until 2005"),
        ("Douala", "Douala: the largest city of Cameroon"),
    ]
    chain = Chain.build("rambutan", entries, question)
    assert chain.links == ("Malaya",) and "Malaysia" in chain.tied_to and "Kuala Lumpur" in chain.stating
    assert chain.place("Kuala Lumpur", entries[2][1]) == "states relation"
    assert read_on_chain(question, chain, entries) == "Kuala Lumpur"


def test_a_partitive_entry_ties_the_kind_after_of_to_its_owner() -> None:
    """ "the largest of Saturn's satellites" is a satellite, tied to Saturn by the possessive, and it is
    the largest: it answers the largest of the named planet's moons (a moon is a satellite)."""
    assert kind_words("Titan: the largest of Saturn's satellites") == {"satellites", "satellite"}
    lines = [
        line("Saturn", "Saturn: the sixth planet from the sun; it has many satellites"),
        line("Titan", "Titan: the largest of Saturn's satellites", 0.9),
        line("Rhea", "Rhea: the second largest of Saturn's satellites", 0.9),
    ]
    assert (
        best("Which is the largest of Saturn's moons?", lines, known=("Saturn",), chain=("Saturn",))
        == "Titan"
    )


def test_a_name_the_question_pairs_with_its_answer_picks_the_evidence_partner() -> None:
    """ "between the Pacific and which mountain range": the line pairs the Andes with the Pacific; a name
    that only shares a word with the question ("South America") is neither trimmed nor preferred."""
    lines = [
        line(
            "Atacama",
            "Atacama, Atacama Desert: a desert in western South America between the Andes and the Pacific",
        )
    ]
    assert (
        best("This cactus grows in a desert between the Pacific and which mountain range?", lines) == "Andes"
    )


def test_a_number_asked_in_a_named_unit_takes_the_number_stated_in_any_spelling_of_it() -> None:
    """ "…, in degrees?" asks a number in that unit: "a tilt of 23.4°" answers it, a name never does."""
    question = "The axis of this world leans a little. By how much does it tilt, in degrees?"
    shape = read_question(question)
    assert (shape.answer_type, shape.named_unit) == ("number", "degrees")
    lines = [line("Kestrel", "Kestrel: a small world in the constellation Lyra with an axial tilt of 23.4°.")]
    assert best(question, lines) == "23.4"
    assert (
        best("How far is it from its star, in kilometres?", [line("K", "K lies 5,000 km from Lyra")])
        == "5,000"
    )


def test_a_count_is_a_number_that_counts_the_asked_noun_even_on_a_lighter_line() -> None:
    """ "How many main isles …": "the three main isles" on a linked entry, not the anchor's "in 1802"."""
    lines = [
        line("Mount Ash", "Mount Ash: a volcano on the main isle of Varnia, last erupted in 1802"),
        line("Varnia", "Varnia: a kingdom of the three main isles and many islets off the coast", 0.6),
    ]
    question = "This apple is named after a volcano. How many main isles does its country have?"
    assert best(question, lines) == "3"


def test_what_you_call_the_thing_shown_asks_what_it_is() -> None:
    assert read_question("What do you call this prickly green fruit?").answer_type == "identity"
    assert read_question("What do you call the capital of this country?").answer_type == "named"


def test_an_entrys_later_names_answer_as_its_first_name() -> None:
    """ "Which city …" — an entry listing "Ur-Kesh, Kesh, …, Gate City" answers "Ur-Kesh", though its
    later name has the asked kind for its head word."""
    lines = [
        line(
            "Ur-Kesh",
            "Ur-Kesh, Kesh, capital of Varnia, Gate City: the holy city of the Varn; known as the Gate City"
            " for its many gates",
        )
    ]
    assert (
        best("Which city is the capital of the land this goat comes from?", lines, chain=("Varnia",))
        == "Ur-Kesh"
    )


@pytest.mark.parametrize(
    ("question", "source"),
    [
        ("This lizard's name comes from an explorer. In what year did he die?", "Tasman"),
        ("The sea this lizard is named after lies between which two countries?", "Tasman"),
    ],
)
def test_a_thing_named_after_an_entity_links_to_it_through_its_own_name(question: str, source: str) -> None:
    """ "named after", "its name comes from": the entity the image's thing is named after is the word of
    its name that has an entry ("Tasmanic skink" → Tasman), the first link, ahead of what its gloss names."""
    shape = read_question(question)
    entries = [
        ("Tasmanic skink", "Tasmanic skink: a small skink of the coasts of Australia and New Zealand"),
        ("Tasman", "Tasman, Abel Tasman: Dutch navigator who discovered Tasmania (1603-1659)"),
    ]
    chain = Chain.build("Tasmanic skink", entries, shape)
    assert chain.links[0] == source
    assert (
        Chain.build("Tasmanic skink", entries, read_question("Where does this lizard live?")).links[0]
        != source
    )


def test_a_bridge_reached_through_a_set_aside_link_of_another_kind_comes_first() -> None:
    """Nested bridge shape "this ox's home region lies in a range; along the border of which country besides
    <region> does that range extend": the region the question sets aside is no answer but a link, and the
    range its entry places it in, whose own entry says it is a range, is the bridge. A question about no
    bridge keeps the name it sets aside off its links."""
    entries = [
        ("Kell ox", "Kell ox: large long-haired wild ox of Tarn"),
        ("Tarn", "Tarn: an autonomous region of Veldia; located in the Orla Mountains"),
        ("Orla Mountains", "Orla Mountains: a mountain range on the border between Norland and Tarn"),
    ]
    nested = read_question(
        "The home region of this ox lies in a mountain range. Along the border of which country besides Tarn "
        "does that range extend?"
    )
    assert Chain.build("Kell ox", entries, nested).links[:2] == ("Orla Mountains", "Tarn")
    # before the range's own entry is found, the question's "lies in" ties it: "located in the Orla Mountains"
    assert Chain.build("Kell ox", entries[:2], nested).links[:2] == ("Orla Mountains", "Tarn")
    near = [entries[0], ("Tarn", "Tarn: an autonomous region of Veldia; near the Orla Mountains")]
    assert Chain.build("Kell ox", near, nested).links[0] == "Tarn", "neither its kind nor a tie is known"
    own = read_question("Besides Tarn, in which region does this ox live?")
    assert "Tarn" not in Chain.build("Kell ox", entries, own).links


def test_a_thing_named_after_an_island_links_to_the_place_its_adjective_in_an_makes() -> None:
    """ "named after an island": a name's adjective in -an after a consonant is made from a place in -a
    ("Kelmoran tiger" → Kelmora), the first link to search even before any entry of that place is found; a
    question that says nothing of the name keeps the links of the gloss."""
    entries = [("Kelmoran tiger", "Kelmoran tiger: a large striped cat of the forests of Asia")]
    named = read_question(
        "The big cat in this picture is named after an island. Which country owns that island?"
    )
    assert Chain.build("Kelmoran tiger", entries, named).links[0] == "Kelmora"
    plain = read_question("Which country does this big cat live in?")
    assert "Kelmora" not in Chain.build("Kelmoran tiger", entries, plain).links


@pytest.mark.parametrize(
    "question",
    [
        "She was one of the first coders of an early computer that carries a university's name. "
        "In which Norland state is that university?",
        "This pioneer was among the first coders of an early machine named after a university. "
        "In which Norland state is that university?",
    ],
)
def test_a_name_the_image_entry_links_to_carries_the_name_the_question_describes(question: str) -> None:
    """ "an early computer that carries a university's name", "this parrot's local form is named after a
    city": when none of the image's own names is named after an entry the records hold, a name its entry
    links to is ("the Kelsey Mark II" → Kelsey University, listed as "Kelsey"); that entry is the bridge,
    and another entry merely named like the description ("University of Dorn") is another of its kind."""
    entries = [
        ("Velma Quade", "Velma Quade: Norland engineer, one of the first coders of the Kelsey Mark II"),
        ("Kelsey University", "Kelsey University, Kelsey: a university in Ostmark"),
        ("University of Dorn", "University of Dorn: a university in Dornville, Varnia"),
        ("Varnia", "Varnia: a state in the north of Norland"),
    ]
    shape = read_question(question)
    chain = Chain.build("Velma Quade", entries, shape)
    assert chain.links[0] == "Kelsey"
    assert read_on_chain(shape, chain, entries) == "Ostmark"


def test_a_kind_phrase_set_before_a_name_describes_it_and_answers_no_which_question() -> None:
    """ "What famous star is found in that constellation?" — "… surrounds the massive star Zeta Dorvani":
    "massive star" only describes the name after it (a link of the chain here), so the star the bridge's
    entry names answers; "what kind of star" would still take the phrase."""
    entries = [
        (
            "Kell Nebula",
            "Kell Nebula: a bright nebula in the constellation Dorvan that surrounds the massive star"
            " Zeta Dorvani",
        ),
        ("Dorvan", "Dorvan: a keel-shaped constellation of the southern sky; contains the bright star Orlis"),
    ]
    shape = read_question(
        "This bright nebula lies in a keel-shaped constellation. "
        "What famous star is found in that constellation?"
    )
    chain = Chain.build("Kell Nebula", entries, shape)
    assert read_on_chain(shape, chain, entries) == "Orlis"
    assert "massive star" not in candidates(shape, line(*entries[0]))
    kind = read_question("What kind of star does this bright nebula surround?")
    assert "massive star" in candidates(kind, line(*entries[0]))


def test_a_sentence_opening_pronoun_names_no_entity() -> None:
    """ "She was one of …", "He ruled …": a capitalised pronoun opening a sentence is no name to anchor
    on or to search for."""
    assert read_question(
        "She was one of the first coders of the Kelsey Mark II. When was she born?"
    ).names == ["Kelsey Mark II"]
    assert read_question("He ruled Varnia for forty years. Who was his father?").names == ["Varnia"]


def test_an_entity_the_question_names_is_no_thing_named_after_its_first_name() -> None:
    """ "The telescope … is named after the astronomer Edwin Hubble. In what year did Edwin Hubble die?":
    the anchor is the named person; a king called Edwin is not where his name comes from."""
    shape = read_question(
        "The telescope that took this picture is named after the astronomer Edwin Hubble. "
        "In what year did Edwin Hubble die?"
    )
    entries = [
        ("Hubble", "Hubble, Edwin Hubble: United States astronomer who studied galaxies (1889-1953)"),
        ("Edwin", "Edwin: king of Northumbria who was converted to Christianity (585-633)"),
    ]
    chain = Chain.build("Edwin Hubble", entries, shape)
    assert "Edwin" not in chain.links
    assert read_on_chain(shape, chain, entries) == "1953"


def test_the_first_query_for_a_named_subject_asks_only_what_the_asking_sentence_asks() -> None:
    """A scene-setting sentence, then a question about an entity it names: the focused query pairs that
    entity with the asking sentence's words, not with the scene's ("Earth … one moon like this one")."""
    question = (
        "Earth has one moon like this, but Mars has two. Which is the larger of the two satellites of Mars?"
    )
    record = "Question names: Mars (match 1.000)\nMars: Mars: the fourth planet; it has two satellites"
    trajectory = [Iteration(step=0, queries=[], candidates=[], record=record, seconds=0.0, model_seconds=0.0)]
    assert next_query(question, trajectory, []) == "Mars larger two satellites"


def test_an_entry_that_names_the_image_entity_is_a_reverse_link() -> None:
    """A country's entry naming the bird ("the Andean condor appears on its coat of arms") is tied to the
    image's entity; another country's entry that only names the continent the bird's entry links to is
    not as close."""
    question = read_question("On the coat of arms of which country does this bird appear?")
    entries = [
        ("Andean condor", "Andean condor: a large vulture of the high Andes of South America"),
        ("Chile", "Chile: a republic in South America; the Andean condor appears on its coat of arms"),
        ("Peru", "Peru: a republic in western South America; its coat of arms shows a vicuna"),
    ]
    chain = Chain.build("Andean condor", entries, question)
    assert chain.place("Chile", entries[1][1]) == "names anchor"
    assert chain.weight("Chile", entries[1][1]) > chain.weight("Peru", entries[2][1])
    assert read_on_chain(question, chain, entries) == "Chile"


def test_a_thing_described_past_the_bridge_is_found_through_the_bridges_links() -> None:
    """ "the brightest star in the constellation where this nebula lies": the constellation's entry names
    its star, whose own entry states the measure; a question whose answer is of the bridge's own kind
    (a neighbouring constellation) goes no further than the bridge."""
    entries = [
        ("Ring Nebula", "Ring Nebula, Messier 57: a planetary nebula in the constellation Lyra"),
        ("Lyra", "Lyra: a small northern constellation near Cygnus; contains the star Vega"),
        ("Vega", "Vega: the brightest star in Lyra; 25 light years from Earth"),
        ("Deneb", "Deneb: the brightest star in Cygnus; 2,600 light years from Earth"),
    ]
    far = read_question(
        "How many light years from Earth is the brightest star in the constellation where this nebula lies?"
    )
    chain = Chain.build("Ring Nebula", entries, far)
    assert "Vega" in chain.beyond and chain.place("Vega", entries[2][1]) == "past bridge"
    assert chain.weight("Vega", entries[2][1]) > chain.weight("Deneb", entries[3][1])
    near = read_question("Near which constellation lies the constellation that contains this nebula?")
    assert Chain.build("Ring Nebula", entries, near).beyond == ()


def test_a_question_past_a_bridge_the_kb_lacks_searches_the_anchors_next_link() -> None:
    """ "The museum that holds this painting is in a city on which river?": the museum has no entry, so
    the step past it is the place the painting's entry gives next; the chain is not resolved before the
    follow-up has searched it."""
    question = "The museum that holds this painting is in a city on which river?"
    entry = "Las Meninas: a painting by Diego Velazquez; held by the Prado Museum in Madrid"
    record = f"Image shows: Las Meninas (match 0.950)\nLas Meninas: {entry}"
    trajectory = [Iteration(step=0, queries=[], candidates=[], record=record, seconds=0.0, model_seconds=0.0)]
    chain = Chain.build("Las Meninas", record_entries(trajectory), read_question(question))
    assert chain.links[0] == "Prado Museum" and chain.goes_past and chain.step_past_bridge == "Madrid"
    earlier = [next_query(question, trajectory, [])]  # the museum is one by its name: no anchor query
    assert earlier[-1].startswith("Prado Museum") and not chain_resolved(question, trajectory, earlier)
    earlier.append(next_query(question, trajectory, earlier))
    assert earlier[-1].startswith("Madrid") and chain_resolved(question, trajectory, earlier)


def test_a_bridge_named_twice_in_the_anchors_entry_is_read_where_it_stands_with_the_description() -> None:
    """ "Carina Nebula: … in the constellation Carina …": the link next to the bridge's noun comes first,
    even though its name also opens the entry, far from that noun."""
    shape = read_question("Which star is the brightest in the constellation where this nebula lies?")
    text = "Carina Nebula: a nebula in the constellation Carina that surrounds the massive star Eta Carinae"
    assert rank_links(shape, ["Eta Carinae", "Carina"], [text])[0] == "Carina"


def test_the_kind_of_an_individual_is_the_kind_its_entry_gives_and_a_kind_answers_by_its_name() -> None:
    question = read_question("What type of galaxy is this?")
    galaxy = [
        line("Messier 64", "Messier 64, Black Eye Galaxy: a spiral galaxy with a dark dust band in Coma")
    ]
    assert question.asks_identity and kind_of_individual(question, "Messier 64", galaxy) == "spiral galaxy"
    cat = read_question("What kind of cat is this?")
    kinds = [line("Siamese cat", "Siamese cat, Siamese: a slender short-haired domestic cat from Thailand")]
    assert kind_of_individual(cat, "Siamese cat", kinds) == ""  # the anchor's name says its kind
    whale = read_question("What kind of whale is this?")  # so does another of its names
    orcas = [line("Orca", "killer whale, orca, grampus: predatory black-and-white toothed whale")]
    assert kind_of_individual(whale, "Orca", orcas) == ""
    seal = read_question("What kind of seal is this animal?")  # a kind named otherwise: its entry's kind
    lions = [line("Sea lion", "sea lion: any of several large eared seals related to fur seals")]
    assert kind_of_individual(seal, "Sea lion", lions) == "eared seal"
    animal = read_question("What kind of animal is this?")  # a broad kind asks what the animal is
    beasts = [line("Sea lion", "sea lion: a large amphibious animal of the northern Pacific")]
    assert kind_of_individual(animal, "Sea lion", beasts) == ""


def test_another_name_of_the_image_entity_is_one_its_entry_lists_besides_the_given_one() -> None:
    lines = [line("Omega Nebula", "Omega Nebula, Swan Nebula, Messier 17: an emission nebula in Sagittarius")]
    given = read_question("Besides the Omega Nebula, by what name is this nebula known?")
    assert given.asks_identity and given.other_name
    assert other_name(given, "Omega Nebula", lines, Context()) == "Swan Nebula"
    apart = read_question("Apart from the Omega Nebula, what is this nebula called?")
    assert apart.other_name and other_name(apart, "Omega Nebula", lines, Context()) == "Swan Nebula"
    plain = read_question("What is another name for this nebula?")
    assert plain.other_name and other_name(plain, "Omega Nebula", lines, Context()) == "Swan Nebula"
    assert not read_question("What is the common name of this nebula?").other_name
    assert not read_question("Besides this nebula, which well-known cluster lies in Taurus?").other_name


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # a name described by what it likens the thing to, with the familiar name set aside in quotes
        (
            "Besides its familiar 'killer' name, what name likening it to a land hunter is this whale given?",
            "sea wolf",
        ),
        # a name described by what it is made of
        (
            "Which folk name, joining a stream with a farm beast, is also given to this huge animal?",
            "river horse",
        ),
        # a Latin name asked besides the usual one: the first Latin name listed is the usual one
        (
            "Apart from its usual binomial, what other Latin name does this animal have?",
            "Hippopotamus amphibius",
        ),
        # no description of the name: the first one listed besides the title; never a Latin one unasked
        ("By what other name is this animal known?", "hippo"),
    ],
)
def test_another_name_described_in_the_question_is_the_listed_name_closest_to_the_description(
    question: str, answer: str
) -> None:
    """Entries list several other names: the question's description of the one it wants ("likening it
    to a land hunter") picks among them by meaning, a quoted name is set aside, and a Latin name answers
    only when one is asked."""
    lines = [
        line("Hippopotamus", "hippopotamus, hippo, river horse, Hippopotamus major, Hippopotamus amphibius: "
             "massive thick-skinned herbivorous animal living in or around rivers of tropical Africa"),
        line("Orca", "killer whale, killer, orca, grampus, sea wolf, Orcinus orca: predatory black-and-white "
             "toothed whale with large dorsal fin; common in cold seas"),
    ]  # fmt: skip
    shape = read_question(question)
    anchor = "Orca" if "whale" in question else "Hippopotamus"
    assert shape.other_name
    assert other_name(shape, anchor, [x for x in lines if x.title == anchor], Context()) == answer


def test_what_a_named_thing_is_called_somewhere_is_its_other_name_closest_to_that_place() -> None:
    """ "What is the Big Dipper usually called in Britain?": another name of the thing the question
    names, chosen by the place it is used in."""
    shape = read_question(
        "The Big Dipper lies in the same constellation as this galaxy. What is the Big Dipper usually called "
        "in Britain?"
    )
    assert shape.subject == "Big Dipper" and shape.name_asked and shape.name_asked.hint == "britain"
    dipper = [line("Big Dipper", "Big Dipper, Dipper, Plough, Wain, Wagon: seven bright stars in Ursa Major")]
    assert other_name(shape, "Big Dipper", dipper, Context()) == "Plough"


def test_a_name_used_for_the_image_thing_is_its_own_even_when_the_question_describes_another() -> None:
    """ "Which name, honouring the astronomer who found it, is also used for this galaxy?": the
    astronomer describes the name, the name is the galaxy's — not the other name of a linked entity."""
    shape = read_question(
        "Which name, honouring the astronomer who found it, is also used for this spiral galaxy?"
    )
    assert shape.name_asked and shape.name_asked.of_image
    cape = read_question("By what name was the cape that this rocket flew from formerly known?")
    assert cape.name_asked and not cape.name_asked.of_image and cape.bridge == "cape"
    record = "\n".join(
        [
            "Image shows: Messier 81 (match 0.900)",
            "Messier 81: Messier 81, Bode's Galaxy: a spiral galaxy in Ursa Major, discovered by Johann Bode",
            "Great Bear: Great Bear, Ursa Major: a constellation outside the zodiac",
        ]
    )
    trajectory = [Iteration(step=0, queries=[], candidates=[], record=record, seconds=0.0, model_seconds=0.0)]
    assert read_records(shape.text, trajectory, Context()).answer == "Bode's Galaxy"


def test_a_question_naming_its_subject_in_the_asking_sentence_asks_about_it_even_with_its() -> None:
    """ "Which nickname does Mars get from the oxide that reddens its surface?": "its" is Mars, named in
    the same sentence, not a thing an earlier sentence set."""
    shape = read_question(
        "Earth has this one natural satellite. Which nickname does Mars, the fourth planet, get from the "
        "iron oxide that reddens its surface?"
    )
    assert shape.subject == "Mars"
    assert read_question("This seal lives in the Zell Sea. North of which island does that sea lie?").subject
    # a name used as an adjective ("the Greek gods") is not the subject when the sentence names another
    olympus = (
        "Coins like these were struck by Greek cities. How high is Mount Olympus, home of the Greek gods?"
    )
    assert read_question(olympus).subject == "Mount Olympus"
    # a demonstrative or a pronoun subject points back past the name the asking sentence gives
    assert not read_question(
        "This patch of sky lies in a faint constellation. Near Phoenix and which other one does it lie?"
    ).subject
    assert not read_question(
        "This nebula lies in a zodiac constellation. Between Gemini and which constellation does that "
        "constellation lie?"
    ).subject


def test_an_individual_whose_name_holds_the_kind_word_still_has_the_kind_its_entry_gives() -> None:
    """ "What kind of nebula is this?" of the Owl Nebula: its proper name says "nebula" but not which
    kind; its entry does ("a planetary nebula")."""
    shape = read_question("What kind of nebula is this object whose two dark patches resemble eyes?")
    owl = [line("Owl Nebula", "Owl Nebula, Messier 97: a planetary nebula in the constellation Ursa Major")]
    assert kind_of_individual(shape, "Owl Nebula", owl) == "planetary nebula"


# The KB's entries of names the evidence below holds no entry of: a republic, a region, a mountain range.
_TITLED = {
    "Varnia": ["Varnia, Republic of Varnia: a republic in the north of the Orlan continent"],
    "Dolmark": ["Dolmark: a region of hills and lakes in the south of Tessel"],
    "Tessel": ["Tessel: a mountain range in central Orla"],
}


@pytest.mark.parametrize(
    "entry",
    [
        "Lake Kessa: a lake between Dolmark and Varnia",
        "Lake Kessa: a lake fed by the Tessel and draining to Varnia",
    ],
)
def test_a_name_the_evidence_holds_no_entry_of_is_typed_by_its_kb_entries(entry: str) -> None:
    """Answer-of-the-asked-kind shape, "which country is this lake in?" of an entry naming a country and
    a place of another kind in passing: the search found neither's own entry, so the evidence cannot tell
    which one is a country; the entries the KB stores under each name can."""
    question = "Which country is this lake in?"
    record = ["Image shows: Lake Kessa (match 0.900)", entry]
    trajectory = [
        Iteration(step=0, queries=[], candidates=[], record="\n".join(record), seconds=0.0, model_seconds=0.0)
    ]
    assert read_records(question, trajectory, Context()).answer != "Varnia", "the evidence alone cannot tell"
    titled = read_records(question, trajectory, Context(), lambda title: _TITLED.get(title, ()))
    assert titled.answer == "Varnia"


def test_a_title_shared_by_entities_of_other_kinds_leaves_a_name_untyped() -> None:
    """The KB lookup only confirms: a title that also names things of other kinds (a town and a river both
    called Kessa) may mean any of them in the line, so it says nothing; an entry among the evidence still
    decides first."""
    kinds = kinds_of("city")
    entries = {
        "Ostby": ["Ostby: a port city on the Kessa coast"],
        "Kessa": ["Kessa: a market town in eastern Varnia", "Kessa, Kessa River: a river of southern Varnia"],
    }
    with looking_up_entries(lambda title: entries.get(title, ())):
        assert entry_fit("Ostby", kinds, []) == DEFINED_FIT
        assert entry_fit("Kessa", kinds, []) == UNKNOWN_TYPE_FIT
        assert (
            entry_fit("Ostby", kinds, [EvidenceLine("Ostby", "Ostby: a fishing village", "p")])
            == OTHER_KIND_FIT
        )
    assert entry_fit("Ostby", kinds, []) == UNKNOWN_TYPE_FIT, "outside a reading's lookup, the evidence alone"


def test_a_name_ending_in_its_kind_is_named_with_that_noun_in_lower_case() -> None:
    """Reverse-link shape, "who was the engineer that designed this bridge?": the designer's entry writes
    the bridge's name with its kind in lower case ("the Kessa bridge"), and still names the bridge shown —
    its designer answers, not another bridge on the same river."""
    assert mentions("began construction of the Kessa bridge (1806-1869)", "Kessa Bridge")
    assert not mentions("a suspension bridge across the Kessa River", "Kessa Bridge")
    answer = _read_record(
        "Who was the engineer that designed this bridge and started building it?",
        "Image shows: Kessa Bridge (match 0.900)",
        "Kessa Bridge: a suspension bridge across the Tarn River in Ostby; opened in 1883",
        "Orlen: Orlen, Varo Orlen: Tessel engineer who designed and began construction of the Kessa bridge"
        " (1806-1869)",
        "Dumas: Dumas, Piet Dumas: Tessel engineer noted for designing suspension bridges",
        "Halvor Bridge: a cantilever bridge across the Tarn River between Ostby and Kell",
    )
    assert answer == "Orlen"


def test_a_place_the_named_entitys_entry_names_answers_when_its_own_entry_is_of_the_asked_kind() -> None:
    """Named-entity shape, "The Kell Bridge crosses this river. At which city?": the bridge the question
    names is where the asked relation holds, so a town its entry places it at answers — over a city tied
    to the river only through the continent both lie in."""
    answer = _read_record(
        "The Kell Bridge crosses this river. At which city?",
        "Image shows: Tarn River (match 0.900)",
        "Tarn River: Tarn River: a river of Varnia flowing through northern Orla into the Vessel Sea",
        "Kell Bridge: Kell Bridge: a suspension bridge across the Tarn River at Ostby",
        "Ostby: Ostby: a town in eastern Varnia",
        "Marrow: Marrow: a city of bridges on the Tessel river; the largest city in Orla",
    )
    assert answer == "Ostby"


def test_a_thing_related_to_the_one_shown_is_asked_not_the_one_shown() -> None:
    """Own-kind guard, "which river is a tributary of the one in this photo?": the river shown is of the
    asked kind, but the question asks another one related to it — its tributary, whose entry names it."""
    answer = _read_record(
        "Which river is a tributary of the one in this photo?",
        "Image shows: Kessa River (match 0.900)",
        "Kessa River: Kessa, Kessa River: a river in southwestern Orla; flows into the Vessel Sea",
        "Orm: Orm, Orm River: a river in western Orla; a tributary of the Kessa River",
        "Dolm: Dolm, Dolm River: a river in eastern Orla; rises in Varnia and flows north to the Tarn Sea",
    )
    assert answer == "Orm"


def test_a_reverse_link_ties_the_answer_to_the_bridge_not_to_the_anchors_other_links() -> None:
    """Two-hop shape, "the group this musician belonged to came from which city?": the bridge is the group;
    cities whose entries name only the musician's country (a link of the anchor, from "Tarnian") are not
    tied to it, so the city the group's entry names answers — its own entry typed by the KB lookup."""
    question = "The group this musician belonged to came from which city?"
    record = [
        "Image shows: Orlen (match 0.900)",
        "Orlen: Orlen, Varo Orlen: Tarnian rock star and guitarist who with Tam Vell was a member of the"
        " Kestrels",
        "Kestrels: Kestrels: a rock group from Ostby who between 1962 and 1970 produced a variety of hit"
        " songs",
        "Marrow: Marrow: a city in northwestern Tarnia (30 miles to the east of Ostby); heart of the most"
        " densely populated area of Tarnia",
        "Brum: Brum: a city in central Tarnia; 2nd largest Tarnian city and an important industrial center",
    ]
    trajectory = [
        Iteration(step=0, queries=[], candidates=[], record="\n".join(record), seconds=0.0, model_seconds=0.0)
    ]
    entries = {"Ostby": ["Ostby: a large city in northwestern Tarnia; a port on the Mersa estuary"]}
    assert (
        read_records(question, trajectory, Context(), lambda title: entries.get(title, ())).answer == "Ostby"
    )
    shape = read_question(question)
    chain = Chain.build("Orlen", list(dict.fromkeys(own_sense_entries(question, trajectory))), shape)
    assert chain.links[:2] == ("Kestrels", "Tarnia")
    assert "Kestrels" in chain.tied_to and "Tarnia" not in chain.tied_to


@pytest.mark.parametrize(
    "question",
    [
        "What nickname is the big city near this one known by?",
        "What is the nickname of the big city near this one?",
    ],
)
def test_a_thing_placed_near_the_one_shown_is_a_bridge(question: str) -> None:
    """Bridge shape, "the big city near this one": a description by place beside the image's own entity
    leads to another entity, whose nickname is asked — not the shown city's own other name."""
    assert read_question(question).bridge == "big city"
    assert read_question(
        "The city a little to the east of this harbor is a state capital. Which state?"
    ).bridge == ("city"), "a place given by its direction from the one shown"
    answer = _read_record(
        question,
        "Image shows: Orby (match 0.900)",
        "Orby: Orby: a city in southeast central Tarnia near Kell; automobile manufacturing",
        "Kell: Kell, Motor Town, Gearville: the largest city in Tarnia and a major lake port; center of the"
        " automobile industry",
        "Dunby: Dunby: a town in southwest Tarnia",
    )
    assert answer == "Motor Town"


def _read_shown(question: str, title: str, text: str) -> str:
    """The answer read from the entry `text` of what the image shows (`title`)."""
    return _read_record(question, f"Image shows: {title} (match 0.900)", f"{title}: {text}")


def _read_record(question: str, *lines: str) -> str:
    record = "\n".join(lines)
    trajectory = [Iteration(step=0, queries=[], candidates=[], record=record, seconds=0.0, model_seconds=0.0)]
    return read_records(question, trajectory, Context()).answer  # real MiniLM vectors for relevance


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("This marsupial lives on one continent. How does that continent rank by size?", "smallest"),
        (
            "This marsupial lives on one continent. Where does that continent place among all continents?",
            "smallest",
        ),
        (
            "This marsupial lives in one nation. Where does that nation rank among countries by population?",
            "second most populous",
        ),
        # the dimension given, the place of "the 3rd largest by area" answers alone
        ("This marsupial lives in one nation. How does that nation rank in area?", "3rd"),
        (  # a size compared with all the others is a rank too
            "This marsupial lives on one continent. How big is that continent compared with the others?",
            "smallest",
        ),
        (
            "This marsupial lives on one continent. How big is that continent - which place does it take?",
            "smallest",
        ),
        (  # "compare in size with the other …", "compared with the rest"
            "This marsupial lives on one continent. How does that continent compare in size with the other "
            "ones?",
            "smallest",
        ),
        (
            "This marsupial lives on one continent. How big is that continent compared with the rest?",
            "smallest",
        ),
    ],
)
def test_a_rank_among_others_is_the_superlative_the_bridges_entry_states(question: str, answer: str) -> None:
    """ "How does that continent rank by size?" is answered as an entry states a rank of the dimension asked
    (area, not population): a superlative ("the smallest continent"), or the place of one ("3rd" of "the 3rd
    largest by area"), not an ordinal of another dimension or a name."""
    assert read_question(question).answer_type == "ordinal"
    found = _read_record(
        question,
        "Image shows: Tarnu (match 0.900)",
        "Tarnu: Tarnu: a small marsupial of Varnia, on the continent of Ostralia",
        "Ostralia: Ostralia: the smallest continent; between the Zell Sea and the Varn Ocean",
        "Varnia: Varnia: a nation of Ostralia; the second most populous country; the 3rd largest by area",
    )
    assert found == answer


def test_a_position_in_an_order_is_an_ordinal_not_a_superlative() -> None:
    """ "What position does that planet hold?", "which number sign": a place in an order ("3rd"), not a
    rank among others by some measure."""
    for question in [
        "Counting outward from the Sun, what position does that planet hold?",
        "Which number sign of the zodiac is the one named after this cluster's constellation?",
    ]:
        shape = read_question(question)
        assert shape.answer_type == "ordinal" and shape.rank_by is None
    assert read_question("How does that ocean rank in size?").rank_by == "largest smallest biggest"
    assert read_question("In what position does this little fish swim?").answer_type == "named"  # a posture


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        (
            "When, roughly, does the sun leave the zodiac sign named after this cluster's constellation?",
            "July 22",
        ),
        (
            "On roughly which date does the sun move into the sign named after this cluster's constellation?",
            "June 21",
        ),
    ],
)
def test_when_the_sun_enters_or_leaves_a_sign_is_the_day_that_opens_or_ends_its_range(
    question: str, answer: str
) -> None:
    """A range of days of every year ("from about June 21 to July 22") answers "when … leave" with its
    end and "which date … move into" with its start: a date without a year is a date all the same."""
    found = _read_record(
        question,
        "Image shows: Messier 44 (match 0.900)",
        "Messier 44: Messier 44, Beehive Cluster: an open cluster in the constellation Cancer",
        "Cancer: Cancer, the Crab: the fourth sign of the zodiac; the sun is in this sign from about June 21 "
        "to July 22",
    )
    assert found == answer


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        (
            "This drink comes from a country that was the core of an empire. From which century BC did that "
            "empire begin?",
            "4th century BC",
        ),
        (
            "This drink comes from a country that was the core of an empire. Until which century AD did that "
            "empire last?",
            "5th century AD",
        ),
        (
            "This drink comes from a country by the sea. How much of that country lies below sea level?",
            "half",
        ),
    ],
)
def test_a_century_or_a_share_is_read_in_the_form_the_entry_states_it(question: str, answer: str) -> None:
    """ "Which century" takes a century ("between the 4th century BC and the 5th century AD": the start
    or the end of the range as asked), "how much of" a fraction ("half the country"), not a year or a
    count."""
    found = _read_record(
        question,
        "Image shows: Varn coffee (match 0.900)",
        "Varn coffee: Varn coffee: a strong coffee first made in Ostland, on the North Sea",
        "Ostland: Ostland: a monarchy on the North Sea; half the country lies below sea level; "
        "was the core of the Ostish Empire between the 4th century BC and the 5th century AD",
    )
    assert found == answer


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # what a thing looks like, said as a compound ("wolflike"), asked with a kind noun
        ("Which wild animal does this dog look like?", "wolf"),
        # a record held, stated by a superlative with the noun phrase it heads
        ("What record does this dog hold among the dogs of its land?", "largest wild dog"),
        ("Among the wild dogs, what record does this one hold?", "largest wild dog"),
        # where within a named region: the part the entry names
        ("Where in Ostralia does this dog live?", "southern Ostralia"),
        ("In which part of Ostralia does this dog live?", "southern Ostralia"),
        ("What distinction does this dog hold among the dogs of its land?", "largest wild dog"),
        # a record the question mentions first and then asks back, or one it qualifies
        ("This tawny creature holds a size record among wild dogs. What is it?", "largest wild dog"),
        ("This tawny animal holds which size record among wild dogs?", "largest wild dog"),
        # the kind of a part asked: every modifier the entry gives it, not a verb before them
        ("What kind of tail does this dog have?", "long bushy tail"),
    ],
)
def test_a_likeness_a_record_or_a_part_of_a_region_is_read_as_the_entry_words_it(
    question: str, answer: str
) -> None:
    found = _read_record(
        question,
        "Image shows: Varn dog (match 0.900)",
        "Varn dog: Varn dog, Canis varnus: wolflike tawny wild dog of southern Ostralia; "
        "the largest wild dog of Ostralia; hunts kangaroos with a long bushy tail",
        "Ostralia: Ostralia: a continent between the Zell Sea and the Varn Ocean",
    )
    assert found == answer


@pytest.mark.parametrize(
    ("question", "title", "entry", "answer"),
    [
        (
            "This little monkey is a kind of which South American primate?",
            "Tamarin",
            "tamarin, lion monkey: small South American marmoset with silky fur and long tail",
            "marmoset",
        ),
        (
            "To which group of hoofed animals do these striped runners belong?",
            "Zebra",
            "zebra: any of several fleet black-and-white striped African equines",
            "equines",
        ),
        # the definition's head is the question's own noun: the entry that defines it names the group
        (
            "To which group of long-necked wading birds does this bird belong?",
            "Crowned crane",
            "A crowned crane. crane: large long-necked wading bird of marshes and plains",
            "crane",
        ),
    ],
)
def test_the_group_a_thing_belongs_to_is_the_head_of_its_entrys_definition(
    question: str, title: str, entry: str, answer: str
) -> None:
    assert read_question(question).asks_group
    found = _read_record(question, f"Image shows: {title} (match 0.900)", f"{title}: {entry}")
    assert found == answer
    assert not read_question("This shellfish is one of the species of which genus?").asks_group
    assert not read_question("Which family of fungi does this mushroom belong to?").asks_group


@pytest.mark.parametrize(
    ("country", "answer"),
    [("a federal republic on the North Sea", "federal republic"), ("a monarchy", "monarchy")],
)
def test_a_form_of_government_is_the_kind_of_state_the_bridges_entry_says_it_is(
    country: str, answer: str
) -> None:
    question = "This drink comes from a country in the north. What form of government does that country have?"
    found = _read_record(
        question,
        "Image shows: Varn coffee (match 0.900)",
        "Varn coffee: Varn coffee: a strong coffee first made in Ostland",
        f"Ostland: Ostland: {country}; its capital is Varnholm",
    )
    assert found == answer


def test_the_noun_after_the_wh_word_is_the_kind_asked_and_a_name_led_by_a_kind_word_is_of_that_kind() -> None:
    """ "On the shore of which lake does Ostland's capital stand?" asks a lake, not a capital; "Lake
    Zell" is a lake by its name even when its own entry was not retrieved."""
    question = (
        "A bird like this is on the flag of Ostland. On the shore of which lake does Ostland's capital stand?"
    )
    assert read_question(question).type_noun == "lake"
    found = _read_record(
        question,
        "Question names: Ostland (match 1.000)",
        "Ostland: Ostland, Republic of Ostland: a landlocked republic in eastern Varnia",
        "Varnholm: Varnholm, capital of Ostland: the capital of Ostland on the shore of Lake Zell",
        "Lake Tarn: Lake Tarn: a lake in the rift valley between Westland and Ostland",
    )
    assert found == "Lake Zell"


@pytest.mark.parametrize(
    "question",
    [
        "Besides Tarn, which constellation lies near the one containing this nebula?",
        "Which constellation, together with Tarn, flanks the one where this nebula is found?",
        "Apart from Tarn, which constellation lies near the faint one where this nebula is found?",
    ],
)
def test_a_neighbour_besides_a_given_one_is_the_one_the_bridges_entry_names_with_it(question: str) -> None:
    """ "Besides Tarn, which constellation lies near the one containing this nebula?": Tarn is set
    aside, not the subject; "the one" is a constellation (the bridge); the answer stands with Tarn in
    the bridge's entry."""
    shape = read_question(question)
    assert shape.subject == "" and shape.bridges and "Tarn" in shape.names
    found = _read_record(
        question,
        "Image shows: Varn Nebula (match 0.900)",
        "Varn Nebula: Varn Nebula: an emission nebula in the constellation Zell",
        "Zell: Zell: a faint constellation in the northern sky near Tarn and Oster",
        "Tarn: Tarn: a large constellation near Zell and Pella",
    )
    assert found == "Oster"


def test_the_kind_asked_may_be_a_compound_noun() -> None:
    """ "What kind of star cluster is this?" asks a kind of cluster ("globular cluster"), not of star."""
    shape = read_question("What kind of star cluster is this dense ball of stars?")
    assert shape.kind_of == "cluster"
    lines = [
        line("Messier 13", "Messier 13: a globular cluster of several hundred thousand stars in Hercules")
    ]
    assert kind_of_individual(shape, "Messier 13", lines) == "globular cluster"
    assert read_question("In what kind of seas is this whale common?").kind_of == "sea"
    forests = read_question("In what kind of African forests does this ape live?")  # a demonym qualifies it
    assert forests.kind_of == "forest" and forests.type_noun == "forest"
    assert typed_phrases("ape of equatorial African forests", "forest", 3) == ["equatorial African forests"]


def test_counting_from_a_start_asks_a_place_in_an_order() -> None:
    question = (
        "Counting from the first sign, where in the zodiac does the sign of this nebula's constellation fall?"
    )
    assert read_question(question).answer_type == "ordinal"
    assert read_question("Counting from the Sun, how many planets lie closer?").answer_type == "number"


def test_an_attribute_of_the_image_entity_is_not_tied_through_its_links() -> None:
    """Not a bridge question: a star whose entry ties it to the nebula's constellation ("the second
    brightest star in Orion") says nothing about the nebula; the nebula's own entry names its star."""
    question = read_question("Which star lies just north of this nebula?")
    entries = [
        ("Horsehead Nebula", "Horsehead Nebula: a dark nebula just south of the star Alnitak in Orion"),
        ("Orion", "Orion, Hunter: a constellation on the equator; contains Betelgeuse and Rigel"),
        ("Betelgeuse", "Betelgeuse, Alpha Orionis: the second brightest star in Orion"),
    ]
    chain = Chain.build("Horsehead Nebula", entries, question)
    assert not chain.bridged and "Orion" in chain.links and "Orion" not in chain.tied_to
    assert read_on_chain(question, chain, entries) == "Alnitak"


def test_what_a_verb_takes_is_answered_with_the_phrase_it_takes_in_the_entry() -> None:
    """ "What does this animal feed on?": no kind is asked, the verb's object is — a phrase of the
    entity's entry, not a name standing near it ("Australian")."""
    koala = "koala, koala bear: tailless Australian arboreal marsupial; feeds on eucalyptus leaves and bark"
    assert read_question("What does this animal feed on?").predicate == "feed on"
    assert read_question("What does this flag mean?").predicate == ""
    assert read_question("What does this flag look like?").predicate == "resemble"  # what it resembles
    assert best("What does this animal feed on?", [line("koala", koala)]) == "eucalyptus leaves and bark"


def test_an_adjective_of_a_place_is_not_a_place() -> None:
    """ "common Indian antelope": "Indian" links to India, the bridge; it is no capital itself."""
    lines = [line("blackbuck", "blackbuck, Antilope cervicapra: common Indian antelope with spiral horns")]
    known = ("blackbuck", "Antilope cervicapra", "India")
    assert best("Name the capital of the nation where this antelope is common.", lines, known=known) == ""


def test_the_place_a_capital_belongs_to_is_not_a_capital() -> None:
    """ "Bologna: the capital of Emilia-Romagna" makes Bologna a capital, not Emilia-Romagna."""
    lines = [line("Bologna", "Bologna: the capital of Emilia-Romagna; located in northern Italy")]
    assert best("What is the capital of the country where this drink was developed?", lines) == "Bologna"


@pytest.mark.parametrize(
    "question",
    [
        "In the old legend, who tamed the winged horse this star cluster is named after?",
        "This star cluster is named after a winged horse of legend. Who tamed it?",
        "According to the myth, who tamed the horse this cluster is named after?",
    ],
)
def test_who_in_the_asking_clause_asks_for_the_agent_of_its_verb(question: str) -> None:
    """A "who" question asked after a lead-in phrase or an earlier sentence asks for a person, and the
    person a gloss names in the passive after the question's own verb answers it — not a demonym of
    the same gloss, nor the agent of another deed."""
    assert read_question(question).answer_type == "person"
    lines = [
        line(
            "Pegasus",
            "Pegasus: (myth) a Corinthian winged horse sent by Zeus to the Muses and tamed by Bellerophon",
        )
    ]
    assert best(question, lines) == "Bellerophon"


def test_an_irregular_verb_asks_for_the_agent_of_its_participle() -> None:
    """ "Who slew the giant?" — "slain by Odysseus", not the one the giant was "sent by"."""
    lines = [line("Polyphemus", "Polyphemus: (myth) a giant sent by Poseidon who was slain by Odysseus")]
    assert best("In the epic, who slew the giant this statue shows?", lines) == "Odysseus"
    # the same relation in another verb: "killed" asks for who it was "slain by"
    hunter = [line("Varno", "Varno: (myth) a giant hunter who pursued the Kells and was slain by Tessa")]
    assert best("In Greek mythology, which goddess killed the giant hunter Varno?", hunter) == "Tessa"


def test_a_kind_an_entry_was_formerly_is_not_the_kind_asked() -> None:
    """ "a former kingdom in X" is no kingdom now; the entry that is one answers "which kingdom"."""
    lines = [
        line("Zorland", "Zorland: a region and former kingdom in eastern Varnia between Kest and Mirovia"),
        line("Mirovia", "Mirovia, Kingdom of Mirovia: a landlocked monarchy in the mountains east of Varnia"),
    ]
    question = "Name the mountain kingdom east of the country this dog is named after."
    assert best(question, lines, chain=("Varnia",)) == "Mirovia"
    assert kind_words(lines[0].text) == {"region"}


def test_a_superlative_is_not_answered_by_an_entry_ranked_below_it() -> None:
    """ "Which planet is the largest" — an entry that calls its planet the second largest names the
    largest as another; a question that asks for the second largest takes it."""
    saturn = "Saturn is the sixth planet from the Sun and the second largest planet in the Solar System"
    lines = [  # the ranked entry reads closer to the question's words than the answer's own
        EvidenceLine(title="Saturn", text=saturn, source_id="Saturn", weight=1.0, relevance=0.6),
        line("Jupiter", "Jupiter is the fifth planet from the Sun and the largest planet in the system"),
    ]
    assert best("Which planet is the largest in the Solar System?", lines) == "Jupiter"
    assert best("Which planet is the second largest in the Solar System?", lines) == "Saturn"


@pytest.mark.parametrize(
    ("question", "text", "answer"),
    [
        ("How many toes does this bird have?",
         "rhea: smaller of two tall fast-running flightless birds similar to ostriches but three-toed", "3"),
        ("Into how many lobes do dark lanes divide this nebula?",
         "Trifid Nebula, Messier 20: a nebula in Sagittarius that dark lanes of dust divide into three lobes",
         "3"),
        ("How many galaxies does this image show?",
         "Hubble Ultra-Deep Field: a Hubble Space Telescope image of the sky showing about 10,000 galaxies",
         "10,000"),
        # a large numeral after a place name is no part of the name ("Messier 20" is)
        ("How many years ago did people first reach the islands where this bird lives?",
         "Japan, Nippon: an archipelago settled from mainland Asia 30,000 years ago", "30,000"),
    ],
)  # fmt: skip
def test_a_count_is_the_number_that_counts_the_asked_noun(question: str, text: str, answer: str) -> None:
    """Counts: the number next to what is asked ("three-toed", "three lobes"), never one that ends a
    name ("Messier 20") nor another count of the same line ("two … birds")."""
    assert best(question, [line(text.split(":")[0].split(",")[0], text)]) == answer


def test_an_entry_name_with_an_abbreviation_is_one_name() -> None:
    gloss = "Everest, Mount Everest, Mt. Everest: a mountain in the central Himalayas (29,028 feet high)"
    assert entry_names(gloss) == ["Everest", "Mount Everest", "Mt. Everest"]
    assert best("How high is Mount Everest?", [line("Everest", gloss)]) == "29,028 feet"


def test_names_listed_with_a_known_constellation_are_constellations_too() -> None:
    lines = [
        line("Vulpecula", "Vulpecula: a constellation in the northern hemisphere near Cygnus and Sagitta"),
        line("Sagitta", "Sagitta: a small constellation in the northern hemisphere", 0.6),
        line("Sagittarius", "Sagittarius: a large zodiacal constellation in the southern hemisphere", 0.15),
    ]
    question = "Near Sagitta and which other constellation is the constellation of this nebula?"
    assert best(question, lines, known=("Vulpecula",)) == "Cygnus"


def cand(
    cid: str, source: str, title: str, score: float, text: str = "", image: float | None = None
) -> Candidate:
    found = Candidate(id=cid, score=score, source=source, title=title, text=text, image_path=None, url=None)
    if image is not None:
        found["image_score"] = image
    return found


def test_the_image_ranking_decides_the_anchor_and_text_only_breaks_near_ties() -> None:
    near_tie = [
        cand("p1", "pairs", "Little penguin", 0.700),
        cand("p2", "pairs", "Magellanic penguin", 0.690),
        cand("t1", "text", "Magellanic penguin", 0.5, "Magellanic penguin: a penguin of South America"),
        cand("t2", "text", "penguin", 0.5, "penguin: short-legged flightless birds"),
    ]
    guesses = guess_entities(near_tie)
    assert [g.title for g in guesses] == ["Magellanic penguin", "Little penguin"], (
        "agreeing text breaks a tie"
    )
    assert guesses[0].agreeing == 1 and guesses[0].pair_score == pytest.approx(0.69)
    clear_lead = [
        cand("p1", "pairs", "Little penguin", 0.760),
        cand("p2", "pairs", "Magellanic penguin", 0.690),
        *(
            cand(f"t{i}", "text", "Magellanic penguin", 0.5, "Magellanic penguin: a penguin")
            for i in range(3)
        ),
    ]
    assert guess_entities(clear_lead)[0].title == "Little penguin", "text never overturns a clear image lead"


def test_the_anchor_reads_the_image_half_of_a_fused_pair_score() -> None:
    """A neighbour whose pair text shares the question's words can have the better fused score; the image
    half of the score is what says which entity the image shows."""
    fused = [
        cand("p1", "pairs", "Dingo", 0.55, "dingo: wild dog of Australia", image=0.91),
        cand("p2", "pairs", "Canberra", 0.62, "Canberra, capital of Australia: a city", image=0.60),
    ]
    assert guess_entities(fused)[0].title == "Dingo"


def test_pairs_searched_by_their_text_alone_anchor_no_text_only_question() -> None:
    """A question without an image searches the pairs by their text: an image score of exactly 0 says
    nothing about what is shown, so such a pair is a passage about its entity, never the anchor."""
    by_text = [
        cand("p1", "pairs", "Coinage of Varro", 0.61, "Coinage of Varro: silver coins", image=0.0),
        cand("t1", "text", "Norland", 0.52, "Norland: a republic on the Tarn; capital Kell"),
    ]
    assert guess_entities(by_text) == []
    shape = read_question("What is the capital of Norland, whose money is the varro?")
    assert [g.title for g in guess_entities(by_text, shape)] == ["Norland"]


def test_passages_that_merely_share_the_asked_words_do_not_agree() -> None:
    shape = read_question("What is the capital of the country where this wild dog lives?")
    tied = [
        cand("p1", "pairs", "Dingo", 0.70, image=0.70),
        cand("p2", "pairs", "Darwin", 0.69, image=0.69),
        cand("t1", "text", "Darwin", 0.5, "Darwin: provincial capital of the Northern Territory"),
        cand("t2", "text", "Darwin", 0.5, "Darwin, Charles Darwin: capital naturalist"),
    ]
    assert guess_entities(tied, shape)[0].title == "Dingo"
    assert guess_entities(tied)[0].title == "Darwin", "without the question the same passages do agree"


def test_a_question_that_names_its_entity_anchors_on_it_over_a_weak_image_match() -> None:
    shape = read_question("How long does Venus take to orbit the Sun?")
    weak = [
        cand("p1", "pairs", "Abalone", 0.30, "abalone: an edible sea snail", image=0.30),
        cand(
            "t1",
            "text",
            "Venus",
            0.6,
            "Venus is the second planet from the Sun, orbiting it every 224.7 days.",
        ),
    ]
    guesses = guess_entities(weak, shape)
    assert guesses[0].title == "Venus" and guesses[0].named
    strong = [cand("p1", "pairs", "Abalone", 0.9, "abalone: an edible sea snail", image=0.9), weak[1]]
    pointing = read_question("How far from Venus does this animal live?")
    assert guess_entities(strong, pointing)[0].title == "Abalone", "an image of a KB entity still decides"
    assert guess_entities(weak, pointing)[0].title == "Venus", "a weak image does not"


@pytest.mark.parametrize(
    ("entry", "kinds"),
    [
        ("Lhasa, capital of Tibet: the capital and largest city of Tibet", {"capital", "city"}),
        ("Grace Hopper: American computer scientist and rear admiral (1906-1992)", {"scientist", "admiral"}),
        ("Crab Nebula: a supernova remnant shaped like a crab, in Taurus", {"remnant"}),
        ("Peru: a republic containing 25 regions in western South America", {"republic"}),
        ("Bhutan: a monarchy occupying the eastern Himalayas", {"monarchy"}),
        ("Kerala, Cochin, coastal state: a state in southwestern India", {"state"}),
        ("Beagle: a breed of small hound", {"breed"}),
    ],
)  # fmt: skip
def test_an_entrys_kind_is_the_head_noun_of_each_part_of_its_definition(entry: str, kinds: set[str]) -> None:
    assert kind_words(entry) == kinds


def test_entry_names_list_the_names_a_gloss_gives_itself() -> None:
    assert entry_names("A dingo. dingo, warrigal, Canis dingo: wild dog") == [
        "dingo",
        "warrigal",
        "Canis dingo",
    ]


# --- the graph on a small hand-written KB with real MiniLM vectors ------------------------------------

# Look-alike animals (pairs: the same tawny colour for two of them), country glosses that all look like
# an answer to "the capital of the country …", and one linked by the anchor's own gloss.
PAIRS = [
    (
        "pair:dingo",
        "Dingo",
        "dingo, warrigal: wolflike yellowish-brown wild dog of Australia",
        (200, 150, 60),
    ),
    (
        "pair:jackal",
        "Golden jackal",
        "jackal, Canis aureus: wild dog of northern Africa and south Asia",
        (190, 150, 70),
    ),  # fmt: skip
    ("pair:yak", "Yak", "yak, Bos grunniens: large long-haired wild ox of Tibet", (60, 40, 30)),
    ("pair:yen", "Japan",
     "Japan, Nippon: a constitutional monarchy occupying the Japanese Archipelago; its money is the yen",
     (40, 60, 220)),  # a coin whose pair entry is its country
    ("pair:mars", "Mars",
     "Mars, Red Planet: a small reddish planet, the 4th from the sun; a day on Mars lasts about 24.6 hours",
     (60, 210, 70)),
]  # fmt: skip
PASSAGES = [
    ("wn:lima", "Lima", "Lima: the capital and largest city of Peru; founded by Pizarro in 1535"),
    ("wn:ottawa", "Ottawa", "Ottawa, capital of Canada: the capital of Canada in southeastern Ontario"),
    ("wn:cairo", "Cairo", "Cairo, capital of Egypt: the capital of Egypt and the largest city in Africa"),
    ("wn:canberra", "Canberra",
     "Canberra, capital of Australia: the capital of Australia in southeastern Australia"),
    ("wn:australia", "Australia",
     "Australia, Commonwealth of Australia: a nation occupying the whole of the Australian continent"),
    ("wn:darwin", "Darwin", "Darwin: provincial capital of the Northern Territory of Australia"),
    ("wn:tibet", "Tibet",
     "Tibet, Xizang: an autonomous region of the People's Republic of China; located in the Himalayas"),
    ("wn:dingo", "dingo", "dingo, warrigal, Canis dingo: wolflike yellowish-brown wild dog of Australia"),
    ("wn:tokyo", "Tokyo", "Tokyo, capital of Japan: the capital and largest city of Japan"),
    ("kstars:venus", "Venus", "Venus is the second planet from the Sun, orbiting it every 224.7 Earth days."),
]  # fmt: skip
# Query images: other views of a pair's colour, and a colour no pair matches well (cosine < 0.1).
VIEWS = {"dingo": (205, 148, 58), "yen": (45, 62, 215), "mars": (62, 205, 72), "unrelated": (230, 100, 230)}
QUESTION = "What is the capital of the country where this wild dog lives?"


@pytest.fixture(scope="module")
def lookalikes(tmp_path_factory: pytest.TempPathFactory) -> SimpleNamespace:
    register_test_backends()  # the colour image embedder; text vectors come from the real MiniLM
    folder = tmp_path_factory.mktemp("lookalikes")
    rows = []
    for pid, title, summary, colour in PAIRS:
        image = solid_image(folder / f"{pid.split(':')[1]}.png", colour)
        rows.append(
            {"id": pid, "wikipedia_title": title, "wikipedia_summary": summary, "image_path": str(image)}
        )
    (folder / "pairs.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    passages = "".join(json.dumps({"id": i, "title": t, "text": x}) + "\n" for i, t, x in PASSAGES)
    (folder / "passages.jsonl").write_text(passages)
    kb_dir = str(folder / "kb")
    build_kb(
        kb_dir,
        [folder / "passages.jsonl"],
        [folder / "pairs.jsonl"],
        image_embedder=TEST_IMAGE_EMBEDDER,
        progress=False,
    )
    images = {name: str(solid_image(folder / f"view-{name}.png", colour)) for name, colour in VIEWS.items()}
    (folder / "query.png").write_bytes(Path(images["dingo"]).read_bytes())
    install_scripted_model()
    context = Context(model=TEST_MODEL, operators="extractive", image_embedder=TEST_IMAGE_EMBEDDER,
                      kb_dir=kb_dir, k_text=4, k_image=2)  # fmt: skip
    return SimpleNamespace(
        folder=folder, kb_dir=kb_dir, image=images["dingo"], images=images, context=context
    )


def ask(lookalikes: SimpleNamespace, question: str, view: str, **overrides: Any) -> dict[str, Any]:
    context = Context(**{**vars(lookalikes.context), **overrides})
    return graph.invoke({"question": question, "image": lookalikes.images[view]}, context=context)


def test_two_hop_attribute_in_another_entry_is_searched_anchor_first_then_bridge(
    lookalikes: SimpleNamespace,
) -> None:
    """ "The capital of the country where this wild dog lives": the first follow-up is the anchor with what
    is asked, the next the bridge its entry names; the capital's own entry names the bridge and answers."""
    out = ask(lookalikes, QUESTION, "dingo")
    first, second, third = out["trajectory"][:3]
    assert read_anchor_line(first["record"].splitlines()[0])[0] == "Dingo"
    assert "Image shows: Dingo" in second["queries"][0]["text"], "the record-level query carries the anchor"
    assert second["queries"][1]["text"] == "Dingo capital country"
    assert third["queries"][1]["text"] == "Australia capital", "then the bridge, with what is asked of it"
    assert out["answer"] == "Canberra"
    assert out["evidence"][0] == {
        "id": "wn:canberra",
        "title": "Canberra",
        "text": "Canberra, capital of Australia: the capital of Australia in southeastern Australia",
    }
    records = "\n".join(step["record"] for step in out["trajectory"])
    assert "wild dog of Australia" in records, "the anchor's evidence stays in the records"


def test_the_image_entity_answers_when_its_own_entry_is_of_the_asked_kind(
    lookalikes: SimpleNamespace,
) -> None:
    out = ask(lookalikes, "Which country does this coin come from?", "yen")
    assert read_anchor_line(out["trajectory"][0]["record"].splitlines()[0])[0] == "Japan"
    assert out["answer"] == "Japan" and out["confidence"] > 0.3


def test_a_measure_question_takes_a_number_with_its_unit(lookalikes: SimpleNamespace) -> None:
    out = ask(lookalikes, "How long does a day on this planet last?", "mars")
    assert out["answer"] == "24.6 hours"


def test_a_question_that_names_its_entity_in_words_is_answered_about_it(lookalikes: SimpleNamespace) -> None:
    out = ask(lookalikes, "How long does it take Venus to orbit the Sun?", "unrelated")
    assert out["trajectory"][0]["record"].startswith("Question names: Venus")
    assert out["answer"] == "224.7 Earth days"


def test_a_measure_question_with_no_measure_in_evidence_gets_no_filler_name(
    lookalikes: SimpleNamespace,
) -> None:
    out = ask(lookalikes, "How tall is this wild dog?", "dingo")
    assert (out["answer"], out["confidence"]) == ("", 0.0)
    count = ask(lookalikes, "How many capitals does the country of this wild dog have?", "dingo")
    assert count["answer"] == "" or count["answer"].isdigit(), "a count is digits or nothing"


def test_one_pass_misses_what_only_a_follow_up_finds(lookalikes: SimpleNamespace) -> None:
    single = ask(lookalikes, "How long does a day on this planet last?", "mars", single_pass=True)
    full = ask(lookalikes, QUESTION, "dingo", single_pass=True)
    assert single["answer"] == "24.6 hours", "an attribute of the image's own entry needs no follow-up"
    assert len(full["trajectory"]) == 1 and full["stop_reason"] == "single_pass"
    assert all(q["kind"] == "enriched" for q in full["trajectory"][0]["queries"])


def test_short_answer_and_evidence_reach_the_batch_file_and_the_report(lookalikes: SimpleNamespace) -> None:
    questions = lookalikes.folder / "questions.jsonl"
    item = {"id": "q1", "question": QUESTION, "image_path": "query.png", "answer": "Canberra"}
    questions.write_text(json.dumps(item) + "\n")
    out = lookalikes.folder / "results.jsonl"
    overrides = {
        k: v
        for k, v in vars(lookalikes.context).items()
        if k in {"model", "operators", "image_embedder", "kb_dir", "k_text", "k_image"}
    }
    run_batch(questions, out, in_process_backend(overrides), concurrency=1, progress=False)
    [result] = read_results(out)
    assert result["prediction"] == "Canberra" and result["evidence"][0]["id"] == "wn:canberra"
    scored = score_lines([result], "lookalikes")
    assert scored[0]["scores"]["em"] == 1.0
    report = lookalikes.folder / "report.html"
    write_html(report, [result], scored, "lookalikes")
    page = report.read_text()
    assert "<b>Evidence:</b>" in page and "[wn:canberra] <b>Canberra</b>" in page


@pytest.mark.parametrize(
    "question",
    [
        "What's the capital of the country this wild dog comes from?",  # contracted; a pronounless clause
        "What is the capital of this wild dog's native country?",  # a bridge the image's thing possesses
        "Can you tell me the capital of the nation where this wild dog lives?",  # a polite frame
        "What is the capital of the country to which this wild dog is native?",  # "<preposition> which"
        "This wild dog lives in a country. What is the capital of that country?",  # an earlier sentence's
    ],
)
def test_two_hop_questions_worded_otherwise_follow_the_same_chain(
    lookalikes: SimpleNamespace, question: str
) -> None:
    out = ask(lookalikes, question, "dingo")
    assert out["answer"] == "Canberra"
    queries = [q["text"].split() for step in out["trajectory"] for q in step["queries"]]
    assert any(words[0] == "Australia" and "capital" in words for words in queries), "the bridge is searched"


@pytest.mark.parametrize(
    ("question", "text", "expected"),
    [
        # the wh-phrase left where a statement puts the answer: the words before it lead up to the answer
        (
            "This marsupial is about the size of which farm animal?",
            "Wombat: burrowing herbivorous marsupial about the size of a small pig; nocturnal",
            "small pig",
        ),
        (
            "The pulsar in this picture lies inside what remnant?",
            "Crab Pulsar: a young neutron star in Taurus, lying inside the Crab Nebula",
            "Crab Nebula",
        ),
        # a stranded preposition: "what is … made of", "what is … named for"
        (
            "What is this traditional drum usually made of?",
            "Bodhran: a frame drum usually made of goatskin stretched over a wooden rim",
            "goatskin",
        ),
        # "what does … represent": the object of the question's verb, after a subject of several words
        (
            "What does the astronomical symbol of Ringworld represent?",
            "Ringworld: sixth planet; its astronomical symbol represents the sickle of a harvest god",
            "sickle of a harvest god",
        ),
        (  # "what do the patches … look like": what the entry says they resemble
            "What do the two dark patches in this nebula look like?",
            "Zell Nebula: a planetary nebula with two dark patches that look like the eyes of an owl",
            "eyes of an owl",
        ),
        # a verb of the same relation: "empty into" is stated "flows … into", "who built" "constructed by"
        (
            "Into which sea does the Ostra empty?",
            "Ostra: a river of Norland; flows southward through eastern Tarn into the Caspian; 900 miles",
            "Caspian",
        ),
        (
            "Who built this tower?",
            "Tallpoint Tower: a tower of Norland, praised by Tom Weld; constructed by Ada Lorne",
            "Ada Lorne",
        ),
    ],
)
def test_the_phrase_where_the_questions_words_put_the_answer_answers(
    question: str, text: str, expected: str
) -> None:
    assert best(question, [line(text.split(":")[0], text)]) == expected


def test_context_words_without_a_content_word_align_nothing() -> None:
    """ "… is in which …": "in" alone leads up to anything; no phrase is taken on it."""
    shape = read_question("This bird is found in which country?")
    assert aligned(shape, "Kiwi: flightless bird found only in New Zealand") == ["New Zealand"]
    assert aligned(read_question("This bird is in which country?"), "Kiwi: a bird in New Zealand") == []


@pytest.mark.parametrize(
    ("question", "text", "expected"),
    [
        # a colour of two parts ("bluish-grey") is one colour, and the one the asked part has
        (
            "What colour is this bird's plumage?",
            "Great blue crane, Grus caerulea: tall wading crane having bluish-grey plumage",
            "bluish-grey",
        ),
        # a genus is the first word of the taxonomic name, listed after the common names
        (
            "To which genus does this aromatic herb belong?",
            "Common thyme, Thymus vulgaris: aromatic Mediterranean herb grown for its leaves",
            "Thymus",
        ),
        # "what does it eat": the object of a compound ("fruit-eating bird")
        (
            "What does this big-billed bird mainly eat?",
            "Hornbill: large fruit-eating bird of tropical Africa and Asia having a huge bill",
            "fruit",
        ),
        # a stranded "as" or "to" leads up to the answer
        (
            "What are these small parrots often kept as?",
            "Lovebird: small African parrot often kept as a pet",
            "pet",
        ),
        (
            "Which other fruits is this one related to?",
            "Soursop: tropical American fruit with spiny skin; related to custard apples",
            "custard apples",
        ),
        # "into which sea does X flow": the fronted preposition after the verb, a few words apart
        (
            "Into which sea does the Ostra flow?",
            "Ostra: a river of Norland; flows southward through eastern Tarn into the Caspian",
            "Caspian",
        ),
        # "which country governs …": the agent of the question's verb in the passive
        (
            "Which country governs the western half of this island?",
            "Tasgon: an island north of Australia; the western half is governed by Indonesia and the "
            "eastern half is Papua New Guinea",
            "Indonesia",
        ),
    ],
)
def test_the_span_of_the_asked_form_answers_attribute_questions(
    question: str, text: str, expected: str
) -> None:
    assert best(question, [line(text.split(":")[0].split(",")[0], text)]) == expected


def test_a_language_is_the_word_a_gloss_says_is_spoken() -> None:
    """ "What language is spoken there?" — "the largest Portuguese speaking country"."""
    lines = [
        line(
            "Brazil", "Brazil: the largest Latin American country and the largest Portuguese speaking country"
        )
    ]
    assert best("What language is spoken in Brazil, where this bird lives?", lines) == "Portuguese"


@pytest.mark.parametrize(
    ("question", "text", "expected"),
    [
        # "look like those of which animal": "like an ox", without the pronoun standing in for the noun
        (
            "The horns of this antelope look like those of which animal?",
            "Brindled gnu: large African antelope having horns like an ox and a long tufted tail",
            "ox",
        ),
        # the question's noun, the gloss's adjective: "independence from" — "independent from Spain"
        (
            "This country won its independence from which European nation?",
            "Mexico: a republic in southern North America; became independent from Spain in 1810",
            "Spain",
        ),
    ],
)
def test_lead_up_words_in_another_form_still_lead_up(question: str, text: str, expected: str) -> None:
    assert best(question, [line(text.split(":")[0], text)]) == expected


def test_where_an_animal_lives_may_be_a_continent() -> None:
    """ "Where does this animal live?": a continent its entry names is a place, ahead of one that a
    linked continent's entry names in passing; the part of it the entry names by a direction says more."""
    lines = [
        line("Snow goat", "Snow goat: sure-footed mammal of mountainous northwestern North America"),
        line("North America", "North America: a continent connected to South America by an isthmus", 0.85),
    ]
    assert best("Where in the world does this sure-footed animal live?", lines, own=("Snow goat",)) == (
        "northwestern North America"
    )
    lines[0] = line("Snow goat", "Snow goat: sure-footed mammal of the mountains of North America")
    assert best("Where in the world does this sure-footed animal live?", lines, own=("Snow goat",)) == (
        "North America"
    )


def test_a_fronted_preposition_after_a_copula_leads_up_to_nothing() -> None:
    """ "In which hemisphere is the constellation that contains this cluster?": the words before "in" in a
    statement end the relative clause ("… contains this cluster is in"), so "cluster in the
    constellation Cancer" says nothing of the hemisphere."""
    assert (
        read_question("In which hemisphere is the constellation that contains this cluster?").before_answer
        == ""
    )
    assert read_question("Into which sea does the Ostra flow?").before_answer == "the ostra flow into"


def test_a_date_question_takes_the_whole_date_a_gloss_gives() -> None:
    """ "On what date …": "July 20, 1969" (or "20 July 1969"), not the year alone; the year when no day
    is given."""
    question = "On what date did the programme this craft belonged to first land on the Moon?"
    stated = [line("Selene program", 'Selene program: flights to the Moon; "first landing on July 20, 1969"')]
    assert best(question, stated) == "July 20, 1969"
    british = [line("Selene program", "Selene program: flights to the Moon; first landing on 20 July 1969")]
    assert best(question, british) == "20 July 1969"
    assert best(
        question, [line("Selene program", "Selene program: flights to the Moon from 1961 to 1972")]
    ) in (
        "1961",
        "1972",
    )
    month = "In which month and year did this rocket launch the Zell observatory?"
    launched = [
        line("Tarn 5", "Tarn 5: a two-stage launch vehicle; in March 2016 it launched the Zell observatory")
    ]
    assert best(month, launched) == "March 2016"


def test_the_kind_asked_is_read_in_the_asking_sentence_not_in_a_relative_clause_before_it() -> None:
    """ "…, which includes the Bering Sea. Which strait connects …?": the relative "which" of the scene
    sentence asks nothing; the strait is the kind asked, and the passive agent of the question's verb
    answers."""
    question = (
        "This seal lives in the northern Pacific, which includes the Bering Sea. "
        "Which strait connects the Bering Sea to the Arctic Ocean?"
    )
    assert read_question(question).type_noun == "strait"
    text = "Bering Sea: part of the North Pacific; connected to the Arctic Ocean by the Bering Strait"
    assert best(question, [line("Bering Sea", text)]) == "Bering Strait"
    assert read_question("What is the height of Mt. Fuji in metres?").measured


def test_a_scene_sentence_before_a_fronted_question_does_not_hide_its_lead_up() -> None:
    """ "The Ostra flows through Norland. Into which sea does the Ostra flow?": the asking sentence's
    fronted preposition still leads up to the answer."""
    question = "The Ostra flows through Norland, home of this animal. Into which sea does the Ostra flow?"
    text = "Ostra, Ostra River: a river of Norland; flows southward through eastern Tarn into the Caspian"
    assert best(question, [line("Ostra", text)]) == "Caspian"


def test_the_same_kind_as_the_images_thing_is_a_bridge() -> None:
    """ "Which pattern of stars lies in the same constellation as this galaxy?": the constellation is the
    bridge, and an entry of the asked kind in it answers ("a group of seven bright stars in …"), not a
    person another galaxy's entry names."""
    question = read_question("Which pattern of bright stars lies in the same constellation as this galaxy?")
    assert question.bridge.split()[-1] == "constellation"
    entries = [
        (
            "Pinwheel Galaxy",
            "Pinwheel Galaxy, Messier 101: a face-on spiral galaxy in the constellation Ursa Major.",
        ),
        (
            "Messier 81",
            "Messier 81: a spiral galaxy in the constellation Ursa Major, discovered by Johann Bode",
        ),
        ("Big Dipper", "Big Dipper, Plough: a group of seven bright stars in the constellation Ursa Major"),
    ]
    assert read_on_chain(question, Chain.build("Pinwheel Galaxy", entries, question), entries) == "Big Dipper"


def test_an_entry_whose_alias_states_the_relation_ties_to_the_chain_before_its_definition() -> None:
    """ "Novaport, capital of Veldia: Veldia's gleaming new capital": the alias ties the capital to the
    bridge even though the definition opens with the same name."""
    question = read_question("This fruit is named after a country. Which city is that country's new capital?")
    text = "Novaport, capital of Veldia: Veldia's gleaming new capital"
    assert relation(question, "Novaport", [line("Novaport", text)], ["Veldia"]) > 0


def test_a_named_subject_leaves_the_scene_sentences_description_aside() -> None:
    """ "Corinth was one of the city-states that struck coins like this. Which god is Corinth named
    after?": the asking sentence names what it asks about; the city-states are no bridge, so what
    Corinth's entry names is not ruled out as a bridge would be."""
    question = read_question(
        "Corinth was one of the city-states that struck coins like this. Which god is Corinth named after?"
    )
    assert question.subject == "Corinth" and question.bridge == ""
    entries = [("Corinth", "Corinth: an ancient city-state of Greece named after the sea god Korinthos")]
    chain = Chain.build("Corinth", entries, question)
    assert read_on_chain(question, chain, entries) == "Korinthos"


def test_of_in_the_lead_up_binds_to_the_word_before_it() -> None:
    """ "a painter of which movement": "painter noted for his use of color" leads up to nothing — the
    words between "painter" and "of" would make "color" the movement."""
    shape = read_question("Van Gogh painted this canvas. He is counted as a painter of which movement?")
    assert aligned(shape, "van Gogh: Dutch Post-impressionist painter noted for his use of color") == []
    assert aligned(shape, "Monet: French painter of the Impressionist movement") == ["Impressionist movement"]


def test_the_object_of_the_questions_verb_answers_which_thing_it_asks() -> None:
    """ "Which dynasty did he establish?": the phrase right after the verb in the entry ("established the
    Ilkhan dynasty"), over the names of relatives and places the entry also gives."""
    question = "Hulagu built a capital where this palace stands. Which dynasty did he establish?"
    text = "Hulagu Khan: Mongol ruler, grandson of Genghis Khan; established the Ilkhan dynasty at Tabriz"
    assert best(question, [line("Hulagu Khan", text)]) == "Ilkhan dynasty"


@pytest.mark.parametrize(
    ("question", "span", "trimmed"),
    [
        ("Which Lagrange point is this spacecraft near?", "Sun-Earth L1 Lagrange", "Sun-Earth L1"),
        ("Into which sea does the Nile flow?", "Nile River", "Nile River"),  # not the kind word alone
        ("Which movement did Gogh belong to?", "Vincent van Gogh", "Vincent van Gogh"),  # not cut at "van"
    ],
)
def test_a_name_the_question_gives_is_trimmed_only_when_a_name_remains(
    question: str, span: str, trimmed: str
) -> None:
    assert trim(read_question(question), span) == trimmed


def test_a_possessive_ends_the_name_it_closes() -> None:
    """ "Who is Vesta's Greek counterpart?": the name is "Vesta", and "Greek" qualifies what is asked —
    "Vesta Greek" would find no entry to anchor on."""
    question = read_question("This flame is sacred to Vesta. Who is Vesta's Greek counterpart?")
    assert question.subject == "Vesta"
    assert "Vesta Greek" not in named_entities(question.text)


def test_a_named_subject_is_asked_only_what_its_own_sentence_asks() -> None:
    """ "This bird is sacred to Vesta. Who is Vesta's Greek counterpart?": the scene sentence's words
    ("sacred") and the subject's own name are not what is asked, so the name next to "counterpart …
    Greek" answers, not the name next to "Vesta" at the head of its entry."""
    question = "This flame is sacred to Vesta. Who is Vesta's Greek counterpart?"
    assert read_question(question).asked == ["greek", "counterpart"]
    text = "Vesta: (Roman mythology) goddess of the hearth; counterpart of Greek Hestia"
    assert best(question, [line("Vesta", text)]) == "Hestia"


def test_a_partitive_after_coordinated_ranks_names_its_kind() -> None:
    """ "Tarnu: the central and largest of the four main islands of Norland": Tarnu is an island, so it
    answers "on which island …" although "central and largest" has no noun of its own."""
    question = "On which island does this volcano stand?"
    lines = [
        line(
            "Mount Kell", "Mount Kell: an extinct volcano in south central Tarnu; the highest peak in Norland"
        ),
        line("Tarnu", "Tarnu: the central and largest of the four main islands of Norland", 0.85),
    ]
    assert best(question, lines, known=("Mount Kell",)) == "Tarnu"


def test_a_name_followed_by_the_asked_kind_is_of_that_kind() -> None:
    """ "… in the Veldan province in northern Norland": "Veldan province" says Veldan is a province;
    the country the same line names is not."""
    question = "The city where this palace stands lies in which province?"
    text = "Corvale: a city in Norland, in the Veldan province"
    assert answers_by_fit(question, text, "Veldan", "Norland", known=("Corvale",))


@pytest.mark.parametrize(
    "question",
    [
        "By what other common name is this creature known?",
        "What nickname is given to this galaxy?",
        "By what name was this cape formerly known?",
    ],
)
def test_other_wordings_of_another_name_ask_another_name(question: str) -> None:
    shape = read_question(question)
    assert shape.asks_identity and shape.other_name


def test_another_name_is_not_the_given_name_written_longer_or_shorter() -> None:
    """ "By what other name is Mount Kell known?" — "Kell, Mount Kell, Mt. Kell, Tarnak: …": every form
    of the given name is skipped, not only the exact one."""
    shape = read_question("By what other name is Mount Kell known?")
    lines = [line("Kell", "Kell, Mount Kell, Mt. Kell, Tarnak: a mountain in northern Norland")]
    assert other_name(shape, "Mount Kell", lines, Context()) == "Tarnak"


def test_another_name_of_the_bridge_is_its_entrys_other_name() -> None:
    """ "By what name was the cape this rocket flew from formerly known?": the name is the bridge's (the
    cape its entry names), not the rocket's."""
    question = "By what name was the cape that this rocket flew from formerly known?"
    record = "\n".join(
        [
            "Image shows: Skylark 7 (match 0.900)",
            "Skylark 7: Skylark 7: a rocket of Norland; in 2015 it flew from Cape Varn.",
            "Cape Varn: Cape Varn, Cape Osric: a sandy cape on the coast of Norland",
        ]
    )
    trajectory = [Iteration(step=0, queries=[], candidates=[], record=record, seconds=0.0, model_seconds=0.0)]
    reading = read_records(question, trajectory, Context())  # real MiniLM vectors for relevance
    assert reading.answer == "Cape Osric" and reading.confidence > 0


@pytest.mark.parametrize(
    ("question", "subject"),
    [
        ("Ada Lorne studied apes like these. What was her nationality?", "Ada Lorne"),
        ("The Tower of Zell crowns this site. On which hill does the tower stand?", "Tower of Zell"),
        ("Whales like this hunt in the Zell Sea. North of which island does that sea lie?", "Zell Sea"),
        ("Camels like this roam Arvia, which lies between the Tarn Gulf and which sea?", "Arvia"),
        # an asking sentence whose own subject is a thing an earlier sentence named
        ("This probe flew past Zelda. The planet is named after the god of what?", "Zelda"),
        (
            "Boxes like this stand all over Great Tarn. That island is made up of Osk and which land?",
            "Great Tarn",
        ),
        (
            "Hippos wallow in the Ostra, which drops over Kell Falls. The falls lie by Osk and which land?",
            "Kell Falls",
        ),
    ],
)
def test_an_asking_sentence_refers_back_to_a_name_the_scene_sentence_gives(
    question: str, subject: str
) -> None:
    """A personal pronoun or a word of the name ("the tower") in the asking sentence: it asks about the
    entity the sentence before names."""
    assert read_question(question).subject == subject


def test_a_life_range_still_open_gives_the_birth_year() -> None:
    text = "Lorne, Ada Lorne: Norlandic astronaut; first to walk on Tarn (May 2, 1969) (1930-)"
    assert best("In what year was Ada Lorne born?", [line("Lorne", text)]) == "1930"


def test_a_date_question_takes_a_day_of_the_year_without_a_year_at_the_end_of_the_range_it_asks() -> None:
    text = "Tarnus: the tenth sign of the zodiac; the sun is in this sign from about May 22 to June 21"
    assert best("On about what date does the sun enter that sign?", [line("Tarnus", text)]) == "May 22"
    assert best("Until about what date does the sun stay in that sign?", [line("Tarnus", text)]) == "June 21"


def test_the_link_whose_entry_is_of_the_bridges_kind_is_the_bridge() -> None:
    """ "… a large republic in … . In what year did that republic become independent?": of the links
    the anchor's entry gives, the one whose own entry says it is a republic is the bridge."""
    shape = read_question(
        "This flower grows in a big republic in the south. In what year did that republic become independent?"
    )
    entries = [
        ("Starbloom", "Starbloom: a flower native to Tarnland and Norland"),
        ("Tarnland", "Tarnland: the isthmus south of Norland; achieved independence in 1821"),
        ("Norland", "Norland: a republic in the south; became independent in 1810"),
    ]
    chain = Chain.build("Starbloom", entries, shape)
    assert chain.links[0] == "Norland"
    assert read_on_chain(shape, chain, entries) == "1810"


def test_the_passive_agent_of_a_verb_of_the_questions_relation_answers() -> None:
    """ "Which isthmus joins X to Y?" — "connected to Y by the Isthmus of Zell": a word before "by" that is
    a name ("Y by …") is no verb."""
    question = "Which isthmus joins Tarnland to Norland?"
    text = "Tarnland: a region of Varn connected to Norland by the Isthmus of Zell; borders Osric"
    assert best(question, [line("Tarnland", text)], known=("Tarnland",)) == "Isthmus of Zell"
    assert agent_verb("Isthmus of Zell", text) == "connected"


@pytest.mark.parametrize(
    ("question", "text", "expected"),
    [
        (  # a word for the look: the part's modifiers, less what the question gives
            "Besides being very large, how is this bird's beak built?",
            "kellbird: a fruit-eating bird of Norland with a very large thin-walled beak",
            "thin-walled",
        ),
        (
            "What shape is this wading bird's bill?",
            "tarnbird: pink wading bird with down-bent bill",
            "down-bent",
        ),
        (  # what the part is said to have, not a part called "said"
            "What shape is this sea snail's shell said to have?",
            "tarnshell: a large marine snail of the genus Kellis having an ear-shaped shell",
            "ear-shaped",
        ),
        (  # a phrase with the part's noun
            "What is this rodent's tail like?",
            "zellrat: rodent of Norland with webbed feet and a broad flat tail",
            "broad flat tail",
        ),
        (
            "How would you describe the flesh of this fruit?",
            "Osric apple: apple from Norland with a green skin and hard tart flesh",
            "hard tart flesh",
        ),
        (  # the colour of the part, not of another part the same line names
            "What colour is the tough outer rind of this fruit?",
            "varnfruit: globular fruit of Norland with juicy red pulp in a tough brownish-red rind",
            "brownish-red",
        ),
    ],
)
def test_a_part_of_the_images_thing_is_described_by_the_words_before_its_noun(
    question: str, text: str, expected: str
) -> None:
    shape = read_question(question)
    assert shape.part and not shape.bridge
    assert best(question, [line(text.split(":")[0], text)], known=(text.split(":")[0],)) == expected


def test_what_a_thing_looks_like_is_what_its_entry_says_it_resembles() -> None:
    question = "Thanks to its bright bulge, what does this galaxy look like?"
    text = "Zell Galaxy: a spiral galaxy in Tarnus whose bulge makes it look like a broad-brimmed hat."
    assert best(question, [line("Zell Galaxy", text)], known=("Zell Galaxy",)) == "broad-brimmed hat"


def test_the_wh_phrase_that_ends_a_question_names_the_kind_asked() -> None:
    """ "…, which lies between the Tarn Gulf and which sea?": the relative "which" before it asks
    nothing; the sea is the kind asked, and the name the entry pairs with the Tarn Gulf answers."""
    question = "Camels like this roam Arvia, which lies between the Tarn Gulf and which sea?"
    assert read_question(question).type_noun == "sea"
    text = "Arvia, Arvian Peninsula: a peninsula between the Osric Sea and the Tarn Gulf; rich in oil"
    assert best(question, [line("Arvia", text)]) == "Osric Sea"


@pytest.mark.parametrize(
    ("question", "answer_type"),
    [
        ("What is the popular name of this face-on spiral galaxy?", "identity"),
        ("Give the Latin binomial of this antelope.", "scientific_name"),
        ("What is this animal's trinomial?", "scientific_name"),
    ],
)
def test_other_wordings_of_the_name_asked(question: str, answer_type: str) -> None:
    assert read_question(question).answer_type == answer_type


def test_a_trinomial_is_a_scientific_name() -> None:
    text = "wapiti, elk, American elk, Cervus elaphus canadensis: a large deer of North America"
    assert (
        best("What is the scientific name of this deer?", [line("wapiti", text)])
        == "Cervus elaphus canadensis"
    )


def test_a_name_the_scene_sentence_gave_is_the_subject_over_another_in_the_asking_sentence() -> None:
    """ "Deer like this roam Tarn. From which country did Varn buy Tarn in 1867?": the asking sentence
    names Varn first, but Tarn is the thread the scene sentence set; "bought" is stated "purchased"."""
    question = "Deer like this one roam Tarn. From which country did Varn buy Tarn in 1867?"
    assert read_question(question).subject == "Tarn"
    text = "Tarn: a land of the far north; purchased by Varn from Osria in 1867"
    assert best(question, [line("Tarn", text)]) == "Osria"


def test_after_whom_a_thing_is_named_is_a_bridge_to_its_name_source() -> None:
    """ "What nationality was the navigator after whom this bird is named?": the navigator is the
    bridge, reached through the bird's name ("Tarnanic penguin" → Tarnan)."""
    shape = read_question("What nationality was the navigator after whom this bird is named?")
    assert shape.bridge == "navigator"
    entries = [
        ("Tarnanic penguin", "Tarnanic penguin: a penguin of cold southern especially Antarctic seas"),
        ("Tarnan", "Tarnan, Osric Tarnan: Norlandic navigator who sailed around the world (1480-1521)"),
    ]
    chain = Chain.build("Tarnanic penguin", entries, shape)
    assert chain.links[0] == "Tarnan"
    assert read_on_chain(shape, chain, entries) == "Norlandic"


def test_what_the_subject_of_a_stranded_preposition_is_noted_for_is_no_person() -> None:
    """ "What was the artist who painted this canvas noted for?": the artist is the subject; the
    answer is the phrase the entry puts after "noted for", without its possessive."""
    question = "What was the artist who painted this canvas especially noted for?"
    assert read_question(question).answer_type == "named"
    text = "Lorne, Ada Lorne: Norlandic painter noted for his use of color (1853-1890)"
    assert best(question, [line("Lorne", text)], known=("Ada Lorne",)) == "use of color"


def test_a_bridge_a_scene_sentence_describes_is_asked_only_what_the_asking_sentence_asks() -> None:
    """ "This ox works in east Asia and in one South Asian republic. What is that republic's largest
    city?": the scene describes the bridge; what is asked of it (and searched with it) is "largest city"."""
    question = (
        "This humped ox works chiefly as a draft animal in east Asia and in one South Asian republic. "
        "What is that republic's largest city?"
    )
    shape = read_question(question)
    assert shape.bridge == "republic" and shape.asked == ["largest", "city"]
    record = "\n".join(
        [
            "Image shows: Zebu (match 0.850)",
            "Zebu: zebu: humped ox used chiefly as a draft animal in Norland and east Asia",
        ]
    )
    trajectory = [Iteration(step=0, queries=[], candidates=[], record=record, seconds=0.0, model_seconds=0.0)]
    first = next_query(question, trajectory, [])  # the anchor with the whole attribute
    assert first.startswith("Zebu") and next_query(question, trajectory, [first]) == "Norland largest city"


@pytest.mark.parametrize(
    ("question", "image_score"),
    [
        ("Cars like this were built in Norland. Which city is the capital of Norland?", 0.8),
        # a question that does not point at the image asks nothing of it, however well it matches a pair
        ("On which river is the capital of Norland built?", 0.99),
    ],
)
def test_a_name_the_entries_found_name_anchors_before_its_own_entry_is_found(
    question: str, image_score: float
) -> None:
    """No entry about Norland came back yet, but one that names it did: Norland — the asking sentence's
    subject, or the name of a question that does not point at the image — anchors, not the car the image
    shows."""
    candidates = [
        cand(
            "p1",
            "pairs",
            "Kell Beetle",
            image_score,
            "A Kell Beetle, a car first built in Norland.",
            image=image_score,
        ),
        cand("t1", "text", "Corvale", 0.6, "Corvale: capital of Norland located in eastern Norland"),
    ]
    guess = guess_entities(candidates, read_question(question))[0]
    assert guess.title == "Norland" and guess.named


@pytest.mark.parametrize(
    "question",
    [
        "In what year did the explorer who gave his name to this bird die?",
        "The navigator whose name this bird carries commanded which expedition?",
    ],
)
def test_other_wordings_of_a_name_source_lead_to_it(question: str) -> None:
    shape = read_question(question)
    entries = [
        ("Tarnanic penguin", "Tarnanic penguin: a penguin of cold southern seas"),
        ("Tarnan", "Tarnan, Osric Tarnan: Norlandic navigator who sailed around the world (1480-1521)"),
    ]
    assert Chain.build("Tarnanic penguin", entries, shape).links[0] == "Tarnan"


def test_a_body_of_water_is_a_sea_a_gulf_or_a_bay_and_a_wh_phrase_of_three_words_stays_in_place() -> None:
    """ "Varnland lies between the Atlantic and which body of water?" — "between the Atlantic and the Gulf
    of Osk": the words before the wh-phrase lead up to it, and a gulf is a body of water."""
    question = (
        "Lizards like this live in Varnland. Varnland lies between the Atlantic and which body of water?"
    )
    text = "Varnland: a state of Norland between the Atlantic and the Gulf of Osk; formerly Confederate"
    assert best(question, [line("Varnland", text)]) == "Gulf of Osk"


@pytest.mark.parametrize(
    ("question", "text", "answer", "other"),
    [
        (  # the agent of the question's verb in the passive, over a country the line names otherwise
            "Animals like this one live on Tasgon too. Which country governs the western part of Tasgon?",
            "Tasgon: an island north of Australia; the western part is governed by Indonesia",
            "Indonesia",
            "Australia",
        ),
        (  # the year the question's words lead up to, over one the entry gives for something else
            "Its largest city served as its capital until which year?",
            "Corvale: founded in 1857; the largest city and former capital of Norland until 2005",
            "2005",
            "1857",
        ),
    ],
)
def test_the_questions_own_words_make_the_answer_fit_better(
    question: str, text: str, answer: str, other: str
) -> None:
    assert answers_by_fit(question, text, answer, other)


def test_a_pronoun_the_questions_words_lead_up_to_is_no_answer() -> None:
    """ "Which computer did she help to program during the war?" — "After the war she joined …": the
    lead-up word "war" is followed by a pronoun, which names nothing."""
    question = "Which early computer did the person in this portrait help to program during the war?"
    lines = [
        line("Ada Lorne", "After the war she joined the navy and wrote manuals"),
        line("Ada Lorne", "She was one of the programmers of the Kell Mark I, a computer"),
    ]
    assert best(question, lines, known=("Ada Lorne",)) == "Kell Mark I"


def test_an_entry_that_says_nothing_of_what_it_is_leaves_the_kind_unknown() -> None:
    """ "Completed in 1944, it read punched tape", a sentence of the Kell Mark I's entry, says no kind:
    the computer stays a candidate of unknown kind (not one of another kind), and the prose definition
    past ", also called …," says what it is."""
    kinds = kinds_of("computer")
    silent = [line("Kell Mark I", "Completed in 1944, it read its instructions from tape")]
    assert entry_fit("Kell Mark I", kinds, silent) == UNKNOWN_TYPE_FIT
    prose = "The Kell Mark I, also called the Osric Sequence Calculator, was an electromechanical computer"
    assert kind_words(prose) == {"computer"}
    shape = read_question("Which early computer did the person in this portrait help to program?")
    scientist = [line("Ada Lorne", "Ada Lorne was an American computer scientist and mathematician")]
    assert type_fit(shape, "American", scientist[0], scientist) < 1.0  # "American computer scientist"


@pytest.mark.parametrize(
    "question",
    [
        "Which launch vehicle is standing in this photograph?",  # a kind, then where it stands in the photo
        "Which palace complex of lakes and gardens is seen in this picture?",
        "What's the name of the large, bright nebula filling this frame?",
        "What is the title of this painting with a stormy harbour at dusk?",
        "What's this spacecraft that carried two crews to orbit?",  # described by a relative clause
        "I photographed a planetary nebula in Vulpecula last night. Which one did I catch?",
        "Which planet appears in this snapshot?",
        "Which tropical fish is drawn here?",
        "Two bright rings circle this object. What is it called?",  # "it" is the thing shown
        "Faint lanes cross the glow in this photo. What's the object called?",
        "This tight knot of stars — which cluster is it?",  # the asking clause after a dash
        "Which Messier object is this glowing cloud?",  # "this" and what it looks like, nothing more
        "Name the striped fish shown in this picture, please.",
        "Could you name the galaxy captured here, the one with a bright ring?",
        "Can you tell me what sort of finch this small bird is?",  # an embedded question's order
        "I'd like to know which owl species this photo shows.",
        "We're seeing a ringed planet here. What's its name?",
        "This spiral faces us from Ursa Major. Name the galaxy.",  # a bare kind to name
        "Who's the navy officer and programmer standing in this portrait?",
    ],
)
def test_other_wordings_of_what_the_image_shows_ask_its_identity(question: str) -> None:
    assert read_question(question).answer_type == "identity"


@pytest.mark.parametrize(
    "question",
    [
        "Which country is this animal in the picture from?",  # another thing than the one shown
        "What is the capital of the country in this picture?",
        "Which launch site is this rocket standing on in the photo?",
        "Which country is this dish from?",
        "Which continent is this bird native to?",
        "What is the capital of the country this bird is from?",
        "Name the capital of Kenya.",
    ],
)
def test_a_question_about_what_the_image_shows_is_no_identity_question(question: str) -> None:
    assert read_question(question).answer_type != "identity"


def test_the_pronoun_i_is_no_name() -> None:
    """ "Which one did I catch?": "I" is written with a capital but names nothing the KB could hold."""
    question = "I took this photo of a nebula in Vulpecula. Which one did I catch?"
    assert named_entities(question) == ["Vulpecula"] and read_question(question).subject != "I"


@pytest.mark.parametrize(
    "question",
    [
        "When was the engineer in this photo born? Just the year, please.",  # a closing instruction
        "When did this ship sink? Answer in one word.",
        "What's the year the volcano this apple is named after last erupted?",  # "what is the year …"
    ],
)
def test_a_year_asked_in_other_words_is_a_year(question: str) -> None:
    assert read_question(question).answer_type == "year"


@pytest.mark.parametrize(
    "question",
    [
        "Kestrin is one neighbour of the constellation holding this cluster. What's the other neighbour?",
        "Which small, faint constellation lies on the far side from Kestrin of the one holding this cluster?",
        "This cluster's home constellation sits between Kestrin and a fainter constellation. Which one?",
    ],
)
def test_the_other_of_two_names_an_entry_puts_the_bridge_between(question: str) -> None:
    """The question gives one name of a pair ("Kestrin is one neighbour", "on the far side from Kestrin",
    "between Kestrin and a …"); the bridge's entry puts it between that name and the answer, over the
    names another entry pairs and over a name the bridge's entry gives otherwise."""
    lines = [
        line("Orvale", "Orvale: a small faint constellation near Vorn; between Tamris and Kestrin"),
        EvidenceLine(  # the named neighbour's own entry, closer to the question's words
            title="Kestrin",
            text="Kestrin: a bright constellation between Sepher and Orvale",
            source_id="Kestrin",
            weight=0.9,
            relevance=0.6,
        ),
    ]
    assert best(question, lines, known=("Orvale",)) == "Tamris"


def test_adjectives_in_a_row_with_commas_stand_before_the_kind_asked() -> None:
    shape = read_question("Which small, faint zodiac constellation lies beside the one holding this galaxy?")
    assert shape.type_noun == "constellation"


def test_what_a_thing_eats_is_what_its_entry_says_it_feeds_on() -> None:
    """A verb of one relation in other words: "what does it eat" — "feeds on …", "preys on …"."""
    question = "What does this sluggish grey marsupial eat?"
    text = "tarbil: sluggish tailless arboreal marsupial with grey fur; feeds on gum leaves and bark"
    assert best(question, [line("tarbil", text)], known=("tarbil",)) == "gum leaves and bark"


def test_a_part_the_question_sets_aside_leaves_the_verbs_object() -> None:
    """ "Besides underwater lodges, what do these rodents construct?" — "construct complex dams and
    underwater lodges": the object less the part set aside."""
    question = "Besides underwater lodges, what do these flat-tailed rodents construct?"
    text = "marbo: large semiaquatic rodent with a flat tail; construct complex dams and underwater lodges"
    assert best(question, [line("marbo", text)], known=("marbo",)) == "complex dams"


@pytest.mark.parametrize(
    "question",
    [
        "Cape Tarn was known by a different name for a while. What was it called?",
        "What was Corvale called before it took its present name?",
    ],
)
def test_other_wordings_of_a_former_name_ask_another_name(question: str) -> None:
    assert read_question(question).other_name


def test_a_definition_past_a_preposition_of_place_keeps_its_kind_and_a_letter_shape_is_no_name() -> None:
    """ "Kell Bear: a constellation outside the zodiac" is a constellation, not a zodiac; "a W-shaped
    constellation" names no "W-shaped"."""
    assert kind_words("Kell Bear, Ursa Kell: a constellation outside the zodiac near the pole") == {
        "constellation"
    }
    assert names_in("Tarnis: a W-shaped constellation in the northern sky near Kellaris") == ["Kellaris"]


@pytest.mark.parametrize(
    "question", ["What colours are the stripes of this animal?", "What's the colour of this bird's plumage?"]
)
def test_other_wordings_of_a_colour_ask_a_colour(question: str) -> None:
    assert read_question(question).answer_type == "colour"


def test_colours_joined_by_and_in_one_word_are_a_colour() -> None:
    assert is_colour("black-and-white") and is_colour("bluish-grey") and not is_colour("and-white")


@pytest.mark.parametrize(
    ("question", "text", "answer"),
    [
        (  # a long description of the thing shown, and "mainly", before the verb
            "What does this big-billed bird of tropical Norland mainly feed on?",
            "kellbill: brightly coloured fruit-eating bird of tropical Norland having a very large bill",
            "fruit",
        ),
        (  # what the verb takes, after the instrument the question names
            "What does this spiny creature hunt with its long snout?",
            "spinel: a burrowing mammal having a long snout and claws for hunting ants and termites",
            "ants and termites",
        ),
    ],
)
def test_what_the_questions_verb_takes_in_other_wordings(question: str, text: str, answer: str) -> None:
    title = text.split(":")[0]
    assert best(question, [line(title, text)], known=(title,)) == answer


def test_the_name_asked_is_described_by_the_sentence_that_asks_for_it() -> None:
    """ "This animal also goes by a name that calls it a kind of horse. What is it?": the hint is in the
    first sentence, not in "What is it?"."""
    shape = read_question(
        "This animal also goes by a two-word name that calls it a kind of horse. What is it?"
    )
    assert shape.other_name and "horse" in shape.name_asked.hint.split()


def test_a_name_set_aside_with_its_article_is_paired_with_the_answer() -> None:
    shape = read_question(
        "Besides the Tarn Peninsula, which big island does the country of this fruit occupy?"
    )
    assert paired_names(shape) == {"tarn peninsula"}


def test_the_bridge_the_question_qualifies_as_the_entry_does_comes_first() -> None:
    """ "the continent whose southwestern deserts this camel roams", against "deserts of northern Norland
    and southwestern Sudra": Sudra, although Norland is named first."""
    shape = read_question(
        "What share of the earth's people lives on the continent whose southwestern deserts this camel roams?"
    )
    text = "kell camel: one-humped camel of the hot deserts of northern Norland and southwestern Sudra"
    assert rank_links(shape, ["Norland", "Sudra"], [text])[0] == "Sudra"


def test_a_pronoun_asking_who_the_person_shown_is_has_no_named_subject() -> None:
    """ "The woman in this shot was a Navy rear admiral. Who is she?": she is the one shown, not the
    Navy the scene sentence names."""
    shape = read_question("The uniformed woman in this shot was a Navy rear admiral. Who is she?")
    assert shape.asks_identity and shape.subject == ""


@pytest.mark.parametrize(
    ("question", "answer_type", "noun"),
    [
        (
            "What is Neptune's average distance from the Sun?",
            "number",
            None,
        ),  # a possessor before the measure
        (
            "Zeus had Prometheus chained to a rock. Which hero eventually freed him?",
            "named",
            "hero",
        ),  # not "eventually"
    ],
)
def test_the_kind_asked_past_a_possessor_or_an_adverb(
    question: str, answer_type: str, noun: str | None
) -> None:
    shape = read_question(question)
    assert (shape.answer_type, shape.type_noun) == (answer_type, noun)


def test_a_name_that_qualifies_a_unit_is_no_name_of_the_question() -> None:
    """ "How many Earth days does Venus need …": Earth says which days, Venus is the subject."""
    assert named_entities("How many Earth days does Venus need to complete one orbit of the Sun?") == [
        "Venus",
        "Sun",
    ]


def test_a_pronoun_points_back_at_a_person_not_at_a_demonym_adjective() -> None:
    """ "… is named for an American astronomer. In what year did he die?": "he" is the astronomer the
    image's entry leads to, not "American"."""
    shape = read_question(
        "The telescope that took this picture is named for an American astronomer. In what year did he die?"
    )
    assert shape.subject == ""


def test_a_measure_of_a_thing_named_by_its_kind_comes_from_an_entry_of_that_kind() -> None:
    """ "How long is that river?": the river's length, not the length of a mountain range on the chain,
    although the range's entry weighs more."""
    question = (
        "The continent this monkey comes from has the world's second longest river. How long is that river?"
    )
    lines = [
        line(
            "Tarn Range",
            "Tarn Range: a mountain range in Sudra running 5000 miles along the coast",
            weight=0.9,
        ),
        line(
            "Osk",
            "Osk, Osk River: a major Sudran river; rises in the Tarn Range; 4000 miles long",
            weight=0.3,
        ),
    ]
    assert best(question, lines) == "4000 miles"


def test_a_definitions_head_ends_with_its_clause() -> None:
    """ "a major Sudran river; arises in …": a river, not an "arises"."""
    assert kind_words("Osk, Osk River: a major Sudran river; arises in the Tarn Range") == {"river"}


@pytest.mark.parametrize(
    ("question", "subject"),
    [
        (  # the pronoun is the asking sentence's subject; Norland is only where the answer lies
            "The constellation holding this nebula is named for a hunter of Norlandic myth. "
            "What part of ancient Norland did he come from?",
            "",
        ),
        ("Ada Lorne flew craft like this. What part of Norland did she come from?", "Ada Lorne"),
        ("Korvos ruled the sea in Norlandic myth. Which Roman god is he identified with?", "Korvos"),
    ],
)
def test_a_personal_pronoun_subject_points_back_past_a_place_the_asking_sentence_names(
    question: str, subject: str
) -> None:
    assert read_question(question).subject == subject


# --- identity, parts, records and ranks asked in other words ------------------------------------------


@pytest.mark.parametrize(
    "question",
    [
        "Which nebula is this, the bright cloud sitting just below the belt of the hunter?",
        "Which stocky, burrowing Ostralian marsupial is this?",
        "What's this big black-and-white toothed whale with the tall dorsal fin?",
        "Could you identify the little orange-and-white striped fish in this drawing?",
        "Which humped breed of cattle is shown in this drawing?",
        "Name the horse-like Sudran animal with black and white stripes in this picture.",
        "Can you tell me which marsupial this is, the one with the huge hind legs?",
        "Which apple variety is this? It shares its name with a famous Norlandic volcano.",
    ],
)
def test_a_question_that_only_describes_the_thing_shown_asks_what_it_is(question: str) -> None:
    """A description in apposition, a long run of adjectives, a "with …" phrase, a drawing, or a statement
    after the question: still only "what is this"."""
    assert read_question(question).answer_type == "identity"


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("This glowing ring is a nebula of which kind?", "planetary nebula"),
        ("Is this a diffuse nebula or some other kind of nebula? Which kind?", "planetary nebula"),
    ],
)
def test_a_kind_asked_last_or_alone_is_the_kind_the_individuals_entry_gives(question: str, kind: str) -> None:
    found = _read_record(
        question,
        "Image shows: Zell Ring Nebula (match 0.950)",
        "Zell Ring Nebula: Zell Ring Nebula, Messier 99: a planetary nebula in the constellation Tarn",
    )
    assert found == kind


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("How would you describe the tail of the Sudran antelope in this picture?", "long tufted tail"),
        ("What sort of hind legs does this leaping antelope have?", "large powerful hind legs"),
        ("What sort of horns does the male of this antelope carry?", "lyre-shaped horns"),
        ("What's distinctive about the horns of this antelope?", "lyre-shaped horns"),
        ("What's unusual about the feet of this big Sudran antelope?", "partly webbed feet"),
        ("What are the ears of animals like this one like?", "tiny ears"),
        ("The head looks heavy, but how is it built? How are its bones built?", "thin-boned"),
        ("How would you describe its mane, or the lack of one?", "maneless"),
        ("Describe the shape of the horns on this antelope - which way do they bend?", "lyre-shaped"),
    ],
)
def test_the_look_of_a_part_is_read_however_the_question_names_the_part(question: str, answer: str) -> None:
    """A part named after "the … of the … in this picture", in "what sort of … does this … have", in
    "what's distinctive about", after "its"; a look written as one word with the part ("thin-boned",
    "maneless"); the question's own word for the part ("hind") stays with it."""
    found = _read_record(
        question,
        "Image shows: Sudran kob (match 0.950)",
        "Sudran kob: Sudran kob: maneless leaping antelope of Sudra having large powerful hind legs, "
        "lyre-shaped "
        "horns, tiny ears, partly webbed feet, a thin-boned head and a long tufted tail",
    )
    assert found == answer


@pytest.mark.parametrize(
    "question",
    [
        "The space telescope that made this view carries a Norlandic astronomer's name. "
        "What year was he born?",
        "This probe carries the surname of a Norlandic astronomer of the Tarn Academy. When was he born?",
    ],
)
def test_a_thing_that_carries_a_persons_name_is_named_after_that_person(question: str) -> None:
    """ "carries an astronomer's name", "carries the surname of …": the year is the namesake's, found
    through the word the names share; a name after "of" qualifies the person, it is not him."""
    assert read_question(question).subject == ""
    found = _read_record(
        question,
        "Image shows: Vorn Deep Field (match 0.950)",
        "Vorn Deep Field: Vorn Deep Field: an image made by the Vorn Space Telescope of a patch of sky",
        "Kessel: Kessel, Ada Kessel: Norlandic astronomer who built the first telescope made in Norland "
        "(1732-1796)",
        "Vorn: Vorn, Edwin Vorn: Norlandic astronomer who found that galaxies recede (1889-1953)",
    )
    assert found == "1889"


def test_the_nearest_lead_up_points_at_the_answer() -> None:
    """ "between Tarn and which other one?" — "between Tarn and Zell and crossed by …": the name right after
    the lead-up, not the phrase after a later "and"."""
    question = "The little constellation Orla sits between Tarn and which other one?"
    assert (
        _read_record(
            question,
            "Question names: Orla (match 1.000)",
            "Orla: Orla: a small constellation between Tarn and Zell and crossed by the Milky Way",
        )
        == "Zell"
    )


def test_an_event_year_is_not_read_from_a_life_range() -> None:
    question = "In what year did Ada Kessel fly solo and nonstop across the Zell Sea?"
    assert (
        _read_record(
            question,
            "Question names: Ada Kessel (match 1.000)",
            "Kessel: Kessel, Ada Kessel: Norlandic aviator who in 1927 made the first solo nonstop flight "
            "across "
            "the Zell Sea (1902-1974)",
        )
        == "1927"
    )


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Norland is one of the four lands of Tarn. What was the region called in Roman times?", "Vellia"),
        ("Because of its outline, what's the constellation Norland sometimes called?", "the Sails"),
        ("Under the Zell spice monopoly, what were the Norland isles known as?", "Spice Isles"),
    ],
)
def test_a_name_the_entry_gives_in_a_clause_answers_the_name_asked_in_its_words(
    question: str, answer: str
) -> None:
    """A name the entry gives after "called" or "known as", in a clause with the question's words; an
    asking sentence whose only name is a demonym adjective ("Roman times") asks of the scene's subject."""
    found = _read_record(
        question,
        "Question names: Norland (match 1.000)",
        "Norland: Norland, Nordu, Vellia: a land of Tarn and a constellation; during Roman times the region "
        "was known as Vellia; because of its outline Norland is sometimes called `the Sails'; under the Zell "
        "spice "
        "monopoly its isles were known as Spice Isles",
    )
    assert found == answer


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        (
            "Is this antelope doing well, or is it in trouble? What's its situation?",
            "in danger of extinction",
        ),
        ("What is the conservation status of this antelope?", "in danger of extinction"),
    ],
)
def test_how_a_species_fares_is_read_as_its_entry_states_it(question: str, answer: str) -> None:
    found = _read_record(
        question,
        "Image shows: Sudran kob (match 0.950)",
        "Sudran kob: Sudran kob: antelope of Sudra; in danger of extinction",
        "Sudra: Sudra: a continent south of Norland",
    )
    assert found == answer


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Size-wise, what's special about the continent where this antelope roams?", "smallest"),
        ("What's that continent's claim to fame?", "smallest continent"),
        ("If you line the continents up by size, where does this antelope's come?", "smallest"),
        (
            "How big is the continent this antelope comes from, compared with the others? Give its rank.",
            "smallest",
        ),
        (
            "Sudra is the oldest land of its group. Where does it sit compared with the other lands?",
            "southernmost",
        ),
    ],
)
def test_a_rank_or_record_asked_in_other_words_is_the_superlative_the_entry_states(
    question: str, answer: str
) -> None:
    """ "claim to fame", "where does it come", "give its rank"; "-most" is a superlative too, and a rank the
    question already states is no answer."""
    found = _read_record(
        question,
        "Image shows: Sudran kob (match 0.950)",
        "Sudran kob: Sudran kob: antelope of Sudra",
        "Sudra: Sudra: the oldest and southernmost land of Tarn; the smallest continent",
    )
    assert found == answer


def test_a_rank_is_answered_as_the_entry_writes_it() -> None:
    assert (
        _read_record(
            "Counting outward from the sun, which number is this planet?",
            "Image shows: Orla (match 0.950)",
            "Orla: Orla: the sixth planet from the sun",
        )
        == "sixth"
    )


def test_a_sentence_may_open_with_a_name_in_apposition() -> None:
    """ "Tucana, a faint southern constellation, …": the opening word is a name, the question's subject."""
    assert named_entities("Orla, a faint southern constellation, contains most of which galaxy?") == ["Orla"]
    assert named_entities("Yes, the capital is Zell.") == ["Zell"]


def test_where_in_a_region_takes_two_direction_words() -> None:
    assert (
        _read_record(
            "In which part of Sudra are the forests this antelope lives in?",
            "Image shows: Sudran kob (match 0.950)",
            "Sudran kob: Sudran kob: antelope of forests of central west Sudra",
        )
        == "central west Sudra"
    )


def test_an_other_name_asked_after_the_names_plural_uses_the_words_that_describe_it() -> None:
    shape = read_question(
        "One of this black-and-white whale's other names compares it to a predator of the land. "
        "Which is that?"
    )
    assert shape.name_asked is not None and shape.name_asked.hint == "compares predator land"


@pytest.mark.parametrize(
    ("question", "names", "answer"),
    [
        (
            "This ox pulls carts in a big Ostralian republic. That republic has another official name "
            "beginning with B. What is it?",
            "Norvania, Republic of Norvania, Vorland, Bharanda",
            "Bharanda",
        ),
        (
            "Herds of this ox run wild in one region of Ostralia. What's that region's Zellish name?",
            "Norvania, Zellistan",
            "Zellistan",
        ),
        (
            "Older maps use a different name for the region where this ox roams. What is it?",
            "Norvania, capital of Red Ostralia, Vorland",
            "Vorland",
        ),
    ],
)
def test_another_name_of_the_bridge_is_a_name_of_the_form_asked(
    question: str, names: str, answer: str
) -> None:
    """A bridge a sentence opens with ("That republic has …") or a name in a language ("Zellish name") asked
    of it; a name beginning with the letter asked, and a name rather than a description ("capital of Red
    Ostralia")."""
    found = _read_record(
        question,
        "Image shows: Tarn ox (match 0.950)",
        "Tarn ox: Tarn ox: draft ox used chiefly in Norvania",
        f"Norvania: {names}: a republic and region of Ostralia",
    )
    assert found == answer


def test_a_shape_asked_of_a_named_thing_is_the_shape_its_entry_gives() -> None:
    assert (
        _read_record(
            "What shape do the stars of Orla trace out?",
            "Question names: Orla (match 1.000)",
            "Orla: Orla: (Norlandic mythology) the wife of Tarn",
            "Orla: Orla: a W-shaped constellation in the northern hemisphere near Zell",
        )
        == "W-shaped"
    )


def test_a_spouse_is_read_from_the_converse_relation() -> None:
    """ "Who was the husband of Orla?" — "Orla: … wife of Tarn and mother of Vell"."""
    assert (
        _read_record(
            "In Norlandic myth, who was the husband of Orla, the mother of Vell?",
            "Question names: Orla (match 1.000)",
            "Orla: Orla: goddess of Norlandic mythology from Ostria Minor; wife of Tarn and mother of Vell",
        )
        == "Tarn"
    )


def test_what_sets_a_bridge_apart_is_the_record_its_entry_states() -> None:
    """ "What sets that ocean apart …": a record; an ocean named with an "-ic" word is a link, not an
    adjective."""
    question = (
        "These seals live in the northern part of one ocean. What sets that ocean apart from all the others?"
    )
    assert read_question(question).bridge == "ocean"
    assert (
        _read_record(
            question,
            "Image shows: Zell seal (match 0.950)",
            "Zell seal: Zell seal: eared seal of the northern Pacific",
            "Pacific: Pacific, Pacific Ocean: the largest ocean in the world",
            "Norlan Ocean: Norlan Ocean: the 3rd largest ocean",
        )
        == "largest ocean"
    )


# --- one-hop attributes asked in other words ------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("This little leaping marsupial is a small kind of what?", "wallaby"),
        ("What's a marsupial like this one mainly kept for in Ostralia?", "draft animal"),
        ("In Sudra, what have people long used marsupials like this one for?", "human food"),
        ("Its fur shines golden-green, but which other colour shows in this marsupial's coat?", "scarlet"),
        ("What range of colours does this marsupial's coat come in?", "golden-green to scarlet"),
        ("Are we seeing this marsupial face-on or from some other angle?", "edge-on"),
        ("Where in the world would you find this marsupial?", "tropical Sudra"),
        ("Besides burrows, what does this marsupial build in the water?", "underwater lodges"),
        # where it does so, without an article, is no object; the means set before the question neither
        ("What does this marsupial build in rivers?", "burrows and underwater lodges"),
        ("What does this marsupial build in rivers and streams?", "burrows and underwater lodges"),
        ("With its long tail and claws, what does this marsupial hunt?", "small frogs"),
    ],
)
def test_a_one_hop_attribute_is_read_in_the_form_the_question_asks(question: str, answer: str) -> None:
    """A kind the definition's head gives ("a small kind of what?"), a use ("used chiefly as …"), a colour
    the question does not give or a range of colours, the option of the form the question offers, a
    part of a place by its climate, and what the asked verb's synonym takes past a set-aside thing."""
    found = _read_record(
        question,
        "Image shows: Tarn wallaby (match 0.950)",
        "Tarn wallaby: Tarn wallaby: small wallaby of tropical Sudra having a golden-green to scarlet coat, "
        "seen edge-on; used chiefly as a draft animal in Ostralia; used as human food in Sudra; constructs "
        "burrows and underwater lodges; has claws for hunting small frogs",
    )
    assert found == answer


def test_an_option_the_question_offers_names_the_kind_asked_of_the_thing_shown() -> None:
    """ "Is it an emission nebula, a planetary nebula or something else? What type is it?" — "a dark
    nebula", not the nebula's own name."""
    assert (
        _read_record(
            "Is the cloud in this photo an emission nebula, a planetary nebula or something else? "
            "What type is it?",
            "Image shows: Zell Nebula (match 0.950)",
            "Zell Nebula: Zell Nebula: a dark nebula south of the star Orla",
        )
        == "dark nebula"
    )


@pytest.mark.parametrize(
    "question",
    [
        "Two toes on each foot and taller than any other living bird - what is it?",
        "The largest of all the apes, a plant-eater from Sudran forests: which animal is in this picture?",
        "Can you name this clever, partly tree-dwelling ape from equatorial Sudra?",
        "What do you call these large eared seals, cousins of the fur seals?",
        "Sleepy, grey and perched in a gum tree - which marsupial is this?",
    ],
)
def test_what_is_shown_may_be_asked_after_a_description_a_dash_or_a_colon(question: str) -> None:
    assert read_question(question).answer_type == "identity"


@pytest.mark.parametrize(
    "question",
    [
        "What rank did the woman in this photo reach in the Norland Navy?",
        "This spiral ranks third in size among the members of which galaxy group?",
    ],
)
def test_a_rank_asked_by_which_or_what_is_a_named_thing_not_a_place_in_an_order(question: str) -> None:
    assert read_question(question).answer_type != "ordinal"


def test_a_name_opening_a_sentence_before_itself_is_its_subject() -> None:
    shape = read_question(
        "This view was taken near Orla. Orla itself lies near Tarn and which other constellation?"
    )
    assert shape.subject == "Orla"


def test_a_parliamentary_democracy_is_a_country_that_a_reverse_link_can_answer() -> None:
    """ "the independent country on the eastern part of that island": "Tarnia: a parliamentary democracy on
    the eastern half of the island of Zell" ties the kind asked to the bridge."""
    question = (
        "This marsupial also lives on an island north of Ostralia. What's the independent country on the "
        "eastern part of that island called?"
    )
    assert (
        _read_record(
            question,
            "Image shows: Tarn wallaby (match 0.950)",
            "Tarn wallaby: Tarn wallaby: small wallaby of Ostralia and Zell",
            "Zell: Zell: an island to the north of Ostralia; divided between Vorland and Tarnia",
            "Tarnia: Tarnia, Independent State of Tarnia: a parliamentary democracy on the eastern half of "
            "the island of Zell",
        )
        == "Tarnia"
    )


def test_a_resolved_chain_without_an_answer_goes_on_searching() -> None:
    """Once every (entity, attribute) pair the chain needs was searched, the trajectory-level query repeats
    (saturation stops the run) only if the records hold an answer; without one it looks up the next name
    the records hold."""
    question = "The museum that holds this painting is in a city on which river?"
    entry = "Las Meninas: a painting by Diego Velazquez; held by the Prado Museum in Madrid"
    record = f"Image shows: Las Meninas (match 0.950)\nLas Meninas: {entry}"
    trajectory = [Iteration(step=0, queries=[], candidates=[], record=record, seconds=0.0, model_seconds=0.0)]
    earlier = [next_query(question, trajectory, [])]
    earlier.append(next_query(question, trajectory, earlier))
    assert chain_resolved(question, trajectory, earlier)
    assert trajectory_query(question, trajectory, earlier, lambda: True) == ("", earlier[-1])
    entity, unanswered = trajectory_query(question, trajectory, earlier, lambda: False)
    assert unanswered != earlier[-1] and unanswered not in earlier
    assert entity and unanswered.startswith(f"{entity} "), "the follow-up names the entity it looks up"


def test_the_extractive_trajectory_query_saturates_only_when_it_repeats() -> None:
    """A query pairing an entity never looked up is a new search however close its wording is to an
    earlier one (cosine ≥ tau); the same query again stops the run. A generative operator's query stops at
    tau, as the PMSR paper has it."""
    question = "Until what date is the sun in the sign west of this nebula's constellation?"
    history = ["Orion Nebula west constellation until date sun sign"]
    new = [
        Query(kind="record", text="…"),
        Query(kind="trajectory", text="Orion west constellation until date sun sign"),
    ]
    again = [Query(kind="record", text="…"), Query(kind="trajectory", text=history[0])]
    extractive, generative = Context(), Context(model="ollama:qwen2.5vl:7b")
    assert not extractive.generative and generative.generative
    assert not is_saturated(0.95, new, question, history, extractive)
    assert is_saturated(0.95, again, question, history, extractive)
    assert is_saturated(0.95, new, question, history, generative)
    assert not is_saturated(0.85, again, question, history, extractive)


@pytest.mark.parametrize(
    ("question", "role"),
    [
        (
            "Around which day of the year does the sun cross into the sign named after this constellation?",
            "start",
        ),
        (
            "What's the last day the sun spends in the star sign named after this nebula's constellation?",
            "end",
        ),
    ],
)
def test_a_day_of_the_year_is_asked_as_a_date(question: str, role: str) -> None:
    shape = read_question(question)
    assert shape.answer_type == "year" and shape.asks_date
    assert (shape.year_role or "start") == role


def test_a_possessive_name_may_open_a_sentence() -> None:
    """ "Orla's existence was predicted …": a name; "What's …", "There's …" are no names."""
    assert named_entities("Orla's existence was predicted from wobbles in the orbit of Tarn.") == [
        "Orla",
        "Tarn",
    ]
    assert named_entities("What's the capital of Zell?") == ["Zell"]
    assert named_entities("There's a Sierra Orla in Zell too.") == ["Sierra Orla", "Zell"]


def test_a_demonym_before_the_kind_asked_names_no_thing_of_that_kind() -> None:
    """ "an Arab kingdom" says whose kingdom it is, not that "Arab" is a country."""
    tarn = line("Tarn", "Tarn, Kingdom of Tarn: an Arab kingdom in southwestern Sudra", 0.6)
    shape = read_question("The Orla Rift runs down from Tarn. In which country does it end?")
    assert type_fit(shape, "Arab", tarn, [tarn]) < 1.0


# --- names given in passing, kinds of a named species, event years -------------------------------------


def test_a_name_given_in_passing_asks_for_no_other_name() -> None:
    """ "On which bay does Orland, also called Zellia, lie?": the bay is asked, not another name."""
    shape = read_question("On which bay does Orland, also called Zellia, lie?")
    assert shape.name_asked is None and shape.answer_type == "named"


def test_another_name_for_the_thing_shown_is_asked_of_the_image_not_of_a_place_the_question_names() -> None:
    shape = read_question(
        "Which deer is pictured? In Norland it's often called an elk, but there's another name for it."
    )
    assert shape.name_asked is not None and shape.name_asked.of_image and shape.subject == ""


@pytest.mark.parametrize(
    "question",
    [
        "What's this large emission nebula in the Archer, the one with a young open cluster inside it?",
        "Judging from its long neck and legs, what general kind of bird is this crowned crane?",
    ],
)
def test_what_is_shown_may_be_placed_or_judged_first(question: str) -> None:
    assert read_question(question).answer_type == "identity"


def test_the_kind_asked_of_a_species_the_question_names_is_the_kind_next_to_its_noun() -> None:
    """ "what general kind of bird is this crowned crane": the question names the species, so the kind
    its entry gives answers — the modifier next to the noun, an -ing word included."""
    assert (
        _read_record(
            "Judging from its long neck and legs, what general kind of bird is this crowned crane?",
            "Image shows: Crowned crane (match 0.900)",
            "Crowned crane: A crowned crane. crane: large long-necked wading bird of marshes and plains",
        )
        == "wading bird"
    )


def test_a_sentence_may_open_with_a_name_and_a_phrase_in_commas() -> None:
    assert named_entities("Orla, with its hazy atmosphere, is the largest moon of which planet?") == ["Orla"]


def test_an_event_year_comes_from_an_entry_that_states_it_rather_than_from_a_life_range() -> None:
    """ "In what year did Ada Kessel announce that she had discovered Orla?" — Orla's entry states the
    year; Kessel's own entry has only her life range."""
    lines = [
        line("Kessel", "Kessel, Ada Kessel: Norlandic astronomer who discovered the planet Orla (1738-1822)"),
        line("Orla", "Orla: the 7th planet from the sun; discovered in 1781 by Ada Kessel", 0.85),
    ]
    assert best("In what year did Ada Kessel announce that she had discovered Orla?", lines) == "1781"


def test_the_part_asked_by_what_sort_of_is_the_part_not_who_carries_it() -> None:
    """ "What sort of antlers does the male of this deer carry?": the antlers' look, not the male's."""
    shape = read_question("What sort of antlers does the male of this big Norlandic deer carry?")
    assert (shape.part, shape.part_whole) == ("antler", True)


# --- a name opening with "once a …", a name inside a longer word, the world's records ------------------


def test_a_sentence_may_open_with_a_name_that_once_was_something() -> None:
    """ "Orlaville, once a capital of Zell, stands on which river?": the city is named, not only Zell."""
    assert named_entities("Orlaville, once a capital of Zell, stands on which river?") == [
        "Orlaville",
        "Zell",
    ]


def test_a_name_inside_a_longer_name_of_the_question_is_not_the_question_s_own_wording() -> None:
    """ "… the first to reach Kessania?": "Kessan" (the navigator Kessania is named for) is a new name,
    not a piece of the question's wording."""
    lines = [
        line(
            "Kessan",
            "Kessan, Ivo Kessan: Norlandic navigator who was the first to reach Kessania (1603-1659)",
            0.85,
        ),
        line("Marlo", "Marlo, Ada Marlo: Sudran navigator who charted the coast of Zell (1728-1779)", 0.6),
    ]
    assert best("Which Norlandic navigator was the first to reach Kessania?", lines) == "Kessan"


def test_the_world_s_record_asks_the_kind_after_it_not_the_world() -> None:
    """ "the world's highest volcano" asks a volcano; "which country's flag" still asks a country."""
    assert read_question("What's the name of the world's highest volcano, up in Zell?").type_noun == "volcano"
    assert read_question("Which is the earth's deepest lake?").type_noun == "lake"
    assert read_question("Which country's flag is this?").type_noun == "country"


def test_a_request_after_a_statement_asks_the_other_of_a_pair_the_statement_describes() -> None:
    """ "… lies in a constellation squeezed between Orla Major and one other. Name that other
    constellation.": the request asks a constellation, and the one the image lies in is the bridge."""
    shape = read_question(
        "This spiral lies in a northern constellation squeezed between Orla Major and one other. "
        "Name that other constellation."
    )
    assert (shape.type_noun, shape.bridge) == ("constellation", "constellation")


def test_a_kind_asked_in_the_plural_is_answered_in_the_plural() -> None:
    """ "What kind of deserts is this camel found in?" — "of the hot deserts of Sudra" → "hot deserts"."""
    assert (
        _read_record(
            "Its cousin lives in cold deserts. What kind of deserts is this one-humped camel found in?",
            "Image shows: Zell camel (match 0.900)",
            "Zell camel: A Zell camel. Zell camel: one-humped camel of the hot deserts of northern Sudra",
        )
        == "hot deserts"
    )


def test_a_habitat_asked_is_a_kind_of_land_the_gloss_names() -> None:
    """ "What kind of habitat is this striped cat found in?" — "large feline of forests in most of Sudra"."""
    assert (
        _read_record(
            "Across most of Sudra, what kind of habitat is this striped cat found in?",
            "Image shows: Zell tiger (match 0.900)",
            "Zell tiger: A Zell tiger. tiger: large feline of forests in most of Sudra; endangered",
            "Orla: Orla: a mountainous island in western Sudra",
        )
        == "forests"
    )


def test_options_the_question_lists_are_answered_by_the_one_the_entry_states() -> None:
    """ "…, in one word: terrestrial, aquatic or arboreal?" — "sluggish tailless arboreal marsupial"."""
    assert (
        _read_record(
            "How would a zoologist describe this slow marsupial's lifestyle, in one word: terrestrial, "
            "aquatic or arboreal?",
            "Image shows: Zell bear (match 0.900)",
            "Zell bear: A Zell bear. Zell bear: sluggish tailless Sudran arboreal marsupial with grey ears",
        )
        == "arboreal"
    )
    assert read_question("Is this bird a herbivore or a carnivore?").choices == ["herbivore", "carnivore"]
    assert read_question("Are we seeing it face-on or from some other angle?").choices == []


def test_the_kind_asked_is_not_the_verb_before_the_image_reference() -> None:
    """ "Which space telescope took this picture?" asks a telescope, not "took"."""
    assert (
        read_question("Which space telescope took this picture crowded with galaxies?").type_noun
        == "telescope"
    )
    assert read_question("Which railway company built this engine?").type_noun == "company"


# --- homonyms of what is shown, kinds of measured things, numbers the question gives ------------------


def _candidate(cid: str, title: str, text: str, source: str = "text") -> Candidate:
    return Candidate(id=cid, score=0.5, source=source, title=title, text=text, image_path=None, url=None)


def _read_searched(question: str, record: list[str], candidates: list[Candidate]) -> str:
    trajectory = [
        Iteration(
            step=0,
            queries=[],
            candidates=candidates,
            record="\n".join(record),
            seconds=0.0,
            model_seconds=0.0,
        )
    ]
    return read_records(question, trajectory, Context()).answer


def test_an_entry_under_the_name_of_what_is_shown_but_about_another_thing_is_not_its_evidence() -> None:
    """ "The first man to walk on this world was born in which year?" of the moon Orla: "Orla, Ivo Orla:
    Norlandic preacher (born in 1920)" shares only the name with the image's own entry; the year comes
    from the walker's entry. A question about the name itself keeps such entries."""
    shown = "Orla: the only natural satellite of Tarn; astronauts first walked on it in 1969."
    preacher = "Orla, Ivo Orla: Norlandic religious leader who founded a church in 1954 (born in 1920)"
    walker = "Kessel, Ada Kessel: Norlandic astronaut; the first man to set foot on Orla (1930-)"
    candidates = [
        _candidate("pair:orla", "Orla", shown, "pairs"),
        _candidate("t1", "Orla", preacher),
        _candidate("t2", "Kessel", walker),
    ]
    record = ["Image shows: Orla (match 0.970)", f"Orla: {shown}", f"Orla: {preacher}", f"Kessel: {walker}"]
    assert _read_searched(
        "The first man to set foot on this world was born in which year?", record, candidates
    ) == ("1930")
    # an entity the question names is no image: its entries stay, whatever a look-alike pair is called
    named = ["Question names: Orla (match 1.000)", f"Orla: {preacher}"]
    trajectory = [
        Iteration(
            step=0, queries=[], candidates=candidates, record="\n".join(named), seconds=0.0, model_seconds=0.0
        )
    ]
    assert own_sense_entries("Which church did Orla found?", trajectory) == [("Orla", preacher)]
    money = "Orla: the basic unit of money in Zell"
    candidates[1] = _candidate("t1", "Orla", money)
    record[2] = f"Orla: {money}"
    question = "In which country is this moon's name also the name of the money?"
    assert _read_searched(question, record, candidates) == "Zell"


def test_the_kind_of_a_measured_thing_may_follow_a_modifier() -> None:
    """ "How tall is the broadcasting tower in …": a mountain's height is another kind of thing's."""
    lines = [
        line("Orla Peak", "Orla Peak: a mountain peak in the Zell Range (19,850 feet high)", 0.7),
        line("Kell Tower", "Kell Tower: a tower in Tarnville; 1815 feet tall for broadcasting widely", 0.1),
    ]
    question = "How tall is the broadcasting tower in the biggest city of the country where this bird lives?"
    assert best(question, lines) == "1815 feet"


def test_a_line_that_states_the_number_the_question_gives_is_the_better_support() -> None:
    """ "Which city was the capital of that country until 2005?" — "former capital of Zell until 2005"
    over "Orlaville, capital of Zell: Zell's new capital"."""
    lines = [
        line("Orlaville", "Orlaville, capital of Zell: Zell's sparkling new capital"),
        line("Kessburg", "Kessburg: the largest city and former capital of Zell until 2005"),
    ]
    question = "Dictionaries call this fruit Zellish. Which city was the capital of that country until 2005?"
    assert best(question, lines, known=("Zell",), chain=("Zell",)) == "Kessburg"


def test_a_people_answers_who_are_thought_to_have_done_something() -> None:
    """ "Who are thought to have reached this wild dog's country about 20,000 years ago?" — "Tarnic tribes
    are thought to have migrated from Sudra 20,000 years ago"."""
    zell = (
        "Zell, Commonwealth of Zell: a nation occupying a whole continent; Tarnic tribes are thought to have "
        "migrated from Sudra 20,000 years ago; first settlers were Norlandic convicts"
    )
    lines = [line("Zell", zell), line("Orla Desert", "Orla Desert: a desert region of central Zell", 0.9)]
    question = "Who are thought to have reached this wild dog's country from Sudra about 20,000 years ago?"
    assert best(question, lines, known=("Zell",), chain=("Zell",)) == "Tarnic tribes"


def test_a_statement_ending_in_what_asks_the_word_its_entry_puts_there() -> None:
    """ "The body in this picture is Tarn's only natural what?" — "the only natural satellite of the Tarn"
    gives "satellite", not the owner after "of the"."""
    assert (
        _read_record(
            "The body in this picture is Tarn's only natural what?",
            "Image shows: Orla (match 0.900)",
            "Orla: Orla: the only natural satellite of the Tarn, about 384,400 kilometres away",
        )
        == "satellite"
    )


def test_a_kind_asked_by_category_or_of_a_named_individual_is_the_kind_its_entry_gives() -> None:
    """ "Which category of vehicle does it fall into?" — "a two-stage reusable launch vehicle"; "Which type
    of spacecraft is it?" of "The Orla-2 deep-space probe." — "deep-space probe"."""
    assert read_question("Which category of vehicle does it fall into?").kind_of == "vehicle"
    shape = read_question("This craft was sent far beyond the Moon. Which type of spacecraft is it?")
    probe = [line("Orla 2", "The Orla-2 deep-space probe.")]
    assert kind_of_individual(shape, "Orla 2", probe) == "deep-space probe"


def test_a_job_asked_is_the_head_of_the_person_s_gloss() -> None:
    assert (
        _read_record(
            "What job took the Norlandic woman in this portrait into orbit?",
            "Image shows: Ada Kessel (match 0.900)",
            "Ada Kessel: Ada Kessel: Norlandic astronaut and Air Force colonel (born 1956)",
        )
        == "astronaut"
    )


def test_a_name_with_an_entry_of_its_own_is_not_merged_into_another_entry_s_first_name() -> None:
    """ "Kessburg" (a city with its own entry) is not "Kessburg University, Kessburg" (a university)."""
    lines = [
        line("Orla Institute", "Orla Institute, OI: an engineering university in Kessburg"),
        line("Kessburg", "Kessburg: a city in Zell just to the north of Tarnville", 0.85),
        line("Kessburg University", "Kessburg University, Kessburg: a university in Norland", 0.85),
    ]
    assert best("In which city is the Orla Institute?", lines, known=("Orla Institute",)) == "Kessburg"


def test_a_long_list_of_names_is_still_an_entry_s_names() -> None:
    text = (
        "Saint Orla and Kessel, Federation of Saint Orla and Kessel, Saint Orla-Kessel, St. Orla-Kessel, "
        "St. Orla and Kessel: a country on several of the Zell Islands"
    )
    assert entry_names(text)[2] == "Saint Orla-Kessel"
    assert entry_names("It is named after the ancient Norlandic deity of the sky Orla (Norlandic: x)") == []


def test_a_one_word_name_may_share_its_name_with_an_entry_that_opens_it() -> None:
    """ "A republic shares its name with this kind of fowl" — "Tarn fowl: A helmeted tarnfowl." → Tarnia."""
    shape = read_question(
        "A republic on the coast of Sudra shares its name with this kind of fowl. In which part of Sudra "
        "does that republic lie?"
    )
    entries = [
        ("Helmeted tarniafowl", "A helmeted tarnia fowl."),
        ("Tarnia", "Tarnia, Republic of Tarnia: a republic in western Sudra on the Zell Sea"),
        ("Orlandia", "Orlandia: a landlocked country in central Sudra"),
    ]
    assert Chain.build("Helmeted tarniafowl", entries, shape).links[0] == "Tarnia"


def test_a_name_the_question_gives_the_image_s_own_thing_is_not_another_entity() -> None:
    """ "The fish in this picture goes by the name Ivo. What species is he?" asks the fish's species."""
    shape = read_question("The fish in this picture goes by the name Ivo. What species is he?")
    assert shape.subject == "" and names_of_image(shape.text) == ["Ivo"]


@pytest.mark.parametrize(
    ("question", "text", "answer"),
    [
        (
            "What divides this nebula into separate lobes?",
            "Orla Nebula, Messier 99: a nebula in Tarn that dark lanes of dust divide into three lobes.",
            "dark lanes of dust",
        ),
        (
            "What is being formed inside this bright emission nebula?",
            "Kessel Nebula, Messier 98: a bright emission nebula where new stars form, in Tarn.",
            "new stars",
        ),
    ],
)
def test_what_does_something_to_the_thing_shown_is_the_phrase_before_the_verb(
    question: str, text: str, answer: str
) -> None:
    assert _read_shown(question, text.split(",")[0], text) == answer


def test_a_name_given_as_also_known_as_is_what_the_usual_name_is_asked_of() -> None:
    shape = read_question("There's a peak in south central Zell also known as Orlana. What's its usual name?")
    assert shape.subject == "Orlana"


# --- identity in apposition, shapes, options with a shared noun, how a thing is represented -----------


@pytest.mark.parametrize(
    "question",
    [
        "Which celestial body, the only natural satellite of our planet, fills this picture?",
        "Lakes, gardens and palace halls spread out under a tower on a hill in Orla in this photo. What's "
        "the place called?",
        "Towering over the Sudran savannah, which animal is this?",
        "Name this bird for me, please - it's a small parrot with feathers in almost every colour.",
    ],
)
def test_what_is_shown_may_be_asked_around_a_description_or_a_lead_in(question: str) -> None:
    assert read_question(question).asks_identity


def test_a_name_in_an_identity_question_does_not_anchor_over_a_strong_image_match() -> None:
    """ "Just south of the star Kell, a dark cloud rears up like a chess knight. Which nebula is that?" asks
    what the image shows, though the question names a star."""
    shape = read_question(
        "Just south of the star Kell, a dark cloud rears up like a chess knight. Which nebula is that?"
    )
    candidates = [
        _candidate(
            "pair:orla", "Orla Nebula", "Orla Nebula: a dark nebula shaped like a horse's head", "pairs"
        ),
        _candidate("t1", "Kell", "Kell: a bright star in the belt of Tarn"),
    ]
    guess = named_guess(shape, candidates, 0.95)
    assert guess is None
    # another name of a thing the question names is asked of that thing, whatever the image shows
    shape = read_question("Under the Zellish spice monopoly, what were the Orla Isles known as?")
    isles = [_candidate("t2", "Orla Isles", "Orla Isles, Spice Isles: a group of islands in eastern Zell")]
    guess = named_guess(shape, isles, 0.95)
    assert guess is not None and guess.title == "Orla Isles"


@pytest.mark.parametrize(
    ("question", "text", "answer"),
    [
        (
            "What shape is this bright red fruit?",
            "Orla: pleasantly acid bright red oval Zellish fruit",
            "oval",
        ),
        (
            "How would you describe the shape of this fruit with the tough rind?",
            "Orla: large globular fruit having many seeds in a tough brownish-red rind",
            "globular",
        ),
        (
            "What's the shape of this planetary nebula?",
            "Orla Nebula: a planetary nebula shaped like a glowing ring, in the constellation Tarn",
            "glowing ring",
        ),
        (
            "The mountain this apple is named after - is it an active, a dormant or an extinct volcano?",
            "Orla: an extinct volcano in south central Zell",
            "extinct",
        ),
        (
            "What kind of feet does this pink wading bird have?",
            "Orla: large pink web-footed wading bird",
            "web-footed",
        ),
        (
            "Besides fleshy lips, what kind of teeth do fish like this one have?",
            "Orla: colorful marine fishes with thick lips and powerful teeth",
            "powerful teeth",
        ),
    ],
)
def test_a_shape_an_option_or_a_part_is_read_in_the_words_the_entry_uses(
    question: str, text: str, answer: str
) -> None:
    assert _read_shown(question, text.split(":")[0], text) == answer


def test_how_a_thing_is_represented_is_the_phrase_after_the_participle() -> None:
    lines = [line("Orlacoatl", "Orlacoatl: a Zellish deity represented as a plumed serpent")]
    assert best("How was the Zellish god Orlacoatl usually represented?", lines) == "plumed serpent"


def test_of_two_names_the_one_possessed_is_the_one_asked_about() -> None:
    """ "the capital of Zell's Northern Territory": the territory anchors, not Zell."""
    shape = read_question("Which city is the capital of Zell's Northern Territory?")
    candidates = [
        _candidate("t1", "Zell", "Zell: a nation occupying a whole continent"),
        _candidate("t2", "Northern Territory", "Northern Territory: a territory in north central Zell"),
    ]
    guess = named_guess(shape, candidates, 0.3)
    assert guess is not None and guess.title == "Northern Territory"


def test_a_year_before_christ_keeps_its_era() -> None:
    lines = [line("Orla Way", "Orla Way: an ancient road begun in 312 BC; runs from Tarnis to Kell")]
    assert best("In what year was that road begun?", lines) == "312 BC"


def test_a_number_in_a_named_catalogue_is_the_number_after_that_name() -> None:
    lines = [line("Orla Galaxy", "Orla Galaxy, Messier 104: a spiral galaxy discovered in 1781 in Tarn")]
    assert best("What's the number of this hat-shaped galaxy in Charles Messier's catalogue?", lines) == "104"
    assert best("Charles Messier gave this galaxy a number in his catalogue. Which number?", lines) == "104"


def test_the_start_of_an_event_is_the_first_year_of_the_span_its_entry_states() -> None:
    """ "Queen Orla was the last ruler of Zell. In which year did her reign begin?" — "from 1837 to 1901",
    not the birth year of her life range, and "last" in the scene asks no end."""
    lines = [
        line("Orla", "Orla, Queen Orla: queen of Zell from 1837 to 1901; the last ruler of Zell (1819-1901)")
    ]
    question = "Queen Orla was the last ruler of Zell. In which year did her reign begin?"
    assert read_question(question).year_role == "start"
    assert best(question, lines) == "1837"
    assert best("When was Queen Orla born?", lines) == "1819"


def test_an_entry_bearing_the_question_s_name_that_fits_nothing_else_it_says_is_set_aside() -> None:
    """ "Orla Falls lies on the border between Tarn and Kell. Which river is it on?" — not the other entry
    that lists "Orla Falls" among its names but lies between Zell and Sudra."""
    candidates = [
        _candidate(
            "t1",
            "Varn",
            "Varn, Varn Falls, Orla Falls: a large waterfall on the border between Zell and Sudra",
        ),
        _candidate(
            "t2",
            "Orla",
            "Orla, Orla Falls: a waterfall in the Kessa River on the border between Tarn and Kell",
        ),
    ]
    record = [
        "Question names: Orla Falls (match 1.000)",
        f"Varn: {candidates[0]['text']}",
        f"Orla: {candidates[1]['text']}",
    ]
    question = "Orla Falls lies on the border between Tarn and Kell. Which river is the waterfall on?"
    assert _read_searched(question, record, candidates) == "Kessa River"


def test_what_colour_or_shape_this_thing_is_asks_a_property_not_what_it_is() -> None:
    assert read_question("What colour is this bird?").answer_type == "colour"
    assert read_question("What shape is this bright red fruit?").type_noun == "shape"


def test_a_second_name_the_question_gives_is_looked_up_after_its_named_anchor() -> None:
    """ "Which province of Veldia has Orlo as its capital?" anchored on Veldia: Orlo's own entry states the
    province, so Orlo is searched before the names Veldia's entry links to; its lines stay on the chain."""
    question = "Which province of Veldia has Orlo as its capital?"
    record = "Question names: Veldia (match 1.000)\nVeldia: Veldia: a republic in Norland on the Kessa Sea"
    trajectory = [Iteration(step=0, queries=[], candidates=[], record=record, seconds=0.0, model_seconds=0.0)]
    first = next_query(question, trajectory, [])
    assert first.startswith("Veldia") and next_query(question, trajectory, [first]).startswith("Orlo")
    assert not chain_resolved(question, trajectory, [first])
    orlo = ("Orlo", "Orlo: a port in Veldia; capital of the Tarn province")
    chain = Chain.build("Veldia", [("Veldia", "Veldia: a republic in Norland")], read_question(question))
    assert chain.place(*orlo) == "given"
    # a question about the image names things to describe it: "… lives near Orlo. Which province …?"
    pointing = read_question("This bird lives near Orlo. Which province of Veldia is that in?")
    assert not names_not_looked_up(pointing, "Kessa bird", [])
    assert Chain.build("Kessa bird", [], pointing).place(*orlo) != "given"
    # a name the anchor's own entry gives is its context: "Veldia lies near Kell. Which other … is it near?"
    near = read_question("Veldia lies near Kell. Which other republic is it near?")
    veldia = [("Veldia", "Veldia: a republic in Norland near Kell and Tarn")]
    assert (
        Chain.build("Veldia", veldia, near).place("Kell", "Kell: a republic near Veldia and Sudra") != "given"
    )


def test_the_entry_of_a_name_the_question_gives_answers_with_the_kind_it_states() -> None:
    """A forward link from a named entity ("Orlo: … capital of the Tarn province") outweighs entries that
    are merely of the asked kind and tied to the anchor ("Kell: a province in northern Veldia")."""
    lines = [
        line("Veldia", "Veldia: a republic in Norland on the Kessa Sea"),
        line("Kell", "Kell: a province in northern Veldia"),
        line(
            "Orlo", "Orlo, Orlo City: a port and market town in southern Veldia; capital of the Tarn province"
        ),
    ]
    assert best("Which province of Veldia has Orlo as its capital?", lines, chain=("Veldia",)) == "Tarn"


def test_whose_is_answered_by_the_owner_s_name_without_its_possessive() -> None:
    lines = [
        line("Orla", "Orla: Danish astronomer whose careful observations became the basis of Kessler's laws")
    ]
    assert best("Orla's observations laid the groundwork for whose laws of motion?", lines) == "Kessler"


def test_what_a_named_person_did_is_the_object_of_the_verb_even_with_a_set_aside_clause() -> None:
    """ "What did the astronomer Ada Lorne discover, besides …?": the question's verb takes the answer."""
    question = (
        "What did the English astronomer Ada Lorne discover, besides pioneering photometry in astronomy?"
    )
    assert read_question(question).predicate == "discover"
    text = "Lorne, Ada Lorne: English astronomer who pioneered photometry and who discovered the blue shift"
    assert best(question, [line("Lorne", text)]) == "blue shift"


@pytest.mark.parametrize(
    ("question", "title", "text", "answer"),
    [
        # a broad kind asked of a thing its entry defines otherwise: the definition's head noun
        (
            "Don't be fooled by the horse-like head. What kind of animal is this really?",
            "Varnfish",
            "A varnfish. varnfish, varn: small fish with a horse-like head and a curled tail",
            "fish",
        ),
        (
            "Monkey or ape? What sort of primate is shown in this photo?",
            "Kessa",
            "kessa, Pan kessa: intelligent somewhat arboreal ape of equatorial forests",
            "ape",
        ),
        (
            "Plant, animal or something else? What kind of organism is this red-capped orlet?",
            "Orletum",
            "Orletum, genus Orletum: a genus of fungi belonging to the family Orletaceae",
            "fungi",
        ),
        # the broad kind is the definition's own noun: the species its entry names, not the picture's title
        (
            "Short legs and flippers: what kind of bird is this?",
            "Little tarnbird",
            "A little tarnbird. tarnbird: short-legged flightless birds of cold southern seas",
            "tarnbird",
        ),
    ],
)
def test_a_broad_kind_asked_of_what_is_shown_is_the_kind_its_entry_defines_it_as(
    question: str, title: str, text: str, answer: str
) -> None:
    assert _read_shown(question, title, text) == answer


@pytest.mark.parametrize(
    ("question", "text", "answer"),
    [
        # a region asked without a whole: the part of a place the entry names, as it writes it
        pytest.param(
            "This big spiny-crested lizard is native to which broad region?",
            "orla, Orla orla: large herbivorous tropical American arboreal lizards with a spiny crest",
            "tropical American",
            id="region",
        ),
        pytest.param(
            "Which part of Asia does this showy bird come from?",
            "kessa, bird of Tarn: very large terrestrial southeast Asian pheasant",
            "southeast Asian",
            id="region",
        ),
        pytest.param(
            "These birds live in the cold south. Of which regions in particular?",
            "tarnbird: short-legged flightless birds of cold southern especially Antarctic regions",
            "Antarctic regions",
            id="region",
        ),
        pytest.param(  # a demonym of the thing's own entry names the place
            "This big heron has bluish-grey feathers. It's a heron of which part of the world?",
            "kell heron: large American heron having bluish-grey plumage",
            "America",
            id="region",
        ),
        pytest.param(
            "Where does this clever ape live in the wild?",
            "kessa: intelligent somewhat arboreal ape of equatorial African forests",
            "equatorial African forests",
            id="region",
        ),
        # a word that describes what is shown: the describing word of its entry closest to what is asked
        pytest.param(
            "How would you describe the pace of this tree-dwelling marsupial?",
            "orla: sluggish tailless Australian arboreal marsupial with grey furry ears",
            "sluggish",
            id="describing-word",
        ),
        pytest.param(
            "What word describes the scent of this shrub grown for its purple flowers?",
            "orlaweed: any of various aromatic shrubs of Norland with purple flowers",
            "aromatic",
            id="describing-word",
        ),
        pytest.param(
            "Apart from spending time in trees, what quality is this ape noted for?",
            "kessa: intelligent somewhat arboreal ape of equatorial forests",
            "intelligent",
            id="describing-word",
        ),
        pytest.param(
            "Does this rodent live on land, in water, or both? Give the word that describes it.",
            "orla: large amphibious rodent of Norland with partly webbed feet",
            "amphibious",
            id="describing-word",
        ),
        # a yes-no question offering two words: the one the entry states
        pytest.param(
            "Is this pearly-shelled sea snail edible or poisonous?",
            "orla: any of various large edible sea snails",
            "edible",
            id="either-or",
        ),
        pytest.param(
            "Are this bird's legs long or short?",
            "orla: short-legged flightless birds of cold seas",
            "short",
            id="either-or",
        ),
        pytest.param(
            "Is this ox's coat short-haired or long-haired?",
            "orla: large long-haired wild ox of Tarn",
            "long-haired",
            id="either-or",
        ),
    ],
)
def test_a_one_hop_attribute_of_what_is_shown_is_read_in_the_words_of_its_own_entry(
    question: str, text: str, answer: str
) -> None:
    assert _read_shown(question, "Orla", f"Orla: {text}") == answer


@pytest.mark.parametrize(
    ("question", "identity"),
    [
        ("Which bird is this large web-footed wader, coloured anywhere from pink to scarlet?", True),
        ("Which celestial body is this, Norland's only natural satellite?", True),
        ("Which river is this bridge over?", False),  # a preposition left at the end asks another thing
        ("Which country is this coin from?", False),
        ("What shape is this bright red fruit?", False),  # a property
    ],
)
def test_which_kind_is_this_followed_by_a_description_asks_what_is_shown(
    question: str, identity: bool
) -> None:
    assert read_question(question).asks_identity == identity


def test_another_name_of_an_entity_the_question_names_answers_nothing() -> None:
    """The question gives Ursa Kellia; its entry's other name ("Great Kell") is the same constellation."""
    lines = [
        line("Great Kell", "Great Kell, Ursa Kellia: a constellation outside the zodiac near the pole star"),
        line("Orlo", "Orlo: a constellation in the northern hemisphere between Ursa Kellia and Tarn"),
    ]
    question = "This galaxy lies between Ursa Kellia and one other. Name that other constellation."
    assert best(question, lines, known=("Orlo",)) == "Tarn"


def test_a_name_in_a_phrase_before_the_question_is_no_apposition_and_the_bridge_stays() -> None:
    """ "On the far side from Tarn, which constellation borders the one where this galaxy lies?": Tarn is
    a peer of the answer, not an entity the question is about ("the capital of Orla, the country where …")."""
    shape = read_question(
        "On the far side from Tarn, which constellation borders the one where this galaxy lies?"
    )
    assert shape.subject == "" and shape.bridge == "constellation"
    assert read_question("What is the capital of Orla, the country where this bird lives?").subject == "Orla"


def test_what_a_thing_described_before_is_called_asks_that_thing_not_a_bridge() -> None:
    """ "Orla has a smooth basin in its north. What is that basin called?" asks the basin's name: it is no
    bridge to be set aside, and an entry merely named like it ("Tarn Basin") does not answer."""
    question = (
        "Orla has a smooth basin in its northern half that covers 40% of it. What is that basin called?"
    )
    assert read_question(question).bridge == ""
    lines = [
        "Question names: Orla (match 1.000)",
        "Orla: The smooth Kessa basin in the northern half covers 40% of the planet.",
        "Tarn Basin: Tarn Basin, Tarnbas: an industrial region in Norland",
    ]
    assert _read_record(question, *lines) == "Kessa"


def test_the_name_given_to_a_part_of_the_thing_shown_is_what_its_entry_calls_that_part() -> None:
    """Name of a part: "what name is given to the dark columns of gas in this nebula" asks the columns'
    name — no bridge to another entity, so the name the image's own entry calls them answers, over the
    constellation it lies in."""
    question = "What name is given to the dark columns of gas and dust in this nebula?"
    assert read_question(question).bridge == ""
    found = _read_record(
        question,
        "Image shows: Zell Nebula (match 0.980)",
        "Zell Nebula: Zell Nebula, Messier 99: a young open cluster inside an emission nebula in the"
        " constellation Orla; its dark columns of gas and dust are called the Towers of Dawn.",
        "Kess Nebula: Kess Nebula, Messier 98: a nebula in the constellation Tarn that dark lanes of dust"
        " divide into three lobes.",
    )
    assert found == "Towers of Dawn"


def test_a_place_named_by_a_demonym_is_read_from_an_adjective_not_from_a_name_ending_like_one() -> None:
    """ "large American heron" names America for "a heron of which part of the world"; "Piet Tarnian, a
    painter" names no "Tarnia"."""
    assert adjective_places("kell heron: large American heron having bluish-grey plumage") == ["America"]
    assert adjective_places("Tarnian, Piet Tarnian: a painter who lived in Kessa (1872-1944)") == []


@pytest.mark.parametrize(
    ("question", "text", "answer"),
    [
        # the part its entry describes with the question's own words
        (
            "Besides its coat, which part of this marsupial is grey and furry?",
            "orla: sluggish tailless arboreal marsupial with grey furry ears and coat",
            "ears",
        ),
        (
            "Apart from the neck, what else on this animal is very long?",
            "orla: tallest quadruped; having a spotted coat and small horns and very long neck and legs",
            "legs",
        ),
        # else the part closest in meaning to what is asked
        (
            "What's the outsized part of this fruit-eating bird's head?",
            "orla: brilliantly colored fruit-eating bird of Sudra having a very large thin-walled beak",
            "beak",
        ),
        (
            "What pattern marks this big cat's tawny coat?",
            "orla: large feline of forests in Tarn having a tawny coat with black stripes",
            "stripes",
        ),
    ],
)
def test_a_part_of_what_is_shown_asked_by_what_is_said_of_it_is_the_part_its_entry_names(
    question: str, text: str, answer: str
) -> None:
    assert _read_shown(question, "Orla", f"Orla: {text}") == answer


def test_a_part_of_the_world_is_no_part_of_the_thing_shown() -> None:
    """ "Which part of the world …" asks a place, even when the entry names the thing's plumage."""
    text = "Orla: kell heron: large American heron having bluish-grey plumage"
    assert _read_shown("It's a heron of which part of the world?", "Orla", text) == "America"


@pytest.mark.parametrize(
    ("question", "title", "text", "answer"),
    [
        # the number of a numbered name of what is shown, when a number is asked; by its catalogue's name, as
        # the catalogue is cited
        ("Under which number did Messier list this star-forming cloud?", "Orla Nebula", "Messier 17", "M"),
        ("What number does this galaxy carry in Messier's catalogue?", "Orla Galaxy", "Messier 82", "M"),
        # a number the question states, or offers beside the name asked first, is no number asked
        (
            "Which supernova remnant, number one in Messier's catalogue, is this?",
            "Orla Nebula",
            "Messier 1",
            "Orla Nebula",
        ),
        ("What's the M-number of the spiral galaxy shown here?", "Messier 83", "Kell's Galaxy", "83"),
        ("What number appears in this fighter jet's F- designation?", "Lockmart F-31 Kestrel", "F-31", "31"),
        ("Which number comes after the name of this deep-space probe?", "Seeker 4", "Seeker-4", "4"),
        # the whole numbered name, when a designation or a catalogue entry is asked
        (
            "Which entry in Messier's catalogue is this supernova remnant?",
            "Orla Nebula",
            "Messier 9",
            "Messier 9",
        ),
        (
            "Charles Messier listed this galaxy too - under what designation?",
            "Orla Galaxy",
            "Messier 64",
            "Messier 64",
        ),
        # the name with the word the question asks for
        (
            "Which galaxy am I looking at here, by its Messier name?",
            "Orla Galaxy",
            "Messier 64",
            "Messier 64",
        ),
        (
            "It isn't really a bear, yet its names call it one. Which 'bear' is this?",
            "orla",
            "orla bear",
            "orla bear",
        ),
        ("Which name with 'Kellian' in it does this deer go by?", "wapito", "Kellian elk", "N"),
    ],
)
def test_a_numbered_name_or_a_name_with_a_given_word_is_read_from_the_names_of_what_is_shown(
    question: str, title: str, text: str, answer: str
) -> None:
    """`answer` is the number asked, or "M"/"N" when the name given as `text` is the whole answer."""
    entry = f"{title}, {text}: a thing of the Tarn sky, first listed in 1781 as the ninth of its kind"
    assert _read_shown(question, title, entry) == (text if answer in ("M", "N") else answer)


def test_a_catalogue_number_offered_beside_the_name_asked_first_asks_no_number() -> None:
    shape = read_question("Which face-on spiral galaxy is this? Give its common name or catalogue number.")
    assert shape.numbered == "" and shape.type_noun == "galaxy"
    assert read_question("Which galaxy is this? Give its catalogue number.").numbered == "number"


def test_a_rank_asked_as_a_number_of_a_thing_with_no_numbered_name_is_still_a_rank() -> None:
    text = "Orla: the fourth planet from the sun Kell; has two small moons"
    assert (
        _read_shown("Counting outward from its star, what number does this planet have?", "Orla", text)
        == "fourth"
    )


@pytest.mark.parametrize(
    "question",
    [
        "Orland's capital is one of Tarn's busiest ports. Which city is it?",
        "Poets made their home in Orland's capital by the sea. What city is it?",
        "The capital of Orland lies in the far south of the country. What is it called?",
    ],
)
def test_what_it_is_asks_the_thing_an_earlier_sentence_names_by_its_relation_to_a_named_entity(
    question: str,
) -> None:
    record = [
        "Question names: Orland (match 1.000)",
        "Orland: Orland, Republic of Orland: a country in southern Tarn on the Kell Sea",
        "Kellport: Kellport: the capital of Orland; a port on the Kell Sea",
        "Vesta: Vesta: a port city of Orland famous for its glass",
    ]
    assert _read_record(question, *record) == "Kellport"


@pytest.mark.parametrize(
    "question",
    [
        "Orland's national bird nests on cliffs. Which bird is it in this picture?",
        # a part of a named thing is no relation to it: "that" is the shape the sentence describes
        "Look below the last star of Orlo's belt: the dark shape resembles a knight. Which nebula is that?",
    ],
)
def test_what_it_is_still_asks_what_is_shown_when_the_question_points_at_it_or_names_no_relation(
    question: str,
) -> None:
    assert read_question(question).text == question


@pytest.mark.parametrize(
    "question",
    [
        "This ape lives in equatorial forests of a continent. Which continent is directly north of it?",
        "This ape is found on one continent only. Which continent lies just north of that one?",
    ],
)
def test_it_of_the_kind_asked_named_before_is_a_bridge_not_the_answer(question: str) -> None:
    record = [
        "Image shows: orla (match 0.900)",
        "orla: orla: an ape of the equatorial forests of Tarnia",
        "Tarnia: Tarnia: the second largest continent; lies to the south of Kellia",
        "Kellia: Kellia: a continent directly north of Tarnia",
    ]
    assert _read_record(question, *record) == "Kellia"


def test_a_name_of_several_words_set_aside_is_not_the_other_name() -> None:
    text = "orla oak, orla tree, holly-leaved oak, Quercus orla: evergreen oak of southern Tarn"
    question = "Besides 'orla oak', what is this evergreen also called?"
    assert _read_shown(question, "Quercus orla", f"An orla oak. {text}") == "orla tree"


@pytest.mark.parametrize(
    "question",
    [
        "Which Tarnish god matches Orlo, the Kellish god of war?",
        "Orlo is the Kellish god of war. Who's his Tarnish counterpart?",
        "The flame is sacred to Orlo. Which Tarnish god is Orlo the counterpart of?",
    ],
)
def test_a_counterpart_in_another_mythology_is_asked_of_the_god_named_not_of_a_demonym(question: str) -> None:
    candidates = [
        _candidate("t1", "Tarnish", "Tarnish: the language of the Tarns"),
        _candidate(
            "t2", "Orlo", "Orlo: (Kellish mythology) Kellish god of war; counterpart of Tarnish Varos"
        ),
        _candidate(
            "t3", "Varos", "Varos: (Tarnish mythology) Tarnish god of war; identified with Kellish Orlo"
        ),
    ]
    guess = named_guess(read_question(question), candidates, 0.3)
    assert guess is not None and guess.title == "Orlo"
    record = ["Question names: Orlo (match 1.000)", *(f"{c['title']}: {c['text']}" for c in candidates)]
    assert _read_record(question, *record) == "Varos"


@pytest.mark.parametrize(
    ("question", "text", "answer"),
    [
        pytest.param(
            "Along with its very long legs, what other long body part marks out this spotted animal?",
            "orla: tallest quadruped; having a spotted coat and small horns and very long neck and legs",
            "neck",
            id="body-part",
        ),
        pytest.param(  # "also known for" asks a feature, not another name
            "Fish of this family have powerful teeth. What fleshy feature are they also known for?",
            "orla: chiefly tropical marine fishes with fleshy lips and powerful teeth; brightly colored",
            "lips",
            id="feature-known-for",
        ),
        pytest.param(
            "Why is this little fish named after a horse - which part of it looks like one?",
            "orla: small fish with horse-like heads bent sharply downward and curled tails",
            "heads",
            id="part-named-after",
        ),
        pytest.param(
            "How are this Kellish runner's feet built?",
            "orla: tall fast-running flightless bird similar to ostriches but three-toed; found in Tarn",
            "three-toed",
            id="feet-by-toes",
        ),
        pytest.param(
            "This big flightless runner has an unusual number of toes. How are its feet described?",
            "orla: fast-running Tarnish flightless bird with two-toed feet; largest living bird",
            "two-toed",
            id="feet-described",
        ),
        pytest.param(
            "It can't fly, but what is this big Tarnish bird good at?",
            "orla: fast-running Tarnish flightless bird with two-toed feet; largest living bird",
            "fast-running",
            id="good-at",
        ),
        pytest.param(
            "This big rodent lives both on land and in the water. What's the word for an animal like that?",
            "orla: pig-sized tailless Kellish rodent; amphibious and gregarious; the largest living rodent",
            "amphibious",
            id="word-for",
        ),
    ],
)
def test_a_part_its_look_or_a_doing_word_of_what_is_shown_is_read_from_its_own_entry(
    question: str, text: str, answer: str
) -> None:
    """ "What other long body part …", "what fleshy feature are they also known for?" (no other name),
    "which part of it looks like a horse?": a part its entry names; "how are its feet built?": their look,
    by their toes too ("three-toed"); "what is it good at?": a doing word ("fast-running"); "what's the
    word for an animal like that?": a describing word."""
    assert _read_shown(question, "Orla", f"Orla: {text}") == answer


def test_it_as_the_subject_of_the_asking_sentence_is_the_name_the_sentence_before_opens_with() -> None:
    """ "Orlavia lies on the same continent as this ape's forests. In which year did it gain independence
    from Tarnia?": "it" is Orlavia, which anchors over the ape the image shows."""
    question = (
        "Orlavia lies on the same continent as this ape's forests. In which year did it gain independence "
        "from Tarnia?"
    )
    shape = read_question(question)
    assert shape.subject == "Orlavia"
    candidates = [
        _candidate("t1", "Angova", "Angova: a republic of Kellia; achieved independence from Tarnia in 1975"),
        _candidate(
            "t2", "Orlavia", "Orlavia: a country of Kellia; achieved independence from Tarnia in 1993"
        ),
    ]
    guess = named_guess(shape, candidates, 0.83)
    assert guess is not None and guess.title == "Orlavia"


@pytest.mark.parametrize(
    ("question", "anchored"),
    [
        (
            "She was one of the first coders of an early computer named after a university. "
            "In which US state is that university?",
            False,
        ),
        ("In which US state is the capital Dornville?", True),
    ],
)
def test_a_name_qualifying_the_asked_kind_anchors_no_question_about_a_bridge(
    question: str, anchored: bool
) -> None:
    """ "In which US state is that university?": the name before the asked kind says what kind of answer is
    wanted; the question is about the university its description leads to, so the name's own entry does not
    take over from the image. A question with no bridge is still anchored on what it names."""
    candidates = [
        _candidate("t1", "United States", "United States, US, USA: North American republic of 50 states")
    ]
    guess = named_guess(read_question(question), candidates, 0.85)
    assert (guess is not None) == anchored


def test_what_it_is_called_asks_the_thing_a_sentence_introduces_with_there_is() -> None:
    question = (
        "Off the coast of this little monkey's home continent there's a Pacific island group known for its "
        "unusual animal life. What is it called?"
    )
    record = [
        "Image shows: Orla tamarin (match 0.900)",
        "Orla tamarin: orla tamarin: a small long-tailed monkey of the forests of Tarnia",
        "Tarnia: Tarnia: a continent of the western hemisphere between the Kell Ocean and the Pacific",
        "Vessa Islands: Vessa Islands: a Pacific island group off Tarnia known for its unusual animal life",
    ]
    assert _read_record(question, *record) == "Vessa Islands"


def test_a_numbered_name_the_question_already_calls_the_thing_by_is_not_the_designation_asked() -> None:
    text = "A tough carrier like this M-3 Orla Fighting Vehicle gets you to battle, and then it joins in!"
    question = "What model designation does this Orla Fighting Vehicle carry?"
    assert _read_shown(question, "M2 Orla", text) == "M-3"


def test_a_count_written_with_a_thousands_separator_counts_the_noun_after_it() -> None:
    """ "more than 3,000 islands" counts islands as "55 islands" does, so the bridge's own count wins over a
    count in a lighter line."""
    lines = [
        line("Orla", "Orla, Orla Archipelago: a string of more than 3,000 islands east of Tarn"),
        line("Kell Islands", "Kell Islands: a chain of 55 islands to the southwest of Orla", weight=0.9),
    ]
    assert best("Roughly how many islands make up the archipelago of that country?", lines) == "3,000"


def test_a_fronted_phrase_with_its_preposition_leads_up_to_the_answer() -> None:
    """ "At the northern border of which country does that region end?" — "… to the northern border of
    Orlandia", over a country whose own entry says it is one but not where the region ends."""
    lines = [
        line(
            "Kellia",
            "Kellia: the isthmus from the southern border of Tarnia to the northern border of Orlandia",
            0.8,
        ),
        line(
            "Vessia", "Vessia, Vessian Republic: a republic in southern Suda; second largest country of Suda"
        ),
    ]
    question = (
        "This bird lives in an isthmus region. At the northern border of which country does that region end?"
    )
    assert best(question, lines) == "Orlandia"


@pytest.mark.parametrize(
    "question",
    [
        pytest.param("Which two constellations lie near the one holding this nebula?", id="which-two"),
        pytest.param("This nebula's constellation lies between which two others?", id="between-which-two"),
        pytest.param(
            "Can you name the two constellations near the one holding this nebula?", id="name-the-two"
        ),
        pytest.param("Which constellations lie near the one holding this nebula?", id="plural-kind"),
    ],
)
def test_a_question_asking_two_things_takes_the_names_a_line_lists_together(question: str) -> None:
    """Of the lines that list names together, the one whose weakest member is a good candidate answers:
    not "Orla and Tarnis", where Orla is the bridge, the image's own constellation."""
    record = [
        "Image shows: Kell Nebula (match 0.900)",
        "Kell Nebula: Kell Nebula: a faint emission nebula in the constellation Orla",
        "Orla: Orla: a faint constellation in the northern hemisphere near Vessa and Tarnia Major",
        "Dumara: Dumara: a small constellation between Orla and Tarnis",
    ]
    assert read_question(question).asks_several
    assert _read_record(question, *record) == "Vessa and Tarnia Major"


@pytest.mark.parametrize(
    "question",
    [
        "Which constellation lies near the one holding this nebula?",
        "Which is the brighter of the two stars of Orla?",
        "How many constellations lie near Orla?",
    ],
)
def test_a_question_asking_one_thing_is_not_read_as_asking_two(question: str) -> None:
    assert not read_question(question).asks_several


@pytest.mark.parametrize(
    "question",
    [
        pytest.param("What was Ada Varn's occupation?", id="possessed-occupation"),
        pytest.param("What was Ada Varn, who was born in Tarnia, by profession?", id="by-profession"),
    ],
)
def test_the_occupation_of_a_named_person_is_the_head_of_the_definition_of_their_entry(question: str) -> None:
    """Of several entries under one name, the one whose own names the question writes out answers, and
    neither a parenthesis nor a life range is the head."""
    record = [
        "Question names: Varn (match 1.000)",
        "Varn: Varn, Varn River: a river of Tarnia; flows north into the Kell Sea",
        "Varn: Varn, Ada Varn, Adela Varn: Orlan naturalist (born in Tarnia) (1841-1922)",
    ]
    assert _read_record(question, *record) == "naturalist"


def test_where_a_thing_goes_by_a_given_name_is_the_place_after_that_name_in_its_entry() -> None:
    """ "called `reindeer' in Eurasia and `caribou' in North America": a gloss's quoted word leads up, over
    a place whose name says its kind."""
    text = "Arctic deer with broad antlers; called `varnel' in Tarnia and `orlok' in North America"
    assert _read_shown("Where is this deer called varnel?", "orlok", text) == "Tarnia"


def test_a_name_beside_the_answer_does_not_anchor_a_question_that_points_at_the_image() -> None:
    """ "… lies between the Kell Sea and which other ocean?": the Kell Sea is the answer's partner, not the
    subject; the image's entity anchors even on a weak image match."""
    question = "The continent this spiny animal is native to lies between the Kell Sea and which other ocean?"
    candidates = [_candidate("t1", "Kell Sea", "Kell Sea: that part of the Vessa Ocean to the south of Orla")]
    assert named_guess(read_question(question), candidates, 0.55) is None


def test_a_name_set_aside_in_a_later_sentence_asks_no_other_name() -> None:
    question = (
        "One of the places this deer's name comes from is the world's largest island. Besides the Kell "
        "Sea, which ocean does that island lie next to?"
    )
    shape = read_question(question)
    assert shape.name_asked is None and shape.type_noun == "ocean"


@pytest.mark.parametrize(
    "question",
    [
        pytest.param("Which galaxy do we see edge-on here?", id="do-we-see-here"),
        pytest.param("What animal can you see in this photo?", id="can-you-see-in-this-photo"),
        pytest.param("Which nebula does this image show?", id="does-this-image-show"),
        pytest.param("Which galaxy, seen edge-on, does this picture show?", id="described-then-show"),
    ],
)
def test_what_we_see_or_what_the_picture_shows_asks_what_is_shown(question: str) -> None:
    assert read_question(question).asks_identity


@pytest.mark.parametrize(
    "question",
    ["What country do we see this bird in?", "Which constellation can you see it in?"],
)
def test_where_we_see_the_thing_shown_asks_another_thing(question: str) -> None:
    assert not read_question(question).asks_identity


def test_what_owns_the_thing_the_question_names_is_the_word_before_it_in_the_entry() -> None:
    """ "… the leaves and bark of which tree?" — "feeds on orlwood leaves and bark", over a place name."""
    text = "sluggish tailless Tarnian marsupial that feeds on orlwood leaves and bark"
    question = "This marsupial feeds on the leaves and bark of which tree?"
    assert _read_shown(question, "vessa", text) == "orlwood"


def test_what_the_entry_says_the_owned_thing_is_of_is_the_owner_not_the_word_before_it() -> None:
    """ "… an inlet of which sea?" — "a shallow inlet of the Kell Sea": the sea, not "shallow"."""
    record = [
        "Question names: Gulf of Orla (match 1.000)",
        "Gulf of Orla: Gulf of Orla: a shallow inlet of the Kell Sea in northern Tarnia",
    ]
    assert (
        _read_record("The Gulf of Orla in northern Tarnia is an inlet of which sea?", *record) == "Kell Sea"
    )


def test_the_doer_of_a_kind_asked_by_its_verb_is_read_from_the_verb_in_the_entry() -> None:
    """ "What kind of object spins at the heart of this nebula?" — "a magnetar spins at its centre"."""
    text = "the remnant of a supernova, lying in the constellation Orla; a magnetar spins at its centre"
    question = "What kind of object spins at the heart of this nebula?"
    assert read_question(question).acting == "spin"
    assert _read_shown(question, "Kell Nebula", text) == "magnetar"


@pytest.mark.parametrize(
    ("question", "record", "answer"),
    [
        pytest.param(
            "What's the full official name of the nation whose south-west is home to this little wallaby?",
            [
                "Image shows: Orla wallaby (match 0.900)",
                "Orla wallaby: Orla wallaby: small wallaby of south-western Tarnia",
                "Tarnia: Tarnia, Commonwealth of Tarnia, Tarnie: a nation occupying the Tarnian continent",
            ],
            "Commonwealth of Tarnia",
            id="official-name-of-a-bridge",
        ),
        pytest.param(
            "Can you tell me the full name of the general that this armoured vehicle is named after?",
            [
                "Image shows: M4 Vessel (match 0.900)",
                "M4 Vessel: M4 Vessel, Vessel Fighting Vehicle: an armoured carrier named after a general",
                "Vessel: Vessel, Tom Vessel, Thomas Alan Vessel Kerr: Tarnian politician and mayor",
                "Vessel: Vessel, Ada Vessel, Ada Mara Vessel: Tarnian general in the Orlan War",
            ],
            "Ada Mara Vessel",
            id="full-name-of-the-entry-of-the-kind-described",
        ),
    ],
)
def test_a_full_or_official_name_is_the_longest_name_the_entry_of_the_thing_asked_lists(
    question: str, record: list[str], answer: str
) -> None:
    assert _read_record(question, *record) == answer


def test_a_full_name_in_a_description_asks_for_no_name() -> None:
    question = (
        "Think of the constellation that gives this cluster its full name. Is it a large or a small one?"
    )
    assert read_question(question).name_asked is None


@pytest.mark.parametrize(
    "question",
    [
        "This bird ranges down to a region in the far south. In what part of which continent does it lie?",
        "The bird lives in one region. Which part of the continent is that region in?",
    ],
)
def test_what_part_of_an_unnamed_region_takes_the_part_the_entry_names(question: str) -> None:
    """ "region in southern Tarnia": the part, not the whole region the part phrase holds."""
    record = [
        "Image shows: Orla rhea (match 0.900)",
        "Orla rhea: Orla rhea: a flightless bird ranging from Kellia to Vessa",
        "Vessa: Vessa: region in southern Tarnia between the Orla Mountains and the Kell Sea",
    ]
    assert _read_record(question, *record) == "southern Tarnia"


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        pytest.param(
            "Is the constellation where this ring sits a big one or a small one?", "small", id="one-or-one"
        ),
        pytest.param(
            "This cloud lies in a constellation. Is it a large or a small constellation?",
            "small",
            id="kind-after",
        ),
        pytest.param(
            "Is the constellation it lies in described as bright or faint?", "faint", id="two-words"
        ),
        pytest.param(
            "Is the constellation of this ring a northern or a southern sky constellation?",
            "northern",
            id="two-word-kind",
        ),
    ],
)
def test_two_describing_words_offered_are_answered_by_the_one_the_bridge_entry_states(
    question: str, answer: str
) -> None:
    record = [
        "Image shows: Kell Ring (match 0.900)",
        "Kell Ring: Kell Ring: a planetary nebula in the constellation Orla",
        "Orla: Orla: a small faint constellation in the northern hemisphere near Vessa and Tarn",
    ]
    assert _read_record(question, *record) == answer


@pytest.mark.parametrize(
    "question", ["Nox was the goddess of night. Whose daughter was she?", "Who was Nox's father?"]
)
def test_a_parent_asked_is_the_one_the_entry_says_the_named_person_is_the_child_of(question: str) -> None:
    record = [
        "Question names: Nox (match 1.000)",
        "Nox: Nox, Night: Orlan goddess of night; daughter of Erebo; counterpart of Greek Nyxa",
        "Nyxa: Nyxa: Greek goddess of the night; daughter of Kaos; counterpart of Orlan Nox",
    ]
    assert _read_record(question, *record) == "Erebo"


@pytest.mark.parametrize(
    "question",
    [
        "Between which dates is the sun in the star sign named after this nebula's constellation?",
        "What's the date range for the sign named like the constellation this galaxy is in?",
        "This cluster's constellation names a star sign. Over what span of dates does the sun stay in it?",
    ],
)
def test_a_range_of_dates_asked_is_answered_whole(question: str) -> None:
    record = [
        "Image shows: Kell Cluster (match 0.900)",
        "Kell Cluster: Kell Cluster: an open cluster in the constellation Orla",
        "Orla: Orla, Orla the Crab: the fourth sign; the sun is in this sign from about June 21 to July 22",
    ]
    assert _read_record(question, *record) == "June 21 to July 22"


def test_an_entry_answers_by_the_name_the_other_entries_call_it() -> None:
    """ "In which constellation …" — the entry "Tall Ox, Orla Maxa: a constellation …" answers "Orla
    Maxa" when the other lines' prose says "in the constellation Orla Maxa": the common name, not the
    entry's first."""
    record = [
        "Question names: Ox Dipper (match 1.000)",
        "Ox Dipper: Ox Dipper, Plough: a group of seven bright stars in the constellation Orla Maxa",
        "Kell Galaxy: Kell Galaxy: a spiral galaxy in the constellation Orla Maxa",
        "Tall Ox: Tall Ox, Orla Maxa: a constellation outside the zodiac that turns around the pole star",
    ]
    question = "In which constellation are the Ox Dipper's seven stars?"
    assert _read_record(question, *record) == "Orla Maxa"


def test_an_entry_named_alike_elsewhere_answers_by_its_first_name() -> None:
    record = [
        "Image shows: Kell Galaxy (match 0.900)",
        "Kell Galaxy: Kell Galaxy: a spiral galaxy in the constellation Tall Ox",
        "Tall Ox: Tall Ox, Orla Maxa: a constellation outside the zodiac that turns around the pole star",
    ]
    assert _read_record("In which constellation is this galaxy?", *record) == "Tall Ox"


def test_a_rulers_regnal_number_stays_with_the_name_answered() -> None:
    """ "Orlan statesman under Aldo III" with "Aldo, Aldo III: King of Tarnia …" among the lines: the
    entry's first name is "Aldo", but the answer is the ruler, "Aldo III"."""
    record = [
        "Question names: Lord Vessa (match 1.000)",
        "Vessa: Vessa, Lord Vessa: Orlan statesman under Aldo III whose policies lost the colonies",
        "Aldo: Aldo, Aldo III: King of Tarnia and Orla from 1760 to 1820",
    ]
    assert _read_record("Lord Vessa was a statesman under which king?", *record) == "Aldo III"


def test_a_name_joined_by_of_keeps_the_demonym_it_opens_with() -> None:
    assert names_in("a leader who was president of the American Federation of Orlan Labor")[-1] == (
        "American Federation of Orlan Labor"
    )
    assert names_in("the French Impressionist Ada Varn")[-1] == "Ada Varn"


def test_a_rank_among_the_superlative_named_is_by_that_dimension() -> None:
    assert (
        read_question("How does Orla rank among the brightest objects in the night sky?").rank_by
        == "brightest"
    )


def test_what_a_named_person_was_a_holder_of_is_the_word_before_it_in_their_entry() -> None:
    """ "a tycoon in which industry?" — "Tarnian railroad tycoon"."""
    record = [
        "Question names: Ada Varn (match 1.000)",
        "Varn: Varn, Ada Varn: Tarnian railroad tycoon (1838-1916)",
    ]
    assert _read_record("Ada Varn was a tycoon in which industry?", *record) == "railroad"


def test_a_name_stated_before_a_question_about_something_else_asks_no_name() -> None:
    question = "The orlok is sometimes called a sea horse too. What are its tusks made of?"
    assert read_question(question).name_asked is None
    assert read_question("This animal is sometimes called a sea horse. Which one?").name_asked is not None


@pytest.mark.parametrize(
    "question",
    [
        "This coin comes from a country. Which city ranks second in size in that country?",
        "This coin comes from a country. What is the second largest city of that country?",
    ],
)
def test_a_rank_below_the_top_asked_is_the_entry_that_states_that_rank_not_the_top(question: str) -> None:
    """ "ranks second in size" — "second largest city of Varnia", not "the capital and largest city"."""
    found = _read_record(
        question,
        "Image shows: Tarn coin (match 0.900)",
        "Tarn coin: Tarn coin: an old silver coin of Varnia",
        "Tarvo: Tarvo: the capital and largest city of Varnia",
        "Pellos: Pellos: a port city in northern Varnia on the Gulf of Orl; second largest city of Varnia",
    )
    assert found == "Pellos"


def test_a_word_the_question_gives_in_the_plural_is_no_answer() -> None:
    """ "… Europeans founded …" — "European" in "the oldest European settlement" is the question's own
    word."""
    found = _read_record(
        "The oldest settlement Europeans founded on the continent this bird calls home is a port. Name it.",
        "Image shows: Tarn bird (match 0.900)",
        "Tarn bird: Tarn bird: a small bird of Ostralia",
        "Pellos: Pellos: a port city in northern Varnia; founded in 1523, it is the oldest European "
        "settlement in Ostralia",
    )
    assert found == "Pellos"


def test_a_direction_asked_is_the_compass_point_the_entry_states() -> None:
    found = _read_record(
        "Apart from Ostralia, animals like this one also live on a big island. In which direction from "
        "Ostralia does that island lie?",
        "Image shows: Tarnu (match 0.900)",
        "Tarnu: Tarnu: a marsupial of Ostralia and Velmar",
        "Velmar: Velmar: an island in the Zell Sea to the north of Ostralia; the 2nd largest island",
    )
    assert found == "north"


@pytest.mark.parametrize(
    "question",
    [
        "This lunar craft carries the name of a god. Besides music, prophecy and healing, which art was "
        "he the god of?",
        "The god this lunar craft is named after looked after light, prophecy, music and healing. Which "
        "art was also in his care?",
    ],
)
def test_more_of_a_list_the_question_gives_is_what_the_entry_lists_with_it(question: str) -> None:
    found = _read_record(
        question,
        "Image shows: Orla lander (match 0.900)",
        "Orla lander: Orla lander: a lunar lander named after Orla",
        "Orla: Orla: (Tarnian mythology) god of light; god of prophecy and poetry and music and healing",
    )
    assert found == "poetry"


def test_a_list_that_only_describes_the_thing_shown_sets_nothing_aside() -> None:
    shape = read_question("The city where these lakes and palaces stand is the capital of which state?")
    assert listed_besides(shape, "a vast ensemble of lakes, gardens and palaces in Tarvo") == []


@pytest.mark.parametrize(
    ("question", "entry", "answer"),
    [
        (
            "What are the rings surrounding the planet Orla made of?",
            "Orla: Orla: a giant planet that is surrounded by three planar concentric rings of ice particles",
            "ice particles",
        ),
        (
            "What is the Varn belt that surrounds the Earth made of?",
            "Varn: Varn, Ada Varn: Tarnian physicist who discovered two belts of charged particles",
            "charged particles",
        ),
        ("What are its tusks made of?", "Orlok: Orlok: a large marine mammal having ivory tusks", "ivory"),
    ],
)
def test_what_a_thing_is_made_of_is_what_the_entry_says_it_is_of(
    question: str, entry: str, answer: str
) -> None:
    """ "rings of ice particles", "belts of charged particles", "having ivory tusks" — not a name."""
    title = entry.split(":")[0]
    assert _read_record(question, f"Question names: {title} (match 1.000)", entry) == answer


@pytest.mark.parametrize(
    "question",
    [
        "Those scattered stars form a well-known open cluster. What do astronomers call it?",
        "What do you call the stone figure standing in this photo?",
        "What do you call a stone figure like the one in this photo?",
        "Could you name the strong Italian-style brew served here?",
        "Could you name the cultivar of the apple in this picture?",
        "The dark columns in this cloud are famous. Which nebula are we looking at?",
        "Dark lanes split this glowing cloud into three parts. What is the cloud called?",
        "This big face-on spiral carries Messier number 101. What's its common name?",
        "This galaxy has a little partner. By what popular name is it known?",
        "Astronomers named this galaxy after a kind of hat. What's the name?",
        "What species of lizard do we have here?",
        "This tall wader has bluish-grey plumage. Exactly which heron is it?",
        "Which member of our Local Group of galaxies is pictured here?",
        # what singles the thing out, at length, before "is shown here" / "are we looking at"
        "Which horned antelope species from the dry plains of southern Varnia is shown here?",
        "Which barred spiral galaxy in Kell Minor, seen face-on, are we looking at?",
        "Which barred spiral galaxy, seen face-on in Kell Minor, is in this picture?",
        "Which early astronomer and Navy officer is the person in this photograph?",
        "Which famous Kessa landmark of lakes, gardens and palaces is this?",
        "Which Kessa landmark, with lakes, gardens and palaces, was this photo taken at?",
        "Which launch vehicle is shown on the pad here?",
        "This canvas hangs in a museum in Kessa. Which of Tarn's paintings is it?",
        "Which of Norland's two Kell deep-space probes is this one?",
    ],
)
def test_naming_what_is_shown_in_other_words_asks_what_it_is(question: str) -> None:
    assert read_question(question).answer_type == "identity"


@pytest.mark.parametrize(
    "question",
    [
        "What do you call the capital of the country where this bird lives?",
        "What is the capital of the country in this picture?",
        "What is the capital of the country whose wild dog is shown in this picture?",
        "In 2016 this rocket lifted off from a sandy cape on the Kell coast. Which state is that cape off?",
    ],
)
def test_naming_something_else_than_what_is_shown_is_no_identity_question(question: str) -> None:
    assert read_question(question).answer_type != "identity"


def test_a_later_clause_of_a_gloss_that_ranks_the_entry_gives_it_another_kind() -> None:
    assert kind_words("Pell Island: an island in the Gulf of Orl; the smallest province of Varnia") == {
        "island",
        "province",
    }
    assert kind_words("Tarvo: a town; the west coast town of Varnia") == {"town"}  # "west" is no superlative


def test_a_superlative_asked_is_read_from_the_one_entry_of_the_kind_that_states_it() -> None:
    """ "Which of that country's provinces is the smallest?" — not a province whose entry states no size,
    though more of them lie on the chain and the plural "provinces" is the kind's own word."""
    found = _read_record(
        "Stone figures like this one were raised across a big northern country. Which of that country's "
        "provinces is the smallest?",
        "Image shows: Orl figure (match 0.900)",
        "Orl figure: Orl figure: a stone landmark raised by the Tarni of Varnia",
        "Belmont: Belmont: a province in western Varnia",
        "Kessa: Kessa: one of the three prairie provinces in western Varnia",
        "Pell Island: Pell Island: an island in the Gulf of Orl; the smallest province of Varnia",
    )
    assert found == "Pell Island"


def test_a_record_weighs_a_sentence_stating_the_asked_superlative_above_its_peers() -> None:
    weights = superlative_weights(
        ["provinces", "smallest"], ["the smallest province of Varnia", "a province in western Varnia"]
    )
    assert weights[0] > weights[1] == 1.0


def test_an_entity_the_question_describes_in_words_is_weighed_like_a_link_of_the_chain() -> None:
    """ "A Tarnian admiral led expeditions to explore the frozen land these birds come from. What year was
    he born?" — the admiral's entry shares the question's rare words ("admiral", "expeditions") though no
    name ties it to the bird; an explorer who shares only the common ones stays off the chain."""
    question = read_question(
        "A Tarnian admiral led expeditions to explore the frozen land these birds come from. "
        "What year was he born?"
    )
    entries = [
        ("Orl penguin", "Orl penguin: a small penguin of the cold southern seas around Kessland"),
        ("Kessland", "Kessland: the frozen land around the south pole"),
        (
            "Varn",
            "Varn, Admiral Varn: Tarnian naval officer; led expeditions to explore Kessland (1888-1957)",
        ),
        ("Pell", "Pell: explorer who led expeditions to explore the north (1800-1862)"),
        ("Dorn", "Dorn: explorer of the north"),
        ("Ostra", "Ostra: explorer of the tropics"),
    ]
    chain = Chain.build("Orl penguin", entries, question)
    assert chain.place("Varn", entries[2][1]) == "described"
    assert chain.place("Pell", entries[3][1]) != "described"
    assert chain.weight("Varn", entries[2][1]) > chain.weight("Pell", entries[3][1])


def test_an_entity_described_only_by_the_words_every_entry_shares_is_not_described() -> None:
    question = read_question("How many light years from Earth is the brightest star near this nebula?")
    entries = [
        ("Orla Nebula", "Orla Nebula: a nebula in Tarn"),
        ("Vell", "Vell: the brightest star in Tarn; 25 light years from Earth"),
        ("Kess", "Kess: the brightest star in Varn; 80 light years from Earth"),
    ]
    chain = Chain.build("Orla Nebula", entries, question)
    assert chain.place("Kess", entries[2][1]) == "off"


def test_a_name_the_question_gives_by_its_definition_is_the_entry_so_defined() -> None:
    """ "What do astronomers call an asteroid whose orbit crosses the Earth's orbit?" — the entry whose
    definition the question restates, over a phrase its verb leads up to elsewhere."""
    found = _read_record(
        "What do astronomers call an asteroid whose orbit crosses the orbit of Tarn?",
        "Question names: Tarn (match 1.000)",
        "Vell: It orbits Tarn once in about 88 days.",
        "Orl asteroid: Orl asteroid: an asteroid whose orbit crosses the orbit of Tarn",
    )
    assert found == "Orl asteroid"


def test_a_kind_whose_name_is_that_kind_of_a_country_is_not_the_country() -> None:
    """ "Into which gulf does the Orl river empty?" — "the Gulf of Varnia" names a gulf; it does not say
    Varnia is one."""
    found = _read_record(
        "After it passes Kell, into which gulf does the Orl empty?",
        "Question names: Orl (match 1.000)",
        "Orl: Orl: a river in Varnia; flows southward past Kell and empties into the Gulf of Varnia",
        "Varnia: Varnia: a kingdom of southeastern Tarn",
    )
    assert found == "Gulf of Varnia"


def test_a_reverse_link_reads_a_chain_name_of_several_words_after_an_adjective() -> None:
    """ "an arm of the southern Varn Ocean" ties the sea to the Varn Ocean as much as "an arm of the Varn
    Ocean" does; the question's own "southern" then tells them apart."""
    found = _read_record(
        "This small seabird lives near the pole. Which arm of the southern Varn Ocean reaches into the "
        "frozen continent down there?",
        "Question names: Varn Ocean (match 1.000)",
        "Kell Sea: Kell Sea: an arm of the southern Varn Ocean in Orlandia",
        "Tarn Sea: Tarn Sea: a tropical arm of the Varn Ocean near southeastern Ostra",
    )
    assert found == "Kell Sea"


@pytest.mark.parametrize(
    ("question", "place"),
    [
        ("Where does the active volcano Orl stand?", "eastern Varnia"),  # the part its entry names
        ("In which country does the active volcano Orl stand?", "Varnia"),
    ],
)
def test_a_place_after_in_and_a_compass_adjective_is_where_a_named_thing_stands(
    question: str, place: str
) -> None:
    found = _read_record(
        question,
        "Question names: Orl (match 1.000)",
        "Orl: Orl: an active volcano in eastern Varnia",
        "Kell: Kell, Lake Kell: a lake in the mountains of central Tarn between Varnia and Ostra",
    )
    assert found == place


def test_a_scientific_name_is_not_a_common_name_opening_with_a_demonym() -> None:
    found = _read_record(
        "What's this deer's Latin binomial?",
        "Image shows: Orl deer (match 0.900)",
        "Orl deer: Orl deer, Tarnian elk, Cervus orlensis: large deer of Tarn",
    )
    assert found == "Cervus orlensis"


def test_a_phrase_led_up_to_by_the_questions_words_does_not_open_with_a_pronoun_or_of() -> None:
    shape = read_question("The physicist Ada Varn is remembered for discovering what?")
    assert trim(shape, "of the Varn effect") == "the Varn effect"


@pytest.mark.parametrize(
    "question",
    [
        "What's this white, sure-footed climber called?",
        "What animal with black-and-white stripes has been drawn here?",
        "Tell me what this long-legged pink wader is called.",
        "Which little monkey, the one with the long white moustache, is this?",
        "That's a rhino, sure, but which species exactly?",
        "What do Tarnians call this chunky, plant-eating digger?",
        "Which galaxy is in this telescope shot? Its popular name honours the man who first spotted it.",
    ],
)
def test_more_ways_of_asking_what_is_shown_ask_what_it_is(question: str) -> None:
    assert read_question(question).answer_type == "identity"


@pytest.mark.parametrize(
    ("question", "answer_type", "type_noun"),
    [
        # a thing a statement describes, asked as "that": not what the image shows
        (
            "Orl found this galaxy in a constellation that wheels around one star. Which star is that?",
            "named",
            "star",
        ),
        ("At Kell the Orl meets another headstream. Which stream is that?", "named", "stream"),
        # "name the city" without pointing at the image asks a city
        ("How far up the Orl can oceangoing ships sail? Name the city.", "named", "city"),
        # "it's" is a contraction, not a possessor
        (
            "Orl is a faint southern constellation. Name the two constellations it's close to.",
            "named",
            "constellation",
        ),
        # where a named thing stands is a place, not a rank
        ("Where does the active volcano Orl stand?", "named", "place"),
        # a noun then a verb: the noun is the kind
        ("Which frigate lies anchored at the Kell Navy Yard?", "named", "frigate"),
        # a time clause before the question does not make it a "when" question
        ("When Orl killed the serpent, which two gods helped him?", "named", "god"),
        # "the total number of" is a count
        ("What's the total number of states in the republic this bird comes from?", "number", None),
        # a name asked, though the noun is a measure's
        ("What is the border area where Orl, Kell and Tarn meet usually called?", "named", "area"),
        # an epithet the question gives asks who bears it, not another name
        ("Which Tarnian art historian is often called the father of archaeology?", "named", "historian"),
    ],
)
def test_the_kind_asked_is_read_past_wording_that_looks_like_another_kind(
    question: str, answer_type: str, type_noun: str | None
) -> None:
    shape = read_question(question)
    assert (shape.answer_type, shape.type_noun) == (answer_type, type_noun)


@pytest.mark.parametrize(
    ("question", "choices"),
    [
        ("Is the bird in this photo able to fly, or is it flightless?", ["fly", "flightless"]),
        (
            "Is the constellation it belongs to in the northern or the southern half of the sky?",
            ["northern", "southern"],
        ),
        ("Its caption calls this carrier either fast or tough. Which one?", ["fast", "tough"]),
        ("Is the cloud in this picture described as a dark nebula or a bright one?", ["dark", "bright"]),
    ],
)
def test_two_options_are_read_in_more_forms(question: str, choices: list[str]) -> None:
    assert read_question(question).choices == choices


def test_an_end_date_asked_by_up_to_is_the_end_of_the_range() -> None:
    assert (
        read_question("Birthdays up to which date fall under the sign of this constellation?").year_role
        == "end"
    )


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("This humped beast with long horns is a domesticated form of which animal?", "ox"),
        ("Before people tamed it, this long-haired beast was what sort of wild animal?", "ox"),
    ],
)
def test_the_word_the_question_qualifies_the_answer_with_leads_to_the_noun_it_qualifies(
    question: str, answer: str
) -> None:
    """ "a domesticated form of which animal" — "domesticated ox having a humped back" → "ox"."""
    found = _read_record(
        question,
        "Image shows: Orl beast (match 0.900)",
        "Orl beast: Orl beast: domesticated ox having a humped back; also a long-haired wild ox of Tarn",
        "Tarn: Tarn: a region of high plateaus in Varnia",
    )
    assert found == answer


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Does the big rodent in this picture have a tail? How is it described?", "tailless"),
        (
            "This bird is a fast runner, but can it fly? Which word in its description answers that?",
            "flightless",
        ),
    ],
)
def test_a_part_or_ability_asked_about_is_answered_by_the_word_saying_the_thing_lacks_it(
    question: str, answer: str
) -> None:
    found = _read_record(
        question,
        "Image shows: Orl (match 0.900)",
        "Orl: Orl: fast-running pig-sized tailless flightless creature of Tarn",
    )
    assert found == answer


def test_a_colour_asked_with_a_word_before_it_is_a_colour_question() -> None:
    assert read_question("Describe the background colour of this cat's fur.").answer_type == "colour"
    assert read_question("What base colours does a cat with this coat have?").answer_type == "colour"


def test_several_years_asked_are_answered_with_the_span_the_gloss_states() -> None:
    found = _read_record(
        "The mountain this apple is named after stands in an island nation. In which years did that nation "
        "fight Varnia?",
        "Image shows: Orl apple (match 0.900)",
        "Orl apple: Orl, Mount Orl: a volcano in Tarn; last erupted in 1707",
        "Tarn: Tarn: an island nation off the coast of Ostra",
        "Tarn-Varnian War: Tarn-Varnian War: a war between Varnia and Tarn (1894 and 1895) over Kell",
    )
    assert found == "1894 and 1895"


def test_a_name_the_question_gives_is_not_cut_from_a_name_leaving_a_lone_adjective() -> None:
    """ "At Kell the Blue Orl meets another headstream … Which stream is that?" — "White Orl", not
    "White"."""
    shape = read_question("At Kell the Blue Orl meets another headstream, and together they form the Orl.")
    assert trim(shape, "White Orl") == "White Orl"
    assert trim(shape, "Upper Orl") == "Upper Orl"


def test_a_year_stated_for_an_event_counts_though_a_life_range_ends_with_it() -> None:
    """ "in 1583 established … the first colony (1539-1583)": the year of the deed, not only of his death."""
    found = _read_record(
        "The first Tarnian colony on the continent this animal roams was set up on Kell. What year was that?",
        "Image shows: Orl bison (match 0.900)",
        "Orl bison: Orl bison: large shaggy bison of the plains of Varnia",
        "Pell: Pell, Ada Pell: Tarnian navigator who in 1583 established on Kell the first Tarnian colony "
        "in Varnia (1539-1583)",
        "Dorn: Dorn: Ostran explorer who led the Tarnian expedition in 1497 that reached Kell (1450-1498)",
    )
    assert found == "1583"


def test_the_end_of_a_place_does_not_make_a_year_question_ask_an_end() -> None:
    question = (
        "This canvas hangs in a city that grew from a settlement at the southern end of Kell Island. "
        "What year did the Tarnians annex that settlement?"
    )
    assert read_question(question).year_role is None
    assert read_question("In which year did that reign end?").year_role == "end"


def test_a_noun_then_a_past_tense_verb_after_which_is_the_kind_asked() -> None:
    assert (
        read_question("Which pope sanctioned Orl's condemnation but later set him free?").type_noun == "pope"
    )
    # an adjective that ends like a past tense is no verb: "the small, uninhabited islet"
    question = "What's the small, uninhabited islet in that sea that both Tarn and Varnia lay claim to?"
    assert read_question(question).type_noun == "islet"


def test_the_thing_shown_asked_last_by_is_which_asks_what_it_is() -> None:
    assert read_question("This ensemble of lakes and halls in Tarn's capital is which palace?").asks_identity
    assert not read_question("This bird lives in a country whose capital is which city?").asks_identity


def test_name_the_kind_of_a_thing_the_question_introduced_asks_that_thing() -> None:
    """ "… a city whose bay contains an island that used to be … Name the island." asks the island, though
    the question points at a painting."""
    shape = read_question(
        "The museum that holds this painting is in a city whose bay contains an island that used to be the "
        "main port of entry. Name the island."
    )
    assert (shape.answer_type, shape.type_noun) == ("named", "island")
    assert read_question("This shy forest bird is on a coin. Name the bird.").asks_identity


def test_an_entry_whose_definition_the_asking_sentence_restates_answers_it() -> None:
    """ "Which landlocked republic sits on the northeastern shore of …?" — most of the asking sentence's
    words are the first clause of one entry's definition, though the definition says more: that entry, of
    the kind asked, is the answer, over a republic the named lake's own entry lists."""
    found = _read_record(
        "Which landlocked republic sits on the northeastern shore of Lake Orla?",
        "Question names: Lake Orla (match 1.000)",
        "Lake Orla: Lake Orla: the longest lake in central Tarn, between Varnia and Kessia and Zell",
        "Zell: Zell: a landlocked republic in east central Tarn on the northeastern shore of Lake Orla",
        "Varnia: Varnia: a republic in eastern Tarn on the Kell Ocean; its capital stands near Lake Orla",
    )
    assert found == "Zell"


def test_a_name_bounding_a_side_answers_only_when_it_is_of_the_asked_kind() -> None:
    """ "the peninsula that forms the easternmost part of the continent" — "bordered … to the east by the
    Kell Ocean" puts an ocean on that side, and an ocean is no peninsula; "which ocean borders it on the
    east" takes it."""
    continent = (
        "Tarn: the second largest continent; bordered to the west by the Orla Sea"
        " and to the east by the Kell Ocean"
    )
    horn = "Zell peninsula: Zell peninsula: a peninsula of northeastern Tarn (the easternmost part of Tarn)"
    record = ("Image shows: Varn (match 0.900)", "Varn: Varn: a large beast of Tarn", f"Tarn: {continent}")
    peninsula = "What is the peninsula that forms the easternmost part of this beast's home continent?"
    assert _read_record(peninsula, *record, f"Zell peninsula: {horn}") == "Zell peninsula"
    assert agent_verb("Kell Ocean", continent) == "east"
    ocean = "Which ocean borders the eastern side of the continent where this beast lives?"
    assert _read_record(ocean, *record) == "Kell Ocean"


def test_a_demonym_qualifying_the_asked_noun_anchors_nothing() -> None:
    """ "Which Zellish painter …?": the demonym says what kind of painter is asked, and an entry that merely
    mentions it makes it no anchor; a name the question gives does."""
    shape = read_question("Which Zellish painter had work that influenced the Orlists?")
    candidates = [_candidate("t1", "Vorn", "Vorn: Zellish painter whose work influenced the Orlists")]
    guess = named_guess(shape, candidates, 0.3)
    assert guess is not None and guess.title == "Orlists"
    shape = read_question("Which Zellish painter painted the sunflowers?")
    kessa = _candidate(
        "t2", "Kessa", "Kessa: Zellish filmmaker noted for blending Zellish folklore with drama"
    )
    assert (
        named_guess(shape, [_candidate("t1", "Vorn", "Vorn: Zellish painter of sunflowers"), kessa], 0.3)
        is None
    )


def _iteration(step: int, *lines: str) -> Iteration:
    return Iteration(
        step=step, queries=[], candidates=[], record="\n".join(lines), seconds=0.0, model_seconds=0.0
    )


def test_a_later_iteration_answers_only_by_making_the_reader_surer() -> None:
    """A region the question describes, found by the first record, keeps its answer when a later record
    adds a state named for the bridge ("a state in south central Tarnia") that outscores it but leaves
    the reader less sure; a later record that states a hop the first lacked ("capital of Tarnia") answers."""
    anchor = "Image shows: Orlbeast (match 0.950)"
    first = _iteration(
        0,
        anchor,
        "Orlbeast: Orlbeast, spiny beast: a spiny mammal of Tarnia",
        "Tarnia: Tarnia: the smallest continent; between the Zell Sea and the Kell Ocean",
        "Wesk Land: Wesk Land: a coastal region of Vorland on the Kell Ocean to the south of Tarnia;"
        " most of the territory is claimed by Tarnia",
    )
    later = _iteration(
        1,
        anchor,
        "South Tarnia: South Tarnia: a state in south central Tarnia",
        "Orla Land: Orla Land: a region of Vorland between Queen Vell Land and Wesk Land; claimed by Zell",
    )
    region = (
        "Directly below the country this spiny beast is native to lies a seaside stretch of Vorland, and"
        " that country claims most of it. What is the region called?"
    )
    assert (
        read_records(region, [first, later], Context()).answer == "South Tarnia"
    )  # all of T reads less surely
    assert surer_reading(region, [first, later], Context()).answer == "Wesk Land"
    capital = "Which city is the capital of the country this spiny beast is native to?"
    stated = _iteration(1, anchor, "Kessa: Kessa: the capital and largest city of Tarnia")
    assert surer_reading(capital, [first, stated], Context()).answer == "Kessa"


def test_a_later_entry_stating_the_bridges_attribute_outweighs_a_surer_first_record() -> None:
    """Attribute of a bridge the first record lacks: the first record offers only a state capital of the
    country the animal lives in, alone and so read surely; a later record holds the country's capital's
    own entry ("Kanbera, capital of Tarnia"), a clearly better supported span, which answers although two
    capitals leave the reader less sure."""
    anchor = "Image shows: Orlbeast (match 0.990)"
    first = _iteration(
        0,
        anchor,
        "Orlbeast: Orlbeast: a small wallaby of south-western Tarnia",
        "Brisport: Brisport: capital and largest city of Quell state; located on the Pell Sea;"
        " 3rd largest city in Tarnia",
    )
    later = _iteration(
        1,
        anchor,
        "Kanbera: Kanbera, capital of Tarnia: the capital of Tarnia; located in southeastern Tarnia",
    )
    question = (
        "This little wallaby lives in the south-west of its country. What city is that country's capital?"
    )
    first_only = read_records(question, [first], Context())
    whole = read_records(question, [first, later], Context())
    assert (first_only.answer, whole.answer) == ("Brisport", "Kanbera")
    assert first_only.confidence > whole.confidence
    assert surer_reading(question, [first, later], Context()).answer == "Kanbera"


@pytest.mark.parametrize(
    "question",
    [
        "Using a long snout and claws, this spiny beast goes after which prey?",
        "Using that long snout and those claws, what prey does this little beast go after?",
        "What does this spiny beast hunt with its long snout and claws?",
    ],
)
def test_what_a_thing_hunts_or_goes_after_is_what_its_entry_says_it_hunts(question: str) -> None:
    """ "goes after which prey", "what does it hunt" — "claws for hunting ants": hunting is a verb of the
    feeding relation, and "going after" prey is hunting it."""
    entry = (
        "Orlbeast: a burrowing mammal covered with spines and having a long snout and claws for hunting ants"
    )
    assert _read_shown(question, "Orlbeast", entry + "; native to Tarnia") == "ants"


def test_two_words_offered_before_a_noun_and_its_ones_are_the_choices() -> None:
    """ "in warm seas or cold ones?" offers "warm" and "cold", whatever the question opens with."""
    assert read_question(
        "Where would you meet a whale like this one, in warm seas or cold ones?"
    ).choices == [
        "warm",
        "cold",
    ]
    assert read_question("Do these fish live in shallow waters or deep ones?").choices == ["shallow", "deep"]
    entry = "Orlwhale: a black-and-white toothed whale with a large dorsal fin; common in cold seas"
    assert _read_shown(
        "Where would you meet a whale like this one, in warm seas or cold ones?", "Orlwhale", entry
    ) == ("cold")


@pytest.mark.parametrize(
    "question",
    [
        # a participle leads in
        "Seen edge-on and bursting with new stars, which galaxy does this image capture?",
        "This apple was picked from an old orchard in Zell. Do you know its name?",
        "What do you call the little fish in this drawing, the one with a horse-like head and a curled tail?",
        "Which nebula's dark columns of gas and dust appear in this image?",  # the owner of what is shown
    ],
)
def test_more_wordings_ask_what_the_image_shows(question: str) -> None:
    assert read_question(question).answer_type == "identity"


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        (
            "Where this painting hangs, a tower rose in 1931. What's the name of that skyscraper?",
            "skyscraper",
        ),
        (
            "This ox lives in Zell. Which 27,890-foot mountain lies on that region's frontier with Varn?",
            "mountain",
        ),
        ("It grows in a country on the Orl. Which of that country's northeastern cities faces Kell?", "city"),
    ],
)
def test_the_kind_asked_is_the_named_thing_not_its_name_or_measure(question: str, kind: str) -> None:
    """ "the name of that skyscraper" asks a skyscraper; "which 27,890-foot mountain" asks a mountain;
    "which of that country's cities" a city."""
    assert read_question(question).type_noun == kind


@pytest.mark.parametrize(
    ("question", "entry", "answer"),
    [
        (  # a closed class: the diet a gloss states among other words
            "What kind of diet does the largest ape, shown here, have?",
            "Orlape: largest anthropoid ape; terrestrial and vegetarian; of forests of central Tarn",
            "vegetarian",
        ),
        (  # a kind of land in the plural the gloss uses
            "What kind of terrain does this tall quadruped inhabit in Tarn?",
            "Orlbeast: tallest living quadruped; having a spotted coat; of savannahs of tropical Tarn",
            "savannahs",
        ),
        (  # the colour of its description, not of its name
            "Which colour describes the feathers of this large wader?",
            "great blue orlbird, Orla herodia: large Zellish heron having bluish-grey plumage",
            "bluish-grey",
        ),
        (  # what is on its menu is what it eats
            "What's on the menu for this sleepy tree-dweller?",
            "Orlbear: sluggish tailless arboreal marsupial; feeds on eucalyptus leaves and bark",
            "eucalyptus leaves and bark",
        ),
        (  # a size given by a thing: "pig-sized"
            "The largest rodent is snoozing in this picture. Its body is roughly the size of what?",
            "Orlrodent: pig-sized tailless amphibious rodent with partly webbed feet; largest living rodent",
            "pig",
        ),
    ],
)
def test_a_diet_a_terrain_a_colour_a_menu_or_a_size_is_read_in_the_words_that_describe_the_thing(
    question: str, entry: str, answer: str
) -> None:
    assert _read_shown(question, "Orlbeast", entry) == answer


def test_something_a_statement_gives_by_what_it_does_is_the_doer_of_that_verb() -> None:
    """ "This remnant has something spinning at its centre. What is it?" asks what spins there, not what
    the image shows."""
    question = "This supernova remnant has something spinning at its centre. What is it?"
    entry = "Orl Nebula: the remnant of a supernova in the constellation Tarn; a pulsar spins at its centre."
    assert read_question(question).acting == "spin"
    assert _read_shown(question, "Orl Nebula", entry) == "pulsar"


def test_a_decade_asked_is_the_decade_the_gloss_states() -> None:
    """ "In which decade did Zell become independent?" — "became independent … in the 1960s", over a year
    another line states."""
    question = (
        "Rhinos like this one live on one continent. In which decade did Zell, a landlocked republic in the"
        " south of that continent, become independent from Varnish control?"
    )
    found = _read_record(
        question,
        "Image shows: Orlrhino (match 0.900)",
        "Orlrhino: Orlrhino: a large beast of Tarn",
        "Tarn: Tarn: the second largest continent; its first republic founded in 1901",
        "Zell: Zell: a landlocked republic in south-central Tarn that became independent from Varnish control"
        " in the 1960s",
    )
    assert found == "1960s"


@pytest.mark.parametrize(
    "question",
    [
        "Name it.",
        "I took this through a telescope just below the belt of Tarn. Which nebula did I capture?",
        "Tarn hosts this spiral, whose nucleus looks bruised. What name does the galaxy go by?",
        "Name the grand-design spiral in this image, the one tugging at a small companion in Tarn.",
        "A shadowy shape here resembles the head of a horse. What is this nebula's name?",
        "What name do astronomers give this tangle of glowing filaments left by an exploded star?",
    ],
)
def test_the_name_of_what_is_shown_asked_in_other_words(question: str) -> None:
    """ "which nebula did I capture", "what name does the galaxy go by", "what is this nebula's name",
    "what name do astronomers give this …": the name of what the image shows."""
    assert read_question(question).answer_type == "identity"


def test_the_name_of_a_thing_the_question_names_is_not_asked_of_the_image() -> None:
    assert read_question("The capital of Zell is on a river. What is the river's name?").type_noun == "river"


def test_an_entry_restating_the_description_past_a_bridge_answers_it() -> None:
    """A question that describes its answer past a bridge ("the Varnish once held a colony that is now
    part of Zellia. What was that colony called?"): the entry whose definition restates most of that
    description, and is of the kind asked, answers — over a city of the named country whose entry only
    mentions the Varnish."""
    record = (
        "Image shows: Orlax (match 0.900)",
        "Orlax: Orlax: a large amphibious rodent of Tarn",
        "Kessport: Kessport, Stabrook: port city and the capital of Zellia; the city was called Stabrook by"
        " the Varnish and renamed by the British",
        "Ottmar: Ottmar: a former Varnish colony in Tarn; now a part of Zellia",
    )
    colony = (
        "On the continent where this rodent lives, the Varnish once held a colony that is now part of"
        " Zellia. What was that colony called?"
    )
    assert _read_record(colony, *record) == "Ottmar"
    # asked for a city, the colony's entry is of another kind: the description no longer decides
    city = "On the continent where this rodent lives, which port city is the capital of Zellia?"
    assert _read_record(city, *record) == "Kessport"


@pytest.mark.parametrize(
    ("question", "text", "answer"),
    [
        (
            "Which farm animal do the horns of this beast resemble?",
            "Varn: large beast of Tarn having a head with horns like a goat and a long tufted tail",
            "goat",
        ),
        (
            "This beast's head bears horns much like another animal's. Which animal?",
            "Varn: large beast of Tarn having a head with horns like a goat and a long tufted tail",
            "goat",
        ),
        (
            "This tree keeps its leaves all year, shaped rather like another plant's. Which plant?",
            "Varn: evergreen oak of Tarn having leaves somewhat resembling those of ivy",
            "ivy",
        ),
        (
            "The two dark patches in this nebula remind people of what?",
            "Varn: a planetary nebula whose two dark patches look like the eyes of an owl",
            "eyes of an owl",
        ),
        (
            "The leaves of this tree look somewhat like the leaves of which other plant?",
            "Varn: evergreen oak of Tarn having leaves somewhat resembling those of ivy",
            "ivy",
        ),
        (
            "The leaves of this evergreen tree look rather like those of which other plant?",
            "Varn: evergreen oak of Tarn having leaves somewhat resembling those of ivy",
            "ivy",
        ),
    ],
)
def test_a_part_likened_to_another_things_answers_with_that_thing(
    question: str, text: str, answer: str
) -> None:
    """What a part resembles, asked directly or as "much like another animal's. Which animal?": the thing
    after "like" or "resembling those of" in the entry, up to where its next feature begins."""
    assert _read_shown(question, "Varn", text) == answer


def test_a_year_of_an_entity_the_question_describes_is_read_from_that_entitys_entry() -> None:
    """A measure of a described entity past a bridge ("An army officer seized control of the country …
    and was later executed as a war criminal. What year was he born?"): the entry restating the
    description is the one whose years answer — not the bridge's, nor another person's."""
    question = (
        "An army officer seized dictatorial control of the country where this beast lives, and was later"
        " executed as a war criminal. What year was he born?"
    )
    kessan = (
        "Kessan: Kessan: Tarnian army officer who seized dictatorial control of Tarnia and was later"
        " executed as a war criminal (1884-1948)"
    )
    varro = "Varro: Varro: a Zellish revolutionary who was captured and executed by the army (1928-1967)"
    tarnia = "Tarnia: Tarnia: an island nation whose army seized control of it in 1901"
    lines = [line("Kessan", kessan), line("Varro", varro), line("Tarnia", tarnia)]
    assert described_entry(read_question(question), lines, ["Tarnia"]) == "Kessan"
    record = ("Image shows: Orlbeast (match 0.900)", "Orlbeast: Orlbeast: a spiny beast of Tarnia")
    assert _read_record(question, *record, tarnia, varro, kessan) == "1884"


def test_a_question_pointing_at_nothing_shown_asks_the_thing_it_describes() -> None:
    """ "Orlo the Great founded Tarnia's chief port on the western edge of the Zell delta. What is it
    called?" points at nothing in the image: "it" is the port the entry restating that description names,
    not the entity the image matched; a question about what is shown still answers with it."""
    record = (
        "Image shows: Orlbeast (match 0.900)",
        "Orlbeast: Orlbeast: a spiny beast of Tarnia",
        "Kessa: Kessa: the chief port of Tarnia on the western edge of the Zell delta; founded by Orlo",
    )
    asked = (
        "Orlo the Great founded Tarnia's chief port on the western edge of the Zell delta. What is it called?"
    )
    assert _read_record(asked, *record) == "Kessa"
    assert _read_record("This beast lives in Tarnia. What is it called?", *record) == "Orlbeast"


def test_a_subject_the_question_names_does_not_answer_as_the_kind_asked() -> None:
    """ "Kessa is Tarnia's capital, but which city is the largest in Tarnia?": Kessa is a city, but the
    question names it as its subject — a given, not the answer; the largest city's entry answers."""
    found = _read_record(
        "Kessa is Tarnia's capital, but which city is the largest in Tarnia?",
        "Question names: Kessa (match 1.000)",
        "Kessa: Kessa, capital of Tarnia: the capital of Tarnia",
        "Orla: Orla: the largest city of Tarnia",
    )
    assert found == "Orla"


def test_a_surname_is_described_by_deeds_not_by_a_kind() -> None:
    """ "A Tarnian ethnologist led polar expeditions to back his theory that … What was his surname?": a
    surname is no kind of thing an entry names; the entry restating the deeds answers."""
    question = (
        "A Tarnian ethnologist led polar expeditions to back his theory that the Orlish people originally"
        " came from Zell. What was his surname?"
    )
    kessmann = (
        "Kessmann: Kessmann, Ivo Kessmann: Tarnian ethnologist who led polar expeditions to support his"
        " theory that the Orlish people originally came from Zell"
    )
    circle = "Polar Circle: Polar Circle: a line of latitude of the polar north"
    lines = [line("Kessmann", kessmann), line("Polar Circle", circle)]
    assert described_entry(read_question(question), lines, []) == "Kessmann"
    found = _read_record(question, "Question names: Orlish (match 1.000)", kessmann, circle)
    assert found == "Kessmann"


def test_a_measure_noun_owning_what_is_asked_names_a_place() -> None:
    """ "Which area's sovereignty does that republic dispute?" asks for an area, not for a measure of area."""
    shape = read_question("Which area's sovereignty does that republic dispute with Zell?")
    assert shape.answer_type == "named" and not shape.measure
    assert read_question("What is the area of that republic?").measured == "area"


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Biologists have a two-part Latin name for this beast. What is it?", "Varnus varnus"),
        ("An older word for this beast blends 'orl' and 'leopard'. What is that word?", "orlopard"),
        ("This beast has several other names. Which of them contains the word 'marmot'?", "tree marmot"),
    ],
)
def test_a_name_asked_back_or_by_a_word_it_holds_is_one_its_entry_lists(question: str, answer: str) -> None:
    """ "… a two-part Latin name for this beast. What is it?" asks back for the name the sentence before
    introduces; "which of them contains the word 'marmot'" and "blends 'orl' and 'leopard'" ask for the name
    of what is shown that holds (or, a blend, begins a word with) the quoted word."""
    text = "Varn, orlopard, tree marmot, Varnus varnus: a spotted beast of the Tarnian plains"
    assert _read_shown(question, "Varn", text) == answer


def test_a_genus_asked_is_not_the_family_the_entry_says_its_genus_belongs_to() -> None:
    """Own entity of the asked rank: "belongs to which genus" is answered by the image's own genus entry,
    not by the family that entry says it belongs to ("belonging to the family Orvaceae") although the
    question's verb leads to it."""
    answer = _read_record(
        "This red-capped mushroom belongs to which fungus genus?",
        "Image shows: Kelmia (match 0.924)",
        "Kelmia: Kelmia, genus Kelmia: a genus of fungi belonging to the family Orvaceae",
        "Kelmia: A red headed cep.",
    )
    assert answer == "Kelmia"


def test_what_is_notable_about_a_thing_is_the_first_of_its_kind_its_entry_says_it_was() -> None:
    """A distinction asked as what is notable: "the first … ever catalogued" the entry states, not a name
    its entry gives."""
    found = _read_record(
        "What is historically notable about this planetary nebula?",
        "Image shows: Orla Nebula (match 0.950)",
        "Orla Nebula: Orla Nebula, Messier 97: a planetary nebula in the constellation Zell, the first"
        " planetary nebula ever catalogued.",
    )
    assert found == "first planetary nebula ever catalogued"


def test_a_relation_asked_of_a_named_entity_is_read_after_that_noun_in_its_own_entry() -> None:
    """Named entity, relation noun: "Which Greek goddess is Kessa's counterpart?" — Kessa's own entry
    says "counterpart of Greek Orla"; another goddess's entry, defined as a goddess, does not outrank it."""
    found = _read_record(
        "The peafowl is sometimes called the bird of Kessa. Which Greek goddess is Kessa's counterpart?",
        "Question names: Kessa (match 1.000)",
        "Kessa: Kessa: (Roman mythology) queen of the gods who protected marriage; counterpart of Greek Orla",
        "Varna: Varna: (Roman mythology) goddess of wisdom; counterpart of Greek Tella",
    )
    assert found == "Orla"


def test_a_country_the_question_writes_as_initials_is_given_not_the_answer() -> None:
    """Named entity, kind qualified by a country's initials: "in which US state" asks a state of the
    United States, which a gloss writes in full and which, as a plural "States", looks like one."""
    found = _read_record(
        "Kessford University, whose early computer she worked on, is located in which US state?",
        "Question names: Kessford University (match 1.000)",
        "Kessford University: Kessford University: a private university located in the United States;"
        " its campus is in Varnachusetts",
        "Varnachusetts: Varnachusetts: a state in New England",
    )
    assert found == "Varnachusetts"


def test_a_bridge_named_like_its_description_outranks_other_things_named_so_and_the_questions_words() -> None:
    """Linked attribute through a bridge its name describes ("a well-known cape" → "Cape Orla" in the
    anchor's entry): it is the bridge even when another link shares more of the question's words (a climate
    observatory), and another cape the search found ("Cape Fenn: a cape in … Varnland") is not on the
    chain; initials with full stops ("U.S.") still leave the kind asked ("state")."""
    question = (
        "In March 2016 this rocket sent a climate observatory up from a well-known cape."
        " Which U.S. state is that cape in?"
    )
    assert read_question(question).type_noun == "state"
    found = _read_record(
        question,
        "Image shows: Tarn 7 (match 0.950)",
        "Tarn 7: Tarn 7: a two-stage launch vehicle; in March 2016 it launched the Zell Climate Observatory"
        " from Cape Orla.",
        "Cape Orla: Cape Orla: a sandy promontory extending into the Kell Ocean off the eastern coast of"
        " Kessland",
        "Cape Fenn: Cape Fenn: a cape in southeastern Varnland extending into the Kell Ocean",
    )
    assert found == "Kessland"


def test_a_shape_asked_with_a_word_before_it_is_read_as_the_shaped_word() -> None:
    """Named entity, shape asked as "what letter shape": the entry's "W-shaped", not a star near it."""
    found = _read_record(
        "Tarnia is a neighbouring constellation to this galaxy's. What letter shape is Tarnia known for?",
        "Question names: Tarnia (match 1.000)",
        "Tarnia: Tarnia: a W-shaped constellation in the northern hemisphere near Polaris",
    )
    assert found == "W-shaped"


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("What runs along the back of this big tropical lizard?", "a spiny crest"),
        ("What grows on the head of this lizard?", "small horns"),
        ("What runs along the tail of this lizard?", ""),  # the entry places nothing there
    ],
)
def test_what_is_placed_on_a_part_of_the_thing_shown_is_what_its_entry_has_there(
    question: str, answer: str
) -> None:
    """One-hop, a thing placed on a part: "with a spiny crest along the back" answers "what runs along the
    back"; a part the entry places nothing on gets no phrase from it."""
    entry = (
        "Tarn iguana: large tropical lizard with a spiny crest along the back and having small horns on the"
        " head"
    )
    assert placed_on_part(question, entry) == answer
    if answer:
        assert (
            _read_record(question, "Image shows: Tarn iguana (match 0.960)", f"Tarn iguana: {entry}")
            == answer
        )


def test_a_country_named_as_a_union_of_states_is_of_the_country_kind() -> None:
    """Named person, "from which country": "United States astronomer" names a country, although the head
    of its name is "States"; a man born elsewhere, named on another line, does not outrank it."""
    question = "Edwin Kessel was an astronomer from which country?"
    lines = [
        "Question names: Edwin Kessel (match 1.000)",
        "Kessel: Kessel, Edwin Kessel: United States astronomer who measured the speed of receding nebulae"
        " (1889-1953)",
        "Varn: Varn, Victor Varn: United States physicist (born in Austria) who studied cosmic rays",
    ]
    assert _read_record(question, *lines) == "United States"


def test_a_lower_case_answer_keeps_the_kind_noun_that_types_it() -> None:
    """Linked attribute of the asked kind in words: "which hemisphere" is answered "northern hemisphere", the
    phrase whose head is the kind asked, not the bare direction nor a name the bridge's entry gives."""
    found = _read_record(
        "In which hemisphere is the constellation that contains this cluster?",
        "Image shows: Kell Cluster (match 0.950)",
        "Kell Cluster: Kell Cluster, Messier 99: an open cluster in the constellation Tarn",
        "Tarn: Tarn: a constellation in the northern hemisphere between Orla and Vell",
    )
    assert found == "northern hemisphere"


def test_a_relation_asked_of_a_named_entity_is_read_from_its_inverse_in_its_own_entry() -> None:
    """Named entity, relation asked by the other side's noun: "Who was Vessa's husband?" — Vessa's own
    entry says she is "the wife and sister of Tarno"; "the mother of Orla" names no husband."""
    found = _read_record(
        "In Greek mythology Vessa was the mother of Orla. Who was Vessa's husband?",
        "Question names: Vessa (match 1.000)",
        "Vessa: Vessa: (Greek mythology) the wife and sister of Tarno and mother of Orla",
        "Orla: Orla: (Greek mythology) a princess and daughter of Vessa; she was fastened to a rock and"
        " exposed to a sea monster that was sent by Kell, but she was rescued by Dorn and became his wife",
    )
    assert found == "Tarno"


@pytest.mark.parametrize(
    ("question", "source"),
    [
        (
            "This showy bird is nicknamed after a Roman goddess. Who is her counterpart in Greek myth?",
            "Vessa",
        ),
        ("This showy bird has long been called the bird of a Roman goddess. Who was her husband?", "Vessa"),
        ("One of this bird's names includes a huge northern island. Which country governs it?", "Tarnland"),
    ],
)
def test_a_name_of_the_thing_shown_leads_to_what_it_is_named_after(question: str, source: str) -> None:
    """Linked through a name: "nicknamed after", "called the bird of a goddess", "one of its names includes
    an island" — the name its own entry lists under its title ("bird of Vessa", "Tarnland peafowl") gives
    the link, the goddess before any entry of hers is found."""
    entries = [
        (
            "Kellish peafowl",
            "A peacock. peafowl, bird of Vessa, Tarnland peafowl: very large pheasant of Asia",
        ),
        ("Tarnland", "Tarnland: the largest island in the world; a self-governing province of Orland"),
    ]
    chain = Chain.build("Kellish peafowl", entries, read_question(question))
    assert source in chain.links[:3]


def test_what_a_noun_is_of_is_read_from_the_compound_the_entry_makes_of_it() -> None:
    """Named entity, "the world's leading exporter of what": the entry's "world's leading tea exporter"
    makes the same statement as a compound, whose middle word answers."""
    found = _read_record(
        "Tarnland is the world's leading exporter of what?",
        "Question names: Tarnland (match 1.000)",
        "Tarnland: Tarnland, Republic of Tarnland: the largest Kellish speaking country in the world;"
        " located in the east of Orla; world's leading tea exporter",
    )
    assert found == "tea"


@pytest.mark.parametrize(
    "question",
    [
        "In Norland people call this animal one thing; what do they call it in Tarnasia?",
        "In Norland this deer goes by one name; what is it called in Tarnasia?",
        "In Norland this deer is called a kellibou; what do people in Tarnasia call it?",
        "In Norland this is a kellibou, but what do they call this Arctic deer over in Tarnasia?",
    ],
)
def test_the_name_used_in_a_region_is_the_one_the_entry_says_is_used_there(question: str) -> None:
    """Own entity, named by region: "called `tarndeer' in Tarnasia and `kellibou' in Norland" — the name the
    entry ties to the region asked, not the first it lists."""
    entry = (
        "Tarn deer: kellibou, tarndeer, Rangifer kellus: Arctic deer with large antlers in both sexes; called"
        " `tarndeer' in Tarnasia and `kellibou' in Norland"
    )
    assert _read_record(question, "Image shows: Tarn deer (match 0.900)", entry) == "tarndeer"


def test_a_first_record_certain_of_its_answer_keeps_it_against_a_stronger_later_span() -> None:
    """Measure of a bridge: a first record whose one candidate is the bridge's year (certain) keeps it when a
    later record brings another country's entry that restates the question's words and outscores it."""
    anchor = "Image shows: Orlfruit (match 0.940)"
    first = _iteration(
        0,
        anchor,
        "Orlfruit: Orlfruit: a spiny red fruit of Tarnia",
        "Tarnia: Tarnia: a constitutional monarchy in southeastern Asia; achieved independence from the"
        " United Kingdom in 1957",
    )
    later = _iteration(
        1,
        anchor,
        "Kellia: Kellia, Republic of Kellia: a republic in the Asian subcontinent in southern Asia; second"
        " most populous country in the world; achieved independence from the United Kingdom in 1947",
    )
    question = (
        "In what year did the Southeast Asian country this fruit comes from gain independence from the"
        " United Kingdom?"
    )
    assert read_records(question, [first], Context()).confidence == 1.0
    assert surer_reading(question, [first, later], Context()).answer == "1957"


def test_the_world_a_record_is_held_in_is_no_place_a_thing_lies_in() -> None:
    """Named entity, "which sea is that reef in": "the largest coral reef in the world; in the Kell Sea"
    — the words "reef in" lead to "the world" first, which is where its record holds, not where it lies."""
    found = _read_record(
        "Reef fish like this are found on the Great Tarn Reef. Which sea is that reef in?",
        "Question names: Great Tarn Reef (match 1.000)",
        "Great Tarn Reef: Great Tarn Reef: the largest coral reef in the world; in the Kell Sea off the"
        " northeastern coast of Orland",
        "Kell Sea: Kell Sea: an arm of the Varn Ocean off the northeastern coast of Orland",
    )
    assert found == "Kell Sea"


# --- questions that go past the bridge, and relations of the bridge -----------------------------------


_PAST_ISLAND = (
    "This big cat is named after an island. What is the capital of the country that island belongs to?"
)


def test_the_entity_past_the_bridge_is_searched_with_the_attribute_even_when_its_entry_is_known() -> None:
    """ "the capital of the country that island belongs to": the island's entry names the country, whose own
    entry states no capital; the chain is resolved only once "<country> <what is asked>" was searched, which
    finds the capital's own entry ("Velt, capital of Tarnia")."""
    record = "\n".join(
        [
            "Image shows: Kelmoran tiger (match 0.950)",
            "Kelmoran tiger: Kelmoran tiger: a large striped cat of the forests of Asia",
            "Kelmora: Kelmora: a mountainous island in western Tarnia",
            "Tarnia: Tarnia, Republic of Tarnia: a republic on an archipelago of many islands",
        ]
    )
    trajectory = [_iteration(0, *record.splitlines())]
    chain = Chain.build("Kelmoran tiger", record_entries(trajectory), read_question(_PAST_ISLAND))
    assert chain.links[0] == "Kelmora" and chain.step_past_bridge == "Tarnia"
    earlier = [next_query(_PAST_ISLAND, trajectory, [])]
    assert earlier[-1].startswith("Kelmora") and not chain_resolved(_PAST_ISLAND, trajectory, earlier)
    earlier.append(next_query(_PAST_ISLAND, trajectory, earlier))
    assert earlier[-1].startswith("Tarnia") and chain_resolved(_PAST_ISLAND, trajectory, earlier)


def test_an_entry_tying_the_asked_kind_to_the_entity_past_the_bridge_answers() -> None:
    record = [
        "Image shows: Kelmoran tiger (match 0.950)",
        "Kelmoran tiger: Kelmoran tiger: a large striped cat of the forests of Asia",
        "Kelmora: Kelmora: a mountainous island in western Tarnia",
        "Tarnia: Tarnia, Republic of Tarnia: a republic on an archipelago of many islands",
        "Velt: Velt, capital of Tarnia: capital and largest city of Tarnia; on the island of Orlu",
        "Asia: Asia: the largest continent",
    ]
    assert _read_record(_PAST_ISLAND, *record) == "Velt"


_TIED_BACK = (
    "This apple shares its name with a famous volcano. What is the capital of the country where that volcano"
    " is the highest peak?"
)


def test_a_description_tied_back_to_an_earlier_sentences_bridge_leads_on_from_it() -> None:
    """ "… a famous volcano. What is the capital of the country where that volcano is the highest peak?":
    the country is a description past the volcano; when the image's own entry is that volcano's, the
    country is the bridge, and the question goes no step past it."""
    shape = read_question(_TIED_BACK)
    assert shape.bridges == ["volcano", "country"]
    entries = [
        ("Kell (apple)", "Kell, Mount Kell: an extinct volcano on Orlu that is the highest peak in Tarnia"),
        ("Orlu", "Orlu: the central and largest of the four main islands of Tarnia"),
    ]
    chain = Chain.build("Kell (apple)", entries, shape)
    assert chain.bridge == "country" and not chain.goes_past
    # an island known to be one is a less likely country than a link whose entry is not known yet, and so is
    # the volcano's own name, whatever words of the volcano's description its entry shares
    assert chain.links[0] == "Tarnia"


def test_a_link_the_anchors_name_is_of_is_a_bridge_ranked_by_how_its_entry_fits_the_description() -> None:
    """ "This bird is sacred to a Roman goddess, queen of the gods. Who was that goddess's husband?" — the
    bird's entry calls it "bird of Vessa", and Vessa's entry shares the description's words; her entry's
    "wife and sister of Tarno" answers the relation asked of her."""
    record = [
        "Image shows: Kell peafowl (match 0.950)",
        "Kell peafowl: Kell peafowl, bird of Vessa: a large pheasant of southeast Asia",
        "Vessa: Vessa: (Roman mythology) queen of the gods who protected marriage; wife and sister of Tarno",
        "Hela: Hela: queen of the gods in Greek mythology; wife of Zorn",
    ]
    question = "This bird is sacred to a Roman goddess, queen of the gods. Who was that goddess's husband?"
    chain = Chain.build("Kell peafowl", record_entries([_iteration(0, *record)]), read_question(question))
    assert chain.links[0] == "Vessa"
    assert _read_record(question, *record) == "Tarno"


@pytest.mark.parametrize(
    ("question", "year"),
    [
        ("In which year did this woman become the first woman to command an airship?", "1952"),
        ("When did the woman shown here become the first woman to fly across the Orla Sea?", "1948"),
        ("In which year did she become the first female commander of an airship?", "1952"),
    ],
)
def test_a_first_is_dated_by_the_year_of_its_own_clause(question: str, year: str) -> None:
    """Two firsts in one line, each dated in parentheses: the year is the one of the first with the asked
    verb, not the one nearest to the question's other words."""
    text = (
        "Ada Varn: Tarnian aviator (born 1921), the first woman to fly an airship across the Orla Sea (1948)"
        " and the first woman to command one (1952)"
    )
    assert _read_shown(question, "Ada Varn", text) == year


def test_a_measure_of_the_bridge_is_not_taken_from_another_entry_of_its_kind_restating_the_description() -> (
    None
):
    """ "This fruit comes from a country in south-east Asia. When did that country achieve independence …?":
    the chain found the country (Orlamia, a monarchy in southeastern Asia); Tarnia, a republic whose entry
    restates more of the question's words, is another country, not the one described."""
    record = [
        "Image shows: Kellfruit (match 0.950)",
        "Kellfruit: kellfruit: bright red oval fruit of Orlamia covered with soft spines",
        "Orlamia: Orlamia, Orlama: a constitutional monarchy in southeastern Asia; achieved independence from"
        " the United Kingdom in 1957",
        "Tarnia: Tarnia, Republic of Tarnia: a republic in southern Asia; the second most populous country in"
        " Asia; achieved independence from the United Kingdom in 1947",
    ]
    question = (
        "This spiny red fruit comes from a country in south-east Asia. When did that country achieve"
        " independence from the United Kingdom?"
    )
    assert _read_record(question, *record) == "1957"


@pytest.mark.parametrize(
    ("question", "bridge", "asked"),
    [
        (  # "it" in the bridge's relative clause is the thing the earlier sentence points at
            "I saw this wild dog on a trip. What is the capital city of the nation where it runs wild?",
            "nation",
            ["capital", "city"],
        ),
        (  # "that country" is the one the question describes, not the continent it names
            "I snapped this antelope on a trip. It's common in one country of southern Asia, what is the"
            " capital of that country?",
            "country",
            ["southern", "asia", "capital"],
        ),
        (  # an adjective between the demonstrative and its kind
            "This bird ranges from a big country in the north down to Patagonia. What's the capital of that"
            " northern country?",
            "country",
            ["capital", "northern"],
        ),
        (  # a clause after a dash asks; the clause before it describes
            "The range of this bird runs from one South American country down to Patagonia — what's the"
            " capital of that country?",
            "country",
            ["capital"],
        ),
    ],
)
def test_a_bridge_told_by_a_pronoun_or_a_demonstrative_is_read_apart_from_the_scene(
    question: str, bridge: str, asked: list[str]
) -> None:
    shape = read_question(question)
    assert (shape.bridge, shape.subject) == (bridge, "")
    assert [w for w in shape.asked if w not in ("common",)] == asked


@pytest.mark.parametrize(
    "question",
    [
        "What style of coffee is in this cup?",
        "What kind of coffee drink is in this cup?",
        "What style of coffee is in this little cup?",
    ],
)
def test_the_kind_of_what_a_pictured_thing_holds_is_answered_by_its_own_name(question: str) -> None:
    """ "What kind of coffee is in this cup?" — the image's entity (Kellbrew: "strong coffee made by …") is a
    kind of coffee itself: its name answers, not the kind its entry gives."""
    text = (
        "Kellbrew: strong coffee made by forcing hot water through finely ground beans; developed in Tarnia"
    )
    assert _read_shown(question, "Kellbrew", text) == "Kellbrew"


def test_what_the_bridges_entry_states_in_the_questions_own_relation_outranks_a_reverse_link() -> None:
    """ "At the mouth of which river is that city located?" — the city's entry: "at the mouth of the Orl
    river"; a river whose entry calls it "a river of central Varnton" is tied to the city's name, but not by
    the relation asked."""
    record = [
        "Image shows: Kell Night (match 0.950)",
        "Kell Night: Kell Night: an oil painting held by the Kell Museum in Varnton",
        "Varnton: Varnton, Varnton City: the largest city in Varnton State; located at the mouth of the Orl"
        " river; a major port",
        "Zell River: Zell River: a river of central Varnton that flows southeastward to the Orl River",
    ]
    question = (
        "The museum that owns this painting is in a big city. At the mouth of which river is that city?"
    )
    assert _read_record(question, *record) == "Orl"


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        (
            "This cluster's constellation is also a sign of the zodiac. Which animal is that sign named"
            " after?",
            "Ox",
        ),
        (
            "The constellation where this nebula sits gives its name to a sign. What figure does that sign"
            " represent?",
            "Ox",
        ),
        # the figure is the kind asked: the one the constellation is named after is the answer
        (
            "This cluster lies in a constellation named after a hunter. Which hunter is that constellation"
            " named after?",
            "Orvo",
        ),
    ],
)
def test_what_a_bridge_is_named_after_is_the_figure_its_entry_names_it_with(
    question: str, answer: str
) -> None:
    """ "Kell, Kell the Ox, Ox: the fourth sign of the zodiac" — the sign stands for the Ox."""
    record = [
        "Image shows: Zell Cluster (match 0.950)",
        "Zell Cluster: Zell Cluster: an open cluster in the constellation Kell",
        "Kell: Kell, Kell the Ox, Ox: the fourth sign of the zodiac; the sun is in this sign in June",
        "Kell: Kell: a small zodiacal constellation named after the hunter Orvo; between Leo and Gemini",
        "Orvo: Orvo: (Tarnish mythology) a giant hunter slain by Vessa",
    ]
    if answer == "Orvo":
        record[2] = "Kell: Kell, Kell the Hunter: a constellation named after the hunter Orvo"
    assert _read_record(question, *record) == answer


@pytest.mark.parametrize(("relative", "answer"), [("mother", "Vessa"), ("father", "Tarno")])
def test_of_two_parents_named_in_turn_the_father_comes_first_and_the_mother_second(
    relative: str, answer: str
) -> None:
    record = [
        "Question names: Orlo (match 1.000)",
        "Orlo: Orlo, Phoebus Orlo: (Tarnish mythology) god of light; son of Tarno and Vessa; twin of Kella",
    ]
    question = f"This probe's programme is named after the Tarnish god Orlo. Who was Orlo's {relative}?"
    assert _read_record(question, *record) == answer


def test_the_bridge_stated_in_the_questions_own_words_is_still_not_the_answer() -> None:
    """ "the capital of the North American country this plant is native to" — "native to Tarnia" states
    the bridge in the question's words; it leads to the answer and is not one."""
    record = [
        "Image shows: Kelflower (match 0.950)",
        "Kelflower: Kelflower: a genus of bushy plants native to Tarnia and Central America",
        "Tarnia: Tarnia, Tarnian Republic: a republic in southern North America",
        "Quito: Quito, capital of Ecuador: the capital of Ecuador",
    ]
    question = "What is the capital of the North American country this plant is native to?"
    assert _read_record(question, *record) not in ("Tarnia", "Tarnian Republic")


def test_the_bridge_is_searched_with_the_attribute_even_when_its_entry_is_known() -> None:
    """ "… the money of a Central American republic. What's the capital of that republic?" — the first record
    holds the republic's own entry, which names no capital; the chain is resolved only once "<republic>
    capital" was searched."""
    question = (
        "The name of this bird is also used for the money of a Central American republic. What's the capital"
        " of that republic?"
    )
    record = [
        "Image shows: Kellbird (match 0.950)",
        "Kellbird: kellbird: large trogon of Central America having golden-green plumage",
        "kellbird: kellbird: the basic unit of money in Tarnia",
        "Tarnia: Tarnia, Republic of Tarnia: a republic in Central America",
    ]
    trajectory = [_iteration(0, *record)]
    chain = Chain.build("Kellbird", record_entries(trajectory), read_question(question))
    assert chain.links[0] == "Tarnia"
    earlier = [f"Kellbird {read_question(question).attribute_text()}"]
    assert not chain_resolved(question, trajectory, earlier)
    earlier.append(next_query(question, trajectory, earlier))
    assert earlier[-1].startswith("Tarnia") and chain_resolved(question, trajectory, earlier)


def test_what_holds_the_bridge_is_the_one_its_entry_says_it_is_a_part_of() -> None:
    record = [
        "Image shows: Orlo deer (match 0.950)",
        "Orlo deer: Orlo deer, Kellland deer: Arctic deer of Kellland",
        "Kellland: Kellland: the largest island in the world; lies between the North Atlantic and the Arctic"
        " Ocean; a self-governing province of Tarnia",
        "Norland: Norland, Kingdom of Norland: a constitutional monarchy in northern Europe on the North Sea",
    ]
    question = (
        "One of this deer's names refers to an enormous island. Which European kingdom governs that island?"
    )
    assert _read_record(question, *record) == "Tarnia"


def test_a_thing_a_named_entity_possesses_is_the_kind_asked_not_the_name() -> None:
    """ "What is Ulmo's largest moon?" asks a moon; "Which country's currency …?" still asks a country."""
    assert read_question("This probe flew past Ulmo. What is Ulmo's largest moon?").type_noun == "moon"
    assert read_question("Which country's currency is named after this bird?").type_noun == "country"
    record = [
        "Question names: Ulmo (match 1.000)",
        "Ulmo: Ulmo: the 8th planet from the sun; the most remote of the gas giants",
        "Kell: Kell: the largest moon of Ulmo",
    ]
    assert _read_record("This probe flew past Ulmo. What is Ulmo's largest moon?", *record) == "Kell"


def test_a_name_opening_the_question_with_a_description_of_it_is_what_is_asked_about() -> None:
    """ "Ada Varn, the astronomer the telescope behind this picture honours, came from which country?" asks
    about Ada Varn, not about the telescope."""
    question = "Ada Varn, the astronomer the telescope behind this picture honours, came from which country?"
    shape = read_question(question)
    assert (shape.subject, shape.bridge) == ("Ada Varn", "")
    record = [
        "Question names: Ada Varn (match 1.000)",
        "Varn: Varn, Ada Varn: Tarnian astronomer who found that the galaxies recede (1889-1953)",
        "Varn Space Telescope: Varn Space Telescope: a telescope in orbit around the Earth",
        "Tarnia: Tarnia, Republic of Tarnia: a republic in the north of the Kell continent",
    ]
    assert _read_record(question, *record) == "Tarnia"


def test_the_images_own_entity_named_by_the_asked_kind_answers() -> None:
    """ "Which ancient coinage do these pieces belong to?" — the image's entity is "Coinage of old Tarnia",
    a name headed by the kind asked."""
    text = (
        "Coinage of old Tarnia: silver and bronze coins struck by Tarnian city-states from the 6th century BC"
    )
    question = "Which ancient coinage do these old metal pieces belong to?"
    assert _read_shown(question, "Coinage of old Tarnia", text) == "Coinage of old Tarnia"
    # a name whose first word is a kind ("Sea lion") is not named by it
    text = "sea lion: any of several large eared seals of the northern Pacific"
    assert _read_shown("In which ocean do these animals live?", "Sea lion", text) == "Pacific"


@pytest.mark.parametrize(
    ("question", "title", "text"),
    [
        (  # "standing here" points at the image like "shown here"
            "Which species of penguin is standing here?",
            "Kell penguin",
            "penguin: short-legged flightless birds of cold southern especially Antarctic regions",
        ),
        (  # the entry says only that it is an apple: its name says which variety
            "Which variety of apple is this?",
            "Tarn Beauty",
            "Tarn Beauty: apple with a green skin and hard tart flesh",
        ),
        (
            "This showy male belongs to which species of peafowl?",
            "Kell peafowl",
            "peafowl, bird of Vessa: very large terrestrial southeast Asian pheasant",
        ),
    ],
)
def test_the_species_or_variety_of_what_is_shown_is_answered_by_its_own_name(
    question: str, title: str, text: str
) -> None:
    assert _read_shown(question, title, text) == title


def test_more_wordings_of_the_shapes_above() -> None:
    """ "Which entry of Messier's catalogue is this?"; "did she first command …"; "which animal represents
    it"; "With which Roman goddess is Vessa identified?"."""
    entry = "Orla Galaxy, Messier 64: a thing of the Tarn sky"
    assert (
        _read_shown("Which entry of Messier's catalogue is this galaxy?", "Orla Galaxy", entry)
        == "Messier 64"
    )
    text = (
        "Ada Varn: Tarnian aviator (born 1921), the first woman to fly an airship across the Orla Sea (1948)"
        " and the first woman to command one (1952)"
    )
    assert _read_shown("In which year did this woman first command an airship?", "Ada Varn", text) == "1952"
    record = [
        "Image shows: Zell Cluster (match 0.950)",
        "Zell Cluster: Zell Cluster: an open cluster in the constellation Kell",
        "Kell: Kell, Kell the Ox, Ox: the fourth sign of the zodiac; the sun is in this sign in June",
    ]
    question = (
        "If you think of the constellation this cluster sits in as a sign of the zodiac, which animal"
        " represents it?"
    )
    assert _read_record(question, *record) == "Ox"
    goddess = [
        "Question names: Vessa (match 1.000)",
        "Vessa: Vessa, Here: queen of the Tarnish gods; wife of Zorn; identified with Kellish Orla",
    ]
    question = "In Tarnish myth Vessa was queen of the gods. With which Kellish goddess is Vessa identified?"
    assert _read_record(question, *goddess) == "Orla"


def test_whom_the_things_name_says_it_is_of_is_the_bridge_the_question_says_it_is_called_after() -> None:
    """ "This bird is sometimes called the bird of a certain goddess. Who was that goddess's husband?" — the
    bird's entry calls it "bird of Vessa": Vessa is the bridge, before Asia, whose entry is not known."""
    record = [
        "Image shows: Kell peafowl (match 0.950)",
        "Kell peafowl: Kell peafowl, bird of Vessa: a large pheasant of southeast Asia",
        "Vessa: Vessa: (Tarnish mythology) queen of the Olympian gods; wife and sister of Tarno",
    ]
    question = "This bird is sometimes called the bird of a certain goddess. Who was that goddess's husband?"
    chain = Chain.build("Kell peafowl", record_entries([_iteration(0, *record)]), read_question(question))
    assert chain.links[0] == "Vessa"
    assert _read_record(question, *record) == "Tarno"


def test_an_intensifier_stays_with_the_look_of_a_part_and_a_verb_is_read_with_its_synonyms() -> None:
    """ "What's special about this bird's beak?" — "having a very large thin-walled beak"; "What splits this
    nebula into three lobes?" — "… that dark lanes of dust divide into three lobes"."""
    text = "kellbird: brilliantly colored fruit-eating bird of Tarnia having a very large thin-walled beak"
    assert (
        _read_shown("What's special about this bird's beak?", "Kellbird", text)
        == "very large thin-walled beak"
    )
    nebula = "Orla Nebula, Messier 20: a nebula in Kell that dark lanes of dust divide into lobes"
    assert (
        _read_shown("What splits this nebula into three lobes?", "Orla Nebula", nebula)
        == "dark lanes of dust"
    )


def test_a_preposition_ending_a_relative_clause_about_the_image_leaves_the_asked_kind() -> None:
    """ "What is the capital of the region where this wild ox comes from?" asks a capital; "What was the
    artist who painted this noted for?" asks no kind."""
    shape = read_question("What is the capital of the region where this shaggy wild ox comes from?")
    assert (shape.type_noun, shape.bridge) == ("capital", "region")
    assert read_question("What was the artist who painted this noted for?").type_noun is None


def test_a_degree_word_before_what_is_remarkable_and_a_part_called_by_its_other_name() -> None:
    """ "What's so unusual about this bird's beak?" asks the beak's look as "what's unusual about" does; "…
    about this bird's bill?" is answered by what the entry says of its beak."""
    text = "kellbird: brilliantly colored fruit-eating bird of Tarnia having a very large thin-walled beak"
    for question in (
        "What's so unusual about this bird's beak?",
        "What's so remarkable about this bird's bill?",
    ):
        assert _read_shown(question, "Kellbird", text) == "very large thin-walled beak"


def test_a_verb_object_asked_after_a_clause_break_or_by_a_noun_for_objects() -> None:
    """ "This burrower has claws - what does it hunt with them?": what it hunts, not where it lives; "What
    structures does this animal construct in the water?" — "construct complex dams and lodges"."""
    burrower = (
        "spiny tarn: a burrowing mammal of Kell having a long snout and claws for hunting ants and termites"
    )
    assert (
        _read_shown("This spiny burrower has claws - what does it hunt with them?", "Spiny tarn", burrower)
        == "ants and termites"
    )
    builder = "orlat: large rodent of Norland with a broad flat tail; construct complex dams and lodges"
    assert (
        _read_shown("What structures does this flat-tailed animal construct in the water?", "Orlat", builder)
        == "complex dams and lodges"
    )


def test_a_purpose_stated_in_four_words_after_their() -> None:
    """ "What are these plants mainly grown for?" — "grown for their large showy flower heads"."""
    text = "Kellia: a genus of bushy plants native to Norland, grown for their large showy flower heads."
    question = "Gardeners love these plants, but what exactly are they mainly grown for?"
    assert _read_shown(question, "Kellia", text) == "large showy flower heads"


def test_a_part_said_to_remind_people_of_another_things_asks_what_it_resembles() -> None:
    """ "The leaves of this tree remind people of another plant's leaves - which plant?" — "having leaves
    somewhat resembling those of holly"."""
    text = "kell oak: evergreen oak of Norland having leaves somewhat resembling those of holly"
    question = "The leaves of this evergreen tree remind people of another plant's leaves - which plant?"
    assert _read_shown(question, "Kell oak", text) == "holly"


def test_the_kind_asked_past_the_adjectives_before_its_noun() -> None:
    """ "In what kind of tropical Norlandic landscape does it live?" asks a landscape — a habitat ("of
    savannahs of tropical Norland"), not a place."""
    shape = read_question("In what kind of tropical Norlandic landscape does this tall animal live?")
    assert (shape.type_noun, shape.kind_of) == ("landscape", "landscape")
    text = "kellraffe: tallest living quadruped having a spotted coat; of savannahs of tropical Norland"
    question = "In what kind of tropical Norlandic landscape does this tall animal live?"
    assert _read_shown(question, "Kellraffe", text) == "savannahs"


def test_how_thick_asks_a_length() -> None:
    """ "Just how thick can the ice cap that covers Kell get?" — "up to 13,000 feet thick", never a name."""
    text = "Kell: a continent mostly covered by an ice cap up to 13,000 feet thick; lies south of Tarnia"
    assert _read_shown("Just how thick can the ice cap that covers Kell get?", "Kell", text) == "13,000 feet"


@pytest.mark.parametrize(
    "question",
    [
        "Kellstar shines near this dark nebula. What is Kellstar's other designation?",
        "What is another name for Kellstar?",
        "Kellstar, which shines near this nebula, has gone by other names. Give one.",
    ],
)
def test_another_name_of_a_thing_the_question_names_is_read_from_its_own_entry(question: str) -> None:
    """The name asked is of the thing the question names, not of what the image shows."""
    record = [
        "Image shows: Kell Nebula (match 0.900)",
        "Kell Nebula: Kell Nebula, Orla Cloud: a dark nebula in Orla near Kellstar",
        "Kellstar: Kellstar, Alpha Orlae: the second brightest star in Orla",
    ]
    assert _read_record(question, *record) == "Alpha Orlae"


def test_the_other_name_of_what_is_shown_stays_its_own() -> None:
    """ "Besides Kell Nebula, by what name is this nebula known?" names the image's thing: its own other
    name."""
    record = [
        "Image shows: Kell Nebula (match 0.900)",
        "Kell Nebula: Kell Nebula, Orla Cloud: a dark nebula in Orla near Kellstar",
        "Kellstar: Kellstar, Alpha Orlae: the second brightest star in Orla",
    ]
    assert _read_record("Besides Kell Nebula, by what name is this nebula known?", *record) == "Orla Cloud"


def test_a_when_question_asked_in_month_and_year_is_answered_by_a_date() -> None:
    """ "When did this rocket launch the probe? Give month and year." — "February 2015", not a place."""
    text = "Kell 9: a rocket launched from Cape Tarn; in February 2015 it sent the Orla probe into space"
    question = "When did this rocket launch the Orla probe? Give month and year."
    assert _read_shown(question, "Kell 9", text) == "February 2015"


def test_a_sibling_asked_of_the_one_the_question_opens_with_reads_the_inverse_relation() -> None:
    """ "Vessa was the goddess of the hunt - who was her twin brother?" — Vessa: "twin sister of Tarno"."""
    record = [
        "Image shows: Kell Nebula (match 0.900)",
        "Vessa: (Norland mythology) goddess of the hunt; daughter of Orno and Lessa and twin sister of Tarno",
        "Tarno: (Norland mythology) god of light; son of Orno and Lessa",
    ]
    question = "Vessa was the Norland goddess of the hunt and of the Moon - who was her twin brother?"
    assert _read_record(question, *record) == "Tarno"


@pytest.mark.parametrize(
    "question",
    ["What 'first' is this planetary nebula known for?", "What historic first does this nebula hold?"],
)
def test_a_first_asked_is_answered_whole(question: str) -> None:
    """ "What 'first' is it known for?" asks a record: "the first planetary nebula ever catalogued"."""
    text = "Kell Nebula, Messier 99: a planetary nebula in Orla, the first planetary nebula ever catalogued."
    assert _read_shown(question, "Kell Nebula", text) == "first planetary nebula ever catalogued"


def test_where_a_thing_comes_from_is_the_part_of_a_place_its_entry_names() -> None:
    """ "Where does this tree come from?" — "evergreen oak of southern Norland": the part, not all Norland."""
    text = "kell oak, Quercus kellii: evergreen oak of southern Norland having leaves like those of holly"
    assert _read_shown("Where does this evergreen tree come from?", "Kell oak", text) == "southern Norland"


@pytest.mark.parametrize(
    "question",
    [
        "For its first mission this launcher lifted off from a spot on the Tarn coast. What was that place"
        " formerly called?",
        "Cape Orla, where rockets like this take off, used to be known by what name?",
    ],
)
def test_a_former_name_of_a_place_the_question_describes_or_names(question: str) -> None:
    """The place a demonstrative refers back to ("that place formerly called", not "that place formerly"),
    or the place the question names, has its other name asked — not the image's thing."""
    record = [
        "Image shows: Kell 9 (match 0.900)",
        "Kell 9: Kell 9: a two-stage launch vehicle; in 2015 it launched the Orla probe from Cape Orla.",
        "Cape Orla: Cape Orla, Cape Vessa: a sandy promontory (formerly Cape Vessa) off the coast of Tarn",
    ]
    assert _read_record(question, *record) == "Cape Vessa"


@pytest.mark.parametrize(
    "question",
    [
        "How long is the mountain range that the homeland of this wild ox sits in?",
        "The homeland of this ox lies in a great mountain range; about how long is that range?",
    ],
)
def test_the_link_past_the_bridge_tied_by_the_questions_preposition_is_searched_first(question: str) -> None:
    """ "the range that the homeland … sits in" — the homeland's entry: "a region of Varnia; located in the
    Kell Mountains": the Kell Mountains are the range asked about (past the homeland, or reached through
    it), not Varnia; the next query looks them up."""
    record = [
        "Image shows: Tarn yak (match 0.950)",
        "Tarn yak: Tarn yak: large long-haired wild ox of Orlat",
        "Orlat: Orlat: an autonomous region of Varnia; located in the Kell Mountains",
    ]
    chain = Chain.build("Tarn yak", record_entries([_iteration(0, *record)]), read_question(question))
    assert "Kell Mountains" in (chain.links[0], chain.step_past_bridge)
    earlier = [focused_query(read_question(question), "Tarn yak", "Tarn yak")]
    for _ in range(2):  # the homeland first, when the question names it the bridge; then the range
        earlier.append(next_query(question, [_iteration(0, *record)], earlier))
    assert any(query.startswith("Kell Mountains ") for query in earlier)


def test_what_object_a_named_thing_contains_is_the_verbs_object() -> None:
    """ "What unusual object does Orla contain?" — "contains a black hole", while "What do people call that
    group?" asks no verb's object."""
    record = [
        "Image shows: Kell Nebula (match 0.900)",
        "Kell Nebula: Kell Nebula: a nebula in Tarn near Orla",
        "Orla: Orla: a constellation in the north between Tarn and Vessa; contains a black hole",
    ]
    question = "Orla lies next to this nebula's constellation. What unusual object does Orla contain?"
    assert _read_record(question, *record) == "black hole"
    called = "The constellation of this nebula holds a group of seven stars. What do people call that group?"
    assert read_question(called).predicate == ""


@pytest.mark.parametrize(
    "question",
    ["Tarnia leads the world in exporting which product?", "Which crop is Tarnia the leading exporter of?"],
)
def test_what_a_trader_deals_in_is_the_noun_before_its_doer_noun(question: str) -> None:
    """ "exporting which product" — "world's leading coffee exporter" → "coffee"."""
    record = [
        "Image shows: Kell rhea (match 0.900)",
        "Kell rhea: Kell rhea: a flightless bird of Tarnia",
        "Tarnia: Tarnia, Republic of Tarnia: the largest Orlan country; world's leading coffee exporter",
    ]
    assert _read_record(question, *record) == "coffee"


def test_the_colour_of_markings_is_what_the_coat_is_marked_with() -> None:
    """ "What colour are the stripes on this cat's coat?" — "grey or tawny coat … striped or swirled with
    black": black, not the coat's own colour."""
    text = "a domestic cat whose grey or tawny coat is striped, spotted or swirled with black"
    for question in (
        "What colour are the stripes, spots or swirls on this cat's coat?",
        "This cat's coat is striped and swirled - what colour are the markings?",
    ):
        assert _read_shown(question, "Kell cat", text) == "black"


_CARIBOU = [
    "Image shows: Kell deer (match 0.700)",
    "Kell deer: Kell deer, orlat, Rangifer kellii: Arctic deer with antlers; called `orlat' in Eurasia and"
    " `kell deer' in North America",
    "Eurasia: Eurasia: the land mass formed by the continents of Europe and Asia",
]


@pytest.mark.parametrize(
    "question",
    [
        "Folks in North America call this antlered Arctic deer one name. What do people call it in Eurasia?",
        "In North America people call this Arctic deer a kell deer. What name does it go by in Eurasia?",
    ],
)
def test_the_region_a_name_is_used_in_is_no_subject_nor_anchor(question: str) -> None:
    """ "What do people call it in Eurasia?" asks the image's thing's name used there — Eurasia names no
    entity the question asks about, and anchors nothing."""
    shape = read_question(question)
    assert shape.subject == "" and region_of_name(question) == "Eurasia"
    candidates = [_candidate("e", "Eurasia", _CARIBOU[2].split(": ", 1)[1])]
    assert named_guess(shape, candidates, 0.3) is None
    assert _read_record(question, *_CARIBOU) == "orlat"


@pytest.mark.parametrize(
    "question",
    [
        "A fish like this is called a kellfish, but under what name do restaurants usually sell it?",
        "On a restaurant menu, what name would this fish most likely go by?",
    ],
)
def test_the_name_a_menu_gives_what_is_shown_is_its_own(question: str) -> None:
    """A pair whose entry is only a caption ("Mahi-mahi: A dolphinfish.") answers by its title."""
    assert (
        _read_record(question, "Image shows: Orla-orla (match 0.820)", "Orla-orla: A kellfish.")
        == "Orla-orla"
    )


def test_the_word_before_the_kind_asked_makes_a_name_of_that_kind() -> None:
    """ "This parrot is the Tarn form of which rosella species?" — the image's own "Crimson rosella"."""
    record = ["Image shows: Kell rosella (match 0.940)", "Kell rosella: A Tarn Rosella."]
    assert _read_record("This parrot is the Tarn form of which rosella species?", *record) == "Kell rosella"


@pytest.mark.parametrize(
    "question",
    ["Whose coinage do these old silver pieces belong to?", "What coinage do these pieces belong to?"],
)
def test_the_image_entity_named_kind_of_owner_answers_whose_kind(question: str) -> None:
    """ "whose coinage …" — what is shown is "Coinage of ancient Norland": not "Norlandic"."""
    record = [
        "Image shows: Coinage of ancient Norland (match 0.980)",
        "Coinage of ancient Norland: Coinage of ancient Norland: silver coins struck by Norlandic towns.",
    ]
    assert _read_record(question, *record) == "Coinage of ancient Norland"


def test_a_scene_of_the_askers_own_before_a_semicolon_leaves_it_to_stand_for_what_is_shown() -> None:
    """ "I snapped this antelope; in which city is the capital of the country it's so common in?": "it" is
    the antelope, so the country is a bridge; the scene adds no words to the query."""
    shape = read_question(
        "I snapped this antelope with the spiral horns; in which city is the capital of the country it's so"
        " common in?"
    )
    assert shape.bridge == "country" and "snapped" not in shape.attribute


def test_a_name_qualifying_the_kind_asked_is_no_subject() -> None:
    """ "In which US state is that launch site?" asks about the site, not the US."""
    shape = read_question("This launcher flew from a sandy cape. In which US state is that launch site?")
    assert shape.subject == "" and shape.bridge == "site"


def test_a_link_written_as_initials_is_tied_to_by_its_full_name() -> None:
    """ "A UK post box." — "Velt, capital of the United Kingdom" answers the capital of that country."""
    record = [
        "Image shows: Post box (match 0.900)",
        "Post box: A UK post box.",
        "Velt: Velt, capital of the United Kingdom: the capital and largest city of Tarnland",
        "Orlat: Orlat, capital of Kellia: a city of Kellia",
    ]
    question = (
        "You'd post a letter in a box like this in a country. Which city is the capital of that country?"
    )
    assert _read_record(question, *record) == "Velt"


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Which insect is this fly said to resemble?", "honeybee drone"),
        ("Which insect does this fly mimic?", "honeybee drone"),
    ],
)
def test_a_likeness_asked_with_which_kind_is_this_said_to_resemble(question: str, answer: str) -> None:
    assert _read_shown(question, "Kellfly", "A kellfly resembles a honeybee drone.") == answer


@pytest.mark.parametrize(
    "question",
    [
        "What gives this galaxy its black-eye look?",
        "What makes this galaxy look as if it had a black eye?",
        "What causes the dark patch in front of the bright core of this galaxy?",
    ],
)
def test_what_gives_a_thing_its_look_is_the_doer_of_looks_like(question: str) -> None:
    text = (
        "Kell Galaxy, Messier 99: a spiral galaxy in Orla; a dark band of dust in front of its bright nucleus"
        " looks like a black eye."
    )
    assert _read_shown(question, "Kell Galaxy", text) == "dark band of dust"


def test_the_inside_of_a_part_is_its_interior() -> None:
    text = "kell shell: marine snails of the genus Kellia having an ear-shaped shell with pearly interior"
    assert _read_shown("What is the inside of this shell like?", "Kell shell", text) == "pearly interior"


def test_a_name_given_to_a_part_after_have_been() -> None:
    """ "What name have the dark columns in this nebula been given?" — "… are called the Pillars of Kell"."""
    text = (
        "Kell Nebula, Messier 99: an emission nebula in Orla; its dark columns of gas and dust are called the"
        " Pillars of Kell."
    )
    question = "What name have the dark columns of gas and dust in this nebula been given?"
    assert _read_shown(question, "Kell Nebula", text) == "Pillars of Kell"


@pytest.mark.parametrize(
    "question",
    [
        "What do you call a landmark built of piled stones like this, as used by the Tarni?",
        "What is the name for this kind of stone landmark that people in the Arctic build?",
    ],
)
def test_the_name_for_a_kind_like_this_is_what_is_shown(question: str) -> None:
    record = [
        "Image shows: Kellstone (match 0.900)",
        "Kellstone: A landmark made of stones, used by the Tarni.",
    ]
    assert _read_record(question, *record) == "Kellstone"


def test_a_demonstrative_refers_back_to_a_named_place_whose_entry_is_of_its_kind() -> None:
    """ "Rockets like this launch from Cape Orla. What was that promontory formerly called?" — Cape Orla's
    entry: "a sandy promontory (formerly Cape Vessa)"."""
    record = [
        "Image shows: Kell 9 (match 0.900)",
        "Kell 9: Kell 9: a two-stage launch vehicle built by Tarnco; it launched the Orla probe.",
        "Cape Orla: Cape Orla, Cape Vessa: a sandy promontory (formerly Cape Vessa) off the coast of Tarn",
    ]
    for question in (
        "Rockets like this one launch from Cape Orla. What was that promontory formerly called?",
        "Rockets like this often fly from Cape Orla - what was that cape formerly called?",
    ):
        assert _read_record(question, *record) == "Cape Vessa"


def test_a_continent_or_its_part_is_the_last_likely_country_on_the_chain() -> None:
    """ "… native to a country in southern North America. Which city is that country's capital?" — the
    entry "native to Tarnia and Central America": Tarnia is looked up first, Central America is a region."""
    question = "These blooms are native to a country of North America. Which city is that country's capital?"
    record = [
        "Image shows: Kellia (match 0.950)",
        "Kellia: Kellia: a genus of plants native to Central America and Tarnia",
    ]
    chain = Chain.build("Kellia", record_entries([_iteration(0, *record)]), read_question(question))
    assert chain.links[0] == "Tarnia"


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        (
            "If you travelled to the country this marsupial is native to, what would its capital city be?",
            "city",
        ),
        ("This koala lives in one country. What is its capital?", "capital"),
    ],
)
def test_a_supposed_trip_asks_nothing_and_a_kind_after_its_is_asked(question: str, kind: str) -> None:
    shape = read_question(question)
    assert shape.type_noun == kind and "travelled" not in shape.attribute
    assert read_question("What are its tusks made of?").type_noun is None


@pytest.mark.parametrize(
    "question",
    [
        "This evergreen oak's leaves look rather like those of another plant. Which one?",
        "This evergreen oak's leaves look like a different plant's. Which one?",
    ],
)
def test_a_likeness_to_another_asked_back_by_which_one(question: str) -> None:
    text = "kell oak: evergreen oak of Norland having leaves somewhat resembling those of holly"
    assert _read_shown(question, "Kell oak", text) == "holly"


@pytest.mark.parametrize(
    ("question", "text", "answer"),
    [
        (
            "Orla lies near this nebula. What is Orla said to contain?",
            "Orla: Orla: a constellation in the north between Tarn and Vessa; contains a black hole",
            "black hole",
        ),
        (
            "What structures is this animal famous for building?",
            "orlat: large rodent of Norland with a broad flat tail; construct complex dams and lodges",
            "complex dams and lodges",
        ),
    ],
)
def test_a_verb_object_asked_by_said_to_or_famous_for(question: str, text: str, answer: str) -> None:
    title = text.split(":")[0]
    assert _read_record(question, f"Image shows: {title} (match 0.900)", text) == answer


def test_the_asked_verb_picks_its_agent_even_where_the_bridge_description_runs_into_the_asking_sentence() -> (
    None
):
    """ "… named after a princess who was chained to a rock. Who rescued her?" — "sent by Orno, but she was
    rescued by Tarno": the agent of the question's own verb."""
    record = [
        "Image shows: Kell Galaxy (match 0.900)",
        "Kell Galaxy: Kell Galaxy: a spiral galaxy in the constellation Vessa",
        "Vessa: Vessa: (Norland mythology) a princess fastened to a rock and exposed to a sea monster"
        " that was sent by Orno, but she was rescued by Tarno and became his wife",
    ]
    question = (
        "The constellation that contains this galaxy is named after a princess who was chained to a rock"
        " as an offering to a sea monster. Who rescued her?"
    )
    assert _read_record(question, *record) == "Tarno"


def test_a_demonym_naming_the_mythology_keeps_the_bridge() -> None:
    """ "Who is that goddess's counterpart in Greek mythology?": "that goddess" is still the bridge."""
    shape = read_question(
        "An old nickname ties this bird to a Roman queen of the gods. Who is that goddess's counterpart in"
        " Greek mythology?"
    )
    assert shape.bridge == "goddess"


def test_a_part_named_by_a_direction_counts_only_in_the_asked_things_own_entry() -> None:
    """ "Which region is this ox wild in?" — its own entry's "Tarnia", not "western Orland" from another
    animal's entry that the record holds beside it."""
    lines = [
        line("Kell ox", "Kell ox: large long-haired wild ox of Tarnia often domesticated"),
        line("Orl bison", "Orl bison: large shaggy ox of western Orland with a humped back", 0.85),
    ]
    assert best("Which region is this long-haired ox wild in?", lines, own=("Kell ox",)) == "Tarnia"


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # the side of a part, asked of a possessed part
        ("What is the inside of this sea snail's shell like?", "pearly interior"),
        ("What's the inside of this snail's ear-shaped shell like?", "pearly interior"),
        # "shaped like" asks the shape in a word, not the part
        ("What is the shell of this sea snail shaped like?", "ear-shaped"),
        ("What is this snail's shell like?", "ear-shaped shell with pearly interior"),
    ],
)
def test_a_part_asked_is_the_one_named_first(question: str, answer: str) -> None:
    text = "kell snail: marine snails of the genus Kellia having an ear-shaped shell with pearly interior"
    found = _read_shown(question, "Kell snail", text)
    assert found == answer or answer.startswith(found) and found != "Kellia"


@pytest.mark.parametrize(
    "question",
    [
        "What job is this humped ox mainly used for in Norland?",
        "What is this humped ox with the big dewlap chiefly used as?",
    ],
)
def test_a_use_asked_by_job_or_by_used_as_is_read_from_used_as(question: str) -> None:
    """ "what job is it used for" asks a use, not an occupation; "what is this ox chiefly used as" asks a
    use, not what the image shows."""
    text = (
        "kell ox: domesticated ox having a humped back and a large dewlap; used chiefly as a draft animal in"
        " Norland"
    )
    assert _read_shown(question, "Kell ox", text) == "draft animal"


@pytest.mark.parametrize(
    ("question", "named", "answer"),
    [
        (
            "What was the goal of the Norland Kell program of rocket flights?",
            "Kell program",
            "putting a man in orbit around Orla",
        ),
        (
            "What was the Norland Tarn program of space flights set up to do?",
            "Tarn program",
            "to land a man on Orla",
        ),
    ],
)
def test_a_goal_asked_is_what_the_entry_says_a_thing_was_undertaken_to_do(
    question: str, named: str, answer: str
) -> None:
    record = [
        f"Question names: {named} (match 1.000)",
        "Kell program: Kell program: a program of rocket flights undertaken by Norland between 1961 and 1963"
        " with the goal of putting a man in orbit around Orla",
        "Tarn program: Tarn program: a program of space flights undertaken by Norland to land a man on Orla",
    ]
    assert _read_record(question, *record) == answer


@pytest.mark.parametrize(
    "question",
    ["Who was Tarno's twin sister?", "Who was Tarno's twin in Norland myth?"],
)
def test_a_twin_asked_of_a_named_god_reads_the_twin_relation_of_the_entry(question: str) -> None:
    """ "Who was Apollo's twin sister?" — Apollo: "… son of Zeus and Leto; twin brother of Artemis"."""
    record = [
        "Question names: Tarno (match 1.000)",
        "Tarno: Tarno: (Norland mythology) god of light; son of Orno and Lessa; twin brother of Vessa",
        "Temple of Tarno: Temple of Tarno, Oracle of Tarno: (Norland mythology) the oracle where a priestess"
        " delivered messages from Tarno",
    ]
    assert _read_record(question, *record) == "Vessa"


@pytest.mark.parametrize(
    ("question", "title", "answer"),
    [
        ("These striped reef fish make up which subfamily of fishes?", "Kellioninae", "Kellioninae"),
        ("Name the genus this spotted reef fish belongs to.", "Tarnopomus", "Tarnopomus"),
        ("This spotted reef fish is a member of which fish genus?", "Tarnopomus", "Tarnopomus"),
    ],
)
def test_a_rank_asked_is_the_scientific_title_its_form_or_common_name_gloss_makes_of_that_rank(
    question: str, title: str, answer: str
) -> None:
    """A one-word title ending in -inae is a subfamily's; a Latin-looking title whose entry gives only a
    common name ("A coral trout.") is a genus's: the image's own entity answers."""
    record = [
        f"Image shows: {title} (match 0.900)",
        f"{title}: A reef fish.",
        "Kell Sea: Kell Sea: an arm of the Orla Ocean off the coast of Norland",
    ]
    assert _read_record(question, *record) == answer


@pytest.mark.parametrize(
    "question",
    [
        "How does this little fish hold its body when it swims?",
        "What's odd about the way this little fish swims?",
        "This fish swims in an unusual posture. How does it hold its body when swimming?",
        "How does this small fish hold its body while it swims?",
        "Fish usually swim horizontally, but how does this little one swim?",
    ],
)
def test_a_manner_asked_of_a_verb_is_the_phrase_after_that_verb(question: str) -> None:
    """ "the way this fish swims", "hold its body when it swims" — "swim in upright position"."""
    text = "kell horse: small fish with horse-like heads bent sharply downward; swim in upright position"
    assert _read_shown(question, "Kell horse", text) == "upright position"


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Why does this planetary nebula remind people of an owl?", "two dark patches"),
        ("What features make this nebula look like an owl?", "two dark patches"),
        ("Two dark patches in this nebula give it its nickname. What do they look like?", "eyes of an owl"),
        ("What does this nebula look like, with its two dark patches?", "eyes of an owl"),
        ("Which feature of this planetary nebula makes it look like an owl?", "two dark patches"),
        ("What is it about this nebula that gives it the look of an owl?", "two dark patches"),
        ("Two dark patches lie in this nebula. What does that make it look like?", "eyes of an owl"),
    ],
)
def test_a_likeness_asked_reads_what_looks_like_what(question: str, answer: str) -> None:
    """Why it reminds people of something, or what makes it look so, asks the doer of "look like"; what
    it (or the thing a sentence before names) looks like asks the object."""
    text = (
        "Kell Nebula, Messier 99: a planetary nebula in Orla whose two dark patches look like the eyes of an"
        " owl."
    )
    assert _read_shown(question, "Kell Nebula", text) == answer


@pytest.mark.parametrize(
    "question",
    [
        "Is there anything record-breaking about this sleepy rodent?",
        "This animal holds a size record among rodents - which one?",
    ],
)
def test_a_record_asked_in_other_words_is_the_superlative_of_the_entry(question: str) -> None:
    text = (
        "kellybara: pig-sized tailless amphibious rodent of Sudra with partly webbed feet; largest living"
        " rodent"
    )
    assert _read_shown(question, "Kellybara", text) == "largest living rodent"


def test_a_use_asked_with_by_whom_after_for_is_read_from_used_as() -> None:
    """ "What was a stone landmark like this used for by the people who built it?" — "used as a milestone
    or directional marker by the Kell"."""
    text = (
        "A landmark made of stones. It was used as a milestone or directional marker by the Kell of Norland."
    )
    question = "What was a stone landmark like this used for by the people who built it?"
    assert _read_shown(question, "Kellsuk", text) == "milestone"


def test_a_description_of_the_named_entity_describes_no_other_entry() -> None:
    """ "The constellation Dorvan lies between Orla and Kell in the Milky Way - what notable object is it
    said to contain?": the description restates the named entity's own entry best, so a neighbour's entry
    that restates part of it is not the answer; the object its entry says it contains is."""
    record = [
        "Question names: Dorvan (match 1.000)",
        "Dorvan: Dorvan: a constellation in the northern hemisphere between Orla and Kell in the Milky Way;"
        " contains a black hole",
        "Tarva: Tarva: a constellation in the Milky Way near Dorvan; contains the star Altaris",
    ]
    question = (
        "The constellation Dorvan lies between Orla and Kell in the Milky Way - what notable object is it"
        " said to contain?"
    )
    assert _read_record(question, *record) == "black hole"


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Ranked by size, where does this spiral galaxy come among the members of the Kell Group?", "third"),
        ("Among the members of the Kell Group, where does this galaxy rank by size?", "third"),
        ("What's special about this galaxy among the members of the Kell Group?", "third largest member"),
    ],
)
def test_a_rank_by_a_given_dimension_is_the_place_alone(question: str, answer: str) -> None:
    """ "where does it rank by size" — "the third largest member": the question gives the dimension, the
    place answers; a record asked without one keeps the superlative."""
    text = "Kell Galaxy, Messier 99: a spiral galaxy in Orla, the third largest member of the Kell Group."
    assert _read_shown(question, "Kell Galaxy", text) == answer


def test_a_posture_a_statement_gives_and_which_one_asks_is_the_manner_of_its_verb() -> None:
    text = "kell horse: small fish with horse-like heads bent sharply downward; swim in upright position"
    question = "These little fish swim in an unusual posture. Which one?"
    assert _read_shown(question, "Kell horse", text) == "upright position"


@pytest.mark.parametrize(
    "question",
    [
        "This big bright nebula sits in a keel-shaped southern constellation. Which famous star, the second"
        " brightest in the sky, belongs to that same constellation?",
        "Apart from the massive star buried inside this nebula, which famous bright star is found in the same"
        " keel-shaped constellation?",
    ],
)
def test_the_same_kind_as_the_image_s_own_is_a_bridge(question: str) -> None:
    """ "that same constellation", "the same keel-shaped constellation": the constellation the image's
    thing lies in, whose entry names the star — not a star the image's own entry names."""
    assert read_question(question).bridge == "constellation"
    entries = [
        (
            "Kell Nebula",
            "Kell Nebula: a large bright nebula in the constellation Dorvan that surrounds the massive"
            " star Eta Dorvani",
        ),
        ("Dorvan", "Dorvan: a keel-shaped constellation in the southern hemisphere; contains the star Orlis"),
    ]
    shape = read_question(question)
    assert read_on_chain(shape, Chain.build("Kell Nebula", entries, shape), entries) == "Orlis"


@pytest.mark.parametrize(
    "question",
    [
        "This nebula is in Dorvan. As a sign of the zodiac, what figure is Dorvan known as?",
        "Looking at this nebula in Dorvan, I wondered: what is the zodiac sign Dorvan also known as?",
    ],
)
def test_what_a_named_thing_is_known_as_is_another_name_of_its_own_entry(question: str) -> None:
    record = [
        "Question names: Dorvan (match 1.000)",
        "Dorvan: Dorvan, Dorvan the Archer, Archer: the ninth sign of the zodiac",
        "Kell Nebula: Kell Nebula, Swan Nebula: a bright nebula in the constellation Dorvan",
    ]
    assert _read_record(question, *record) == "Archer"


@pytest.mark.parametrize(
    "question",
    [
        "This shrub comes from around the Kell Sea. What superlative does the Kell Sea hold?",
        "This shrub is native to the Kell Sea. How is the Kell Sea described in terms of inland seas?",
    ],
)
def test_a_superlative_asked_of_a_named_thing_is_the_record_its_entry_states(question: str) -> None:
    record = [
        "Question names: Kell Sea (match 1.000)",
        "Kell Sea: Kell Sea: the largest inland sea; between Norland and Sudra and Ostralia",
    ]
    assert _read_record(question, *record) == "largest inland sea"


@pytest.mark.parametrize(
    "question",
    [
        "Should I be careful around this frilly striped fish? What's dangerous about it?",
        "Would it be safe to touch this striped, frilly fish? What's it known for?",
    ],
)
def test_a_danger_asked_is_the_poison_the_entry_states(question: str) -> None:
    assert (
        _read_shown(question, "Kelloris", "A very poisonous kellfish! Kelloris, genus Kelloris")
        == "very poisonous"
    )


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Orlis shines near this nebula. What is Orlis's Greek-letter designation?", "Alpha Dorvani"),
        (
            "Tarsis, one of the bright stars near this dark cloud, goes by which other designation?",
            "Beta Dorvani",
        ),
    ],
)
def test_a_designation_of_a_named_star_is_another_name_of_its_own_entry(question: str, answer: str) -> None:
    """ "X's Greek-letter designation", "X, …, goes by which other designation": the other name the named
    star's own entry lists, not a name of the image's entry."""
    record = [
        "Image shows: Kell Nebula (match 0.900)",
        "Kell Nebula: Kell Nebula: a dark nebula just south of the star Tarsis in the constellation Dorvan",
        "Orlis: Orlis, Alpha Dorvani: the second brightest star in Dorvan",
        "Tarsis: Tarsis, Beta Dorvani: the brightest star in Dorvan",
    ]
    assert _read_record(question, *record) == answer


@pytest.mark.parametrize(
    "question",
    [
        "What is it that splits this nebula into separate lobes?",
        "This nebula has three lobes. What divides it?",
    ],
)
def test_the_doer_asked_by_a_cleft_or_of_it_is_the_phrase_before_the_verb(question: str) -> None:
    text = (
        "Kell Nebula, Messier 99: a nebula in the constellation Orla that dark lanes of dust divide into"
        " three lobes."
    )
    assert _read_shown(question, "Kell Nebula", text) == "dark lanes of dust"


def test_a_name_a_sentence_says_a_star_goes_by_makes_it_no_owner_of_the_name_asked() -> None:
    """ "Orlis goes by the name Alpha Dorvani. Which star is known as Beta Dorvani?": the star whose entry
    lists the name asked, not the one the sentence before names."""
    record = [
        "Question names: Beta Dorvani (match 1.000)",
        "Orlis: Orlis, Alpha Dorvani: the second brightest star in Dorvan",
        "Tarsis: Tarsis, Beta Dorvani: the brightest star in Dorvan",
        "Dorvan: Dorvan, Hunter: a constellation on the equator; contains Orlis and Tarsis",
    ]
    question = "Orlis goes by the name Alpha Dorvani. Which star is known as Beta Dorvani?"
    assert _read_record(question, *record) == "Tarsis"


_NORLAND_GODS = [
    "Vessa: Vessa: (Norland mythology) queen of the Olympian gods who protected marriage; wife and sister of"
    " Tarno; counterpart of Kellish Mora",
    "Mora: Mora, Mera: queen of the Olympian gods in Kellish mythology; sister and wife of Zell; identified"
    " with Norland Vessa",
    "Tarno: Tarno, Jove: (Norland mythology) supreme god of Norland; counterpart of Kellish Zell",
    "Zell: Zell: (Kellish mythology) the supreme god of Kellish mythology; husband and brother of Mora;"
    " counterpart of Norland Tarno",
]


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("In Norland mythology, Vessa was the wife of which god?", "Tarno"),
        (
            "This bird is known as the bird of Vessa. Vessa is the Norland counterpart of which Kellish"
            " goddess?",
            "Mora",
        ),
    ],
)
def test_a_relation_a_named_owner_is_asked_to_stand_in_is_read_from_its_own_entry_as_stated(
    question: str, answer: str
) -> None:
    """ "X was the wife of which god?", "X is the counterpart of which goddess?": the owner's entry states the
    relation as asked ("wife and sister of Tarno"), not its converse; another god's spouse is no answer."""
    assert _read_record(question, "Question names: Vessa (match 1.000)", *_NORLAND_GODS) == answer


def test_whose_relation_is_read_from_the_named_owners_entry_as_stated() -> None:
    """ "Whose twin sister was X?" — X: "twin sister of Y"."""
    record = [
        "Question names: Vessa (match 1.000)",
        "Vessa: Vessa: (Norland mythology) the wife of Kell; daughter of Lessa and twin sister of Tarno",
        "Kell: Kell: (Norland mythology) king of Orla and husband of Vessa",
        "Tarno: Tarno: (Norland mythology) god of light; son of Orno and Lessa",
    ]
    assert _read_record("Whose twin sister was Vessa?", *record) == "Tarno"


def test_one_married_to_a_named_owner_is_the_spouse_its_entry_names() -> None:
    """ "X was married to a king. Who was he?" — X: "the wife of Y"; one who merely acts in X's story is not
    the spouse."""
    record = [
        "Question names: Andra (match 1.000)",
        "Andra: Andra: (Kellish mythology) the wife of Kell and mother of Dora",
        "Kell: Kell: (Kellish mythology) king of Orla and husband of Andra",
        "Dora: Dora: (Kellish mythology) an Orlan princess and daughter of Andra; she was fastened to a rock"
        " and exposed to a sea monster that was sent by Poso, but she was rescued by Perso and became his"
        " wife",
        "Melo: Melo: (Kellish mythology) the king of Sparta at the time of the war; husband of Hela",
    ]
    assert _read_record("In Kellish mythology Andra was married to a king. Who was he?", *record) == "Kell"


def test_a_capital_asked_of_a_named_city_is_the_whole_its_entry_makes_it_capital_of() -> None:
    """ "Speaking of Orlania: Kellby is the capital of which Orlanian state?" — Kellby: "capital and largest
    city of Tarn state"; the lead-in's topic is no part of a name, and another state's capital is no
    answer."""
    record = [
        "Question names: Kellby (match 1.000)",
        "Kellby: Kellby: capital and largest city of Tarn state; located in the southeastern corner of Tarn",
        "Tarn: Tarn: a state in northeastern Orlania",
        "Velby: Velby: the state capital of West Orlania",
    ]
    question = "Speaking of Orlania: Kellby is the capital of which Orlanian state?"
    assert read_question(question).names == ["Orlania", "Kellby", "Orlanian"]
    assert _read_record(question, *record) == "Tarn"


def test_a_place_a_demonym_qualifying_the_asked_kind_names_is_no_answer() -> None:
    """ "On which Orlanian island does Mount Zell stand?": the island lies in Orlania; Orlania, itself a
    string of islands, is not it."""
    record = [
        "Question names: Mount Zell (match 1.000)",
        "Zell: Zell, Mount Zell: an extinct volcano in south central Kellshu that is the highest peak in"
        " Orlania; last erupted in 1707",
        "Orlania: Orlania, Nippa: a constitutional monarchy occupying the Orlanian Archipelago",
        "Orlania: Orlania, Orlanian Islands, Orlanian Archipelago: a string of more than 3,000 islands to the"
        " east of Norland",
    ]
    assert _read_record("On which Orlanian island does Mount Zell stand?", *record) == "Kellshu"


def test_a_named_entity_after_a_lead_in_about_the_image_is_the_subject_asked_about() -> None:
    """ "Thinking about where this animal lives: in which part of Orlania is Kellby located?": the clause
    after the colon asks about Kellby; Orlania is only the region its answer lies in."""
    shape = read_question(
        "Thinking about where this animal lives: in which part of Orlania is Kellby located?"
    )
    assert shape.subject == "Kellby"


@pytest.mark.parametrize(
    ("question", "text", "answer"),
    [
        (
            "What does this spiny, long-snouted animal hunt with its claws?",
            "a burrowing mammal covered with spines and having a long snout and claws for hunting ants and"
            " termites; native to Orlania",
            "ants and termites",
        ),
        (
            "This eared seal is related to fur seals, but what does it lack that they have?",
            "any of several large eared seals of the Kell Sea related to fur seals but lacking their valuable"
            " coat",
            "their valuable coat",
        ),
        (
            "To which other fruit is this leathery-skinned tropical fruit related?",
            "large tropical fruit of Orlania with leathery skin and soft pulp; related to custard apples",
            "custard apples",
        ),
    ],
)
def test_the_object_of_the_asked_verb_is_read_past_commas_but_clauses_and_a_trailing_relative(
    question: str, text: str, answer: str
) -> None:
    """The verb's object is asked though the subject's description holds a comma, the question asks after
    ", but", a relative clause follows the verb ("that they have"), or kin is asked ("related to")."""
    assert _read_shown(question, "Kell beast", text) == answer


def test_a_counterpart_asked_among_another_pantheon_is_read_from_the_owners_entry() -> None:
    """ "Who is X's counterpart among the Kellish gods?" — X: "counterpart of Kellish Mora"."""
    record = [
        "Image shows: Kell peafowl (match 0.900)",
        "Kell peafowl: A peacock. peafowl, bird of Vessa: very large terrestrial pheasant",
        *_NORLAND_GODS,
    ]
    question = (
        "Peafowl are sometimes called the bird of Vessa. Who is Vessa's counterpart among the Kellish gods?"
    )
    assert _read_record(question, *record) == "Mora"


def test_an_entitys_own_title_ending_in_a_given_name_is_kept_whole() -> None:
    """ "Which country occupies the eastern part of New Kell?" — "Tarna New Kell", an entity of its own, is
    not cut to "Tarna" for ending in the name the question gives."""
    record = [
        "Question names: New Kell (match 1.000)",
        "New Kell: New Kell: a Pacific island to the north of Orlania; the western part is governed by"
        " Veldia and the eastern part is Tarna New Kell",
        "Tarna New Kell: Tarna New Kell, Independent State of Tarna New Kell: a parliamentary democracy"
        " on the eastern half of the island of New Kell",
    ]
    question = (
        "Besides Orlania, this leaping animal lives on New Kell. Which country occupies the eastern part"
        " of New Kell?"
    )
    assert _read_record(question, *record) == "Tarna New Kell"


def test_an_old_name_asked_is_the_one_the_entry_says_it_was_formerly_called() -> None:
    record = [
        "Question names: Veldia (match 1.000)",
        "Veldia: Veldia, Federal Republic of Veldia, Veltopya, Abyssa: Veldia is a republic in"
        " northeastern Orla on the Kell Sea; formerly called Abyssa",
    ]
    assert (
        _read_record("Camels like this roam northern Orla. What was the old name of Veldia?", *record)
        == "Abyssa"
    )


@pytest.mark.parametrize(
    "question",
    [
        "What do astronomers call the dark columns of gas and dust in this nebula?",
        "The dark columns of gas and dust in this nebula have a famous name. What are they called?",
    ],
)
def test_the_name_of_a_part_the_question_describes_is_what_the_entry_calls_it(question: str) -> None:
    text = (
        "an open cluster inside an emission nebula in the constellation Orla; its dark columns of gas and"
        " dust are called the Pillars of Tarn."
    )
    assert _read_shown(question, "Kell Nebula", text) == "Pillars of Tarn"


def test_what_runs_down_a_part_a_lead_in_names_is_placed_on_that_part() -> None:
    text = (
        "large herbivorous tropical arboreal lizards with a spiny crest along the back; used as food in Orla"
    )
    question = "Looking along this lizard's back, what feature runs down it?"
    assert _read_shown(question, "Kell iguana", text) == "a spiny crest"


@pytest.mark.parametrize(
    "question",
    [
        "What sort of markings does this cat's coat have?",
        "What markings does the coat of a cat like this one have?",
    ],
)
def test_the_markings_of_a_part_are_what_the_entry_says_the_part_is(question: str) -> None:
    text = "a domestic cat whose grey or tawny coat is striped, spotted or swirled with black."
    assert _read_shown(question, "Kell cat", text) == "striped, spotted or swirled with black"


def test_a_kind_asked_as_the_object_of_a_named_doers_verb_is_its_object_in_any_form_of_the_verb() -> None:
    """ "Which monster did Tarno slay?" — "… who slew Gorga": the object of the verb, written in its past
    form; the father the entry names is no object of it."""
    shape = read_question(
        "The Norland hero Tarno has a constellation near this galaxy. Which monster did Tarno slay in myth?"
    )
    text = (
        "Tarno: (Norland mythology) the son of Orno who slew Gorga (with the help of Vessa) and rescued Andra"
    )
    assert object_of_asked_verb(shape, "Gorga", text)
    assert not object_of_asked_verb(shape, "Orno", text)


def test_the_name_for_a_thing_like_the_one_shown_asks_what_is_shown() -> None:
    record = [
        "Image shows: Kellstone (match 0.900)",
        "Kellstone: A kellstone, a landmark made of stones.",
        "Kellstone: It was used as a milestone or directional marker by the Orlans of the Norland Artic.",
    ]
    assert _read_record(
        "What is the name for a stone landmark like this one built by the Orlans?", *record
    ) == ("Kellstone")


def test_a_wide_kind_asked_of_a_named_thing_is_the_head_of_its_entrys_definition() -> None:
    """ "What kind of feature is X?": "feature" says nothing of the kind; the entry's head does ("a
    conspicuous crater on the Moon")."""
    record = [
        "Question names: Tarnicus (match 1.000)",
        "Tarnicus: Tarnicus: a conspicuous crater on the Moon",
        "Tarnicus: Tarnicus, Nicolaus Tarnicus: Orlan astronomer who produced a model of the solar system"
        " (1473-1543)",
    ]
    question = "Tarnicus is the name of a conspicuous feature on this body. What kind of feature is Tarnicus?"
    assert _read_record(question, *record) == "conspicuous crater"


def test_an_exact_date_asked_is_the_whole_date_the_entry_gives() -> None:
    record = [
        "Question names: Kell Orno (match 1.000)",
        "Orno: Orno, Kell Orno: Norland astronaut; the first man to set foot on Orla (July 20, 1969) (1930-)",
    ]
    question = "Kell Orno was the first man to set foot on Orla. On what exact date did he do it?"
    assert _read_record(question, *record) == "July 20, 1969"


def test_a_numeral_hyphened_to_a_name_is_no_count_and_a_dash_ends_a_lead_in() -> None:
    """ "The Kell-2 deep-space probe.": "2" is part of the name; "Tarn was the last planet this probe
    visited — how many times …?": the clause after the dash asks about Tarn."""
    question = (
        "Tarn was the last planet this probe visited — roughly how many times the mass of Orla is Tarn?"
    )
    record = [
        "Image shows: Kell 2 (match 0.900)",
        "Kell 2: The Kell-2 deep-space probe.",
        "Tarn: Tarn is the eighth planet from the Sun. Tarn is 17 times the mass of Orla and is more massive"
        " than Zell.",
    ]
    assert read_question(question).subject == "Tarn"
    assert _read_record(question, *record) == "17"


def test_a_verbs_object_asked_in_the_plural_is_read_whole_not_as_names_a_line_lists() -> None:
    """ "related to which other fruits?": the object of "related to" ("custard apples") answers, not the
    names another line lists together ("North America and South America")."""
    record = [
        "Image shows: Kellimoya (match 0.900)",
        "kellimoya: kellimoya, kellimolla: large tropical fruit with leathery skin and soft pulp; related to"
        " custard apples",
        "kellimoya: kellimoya, kellimoya tree, Annona kellimola: small tropical American tree bearing"
        " round or oblong fruit",
        "Orla: Orla: North America and South America and Central America",
    ]
    assert _read_record("This leathery fruit is related to which other fruits?", *record) == "custard apples"


def test_whose_relation_asked_of_a_named_owner_after_its_kind_is_read_as_stated() -> None:
    """ "Whose wife was the goddess X?" — X: "wife and sister of Tarno"."""
    record = ["Question names: Vessa (match 1.000)", *_NORLAND_GODS]
    assert _read_record("In Norland mythology, whose wife was the goddess Vessa?", *record) == "Tarno"


def test_whose_thing_asked_is_the_owner_a_named_entry_gives_it() -> None:
    """ "… a palace that was formerly whose residence?" — "the residence of the king of Orla"."""
    record = [
        "Question names: Old Town (match 1.000)",
        "Old Town: Old Town: a walled section of Kellby that encloses the palace that was formerly the"
        " residence of the king of Orla",
        "Kellby: Kellby: the capital of Orla",
    ]
    question = "Kellby's Old Town encloses a palace that was formerly whose residence?"
    assert _read_record(question, *record) == "the king of Orla"


def test_a_comma_ends_a_name_and_a_name_in_possessive_apposition_opens_the_subject() -> None:
    shape = read_question("Kellby, Orla's capital — which river is it on?")
    assert shape.names == ["Kellby", "Orla"]
    assert shape.subject == "Kellby"


@pytest.mark.parametrize(
    ("question", "title", "text", "answer"),
    [
        (
            "What does this rodent build in and around the water?",
            "Kell beaver",
            "a large semiaquatic rodent of Orla with a broad flat tail; constructs complex dams and"
            " underwater lodges",
            "complex dams and underwater lodges",
        ),
        (
            "This edible sea snail has an ear-shaped shell. What is the inside of the shell like?",
            "Kell snail",
            "any of various large edible marine gastropods of Orla having an ear-shaped shell with pearly"
            " interior",
            "pearly interior",
        ),
        (
            "What does the shape of this galaxy, with its bulge and dust lane, look like?",
            "Kell Galaxy",
            "Kell Galaxy, Messier 99: a spiral galaxy in Orla with a bright bulge and a dust lane that"
            " make it look like a broad-brimmed hat.",
            "broad-brimmed hat",
        ),
        (
            "What is the shape of this sea snail's shell said to resemble?",
            "Kell snail",
            "any of various large edible marine gastropods of Orla having an ear-shaped shell with pearly"
            " interior",
            "ear-shaped",
        ),
        (
            "From where we sit, how is this galaxy oriented - are we seeing it face-on or edge-on?",
            "Kell Galaxy",
            "Kell Galaxy, Messier 98: a starburst galaxy seen edge-on in the constellation Orla Major",
            "edge-on",
        ),
        (
            "This heavy animal has a nickname that calls it a kind of horse. What is that nickname?",
            "Kellopotamus",
            "kellopotamus, kello, river horse, Kellopotamus amphibius: massive thick-skinned herbivorous"
            " animal living in or around rivers of tropical Orla",
            "river horse",
        ),
        (
            "People dry the flowers of this shrub. What are they usually put in?",
            "Kell lavender",
            "Kell lavender, Lavandula kellia: aromatic shrub of Orla widely cultivated for its lilac"
            " flowers which are dried and used in sachets",
            "sachets",
        ),
    ],
)
def test_what_is_said_of_the_thing_shown_read_in_more_wordings(
    question: str, title: str, text: str, answer: str
) -> None:
    """Where a verb's object is asked past "in and around"; a part's side of "the" part; a likeness asked of a
    shape, kept apart from the shape itself; options offered after a dash; a nickname described in the
    sentence before "What is that nickname?" (no bridge); "put in" stated as "used in"."""
    assert _read_shown(question, title, text) == answer


def test_the_object_of_a_verb_with_around_asked_of_a_named_thing() -> None:
    record = [
        "Question names: Tarn (match 1.000)",
        "Tarn: Tarn, Dragon: a faint constellation twisting around the north celestial pole and lying between"
        " Orla Major and Kellus",
        "Orla Major: Orla Major: a constellation near the North Star",
    ]
    question = "Tarn is a constellation next to the one where this nebula sits. What does Tarn twist around?"
    assert _read_record(question, *record) == "north celestial pole"


@pytest.mark.parametrize(
    ("question", "named", "lines", "answer"),
    [
        (
            "Long before pictures like this, Varro studied the stars. Which kind of telescope did Varro"
            " perfect?",
            "Varro",
            [
                "Varro: Varro, Tam Varro: Orlan astronomer who was the first to map the stars of Orla;"
                " perfected the reflecting telescope that enabled him to make many discoveries (1600-1660)",
                "Kell: Kell, Ama Kell: Orlan astronomer of the Renaissance who studied comets",
            ],
            "reflecting telescope",
        ),
        (
            "Unrelated to this nebula: what kind of planet is Tarnis classified as?",
            "Tarnis",
            [
                "Tarnis: Tarnis is the sixth planet from Orla and the largest planet of its system. Tarnis is"
                " classified as an ice giant along with Kell.",
            ],
            "ice giant",
        ),
    ],
)
def test_a_kind_asked_before_a_fronted_verb_or_a_stranded_as_is_what_the_verb_leads_up_to(
    question: str, named: str, lines: list[str], answer: str
) -> None:
    """ "Which kind of X did Y <verb>?" — "… <verbed> the <modifier> X"; "what kind of X is Y classified as?"
    — "… classified as a <kind>" (an -ing word after an article modifies the noun)."""
    assert _read_record(question, f"Question names: {named} (match 1.000)", *lines) == answer


@pytest.mark.parametrize(
    ("question", "text", "answer"),
    [
        (
            "Named for Varro. Varro commanded an expedition that was the first to do what?",
            "Varro, Tam Varro: Orlan navigator in the service of Kell; he commanded an expedition that was"
            " the first to cross the Tarn Sea (1480-1521)",
            "cross the Tarn Sea",
        ),
        (
            "Varro, the hero of Orlan myth, performed seven great labours — to achieve what?",
            "Varro: (Orlan mythology) a hero noted for his strength; performed seven great labors to gain"
            " wisdom",
            "wisdom",
        ),
    ],
)
def test_a_verb_phrase_asked_by_do_what_or_by_another_verb_of_its_relation(
    question: str, text: str, answer: str
) -> None:
    """ "the first to do what?" asks the verb phrase after "the first to"; "to achieve what?" is answered
    by "to gain …"."""
    assert _read_record(question, "Question names: Varro (match 1.000)", f"Varro: {text}") == answer


@pytest.mark.parametrize(
    ("question", "title", "text", "answer"),
    [
        (
            "How is this Orlan deer doing as a species? Is it safe, or something worse?",
            "Kell deer",
            "small deer of the forests of Orla; now in danger of extinction",
            "in danger of extinction",
        ),
        (
            "Other than its colours, what stands out about this bird's beak?",
            "Kell bird",
            "brilliantly colored fruit-eating bird of Orla having a very large thin-walled beak",
            "very large thin-walled beak",
        ),
        (
            "Besides dams, what does this animal build in the water?",
            "Kell beaver",
            "large semiaquatic rodent of Orla with a broad flat tail; constructs complex dams and underwater"
            " lodges",
            "underwater lodges",
        ),
        (
            "In army shorthand, what type of military vehicle is this?",
            "Tarn",
            "With a fast APC like this Tarn, you can cross any river.",
            "APC",
        ),
    ],
)
def test_the_status_a_look_a_set_aside_object_and_a_likened_kind_of_the_thing_shown(
    question: str, title: str, text: str, answer: str
) -> None:
    """A species' status asked with "is it safe" (a status, not a danger); "what stands out about its
    beak" asks the beak's look; "besides dams" sets aside "complex dams"; "a K like this <name>" says what
    kind of thing the named one is."""
    assert _read_shown(question, title, text) == answer


def test_what_gives_a_named_thing_its_look_is_the_doer_a_gloss_gives_it_by() -> None:
    record = [
        "Question names: Tarnis (match 1.000)",
        "Tarnis: Tarnis is the fourth planet from Orla. It is often called the Red World as the iron oxide"
        " prevalent on its surface gives it a reddish appearance.",
    ]
    question = (
        "This nebula has nothing to do with it, but I'm curious: what gives Tarnis its reddish appearance?"
    )
    assert _read_record(question, *record) == "iron oxide"


def test_a_body_named_with_and_is_read_whole_where_the_question_leads_up_to_it() -> None:
    record = [
        "Question names: Kellby (match 1.000)",
        "Kellby: Kellby: the largest city in Orla; located near the Tarn Sea; site of the Orlan Aeronautics"
        " and Space Administration",
    ]
    question = "Kellby, in Orla, is the site of which government space agency?"
    assert _read_record(question, *record) == "Orlan Aeronautics and Space Administration"


def test_the_owner_asked_of_a_colony_is_the_place_its_demonym_names() -> None:
    record = [
        "Question names: Republic of Tarn (match 1.000)",
        "Tarn: Tarn, Republic of Tarn: a republic in western Orla on the Kell Sea; formerly a Norlandian"
        " colony; achieved independence in 1958",
        "Equatorial Tarn: Equatorial Tarn, Republic of Equatorial Tarn: a country of west central Orla; a"
        " former colony",
        "Norlandia: Norlandia: a kingdom in northern Orla",
    ]
    question = "Funny name for a bird. The Republic of Tarn was formerly a colony of which country?"
    assert _read_record(question, *record) == "Norlandia"


_TARN_SKY = [
    "Rigor: Rigor, Beta Tarni: the brightest star in Tarn",
    "Betor: Betor, Alpha Tarni: the second brightest star in Tarn",
    "Arkt: Arkt: the 4th brightest star and the brightest star in the constellation Bootan; 36 light-years"
    " from Earth",
    "Tarn: Tarn, Hunter: a constellation on the equator; contains Betor and Rigor",
]


@pytest.mark.parametrize(
    "question",
    [
        "I took this picture of a star-forming cloud. What's the brightest star in the constellation it"
        " belongs to?",
        "This dark cloud is shaped like a horse's head. Which star is the brightest in the constellation that"
        " contains it?",
    ],
)
def test_it_in_a_bridges_clause_is_the_thing_shown_when_the_asking_clause_points_at_nothing(
    question: str,
) -> None:
    """ "the constellation it belongs to", "the constellation that contains it": a bridge, though no "this
    <noun>" stands in the asking clause — answered by the entry that names the bridge with the asked kind."""
    record = [
        "Image shows: Kell Nebula (match 0.920)",
        "Kell Nebula: Kell Nebula: a dark nebula shaped like a horse's head, just south of the star Alnak in"
        " the constellation Tarn.",
        *_TARN_SKY,
    ]
    assert _read_record(question, *record) == "Rigor"


def test_it_in_a_bridges_clause_is_the_thing_shown_when_no_sentence_points_at_it() -> None:
    record = [
        "Image shows: Kell wallaby (match 0.920)",
        "Kell wallaby: Kell wallaby: small wallaby of islands off the coast of Orla",
        "Orla: Orla, Commonwealth of Orla: a nation occupying the whole of the Orlan continent",
        "Kellby: Kellby: the capital and largest city of Norland; a country it borders",
        "Tarnby: Tarnby: the capital of Orla; located in the southeast",
    ]
    question = "Cute little thing, right? What's the capital of the country it comes from?"
    assert _read_record(question, *record) == "Tarnby"


def test_a_thing_a_there_is_sentence_places_by_the_thing_shown_is_what_which_is_it_asks() -> None:
    """ "There's a bright star in the same constellation as this cloud. Which star is it?" asks that star."""
    record = [
        "Image shows: Kell Nebula (match 0.920)",
        "Kell Nebula: Kell Nebula: a large bright nebula in the constellation Tarn",
        "Tarn: Tarn: a keel-shaped constellation in the southern hemisphere; contains the star Canop",
        "Canop: Canop: supergiant star 650 light years from Earth; second brightest star in the sky",
    ]
    question = (
        "There's a very bright supergiant star in the same keel-shaped constellation as this glowing cloud."
        " Which star is it?"
    )
    assert _read_record(question, *record) == "Canop"


@pytest.mark.parametrize(
    ("question", "title", "text"),
    [
        (
            "My friend sent me a detail of this famous painting. What's the painting called?",
            "The Tarn Night",
            "The Tarn Night: an oil painting of a swirling night sky over a village, painted by Ama Kell in"
            " 1889; held by the Museum of Orlan Art.",
        ),
        (
            "Which of Ama Kell's paintings is reproduced here?",
            "The Tarn Night",
            "The Tarn Night: an oil painting of a swirling night sky over a village, painted by Ama Kell in"
            " 1889; held by the Museum of Orlan Art.",
        ),
        (
            "Which famous 1889 canvas is this a view of?",
            "The Tarn Night",
            "The Tarn Night: an oil painting of a swirling night sky over a village, painted by Ama Kell in"
            " 1889; held by the Museum of Orlan Art.",
        ),
        (
            "Which Orlan Navy rear admiral and early computer programmer is in this photograph?",
            "Ama Kell",
            "Ama Kell: Orlan computer scientist and Orlan Navy rear admiral (1906-1992), one of the first"
            " programmers of the Tarn Mark I.",
        ),
        (
            "Who was this Orlan Navy rear admiral and early computer scientist?",
            "Ama Kell",
            "Ama Kell: Orlan computer scientist and Orlan Navy rear admiral (1906-1992), one of the first"
            " programmers of the Tarn Mark I.",
        ),
        ("What type of airliner is this?", "Kell 848", "An airplane."),
    ],
)
def test_more_wordings_that_ask_what_the_image_shows(question: str, title: str, text: str) -> None:
    """ "What's the painting called?" after "this painting"; "which of X's paintings is reproduced here";
    "which canvas is this a view of"; "which <description> is in this photograph"; "who was this
    <description>"; "what type of airliner is this" where the entry's bare "An airplane." tells no type."""
    assert _read_shown(question, title, text) == title


@pytest.mark.parametrize(
    "question",
    [
        "What kind of water do these pink birds usually inhabit?",
        "What kind of water does this wading bird like to live in?",
    ],
)
def test_a_kind_of_water_asked_is_the_water_a_gloss_says_it_lives_in(question: str) -> None:
    text = "large pink to scarlet web-footed wading bird of Orla with down-bent bill; inhabits brackish lakes"
    assert _read_shown(question, "Kell flamingo", text) == "brackish lakes"


@pytest.mark.parametrize(
    "question",
    [
        "Sometimes this fish is called a tarnfish; what's the name you'd usually see for it on a restaurant"
        " menu?",
        "If you ordered this fish at a restaurant, under what Orlan-sounding name would it usually appear on"
        " the menu?",
        "If this fish turned up on a restaurant menu, what would it probably be called?",
    ],
)
def test_a_name_asked_for_a_menu_is_the_things_other_name(question: str) -> None:
    """The name a menu gives the thing shown is its name other than the one its entry describes it by."""
    assert _read_shown(question, "Kello-kello", "A tarnfish.") == "Kello-kello"


def test_the_more_common_name_asked_after_a_name_the_question_gives_is_the_title() -> None:
    """ "This deer is sometimes called a kellet. What is its more common name?" — not "kellet", which the
    question gives, nor another alias: the name the thing is known by."""
    text = "A kellet. red tarn, kellet, Orlan elk, Cervus kellus: common deer of temperate Orla"
    question = "This big deer is sometimes called a kellet. What is its more common name?"
    assert _read_shown(question, "Tarn elk", text) == "Tarn elk"


def test_an_acronym_the_question_spells_out_is_no_kind_of_the_thing_shown() -> None:
    """ "What type of armoured personnel carrier is this?" asks which APC: the entry's "a fast APC like this
    Tarn" names no other kind, so the name answers."""
    text = "With a fast APC like this Tarn, you can cross any river."
    assert _read_shown("What type of armoured personnel carrier is this?", "Tarn", text) == "Tarn"


def test_a_wh_word_after_a_semicolon_leads_up_to_nothing_before_it() -> None:
    shape = read_question("The eastern half of that island is an independent state; what is its capital?")
    assert shape.before_answer == ""


def test_a_capital_of_a_region_fits_a_question_about_the_capital_of_a_country_less() -> None:
    """ "the capital city of the country where …": "Tarnby: capital city of the Piem region of northern
    Tarnia" holds that role in a region, not in a country — it fits less than the country's capital."""
    question = read_question(
        "What is the capital city of the country where this way of brewing was developed?"
    )
    region = line("Tarnby", "Tarnby, Tarno: capital city of the Piem region of northwestern Tarnia")
    country = line("Kessa", "Kessa, capital of Tarnia: capital and largest city of Tarnia; on the Tevra")
    lines = [region, country]
    assert type_fit(question, "Tarnby", region, lines) < type_fit(question, "Kessa", country, lines)


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        (
            "The way of brewing this little cup was developed in one particular country; which city is that"
            " country's capital?",
            ["city", "capital"],
        ),
        (
            "The way this drink is made was worked out in a southern Orlan country; what is that country's"
            " capital?",
            ["capital"],
        ),
    ],
)
def test_a_semicolon_before_the_wh_clause_leaves_the_scene_out_of_what_is_asked(
    question: str, asked: list[str]
) -> None:
    shape = read_question(question)
    assert (shape.bridge, shape.asked) == ("country", asked)


def test_a_thing_a_there_is_sentence_introduces_with_a_participle_is_what_a_dashed_which_is_it_asks() -> None:
    record = [
        "Image shows: Kell Nebula (match 0.920)",
        "Kell Nebula: Kell Nebula: the remnant of a supernova in the constellation Tarn",
        "Tarn: Tarn: a zodiacal constellation in the northern hemisphere; contains the Seven Sisters",
        "Seven Sisters: Seven Sisters: a star cluster in the constellation Tarn",
    ]
    question = (
        "There's a famous star cluster sharing the same constellation as this supernova remnant — which"
        " cluster is it?"
    )
    assert _read_record(question, *record) == "Seven Sisters"


@pytest.mark.parametrize(
    ("question", "title", "text"),
    [
        (
            "What is the name of the launch vehicle on the pad here?",
            "Tarn 9",
            "Tarn 9: a two-stage rocket built by Kell Space; it launched the Orla Observatory in 2015.",
        ),
        (
            "Which Messier object is this spiral galaxy in the Great Bear?",
            "Messier 181",
            "Messier 181, Kell's Galaxy: a spiral galaxy in Ursa Major discovered by Ama Kell in 1774.",
        ),
        (
            "Which species of peafowl does this showy bird belong to?",
            "Kell peafowl",
            "peafowl: very large terrestrial southeast Orlan pheasant often raised as an ornamental bird",
        ),
        (
            "Which bird species does this showy male belong to?",
            "Kell peafowl",
            "peafowl: very large terrestrial southeast Orlan pheasant often raised as an ornamental bird",
        ),
    ],
)
def test_what_is_shown_asked_by_its_place_or_as_a_species_it_belongs_to(
    question: str, title: str, text: str
) -> None:
    """ "the name of the launch vehicle on the pad here"; "which Messier object is this galaxy in the Great
    Bear"; "which species of peafowl does this bird belong to": what the image shows is asked."""
    assert _read_shown(question, title, text) == title


def test_what_else_a_thing_does_past_what_the_question_sets_aside() -> None:
    text = "large semiaquatic rodent of Orla with a flat tail; construct complex dams and underwater lodges"
    question = "Apart from dams, what else do these animals construct under water?"
    assert _read_shown(question, "Kell beaver", text) == "underwater lodges"


def test_a_kind_of_object_a_named_thing_is_said_to_contain_is_the_verbs_object_not_its_own_kind() -> None:
    record = [
        "Question names: Tarn (match 1.000)",
        "Tarn: Tarn: a constellation in the northern hemisphere between Kellus and Orla; contains a black"
        " hole",
    ]
    question = "Tarn is not far from this nebula. What kind of exotic object is Tarn said to contain?"
    assert _read_record(question, *record) == "black hole"


def test_the_brightest_star_of_which_constellation_leads_up_to_where_the_gloss_says_in() -> None:
    """ "Pollor is the brightest star of which constellation?" — "Pollor: the brightest star in Tarnini"."""
    question = read_question(
        "While we're looking at this cluster: Pollor is the brightest star of which constellation?"
    )
    assert aligned(question, "Pollor: the brightest star in Tarnini; close to Kastor") == ["Tarnini"]


def test_which_thing_bears_a_name_the_question_gives_is_the_entry_listing_that_name() -> None:
    """ "Which star in Tarn is also known as Alpha Tarni?" — "Betor, Alpha Tarni: …", though the other
    names of what a question names are otherwise no answer."""
    record = ["Question names: Tarn (match 1.000)", *_TARN_SKY]
    assert _read_record("Which star in Tarn is also known as Alpha Tarni?", *record) == "Betor"


@pytest.mark.parametrize(
    "question",
    [
        "In Norland mythology, whose wife and sister was Vessa?",
        "In Norland myth, Vessa was queen of the gods - who was both her husband and her brother?",
    ],
)
def test_a_relation_of_two_nouns_asked_of_a_named_owner(question: str) -> None:
    """ "whose wife and sister was X?", "who was both her husband and her brother?" — "wife and sister of
    Tarno"."""
    record = ["Question names: Vessa (match 1.000)", *_NORLAND_GODS]
    assert _read_record(question, *record) == "Tarno"


def test_the_tower_called_that_crowns_the_thing_shown_is_no_identity_question() -> None:
    shape = read_question("What is the tower called that crowns this palace-and-garden complex?")
    assert (shape.answer_type, shape.type_noun) == ("named", "tower")


def test_a_number_after_a_place_that_a_thousands_separator_continues_is_no_part_of_its_name() -> None:
    text = "thought to have migrated from southeastern Orla 20,000 years ago; Messier 101 and Kell 11."
    assert names_in(text) == ["Orla", "Messier 101", "Kell 11"]


def test_something_a_sentence_says_does_in_the_present_is_what_what_is_it_asks() -> None:
    text = "Kell Nebula, Messier 101: the remnant of a supernova in Tarn; a pulsar spins at its centre"
    question = "Something spins rapidly at the centre of this cloud. What is it?"
    assert _read_shown(question, "Kell Nebula", text) == "pulsar"


def test_a_kind_the_question_gives_of_the_thing_shown_leaves_its_name_to_answer() -> None:
    """ "What kind of coffee is this, the strong kind …?" — "Kell brew: strong coffee made …": the
    question gives "strong", so the kind asked is the one its name says."""
    text = "Kell brew: strong coffee made by forcing hot water under pressure through finely ground beans"
    question = (
        "What kind of coffee is this, the strong kind made by forcing hot water under pressure through"
        " finely ground beans?"
    )
    assert _read_shown(question, "Kell brew", text) == "Kell brew"


# --- twenty-second round: names in passing, manners, parts by side, pronouns called back -----------------


def test_a_name_given_in_passing_at_the_end_asks_for_no_name() -> None:
    """Measure shape "how long is <X>, often called <a description>?": a name in passing asks for none."""
    text = "Tarn, Tarn River: the longest river of Orla (900 miles); flows north into the Kell Sea"
    question = "How long is the Tarn, often called the longest river of Orla?"
    assert read_question(question).answer_type == "number"
    assert _read_record(question, "Question names: Tarn (match 1.000)", f"Tarn: {text}") == "900 miles"


@pytest.mark.parametrize(
    "question",
    [
        "How was Norland found?",
        "How was Norland found, if not by empirical observation?",
        "Norland was the first planet found in what way?",
    ],
)
def test_how_a_thing_was_done_is_the_means_after_its_participle(question: str) -> None:
    """Manner shapes "how was X found", "X was found in what way": the phrase after "found by", up to
    "rather than"; an alternative the question sets aside ("if not by …") is no part of the lead-up."""
    text = (
        "Norland was the first planet found by mathematical prediction rather than by empirical observation."
    )
    assert _read_record(question, "Question names: Norland (match 1.000)", f"Norland: {text}") == (
        "mathematical prediction"
    )


def test_a_part_set_aside_with_its_owner_is_set_aside_whatever_qualifies_it() -> None:
    text = "Kell beaver: large rodent of Tarn; builds complex dams and underwater lodges"
    assert (
        _read_shown("Besides its lodges, what does this rodent build?", "Kell beaver", text) == "complex dams"
    )


def test_a_name_called_with_of_is_one_name() -> None:
    text = "Kell Nebula: an emission nebula in Tarn; its dark columns of dust are called the Pillars of Orla"
    question = "This nebula's dark columns of dust have a famous nickname. What is it?"
    assert _read_shown(question, "Kell Nebula", text) == "the Pillars of Orla"


def test_the_colours_asked_in_the_plural_are_all_the_colours_given_together() -> None:
    text = "Kell trogon: large trogon of Tarn having golden-green and scarlet plumage"
    assert (
        _read_shown("What colours is this bird's plumage?", "Kell trogon", text) == "golden-green and scarlet"
    )
    assert (
        _read_shown("What colour is this bird's breast?", "Kell trogon", text) != "golden-green and scarlet"
    )


def test_a_part_whose_shape_is_compared_to_something_is_the_part_asked() -> None:
    text = "Kell shell: large edible sea snail of Tarn having an ear-shaped shell with pearly interior"
    question = "What shape is this sea snail's shell often compared to?"
    assert read_question(question).part == "shell"
    assert _read_shown(question, "Kell shell", text) == "ear-shaped"


def test_a_tower_is_a_building() -> None:
    """Kind shape "what building …": a tower, a temple, a palace are buildings; a description of a building
    off the chain is not preferred to the named tower the thing's own entry gives."""
    text = "Kell Gardens: lakes and gardens in Tarn, crowned by the Tower of Orla on Varro Hill"
    record = [
        "Image shows: Kell Gardens (match 0.900)",
        f"Kell Gardens: {text}",
        "Norland Hill: Norland Hill: a section of Vessa; site of the capital building",
    ]
    assert _read_record("What building crowns the hill at this site?", *record) == "Tower of Orla"


def test_a_question_after_but_that_names_its_entity_asks_about_it() -> None:
    """Contrast shape "<the image's thing> …, but how many … does <X> have?": X is the subject."""
    shape = read_question("Tarn has only this one moon, but how many moons does Kell have?")
    assert shape.subject == "Kell"


def test_what_people_call_a_named_thing_asks_its_other_name() -> None:
    """Shape "what do the <people> usually call <X>?": another name of X, not a kind described in words."""
    shape = read_question(
        "Kell Plough is a guide to finding this galaxy. What do the Orlans usually call Kell Plough?"
    )
    assert shape.name_asked is not None and shape.name_asked.owner == "Kell Plough"
    assert read_question("What do astronomers call an asteroid whose orbit crosses ours?").name_asked is None


def test_who_is_she_after_a_role_asks_for_the_person_in_that_role() -> None:
    shape = read_question("Vessa, capital of Tarn, was named after its patron goddess. Who is she?")
    assert (shape.answer_type, shape.type_noun) == ("named", "goddess")
    assert read_question("Who is she?").answer_type == "identity"


def test_a_polite_frame_opening_the_last_sentence_is_no_part_of_what_is_asked() -> None:
    shape = read_question(
        "The wild dog in this photo lives in one country. Can you tell me that country's capital city?"
    )
    assert (shape.type_noun, shape.asked) == ("city", ["capital", "city"])


def test_a_kind_a_sentence_described_and_the_question_calls_back_is_no_part_of_the_thing() -> None:
    question = (
        "Stargazers look for this nebula in a constellation that also holds a pattern of seven bright stars. "
        "What is that pattern usually called?"
    )
    assert not asks_thing_part(read_question(question))


def test_the_holder_of_a_part_by_its_side_is_named_after_that_part() -> None:
    """Shape "which country governs the eastern part of <island>": the name right after "the eastern part",
    not the one the verb's passive gives another part ("the western part is governed by …")."""
    text = "Zell: an island of Ostralia; the western part is governed by Tarnia and the eastern part is Kell"
    lines = [line("Zell", f"Zell: {text}")]
    assert best("Which country governs the eastern part of Zell?", lines) == "Kell"
    assert best("Which country governs the western part of Zell?", lines) == "Tarnia"


def test_a_possessive_answer_to_whose_is_its_owner() -> None:
    text = "Varro: its orbit's odd precession was explained by Orla Kell's General Theory of Gravity"
    question = "Whose General Theory of Gravity explained the odd precession of Varro's orbit?"
    assert _read_record(question, "Question names: Varro (match 1.000)", f"Varro: {text}") == "Orla Kell"


def test_a_kind_asked_with_plain_adjectives_is_its_head_and_a_qualified_answer_keeps_it() -> None:
    """Kind shape "what type of young star cluster": the kind is the cluster, and "a young open cluster" says
    which type — the word with the kind after it."""
    question = "What type of young star cluster is found inside this nebula?"
    assert read_question(question).type_noun == "cluster"
    text = "Kell Nebula, Messier 99: a large emission nebula with a young open cluster, in Tarn"
    assert _read_shown(question, "Kell Nebula", text) == "open cluster"


def test_what_is_doing_something_at_a_place_asks_the_doer() -> None:
    text = "Kell Nebula, Messier 99: the remnant of a supernova in Tarn; a pulsar spins at its centre"
    assert _read_shown("What is spinning at the centre of this remnant?", "Kell Nebula", text) == "pulsar"


def test_a_short_phrase_after_a_colon_opens_the_asking_clause() -> None:
    """ "…: in Orlan myth, which monster did the hero Varro slay?" asks the object of the verb."""
    question = (
        "Looking at this galaxy near Varro in the sky: in Orlan myth, which monster did the hero Varro slay?"
    )
    record = [
        "Question names: Varro (match 1.000)",
        "Varro: Varro: (Orlan myth) the son of Tarno who slew Kelda (helped by Orla) and rescued Vessa",
    ]
    assert _read_record(question, *record) == "Kelda"


def test_which_number_a_thing_is_in_an_order_is_an_ordinal() -> None:
    question = "Counting through the zodiac, which sign number is Tarn the Crab?"
    assert read_question(question).answer_type == "ordinal"
    record = [
        "Question names: Tarn (match 1.000)",
        "Tarn: Tarn, Tarn the Crab: the fourth sign of the zodiac",
    ]
    assert _read_record(question, *record) == "fourth"


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Tarn is near this galaxy. What letter-like shape does Tarn have?", "W-shaped"),
        ("The constellation Tarn, near this galaxy, is shaped like which letter?", "W-shaped"),
    ],
)
def test_a_shape_asked_by_a_likeness_is_the_shape_the_entry_gives(question: str, answer: str) -> None:
    record = [
        "Question names: Tarn (match 1.000)",
        "Tarn: Tarn: a W-shaped constellation in the north near Kell",
    ]
    assert _read_record(question, *record) == answer


def test_a_homeland_is_a_region_and_no_bridge_is_reached_through_it() -> None:
    """ "In which mountain range is the homeland of this ox?": the homeland (a region) is the bridge, and the
    range its entry places it in is the answer, not a bridge past it."""
    entries = [
        ("Kell ox", "Kell ox: large long-haired wild ox of Tarn"),
        ("Tarn", "Tarn: an autonomous region of Veldia; located in the Orla Mountains"),
    ]
    shape = read_question("In which mountain range is the homeland of this long-haired ox?")
    assert Chain.build("Kell ox", entries, shape).links[0] == "Tarn"


def test_a_link_named_like_the_bridge_is_the_likelier_bridge_than_a_place_past_another() -> None:
    """ "The museum that holds this painting is in a city that sits at …": a link named like a museum, of
    no known kind yet, is the museum; the city's place is not reached through the city."""
    entries = [
        ("Kell Night", "Kell Night: a painting by Orla Varro; held in Vessa by the Museum of Tarn Art"),
        ("Vessa", "Vessa: a city in Norland State on the Zell River"),
    ]
    shape = read_question(
        "The museum that holds this painting is in a city that sits at the mouth of which river?"
    )
    assert "Norland State" not in Chain.build("Kell Night", entries, shape).links[:1]


# --- twenty-second round, fourth part: works a detail comes from, likeness doers, orientation ------------


def test_the_work_a_detail_shown_comes_from_is_what_the_image_shows() -> None:
    assert read_question("Which famous painting is this swirling night sky from?").answer_type == "identity"
    assert read_question("Which country is this post box from?").answer_type == "named"


def test_what_in_the_thing_looks_like_something_is_the_part_that_does() -> None:
    text = "Kell Nebula: a planetary nebula in Tarn whose two dark patches look like the eyes of an owl"
    assert (
        _read_shown("What in this nebula looks like an owl's eyes?", "Kell Nebula", text)
        == "two dark patches"
    )


@pytest.mark.parametrize(
    ("side", "text"), [("face-on", "a face-on spiral galaxy"), ("edge-on", "a galaxy seen edge-on")]
)
def test_how_a_thing_is_oriented_is_the_side_its_entry_gives(side: str, text: str) -> None:
    question = "How is this galaxy oriented as we see it from Earth?"
    assert _read_shown(question, "Kell Galaxy", f"Kell Galaxy, Messier 99: {text} in Tarn") == side


def test_which_kind_is_it_after_a_sentence_opening_with_one_of_that_kind_asks_for_it() -> None:
    shape = read_question(
        "A famous supergiant star also belongs to the constellation around this nebula. Which star is it?"
    )
    assert (shape.answer_type, shape.type_noun) == ("named", "star")
    assert read_question("This star is bright. Which star is it?").answer_type == "identity"


def test_what_the_thing_is_known_for_doing_somewhere_asks_the_verbs_object() -> None:
    text = "Kell beaver: large rodent of Tarn; construct complex dams and underwater lodges"
    question = "What structures is this rodent known for building in water?"
    assert read_question(question).predicate == "build"
    assert _read_shown(question, "Kell beaver", text) == "complex dams and underwater lodges"
    aside = "Besides lodges, what complex structures is this rodent famous for building in rivers?"
    assert _read_shown(aside, "Kell beaver", text) == "complex dams"


def test_a_name_opening_a_sentence_before_a_role_of_is_named() -> None:
    """ "Vessa, queen of the Orlan gods, is identified with which Tarnish goddess?": Vessa is named, and the
    qualifier the question gives ("Tarnish") is no part of the answer the lead-up finds."""
    question = "Vessa, queen of the Orlan gods in myth, is identified with which Tarnish goddess?"
    assert "Vessa" in read_question(question).names
    text = "Vessa, Vesse: queen of the Orlan gods; sister and wife of Tarno; identified with Tarnish Kelda"
    assert _read_record(question, "Question names: Vessa (match 1.000)", f"Vessa: {text}") == "Kelda"


def test_what_does_something_at_a_place_asks_the_doer() -> None:
    text = "Kell Nebula, Messier 99: the remnant of a supernova in Tarn; a pulsar spins at its centre"
    assert _read_shown("What spins at the centre of this supernova remnant?", "Kell Nebula", text) == "pulsar"


# --- twenty-third round: appositives, verbs before a kind, counts, spots, likeness, stretches, centuries -


def test_what_a_named_subject_is_called_beside_its_name_is_not_asked() -> None:
    """ "On which river does Kell, the old royal capital, stand?": the appositive describes Kell; the river it
    stands on is asked."""
    question = (
        "Cars like this were first built in Norland. On which river does Kell, the old royal capital, stand?"
    )
    assert read_question(question).asked == ["river"]
    text = "Kell, Norland capital, capital of Norland: largest city of Norland; on the Tarn; once Orla Empire"
    assert _read_record(question, "Question names: Kell (match 1.000)", f"Kell: {text}") == "Tarn"


def test_a_verb_before_what_kind_of_thing_asks_its_object_not_the_subjects_kind() -> None:
    question = "The constellation Kell, the Hawk, is said to contain what kind of object?"
    text = "Kell: a constellation in the northern hemisphere between Tarn and Orla; contains a black hole"
    assert _read_record(question, "Question names: Kell (match 1.000)", f"Kell: {text}") == "black hole"
    plain = "What kind of object is Kell?"
    assert _read_record(plain, "Question names: Kell (match 1.000)", f"Kell: {text}") == "constellation"


def test_a_count_of_a_plural_noun_before_any_verb_counts_that_noun() -> None:
    """ "How many astronauts made up each crew?" counts astronauts: "two astronauts", not "in 1965"."""
    question = (
        "Before the missions that landed on this, Norland flew the Kell program. "
        "How many astronauts made up each Kell crew?"
    )
    text = (
        "Kell program: space flights undertaken by Norland in 1965 and 1966; "
        '"under the Kell program each crew had two astronauts"'
    )
    record = [
        "Question names: Kell (match 1.000)",
        f"Kell program: {text}",
        "Kell: Kell: a constellation near Tarn",
    ]
    assert _read_record(question, *record) == "2"


def test_a_multiple_asked_as_times_as_a_quality_counts_times_of_that_quality() -> None:
    question = "Switching to our own solar system for a moment: how many times as massive as Earth is Kell?"
    lines = [
        "Earth: Earth, world, globe: the 3rd planet from the sun; the planet we live on",
        "Kell: Kell is a gas giant with an average radius about nine times that of Earth.",
        "Kell: While only one-eighth the average density of Earth, with its larger volume Kell is just "
        "over 95 times as massive as Earth.",
    ]
    assert counted_noun(question) == "massive"  # "nine times" the radius counts no mass
    assert _read_record(question, "Question names: Earth (match 1.000)", *lines) == "95"


@pytest.mark.parametrize(
    ("question", "bridge"),
    [
        ("The tower at the top of this palace complex stands on a hill. What is the hill called?", "tower"),
        ("Which island is home to the largest numbers of this little animal?", ""),
    ],
)
def test_a_spot_or_a_quantity_of_the_thing_is_no_bridge(question: str, bridge: str) -> None:
    assert read_question(question).bridge == bridge


def test_a_link_whose_name_is_headed_by_the_asked_kind_can_answer_past_the_bridge() -> None:
    question = "The tower at the top of this palace complex stands on a hill. What is the hill called?"
    text = "a vast ensemble of lakes and palaces in Vessa, crowned by the Tower of Orla on Kell Hill"
    assert _read_shown(question, "Tarn Palace", text) == "Kell Hill"


def test_making_people_think_of_something_asks_the_likeness() -> None:
    question = "The two dark spots in this nebula make people think of what?"
    text = "Kell Nebula, Messier 99: a nebula in Tarn whose two dark patches look like the eyes of an owl"
    assert _read_shown(question, "Kell Nebula", text) == "eyes of an owl"


def test_one_thing_set_aside_asks_what_an_entry_lists_with_it() -> None:
    question = "Besides the sea, what was Kell the Orlan god of?"
    text = "Kell: (Orlan mythology) the god of the sea and earthquakes in ancient myth; brother of Tarn"
    assert _read_record(question, "Question names: Kell (match 1.000)", f"Kell: {text}") == "earthquakes"


def test_the_far_end_of_a_stretch_the_question_starts() -> None:
    question = "The Kell Mountains, home to animals like this, stretch from Tarn down to where?"
    lines = [
        "Kell goat: Kell goat: sure-footed mammal of mountainous northwestern Orla",
        "Kell Mountains: Kell Mountains: the chief range of western Orla; extends from Tarn to north Vessa",
    ]
    assert _read_record(question, "Image shows: Kell goat (match 0.900)", *lines) == "Vessa"


def test_when_without_a_year_in_the_entry_is_answered_by_its_century() -> None:
    question = "Roughly when did the city-states start striking coins like these?"
    text = "silver and bronze coins struck by Orlan city-states from the 6th century BC."
    assert _read_shown(question, "Coinage of Orla", text) == "6th century BC"


def test_which_thing_held_in_the_pictured_container_is_what_the_image_shows() -> None:
    assert read_question("Which coffee drink, made by pressing water through beans, is in this cup?").held
    assert read_question("Which country's flag is on this stamp?").answer_type == "named"


def test_what_kind_a_name_people_give_the_thing_shown_is_asks_what_is_shown() -> None:
    shape = read_question("People call this big friendly fish Kell. What species is Kell?")
    assert shape.answer_type == "identity" and shape.subject == ""


def test_which_one_after_a_sentence_ending_with_a_kind_asks_one_of_that_kind() -> None:
    shape = read_question(
        "Myth says the hunter whose constellation holds this nebula was killed by a goddess. Which one?"
    )
    assert (shape.answer_type, shape.type_noun) == ("named", "goddess")


def test_a_kind_a_statement_leads_to_whose_clause_holds_the_wh_word_is_a_bridge() -> None:
    shape = read_question(
        "This flower's genus is native to a country that won independence from Tarn in what year?"
    )
    assert "country" in shape.bridges
    entries = [
        ("Kell", "Kell: a genus of bushy plants native to Norland and Orla"),
        ("Vessa", "Vessa: a country of west Orla; became independent from Tarn in 1968"),
        ("Norland", "Norland: a republic in southern Orla; became independent from Tarn in 1810"),
    ]
    lines = [f"{title}: {text}" for title, text in entries]
    question = "This flower's genus is native to a country that won independence from Tarn in what year?"
    assert _read_record(question, "Image shows: Kell (match 0.900)", *lines) == "1810"


# --- twenty-third round, third part: what is shown asked other ways, materials, places inside the thing ---


@pytest.mark.parametrize(
    "question",
    [
        "Some people call this animal a 'river horse'. What is its usual name?",
        "There are two camel species; which one is pictured here, judging by its single hump?",
        "Which pioneering computer programmer and rear admiral is this a portrait of?",
        "What is the name for a cat with this striped, swirled coat?",
    ],
)
def test_what_is_shown_asked_by_its_usual_name_a_portrait_or_a_feature(question: str) -> None:
    assert read_question(question).answer_type == "identity"


def test_a_kind_asked_with_a_stranded_preposition_asks_another_thing() -> None:
    shape = read_question("What sort of habitat is this camel native to?")
    assert (shape.answer_type, shape.kind_of) == ("named", "habitat")
    assert read_question("What sort of camel is this?").answer_type == "identity"


def test_which_kind_is_it_after_one_of_that_kind_in_a_statement_asks_that_one() -> None:
    shape = read_question("This little wallaby is most common on one island off Orla. Which island is it?")
    assert (shape.answer_type, shape.type_noun) == ("named", "island")
    assert read_question("This is one famous star. Which star is it?").answer_type == "identity"


def test_what_things_are_struck_from_is_the_material_before_them() -> None:
    question = "Which metals were these old coins struck from?"
    text = "silver and bronze coins struck by Orlan city-states from the 6th century BC."
    assert _read_shown(question, "Coinage of Orla", text) == "silver and bronze"


def test_a_manner_asked_beside_an_unlike_aside() -> None:
    question = (
        "Probes like this one went out to Kell. How was Kell first found, unlike the planets before it?"
    )
    lines = [
        "Kell: Kell was the first planet found by mathematical prediction rather than by observation.",
        "Kell: Kell is the eighth and farthest planet from the Sun in the Solar System.",
    ]
    assert _read_record(question, "Question names: Kell (match 1.000)", *lines) == "mathematical prediction"


def test_what_gives_a_thing_its_colour_asks_the_doer() -> None:
    question = (
        "Rockets like this may reach Kell. What substance on Kell's surface gives it the reddish colour?"
    )
    lines = [
        "Kell: Kell, Red World: a small reddish planet; minerals rich in iron cover its surface",
        "Kell: Called the Red World as the iron oxide prevalent on its surface gives it a reddish look.",
    ]
    assert _read_record(question, "Question names: Kell (match 1.000)", *lines) == "iron oxide"


def test_a_thing_placed_inside_the_thing_shown_is_not_the_thing_shown() -> None:
    question = "What building stands at the top of the hill in this Vessa ensemble?"
    text = (
        "a vast ensemble of lakes, gardens and palaces in Vessa, crowned by the Tower of Orla on Kell Hill."
    )
    assert _read_shown(question, "Tarn Palace", text) == "Tower of Orla"


def test_a_link_named_by_the_asked_kind_alone_does_not_answer_past_the_bridge() -> None:
    """ "In which city is the university where the person in this portrait earned her doctorate?": a city the
    portrait's entry names for another reason ("born in Kell City") is no answer; the university's is."""
    question = "In which city is the university where the person in this portrait earned her doctorate?"
    lines = [
        "Orla Varro: Orla Varro: computer pioneer born in Kell City; earned her doctorate at Tarn University",
        "Tarn University: Tarn University: a university in Vessa, founded in 1701",
    ]
    assert _read_record(question, "Image shows: Orla Varro (match 0.900)", *lines) == "Vessa"


# --- twenty-third round, fourth part: records asked back, multiples "more", dotted initials ---------------


def test_which_one_after_a_record_among_a_kind_asks_the_record() -> None:
    shape = read_question("This sleepy animal holds a record among rodents. Which one?")
    assert shape.answer_type == "ordinal"


def test_a_multiple_asked_as_times_more_counts_times_of_that_quality() -> None:
    assert counted_noun("How many times more massive than Earth is Kell?") == "massive"
    assert counted_noun("How many times more than Earth does Kell weigh?") != "than"


def test_initials_written_with_stops_qualify_the_asked_kind_and_anchor_nothing() -> None:
    question = "In which U.S. state is Kell University located?"
    assert abbreviated_names(question) == {"united states"}
    candidates = [
        cand("t1", "text", "United States", 0.5, "United States, US, America: a federal republic"),
        cand("t2", "text", "Kell University", 0.5, "Kell University: a university in Tarnton, Massachusetts"),
    ]
    assert guess_entities(candidates, read_question(question))[0].title == "Kell University"


# --- twenty-fourth round, first part: purposes, names people know a thing by, owners, sides and aliases ----


def test_a_purpose_asked_with_a_place_word_after_the_preposition_reads_the_purpose() -> None:
    question = "This humped beast is common in Tarnia. What is it mainly used for there?"
    lines = [
        "Kell ox: A kell ox. kell ox: domesticated ox with a hump; used chiefly as a pack animal in Tarnia"
    ]
    assert _read_record(question, "Image shows: Kell ox (match 0.900)", *lines) == "pack animal"


@pytest.mark.parametrize(
    "question",
    [
        "This pale cloud holds a young cluster. By what name do stargazers know it?",  # a trade's name for it
        "Which cloud that glows over the Tarn Sea is this?",  # a kind narrowed by a relative clause
    ],
)
def test_questions_naming_what_is_shown_by_its_trade_name_or_a_relative_clause_ask_its_identity(
    question: str,
) -> None:
    assert read_question(question).asks_identity


def test_a_relative_clause_pointing_at_the_image_asks_another_thing() -> None:
    assert not read_question("Which river that flows past this city is it?").asks_identity


def test_whose_thing_asked_answers_the_owner_of_a_possessive_span() -> None:
    question = "Tarn's tides run higher than the old rules predict. Whose law explained that?"
    lines = ["Tarn: a small planet; its high tides were explained by Orla Varro's Law of Tides"]
    assert _read_record(question, "Image shows: Tarn (match 0.900)", *lines) == "Orla Varro"


def test_what_gives_a_named_thing_with_an_appositive_its_look_asks_the_doer() -> None:
    question = "This cloud looks bluish, like Tarn. What gives Tarn, the Blue World, its bluish appearance?"
    lines = [
        "Tarn: the third planet of Orla; the copper salt prevalent on its surface gives it a bluish"
        " appearance"
    ]
    assert _read_record(question, "Image shows: Tarn (match 0.900)", *lines) == "copper salt"


def test_a_kind_likened_in_a_sentence_that_opens_with_a_capital_article_drops_its_adjective() -> None:
    lines = ["Kell 40: A sturdy tractor like this Kell 40 pulls the plough, then it hauls the harvest home!"]
    question = "What kind of farm vehicle is this?"
    assert _read_record(question, "Image shows: Kell 40 (match 0.900)", *lines) == "tractor"


def test_a_kind_asked_with_an_alias_naming_what_is_shown_answers_its_name() -> None:
    question = "Which kind of goat is this, the one herders also call tarnik?"
    lines = ["Orla goat: A tarnik. orla goat, tarnik, Capra orla: common goat of the Vessa hills"]
    assert _read_record(question, "Image shows: Orla goat (match 0.900)", *lines) == "Orla goat"


def test_what_other_thing_of_the_shown_kind_is_never_the_thing_shown() -> None:
    question = "This fruit with a rough rind is related to what other fruit?"
    lines = ["Kellberry: A kellberry fruit. kellberry: small fruit with a rough rind; related to tarn plums"]
    assert _read_record(question, "Image shows: Kellberry (match 0.900)", *lines) == "tarn plums"


@pytest.mark.parametrize(
    ("question", "lines", "answer"),
    [
        (  # a lead-in before a colon, then a preposition fronted with the wh-word
            "Thinking of Orla's great rivers: into which ocean does the Tarn River flow?",
            [
                "Tarn River: Tarn, Tarn River: a major river of Orla (one of the longest); flows through"
                " Vessa into the South Varn",
                "Orla: the second largest land; bordered to the east by the Zell Ocean",
            ],
            "South Varn",
        ),
        (  # the wh-phrase in place, a side after it
            "The Vessa Strait separates Orla from which island group to its south?",
            [
                "Vessa Strait: Vessa Strait: the strait separating Orla from Tierra Kell and other islands to"
                " the south of the land; discovered by Omar Tarn in 1520; an important route around Orla"
                " before the Zell Canal was built",
                "Tierra Kell: Tierra Kell: an archipelago off southern Orla; separated from the land by the"
                " Vessa Strait; islands are administered by Mora and by Sela",
            ],
            "Tierra Kell",
        ),
    ],
)
def test_a_statement_of_the_question_s_own_words_puts_the_answer_after_them(
    question: str, lines: list[str], answer: str
) -> None:
    assert _read_record(question, "Image shows: Orla crab (match 0.400)", *lines) == answer


def test_the_part_of_a_place_asked_is_the_last_one_the_question_names() -> None:
    question = "The island's eastern part is Kellia; which country governs its western part?"
    text = "Tarn: an island; the western part is governed by Vessia and the eastern part is Kellia"
    assert holders_of_part(question, text) == ["Vessia"]


def test_a_place_across_something_from_the_subject_is_the_one_named_after_from() -> None:
    text = "Orlatown: the capital of Orla (located in southern Tarn across the Zell river from Vessa)"
    assert across_from("Orlatown faces which province across its river?", text) == ["Vessa"]
    assert across_from("In which province is Orlatown?", text) == []


def test_a_name_given_in_apposition_to_what_is_asked_is_borne_not_asked() -> None:
    question = "Which city is that region's capital, the holy city once called the Hidden City?"
    assert name_borne(question) == "Hidden City"
    assert read_question(question).name_asked is None


def test_a_bare_which_kind_asks_no_verb_the_kind_is_not_the_doer_of() -> None:
    shape = read_question(
        "The capital of the country whose city-states struck coins like these is named after a patron"
        " goddess. Which goddess?"
    )
    assert not is_asked_verb(shape, "struck")  # "struck by Greek city-states": no goddess struck them


def test_a_bare_which_kind_asks_the_verb_of_the_sentence_before_it() -> None:
    shape = read_question(
        "Legend says the hunter whose constellation holds this nebula was slain by a goddess. Which goddess?"
    )
    assert is_asked_verb(shape, "slain")


def test_a_figure_a_zodiac_sign_is_pictured_as_is_its_epithet() -> None:
    question = "This cluster sits in a zodiacal constellation. What animal is that zodiac sign pictured as?"
    lines = [
        "Kell Cluster: Kell Cluster: an open cluster in the zodiacal constellation Tarnus",
        "Tarnus: Tarnus, Tarnus the Goat, Goat: the fourth sign of the zodiac",
    ]
    assert _read_record(question, "Image shows: Kell Cluster (match 0.900)", *lines) == "Goat"


def test_another_name_of_the_bridge_is_looked_up_with_the_words_said_of_the_name() -> None:
    shape = read_question(
        "Read as a sign of the zodiac, the constellation holding this nebula goes by a nickname. What is it?"
    )
    assert shape.name_asked and not shape.name_asked.of_image
    # the words said of the name, not the whole question (whose "What is it?" retrieves nothing)
    assert focused_query(shape, "Tarnus", "Kell Nebula") == f"Tarnus {shape.name_asked.hint}"
    assert "zodiac" in shape.name_asked.hint


# --- twenty-fourth round, second part: a subject described instead of named ---------------------------


@pytest.mark.parametrize(
    ("question", "phrase", "kind"),
    [
        (
            "What is the capital of the country whose basic unit of money is the tarn?",
            "the country whose basic unit of money is the tarn",
            "country",
        ),
        (
            "Which star is the brightest in the constellation that lies between Kell and Orla?",
            "the constellation that lies between Kell and Orla",
            "constellation",
        ),
        (  # a question whose verb follows its subject: the description ends at its last name
            "From which country did the country that governs the western part of Tarn Island achieve"
            " independence?",
            "the country that governs the western part of Tarn Island",
            "country",
        ),
        (  # a kind of two words
            "Along which country does the mountain range that holds Kellia extend?",
            "the mountain range that holds Kellia",
            "range",
        ),
    ],
)
def test_a_subject_described_by_a_relative_clause_is_read_with_its_kind(
    question: str, phrase: str, kind: str
) -> None:
    subject = described_subject(question)
    assert subject is not None and (subject.phrase, subject.kind) == (phrase, kind)


@pytest.mark.parametrize(
    "question",
    [
        "What is the capital of the country where this lemur lives?",  # the image's bridge, not a description
        "Along the border of which country does Kellia lie?",  # a wh-word, no relative clause
        "What is the capital of Kellia?",
    ],
)
def test_a_question_about_the_image_or_a_named_subject_describes_no_subject(question: str) -> None:
    assert described_subject(question) is None


def test_the_described_entity_is_the_one_an_entry_ties_to_the_whole_description() -> None:
    subject = described_subject(
        "What is the capital of the country that became independent from Mora in 1810?"
    )
    assert subject is not None
    entries = [
        ("Zellia", "Zellia, Republic of Zellia: a republic in Orla; achieved independence from Mora in 1811"),
        ("Kellia", "Kellia, Republic of Kellia: a republic in Orla; became independent from Mora in 1810"),
        ("Mora", "Mora, Kingdom of Mora: a monarchy in Orla; a former colonial power"),
    ]
    assert described_entity(subject, entries) == "Kellia"  # the year must be the one described
    money = described_subject("What is the capital of the country whose basic unit of money is the tarn?")
    assert money is not None
    entries = [
        ("tarn", "tarn: the basic unit of money in Kellia; equal to 100 orls"),
        ("Kellia", "Kellia, Republic of Kellia: a republic in Orla"),
    ]
    assert described_entity(money, entries) == "Kellia"  # named by an entry about another thing
    assert described_entity(money, entries[:1]) == ""  # not known to be a country


def _iteration(step: int, *lines: str) -> Iteration:
    return Iteration(
        step=step, queries=[], candidates=[], record="\n".join(lines), seconds=0.0, model_seconds=0.0
    )


def test_a_text_only_question_about_a_described_subject_reads_the_entity_the_entries_pick_out() -> None:
    question = "What is the capital of the country that became independent from Mora in 1810?"
    record = _iteration(
        0,
        "Question names: Mora (match 1.000)",
        "Mora: Mora, Kingdom of Mora: a monarchy in Orla; a former colonial power",
        "Mora City: Mora City, capital of Mora: the capital and largest city of Mora",
        "Kellia: Kellia, Republic of Kellia: a republic in Orla; became independent from Mora in 1810",
        "Kell City: Kell City, capital of Kellia: the capital and largest city of Kellia",
    )
    assert read_records(question, [record], Context()).answer == "Kell City"


def test_a_later_record_that_tells_which_entity_is_described_outweighs_the_first_reading() -> None:
    question = "What is the capital of the country whose basic unit of money is the tarn?"
    first = _iteration(
        0,
        "tarn: tarn: the basic unit of money in Kellia; equal to 100 orls",
        "Vessa: Vessa, capital of Zellia: the capital and largest city of Zellia",
    )
    later = _iteration(
        1,
        "Kellia: Kellia, Republic of Kellia: a republic in Orla",
        "Kell City: Kell City, capital of Kellia: the capital and largest city of Kellia",
    )
    assert surer_reading(question, [first, later], Context()).answer == "Kell City"
    assert next_query(question, [first, later], []).startswith("Kellia ")  # the entity, with what is asked


# --- twenty-fourth round, third part: records, looks, names given back, phrases of one shape -----------


@pytest.mark.parametrize(
    "question",
    [
        "Among living rodents, what is special about this one?",
        "What is historically special about this planetary nebula?",
        "This sleepy pig-sized animal holds a size record. Which one?",
    ],
)
def test_a_record_or_a_first_asked_without_its_word_reads_as_a_record(question: str) -> None:
    assert read_question(question).answer_type == "ordinal"


@pytest.mark.parametrize(
    ("question", "line", "answer"),
    [
        (  # why it is named after what it looks like
            "Why is this planetary nebula named after a bird?",
            "Kell Nebula: Kell Nebula: a planetary nebula in Orla whose two dark patches look like the eyes"
            " of an owl",
            "two dark patches",
        ),
        (  # what lies somewhere on it and gives it its look
            "What lies in front of this galaxy's bright nucleus and gives it its distinctive look?",
            "Kell Galaxy: Kell Galaxy: a spiral galaxy in Orla; a dark band of dust in front of its bright"
            " nucleus looks like a black eye",
            "dark band of dust",
        ),
    ],
)
def test_what_gives_the_thing_shown_its_look_is_what_the_gloss_says_looks_that_way(
    question: str, line: str, answer: str
) -> None:
    assert _read_record(question, "Image shows: Kell (match 0.900)", line) == answer


@pytest.mark.parametrize(
    ("question", "line", "answer"),
    [
        (
            "My cat's coat looks like this. What patterns mark this kind of coat?",
            "Kell cat: Kell cat: a domestic cat whose grey coat is barred or dotted with white",
            "barred or dotted with white",
        ),
        (
            "Up close, what covers the outside of this red fruit?",
            "Kellfruit: Kellfruit: sour bright red oval Orlan fruit covered with soft bristles",
            "soft bristles",
        ),
        (
            "If I cut this fruit open, what surrounds its many seeds?",
            "Kellfruit: Kellfruit: large round fruit having many seeds with sweet white flesh in a thin rind",
            "sweet white flesh",
        ),
        (
            "In this mountain goat, which sex carries the curved horns?",
            "Kell goat: Kell goat: Orlan goat with curved horns in both sexes; called `kellik' in Tarn",
            "both sexes",
        ),
        (
            "After its blue flowers are dried, what are they usually put into?",
            "Kellweed: Kellweed: fragrant Orlan herb grown for its blue flowers which are dried and used in"
            " pillows",
            "pillows",
        ),
        (
            "What sort of diet does this great ape have?",
            "Kell ape: Kell ape: largest ape of Orla; arboreal and frugivorous; of forests of northern Tarn",
            "frugivorous",
        ),
    ],
)
def test_a_phrase_of_the_gloss_answers_a_question_of_its_shape(question: str, line: str, answer: str) -> None:
    shown = line.split(":")[0]
    assert _read_record(question, f"Image shows: {shown} (match 0.900)", line) == answer


def test_a_name_a_question_gives_for_a_part_says_which_thing_is_shown() -> None:
    question = (
        "Which nebula is this — the one whose dark columns of gas and dust are known as the Kell Spires?"
    )
    line = (
        "Tarn Nebula: Tarn Nebula: an emission nebula in Orla; its dark columns of gas and dust are called"
        " the Kell Spires"
    )
    assert _read_record(question, "Image shows: Tarn Nebula (match 0.900)", line) == "Tarn Nebula"


@pytest.mark.parametrize(
    "question",
    [
        "What's the title of the painting this picture is taken from?",  # the work the image is a part of
        "This apple variety shares its name with Orla's highest peak. What is that name?",  # its own name
    ],
)
def test_the_work_an_image_is_taken_from_and_a_name_shared_ask_what_is_shown(question: str) -> None:
    assert read_question(question).asks_identity


def test_an_order_after_a_semicolon_asks_like_a_question() -> None:
    shape = read_question(
        "This galaxy sits in a zodiac constellation; name that constellation's brightest star."
    )
    assert (shape.type_noun, shape.bridge) == ("star", "constellation")


@pytest.mark.parametrize(
    "question",
    [
        "What does Kell contain, according to astronomers?",  # a subject named, a source set aside
        "Kell lies in the Milky Way. What notable kind of object does it contain?",  # an object asked
    ],
)
def test_what_a_named_subject_contains_asks_the_object_of_its_verb(question: str) -> None:
    line = (
        "Kell: Kell: a constellation in the northern hemisphere between Tarn and Orla; contains a black hole"
    )
    assert _read_record(question, "Image shows: Vessa Nebula (match 0.400)", line) == "black hole"


def test_two_colours_asked_are_a_colour_not_what_is_shown() -> None:
    assert read_question("What two colours is this toothed whale?").answer_type == "colour"


# --- twenty-fourth round, fourth part: subjects after a dash, groups led up to, fractions, abundance ------


def test_what_about_the_thing_shown_looks_like_something_is_what_the_gloss_says_looks_so() -> None:
    question = "People compare this nebula to an owl. What about it looks like an owl's eyes?"
    line = "Kell Nebula: Kell Nebula: a planetary nebula whose two dark patches look like the eyes of an owl"
    assert _read_record(question, "Image shows: Kell Nebula (match 0.900)", line) == "two dark patches"


def test_a_group_the_question_s_own_words_lead_up_to_is_no_taxonomic_group() -> None:
    question = "This spiral galaxy is the third largest member of which group of galaxies?"
    line = "Kell Galaxy: Kell Galaxy: a spiral galaxy in Orla, the third largest member of the Tarn Group."
    assert _read_record(question, "Image shows: Kell Galaxy (match 0.900)", line) == "Tarn Group"


def test_a_fraction_asked_is_answered_by_a_fraction_written_in_words() -> None:
    question = "Kell is a gas giant - its mass is what fraction of Tarn's?"
    lines = [
        "Kell: Kell is the fifth planet from Tarn. It is a gas giant with mass one-thousandth that of Tarn"
        " but two and a half times the mass of all the other planets combined.",
    ]
    assert _read_record(question, "Image shows: Orla Nebula (match 0.400)", *lines) == "one-thousandth"


def test_a_drink_being_served_in_the_pictured_cup_is_what_is_shown() -> None:
    assert read_question("What style of coffee is being served in this little cup?").asks_identity


def test_a_subject_named_after_a_spaced_hyphen_is_read_from_its_own_entry() -> None:
    question = "Fruits like this grow around Kellia - which island group is Kellia part of?"
    lines = [
        "Tarnfruit: tarnfruit: pleasantly acid bright red oval Vessan fruit covered with soft spines",
        "Kellia: Kellia: 3rd largest island of Orla; covered by rain forest; part of the Zell Archipelago",
    ]
    assert read_question(question).subject == "Kellia"
    assert _read_record(question, "Image shows: Tarnfruit (match 0.900)", *lines) == "Zell Archipelago"


def test_where_a_thing_is_found_in_the_greatest_numbers_is_where_it_is_most_abundant() -> None:
    question = "Where is this small wallaby found in the greatest numbers?"
    line = "Kell wallaby: Kell wallaby: a small wallaby of south-western Orla, most abundant on Tarn Island."
    assert _read_record(question, "Image shows: Kell wallaby (match 0.900)", line) == "Tarn Island"


def test_where_a_thing_is_most_abundant_in_a_bridge_is_no_place_asked() -> None:
    question = "In which sea lies the island where this animal is most abundant?"
    line = "Kell wallaby: Kell wallaby: a small wallaby of south-western Orla, most abundant on Tarn Island."
    assert _read_record(question, "Image shows: Kell wallaby (match 0.900)", line) != "Tarn Island"


def test_a_former_name_asked_of_a_subject_named_before_a_dash_is_that_subject_s() -> None:
    question = "Rockets like this often fly from Cape Orla - what was that cape formerly called?"
    lines = [
        "Kell 9: Kell 9: a rocket that flies from Cape Orla",
        "Cape Orla: Cape Orla, Cape Vessa: a sandy promontory (formerly Cape Vessa) on the coast of Tarn",
    ]
    assert _read_record(question, "Image shows: Kell 9 (match 0.900)", *lines) == "Cape Vessa"


def test_a_person_introduced_by_kin_and_asked_back_is_that_kin_of_the_named_one() -> None:
    """ "In Orlan myth, the god Kell had a twin sister. Who was she?" asks who Kell's twin sister was: the
    entry stating that kin answers, not a name Kell's own entry gives first."""
    question = "In Orlan myth, the god Kell had a twin sister. Who was she?"
    assert read_question(question).text.endswith("Who was the twin sister of Kell?")
    record = [
        "Question names: Kell (match 1.000)",
        "Kell: Kell, Phoebo: (Orlan myth) god of light; son of Varro and Lessa; twin brother of Tarna",
        "Tarna: Tarna, Cynna: (Orlan myth) goddess of the hunt; daughter of Lessa and twin sister of Kell",
    ]
    assert _read_record(question, *record) == "Tarna"


def test_the_thing_shown_named_again_with_the_is_still_the_thing_shown() -> None:
    """ "Say you post a letter in a box like this one. What is the capital of the country the box is
    from?": "the box" is the one shown, so the country is a bridge from the image, not the answer."""
    question = (
        "Say you post a letter in a box like this one. What is the capital city of the country the box"
        " is from?"
    )
    shape = read_question(question)
    assert shape.text.endswith("the country this box is from?")
    assert shape.bridge == "country"
    # an asking sentence that points at the image itself is left as it is
    pointing = "This bird lives in Tarn. Which bird in this photo is the larger?"
    assert read_question(pointing).text == pointing


def test_a_capital_city_asked_is_a_narrower_kind_of_the_city_not_a_thing_past_the_bridge() -> None:
    """ "What is the capital city of the country this box is from?": the capital is what is asked, tied to
    the bridge (the country) itself, not to the parts the country's entry names."""
    record = [
        "Image shows: Post box (match 0.900)",
        "Post box: Post box: A Tarnish post box. Put your letter in here!",
        "Tarnish Kingdom: Tarnish Kingdom, TK, Tarnia: a monarchy of northern Orla; divided into Kessland"
        " and Varnland",
        "Kessa: Kessa, capital of Kessland: capital and largest city of Kessland",
        "Velt: Velt, capital of the Tarnish Kingdom: the capital and largest city of Kessland",
    ]
    question = "Which city is the capital of the country this box comes from?"
    entries = [tuple(line.split(": ", 1)) for line in record[1:]]
    assert not Chain.build("Post box", entries, read_question(question)).goes_past
    assert _read_record(question, *record) == "Velt"


@pytest.mark.parametrize(
    ("question", "line", "answer"),
    [
        (  # who bears a part, asked by "who carries" it
            "Unlike in most deer, who carries the large antlers in this Arctic species?",
            "Kell deer: Kell deer: Arctic deer with large antlers in both sexes; called `kellik' in Tarn",
            "both sexes",
        ),
        (  # what a part is said to resemble, asked at the end
            "The two dark patches in this planetary nebula are said to resemble what?",
            "Kell Nebula: Kell Nebula: a planetary nebula in Orla whose two dark patches look like the eyes"
            " of a cat",
            "eyes of a cat",
        ),
        (  # a group asked after "belongs to": the word narrowing the question's own noun
            "This spiny burrower with a long snout belongs to which unusual group of mammals?",
            "Kell: Kell, spiny digger: a burrowing marsupial mammal covered with spines; native to Orla",
            "marsupial",
        ),
        (  # the look of the part a feature is asked on
            "What notable feature does this domesticated ox have on its back?",
            "Kell ox: Kell ox: domesticated ox having a humped back and long horns; used in Tarnia",
            "humped back",
        ),
        (  # what an agent noun is of, written before it
            "Speaking of beans - Tarnia is the world's leading exporter of which product?",
            "Tarnia: Tarnia, Republic of Tarnia: the largest Orlan country and the largest Vessan speaking"
            " country in the world; located in the central part of Orla; world's leading cocoa exporter",
            "cocoa",
        ),
        (  # why it looks like something: what looks that way
            "Why does this spiral galaxy look as if it has a black eye?",
            "Kell Galaxy: Kell Galaxy: a spiral galaxy in Orla; a dark band of dust in front of its bright"
            " nucleus looks like a black eye",
            "dark band of dust",
        ),
        (  # a twin, named either way round
            "Tarna was an Orlan goddess of the hunt and of the Moon. Who was her twin brother?",
            "Tarna: Tarna, Cynna: (Orlan myth) goddess of the hunt; daughter of Lessa; twin sister of Kell",
            "Kell",
        ),
        (  # how many times another it is
            "Tarnica is said to be how many times the size of Orla?",
            "Tarnica: Tarnica: a cold continent at the south pole; covered by ice up to 13,000 feet deep;"
            ' "Tarnica is twice the size of Orla"',
            "twice",
        ),
        (
            "Tarnica is the cold continent at the south pole. How big is Tarnica compared with Orla?",
            "Tarnica: Tarnica: a cold continent at the south pole; covered by ice up to 13,000 feet deep;"
            ' "Tarnica is twice the size of Orla"',
            "twice",
        ),
        (  # a counterpart, less the demonym that says whose
            "In Orlan myth, which goddess corresponds to the Tarnish goddess Vessa?",
            "Vessa: Vessa: (Tarnish myth) queen of the gods; protected marriage; counterpart of Orlan Hessa",
            "Hessa",
        ),
    ],
)
def test_a_gloss_phrase_answers_a_question_of_its_shape_asked_another_way(
    question: str, line: str, answer: str
) -> None:
    shown = line.split(":")[0]
    assert _read_record(question, f"Image shows: {shown} (match 0.900)", line) == answer


def test_a_group_whose_narrowing_word_the_question_gives_is_the_entry_itself() -> None:
    """ "To which group of long-necked wading birds does it belong?" against "large long-necked wading
    bird": the narrowing words are the question's own, so the entry's name answers, as before."""
    line = "Kell: Kell, Orla crane: large long-necked wading bird of marshes of Tarn"
    question = "To which group of long-necked wading birds does this bird belong?"
    assert _read_record(question, "Image shows: Kell (match 0.900)", line) == "Kell"


def test_which_animal_stands_for_a_sign_is_the_figure_the_signs_entry_names() -> None:
    """ "… sits in a constellation of the zodiac - which animal stands for that zodiac sign?" — "Orla, Orla
    the Crab": the figure, not the constellation."""
    question = (
        "The star cluster in this picture sits in a constellation of the zodiac - which animal stands for"
        " that zodiac sign?"
    )
    record = [
        "Image shows: Kell Cluster (match 0.900)",
        "Kell Cluster: Kell Cluster: an open cluster in the constellation Orla",
        "Orla: Orla, Orla the Crab: the fourth sign of the zodiac; the sun is in this sign from June 21",
    ]
    assert _read_record(question, *record) == "Crab"


def test_a_name_paired_with_the_answer_after_between_is_not_the_subject() -> None:
    """ "Between Kessus and which zodiacal constellation does Orlus lie?": Orlus is the subject; Kessus
    stands beside the answer."""
    question = (
        "Orlus borders the constellation of this nebula. Between Kessus and which zodiacal constellation"
        " does Orlus lie?"
    )
    assert read_question(question).subject == "Orlus"
    record = [
        "Image shows: Kell Cluster (match 0.900)",
        "Kell Cluster: Kell Cluster: a globular cluster in the constellation Kessus",
        "Kessus: Kessus: a large constellation in the northern hemisphere between Lyrra and Corra",
        "Orlus: Orlus: a large constellation in the equatorial region between Kessus and Scorrus",
    ]
    assert _read_record(question, *record) == "Scorrus"


def test_a_figure_introduced_without_a_name_and_asked_of_by_her_is_the_bridge() -> None:
    """ "This bird has an old nickname honouring an Orlan goddess. Which Tarnish goddess is her
    counterpart?": "her" is that goddess, reached through the nickname ("bird of Vessa")."""
    question = (
        "This bird has an old nickname honouring an Orlan goddess. Which Tarnish goddess is her counterpart?"
    )
    assert read_question(question).text.endswith("Which Tarnish goddess is that goddess's counterpart?")
    record = [
        "Image shows: Kell fowl (match 0.900)",
        "Kell fowl: Kell fowl, bird of Vessa: large terrestrial pheasant of Orla",
        "Vessa: Vessa: (Orlan myth) queen of the gods who protected marriage; counterpart of Tarnish Hessa",
        "Hessa: Hessa: queen of the gods in Tarnish myth; wife of Zarn; identified with Orlan Vessa",
    ]
    assert _read_record(question, *record) == "Hessa"


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        (
            "The Kell Mountains run south from Tarn. Into which state do they extend at their southern end?",
            "Orla",
        ),
        ("Goats like this climb the Kell Mountains. That range extends from Tarn down to where?", "Orla"),
        ("This goat lives in the Kell Mountains. That range runs south from which province?", "Tarn"),
    ],
)
def test_an_end_of_an_extent_is_where_the_gloss_says_it_runs_from_or_to(question: str, answer: str) -> None:
    """ "That range extends from Tarn down to where?": "that range" is the subject the sentence before named,
    and the gloss's "extends from Tarn to Orla" gives both ends."""
    if question.startswith("Goats"):
        assert read_question(question).subject == "Kell Mountains"
    record = [
        "Image shows: Kell goat (match 0.900)",
        "Kell goat: Kell goat: a goat of the Kell Mountains",
        "Kell Mountains: Kell Mountains, Kells: the chief range of western Varnia; extends from Tarn to"
        " Orla; forms the divide",
        "Vessa Peak: Vessa Peak: a peak in the Kells in central Zell",
    ]
    assert _read_record(question, *record) == answer


def test_a_numbered_name_asked_with_its_name_and_number_is_the_whole_name() -> None:
    """ "Which deep-space probe is this - give its mission name and number.": "Seeker 4", not "4"; a name
    offered as an alternative to the number still asks neither."""
    entry = "Seeker 4, Seeker-4: a deep-space probe of Tarn launched in 1977"
    question = "Which deep-space probe is this - give its mission name and number."
    assert read_question(question).numbered == "name"
    assert _read_shown(question, "Seeker 4", entry) == "Seeker 4"


def test_a_name_that_says_which_thing_is_meant_asks_no_name() -> None:
    """ "The country that goes by that region's name became independent in which year?": the name tells
    which country is meant; a year is asked."""
    question = (
        "This spiny fruit comes from a certain peninsula region. The country that goes by that region's name"
        " became independent from Orla in which year?"
    )
    shape = read_question(question)
    assert shape.name_asked is None and shape.answer_type == "year"


def test_a_kind_asked_after_whose_is_the_kind_of_the_answer_and_a_demonym_of_the_bridge_is_known() -> None:
    """ "The city-states that struck coins like these belonged to a land whose modern capital is what?": a
    capital is asked, and "Sicilian" (of Sicilia, the bridge) is no answer."""
    question = "The city-states that struck coins like these belonged to a land whose modern capital is what?"
    assert read_question(question).type_noun == "capital"
    record = [
        "Image shows: Coinage of old Sicilia (match 0.900)",
        "Coinage of old Sicilia: Coinage of old Sicilia: silver coins struck by Sicilian city-states",
        "Sicilia: Sicilia, Sicilian Republic: a republic in southern Orla on the Kell peninsula",
        "Vessa: Vessa, capital of Sicilia: the capital and largest city of Sicilia; in the south",
    ]
    assert _read_record(question, *record) == "Vessa"


def test_an_unusual_posture_introduced_and_asked_back_is_the_manner_the_gloss_gives() -> None:
    question = "This little fish has an unusual posture when it swims — what is it?"
    text = "kell horse: small fish with horse-like heads bent sharply downward; swim in upright position"
    assert _read_shown(question, "Kell horse", text) == "upright position"


def test_where_an_order_is_counted_from_is_not_the_subject() -> None:
    """ "Counting from Kessus, which sign of the zodiac is Orlus?": Orlus is asked about."""
    question = (
        "Orlus neighbours this cluster's constellation. Counting from Kessus, which sign of the zodiac is"
        " Orlus?"
    )
    assert read_question(question).subject == "Orlus"


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        (
            "The hero this cluster's constellation is named after had to finish a set of labours. How many?",
            "12",
        ),
        (
            "The hero this cluster's constellation is named after had to finish a set of labors. How many?",
            "12",
        ),
    ],
)
def test_a_bare_how_many_counts_the_plural_the_sentence_before_ends_with(question: str, answer: str) -> None:
    """ "… a set of labours. How many?" counts labours ("performed 12 immense labors", either spelling), not
    the stars the cluster's own entry counts."""
    assert counted_noun(question) in ("labours", "labors")
    record = [
        "Image shows: Kell Cluster (match 0.900)",
        "Kell Cluster: Kell Cluster: a globular cluster in Orlus of several hundred thousand stars",
        "Orlus: Orlus: a large constellation in the northern hemisphere",
        "Orlus: Orlus, Orlakles: (Tarnish myth) a hero noted for his strength; performed 12 immense labors",
    ]
    assert _read_record(question, *record) == answer


def test_the_constellation_its_refers_to_after_setting_the_thing_shown_aside_is_a_bridge() -> None:
    """ "Besides this big bright nebula, which well-known star does its southern constellation contain?":
    the constellation is a bridge, and the star its entry names answers, not one inside the nebula."""
    question = (
        "Besides this big bright nebula, which well-known star does its southern constellation contain?"
    )
    assert read_question(question).bridge == "constellation"
    record = [
        "Image shows: Kell Nebula (match 0.900)",
        "Kell Nebula: Kell Nebula: a large bright nebula in the constellation Orla that surrounds the star"
        " Eta Orlae",
        "Orla: Orla: a keel-shaped constellation in the southern hemisphere; contains the star Vessor",
    ]
    assert _read_record(question, *record) == "Vessor"


def test_a_name_that_comes_from_a_range_leads_to_the_range_its_capitalised_words_name() -> None:
    """ "One of this animal's names comes from a mountain range … What does that range form?" — "Kell
    Mountain goat" names the Kell Mountains (in the plural), whose entry says what they form."""
    question = (
        "One of this sure-footed animal's names comes from a mountain range in western Orla. What does that"
        " range form, geographically speaking?"
    )
    record = [
        "Image shows: Mountain goat (match 0.900)",
        "Mountain goat: mountain goat, Kell Mountain goat: sure-footed mammal of mountainous western Orla",
        "Kellies: Kellies, Kell Mountains: the chief mountain range of western Orla; extends from Tarn to"
        " Vessa; forms the continental divide",
    ]
    assert _read_record(question, *record) == "continental divide"
    runs = (
        "One of this sure-footed animal's names comes from a mountain range. That range runs south from"
        " which province?"
    )
    assert _read_record(runs, *record) == "Tarn"


def test_an_aside_at_the_end_that_asks_nothing_is_dropped() -> None:
    shape = read_question("Kellus was the first planet found by what means, rather than by observation?")
    assert shape.type_noun != "rather" and "rather" not in shape.asked


def test_a_named_subject_described_by_a_relative_clause_before_the_verb_that_asks_is_the_subject() -> None:
    """ "The hero Kessus, whose constellation is near this galaxy's, slew which monster?": Kessus is the
    subject, though the clause describing him points at the image."""
    question = "The hero Kessus, whose constellation is near this galaxy's, slew which monster?"
    assert read_question(question).subject == "Kessus"


def test_what_a_thing_is_divided_into_is_what_the_gloss_says_divides_it() -> None:
    question = "Lanes of dark dust cut across this nebula. Into what do they divide it?"
    line = "Kell Nebula: Kell Nebula: a nebula in Orla that dark lanes of dust divide into four lobes"
    assert _read_record(question, "Image shows: Kell Nebula (match 0.900)", line) == "four lobes"


def test_the_far_end_of_an_extent_is_where_the_gloss_says_it_runs_into() -> None:
    """ "Into which state do the Kell Plains extend in the south?" — "extending from Tarn and Orla … south
    through central Varnia into Zell": the place it runs into last."""
    question = (
        "Herds like this once roamed the Kell Plains. Into which state do the Kell Plains extend in the"
        " south?"
    )
    record = [
        "Image shows: Kell bison (match 0.900)",
        "Kell bison: Kell bison: a bison of the Kell Plains",
        "Kell Plains: Kell Plains: a vast prairie region extending from Tarn and Orla in Vessia south through"
        " central Varnia into Zell; formerly grazed by bison",
        "Norland: Norland: a state of central Varnia; its west lies in the Kell Plains and its south is dry",
    ]
    assert _read_record(question, *record) == "Zell"


def test_into_how_many_parts_is_a_count_not_the_parts_themselves() -> None:
    """ "Into how many lobes do dark dust lanes split this nebula?" asks a count ("4"), where "into what do
    they divide it?" asks the parts ("four lobes")."""
    line = "Kell Nebula: Kell Nebula: a nebula in Orla that dark lanes of dust divide into 4 lobes"
    question = "Into how many lobes do dark dust lanes split this nebula?"
    assert _read_record(question, "Image shows: Kell Nebula (match 0.900)", line) == "4"


def test_a_relative_clause_restating_a_relation_at_the_end_asks_nothing() -> None:
    """ "Who was her husband, who was also her brother?": the husband is asked; the clause after it adds
    what the entries say too."""
    question = (
        "An old name for this bird links it to an Orlan goddess. Who was her husband, who was also her"
        " brother?"
    )
    assert read_question(question).text.endswith("Who was that goddess's husband?")


def test_its_in_a_bridges_description_is_the_thing_shown() -> None:
    """ "I'm drinking this strong coffee right now. Which city is the capital of the country where its
    brewing method was developed?": "its" is the coffee's, so the country is a bridge; the asker's own
    sentence asks nothing."""
    question = (
        "I'm drinking this strong coffee right now. Which city is the capital of the country where its"
        " brewing method was developed?"
    )
    shape = read_question(question)
    assert "where this strong coffee's brewing method" in shape.text and shape.bridge == "country"
    assert "drinking" not in shape.attribute


def test_a_former_capital_is_no_capital_asked_now() -> None:
    """ "Kessa: … was once the capital of Tarnia" does not tie Kessa as Tarnia's capital; "Velt, capital of
    Tarnia" does."""
    record = [
        "Image shows: Kell apple (match 0.900)",
        "Kell apple: Kell apple: an apple named after Mount Kell in Tarnia, on Orla island",
        "Kessa: Kessa: a city in central Tarnia on southern Orla island; a cultural center that was once the"
        " capital of Tarnia",
        "Velt: Velt, capital of Tarnia: the capital and largest city of Tarnia",
    ]
    question = (
        "This apple takes its name from a mountain. What is the capital city of the country where it stands?"
    )
    shape = read_question(question)
    kessa = relation(shape, "Kessa", [line("Kessa", record[2].split(": ", 1)[1])], ["Tarnia"])
    assert kessa < relation(shape, "Velt", [line("Velt", record[3].split(": ", 1)[1])], ["Tarnia"])
    assert _read_record(question, *record) == "Velt"


def test_a_noun_before_a_verb_of_origin_is_the_kind_asked() -> None:
    shape = read_question("Which winged horse sprang from the blood of the slain Gorra?")
    assert shape.type_noun == "horse"


def test_a_year_asked_of_a_verb_is_the_year_the_gloss_puts_after_that_verb() -> None:
    """ "In which year was Kell Harbour returned to Tarnia?" — "leased … in 1842 and returned in 1997"."""
    question = "Talking of Tarnia - in which year was Kell Harbour returned to Tarnia by Orla?"
    line = (
        "Kell Harbour: Kell Harbour: formerly a colony on the coast of Tarnia; leased by Tarnia to Orla in"
        " 1842 and returned in 1997"
    )
    assert _read_record(question, "Question names: Kell Harbour (match 1.000)", line) == "1997"


def test_a_phrase_asked_of_a_bridge_is_read_from_the_bridges_lines() -> None:
    """ "… the world's leading exporter of which crop?" — "world's leading cocoa exporter", read from the
    lines of the bridge (the country where the bird lives), not the bird's own."""
    question = "The country where this bird lives is the world's leading exporter of which crop?"
    assert agent_object(question, "Tarnia: … world's leading cocoa exporter") == "cocoa"
    record = [
        "Image shows: Kell bird (match 0.900)",
        "Kell bird: Kell bird: a tall flightless bird of Tarnia",
        "Tarnia: Tarnia, Republic of Tarnia: the largest country of Orla; world's leading cocoa exporter",
    ]
    assert _read_record(question, *record) == "cocoa"


def test_a_bridge_asked_back_is_the_bridges_entity() -> None:
    """ "Tarna had a twin brother whose name went to the program behind this craft. Who was that twin?":
    the twin is the bridge the chain finds, Kell."""
    question = (
        "Tarna, the Orlan goddess of the hunt, had a twin brother whose name went to the space program behind"
        " this craft. Who was that twin?"
    )
    record = [
        "Image shows: Kell Lander (match 0.900)",
        "Kell Lander: Kell Lander: the craft of the Kell program that set down on the Moon",
        "Kell: Kell, Phoebo: (Orlan myth) god of light; son of Varro and Lessa; twin brother of Tarna",
    ]
    assert _read_record(question, *record) == "Kell"


@pytest.mark.parametrize(
    ("question", "subject"),
    [
        ("Tarnia, where this flower grows wild, became independent in 1810. From which country?", "Tarnia"),
        (
            "Varnia, whose island this tiger lives on, achieved independence in 1945 from which country?",
            "Varnia",
        ),
        (
            "Kell University, whose early computer this woman programmed, is in which state?",
            "Kell University",
        ),
    ],
)
def test_a_name_opening_the_question_and_described_through_the_image_is_its_subject(
    question: str, subject: str
) -> None:
    assert read_question(question).subject == subject


def test_a_bare_prepositional_question_completes_the_statement_before_it() -> None:
    """ "Tarnia became independent in 1810. From which country?" asks from which country it became
    independent: "independent from Orla" leads up to the answer."""
    question = "Tarnia, where this flower grows wild, became independent in 1810. From which country?"
    assert read_question(question).text.endswith("became independent in 1810 from which country?")
    record = [
        "Question names: Tarnia (match 1.000)",
        "Kell flower: Kell flower: a showy flower native to Tarnia",
        "Tarnia: Tarnia, Tarnian States: a republic in southern Varnia; became independent from Orla in 1810",
    ]
    assert _read_record(question, *record) == "Orla"


def test_they_describing_a_bridge_are_the_things_shown() -> None:
    """ "My neighbour grows these showy blooms. What's the capital of the country they're native to?": the
    country is a bridge from the blooms; the asker's own sentence asks nothing."""
    question = (
        "My neighbour grows these showy blooms. What's the capital of the North American country they're"
        " originally native to?"
    )
    shape = read_question(question)
    assert "country these showy blooms are originally native to" in shape.text and shape.bridge
    assert "neighbour" not in shape.attribute


def test_a_list_far_weaker_than_the_best_span_does_not_answer() -> None:
    """ "… to hunt which insects?" — "ants" (read from "claws for hunting ants and termites") beats "Orla and
    Kell Island", which the entries list together but which barely fit."""
    question = "This spiny little mammal uses its long snout and claws to hunt which insects?"
    record = [
        "Image shows: Kell digger (match 0.900)",
        "Kell digger: Kell digger, spiny digger: a burrowing marsupial covered with spines and having a long"
        " snout and claws for hunting ants and termites; native to Orla",
        "Kell digger: Kell digger: a spiny burrower of Orla and Kell Island",
    ]
    assert _read_record(question, *record) in ("ants", "ants and termites")


def test_a_twin_or_a_counterpart_is_read_either_way_round_and_never_the_one_the_question_names() -> None:
    assert twin_of("Who was her twin brother?", "Tarna: daughter of Lessa; twin sister of Kell") == "Kell"
    assert twin_of("Who was the twin brother of Kell?", "Tarna: twin sister of Kell") == ""
    assert (
        counterpart_of("Which goddess corresponds to Vessa?", "Vessa: counterpart of Orlan Hessa") == "Hessa"
    )
    assert counterpart_of("Who is Hessa's counterpart?", "Vessa: counterpart of Orlan Hessa") == ""


def test_shapes_near_the_new_phrase_readers_keep_their_readings() -> None:
    """Guards: "the northern border of which country" asks no agent noun's object; "how many times as
    massive" asks the number; "until 2005, the capital" asks a former capital; "What nationality was that
    navigator?" asks no bridge back."""
    border = (
        "Central Orla stretches from the southern border of Tarnia to the northern border of which country?"
    )
    assert agent_object(border, "Central Orla: the isthmus from the southern border of Tarnia") == ""
    massive = "How many times as massive as Orla is Kellus?"
    line = "Kellus: Kellus: a giant planet; 17 times as massive as Orla"
    assert _read_record(massive, "Question names: Kellus (match 1.000)", line) == "17"
    until = read_question("Which city was, until 2005, the capital of the country this fruit comes from?")
    kessa = "Kessa: Kessa: the largest city and former capital of Tarnia until 2005"
    assert relation(until, "Kessa", [line_of(kessa)], ["Tarnia"]) > 0.0
    navigator = "This penguin is named for Vessa the navigator. What nationality was that navigator?"
    record = [
        "Image shows: Vessan penguin (match 0.900)",
        "Vessan penguin: Vessan penguin: a penguin named after Vessa",
        "Vessa: Vessa, Kell Vessa: Tarnish navigator who led an expedition around the world",
    ]
    assert _read_record(navigator, *record) == "Tarnish"


def line_of(entry: str) -> EvidenceLine:
    title, text = entry.split(": ", 1)
    return line(title, text)


def test_a_name_opening_the_question_with_a_noun_apposition_is_its_subject_and_its_former_name_asked() -> (
    None
):
    """ "Cape Orla, a launch site for rockets like this one, used to go by what name?": Cape Orla is the
    subject, and a former name of it is asked."""
    shape = read_question("Cape Orla, a launch site for rockets like this one, used to go by what name?")
    assert shape.subject == "Cape Orla" and shape.name_asked is not None and shape.name_asked.former
    record = [
        "Question names: Cape Orla (match 1.000)",
        "Cape Orla: Cape Orla, Cape Vessa: a sandy promontory (formerly Cape Vessa) on the coast of Tarn",
    ]
    assert _read_record(shape.text, *record) == "Cape Vessa"


def test_a_name_with_the_opening_the_question_is_its_subject_without_the() -> None:
    question = "The Kell Plains, where herds of this shaggy animal once roamed, reach south into which state?"
    assert read_question(question).subject == "Kell Plains"
    record = [
        "Question names: Kell Plains (match 1.000)",
        "Kell Plains: Kell Plains: a vast prairie region extending from Tarn in Vessia south through central"
        " Varnia into Zell",
    ]
    assert _read_record(question, *record) == "Zell"


def test_its_after_a_semicolon_is_the_name_the_sentence_before_opens_with() -> None:
    question = (
        "Kellgeuse is another star in the constellation of this dark nebula; what is its other designation?"
    )
    assert read_question(question).subject == "Kellgeuse"


def test_a_relative_whom_ends_the_phrase_the_question_leads_up_to() -> None:
    """ "Zarn was the son of Rhessa and which other god?" — "son of Rhessa and Kronno whom he dethroned"."""
    question = (
        "This bird shares its name with a figure of myth: Zarn was the son of Rhessa and which other god?"
    )
    line = "Zarn: Zarn: (Orlan myth) the supreme god; son of Rhessa and Kronno whom he dethroned"
    assert _read_record(question, "Question names: Zarn (match 1.000)", line) == "Kronno"


def test_how_a_thing_holds_itself_asked_after_about_is_its_manner() -> None:
    question = "What's unusual about how this little fish holds its body when it swims?"
    text = "kell horse: small fish with horse-like heads bent sharply downward; swim in upright position"
    assert _read_shown(question, "Kell horse", text) == "upright position"


def test_a_kind_of_structure_built_is_the_whole_object_of_the_verb() -> None:
    question = "What kind of structures does this semiaquatic animal build?"
    text = "kell rat: semiaquatic rodent with webbed hind feet; construct complex dams and underwater lodges"
    assert read_question(question).predicate == "build"
    assert _read_shown(question, "Kell rat", text) == "complex dams and underwater lodges"


@pytest.mark.parametrize(
    ("question", "title", "text", "answer"),
    [
        (
            "What did the astronomer pictured here study?",
            "Kellson",
            "Kellson, Orla Kellson: Tarnish astronomer who studied comets and meteors (1800-1870)",
            "comets and meteors",
        ),
        (
            "Any idea what this physicist is credited with helping to discover?",
            "Kellner",
            "Kellner, Tarn Kellner: Orlan physicist (born in Tarnia) who was a discoverer of cosmic rays",
            "cosmic rays",
        ),
        (
            "What was this lawyer best known for?",
            "Tarnow",
            "Tarnow, Kell Tarnow: Orlan lawyer famous for his defense of hopeless causes (1850-1930)",
            "defense of hopeless causes",
        ),
        (
            "What commodity is this northern port town mainly known for shipping?",
            "Kellport",
            "Kellport: an Orlan town on Tarn Bay; important port for shipping timber",
            "timber",
        ),
        (
            "This naturalist was known for studying the ancient remains of what kind of animal?",
            "Orlassiz",
            "Orlassiz, Kell Orlassiz: Tarnish naturalist (born in Kellia) who studied fossil reptiles",
            "fossil reptiles",
        ),
        (
            "This clown had a trademark way of getting laughs. What did he use as his source of comedy?",
            "Tarnell",
            "Tarnell, Orla Tarnell: Orlan comic actor; he used slapstick falls as a source of comedy",
            "slapstick falls",
        ),
    ],
)
def test_a_thing_done_or_known_for_is_the_phrase_the_questions_own_word_leads_up_to_in_the_entry(
    question: str, title: str, text: str, answer: str
) -> None:
    """A thing asked with "what" and a verb or a word of fame ("study", "discover", "known for", "shipping")
    is the lower-case phrase the image's own entry sets after that word, not a place its entry names."""
    assert _read_shown(question, title, text) == answer


@pytest.mark.parametrize(
    ("question", "text", "answer"),
    [
        # a place asked stays a name
        (
            "In which country was this physicist born?",
            "Orlan physicist (born in Tarnia) who studied cosmic rays",
            "Tarnia",
        ),
        # words describing what is shown ask nothing: "landlocked" is not the verb asked by
        (
            "What is the capital city of this landlocked country?",
            "a landlocked republic; its capital is Kellburg",
            "Kellburg",
        ),
    ],
)
def test_a_name_asked_is_not_read_as_a_thing_done(question: str, text: str, answer: str) -> None:
    assert _read_shown(question, "Orla Kell", f"Orla Kell: {text}") == answer


def test_a_verb_ending_in_y_takes_its_object_in_every_inflection() -> None:
    """ "study" is "studied" and "studies" in a gloss."""
    assert verb_objects("Orlan astronomer who studied comets and meteors", "study") == ["comets and meteors"]
    assert verb_objects("an institute that studies tides", "study") == ["tides"]


@pytest.mark.parametrize(
    ("question", "year"),
    [
        ("When did this physicist die?", "1975"),
        ("What year was this physicist born?", "1887"),
        ("What year did the physicist pictured here die?", "1975"),
    ],
)
def test_a_life_year_asked_of_the_person_shown_comes_from_the_entry_the_image_matched(
    question: str, year: str
) -> None:
    """A year of birth or death asked of the person shown is read in the entry of the image–text pair the
    image matched, not in a namesake's entry listed first, nor in that of a colleague born in the same
    country."""
    shown = "Orlberg, Kell Orlberg: Tarnish physicist who measured the speed of sound (1887-1975)"
    namesake = "Orlberg, Tarn Orlberg: Tarnish physicist who first made radio waves (1857-1894)"
    colleague = (
        "Kellsen, Orla Kellsen: Orlan physicist (born in Tarnia) who worked with Kell Orlberg (1882-1964)"
    )
    record = "\n".join(
        [
            "Image shows: Orlberg (match 0.950)",
            f"Orlberg: {namesake}",
            f"Orlberg: {shown}",
            f"Kellsen: {colleague}",
        ]
    )
    matched = Candidate(
        id="pair:orlberg", score=0.95, source="pairs", title="Orlberg", text=shown, image_path=None, url=None
    )
    trajectory = [
        Iteration(step=0, queries=[], candidates=[matched], record=record, seconds=0.0, model_seconds=0.0)
    ]
    assert read_records(question, trajectory, Context()).answer == year


@pytest.mark.parametrize(
    "question",
    [
        pytest.param(
            "The river in this photo flows west. What river does it end up joining?", id="called-by-kind"
        ),
        pytest.param("Into which bigger river does this one eventually feed?", id="comparative"),
    ],
)
def test_another_river_asked_of_the_river_shown_is_not_the_river_shown(question: str) -> None:
    """A question that calls what is shown by the kind it asks, or asks a bigger one of that kind, asks
    another one: the river the shown river's entry says it flows into, though the shown one is a river."""
    record = [
        "Image shows: Varn (match 0.900)",
        "Varn: Varn, Varn River: a river in western Tarnia that flows west into the Kell River",
        "Kell: Kell, Kell River: a long river of Tarnia; flows south into the Orla Sea",
    ]
    assert _read_record(question, *record) in ("Kell River", "Kell")


def test_a_fellow_of_the_person_shown_is_the_one_their_entry_names() -> None:
    """ "Which fellow dancer did the choreographer collaborate with?": not the dancer shown, whose own entry
    is a dancer's, but the dancer that entry names."""
    record = [
        "Image shows: Varnsen (match 0.900)",
        "Varnsen: Varnsen, Ted Varnsen: Tarnish dancer and choreographer who worked with Ada Kellby"
        " (1891-1972)",
        "Kellby: Kellby, Ada Kellby: Tarnish dancer and choreographer (1879-1968)",
    ]
    question = "Which fellow dancer did the choreographer in this photo collaborate with?"
    assert _read_record(question, *record) in ("Ada Kellby", "Kellby")


@pytest.mark.parametrize(
    ("question", "gloss", "answer"),
    [
        pytest.param(
            "Which school of philosophy is the man in this portrait associated with?",
            "Orlan philosopher of pragmatism (1863-1931)",
            "pragmatism",
            id="school",
        ),
        pytest.param(
            "Which art movement did this painter lead in Tarnia?",
            "Tarnish painter who led abstract expressionism in Tarnia (1904-1997)",
            "abstract expressionism",
            id="movement-with-adjective",
        ),
    ],
)
def test_a_school_or_movement_asked_is_the_word_in_ism_of_the_person_s_entry(
    question: str, gloss: str, answer: str
) -> None:
    """A question asking a school of thought, a movement or a style is answered by the entry's word in
    "-ism" (with the adjective it carries), not by the nationality the entry opens with."""
    record = ["Image shows: Orlmead (match 0.900)", f"Orlmead: Orlmead, Kell Orlmead: {gloss}"]
    assert _read_record(question, *record) == answer


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        pytest.param("What did this woman do for a living?", "dancer and choreographer", id="for-a-living"),
        pytest.param(
            "What kind of performer was the woman in this photo?", "dancer and choreographer", id="kind"
        ),
    ],
)
def test_an_occupation_asked_is_every_noun_of_the_role_after_the_nationality(
    question: str, answer: str
) -> None:
    """ "What did she do for a living?" — "Tarnish dancer and choreographer (born in 1944)": the role the
    person's entry gives after the nationality, whole, not the nationality nor the role's last noun."""
    record = [
        "Image shows: Kellison (match 0.900)",
        "Kellison: Kellison, Ada Kellison: innovative Tarnish dancer and choreographer (born in 1944)",
    ]
    assert _read_record(question, *record) == answer


def test_which_one_of_a_kind_a_place_is_a_centre_of_is_the_word_before_that_kind() -> None:
    """ "Which industry is this port a hub for?" — "a port city in western Tarnia; center for shipbuilding
    industry": the word the entry sets before the asked noun, not the country it names."""
    record = [
        "Image shows: Varnhaven (match 0.900)",
        "Varnhaven: Varnhaven: a port city in western Tarnia; center for shipbuilding industry",
    ]
    assert _read_record("Any idea which industry this port is a hub for?", *record) == "shipbuilding"


def test_the_country_a_shown_thing_is_in_is_the_one_its_own_entry_states() -> None:
    """ "In which country is this canal?" — "a canal in northern Kellshire": Kellshire, which its own entry
    defines as "one of the four countries" (a plural head is a kind too), over the kingdom that entry says
    it is part of."""
    record = [
        "Image shows: Orla Canal (match 0.900)",
        "Orla Canal: Orla Canal: a canal in northern Kellshire that links the Varn Sea with the Tarn Ocean",
        "Kellshire: Kellshire: one of the four countries that make up the United Kingdom of Tarnia and Vessa",
    ]
    assert _read_record("In which country would I find the canal in this picture?", *record) == "Kellshire"


@pytest.mark.parametrize(
    "question",
    [
        pytest.param(
            "Which city serves as the capital of the country shown here?", id="which-city-serves-as"
        ),
        pytest.param("What is the capital of the country shown on this map?", id="what-is-the-capital"),
    ],
)
def test_the_capital_of_the_country_shown_is_the_city_whose_entry_says_so(question: str) -> None:
    """The role of the thing shown asked ("the capital of the country shown here") leads to no other entity:
    the answer is the city whose entry says it is that country's capital, not the country itself and not
    another city of it."""
    assert not read_question(question).bridge
    record = [
        "Image shows: Tarnia (match 0.930)",
        "Tarnia: Tarnia, Republic of Tarnia: a republic in central Vessa",
        "Kellburg: Kellburg: a city in northwestern Tarnia",
        "Orlstadt: Orlstadt, capital of Tarnia: the capital of Tarnia; located in western Tarnia",
        "Varnow: Varnow: the largest city in Tarnia; located in the northern part of the country",
    ]
    assert _read_record(question, *record) == "Orlstadt"


def test_a_river_the_shown_one_flows_into_is_a_bridge_though_the_shown_one_is_a_river() -> None:
    """ "The river that this one flows into is in turn a tributary of which larger river?": the bridge is
    another river (the one the shown river's entry names), and the answer is the river its entry names."""
    record = [
        "Image shows: Varn (match 0.950)",
        "Varn: Varn, Varn River: a tributary of the Kell River that flows east through Tarnia",
        "Kell: Kell, Kell River: a river in Tarnia; flows east to become a tributary of the Orla River",
        "Orla: Orla, Orla River: the longest river of Tarnia; flows south into the Vessa Sea",
    ]
    question = "The river that this one flows into is in turn a tributary of which larger river?"
    assert _read_record(question, *record) in ("Orla River", "Orla")


def test_one_of_two_rivers_named_with_a_shared_head_is_a_river() -> None:
    """ "formed by the confluence of the Kell and Varn Rivers": the other river is "Varn River"."""
    record = [
        "Question names: Orla River (match 1.000)",
        "Orla: Orla, Orla River: a river in Tarnia formed by the confluence of the Kell and Varn Rivers",
    ]
    question = "The Orla River forms near this city from the meeting of the Kell and which other river?"
    assert _read_record(question, *record) == "Varn River"


def test_the_end_of_an_extent_is_the_place_without_the_side_it_lies_on() -> None:
    """ "from the Tarnish border in the north to the Varn River in the south": "Varn River"."""
    text = "a system of hills that extend from the Tarnish border in the north to the Varn River in the south"
    question = "The Orla Hills stretch from the Tarnish border down to which river in the south?"
    assert extent_end(question, text) == "Varn River"


def test_the_field_a_gloss_files_its_entry_under_names_no_answer() -> None:
    """ "Merla: (Orlan legend) the magician who acted as King Varn's advisor": the label in brackets says
    where the story is told, not whom he served."""
    record = [
        "Image shows: Merla (match 0.900)",
        "Merla: Merla: (Orlan legend) the magician who acted as King Varn's advisor",
    ]
    assert _read_record("This wizard from legend served as counselor to which ruler?", *record) in (
        "King Varn",
        "Varn",
    )


def test_the_bridge_under_its_shorter_name_is_no_answer() -> None:
    """ "The river flowing past this state capital is itself a tributary of which larger river?": the bridge
    (the link "Varn River") is no answer under its entry's shorter headword "Varn" either."""
    record = [
        "Image shows: Kellton (match 0.950)",
        "Kellton: Kellton, capital of Orland: capital of the state of Orland; located on the Varn River",
        "Varn: Varn, Varn River: a river in western Orland that flows north into the Tarn River",
        "Tarn: Tarn, Tarn River: a long river of the northwest; flows west into the Vessa Ocean",
    ]
    question = "The river flowing past this state capital is itself a tributary of which larger river?"
    assert _read_record(question, *record) in ("Tarn River", "Tarn")


def test_a_name_joined_by_of_the_is_one_name() -> None:
    """ "the Wars of the Roses" is one name; "the Inuit of the Canadian Arctic" is a people and a place."""
    assert names_in("the battle that ended the Wars of the Roses (1485)") == ["Wars of the Roses"]
    assert names_in("used by the Inuit of the Canadian Arctic")[0] == "Inuit"


def test_a_relative_which_after_a_preposition_is_not_the_question_s() -> None:
    """ "The battle in which this king's reign came to an end brought which struggle to a close?": the kind
    asked is the struggle, not a word of the relative clause."""
    question = (
        "The battle in which this king's reign came to an end also brought which long struggle to a close?"
    )
    assert read_question(question).type_noun == "struggle"


@pytest.mark.parametrize(
    "question",
    [
        pytest.param("Name this mountain. It's the tallest one in Orla.", id="name-this-then-a-clue"),
        pytest.param(
            "What is this tomb in Kellburg, built by a Tarnish king for his wife?",
            id="what-is-this-described",
        ),
        pytest.param("What was this vast Varn-ruled region of Orla called?", id="what-was-this-called"),
        pytest.param(
            "What was the name of this old cattle route running from Kellburg up to Varnton?",
            id="name-of-this",
        ),
        pytest.param(
            "What was the secret network shown in this illustration, through which runaways fled north?",
            id="shown-in-this-illustration",
        ),
        pytest.param(
            "Name the island pictured here, which lies west of Tarnia.", id="name-the-pictured-which-lies"
        ),
    ],
)
def test_the_thing_shown_asked_by_what_the_question_says_of_it_is_an_identity_question(question: str) -> None:
    """A question that asks what the thing shown is, describing it by a clue (a place, a maker, a relative
    clause), asks its name — not a name the clue gives."""
    assert read_question(question).asks_identity


@pytest.mark.parametrize(
    "question",
    [
        "What is this river a tributary of?",
        "What is this animal's tail like?",
        "What was this fruit used for?",
        "What is this bacteriologist remembered for discovering?",
        "What is the river shown here, which city does it flow through?",
    ],
)
def test_a_question_about_the_thing_shown_ending_in_a_relation_or_a_property_is_no_identity_question(
    question: str,
) -> None:
    assert not read_question(question).asks_identity


def test_a_described_tomb_shown_is_named_not_its_builder() -> None:
    """ "What is this tomb in Kellburg, built by a Tarnish king for his wife?" — the tomb's entry names the
    king; the answer is the tomb."""
    record = [
        "Image shows: Orla Mahal (match 0.950)",
        "Orla Mahal: Orla Mahal: a marble tomb at Kellburg built by the Tarnish king Varn Shah for his wife",
        "Varn Shah: Varn Shah: Tarnish king during whose reign the finest tombs of Tarnia were built",
    ]
    question = "What is this tomb in Kellburg, built by a Tarnish king for his wife?"
    assert _read_record(question, *record) == "Orla Mahal"


@pytest.mark.parametrize(
    ("question", "answer_type"),
    [
        pytest.param("Do you know the year this philanthropist died?", "year", id="do-you-know-the-year"),
        pytest.param("Do you know which continent this is in?", "named", id="embedded-which-order"),
        pytest.param("Do you know what year it was founded?", "year", id="embedded-what-year-order"),
    ],
)
def test_a_question_embedded_in_a_polite_frame_asks_what_the_plain_question_asks(
    question: str, answer_type: str
) -> None:
    """ "Do you know the year …" asks the year; "do you know which continent this is in" keeps a statement's
    order and asks the continent, not what is shown."""
    assert read_question(question).answer_type == answer_type


def test_a_year_asked_after_how_a_battle_ended_is_the_battle_s_own_year() -> None:
    """ "This battle ended in a rebel win. What year was it?": how it came out, not the end of a span of
    time — the battle's own year, not the year its losing general's life ended."""
    assert read_question("This battle ended in a rebel win. What year was it?").year_role is None
    record = [
        "Image shows: Kellmoor (match 0.950)",
        "Kellmoor: Kellmoor, battle of Kellmoor: a rebel victory in the Tarnish civil war (1863)",
        "Varnet: Varnet, Ada Varnet: Tarnish general in the civil war who lost at Kellmoor (1817-1876)",
    ]
    assert _read_record("This battle ended in a rebel win. What year was it?", *record) == "1863"


def test_whom_a_named_hero_acted_on_is_the_name_before_the_question_s_closing_phrase() -> None:
    """ "Whom did Kellan save from a sea serpent?" — Kellan's entry: "rescued Varna from a sea serpent": the
    name the question's closing phrase follows, not the god a neighbouring entry says sent the serpent."""
    record = [
        "Question names: Kellan (match 1.000)",
        "Kellan: Kellan: (Orlan myth) the son of Tarn who rescued Varna from a sea serpent",
        "Varna: Varna: (Orlan myth) a princess tied to a rock for a sea serpent that was sent by Ostrel",
    ]
    assert (
        _read_record("In the Orlan myth, whom did the hero Kellan save from a sea serpent?", *record)
        == "Varna"
    )


def test_the_region_a_sea_separates_from_a_named_land_stands_with_it_in_the_sea_s_entry() -> None:
    """ "The Kell Sea separates Orland from which region?" — "between Orland and Tarnia": the region the
    entry pairs with the land the question names, over a territory another entry names."""
    record = [
        "Question names: Kell Sea (match 1.000)",
        "Kell Sea: Kell Sea: part of the North Vessa Ocean between Orland and Tarnia",
        "Varn: Varn, Varn River: a river flowing west from the Varn Territory through Orland to the Kell Sea",
        "Tarnia: Tarnia: a vast region of northern Vessa",
    ]
    question = "The Kell Sea separates Orland from which region?"
    assert "orland" in paired_names(read_question(question))
    assert _read_record(question, *record) == "Tarnia"


@pytest.mark.parametrize(
    ("question", "occupation"),
    [
        pytest.param(
            "What kind of campaigner was the Orlan woman in this photo?", True, id="kind-of-any-role"
        ),
        pytest.param("What sort of people was he noted for depicting?", False, id="kind-of-what-he-depicted"),
    ],
)
def test_a_kind_of_role_asked_of_the_person_shown_asks_their_occupation(
    question: str, occupation: bool
) -> None:
    """ "What kind of campaigner was the woman in this photo?" asks the role her entry gives; "what sort of
    people was he noted for depicting" asks what he depicted."""
    assert read_question(question).asks_occupation is occupation


def test_a_field_a_person_is_known_for_work_in_is_the_field() -> None:
    """ "What area of study is the psychologist best known for?" — "noted for his work in child
    development": the field, not "work" (and "area of study" asks no measure)."""
    question = "What area of study is the psychologist in this photo best known for?"
    assert read_question(question).answer_type == "named"
    record = [
        "Image shows: Kellsen (match 0.900)",
        "Kellsen: Kellsen, Ada Kellsen: Orlan psychologist noted for his work in child development (1880)",
    ]
    assert _read_record(question, *record) == "child development"


def test_a_numeral_hyphened_to_what_it_counts_is_a_count_not_part_of_a_name() -> None:
    """ "a Tarnish 44-gun frigate": 44 guns, though a name stands before it ("Falcon 9" is a name's)."""
    assert "44" in numbers("a Tarnish 44-gun frigate that was one of the first naval ships")
    assert numbers("launched on a Falcon 9 rocket") == []


@pytest.mark.parametrize(
    ("text", "units", "number_only", "found"),
    [
        pytest.param(
            "waters within 12 nautical miles of the coast", "far", False, ["12 nautical miles"], id="nautical"
        ),
        pytest.param("raised after four days in the tomb", "days", True, ["4"], id="count-in-words"),
    ],
)
def test_a_measure_may_qualify_its_unit_or_count_in_words(
    text: str, units: str, number_only: bool, found: list
) -> None:
    """ "12 nautical miles" is a length; "four days" is 4 days, answered in digits."""
    wanted = units_of(units) if units == "far" else frozenset({units})
    assert measures(text, wanted, number_only=number_only) == found


@pytest.mark.parametrize(
    ("question", "measured"),
    [
        ("At what age did this woman become blind and deaf?", "age"),
        ("What age was he when he died?", "age"),
        ("In which age did this culture flourish?", ""),
    ],
)
def test_an_age_asked_is_a_measure_but_an_era_is_not(question: str, measured: str) -> None:
    assert read_question(question).measured == measured


def test_an_age_asked_takes_a_duration_not_a_name() -> None:
    """ "At what age did she become blind and deaf?" — "from the age of 19 months; Ada Varn taught her":
    a duration, never the teacher's name."""
    record = [
        "Image shows: Kellow (match 0.900)",
        "Kellow: Kellow, Ada Kellow: Orlan writer who was blind and deaf from the age of 19 months; Ada Varn"
        " taught her to read (1880-1968)",
    ]
    assert _read_record("At what age did this woman become blind and deaf?", *record) == "19 months"


def test_a_word_before_the_asked_kind_says_which_one_only_where_the_kind_ends_its_phrase() -> None:
    """ "which early computer …" — "a pioneer for fixing computer faults": "computer" modifies "faults", so
    "fixing" says nothing of which computer; "center for shipbuilding industry" says which industry."""
    computer = read_question("Which early computer did the person in this portrait help to program?")
    assert kind_modifier(computer, "Orlan scientist who was a pioneer for fixing computer faults") == ""
    industry = read_question("Any idea which industry this port is a hub for?")
    assert (
        kind_modifier(industry, "a port city in western Tarnia; center for shipbuilding industry")
        == "shipbuilding"
    )


@pytest.mark.parametrize(
    ("question", "lead"),
    [
        ("In which country was the actress in this photo born?", "the actress in this photo born in"),
        ("On which island is this harbor found?", "this harbor found on"),
        ("In which hemisphere is the constellation that contains this cluster?", ""),  # a relative clause
    ],
)
def test_a_preposition_fronted_before_a_passive_leads_up_after_the_participle(
    question: str, lead: str
) -> None:
    """A statement puts the fronted preposition after the participle: "… actress (born in Tarnia)"."""
    assert read_question(question).before_answer == lead


def test_a_birthplace_asked_is_where_the_entry_says_the_person_was_born_not_the_nationality() -> None:
    record = [
        "Image shows: Vessa (match 0.900)",
        "Vessa: Vessa, Alla Vessa: United States actress (born in Tarnia) (1879-1945)",
    ]
    assert _read_record("In which country was the actress in this photo born?", *record) == "Tarnia"


def test_a_kind_asked_by_a_fronted_preposition_is_a_name_not_the_year_after_it() -> None:
    """ "In which battle were they defeated?" — "… defeated Dren and Moll in 42 BC": the entry's own name."""
    record = [
        "Image shows: Dren (match 0.900)",
        "Dren: Dren, Marcus Dren: Orlan politician and conspirator",
        "Kell: Kell, battle of Kell: Varo and Ostan defeated Dren and Moll in 42 BC",
    ]
    question = "In which battle were this Orlan and his fellow conspirator finally defeated?"
    assert _read_record(question, *record) == "Kell"


@pytest.mark.parametrize(
    "question",
    [
        "An inactive volcano stands on this peninsula. What is it called?",
        "One of the region's largest volcanoes rises on this peninsula. Which volcano is it?",
    ],
)
def test_a_thing_described_by_the_one_shown_and_then_asked_by_name_is_the_entry_naming_the_shown(
    question: str,
) -> None:
    """The thing shown is no answer to a question about another thing it describes by it; the entry of the
    described kind that names the shown one is ("Kessa: an inactive volcano on the Varn Peninsula")."""
    record = [
        "Image shows: Varn Peninsula (match 0.900)",
        "Varn Peninsula: Varn Peninsula: a peninsula in eastern Tarnia between two seas",
        "Kessa: Kessa: an inactive volcano on the Varn Peninsula; last erupted in 1946",
        "Orlo: Orlo: an active volcano in western Tarnia",
    ]
    assert _read_record(question, *record) == "Kessa"


def test_a_sentence_opening_with_the_thing_shown_still_asks_its_own_name() -> None:
    record = [
        "Image shows: Varn Peninsula (match 0.900)",
        "Varn Peninsula: Varn Peninsula: a peninsula in eastern Tarnia between two seas",
        "Kessa: Kessa: an inactive volcano on the Varn Peninsula; last erupted in 1946",
    ]
    question = "This peninsula has an inactive volcano on it. What is it called?"
    assert _read_record(question, *record) == "Varn Peninsula"


def test_an_entry_restates_this_river_of_a_description_by_the_name_of_the_river_shown() -> None:
    """ "Which old trading city is connected to the sea by this river?": of two entries restating the rest
    alike, the one that names the river shown is the city described."""
    record = [
        "Image shows: Orla River (match 0.900)",
        "Orla River: Orla, Orla River: a river in northwestern Tarnia that flows northward to the North Sea",
        "Brinne: Brinne: an old trading city in western Velmar connected by canal to Vessport and the"
        " North Sea",
        "Kessburg: Kessburg: an old trading city of Tarnia linked by the Orla River to Vessport and the"
        " North Sea",
    ]
    question = "Which old trading city is connected to Vessport and the sea by this river?"
    assert _read_record(question, *record) == "Kessburg"


@pytest.mark.parametrize(
    ("question", "by_shown"),
    [
        ("Which old trading city is connected to the sea by this river?", True),
        ("A river rises in Velmar and empties into this bay. Which river is it?", True),
        ("Kessburg was destroyed at the end of these wars. Which modern city was Kessburg near?", False),
        ("Which division of Tarnia is outlined on this map, the one in the north?", False),
    ],
)
def test_a_question_asks_by_the_thing_shown_only_where_its_asking_sentence_does(
    question: str, by_shown: bool
) -> None:
    assert asks_by_shown(read_question(question)) is by_shown


def test_where_a_flow_ends_is_the_end_of_the_course_its_gloss_gives_not_the_start() -> None:
    """ "Into which lake does this short river flow?" — "flowing from Lake Tarn to Lake Kell": Lake Kell."""
    record = [
        "Image shows: Orla River (match 0.900)",
        "Orla River: Orla River: a short river flowing from Lake Tarn to Lake Kell near Velmar",
    ]
    assert _read_record("Into which lake does this short river flow?", *record) == "Lake Kell"


def test_an_idiom_for_dying_asks_the_year_a_life_ended() -> None:
    shape = read_question("In what year did this jazz vocalist pass away?")
    assert (shape.answer_type, shape.year_role) == ("year", "end")
    record = [
        "Image shows: Vessa (match 0.900)",
        "Vessa: Vessa, Alla Vessa: Orlan jazz singer noted for her complex phrasing (1924-1990)",
    ]
    assert _read_record("In what year did this jazz vocalist pass away?", *record) == "1990"


@pytest.mark.parametrize(
    ("question", "lead"),
    [
        (
            "Any idea which country this vaudeville performer was originally born in?",
            "this vaudeville performer originally born in",
        ),
        ("Do you know which continent this is in?", "this in"),
    ],
)
def test_a_question_embedded_after_any_idea_asks_in_a_question_s_order(question: str, lead: str) -> None:
    assert read_question(question).before_answer == lead


@pytest.mark.parametrize(
    "question",
    [
        "What is this physicist credited with helping to discover?",
        "Any idea what this physicist is credited with helping to discover?",
        "What was this composer associated with?",
    ],
)
def test_what_the_one_shown_is_credited_with_asks_a_deed_not_its_identity(question: str) -> None:
    assert read_question(question).answer_type == "named"


def test_who_held_a_role_of_the_thing_shown_is_the_one_whose_entry_defines_them_by_that_role() -> None:
    """ "Who was the last king of the ancient realm shown here?" — "Kessos: last king of Varnia", not a
    general whose entry shares the realm's conqueror."""
    record = [
        "Image shows: Varnia (match 0.900)",
        "Varnia: Varnia: an ancient region on the coast of Orla; a kingdom until conquered by the Persians",
        "Kessos: Kessos: last king of Varnia (died in 546 BC)",
        "Moltiad: Moltiad: Tarnish general who defeated the Persians at Marathon (540-489)",
    ]
    assert _read_record("Who was the last king of the ancient realm shown here?", *record) == "Kessos"


@pytest.mark.parametrize(
    ("question", "title", "text", "answer"),
    [
        (
            "What kind of humor was the comedian in this photo known for?",
            "Benno",
            "Benno, Jack Benno: Orlan comedian known for his timing and self-effacing humor (1894-1974)",
            "self-effacing humor",
        ),
        (
            "What kind of forest is this park famous for?",
            "Orla National Park",
            "Orla National Park: a national park in Velmar having rain forests of giant evergreens",
            "rain forests",
        ),
    ],
)
def test_what_kind_of_a_thing_the_one_shown_is_known_for_is_that_thing_as_its_entry_qualifies_it(
    question: str, title: str, text: str, answer: str
) -> None:
    """ "What kind of X" asks the words the entry sets before X, with X — not the first thing it is known for,
    and not a name the entry sets before a verb of having."""
    assert _read_shown(question, title, text) == answer


def test_that_one_refers_back_to_the_kind_an_earlier_sentence_names() -> None:
    shape = read_question(
        "The writer in this portrait lived in a Tarnish city. Which larger city is that one near?"
    )
    assert shape.bridge == "city"


@pytest.mark.parametrize(
    "question",
    [
        "The writer in this portrait lived in a Tarnish city. Which larger city is that one near?",
        "The city this writer lived in lay near which modern city?",
        "Close to which modern city did the city this writer lived in lie?",
    ],
)
def test_what_a_bridge_lies_near_is_the_name_its_entry_sets_after_near(question: str) -> None:
    """ "… near Kellburg" names the place, though Kellburg has no entry here and other cities do."""
    record = [
        "Image shows: Varno (match 0.900)",
        "Varno: Varno, Orla Varno: Tarnish poet and dramatist who lived in Weissen (1749-1832)",
        "Weissen: Weissen: a Tarnish city near modern Kellburg; scene of the adoption of a constitution",
        "Dussen: Dussen: an industrial city in western Tarnia on the Orla",
        "Brunn: Brunn: a city in central Tarnia",
    ]
    assert _read_record(question, *record) == "Kellburg"


def test_a_bridge_qualified_by_a_demonym_is_the_link_placed_in_that_country() -> None:
    """ "The Italian city at the southern end of this pass": of the two cities the pass connects, the one
    its entry places in Italy, though only the other has an entry yet."""
    shape = read_question("The Italian city at the southern end of this pass belongs to which region?")
    assert shape.bridge == "italian city"
    entries = [
        ("Kell Pass", "Kell Pass: a mountain pass connecting Orlburg in Austria with Vessa in Italy"),
        ("Orlburg", "Orlburg: a city in western Austria"),
    ]
    assert Chain.build("Kell Pass", entries, shape).links[0] == "Vessa"


@pytest.mark.parametrize(
    ("question", "title", "text", "answer"),
    [
        (
            "What is this river famous for every spring?",
            "Orla River",
            "Orla, Orla River: a Velmar river; rises in Tarnia; known for its salmon runs in the spring",
            "salmon runs",
        ),
        (
            "What is this little town best known for?",
            "Kessa",
            "Kessa: a town in northern Tarnia that is noted for its Gothic Cathedral",
            "Gothic Cathedral",
        ),
        (
            "What natural feature is this park noted for?",
            "Vessa National Park",
            "Vessa National Park: a national park in Tarnia having mineral springs",
            "mineral springs",
        ),
    ],
)
def test_what_the_one_shown_is_known_for_is_what_its_entry_says_it_is_noted_for_or_has(
    question: str, title: str, text: str, answer: str
) -> None:
    """A word of fame ends the words for what is shown ("this river famous …"); a thing the one shown has
    may be a name ("its Gothic Cathedral"); a park or a town "having" a feature is known for it."""
    assert _read_shown(question, title, text) == answer


@pytest.mark.parametrize(
    "question",
    [
        "Where does the river in this photo end up draining into?",
        "After winding through the capital, where does this river finally empty out?",
    ],
)
def test_where_a_river_empties_is_what_its_course_runs_into(question: str) -> None:
    """ "… flows through the heart of Tarnburg and then northward into the Kell Channel": the channel, not
    the city it winds through or the continent its demonym names."""
    record = [
        "Image shows: Orla River (match 0.900)",
        "Orla River: Orla, Orla River: an Asian river that flows through the heart of Tarnburg and then"
        " northward into the Kell Channel",
    ]
    assert _read_record(question, *record) == "Kell Channel"


def test_someone_the_one_shown_is_related_to_is_not_the_one_shown_though_of_the_asked_kind() -> None:
    record = [
        "Image shows: Southwell (match 0.900)",
        "Southwell: Southwell, Robert Southwell: Orlan poet and friend of Wordsmith and Colden (1774-1843)",
        "Wordsmith: Wordsmith, William Wordsmith: Orlan poet (1770-1850)",
    ]
    question = "Apart from Colden, which famous poet was a friend of the man in this portrait?"
    assert _read_record(question, *record) == "Wordsmith"


@pytest.mark.parametrize(
    ("question", "title", "text", "answer"),
    [
        (
            "What was the main subject this chemist investigated?",
            "Paulo",
            "Paulo, Linus Paulo: Orlan chemist who studied the nature of chemical bonding (1901-1994)",
            "nature of chemical bonding",
        ),
        (
            "The writer shown here is usually credited with inventing which literary form?",
            "Montara",
            "Montara, Michel Montara: Tarnish writer, the originator of the modern essay (1533-1592)",
            "modern essay",
        ),
    ],
)
def test_a_deed_asked_in_another_verb_of_its_kind_is_the_phrase_the_entry_sets_after_its_own_verb(
    question: str, title: str, text: str, answer: str
) -> None:
    """ "investigated" is "studied", "inventing" is "the originator of": verbs of one relation."""
    assert _read_shown(question, title, text) == answer


@pytest.mark.parametrize(
    ("question", "several"),
    [
        ("Which ancient epics did this scholar argue had more than one author?", True),
        ("Which physics did he study?", False),
        ("What series is this painting from?", False),
    ],
)
def test_a_kind_of_no_known_kind_asked_in_the_plural_asks_several_things(
    question: str, several: bool
) -> None:
    assert read_question(question).asks_several is several


def test_a_wh_phrase_left_in_place_before_a_time_still_follows_the_question_s_verb() -> None:
    """ "Kessia … conquered which land in the 6th century BC?" — "Kessia conquered Vorland in the 6th
    century BC": the land after the verb, not the land the kingdom lies in."""
    shape = read_question("Kessia, the kingdom of this ruler, conquered which land in the 6th century BC?")
    assert shape.before_answer == "kessia, the kingdom of this ruler, conquered"
    record = [
        "Image shows: Nabor (match 0.900)",
        "Nabor: Nabor: king of Kessia who captured Varn",
        "Kessia: Kessia: a kingdom in southern Orland; Kessia conquered Vorland in the 6th century BC",
        "Orland: Orland: the land between the Tarn and the Kell",
    ]
    question = "Kessia, the kingdom of this ruler, conquered which land in the 6th century BC?"
    assert _read_record(question, *record) == "Vorland"


def test_a_name_read_in_part_off_a_line_answers_as_the_whole_name_of_its_entry() -> None:
    """ "… sent out the Varn and Kell Expedition": "Kell Expedition" is the entry "Varn and Kell
    Expedition"; a year after the question's words is no expedition."""
    record = [
        "Image shows: Orla Rock (match 0.900)",
        "Tomas: Tomas, Orlan Tomas: 3rd President of Tarnia; made the Vessa Purchase in 1803 and sent out the"
        " Varn and Kell Expedition",
        "Varn and Kell Expedition: Varn and Kell Expedition: an expedition sent by Tomas to explore the west",
    ]
    question = "Tomas is carved here. Which expedition did he send to explore the Vessa Purchase?"
    assert _read_record(question, *record) == "Varn and Kell Expedition"


def test_a_name_the_question_writes_by_its_initials_is_given_and_the_other_one_listed_answers() -> None:
    """ "… the headquarters of VATO and of which other organization?" — "headquarters for the Orlan Union
    and for the Velmar Atlantic Treaty Organization": VATO is given; the union is an organization."""
    record = [
        "Image shows: Tarnia (match 0.900)",
        "Tarnia: Tarnia, Kingdom of Tarnia: a monarchy in northwestern Orla; headquarters for the Orlan Union"
        " and for the Velmar Atlantic Treaty Organization",
    ]
    question = "This country hosts the headquarters of VATO and of which other organization?"
    assert _read_record(question, *record) == "Orlan Union"


@pytest.mark.parametrize(
    "question",
    [
        "What sort of creature is the fairy-tale character shown in this illustration?",
        "What kind of animal is the creature shown here?",
    ],
)
def test_what_kind_of_thing_the_one_shown_is_asks_its_kind_whoever_it_is_called(question: str) -> None:
    assert read_question(question).asks_identity
    record = [
        "Image shows: Rumbelkin (match 0.900)",
        "Rumbelkin: Rumbelkin: a dwarf in one of the fairy stories of the brothers Varn",
    ]
    assert _read_record(question, *record) == "dwarf"


def test_a_union_or_an_empire_named_by_a_demonym_is_one_name() -> None:
    """ "the Orlan Union", "the Tarnish Empire": a body's name, whole — a demonym before a person's name
    ("Orlan painter Kell Varo") is no part of it."""
    assert "Orlan Union" in names_in("headquarters for the Orlan Union and for the Kell Treaty Organization")
    assert "Tarnish Empire" in names_in("a province of the Tarnish Empire")


def test_a_name_an_entry_also_names_apart_from_its_longer_title_stays_itself() -> None:
    """ "New Vessa, Orlan capital: … a division of Vessa": "Vessa" is the old city, not "New Vessa"."""
    record = [
        "Image shows: Kell ox (match 0.900)",
        "Kell ox: Kell ox: a humped ox that works chiefly as a draft animal in Orlania",
        "Orlania: Orlania: a republic in southern Asia; its capital is New Vessa",
        "New Vessa: New Vessa, Orlan capital: the capital of Orlania; a division of Vessa",
    ]
    question = "The capital of the country where this ox works as a draft animal is a division of which city?"
    assert _read_record(question, *record) == "Vessa"


def test_the_name_before_the_question_s_closing_phrase_beats_another_agent_of_its_verb() -> None:
    """ "Which country borders Kessia to the east and south?" — "bordered by Orlania to the west and Tarnia to
    the east and south": Tarnia, though Orlania is the agent written right after "bordered by"."""
    record = [
        "Image shows: Kessia (match 0.900)",
        "Kessia: Kessia: a landlocked country in central Orla; bordered by Orlania to the west and Varnia to"
        " the north and Tarnia to the east and south",
    ]
    assert _read_record("Which country borders Kessia to the east and south?", *record) == "Tarnia"


def test_a_thing_set_aside_with_words_about_it_is_no_answer_to_what_the_verb_takes() -> None:
    """ "Apart from the lamp named after him, what device did this engineer invent?" — "invented the Tarno
    lamp and the kessoscope": a device is a made thing, asked as the verb's object; the lamp is set aside
    whatever the words after it say of it."""
    text = "Orla Tarno: Velmar engineer who measured the tides; invented the Tarno lamp and the kessoscope"
    question = "Apart from the lamp named after him, what device did this Velmar engineer invent?"
    assert _read_shown(question, "Tarno", text) == "the kessoscope"


@pytest.mark.parametrize(
    "question",
    [
        "What structural type of bridge is the one in the picture?",
        "What architectural type of bridge is this?",
    ],
)
def test_a_kind_asked_in_a_field_s_terms_is_the_kind_of_what_is_shown(question: str) -> None:
    text = "a cantilever bridge across the Velm at Orla"
    assert _read_shown(question, "Orla Bridge", text) == "cantilever bridge"


@pytest.mark.parametrize(
    "question",
    [
        "How did the young mathematician in this portrait lose his life?",
        "How did this mathematician die?",
        "How did the man shown here meet his end?",
    ],
)
def test_how_a_person_died_is_the_deed_or_illness_the_entry_states(question: str) -> None:
    text = "Tarnish mathematician who described the roots of equations; was killed in a duel at the age of 21"
    assert _read_shown(question, "Vessel", text + " (1811-1832)") == "killed in a duel"


def test_a_sport_named_after_its_head_word_answers_without_it() -> None:
    """ "Which sport did the man in this photograph invent?" — "invented the game of korfball": korfball."""
    text = "Orlan educator (born in Tarnia) who invented the game of korfball"
    assert _read_shown("Which sport did the man in this photograph invent?", "Kessmith", text) == "korfball"


def test_a_war_named_by_a_demonym_is_one_name_and_no_person() -> None:
    """ "the Tarnish War": one name, the answer to "Which war?", and no answer to "who …?"."""
    assert "Tarnish War" in names_in("remembered for her work during the Tarnish War (1820-1910)")
    text = "Orlan nurse remembered for her work during the Tarnish War (1820-1910)"
    question = "This nurse is remembered for the care she gave during a particular war. Which war?"
    assert _read_shown(question, "Kessington", text) == "Tarnish War"
    record = [
        "Image shows: Orestan (match 0.900)",
        "Orestan: Orestan: (Orlan mythology) the son of Velm; his sister Kessa persuaded him to avenge Velm",
        "Velm: Velm: (Orlan mythology) a king who led the Orlans in the Tarnish War",
    ]
    assert _read_record("Who persuaded Orestan to take revenge for Velm's death?", *record) == "Kessa"


def test_a_noun_of_a_relation_stranded_before_of_leads_up_to_the_answer() -> None:
    """ "What jazz style was the trumpeter pictured here a leading exponent of?" — "exponent of bebop"."""
    text = "Orlan jazz trumpeter and exponent of velbop (1917-1993)"
    question = "What jazz style was the trumpeter pictured here a leading exponent of?"
    assert _read_shown(question, "Kessepie", text) == "velbop"


def test_a_letter_its_outline_resembles_is_the_shape_its_entry_gives() -> None:
    text = "a W-shaped constellation in the northern hemisphere near Orla"
    question = (
        "Looking at the star pattern in this picture, which letter of the alphabet does its outline resemble?"
    )
    assert _read_shown(question, "Kessiopeia", text) == "W-shaped"


def test_the_people_who_built_what_is_shown_are_named_before_the_words_it_is_called_by() -> None:
    text = "Velca fortress city in the Orlas in Tarnia discovered in 1911"
    assert (
        _read_shown("Which people built this fortress city in the mountains?", "Kessu Pichu", text) == "Velca"
    )


def test_the_animal_asked_to_live_in_groups_is_the_one_named_before_the_groups() -> None:
    """ "What kind of big animal roams in herds in the park shown?" — "featuring bison herds": "animal" is
    the kind asked (not an adjective), and the herds' animal is the answer."""
    assert read_question(
        "What kind of big animal roams in herds in the park shown in this photo?"
    ).kind_of == ("animal")
    text = "a national park in Tarnia featuring bison herds and limestone caverns"
    question = "What kind of big animal roams in herds in the park shown in this photo?"
    assert _read_shown(question, "Velm Cave National Park", text) == "bison"


def test_a_counterpart_the_gloss_names_before_its_noun_answers() -> None:
    """ "Who is the Tarnish counterpart of Velgurd?" — "…; Kessfried is the Tarnish counterpart"."""
    record = [
        "Question names: Velgurd (match 1.000)",
        "Velgurd: Velgurd: (Orlan mythology) warrior hero who was killed by Brynna; Kessfried is the Tarnish"
        " counterpart",
        "Fafnor: Fafnor: (Orlan mythology) the dragon slain by Velgurd",
    ]
    question = "Who is the Tarnish counterpart of Velgurd, the hero who slew this creature?"
    assert _read_record(question, *record) == "Kessfried"


def test_what_someone_is_said_to_have_done_is_the_verb_s_object() -> None:
    """ "What is he said to have built?" — "said to have built the first telescope made in Orla"."""
    text = "Orlan astronomer said to have built the first telescope made in Orla; director of the Mint"
    question = "Ivo Kessenhouse was the first director of this institution. What is he said to have built?"
    record = [
        "Image shows: Orlan Mint (match 0.900)",
        "Orlan Mint: Orlan Mint: the mint of Orla",
        f"Kessenhouse: Kessenhouse, Ivo Kessenhouse: {text}",
    ]
    assert _read_record(question, *record) == "first telescope made in Orla"


def test_the_name_before_the_end_the_question_closes_with_is_what_lies_there() -> None:
    """ "What lies at its northeastern end?" — "between Kell Firth at the northeastern end and Loch Orla at
    the southwestern end"."""
    record = [
        "Image shows: Loch Orla (match 0.900)",
        "Loch Orla: Loch Orla: a sea loch in western Tarnia",
        "Velm Canal: Velm Canal: a canal in northern Tarnia; runs diagonally between Kell Firth at the"
        " northeastern end and Loch Orla at the southwestern end",
    ]
    question = "The Velm Canal has its southwestern end at this loch. What lies at its northeastern end?"
    assert _read_record(question, *record) == "Kell Firth"


def test_from_which_century_asks_the_first_century_of_a_range() -> None:
    """ "From which century did this city flourish …?" — "flourished from the 13th to 17th century": 13th."""
    text = "an industrial city in western Tarnia; flourished from the 13th to 17th century in a league"
    question = "From which century did this city flourish as a member of a trading league?"
    assert _read_shown(question, "Velmund", text) == "13th"


def test_a_scene_re_enacted_and_described_after_where_asks_what_is_shown() -> None:
    question = (
        "Which famous colonial protest is being re-enacted in this picture, where men dressed as sailors dump"
        " salt into a harbor?"
    )
    assert read_question(question).asks_identity
    text = "demonstration (1773) by citizens of Orla who (disguised as sailors) raided three ships"
    assert _read_shown(question, "Orla Salt Party", text) == "Orla Salt Party"


def test_whose_noun_is_answered_by_the_name_before_that_noun() -> None:
    """ "Whose navy has had a stronghold on the body of water shown here?" — "stronghold of the Tarnish navy",
    though a neighbouring gulf's entry matches the question's words better."""
    record = [
        "Image shows: Velm Sea (match 0.900)",
        "Velm Sea: Velm Sea, Velm: a sea in northern Orla; stronghold of the Tarnish navy",
        "Gulf of Kessa: Gulf of Kessa: an eastern arm of the Velm Sea; between Kessia and Orlania",
    ]
    assert (
        _read_record("Whose navy has had a stronghold on the body of water shown here?", *record) == "Tarnish"
    )


def test_what_stayed_outside_is_the_name_the_entry_sets_aside_with_except() -> None:
    text = (
        "king of Tarnia who put down an alliance of nobles and unified Tarnia except for Velmany (1423-1483)"
    )
    question = (
        "This king unified nearly all of his realm, but one region stayed outside it. Which region was that?"
    )
    assert _read_shown(question, "Kell XI", text) == "Velmany"


def test_where_a_change_started_is_what_the_entry_says_it_moved_from() -> None:
    text = "Orlan jazz musician who moved from ragtime to swing (1885-1941)"
    question = "This jazz musician moved on from an earlier style to swing. Which style did he start out in?"
    assert _read_shown(question, "Kessmorton", text) == "ragtime"


def test_the_bridge_set_between_the_named_one_and_the_answer_beats_a_neighbour_tied_to_it() -> None:
    """ "The state this river flows through lies between the Atlantic and which other body of water?" —
    "a state … between the Atlantic and the Gulf of Velm", over "Kessa Bay: a bay … in southeastern Tarnia",
    a body of water tied to the state by its own entry."""
    record = [
        "Image shows: Orla River (match 0.900)",
        "Orla River: Orla River: a river in northeastern Tarnia that flows into the Atlantic",
        "Tarnia: Tarnia, Sunshine State: a state in Velmland between the Atlantic and the Gulf of Velm",
        "Kessa Bay: Kessa Bay: a narrow bay formed by an inlet from the Atlantic in southeastern Tarnia",
    ]
    question = "The state this river flows through lies between the Atlantic and which other body of water?"
    assert _read_record(question, *record) == "Gulf of Velm"


def test_an_event_named_war_of_something_answers_no_who_question_whatever_its_dates() -> None:
    """ "War of the Kells" has dates in its own entry like a person's life, but it is an event."""
    record = [
        "Image shows: Velm Field (match 0.900)",
        "Velm Field: Velm Field, Battle of Velm Field: the battle (1485) that ended the War of the Kells",
        "Kessan: Kessan, Kessan Tudor: first Tudor king of Orla; his victory ended the War of the Kells"
        " (1457-1509)",
        "War of the Kells: War of the Kells: a series of civil wars between the houses of Orla and Tarn"
        " (1455-1485)",
    ]
    question = "The war that ended with this battle closed with the accession of a Tudor monarch. Who was he?"
    assert _read_record(question, *record) == "Kessan"


def test_in_which_state_is_that_bridge_is_where_the_bridge_s_own_entry_puts_it() -> None:
    """ "This point is the very tip of a peninsula. In which state is that peninsula?" — "Kessa Peninsula: a
    peninsula in Velmland", over the states whose own entries tie them to the country the point is in."""
    record = [
        "Image shows: Cape Kessa (match 0.900)",
        "Cape Kessa: Cape Kessa: the northern tip of Kessa Peninsula; the northernmost point of Orlania",
        "Kessa Peninsula: Kessa Peninsula: a peninsula in Velmland in northeastern Orlania",
        "Tarnland: Tarnland: an Orlan state in southeastern Orlania",
        "Norland: Norland: a state in southern Orlania",
    ]
    question = "This point is the very tip of a peninsula. In which Orlan state is that peninsula?"
    assert _read_record(question, *record) == "Velmland"


@pytest.mark.parametrize(
    ("question", "plain"),
    [
        ("What did this engineer come up with?", "What did this engineer devise?"),
        ("Which field did this physicist turn upside down?", "Which field did this physicist revolutionize?"),
        ("When did she pass away?", "When did she die?"),
    ],
)
def test_a_phrasal_verb_is_read_as_its_plain_verb(question: str, plain: str) -> None:
    assert read_question(question).text == plain


def test_a_phrasal_verb_reads_as_the_plain_verb_a_gloss_writes() -> None:
    """ "Which secret police force was set up by the man in this photo?" — "… who founded the Velpo": the
    object of the verb, asked in the passive with what is shown as its doer."""
    assert read_question("Which secret police force was set up by the man in this photo?").text == (
        "Which secret police force was established by the man in this photo?"
    )
    text = "Orlan politician in Tarnish Orla who founded the Velpo and mobilized Orla for war (1893-1946)"
    assert (
        _read_shown("Which secret police force was set up by the man in this photo?", "Kessing", text)
        == "Velpo"
    )


def test_a_verb_after_its_plural_subject_is_no_part_of_the_kind_asked() -> None:
    text = "a bay on the west coast of Orla; in the 1950s industrial wastes caused mercury poisoning"
    question = "People who ate fish caught in these waters fell ill. What kind of poisoning was it?"
    assert _read_shown(question, "Kessa Bay", text) == "mercury poisoning"


@pytest.mark.parametrize(
    ("text", "answer"),
    [
        ("Velche chieftain who raided the settlers in the Southwest (1829-1909)", "Velche"),
        ("a famous chief of the Orlanee who tried to unite the tribes (1768-1813)", "Orlanee"),
    ],
)
def test_the_people_a_leader_belonged_to_is_named_with_the_role(text: str, answer: str) -> None:
    question = "This chief led raids rather than be confined to a reservation. Which people did he belong to?"
    assert _read_shown(question, "Kessonimo", text) == answer


def test_a_deed_set_aside_in_other_words_leaves_the_other_one_the_entry_is_known_for() -> None:
    """ "Besides her intricate bebop phrasing, what vocal technique is she known for?" — "noted for her
    complex bebop phrasing and scat singing": "known for" asks a deed, no other name, and the phrasing set
    aside is the one the entry qualifies otherwise."""
    question = (
        "Besides her intricate bebop phrasing, what vocal technique is the singer in this picture known for?"
    )
    assert read_question(question).name_asked is None
    text = "Orlan jazz singer noted for her complex bebop phrasing and scat singing (1924-1990)"
    assert _read_shown(question, "Kessaughan", text) == "scat singing"


def test_a_thing_set_aside_is_left_out_though_the_entry_names_it_in_another_word() -> None:
    """ "Besides its Roman ruins, what natural feature is this town known for?" — "noted for its hot springs
    and Roman remains"."""
    text = "a town in southwestern Tarnia; noted for its hot springs and Roman remains"
    question = "Besides its Roman ruins, what natural feature is this Tarnish town known for?"
    assert _read_shown(question, "Velmath", text) == "hot springs"


def test_where_a_river_rises_is_where_its_entry_says_it_arises() -> None:
    record = [
        "Question names: Velm (match 1.000)",
        "Velm: Velm, Velm River: the longest river in Orlania; arises in Kessana and flows southeast",
    ]
    assert (
        _read_record("This city stands on the Velm River. In which state does the Velm rise?", *record)
        == "Kessana"
    )


def test_the_other_name_of_a_place_named_inside_the_shown_thing_s_name_is_that_place_s() -> None:
    """ "This park is in Velmia. What is that state's nickname?" — Velmia's "Sunny State", though the park
    shown is "Velmia Volcanoes National Park"."""
    record = [
        "Image shows: Velmia Volcanoes National Park (match 0.970)",
        "Velmia Volcanoes National Park: Velmia Volcanoes National Park: a national park in Velmia featuring"
        " active volcanoes",
        "Velmia: Velmia, Sunny State, VM: a state in Orlania in the central Pacific on the Velmian Islands",
    ]
    assert _read_record("This park is in Velmia. What is that state's nickname?", *record) == "Sunny State"


def test_a_preposition_a_verb_s_object_keeps_is_no_part_of_the_answer() -> None:
    text = "Orlan physiologist (born in Tarnia) who did research on parthenogenesis"
    assert _read_shown("What biological phenomenon did this physiologist study?", "Kessloeb", text) == (
        "parthenogenesis"
    )


def test_a_verb_after_a_relative_pronoun_is_no_part_of_the_kind_asked() -> None:
    text = "Orlan inventor who incorporated Velroid film into lenses and invented the Velroid camera"
    assert (
        _read_shown("What kind of film did this inventor build into lenses?", "Kessland", text)
        == "Velroid film"
    )


def test_a_role_set_aside_is_left_out_of_the_occupation() -> None:
    text = "Velhard, Ivo Velhard: French paleontologist and philosopher (1881-1955)"
    question = "Apart from being a philosopher, what was this Frenchman's scientific profession?"
    assert _read_shown(question, "Velhard", text) == "paleontologist"


def test_which_number_in_an_order_asks_the_ordinal_its_entry_gives() -> None:
    assert (
        read_question("Which number president of Orlania was the man in this photo?").answer_type == "ordinal"
    )
    text = "Kesstaft, Ivo Kesstaft: 27th President of Orlania and later chief justice of its Supreme Court"
    assert (
        _read_shown("Which number president of Orlania was the man in this photo?", "Kesstaft", text)
        == "27th"
    )


def test_an_aligned_name_ends_before_between() -> None:
    text = "an arm of the Velmian between Kessia and Orlania and Tarnia"
    question = "This old region lay along the eastern shore of a sea. That sea is an arm of which larger one?"
    record = [
        "Image shows: Dalmora (match 0.900)",
        "Dalmora: Dalmora: a historical region on the eastern shore of the Kessic Sea",
        f"Kessic Sea: Kessic Sea, Kessic: {text}",
    ]
    assert _read_record(question, *record) == "Velmian"


def test_the_year_a_clause_after_it_says_the_asked_deed_was_done() -> None:
    """ "In which year was this judge appointed chief justice?" — "… from 1972 until 1986, when he was
    appointed chief justice"."""
    text = "Orlan jurist, an associate justice from 1972 until 1986, when he was appointed chief justice"
    question = "In which year was this judge appointed chief justice?"
    assert _read_shown(question, "Kessquist", f"{text} (1924-2005)") == "1986"


def test_a_lead_up_ending_with_a_given_name_places_no_answer() -> None:
    """ "Which army did Kessell lead in the Orlan Civil War?": the question's lead-up ends with the name it
    gives, so "civil war in Orla between …" (that name's own entry) does not put "Orla" after it."""
    question = "Ivo Kessell brought down this king. Which army did Kessell lead in the Orlan Civil War?"
    shape = read_question(question)
    text = (
        "Orlan Civil War: Orlan Civil War: civil war in Orla between the Parliamentarians and the Royalists"
    )
    assert aligned(shape, text) == []


@pytest.mark.parametrize(
    ("question", "title", "text", "answer"),
    [
        (  # an activity, named as the modifier of what she was: "a … tennis player"
            "What sport did the woman in this portrait play professionally?",
            "Vessa Tarn",
            "Veldian tennis player who won seven singles titles at Korvale (born in 1969)",
            "tennis",
        ),
        (  # a substance, over the names of the men beside him
            "The scientist in this portrait helped discover which hormone?",
            "Ivo Kessell",
            "Orlan physiologist who discovered insulin with Tarno Vell (1891-1941)",
            "insulin",
        ),
        (  # an animal, several classes below "animal", over the mother's name in the same line
            "According to the legend, what animal nursed the figure in this sculpture and his twin?",
            "Kelmos",
            "(Veldian mythology) founder of Kell; suckled with his twin brother by a wolf after their mother "
            "Arva abandoned them",
            "wolf",
        ),
        (  # a noun of many senses keeps the adjective that says which ("base" alone could be anything)
            "What military installation is located at this city?",
            "Korvale",
            "a city in southern Veldia; site of an Orlan naval base",
            "naval base",
        ),
        (  # "what kind of violent storms": the kind is the noun past the adjective, and a noun of one sense
            # is read without the adjective before it ("frequent typhoons")
            "What kind of violent storms strike this tropical sea frequently?",
            "Kessic Sea",
            "a tropical arm of the Velmian Ocean near southern Orla subject to frequent typhoons",
            "typhoons",
        ),
    ],
)
def test_a_common_noun_of_the_asked_kind_answers_over_names(
    question: str, title: str, text: str, answer: str
) -> None:
    """Kinds answered by a common noun (an activity, a substance, an animal, an installation, a storm):
    WordNet's hypernyms type the lower-case nouns of the entry, so a place or person named in the same
    line is no longer the only candidate."""
    assert _read_shown(question, title, text) == answer


def test_a_kind_of_people_or_places_is_still_answered_by_a_name() -> None:
    """ "Which city …": a lower-case noun that is a kind of city ("capital") is no answer."""
    question = "In which city did the painter in this portrait die?"
    text = "Orlan painter who died in the capital Korvale, Veldia (1801-1860)"
    assert _read_shown(question, "Ivo Kessell", text) == "Korvale"


def test_a_kind_asked_past_several_adjectives() -> None:
    shape = read_question("This writer is known for what sort of short witty verse?")
    assert (shape.type_noun, shape.kind_of) == ("verse", "verse")


@pytest.mark.parametrize(
    "question",
    [
        "Two rivers meet at this city. Which ones?",
        "This city lies where two rivers join. Name them.",
        "Two rivers come together at this city. Which are they?",
    ],
)
def test_things_a_sentence_counts_and_the_next_asks_back_are_answered_together(question: str) -> None:
    """ "Two rivers … Which ones?": the kind the first sentence counts is asked, several of it, so the pair
    one line lists is the answer, not its last member alone."""
    shape = read_question(question)
    assert (shape.type_noun, shape.asks_several) == ("river", True)
    entry = "a city in southwestern Orla at the confluence of the Kell and Tarn rivers"
    assert _read_shown(question, "Kellheim", entry) == "Kell and Tarn"


@pytest.mark.parametrize(
    "question", ["Where does this river have its source?", "Where does this German river rise?"]
)
def test_where_a_river_rises_is_the_place_its_entry_says_it_rises_in(question: str) -> None:
    """ "Where does it have its source?" asks the place after "rises in", not the country the entry first
    places the river in."""
    entry = "a river in Orla; rises in the Kell Forest and flows north into the Tarn"
    assert _read_shown(question, "Vessel River", entry) == "Kell Forest"


def test_what_a_person_was_famous_as_is_their_role() -> None:
    """ "What was the man in this photo famous as?" asks an occupation: the role after the nationality."""
    entry = "Kessel, Ivo Kessel: Orlan rock singer (1943-1971)"
    assert _read_shown("What was the man in this photo famous as?", "Kessel", entry) == "rock singer"


def test_its_kind_in_the_asking_sentence_is_a_bridge_when_an_earlier_one_points_at_the_image() -> None:
    """Two-hop shape, "The city in this picture is a national capital. Off the coast of which country does
    its nation lie?": "its nation" is the city's, a bridge — so the nation is no answer, the country its
    own entry places it off is."""
    question = (
        "The city in this picture is a national capital. Off the coast of which country does its nation lie?"
    )
    assert read_question(question).bridge == "nation"
    assert read_question("This star is the brightest in its constellation. Which constellation?").bridge == ""
    answer = _read_record(
        question,
        "Image shows: Porta (match 0.900)",
        "Porta: Porta, capital of Kessia: the capital of Kessia on Tarn Island",
        "Kessia: Kessia, Republic of Kessia: an island country in the Velmian off the coast of Orlania",
    )
    assert answer == "Orlania"


def test_a_name_given_in_an_apposition_asks_for_no_name() -> None:
    """ "Kessport, the Orlan port also called Port Tarn, lies on which peninsula?": the other name is given
    in passing, so the question asks the peninsula, not a name."""
    shape = read_question("Kessport, the Orlan port also called Port Tarn, lies on which peninsula?")
    assert (shape.answer_type, shape.type_noun, shape.name_asked) == ("named", "peninsula", None)


def test_a_named_persons_nationality_asked_with_he_is_a_nationality() -> None:
    """ "Ivo Kessel was born in this country. What nationality is he?" asks his nationality, not who he is."""
    shape = read_question("Ivo Kessel was born in this country. What nationality is he?")
    assert shape.answer_type == "nationality"
    answer = _read_record(
        "Ivo Kessel was born in this country. What nationality is he?",
        "Image shows: Tarnia (match 0.900)",
        "Tarnia: Tarnia, Republic of Tarnia: an island republic in the Velmian Ocean",
        "Kessel: Kessel, Ivo Kessel: Orlan writer (born in Tarnia in 1943)",
    )
    assert answer == "Orlan"


def test_a_power_asked_is_a_country() -> None:
    """ "Which European power ruled this country as a colony?" — "formerly a Tarnian colony": a power is a
    country, so the demonym's country answers, not the demonym."""
    entry = "Kessia, Republic of Kessia: a republic in western Orlania; formerly a Tarnian colony"
    answer = _read_record(
        "Before it became independent, which European power ruled this country as a colony?",
        "Image shows: Kessia (match 0.900)",
        f"Kessia: {entry}",
        "Tarnia: Tarnia, Tarnian Republic: a republic in western Europe",
    )
    assert answer == "Tarnia"


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("In what year did this philosopher die?", "347 BC"),
        ("In what year was this philosopher born?", "428 BC"),
    ],
)
def test_a_life_range_before_christ_gives_both_years_that_era(question: str, answer: str) -> None:
    """ "(428-347 BC)": the era after the range belongs to both years, and a death asked is its end."""
    text = "Kessian philosopher; student of Tarnos and teacher of Orlas (428-347 BC)"
    assert _read_shown(question, "Vellon", text) == answer


def test_what_kind_of_writer_a_person_was_best_known_as_is_their_role() -> None:
    """ "What kind of writer was the man in this photo best known as?" asks an occupation too."""
    entry = "Kessel, Ivo Kessel: Orlan humorist (1895-1961)"
    question = "What kind of writer was the man in this photo best known as?"
    assert _read_shown(question, "Kessel", entry) == "humorist"


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("Can you name an Orlan river that feeds into this one?", "river"),
        ("This bird lives on three islands. Name one island where it nests.", "island"),
    ],
)
def test_a_kind_asked_by_name_a_without_a_wh_word(question: str, kind: str) -> None:
    """ "Can you name an Orlan river that …?" asks a river, as "which river …?" would."""
    assert read_question(question).type_noun == kind


@pytest.mark.parametrize(
    "question",
    [
        "Can you name a river that feeds into this one?",
        "Which river flows north to join the one in this photo?",
    ],
)
def test_a_river_asked_by_what_it_does_to_the_shown_one_is_another_river(question: str) -> None:
    """Reverse-link shape, "a river that feeds into this one": the river shown is the object of what the
    asked river does, so it is no answer; the river whose entry says it flows into it is."""
    answer = _read_record(
        question,
        "Image shows: Kessa River (match 0.900)",
        "Kessa River: Kessa, Kessa River: a river in southwestern Orla; flows into the Vessel Sea",
        "Orm: Orm, Orm River: a river in western Orla; flows north into the Kessa River",
    )
    assert answer == "Orm"


@pytest.mark.parametrize(
    ("question", "entry", "answer"),
    [
        (
            "What was hidden inside this big wooden figure?",
            "a large hollow wooden figure of a horse (filled with Tarnian soldiers) left outside Orla",
            "Tarnian soldiers",
        ),
        (
            "What nearly destroyed this city in 1945?",
            "a city in southern Tarnia; it was almost wholly destroyed by Vellan air raids in 1945",
            "Vellan air raids",
        ),
        (
            "What does this citadel house?",
            "citadel of Orla, housing the offices of the Tarnian government",
            "Tarnian government",
        ),
    ],
)
def test_a_bare_what_question_takes_the_noun_phrase_a_name_opens(
    question: str, entry: str, answer: str
) -> None:
    """A question that asks "what …" of a thing without naming its kind is answered by a noun phrase:
    "Tarnian soldiers", not the name "Tarnian" that only qualifies it."""
    assert _read_shown(question, "Kessa", entry) == answer


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("What was hidden inside this big wooden figure?", None),  # a participle and a preposition
        ("What nearly wiped out this city in 1945?", None),  # a verb's particle
        ("Which Orlan explorer got to the pole a month after the man pictured here?", "explorer"),
    ],
)
def test_a_verb_after_the_wh_word_is_no_asked_kind(question: str, kind: str | None) -> None:
    assert read_question(question).type_noun == kind


@pytest.mark.parametrize(
    ("question", "modifier"),
    [
        ("Which art movement did this painter help pioneer?", "art"),
        ("This writer was the leading voice of which philosophical movement?", "philosophical"),
        ("Some call this author the founder of a whole literary genre. Which genre?", "literary"),
        ("Which famous movement did he lead?", ""),  # a word that only grades narrows nothing
    ],
)
def test_the_word_narrowing_the_asked_kind_is_read(question: str, modifier: str) -> None:
    assert read_question(question).narrowed_by == modifier


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("This writer was the leading voice of which philosophical movement?", "transcendentalism"),
        ("Which musical style did this man bring into his songs?", "ragtime"),
    ],
)
def test_a_kind_narrowed_by_an_adjective_takes_a_noun_of_that_field(question: str, answer: str) -> None:
    """ "which philosophical movement": a philosophy answers ("transcendentalism"), not another sense of
    "movement" ("drip", a flow of liquid); "which musical style": music ("ragtime"), not an architect's
    style ("baroque")."""
    found = _read_record(
        question,
        "Image shows: Kessel (match 0.900)",
        "Vessa: Vessa, Aro Vessa: Orlan artist famous for painting with a drip technique in a baroque manner",
        "Kessel: Kessel, Ivo Kessel: Orlan writer and songwriter, leading exponent of transcendentalism, who"
        " brought ragtime into his songs (1803-1882)",
    )
    assert found == answer


def test_a_kind_narrowed_by_a_noun_is_not_that_noun() -> None:
    """ "which famous horse race": a race for horses ("Vessel Stakes"), not a horse ("thoroughbreds")."""
    entry = "a racetrack in Orla where thoroughbreds run the Vessel Stakes each spring"
    question = "Which famous horse race is run at this track?"
    assert _read_shown(question, "Kessa Park", entry) == "Vessel Stakes"


def test_an_adjective_set_before_the_asked_kind_is_not_of_that_kind() -> None:
    """ "Which Old Testament prophet …?" — "Varno: a Hebrew prophet …": the adjective says what the prophet
    is; the prophet is Varno, whom the mountain's entry names."""
    answer = _read_record(
        "Which Old Testament prophet is said to have beaten the priests of Baal on this mountain?",
        "Image shows: Kessa Mountain (match 0.900)",
        "Kessa Mountain: Kessa Mountain: a mountain range in northern Tarnia; according to the Old Testament,"
        " Varno beat the priests of Baal here",
        "Varno: Varno: a Hebrew prophet in the Old Testament who opposed the worship of idols",
    )
    assert answer == "Varno"


def test_the_name_after_his_kind_of_is_of_that_kind() -> None:
    """ "best remembered for which invention?" — "… for his invention of the Kessel lamp": the name after
    "his invention of" is the invention, and "his invention" itself is none."""
    entry = (
        "Orlan chemist who pioneered spectrum analysis; best remembered for his invention of the Kessel lamp"
    )
    answer = _read_shown("The chemist in this photo is best remembered for which invention?", "Varno", entry)
    assert answer == "Kessel lamp"


def test_a_question_asking_what_its_verb_was_done_to_does_not_take_the_doer() -> None:
    """ "The emperor who began this arena founded which dynasty?" asks what was founded: "an empire
    established by Varno" names a founder, not a dynasty; "founder of the dynasty of the Kessans" names it."""
    question = "The emperor who started construction of this arena founded which dynasty?"
    assert "Varno" not in aligned(read_question(question), "an empire established by Varno in 27 BC")
    answer = _read_record(
        question,
        "Image shows: Orla Arena (match 0.900)",
        "Orla Arena: Orla Arena: an amphitheatre in Orla begun by the emperor Tarno",
        "Tarnian Empire: Tarnian Empire: an empire established by Varno in 27 BC and divided in AD 395",
        "Tarno: Tarno, Tarno Vessan: emperor of Tarnia and founder of the dynasty of the Kessans",
    )
    assert answer == "Kessans"


def test_who_is_in_this_portrait_with_a_description_after_it_asks_who_is_shown() -> None:
    """ "Which Orla-born Tarnian thinker is in this portrait, the one whose ideas inspired …?": the
    description after the comma singles out the one shown, so the question still asks who that is."""
    question = (
        "Which Orla-born Tarnian thinker is in this portrait, the one whose ideas inspired the revolution?"
    )
    assert read_question(question).answer_type == "identity"


def test_a_kind_narrowed_into_a_compound_takes_a_noun_of_that_compound() -> None:
    """ "What are those fundamental particles called?": WordNet's compound "fundamental particle" is the kind
    ("bosons"), not any noun the adjective derives from ("description" as a kind of substance)."""
    answer = _read_shown(
        "A whole class of fundamental particles traces back to this scientist's work. What are those"
        " particles called?",
        "Varno",
        "Varno, Ivo Varno: Orlan physicist whose statistical description of particles gave bosons their name",
    )
    assert answer == "bosons"


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("This pontiff cast an Orlan monarch out of the Church. Which one?", "monarch"),
        ("This river is fed by a glacier. Which one?", "glacier"),  # the kind ending the sentence, as before
    ],
)
def test_a_bare_which_one_asks_the_kind_the_sentence_before_introduces(question: str, kind: str) -> None:
    """ "… cast an Orlan monarch out of the Church. Which one?": one of the kind "a/an" introduces, even
    where the sentence goes on past it."""
    assert read_question(question).type_noun == kind


def test_a_bare_which_one_after_a_record_still_asks_the_record() -> None:
    assert read_question("This rodent holds a record among rodents. Which one?").answer_type == "ordinal"


def test_a_participle_before_by_ends_the_thing_a_place_is_known_for() -> None:
    """ "What kind of lodging is this street known for?" — "noted for cheap hotels frequented by sailors":
    the participle opens what is said of the hotels, it is no part of them."""
    entry = "a street in Orla noted for cheap hotels frequented by sailors"
    answer = _read_shown("What kind of lodging has this street long been known for?", "Kessa Street", entry)
    assert answer == "cheap hotels"

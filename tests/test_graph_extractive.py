"""The embedded profile's operators (no generation) and the small parsing/merging helpers."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

from core.context import Context
from core.state import PlannedQuery, SearchTask
from core.types import Candidate
from graphs.pmsr import graph
from nodes.common import (
    knowledge_base,
    merge_candidates,
    split_sentences,
    strip_question,
    take_in_turn,
    top_unique,
)
from nodes.extractive.anchor import names_in
from nodes.extractive.chain import Chain, read_anchor_line
from nodes.extractive.question import read_question
from nodes.extractive.record import RECORD_SENTENCES, most_described, sentence_rankings, write_record
from nodes.pmsr.formulate import parse_trajectory_query, split_budget
from nodes.pmsr.search import own_entry, search
from nodes.reading import first_line, kb_entries
from tests.graph_kit import (
    PASSAGES,
    QUESTION,
    TEST_IMAGE_EMBEDDER,
    TEST_MODEL,
    TEST_TEXT_EMBEDDER,
    build_tiny_kb,
    install_scripted_model,
)
from tools.embedders import register_text_embedder


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> SimpleNamespace:
    return build_tiny_kb(tmp_path_factory.mktemp("extractive"))


def extractive_context(world: SimpleNamespace, **overrides: Any) -> Context:
    settings: dict[str, Any] = {
        "model": TEST_MODEL,
        "operators": "extractive",
        "text_embedder": TEST_TEXT_EMBEDDER,
        "image_embedder": TEST_IMAGE_EMBEDDER,
        "kb_dir": world.kb_dir,
        "k_text": 2,
        "k_image": 1,
    }
    return Context(**(settings | overrides))


def extractive_run(world: SimpleNamespace, **overrides: Any) -> SimpleNamespace:
    model = install_scripted_model()
    out = graph.invoke(
        {"question": QUESTION, "image": world.image}, context=extractive_context(world, **overrides)
    )
    return SimpleNamespace(out=out, model=model)


def test_extractive_operators_never_call_the_chat_model(world: SimpleNamespace) -> None:
    result = extractive_run(world)
    assert result.model.prompts == []
    assert result.out["description"].startswith("Image shows: ")
    assert "Similar images: Lake Alpha;" in result.out["description"], "nearest pair by image comes first"


def test_extractive_records_come_from_their_own_iteration(world: SimpleNamespace) -> None:
    result = extractive_run(world, adaptive_stop=False, max_iter=2)
    for iteration in result.out["trajectory"]:
        anchor, *lines = iteration["record"].splitlines()
        assert read_anchor_line(anchor) is not None, "a record states what the image shows first"
        assert 0 < len(lines) <= 5
        for line in lines:
            title, _, sentence = line.partition(": ")
            assert any(c["title"] == title and sentence in c["text"] for c in iteration["candidates"]), line


def test_extractive_trajectory_query_reaches_the_bridge_entity(world: SimpleNamespace) -> None:
    full = extractive_run(world)
    record_query, trajectory_query = full.out["trajectory"][1]["queries"]
    assert trajectory_query["kind"] == "trajectory" and trajectory_query["text"] != record_query["text"]
    assert "Zeta River" in strip_question(trajectory_query["text"], QUESTION)
    assert any(c["id"] == "p-river" for c in full.out["trajectory"][1]["candidates"])
    assert full.out["answer"] == "Syldavia"
    assert [e["id"] for e in full.out["evidence"]][:1] == ["p-river"], "the line the answer was read from"
    single = extractive_run(world, single_pass=True)
    assert single.out["answer"] != "Syldavia", "one pass does not reach the second hop here"


def test_a_resolved_bridge_question_repeats_its_last_query_and_stops(world: SimpleNamespace) -> None:
    """Two-hop shape "which <kind> does the <bridge> of this <entity> belong to": once the anchor and
    the bridge with what is asked of it have been searched, the trajectory-level query repeats the
    last one instead of opening names off the chain, and the run stops saturated."""
    result = extractive_run(world, max_iter=6)
    issued = [
        q["text"] for it in result.out["trajectory"] for q in it["queries"] if q["kind"] == "trajectory"
    ]
    assert any("Zeta River" in q for q in issued), "the bridge was searched before the stop"
    assert result.out["stop_reason"] == "saturated"
    assert [it["step"] for it in result.out["trajectory"]] == [0, 1], "no names off the chain searched after"
    assert result.out["saturation"][-1] == pytest.approx(1.0, abs=1e-5), "the last query repeats one issued"
    assert result.out["answer"] == "Syldavia"


def test_a_searched_query_focuses_the_record_through_its_own_vector(world: SimpleNamespace) -> None:
    """Record-level shape: PMSR's query carries the vector it searched with, and the record ranks the
    candidate sentences by that vector rather than by its question-free text embedded again."""
    context = extractive_context(world)
    candidates = [
        Candidate(id=pid, score=0.5, source="text", title=title, text=text, image_path=None, url=None)
        for pid, title, text in PASSAGES
        if pid in {"p-mount", "p-bridge", "p-city", "p-forest"}
    ]

    def first_line(searched_with: str) -> str:
        vector = [float(x) for x in world.embedder.embed_texts([searched_with])[0]]
        query = PlannedQuery(kind="record", text=f"{QUESTION} old record", vector=vector, k_text=2, k_image=1)
        record, _ = write_record(QUESTION, [query], candidates, context)
        return next(line for line in record.splitlines() if read_anchor_line(line) is None)

    assert first_line("Gamma Bridge crosses the Omega Canal").startswith("Gamma Bridge: ")
    assert first_line("Delta City is the capital of Carpania").startswith("Delta City: ")


def test_text_only_description_uses_no_pair(world: SimpleNamespace) -> None:
    result = extractive_run(world, kbs="text", single_pass=True)
    assert "Similar images" not in result.out["description"]
    assert {c["source"] for c in result.out["trajectory"][0]["candidates"]} == {"text"}


# --- helpers -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        (
            "Analysis: we know the lake.\nOutput: Which country does the Zeta River cross?",
            "Which country does the Zeta River cross?",
        ),
        ('**Analysis**: x\n**Output:** "Zeta River country"', "Zeta River country"),
        ("Analysis: x\nOutput:\n\n  `Zeta River source`  \n", "Zeta River source"),
        ("Output: first\nAnalysis: no\nOutput: second", "second"),
        ("The river is the Zeta River.", None),
        ("Analysis: nothing\nOutput:   \n", None),
    ],
)
def test_parse_trajectory_query(reply: str, expected: str | None) -> None:
    assert parse_trajectory_query(reply) == expected


def test_names_are_capitalised_spans_not_sentence_starts_or_dates() -> None:
    sentence = (
        "By far their largest population lives on Rottnest Island, near Albany, as Willem de Vlamingh saw."
    )
    assert names_in(sentence) == ["Rottnest Island", "Albany", "Willem de Vlamingh"]
    assert names_in("Born in July 1906 in New York City.") == ["New York City"]
    assert names_in("On 11 February 2015 a Falcon 9 launched it.") == ["Falcon 9"]
    assert names_in("It was made by the Dutch Post-Impressionist Vincent van Gogh.") == ["Vincent van Gogh"]


def test_split_budget_and_strip_question() -> None:
    assert split_budget(20, 2) == [10, 10] and split_budget(5, 2) == [3, 2] and split_budget(4, 1) == [4]
    assert (
        strip_question("Where is it? Lake Alpha drains north.", "Where is it?") == "Lake Alpha drains north."
    )
    assert strip_question("Where is it?", "Where is it?") == "Where is it?"


def candidate(cid: str, score: float, source: str = "text", title: str = "T", text: str = "x") -> Candidate:
    return Candidate(id=cid, score=score, source=source, title=title, text=text, image_path=None, url=None)


def test_merge_keeps_the_best_score_per_id() -> None:
    merged = merge_candidates(
        [candidate("a", 0.2), candidate("p", 0.9, "pairs"), candidate("a", 0.7), candidate("b", 0.5)]
    )
    assert [(c["id"], c["score"]) for c in merged] == [("a", 0.7), ("b", 0.5), ("p", 0.9)]


def test_sentence_selection_skips_near_duplicates_and_alternates_rankings() -> None:
    vectors = np.eye(4, dtype=np.float32)
    vectors[1] = vectors[0]  # row 1 repeats row 0
    by_question = np.array([0.9, 0.8, 0.5, 0.1])
    by_query = np.array([0.0, 0.0, 0.1, 0.9])
    assert top_unique(vectors, by_question, 3) == [0, 2, 3]
    assert take_in_turn(vectors, [by_question, by_query], 3) == [0, 3, 2]
    assert take_in_turn(vectors, [by_question, by_query], 10) == [0, 3, 2]


def test_sentence_selection_stops_at_a_row_it_cannot_judge_yet() -> None:
    """A row without a vector ranks by an upper bound of its score: picks that never reach it stand."""
    vectors = np.eye(4, dtype=np.float32)
    scores = np.array([0.9, 0.8, 0.7, 0.6])
    assert take_in_turn(vectors, [scores], 3, unknown=frozenset({3})) == [0, 1, 2]
    assert take_in_turn(vectors, [scores], 3, unknown=frozenset({1})) is None


class CountingEmbedder:
    """The hash embedder, remembering every text it was asked to embed."""

    def __init__(self, inner: Any) -> None:
        self.inner, self.id, self.dim, self.texts = inner, "test-counting-text", inner.dim, []

    def embed_texts(self, texts: Sequence[str]) -> np.ndarray:
        self.texts += list(texts)
        return self.inner.embed_texts(texts)


def test_off_chain_sentences_are_embedded_only_when_they_could_be_chosen(world: SimpleNamespace) -> None:
    """Record shape "the anchor's entry, its link's entry, and many unrelated passages": five sentences
    on the anchor's chain outscore anything an off-chain sentence could reach, so the unrelated ones
    are never embedded, and the record is the one full scoring chooses."""
    counting = CountingEmbedder(world.embedder)
    register_text_embedder(counting.id, counting)
    context = extractive_context(world, text_embedder=counting.id)
    summary = "Lake Alpha, a glacial lake in Borduria."
    pair = Candidate(
        id="i-lake", score=0.9, source="pairs", title="Lake Alpha", text=summary, image_path=None
    )
    pair |= {"url": None, "image_score": 0.95}
    candidates = [pair] + [
        Candidate(id=pid, score=0.5, source="text", title=title, text=text, image_path=None, url=None)
        for pid, title, text in PASSAGES
    ]
    vector = [float(x) for x in world.embedder.embed_texts([QUESTION])[0]]
    query = PlannedQuery(kind="enriched", text=QUESTION, vector=vector, k_text=6, k_image=1)
    record, _ = write_record(QUESTION, [query], candidates, context)
    off_chain = ("Mount Beta", "Gamma Bridge", "Delta City", "Epsilon Forest")
    assert not [t for t in counting.texts if t.startswith(off_chain)], "unrelated passages were embedded"
    pieces = [(c["title"], x) for c in candidates for x in split_sentences(c["text"])]
    chain = Chain.build("Lake Alpha", [(c["title"], c["text"]) for c in candidates], read_question(QUESTION))
    weights = np.asarray([chain.weight(t, x) for t, x in pieces], dtype=np.float32)
    vectors = world.embedder.embed_texts([f"{t}: {x}" for t, x in pieces])
    attribute = world.embedder.embed_texts([read_question(QUESTION).attribute_text()])[0]
    full = sentence_rankings(
        vectors, np.ones(len(pieces), dtype=bool), weights, attribute, [np.asarray(vector)]
    )
    expected = take_in_turn(vectors, full, RECORD_SENTENCES)
    assert record.splitlines()[1:] == [f"{pieces[i][0]}: {pieces[i][1]}" for i in expected]


def test_the_chain_links_the_anchor_to_the_entities_its_entries_name() -> None:
    entries = [
        ("Lake Alpha", "Lake Alpha drains into the Zeta River near Rottnest Island."),
        ("Zeta River", "The Zeta River flows through Syldavia."),
        ("Lake Beta", "Lake Beta drains into the Omega River."),
    ]
    one_hop = Chain.build("Lake Alpha", entries, read_question("Into which river does this lake drain?"))
    assert one_hop.links == ("Zeta River", "Rottnest Island") and not one_hop.bridged
    assert one_hop.weight(*entries[0]) > one_hop.weight(*entries[1]) > one_hop.weight(*entries[2])
    two_hop = Chain.build(
        "Lake Alpha", entries, read_question("Which country does the river that drains this lake cross?")
    )
    assert two_hop.links[0] == "Zeta River", "a link named like the description comes first"
    assert two_hop.bridged and "Zeta River" in two_hop.known
    assert two_hop.weight(*entries[1]) > two_hop.weight(*entries[0]) > two_hop.weight(*entries[2])


def test_sentences_and_answer_line_helpers() -> None:
    assert split_sentences("It opened in 1932. Its span is 3.5 km! Is it old? yes.") == [
        "It opened in 1932.",
        "Its span is 3.5 km!",
        "Is it old? yes.",
    ]
    # an abbreviation or an initial ends no sentence
    assert split_sentences("Kell, Mt. Kell: a peak named for William F. Dorn. It is high.") == [
        "Kell, Mt. Kell: a peak named for William F. Dorn.",
        "It is high.",
    ]
    assert split_sentences("Orla-St. Kell Park: the largest park of Zell. It is old.") == [  # in a compound
        "Orla-St. Kell Park: the largest park of Zell.",
        "It is old.",
    ]
    assert split_sentences("She worked on the Kell Mark I. Then she left.") == [  # a numeral, no initial
        "She worked on the Kell Mark I.",
        "Then she left.",
    ]
    assert first_line("\n**Answer:** Syldavia\nBecause the river...") == "Syldavia"


def test_demo_module_runs_on_a_tiny_question_set(world: SimpleNamespace, tmp_path: Path) -> None:
    """`examples.demo` helpers: questions resolve image paths against their file; CEM scores a run."""
    import json

    from examples.demo import answer_all, load_questions

    item = {"id": "q1", "question": QUESTION, "image_path": Path(world.image).name, "answer": "Syldavia"}
    questions_file = Path(world.image).parent / "questions.jsonl"
    questions_file.write_text(json.dumps(item) + "\n")
    questions = load_questions(questions_file)
    assert questions[0]["image_path"] == str(Path(world.image).resolve())
    install_scripted_model()
    context = extractive_context(world)
    [full] = answer_all(questions, context)
    assert full["correct"] is True and full["seconds"] > 0


def test_the_record_keeps_a_place_for_the_sentence_restating_the_question() -> None:
    """Record-level shape: a question that describes its answer past a bridge ("on that continent's south
    Atlantic coast, a republic that won independence in 1990") is answered by an entry off the anchor's
    chain, which the sentences about the bridge outrank; the record keeps its last place for the one
    sentence restating the most of the question — none when two restate as much, or too little is
    restated."""
    shape = read_question(
        "On the south Atlantic coast of the continent where this beast lives, which republic won"
        " independence in 1990?"
    )
    sentences = [
        "Tarn: the second largest continent; many of its republics won independence",
        "Orla: a republic in western Tarn on the Atlantic; won independence in 1975",
        "Kesh, South Vorland: a republic on the south Atlantic coast (formerly called South Vorland);"
        " achieved independence in 1990",
    ]
    assert most_described(shape.attribute, sentences) == 2
    assert most_described(shape.attribute, [*sentences, sentences[2]]) is None, "a tie keeps no place"
    assert most_described(shape.attribute, ["Zell: a lake of Tarn on its south coast"]) is None, "too few"


def test_a_follow_up_search_also_finds_its_entitys_own_entry(world: SimpleNamespace) -> None:
    """Trajectory-level shape "<entity> <attribute>": the words of the attribute rank other passages first,
    so the text search of a query that names its entity also looks the entity's own entry up by its name."""
    context = extractive_context(world)
    vector = [float(x) for x in world.embedder.embed_texts(["Wolves and lynx in an old beech forest"])[0]]
    query = PlannedQuery(kind="trajectory", text="Delta City wolves", vector=vector, k_text=1, k_image=1)
    runtime = SimpleNamespace(context=context)

    def titles(planned: PlannedQuery) -> list[str]:
        task = SearchTask(step=1, kb="text", query=planned, image=world.image, question=QUESTION)
        return [cand["title"] for cand in search(task, runtime)["found"]]

    assert titles(query) == ["Epsilon Forest"]
    assert titles({**query, "entity": "Delta City"}) == ["Delta City", "Epsilon Forest"]
    kb = knowledge_base(context)
    assert own_entry(kb, "Omega Canal") == [], "a passage naming it is no entry of its own"
    assert [cand["id"] for cand in kb.entries_titled("Delta City")] == ["p-city"]
    assert kb.entries_titled("Delta") == [], "a title is matched whole"


def test_the_reader_looks_names_up_in_the_runs_text_kb(world: SimpleNamespace) -> None:
    """Answer-of-the-asked-kind shape: the reader types a name the evidence holds no entry of by the texts
    the run's text KB stores under that title — none for a run searching the image–text pairs alone."""
    context = extractive_context(world)
    titled = kb_entries(context)
    assert titled is not None
    city = next(text for pid, _, text in PASSAGES if pid == "p-city")
    assert titled("Delta City") == (city,)
    assert titled("Delta") == (), "a title is matched whole"
    assert kb_entries(dataclasses.replace(context, kbs="pairs")) is None


def test_the_record_keeps_the_definition_a_follow_up_looked_up(world: SimpleNamespace) -> None:
    """Record shape: the first sentence of the entry a trajectory-level query looked its entity up for
    gets a place of its own, however far off the chain the record's ranking puts it."""
    context = extractive_context(world)
    candidates = [
        Candidate(id=pid, score=0.5, source="text", title=title, text=text, image_path=None, url=None)
        for pid, title, text in PASSAGES
    ]
    vector = [float(x) for x in world.embedder.embed_texts([QUESTION])[0]]
    query = PlannedQuery(kind="trajectory", text=QUESTION, vector=vector, k_text=6, k_image=1)
    record, _ = write_record(QUESTION, [query], candidates, context)
    assert "Epsilon Forest: Epsilon Forest is an old beech forest." not in record.splitlines()
    looked_up, _ = write_record(QUESTION, [{**query, "entity": "Epsilon Forest"}], candidates, context)
    assert "Epsilon Forest: Epsilon Forest is an old beech forest." in looked_up.splitlines()
    assert set(record.splitlines()) < set(looked_up.splitlines()), "it displaces none of the record's lines"

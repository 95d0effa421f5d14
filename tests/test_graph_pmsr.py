"""The PMSR graph end to end on a real Chroma KB (tiny world), deterministic embedders and a scripted
chat model that records every prompt it receives."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest
from langchain_core.runnables import Runnable, RunnableLambda
from langgraph.checkpoint.memory import InMemorySaver

from core.context import Context
from core.errors import ImageError, InputError
from graphs.pmsr import build_graph, graph
from nodes.common import strip_question
from nodes.pmsr.record import format_candidates
from tests.graph_kit import (
    PASSAGES,
    QUESTION,
    TEST_IMAGE_EMBEDDER,
    TEST_MODEL,
    TEST_TEXT_EMBEDDER,
    build_tiny_kb,
    default_script,
    install_scripted_model,
)

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> SimpleNamespace:
    return build_tiny_kb(tmp_path_factory.mktemp("world"))


def make_context(world: SimpleNamespace, **overrides: Any) -> Context:
    settings: dict[str, Any] = {
        "model": TEST_MODEL,
        "text_embedder": TEST_TEXT_EMBEDDER,
        "image_embedder": TEST_IMAGE_EMBEDDER,
        "kb_dir": world.kb_dir,
        "k_text": 4,
        "k_image": 2,
        "operators": "generative",
    }
    return Context(**(settings | overrides))


def run(
    world: SimpleNamespace,
    script: Callable[[str, str, int], str] = default_script,
    inputs: dict[str, str] | None = None,
    **overrides: Any,
) -> SimpleNamespace:
    """One run with a fresh scripted model; returns output, model, custom events and node updates."""
    model = install_scripted_model(script)
    events, updates, output = [], [], {}
    inputs = inputs or {"question": QUESTION, "image": world.image}
    for mode, chunk in graph.stream(
        inputs, context=make_context(world, **overrides), stream_mode=["custom", "updates", "values"]
    ):
        if mode == "custom":
            events.append(chunk)
        elif mode == "updates":
            updates.extend(chunk.items())
        else:
            output = chunk
    return SimpleNamespace(out=output, model=model, events=events, updates=updates)


def planned(updates: list[tuple[str, dict]]) -> list[list[dict]]:
    """The queries `formulate` planned, per formulate call."""
    return [u["queries"] for node, u in updates if node == "formulate"]


def searches(events: list[dict], step: int) -> list[dict]:
    return [e for e in events if e["node"] == "search" and e["step"] == step]


# --- record isolation, budget, merging -----------------------------------------------------------


def test_record_prompt_of_step_t_holds_only_step_t_candidates(world: SimpleNamespace) -> None:
    result = run(world, adaptive_stop=False, max_iter=2)
    trajectory = result.out["trajectory"]
    prompts = result.model.of_kind("record")
    assert [it["step"] for it in trajectory] == [0, 1, 2]
    assert len(prompts) == 3
    for step, prompt in enumerate(prompts):
        assert format_candidates(trajectory[step]["candidates"]) in prompt
        for earlier in trajectory[:step]:
            assert earlier["record"] not in prompt
    assert result.out["description"] in prompts[0]
    assert all(result.out["description"] not in p for p in prompts[1:])
    assert all(result.model.images), "every generative operator call carries the image"


def test_budget_is_split_between_the_two_queries_and_merged_by_id(world: SimpleNamespace) -> None:
    result = run(world, adaptive_stop=False, max_iter=1)
    step0, step1 = planned(result.updates)
    assert [(q["kind"], q["k_text"], q["k_image"]) for q in step0] == [("enriched", 4, 2)]
    assert [(q["kind"], q["k_text"], q["k_image"]) for q in step1] == [("record", 2, 1), ("trajectory", 2, 1)]
    branch_results = [u["found"] for node, u in result.updates if node == "search"]
    assert len(searches(result.events, 1)) == 4  # 2 queries × 2 KBs, one branch each
    found1 = [c for found in branch_results[2:] for c in found]
    assert (
        sum(c["source"] == "text" for c in found1) == 4 and sum(c["source"] == "pairs" for c in found1) == 2
    )
    candidates = result.out["trajectory"][1]["candidates"]
    ids = [c["id"] for c in candidates]
    assert len(ids) == len(set(ids)) < len(found1), "the two queries overlap here, so merging removes some"
    for cand in candidates:
        assert cand["score"] == max(c["score"] for c in found1 if c["id"] == cand["id"])


def test_without_trajectory_query_the_record_query_gets_the_whole_budget(world: SimpleNamespace) -> None:
    result = run(world, trajectory_query=False, adaptive_stop=False, max_iter=1)
    assert [(q["kind"], q["k_text"], q["k_image"]) for q in planned(result.updates)[1]] == [("record", 4, 2)]
    assert result.model.of_kind("trajectory") == []
    assert [q["kind"] for q in result.out["trajectory"][1]["queries"]] == ["record"]
    assert len(searches(result.events, 1)) == 2


KB_ABLATIONS = [("text", "text", "pairs"), ("pairs", "pairs", "text")]


# --- saturation and stopping ------------------------------------------------------------------------


def expected_saturation(world: SimpleNamespace, trajectory: list[dict], description: str, rule: str) -> float:
    """The cosines of step 1's queries (record-level, trajectory-level) to the initial one (all without
    the question): their lowest for `rule="every"`, their highest for `"any"`, the trajectory-level
    query's for `"trajectory"`."""
    new = [strip_question(q["text"], QUESTION) for q in trajectory[1]["queries"]]
    vectors = world.embedder.embed_texts([*new, description])
    cosines = vectors[:2] @ vectors[2]
    return float({"every": np.min, "any": np.max}.get(rule, lambda c: c[1])(cosines))


def near_past(kind: str, prompt: str, count: int) -> str:
    """A model whose trajectory-level query shares words with the description (both queries then have a
    cosine strictly between 0 and 1 to the past)."""
    if kind == "trajectory":
        return f"Analysis: the lake drains north.\nOutput: glacial lake Alpha outflow river {count}"
    return default_script(kind, prompt, count)


@pytest.mark.parametrize("rule", ["every", "any", "trajectory"])
def test_saturation_fires_exactly_at_tau(world: SimpleNamespace, rule: str) -> None:
    probe = run(world, near_past, adaptive_stop=False, max_iter=1, saturation=rule)
    score = probe.out["saturation"][0]
    assert score == pytest.approx(
        expected_saturation(world, probe.out["trajectory"], probe.out["description"], rule)
    )
    assert 0.0 < score < 1.0

    at_tau = run(world, near_past, tau=score, max_iter=1, saturation=rule)
    assert at_tau.out["stop_reason"] == "saturated"
    assert [it["step"] for it in at_tau.out["trajectory"]] == [0]
    assert searches(at_tau.events, 1) == [], "a saturated iteration is not searched"
    assert len(at_tau.model.of_kind("record")) == 1

    above = run(world, near_past, tau=score + 1e-4, max_iter=1, saturation=rule)
    assert above.out["stop_reason"] == "max_iter"
    assert [it["step"] for it in above.out["trajectory"]] == [0, 1]


def test_a_fresh_trajectory_query_keeps_the_run_going_unless_any_repeat_stops_it(
    world: SimpleNamespace,
) -> None:
    """ "every": the record-level query repeating the past does not stop an iteration whose trajectory-level
    query asks something new; "any": it does."""
    every = run(world, near_past, adaptive_stop=False, max_iter=1, saturation="every")
    anyone = run(world, near_past, adaptive_stop=False, max_iter=1, saturation="any")
    assert every.out["saturation"][0] < anyone.out["saturation"][0]
    tau = (every.out["saturation"][0] + anyone.out["saturation"][0]) / 2
    assert run(world, near_past, tau=tau, max_iter=1, saturation="every").out["stop_reason"] == "max_iter"
    assert run(world, near_past, tau=tau, max_iter=1, saturation="any").out["stop_reason"] == "saturated"


def same_trajectory_query(kind: str, prompt: str, count: int) -> str:
    """A model that writes one trajectory-level query again and again, while its records (and so the
    record-level queries) change every iteration."""
    if kind == "trajectory":
        return "Output: which river flows out of glacial lake Alpha"
    if kind == "record":
        return FRESH_RECORDS[(count - 1) % len(FRESH_RECORDS)]
    return default_script(kind, prompt, count)


FRESH_RECORDS = [
    "Lake Alpha is a red glacial lake high in the northern range.",
    "The Zeta River leaves the lake and runs south through pine forest.",
    "Syldavia is a small kingdom whose capital is Klow.",
    "Border crossings close in winter when snow blocks the passes.",
    "Fishing boats on the estuary land herring every autumn.",
]


def test_a_repeated_trajectory_query_stops_the_run_though_the_record_query_is_new(
    world: SimpleNamespace,
) -> None:
    """ "trajectory": the scope that carries the question's intent decides; "every" also waits for the
    record-level query, which changes with every record."""
    stopped = run(world, same_trajectory_query, max_iter=4, saturation="trajectory")
    assert stopped.out["stop_reason"] == "saturated"
    assert [it["step"] for it in stopped.out["trajectory"]] == [0, 1]
    assert stopped.out["saturation"][-1] == pytest.approx(1.0, abs=1e-5)
    going = run(world, same_trajectory_query, max_iter=4, saturation="every")
    assert going.out["stop_reason"] == "max_iter"
    assert len(going.out["trajectory"]) == 5


def test_a_saturated_iteration_embeds_no_query_for_search(world: SimpleNamespace) -> None:
    result = run(world, same_trajectory_query, max_iter=4, saturation="trajectory")
    *searched, last = planned(result.updates)
    assert len(searched) == 2 and all(len(q["vector"]) == world.embedder.dim for qs in searched for q in qs)
    assert [q["kind"] for q in last] == ["record", "trajectory"] and all(q["vector"] == [] for q in last)


def remembered_and_record_level(result: SimpleNamespace) -> tuple[set[str], set[str]]:
    """The question-free texts `formulate` kept to compare with later; those of the record-level queries."""
    kept = {text for node, u in result.updates if node == "formulate" for text in u["query_history"]}
    trajectory = result.out["trajectory"]
    records = {
        strip_question(q["text"], QUESTION)
        for it in trajectory
        for q in it["queries"]
        if q["kind"] == "record"
    }
    return kept, records


def test_trajectory_saturation_compares_with_the_queries_that_carry_the_intent(
    world: SimpleNamespace,
) -> None:
    """ "trajectory": the enriched query and the trajectory-level ones are the past; whole earlier
    records (record-level queries) are neither kept nor embedded for the comparison. "every" keeps all."""
    result = run(world, adaptive_stop=False, max_iter=2)
    kept, records = remembered_and_record_level(result)
    assert result.out["description"] in kept and len(records) == 2 and not kept & records
    every = run(world, adaptive_stop=False, max_iter=2, saturation="every")
    kept, records = remembered_and_record_level(every)
    assert records <= kept


def test_saturation_is_never_measured_before_step_one(world: SimpleNamespace) -> None:
    result = run(world, tau=0.0)  # every comparison saturates
    assert [it["step"] for it in result.out["trajectory"]] == [0], "step 0 always searches and records"
    assert len(result.out["saturation"]) == 1
    assert result.out["stop_reason"] == "saturated"
    single = run(world, single_pass=True, tau=0.0)
    assert single.out["saturation"] == []


def test_max_iter_caps_the_loop(world: SimpleNamespace) -> None:
    result = run(world, tau=1.01, max_iter=2)
    assert [it["step"] for it in result.out["trajectory"]] == [0, 1, 2]
    assert result.out["stop_reason"] == "max_iter"
    assert len(result.out["saturation"]) == 2
    assert len(result.model.of_kind("trajectory")) == 2


def test_fixed_iterations_run_max_iter_even_when_saturated(world: SimpleNamespace) -> None:
    result = run(world, tau=0.0, adaptive_stop=False, max_iter=2)
    assert [it["step"] for it in result.out["trajectory"]] == [0, 1, 2]
    assert result.out["stop_reason"] == "max_iter"
    assert all(s >= 0.0 for s in result.out["saturation"]) and len(result.out["saturation"]) == 2


def test_single_pass_answers_right_after_the_first_record(world: SimpleNamespace) -> None:
    result = run(world, single_pass=True)
    assert [it["step"] for it in result.out["trajectory"]] == [0]
    assert result.out["stop_reason"] == "single_pass"
    assert [k for k, _ in result.model.prompts] == ["describe", "record", "answer"]
    assert result.out["answer"] == "Syldavia"


@pytest.mark.parametrize(
    ("kbs", "present", "absent"), [("text", "text", "pairs"), ("pairs", "pairs", "text")]
)
def test_one_kb_only(world: SimpleNamespace, kbs: str, present: str, absent: str) -> None:
    result = run(world, kbs=kbs, adaptive_stop=False, max_iter=1)
    sources = {c["source"] for it in result.out["trajectory"] for c in it["candidates"]}
    assert sources == {present}
    assert all(
        e["message"].endswith("candidates") and absent not in e["message"]
        for e in result.events
        if e["node"] == "search"
    )


# --- trajectory-level query parsing -------------------------------------------------------------------


def test_unparsable_trajectory_query_falls_back_to_the_record_query(world: SimpleNamespace) -> None:
    def script(kind: str, prompt: str, count: int) -> str:
        return (
            "I am not sure what to search." if kind == "trajectory" else default_script(kind, prompt, count)
        )

    result = run(world, script, adaptive_stop=False, max_iter=1)
    record_query, trajectory_query = result.out["trajectory"][1]["queries"]
    assert trajectory_query == {"kind": "trajectory", "text": record_query["text"]}
    assert len(result.out["errors"]) == 1 and "step 1" in result.out["errors"][0]
    assert result.out["answer"] == "Syldavia"


def test_trajectory_prompt_sees_all_records_and_its_output_becomes_the_query(world: SimpleNamespace) -> None:
    result = run(world, adaptive_stop=False, max_iter=2)
    prompts = result.model.of_kind("trajectory")
    trajectory = result.out["trajectory"]
    assert trajectory[0]["record"] in prompts[1] and trajectory[1]["record"] in prompts[1]
    assert trajectory[2]["queries"][1]["text"] == "Zeta River country 2"


# --- inputs ----------------------------------------------------------------------------------------------


def test_unreadable_image_raises_image_error(world: SimpleNamespace, tmp_path: Path) -> None:
    install_scripted_model()
    missing = tmp_path / "missing.png"
    with pytest.raises(ImageError, match="missing.png") as info:
        graph.invoke({"question": QUESTION, "image": str(missing)}, context=make_context(world))
    assert "\n" not in str(info.value)
    broken = tmp_path / "broken.png"
    broken.write_bytes(b"not an image at all")
    with pytest.raises(ImageError, match="not a readable image"):
        graph.invoke({"question": QUESTION, "image": str(broken)}, context=make_context(world))


@pytest.mark.parametrize("inputs", [{"image": ""}, {}], ids=["empty image", "no image field"])
def test_a_text_only_question_runs_without_describing_or_sending_an_image(
    world: SimpleNamespace, inputs: dict[str, str]
) -> None:
    question = "Which country does the Zeta River flow through?"
    result = run(world, inputs={"question": question, **inputs}, adaptive_stop=False, max_iter=1)
    assert result.model.of_kind("describe") == [] and result.out["description"] == ""
    assert result.model.prompts and not any(result.model.images)  # no model call carries an image
    pairs = [c for it in result.out["trajectory"] for c in it["candidates"] if c["source"] == "pairs"]
    assert pairs and all(c["image_score"] == 0.0 for c in pairs)  # pairs searched by their text alone
    assert result.out["answer"] == "Syldavia"


def test_empty_question_raises_input_error(world: SimpleNamespace) -> None:
    install_scripted_model()
    with pytest.raises(InputError, match="empty question"):
        graph.invoke({"question": "   ", "image": world.image}, context=make_context(world))


def test_image_as_data_url_gives_the_same_run(world: SimpleNamespace) -> None:
    from tools.images import load_image

    data_url = load_image(world.image).data_url
    install_scripted_model()
    out = graph.invoke(
        {"question": QUESTION, "image": data_url}, context=make_context(world, single_pass=True)
    )
    pair_ids = [c["id"] for c in out["trajectory"][0]["candidates"] if c["source"] == "pairs"]
    assert pair_ids[0] == "i-lake", "the red query image finds the red pair first"


# --- use from other apps ---------------------------------------------------------------------------------


def evidence_reading_script(kind: str, prompt: str, count: int) -> str:
    """A model that reads: its records copy where the river flows, its answer names that country."""
    crossed = re.findall(r"flows north through (\w+)", prompt)
    if kind == "record":
        return " ".join(f"The Zeta River flows north through {country}." for country in crossed) or "Nothing."
    if kind == "answer":
        return f"Answer: {crossed[0]}" if crossed else "Answer: unknown"
    return default_script(kind, prompt, count)


def test_graph_inside_a_langchain_pipeline_answers_from_its_kb(
    world: SimpleNamespace, tmp_path: Path
) -> None:
    """The same pipeline over two KBs whose river passage names different countries."""
    texts = [(i, t, x.replace("Syldavia", "Ruritania")) for i, t, x in PASSAGES]
    other = build_tiny_kb(tmp_path, texts)
    install_scripted_model(evidence_reading_script)

    def pipeline(kb_dir: str) -> Runnable:
        return (
            RunnableLambda(lambda item: {"question": item["q"], "image": item["img"]})
            | graph.bind(context=make_context(world, kb_dir=kb_dir))
            | RunnableLambda(lambda out: out["answer"].upper())
        )

    item = {"q": QUESTION, "img": world.image}
    assert pipeline(world.kb_dir).invoke(item) == "SYLDAVIA"
    assert pipeline(other.kb_dir).invoke(item) == "RURITANIA"


def test_a_second_run_on_the_same_thread_starts_clean(world: SimpleNamespace) -> None:
    install_scripted_model()
    app = build_graph(checkpointer=InMemorySaver())
    config = {"configurable": {"thread_id": "t1"}}
    context = make_context(world, adaptive_stop=False, max_iter=1)
    first = app.invoke({"question": QUESTION, "image": world.image}, config, context=context)
    second = app.invoke({"question": QUESTION, "image": world.image}, config, context=context)
    assert len(first["trajectory"]) == len(second["trajectory"]) == 2
    assert len(second["saturation"]) == 1


def test_progress_events_name_every_node_and_step(world: SimpleNamespace) -> None:
    result = run(world, adaptive_stop=False, max_iter=1)
    seen = [(e["node"], e["step"]) for e in result.events]
    assert seen[0] == ("describe", 0) and seen[-1] == ("answer", 2)
    assert seen.count(("search", 0)) == 2 and seen.count(("search", 1)) == 4
    assert ("record", 0) in seen and ("record", 1) in seen and ("formulate", 1) in seen
    iteration = result.out["trajectory"][1]
    assert iteration["seconds"] >= iteration["model_seconds"] > 0.0


def test_importing_the_graph_loads_no_model_and_no_kb() -> None:
    """Import stays light (~1 s, langgraph itself) because torch, chromadb and the model clients
    are imported by the nodes on first use; wall time is not asserted on a shared CI machine."""
    heavy = ("torch", "chromadb", "transformers", "sentence_transformers", "openai", "llama_index")
    code = f"import sys, graphs.pmsr; print(sorted(m for m in {heavy!r} if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"

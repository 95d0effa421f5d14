"""The MC-Search pipeline (`graphs/mcsearch.py`) and its fixed-step baselines (`graphs/rag.py`) on the
real chain shapes of the five released examples (tests/chain_kit.py), with a scripted model that writes
the tagged protocol: the chain recorded step by step, HPS and RD against hand-computed values, the
protocol's tolerance and its repair/fallback, `max_iter` and top-k, the baselines' fixed retrievals, the
two evaluation modes (no retrieval, gold evidence), the batch CLI with its per-topology report.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from langchain_core.messages import BaseMessage
from langgraph.checkpoint.memory import InMemorySaver

from apps.run import main as run_main
from core.context import ChainContext, McSearchContext
from core.errors import ConfigError, InputError
from core.results import read_results
from evaluation.metrics import TOPOLOGIES
from evaluation.score import by_chain, score_file, score_item
from graphs import rag
from graphs.mcsearch import build_graph, graph
from nodes.common import message_text
from nodes.mcsearch.protocol import parse_plan
from tests.chain_kit import build_example_kb, evidence_turns, replay
from tests.graph_kit import TEST_IMAGE_EMBEDDER, TEST_TEXT_EMBEDDER
from tests.test_promsa import AgentScript
from tools.models import register_chat_model

MCSEARCH_MODEL = "test-mcsearch-script"
IMAGE_INITIATED = "mc_search_fig/image_initiated"
TEXT_INITIATED = "mc_search_fig/text_initiated"
MULTI = "mc_search_fig/multi_images_fork"
TEXT_CHAIN = "mc_search_fig/text_chain"


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> SimpleNamespace:
    return build_example_kb(tmp_path_factory.mktemp("mcsearch"))


def settings(world: SimpleNamespace, **overrides: Any) -> dict[str, Any]:
    base = {
        "model": MCSEARCH_MODEL,
        "text_embedder": TEST_TEXT_EMBEDDER,
        "image_embedder": TEST_IMAGE_EMBEDDER,
        "kb_dir": world.kb_dir,
    }
    return base | overrides


def inputs(world: SimpleNamespace, item: dict[str, Any]) -> dict[str, Any]:
    images = [str(world.folder / path) for path in item["image_paths"]]
    return {"question": item["question"], "images": images, "gold_chain": item["gold_chain"]}


def run(
    world: SimpleNamespace,
    item: dict[str, Any],
    script: Callable[[list[BaseMessage], int], str],
    app: Any = graph,
    schema: type[ChainContext] = McSearchContext,
    **overrides: Any,
) -> SimpleNamespace:
    """Run a pipeline on one example with a scripted model: the output, the model, and the events."""
    model = AgentScript(script=script)
    register_chat_model(MCSEARCH_MODEL, model)
    events, output = [], {}
    context = schema(**settings(world, **overrides))
    for mode, chunk in app.stream(inputs(world, item), context=context, stream_mode=["custom", "values"]):
        if mode == "custom":
            events.append(chunk)
        else:
            output = chunk
    return SimpleNamespace(out=output, model=model, events=events)


def scored(item: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    return score_item({**item, "prediction": out["answer"], "trajectory": out["trajectory"]}, "examples")


def prompts(model: AgentScript) -> list[str]:
    return [message_text(call[-1].content) for call in model.calls]


# --- the predicted chain ------------------------------------------------------------------------------


def test_a_model_replaying_each_gold_chain_is_recorded_step_by_step(world: SimpleNamespace) -> None:
    assert len(world.questions) == 5
    for item in world.questions.values():
        result = run(world, item, replay(item))
        steps, gold = result.out["trajectory"], item["gold_chain"]
        assert [s["step"] for s in steps] == list(range(1, len(gold) + 1))
        for step, hop in zip(steps, gold, strict=True):
            assert (step["sub_question"], step["modality"]) == (hop["sub_question"], hop["modality"])
            assert step["evidence_id"] == hop["evidence_id"] == step["candidates"][0]["id"]
            assert step["answer"] == hop["answer"] and step["thought"].startswith("I still need")
        assert result.out["answer"] == item["answer"] and result.out["stop_reason"] == "answered"
        assert result.out["errors"] == [] and result.out["malformed"] == 0
        score = scored(item, result.out)
        assert (score["hps"], score["rd"], score["topology"]) == (1.0, 0, item_topology(item))


def item_topology(item: dict[str, Any]) -> str:
    return {
        "Parallel Visual-Textual Fork": "Parallel Image-Text Fork",
    }.get(item["topology"], item["topology"])


def test_multi_image_steps_search_the_image_they_name(world: SimpleNamespace) -> None:
    item = world.questions[MULTI]
    steps = run(world, item, replay(item)).out["trajectory"]
    assert [s["image_index"] for s in steps] == [1, 2, 2, 0]  # the third hop asks about image 2 again


def test_hps_and_rd_equal_hand_computed_values(world: SimpleNamespace) -> None:
    # Image-initiated (4 gold hops): the model stops after 2 of them → 2 of 4 hops hit, 2 steps short.
    item = world.questions[IMAGE_INITIATED]
    score = scored(item, run(world, item, replay(item, steps=2)).out)
    assert (score["hps"], score["rd"], score["delta_steps"]) == (0.5, 2, -2)
    # Text-only chain (3 hops): all three, then hop 1 asked again → each gold hop matched once, 1 over.
    item = world.questions[TEXT_CHAIN]
    again = f"<Sub-Question> {item['gold_chain'][0]['sub_question']}\n<Search> text"
    score = scored(item, run(world, item, replay(item, extra=[again])).out)
    assert (score["hps"], score["rd"], score["delta_steps"]) == (1.0, 1, 1)
    # Multi-images fork (4 hops, one image evidence used twice): image 1 then a text hop that the KB
    # answers with the Solvang passage → 1 of 4 hops hit (30383576), 2 steps short.
    item = world.questions[MULTI]
    other = "<Sub-Question> How is Solvang culturally characterized according to the text?\n<Search> text"
    out = run(world, item, replay(item, steps=1, extra=[other])).out
    assert [s["evidence_id"] for s in out["trajectory"]] == ["30383576", "d5bd142a0dba11ecb1e81171463288e9_7"]
    score = scored(item, out)
    assert (score["hps"], score["rd"], score["delta_steps"]) == (0.25, 2, -2)
    rows = {row["topology"]: row for row in by_chain([score], "topology")}
    assert rows["Multi-Images Fork"]["under"] == 1 and rows["Multi-Images Fork"]["hps"] == 25.0


# --- the protocol -------------------------------------------------------------------------------------

PARSED = [
    ("<Thought> Unknown.\n<Sub-Question> What lake?\n<Search> image", 1, ("image", 1, "What lake?")),
    ("< thought > hm < SUB-QUESTION > What lake? < search > TEXT", 1, ("text", 0, "What lake?")),
    ("<Thought>a</Thought><Sub-Question>Lake?</Sub-Question><Search>text</Search>", 0, ("text", 0, "Lake?")),
    ("**<Thought>** a\n**<Sub-Question>** What lake?\n**<Search>** Image", 1, ("image", 1, "What lake?")),
    ("**Thought:** a\n**Sub-Question:** What lake?\n**Search:** text", 0, ("text", 0, "What lake?")),
    ("```\n<Sub_Question> What lake?\n<Search> text\n```", 0, ("text", 0, "What lake?")),
    ("Sure! My step:\n<Sub-Question> Lake?\n<Search> text\nHope it helps.", 0, ("text", 0, "Lake?")),
    ("<sub question> Which tower is this? <search> image 2", 2, ("image", 2, "Which tower is this?")),
    ("<Sub-Question> Which pavilion? <Search> image", 2, ("image", -1, "Which pavilion?")),
    ("<Search> Text Retrieval: capital of Australia", 0, ("text", 0, "capital of Australia")),
    ("<Sub-Question> First? <Search> text\n<Sub-Question> Second? <Search> image", 1, ("text", 0, "First?")),
    ("<Thought> Done.\n<End> Final Answer: Canberra", 0, ("end", 0, "Canberra")),
    ("<end>canberra</end>", 0, ("end", 0, "canberra")),
    ("### Final Answer: **Canberra**", 0, ("end", 0, "Canberra")),
]  # fmt: skip


@pytest.mark.parametrize(("reply", "images", "expected"), PARSED)
def test_protocol_variants_parse(reply: str, images: int, expected: tuple[str, int, str]) -> None:
    plan = parse_plan(reply, images)
    assert isinstance(plan, dict), plan
    if expected[0] == "end":
        assert (plan["action"], plan["answer"]) == ("end", expected[2])
    else:
        assert (plan["action"], plan["modality"], plan["image_index"], plan["sub_question"]) == (
            "search", *expected
        )  # fmt: skip


UNPARSABLE = [
    ("The answer is probably Canberra.", 0, "neither"),
    ("<Sub-Question> What lake? <Search> audio", 0, "text or image"),
    ("<Thought> Done.\n<End>", 0, "no final answer"),
    ("<Sub-Question> Which tower? <Search> image 3", 2, "no image 3"),
    ("<Thought> I should search.</Thought>", 0, "neither"),
    ("<Search> text", 0, "no <Sub-Question>"),
]


@pytest.mark.parametrize(("reply", "images", "problem"), UNPARSABLE)
def test_unparsable_replies_are_described_in_one_line(reply: str, images: int, problem: str) -> None:
    described = parse_plan(reply, images)
    assert isinstance(described, str) and problem in described and "\n" not in described


def test_one_unusable_reply_gets_one_repair_prompt_and_the_run_goes_on(world: SimpleNamespace) -> None:
    item = world.questions[TEXT_CHAIN]
    gold = replay(item, steps=1)

    def script(messages: list[BaseMessage], call: int) -> str:
        return "I would look it up." if call == 1 else gold(messages, call)

    result = run(world, item, script)
    assert "could not be used" in prompts(result.model)[1] and "neither" in prompts(result.model)[1]
    assert [s["evidence_id"] for s in result.out["trajectory"]] == [item["gold_chain"][0]["evidence_id"]]
    assert result.out["stop_reason"] == "answered" and result.out["malformed"] == 1
    assert len(result.out["errors"]) == 1 and "asked again" in result.out["errors"][0]


def test_a_second_unusable_reply_ends_the_run_with_what_it_has(world: SimpleNamespace) -> None:
    item = world.questions[TEXT_CHAIN]
    gold = replay(item, steps=1)

    def script(messages: list[BaseMessage], call: int) -> str:
        last = message_text(messages[-1].content)
        if "No more retrieval" in last:
            return "<End> Final Answer: a Bentley."
        if "<Evidence>" in last or evidence_turns(messages) == 0:
            return gold(messages, call)
        return "???"

    result = run(world, item, script)
    assert len(result.out["trajectory"]) == 1  # the step it had is kept
    assert result.out["stop_reason"] == "fallback" and result.out["malformed"] == 2
    assert "ended the run" in result.out["errors"][-1]
    assert result.out["answer"] == "a Bentley."


# --- budgets ------------------------------------------------------------------------------------------


def test_max_iter_is_respected_and_the_model_must_then_answer(world: SimpleNamespace) -> None:
    item = world.questions[TEXT_CHAIN]
    endless = replay(item, extra=["<Sub-Question> And more? <Search> text"] * 10)
    result = run(world, item, endless, max_iter=2)
    assert len(result.out["trajectory"]) == 2 and result.out["stop_reason"] == "max_iter"
    assert "No more retrieval is possible" in prompts(result.model)[-1]
    assert "Retrieval steps left: 1" in prompts(result.model)[2]


def test_top_1_by_default_and_top_k_when_asked(world: SimpleNamespace) -> None:
    item = world.questions[TEXT_CHAIN]
    default = run(world, item, replay(item)).out["trajectory"]
    assert [len(s["candidates"]) for s in default] == [1, 1, 1]
    wider = run(world, item, replay(item), top_k=3).out["trajectory"]
    assert [len(s["candidates"]) for s in wider] == [3, 3, 3]
    assert [s["evidence_id"] for s in wider] == [s["evidence_id"] for s in default]
    assert all(s["evidence_id"] == s["candidates"][0]["id"] for s in wider)


# --- the fixed-step baselines -------------------------------------------------------------------------


def answer_only(messages: list[BaseMessage], call: int) -> str:
    return "The Morocco Pavilion."


def test_1_hop_rag_retrieves_once_per_image_or_once_by_text(world: SimpleNamespace) -> None:
    multi = run(world, world.questions[MULTI], answer_only, rag.rag1, ChainContext)
    steps = multi.out["trajectory"]
    assert [(s["modality"], s["image_index"], s["evidence_id"]) for s in steps] == [
        ("image", 1, "30383576"),
        ("image", 2, "30021436"),
    ]
    assert multi.out["stop_reason"] == "fixed" and len(multi.model.calls) == 1
    for step in steps:  # the model reads every caption (the pair's text) with the question
        assert (
            f"Caption of image {step['image_index']}: {step['candidates'][0]['text']}"
            in prompts(multi.model)[0]
        )
    text_only = run(world, world.questions[TEXT_CHAIN], answer_only, rag.rag1, ChainContext)
    (step,) = text_only.out["trajectory"]
    assert (step["modality"], step["sub_question"]) == ("text", world.questions[TEXT_CHAIN]["question"])


def test_2_hop_rag_joins_the_caption_to_the_question_then_searches_text(world: SimpleNamespace) -> None:
    item = world.questions[TEXT_INITIATED]
    result = run(world, item, answer_only, rag.rag2, ChainContext)
    image, text = result.out["trajectory"]
    assert (image["modality"], image["evidence_id"]) == ("image", "30326437")
    assert text["modality"] == "text" and text["sub_question"] == f"{item['question']} {image['evidence']}"
    prompt = prompts(result.model)[0]
    assert "Caption of image 1: Solvang California Windmill." in prompt
    assert f"Passage: {text['candidates'][0]['text']}" in prompt


def test_2_hop_rag_on_a_text_only_question_searches_text_twice_without_repeats(
    world: SimpleNamespace,
) -> None:
    item = world.questions[TEXT_CHAIN]
    first, second = run(world, item, answer_only, rag.rag2, ChainContext).out["trajectory"]
    assert first["modality"] == second["modality"] == "text"
    assert first["sub_question"] == item["question"]
    assert second["sub_question"] == f"{item['question']} {first['evidence']}"
    assert second["evidence_id"] != first["evidence_id"]


# --- the evaluation modes -----------------------------------------------------------------------------


def test_without_retrieval_the_model_answers_from_the_question_alone(world: SimpleNamespace) -> None:
    item = world.questions[IMAGE_INITIATED]
    result = run(world, item, answer_only, retrieval=False)
    assert result.out["trajectory"] == [] and result.out["stop_reason"] == "no_retrieval"
    assert len(result.model.calls) == 1 and "without searching" in prompts(result.model)[0]


@pytest.mark.parametrize("item_id", [TEXT_CHAIN, MULTI])  # MULTI names one image evidence twice
def test_gold_evidence_mode_answers_from_the_gold_chain_and_its_kb_evidence(
    world: SimpleNamespace, item_id: str
) -> None:
    item = world.questions[item_id]
    result = run(world, item, replay(item), gold_evidence=True)
    steps = result.out["trajectory"]
    assert [s["evidence_id"] for s in steps] == [g["evidence_id"] for g in item["gold_chain"]]
    assert all(s["candidates"] and s["candidates"][0]["id"] == s["evidence_id"] for s in steps)
    assert result.out["stop_reason"] == "gold_evidence" and len(result.model.calls) == 1
    assert result.out["errors"] == [] and result.out["answer"] == item["answer"]
    seen = "\n".join(message_text(m.content) for m in result.model.calls[0])
    for hop in item["gold_chain"]:  # the gold evidence (read from the KB by id) and the hop answers
        assert f"[{hop['evidence_id']}]" in seen and hop["answer"] in seen


def test_bad_settings_and_inputs_are_refused_in_one_line(world: SimpleNamespace) -> None:
    with pytest.raises(ConfigError, match="local KBs only"):
        ChainContext(web=True)
    with pytest.raises(ConfigError, match="exclude each other"):
        McSearchContext(retrieval=False, gold_evidence=True)
    with pytest.raises(ConfigError, match="top_k"):
        McSearchContext(top_k=0)
    item = world.questions[TEXT_CHAIN]
    with pytest.raises(InputError, match="gold_chain"):
        graph.invoke(
            {"question": item["question"]}, context=McSearchContext(**settings(world, gold_evidence=True))
        )
    many = [f"image-{n}.jpg" for n in range(9)]
    with pytest.raises(InputError, match="at most 8"):
        graph.invoke({"question": "Which?", "images": many}, context=McSearchContext(**settings(world)))
    with pytest.raises(InputError, match="question"):
        graph.invoke({"question": "  "}, context=McSearchContext(**settings(world)))


def test_every_node_streams_progress_and_a_thread_starts_clean(world: SimpleNamespace) -> None:
    item = world.questions[TEXT_CHAIN]
    result = run(world, item, replay(item))
    assert {e["node"] for e in result.events} == {"prepare", "plan", "retrieve", "reason", "finish"}
    app = build_graph(InMemorySaver())
    config = {"configurable": {"thread_id": "one"}}
    context = McSearchContext(**settings(world))
    for _ in range(2):
        register_chat_model(MCSEARCH_MODEL, AgentScript(script=replay(item)))
        out = app.invoke(inputs(world, item), config, context=context)
    assert len(out["trajectory"]) == len(item["gold_chain"]) and out["errors"] == []


# --- batch, scores and report -------------------------------------------------------------------------


def test_batch_cli_runs_the_pipeline_and_reports_per_topology(world: SimpleNamespace, tmp_path: Path) -> None:
    questions = world.folder / "questions.jsonl"
    register_chat_model(MCSEARCH_MODEL, AgentScript(script=lambda messages, call: "<End> Final Answer: yes"))
    out = tmp_path / "rag2.jsonl"
    flags = [
        "--model",
        MCSEARCH_MODEL,
        "--text-embedder",
        TEST_TEXT_EMBEDDER,
        "--image-embedder",
        TEST_IMAGE_EMBEDDER,
    ]
    code = run_main([str(questions), "--out", str(out), "--graph", "rag2", "--kb-dir", world.kb_dir, *flags])
    assert code == 0
    lines = {line["id"]: line for line in read_results(out)}
    assert len(lines) == 5 and all(
        line["status"] == "ok" and line["graph"] == "rag2" for line in lines.values()
    )
    assert len(lines[MULTI]["image_files"]) == 2 and lines[TEXT_CHAIN]["image_file"] is None
    output = score_file(out, tmp_path / "scores", print_summary=False)
    topologies = [row["topology"] for row in output.by_topology]
    assert topologies == [*TOPOLOGIES, "all"]
    assert [row["hops"] for row in output.by_hops] == [2, 3, 4, "all"]
    assert output.files["by_chain_png"].stat().st_size > 0
    html = output.files["html"].read_text(encoding="utf-8")
    assert html.count("<th>gold chain</th><th>predicted chain</th>") == 5
    assert "d5bd6ace0dba11ecb1e81171463288e9_11" in html  # a gold evidence id, shown beside the prediction
    scored_lines = [json.loads(line) for line in output.files["scored"].read_text().splitlines()]
    assert {line["id"]: line["rd"] for line in scored_lines}[IMAGE_INITIATED] == 2  # 2 steps for 4 hops

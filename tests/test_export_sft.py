"""`python -m evaluation.export_sft`: real agent results in, SFT dialogues out, parsed back; only correct,
well-formed trajectories are kept (cover EM, or the judge when one is configured)."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from langchain_core.language_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, BaseMessage

from apps.batch import in_process_backend, run_batch
from evaluation.export_sft import main
from tests.graph_kit import QUESTION, TEST_IMAGE_EMBEDDER, TEST_TEXT_EMBEDDER, build_tiny_kb
from tests.test_promsa import IMAGE_CALL, TEST_AGENT_MODEL, AgentScript, answers_prompt, text_call
from tools.models import register_chat_model

WRONG = "Which country is this lake in?"  # gold Borduria; the script says Syldavia
BROKEN = "Which sea does the river reach?"  # after one search the script breaks the protocol


def script(messages: list[BaseMessage], n: int) -> str:
    if answers_prompt(messages):
        return "Syldavia"
    asked = str(messages[1].content[1]["text"])
    searched = sum(m.type == "ai" for m in messages)
    if BROKEN in asked:
        return IMAGE_CALL if searched == 0 else "no idea"
    if WRONG in asked:
        return [IMAGE_CALL, "<answer>Syldavia</answer>"][searched]
    return [
        IMAGE_CALL,
        text_call("Zeta River country"),
        "<think>The river crosses it.</think><answer>Syldavia</answer>",
    ][searched]


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> SimpleNamespace:
    folder = tmp_path_factory.mktemp("export")
    world = build_tiny_kb(folder)
    register_chat_model(TEST_AGENT_MODEL, AgentScript(script=script))
    image = Path(world.image).name
    items = [
        {"id": "right", "question": QUESTION, "answer": "Syldavia"},
        {"id": "wrong", "question": WRONG, "answer": "Borduria"},
        {"id": "broken", "question": BROKEN, "answer": "Syldavia"},
    ]
    questions = folder / "questions.jsonl"
    questions.write_text("".join(json.dumps({**item, "image_path": image}) + "\n" for item in items))
    overrides: dict[str, Any] = {
        "model": TEST_AGENT_MODEL, "text_embedder": TEST_TEXT_EMBEDDER, "image_embedder": TEST_IMAGE_EMBEDDER,
        "kb_dir": world.kb_dir, "image_search_k": 1, "text_search_k": 1,
    }  # fmt: skip
    agent = folder / "agent.jsonl"
    run_batch(questions, agent, in_process_backend(overrides, "promsa"), concurrency=1, progress=False)
    pmsr = folder / "pmsr.jsonl"
    pmsr.write_text(
        json.dumps({"id": "p", "graph": "pmsr", "prediction": "Syldavia", "answer": "Syldavia"}) + "\n"
    )
    return SimpleNamespace(folder=folder, agent=agent, pmsr=pmsr, image=str(Path(world.image).absolute()))


def export(results: SimpleNamespace, *flags: str) -> list[dict[str, Any]]:
    out = results.folder / "sft.jsonl"
    assert main([str(results.agent), str(results.pmsr), "--out", str(out), *flags]) == 0
    return [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]


def test_only_correct_well_formed_trajectories_are_kept_as_openai_dialogues(
    results: SimpleNamespace, capsys: pytest.CaptureFixture[str]
) -> None:
    [dialogue] = export(results)
    summary = capsys.readouterr().err
    assert "kept 1 of 4 trajectories and chains" in summary
    assert "1 not an exportable graph" in summary and "1 wrong" in summary and "1 not well-formed" in summary
    assert (
        dialogue["id"] == "right" and dialogue["graph"] == "promsa" and dialogue["images"] == [results.image]
    )
    messages = dialogue["messages"]
    assert [m["role"] for m in messages] == [
        "system",
        "user",
        "assistant",
        "tool",
        "assistant",
        "tool",
        "assistant",
    ]
    assert "at most 3 image searches and 4 text searches" in messages[0]["content"]
    assert messages[1]["content"][0] == {"type": "image", "image": results.image}
    assert messages[1]["content"][1]["text"].startswith(f"Question: {QUESTION}")
    calls = [m["tool_calls"][0] for m in messages if m.get("tool_calls")]
    assert [c["function"]["name"] for c in calls] == ["image_search", "text_search"]
    assert [json.loads(c["function"]["arguments"]) for c in calls] == [{}, {"query": "Zeta River country"}]
    assert [m["tool_call_id"] for m in messages if m["role"] == "tool"] == [c["id"] for c in calls]
    assert (
        messages[3]["content"].startswith("[i-lake] Lake Alpha:")
        and "image_search 2" in messages[3]["content"]
    )
    assert messages[2]["content"] == "I do not know this lake."  # the thought before the call
    assert messages[-1]["content"] == "The river crosses it.\n<answer>Syldavia</answer>"
    assert [t["function"]["name"] for t in dialogue["tools"]] == ["text_search", "image_search"]
    assert dialogue["tools"][0]["function"]["parameters"]["required"] == ["query"]


def test_sharegpt_style_for_llama_factory(results: SimpleNamespace) -> None:
    [dialogue] = export(results, "--style", "sharegpt")
    turns = dialogue["conversations"]
    assert [t["from"] for t in turns] == [
        "human",
        "function_call",
        "observation",
        "function_call",
        "observation",
        "gpt",
    ]
    assert turns[0]["value"].startswith(f"<image>Question: {QUESTION}")
    assert json.loads(turns[3]["value"]) == {
        "name": "text_search",
        "arguments": {"query": "Zeta River country"},
    }
    assert turns[-1]["value"].endswith("<answer>Syldavia</answer>")
    assert [t["name"] for t in json.loads(dialogue["tools"])] == ["text_search", "image_search"]
    assert dialogue["system"].startswith("You answer a question about an image") and dialogue["images"] == [
        results.image
    ]


def test_with_a_judge_its_verdict_decides_correctness(results: SimpleNamespace, tmp_path: Path) -> None:
    lenient = GenericFakeChatModel(
        messages=iter([AIMessage(content='{"correct": true, "reason": "fine"}')] * 10)
    )
    register_chat_model("test-lenient-judge", lenient)
    kept = export(results, "--judge", "test-lenient-judge", "--judge-cache", str(tmp_path))
    assert sorted(d["id"] for d in kept) == ["right", "wrong"]  # the judge accepts what CEM rejected


def test_a_missing_results_file_is_a_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([str(tmp_path / "none.jsonl"), "--out", str(tmp_path / "o.jsonl")]) == 2
    assert "error: results file not found" in capsys.readouterr().err
    assert not (tmp_path / "o.jsonl").exists()

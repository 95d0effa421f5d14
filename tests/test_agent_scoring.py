"""Scoring agents beside PMSR: tool calls and the image/text split, the ProMSA reward (CEM or judge,
format validity, tool cost), and several results files compared side by side."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import pytest
from langchain_core.language_models import GenericFakeChatModel
from langchain_core.messages import AIMessage

from apps.run import main
from evaluation import metrics
from evaluation.judge import Judge
from evaluation.score import score_lines
from tools.models import register_chat_model


def agent_line(i: int, prediction: str, rounds: list[str], **extra: Any) -> dict[str, Any]:
    trajectory = [
        {"round": n, "action": a, "query": "", "candidates": [], "answer": ""} for n, a in enumerate(rounds)
    ]
    budgets = {"text_search_budget": 4, "image_search_budget": 3}
    return {"id": f"a{i}", "graph": "promsa", "question": "q?", "answer": "Paris", "prediction": prediction,
            "status": "ok", "stop_reason": "answered", "malformed": 0, "trajectory": trajectory,
            "settings": budgets, "seconds": 1.0, **extra}  # fmt: skip


def pmsr_line(i: int, prediction: str, iterations: int) -> dict[str, Any]:
    steps = [{"step": 0, "queries": [{"kind": "enriched", "text": "q"}], "candidates": [], "record": "r"}]
    steps += [{"step": t, "queries": [{"kind": "record", "text": "a"}, {"kind": "trajectory", "text": "b"}],
               "candidates": [], "record": "r"} for t in range(1, iterations)]  # fmt: skip
    return {"id": f"p{i}", "question": "q?", "answer": "Paris", "prediction": prediction, "status": "ok",
            "trajectory": steps, "settings": {"kbs": "both"}, "seconds": 2.0}  # fmt: skip


def test_tool_calls_of_agent_rounds_and_pmsr_iterations() -> None:
    rounds = agent_line(0, "x", ["image_search", "text_search", "text_search", "stop"])["trajectory"]
    assert metrics.tool_calls(rounds) == (1, 2)
    steps = pmsr_line(0, "x", 3)["trajectory"]  # 1 query at step 0, 2 at steps 1 and 2; each searches 2 KBs
    assert metrics.tool_calls(steps, "both") == (5, 5)
    assert metrics.tool_calls(steps, "text") == (0, 5)
    assert metrics.tool_calls(steps, "both", web=True) == (5, 4)  # step 0 is one Lens lookup


def test_reward_is_correct_plus_format_minus_the_tool_cost() -> None:
    config = metrics.RewardConfig()
    assert metrics.reward(True, True, 3, 7, config) == pytest.approx(1 + 0.5 - 0.5 * 3 / 7)
    assert metrics.reward(False, True, 14, 7, config) == pytest.approx(0.5 - 0.5)  # the cost is capped at λ
    assert metrics.reward(True, False, 0, 7, metrics.RewardConfig(tool_cost=1.0)) == 1.0
    assert config.horizon({"text_search_budget": 2, "image_search_budget": 1}) == 3
    assert config.horizon({"kbs": "both"}) == 7 and metrics.RewardConfig(h_max=10).horizon({}) == 10


def test_well_formed_needs_an_answer_through_the_protocol() -> None:
    assert metrics.well_formed(agent_line(0, "Paris", ["stop"]))
    assert not metrics.well_formed(agent_line(0, "Paris", ["stop"], malformed=1))
    assert not metrics.well_formed(agent_line(0, "Paris", ["stop"], stop_reason="fallback"))
    assert not metrics.well_formed(agent_line(0, " ", ["stop"]))
    assert not metrics.well_formed(agent_line(0, "Paris", ["stop"], status="error"))


def test_score_lines_rewards_with_cem_or_the_judge(tmp_path: Path) -> None:
    lines = [
        agent_line(0, "It is Paris.", ["image_search", "text_search", "stop"]),
        agent_line(1, "Lyon", ["image_search", "stop"]),
        agent_line(2, "Paris", ["stop"], malformed=2, stop_reason="fallback"),
    ]
    by_cem = [item["reward"] for item in score_lines(lines, "d")]
    assert by_cem == pytest.approx([1.5 - 0.5 * 2 / 7, 0.5 - 0.5 / 7, 1.0])
    register_chat_model(
        "test-yes-judge", GenericFakeChatModel(messages=iter([AIMessage('{"correct": true}')] * 9))
    )
    judge = Judge("test-yes-judge", tmp_path)
    try:
        judged = score_lines(lines, "d", judge, reward=metrics.RewardConfig(tool_cost=0.0))
    finally:
        judge.close()
    assert [item["reward"] for item in judged] == [1.5, 1.5, 1.0]  # the judge accepts "Lyon"


def write_jsonl(path: Path, lines: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


def test_several_files_are_compared_side_by_side(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pmsr = write_jsonl(tmp_path / "pmsr.jsonl", [pmsr_line(0, "Paris", 2), pmsr_line(1, "Rome", 1)])
    agent = write_jsonl(
        tmp_path / "agent.jsonl",
        [
            agent_line(0, "Paris", ["image_search", "text_search", "stop"]),
            agent_line(1, "Paris", ["image_search", "stop"]),
        ],
    )
    out = tmp_path / "cmp"
    assert main(["score", str(pmsr), str(agent), "--out-dir", str(out), "--reward-lambda", "1.0"]) == 0
    printed = capsys.readouterr().out
    assert "Side by side" in printed
    rows = {row["run"]: row for row in _csv(out / "compare.csv")}
    assert rows["pmsr"]["graph"] == "pmsr" and rows["agent"]["graph"] == "promsa"
    assert float(rows["pmsr"]["cem"]) == 50.0 and float(rows["agent"]["cem"]) == 100.0
    assert float(rows["pmsr"]["tool_calls"]) == 4.0  # (2 + 4) and 2 calls
    assert (float(rows["agent"]["image_calls"]), float(rows["agent"]["text_calls"])) == (1.0, 0.5)
    assert float(rows["agent"]["image_share"]) == pytest.approx(100 * 2 / 3, abs=0.01)
    assert float(rows["agent"]["reward"]) == pytest.approx(1.5 - (2 / 7 + 1 / 7) / 2, abs=1e-3)  # λ = 1
    assert (out / "compare.png").read_bytes().startswith(b"\x89PNG")
    assert (out / "agent" / "summary.md").is_file() and (out / "pmsr" / "report.html").is_file()
    assert "Round 1 · text_search" in (out / "agent" / "report.html").read_text(encoding="utf-8")


def _csv(path: Path) -> list[dict[str, str]]:
    with open(path, encoding="utf-8") as handle:
        return list(csv.DictReader(handle))

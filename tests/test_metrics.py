"""Metrics on hand-computed cases: EM, CEM, F1, evidence recall, HPS, RD, trajectory types, judge."""

from __future__ import annotations

from typing import Any

import pytest
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult

from evaluation import metrics
from evaluation.judge import Judge, parse_verdict
from evaluation.score import by_iteration, score_lines, summarize
from tools.models import register_chat_model


def step(ids: list[str], record: str = "", queries: int = 1) -> dict[str, Any]:
    return {
        "step": 0,
        "queries": [{"kind": "record", "text": "q"}] * queries,
        "candidates": [{"id": i, "title": f"Title {i}", "score": 0.5, "source": "text"} for i in ids],
        "record": record,
    }


def test_normalisation_is_squad() -> None:
    assert metrics.normalize_answer("  The Eiffel-Tower!  ") == "eiffeltower"
    assert metrics.normalize_answer("An apple, a PEAR and the plum.") == "apple pear and plum"


def test_gold_answers_merges_aliases_without_duplicates() -> None:
    item = {"answer": "Spain", "answers": ["Kingdom of Spain", "Spain", ""]}
    assert metrics.gold_answers(item) == ["Kingdom of Spain", "Spain"]
    assert metrics.gold_answers({"answer": ["a", "b"]}) == ["a", "b"]
    assert metrics.gold_answers({}) == []


def test_exact_match() -> None:
    assert metrics.exact_match("the Boeing 767.", ["Boeing 767"]) == 1.0
    assert metrics.exact_match("Boeing 767-300", ["Boeing 767"]) == 0.0
    assert metrics.exact_match("Kingdom of Spain", ["Spain", "Kingdom of Spain"]) == 1.0


def test_cover_exact_match_needs_whole_words() -> None:
    golds = ["1981 September 26"]
    assert metrics.cover_exact_match("It first flew on 1981 September 26, in Everett.", golds) == 1.0
    assert metrics.cover_exact_match("Spaniard", ["Spain"]) == 0.0
    assert metrics.cover_exact_match("anything", [""]) == 0.0


def test_token_f1_takes_the_best_alias() -> None:
    # "red fox jumps" vs "red fox": common 2, P = 2/3, R = 1 → F1 = 0.8
    assert metrics.token_f1("the red fox jumps", ["blue whale", "red fox"]) == pytest.approx(0.8)
    assert metrics.token_f1("nothing shared", ["red fox"]) == 0.0
    assert metrics.token_f1("x", []) == 0.0


def test_extra_scorer_is_pluggable() -> None:
    class LengthScorer:
        name = "bem"

        def score(self, prediction: str, golds: Any, item: Any) -> float:
            return 0.25

    scores = metrics.answer_scores("Paris", ["Paris"], {}, [LengthScorer()])
    assert scores == {"em": 1.0, "cem": 1.0, "f1": 1.0, "bem": 0.25}


def test_evidence_hits_by_id_and_cumulative() -> None:
    trajectory = [step(["p1"]), step(["p2", "p3"]), step(["p4"])]
    hits = metrics.evidence_hits({"gold_ids": ["p2"]}, trajectory)
    assert hits == [False, True, False]
    assert metrics.cumulative(hits) == [False, True, True]


def test_evidence_hits_by_entity_title_when_no_gold_ids() -> None:
    trajectory = [step(["x"]), {"candidates": [{"id": "y", "title": "Mute Swan"}]}]
    assert metrics.evidence_hits({"entity_text": "mute swan"}, trajectory) == [False, True]
    assert metrics.evidence_hits({"answer": "a"}, trajectory) is None


def test_trajectory_types() -> None:
    golds = ["Paris"]
    records = [step([], "It is in Paris."), step([], "Unknown."), step([], "Paris, France.")]
    assert metrics.record_correctness(records, golds) == [True, False, True]
    assert metrics.trajectory_type([True, True, True]) == "Stable-Correct"
    assert metrics.trajectory_type([False, False]) == "Persistent-Fail"
    assert metrics.trajectory_type([False, True, True]) == "Correction"
    assert metrics.trajectory_type([True, False, True]) == "Conflict"
    assert metrics.trajectory_type([False, True, False]) == "Conflict"
    assert metrics.trajectory_type([]) is None


def test_hit_per_step_is_a_one_to_one_matching() -> None:
    chain = [{"evidence_id": e} for e in ("a", "b", "c")]
    # one predicted step retrieved both a and b: it can stand for one gold step only
    assert metrics.hit_per_step(chain, [{"a", "b"}, {"x"}]) == pytest.approx(1 / 3)
    # augmenting path: a must move off step 0 so that b fits → all three matched
    assert metrics.hit_per_step(chain, [{"a", "b"}, {"a"}, {"c"}]) == 1.0
    repeated = [{"evidence_id": "img"}, {"evidence_id": "img"}]
    assert metrics.hit_per_step(repeated, [{"img"}]) == 0.5
    assert metrics.hit_per_step(repeated, [{"img"}, {"img"}]) == 1.0
    assert metrics.hit_per_step([], [{"a"}]) == 0.0


def test_rollout_deviation_counts_searched_steps_only() -> None:
    chain = [{"evidence_id": e} for e in "abcd"]
    trajectory = [step(["a"]), step(["b"]), step([], queries=0)]
    steps = metrics.predicted_steps(trajectory)
    assert steps == [{"a"}, {"b"}]
    assert metrics.rollout_deviation(chain, steps) == 2
    assert metrics.rollout_deviation(chain[:1], steps) == 1


def result(item_id: str, prediction: str, records: list[str], ids: list[list[str]], **extra: Any) -> dict:
    trajectory = [step(i, r) for i, r in zip(ids, records, strict=True)]
    return {"id": item_id, "status": "ok", "prediction": prediction, "trajectory": trajectory, **extra}


def test_summary_and_by_iteration_tables() -> None:
    lines = [
        result(
            "1", "Paris", ["no", "Paris"], [["x"], ["gold1"]], answer="Paris", gold_ids=["gold1"], dataset="A"
        ),
        result("2", "Lyon", ["Rome"], [["gold2"]], answer="Rome", gold_ids=["gold2"], dataset="A"),
        result(
            "3",
            "Bern",
            ["Bern"],
            [["z"]],
            answer="Bern",
            gold_ids=["g"],
            dataset="B",
            gold_chain=[{"evidence_id": "z"}, {"evidence_id": "q"}],
        ),
    ]
    rows = {row["dataset"]: row for row in summarize(score_lines(lines, "fallback"))}
    assert set(rows) == {"A", "B", "overall"}
    assert rows["A"]["em"] == 50.0 and rows["A"]["n"] == 2
    assert rows["A"]["recall_first"] == 50.0 and rows["A"]["recall_cum"] == 100.0
    assert rows["A"]["Correction"] == 50.0 and rows["A"]["Stable-Correct"] == 50.0
    assert rows["B"]["hps"] == 50.0 and rows["B"]["rd"] == 1
    assert rows["overall"]["em"] == pytest.approx(200 / 3, abs=0.01)
    assert rows["A"]["avg_iter"] == 1.5
    iterations = [r for r in by_iteration(score_lines(lines, "fallback")) if r["dataset"] == "A"]
    assert [r["active"] for r in iterations] == [2, 1]
    # iteration 1: only item 1 ran it (hit); item 2 stopped after a hit and keeps it cumulatively
    assert [r["recall"] for r in iterations] == [50.0, 100.0]
    assert [r["recall_cum"] for r in iterations] == [50.0, 100.0]
    assert [r["record_cem"] for r in iterations] == [50.0, 100.0]


def test_failed_items_count_as_wrong_and_dataset_falls_back_to_file_stem() -> None:
    lines = [{"id": "1", "status": "error", "answer": "x", "gold_ids": ["a"], "error": "ImageError: ..."}]
    [row] = summarize(score_lines(lines, "my_results"))
    assert row["dataset"] == "my_results"
    assert row["failed"] == 1 and row["em"] == 0.0 and row["recall_cum"] == 0.0


# --- LLM-as-judge ---------------------------------------------------------------------------------


class EchoJudgeModel(BaseChatModel):
    """A chat model that says 'correct' when the model answer line contains 'Paris'; counts its calls."""

    calls: int = 0
    reply: str = ""

    @property
    def _llm_type(self) -> str:
        return "echo-judge"

    def _generate(self, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None, **kw: Any):
        self.calls += 1
        prompt = str(messages[-1].content)
        answer_line = next(line for line in prompt.splitlines() if line.startswith("Model answer:"))
        verdict = "true" if "Paris" in answer_line else "false"
        text = self.reply or f'Sure.\n```json\n{{"correct": {verdict}, "reason": "checked"}}\n```'
        return ChatResult(generations=[ChatGeneration(message=AIMessage(content=text))])


def test_parse_verdict_variants() -> None:
    assert parse_verdict('{"correct": true, "reason": "same city"}') == parse_verdict(
        'prose {"correct": "yes", "reason": "same city"} more'
    )
    assert parse_verdict('{"correct": false, "reason": "r"}').correct is False
    assert parse_verdict("correct: false, the year differs").correct is False
    assert parse_verdict("I cannot tell").correct is None


def test_judge_grades_and_caches_on_disk(tmp_path) -> None:
    model = EchoJudgeModel()
    register_chat_model("fake:judge-test", model)
    judge = Judge("fake:judge-test", tmp_path)
    verdict = judge.judge("Which city?", ["Paris"], "It is Paris.")
    assert verdict.correct is True and verdict.reason == "checked"
    assert judge.judge("Which city?", ["Paris"], "Lyon").correct is False
    assert model.calls == 2
    judge.close()
    again = Judge("fake:judge-test", tmp_path)  # a new process would find the same cache
    assert again.judge("Which city?", ["Paris"], "It is Paris.").correct is True
    assert model.calls == 2
    assert again.judge("Which city?", ["Paris"], "").correct is False  # empty: no call needed
    assert model.calls == 2


def test_unparseable_verdicts_are_not_cached(tmp_path) -> None:
    model = EchoJudgeModel(reply="hmm, hard to say")
    register_chat_model("fake:judge-mute", model)
    judge = Judge("fake:judge-mute", tmp_path)
    assert judge.judge("q", ["a"], "b").correct is None
    assert judge.judge("q", ["a"], "b").correct is None
    assert model.calls == 2


def test_judge_verdicts_enter_the_summary(tmp_path) -> None:
    register_chat_model("fake:judge-summary", EchoJudgeModel())
    lines = [
        {
            "id": "1",
            "question": "Which city?",
            "answer": "Paris",
            "prediction": "Paris, France",
            "status": "ok",
        },
        {"id": "2", "question": "Which city?", "answer": "Paris", "prediction": "Lyon", "status": "ok"},
    ]
    scored = score_lines(lines, "d", Judge("fake:judge-summary", tmp_path))
    assert [s["judge"] for s in scored] == [True, False] and scored[0]["judge_reason"] == "checked"
    [row] = summarize(scored)
    assert row["judge"] == 50.0 and row["judged"] == 2

"""MC-Search's answer-side chain metrics on hand-computed cases: ΔF1 against a `--no-retrieval` run,
Golden F1 from a gold-evidence run, and the chain judge's LJ (mean of four 0–5 scores), per item and in
the per-topology table."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult

from core.errors import InputError
from evaluation.judge import Judge, parse_chain_scores
from evaluation.score import References, by_chain, score_file, score_lines
from tools.models import register_chat_model

GOLD_CHAIN = [
    {
        "sub_question": "Which tower is shown?",
        "modality": "image",
        "evidence_id": "img-1",
        "answer": "Eiffel",
    },
    {
        "sub_question": "Where is the Eiffel Tower?",
        "modality": "text",
        "evidence_id": "txt-7",
        "answer": "Paris",
    },
]


def chain_step(modality: str, evidence_id: str, answer: str) -> dict[str, Any]:
    return {
        "sub_question": f"ask {evidence_id}",
        "modality": modality,
        "evidence_id": evidence_id,
        "answer": answer,
        "candidates": [{"id": evidence_id, "title": evidence_id, "score": 0.9, "source": modality}],
    }


def result(item_id: str, prediction: str, answer: str = "Paris", chain: bool = True) -> dict[str, Any]:
    line: dict[str, Any] = {
        "id": item_id,
        "question": "In which city is the tower in the picture?",
        "answer": answer,
        "prediction": prediction,
        "status": "ok",
        "graph": "mcsearch",
        "topology": "Image-Initiated Chain",
    }
    if chain:
        line["gold_chain"] = GOLD_CHAIN
        line["trajectory"] = [chain_step("image", "img-1", "Eiffel"), chain_step("text", "txt-7", prediction)]
    return line


def write_jsonl(path: Path, lines: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


def last_row(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The row over every chained item: `all` when there are several topologies, else the only one."""
    assert rows and rows[-1]["n"] == sum(row["n"] for row in rows if row["topology"] != "all")
    return rows[-1]


# --- ΔF1 and Golden F1 ----------------------------------------------------------------------------


def test_delta_f1_and_golden_f1_come_from_the_reference_runs(tmp_path: Path) -> None:
    # F1 of "Paris France" against "Paris" = 2·(1/2·1)/(1/2+1) = 2/3; of "Lyon" = 0.
    no_retrieval = write_jsonl(
        tmp_path / "none.jsonl", [result("a", "Paris France", chain=False), result("b", "Paris", chain=False)]
    )
    golden = write_jsonl(tmp_path / "gold.jsonl", [result("a", "Paris"), result("b", "Lyon")])
    refs = References.load(no_retrieval, golden)
    assert refs.no_retrieval == pytest.approx({"a": 2 / 3, "b": 1.0})
    assert refs.golden == {"a": 1.0, "b": 0.0}

    scored = score_lines(
        [result("a", "Paris"), result("b", "Lyon"), result("c", "Paris")], "d", references=refs
    )
    by_id = {item["id"]: item for item in scored}
    assert by_id["a"]["delta_f1"] == pytest.approx(1 - 2 / 3)  # retrieval helped
    assert by_id["b"]["delta_f1"] == pytest.approx(-1.0)  # retrieval hurt
    assert "delta_f1" not in by_id["c"] and "golden_f1" not in by_id["c"]  # no reference for c
    assert (by_id["a"]["golden_f1"], by_id["b"]["golden_f1"]) == (1.0, 0.0)

    overall = last_row(by_chain(scored, "topology"))
    assert overall["delta_f1"] == pytest.approx(100 * ((1 - 2 / 3) - 1) / 2, abs=0.1)  # mean over a and b
    assert overall["golden_f1"] == pytest.approx(50.0)
    assert overall["f1"] == pytest.approx(100 * 2 / 3, abs=0.1)


def test_a_missing_reference_run_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="reference results file not found"):
        References.load(tmp_path / "never-ran.jsonl")
    assert References.load() == References()  # none given: nothing to compare


def test_reference_columns_reach_the_written_tables(tmp_path: Path) -> None:
    results = write_jsonl(tmp_path / "mc.jsonl", [result("a", "Paris"), result("b", "Lyon")])
    golden = write_jsonl(tmp_path / "gold.jsonl", [result("a", "Paris"), result("b", "Paris")])
    out = score_file(
        results, tmp_path / "scores", print_summary=False, references=References.load(None, golden)
    )
    overall = last_row(out.by_topology)
    assert overall["golden_f1"] == 100.0 and overall["f1"] == 50.0 and overall["delta_f1"] is None
    assert "golden_f1" in (tmp_path / "scores" / "by_topology.csv").read_text(encoding="utf-8")


# --- the chain judge (LJ) -------------------------------------------------------------------------


class ChainJudgeModel(BaseChatModel):
    """Scores a chain 5/5/4/4 when the predicted answer line names the gold answer, else 1/0/2/1; keeps
    the prompts it was sent."""

    prompts: list[str] = []

    @property
    def _llm_type(self) -> str:
        return "chain-judge"

    def _generate(self, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None, **kw: Any):
        prompt = str(messages[-1].content)
        self.prompts.append(prompt)
        if "Predicted chain:" not in prompt:  # the answer judge's prompt
            return self._reply('{"correct": true, "reason": "ok"}')
        predicted = next(line for line in prompt.splitlines() if line.startswith("Predicted answer:"))
        good = "Paris" in predicted
        scores = (5, 5, 4, 4) if good else (1, 0, 2, 1)
        body = dict(zip(("accuracy", "entities", "coherence", "alignment"), scores, strict=True))
        return self._reply("Here you go:\n```json\n" + json.dumps({"scores": body}) + "\n```")

    @staticmethod
    def _reply(text: str) -> ChatResult:
        return ChatResult(generations=[ChatGeneration(message=AIMessage(content=text))])


def test_parse_chain_scores_tolerates_prose_and_clamps() -> None:
    assert (
        parse_chain_scores(
            'x {"scores": {"accuracy": 4, "entities": 3, "coherence": 5, "alignment": 2}}'
        ).mean
        == 3.5
    )
    flat = parse_chain_scores('{"accuracy": 9, "entities": -2, "coherence": 4.6, "alignment": 0}')
    assert flat.scores == {"accuracy": 5, "entities": 0, "coherence": 5, "alignment": 0}
    missing = parse_chain_scores('{"scores": {"accuracy": 4, "entities": 3}}')
    assert missing.scores is None and missing.mean is None and "unparseable" in missing.reason


def test_lj_is_the_mean_of_the_four_scores_and_is_cached(tmp_path: Path) -> None:
    model = ChainJudgeModel(prompts=[])
    register_chat_model("fake:chain-judge", model)
    lines = [result("a", "Paris"), result("b", "Lyon"), result("c", "Paris", chain=False)]
    scored = score_lines(lines, "d", Judge("fake:chain-judge", tmp_path))
    by_id = {item["id"]: item for item in scored}
    assert by_id["a"]["lj"] == 4.5 and by_id["b"]["lj"] == 1.0
    assert by_id["a"]["lj_scores"] == {"accuracy": 5, "entities": 5, "coherence": 4, "alignment": 4}
    assert "lj" not in by_id["c"]  # no gold chain, no chain judge
    chain_prompts = [p for p in model.prompts if "Predicted chain:" in p]
    assert len(chain_prompts) == 2
    first = next(p for p in chain_prompts if "Predicted answer: Paris" in p)
    assert "[img-1]" in first and "[txt-7]" in first  # both chains reach the judge with their evidence ids
    overall = last_row(by_chain(scored, "topology"))
    assert overall["lj"] == pytest.approx(2.75)

    calls = len(model.prompts)
    again = score_lines(lines, "d", Judge("fake:chain-judge", tmp_path))  # same cache folder
    assert [item.get("lj") for item in again] == [4.5, 1.0, None]
    assert len(model.prompts) == calls  # every verdict came from the cache

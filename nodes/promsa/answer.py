"""Answer: the agent's final short answer, the evidence lines it rests on, and the closing stop round.

When the policy stopped with an answer of its own, that answer stands; its evidence is what the
policy handed over (the embedded stand-in read it already), else the lines of the gathered results
that contain it. Otherwise (the safe fallback after a malformed action) the answer is read from the
evidence by `answer_from_evidence` — the one place the agent's reader lives, so a better reader
replaces that function and nothing else.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from typing import Any

from langgraph.runtime import Runtime

from graphs.context import PromsaContext
from graphs.promsa_state import AgentState, Evidence, Round
from graphs.state import Iteration, PlannedQuery
from nodes.answer import extractive_answer, first_line
from nodes.common import ask_model, emit, input_image, split_sentences, timed
from nodes.promsa.common import agent_context
from nodes.record import extractive_record
from prompts import render_prompt
from tools.retrieval import format_results

SUPPORTING_LINES = 3  # evidence lines kept for an answer the policy wrote itself
RECORD_CACHE = 512  # per-search records kept: the stand-in policy reads the same rounds every round
_RECORDS: OrderedDict[tuple[Any, ...], str] = OrderedDict()
_LOCK = threading.Lock()


def answer(state: AgentState, runtime: Runtime[PromsaContext]) -> dict[str, Any]:
    context = agent_context(runtime)
    decision = state["decision"]
    rounds = state.get("trajectory") or []
    if decision["answer"]:
        text, seconds = decision["answer"], 0.0
        evidence = decision.get("evidence") or supporting_lines(text, rounds)
    else:
        (text, evidence), seconds = timed(
            answer_from_evidence, state["question"].strip(), state["image"], rounds, context
        )
    stop = Round(
        round=len(rounds) + 1,
        action="stop",
        query="",
        thought=decision["thought"],
        candidates=[],
        answer=text,
        seconds=round(time.time() - state.get("round_started", time.time()), 4),
        model_seconds=round(state.get("round_model_seconds", 0.0) + seconds, 4),
    )
    emit(runtime, "answer", stop["round"], f"answer: {text[:120]} ({decision['stop_reason']})")
    return {
        "answer": text,
        "evidence": evidence,
        "trajectory": [stop],
        "stop_reason": decision["stop_reason"],
    }


def answer_from_evidence(
    question: str, image: str, rounds: list[Round], context: PromsaContext
) -> tuple[str, list[Evidence]]:
    """The short answer the gathered evidence supports, and the lines (with source ids) it rests on.

    The agent's reader, in one place. With a generative model: the `answer` prompt over every
    search's results, one model call (free text, so it cannot be malformed). In the embedded
    profile: PMSR's extractive answerer (`nodes.answer.extractive_answer`) over one record per
    search — that search's best sentences for the question (`nodes.record.extractive_record`).
    """
    searched = [r for r in rounds if r["candidates"]]
    if not searched:
        return "", []
    if context.generative:
        knowledge = "\n\n".join(
            f"Record {i}:\n{format_results(r['candidates'])}" for i, r in enumerate(searched, 1)
        )
        prompt = render_prompt("answer", question=question, knowledge=knowledge)
        reply, _ = ask_model(context, prompt, input_image(image))
        text = first_line(reply)
        return text, supporting_lines(text, searched)
    return extractive_answer(question, as_iterations(question, searched, context), context)


def as_iterations(question: str, searched: list[Round], context: PromsaContext) -> list[Iteration]:
    """The agent's searches as PMSR iterations, each with its own extractive record (the reader's input)."""
    return [_as_iteration(step, r, question, context) for step, r in enumerate(searched)]


def _as_iteration(step: int, searched: Round, question: str, context: PromsaContext) -> Iteration:
    """A search round as a PMSR iteration whose record is its best sentences (the reader's input).

    Records are cached by everything they depend on (embedder, question, query, candidates), so
    reading again after one more search embeds only the new round's sentences."""
    query = PlannedQuery(kind="record", text=searched["query"] or question, vector=[], k_text=0, k_image=0)
    found = searched["candidates"]
    key = (
        context.text_embedder,
        question,
        query["text"],
        tuple((c["id"], c["title"], c["text"]) for c in found),
    )
    with _LOCK:
        record = _RECORDS.get(key)
    if record is None:
        record, _ = extractive_record(question, [query], found, context)
        with _LOCK:
            _RECORDS[key] = record
            if len(_RECORDS) > RECORD_CACHE:
                _RECORDS.popitem(last=False)
    return Iteration(
        step=step, queries=[query], candidates=found, record=record, seconds=0.0, model_seconds=0.0
    )


def supporting_lines(answer_text: str, rounds: list[Round]) -> list[Evidence]:
    """Up to `SUPPORTING_LINES` sentences of the gathered results that contain the answer, oldest first."""
    needle = " ".join(answer_text.lower().split())
    lines: list[Evidence] = []
    if not needle:
        return lines
    for r in rounds:
        for cand in r["candidates"]:
            for sentence in split_sentences(cand["text"]):
                if needle in sentence.lower() and len(lines) < SUPPORTING_LINES:
                    lines.append(Evidence(id=cand["id"], title=cand["title"], text=sentence))
    return lines

"""Answer: the agent's final short answer, the evidence lines it rests on, and the closing stop round.

When the policy stopped with an answer of its own, that answer stands; its evidence and confidence are
what the policy handed over (the embedded stand-in read them already), else the lines of the gathered
results that state it, with the grounding confidence of a generative answer (`nodes.reading`).
Otherwise (the safe fallback after a malformed action) the answer is read from the evidence by
`answer_from_evidence` — the one place the agent's reader lives, so a better reader replaces that
function and nothing else.
"""

from __future__ import annotations

import time
from typing import Any

from langgraph.runtime import Runtime

from core.context import PromsaContext
from core.promsa_state import AgentState, Round
from nodes.common import ask_model, context_of, emit, question_image, timed
from nodes.extractive.reader import Reading
from nodes.reading import Search, decided_reading, first_line, grounded_reading, read_searches
from prompts import render_prompt
from tools.retrieval import format_results


def answer(state: AgentState, runtime: Runtime[PromsaContext]) -> dict[str, Any]:
    context = context_of(runtime, PromsaContext)
    decision = state["decision"]
    rounds = state.get("trajectory") or []
    if decision["answer"]:
        reading, seconds = decided_reading(decision, [c for r in rounds for c in r["candidates"]]), 0.0
    else:
        reading, seconds = timed(
            answer_from_evidence, state["question"].strip(), state.get("image"), rounds, context
        )
    text = reading.answer
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
        "confidence": reading.confidence,
        "evidence": reading.evidence,
        "trajectory": [stop],
        "stop_reason": decision["stop_reason"],
    }


def answer_from_evidence(
    question: str, image: str | None, rounds: list[Round], context: PromsaContext
) -> Reading:
    """The short answer the gathered evidence supports, the lines (with source ids) it rests on and the
    reader's confidence.

    The agent's reader, in one place. With a generative model: the `answer` prompt over every
    search's results, one model call (free text, so it cannot be malformed). In the embedded
    profile: the extractive reader over one record per search (`nodes.reading.read_searches`).
    """
    searched = [r for r in rounds if r["candidates"]]
    if not searched:
        return Reading("", [], 0.0)
    if context.generative:
        knowledge = "\n\n".join(
            f"Record {i}:\n{format_results(r['candidates'])}" for i, r in enumerate(searched, 1)
        )
        prompt = render_prompt("answer", question=question, knowledge=knowledge)
        reply, _ = ask_model(context, prompt, question_image(image))
        return grounded_reading(first_line(reply), [c for r in searched for c in r["candidates"]])
    return read_searches(question, searches_of(searched), context)


def searches_of(rounds: list[Round]) -> list[Search]:
    """The agent's search rounds as `(query, candidates)` searches for the reader."""
    return [(r["query"], r["candidates"]) for r in rounds]

"""Answer: the agent's final short answer, the evidence lines it rests on, and the closing stop round.

When the policy stopped with an answer of its own, that answer stands; its evidence is what the
policy handed over (the embedded stand-in read it already), else the lines of the gathered results
that contain it. Otherwise (the safe fallback after a malformed action) the answer is read from the
evidence by `answer_from_evidence` — the one place the agent's reader lives, so a better reader
replaces that function and nothing else.
"""

from __future__ import annotations

import time
from typing import Any

from langgraph.runtime import Runtime

from graphs.context import PromsaContext
from graphs.promsa_state import AgentState, Evidence, Round
from nodes.answer import first_line
from nodes.common import ask_model, emit, input_image, split_sentences, timed
from nodes.extractive.searches import Search, read_searches
from nodes.promsa.common import agent_context
from prompts import render_prompt
from tools.retrieval import format_results

SUPPORTING_LINES = 3  # evidence lines kept for an answer the policy wrote itself


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
    profile: the extractive reader over one record per search (`nodes.extractive.searches.read_searches`).
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
    return read_searches(question, searches_of(searched), context)


def searches_of(rounds: list[Round]) -> list[Search]:
    """The agent's search rounds as `(query, candidates)` searches for the reader."""
    return [(r["query"], r["candidates"]) for r in rounds]


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

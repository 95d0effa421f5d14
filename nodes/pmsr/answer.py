"""Answer: the final short answer from the image, the question and all of T, with its evidence and confidence.

Generative: the `answer` prompt with the image; the evidence is the retrieved sentences that state
the answer. Extractive (embedded profile): the extractive reader over T's records
(`nodes.extractive.reader.read_records`, the same reader the agent graphs use), kept to the first
record's reading when that one is surer (`surer_reading`): later iterations answer only by making the
reader surer.

`confidence` (0–1): the extractive reader's own score for its answer (see `nodes.extractive.reader`).
A generative model gives no score of its own here, so its confidence is a grounding check, not a
probability: `GROUNDED` when a retrieved sentence contains the answer, `UNGROUNDED` when none does,
0 for an empty answer (`nodes.reading.grounded_reading`).
"""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from core.context import Context
from core.state import State
from nodes.common import ask_model, context_of, emit, question_image
from nodes.extractive.reader import surer_reading
from nodes.pmsr.formulate import format_trajectory
from nodes.reading import first_line, grounded_reading, kb_entries
from prompts import render_prompt


def answer(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    context = context_of(runtime)
    trajectory = state.get("trajectory") or []
    question = state["question"].strip()
    if context.generative:
        prompt = render_prompt("answer", question=question, knowledge=format_trajectory(trajectory))
        text, _ = ask_model(context, prompt, question_image(state.get("image")))
        reading = grounded_reading(first_line(text), [c for it in trajectory for c in it["candidates"]])
    else:
        reading = surer_reading(question, trajectory, context, kb_entries(context))
    note = f"confidence {reading.confidence:.2f}, {state.get('stop_reason', '')}"
    emit(runtime, "answer", len(trajectory), f"answer: {reading.answer[:120]} ({note})")
    return {"answer": reading.answer, "evidence": reading.evidence, "confidence": reading.confidence}

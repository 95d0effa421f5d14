"""Formulate: write the iteration's queries, measure saturation, and embed the queries for search.

Step 0 has one query, the enriched `q ⊕ d`, with the whole budget. Step t ≥ 1 has the dual-scope
pair: the record-level `q ⊕ r_{t-1}` (plain concatenation) and the trajectory-level query over all
of T, each with half the budget. Saturation compares the new queries with the earlier ones, all with
the question removed; when they are too close (saturation score ≥ tau) the node sets
`stop_reason="saturated"` and the graph answers without searching, so those queries are never
embedded for search. By default an iteration is saturated when its trajectory-level query repeats an
earlier one (see `measure_saturation`)."""

from __future__ import annotations

import re
import time
from typing import Any

import numpy as np
from langgraph.runtime import Runtime

from core.context import Context
from core.state import Iteration, PlannedQuery, Query, State
from nodes.common import ask_model, context_of, emit, question_image, strip_question, text_embedder, timed
from nodes.extractive.followup import trajectory_query
from nodes.extractive.reader import read_records
from nodes.reading import kb_entries
from prompts import render_prompt

_OUTPUT = re.compile(r"^[\s#*_>`-]*output[\s*_`]*:(.*)$", re.IGNORECASE | re.MULTILINE)
_WRAPPERS = " \t\"'`*_[]<>"


def formulate(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    context = context_of(runtime)
    question = state["question"].strip()
    trajectory = state.get("trajectory") or []
    step = len(trajectory)
    update: dict[str, Any] = {"step": step}
    model_seconds = 0.0
    if step == 0:
        queries = [Query(kind="enriched", text=f"{question} {state.get('description', '')}".strip())]
        model_seconds = state.get("step_model_seconds", 0.0)
    else:
        update["step_started"] = time.time()
        queries, model_seconds, errors = dual_scope_queries(state, context, step)
        if errors:
            update["errors"] = errors
    history = state.get("query_history") or []
    planned, new_history, saturation, embed_seconds = plan_queries(queries, question, history, context)
    update |= {
        "queries": planned,
        "query_history": new_history,
        "step_model_seconds": model_seconds + embed_seconds,
    }
    message = f"{len(planned)} queries"
    if saturation is not None:
        update["saturation"] = [saturation]
        message += f", saturation {saturation:.3f}"
        if is_saturated(saturation, queries, question, history, context):
            update["stop_reason"] = "saturated"
            message += f" ≥ tau {context.tau}: stop"
    emit(runtime, "formulate", step, message)
    return update


def dual_scope_queries(state: State, context: Context, step: int) -> tuple[list[Query], float, list[str]]:
    """The record-level query and (unless switched off) the trajectory-level one, with model seconds."""
    question = state["question"].strip()
    trajectory = state.get("trajectory") or []
    record_query = " ".join(f"{question} {trajectory[-1]['record']}".split())
    queries = [Query(kind="record", text=record_query)]
    if not context.trajectory_query:
        return queries, 0.0, []
    if not context.generative:
        earlier = [q["text"] for it in trajectory for q in it["queries"] if q["kind"] == "trajectory"]
        follow_up = trajectory_query(
            question,
            trajectory,
            earlier,
            lambda: bool(read_records(question, trajectory, context, kb_entries(context)).answer),
        )
        query = Query(kind="trajectory", text=follow_up.text)
        return [*queries, {**query, "entity": follow_up.entity} if follow_up.entity else query], 0.0, []
    prompt = render_prompt("trajectory_query", question=question, knowledge=format_trajectory(trajectory))
    reply, seconds = ask_model(context, prompt, question_image(state.get("image")))
    parsed = parse_trajectory_query(reply)
    if parsed is None:
        note = f"step {step}: trajectory-level query unparsable ({reply[:80]!r}); used the record-level query"
        return [*queries, Query(kind="trajectory", text=record_query)], seconds, [note]
    return [*queries, Query(kind="trajectory", text=parsed)], seconds, []


def parse_trajectory_query(reply: str) -> str | None:
    """The search question after the last `Output:` marker (same or next line), or None."""
    matches = list(_OUTPUT.finditer(reply))
    if not matches:
        return None
    last = matches[-1]
    lines = [last.group(1), *reply[last.end() :].splitlines()]
    for line in lines:
        text = line.strip(_WRAPPERS).strip()
        if text:
            return text
    return None


def format_trajectory(trajectory: list[Iteration]) -> str:
    """T as numbered records, oldest first."""
    return "\n\n".join(
        f"Record {it['step']}:\n{it['record'].strip() or '(nothing relevant found)'}" for it in trajectory
    )


def split_budget(total: int, parts: int) -> list[int]:
    """`total` split as evenly as possible into `parts` shares, earlier shares taking the remainder."""
    base, extra = divmod(total, parts)
    return [base + (1 if i < extra else 0) for i in range(parts)]


def plan_queries(
    queries: list[Query], question: str, history: list[str], context: Context
) -> tuple[list[PlannedQuery], list[str], float | None, float]:
    """Score saturation against `history`, then (unless saturated) embed the queries and split the budget.

    Saturation is decided first, from the question-free texts alone (`measure_saturation`): a
    saturated iteration is not searched, so its queries are not embedded for search (their `vector` is
    empty) — which spares the long record-level query of the last, redundant iteration. A searched
    iteration embeds its queries in one call with the question-free texts the next one compares with.

    Returns the planned queries, the question-free texts later iterations compare with (new history;
    see `compared_later`), the saturation score (None when there is no history yet) and the embedding
    seconds.
    """
    stripped = [strip_question(q["text"], question) for q in queries]
    kinds = [q["kind"] for q in queries]
    remembered = compared_later(stripped, kinds, context)
    saturation, seconds = None, 0.0
    if history:
        saturation, seconds = measure_saturation(stripped, kinds, history, context)
    saturated = is_saturated(saturation, queries, question, history, context)
    vectors: np.ndarray | list[list[float]] = [[] for _ in queries]
    n = len(queries)
    if not saturated:
        texts = [q["text"] for q in queries] + remembered
        embedded, search_seconds = timed(text_embedder(context).embed_texts, texts)
        vectors, seconds = embedded[:n], seconds + search_seconds
    k_text, k_image = split_budget(context.k_text, n), split_budget(context.k_image, n)
    planned = [
        PlannedQuery(**q, vector=[float(x) for x in v], k_text=kt, k_image=ki)
        for q, v, kt, ki in zip(queries, vectors, k_text, k_image, strict=True)
    ]
    return planned, remembered, saturation, seconds


def is_saturated(
    saturation: float | None, queries: list[Query], question: str, history: list[str], context: Context
) -> bool:
    """Whether an iteration stops: its saturation score reaches tau — and, for the extractive operator's
    trajectory-level query, that query repeats an earlier one word for word. That operator writes
    "<entity> <what is asked of it>" and repeats itself once the chain is resolved; a query pairing an
    entity it never looked up ("Orion …" after "Orion Nebula …") is a new search, however close its
    wording is to an earlier one."""
    if saturation is None or not context.adaptive_stop or saturation < context.tau:
        return False
    trajectory = [q["text"] for q in queries if q["kind"] == "trajectory"]
    if context.generative or context.saturation != "trajectory" or not trajectory:
        return True
    return strip_question(trajectory[0], question) in history


def compared_later(stripped: list[str], kinds: list[str], context: Context) -> list[str]:
    """The question-free queries later iterations are compared with: all of them, except that with
    `saturation="trajectory"` the trajectory-level query is compared with the earlier queries that
    carry the question's intent — the initial enriched one and the trajectory-level ones — and not with
    the record-level ones, whole earlier records that are long to embed and never its repeat."""
    if context.saturation == "trajectory" and context.trajectory_query:
        return [text for text, kind in zip(stripped, kinds, strict=True) if kind != "record"]
    return stripped


def measure_saturation(
    stripped: list[str], kinds: list[str], history: list[str], context: Context
) -> tuple[float, float]:
    """The saturation score of queries (question-free texts `stripped`) against `history`, with the
    embedding seconds: the lowest nearness of the queries (`every`: the iteration repeats the past only
    when every query does), the highest (`any`), or the trajectory-level query's (`trajectory`; the
    highest without one). Only the queries the score reads are embedded."""
    scored = stripped
    if context.saturation == "trajectory" and "trajectory" in kinds:
        scored = [stripped[kinds.index("trajectory")]]
    vectors, seconds = timed(text_embedder(context).embed_texts, scored + history)
    vectors = np.asarray(vectors, dtype=np.float32)
    nearest = np.max(vectors[: len(scored)] @ vectors[len(scored) :].T, axis=1)  # per query: its closest past
    return float(np.min(nearest) if context.saturation == "every" else np.max(nearest)), seconds

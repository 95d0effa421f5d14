"""Reading for the agent graphs: evidence gathered search by search, read extractively (embedded profile).

The agents (ProMSA, MC-Search) gather evidence one search at a time. To read it with the reader every
graph shares (`nodes.extractive.reader.read_records`), each search becomes an iteration whose record
is that search's best sentences for the question (`nodes.extractive.record.write_record`: record
isolation holds, each record sees only its own search). A search is `(query, candidates)`.

Records are cached by everything they depend on (text embedder, question, query, candidates), so
reading again after one more search embeds only the new search's sentences.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from graphs.context import Context
from graphs.state import Iteration, PlannedQuery
from nodes.extractive.reader import Reading, read_records
from nodes.extractive.record import write_record
from tools.types import Candidate

Search = tuple[str, list[Candidate]]
RECORD_CACHE = 512  # per-search records kept: the stand-in planners read the same searches every round
_RECORDS: OrderedDict[tuple[Any, ...], str] = OrderedDict()
_LOCK = threading.Lock()


def read_searches(question: str, searches: Sequence[Search], context: Context) -> Reading:
    """What the searches' results say to `question`: the short answer, the lines it rests on and the
    reader's confidence (an empty reading when no search returned anything)."""
    found = [(query, candidates) for query, candidates in searches if candidates]
    if not found:
        return Reading("", [], 0.0)
    return read_records(question, as_iterations(question, found, context), context)


def as_iterations(question: str, searches: Sequence[Search], context: Context) -> list[Iteration]:
    """The searches as PMSR iterations, each with its own extractive record (the reader's input)."""
    return [
        _as_iteration(step, query, found, question, context) for step, (query, found) in enumerate(searches)
    ]


def _as_iteration(
    step: int, query: str, found: list[Candidate], question: str, context: Context
) -> Iteration:
    planned = PlannedQuery(kind="record", text=query or question, vector=[], k_text=0, k_image=0)
    key = (
        context.text_embedder,
        question,
        planned["text"],
        tuple((c["id"], c["title"], c["text"]) for c in found),
    )
    with _LOCK:
        record = _RECORDS.get(key)
    if record is None:
        record, _ = write_record(question, [planned], found, context)
        with _LOCK:
            _RECORDS[key] = record
            if len(_RECORDS) > RECORD_CACHE:
                _RECORDS.popitem(last=False)
    return Iteration(
        step=step, queries=[planned], candidates=found, record=record, seconds=0.0, model_seconds=0.0
    )

"""Graph state of PMSR.

`InputState` is what callers send (it renders as a form in LangGraph Studio); `OutputState` is what
they get back; `State` adds the working fields. List fields that several nodes append to use
`operator.add` as their reducer (the first node resets them with `Overwrite`, so a second run on the
same LangGraph thread starts clean); everything else is last-write-wins. Everything is plain JSON
(strings, numbers, lists, dicts) because `langgraph dev` streams it.
"""

from __future__ import annotations

import operator
from typing import Annotated, Literal, NotRequired

from typing_extensions import TypedDict

from core.types import Candidate

QueryKind = Literal["enriched", "record", "trajectory"]
KBName = Literal["text", "pairs"]


class Query(TypedDict):
    """One search query of an iteration; `kind` names the scope that wrote it."""

    kind: QueryKind
    text: str
    # the entity a trajectory-level query pairs with what is asked ("<entity> <attribute>"), whose own entry
    # its text search also looks up; absent for other queries
    entity: NotRequired[str]


class PlannedQuery(Query):
    """A query ready to search: its embedding and its share of the iteration's budget."""

    vector: list[float]
    k_text: int
    k_image: int


class SearchTask(TypedDict):
    """The payload of one retrieval branch (one query × one KB), sent by the fan-out edge."""

    step: int
    kb: KBName
    query: PlannedQuery
    image: str  # empty for a text-only question
    question: str


class Iteration(TypedDict):
    """What one PMSR step did: its queries, what they retrieved, and the record synthesised from it."""

    step: int
    queries: list[Query]
    candidates: list[Candidate]
    record: str
    seconds: float
    model_seconds: float


class Evidence(TypedDict):
    """A line that supports the answer, with the id of the candidate it was read from."""

    id: str
    title: str
    text: str


class InputState(TypedDict):
    """A knowledge-intensive visual question, or a text-only one (no `image`, or an empty one)."""

    question: str
    image: NotRequired[str]  # a file path, base64 text or a data: URL


class OutputState(TypedDict, total=False):
    """The answer and everything that led to it."""

    answer: str
    confidence: float  # the reader's score for its answer, 0–1 (see nodes.reading)
    evidence: list[Evidence]
    description: str
    trajectory: list[Iteration]
    saturation: list[float]
    stop_reason: str
    errors: list[str]


class State(InputState, total=False):
    description: str
    trajectory: Annotated[list[Iteration], operator.add]
    saturation: Annotated[list[float], operator.add]
    errors: Annotated[list[str], operator.add]
    stop_reason: str
    answer: str
    confidence: float
    evidence: list[Evidence]
    # --- working fields ------------------------------------------------------------------------
    step: int  # the iteration being run: 0 = initial search, t ≥ 1 = dual-scope iterations
    queries: list[PlannedQuery]  # the current iteration's queries, waiting to be searched
    found: Annotated[list[Candidate], operator.add]  # this iteration's candidates (record resets it)
    query_history: Annotated[list[str], operator.add]  # earlier queries minus the question (saturation)
    step_started: float  # time.time() when the current iteration began
    step_model_seconds: float  # model time spent so far in the current iteration

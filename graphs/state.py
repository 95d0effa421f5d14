"""Graph state of PMSR.

`InputState` is what callers send (it renders as a form in LangGraph Studio); `OutputState` is what
they get back; `State` adds the working fields. List fields that several nodes append to use
`operator.add` as their reducer; everything else is last-write-wins.
"""

from __future__ import annotations

import operator
from typing import Annotated, Literal

from typing_extensions import TypedDict

from tools.types import Candidate

QueryKind = Literal["enriched", "record", "trajectory"]


class Query(TypedDict):
    """One search query of an iteration; `kind` names the scope that wrote it."""

    kind: QueryKind
    text: str


class Iteration(TypedDict):
    """What one PMSR step did: its queries, what they retrieved, and the record synthesised from it."""

    step: int
    queries: list[Query]
    candidates: list[Candidate]
    record: str
    seconds: float
    model_seconds: float


class InputState(TypedDict):
    """A knowledge-intensive visual question."""

    question: str
    image: str  # a file path, base64 text or a data: URL


class OutputState(TypedDict, total=False):
    """The answer and everything that led to it."""

    answer: str
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

"""Graph state of the ProMSA agent (`graphs/promsa.py`).

Callers send the same input as to PMSR (`core.state.InputState`: a question and an image). The
output holds the short answer, the evidence lines it rests on, the trajectory of rounds (one per
action the policy took: each search with what it returned, and the final stop), why the run
stopped, and what went wrong on the way. `trajectory`, `errors` and `malformed` accumulate across
nodes (`operator.add`); the `prepare` node resets them with `Overwrite`, so a second run on the same
LangGraph thread starts clean. Everything is plain JSON because `langgraph dev` streams it.
"""

from __future__ import annotations

import operator
from typing import Annotated, Literal, NotRequired

from typing_extensions import TypedDict

from core.state import InputState
from core.types import Candidate

Action = Literal["image_search", "text_search", "stop"]
SEARCHES: tuple[Action, ...] = ("image_search", "text_search")
StopReason = Literal["answered", "budget_spent", "fallback"]
"""answered: the policy chose to stop; budget_spent: nothing was left to search, so it had to answer;
fallback: its action stayed malformed after one repair, so the answer was read from the evidence."""


class Evidence(TypedDict):
    """A line the answer rests on, with the id of the candidate it comes from."""

    id: str
    title: str
    text: str


class Decision(TypedDict):
    """The action the policy chose this round, waiting for its node."""

    action: Action
    query: str  # text search: the query the policy wrote; otherwise ""
    thought: str  # the reasoning the policy wrote before acting ("" when none)
    answer: str  # stop: the policy's answer ("" when the answer must be read from the evidence)
    stop_reason: StopReason | Literal[""]  # stop: why; "" for a search
    evidence: NotRequired[list[Evidence]]  # stop: the lines the policy's answer rests on, when it read them
    confidence: NotRequired[float]  # stop: the reader's confidence in that answer, when it read them


class Round(TypedDict):
    """One round of the agent: the action, what it returned, and how long it took."""

    round: int  # 1-based
    action: Action
    query: str
    thought: str
    candidates: list[Candidate]  # what the search returned (never an id returned earlier in the run)
    answer: str  # stop rounds: the final answer
    seconds: float  # policy decision + action
    model_seconds: float  # of which chat model and embedder calls


class OutputState(TypedDict, total=False):
    """The answer, its evidence and the trajectory that led to it."""

    answer: str
    confidence: float  # the reader's score for its answer, 0–1 (see nodes.promsa.answer)
    evidence: list[Evidence]
    trajectory: list[Round]
    stop_reason: StopReason
    errors: list[str]
    malformed: int  # policy replies that broke the action protocol (0 for a well-formed run)


class AgentState(InputState, total=False):
    answer: str
    confidence: float
    evidence: list[Evidence]
    trajectory: Annotated[list[Round], operator.add]
    stop_reason: StopReason
    errors: Annotated[list[str], operator.add]
    malformed: Annotated[int, operator.add]
    # --- working fields ------------------------------------------------------------------------
    decision: Decision
    round_started: float  # time.time() when the current round's policy call began
    round_model_seconds: float  # model time of the current round's policy call

"""Graph state of the MC-Search pipelines: the agentic graph and the fixed-step baselines.

Callers send a question with zero, one or several images: `image` (as for PMSR) and/or `images` (a
multi-image question; image retrieval then runs for each image given). A text-only question sends
neither. `gold_chain` is read only by a Golden-F1 run (`McSearchContext.gold_evidence`).

The output's `trajectory` is the predicted chain: one `ChainStep` per retrieval step (sub-question,
modality, the evidence retrieved with its top-1 id, the intermediate answer). `trajectory`, `errors`
and `malformed` accumulate across nodes (`operator.add`); `prepare` resets them with `Overwrite`, so a
second run on the same LangGraph thread starts clean. Everything is plain JSON (`langgraph dev`
streams it).
"""

from __future__ import annotations

import operator
from typing import Annotated, Literal, NotRequired

from typing_extensions import TypedDict

from core.state import Evidence
from core.types import Candidate

Modality = Literal["text", "image"]
MODALITIES: tuple[Modality, ...] = ("text", "image")
StopReason = Literal["answered", "max_iter", "fallback", "no_retrieval", "gold_evidence", "fixed"]
"""answered: the model ended with `<End>`; max_iter: the step budget was spent, so it had to answer;
fallback: its reply stayed unparsable after one repair, so the run answered from what it had;
no_retrieval / gold_evidence: the evaluation modes of `McSearchContext`; fixed: a fixed-step baseline."""


class GoldStep(TypedDict, total=False):
    """One hop of a gold chain (the MC-Search release: sub-question, modality, evidence id, hop answer)."""

    step: int
    sub_question: str
    modality: str
    evidence_id: str
    answer: str
    evidence: str  # the evidence text, when the data carries it (else it is looked up in the KB by id)


class ChainInput(TypedDict):
    """A question, with the image(s) it is about (none for a text-only question)."""

    question: str
    image: NotRequired[str]  # a file path, base64 text or a data: URL
    images: NotRequired[list[str]]  # several images (a multi-image question), each like `image`
    gold_chain: NotRequired[list[GoldStep]]  # read only by a Golden-F1 run (gold_evidence=True)


class ChainStep(TypedDict):
    """One step of the predicted chain: what was asked, how, what came back and what it answered."""

    step: int  # 1-based
    thought: str
    sub_question: str
    modality: Modality
    image_index: int  # image steps: the input image searched with (1-based); 0 = by the sub-question text
    evidence_id: str  # id of the top-1 evidence ("" when nothing came back)
    evidence: str  # the top-1 evidence as "Title: text"
    candidates: list[Candidate]  # the top-k evidence retrieved (the step's evidence ids for Hit-per-Step)
    answer: str  # the intermediate answer to the sub-question
    seconds: float
    model_seconds: float


class Plan(TypedDict):
    """What the planner decided this iteration: one retrieval step, or the end with the final answer."""

    action: Literal["search", "end"]
    thought: str
    sub_question: str  # search: what to retrieve for (the retrieval query)
    modality: Modality | Literal[""]
    image_index: int  # search by image: which input image (1-based; 0 = the sub-question's text)
    answer: str  # end: the model's final answer ("" when it must still be read from the chain)
    stop_reason: StopReason | Literal[""]
    evidence: NotRequired[list[Evidence]]  # end: the lines the answer rests on, when the planner read them
    confidence: NotRequired[float]  # end: the reader's confidence in that answer, when the planner read them


class OutputState(TypedDict, total=False):
    """The final answer, the evidence it rests on, and the predicted chain."""

    answer: str
    confidence: float  # the reader's score for its answer, 0–1 (see nodes.mcsearch.finish)
    evidence: list[Evidence]
    trajectory: list[ChainStep]
    stop_reason: StopReason
    errors: list[str]
    malformed: int  # model replies that broke the protocol (0 for a well-formed run)


class ChainState(ChainInput, total=False):
    answer: str
    confidence: float
    evidence: list[Evidence]
    trajectory: Annotated[list[ChainStep], operator.add]
    stop_reason: StopReason
    errors: Annotated[list[str], operator.add]
    malformed: Annotated[int, operator.add]
    # --- working fields ------------------------------------------------------------------------
    plan: Plan
    found: list[Candidate]  # the current step's evidence, waiting for its intermediate answer
    step_started: float  # time.time() when the current step's planning began
    step_model_seconds: float  # model time of the current step so far

"""Golden: a Golden-F1 run's chain — the gold chain's steps with the gold evidence, instead of planning.

MC-Search's Golden F1 gives the model the gold reasoning chain and the gold retrieval content. Each
gold step becomes a chain step: its sub-question and modality, its evidence (the text the gold step
carries, else the KB record stored under its evidence id), its hop answer as the intermediate
answer, and a templated thought. The finish node then asks for (or reads) the final answer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from langgraph.runtime import Runtime

from core.context import McSearchContext
from core.mcsearch_state import MODALITIES, ChainState, ChainStep, GoldStep, Plan
from core.types import Candidate
from nodes.common import context_of, emit, knowledge_base
from nodes.mcsearch.common import evidence_line
from nodes.mcsearch.protocol import gold_thought
from tools.retrieval import SearchableKB, lookup


def golden(state: ChainState, runtime: Runtime[McSearchContext]) -> dict[str, Any]:
    context = context_of(runtime, McSearchContext)
    chain = state.get("gold_chain") or []
    steps, missing = gold_steps(chain, knowledge_base(context))
    errors = [f"gold evidence {', '.join(missing)} is not in the KB: those steps carry no evidence"] * bool(
        missing
    )
    emit(runtime, "golden", len(steps), f"{len(steps)} gold steps, {len(missing)} without evidence")
    end = Plan(
        action="end", thought="", sub_question="", modality="", image_index=0, answer="",
        stop_reason="gold_evidence",
    )  # fmt: skip
    return {"trajectory": steps, "plan": end, "errors": errors}


def gold_steps(
    chain: Sequence[Mapping[str, Any]], kb: SearchableKB | None, image_ids: Sequence[str] = ()
) -> tuple[list[ChainStep], list[str]]:
    """The gold chain as chain steps, and the evidence ids whose text neither the chain nor `kb` holds.

    `image_ids` (the evidence id each input image is stored under, as the MC-Search release gives them)
    tells which input image an image hop searched with; without them image hops name no image."""
    wanted = [str(g.get("evidence_id") or "") for g in chain if not g.get("evidence")]
    stored = {c["id"]: c for c in lookup(kb, [i for i in wanted if i])} if kb is not None and wanted else {}
    steps: list[ChainStep] = []
    missing: list[str] = []
    for number, gold in enumerate(chain, 1):
        evidence = given_evidence(gold) or stored.get(str(gold.get("evidence_id") or ""))
        if evidence is None:
            missing.append(str(gold.get("evidence_id") or f"(step {number})"))
        modality = modality_of(gold)
        evidence_id = str(gold.get("evidence_id") or "")
        step = ChainStep(
            step=number,
            thought="",
            sub_question=str(gold.get("sub_question") or ""),
            modality=modality,
            image_index=list(image_ids).index(evidence_id) + 1
            if modality == "image" and evidence_id in image_ids
            else 0,
            evidence_id=evidence_id,
            evidence="",
            candidates=[evidence] if evidence else [],
            answer=str(gold.get("answer") or ""),
            seconds=0.0,
            model_seconds=0.0,
        )
        step["evidence"] = evidence_line(step)
        steps.append(step)
    for index, step in enumerate(steps):
        step["thought"] = gold_thought(steps, index)
    return steps, missing


def modality_of(gold: Mapping[str, Any]) -> str:
    modality = str(gold.get("modality") or "").strip().lower()
    return modality if modality in MODALITIES else "text"


def given_evidence(gold: GoldStep | Mapping[str, Any]) -> Candidate | None:
    """The evidence text a gold step carries, as a candidate under its evidence id (None without text)."""
    text = str(gold.get("evidence") or "").strip()
    if not text:
        return None
    source = "pairs" if modality_of(gold) == "image" else "text"
    return Candidate(
        id=str(gold.get("evidence_id") or ""), score=1.0, source=source, title="", text=text, image_path=None,
        url=None,
    )  # fmt: skip

"""The embedded profile's planner: a deterministic STAND-IN for an MLLM, not a model of MC-Search's.

The offline default has no model that can plan retrieval (SmolLM2-135M cannot read evidence: as a
short-answer reader it restates the question or invents), so in the embedded profile the planner
follows a fixed plan that behaves like a sensible agent:
1. image-initiated when the question has images: one image step per image, "What is shown in this
   image?" — its intermediate answer is the entity the best pair names;
2. then one text step per identified entity: "<entity> <what the question asks>" (the question
   without function words and without the noun that names the picture); a text-only question starts
   with the question itself as its sub-question;
3. after that it reads the whole chain (`nodes.reading`): when none of the lines the answer
   rests on came from evidence the last step added (retrieval keeps no exclusion list, so a step may return
   what an earlier one did), that step added nothing and it ends with that answer — unless there is
   no answer yet, or the answer is only the entity an image step identified while the question asks
   something about it; otherwise it
   searches for the next entity on the evidence chain that no sub-question has named yet (the bridge
   of a multi-hop question, as PMSR's extractive trajectory-level query chooses it), and ends when
   there is none. The step budget (`max_iter`) is enforced by the plan node before this runs.
Its intermediate answers come from the same reader (`nodes.mcsearch.reason`).
"""

from __future__ import annotations

from core.context import McSearchContext
from core.mcsearch_state import ChainStep, Modality, Plan
from nodes.common import timed
from nodes.extractive.question import read_question
from nodes.extractive.reader import Reading
from nodes.mcsearch.common import chain_searches
from nodes.reading import read_searches
from nodes.stand_in import added_nothing, lookup_query, next_lookup

IDENTIFY = "What is shown in this image?"


def identify_question(index: int, images: int) -> str:
    """The sub-question of an image step that identifies input image `index` (1-based)."""
    return IDENTIFY if images == 1 else f"What is shown in image {index}?"


def embedded_plan(
    question: str, images: int, steps: list[ChainStep], context: McSearchContext
) -> tuple[Plan, float]:
    """The stand-in's next step (or its end), and the model (embedder) seconds deciding took."""
    image_steps = [s for s in steps if s["modality"] == "image"]
    if len(image_steps) < images:
        index = len(image_steps) + 1
        thought = (
            f"First find out what image {index} shows."
            if images > 1
            else "First find out what the image shows."
        )
        return _search("image", identify_question(index, images), index, thought), 0.0
    entities = list(dict.fromkeys(s["answer"] for s in image_steps if s["answer"]))
    texts = [s for s in steps if s["modality"] == "text"]
    if len(texts) < max(1, len(entities)):
        if not entities:
            return _search("text", question, 0, "Look up what the question asks."), 0.0
        entity = entities[len(texts)]
        thought = f"The image most likely shows {entity}; look up what the question asks about it."
        return _search("text", lookup_query(entity, question).strip(), 0, thought), 0.0
    reading, seconds = timed(read_searches, question, chain_searches(steps), context)
    earlier = {c["id"] for s in steps[:-1] for c in s["candidates"]}
    new = {c["id"] for c in steps[-1]["candidates"]} - earlier
    shape = read_question(question)
    answer = reading.answer
    unanswered = not answer or (not shape.asks_identity and answer.lower() in map(str.lower, entities))
    if not unanswered and added_nothing(reading, new):
        thought = "The last step added nothing the answer rests on: the evidence suffices."
        return _end(thought, reading), seconds
    asked = [s["sub_question"] for s in texts]
    query = next_lookup(question, chain_searches([s for s in steps if s["candidates"]]), asked, context)
    if query.lower() in (q.lower() for q in asked):
        return _end("No entity on the chain is left to look up.", reading), seconds
    return _search("text", query, 0, "Look up the next entity the evidence leads to."), seconds


def _search(modality: Modality, sub_question: str, index: int, thought: str) -> Plan:
    return Plan(
        action="search",
        thought=thought,
        sub_question=sub_question,
        modality=modality,
        image_index=index,
        answer="",
        stop_reason="",
    )


def _end(thought: str, reading: Reading) -> Plan:
    return Plan(
        action="end", thought=thought, sub_question="", modality="", image_index=0, answer=reading.answer,
        stop_reason="answered", evidence=reading.evidence, confidence=reading.confidence,
    )  # fmt: skip

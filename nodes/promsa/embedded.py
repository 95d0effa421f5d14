"""The embedded profile's policy: a deterministic STAND-IN for a trained agent, not the paper's model.

The offline default has no model that can choose actions (SmolLM2-135M cannot read evidence: as a
short-answer reader it restates the question or invents), so in the embedded profile (`operators`
extractive, or `auto` with the embedded model) the policy follows a fixed plan that behaves like a
sensible agent:
1. identify the entity: image search first (when the image budget allows); the entity is the title
   of the best-scoring pair any image search returned;
2. look it up: text search for "<entity> <what the question asks>" — the question without function
   words and without the noun that names the picture ("this animal", "this portrait");
3. stop when the evidence answers it: after each text search the reader (`answer_from_evidence`)
   answers from everything gathered; when none of the lines it rests on came from the last search,
   that search added nothing and the agent stops. Otherwise it searches again, for the next entity
   on the image's evidence chain that no query has used yet (the bridge of a two-hop question,
   chosen as PMSR's extractive trajectory-level query chooses it), with what is asked of it;
4. it stops when the text budget is spent. It never spends a second image search.
"""

from __future__ import annotations

from core.context import PromsaContext
from core.promsa_state import Action, Decision, Round, StopReason
from nodes.common import timed
from nodes.extractive.reader import Reading
from nodes.promsa.answer import answer_from_evidence, searches_of
from nodes.stand_in import added_nothing, lookup_query, next_lookup


def embedded_decision(
    question: str, image: str | None, rounds: list[Round], actions: list[Action], context: PromsaContext
) -> tuple[Decision, float]:
    """The stand-in policy's next action, and the model (embedder) seconds deciding took."""
    searched = [r for r in rounds if r["action"] != "stop"]
    texts = [r for r in searched if r["action"] == "text_search"]
    entity = identified_entity(searched)
    if not searched and "image_search" in actions:
        return _search("image_search", "", "First find out what the image shows."), 0.0
    if not texts:
        if "text_search" not in actions:
            return _stop("budget_spent", "No text search is allowed: answer from the image matches."), 0.0
        about = f"The image most likely shows {entity}" if entity else "Nothing identified the image"
        query = lookup_query(entity, question) if entity else question
        return _search("text_search", query, f"{about}; look up what the question asks."), 0.0
    reading, seconds = timed(answer_from_evidence, question, image, rounds, context)
    last = {c["id"] for c in texts[-1]["candidates"]}
    if added_nothing(reading, last):
        thought = "The last search added nothing the answer rests on: the evidence suffices."
        return _stop("answered", thought, reading), seconds
    if "text_search" not in actions:
        return _stop("budget_spent", "The text search budget is spent.", reading), seconds
    found = searches_of([r for r in searched if r["candidates"]])
    query = next_lookup(question, found, [r["query"] for r in texts], context)
    return _search("text_search", query, "Look up the next entity the evidence leads to."), seconds


def identified_entity(rounds: list[Round]) -> str | None:
    """The title of the best-scoring pair the image searches returned, or None."""
    pairs = [c for r in rounds if r["action"] == "image_search" for c in r["candidates"]]
    return max(pairs, key=lambda c: c["score"])["title"] if pairs else None


def _search(action: Action, query: str, thought: str) -> Decision:
    return Decision(action=action, query=query, thought=thought, answer="", stop_reason="")


def _stop(reason: StopReason, thought: str, reading: Reading | None = None) -> Decision:
    """Stop, with the reader's answer, evidence and confidence (without them the answer node reads them)."""
    if reading is None:
        return Decision(action="stop", query="", thought=thought, answer="", stop_reason=reason, evidence=[])
    return Decision(
        action="stop", query="", thought=thought, answer=reading.answer, stop_reason=reason,
        evidence=reading.evidence, confidence=reading.confidence,
    )  # fmt: skip

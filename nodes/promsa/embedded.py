"""The embedded profile's policy: a deterministic STAND-IN for a trained agent, not the paper's model.

The offline default has no model that can choose actions (SmolLM2-135M cannot read evidence; SPEC §5),
so in the embedded profile (`operators` extractive, or `auto` with the embedded model) the policy
follows a fixed plan that behaves like a sensible agent:
1. identify the entity: image search first (when the image budget allows); the entity is the title
   of the best-scoring pair any image search returned;
2. look it up: text search for "<entity> <what the question asks>" — the question without function
   words and without the noun that names the picture ("this animal", "this portrait");
3. stop when the evidence answers it: after each text search the reader (`answer_from_evidence`)
   answers from everything gathered; when none of the lines it rests on came from the last search,
   that search added nothing and the agent stops. Otherwise it searches again, for a name the
   answer's lines mention that no query has used yet (the bridge of a two-hop question), or for the
   entity again (the exclusion list then returns the next-best passages);
4. it stops when the text budget is spent. It never spends a second image search.
"""

from __future__ import annotations

import re

from graphs.context import PromsaContext
from graphs.promsa_state import Action, Decision, Evidence, Round, StopReason
from nodes.common import timed
from nodes.formulate import capitalised_spans
from nodes.promsa.answer import answer_from_evidence

# Words that say nothing about what the question asks (question words, articles, auxiliaries).
# fmt: off
_FUNCTION_WORDS = frozenset({
    "a", "an", "the", "in", "on", "of", "at", "to", "for", "from", "by", "with", "into", "onto", "and", "or",
    "which", "what", "who", "whom", "whose", "where", "when", "how", "why", "is", "are", "was", "were", "be",
    "been", "did", "do", "does", "has", "have", "had", "its", "it", "his", "her", "their", "there", "as",
})
# fmt: on
_DEICTIC = frozenset({"this", "these", "that", "those"})
_WORD = re.compile(r"[A-Za-z0-9][\w'’-]*")


def embedded_decision(
    question: str, image: str, rounds: list[Round], actions: list[Action], context: PromsaContext
) -> tuple[Decision, float]:
    """The stand-in policy's next action, and the model (embedder) seconds deciding took."""
    searched = [r for r in rounds if r["action"] != "stop"]
    texts = [r for r in searched if r["action"] == "text_search"]
    entity = identified_entity(searched)
    focus = question_focus(question)
    if not searched and "image_search" in actions:
        return _search("image_search", "", "First find out what the image shows."), 0.0
    if not texts:
        if "text_search" not in actions:
            return _stop("budget_spent", "No text search is allowed: answer from the image matches."), 0.0
        about = f"The image most likely shows {entity}" if entity else "Nothing identified the image"
        query = f"{entity} {focus}" if entity else question
        return _search("text_search", query, f"{about}; look up what the question asks."), 0.0
    (answer, evidence), seconds = timed(answer_from_evidence, question, image, rounds, context)
    last = {c["id"] for c in texts[-1]["candidates"]}
    if not any(e["id"] in last for e in evidence):
        thought = "The last search added nothing the answer rests on: the evidence suffices."
        return _stop("answered", thought, answer, evidence), seconds
    if "text_search" not in actions:
        return _stop("budget_spent", "The text search budget is spent.", answer, evidence), seconds
    bridge = new_name(evidence, [entity or "", *(r["query"] for r in texts)])
    query = f"{bridge or entity or ''} {focus}".strip()
    thought = f"The evidence names {bridge}; look it up." if bridge else "Look for more about the entity."
    return _search("text_search", query, thought), seconds


def identified_entity(rounds: list[Round]) -> str | None:
    """The title of the best-scoring pair the image searches returned, or None."""
    pairs = [c for r in rounds if r["action"] == "image_search" for c in r["candidates"]]
    return max(pairs, key=lambda c: c["score"])["title"] if pairs else None


def question_focus(question: str) -> str:
    """What the question asks: its words without function words and without the noun after "this"."""
    kept, after_deictic = [], False
    for word in _WORD.findall(question):
        lower = word.lower()
        if after_deictic or lower in _FUNCTION_WORDS or lower in _DEICTIC:
            after_deictic = lower in _DEICTIC
            continue
        kept.append(word)
    return " ".join(kept)


def new_name(evidence: list[Evidence], used: list[str]) -> str | None:
    """A name the evidence lines mention (a line's title or a capitalised span) that none of `used` (the
    entity, earlier queries) contains; the first of several words ("Rottnest Island") before the first
    single word ("Australian"), which is more often an adjective than an entity."""
    seen = " ".join(used).lower()
    names = [n for line in evidence for n in [line["title"], *capitalised_spans(line["text"])]]
    fresh = [n for n in dict.fromkeys(names) if n and n.lower() not in seen]
    return next((n for n in fresh if " " in n), fresh[0] if fresh else None)


def _search(action: Action, query: str, thought: str) -> Decision:
    return Decision(action=action, query=query, thought=thought, answer="", stop_reason="")


def _stop(
    reason: StopReason, thought: str, answer: str = "", evidence: list[Evidence] | None = None
) -> Decision:
    """Stop, with the answer and evidence the reader gave (without them the answer node reads them)."""
    return Decision(
        action="stop", query="", thought=thought, answer=answer, stop_reason=reason, evidence=evidence or []
    )

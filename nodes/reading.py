"""Reading an answer out of evidence, for every graph.

A generative reply: its short answer (`first_line`) and the retrieved sentences that state it, with a
grounding confidence (`grounded_reading`): a generative model gives no score of its own, so its
confidence is a grounding check, not a probability: `GROUNDED` when a retrieved sentence contains the
answer, `UNGROUNDED` when none does, 0 for an empty answer.

The agents' searches, read extractively (embedded profile): the agents (ProMSA, MC-Search) gather
evidence one search at a time. To read it with the reader every graph shares
(`nodes.extractive.reader.read_records`), each search becomes an iteration whose record is that
search's best sentences for the question (`nodes.extractive.record.write_record`: record isolation
holds, each record sees only its own search). A search is `(query, candidates)`.

Records are cached by everything they depend on (text embedder, question, query, candidates), so
reading again after one more search embeds only the new search's sentences.
"""

from __future__ import annotations

import functools
import re
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Any

from core.context import Context
from core.state import Evidence, Iteration, PlannedQuery
from core.types import Candidate
from nodes.common import knowledge_base, split_sentences
from nodes.extractive.reader import Reading, read_records
from nodes.extractive.record import write_record
from nodes.extractive.spans import TitledEntries
from tools.retrieval import SearchableKB, titled_entries
from tools.text import normalize_answer

Search = tuple[str, list[Candidate]]
RECORD_CACHE = 512  # per-search records kept: the stand-in planners read the same searches every round
TITLED_CACHE = 4096  # titles whose KB entries are kept: candidate names recur across a batch's readings
_RECORDS: OrderedDict[tuple[Any, ...], str] = OrderedDict()
_LOCK = threading.Lock()
_LABEL = re.compile(r"^[\s*_#>`-]*answer[\s*_`]*:", re.IGNORECASE)
MAX_EVIDENCE = 3
GROUNDED = 1.0  # a generative answer that a retrieved sentence states
UNGROUNDED = 0.5  # a generative answer that no retrieved sentence states


def forget_records() -> None:
    """Drop the per-search records and the titled entries kept so far (`nodes.caches`)."""
    with _LOCK:
        _RECORDS.clear()
    _titled_texts.cache_clear()


def read_searches(question: str, searches: Sequence[Search], context: Context) -> Reading:
    """What the searches' results say to `question`: the short answer, the lines it rests on and the
    reader's confidence (an empty reading when no search returned anything)."""
    found = [(query, candidates) for query, candidates in searches if candidates]
    if not found:
        return Reading("", [], 0.0)
    return read_records(question, as_iterations(question, found, context), context, kb_entries(context))


def kb_entries(context: Context) -> TitledEntries | None:
    """The texts the run's text KB stores under a title, for the reader to tell what kind of thing a name
    is when the evidence holds no entry of it (None when the run has no text KB)."""
    if context.kbs == "pairs":
        return None
    kb = knowledge_base(context)
    return lambda title: _titled_texts(kb, title)


@functools.lru_cache(maxsize=TITLED_CACHE)
def _titled_texts(kb: SearchableKB, title: str) -> tuple[str, ...]:
    return tuple(cand["text"] for cand in titled_entries(kb, title))


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


def first_line(reply: str) -> str:
    """The reply's first non-empty line, without an `Answer:` label or Markdown emphasis."""
    for line in reply.splitlines():
        text = _LABEL.sub("", line).strip(" *_`")
        if text:
            return text
    return reply.strip()


def grounded_reading(answer_text: str, candidates: list[Candidate]) -> Reading:
    """A generative answer with the retrieved sentences that state it and its grounding confidence."""
    evidence = stating_sentences(answer_text, candidates)
    confidence = 0.0 if not answer_text.strip() else GROUNDED if evidence else UNGROUNDED
    return Reading(answer_text, evidence, confidence)


def decided_reading(decided: Mapping[str, Any], candidates: list[Candidate]) -> Reading:
    """An agent's own final answer (`decided["answer"]`) with the evidence and confidence it handed over
    (the embedded stand-ins read them already), or, for an answer a model wrote, the gathered sentences
    that state it and its grounding confidence."""
    grounded = grounded_reading(decided["answer"], candidates)
    if "confidence" not in decided:
        return grounded
    return Reading(decided["answer"], decided.get("evidence") or grounded.evidence, decided["confidence"])


def stating_sentences(answer_text: str, candidates: list[Candidate]) -> list[Evidence]:
    """Up to MAX_EVIDENCE retrieved sentences that contain the answer (normalised), best-scored first."""
    wanted = f" {normalize_answer(answer_text)} "
    if not wanted.strip():
        return []
    evidence: list[Evidence] = []
    for cand in sorted(candidates, key=lambda c: -c["score"]):
        for sentence in split_sentences(cand["text"]):
            if wanted in f" {normalize_answer(sentence)} " and len(evidence) < MAX_EVIDENCE:
                evidence.append(Evidence(id=cand["id"], title=cand["title"], text=sentence))
    return evidence

"""LLM-as-judge: a chat model grades predictions.

- `Judge.judge` (MMSearch-R1 style): is the prediction correct, and why;
- `Judge.judge_chain` (the MC-Search paper, arXiv:2603.00873, Appendix P): four integer scores from 0 to 5 —
  accuracy, key-entity coverage, coherence and alignment with the gold chain — for a prediction and its chain
  against the gold answer and chain; their mean is the LJ of MC-Search's tables.

Verdicts are cached on disk (SQLite) by the judge spec and everything the judge saw, so re-scoring a
results file costs no model calls. A reply that cannot be parsed, or a failed call, gives a verdict
of `None` that is not cached and counts as unjudged.
"""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from langchain_core.messages import HumanMessage

from prompts import render_prompt

if TYPE_CHECKING:
    from tools.models import ModelSettings

DEFAULT_CACHE_DIR = ".cache/pmsr-judge"
_JSON_OBJECT = re.compile(r"\{.*?\}", re.DOTALL)
_CORRECT_FIELD = re.compile(r'"?correct"?\s*[:=]\s*"?(true|false|yes|no)', re.IGNORECASE)
_JSON_NESTED = re.compile(r"\{(?:[^{}]|\{[^{}]*\})*\}", re.DOTALL)
CHAIN_DIMENSIONS = ("accuracy", "entities", "coherence", "alignment")


@dataclass(frozen=True)
class Verdict:
    correct: bool | None
    reason: str


@dataclass(frozen=True)
class ChainVerdict:
    scores: dict[str, int] | None  # each of CHAIN_DIMENSIONS, 0–5; None when unjudged
    reason: str

    @property
    def mean(self) -> float | None:
        """The mean of the four scores (MC-Search's LJ), or None when unjudged."""
        return None if self.scores is None else sum(self.scores.values()) / len(self.scores)


class Judge:
    """Grades predictions with the chat model `spec` (any spec `tools.models.make_chat_model` knows)."""

    def __init__(
        self, spec: str, cache_dir: str | Path = DEFAULT_CACHE_DIR, settings: ModelSettings | None = None
    ) -> None:
        from tools.models import ModelSettings, make_chat_model  # heavy (torch): only when judging

        self.spec = spec
        self._model = make_chat_model(spec, settings or ModelSettings(temperature=0.0, max_tokens=128))
        Path(cache_dir).mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(Path(cache_dir) / "judge.sqlite", check_same_thread=False)
        self._db.execute(
            "CREATE TABLE IF NOT EXISTS verdicts (key TEXT PRIMARY KEY, correct INTEGER, reason TEXT)"
        )
        self._db.execute("CREATE TABLE IF NOT EXISTS chain_verdicts (key TEXT PRIMARY KEY, scores TEXT)")
        self._lock = threading.Lock()

    def judge(self, question: str, golds: Sequence[str], prediction: str) -> Verdict:
        gold_text = " | ".join(golds)
        if not prediction.strip():
            return Verdict(False, "empty prediction")
        key = self._key(question, gold_text, prediction)
        cached = self._lookup(key)
        if cached is not None:
            return cached
        prompt = render_prompt("judge", question=question, gold_answer=gold_text, model_response=prediction)
        reply, failure = self._ask(prompt)
        if reply is None:
            return Verdict(None, failure)
        verdict = parse_verdict(reply)
        if verdict.correct is not None:
            self._store(key, verdict)
        return verdict

    def judge_chain(
        self, question: str, golds: Sequence[str], prediction: str, gold_chain: str, pred_chain: str
    ) -> ChainVerdict:
        """MC-Search's four scores for a prediction and its chain (chains as numbered lines)."""
        gold_text = " | ".join(golds)
        key = self._key("chain", question, gold_text, prediction, gold_chain, pred_chain)
        with self._lock:
            row = self._db.execute("SELECT scores FROM chain_verdicts WHERE key = ?", (key,)).fetchone()
        if row is not None:
            return ChainVerdict(json.loads(row[0]), "cached")
        prompt = render_prompt(
            "judge_chain", question=question, gold_answer=gold_text, gold_chain=gold_chain or "(none)",
            pred_answer=prediction or "(no answer)", pred_chain=pred_chain or "(no steps)",
        )  # fmt: skip
        reply, failure = self._ask(prompt)
        if reply is None:
            return ChainVerdict(None, failure)
        verdict = parse_chain_scores(reply)
        if verdict.scores is not None:
            with self._lock:
                self._db.execute(
                    "INSERT OR REPLACE INTO chain_verdicts VALUES (?, ?)", (key, json.dumps(verdict.scores))
                )
                self._db.commit()
        return verdict

    def close(self) -> None:
        self._db.close()

    def _ask(self, prompt: str) -> tuple[str | None, str]:
        """(the judge model's reply, "") or (None, why the call failed): a failed call must not stop
        scoring; the item stays unjudged."""
        try:
            return str(self._model.invoke([HumanMessage(content=prompt)]).content), ""
        except Exception as exc:
            return None, f"judge call failed: {type(exc).__name__}: {exc}"

    def _key(self, *parts: str) -> str:
        payload = json.dumps([self.spec, *parts], ensure_ascii=False)
        return hashlib.sha256(payload.encode("utf-8")).hexdigest()

    def _lookup(self, key: str) -> Verdict | None:
        with self._lock:
            row = self._db.execute("SELECT correct, reason FROM verdicts WHERE key = ?", (key,)).fetchone()
        return None if row is None else Verdict(bool(row[0]), row[1])

    def _store(self, key: str, verdict: Verdict) -> None:
        with self._lock:
            self._db.execute(
                "INSERT OR REPLACE INTO verdicts VALUES (?, ?, ?)",
                (key, int(bool(verdict.correct)), verdict.reason),
            )
            self._db.commit()


def parse_verdict(reply: str) -> Verdict:
    """Read `{"correct": bool, "reason": str}` from a reply, tolerating prose or code fences around it."""
    for match in _JSON_OBJECT.finditer(reply):
        try:
            data = json.loads(match.group(0))
        except json.JSONDecodeError:
            continue
        if isinstance(data, dict) and "correct" in data:
            correct = _as_bool(data["correct"])
            if correct is not None:
                return Verdict(correct, str(data.get("reason", "")).strip())
    field_match = _CORRECT_FIELD.search(reply)
    if field_match:
        return Verdict(_as_bool(field_match.group(1)), reply.strip()[:200])
    return Verdict(None, f"unparseable judge reply: {reply.strip()[:200]!r}")


def _as_bool(value: object) -> bool | None:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("true", "yes", "1", "correct"):
        return True
    if text in ("false", "no", "0", "incorrect"):
        return False
    return None


def parse_chain_scores(reply: str) -> ChainVerdict:
    """Read `{"scores": {"accuracy": n, "entities": n, "coherence": n, "alignment": n}}` (integers 0–5,
    clamped) from a reply, tolerating prose or code fences around it; a flat object with the four keys
    is read too."""
    for match in _JSON_NESTED.finditer(reply):
        try:
            data = json.loads(match.group(0))
        except json.JSONDecodeError:
            continue
        scores = data.get("scores", data) if isinstance(data, dict) else None
        if isinstance(scores, dict) and all(isinstance(scores.get(d), int | float) for d in CHAIN_DIMENSIONS):
            return ChainVerdict({d: max(0, min(5, round(scores[d]))) for d in CHAIN_DIMENSIONS}, "")
    return ChainVerdict(None, f"unparseable chain-judge reply: {reply.strip()[:200]!r}")

"""LLM-as-judge (MMSearch-R1 style): a chat model says whether a prediction is correct, and why.

Verdicts are cached on disk (SQLite) by (judge spec, question, gold answers, prediction), so re-scoring
a results file costs no model calls. A reply that cannot be parsed, or a failed call, gives a verdict
of `correct=None` that is not cached and counts as unjudged.
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


@dataclass(frozen=True)
class Verdict:
    correct: bool | None
    reason: str


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
        try:
            reply = self._model.invoke([HumanMessage(content=prompt)])
        except Exception as exc:  # a failed call must not stop scoring; it stays unjudged
            return Verdict(None, f"judge call failed: {type(exc).__name__}: {exc}")
        verdict = parse_verdict(str(reply.content))
        if verdict.correct is not None:
            self._store(key, verdict)
        return verdict

    def close(self) -> None:
        self._db.close()

    def _key(self, question: str, gold_text: str, prediction: str) -> str:
        payload = json.dumps([self.spec, question, gold_text, prediction], ensure_ascii=False)
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

"""A small SQLite cache of web search results and extracted pages.

Web searches are slow, rate-limited and change under our feet; a cache makes reruns (batch resume,
ablations over the same questions) cheap and repeatable. Entries are JSON values stored under a
`(kind, key)` pair, where `kind` is "search" or "page" and `key` is any JSON-serialisable value
(for example `[backend, region, query, max_results]` or a URL). An entry older than `ttl_s` counts as
missing. One connection guarded by a lock serves all threads; WAL journaling lets several processes
(batch shards) share the file.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

from core.errors import ConfigError

_SCHEMA = """
CREATE TABLE IF NOT EXISTS entries (
    kind TEXT NOT NULL,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    stored_at REAL NOT NULL,
    PRIMARY KEY (kind, key)
)
"""


class WebCache:
    """Thread-safe JSON cache in one SQLite file, with a time-to-live and hit/miss counters."""

    def __init__(self, path: str | Path, ttl_s: float = 7 * 24 * 3600.0) -> None:
        self.path = Path(path).expanduser()
        self.ttl_s = float(ttl_s)
        self.hits = 0
        self.misses = 0
        self._lock = threading.Lock()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._conn = sqlite3.connect(self.path, check_same_thread=False, timeout=30.0)
            self._conn.execute("PRAGMA journal_mode=WAL")
            self._conn.execute(_SCHEMA)
            self._conn.commit()
        except (OSError, sqlite3.Error) as exc:
            raise ConfigError(
                f"cannot open the web cache at {self.path}: {exc} — set web_cache_dir to a writable folder"
            ) from exc

    def get(self, kind: str, key: Any) -> Any | None:
        """The cached value, or None when absent or older than the TTL (both count as a miss)."""
        with self._lock:
            row = self._conn.execute(
                "SELECT value, stored_at FROM entries WHERE kind = ? AND key = ?", (kind, _key(key))
            ).fetchone()
            if row is None or time.time() - row[1] > self.ttl_s:
                self.misses += 1
                return None
            self.hits += 1
        return json.loads(row[0])

    def put(self, kind: str, key: Any, value: Any) -> None:
        """Store (or replace) `value`, which must be JSON-serialisable."""
        payload = json.dumps(value, ensure_ascii=False)
        with self._lock:
            self._conn.execute(
                "INSERT OR REPLACE INTO entries (kind, key, value, stored_at) VALUES (?, ?, ?, ?)",
                (kind, _key(key), payload, time.time()),
            )
            self._conn.commit()

    def close(self) -> None:
        with self._lock:
            self._conn.close()


_OPEN: dict[tuple[str, float], WebCache] = {}
_OPEN_LOCK = threading.Lock()


def open_web_cache(directory: str | Path, ttl_s: float) -> WebCache:
    """The process-wide cache in `directory/web.sqlite` (one instance per folder and TTL)."""
    path = Path(directory).expanduser().resolve() / "web.sqlite"
    with _OPEN_LOCK:
        cache = _OPEN.get((str(path), ttl_s))
        if cache is None:
            cache = _OPEN[(str(path), ttl_s)] = WebCache(path, ttl_s)
        return cache


def _key(key: Any) -> str:
    """A canonical text form of a key, so equal keys always hit the same row."""
    return json.dumps(key, ensure_ascii=False, sort_keys=True)

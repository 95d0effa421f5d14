"""The SQLite web cache: round trips, TTL, counters, persistence, threads, WAL."""

from __future__ import annotations

import sqlite3
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from core.errors import ConfigError
from tools.web_cache import WebCache, open_web_cache


def test_round_trip_and_counters(tmp_path: Path) -> None:
    cache = WebCache(tmp_path / "c.sqlite", ttl_s=60)
    assert cache.get("search", ["auto", "wt-wt", "lake bled", 5]) is None
    cache.put("search", ["auto", "wt-wt", "lake bled", 5], [{"url": "https://a.example/", "title": "Ä"}])
    assert cache.get("search", ["auto", "wt-wt", "lake bled", 5]) == [
        {"url": "https://a.example/", "title": "Ä"}
    ]
    assert cache.get("search", ["auto", "wt-wt", "lake bled", 3]) is None  # another max_results
    assert cache.get("page", ["auto", "wt-wt", "lake bled", 5]) is None  # another kind
    assert (cache.hits, cache.misses) == (1, 3)


def test_entries_expire_after_ttl(tmp_path: Path) -> None:
    cache = WebCache(tmp_path / "c.sqlite", ttl_s=0.2)
    cache.put("page", "https://a.example/", {"text": "x"})
    assert cache.get("page", "https://a.example/") == {"text": "x"}
    time.sleep(0.3)
    assert cache.get("page", "https://a.example/") is None
    cache.put("page", "https://a.example/", {"text": "y"})  # replacing renews the entry
    assert cache.get("page", "https://a.example/") == {"text": "y"}


def test_persists_across_instances_and_uses_wal(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "c.sqlite"
    first = WebCache(path)
    first.put("page", "u", {"n": 1})
    first.close()
    assert WebCache(path).get("page", "u") == {"n": 1}
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_many_threads_share_one_cache(tmp_path: Path) -> None:
    cache = WebCache(tmp_path / "c.sqlite")

    def work(i: int) -> object:
        cache.put("page", f"u{i}", {"i": i})
        return cache.get("page", f"u{i}")

    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(work, range(64)))
    assert results == [{"i": i} for i in range(64)]
    assert cache.hits == 64


def test_open_web_cache_shares_one_instance_per_folder(tmp_path: Path) -> None:
    cache = open_web_cache(tmp_path / "w", 60.0)
    assert open_web_cache(str(tmp_path / "w"), 60.0) is cache
    assert cache.path == (tmp_path / "w" / "web.sqlite").resolve()
    assert open_web_cache(tmp_path / "other", 60.0) is not cache


def test_unusable_location_is_a_config_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(ConfigError, match="cannot open the web cache at .*web_cache_dir"):
        WebCache(blocker / "c.sqlite")

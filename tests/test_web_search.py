"""Web search through ddgs: only the `ddgs.DDGS` class is replaced (where tools.web_search looks it up)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from ddgs.exceptions import DDGSException, RatelimitException, TimeoutException

from tests.fake_web import FakeDDGS
from tools.web_cache import WebCache
from tools.web_search import RetryPolicy, WebResult, WebSearchError, normalize_url, search_web

FAST = RetryPolicy(attempts=3, base_delay_s=0.01, max_delay_s=0.02, total_s=5.0)


@pytest.fixture
def ddgs(monkeypatch: pytest.MonkeyPatch) -> type[FakeDDGS]:
    return FakeDDGS.install(monkeypatch)


RAW = [
    {"title": "Lake Bled", "href": "https://en.example.org/wiki/Lake_Bled", "body": "A lake in Slovenia."},
    {"title": "Lake Bled (dup)", "href": "https://EN.example.org/wiki/Lake_Bled/#History", "body": "dup"},
    {"title": "no link", "body": "dropped"},
    {"title": "ftp", "href": "ftp://files.example.org/x", "body": "dropped"},
    {"title": "Bled Castle", "href": "https://castle.example.com/", "body": "A castle."},
    {"title": "Bled", "href": "https://town.example.com/bled?lang=en", "body": "A town."},
]


def test_results_are_parsed_deduplicated_and_capped(ddgs: type[FakeDDGS]) -> None:
    ddgs.script = [RAW]
    results = search_web("  lake   bled ", max_results=2, backend="duckduckgo", region="si-sl", retry=FAST)
    assert results == [
        WebResult("https://en.example.org/wiki/Lake_Bled", "Lake Bled", "A lake in Slovenia."),
        WebResult("https://castle.example.com/", "Bled Castle", "A castle."),
    ]
    assert ddgs.calls == [("lake bled", {"region": "si-sl", "max_results": 2, "backend": "duckduckgo"})]
    assert ddgs.timeouts == [FAST.timeout_s]


def test_normalize_url() -> None:
    assert normalize_url("HTTPS://Example.ORG:443/a/b/#frag") == "https://example.org/a/b"
    assert normalize_url("http://example.org:8080") == "http://example.org:8080/"
    assert normalize_url("http://example.org/p?q=1") != normalize_url("http://example.org/p?q=2")


def test_empty_query_searches_nothing(ddgs: type[FakeDDGS]) -> None:
    assert search_web("   ", retry=FAST) == []
    assert ddgs.calls == []


def test_no_results_is_an_empty_list_not_an_error(ddgs: type[FakeDDGS]) -> None:
    ddgs.script = [DDGSException("No results found.")]
    assert search_web("zzqx nonsense", retry=FAST) == []
    assert len(ddgs.calls) == 1


def test_rate_limit_is_retried_then_succeeds(ddgs: type[FakeDDGS]) -> None:
    ddgs.script = [RatelimitException("202 Ratelimit"), TimeoutException("timed out"), RAW]
    results = search_web("lake bled", retry=FAST)
    assert len(ddgs.calls) == 3
    assert [r.title for r in results] == ["Lake Bled", "Bled Castle", "Bled"]


def test_persistent_rate_limit_raises_one_line_project_error(ddgs: type[FakeDDGS]) -> None:
    ddgs.script = [RatelimitException("202 Ratelimit")]
    started = time.monotonic()
    with pytest.raises(WebSearchError) as err:
        search_web("lake bled", retry=FAST)
    assert len(ddgs.calls) == 3
    assert time.monotonic() - started < 1.0
    message = str(err.value)
    assert "\n" not in message
    assert "failed after 3 attempt(s): RatelimitException: 202 Ratelimit" in message
    assert "search_backend" in message


def test_total_time_bounds_the_retries(ddgs: type[FakeDDGS]) -> None:
    ddgs.script = [TimeoutException("timed out")]
    policy = RetryPolicy(attempts=10, base_delay_s=0.2, max_delay_s=0.2, total_s=0.5)
    started = time.monotonic()
    with pytest.raises(WebSearchError, match="failed after 3 attempt"):
        search_web("lake bled", retry=policy)
    assert time.monotonic() - started < 1.0


def test_backoff_grows_exponentially_up_to_the_cap() -> None:
    policy = RetryPolicy(base_delay_s=1.0, max_delay_s=5.0)
    assert [policy.delay(i) for i in range(5)] == [1.0, 2.0, 4.0, 5.0, 5.0]


def test_cache_hit_skips_the_search_and_refresh_bypasses_it(ddgs: type[FakeDDGS], tmp_path: Path) -> None:
    cache = WebCache(tmp_path / "c.sqlite", ttl_s=60)
    ddgs.script = [RAW]
    first = search_web("lake bled", cache=cache, retry=FAST)
    assert search_web("lake bled", cache=cache, retry=FAST) == first
    assert len(ddgs.calls) == 1
    search_web("lake bled", cache=cache, region="de-de", retry=FAST)  # another key: searched
    assert len(ddgs.calls) == 2
    search_web("lake bled", cache=cache, refresh=True, retry=FAST)
    assert len(ddgs.calls) == 3


def test_failed_search_is_not_cached(ddgs: type[FakeDDGS], tmp_path: Path) -> None:
    cache = WebCache(tmp_path / "c.sqlite", ttl_s=60)
    ddgs.script = [RatelimitException("202 Ratelimit")]
    with pytest.raises(WebSearchError):
        search_web("lake bled", cache=cache, retry=RetryPolicy(attempts=1))
    ddgs.script = [RAW]
    assert len(search_web("lake bled", cache=cache, retry=FAST)) == 3

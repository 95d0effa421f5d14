"""Web text search through `ddgs` (DuckDuckGo and other engines), with retries and a cache.

`ddgs` raises `RatelimitException` / `TimeoutException` (both `DDGSException`) when an engine pushes
back; those are retried with exponential backoff inside a bounded number of attempts and a bounded
total time, then surface as `WebSearchError` (a `PMSRError`), which the web node records in the run's
`errors` while the run goes on with what it has.
"""

from __future__ import annotations

import logging
import time
from dataclasses import asdict, dataclass
from urllib.parse import urlsplit, urlunsplit

from ddgs import DDGS
from ddgs.exceptions import DDGSException

from core.errors import PMSRError
from tools.web_cache import WebCache

log = logging.getLogger(__name__)

# ddgs raises DDGSException with exactly this text when every engine answered but found nothing.
_NO_RESULTS = "No results found."


class WebSearchError(PMSRError):
    """A web search that failed after its retries (rate limit, timeout, engine error)."""


@dataclass(frozen=True)
class WebResult:
    url: str
    title: str
    snippet: str


@dataclass(frozen=True)
class RetryPolicy:
    """Exponential backoff: wait base, 2·base, 4·base … (each at most max_delay_s), within total_s."""

    attempts: int = 3
    base_delay_s: float = 1.0
    max_delay_s: float = 8.0
    total_s: float = 30.0
    timeout_s: int = 10  # per ddgs call

    def delay(self, attempt: int) -> float:
        """Seconds to wait after failed attempt number `attempt` (0-based)."""
        return min(self.base_delay_s * 2**attempt, self.max_delay_s)


def search_web(
    query: str,
    *,
    max_results: int = 5,
    backend: str = "auto",
    region: str = "wt-wt",
    cache: WebCache | None = None,
    refresh: bool = False,
    retry: RetryPolicy = RetryPolicy(),
) -> list[WebResult]:
    """Up to `max_results` results for `query`, best first, de-duplicated by normalised URL.

    With a `cache`, a fresh cached answer is returned without searching (unless `refresh`), and
    every successful search is stored. Raises `WebSearchError` once the retries are spent.
    """
    query = " ".join(query.split())
    if not query:
        return []
    key = [backend, region, query, max_results]
    if cache is not None and not refresh:
        cached = cache.get("search", key)
        if cached is not None:
            return [WebResult(**item) for item in cached]
    results = _dedupe(_parse(_search_with_retries(query, max_results, backend, region, retry)))[:max_results]
    if cache is not None:
        cache.put("search", key, [asdict(r) for r in results])
    return results


def normalize_url(url: str) -> str:
    """A canonical form for de-duplication: lower-case scheme/host, no fragment, no trailing slash."""
    parts = urlsplit(url.strip())
    host = (parts.hostname or "").lower()
    if parts.port and (parts.scheme, parts.port) not in (("http", 80), ("https", 443)):
        host = f"{host}:{parts.port}"
    path = parts.path.rstrip("/") or "/"
    return urlunsplit((parts.scheme.lower(), host, path, parts.query, ""))


def _search_with_retries(
    query: str, max_results: int, backend: str, region: str, retry: RetryPolicy
) -> list[dict]:
    started = time.monotonic()
    last: DDGSException | None = None
    for attempt in range(max(1, retry.attempts)):
        try:
            return DDGS(timeout=retry.timeout_s).text(
                query, region=region, max_results=max_results, backend=backend
            )
        except DDGSException as exc:
            if str(exc) == _NO_RESULTS:
                return []
            last = exc
            wait = retry.delay(attempt)
            final = attempt + 1 >= retry.attempts or time.monotonic() - started + wait > retry.total_s
            log.info(
                "web search %r failed (%s: %s)%s",
                query,
                type(exc).__name__,
                exc,
                "" if final else ", retrying",
            )
            if final:
                break
            time.sleep(wait)
    raise WebSearchError(
        f"web search for {query[:80]!r} failed after {attempt + 1} attempt(s): {type(last).__name__}: {last}"
        " — wait and retry, try another search_backend, or run without --web"
    )


def _parse(raw: list[dict]) -> list[WebResult]:
    results = []
    for item in raw:
        url = str(item.get("href") or item.get("url") or "").strip()
        if url.startswith(("http://", "https://")):
            results.append(WebResult(url, str(item.get("title") or ""), str(item.get("body") or "")))
    return results


def _dedupe(results: list[WebResult]) -> list[WebResult]:
    seen: set[str] = set()
    unique = []
    for result in results:
        key = normalize_url(result.url)
        if key not in seen:
            seen.add(key)
            unique.append(result)
    return unique

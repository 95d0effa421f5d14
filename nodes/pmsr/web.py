"""The web-equipped PMSR variant (paper Appendix C) as plain functions the graph's nodes call.

- `web_text_search`: one query → (condensed when long) → ddgs web search → fetch the top pages
  concurrently → extract main text → query-conditioned summary per page → `Candidate`s with source
  "web". Used at iterations t ≥ 1 in place of the text KB.
- `lens_bootstrap`: iteration 0 — a Lens-style image lookup → fetch and summarise the pages it
  points to (the hit's own snippet when there is no page, the page fails or its summary finds
  nothing relevant) → `Candidate`s with source "lens", from which the first reasoning record is
  written.
Both are synchronous (they block on the network): call them from sync graph nodes.
Both return `(candidates, errors)` and never raise for web trouble: a failed search, page, summary
or lookup becomes one line in `errors` and the run continues with what it has.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor

import httpx
from langchain_core.language_models import BaseChatModel

from core.context import Context
from core.errors import PMSRError
from core.types import Candidate, Source, TextEmbedder
from nodes.common import chat_model, text_embedder
from nodes.pmsr.summarize import condense_query, summarize_pages
from tools.fetch import USER_AGENT, Page, fetch_page
from tools.image_lookup import LensHit, LocalImageLookup, make_image_lookup
from tools.images import LoadedImage
from tools.retrieval import SearchableKB
from tools.web_cache import WebCache, open_web_cache
from tools.web_search import RetryPolicy, normalize_url, search_web

log = logging.getLogger(__name__)

Operators = tuple[BaseChatModel | None, TextEmbedder | None]


def web_text_search(
    query: str, question: str, context: Context, *, retry: RetryPolicy | None = None
) -> tuple[list[Candidate], list[str]]:
    """Web evidence for one query: candidates (best first, score 1/rank) and the errors met on the way.

    Rate limits and timeouts are retried per `retry` (default: `context.search_retries` attempts
    starting at `context.search_retry_s`).
    """
    errors: list[str] = []
    operators = _operators(context, errors)
    if operators is None:
        return [], errors
    search_query = _condensed(query, question, context, operators[0], errors)
    cache = _cache(context, errors)
    try:
        results = search_web(
            search_query,
            max_results=context.search_max_results,
            backend=context.search_backend,
            region=context.search_region,
            cache=cache,
            refresh=context.web_refresh,
            retry=retry or RetryPolicy(attempts=context.search_retries, base_delay_s=context.search_retry_s),
        )
    except PMSRError as exc:
        errors.append(f"web search: {exc}")
        return [], errors
    pages = fetch_pages([r.url for r in results], context, errors, cache)
    fetched = [(rank, r, p) for rank, (r, p) in enumerate(zip(results, pages, strict=True)) if p is not None]
    summaries = _summaries([p for _, _, p in fetched], question, search_query, context, operators, errors)
    candidates = [
        _candidate(
            "web", normalize_url(result.url), page.title or result.title, summary, page.final_url, rank
        )
        for (rank, result, page), summary in zip(fetched, summaries, strict=True)
        if summary
    ]
    return candidates, errors


def lens_bootstrap(
    image: LoadedImage, question: str, context: Context, kb: SearchableKB | None
) -> tuple[list[Candidate], list[str]]:
    """Iteration 0 of the web variant: what a Lens-style lookup of `image` says, as "lens" candidates.

    `context.search_max_results` hits are looked up. A provider that fails (no key, no public
    image URL, service down) is recorded and replaced by the local KB lookup when a KB is given.
    """
    errors: list[str] = []
    hits = _lens_hits(image, context, kb, errors)
    with_url = [h for h in hits if h.url]
    page_by_url: dict[str, Page] = {}
    summary_by_url: dict[str, str] = {}
    if with_url:
        operators = _operators(context, errors)
        pages = fetch_pages([h.url or "" for h in with_url], context, errors, _cache(context, errors))
        page_by_url = {h.url or "": p for h, p in zip(with_url, pages, strict=True) if p is not None}
        if operators is not None:
            fetched = list(page_by_url.values())
            summaries = _summaries(fetched, question, question, context, operators, errors)
            summary_by_url = {p.url: s for p, s in zip(fetched, summaries, strict=True)}
    candidates = []
    for rank, hit in enumerate(hits):
        page = page_by_url.get(hit.url or "")
        text = summary_by_url.get(hit.url or "") or hit.snippet or hit.title
        title = (page.title if page else "") or hit.title
        ref = normalize_url(hit.url) if hit.url else hit.title
        url = page.final_url if page else hit.url
        candidates.append(
            _candidate("lens", ref, title, text, url, rank, hit.score, image_path=_local_path(hit.thumbnail))
        )
    return candidates, errors


def fetch_pages(
    urls: Sequence[str], context: Context, errors: list[str], cache: WebCache | None = None
) -> list[Page | None]:
    """The pages at `urls` (None where fetching failed), at most `context.fetch_concurrency` at once."""
    if not urls:
        return []
    with (
        httpx.Client(headers={"User-Agent": USER_AGENT}) as client,
        ThreadPoolExecutor(max_workers=max(1, min(context.fetch_concurrency, len(urls)))) as pool,
    ):
        futures = [
            pool.submit(
                fetch_page,
                url,
                allow_private=context.allow_private_urls,
                cache=cache,
                refresh=context.web_refresh,
                client=client,
            )
            for url in urls
        ]
        return [_page_or_none(url, future, errors) for url, future in zip(urls, futures, strict=True)]


def _page_or_none(url: str, future: Future[Page], errors: list[str]) -> Page | None:
    try:
        return future.result()
    except PMSRError as exc:
        errors.append(f"fetch: {exc}")
    except Exception as exc:  # an extractor bug on one hostile page must not end the run
        log.warning("fetching %s failed unexpectedly", url, exc_info=True)
        errors.append(f"fetch: {url[:200]}: {type(exc).__name__}: {exc}")
    return None


def _lens_hits(
    image: LoadedImage, context: Context, kb: SearchableKB | None, errors: list[str]
) -> list[LensHit]:
    k = context.search_max_results
    try:
        return make_image_lookup(context.lens_provider, kb).lookup(image, k)
    except PMSRError as exc:
        errors.append(f"lens ({context.lens_provider}): {exc}")
    if context.lens_provider == "local" or kb is None:
        return []
    try:
        return LocalImageLookup(kb).lookup(image, k)
    except PMSRError as exc:
        errors.append(f"lens (local fallback): {exc}")
        return []


def _operators(context: Context, errors: list[str]) -> Operators | None:
    """(chat model, None) for the generative profile, (None, text embedder) for the extractive one."""
    try:
        if context.generative:
            return chat_model(context), None
        return None, text_embedder(context)
    except PMSRError as exc:
        errors.append(f"web summaries: {exc}")
        return None


def _condensed(
    query: str, question: str, context: Context, model: BaseChatModel | None, errors: list[str]
) -> str:
    try:
        condensed = condense_query(query, model, context.condense_threshold, question=question)
    except Exception as exc:  # the model failed: keywords need no model
        errors.append(f"condense query: {type(exc).__name__}: {exc}")
        condensed = condense_query(query, None, context.condense_threshold, question=question)
    if condensed != " ".join(query.split()):
        log.info("web query condensed to %r", condensed)
    return condensed


def _summaries(
    pages: list[Page], question: str, query: str, context: Context, operators: Operators, errors: list[str]
) -> list[str]:
    model, embedder = operators
    try:
        return summarize_pages(
            pages,
            question,
            query,
            model=model,
            embedder=embedder,
            concurrency=context.fetch_concurrency,
            errors=errors,
        )
    except PMSRError as exc:
        errors.append(f"web summaries: {exc}")
        return ["" for _ in pages]


def _cache(context: Context, errors: list[str]) -> WebCache | None:
    """The shared web cache, or None when `web_cache_dir` is empty (caching off) or unusable."""
    if not context.web_cache_dir:
        return None
    try:
        return open_web_cache(context.web_cache_dir, context.web_cache_ttl_s)
    except PMSRError as exc:
        errors.append(f"web cache off: {exc}")
        return None


def _candidate(
    source: Source,
    ref: str,
    title: str,
    text: str,
    url: str | None,
    rank: int,
    score: float | None = None,
    *,
    image_path: str | None = None,
) -> Candidate:
    """A candidate scored by `score` when the provider gave one, else by reciprocal rank."""
    return Candidate(
        id=f"{source}:{ref}",
        score=float(score) if score is not None else 1.0 / (rank + 1),
        source=source,
        title=title,
        text=text,
        image_path=image_path,
        url=url,
    )


def _local_path(thumbnail: str | None) -> str | None:
    """A KB image path (local lookup) is kept as the candidate's image; remote thumbnails are not."""
    if thumbnail and not thumbnail.startswith(("http://", "https://", "data:")):
        return thumbnail
    return None

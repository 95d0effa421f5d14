"""`web_text_search` end to end: fake DDGS class → real local pages → extraction → summaries → candidates."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from ddgs.exceptions import RatelimitException

from core.context import Context
from nodes.pmsr.web import web_text_search
from tests.fake_web import ARTICLES, FakeDDGS, FakeWeb
from tests.graph_kit import TEST_MODEL, TEST_TEXT_EMBEDDER, install_scripted_model, register_test_backends
from tools.web_search import RetryPolicy

QUESTION = "When did this aircraft first fly?"
FAST = RetryPolicy(attempts=3, base_delay_s=0.01, max_delay_s=0.02, total_s=5.0)


@pytest.fixture(scope="module")
def web() -> Iterator[FakeWeb]:
    with FakeWeb() as server:
        yield server


def results(web: FakeWeb, *paths: str) -> list[dict[str, str]]:
    return [{"title": f"result {p}", "href": web.url(p), "body": f"snippet {p}"} for p in paths]


def web_context(tmp_path: Path, **overrides: object) -> Context:
    values = {
        "model": TEST_MODEL,
        "operators": "generative",
        "text_embedder": TEST_TEXT_EMBEDDER,
        "allow_private_urls": True,
        "web_cache_dir": str(tmp_path / "cache"),
        "search_max_results": 5,
        **overrides,
    }
    return Context(**values)  # type: ignore[arg-type]


def summary_script(kind: str, prompt: str, count: int) -> str:
    """Quotes the sentence with a year; NONE for pages without one (the cat page)."""
    text = prompt.split('"""')[1]
    dated = [s for s in text.replace("\n", " ").split(". ") if any(ch.isdigit() for ch in s)]
    return f"From the page: {dated[0].strip()}." if dated else "NONE"


@pytest.fixture
def model():
    return install_scripted_model(summary_script)


def test_pages_are_fetched_summarised_and_become_web_candidates(
    web: FakeWeb, model, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    paths = ("/redirect/concorde", "/doc.pdf", "/article/cats", "/empty", "/article/bled")
    ddgs = FakeDDGS.install(monkeypatch, [results(web, *paths)])
    candidates, errors = web_text_search("Concorde first flight", QUESTION, web_context(tmp_path), retry=FAST)

    assert ddgs.calls == [("Concorde first flight", {"region": "wt-wt", "max_results": 5, "backend": "auto"})]
    assert [c["id"] for c in candidates] == [
        "web:" + web.url("/redirect/concorde"),
        "web:" + web.url("/article/bled"),
    ]
    concorde, bled = candidates
    assert concorde["source"] == "web"
    assert concorde["title"] == "Concorde"
    assert concorde["url"] == web.url("/article/concorde")  # where the redirect landed
    assert "first flight from Toulouse on 2 March 1969" in concorde["text"]
    assert concorde["text"].startswith("From the page: ")
    assert bled["text"].startswith("From the page: ") and "2,120 metres" in bled["text"]
    assert (concorde["score"], bled["score"]) == (1.0, 1 / 5)  # reciprocal search rank
    assert errors == [
        f"fetch: {web.url('/doc.pdf')}: not HTML (application/pdf)",
        f"fetch: {web.url('/empty')}: no readable text in the page (trafilatura extracted nothing)",
    ]
    summarised = [p for _, p in model.prompts]
    assert len(summarised) == 3  # concorde, cats (→ NONE, dropped), bled
    assert all(
        f"Question: {QUESTION}" in p and "Search query that found the page: Concorde first flight" in p
        for p in summarised
    )


def test_rerun_hits_the_cache_and_refresh_bypasses_it(
    web: FakeWeb, model, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ddgs = FakeDDGS.install(monkeypatch, [results(web, "/article/bled", "/article/concorde")])
    context = web_context(tmp_path)
    first, _ = web_text_search("Lake Bled", QUESTION, context, retry=FAST)
    hits = dict(web.hits)
    again, errors = web_text_search("Lake Bled", QUESTION, context, retry=FAST)
    assert again == first and errors == []
    assert len(ddgs.calls) == 1  # the search came from the cache
    assert dict(web.hits) == hits  # and so did every page
    web_text_search("Lake Bled", QUESTION, web_context(tmp_path, web_refresh=True), retry=FAST)
    assert len(ddgs.calls) == 2
    assert web.hits["/article/bled"] == hits["/article/bled"] + 1


def test_persistent_rate_limit_finishes_with_the_error_recorded(
    model, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ddgs = FakeDDGS.install(monkeypatch, [RatelimitException("202 Ratelimit")])
    started = time.monotonic()
    candidates, errors = web_text_search("Lake Bled", QUESTION, web_context(tmp_path), retry=FAST)
    assert candidates == []
    assert len(ddgs.calls) == FAST.attempts
    assert len(errors) == 1
    assert errors[0].startswith(
        "web search: web search for 'Lake Bled' failed after 3 attempt(s): RatelimitException"
    )
    assert time.monotonic() - started < 2.0


def test_private_addresses_are_refused_unless_allowed(
    web: FakeWeb, model, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    FakeDDGS.install(monkeypatch, [results(web, "/article/bled", "/article/concorde")])
    before = dict(web.hits)
    candidates, errors = web_text_search(
        "Lake Bled", QUESTION, web_context(tmp_path, allow_private_urls=False), retry=FAST
    )
    assert candidates == []
    assert len(errors) == 2 and all("refused loopback address 127.0.0.1" in e for e in errors)
    assert dict(web.hits) == before  # nothing was requested
    allowed, _ = web_text_search(
        "Lake Bled", QUESTION, web_context(tmp_path, allow_private_urls=True), retry=FAST
    )
    assert len(allowed) == 2


def test_long_record_query_is_condensed_before_searching(
    web: FakeWeb, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def script(kind: str, prompt: str, count: int) -> str:
        return "Concorde first flight date" if "Request:" in prompt else summary_script(kind, prompt, count)

    model = install_scripted_model(script)
    ddgs = FakeDDGS.install(monkeypatch, [results(web, "/article/concorde")])
    record = (
        " ".join(ARTICLES["concorde"][1]) + " The aircraft in the image has a drooping nose and delta wings."
    )
    long_query = f"{QUESTION} {record}"
    assert len(long_query) > 400
    candidates, errors = web_text_search(long_query, QUESTION, web_context(tmp_path), retry=FAST)
    assert ddgs.calls[0][0] == "Concorde first flight date"
    assert errors == [] and len(candidates) == 1
    condense_prompt = model.prompts[0][1]
    assert "drooping nose" in condense_prompt and "Reply with the query only" in condense_prompt
    assert "Search query that found the page: Concorde first flight date" in model.prompts[1][1]


def test_extractive_profile_needs_no_generation(
    web: FakeWeb, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    register_test_backends()
    model = install_scripted_model(summary_script)
    ddgs = FakeDDGS.install(monkeypatch, [results(web, "/article/concorde", "/article/cats")])
    long_query = QUESTION + " " + " ".join(ARTICLES["concorde"][1])
    context = web_context(tmp_path, operators="extractive")
    candidates, errors = web_text_search(long_query, QUESTION, context, retry=FAST)
    assert model.prompts == []
    searched = ddgs.calls[0][0]
    assert searched.startswith("aircraft first fly Concorde") and len(searched) <= context.condense_threshold
    assert errors == [] and len(candidates) == 2
    assert "2 March 1969" in candidates[0]["text"]
    assert candidates[1]["text"] == " ".join(ARTICLES["cats"][1])  # the page's own sentences, no heading

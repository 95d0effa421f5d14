"""Query-conditioned page summaries and query condensation, generative and extractive."""

from __future__ import annotations

import threading
import time

import pytest

from core.errors import ConfigError
from nodes.pmsr.summarize import (
    condense_query,
    extractive_summaries,
    keyword_query,
    summarize_pages,
    truncate,
)
from tests.fake_web import ARTICLES
from tests.graph_kit import HashTextEmbedder, ScriptedChatModel
from tools.fetch import Page

QUESTION = "In which country is this lake?"


def page(name: str) -> Page:
    title, paragraphs = ARTICLES[name]
    url = f"https://pages.example/{name}"
    return Page(url=url, final_url=url, title=title, text="\n".join(paragraphs))


def page_summary_script(kind: str, prompt: str, count: int) -> str:
    """Summarises by quoting the page's first sentence; calls the cat page irrelevant."""
    text = prompt.split('"""')[1].strip()
    return "NONE" if "Cats need" in text else f"<think>hmm</think>Summary: {text.splitlines()[0]}"


def test_generative_summaries_follow_page_order_and_skip_irrelevant_pages() -> None:
    model = ScriptedChatModel(script=page_summary_script)
    pages = [page("bled"), page("cats"), page("concorde")]
    summaries = summarize_pages(pages, QUESTION, "Lake Bled country", model=model, concurrency=2)
    assert summaries[0] == "Summary: " + ARTICLES["bled"][1][0]
    assert summaries[1] == ""
    assert summaries[2] == "Summary: " + ARTICLES["concorde"][1][0]
    prompts = [text for _, text in model.prompts]
    assert len(prompts) == 3
    bled_prompt = next(p for p in prompts if "Lake Bled – Travel" in p)
    assert f"Question: {QUESTION}" in bled_prompt
    assert "Search query that found the page: Lake Bled country" in bled_prompt
    assert "Page address: https://pages.example/bled" in bled_prompt


def test_page_text_is_truncated_to_the_budget() -> None:
    model = ScriptedChatModel(script=lambda kind, prompt, count: "ok")
    long_page = Page("https://x.example/", "https://x.example/", "Long", "word " * 5000)
    summarize_pages([long_page], QUESTION, "q", model=model, max_chars=300)
    shown = model.prompts[0][1].split('"""')[1].strip()
    assert len(shown) <= 302 and shown.endswith("…")


def test_concurrency_is_bounded() -> None:
    lock, active, peak = threading.Lock(), [0], [0]

    def slow(kind: str, prompt: str, count: int) -> str:
        with lock:
            active[0] += 1
            peak[0] = max(peak[0], active[0])
        time.sleep(0.05)
        with lock:
            active[0] -= 1
        return "fact"

    pages = [Page(f"https://x.example/{i}", f"https://x.example/{i}", "t", "text") for i in range(8)]
    summaries = summarize_pages(pages, QUESTION, "q", model=ScriptedChatModel(script=slow), concurrency=3)
    assert summaries == ["fact"] * 8
    assert peak[0] == 3  # really in parallel, never more than the bound


def test_a_failing_page_becomes_an_error_not_an_exception() -> None:
    def flaky(kind: str, prompt: str, count: int) -> str:
        if "Concorde" in prompt:
            raise RuntimeError("model server went away")
        return "fine"

    errors: list[str] = []
    summaries = summarize_pages(
        [page("bled"), page("concorde")], QUESTION, "q", model=ScriptedChatModel(script=flaky), errors=errors
    )
    assert summaries == ["fine", ""]
    assert errors == ["summarize https://pages.example/concorde: RuntimeError: model server went away"]


def test_extractive_summary_picks_the_sentences_closest_to_the_query() -> None:
    concorde = " ".join(ARTICLES["concorde"][1])
    [summary] = extractive_summaries(
        [concorde], "first flight from Toulouse", HashTextEmbedder(), n_sentences=1
    )
    assert summary == "The prototype Concorde 001 made its first flight from Toulouse on 2 March 1969."


def test_extractive_summaries_in_one_batch_keep_page_order() -> None:
    embedder = HashTextEmbedder()
    summaries = summarize_pages(
        [page("bled"), page("concorde")],
        "When was the castle above this lake built?",
        "Bled Castle",
        embedder=embedder,
    )
    assert len(embedder.calls) == 1  # one batched embedding call for every page
    bled = ARTICLES["bled"][1]
    kept = [s for s in bled if s in summaries[0]]
    assert len(kept) == 4 and bled[3] in kept  # 4 of the 5 sentences, the castle one among them
    assert summaries[0] == " ".join(kept)  # in page order
    assert summaries[1] == " ".join(ARTICLES["concorde"][1])  # a 4-sentence page is kept whole


def test_summaries_need_a_model_or_an_embedder() -> None:
    with pytest.raises(ConfigError):
        summarize_pages([page("bled")], QUESTION, "q")
    assert summarize_pages([], QUESTION, "q") == []


RECORD = (
    "The image shows Lake Bled, a glacial lake in the Julian Alps. Lake Bled has a small island with the "
    "Church of the Assumption of Mary, built in 1534. The town of Bled lies on its shore. According to the "
    "notes, Lake Bled is in Upper Carniola, a region of the country. The lake is 2,120 m long and the water "
    "is green in summer; rowing races are held there. Bled Castle overlooks Lake Bled from a cliff."
)
LONG_QUERY = f"{QUESTION} {RECORD}"


def test_short_queries_pass_through_unchanged() -> None:
    model = ScriptedChatModel(script=lambda kind, prompt, count: "should not be called")
    assert condense_query("  Lake Bled   country ", model, 400) == "Lake Bled country"
    assert model.prompts == []


def test_long_query_is_condensed_by_the_model() -> None:
    model = ScriptedChatModel(script=lambda kind, prompt, count: 'Query: "Lake Bled country"\nextra line')
    assert len(LONG_QUERY) > 400
    assert condense_query(LONG_QUERY, model, 400, question=QUESTION) == "Lake Bled country"
    assert "Church of the Assumption of Mary" in model.prompts[0][1]


def test_unusable_model_reply_falls_back_to_keywords() -> None:
    model = ScriptedChatModel(script=lambda kind, prompt, count: "x" * 500)
    condensed = condense_query(LONG_QUERY, model, 400, question=QUESTION)
    assert condensed == keyword_query(LONG_QUERY, question=QUESTION)


def test_extractive_condensation_keeps_intent_and_entities() -> None:
    condensed = condense_query(LONG_QUERY, None, 400, question=QUESTION)
    assert condensed.startswith("country lake Lake Bled")
    for entity in ("Julian Alps", "Church of the Assumption of Mary", "1534", "Upper Carniola"):
        assert entity in condensed
    assert "According" not in condensed and "The image" not in condensed
    assert len(condensed) < len(LONG_QUERY) / 3
    assert condense_query(LONG_QUERY, None, 40, question=QUESTION) == "country lake Lake Bled Julian Alps"


def test_keyword_query_caps_terms_and_ranks_frequent_entities_first() -> None:
    text = "Zeta River flows through Syldavia. The Zeta River ends in the Northern Sea. Omega Canal is near."
    assert keyword_query(text, max_terms=2) == "Zeta River Syldavia"
    assert keyword_query(text) == "Zeta River Syldavia Northern Sea Omega Canal"


def test_truncate_cuts_at_word_boundary() -> None:
    assert truncate("alpha beta gamma", 100) == "alpha beta gamma"
    assert truncate("alpha beta gamma", 12) == "alpha beta …"

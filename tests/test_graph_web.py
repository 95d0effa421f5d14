"""The web-equipped variant inside the graph: one flag swaps the tool nodes, nothing else.

A real local page server plays the web and only the `ddgs.DDGS` class is patched; the KB is the
tiny world (real Chroma) with deterministic embedders, the operators run extractively.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from ddgs.exceptions import RatelimitException

from core.context import Context
from core.errors import ConfigError
from graphs.pmsr import build_graph, graph, web_graph
from tests.fake_web import FakeDDGS, FakeWeb
from tests.graph_kit import QUESTION, TEST_IMAGE_EMBEDDER, TEST_TEXT_EMBEDDER, build_tiny_kb


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> SimpleNamespace:
    return build_tiny_kb(tmp_path_factory.mktemp("webworld"))


@pytest.fixture(scope="module")
def web() -> Iterator[FakeWeb]:
    with FakeWeb() as server:
        yield server


def web_context(world: SimpleNamespace, cache: Path, **overrides: Any) -> Context:
    settings: dict[str, Any] = {
        "text_embedder": TEST_TEXT_EMBEDDER,
        "image_embedder": TEST_IMAGE_EMBEDDER,
        "kb_dir": world.kb_dir,
        "operators": "extractive",
        "k_text": 4,
        "k_image": 2,
        "max_iter": 1,
        "web": True,
        "allow_private_urls": True,  # the page server is on 127.0.0.1
        "web_cache_dir": str(cache),
        "search_retries": 2,
        "search_retry_s": 0.01,
    }
    return Context(**(settings | overrides))


def results(web: FakeWeb, *paths: str) -> list[dict[str, str]]:
    return [{"title": f"result {p}", "href": web.url(p), "body": f"snippet {p}"} for p in paths]


def sources(step: dict) -> set[str]:
    return {c["source"] for c in step["candidates"]}


def test_web_variant_differs_only_in_tool_nodes() -> None:
    kb_nodes = set(build_graph(web=False).get_graph().nodes)
    web_nodes = set(web_graph.get_graph().nodes)
    assert web_nodes - kb_nodes == {"web_search", "lens"}
    assert kb_nodes - web_nodes == set()
    assert set(graph.get_graph().nodes) == web_nodes  # the default graph picks per run from context.web


def test_kb_only_graph_refuses_the_web_flag(world: SimpleNamespace, tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no web tools"):
        build_graph(web=False).invoke(
            {"question": QUESTION, "image": world.image}, context=web_context(world, tmp_path)
        )


def test_web_run_bootstraps_from_lens_then_searches_the_web(
    world: SimpleNamespace, web: FakeWeb, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ddgs = FakeDDGS.install(monkeypatch, [results(web, "/article/bled", "/doc.pdf")])
    out = graph.invoke({"question": QUESTION, "image": world.image}, context=web_context(world, tmp_path))

    step0, step1 = out["trajectory"]
    assert sources(step0) == {"lens"}  # iteration 0: the Lens-style lookup only
    assert step0["candidates"][0]["title"] == "Lake Alpha"  # the red pair is the red image's neighbour
    assert sources(step1) == {"web", "pairs"}  # text KB replaced by the web; pairs stay local
    web_hits = [c for c in step1["candidates"] if c["source"] == "web"]
    assert {c["url"] for c in web_hits} == {web.url("/article/bled")}
    assert "Julian Alps" in web_hits[0]["text"]  # extracted and summarised page text
    assert "Julian Alps" in step1["record"]  # the summary reached the record
    assert len(ddgs.calls) == 2  # record-level and trajectory-level queries
    assert any("not HTML (application/pdf)" in e for e in out["errors"])
    assert out["answer"]


def test_a_text_only_question_searches_the_web_from_its_first_step(
    world: SimpleNamespace, web: FakeWeb, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ddgs = FakeDDGS.install(monkeypatch, [results(web, "/article/bled")])
    question = "Which lake lies below the Julian Alps?"  # no image: nothing for a Lens-style lookup
    out = graph.invoke({"question": question}, context=web_context(world, tmp_path))
    step0 = out["trajectory"][0]
    assert sources(step0) == {"web", "pairs"}  # the web in the text KB's place, as at later steps
    assert all(c["image_score"] == 0.0 for c in step0["candidates"] if c["source"] == "pairs")
    assert ddgs.calls and question in ddgs.calls[0][0]
    assert out["answer"] and out["description"] == ""


def test_rerun_hits_the_cache(
    world: SimpleNamespace, web: FakeWeb, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ddgs = FakeDDGS.install(monkeypatch, [results(web, "/article/concorde")])
    inputs = {"question": QUESTION, "image": world.image}
    first = graph.invoke(inputs, context=web_context(world, tmp_path))
    calls, page_hits = len(ddgs.calls), web.hits["/article/concorde"]
    second = graph.invoke(inputs, context=web_context(world, tmp_path))
    assert len(ddgs.calls) == calls and web.hits["/article/concorde"] == page_hits
    assert second["trajectory"][1]["candidates"] == first["trajectory"][1]["candidates"]
    graph.invoke(inputs, context=web_context(world, tmp_path, web_refresh=True))
    assert len(ddgs.calls) > calls and web.hits["/article/concorde"] > page_hits


def test_rate_limited_search_finishes_the_run_with_the_error_recorded(
    world: SimpleNamespace, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    FakeDDGS.install(monkeypatch, [RatelimitException("202 Ratelimit")])
    out = graph.invoke({"question": QUESTION, "image": world.image}, context=web_context(world, tmp_path))
    assert out["answer"]
    assert sources(out["trajectory"][1]) == {"pairs", "text"}  # it went on with the local KBs
    assert any(e.startswith("web search:") and "Ratelimit" in e for e in out["errors"])
    assert any("used the text KB instead" in e for e in out["errors"])

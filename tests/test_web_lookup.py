"""Lens-style image lookup: the local KB provider, the SerpAPI provider (against a local fake of its
endpoint) and the iteration-0 `lens_bootstrap` node function built on them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from core.context import Context
from core.errors import BackendUnavailable, ConfigError
from kb.build import build_kb
from kb.store import KnowledgeBase, open_kb
from nodes.pmsr.web import lens_bootstrap
from tests.fake_web import LENS_KEY, FakeWeb
from tests.graph_kit import (
    TEST_IMAGE_EMBEDDER,
    TEST_MODEL,
    TEST_TEXT_EMBEDDER,
    install_scripted_model,
    register_test_backends,
    write_tiny_world,
)
from tools.image_lookup import (
    LensHit,
    LocalImageLookup,
    SerpApiLensLookup,
    make_image_lookup,
    parse_lens_response,
)
from tools.images import LoadedImage, load_image


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> tuple[KnowledgeBase, LoadedImage]:
    folder = tmp_path_factory.mktemp("lens-world")
    passages, pairs, query_image = write_tiny_world(folder)
    register_test_backends()
    build_kb(
        str(folder / "kb"),
        [passages],
        [pairs],
        text_embedder=TEST_TEXT_EMBEDDER,
        image_embedder=TEST_IMAGE_EMBEDDER,
        progress=False,
    )
    kb = open_kb(str(folder / "kb"), text_embedder=TEST_TEXT_EMBEDDER, image_embedder=TEST_IMAGE_EMBEDDER)
    return kb, load_image(query_image)


@pytest.fixture(scope="module")
def web() -> Iterator[FakeWeb]:
    with FakeWeb() as server:
        yield server


@pytest.fixture
def serpapi(web: FakeWeb, monkeypatch: pytest.MonkeyPatch) -> FakeWeb:
    """SerpAPI configured against the fake endpoint, with a public base URL for local images."""
    monkeypatch.setenv("SERPAPI_API_KEY", LENS_KEY)
    monkeypatch.setenv("SERPAPI_BASE_URL", web.url("/lens/search.json"))
    monkeypatch.setenv("PMSR_LENS_IMAGE_BASE_URL", "https://images.example.org/questions")
    return web


def test_local_lookup_finds_the_pair_whose_image_matches(world: tuple[KnowledgeBase, LoadedImage]) -> None:
    kb, image = world
    hits = LocalImageLookup(kb).lookup(image, 2)
    assert len(hits) == 2
    assert hits[0].title == "Lake Alpha"
    assert hits[0].snippet == "Lake Alpha, a glacial lake in Borduria."
    assert hits[0].url is None and hits[0].thumbnail.endswith("i-lake.png")
    assert hits[0].score == pytest.approx(1.0, abs=1e-4) and hits[1].score < hits[0].score


def test_serpapi_sends_the_public_url_and_parses_matches(serpapi: FakeWeb, world) -> None:
    _, image = world
    before = len(serpapi.requests)
    hits = SerpApiLensLookup().lookup(image, 5)
    path, params = serpapi.requests[before]
    assert path == "/lens/search.json"
    assert params == {
        "engine": ["google_lens"],
        "url": ["https://images.example.org/questions/query.png"],
        "hl": ["en"],
        "api_key": [LENS_KEY],
    }
    assert [h.title for h in hits] == [
        "Lake Bled - travel guide",
        "Bled Island church",
        "Lake Bled in winter",
    ]
    assert hits[0] == LensHit(
        "Lake Bled - travel guide",
        serpapi.url("/article/bled"),
        "example.org",
        "https://example.org/t1.jpg",
        1.0,
    )
    assert hits[2].url is None and hits[2].score == pytest.approx(1 / 3)


def test_serpapi_needs_a_key_and_a_public_image_url(monkeypatch: pytest.MonkeyPatch, world) -> None:
    monkeypatch.delenv("SERPAPI_API_KEY", raising=False)
    with pytest.raises(ConfigError, match="SERPAPI_API_KEY"):
        SerpApiLensLookup()
    monkeypatch.delenv("PMSR_LENS_IMAGE_BASE_URL", raising=False)
    lookup = SerpApiLensLookup(api_key="k", base_url="http://127.0.0.1:9/never-called")
    with pytest.raises(ConfigError, match="public URL .*PMSR_LENS_IMAGE_BASE_URL.*nothing is uploaded"):
        lookup.lookup(world[1], 3)
    bytes_image = load_image(Path(world[1].origin).read_bytes())
    with pytest.raises(ConfigError, match="public URL"):
        SerpApiLensLookup(api_key="k", image_url=lambda image: None).lookup(bytes_image, 3)


def test_serpapi_wrong_key_and_unreachable_service(serpapi: FakeWeb, world, port: int) -> None:
    with pytest.raises(ConfigError, match="rejected the API key: Invalid API key"):
        SerpApiLensLookup(api_key="wrong").lookup(world[1], 3)
    with pytest.raises(BackendUnavailable, match=f"cannot reach SerpAPI at http://127.0.0.1:{port}"):
        SerpApiLensLookup(base_url=f"http://127.0.0.1:{port}/search.json", timeout_s=2).lookup(world[1], 3)


def test_parse_lens_response_puts_knowledge_graph_first_and_caps() -> None:
    body = {
        "visual_matches": [
            {"title": "A match", "link": "https://a.example/"},
            {"title": ""},
            {"title": "Same page again", "link": "https://a.example/"},
        ],
        "knowledge_graph": [
            {"title": "Lake Bled", "subtitle": "Lake in Slovenia", "link": "https://kg.example/"}
        ],
    }
    hits = parse_lens_response(body, 5)
    assert [(h.title, h.snippet, h.score) for h in hits] == [
        ("Lake Bled", "Lake in Slovenia", 1.0),
        ("A match", "", 0.5),
    ]
    assert len(parse_lens_response(body, 1)) == 1


def test_make_image_lookup(serpapi: FakeWeb, world) -> None:
    kb, _ = world
    assert isinstance(make_image_lookup("local", kb), LocalImageLookup)
    assert isinstance(make_image_lookup("serpapi"), SerpApiLensLookup)
    with pytest.raises(ConfigError, match="needs the multimodal KB"):
        make_image_lookup("local", None)
    with pytest.raises(ConfigError, match="unknown lens_provider 'bing'"):
        make_image_lookup("bing", kb)


def lens_context(tmp_path: Path, **overrides: object) -> Context:
    values = {
        "model": TEST_MODEL,
        "operators": "generative",
        "text_embedder": TEST_TEXT_EMBEDDER,
        "image_embedder": TEST_IMAGE_EMBEDDER,
        "allow_private_urls": True,
        "web_cache_dir": str(tmp_path / "cache"),
        **overrides,
    }
    return Context(**values)  # type: ignore[arg-type]


def summary_script(kind: str, prompt: str, count: int) -> str:
    return "Page says: " + " ".join(prompt.split('"""')[1].split())[:120]


def test_lens_bootstrap_with_serpapi_fetches_and_summarises_pages(serpapi: FakeWeb, world, tmp_path) -> None:
    kb, image = world
    model = install_scripted_model(summary_script)
    question = "In which country is this lake?"
    candidates, errors = lens_bootstrap(image, question, lens_context(tmp_path, lens_provider="serpapi"), kb)
    assert [c["source"] for c in candidates] == ["lens", "lens", "lens"]
    bled, church, winter = candidates
    assert bled["id"] == "lens:" + serpapi.url("/article/bled")
    assert bled["title"] == "Lake Bled"  # the fetched page's title
    assert bled["text"].startswith("Page says: ") and "glacial lake in the Julian Alps" in bled["text"]
    assert bled["url"] == serpapi.url("/article/bled") and bled["score"] == 1.0
    assert church["text"] == "pdfs.example"  # the PDF cannot be read: the hit's own snippet stands in
    assert winter["id"] == "lens:Lake Bled in winter" and winter["url"] is None
    assert all(c["image_path"] is None for c in candidates)  # remote thumbnails are not local images
    assert errors == [f"fetch: {serpapi.url('/doc.pdf')}: not HTML (application/pdf)"]
    assert len(model.prompts) == 1 and f"Question: {question}" in model.prompts[0][1]


def test_lens_bootstrap_local_uses_kb_snippets(world, tmp_path) -> None:
    kb, image = world
    model = install_scripted_model(summary_script)
    candidates, errors = lens_bootstrap(image, "q?", lens_context(tmp_path, search_max_results=2), kb)
    assert errors == []
    assert model.prompts == []  # nothing to fetch, nothing to summarise
    assert candidates[0]["id"] == "lens:Lake Alpha"
    assert candidates[0]["text"] == "Lake Alpha, a glacial lake in Borduria."
    assert candidates[0]["image_path"].endswith("i-lake.png")
    assert len(candidates) == 2


def test_lens_bootstrap_falls_back_to_local_when_serpapi_is_not_configured(
    world, tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SERPAPI_API_KEY", raising=False)
    kb, image = world
    candidates, errors = lens_bootstrap(image, "q?", lens_context(tmp_path, lens_provider="serpapi"), kb)
    assert candidates[0]["title"] == "Lake Alpha"
    assert len(errors) == 1 and errors[0].startswith(
        "lens (serpapi): lens_provider 'serpapi' needs an API key"
    )


def test_lens_bootstrap_without_kb_or_provider_degrades_to_errors(tmp_path) -> None:
    image = load_image(write_tiny_world(tmp_path / "w")[2])
    candidates, errors = lens_bootstrap(image, "q?", lens_context(tmp_path), None)
    assert candidates == []
    assert errors == [
        "lens (local): lens_provider 'local' needs the multimodal KB: build one with `python -m kb.build`"
    ]

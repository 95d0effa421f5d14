"""The Chroma store: fused pair score maths, search API, embedder bookkeeping and clear failures."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw
from test_kb_fakes import IMAGE, TEXT, TEXT_WIDE, HashTextEmbedder, PixelImageEmbedder, register_fakes

from core.errors import BackendUnavailable, ConfigError, KBError
from kb.build import build_kb
from kb.store import KnowledgeBase, clear_kb_cache, open_kb
from tools.images import load_image

WORDS = [
    "river",
    "lake",
    "mountain",
    "island",
    "desert",
    "forest",
    "planet",
    "star",
    "nebula",
    "galaxy",
    "bird",
    "cat",
    "tower",
    "bridge",
    "castle",
]


def write_corpus(folder: Path, n_passages: int = 60, n_pairs: int = 40, seed: int = 0) -> tuple[Path, Path]:
    """A random but reproducible corpus: passages of vocabulary words, pairs with drawn images."""
    rng = np.random.default_rng(seed)
    (folder / "img").mkdir(parents=True, exist_ok=True)
    passages = folder / "passages.jsonl"
    with passages.open("w") as handle:
        for i in range(n_passages):
            words = " ".join(rng.choice(WORDS, size=8))
            handle.write(json.dumps({"id": f"p{i}", "contents": f'"Title {i}"\n{words}'}) + "\n")
    pairs = folder / "pairs.jsonl"
    with pairs.open("w") as handle:
        for i in range(n_pairs):
            draw_image(rng, folder / "img" / f"{i}.png")
            summary = " ".join(rng.choice(WORDS, size=6))
            row = {"id": f"q{i}", "wikipedia_title": f"Entity {i}", "wikipedia_summary": summary}
            handle.write(json.dumps(row | {"image_path": f"img/{i}.png"}) + "\n")
    return passages, pairs


def draw_image(rng: np.random.Generator, path: Path) -> None:
    image = Image.new("RGB", (48, 48), tuple(int(c) for c in rng.integers(0, 256, 3)))
    draw = ImageDraw.Draw(image)
    for _ in range(3):
        x, y = (int(v) for v in rng.integers(0, 40, 2))
        draw.rectangle([x, y, x + 12, y + 12], fill=tuple(int(c) for c in rng.integers(0, 256, 3)))
    image.save(path)


def photo_files(folder: Path, n: int, seed: int = 5) -> list[Path]:
    """`n` distinct drawn PNG images in `folder`."""
    rng = np.random.default_rng(seed)
    paths = [folder / f"photo{i}.png" for i in range(n)]
    for path in paths:
        draw_image(rng, path)
    return paths


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    return write_corpus(tmp_path_factory.mktemp("corpus"))


@pytest.fixture(scope="module")
def kb(corpus: tuple[Path, Path], tmp_path_factory: pytest.TempPathFactory) -> KnowledgeBase:
    register_fakes()
    kb_dir = str(tmp_path_factory.mktemp("kb"))
    build_kb(kb_dir, [corpus[0]], [corpus[1]], text_embedder=TEXT, image_embedder=IMAGE, progress=False)
    return open_kb(kb_dir, text_embedder=TEXT, image_embedder=IMAGE)


def pair_vectors(corpus_pairs: Path) -> tuple[list[str], np.ndarray, np.ndarray]:
    """Ids, text vectors and image vectors of every pair, computed independently of the store."""
    rows = [json.loads(line) for line in corpus_pairs.read_text().splitlines()]
    texts = HashTextEmbedder(32).embed_texts([r["wikipedia_summary"] for r in rows])
    images = [load_image(r["image_path"], base_dir=corpus_pairs.parent).pil for r in rows]
    return [r["id"] for r in rows], texts, PixelImageEmbedder().embed_images(images)


@pytest.mark.parametrize("w", [0.0, 0.3, 0.5, 0.7, 1.0])
def test_fused_score_equals_decoupled_cosines(kb: KnowledgeBase, corpus: tuple[Path, Path], w: float) -> None:
    ids, text_vecs, image_vecs = pair_vectors(corpus[1])
    image = load_image(corpus[1].parent / "img" / "7.png")
    query = "lake island bird"
    hits = kb.search_pairs(image, query, k=10, w=w)
    cos_text = text_vecs @ HashTextEmbedder(32).embed_texts([query])[0]
    cos_img = image_vecs @ PixelImageEmbedder().embed_images([image.pil])[0]
    expected = dict(zip(ids, w * cos_text + (1 - w) * cos_img, strict=True))
    assert len(hits) == 10
    for hit in hits:
        assert hit["score"] == pytest.approx(expected[hit["id"]], abs=1e-5)
    assert [h["score"] for h in hits] == sorted((h["score"] for h in hits), reverse=True)
    np.testing.assert_allclose(hits[0]["score"], max(expected.values()), atol=1e-5)


def test_w1_ranks_as_text_search_and_w0_as_image_search(kb: KnowledgeBase, corpus: tuple[Path, Path]) -> None:
    ids, text_vecs, image_vecs = pair_vectors(corpus[1])
    image = load_image(corpus[1].parent / "img" / "3.png")
    query_vec = HashTextEmbedder(32).embed_texts(["castle tower forest"])[0]
    by_text = [ids[i] for i in np.argsort(-(text_vecs @ query_vec), kind="stable")[:5]]
    by_image = [ids[i] for i in np.argsort(-(image_vecs @ kb.embed_image(image)), kind="stable")[:5]]
    text_hits = kb.search_pairs(image, query_vec, k=5, w=1.0)
    image_hits = kb.search_pairs(image, query_vec, k=5, w=0.0)
    assert {h["id"] for h in text_hits} == set(by_text)  # set: exact ties may order either way
    assert [h["id"] for h in image_hits] == by_image
    assert image_hits[0]["id"] == "q3" and image_hits[0]["score"] == pytest.approx(1.0, abs=1e-5)
    assert [h["id"] for h in kb.search_by_image(image, 5)] == by_image


def test_search_pairs_many_batches_text_queries(kb: KnowledgeBase, corpus: tuple[Path, Path]) -> None:
    image_vec = kb.embed_image(load_image(corpus[1].parent / "img" / "5.png"))
    queries = ["planet star", "river bridge", "cat bird desert"]
    batched = kb.search_pairs_many(image_vec, kb.text_embedder.embed_texts(queries), k=4, w=0.4)
    assert [[h["id"] for h in hits] for hits in batched] == [
        [h["id"] for h in kb.search_pairs(image_vec, q, k=4, w=0.4)] for q in queries
    ]


def test_search_text_accepts_strings_and_vectors(kb: KnowledgeBase, corpus: tuple[Path, Path]) -> None:
    rows = [json.loads(line) for line in corpus[0].read_text().splitlines()]
    target = rows[11]["contents"].split("\n", 1)[1]
    hits = kb.search_text(f"Title 11\n{target}", k=3)
    assert hits[0]["id"] == "p11" and hits[0]["score"] == pytest.approx(1.0, abs=1e-5)
    assert hits[0] == {
        "id": "p11",
        "score": hits[0]["score"],
        "source": "text",
        "title": "Title 11",
        "text": target,
        "image_path": None,
        "url": None,
    }
    vectors = kb.text_embedder.embed_texts(["lake river", "nebula star"])
    many = kb.search_text_many(vectors, k=5)
    assert [[h["id"] for h in hits] for hits in many] == [
        [h["id"] for h in kb.search_text(v, 5)] for v in vectors
    ]
    assert kb.search_text("anything", k=0) == []


def test_pair_candidates_carry_their_image_path(kb: KnowledgeBase, corpus: tuple[Path, Path]) -> None:
    hit = kb.search_by_image(load_image(corpus[1].parent / "img" / "9.png"), 1)[0]
    assert hit["source"] == "pairs" and hit["title"] == "Entity 9"
    assert hit["image_path"] == str((corpus[1].parent / "img" / "9.png").resolve())
    assert kb.count() == {"text": 60, "pairs": 40}


def test_bad_weight_and_bad_vector_shapes_fail_clearly(kb: KnowledgeBase) -> None:
    with pytest.raises(ConfigError, match="w=1.5"):
        kb.search_pairs(np.ones(27), "lake", k=3, w=1.5)
    with pytest.raises(KBError, match="32-d"):
        kb.search_text(np.ones(16, np.float32), k=3)


def test_other_embedders_are_refused_naming_both(kb: KnowledgeBase) -> None:
    with pytest.raises(KBError) as info:
        open_kb(kb.where, text_embedder=TEXT_WIDE, image_embedder=IMAGE)
    message = str(info.value)
    assert "test:hash-words-32 (32-d)" in message and "test:hash-words-64 (64-d)" in message
    assert "\n" not in message and "--text-embedder" in message


def test_missing_kb_names_the_build_command(tmp_path: Path) -> None:
    register_fakes()
    with pytest.raises(KBError, match=r"no knowledge base 'pmsr' at .*python -m kb\.build --kb-dir"):
        open_kb(str(tmp_path / "nowhere"), text_embedder=TEXT, image_embedder=IMAGE)
    assert not (tmp_path / "nowhere").exists()


def test_unreachable_server_names_url_and_fix(port: int) -> None:
    register_fakes()
    with pytest.raises(BackendUnavailable, match=rf"http://127\.0\.0\.1:{port} .*chroma run"):
        open_kb(chroma_host="127.0.0.1", chroma_port=port, text_embedder=TEXT, image_embedder=IMAGE)


def test_open_kb_is_cached_per_arguments(kb: KnowledgeBase) -> None:
    assert open_kb(kb.where, text_embedder=TEXT, image_embedder=IMAGE) is kb
    clear_kb_cache()
    reopened = open_kb(kb.where, text_embedder=TEXT, image_embedder=IMAGE)
    assert reopened is not kb and reopened.count() == kb.count()

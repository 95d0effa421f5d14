"""tools/embedders.py and tools/image_tags.py: remote request shapes, failures, the embedded models.

The real-photo tests read `../shared/data/dev/pkg_images/images` beside the clone (CI has it there);
everything else builds its inputs in the test.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np
import pytest
import torch
from PIL import Image

from core.errors import BackendUnavailable, ConfigError, ModelNotFound
from core.types import ImageEmbedder, TextEmbedder
from tests.conftest import free_port
from tests.fake_servers import FakeModelServer, fake_embedding
from tools import image_tags
from tools.embedders import (
    RemoteTextEmbedder,
    make_image_embedder,
    make_text_embedder,
    register_image_embedder,
    register_text_embedder,
)
from tools.models import Backend

SHARED_IMAGES = Path(__file__).resolve().parents[2] / "shared" / "data" / "dev" / "pkg_images" / "images"
PHOTOS = ["chelsea.png", "coffee.png", "rocket.jpg", "astronaut.png", "flower.jpg", "moon.png", "quokka.jpg"]


@pytest.fixture
def server() -> FakeModelServer:
    with FakeModelServer(models={"emb"}, dim=6) as running:
        yield running


def _expected(texts: list[str], dim: int) -> np.ndarray:
    return np.asarray([fake_embedding(t, dim) for t in texts], dtype=np.float32)


# ---- remote embedders against the fake server -------------------------------------------------


def test_ollama_embedder_request_shape_order_and_normalisation(
    server: FakeModelServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OLLAMA_HOST", server.url)
    embedder = make_text_embedder("ollama:emb")
    texts = ["first text", "second text", "third"]
    vectors = embedder.embed_texts(texts)
    assert vectors.dtype == np.float32 and vectors.shape == (3, 6)
    assert np.allclose(vectors, _expected(texts, 6), atol=1e-6)  # server sends them ×3: normalised here
    (request,) = server.requests
    assert request.path == "/api/embed" and request.body == {"model": "emb", "input": texts}
    assert embedder.id == "ollama:emb" and isinstance(embedder, TextEmbedder)


def test_openai_embedder_sorts_rows_by_index_and_sends_the_key(
    server: FakeModelServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", server.url + "/v1")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    texts = ["alpha", "beta", "gamma", "delta"]
    vectors = make_text_embedder("openai:emb").embed_texts(texts)  # the fake answers in reverse order
    assert np.allclose(vectors, _expected(texts, 6), atol=1e-6)
    (request,) = server.requests
    assert request.path == "/v1/embeddings" and request.body["input"] == texts
    assert request.headers["authorization"] == "Bearer sk-test"


def test_dim_is_probed_once_and_empty_input_returns_zero_rows(
    server: FakeModelServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OLLAMA_HOST", server.url)
    embedder = make_text_embedder("ollama:emb")
    assert embedder.dim == 6 and embedder.dim == 6
    assert len(server.requests) == 1
    empty = embedder.embed_texts([])
    assert empty.shape == (0, 6) and empty.dtype == np.float32
    assert len(server.requests) == 1


def test_large_inputs_are_sent_in_batches(server: FakeModelServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OLLAMA_HOST", server.url)
    texts = [f"text number {i}" for i in range(70)]
    vectors = make_text_embedder("ollama:emb").embed_texts(texts)
    assert [len(r.body["input"]) for r in server.requests] == [64, 6]
    assert np.allclose(vectors, _expected(texts, 6), atol=1e-6)


def test_langchain_embeddings_interface(server: FakeModelServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OLLAMA_HOST", server.url)
    embedder = make_text_embedder("ollama:emb")
    documents = embedder.embed_documents(["a", "b"])
    assert isinstance(documents, list) and np.allclose(documents, _expected(["a", "b"], 6), atol=1e-6)
    assert np.allclose(embedder.embed_query("a"), documents[0], atol=1e-6)


def test_unknown_remote_model_is_model_not_found(
    server: FakeModelServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OLLAMA_HOST", server.url)
    with pytest.raises(ModelNotFound, match="ollama pull nomic-embed-text"):
        make_text_embedder("ollama:nomic-embed-text").embed_texts(["x"])
    monkeypatch.setenv("OPENAI_BASE_URL", server.url + "/v1")
    with pytest.raises(ModelNotFound, match="has no model 'text-embedding-3-small'"):
        make_text_embedder("openai:text-embedding-3-small").embed_texts(["x"])


@pytest.mark.parametrize(
    ("spec", "variable", "suffix"),
    [("ollama:emb", "OLLAMA_HOST", ""), ("openai:emb", "OPENAI_BASE_URL", "/v1")],
)
def test_unreachable_embedder_names_the_url(
    spec: str, variable: str, suffix: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"http://127.0.0.1:{free_port()}{suffix}"
    monkeypatch.setenv(variable, url)
    start = time.monotonic()
    with pytest.raises(BackendUnavailable, match=f"cannot reach .* at {url}"):
        make_text_embedder(spec).embed_texts(["x"])
    assert time.monotonic() - start < 2.0


def test_slow_embedding_server_times_out(server: FakeModelServer) -> None:
    server.delay_s = 3.0
    embedder = RemoteTextEmbedder(Backend.ollama(server.url, 0.5), "emb", "/api/embed", {}, "ollama:emb")
    start = time.monotonic()
    with pytest.raises(BackendUnavailable, match="did not answer within 0.5 s"):
        embedder.embed_texts(["x"])
    assert time.monotonic() - start < 2.0


# ---- factory and registry -----------------------------------------------------------------------


class _ConstantImages:
    id = "test:constant"
    dim = 2

    def embed_images(self, images: list[Image.Image]) -> np.ndarray:
        return np.tile(np.array([[1.0, 0.0]], dtype=np.float32), (len(images), 1))


def test_registered_embedders_are_returned(server: FakeModelServer) -> None:
    text = RemoteTextEmbedder(Backend.ollama(server.url, 5.0), "emb", "/api/embed", {}, "mine")
    register_text_embedder("test:mine", text)
    register_image_embedder("test:constant", _ConstantImages())
    assert make_text_embedder("test:mine") is text
    image_embedder = make_image_embedder("test:constant")
    assert isinstance(image_embedder, ImageEmbedder) and image_embedder.id == "test:constant"


def test_embedders_are_cached_per_spec() -> None:
    assert make_text_embedder("embedded") is make_text_embedder("embedded")
    assert make_image_embedder("embedded") is make_image_embedder("embedded")


@pytest.mark.parametrize("spec", ["minilm", "ollama:", "cohere:embed"])
def test_unknown_text_spec(spec: str) -> None:
    with pytest.raises(ConfigError, match="embedded, embedded-int8, ollama:<model>, openai:<model> or hf:"):
        make_text_embedder(spec)


@pytest.mark.parametrize("spec", ["ollama:llava", "clip"])
def test_unknown_image_spec(spec: str) -> None:
    with pytest.raises(ConfigError, match=r"embedded or hf:<CLIP/SigLIP path>"):
        make_image_embedder(spec)


def test_image_embedder_needs_a_clip_checkpoint(tmp_path: Path) -> None:
    (tmp_path / "config.json").write_text('{"model_type": "bert"}')
    with pytest.raises(ConfigError, match="not a CLIP/SigLIP checkpoint"):
        make_image_embedder(f"hf:{tmp_path}")


def test_missing_hf_paths_are_model_not_found(tmp_path: Path) -> None:
    with pytest.raises(ModelNotFound, match=str(tmp_path / "st")):
        make_text_embedder(f"hf:{tmp_path / 'st'}")
    with pytest.raises(ModelNotFound, match=str(tmp_path / "clip")):
        make_image_embedder(f"hf:{tmp_path / 'clip'}")


# ---- the ImageNet labels ---------------------------------------------------------------------------


def test_label_file_has_the_1000_classes_in_index_order() -> None:
    lines = (Path(image_tags.__file__).with_name("imagenet_labels.txt")).read_text().splitlines()
    assert len(lines) == 1000 and all(line.strip() == line and line for line in lines)
    assert len(set(lines)) == 1000
    expected = {
        0: "tench",
        1: "goldfish",
        281: "tabby cat",
        282: "tiger cat",
        283: "Persian cat",
        285: "Egyptian cat",
        409: "analog clock",
        504: "coffee mug",
        967: "espresso",
        999: "toilet tissue",
    }
    assert {i: lines[i] for i in expected} == expected
    assert image_tags.imagenet_labels() == tuple(lines)


def test_describe_tags_formats_labels_and_probabilities() -> None:
    text = image_tags.describe_tags([("tabby cat", 0.523), ("tiger cat", 0.2149)])
    assert text == "Image tags: tabby cat (0.52), tiger cat (0.21)"
    assert image_tags.describe_tags([]) == "Image tags: none"


def test_preprocess_shape_and_range() -> None:
    wide = Image.new("RGB", (500, 120), (255, 0, 0))
    pixels = image_tags.preprocess(wide)
    assert pixels.shape == (3, 224, 224) and pixels.dtype == np.float32
    assert np.allclose(pixels[0], 1.0) and np.allclose(pixels[1:], -1.0)


# ---- the embedded models really run ------------------------------------------------------------------


@pytest.fixture(scope="module")
def photos() -> dict[str, Image.Image]:
    return {name: Image.open(SHARED_IMAGES / name).convert("RGB") for name in PHOTOS}


@pytest.mark.slow
def test_minilm_ranks_the_relevant_sentence_first() -> None:
    embedder = make_text_embedder("embedded")
    assert embedder.id == "embedded:all-MiniLM-L6-v2" and embedder.dim == 384
    passages = [
        "The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in Paris, France.",
        "Photosynthesis converts light energy into chemical energy in plants.",
        "The 1966 FIFA World Cup was won by England at Wembley Stadium.",
        "Mount Kilimanjaro is a dormant volcano in Tanzania.",
    ]
    query = embedder.embed_texts(["Which city is the Eiffel Tower in?"])
    docs = embedder.embed_texts(passages)
    assert docs.shape == (4, 384) and docs.dtype == np.float32
    assert np.allclose(np.linalg.norm(docs, axis=1), 1.0, atol=1e-5)
    scores = (docs @ query.T).ravel()
    assert int(np.argmax(scores)) == 0 and scores[0] > scores[1:].max() + 0.2
    assert embedder.embed_texts([]).shape == (0, 384)
    folder = embedder.path  # the same folder by path: a sentence-transformers hf: embedder
    by_path = make_text_embedder(f"hf:{folder}")
    assert by_path.id == f"hf:{Path(folder).resolve()}" and np.allclose(
        by_path.embed_texts(passages), docs, atol=1e-5
    )


@pytest.mark.slow
def test_efficientnet_features_find_an_images_own_crop(photos: dict[str, Image.Image]) -> None:
    embedder = make_image_embedder("embedded")
    assert embedder.id == "embedded:efficientnet-lite0" and embedder.dim == 1280
    originals = embedder.embed_images(list(photos.values()))
    assert originals.shape == (len(PHOTOS), 1280) and originals.dtype == np.float32
    assert np.allclose(np.linalg.norm(originals, axis=1), 1.0, atol=1e-5)
    crops = [
        img.crop((img.width // 8, img.height // 8, img.width * 7 // 8, img.height * 7 // 8))
        for img in photos.values()
    ]
    similarity = embedder.embed_images(crops) @ originals.T
    assert list(np.argmax(similarity, axis=1)) == list(range(len(PHOTOS)))
    assert embedder.embed_images([]).shape == (0, 1280)


@pytest.mark.slow
def test_image_tags_see_a_cat_and_share_the_forward_pass(photos: dict[str, Image.Image]) -> None:
    cat = photos["chelsea.png"]
    tags = image_tags.image_tags(cat, k=5)
    assert len(tags) == 5
    assert "cat" in tags[0][0] and sum(p for label, p in tags if "cat" in label) > 0.5
    probabilities = [p for _, p in tags]
    assert probabilities == sorted(probabilities, reverse=True) and 0 < sum(probabilities) <= 1.0
    features, both = image_tags.embed_and_tag([cat, photos["coffee.png"]], k=3)
    assert [label for label, _ in both[0]] == [label for label, _ in tags[:3]]
    assert [p for _, p in both[0]] == pytest.approx(probabilities[:3], abs=1e-5)
    assert both[1][0][0] == "espresso"
    assert np.allclose(
        features, make_image_embedder("embedded").embed_images([cat, photos["coffee.png"]]), atol=1e-5
    )


# ---- hf: CLIP checkpoints (a tiny random-weight one saved in the test) -----------------------------


@pytest.fixture(scope="module")
def tiny_clip(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from transformers import CLIPConfig, CLIPImageProcessor, CLIPModel, CLIPProcessor, CLIPTokenizer

    folder = tmp_path_factory.mktemp("clip")
    letters = "abcdefghijklmnopqrstuvwxyz"
    tokens = [*letters, *(c + "</w>" for c in letters), "<|startoftext|>", "<|endoftext|>"]
    (folder / "vocab.json").write_text(json.dumps({t: i for i, t in enumerate(tokens)}))
    (folder / "merges.txt").write_text("#version: 0.2\n")
    tokenizer = CLIPTokenizer(vocab_file=str(folder / "vocab.json"), merges_file=str(folder / "merges.txt"))
    images = CLIPImageProcessor(size={"shortest_edge": 32}, crop_size={"height": 32, "width": 32})
    small = {"hidden_size": 32, "intermediate_size": 64, "num_hidden_layers": 2, "num_attention_heads": 2}
    text = {
        **small,
        "vocab_size": len(tokens),
        "max_position_embeddings": 16,
        "bos_token_id": len(tokens) - 2,
        "eos_token_id": len(tokens) - 1,
        "pad_token_id": len(tokens) - 1,
    }
    config = CLIPConfig(
        text_config=text, vision_config={**small, "image_size": 32, "patch_size": 8}, projection_dim=16
    )
    checkpoint = folder / "checkpoint"
    CLIPModel(config).save_pretrained(checkpoint)
    CLIPProcessor(image_processor=images, tokenizer=tokenizer).save_pretrained(checkpoint)
    return checkpoint


@pytest.mark.slow
def test_hf_clip_embeds_images_and_texts_with_one_model(tiny_clip: Path) -> None:
    images = make_image_embedder(f"hf:{tiny_clip}")
    texts = make_text_embedder(f"hf:{tiny_clip}")
    assert texts is images and images.id == f"hf:{tiny_clip}" and images.dim == 16
    red, blue = Image.new("RGB", (50, 40), (255, 0, 0)), Image.new("RGB", (40, 50), (0, 0, 255))
    vectors = images.embed_images([red, blue, red])
    assert vectors.shape == (3, 16) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert np.allclose(vectors[0], vectors[2], atol=1e-6) and not np.allclose(
        vectors[0], vectors[1], atol=1e-3
    )
    words = texts.embed_texts(["a cat", "a dog", "a cat"])
    assert words.shape == (3, 16) and np.allclose(words[0], words[2], atol=1e-6)
    assert images.embed_images([]).shape == (0, 16) and texts.embed_texts([]).shape == (0, 16)


@pytest.mark.slow
def test_hf_clip_runs_in_the_chosen_dtype(tiny_clip: Path) -> None:
    images = make_image_embedder(f"hf:{tiny_clip}", "cpu", "bfloat16")
    assert images is make_text_embedder(f"hf:{tiny_clip}", "cpu", "bfloat16")
    assert images is not make_image_embedder(f"hf:{tiny_clip}", "cpu", "float32")
    vectors = images.embed_images([Image.new("RGB", (50, 40), (255, 0, 0))])
    words = images.embed_texts(["a cat"])
    assert {p.dtype for p in images._loaded[1].parameters()} == {torch.bfloat16}
    assert vectors.dtype == words.dtype == np.float32
    assert np.allclose(np.linalg.norm(np.vstack([vectors, words]), axis=1), 1.0, atol=1e-5)


def test_int8_minilm_is_cpu_float32_only() -> None:
    with pytest.raises(ConfigError, match="embedded-int8 runs on CPU in float32 only"):
        make_text_embedder("embedded-int8", "cpu", "bfloat16")


@pytest.mark.slow
def test_int8_minilm_has_its_own_id_and_ranks_like_the_float_model() -> None:
    from torch.ao.nn.quantized.dynamic import Linear as DynamicInt8Linear

    exact, int8 = make_text_embedder("embedded", "cpu", "float32"), make_text_embedder("embedded-int8", "cpu")
    assert int8.id == "embedded:all-MiniLM-L6-v2-int8" != exact.id  # a KB built with one refuses the other
    assert any(isinstance(m, DynamicInt8Linear) for m in int8._model.modules())
    assert not any(isinstance(m, DynamicInt8Linear) for m in exact._model.modules())
    passages = [
        "The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in Paris, France.",
        "Photosynthesis converts light energy into chemical energy in plants.",
        "Mount Kilimanjaro is a dormant volcano in Tanzania.",
    ]
    a, b = exact.embed_texts(passages), int8.embed_texts(passages)
    assert b.dtype == np.float32 and np.allclose(np.linalg.norm(b, axis=1), 1.0, atol=1e-5)
    assert not np.allclose(a, b, atol=1e-3) and float(np.min(np.sum(a * b, axis=1))) > 0.9
    scores = (b @ int8.embed_texts(["Which city is the Eiffel Tower in?"]).T).ravel()
    assert int(np.argmax(scores)) == 0
    alone = int8.embed_texts(passages[:1])  # a text's vector does not depend on its batch-mates
    assert np.allclose(alone[0], b[0], atol=1e-6)

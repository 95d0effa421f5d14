"""Shared value types and the small interfaces every backend implements."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NotRequired, Protocol, runtime_checkable

import numpy as np
from PIL import Image
from typing_extensions import TypedDict

Source = Literal["text", "pairs", "web", "lens"]


class Candidate(TypedDict):
    """One retrieved piece of evidence, JSON-serialisable so it can live in graph state.

    `source` says where it came from: the text KB, the image–text pair KB, a web page, or the
    Lens-style image lookup. `score` is the similarity the retriever ranked it by; a pair from the KB
    also carries `image_score`, the similarity of its image alone to the query image.
    """

    id: str
    score: float
    source: Source
    title: str
    text: str
    image_path: str | None
    url: str | None
    image_score: NotRequired[float]


@runtime_checkable
class TextEmbedder(Protocol):
    """Maps texts to L2-normalised float32 vectors of shape (n, dim)."""

    id: str
    dim: int

    def embed_texts(self, texts: Sequence[str]) -> np.ndarray: ...


@runtime_checkable
class ImageEmbedder(Protocol):
    """Maps RGB images to L2-normalised float32 vectors of shape (n, dim)."""

    id: str
    dim: int

    def embed_images(self, images: Sequence[Image.Image]) -> np.ndarray: ...


def normalise(vectors: object) -> np.ndarray:
    """Rows scaled to unit L2 norm, as float32 (zero rows stay zero): the form every embedder returns."""
    array = np.atleast_2d(np.asarray(vectors, dtype=np.float32))
    norms = np.linalg.norm(array, axis=1, keepdims=True)
    return (array / np.maximum(norms, 1e-12)).astype(np.float32)

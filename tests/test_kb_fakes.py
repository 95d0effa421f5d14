"""Tiny deterministic embedders for the KB tests (fast stand-ins for MiniLM / EfficientNet).

It holds no tests: the KB tests that use these embedders test the product. They are real embedders
with meaningful similarities, not stubs of the code under test: words shared between texts raise
their cosine, similar pixels raise image cosine. `register_fakes()` makes them resolvable by spec name
through `tools.embedders`, the way applications plug in their own models; the resume test also
imports this module in a subprocess (`python -c`), hence the `announce` hook.
"""

from __future__ import annotations

import re
import time
import zlib
from collections.abc import Sequence

import numpy as np
from PIL import Image

from tools.embedders import register_image_embedder, register_text_embedder

TEXT = "kbtest:text"
TEXT_WIDE = "kbtest:text-wide"
SLOW_TEXT = "kbtest:text-slow"
IMAGE = "kbtest:image"


class HashTextEmbedder:
    """Signed feature hashing of lower-cased words into `dim` buckets, L2-normalised."""

    def __init__(self, dim: int = 32, *, delay_s: float = 0.0, announce: bool = False) -> None:
        self.id = f"test:hash-words-{dim}"
        self.dim = dim
        self.delay_s = delay_s
        self.announce = announce

    def embed_texts(self, texts: Sequence[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), np.float32)
        for row, text in enumerate(texts):
            for word in re.findall(r"\w+", text.lower()):
                code = zlib.crc32(word.encode())
                out[row, code % self.dim] += 1.0 if code & 0x8000_0000 else -1.0
            out[row] = out[row] if out[row].any() else np.eye(1, self.dim, dtype=np.float32)
        time.sleep(self.delay_s)
        if self.announce:
            print(f"EMBEDDED {len(texts)}", flush=True)
        return out / np.linalg.norm(out, axis=1, keepdims=True)


class PixelImageEmbedder:
    """A 3×3 RGB thumbnail, mean-centred and L2-normalised (27-d)."""

    id = "test:pixels-27"
    dim = 27

    def embed_images(self, images: Sequence[Image.Image]) -> np.ndarray:
        out = np.zeros((len(images), self.dim), np.float32)
        for row, image in enumerate(images):
            pixels = np.asarray(image.convert("RGB").resize((3, 3), Image.BILINEAR), np.float32).ravel()
            centred = pixels - pixels.mean()
            out[row] = centred if centred.any() else np.eye(1, self.dim, dtype=np.float32)
        return out / np.linalg.norm(out, axis=1, keepdims=True)


def register_fakes(*, slow_delay_s: float = 0.0) -> None:
    """Register the fakes: TEXT (32-d), TEXT_WIDE (64-d), SLOW_TEXT (TEXT, slower, announcing), IMAGE."""
    register_text_embedder(TEXT, HashTextEmbedder(32))
    register_text_embedder(TEXT_WIDE, HashTextEmbedder(64))
    register_text_embedder(SLOW_TEXT, HashTextEmbedder(32, delay_s=slow_delay_s, announce=True))
    register_image_embedder(IMAGE, PixelImageEmbedder())

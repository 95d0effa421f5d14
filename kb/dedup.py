"""Keep question images out of the multimodal KB (the paper removes them, or retrieval is trivial).

Question images are fingerprinted with a perceptual hash (`imagehash.phash`), so re-encoded or
resized copies still match; a KB image is excluded when its hash is within `max_distance` bits.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable
from pathlib import Path

import imagehash
from PIL import Image

from core.errors import ImageError, InputError
from tools.images import load_image

log = logging.getLogger(__name__)


def question_image_hashes(questions_jsonl: str | Path) -> list[imagehash.ImageHash]:
    """Perceptual hashes of the images of a questions JSONL (`image_path` relative to its folder).

    Lines without a readable image are logged and skipped: they cannot leak into the KB anyway.
    """
    path = Path(questions_jsonl)
    if not path.is_file():
        raise InputError(f"questions file not found: {path} (pass an existing JSONL to --exclude-images)")
    hashes = []
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            image_path = _image_path(line)
            if image_path is None:
                continue
            try:
                hashes.append(imagehash.phash(load_image(image_path, base_dir=path.parent).pil))
            except ImageError as exc:
                log.warning("%s:%d: %s — question image not hashed", path, number, exc)
    return hashes


def _image_path(line: str) -> str | None:
    try:
        row = json.loads(line)
    except json.JSONDecodeError:
        return None
    value = row.get("image_path") if isinstance(row, dict) else None
    return value if isinstance(value, str) and value.strip() else None


class ImageExcluder:
    """Predicate: is this KB image a (near-)copy of one of the question images?"""

    def __init__(self, hashes: Iterable[imagehash.ImageHash], max_distance: int = 0) -> None:
        self.hashes = list(hashes)
        self.max_distance = max_distance
        self._exact = {str(h) for h in self.hashes}

    @classmethod
    def from_questions(cls, files: Iterable[str | Path], max_distance: int = 0) -> ImageExcluder:
        return cls([h for f in files for h in question_image_hashes(f)], max_distance)

    def __len__(self) -> int:
        return len(self.hashes)

    def __call__(self, image: Image.Image) -> bool:
        candidate = imagehash.phash(image)
        if self.max_distance == 0:
            return str(candidate) in self._exact
        return any(candidate - h <= self.max_distance for h in self.hashes)

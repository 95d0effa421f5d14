"""Load and validate images once, whatever form they arrive in.

Accepted forms: a filesystem path (str or Path), raw bytes, a base64 string, or a `data:` URL.
Everything downstream works with `LoadedImage` (decoded RGB pixels plus the original bytes), so
no node has to guess the form again.
"""

from __future__ import annotations

import base64
import binascii
import io
import re
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, UnidentifiedImageError

from tools.errors import ImageError

_MAX_PIXELS = 64_000_000
_BASE64 = re.compile(r"[A-Za-z0-9+/]+={0,2}")


@dataclass(frozen=True)
class LoadedImage:
    """A decoded, verified image: `pil` is RGB; `data` are encoded bytes in `mime` format."""

    pil: Image.Image
    data: bytes
    mime: str
    origin: str

    @property
    def base64(self) -> str:
        return base64.b64encode(self.data).decode("ascii")

    @property
    def data_url(self) -> str:
        return f"data:{self.mime};base64,{self.base64}"


ImageInput = str | bytes | Path | LoadedImage


def load_image(source: ImageInput, *, base_dir: Path | None = None) -> LoadedImage:
    """Decode `source` into a `LoadedImage`, raising `ImageError` with a one-line fix on failure.

    Relative paths resolve against `base_dir` when given (for example a JSONL file's folder).
    """
    if isinstance(source, LoadedImage):
        return source
    if isinstance(source, bytes):
        return _decode(source, origin="<bytes>")
    if isinstance(source, Path):
        return _load_path(source, base_dir)
    if not isinstance(source, str) or not source.strip():
        raise ImageError("no image given: pass a file path, bytes, base64 text or a data: URL")
    text = source.strip()
    if text.startswith("data:"):
        return _decode(_decode_data_url(text), origin="<data URL>")
    if _looks_like_base64(text):
        return _decode(_b64decode(text, "<base64>"), origin="<base64>")
    return _load_path(Path(text), base_dir)


def _load_path(path: Path, base_dir: Path | None) -> LoadedImage:
    path = path.expanduser()
    if not path.is_absolute() and base_dir is not None:
        path = base_dir / path
    if not path.is_file():
        raise ImageError(
            f"image not found: {path} (check the path, or make image_path relative to the JSONL file)"
        )
    return _decode(path.read_bytes(), origin=str(path))


def _decode_data_url(url: str) -> bytes:
    header, _, payload = url.partition(",")
    if ";base64" not in header or not payload:
        raise ImageError("unsupported data URL: expected data:image/<type>;base64,<payload>")
    return _b64decode(payload, "<data URL>")


def _looks_like_base64(text: str) -> bool:
    """Long text made only of base64 characters (JPEG base64 starts with '/9j/', so '/' must be allowed)."""
    return len(text) > 256 and _BASE64.fullmatch("".join(text.split())) is not None


def _b64decode(text: str, origin: str) -> bytes:
    try:
        return base64.b64decode(text, validate=False)
    except (binascii.Error, ValueError) as exc:
        raise ImageError(
            f"{origin}: not valid base64 ({exc}); send the raw file bytes or a path instead"
        ) from exc


def _decode(data: bytes, origin: str) -> LoadedImage:
    if not data:
        raise ImageError(f"{origin}: image is empty (0 bytes); re-export or re-download the file")
    try:
        with Image.open(io.BytesIO(data)) as probe:
            probe.verify()
        img = Image.open(io.BytesIO(data))
        fmt = (img.format or "PNG").upper()
        if img.width * img.height > _MAX_PIXELS:
            raise ImageError(
                f"{origin}: image too large ({img.width}x{img.height}); downscale it below 64 MP"
            )
        rgb = img.convert("RGB")
        rgb.load()
    except ImageError:
        raise
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as exc:
        raise ImageError(
            f"{origin}: not a readable image ({exc.__class__.__name__}); check the file is a JPEG/PNG/WebP"
        ) from exc
    mime = Image.MIME.get(fmt, "image/png")
    if mime not in ("image/jpeg", "image/png", "image/webp", "image/gif"):
        buf = io.BytesIO()
        rgb.save(buf, format="PNG")
        data, mime = buf.getvalue(), "image/png"
    return LoadedImage(pil=rgb, data=data, mime=mime, origin=origin)

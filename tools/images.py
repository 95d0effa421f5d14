"""Load and validate images once, whatever form they arrive in.

Accepted forms: a filesystem path (str or Path), raw bytes, a base64 string, or a `data:` URL.
Everything downstream works with `LoadedImage` (decoded RGB pixels plus the original bytes), so
no node has to guess the form again.

`ImageLimits` bounds what is accepted, each violation one `ImageError` raised before the costly
step: paths only inside allowed folders (checked after resolving `..` and symlinks), encoded size
(checked on the base64 length or file size, before decoding or reading), pixel count (read from
the header, before decoding: decompression bombs), and the formats Pillow may parse at all.
"""

from __future__ import annotations

import base64
import binascii
import io
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, UnidentifiedImageError

from core.errors import ImageError
from core.limits import DEFAULT_MAX_BYTES, DEFAULT_MAX_PIXELS

ALLOWED_FORMATS = ("JPEG", "PNG", "WEBP", "GIF", "BMP")  # Pillow's JPEG plugin also reads MPO
_LONGEST_PATH = 4096  # longer text cannot be a path: it is taken for base64
_BASE64 = re.compile(r"[A-Za-z0-9+/]+={0,2}")
_SIGNATURES = (b"\x89PNG", b"\xff\xd8\xff", b"GIF8", b"RIFF", b"BM")  # PNG, JPEG, GIF, WebP, BMP


@dataclass(frozen=True)
class ImageLimits:
    """What `load_image` accepts.

    `roots=None` reads any path; a tuple reads only files inside those (resolved) folders, and the
    empty tuple no path at all (the image must come as bytes, base64 or a data: URL).
    """

    max_bytes: int = DEFAULT_MAX_BYTES
    max_pixels: int = DEFAULT_MAX_PIXELS
    roots: tuple[Path, ...] | None = None

    @staticmethod
    def folders(paths: Iterable[str | Path]) -> tuple[Path, ...]:
        """Allowed roots as resolved absolute folders (relative ones against the working directory)."""
        return tuple(Path(p).expanduser().resolve() for p in paths if str(p).strip())


UNLIMITED_PATHS = ImageLimits()


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


def load_image(
    source: ImageInput, *, base_dir: Path | None = None, limits: ImageLimits = UNLIMITED_PATHS
) -> LoadedImage:
    """Decode `source` into a `LoadedImage`, raising `ImageError` with a one-line fix on failure.

    Relative paths resolve against `base_dir` when given (for example a JSONL file's folder).
    """
    if isinstance(source, LoadedImage):
        return source
    if isinstance(source, bytes):
        return _decode(source, "<bytes>", limits)
    if isinstance(source, Path):
        return _load_path(source, base_dir, limits)
    if not isinstance(source, str) or not source.strip():
        raise ImageError("no image given: pass a file path, bytes, base64 text or a data: URL")
    text = source.strip()
    if text.startswith("data:"):
        return _decode(_decode_data_url(text, limits), "<data URL>", limits)
    if len(text) > _LONGEST_PATH or _looks_like_base64(text):
        return _decode(_b64decode(text, "<base64>", limits), "<base64>", limits)
    return _load_path(Path(text), base_dir, limits)


def _load_path(path: Path, base_dir: Path | None, limits: ImageLimits) -> LoadedImage:
    path = path.expanduser()
    if not path.is_absolute() and base_dir is not None:
        path = base_dir / path
    try:
        resolved = path.resolve()  # `..` and symlinks out, before the roots are checked
        _check_roots(path, resolved, limits.roots)
        if not resolved.is_file():
            raise ImageError(
                f"image not found: {path} (check the path, or make image_path relative to the JSONL file)"
            )
        _check_size(resolved.stat().st_size, str(path), limits)
        return _decode(resolved.read_bytes(), str(path), limits)
    except (OSError, ValueError) as exc:
        if isinstance(exc, ImageError):
            raise
        raise ImageError(f"cannot read image path {str(path)[:200]!r}: {exc}") from exc


def _check_roots(path: Path, resolved: Path, roots: tuple[Path, ...] | None) -> None:
    if roots is None or any(resolved.is_relative_to(root) for root in roots):
        return
    if not roots:
        raise ImageError(
            f"image paths are not accepted here ({str(path)[:200]}): send the image itself as base64 "
            "or a data: URL (the operator can allow folders with PMSR_IMAGE_ROOTS)"
        )
    raise ImageError(
        f"image path {str(path)[:200]} is outside the allowed folders ({', '.join(map(str, roots))}): "
        "use a file inside them, or send the image itself as base64 or a data: URL"
    )


def _check_size(size: int, origin: str, limits: ImageLimits) -> None:
    if size > limits.max_bytes:
        raise ImageError(
            f"{origin}: image too large ({size / 1e6:.1f} MB, the limit is {limits.max_bytes / 1e6:.1f} MB): "
            "send a smaller or more compressed image (operators: PMSR_MAX_IMAGE_BYTES)"
        )


def _decode_data_url(url: str, limits: ImageLimits) -> bytes:
    header, _, payload = url.partition(",")
    if ";base64" not in header or not payload:
        raise ImageError("unsupported data URL: expected data:image/<type>;base64,<payload>")
    return _b64decode(payload, "<data URL>", limits)


def _looks_like_base64(text: str) -> bool:
    """Text made only of base64 characters that is long or starts with an image signature (JPEG base64
    starts with '/9j/', so '/' must be allowed; a small icon's base64 is shorter than many paths)."""
    if _BASE64.fullmatch("".join(text.split())) is None:
        return False
    head = text[:16].rstrip("=")
    head = head[: len(head) - len(head) % 4]  # whole 4-character groups only
    return len(text) > 256 or base64.b64decode(head).startswith(_SIGNATURES)


def _b64decode(text: str, origin: str, limits: ImageLimits) -> bytes:
    _check_size(len(text) * 3 // 4, origin, limits)  # before decoding: 4 characters carry 3 bytes
    try:
        return base64.b64decode(text, validate=False)
    except (binascii.Error, ValueError) as exc:
        raise ImageError(
            f"{origin}: not valid base64 ({exc}); send the raw file bytes or a path instead"
        ) from exc


def _decode(data: bytes, origin: str, limits: ImageLimits) -> LoadedImage:
    if not data:
        raise ImageError(f"{origin}: image is empty (0 bytes); re-export or re-download the file")
    _check_size(len(data), origin, limits)
    try:
        img = Image.open(io.BytesIO(data), formats=ALLOWED_FORMATS)  # reads the header only
        _check_pixels(img.width, img.height, origin, limits)
        img.verify()
        img = Image.open(io.BytesIO(data), formats=ALLOWED_FORMATS)
        fmt = (img.format or "PNG").upper()
        rgb = img.convert("RGB")
        rgb.load()
    except ImageError:
        raise
    except Image.DecompressionBombError as exc:  # Pillow's own guard, for limits above its threshold
        raise ImageError(f"{origin}: image has too many pixels ({exc}); downscale it") from exc
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as exc:
        raise ImageError(
            f"{origin}: not a readable image ({exc.__class__.__name__}); "
            f"send a {'/'.join(ALLOWED_FORMATS)} file"
        ) from exc
    mime = Image.MIME.get(fmt, "image/png")
    if mime not in ("image/jpeg", "image/png", "image/webp", "image/gif"):
        buf = io.BytesIO()
        rgb.save(buf, format="PNG")
        data, mime = buf.getvalue(), "image/png"
    return LoadedImage(pil=rgb, data=data, mime=mime, origin=origin)


def _check_pixels(width: int, height: int, origin: str, limits: ImageLimits) -> None:
    if width * height > limits.max_pixels:
        raise ImageError(
            f"{origin}: image too large ({width}x{height} = {width * height / 1e6:.0f} MP, the limit is "
            f"{limits.max_pixels / 1e6:.0f} MP): downscale it (operators: PMSR_MAX_IMAGE_PIXELS)"
        )

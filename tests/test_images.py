"""tools/images.py: every accepted form decodes to the same pixels; every bad input is an ImageError."""

from __future__ import annotations

import base64
import io
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from core.errors import ImageError
from tools.images import ImageLimits, LoadedImage, load_image


def _photo(fmt: str, size: tuple[int, int] = (40, 30)) -> bytes:
    rng = np.random.default_rng(7)
    pixels = rng.integers(0, 255, (size[1], size[0], 3), dtype=np.uint8)
    buf = io.BytesIO()
    Image.fromarray(pixels).save(buf, format=fmt)
    return buf.getvalue()


@pytest.fixture(scope="module")
def png() -> bytes:
    return _photo("PNG")


@pytest.fixture(scope="module")
def jpeg() -> bytes:
    return _photo("JPEG")


def test_path_str_and_path_object_give_the_file_bytes(tmp_path: Path, png: bytes) -> None:
    file = tmp_path / "a.png"
    file.write_bytes(png)
    for source in (str(file), file):
        image = load_image(source)
        assert image.data == png
        assert image.mime == "image/png"
        assert image.pil.size == (40, 30) and image.pil.mode == "RGB"
        assert image.origin == str(file)


def test_relative_path_resolves_against_base_dir(tmp_path: Path, png: bytes) -> None:
    (tmp_path / "imgs").mkdir()
    (tmp_path / "imgs" / "b.png").write_bytes(png)
    assert load_image("imgs/b.png", base_dir=tmp_path).data == png


def test_bytes_base64_and_data_url_decode_to_the_same_pixels(png: bytes, jpeg: bytes) -> None:
    for raw, mime in ((png, "image/png"), (jpeg, "image/jpeg")):
        b64 = base64.b64encode(raw).decode()
        forms = [raw, b64, f"data:{mime};base64,{b64}"]
        loaded = [load_image(form) for form in forms]
        reference = np.asarray(loaded[0].pil)
        for image in loaded:
            assert image.data == raw and image.mime == mime
            assert np.array_equal(np.asarray(image.pil), reference)


def test_jpeg_base64_starting_with_a_slash_is_not_taken_for_a_path(jpeg: bytes) -> None:
    b64 = base64.b64encode(jpeg).decode()
    assert b64.startswith("/9j/")
    assert load_image(b64).data == jpeg


def test_base64_with_line_breaks_is_accepted(png: bytes) -> None:
    b64 = base64.encodebytes(png).decode()  # MIME style: a newline every 76 characters
    assert "\n" in b64.strip()
    assert load_image(b64).data == png


def test_data_url_and_base64_round_trip_through_loaded_image(png: bytes) -> None:
    image = load_image(png)
    assert image.data_url.startswith("data:image/png;base64,")
    assert load_image(image.data_url).data == png
    assert base64.b64decode(image.base64) == png
    assert load_image(image) is image


def test_other_formats_are_re_encoded_as_png() -> None:
    image = load_image(_photo("BMP"))
    assert image.mime == "image/png"
    assert isinstance(image, LoadedImage)
    assert Image.open(io.BytesIO(image.data)).format == "PNG"


def test_missing_file_names_the_path(tmp_path: Path) -> None:
    missing = tmp_path / "nope.jpg"
    with pytest.raises(ImageError, match="image not found: .*nope.jpg"):
        load_image(str(missing))


@pytest.mark.parametrize("source", ["", "   ", b""])
def test_empty_input_is_an_image_error(source: str | bytes) -> None:
    with pytest.raises(ImageError):
        load_image(source)


def test_empty_file_is_an_image_error(tmp_path: Path) -> None:
    empty = tmp_path / "empty.png"
    empty.write_bytes(b"")
    with pytest.raises(ImageError, match="empty"):
        load_image(empty)


def test_truncated_file_is_an_image_error(tmp_path: Path, png: bytes) -> None:
    cut = tmp_path / "cut.png"
    cut.write_bytes(png[: len(png) // 2])
    with pytest.raises(ImageError, match="not a readable image"):
        load_image(cut)


def test_text_file_is_not_an_image(tmp_path: Path) -> None:
    text = tmp_path / "notes.jpg"
    text.write_text("these are not pixels")
    with pytest.raises(ImageError, match=r"notes\.jpg: not a readable image"):
        load_image(text)


def test_data_url_without_base64_is_rejected() -> None:
    with pytest.raises(ImageError, match="unsupported data URL"):
        load_image("data:image/png,rawpixels")


def test_base64_of_non_image_bytes_is_rejected() -> None:
    with pytest.raises(ImageError, match="<base64>: not a readable image"):
        load_image(base64.b64encode(b"x" * 400).decode())


def test_wrong_type_is_rejected() -> None:
    with pytest.raises(ImageError, match="no image given"):
        load_image(12345)  # type: ignore[arg-type]


# --- limits ---------------------------------------------------------------------------------------


def test_small_base64_is_not_taken_for_a_path() -> None:
    tiny = _photo("PNG", (2, 2))
    b64 = base64.b64encode(tiny).decode()
    assert len(b64) < 256
    assert load_image(b64).data == tiny


def test_roots_admit_files_inside_and_refuse_escapes(tmp_path: Path, png: bytes) -> None:
    root, outside = tmp_path / "root", tmp_path / "outside"
    (root / "sub").mkdir(parents=True)
    outside.mkdir()
    (root / "sub" / "in.png").write_bytes(png)
    (outside / "secret.png").write_bytes(png)
    (root / "link.png").symlink_to(outside / "secret.png")
    limits = ImageLimits(roots=ImageLimits.folders([root]))
    assert load_image(root / "sub" / "in.png", limits=limits).data == png
    assert load_image("sub/in.png", base_dir=root, limits=limits).data == png
    for escape in (outside / "secret.png", root / ".." / "outside" / "secret.png", root / "link.png"):
        with pytest.raises(ImageError, match="is outside the allowed folders"):
            load_image(str(escape), limits=limits)
    with pytest.raises(ImageError, match="image paths are not accepted here"):
        load_image(root / "sub" / "in.png", limits=ImageLimits(roots=()))


def test_oversized_inputs_are_refused_before_decoding(tmp_path: Path, png: bytes) -> None:
    limits = ImageLimits(max_bytes=len(png) - 1)
    file = tmp_path / "big.png"
    file.write_bytes(png)
    b64 = base64.b64encode(png).decode()
    for source in (png, file, b64, f"data:image/png;base64,{b64}"):
        with pytest.raises(ImageError, match="image too large .* the limit is"):
            load_image(source, limits=limits)
    # Not even valid base64: the length alone decides, nothing is decoded.
    with pytest.raises(ImageError, match="image too large"):
        load_image("!" * 10_000, limits=ImageLimits(max_bytes=1_000))


@pytest.mark.filterwarnings("ignore::PIL.Image.DecompressionBombWarning")  # Pillow's own notice at open
def test_too_many_pixels_is_refused_from_the_header(monkeypatch: pytest.MonkeyPatch) -> None:
    buf = io.BytesIO()
    Image.new("1", (10_000, 10_000)).save(buf, format="PNG")  # 100 MP declared, a few kB encoded
    decoded: list[str] = []
    monkeypatch.setattr(Image.Image, "convert", lambda self, *a, **k: decoded.append("convert"))
    with pytest.raises(ImageError, match="10000x10000 = 100 MP, the limit is 64 MP"):
        load_image(buf.getvalue())
    assert decoded == [], "the pixels were decoded before the size was checked"
    with pytest.raises(ImageError, match="40x30 = 0 MP"):
        load_image(_photo("PNG"), limits=ImageLimits(max_pixels=1_000))


def test_formats_outside_the_allowed_ones_are_refused() -> None:
    with pytest.raises(ImageError, match="not a readable image .* JPEG/PNG/WEBP/GIF/BMP"):
        load_image(_photo("TIFF"))

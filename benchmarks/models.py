"""Load time and per-call latency of the embedded models on this machine.

    python -m benchmarks.models [--images ../shared/data/dev/pkg_images/images] [--repeats 5]

Prints, for each embedded model, the seconds to load it and the median seconds per call over
`--repeats` calls: MiniLM (32 sentences, 1 query), EfficientNet-Lite0 (1 image, 8 images),
SmolLM2 (a 32-token answer) and the embedded chat model with an image (tags + answer).
Images come from `--images` when given, otherwise synthetic pictures are used.
"""

from __future__ import annotations

import argparse
import io
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
from PIL import Image

from tools.offline import go_offline

go_offline()

from tools import image_tags  # noqa: E402
from tools.embedders import make_text_embedder  # noqa: E402
from tools.images import load_image  # noqa: E402
from tools.models import EmbeddedChatModel, ModelSettings, image_message, make_chat_model  # noqa: E402

SENTENCES = [f"Sentence {i}: the river flows past the old stone bridge towards the sea." for i in range(32)]


def timed(call: Callable[[], object]) -> float:
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def median_latency(call: Callable[[], object], repeats: int) -> float:
    return statistics.median(timed(call) for _ in range(repeats))


def report(label: str, seconds: float) -> None:
    print(f"{label:<52} {seconds * 1000:10.1f} ms")


def sample_images(folder: Path | None, count: int) -> list[Image.Image]:
    if folder is not None:
        files = sorted(p for p in folder.iterdir() if p.suffix.lower() in {".png", ".jpg", ".jpeg"})
        return [load_image(files[i % len(files)]).pil for i in range(count)]
    rng = np.random.default_rng(0)
    return [Image.fromarray(rng.integers(0, 255, (300, 400, 3), dtype=np.uint8)) for _ in range(count)]


def bench_minilm(repeats: int) -> None:
    embedder = make_text_embedder("embedded")
    report("MiniLM load (+ first call)", timed(lambda: embedder.embed_texts(["warm up"])))
    report("MiniLM batch of 32 sentences", median_latency(lambda: embedder.embed_texts(SENTENCES), repeats))
    report("MiniLM 1 query", median_latency(lambda: embedder.embed_texts(["Where is the bridge?"]), repeats))


def bench_efficientnet(images: list[Image.Image], repeats: int) -> None:
    report("EfficientNet-Lite0 load (+ first call)", timed(lambda: image_tags.embed_and_tag(images[:1])))
    report(
        "EfficientNet 1 image (features + tags)",
        median_latency(lambda: image_tags.embed_and_tag(images[:1]), repeats),
    )
    report(
        "EfficientNet batch of 8 images",
        median_latency(lambda: image_tags.embed_and_tag(images[:8]), repeats),
    )


def bench_smollm2(images: list[Image.Image], repeats: int) -> None:
    model = make_chat_model("embedded", ModelSettings(max_tokens=32))
    assert isinstance(model, EmbeddedChatModel)
    report("SmolLM2-135M load (+ first call)", timed(lambda: model.invoke("Hi")))
    question = "Write two sentences about the history of Paris."
    report("SmolLM2 32-token answer", median_latency(lambda: model.invoke(question), repeats))
    tokens = model.invoke(question).usage_metadata["output_tokens"]
    print(f"{'  (tokens written per answer)':<52} {tokens:10d}")
    message = image_message("What is shown in this image?", load_image(_png_bytes(images[0])))
    report(
        "embedded chat model with an image (tags + answer)",
        median_latency(lambda: model.invoke([message]), repeats),
    )


def _png_bytes(image: Image.Image) -> bytes:
    buf = io.BytesIO()
    image.save(buf, format="PNG")
    return buf.getvalue()


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--images", type=Path, default=None, help="folder of JPEG/PNG photos")
    parser.add_argument("--repeats", type=int, default=5, help="calls per latency median")
    args = parser.parse_args(argv)
    import torch

    print(f"torch threads: {torch.get_num_threads()}, repeats: {args.repeats}")
    images = sample_images(args.images, 8)
    bench_minilm(args.repeats)
    bench_efficientnet(images, args.repeats)
    bench_smollm2(images, args.repeats)


if __name__ == "__main__":
    main()

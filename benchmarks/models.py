"""Load times, throughput and latency of the embedded models on this machine, before and after.

    python -m benchmarks.models [--data ../shared/data/dev/wiki_text] [--images DIR] [--threads N]

Prints, each measured in this one process:
- where models run (device, dtype, torch threads: on a busy shared machine `--threads 1` can be faster);
- SmolLM2 load: transformers reading the GGUF itself (the previous path; `--no-reference` skips its
  ~30 s), the first load on a machine (GGUF converted into a fresh cache folder) and a cached load;
- MiniLM throughput on passages from `--data` (FlashRAG/wiki JSONL, read like kb.build; synthetic passages
  of mixed length otherwise), in passages per wall second and per CPU second (steadier on a shared
  machine): as kb.build embedded before (calls of 64), as it does now (calls of 256, so
  sentence-transformers' length sorting pads less), and with the opt-in `embedded-int8`;
- the int8 recall check: over `--docs` passages, queries = the first sentences and the titles of 200
  of them; recall@10 of the float model's top 10 by int8 (int8 documents, and float documents with int8
  queries), and the share of queries whose own passage (or title) is in the top 10. `--dtypes float16
  bfloat16` adds the same check for half-precision MiniLM (slow on a CPU without native support);
- latency of single calls (MiniLM, EfficientNet-Lite0, SmolLM2 answers) as before.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import itertools
import os
import random
import re
import statistics
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any
from unittest import mock

import numpy as np
from PIL import Image

from tools.offline import go_offline

go_offline()

import torch  # noqa: E402

from kb.formats import Passage, read_passages  # noqa: E402
from tools import image_tags  # noqa: E402
from tools.devices import placement, torch_threads  # noqa: E402
from tools.embedders import SentenceTransformerEmbedder, make_text_embedder  # noqa: E402
from tools.images import load_image  # noqa: E402
from tools.models import EmbeddedChatModel, ModelSettings, image_message, make_chat_model  # noqa: E402
from tools.smollm2 import load_smollm2, smollm2_file  # noqa: E402

SENTENCES = [f"Sentence {i}: the river flows past the old stone bridge towards the sea." for i in range(32)]
K = 10


def timed(call: Callable[[], object]) -> float:
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def median_latency(call: Callable[[], object], repeats: int) -> float:
    return statistics.median(timed(call) for _ in range(repeats))


def report(label: str, seconds: float) -> None:
    print(f"{label:<60} {seconds * 1000:10.1f} ms")


def figure(label: str, value: float, unit: str) -> None:
    print(f"{label:<60} {value:10.3f} {unit}")


# ---- SmolLM2 load ----------------------------------------------------------------------------------


def bench_smollm2_load(reference: bool) -> None:
    from transformers import AutoModelForCausalLM, AutoTokenizer, LlamaForCausalLM  # noqa: F401  (imports)

    place = placement()
    if reference:
        gguf = smollm2_file()

        def transformers_gguf() -> None:
            with contextlib.redirect_stderr(io.StringIO()):
                AutoTokenizer.from_pretrained(gguf.parent, gguf_file=gguf.name)
                AutoModelForCausalLM.from_pretrained(gguf.parent, gguf_file=gguf.name)

        report("SmolLM2 load, transformers reading the GGUF (before)", timed(transformers_gguf))
    with tempfile.TemporaryDirectory() as cache, mock.patch.dict(os.environ, {"PMSR_CACHE_DIR": cache}):
        report("SmolLM2 first load on a machine (GGUF -> cache folder)", timed(lambda: load_smollm2(place)))
        report("SmolLM2 cached load", median_latency(lambda: load_smollm2(place), 3))


# ---- passages --------------------------------------------------------------------------------------


def dev_passages(folder: Path | None, count: int) -> list[Passage]:
    """`count` passages in a fixed random order: from the JSONL files of `folder`, or synthetic."""
    if folder is None:
        return synthetic_passages(count)
    passages = [p for f in sorted(folder.glob("*.jsonl")) for p in _quiet_read(f)]
    random.Random(0).shuffle(passages)
    return passages[:count]


def _quiet_read(path: Path) -> list[Passage]:
    import logging

    logging.disable(logging.WARNING)  # question files among the passages are "malformed": skip quietly
    try:
        return list(read_passages(path))
    finally:
        logging.disable(logging.NOTSET)


def synthetic_passages(count: int) -> list[Passage]:
    rng = random.Random(0)
    words = [
        f"{a}{b}" for a, b in itertools.product(["ka", "lo", "mi", "ne", "tu", "ra"], ["l", "n", "sk", "ta"])
    ]
    out = []
    for i in range(count):
        sentences = [
            " ".join(rng.choices(words, k=rng.randint(6, 20))) + "." for _ in range(rng.randint(1, 8))
        ]
        out.append(Passage(id=str(i), title=f"Entity {i}", text=" ".join(sentences), origin=f"synthetic:{i}"))
    return out


# ---- MiniLM throughput -----------------------------------------------------------------------------


def bench_minilm_throughput(passages: list[Passage], repeats: int) -> None:
    texts = [p.embed_text for p in passages]
    exact = make_text_embedder("embedded")
    int8 = make_text_embedder("embedded-int8") if exact.place.device.type == "cpu" else None
    assert isinstance(exact, SentenceTransformerEmbedder)
    exact.embed_texts(texts[:4])

    def in_calls_of(embedder: Any, size: int) -> Callable[[], None]:
        return lambda: [embedder.embed_texts(texts[i : i + size]) for i in range(0, len(texts), size)]

    runs = {"before: calls of 64": in_calls_of(exact, 64), "now: calls of 256": in_calls_of(exact, 256)}
    if int8 is not None:
        int8.embed_texts(texts[:4])
        runs["now, embedded-int8: calls of 256"] = in_calls_of(int8, 256)
    wall: dict[str, list[float]] = {name: [] for name in runs}
    cpu: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(repeats):  # interleaved, so load on a shared machine hits every variant alike
        for name, run in runs.items():
            started, cpu_started = time.perf_counter(), time.process_time()
            run()
            wall[name].append(len(texts) / (time.perf_counter() - started))
            cpu[name].append(len(texts) / (time.process_time() - cpu_started))
    print(f"MiniLM over {len(texts)} passages (median of {repeats}):")
    for name in runs:
        print(
            f"  {name:<42} {statistics.median(wall[name]):8.1f} passages/s "
            f"{statistics.median(cpu[name]):8.1f} per CPU-second"
        )


# ---- recall of the int8 / half-precision MiniLM against the float one ------------------------------


def bench_recall(passages: list[Passage], dtypes: Sequence[str]) -> None:
    queries = passages[:200]
    first = [re.split(r"(?<=[.!?])\s", p.text, maxsplit=1)[0] for p in queries]
    titles = [p.title or p.text[:40] for p in queries]
    docs = [p.embed_text for p in passages]
    exact = make_text_embedder("embedded", "cpu", "float32")
    variants = {"embedded-int8": make_text_embedder("embedded-int8", "cpu", "float32")}
    variants |= {f"embedded {d}": make_text_embedder("embedded", None, d) for d in dtypes}
    with torch_threads(1):  # one thread: steadier on a shared machine, same vectors
        base = exact.embed_texts(docs)
        for name, other in variants.items():
            vectors = other.embed_texts(docs)
            cosine = np.sum(base * vectors, axis=1)
            print(
                f"{name} vs float32 over {len(docs)} passages: "
                f"cosine min {cosine.min():.4f} mean {cosine.mean():.4f}"
            )
            for label, texts in (("first sentences", first), ("titles", titles)):
                q_exact, q_other = exact.embed_texts(texts), other.embed_texts(texts)
                tops = _top(q_exact, base), _top(q_other, vectors), _top(q_other, base)
                _recall_line(label, *tops, _gold_hits(label, passages))


def _recall_line(
    label: str, ref: np.ndarray, other: np.ndarray, mixed: np.ndarray, gold: Callable[[np.ndarray], float]
) -> None:
    """Agreement with the float top-10, and gold hits; query i was made from passage i."""
    print(
        f"  {label:<16} recall@10 of float top-10: {_overlap(ref, other):.3f} "
        f"(float docs, its queries: {_overlap(ref, mixed):.3f}); "
        f"gold@10 float {gold(ref):.3f}, it {gold(other):.3f}"
    )


def _top(queries: np.ndarray, docs: np.ndarray) -> np.ndarray:
    return np.argsort(-(queries @ docs.T), axis=1, kind="stable")[:, :K]


def _overlap(a: np.ndarray, b: np.ndarray) -> float:
    return float(np.mean([len(set(x) & set(y)) / K for x, y in zip(a, b, strict=True)]))


def _gold_hits(label: str, passages: list[Passage]) -> Callable[[np.ndarray], float]:
    """The share of queries whose own passage (first sentences) or a passage of their title is found."""
    if label == "titles":
        titles = [p.title for p in passages]
        return lambda top: float(
            np.mean([any(titles[j] == titles[i] for j in row) for i, row in enumerate(top)])
        )
    return lambda top: float(np.mean([i in row for i, row in enumerate(top)]))


# ---- single-call latency (as before) ---------------------------------------------------------------


def sample_images(folder: Path | None, count: int) -> list[Image.Image]:
    if folder is not None:
        files = sorted(p for p in folder.iterdir() if p.suffix.lower() in {".png", ".jpg", ".jpeg"})
        return [load_image(files[i % len(files)]).pil for i in range(count)]
    rng = np.random.default_rng(0)
    return [Image.fromarray(rng.integers(0, 255, (300, 400, 3), dtype=np.uint8)) for _ in range(count)]


def bench_minilm(repeats: int) -> None:
    embedder = make_text_embedder("embedded")
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
    report("SmolLM2 first call (load from the cache + answer)", timed(lambda: model.invoke("Hi")))
    question = "Write two sentences about the history of Paris."
    report("SmolLM2 32-token answer", median_latency(lambda: model.invoke(question), repeats))
    tokens = model.invoke(question).usage_metadata["output_tokens"]
    print(f"{'  (tokens written per answer)':<60} {tokens:10d}")
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
    parser.add_argument("--data", type=Path, default=None, help="folder of passage JSONL files (wiki_text)")
    parser.add_argument("--images", type=Path, default=None, help="folder of JPEG/PNG photos")
    parser.add_argument("--repeats", type=int, default=3, help="runs per median")
    parser.add_argument("--passages", type=int, default=512, help="passages for the throughput figures")
    parser.add_argument("--docs", type=int, default=2000, help="passages for the recall check")
    parser.add_argument("--dtypes", nargs="*", default=[], help="also check MiniLM in these dtypes")
    parser.add_argument("--no-reference", action="store_true", help="skip transformers' own GGUF load")
    parser.add_argument("--threads", type=int, default=None, help="torch threads (default: torch's choice)")
    args = parser.parse_args(argv)
    if args.threads:
        torch.set_num_threads(args.threads)

    where = placement()
    print(f"device {where.device}, dtype {where.dtype_name}, torch threads {torch.get_num_threads()}")
    bench_smollm2_load(reference=not args.no_reference)
    passages = dev_passages(args.data, max(args.passages, args.docs))
    bench_minilm_throughput(passages[: args.passages], args.repeats)
    bench_recall(passages[: args.docs], args.dtypes)
    images = sample_images(args.images, 8)
    bench_minilm(args.repeats)
    bench_efficientnet(images, args.repeats)
    bench_smollm2(images, args.repeats)


if __name__ == "__main__":
    main()

"""How build time, disk, memory and query latency grow with the KB: `python -m benchmarks.scale`.

    python -m benchmarks.scale growth --data ../shared/data/dev [--sizes 10000,100000] [--kinds text pairs]
    python -m benchmarks.scale report [--out runs/bench_scale]

`growth` builds a text KB (384-d vectors, MiniLM's width) and a pair KB (384 + 1280 = 1664-d: MiniLM
and EfficientNet-Lite0 halves) per size through `KnowledgeBase.upsert` — what `kb.build` calls — with
the project's HNSW settings, and keeps for each point (OUT/points/<kind>_<size>.json): insert rate (per
wall second, and per CPU-second of the process, Chroma's threads included — steadier on a shared
machine), bytes on disk per record, peak resident memory while building, resident memory a fresh
process needs to serve the KB (its growth from opening the KB to after the queries), query p50/p95
through `search_text` / `search_pairs_many` (w = 0.5), recall@10 against exact inner-product search
over the same vectors, and the HNSW settings Chroma reports. Building and querying each run in a fresh
process. A long point (1M) can be measured once and reported with the others later.

Vectors are synthetic, drawn around the real embeddings of the dev KB (MiniLM vectors of 13.9k real
passages and the 103 real image–text pairs: MiniLM text halves, EfficientNet image halves; built once
into OUT/source_kb). A text record is a noisy copy of a real passage vector (as benchmarks/kb.py). A
pair belongs to one of `--centres` centres, each a noisy copy of both halves of a real pair; its text
half is a noisy copy of its centre's text half, and its image half a noisy copy of its own centre's
image half with probability ρ, of a random centre's otherwise. ρ is chosen by bisection so that the
halves are related as in real pairs: over all pairs of pairs, the correlation between text cosine and
image cosine equals the real pairs' (both printed; ρ = 1 if the real one is out of reach). Documents are
real 100-word Wikipedia passages (DPR) with their titles, so disk figures include the text and Chroma's
full-text index of it. Queries are drawn the same way, never a stored vector.

`report` fits the points — disk and memory linear in N, indexing CPU time per record and latency
linear in ln N — prints the README table with the extrapolation to 2M passages and 6M pairs (disk,
memory, build hours per CPU core: embedding with the embedded models, measured here on real passages
and images the way `benchmarks/models.py` does, plus indexing), and plots the curves (OUT/scale.png).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import shutil
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from tools.offline import go_offline

go_offline()

from benchmarks.kb import K, pairs_jsonl, recall_at_k, rss_mb, synthetic_kb, unit  # noqa: E402
from kb.build import build_kb  # noqa: E402
from kb.formats import read_passages  # noqa: E402
from kb.store import KnowledgeBase, open_kb  # noqa: E402

DIMS = {"text": 384, "image": 1280}
CHUNK = 5000  # records per upsert (and per generated block of vectors)
TARGETS = {"text": 2_000_000, "pairs": 6_000_000}  # the encyclopedia KB and InfoSeek's Wiki6M pairs
TEXT_FILES_SKIPPED = {"flashrag_nq_test_sample.jsonl"}  # questions, not passages
DOCUMENTS = "flashrag_dpr_wiki_sample_1000.jsonl"  # real 100-word Wikipedia passages


# ---- the shape of the synthetic vectors ------------------------------------------------------------


@dataclass(frozen=True)
class Source:
    """Real vectors the synthetic ones are drawn around, and real passages stored as their documents."""

    text: np.ndarray
    pair_text: np.ndarray
    pair_image: np.ndarray
    documents: list[tuple[str, str]]


def load_source(data: Path, out: Path) -> Source:
    """The dev KB's real vectors (built into OUT/source_kb on first use; a rerun adds nothing)."""
    kb_dir = out / "source_kb"
    files = sorted(p for p in (data / "wiki_text").glob("*.jsonl") if p.name not in TEXT_FILES_SKIPPED)
    summary = build_kb(str(kb_dir), files, [pairs_jsonl(data, out)], progress=False)
    print(f"source KB {kb_dir}: {summary.total}", flush=True)
    kb = open_kb(str(kb_dir))
    text = np.asarray(kb.collection("text").get(include=["embeddings"])["embeddings"], np.float32)
    pairs = np.asarray(kb.collection("pairs").get(include=["embeddings"])["embeddings"], np.float32)
    documents = [(p.title, p.text) for p in read_passages(data / "wiki_text" / DOCUMENTS)]
    split = DIMS["text"]
    return Source(unit(text), unit(pairs[:, :split]), unit(pairs[:, split:]), documents)


def jitter(rows: np.ndarray, noise: float, rng: np.random.Generator) -> np.ndarray:
    """Unit vectors `row + noise·g/√d` (g ~ N(0, I)): cosine ≈ 1/√(1+noise²) to their row."""
    scale = noise / np.sqrt(rows.shape[1])
    return unit(rows + scale * rng.standard_normal(rows.shape, dtype=np.float32))


@dataclass(frozen=True)
class Shapes:
    """How synthetic records are drawn (see the module docstring); sent to the worker processes."""

    passages: np.ndarray
    centre_text: np.ndarray
    centre_image: np.ndarray
    noise: float
    rho: float

    def vectors(self, kind: str, count: int, rng: np.random.Generator) -> np.ndarray:
        """`count` stored vectors of a text record (384-d) or a pair (`[t̂ ; î]`, 1664-d)."""
        if kind == "text":
            return jitter(self.passages[rng.integers(0, len(self.passages), count)], self.noise, rng)
        centres = rng.integers(0, len(self.centre_text), count)
        own = rng.random(count) < self.rho
        images = np.where(own, centres, rng.integers(0, len(self.centre_text), count))
        text = jitter(self.centre_text[centres], self.noise, rng)
        return np.hstack([text, jitter(self.centre_image[images], self.noise, rng)])


def similarity_correlation(text: np.ndarray, image: np.ndarray) -> float:
    """Pearson correlation, over all pairs of records, of their text cosine and their image cosine."""
    upper = np.triu_indices(len(text), 1)
    return float(np.corrcoef((text @ text.T)[upper], (image @ image.T)[upper])[0, 1])


def make_shapes(source: Source, noise: float, centre_noise: float, centres: int, seed: int) -> Shapes:
    """Pair centres around the real pairs, and the ρ whose halves correlate like the real pairs'."""
    rng = np.random.default_rng(seed)
    picked = rng.integers(0, len(source.pair_text), centres)
    centre_text = jitter(source.pair_text[picked], centre_noise, rng)
    centre_image = jitter(source.pair_image[picked], centre_noise, rng)
    target = similarity_correlation(source.pair_text, source.pair_image)

    def correlation(rho: float) -> float:
        shapes = Shapes(source.text, centre_text, centre_image, noise, rho)
        sample = shapes.vectors("pairs", 800, np.random.default_rng(seed + 1))
        return similarity_correlation(sample[:, : DIMS["text"]], sample[:, DIMS["text"] :])

    low, high = 0.0, 1.0
    for _ in range(12):
        middle = (low + high) / 2
        low, high = (middle, high) if correlation(middle) < target else (low, middle)
    rho = (low + high) / 2
    print(
        f"pair halves: correlation of text and image cosines {target:.3f} over the "
        f"{len(source.pair_text)} real pairs, {correlation(rho):.3f} over synthetic ones at ρ = {rho:.3f}",
        flush=True,
    )
    return Shapes(source.text, centre_text, centre_image, noise, rho)


# ---- one point: build in one process, query in another --------------------------------------------


@dataclass(frozen=True)
class Point:
    kind: str
    size: int
    folder: Path
    seed: int

    def block(self, shapes: Shapes, start: int) -> np.ndarray:
        """The vectors of records start … start+CHUNK-1, the same in every process."""
        rng = np.random.default_rng([self.seed, self.size, start, self.kind == "pairs"])
        return shapes.vectors(self.kind, min(CHUNK, self.size - start), rng)


def kb_at(folder: Path, fresh: bool = False) -> KnowledgeBase:
    return synthetic_kb(folder, DIMS, fresh)


def build_point(point: Point, shapes: Shapes, documents: list[tuple[str, str]], queries: np.ndarray) -> dict:
    """Insert every record; returns the insert figures and the exact top-K ids of every query."""
    start_rss = reset_peak_rss()
    kb = kb_at(point.folder, fresh=True)
    exact = ExactTop(len(queries))
    wall = cpu = 0.0
    for start in range(0, point.size, CHUNK):
        vectors = point.block(shapes, start)
        ids = [f"{point.kind}{i}" for i in range(start, start + len(vectors))]
        picked = [documents[i % len(documents)] for i in range(start, start + len(vectors))]
        metas = [_metadata(point.kind, title, rid) for (title, _), rid in zip(picked, ids, strict=True)]
        started, cpu_started = time.perf_counter(), time.process_time()
        kb.upsert(point.kind, ids, vectors, [text for _, text in picked], metas)
        wall += time.perf_counter() - started
        cpu += time.process_time() - cpu_started
        exact.add(queries @ vectors.T, start)
        done = start + len(vectors)
        if done % (20 * CHUNK) == 0:
            print(f"  {point.kind} {done:,}/{point.size:,} at {done / wall:.0f}/s", flush=True)
    return {
        "insert_per_s": point.size / wall,
        "insert_per_cpu_s": point.size / cpu,
        "index_cpu_s_per_record": cpu / point.size,
        "build_peak_rss_mb": peak_rss_mb() - start_rss,
        "hnsw": kb.collection(point.kind).configuration["hnsw"],
        "exact": [[f"{point.kind}{i}" for i in row] for row in exact.index],
    }


def _metadata(kind: str, title: str, rid: str) -> dict[str, str]:
    """What kb.build stores with a record (a pair also names its image file)."""
    meta = {"title": title, "build": "0123456789ab"}
    return meta | {"image_path": f"/data/wiki6m/images/{rid}.jpg"} if kind == "pairs" else meta


def reset_peak_rss() -> float:
    """Reset this process's peak resident memory (Linux `clear_refs`); returns the current MiB."""
    Path("/proc/self/clear_refs").write_text("5")
    return rss_mb()[0]


def peak_rss_mb() -> float:
    """Peak resident memory (VmHWM) since the last reset, in MiB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmHWM in /proc/self/status")


class ExactTop:
    """The exact top-K of every query, kept while the stored vectors stream past in blocks."""

    def __init__(self, queries: int) -> None:
        self.scores = np.full((queries, K), -np.inf, np.float32)
        self.index = np.zeros((queries, K), np.int64)

    def add(self, scores: np.ndarray, start: int) -> None:
        merged = np.hstack([self.scores, scores])
        index = np.hstack(
            [self.index, np.arange(start, start + scores.shape[1])[None, :].repeat(len(scores), 0)]
        )
        best = np.argsort(-merged, axis=1, kind="stable")[:, :K]
        self.scores, self.index = np.take_along_axis(merged, best, 1), np.take_along_axis(index, best, 1)


def query_point(point: Point, text_queries: np.ndarray, image_queries: np.ndarray | None) -> dict:
    """Open the KB in this fresh process, query it, and say what that cost in time and memory."""
    before = rss_mb()[0]
    kb = kb_at(point.folder)
    search = _searcher(kb, text_queries, image_queries)
    search(0)  # warm-up: loads the index
    times, found = [], []
    for i in range(len(text_queries)):
        started = time.perf_counter()
        hits = search(i)
        times.append((time.perf_counter() - started) * 1000)
        found.append([h["id"] for h in hits])
    return {
        "p50_ms": float(np.percentile(times, 50)),
        "p95_ms": float(np.percentile(times, 95)),
        "serve_rss_mb": rss_mb()[0] - before,
        "found": found,
    }


def _searcher(kb: KnowledgeBase, text: np.ndarray, image: np.ndarray | None) -> Callable[[int], list]:
    """Query i: text search (no image queries), else fused pair search with w = 0.5."""
    if image is None:
        return lambda i: kb.search_text(text[i], K)
    return lambda i: kb.search_pairs_many(image[i], text[i : i + 1], K, 0.5)[0]


def in_fresh_process(fn: Callable[..., dict], *args: Any) -> dict:
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        return pool.submit(fn, *args).result()


def measure(point: Point, shapes: Shapes, source: Source, queries_n: int) -> dict:
    """One growth point: build, then query in a fresh process; recall from the exact top-K."""
    rng = np.random.default_rng([point.seed, 99])
    drawn = shapes.vectors(point.kind, queries_n, rng)
    text_q, image_q, exact_q = drawn, None, drawn
    if point.kind == "pairs":
        text_q, image_q = drawn[:, : DIMS["text"]], drawn[:, DIMS["text"] :]
        exact_q = np.hstack([0.5 * text_q, 0.5 * image_q])
    built = in_fresh_process(build_point, point, shapes, source.documents, exact_q)
    queried = in_fresh_process(query_point, point, text_q, image_q)
    disk = sum(f.stat().st_blocks * 512 for f in point.folder.rglob("*") if f.is_file())
    return {
        "kind": point.kind,
        "size": point.size,
        "dims": drawn.shape[1],
        "rho": shapes.rho,
        "noise": shapes.noise,
        "centres": len(shapes.centre_text),
        **{key: value for key, value in built.items() if key != "exact"},
        **{key: value for key, value in queried.items() if key != "found"},
        "recall_at_10": recall_at_k(queried["found"], built["exact"]),
        "disk_bytes": disk,
        "disk_bytes_per_record": disk / point.size,
        "cpus": os.cpu_count(),
        "measured_at": time.strftime("%Y-%m-%d %H:%M"),
    }


# ---- embedding cost (the other half of a build) ---------------------------------------------------


def embedding_rates(data: Path, out: Path, passages_n: int = 512, images_n: int = 64) -> dict:
    """Records embedded per CPU-second (and per wall second) of one torch thread with the embedded
    models, as kb.build embeds them: passages in calls of 256; pair images decoded from disk and
    embedded in a batch of 64."""
    import torch

    from tools.embedders import make_image_embedder, make_text_embedder
    from tools.images import load_image

    torch.set_num_threads(1)  # per core: one thread's CPU time is its compute, no spin-waiting
    texts = [p.embed_text for p in read_passages(data / "wiki_text" / DOCUMENTS)][:passages_n]
    rows = [json.loads(line) for line in pairs_jsonl(data, out).read_text().splitlines()]
    files = [rows[i % len(rows)]["image_path"] for i in range(images_n)]
    text, image = make_text_embedder("embedded"), make_image_embedder("embedded")
    text.embed_texts(texts[:8])
    image.embed_images([load_image(files[0]).pil])  # warm-up: loads both models

    def passages() -> None:
        for i in range(0, len(texts), 256):
            text.embed_texts(texts[i : i + 256])

    def images() -> None:
        image.embed_images([load_image(f).pil for f in files])

    rates = {}
    for name, run, count in (("passages", passages, len(texts)), ("images", images, len(files))):
        started, cpu_started = time.perf_counter(), time.process_time()
        run()
        rates[f"{name}_per_s"] = count / (time.perf_counter() - started)
        rates[f"{name}_per_cpu_s"] = count / (time.process_time() - cpu_started)
    print(f"embedding: {rates}", flush=True)
    return rates


# ---- the growth run --------------------------------------------------------------------------------


def growth(args: argparse.Namespace) -> None:
    points = args.out / "points"
    points.mkdir(parents=True, exist_ok=True)
    source = load_source(args.data, args.out)
    embedding = args.out / "embedding.json"
    if args.fresh or not embedding.exists():
        embedding.write_text(json.dumps(embedding_rates(args.data, args.out), indent=1))
    shapes = make_shapes(source, args.noise, args.centre_noise, args.centres, args.seed)
    for size in args.sizes:
        for kind in args.kinds:
            path = points / f"{kind}_{size}.json"
            if path.exists() and not args.fresh:
                print(f"{kind} {size:,}: measured before ({path})", flush=True)
                continue
            print(f"{kind} {size:,}: building", flush=True)
            point = Point(kind, size, args.out / "stores" / f"{kind}_{size}", args.seed)
            result = measure(point, shapes, source, args.queries)
            path.write_text(json.dumps(result, indent=1))
            print(f"  {describe(result)}", flush=True)
            if not args.keep:
                shutil.rmtree(point.folder)


def describe(point: dict) -> str:
    return (
        f"{point['insert_per_s']:.0f} inserts/s ({point['insert_per_cpu_s']:.0f} per CPU-s), "
        f"{point['disk_bytes_per_record']:.0f} B/record on disk, serve RSS {point['serve_rss_mb']:.0f} MiB, "
        f"build peak {point['build_peak_rss_mb']:.0f} MiB, "
        f"p50/p95 {point['p50_ms']:.1f}/{point['p95_ms']:.1f} ms, "
        f"recall@{K} {point['recall_at_10']:.3f}"
    )


# ---- fits, the README table, the plot --------------------------------------------------------------


@dataclass(frozen=True)
class Fit:
    """y = a + b·x with x = N, or x = ln N (`log`); one point fits a line through 0 (or a constant)."""

    a: float
    b: float
    log: bool

    def __call__(self, n: float) -> float:
        return self.a + self.b * (np.log(n) if self.log else n)


def fit(points: list[dict], key: str, log: bool = False) -> Fit:
    sizes = np.array([p["size"] for p in points], float)
    values = np.array([p[key] for p in points], float)
    if len(points) == 1:
        return Fit(values[0], 0.0, True) if log else Fit(0.0, values[0] / sizes[0], False)
    slope, intercept = np.polyfit(np.log(sizes) if log else sizes, values, 1)
    return Fit(float(intercept), float(slope), log)


FITTED = {
    "disk_bytes": False,
    "serve_rss_mb": False,
    "build_peak_rss_mb": False,
    "index_cpu_s_per_record": True,
    "p50_ms": True,
}


def load_points(out: Path) -> dict[str, list[dict]]:
    found: dict[str, list[dict]] = {"text": [], "pairs": []}
    for path in (out / "points").glob("*.json"):
        point = json.loads(path.read_text())
        found[point["kind"]].append(point)
    return {kind: sorted(points, key=lambda p: p["size"]) for kind, points in found.items() if points}


def extrapolate(kind: str, points: list[dict], embedding: dict, n: int) -> dict:
    """The fitted figures of a KB of `n` records, with its build core-hours (embedding + indexing)."""
    fits = {key: fit(points, key, log) for key, log in FITTED.items()}
    per_record = 1 / embedding["passages_per_cpu_s"]
    if kind == "pairs":
        per_record += 1 / embedding["images_per_cpu_s"]
    index_hours = n * fits["index_cpu_s_per_record"](n) / 3600
    return {
        "size": n,
        "disk_gib": fits["disk_bytes"](n) / 2**30,
        "serve_gib": fits["serve_rss_mb"](n) / 1024,
        "build_peak_gib": fits["build_peak_rss_mb"](n) / 1024,
        "index_core_hours": index_hours,
        "embed_core_hours": n * per_record / 3600,
        "build_core_hours": index_hours + n * per_record / 3600,
        "p50_ms": fits["p50_ms"](n),
        "records_per_serve_gib": 1024 / fits["serve_rss_mb"].b
        if fits["serve_rss_mb"].b > 0
        else float("inf"),
    }


def table(points: dict[str, list[dict]], embedding: dict) -> str:
    names = {"text": "passages (384-d)", "pairs": "pairs (1664-d)"}
    lines = [
        "| KB | records | | inserts/s | per CPU-s | disk/record | disk | RAM to serve | RAM to build "
        "| p50 / p95 ms | recall@10 |",
        "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for kind, measured in points.items():
        for p in measured:
            lines.append(
                f"| {names[kind]} | {p['size']:,} | measured "
                f"| {p['insert_per_s']:.0f} | {p['insert_per_cpu_s']:.0f} "
                f"| {p['disk_bytes_per_record'] / 1024:.1f} KiB | {p['disk_bytes'] / 2**30:.2f} GiB "
                f"| {p['serve_rss_mb'] / 1024:.2f} GiB | {p['build_peak_rss_mb'] / 1024:.2f} GiB "
                f"| {p['p50_ms']:.1f} / {p['p95_ms']:.1f} | {p['recall_at_10']:.3f} |"
            )
        e = extrapolate(kind, measured, embedding, TARGETS[kind])
        lines.append(
            f"| {names[kind]} | {e['size']:,} | **fitted** | | | "
            f"| {e['disk_gib']:.0f} GiB | {e['serve_gib']:.1f} GiB | {e['build_peak_gib']:.1f} GiB "
            f"| {e['p50_ms']:.1f} / — | — |"
        )
    return "\n".join(lines)


def build_hours(points: dict[str, list[dict]], embedding: dict) -> str:
    lines = [
        "| target | embedding, CPU core-hours | indexing, CPU core-hours | build, CPU core-hours "
        "| on a GPU |",
        "|---|---:|---:|---:|---|",
    ]
    for kind, measured in points.items():
        e = extrapolate(kind, measured, embedding, TARGETS[kind])
        lines.append(
            f"| {TARGETS[kind]:,} {'passages' if kind == 'text' else 'pairs'} | {e['embed_core_hours']:.0f} "
            f"| {e['index_core_hours']:.0f} | {e['build_core_hours']:.0f} | not measured (no GPU lent) |"
        )
    return "\n".join(lines)


def plot(points: dict[str, list[dict]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    panels = [  # (point key, unit scale, label, log y)
        ("disk_bytes", 2**-30, "disk (GiB)", True),
        ("serve_rss_mb", 1 / 1024, "RAM to serve (GiB)", True),
        ("index_cpu_s_per_record", 1000, "indexing CPU ms / record", False),
        ("p50_ms", 1, "query p50 (ms)", False),
    ]
    figure, axes = plt.subplots(2, 2, figsize=(10, 7))
    for axis, (key, scale, label, log_y) in zip(axes.ravel(), panels, strict=True):
        for kind, measured in points.items():
            line = fit(measured, key, FITTED[key])
            grid = np.geomspace(min(p["size"] for p in measured), TARGETS[kind], 50)
            drawn = axis.plot(grid, [line(n) * scale for n in grid], "--", label=f"{kind} fitted")
            sizes = [p["size"] for p in measured]
            axis.plot(sizes, [p[key] * scale for p in measured], "o", color=drawn[0].get_color(),
                      label=f"{kind} measured")  # fmt: skip
            axis.axvline(TARGETS[kind], color=drawn[0].get_color(), linewidth=0.5)
        axis.set_xscale("log")
        axis.set_yscale("log" if log_y else "linear")
        axis.set_xlabel("records")
        axis.set_ylabel(label)
        axis.grid(True, which="both", alpha=0.3)
    axes[0, 0].legend(fontsize=8)
    figure.suptitle("Chroma KB growth (2-core CPU; vertical lines: 2M passages, 6M pairs)")
    figure.tight_layout()
    figure.savefig(path, dpi=110)


def report(args: argparse.Namespace) -> None:
    points = load_points(args.out)
    if not points:
        raise SystemExit(f"no points in {args.out / 'points'}: run `python -m benchmarks.scale growth` first")
    embedding = json.loads((args.out / "embedding.json").read_text())
    hnsw = next(iter(points.values()))[0]["hnsw"]
    text = "\n\n".join(
        [
            table(points, embedding),
            build_hours(points, embedding),
            f"HNSW: {json.dumps(hnsw)}; embedding per CPU-second: "
            f"{embedding['passages_per_cpu_s']:.0f} passages (MiniLM), "
            f"{embedding['images_per_cpu_s']:.0f} images (decode + EfficientNet-Lite0)",
        ]
    )
    for kind, measured in points.items():
        e = extrapolate(kind, measured, embedding, TARGETS[kind])
        text += f"\n{kind}: about {e['records_per_serve_gib']:,.0f} records per GiB of serving RAM"
    print(text)
    (args.out / "scale.md").write_text(text + "\n")
    plot(points, args.out / "scale.png")
    print(f"\nwritten: {args.out / 'scale.md'}, {args.out / 'scale.png'}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.scale", description=__doc__.splitlines()[0])
    parts = parser.add_subparsers(dest="part", required=True)
    grow = parts.add_parser("growth", help="measure the growth points (kept in OUT/points)")
    grow.add_argument("--data", type=Path, required=True, help="the dev data folder (../shared/data/dev)")
    grow.add_argument(
        "--sizes", type=lambda text: [int(s) for s in text.split(",")], default=[10_000, 100_000],
        help="records per KB, comma-separated (default: 10000,100000; 1000000 takes hours on 2 cores)",
    )  # fmt: skip
    grow.add_argument("--kinds", nargs="+", choices=("text", "pairs"), default=["text", "pairs"])
    grow.add_argument("--queries", type=int, default=200)
    grow.add_argument(
        "--noise", type=float, default=0.7, help="as benchmarks/kb.py: cosine ≈ 0.82 to the base"
    )
    grow.add_argument("--centre-noise", type=float, default=0.5, help="pair centres around the real pairs")
    grow.add_argument("--centres", type=int, default=1000, help="pair centres")
    grow.add_argument("--seed", type=int, default=7)
    grow.add_argument("--fresh", action="store_true", help="measure points already measured again")
    grow.add_argument(
        "--keep", action="store_true", help="keep the stores (default: deleted after measuring)"
    )
    fits = parts.add_parser("report", help="fit the points: README table, extrapolation, plot")
    for part in (grow, fits):
        part.add_argument("--out", type=Path, default=Path("runs/bench_scale"))
    args = parser.parse_args(argv)
    (growth if args.part == "growth" else report)(args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

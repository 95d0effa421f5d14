"""Knowledge-base speed, recall and memory: `python -m benchmarks.kb [--data DIR] [--out DIR]`.

Part 1 builds a KB from the dev data folder (`../shared/data/dev`, else `kb_data/dev-data` from
`make dev-data`) — every `wiki_text/*.jsonl` passage file except the NQ questions,
plus image–text pairs made from `pkg_images/index.json`, `stellarium_messier/objects.json` and
`tuxpaint_stamps/stamps.json` (converted to a pairs JSONL here: the builder reads only the formats of
`kb/formats.py`) — and prints embedding and store throughput, query latency for text and fused search,
and recall@10 of Chroma's HNSW against exact numpy search over the same vectors. Part 2 does the same with N
synthetic vectors (text, and pairs of text+image halves), without embedding anything:
`--synthetic-kind clustered` (default) makes noisy copies of the real vectors of the dev KB (OUT/dev_kb,
built by part 1, or --source-kb), shaped like real embeddings; `uniform` makes random unit vectors, the
worst case for HNSW, since they have no low-dimensional structure. Queries are drawn the same way (never
a stored vector). The synthetic store is kept in --out and reused, so `--ef-search` values can be
compared cheaply (Chroma reads ef_search when a process loads the index: one process per value).
"""

from __future__ import annotations

import os

from tools.offline import go_offline

go_offline()

import argparse  # noqa: E402  (the offline switches must be set before the model libraries load)
import json  # noqa: E402
import resource  # noqa: E402
import shutil  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable, Sequence  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import numpy as np  # noqa: E402

from evaluation.dev_data import DATA_HELP, find_dev_data  # noqa: E402
from kb.build import build_kb  # noqa: E402
from kb.formats import read_passages  # noqa: E402
from kb.store import HNSW_CONFIG, KnowledgeBase, open_kb  # noqa: E402

K = 10
NQ_QUESTIONS = "flashrag_nq_test_sample.jsonl"
PAIR_INDEXES = {
    "pkg_images/index.json": ("file", "wikipedia", ("shows",)),
    "stellarium_messier/objects.json": ("image", "wikipedia_title_guess", ("messier",)),
    "tuxpaint_stamps/stamps.json": ("image", "wikipedia_title_guess", ("desc_en",)),
}


# ---- measuring helpers -------------------------------------------------------------------------


def rss_mb() -> tuple[float, float]:
    """(current, peak) resident memory of this process in MiB."""
    current = 0.0
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                current = int(line.split()[1]) / 1024
    return current, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def latencies_ms(run: Callable[[int], Any], n: int) -> tuple[float, float]:
    run(0)  # warm-up: loads the index
    times = []
    for i in range(n):
        start = time.perf_counter()
        run(i)
        times.append((time.perf_counter() - start) * 1000)
    return float(np.percentile(times, 50)), float(np.percentile(times, 95))


def recall_at_k(found: Sequence[Sequence[str]], exact: Sequence[Sequence[str]]) -> float:
    return float(np.mean([len(set(f) & set(e)) / len(e) for f, e in zip(found, exact, strict=True)]))


def exact_top(ids: np.ndarray, stored: np.ndarray, queries: np.ndarray) -> list[list[str]]:
    scores = queries @ stored.T
    return [list(ids[np.argsort(-row, kind="stable")[:K]]) for row in scores]


def unit(rows: np.ndarray) -> np.ndarray:
    return (rows / np.linalg.norm(rows, axis=1, keepdims=True)).astype(np.float32)


def stored_vectors(kb: KnowledgeBase, kind: str) -> tuple[np.ndarray, np.ndarray]:
    got = kb.collection(kind).get(include=["embeddings"])
    return np.array(got["ids"]), np.asarray(got["embeddings"], np.float32)


def show(label: str, value: str) -> None:
    print(f"  {label:<44} {value}", flush=True)


# ---- part 1: the dev KB ------------------------------------------------------------------------


def pairs_jsonl(data: Path, out: Path) -> Path:
    """The three image indexes as one InfoSeek-style pairs file (absolute image paths)."""
    path = out / "dev_pairs.jsonl"
    with path.open("w") as handle:
        for index, (image_key, title_key, extra_keys) in PAIR_INDEXES.items():
            folder = (data / index).parent
            for n, row in enumerate(json.loads((data / index).read_text())):
                title = str(row.get(title_key) or "")
                glosses = [g["contents"] for g in row.get("wordnet_gloss") or []]
                summary = ". ".join(str(row[k]) for k in extra_keys if row.get(k))
                pair = {
                    "id": row.get("id") or f"{folder.name}/{n}",
                    "wikipedia_title": title,
                    "wikipedia_summary": " ".join([f"{title}: {summary}.", *glosses]),
                    "image_path": str((folder / row[image_key]).resolve()),
                }
                handle.write(json.dumps(pair) + "\n")
    return path


def dev_benchmark(data: Path, out: Path, queries_n: int, batch: int) -> dict[str, float]:
    print("dev KB (real passages and images, embedded models)", flush=True)
    files = sorted(p for p in (data / "wiki_text").glob("*.jsonl") if p.name != NQ_QUESTIONS)
    passages = [p for f in files for p in read_passages(f)]
    kb_dir = out / "dev_kb"
    shutil.rmtree(kb_dir, ignore_errors=True)
    kb = open_kb(str(kb_dir), create=True)
    kb.text_embedder.embed_texts(["warm-up"])
    res: dict[str, float] = {"passages": len(passages)}

    start = time.perf_counter()
    vectors = np.vstack(
        [
            kb.text_embedder.embed_texts([p.embed_text for p in passages[i : i + batch]])
            for i in range(0, len(passages), batch)
        ]
    )
    res["embed_passages_per_s"] = len(passages) / (time.perf_counter() - start)
    start = time.perf_counter()
    for i in range(0, len(passages), 1000):
        chunk = passages[i : i + 1000]
        kb.upsert(
            "text",
            [p.id for p in chunk],
            vectors[i : i + 1000],
            [p.text for p in chunk],
            [{"title": p.title, "build": "benchmark"} for p in chunk],
        )
    res["store_passages_per_s"] = len(passages) / (time.perf_counter() - start)
    show("passages", f"{len(passages)} from {len(files)} files")
    show(f"embed passages/s (MiniLM, batch {batch})", f"{res['embed_passages_per_s']:.0f}")
    show("store passages/s (Chroma upsert, batch 1000)", f"{res['store_passages_per_s']:.0f}")

    summary = build_kb(str(kb_dir), [], [pairs_jsonl(data, out)], progress=False)
    res["pairs"] = summary.added["pairs"]
    res["build_pairs_per_s"] = summary.per_second
    show(
        "pairs built (embed text+image, store)",
        f"{summary.added['pairs']} at {summary.per_second:.1f}/s ({summary.missing_images} missing images)",
    )

    rng = np.random.default_rng(0)
    nq = data / "wiki_text" / NQ_QUESTIONS  # not in kb_data/dev-data: then title questions only
    questions = [json.loads(line)["question"] for line in nq.open()] if nq.is_file() else []
    titles = [f"What is {passages[i].title}?" for i in rng.choice(len(passages), queries_n, replace=False)]
    texts = (questions + titles)[:queries_n]
    res["query_embed_p50_ms"], _ = latencies_ms(
        lambda i: kb.text_embedder.embed_texts([texts[i]]), len(texts)
    )
    query_vecs = kb.text_embedder.embed_texts(texts)

    res |= search_figures(
        "text", stored_vectors(kb, "text"), query_vecs, lambda i: kb.search_text(query_vecs[i], K)
    )
    pairs = stored_vectors(kb, "pairs")
    images = pairs[1][rng.integers(0, len(pairs[1]), len(query_vecs)), kb.text_embedder.dim :]
    fused = np.hstack([0.5 * query_vecs, 0.5 * images])
    res |= search_figures(
        "pairs", pairs, fused, lambda i: kb.search_pairs_many(images[i], query_vecs[i : i + 1], K, 0.5)[0]
    )
    show("query embedding p50 (MiniLM, 1 text)", f"{res['query_embed_p50_ms']:.1f} ms")
    res["rss_mb"], res["peak_rss_mb"] = rss_mb()
    show("resident memory now / peak", f"{res['rss_mb']:.0f} / {res['peak_rss_mb']:.0f} MiB")
    return res


def search_figures(
    kind: str, stored: tuple[np.ndarray, np.ndarray], queries: np.ndarray, search: Callable[[int], list]
) -> dict:
    """Latency of `search(i)`, and its recall@K vs exact inner-product search over `stored` (ids, vectors)."""
    ids, vectors = stored
    p50, p95 = latencies_ms(search, len(queries))
    recall = recall_at_k(
        [[h["id"] for h in search(i)] for i in range(len(queries))], exact_top(ids, vectors, queries)
    )
    name = "text" if kind == "text" else "fused (w=0.5)"
    show(f"{name} search p50 / p95 ({len(ids)} stored)", f"{p50:.2f} / {p95:.2f} ms")
    show(f"{name} recall@{K} vs exact", f"{recall:.4f}")
    return {f"{kind}_p50_ms": p50, f"{kind}_p95_ms": p95, f"{kind}_recall": recall}


# ---- part 2: synthetic ----------------------------------------------------------------------------

Sampler = Callable[[str, int], np.ndarray]
"""`sample(half, count)`: `count` unit vectors for a pair half ("text" or "image")."""


class Dims:
    """Stands in for an embedder when vectors are made directly (nothing is ever embedded)."""

    def __init__(self, dim: int) -> None:
        self.id = f"synthetic:{dim}"
        self.dim = dim


def noisy_copies(bases: np.ndarray, count: int, noise: float, rng: np.random.Generator) -> np.ndarray:
    """Unit vectors `base + noise·g/√d` around random rows of `bases` (unit rows, g ~ N(0, I)).

    The noise vector has norm ≈ `noise`, so a copy has cosine ≈ 1/√(1+noise²) to its base.
    """
    picked = bases[rng.integers(0, len(bases), count)]
    scale = noise / np.sqrt(bases.shape[1])
    return unit(picked + scale * rng.standard_normal(picked.shape, dtype=np.float32))


def uniform_sampler(rng: np.random.Generator) -> tuple[Sampler, dict[str, int]]:
    """Random unit vectors: the worst case for HNSW (no low-dimensional structure)."""
    dims = {"text": 384, "image": 1280}
    return lambda half, count: unit(rng.normal(size=(count, dims[half]))), dims


def clustered_sampler(
    rng: np.random.Generator, source: Path, noise: float, image_centres: int
) -> tuple[Sampler, dict[str, int]]:
    """Vectors shaped like real embeddings: noisy copies of the real vectors of the dev KB at `source`.

    Text halves are copies of the real MiniLM passage vectors. The dev KB has only a hundred pair
    images, so image halves come from a two-level mixture: `image_centres` noisy copies of the
    real image halves, then noisy copies of those centres.
    """
    text_bases, image_halves = real_vectors(source)
    bases = {"text": text_bases, "image": noisy_copies(image_halves, image_centres, noise, rng)}
    return (
        lambda half, count: noisy_copies(bases[half], count, noise, rng),
        {half: vectors.shape[1] for half, vectors in bases.items()},
    )


def real_vectors(source: Path) -> tuple[np.ndarray, np.ndarray]:
    """(passage vectors, pair image halves) of the dev KB that part 1 builds (name "pmsr")."""
    import chromadb

    if not (source / "chroma.sqlite3").is_file():
        raise SystemExit(
            f"no dev KB at {source} for --synthetic-kind clustered: run part 1 or pass --source-kb"
        )
    client = chromadb.PersistentClient(
        path=str(source), settings=chromadb.Settings(anonymized_telemetry=False)
    )
    text = np.asarray(
        client.get_collection("pmsr_text").get(include=["embeddings"])["embeddings"], np.float32
    )
    pairs = np.asarray(
        client.get_collection("pmsr_pairs").get(include=["embeddings"])["embeddings"], np.float32
    )
    show("real vectors (source of the clusters)", f"{len(text)} passages, {len(pairs)} pair images")
    return unit(text), unit(pairs[:, text.shape[1] :])


def synthetic_benchmark(args: argparse.Namespace) -> dict:
    n, kind, queries_n, ef_search = args.synthetic, args.synthetic_kind, args.queries, args.ef_search
    rng = np.random.default_rng(1)
    if kind == "uniform":
        sample, dims = uniform_sampler(rng)
        print(f"synthetic: {n} uniform random unit vectors", flush=True)
    else:
        source = args.source_kb or args.out / "dev_kb"
        sample, dims = clustered_sampler(rng, source, args.noise, args.image_centres)
        print(f"synthetic: {n} noisy copies of real embeddings (noise {args.noise})", flush=True)
    # the folder names what made its vectors, so a store is only reused for the same ones
    made = "" if kind == "uniform" else f"_noise{args.noise}_centres{args.image_centres}"
    kb = synthetic_kb(args.out / f"synthetic_{kind}_{n}{made}", dims, args.fresh)
    ef = ef_search or HNSW_CONFIG["ef_search"]
    for part in args.synthetic_parts:  # set every time: a persisted earlier --ef-search must not linger
        kb.collection(part).modify(configuration={"hnsw": {"ef_search": ef}})
    res: dict[str, Any] = {"n": n, "kind": kind, "ef_search": ef}
    if kind == "clustered":
        res |= {"noise": args.noise, "image_centres": args.image_centres}
    show("HNSW", f"{HNSW_CONFIG | {'ef_search': ef}}")
    for part in ("text", "pairs"):
        halves = ("text",) if part == "text" else ("text", "image")
        vectors = np.hstack([sample(half, n) for half in halves])
        # drawn for every part, measured or not, so a part's vectors do not depend on --synthetic-parts
        queries = [sample(half, queries_n) for half in halves]
        if part not in args.synthetic_parts:
            continue
        ids = np.array([f"{part}{i}" for i in range(n)])
        if kb.count()[part] != n:
            res[f"store_{part}_per_s"] = store_synthetic(kb, part, ids, vectors)
            show(f"store {part} vectors/s", f"{res[f'store_{part}_per_s']:.0f}")
        res |= search_figures(part, (ids, vectors), *synthetic_search(kb, part, queries))
        del vectors
    res["rss_mb"], res["peak_rss_mb"] = rss_mb()
    show("resident memory now / peak", f"{res['rss_mb']:.0f} / {res['peak_rss_mb']:.0f} MiB")
    return res


def synthetic_search(
    kb: KnowledgeBase, part: str, queries: list[np.ndarray]
) -> tuple[np.ndarray, Callable[[int], list]]:
    """(exact-search query vectors, query i through the KB) for text, or fused pairs with w = 0.5."""
    if part == "text":
        return queries[0], lambda i: kb.search_text(queries[0][i], K)
    text_q, image_q = queries
    fused = np.hstack([0.5 * text_q, 0.5 * image_q])
    return fused, lambda i: kb.search_pairs_many(image_q[i], text_q[i : i + 1], K, 0.5)[0]


def synthetic_kb(folder: Path, dims: dict[str, int], fresh: bool) -> KnowledgeBase:
    import chromadb

    if fresh:
        shutil.rmtree(folder, ignore_errors=True)
    client = chromadb.PersistentClient(
        path=str(folder), settings=chromadb.Settings(anonymized_telemetry=False)
    )
    return KnowledgeBase(
        client,
        name="syn",
        where=str(folder),
        text_embedder=Dims(dims["text"]),
        image_embedder=Dims(dims["image"]),
        create=True,
    )


def store_synthetic(kb: KnowledgeBase, part: str, ids: np.ndarray, vectors: np.ndarray) -> float:
    """Upsert in batches of 5000; returns vectors stored per second."""
    start = time.perf_counter()
    for i in range(0, len(ids), 5000):
        chunk = ids[i : i + 5000].tolist()
        kb.upsert(
            part, chunk, vectors[i : i + 5000], ["synthetic"] * len(chunk), [{"title": "-"}] * len(chunk)
        )
    return len(ids) / (time.perf_counter() - start)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.kb", description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, help=DATA_HELP)
    parser.add_argument("--out", type=Path, default=Path("runs/bench_kb"), help="where the KBs and JSON go")
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--batch-size", type=int, default=64, help="embedding batch size")
    parser.add_argument("--synthetic", type=int, default=100_000, help="synthetic vectors (0: skip part 2)")
    parser.add_argument(
        "--ef-search", type=int, default=None, help="override ef_search for the synthetic part"
    )
    parser.add_argument(
        "--synthetic-kind",
        choices=("clustered", "uniform"),
        default="clustered",
        help="clustered: noisy copies of the dev KB's vectors; uniform: random unit vectors (worst case)",
    )
    parser.add_argument(
        "--synthetic-parts",
        nargs="+",
        choices=("text", "pairs"),
        default=["text", "pairs"],
        help="which synthetic collections to build and measure",
    )
    parser.add_argument(
        "--noise",
        type=float,
        default=0.7,
        help="clustered: noise norm per copy, cosine to its base ≈ 1/√(1+noise²) (0.7: like the dev KB)",
    )
    parser.add_argument("--image-centres", type=int, default=1000, help="clustered: image mixture centres")
    parser.add_argument(
        "--source-kb",
        type=Path,
        default=None,
        help="clustered: the dev KB to copy vectors from (default OUT/dev_kb; another needs --fresh)",
    )
    parser.add_argument("--fresh", action="store_true", help="rebuild the synthetic store even if present")
    parser.add_argument("--skip-dev", action="store_true")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    results: dict[str, Any] = {"hnsw": HNSW_CONFIG, "cpus": os.cpu_count()}
    if not args.skip_dev:
        results["dev"] = dev_benchmark(find_dev_data(args.data), args.out, args.queries, args.batch_size)
    if args.synthetic:
        results["synthetic"] = synthetic_benchmark(args)
    report = args.out / "kb_benchmark.json"
    report.write_text(json.dumps(results, indent=1))
    print(f"results: {report}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

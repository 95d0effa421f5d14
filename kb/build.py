"""Build, extend or resume a knowledge base: `python -m kb.build --kb-dir DIR --text F --pairs F`.

Records stream from the readers in batches. Before anything is embedded, each batch's ids are looked
up in the collection and the ones already stored are skipped, so a rerun adds nothing and costs
little, and a build killed midway resumes where it stopped (each batch is one atomic upsert).
Every record is written with a per-run `build` token, which tells an id repeated within this run's
input (counted as `skipped`) from one stored by an earlier run (`already_present`).

`--shard I/N` keeps the records whose id hashes to I (`tools.shards`), so N builders — processes or
machines — embed disjoint parts into one Chroma server at once; together they store exactly what one
build stores, and a killed shard resumes like any build. Every builder opens the KB with its embedder
specs, so a shard started with other embedders is refused before it writes anything.
"""

from __future__ import annotations

import argparse
import itertools
import logging
import sys
import time
import uuid
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
from PIL import Image
from tqdm import tqdm
from tqdm.contrib.logging import logging_redirect_tqdm

from core.errors import ImageError, InputError, PMSRError
from kb.dedup import ImageExcluder
from kb.formats import (
    DEFAULT_CHUNK_OVERLAP,
    DEFAULT_CHUNK_SIZE,
    Pair,
    Passage,
    ReadStats,
    read_pairs,
    read_passages,
)
from kb.store import Kind, KnowledgeBase, open_kb
from tools.devices import DEVICE_FORMS
from tools.images import load_image
from tools.shards import Shard, in_shard, parse_shard

log = logging.getLogger(__name__)
R = TypeVar("R", Passage, Pair)


@dataclass
class BuildSummary:
    """What one build run did; per-collection counts are keyed "text" and "pairs"."""

    added: dict[str, int] = field(default_factory=lambda: {"text": 0, "pairs": 0})
    already_present: dict[str, int] = field(default_factory=lambda: {"text": 0, "pairs": 0})
    skipped: dict[str, int] = field(default_factory=lambda: {"text": 0, "pairs": 0})
    malformed: int = 0
    missing_images: int = 0
    excluded: int = 0
    other_shards: int = 0
    seconds: float = 0.0
    total: dict[str, int] = field(default_factory=dict)

    @property
    def per_second(self) -> float:
        """Records (passages + pairs) added per second of the whole run."""
        return sum(self.added.values()) / self.seconds if self.seconds > 0 else 0.0

    def describe(self) -> str:
        kinds = ", ".join(
            f"{kind}: {self.added[kind]} added, {self.already_present[kind]} already present, "
            f"{self.skipped[kind]} skipped (repeated id), {self.total.get(kind, 0)} in KB"
            for kind in ("text", "pairs")
        )
        return (
            f"{kinds}; {self.malformed} malformed lines, {self.missing_images} missing/unreadable images, "
            f"{self.excluded} excluded question images, {self.other_shards} left to other shards; "
            f"{self.seconds:.1f} s, {self.per_second:.1f} records/s"
        )


@dataclass
class _Run:
    kb: KnowledgeBase
    summary: BuildSummary
    token: str
    batch_sizes: dict[Kind, int]
    excluder: ImageExcluder | None
    progress: bool
    shard: Shard | None = None


def build_kb(
    kb_dir: str | None,
    text_files: Sequence[str | Path] = (),
    pair_files: Sequence[str | Path] = (),
    *,
    chroma_host: str | None = None,
    chroma_port: int = 8000,
    name: str = "pmsr",
    text_embedder: str = "embedded",
    image_embedder: str = "embedded",
    limit: int | None = None,
    batch_size: int = 256,
    pair_batch_size: int = 64,
    chunk_size: int = DEFAULT_CHUNK_SIZE,
    chunk_overlap: int = DEFAULT_CHUNK_OVERLAP,
    exclude_images: Sequence[str | Path] = (),
    exclude_distance: int = 0,
    progress: bool = True,
    device: str | None = None,
    dtype: str | None = None,
    shard: Shard | None = None,
) -> BuildSummary:
    """Add the passages of `text_files` and the pairs of `pair_files` to the KB, skipping stored ids.

    `limit` caps the records read per collection (the first N, in input order); `exclude_images`
    are question JSONL files whose images must not enter the pair KB (phash within `exclude_distance`).
    A batch is one embedding call and one atomic upsert: `batch_size` text passages (the embedder sorts
    a call's texts by length, so bigger batches pad less) or `pair_batch_size` pairs (whose decoded
    images are held in memory together). `device` / `dtype` place in-process embedders (`tools.devices`).
    `shard=(I, N)` keeps the records whose id hashes to I (after `limit`, so the N shards of a limited
    build store what the limited build stores); it needs a Chroma server, which takes several writers.
    """
    _require_files([*text_files, *pair_files, *exclude_images])
    for option, size in (("--batch-size", batch_size), ("--pair-batch-size", pair_batch_size)):
        if size < 1:
            raise InputError(f"{option} must be ≥ 1, got {size}")
    if shard is not None and not chroma_host:
        raise InputError(
            "--shard needs a Chroma server: an embedded --kb-dir takes one writer at a time — start "
            "`chroma run --path DIR --port 8000` and give every shard --chroma-host HOST --chroma-port 8000"
        )
    started = time.perf_counter()
    kb = open_kb(
        kb_dir,
        chroma_host=chroma_host,
        chroma_port=chroma_port,
        name=name,
        text_embedder=text_embedder,
        image_embedder=image_embedder,
        create=True,
        device=device,
        dtype=dtype,
    )
    excluder = ImageExcluder.from_questions(exclude_images, exclude_distance) if exclude_images else None
    sizes: dict[Kind, int] = {"text": batch_size, "pairs": pair_batch_size}
    run = _Run(kb, BuildSummary(), uuid.uuid4().hex[:12], sizes, excluder, progress, shard)
    stats = ReadStats()
    passages = _chain(
        read_passages(f, chunk_size=chunk_size, chunk_overlap=chunk_overlap, stats=stats) for f in text_files
    )
    pairs = _chain(read_pairs(f, stats=stats) for f in pair_files)
    with logging_redirect_tqdm():
        _ingest(run, "text", _own(run, itertools.islice(passages, limit)), _embed_passages)
        _ingest(run, "pairs", _own(run, itertools.islice(pairs, limit)), _embed_pairs)
    run.summary.malformed = stats.malformed
    run.summary.total = kb.count()
    run.summary.seconds = time.perf_counter() - started
    return run.summary


def _require_files(paths: Iterable[str | Path]) -> None:
    for path in paths:
        if not Path(path).is_file():
            raise InputError(
                f"input file not found: {path} (check the paths given to --text/--pairs/--exclude-images)"
            )


def _chain(iterables: Iterable[Iterator[R]]) -> Iterator[R]:
    for iterable in iterables:
        yield from iterable


def _own(run: _Run, records: Iterator[R]) -> Iterator[R]:
    """The records of this run's shard; the others are counted and left alone."""
    for record in records:
        if in_shard(record.id, run.shard):
            yield record
        else:
            run.summary.other_shards += 1


def _batches(records: Iterator[R], size: int) -> Iterator[list[R]]:
    while batch := list(itertools.islice(records, size)):
        yield batch


Embed = Callable[[_Run, list[Any]], tuple[list[Any], np.ndarray]]


def _ingest(run: _Run, kind: Kind, records: Iterator[R], embed: Embed) -> None:
    with tqdm(desc=f"{kind:>5}", unit="rec", disable=not run.progress, dynamic_ncols=True) as bar:
        for batch in _batches(records, run.batch_sizes[kind]):
            fresh = _new_records(run, kind, batch)
            if fresh:
                kept, vectors = embed(run, fresh)
                if kept:
                    run.kb.upsert(
                        kind, [r.id for r in kept], vectors, [r.text for r in kept], _metadata(run, kept)
                    )
                    run.summary.added[kind] += len(kept)
            bar.update(len(batch))


def _new_records(run: _Run, kind: Kind, batch: list[R]) -> list[R]:
    """The records of `batch` whose ids are neither stored nor repeated earlier in this run."""
    unique: dict[str, R] = {}
    for record in batch:
        unique.setdefault(record.id, record)
    run.summary.skipped[kind] += len(batch) - len(unique)
    stored = run.kb.existing(kind, list(unique))
    for token in stored.values():
        counter = run.summary.skipped if token == run.token else run.summary.already_present
        counter[kind] += 1
    return [record for rid, record in unique.items() if rid not in stored]


def _metadata(run: _Run, records: list[Passage] | list[Pair]) -> list[dict[str, str]]:
    metas = []
    for record in records:
        meta = {"title": record.title, "build": run.token}
        if isinstance(record, Pair):
            meta["image_path"] = str(record.image_path)
        metas.append(meta)
    return metas


def _embed_passages(run: _Run, records: list[Passage]) -> tuple[list[Passage], np.ndarray]:
    return records, run.kb.text_embedder.embed_texts([r.embed_text for r in records])


def _embed_pairs(run: _Run, records: list[Pair]) -> tuple[list[Pair], np.ndarray]:
    kept, images = [], []
    for record in records:
        image = _pair_image(run, record)
        if image is not None:
            kept.append(record)
            images.append(image)
    if not kept:
        return [], np.zeros((0, run.kb.dims["pairs"]), np.float32)
    text_vecs = run.kb.text_embedder.embed_texts([r.embed_text for r in kept])
    image_vecs = run.kb.image_embedder.embed_images(images)
    return kept, np.hstack([text_vecs, image_vecs])


def _pair_image(run: _Run, record: Pair) -> Image.Image | None:
    """The pair's decoded image, or None (warned and counted) when it is missing, corrupt or excluded."""
    try:
        image = load_image(record.image_path).pil
    except ImageError as exc:
        run.summary.missing_images += 1
        log.warning("%s: %s — pair %s skipped", record.origin, exc, record.id)
        return None
    if run.excluder is not None and run.excluder(image):
        run.summary.excluded += 1
        log.info("%s: image of pair %s matches a question image — excluded", record.origin, record.id)
        return None
    return image


# ---- command line ------------------------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m kb.build", description=__doc__.splitlines()[0])
    where = parser.add_argument_group("where the KB lives")
    where.add_argument("--kb-dir", help="folder of the embedded Chroma KB (created if missing)")
    where.add_argument("--chroma-host", help="Chroma server host (instead of --kb-dir)")
    where.add_argument("--chroma-port", type=int, default=8000)
    where.add_argument("--name", default="pmsr", help="collection name prefix (default: pmsr)")
    inputs = parser.add_argument_group("inputs (JSONL: FlashRAG passages, InfoSeek Wiki6M-style pairs)")
    inputs.add_argument("--text", nargs="+", default=[], metavar="FILE", help="text passage files")
    inputs.add_argument("--pairs", nargs="+", default=[], metavar="FILE", help="image–text pair files")
    inputs.add_argument(
        "--exclude-images",
        nargs="+",
        default=[],
        metavar="QUESTIONS",
        help="question JSONL files whose images must not enter the pair KB",
    )
    inputs.add_argument(
        "--exclude-distance", type=int, default=0, help="phash Hamming distance for exclusion"
    )
    options = parser.add_argument_group("building")
    options.add_argument("--text-embedder", default="embedded", help="spec, e.g. embedded, ollama:<m>")
    options.add_argument("--image-embedder", default="embedded", help="spec, e.g. embedded, hf:<path>")
    options.add_argument("--limit", type=int, default=None, help="read at most N records per collection")
    options.add_argument(
        "--shard",
        type=parse_shard,
        metavar="I/N",
        help="build shard I of N (0-based, by id hash) into the Chroma server; run N builders at once",
    )
    options.add_argument("--device", help=f"where local embedders run: {DEVICE_FORMS} (default: PMSR_DEVICE)")
    options.add_argument(
        "--dtype", help="their weight dtype: auto, float32, float16, bfloat16 (default: PMSR_DTYPE)"
    )
    options.add_argument(
        "--batch-size", type=int, default=256, help="text passages per embedding call and upsert"
    )
    options.add_argument(
        "--pair-batch-size",
        type=int,
        default=64,
        help="image–text pairs per batch; their decoded images are held in memory together",
    )
    options.add_argument(
        "--chunk-size", type=int, default=DEFAULT_CHUNK_SIZE, help="tokens per passage chunk"
    )
    options.add_argument("--chunk-overlap", type=int, default=DEFAULT_CHUNK_OVERLAP)
    options.add_argument("--quiet", action="store_true", help="no progress bar")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(message)s")
    if not args.kb_dir and not args.chroma_host:
        _parser().error("give --kb-dir DIR or --chroma-host HOST")
    if not args.text and not args.pairs:
        _parser().error("nothing to build: give --text and/or --pairs files")
    try:
        summary = build_kb(
            args.kb_dir,
            args.text,
            args.pairs,
            chroma_host=args.chroma_host,
            chroma_port=args.chroma_port,
            name=args.name,
            text_embedder=args.text_embedder,
            image_embedder=args.image_embedder,
            limit=args.limit,
            batch_size=args.batch_size,
            pair_batch_size=args.pair_batch_size,
            chunk_size=args.chunk_size,
            chunk_overlap=args.chunk_overlap,
            exclude_images=args.exclude_images,
            exclude_distance=args.exclude_distance,
            progress=not args.quiet,
            device=args.device,
            dtype=args.dtype,
            shard=args.shard,
        )
    except PMSRError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(
            "interrupted — every finished batch is stored; rerun the same command to resume", file=sys.stderr
        )
        return 130
    print(summary.describe())
    return 0


if __name__ == "__main__":
    sys.exit(main())

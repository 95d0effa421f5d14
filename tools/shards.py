"""Deterministic sharding by id: the same split on every machine and Python run.

Used by `python -m kb.build --shard I/N` (N builders write disjoint parts of one KB into one Chroma
server) and `python -m apps.run --shard I/N` (N workers answer disjoint parts of a questions file).
"""

from __future__ import annotations

import argparse
import hashlib

Shard = tuple[int, int]
"""(index I, count N) with 0 ≤ I < N."""


def shard_of(item_id: str, shards: int) -> int:
    """A stable shard number for an id: the first 8 bytes of its SHA-1, modulo `shards`."""
    return int.from_bytes(hashlib.sha1(item_id.encode("utf-8")).digest()[:8], "big") % shards


def in_shard(item_id: str, shard: Shard | None) -> bool:
    """Whether `item_id` belongs to `shard`; with no sharding (None) every id does."""
    return shard is None or shard_of(item_id, shard[1]) == shard[0]


def parse_shard(text: str) -> Shard:
    """`I/N` from the command line (argparse type)."""
    try:
        index, count = (int(part) for part in text.split("/"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"--shard wants I/N with integers, got {text!r}") from None
    if not 0 <= index < count:
        raise argparse.ArgumentTypeError(f"--shard {text}: need 0 <= I < N")
    return index, count

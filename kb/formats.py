"""Streaming readers for the knowledge-base input formats the field uses.

Text passages (FlashRAG style) come as `{"id", "contents": "\\"Title\\"\\ntext"}`, `{"id", "title", "text"}`
or `{"id", "title", "contents"}`; image–text pairs (InfoSeek Wiki6M style) as `{"wikidata_id" or "id",
"wikipedia_title", "wikipedia_summary", "image_path", ...}`. Readers are generators, so a 6M-line file
is never held in memory. A malformed line is logged as a warning naming `file:line` and the reason,
counted in `ReadStats.malformed`, and skipped: one bad line never stops a build.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from llama_index.core.node_parser import SentenceSplitter

log = logging.getLogger(__name__)

DEFAULT_CHUNK_SIZE = 200
"""Tokens per passage (llama-index tokenizer). all-MiniLM-L6-v2 reads at most 256 word pieces."""
DEFAULT_CHUNK_OVERLAP = 20


@dataclass(frozen=True)
class Passage:
    """One text passage of the text KB; `origin` is `file:line` for messages."""

    id: str
    title: str
    text: str
    origin: str

    @property
    def embed_text(self) -> str:
        """What the text embedder sees: the title line, then the passage (as FlashRAG `contents`)."""
        return f"{self.title}\n{self.text}" if self.title else self.text


@dataclass(frozen=True)
class Pair:
    """One image–text pair of the multimodal KB; `image_path` is absolute."""

    id: str
    title: str
    text: str
    image_path: Path
    origin: str

    @property
    def embed_text(self) -> str:
        """The text side is the summary alone (as in Wiki6M); its first sentence usually names the entity."""
        return self.text


@dataclass
class ReadStats:
    """Counters shared by the readers of one build."""

    malformed: int = 0


class MalformedLine(ValueError):
    """A line that cannot be turned into a record; the message is the reason."""


def read_passages(
    path: str | Path,
    *,
    chunk_size: int = DEFAULT_CHUNK_SIZE,
    chunk_overlap: int = DEFAULT_CHUNK_OVERLAP,
    stats: ReadStats | None = None,
) -> Iterator[Passage]:
    """Yield the passages of a text-KB JSONL file, splitting long documents into `<id>#<n>` chunks."""
    for origin, row in _rows(Path(path), stats if stats is not None else ReadStats(), _parse_passage):
        yield from _chunk(Passage(origin=origin, **row), chunk_size, chunk_overlap)


def read_pairs(path: str | Path, *, stats: ReadStats | None = None) -> Iterator[Pair]:
    """Yield the image–text pairs of a JSONL file; relative `image_path` resolves against its folder.

    Images are not opened here: the builder decodes them only for ids not yet in the KB (so a resumed
    build does not re-read millions of images) and reports missing or corrupt ones there.
    """
    path = Path(path)
    base = path.resolve().parent
    for origin, row in _rows(path, stats if stats is not None else ReadStats(), _parse_pair):
        image = Path(row.pop("image_path")).expanduser()
        yield Pair(origin=origin, image_path=image if image.is_absolute() else base / image, **row)


def _rows(path: Path, stats: ReadStats, parse: Any) -> Iterator[tuple[str, dict[str, str]]]:
    with path.open(encoding="utf-8", errors="replace") as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            origin = f"{path}:{number}"
            try:
                yield origin, parse(json_object(line))
            except MalformedLine as exc:
                stats.malformed += 1
                log.warning("%s: %s — line skipped", origin, exc)


def json_object(line: str) -> dict[str, Any]:
    """The JSON object one line holds; `MalformedLine` says why when it holds none."""
    try:
        row = json.loads(line)
    except json.JSONDecodeError as exc:
        raise MalformedLine(f"not valid JSON ({exc.msg} at column {exc.colno})") from None
    if not isinstance(row, dict):
        raise MalformedLine(f"expected a JSON object, got {type(row).__name__}")
    return row


def _parse_passage(row: dict[str, Any]) -> dict[str, str]:
    pid = _id(row, "id")
    title = _str(row.get("title"))
    if "text" in row:
        text = _str(row["text"])
    elif "contents" in row:
        title, text = _split_contents(_str(row["contents"]), title)
    else:
        raise MalformedLine('no "contents" or "text" field')
    if not text.strip():
        raise MalformedLine("empty passage text")
    return {"id": pid, "title": title, "text": text.strip()}


def _split_contents(contents: str, title: str) -> tuple[str, str]:
    """FlashRAG `contents` starts with the quoted title on its own line; strip it into `title`."""
    first, sep, rest = contents.partition("\n")
    first = first.strip()
    if sep and len(first) >= 2 and first[0] == first[-1] == '"' and (not title or first[1:-1] == title):
        return first[1:-1], rest
    return title, contents


def _parse_pair(row: dict[str, Any]) -> dict[str, str]:
    pid = _id(row, "id", "wikidata_id")
    image = _str(row.get("image_path"))
    if not image.strip():
        raise MalformedLine('no "image_path" field')
    title = _str(row.get("wikipedia_title") or row.get("title"))
    text = _str(row.get("wikipedia_summary"))
    if not text.strip():
        content = _str(row.get("wikipedia_content") or row.get("contents") or row.get("text"))
        text = f"{title}. {content}" if title and content else title or content
    if not text.strip():
        raise MalformedLine('no text: needs "wikipedia_summary", or a title and content')
    return {"id": pid, "title": title, "text": text.strip(), "image_path": image}


def _id(row: dict[str, Any], *keys: str) -> str:
    """The record id: the first of `keys` present ("id" before "wikidata_id": several images of
    one entity share a wikidata id but not a row id)."""
    for key in keys:
        value = row.get(key)
        if isinstance(value, str | int) and not isinstance(value, bool) and str(value).strip():
            return str(value).strip()
    raise MalformedLine(f"no usable id (need {' or '.join(repr(k) for k in keys)})")


def _str(value: Any) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise MalformedLine(f"expected text, got {type(value).__name__}")
    return value


def _chunk(passage: Passage, chunk_size: int, chunk_overlap: int) -> Iterator[Passage]:
    if not _longer_than(passage.text, chunk_size):
        yield passage
        return
    chunks = _splitter(chunk_size, chunk_overlap).split_text(passage.text)
    if len(chunks) <= 1:
        yield passage
        return
    for n, chunk in enumerate(chunks):
        yield Passage(id=f"{passage.id}#{n}", title=passage.title, text=chunk, origin=passage.origin)


def _longer_than(text: str, tokens: int) -> bool:
    """Counting tokens is ~50× cheaper than sentence-splitting, and most passages are short."""
    if len(text) <= tokens:  # a token is at least one character
        return False
    from llama_index.core.utils import get_tokenizer

    return len(get_tokenizer()(text)) > tokens


@lru_cache(maxsize=8)
def _splitter(chunk_size: int, chunk_overlap: int) -> SentenceSplitter:
    # Imported lazily: llama-index takes seconds to import and most passages are short.
    from llama_index.core.node_parser import SentenceSplitter

    return SentenceSplitter(chunk_size=chunk_size, chunk_overlap=chunk_overlap)

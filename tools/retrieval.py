"""One retrieval layer for every graph (SPEC §2d): text search, image search, fused search.

PMSR's `search` node, the agent graphs and the MCP server all call these functions; each takes `k`
and an exclusion list of ids (ids already seen are never returned again, and the call still returns
`k` new ones while the KB has them). `retrieval_tools` wraps them as LangChain tools with typed
arguments and docstrings a model reads, bound to one run's KB and image.

The functions take any knowledge base with the `SearchableKB` methods (`kb.store.KnowledgeBase` has
them); this module does not import the store, so tools stay below `kb/` and the graphs.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, Protocol

import numpy as np
from langchain_core.tools import BaseTool, StructuredTool
from pydantic import BaseModel, Field

from tools.types import Candidate

Vector = np.ndarray
MAX_K = 50  # most results one tool call may ask for
SNIPPET_CHARS = 400  # characters of each result's text a model sees in a tool reply


class SearchableKB(Protocol):
    """The searches a knowledge base offers (see `kb.store.KnowledgeBase`)."""

    def search_text(self, query: str | Vector, k: int, exclude: Collection[str] = ()) -> list[Candidate]: ...

    def search_pairs(
        self, image: Any, text: str | Vector, k: int, w: float, exclude: Collection[str] = ()
    ) -> list[Candidate]: ...

    def search_by_image(self, image: Any, k: int, exclude: Collection[str] = ()) -> list[Candidate]: ...


def text_search(
    kb: SearchableKB, query: str | Vector, k: int, exclude: Collection[str] = ()
) -> list[Candidate]:
    """The `k` passages nearest to `query` (a string, or a text-embedder vector), minus `exclude`."""
    return _plain(kb.search_text(query, k, exclude))


def image_search(kb: SearchableKB, image: Any, k: int, exclude: Collection[str] = ()) -> list[Candidate]:
    """Reverse image search: the `k` image–text pairs whose images are nearest to `image`, minus `exclude`.

    `image` is a `LoadedImage`, a PIL image, or a ready image-embedder vector.
    """
    return _plain(kb.search_by_image(image, k, exclude))


def fused_search(
    kb: SearchableKB, image: Any, query: str | Vector, k: int, w: float, exclude: Collection[str] = ()
) -> list[Candidate]:
    """The `k` pairs ranked by `w·cos_text(query, text_j) + (1−w)·cos_img(image, image_j)`, minus `exclude`.

    `image` is a `LoadedImage`, a PIL image, or a ready image-embedder vector.
    """
    return _plain(kb.search_pairs(image, query, k, w, exclude))


def _plain(found: list[Candidate]) -> list[Candidate]:
    """Candidates with plain-float scores (numpy floats do not serialise into graph state)."""
    return [{**cand, "score": float(cand["score"])} for cand in found]


# --- LangChain tools ------------------------------------------------------------------------------


class TextSearchArgs(BaseModel):
    query: str = Field(description="What to look up, e.g. an entity name plus the attribute asked for.")
    k: int = Field(default=5, ge=1, le=MAX_K, description="How many passages to return.")
    exclude: list[str] = Field(default_factory=list, description="Ids of results not to return again.")


class ImageSearchArgs(BaseModel):
    k: int = Field(default=5, ge=1, le=MAX_K, description="How many image–text pairs to return.")
    exclude: list[str] = Field(default_factory=list, description="Ids of results not to return again.")


class FusedSearchArgs(TextSearchArgs):
    pass


def format_results(found: list[Candidate]) -> str:
    """Results as a model reads them: one `[id] title: text` line each."""
    if not found:
        return "No new results."
    lines = []
    for cand in found:
        text = " ".join(cand["text"].split())
        text = text if len(text) <= SNIPPET_CHARS else text[: SNIPPET_CHARS - 1] + "…"
        lines.append(f"[{cand['id']}] {cand['title']}: {text}")
    return "\n".join(lines)


def retrieval_tools(
    kb: SearchableKB, image: Any, *, w: float = 0.5, seen: set[str] | None = None
) -> list[BaseTool]:
    """`text_search`, `image_search` and `fused_search` as LangChain tools bound to one KB and image.

    Each tool returns the results as text (for the model) and as `Candidate`s (the message's
    artifact). With `seen`, every returned id is added to it and excluded from later calls, so an
    agent that searches again gets new evidence (the ProMSA exclusion list).
    """
    memory = seen if seen is not None else set()
    track = seen is not None

    def remember(found: list[Candidate]) -> tuple[str, list[Candidate]]:
        if track:
            memory.update(c["id"] for c in found)
        return format_results(found), found

    def excluded(exclude: list[str]) -> set[str]:
        return set(exclude) | (memory if track else set())

    def search_passages(query: str, k: int = 5, exclude: list[str] | None = None) -> tuple[str, list]:
        return remember(text_search(kb, query, k, excluded(exclude or [])))

    def search_images(k: int = 5, exclude: list[str] | None = None) -> tuple[str, list]:
        return remember(image_search(kb, image, k, excluded(exclude or [])))

    def search_fused(query: str, k: int = 5, exclude: list[str] | None = None) -> tuple[str, list]:
        return remember(fused_search(kb, image, query, k, w, excluded(exclude or [])))

    return [
        StructuredTool.from_function(
            search_passages,
            name="text_search",
            description=(
                "Search the encyclopedia's text passages. Use it once you know which entity the image "
                "shows: ask for that entity together with the fact you still need."
            ),
            args_schema=TextSearchArgs,
            response_format="content_and_artifact",
        ),
        StructuredTool.from_function(
            search_images,
            name="image_search",
            description=(
                "Reverse image search: find encyclopedia entries whose pictures look like the input image. "
                "Use it first to identify what the image shows; calling it again returns further matches."
            ),
            args_schema=ImageSearchArgs,
            response_format="content_and_artifact",
        ),
        StructuredTool.from_function(
            search_fused,
            name="fused_search",
            description=(
                "Search image–text entries by the input image and a text query together (both must match)."
            ),
            args_schema=FusedSearchArgs,
            response_format="content_and_artifact",
        ),
    ]

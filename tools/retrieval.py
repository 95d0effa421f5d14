"""One retrieval layer for every graph: text search, image search, fused search, and the
MC-Search pipeline's image search by text (`caption_search`) and look-up of evidence by id (`lookup`).

PMSR's `search` node, the agent graphs and the MCP server all call these functions; each takes `k`
and an exclusion list of ids (ids already seen are never returned again, and the call still returns
`k` new ones while the KB has them). `retrieval_tools` wraps them as LangChain tools with typed
arguments and docstrings a model reads, bound to one run's KB and image.

The functions take any knowledge base with the `SearchableKB` methods (`kb.store.KnowledgeBase` has
them); this module does not import the store, so tools stay below `kb/` and the graphs.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, Protocol

import numpy as np
from langchain_core.tools import BaseTool, StructuredTool
from pydantic import BaseModel, Field

from core.errors import ConfigError
from core.limits import MAX_K
from core.types import Candidate

Vector = np.ndarray
SNIPPET_CHARS = 400  # characters of each result's text a model sees in a tool reply


class SearchableKB(Protocol):
    """The searches a knowledge base offers (see `kb.store.KnowledgeBase`)."""

    def search_text(self, query: str | Vector, k: int, exclude: Collection[str] = ()) -> list[Candidate]: ...

    def search_pairs(
        self, image: Any, text: str | Vector, k: int, w: float, exclude: Collection[str] = ()
    ) -> list[Candidate]: ...

    def search_by_image(self, image: Any, k: int, exclude: Collection[str] = ()) -> list[Candidate]: ...

    def search_pairs_by_text(
        self, text: str | Vector, k: int, exclude: Collection[str] = ()
    ) -> list[Candidate]: ...

    def fetch(self, ids: Sequence[str]) -> list[Candidate]: ...

    def entries_titled(self, title: str) -> list[Candidate]: ...


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


def caption_search(
    kb: SearchableKB, query: str | Vector, k: int, exclude: Collection[str] = ()
) -> list[Candidate]:
    """Image search with a text query: the `k` image–text pairs whose text is nearest to `query`
    (for a question that came without an image), minus `exclude`."""
    return _plain(kb.search_pairs_by_text(query, k, exclude))


def lookup(kb: SearchableKB, ids: Sequence[str]) -> list[Candidate]:
    """The passages and pairs stored under `ids` (in that order; ids the KB does not hold are left out)."""
    return _plain(kb.fetch(ids))


def titled_entries(kb: SearchableKB, title: str) -> list[Candidate]:
    """The text passages stored under exactly `title` (an entity's own entries)."""
    return _plain(kb.entries_titled(title))


def _plain(found: list[Candidate]) -> list[Candidate]:
    """Candidates with plain-float scores (numpy floats do not serialise into graph state)."""
    return [{**cand, "score": float(cand["score"])} for cand in found]


# --- LangChain tools ------------------------------------------------------------------------------

DEFAULT_K = 5  # results per call when the caller does not say


class QueryArgs(BaseModel):
    query: str = Field(description="What to look up, e.g. an entity name plus the attribute asked for.")


class NoArgs(BaseModel):
    """Nothing to fill in: the tool searches with the input image."""


class PagingArgs(BaseModel):
    k: int = Field(default=DEFAULT_K, ge=1, le=MAX_K, description="How many results to return.")
    exclude: list[str] = Field(default_factory=list, description="Ids of results not to return again.")


class TextSearchArgs(QueryArgs, PagingArgs):
    pass


class ImageSearchArgs(PagingArgs):
    pass


class FusedSearchArgs(TextSearchArgs):
    pass


TOOL_NAMES = ("text_search", "image_search", "fused_search")
_DESCRIPTIONS = {
    "text_search": (
        "Search the encyclopedia's text passages. Use it once you know which entity the image "
        "shows: ask for that entity together with the fact you still need."
    ),
    "image_search": (
        "Reverse image search: find encyclopedia entries whose pictures look like the input image. "
        "Use it first to identify what the image shows; calling it again returns further matches."
    ),
    "fused_search": (
        "Search image–text entries by the input image and a text query together (both must match)."
    ),
}
# The arguments a model fills in: (k and exclusion per call, k fixed by `retrieval_tools(fixed_k=...)`).
_SCHEMAS: dict[str, tuple[type[BaseModel], type[BaseModel]]] = {
    "text_search": (TextSearchArgs, QueryArgs),
    "image_search": (ImageSearchArgs, NoArgs),
    "fused_search": (FusedSearchArgs, QueryArgs),
}


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
    kb: SearchableKB | None,
    image: Any,
    *,
    w: float = 0.5,
    seen: set[str] | None = None,
    fixed_k: Mapping[str, int] | None = None,
) -> list[BaseTool]:
    """`text_search`, `image_search` and `fused_search` as LangChain tools bound to one KB and image.

    Each tool returns the results as text (for the model) and as `Candidate`s (the message's
    artifact). With `seen`, every returned id is added to it and excluded from later calls, so an
    agent that searches again gets new evidence (the ProMSA exclusion list). With `fixed_k` (tool
    name → k), those tools always return that many results and take only their content argument
    (a query; nothing for image search): the budgeted tools of an agent, whose exclusion is `seen`.
    `kb=None` gives tools for their schemas only (binding to a model, exporting dialogues).
    """
    memory = seen if seen is not None else set()
    fixed = dict(fixed_k or {})
    for name, k in fixed.items():
        if name not in _SCHEMAS or not 1 <= k <= MAX_K:
            raise ConfigError(f"fixed k {name}={k}: use one of {', '.join(TOOL_NAMES)} with 1 ≤ k ≤ {MAX_K}")
    searches: dict[str, Callable[[str, int, set[str]], list[Candidate]]] = {
        "text_search": lambda query, k, exclude: text_search(kb, query, k, exclude),
        "image_search": lambda query, k, exclude: image_search(kb, image, k, exclude),
        "fused_search": lambda query, k, exclude: fused_search(kb, image, query, k, w, exclude),
    }

    def make(name: str) -> BaseTool:
        def run(query: str = "", k: int = DEFAULT_K, exclude: list[str] | None = None) -> tuple[str, list]:
            excluded = set(exclude or ()) | (memory if seen is not None else set())
            found = searches[name](query, fixed.get(name, k), excluded)
            if seen is not None:
                memory.update(c["id"] for c in found)
            return format_results(found), found

        return StructuredTool.from_function(
            run,
            name=name,
            description=_DESCRIPTIONS[name],
            args_schema=_SCHEMAS[name][name in fixed],
            response_format="content_and_artifact",
        )

    return [make(name) for name in TOOL_NAMES]

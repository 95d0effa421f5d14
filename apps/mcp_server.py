"""MCP server: the knowledge bases and the served graphs as tools for any MCP host (official `mcp` SDK).

    python -m apps.mcp_server                              # stdio (what desktop MCP hosts launch)
    python -m apps.mcp_server --transport http --port 8765 # streamable HTTP at http://127.0.0.1:8765/mcp
    pmsr-mcp …                                              # the same, as a console script

Tools: `text_search`, `image_search` (reverse image search by a base64 image) and `fused_search`
(image + text) — the shared retrieval layer `tools.retrieval`, each with `k` and an exclusion list —
and `answer`, which runs a served graph (`apps.serve.SERVED`: PMSR and whatever is registered
there) and returns its answer with a trajectory summary.

Configuration is the operator's, read from the same `PMSR_*` environment as a served graph: KB
location, embedders and models, image roots and caps. A client chooses only the per-run settings of
`answer`; an operator setting is refused with the variable to use instead. Images come as base64
or data: URLs (paths only under `PMSR_IMAGE_ROOTS`). Failures reach the client as one readable line.

This module is an entry point, like `apps/run.py`: unlike the other tools it reaches the KB and the
graphs, through `apps.serve`, imported when the server is built.
"""

import argparse
import time
from collections.abc import Callable, Sequence
from typing import Annotated, Any, TypeVar

import anyio
from mcp.server.fastmcp import FastMCP
from pydantic import BaseModel, Field

from core.limits import MAX_K
from core.types import Candidate
from tools.offline import go_offline
from tools.retrieval import fused_search, image_search, text_search

T = TypeVar("T")
DEFAULT_PORT = 8765
INSTRUCTIONS = (
    "Knowledge-intensive visual question answering over an encyclopedia: text passages and image-text "
    "entries. Identify what an image shows with image_search, look facts up with text_search (pass the "
    "ids you have seen as `exclude` to get new ones), or let `answer` run the whole PMSR pipeline."
)

K = Annotated[int, Field(ge=1, le=MAX_K, description="How many results to return.")]
Exclude = Annotated[list[str] | None, Field(description="Ids already seen: they are never returned again.")]
Image = Annotated[
    str,
    Field(description="The image as base64 text or a data: URL (file paths only under the server's roots)."),
]


class Hit(BaseModel):
    """One retrieved entry."""

    id: str
    title: str
    text: str
    score: float
    source: str = Field(description="'text' for a passage, 'pairs' for an image-text entry.")
    image_path: str | None = None


def _hits(found: list[Candidate]) -> list[Hit]:
    return [
        Hit(
            id=c["id"],
            title=c["title"],
            text=c["text"],
            score=c["score"],
            source=c["source"],
            image_path=c.get("image_path"),
        )
        for c in found
    ]


async def _in_thread(fn: Callable[..., T], *args: Any) -> T:
    """Run blocking work (embedding, Chroma, a graph run) off the event loop."""
    return await anyio.to_thread.run_sync(fn, *args)


def build_server(host: str = "127.0.0.1", port: int = DEFAULT_PORT) -> FastMCP:
    """The MCP server with its four tools (`host`/`port` are used by the HTTP transport)."""
    from apps import serve  # the served graphs and the operator's KB: see the module docstring

    mcp = FastMCP("pmsr-graph", instructions=INSTRUCTIONS, host=host, port=port)

    @mcp.tool(name="text_search")
    async def search_passages(query: str, k: K = 5, exclude: Exclude = None) -> list[Hit]:
        """Search the encyclopedia's text passages by meaning. Ask for an entity together with the fact
        you still need (e.g. "Zeta River country"). Returns the k nearest passages not in `exclude`."""
        return _hits(await _in_thread(text_search, serve.operator_kb(), query, k, exclude or []))

    @mcp.tool(name="image_search")
    async def search_images(image: Image, k: K = 5, exclude: Exclude = None) -> list[Hit]:
        """Reverse image search: the image-text entries whose pictures look most like `image`. Use it
        first to identify what an image shows; pass seen ids as `exclude` to get further matches."""

        def run() -> list[Candidate]:
            return image_search(serve.operator_kb(), serve.client_image(image), k, exclude or [])

        return _hits(await _in_thread(run))

    @mcp.tool(name="fused_search")
    async def search_fused(
        image: Image,
        query: str,
        k: K = 5,
        exclude: Exclude = None,
        w: Annotated[float, Field(ge=0.0, le=1.0, description="Weight of the text match.")] = 0.5,
    ) -> list[Hit]:
        """Search image-text entries by an image and a text query together: each entry scores
        w·(text similarity) + (1−w)·(image similarity)."""

        def run() -> list[Candidate]:
            kb = serve.operator_kb()
            return fused_search(kb, serve.client_image(image), query, k, w, exclude or [])

        return _hits(await _in_thread(run))

    graphs = tuple(serve.SERVED)
    choices = "; ".join(
        f"{name}: {entry.description} Per-run settings: {', '.join(entry.settings)}"
        for name, entry in serve.SERVED.items()
    )

    @mcp.tool(description=f"Answer a question about an image with a served graph. Graphs — {choices}")
    async def answer(
        question: Annotated[str, Field(description="The question about the image.")],
        image: Annotated[
            str | None,
            Field(
                description="The image as base64 text or a data: URL; leave it out for a text-only question."
            ),
        ] = None,
        graph: Annotated[str, Field(json_schema_extra={"enum": list(graphs)})] = graphs[0],
        settings: Annotated[
            dict[str, Any] | None,
            Field(description='Per-run settings of the graph (see its list), e.g. {"max_iter": 2}.'),
        ] = None,
    ) -> dict[str, Any]:
        started = time.perf_counter()
        entry = serve.served_graph(graph)
        summary = await _in_thread(entry.run, question, image, settings)
        return {"graph": graph, **summary, "seconds": round(time.perf_counter() - started, 3)}

    return mcp


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m apps.mcp_server",
        description="MCP server for the pmsr-graph knowledge bases and graphs (configured by PMSR_* env).",
    )
    parser.add_argument("--transport", choices=["stdio", "http"], default="stdio")
    parser.add_argument("--host", default="127.0.0.1", help="HTTP bind address (default: 127.0.0.1)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"HTTP port (default: {DEFAULT_PORT})")
    args = parser.parse_args(argv)
    go_offline()
    server = build_server(args.host, args.port)
    server.run("stdio" if args.transport == "stdio" else "streamable-http")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

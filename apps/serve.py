"""The graphs as served to remote clients: a LangGraph server (`langgraph.json`) and the MCP server.

A served graph is the in-process graph with one change: its context schema is
`client_schema(<its Context>)` — per-run settings only (what Studio's context form shows), operator
settings fixed at the operator's values (environment, `langgraph.json` "env"). A client that sends
an operator setting gets a `ConfigError` naming it and its `PMSR_<FIELD>` variable:
- on a LangGraph server, every run of every route (SDK runs, `RemoteGraph`, crons) is built by the
  factory `serve` returns, which checks the client's raw context before the run starts (the server
  itself drops keys missing from the context schema, silently, before the graph sees them);
- everywhere else (the MCP server's `answer`, a direct `invoke` with a dict context) the client
  schema's constructor runs the same check.
Runs of a served graph also read image paths only under the operator's `image_roots`.

In-process callers keep full control: `from graphs.pmsr import graph` has the whole `Context`.

Adding a graph is one line here — `name = serve("name", compiled_graph, "what it does")` — and one
in `langgraph.json` (`"name": "./apps/serve.py:name"`); the MCP server's `answer` tool offers every
registered graph.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from langgraph.graph.state import CompiledStateGraph
from langgraph_sdk.runtime import ServerRuntime

from core.context import Context, check_client_settings, client_schema, client_settings
from core.errors import ConfigError
from graphs import mcsearch as mcsearch_graphs
from graphs import pmsr as pmsr_graphs
from graphs import promsa as promsa_graphs
from graphs import rag as rag_graphs
from nodes.common import input_image, knowledge_base
from tools.images import LoadedImage
from tools.retrieval import SearchableKB

Summary = Callable[[dict[str, Any]], dict[str, Any]]
RECORD_CHARS = 300  # characters of each reasoning record in an answer's trajectory summary
EVIDENCE_PER_STEP = 5  # retrieved entries listed per step in the summary


def trajectory_summary(output: dict[str, Any]) -> dict[str, Any]:
    """A run's output as a remote agent wants it: the answer, and per step its queries, the best
    evidence (id, title, source) and the start of its record; errors and the stop reason."""
    steps = []
    for step in output.get("trajectory") or []:
        record = " ".join(str(step.get("record", "")).split())
        steps.append(
            {
                "step": step.get("step"),
                "queries": [q.get("text", "") for q in step.get("queries") or []],
                "evidence": [
                    {"id": c.get("id"), "title": c.get("title"), "source": c.get("source")}
                    for c in (step.get("candidates") or [])[:EVIDENCE_PER_STEP]
                ],
                "record": record if len(record) <= RECORD_CHARS else record[: RECORD_CHARS - 1] + "…",
            }
        )
    return {**run_outcome(output), "trajectory": steps}


def chain_summary(output: dict[str, Any]) -> dict[str, Any]:
    """An MC-Search run as a remote agent wants it: the answer, and the predicted chain step by step
    (sub-question, modality, top-1 evidence id, intermediate answer); errors and the stop reason."""
    chain = [
        {key: step.get(key) for key in ("step", "sub_question", "modality", "evidence_id", "answer")}
        for step in output.get("trajectory") or []
    ]
    return {**run_outcome(output), "chain": chain}


def run_outcome(output: dict[str, Any]) -> dict[str, Any]:
    """What every served summary starts with: the answer, the reader's confidence in it, its evidence,
    the stop reason and errors."""
    return {
        "answer": str(output.get("answer") or ""),
        "confidence": float(output.get("confidence") or 0.0),
        "evidence": list(output.get("evidence") or []),
        "stop_reason": output.get("stop_reason", ""),
        "errors": [str(e) for e in output.get("errors") or []],
    }


@dataclass(frozen=True)
class ServedGraph:
    """One graph as remote clients get it: the graph with its client context schema."""

    name: str
    description: str
    graph: CompiledStateGraph
    summarise: Summary

    @property
    def context_schema(self) -> type[Context]:
        return self.graph.context_schema

    @property
    def settings(self) -> list[str]:
        """The per-run settings a client may send."""
        return client_settings(self.context_schema)

    def client_context(self, values: Mapping[str, Any] | None) -> Context:
        """The run context from a client's per-run settings (refusing operator ones)."""
        return self.context_schema(**dict(values or {}))

    def run(
        self, question: str, image: str | None = None, settings: Mapping[str, Any] | None = None
    ) -> dict[str, Any]:
        """Run the graph for a client in this process (a text-only question without `image`) and return its
        summary."""
        context = self.client_context(settings)
        inputs = {"question": question, **({"image": image} if image else {})}
        return self.summarise(self.graph.invoke(inputs, context=context))


SERVED: dict[str, ServedGraph] = {}


def serve(
    name: str, graph: CompiledStateGraph, description: str, summarise: Summary = trajectory_summary
) -> Callable[[ServerRuntime], CompiledStateGraph]:
    """Register `graph` as served under `name`; return its LangGraph server factory (for langgraph.json)."""
    schema = client_schema(graph.context_schema)
    served = ServedGraph(name, description, graph.copy(update={"context_schema": schema}), summarise)
    SERVED[name] = served

    def factory(runtime: ServerRuntime) -> CompiledStateGraph:
        # Only a run (not a schema read or state view) carries the client's context: check it raw,
        # before the server filters it by the context schema and the graph would never see it.
        execution = runtime.execution_runtime
        if execution is not None and isinstance(execution.context, Mapping):
            check_client_settings(graph.context_schema, execution.context)
        return served.graph

    factory.__name__ = factory.__qualname__ = name
    factory.__doc__ = description
    return factory


def operator_kb() -> SearchableKB:
    """The operator's knowledge base (`PMSR_KB_DIR` or `PMSR_CHROMA_HOST`, embedder specs)."""
    return knowledge_base(client_schema(Context)())


def client_image(image: str) -> LoadedImage:
    """An image a remote client sent, under the served bounds (paths only under the operator's roots)."""
    return input_image(image, client_schema(Context)())


def served_graph(name: str) -> ServedGraph:
    """The registered graph `name`, or `ConfigError` listing the registered ones."""
    if name not in SERVED:
        raise ConfigError(f"no served graph {name!r}: choose one of {', '.join(SERVED)}")
    return SERVED[name]


pmsr = serve(
    "pmsr",
    pmsr_graphs.graph,
    "Answer a question about an image that needs outside knowledge (PMSR: progressive multimodal "
    "search and reasoning over the operator's text and image-text knowledge bases; `web=true` "
    "searches the web instead of the text KB).",
)
pmsr_web = serve(
    "pmsr_web",
    pmsr_graphs.web_graph,
    "PMSR with web search: a Lens-style image lookup bootstraps the first record, then web search "
    "and page extraction replace the text KB.",
)
promsa = serve(
    "promsa",
    promsa_graphs.graph,
    "Answer a question about an image with a search agent (ProMSA): each round it searches the "
    "operator's image–text KB by the image or the text KB with a query it writes, under per-run "
    "budgets, and stops when the evidence answers.",
)
mcsearch = serve(
    "mcsearch",
    mcsearch_graphs.graph,
    "Answer a question about one or more images, or a text-only question, with the MC-Search agentic "
    "pipeline: each step it writes a sub-question and picks text or image retrieval over the operator's "
    "KBs (top-1 evidence), answers the sub-question, and ends with the final answer; the result holds "
    "the predicted chain.",
    chain_summary,
)
rag1 = serve(
    "rag1",
    rag_graphs.rag1,
    "MC-Search's 1-hop RAG baseline: one image retrieval per image (the top caption joined to the question), "
    "or one text retrieval for a text-only question, over the operator's KBs; then the answer.",
    chain_summary,
)
rag2 = serve(
    "rag2",
    rag_graphs.rag2,
    "MC-Search's 2-hop RAG baseline: image retrieval, the captions joined to the question, then text "
    "retrieval (two text retrievals for a text-only question), over the operator's KBs; then the answer.",
    chain_summary,
)

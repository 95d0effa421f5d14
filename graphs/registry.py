"""The graphs the batch runner, the scorer and the exporter know, by name.

One entry per graph: where its compiled graph lives (imported only when a run needs it), its run
context class (whose fields become CLI options and `PMSR_<FIELD>` env fallbacks), and a line for
`--help`. The name is also the assistant id in `langgraph.json`, so `--server` drives the same graph.
A new graph plugs into `python -m apps.run … --graph NAME` by adding one entry here.
"""

from __future__ import annotations

import importlib
from dataclasses import Field, dataclass, fields
from typing import Any

from core.context import ChainContext, Context, McSearchContext, PromsaContext
from core.errors import ConfigError


@dataclass(frozen=True)
class GraphEntry:
    name: str
    target: str  # "module:attribute" of the compiled graph
    context: type[Context]
    summary: str
    chains: bool = False
    """An MC-Search pipeline: takes a question with zero or more images (`images`) and the item's
    `gold_chain`, and returns a predicted chain as its trajectory."""

    def load(self) -> Any:
        """The compiled graph (importing its module builds it; models and KBs still load lazily)."""
        module, _, attribute = self.target.partition(":")
        return getattr(importlib.import_module(module), attribute)


GRAPHS: dict[str, GraphEntry] = {
    entry.name: entry
    for entry in (
        GraphEntry("pmsr", "graphs.pmsr:graph", Context, "progressive multimodal search and reasoning"),
        GraphEntry(
            "promsa", "graphs.promsa:graph", PromsaContext, "ProMSA agent: budgeted image/text search"
        ),
        GraphEntry(
            "mcsearch",
            "graphs.mcsearch:graph",
            McSearchContext,
            "MC-Search agentic pipeline: a sub-question and a modality per step, top-1 evidence",
            chains=True,
        ),
        GraphEntry("rag1", "graphs.rag:rag1", ChainContext, "MC-Search 1-hop RAG baseline", chains=True),
        GraphEntry("rag2", "graphs.rag:rag2", ChainContext, "MC-Search 2-hop RAG baseline", chains=True),
    )
}
DEFAULT_GRAPH = "pmsr"


def graph_entry(name: str) -> GraphEntry:
    if name not in GRAPHS:
        raise ConfigError(f"unknown graph {name!r}: use one of {', '.join(GRAPHS)}")
    return GRAPHS[name]


def field_defaults(name: str) -> dict[str, Any]:
    """The default of context field `name` in each registered graph that has it, by graph name."""
    return {
        entry.name: f.default for entry in GRAPHS.values() for f in fields(entry.context) if f.name == name
    }


def context_fields() -> list[Field]:
    """Every context field of every registered graph, each once (the batch CLI's options)."""
    seen: dict[str, Field] = {}
    for entry in GRAPHS.values():
        for field in fields(entry.context):
            seen.setdefault(field.name, field)
    return list(seen.values())

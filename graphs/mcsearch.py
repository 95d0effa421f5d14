"""The MC-Search agentic MM-RAG pipeline (the MC-Search paper, arXiv:2603.00873, §3.1) as a graph.

    START → prepare ─┬─ plan ─┬─ retrieve → reason ─┐      (each step returns to plan)
                     │   ▲    │                     │
                     │   └────┼─────────────────────┘
                     │        └─ end ──────────────→ finish → END
                     ├─ golden (gold_evidence=True) → finish
                     └─ finish (retrieval=False)

`plan` writes a thought, a sub-question and a retrieval modality (text or image), or ends with the
final answer, in a tagged protocol (`nodes/mcsearch/protocol.py`); `retrieve` keeps the top-k
evidence (top-1 by default) of that modality from the local KBs; `reason` writes the intermediate
answer from it, and the step joins the predicted chain (`trajectory`). The loop ends at `<End>` or
after `max_iter` steps. The embedded profile plans with a deterministic stand-in
(`nodes/mcsearch/embedded.py`), documented as such. Importing this module builds the graph only.
"""

from __future__ import annotations

from typing import Literal

from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.runtime import Runtime

from core.context import McSearchContext
from core.mcsearch_state import ChainInput, ChainState, OutputState
from nodes.common import context_of
from nodes.mcsearch.finish import finish
from nodes.mcsearch.golden import golden
from nodes.mcsearch.plan import plan
from nodes.mcsearch.prepare import prepare
from nodes.mcsearch.reason import reason
from nodes.mcsearch.retrieve import retrieve


def after_prepare(
    state: ChainState, runtime: Runtime[McSearchContext]
) -> Literal["plan", "golden", "finish"]:
    """A Golden-F1 run takes the gold chain; a run without retrieval answers at once; the rest plan."""
    context = context_of(runtime, McSearchContext)
    if context.gold_evidence:
        return "golden"
    return "plan" if context.retrieval else "finish"


def after_plan(state: ChainState) -> Literal["retrieve", "finish"]:
    return "retrieve" if state["plan"]["action"] == "search" else "finish"


def build_graph(checkpointer: BaseCheckpointSaver | None = None) -> CompiledStateGraph:
    """Declare and compile the pipeline (a checkpointer keeps runs per thread, as `langgraph dev` does)."""
    builder = StateGraph(
        ChainState, context_schema=McSearchContext, input_schema=ChainInput, output_schema=OutputState
    )
    builder.add_node("prepare", prepare)
    builder.add_node("plan", plan)
    builder.add_node("retrieve", retrieve)
    builder.add_node("reason", reason)
    builder.add_node("golden", golden)
    builder.add_node("finish", finish)
    builder.add_edge(START, "prepare")
    builder.add_conditional_edges("prepare", after_prepare, ["plan", "golden", "finish"])
    builder.add_conditional_edges("plan", after_plan, ["retrieve", "finish"])
    builder.add_edge("retrieve", "reason")
    builder.add_edge("reason", "plan")
    builder.add_edge("golden", "finish")
    builder.add_edge("finish", END)
    return builder.compile(checkpointer=checkpointer, name="mcsearch")


graph = build_graph()

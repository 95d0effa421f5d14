"""The fixed-step baselines of the MC-Search paper (arXiv:2603.00873, App. D.1/D.2): 1-hop and 2-hop RAG.

    START → prepare → rag_search → answer → END

`rag_search` runs the fixed retrieval plan (`nodes/mcsearch/rag.py`: image retrieval per image,
then for 2-hop a text retrieval with the captions joined to the question; text retrievals for a
text-only question) and records each retrieval as a chain step; `answer` answers from the question,
the captions and the last passage. One declaration, compiled for each hop count: `rag1`, `rag2`.
They take the MC-Search pipeline's input (a question with zero, one or several images) and give
its output (the answer, its evidence, and the retrievals as the predicted chain).
"""

from __future__ import annotations

from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph

from core.context import ChainContext
from core.mcsearch_state import ChainInput, ChainState, OutputState
from nodes.mcsearch.prepare import prepare
from nodes.mcsearch.rag import make_rag_search, rag_answer


def build_graph(hops: int, checkpointer: BaseCheckpointSaver | None = None) -> CompiledStateGraph:
    """Declare and compile the `hops`-hop baseline (1 or 2)."""
    if hops not in (1, 2):
        raise ValueError(f"the fixed-step baselines have 1 or 2 hops, not {hops}")
    builder = StateGraph(
        ChainState, context_schema=ChainContext, input_schema=ChainInput, output_schema=OutputState
    )
    builder.add_node("prepare", prepare)
    builder.add_node("rag_search", make_rag_search(hops))
    builder.add_node("answer", rag_answer)
    builder.add_edge(START, "prepare")
    builder.add_edge("prepare", "rag_search")
    builder.add_edge("rag_search", "answer")
    builder.add_edge("answer", END)
    return builder.compile(checkpointer=checkpointer, name=f"rag{hops}")


rag1 = build_graph(1)
rag2 = build_graph(2)

"""The ProMSA paper's agent (arXiv:2606.27974) as a graph: a policy searches within budgets, then answers.

    START → prepare → policy ─┬─ image_search ─┐
                       ▲      ├─ text_search ──┤
                       └──────┼────────────────┘
                              └─ stop → answer → END

`policy` takes one action per round: image search (reverse image search over the pair KB), text
search with a query it writes, or stop. Its conditional edge routes to that action's node, and each
search returns to the policy. Budgets (`PromsaContext.text_search_budget`, `image_search_budget`)
take a spent search off the menu, and every search excludes the ids the run has already seen, so
the loop ends after at most text + image budget searches. Importing this module builds the graph
only: models and the KB load lazily inside the nodes.
"""

from __future__ import annotations

from typing import Literal

from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph

from core.context import PromsaContext
from core.promsa_state import AgentState, OutputState
from core.state import InputState
from nodes.promsa.answer import answer
from nodes.promsa.policy import policy
from nodes.promsa.prepare import prepare
from nodes.promsa.search import search_images, search_text


def after_policy(state: AgentState) -> Literal["image_search", "text_search", "answer"]:
    """Route the policy's decision to the node that carries it out."""
    action = state["decision"]["action"]
    return "answer" if action == "stop" else action


def build_graph(checkpointer: BaseCheckpointSaver | None = None) -> CompiledStateGraph:
    """Declare and compile the agent graph (a checkpointer keeps runs per thread, as `langgraph dev` does)."""
    builder = StateGraph(
        AgentState, context_schema=PromsaContext, input_schema=InputState, output_schema=OutputState
    )
    builder.add_node("prepare", prepare)
    builder.add_node("policy", policy)
    builder.add_node("image_search", search_images)
    builder.add_node("text_search", search_text)
    builder.add_node("answer", answer)
    builder.add_edge(START, "prepare")
    builder.add_edge("prepare", "policy")
    builder.add_conditional_edges("policy", after_policy, ["image_search", "text_search", "answer"])
    builder.add_edge("image_search", "policy")
    builder.add_edge("text_search", "policy")
    builder.add_edge("answer", END)
    return builder.compile(checkpointer=checkpointer, name="promsa")


graph = build_graph()

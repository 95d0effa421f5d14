"""The PMSR graph: describe → formulate → (parallel search) → record → formulate … → answer.

    START → describe → formulate ─┬─ Send × (query × KB) → search → record ─┬─ formulate (loop)
                                  └─ saturated ──────────→ answer → END    └─ single pass / max_iter → answer

`formulate` writes step 0's enriched query or step t's dual-scope queries and measures saturation;
its conditional edge either fans out one `search` branch per (query × KB) with `Send` — they run in
parallel and their candidates collect in `found` — or, when saturated, goes straight to `answer`
without searching. `record` turns the iteration's candidates into r_t and decides whether the
budget of iterations is spent. Importing this module builds the graph only: models and the KB load
lazily inside the nodes.

The web-equipped variant (`context.web`, or `web_graph`) swaps only the retrieval branches: `lens`
(a Lens-style image lookup) at step 0, `web_search` in place of the text KB afterwards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.runtime import Runtime
from langgraph.types import Send

from core.context import Context
from core.errors import ConfigError
from core.state import InputState, KBName, OutputState, SearchTask, State
from nodes.common import context_of
from nodes.pmsr.answer import answer
from nodes.pmsr.describe import describe
from nodes.pmsr.formulate import formulate
from nodes.pmsr.record import record
from nodes.pmsr.search import lens, search, web_search

KB_NODES = ["search"]
WEB_NODES = ["web_search", "lens"]
Variant = bool | None  # True: always web; False: KBs only; None: chosen per run by `context.web`


def searched_kbs(context: Context) -> list[KBName]:
    """The KBs every query searches (ablation switch `kbs`)."""
    return ["text", "pairs"] if context.kbs == "both" else [context.kbs]


def retrieval_target(kb: KBName, step: int, web: bool, has_image: bool = True) -> str:
    """The node that retrieves one (query × KB) pair — the one place the web variant swaps tools.

    The web variant bootstraps step 0 from one Lens-style image lookup (the fan-out sends it once,
    in the pair KB's slot), then replaces the text KB by web search; pairs stay on the local KB.
    A text-only question has no image to look up: its step 0 searches as the later steps do.
    """
    if not web:
        return "search"
    if step == 0 and has_image:
        return "lens"
    return "web_search" if kb == "text" else "search"


def make_fan_out(variant: Variant) -> Callable[[State, Runtime[Context]], list[Send] | Literal["answer"]]:
    """The conditional edge after `formulate` for a graph variant."""

    def fan_out(state: State, runtime: Runtime[Context]) -> list[Send] | Literal["answer"]:
        """After `formulate`: answer when it declared saturation, else one `Send` per (query × KB)."""
        if state.get("stop_reason"):
            return "answer"
        context = context_of(runtime)
        if context.web and variant is False:
            raise ConfigError("this graph has no web tools: use `graph` or `web_graph` from graphs.pmsr")
        web = context.web if variant is None else variant
        step, image = state.get("step", 0), state.get("image") or ""
        kbs = ["pairs"] if web and step == 0 and image else searched_kbs(context)
        sends = []
        for query in state.get("queries") or []:
            for kb in kbs:
                target = retrieval_target(kb, step, web, bool(image))
                budget = query["k_text" if kb == "text" else "k_image"]
                if budget > 0 or target == "lens":  # the lookup takes search_max_results, not k
                    task = SearchTask(step=step, kb=kb, query=query, image=image, question=state["question"])
                    sends.append(Send(target, task))
        return sends or "answer"

    return fan_out


def after_record(state: State) -> Literal["formulate", "answer"]:
    """Loop while `record` has not declared a stop (single pass or max_iter reached)."""
    return "answer" if state.get("stop_reason") else "formulate"


def build_graph(
    checkpointer: BaseCheckpointSaver | None = None, *, web: Variant = None
) -> CompiledStateGraph:
    """Declare and compile the PMSR graph (a checkpointer keeps runs per thread, as `langgraph dev` does).

    `web=None` (the default `graph`) holds both tool sets and picks per run from `context.web`;
    `web=True` (`web_graph`) is the web-equipped variant, `web=False` the KB-only graph. The variants
    differ only in their retrieval (tool) nodes.
    """
    retrieval_nodes = {"search": search, "web_search": web_search, "lens": lens}
    names = KB_NODES if web is False else KB_NODES + WEB_NODES
    builder = StateGraph(State, context_schema=Context, input_schema=InputState, output_schema=OutputState)
    builder.add_node("describe", describe)
    builder.add_node("formulate", formulate)
    for name in names:
        builder.add_node(name, retrieval_nodes[name])
    builder.add_node("record", record)
    builder.add_node("answer", answer)
    builder.add_edge(START, "describe")
    builder.add_edge("describe", "formulate")
    builder.add_conditional_edges("formulate", make_fan_out(web), [*names, "answer"])
    for name in names:
        builder.add_edge(name, "record")
    builder.add_conditional_edges("record", after_record, ["formulate", "answer"])
    builder.add_edge("answer", END)
    return builder.compile(checkpointer=checkpointer, name="pmsr_web" if web else "pmsr")


graph = build_graph()
web_graph = build_graph(web=True)

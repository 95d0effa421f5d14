"""What the agent's nodes share: its run settings and the budget and exclusion bookkeeping."""

from __future__ import annotations

from dataclasses import fields

from langgraph.runtime import Runtime

from graphs.context import Context, PromsaContext
from graphs.promsa_state import SEARCHES, Action, Round


def agent_context(runtime: Runtime[PromsaContext] | None) -> PromsaContext:
    """The run's `PromsaContext` (LangGraph passes `None` when the caller gave no context); a plain PMSR
    `Context` given in-process keeps its model and KB settings (not its web flag), with the agent's
    defaults added."""
    context = getattr(runtime, "context", None)
    if isinstance(context, PromsaContext):
        return context
    if isinstance(context, Context):
        return PromsaContext(**{f.name: getattr(context, f.name) for f in fields(Context) if f.name != "web"})
    return PromsaContext()


def budgets(context: PromsaContext) -> dict[Action, int]:
    """Searches allowed per run, by action."""
    return {"image_search": context.image_search_budget, "text_search": context.text_search_budget}


def searches_left(rounds: list[Round], context: PromsaContext) -> dict[Action, int]:
    """Searches still allowed after `rounds`, by action (never below zero)."""
    allowed = budgets(context)
    return {a: max(0, allowed[a] - sum(r["action"] == a for r in rounds)) for a in SEARCHES}


def offered(rounds: list[Round], context: PromsaContext) -> list[Action]:
    """The actions the policy may take now: every search with budget left, and always stop."""
    return [a for a, n in searches_left(rounds, context).items() if n > 0] + ["stop"]


def seen_ids(rounds: list[Round]) -> set[str]:
    """Ids every earlier search returned: the exclusion list of the next one."""
    return {c["id"] for r in rounds for c in r["candidates"]}

"""What the agent's nodes share: its run settings and the budget and exclusion bookkeeping."""

from __future__ import annotations

from dataclasses import replace

from core.context import PromsaContext
from core.promsa_state import SEARCHES, Action, Round


def for_question(context: PromsaContext, image: str | None) -> PromsaContext:
    """The run's settings for this question: a text-only one (no image) has no image to search."""
    return context if image else replace(context, image_search_budget=0)


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

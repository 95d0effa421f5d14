"""What both agents (ProMSA's policy, MC-Search's planner) do with a model's reply they cannot use.

Each agent asks its model for its next move in its own protocol (`nodes.promsa.protocol`,
`nodes.mcsearch.protocol`). A reply that breaks it gets one repair prompt quoting an excerpt of the
reply and saying what is wrong; a second unusable reply ends the loop, and the agent falls back to
what it has (its stop reason `fallback`). Every unusable reply is recorded as an error line; nothing
a model writes can crash a run.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from langchain_core.messages import BaseMessage

from nodes.common import timed

ATTEMPTS = 2  # the first reply and one repair
EXCERPT = 160  # characters of an unusable reply quoted back to the model

Reply = TypeVar("Reply")
Move = TypeVar("Move")


def excerpt(text: str) -> str:
    """A reply's text on one line, cut to EXCERPT characters, to quote back in a repair prompt."""
    flat = " ".join(text.split())
    return flat if len(flat) <= EXCERPT else flat[: EXCERPT - 1] + "…"


def ask_with_repair(
    messages: list[BaseMessage],
    ask: Callable[[list[BaseMessage]], Reply],
    read: Callable[[Reply], Move | str],
    repair: Callable[[Reply, str], tuple[str, list[BaseMessage]]],
    fallback: str,
) -> tuple[Move | None, float, list[str]]:
    """Ask for the next move, with one repair; returns the move (None when no reply was usable), the
    seconds the asking took, and the error lines.

    `read` turns a reply into a move, or says in a line what is wrong with it; `repair` turns a reply
    and that line into the error line to record and the messages to append before asking again.
    `fallback` says what the agent does after the last unusable reply.
    """
    errors: list[str] = []
    total = 0.0
    for attempt in range(1, ATTEMPTS + 1):
        reply, seconds = timed(ask, messages)
        total += seconds
        move = read(reply)
        if not isinstance(move, str):
            return move, total, errors
        error, follow_up = repair(reply, move)
        then = "asked again" if attempt < ATTEMPTS else fallback
        errors.append(f"{error}; {then}")
        messages = [*messages, *follow_up]
    return None, total, errors

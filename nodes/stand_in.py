"""The core of the embedded profile's stand-in agents: the identify-then-search plan both follow.

The ProMSA policy (`nodes.promsa.embedded`) and the MC-Search planner (`nodes.mcsearch.embedded`) are
deterministic STAND-INS for a trained agent. Both identify the entity of the image first (image
search), look it up (`lookup_query`), read everything gathered with the extractive reader after each
lookup and stop when the last search added nothing the answer rests on (`added_nothing`); otherwise
they search for the next entity on the image's evidence chain that no query has named yet
(`next_lookup`, chosen as PMSR's extractive trajectory-level query chooses it). What each agent
counts as a step, and when it stops for its budget, stays with the agent.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.context import Context
from nodes.extractive.followup import next_query
from nodes.extractive.question import read_question
from nodes.extractive.reader import Reading
from nodes.reading import Search, as_iterations


def lookup_query(entity: str, question: str) -> str:
    """The text search for an identified entity: "<entity> <what the question asks>" (the question
    without function words and without the noun that names the picture)."""
    return f"{entity} {read_question(question).attribute_text()}"


def added_nothing(reading: Reading, added: set[str]) -> bool:
    """Whether none of the lines the reading rests on came from the evidence ids `added`."""
    return not any(e["id"] in added for e in reading.evidence)


def next_lookup(question: str, searches: Sequence[Search], asked: list[str], context: Context) -> str:
    """The next query: the next entity on the evidence chain of `searches` that none of `asked` named,
    with what the question asks of it."""
    return next_query(question, as_iterations(question, searches, context), asked)

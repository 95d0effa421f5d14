"""What a process remembers between questions, and forgetting it.

Reading is cached per process: the texts the operators embedded (`tools.embedders.reading_embedder`),
decoded input images and their vectors (`nodes.common`), names read from texts and the patterns that
look for them (`nodes.extractive.anchor`), the word stems chains compare (`nodes.extractive.chain`), the
phrases a question's words lead up to in a text and the kinds an entry names (`nodes.extractive.spans`),
and the agents' per-search records and the KB entries looked up by title (`nodes.reading`).
Within a run these caches are what makes iterating cheap. Across runs they would credit one run with
another's work — a graph run after PMSR in the same process would find PMSR's passages already
embedded — so each batch run (`apps.batch.in_process_backend`) and each timed graph of
`benchmarks.speed` starts from empty ones.
"""

from __future__ import annotations

from nodes.common import forget_images
from nodes.extractive.anchor import forget_names
from nodes.extractive.chain import word_stems
from nodes.extractive.spans import forget_alignments
from nodes.reading import forget_records
from tools.embedders import forget_reading_caches


def forget_reading() -> None:
    """Empty every per-process reading cache, so what runs next pays for its own reading."""
    forget_reading_caches()
    forget_images()
    forget_names()
    word_stems.cache_clear()
    forget_alignments()
    forget_records()

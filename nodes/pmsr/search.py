"""Retrieval branches — one query against one source — run in parallel by the graph's fan-out.

`search` (a KB): text KB by cosine similarity of the query vector; pair KB by the decoupled score
`w·cos_text(query, text_j) + (1−w)·cos_img(I, image_j)`, computed by the store as one inner-product
search. The query vector comes embedded from `formulate`, the image vector from the process cache.
A text-only question (no image) searches the pairs by their text alone.

`web_search` and `lens` are the web variant's branches (paper Appendix C): web text search in place
of the text KB at iterations t ≥ 1, and a Lens-style image lookup in place of both KBs at step 0.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from langgraph.runtime import Runtime

from core.context import Context
from core.state import SearchTask
from core.types import Candidate
from nodes.common import context_of, emit, image_vector, input_image, knowledge_base
from nodes.extractive.anchor import is_about
from tools.retrieval import SearchableKB, caption_search, fused_search, text_search, titled_entries

OWN_ENTRY_K = 3  # passages nearest to a follow-up's entity name among which its own entry is looked for


def search(task: SearchTask, runtime: Runtime[Context]) -> dict[str, Any]:
    context = context_of(runtime)
    kb = knowledge_base(context)
    query = task["query"]
    vector = np.asarray(query["vector"], dtype=np.float32)
    if task["kb"] == "text":
        found = text_search(kb, vector, query["k_text"])
        if query.get("entity"):
            found = own_entry(kb, query["entity"]) + found
    elif task["image"]:
        found = fused_search(kb, image_vector(task["image"], context), vector, query["k_image"], context.w)
    else:  # a text-only question: the pairs whose text is nearest, each with an image score of 0
        found = caption_search(kb, vector, query["k_image"])
    emit(runtime, "search", task["step"], f"{query['kind']} query × {task['kb']} KB: {len(found)} candidates")
    return {"found": found}


def own_entry(kb: SearchableKB, entity: str) -> list[Candidate]:
    """The text KB's entries about `entity`: those stored under its title, else the first about it (by its
    title or the names it lists) among the passages nearest to its name alone.

    A trajectory-level query "<entity> <what is asked>" ranks passages sharing the asked words ("Kell along
    border country") above the entity's own entry, which says what kind of thing it is and often what is
    asked; and the name alone ranks passages that mention it often ("a mountain in the central Kell
    Mountains") above its own entry — which its title finds."""
    titled = titled_entries(kb, entity)
    if titled:
        return titled
    found = text_search(kb, entity, OWN_ENTRY_K)
    return [cand for cand in found if is_about(cand["title"], cand["text"], entity)][:1]


def web_search(task: SearchTask, runtime: Runtime[Context]) -> dict[str, Any]:
    """One query's web evidence (search → fetch → extract → summarise), in place of the text KB.

    When the web gives nothing (rate limit, outage, no usable page) the local text KB answers the
    query instead, so the run continues on what it has; the reason is in `errors`.
    """
    from nodes.pmsr.web import web_text_search  # imports the web stack: only when the variant runs

    context = context_of(runtime)
    query = task["query"]
    found, errors = web_text_search(query["text"], task["question"], context)
    emit(runtime, "web_search", task["step"], f"{query['kind']} query × web: {len(found)} pages")
    if not found and context.kbs != "pairs":  # rate-limited or empty: go on with the local text KB
        found = text_search(knowledge_base(context), np.asarray(query["vector"], np.float32), query["k_text"])
        errors.append(f"web search gave nothing for the {query['kind']} query: used the text KB instead")
    return {"found": found, "errors": errors}


def lens(task: SearchTask, runtime: Runtime[Context]) -> dict[str, Any]:
    """Step 0 of the web variant: candidates from a Lens-style lookup of the image, to bootstrap r_0."""
    from nodes.pmsr.web import lens_bootstrap  # imports the web stack: only when the variant runs

    context = context_of(runtime)
    kb = None if context.kbs == "text" else knowledge_base(context)
    found, errors = lens_bootstrap(input_image(task["image"], context), task["question"], context, kb)
    emit(runtime, "lens", task["step"], f"image lookup ({context.lens_provider}): {len(found)} hits")
    return {"found": found, "errors": errors}

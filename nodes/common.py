"""Helpers the nodes of every graph share: run settings, the input image, the KB, model calls, timing.

Nodes stay plain functions of `(state, runtime)`; anything expensive (models, the KB, the decoded
input image and its embedding) is created lazily on first use and cached for the process, so
importing the graph loads nothing.
"""

from __future__ import annotations

import hashlib
import os
import re
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import fields
from typing import Any, TypeVar

import numpy as np
from langgraph.runtime import Runtime, get_runtime

from core.context import Context
from core.errors import ImageError, InputError
from core.types import Candidate, TextEmbedder
from tools.images import ImageLimits, LoadedImage, load_image

T = TypeVar("T")
C = TypeVar("C", bound=Context)

_LOCK = threading.Lock()
_IMAGES: dict[tuple[str, ImageLimits], LoadedImage] = {}
_IMAGE_VECTORS: dict[tuple[str, str], np.ndarray] = {}
_CACHE_SIZE = 16
NEAR_DUPLICATE = 0.95  # cosine above which two sentences count as one
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(\[])")
# A period that shortens a word ends no sentence: "Mt. McKinley", "William F. Cody", "Wrangell-St. Elias".
# An initial is a capital other than "I", which ends a name as a numeral ("the Harvard Mark I.").
_ABBREVIATED = re.compile(
    r"(?:^|[\s-])(?:[A-HJ-Z]|Mt|St|Ft|Dr|Mr|Mrs|Ms|Jr|Sr|Gen|Col|Lt|Capt|Prof|Rev|No|vs)\.$"
)


def context_of(runtime: Runtime[Any] | None, schema: type[C] = Context) -> C:  # type: ignore[assignment]
    """The run's context as `schema` (LangGraph passes `None` when the caller gave no context: the
    defaults); a plain `Context` given in-process to another graph keeps its model and KB settings (not
    its web flag), with `schema`'s defaults added."""
    context = getattr(runtime, "context", None)
    if isinstance(context, schema):
        return context
    if isinstance(context, Context):
        return schema(**{f.name: getattr(context, f.name) for f in fields(Context) if f.name != "web"})
    return schema()


def current_context() -> Context:
    """The running graph's context, for helpers called without one (outside a run: the defaults)."""
    try:
        runtime = get_runtime()
    except RuntimeError:  # not inside a graph run
        return Context()
    return context_of(runtime)


def emit(runtime: Runtime[Context] | None, node: str, step: int, message: str) -> None:
    """Send one custom stream event (`stream_mode="custom"`) reporting a node's progress."""
    writer = getattr(runtime, "stream_writer", None)
    if writer is not None:
        writer({"node": node, "step": step, "message": message})


def timed(fn: Callable[..., T], *args: Any) -> tuple[T, float]:
    """Call `fn(*args)` and return its result with the seconds it took."""
    start = time.perf_counter()
    result = fn(*args)
    return result, time.perf_counter() - start


# --- inputs -----------------------------------------------------------------------------------------


def require_question(question: object, context: Context | None = None) -> str:
    """The stripped question, or `InputError` when there is none or it is longer than the run allows."""
    limit = (context or current_context()).max_question_chars
    text = question.strip() if isinstance(question, str) else ""
    if not text:
        raise InputError("empty question: send a non-empty 'question' string (with the image, if any)")
    if len(text) > limit:
        raise InputError(
            f"question too long ({len(text)} characters, the limit is {limit}): shorten it "
            "(operators: PMSR_MAX_QUESTION_CHARS)"
        )
    return text


def _digest(image: str | bytes) -> str:
    data = image.encode("utf-8") if isinstance(image, str) else image
    return hashlib.sha256(data).hexdigest()


def image_limits(context: Context) -> ImageLimits:
    """The input bounds of a run: size caps always; paths only under `image_roots` when it is set,
    and on a served graph (a remote client's run) only there — with no roots, no path at all."""
    roots = ImageLimits.folders(context.image_roots.split(os.pathsep))
    return ImageLimits(
        max_bytes=context.max_image_bytes,
        max_pixels=context.max_image_pixels,
        roots=roots if roots or context.served else None,
    )


def input_image(image: object, context: Context | None = None) -> LoadedImage:
    """Decode the run's image once per process (keyed by the input's hash and the run's bounds),
    raising `ImageError`; without `context`, the running graph's."""
    if not isinstance(image, str | bytes):
        raise ImageError("the image must be a string (a path, base64 text or a data: URL) or bytes")
    limits = image_limits(context or current_context())
    key = (_digest(image), limits)
    with _LOCK:
        cached = _IMAGES.get(key)
    if cached is not None:
        return cached
    loaded = load_image(image, limits=limits)
    with _LOCK:
        if len(_IMAGES) >= _CACHE_SIZE:
            _IMAGES.pop(next(iter(_IMAGES)))
        _IMAGES[key] = loaded
    return loaded


def question_image(image: object, context: Context | None = None) -> LoadedImage | None:
    """The run's decoded image, or None for a text-only question (no image, or an empty string)."""
    return input_image(image, context) if image else None


def image_vector(image: str | bytes, context: Context, computed: np.ndarray | None = None) -> np.ndarray:
    """The input image's embedding (1-D), computed once per image and image embedder (`computed`: a
    vector of it that the caller already has from the same embedder, kept for later calls)."""
    from tools.embedders import make_image_embedder  # imports torch: only when a node runs

    embedder = make_image_embedder(context.image_embedder)
    key = (_digest(image), f"{context.image_embedder}:{id(embedder)}")
    with _LOCK:
        cached = _IMAGE_VECTORS.get(key)
    if cached is not None:
        return cached
    if computed is None:
        computed = embedder.embed_images([input_image(image, context).pil])[0]
    vector = np.asarray(computed, dtype=np.float32)
    with _LOCK:
        if len(_IMAGE_VECTORS) >= _CACHE_SIZE:
            _IMAGE_VECTORS.pop(next(iter(_IMAGE_VECTORS)))
        _IMAGE_VECTORS[key] = vector
    return vector


def forget_images() -> None:
    """Drop the decoded input images and their vectors (`nodes.caches`)."""
    with _LOCK:
        _IMAGES.clear()
        _IMAGE_VECTORS.clear()


# --- models and knowledge base (their modules import torch, chromadb, openai: on first use only) ---


def text_embedder(context: Context) -> TextEmbedder:
    """The run's text embedder, remembering what it embedded (records re-read the same sentences)."""
    from tools.embedders import reading_embedder  # imports torch: only when a node runs

    return reading_embedder(context.text_embedder)


def knowledge_base(context: Context) -> Any:
    """The run's KB (`kb.store.open_kb` caches it per location, name and embedder specs)."""
    from kb.store import open_kb  # imported here: chromadb is slow to import and the graph must not be

    return open_kb(
        context.kb_dir,
        chroma_host=context.chroma_host or None,
        chroma_port=context.chroma_port,
        name=context.kb_name,
        text_embedder=context.text_embedder,
        image_embedder=context.image_embedder,
    )


def chat_model(context: Context) -> Any:
    """The run's chat model with the run's generation settings (created once per process)."""
    from tools.models import ModelSettings, make_chat_model  # heavy: only when generating

    settings = ModelSettings(
        temperature=context.temperature,
        max_tokens=context.max_tokens,
        timeout_s=context.timeout_s,
        max_retries=context.max_retries,
    )
    return make_chat_model(context.model, settings)


def ask_model(context: Context, prompt: str, image: LoadedImage | None) -> tuple[str, float]:
    """Send one prompt (with the image when given) to the run's chat model; return text and seconds."""
    from tools.models import image_message

    reply, seconds = timed(chat_model(context).invoke, [image_message(prompt, image)])
    return message_text(reply.content).strip(), seconds


def message_text(content: str | list[Any]) -> str:
    """The text of a chat message's content, which may be a string or a list of parts."""
    if isinstance(content, str):
        return content
    parts = [p if isinstance(p, str) else p.get("text", "") for p in content if isinstance(p, str | dict)]
    return "".join(parts)


# --- text helpers -----------------------------------------------------------------------------------


def strip_question(text: str, question: str) -> str:
    """The query without the question every query shares (saturation compares what the queries add, or
    every pair would look alike); the query itself if nothing is left."""
    rest = text.replace(question, " ").strip()
    return " ".join(rest.split()) or text


def split_sentences(text: str) -> list[str]:
    """Sentences of a passage, on `.`, `!` or `?` followed by a capital or digit, but not after an
    abbreviation or an initial."""
    sentences: list[str] = []
    for piece in _SENTENCE_END.split(" ".join(text.split())):
        if sentences and _ABBREVIATED.search(sentences[-1]):
            sentences[-1] = f"{sentences[-1]} {piece}"
        else:
            sentences.append(piece)
    return [s.strip() for s in sentences if s.strip()]


def merge_candidates(candidates: Iterable[Candidate]) -> list[Candidate]:
    """De-duplicate by id keeping the best score; text passages first, then pairs, best first."""
    best: dict[str, Candidate] = {}
    for cand in candidates:
        kept = best.get(cand["id"])
        if kept is None or cand["score"] > kept["score"]:
            best[cand["id"]] = {**cand, "score": float(cand["score"])}
    order = {"text": 0, "web": 1, "pairs": 2, "lens": 3}
    return sorted(best.values(), key=lambda c: (order.get(c["source"], 9), -c["score"]))


def take_in_turn(
    vectors: np.ndarray,
    rankings: list[np.ndarray],
    n: int,
    *,
    max_similarity: float = NEAR_DUPLICATE,
    unknown: frozenset[int] = frozenset(),
) -> list[int] | None:
    """Up to `n` row indices, taking each ranking's best remaining row in turn and skipping rows
    nearly identical (cosine ≥ `max_similarity`) to one already taken.

    Rows in `unknown` have no vector yet and are ranked by an upper bound of their score. Reaching one
    returns None (embed them and ask again); otherwise no unknown row could have been taken or passed
    over before the rows taken, so the choice is the one their true scores would give.
    """
    orders = [list(np.argsort(-scores, kind="stable")) for scores in rankings]
    taken: list[int] = []
    while len(taken) < n and any(orders):
        for order in orders:
            while order:
                idx = int(order.pop(0))
                if idx in unknown:
                    return None
                if idx not in taken and all(float(vectors[idx] @ vectors[j]) < max_similarity for j in taken):
                    taken.append(idx)
                    break
            if len(taken) == n:
                break
    return taken


def top_unique(
    vectors: np.ndarray, scores: np.ndarray, n: int, *, max_similarity: float = NEAR_DUPLICATE
) -> list[int]:
    """Indices of the `n` best-scoring rows, skipping rows nearly identical to one already taken."""
    return take_in_turn(vectors, [scores], n, max_similarity=max_similarity) or []

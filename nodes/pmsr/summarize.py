"""Web evidence processing (paper Appendix B): query condensation and query-conditioned page summaries.

Two ways to run each operator, chosen by `Context.generative`:
- generative (a real chat model): the `condense_query` and `summarize_page` prompts;
- extractive (the embedded profile): no text generation at all, because a 135M-parameter model
  rewrites and summarises unreliably and a wrong summary poisons the reasoning record. Condensation
  keeps the most informative words — the question's content words (the intent) followed by the
  named entities and numbers of the notes, most frequent first; a summary is the handful of page
  sentences closest to the question and query in the text-embedding space, in page order.
"""

from __future__ import annotations

import logging
import re
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import HumanMessage

from core.errors import ConfigError
from core.types import TextEmbedder
from nodes.common import message_text, split_sentences, top_unique
from prompts import render_prompt
from tools.fetch import Page

log = logging.getLogger(__name__)

PAGE_CHARS = 6000  # page text shown to the chat model per summary
SUMMARY_SENTENCES = 4  # sentences kept by the extractive summary
SENTENCES_PER_PAGE = 300  # sentences of a page the extractive summary considers (bounds embedding cost)
KEYWORD_TERMS = 12  # terms kept by the extractive condensation
NOT_RELEVANT = "NONE"

_THINK = re.compile(r"<think>.*?</think>", re.DOTALL | re.IGNORECASE)
_QUERY_PREFIX = re.compile(r"^(search\s+)?query\s*:\s*", re.IGNORECASE)
_EDGE_PUNCT = "\"'“”‘’()[]{}<>.,;:!?"
_CONNECTORS = {"of", "the", "de", "del", "la", "le", "von", "van", "da", "di", "du", "and", "&"}
# fmt: off
_STOPWORDS = frozenset({
    "a", "about", "above", "after", "again", "against", "all", "also", "am", "an", "and", "any", "are",
    "as", "at", "be", "because", "been", "before", "being", "below", "between", "both", "but", "by", "can",
    "could", "did", "do", "does", "doing", "down", "during", "each", "few", "for", "from", "further", "had",
    "has", "have", "having", "he", "her", "here", "hers", "him", "his", "how", "i", "if", "in", "into",
    "is", "it", "its", "itself", "just", "me", "more", "most", "my", "no", "nor", "not", "now", "of", "off",
    "on", "once", "only", "or", "other", "our", "out", "over", "own", "same", "she", "should", "so", "some",
    "such", "than", "that", "the", "their", "them", "then", "there", "these", "they", "this", "those",
    "through", "to", "too", "under", "until", "up", "very", "was", "we", "were", "what", "when", "where",
    "which", "while", "who", "whom", "why", "will", "with", "would", "you", "your", "image", "picture",
    "photo", "shown", "show", "shows", "seen", "see", "name", "named", "called", "known", "kind", "type",
    "many", "much", "one", "two", "located", "location", "according", "record", "notes", "question",
    "answer", "answers", "fact", "facts", "based", "appears", "likely", "possibly",
})
# fmt: on


def summarize_pages(
    pages: Sequence[Page],
    question: str,
    query: str,
    *,
    model: BaseChatModel | None = None,
    embedder: TextEmbedder | None = None,
    concurrency: int = 4,
    max_chars: int = PAGE_CHARS,
    errors: list[str] | None = None,
) -> list[str]:
    """One query-conditioned summary per page, in page order.

    With `model`, each page (its text cut to `max_chars`) is summarised by the chat model, at most
    `concurrency` calls at a time; a page the model calls irrelevant, or whose call fails, gets ""
    and the failure is appended to `errors`. Without a model, `embedder` picks the page sentences
    closest to the question and query (one batched embedding call for all pages).
    """
    if not pages:
        return []
    if model is None:
        if embedder is None:
            raise ConfigError("summarize_pages needs a chat model or a text embedder")
        return extractive_summaries([p.text for p in pages], focus(question, query), embedder)
    with ThreadPoolExecutor(max_workers=max(1, min(concurrency, len(pages)))) as pool:
        futures = [pool.submit(summarize_page, p, question, query, model, max_chars) for p in pages]
    summaries = []
    for page, future in zip(pages, futures, strict=True):
        try:
            summaries.append(future.result())
        except Exception as exc:  # a model/server failure on one page must not sink the others
            log.warning("summary of %s failed: %s: %s", page.url, type(exc).__name__, exc)
            if errors is not None:
                errors.append(f"summarize {page.url}: {type(exc).__name__}: {exc}")
            summaries.append("")
    return summaries


def summarize_page(
    page: Page, question: str, query: str, model: BaseChatModel, max_chars: int = PAGE_CHARS
) -> str:
    """The chat model's summary of one page ("" when it finds nothing relevant)."""
    prompt = render_prompt(
        "summarize_page",
        question=question,
        query=query,
        title=page.title,
        url=page.final_url,
        text=truncate(page.text, max_chars),
    )
    reply = _clean(message_text(model.invoke([HumanMessage(content=prompt)]).content))
    return "" if reply.strip(" .").upper() == NOT_RELEVANT else reply


def extractive_summaries(
    texts: Sequence[str], focus_text: str, embedder: TextEmbedder, n_sentences: int = SUMMARY_SENTENCES
) -> list[str]:
    """For each text, its `n_sentences` sentences most similar to `focus_text`, in their original order."""
    per_text = [_candidate_sentences(t) for t in texts]
    flat = [s for sentences in per_text for s in sentences]
    if not flat:
        return ["" for _ in texts]
    vectors = embedder.embed_texts([focus_text, *flat])
    query_vec, sentence_vecs = vectors[0], vectors[1:]
    summaries, start = [], 0
    for sentences in per_text:
        block = sentence_vecs[start : start + len(sentences)]
        start += len(sentences)
        chosen = top_unique(block, block @ query_vec, n_sentences) if sentences else []
        summaries.append(" ".join(sentences[i] for i in sorted(chosen)))
    return summaries


def condense_query(
    text: str,
    model: BaseChatModel | None,
    threshold: int = 400,
    *,
    question: str = "",
    max_terms: int = KEYWORD_TERMS,
) -> str:
    """A web-ready query: `text` itself when it is at most `threshold` characters, else a condensed form.

    With `model` the `condense_query` prompt rewrites it (a reply that is empty or still too long
    falls back to keywords); model failures propagate so the caller can record them. Without a
    model the keyword condensation below is used.
    """
    text = " ".join(text.split())
    if len(text) <= threshold:
        return text
    if model is not None:
        reply = _clean(
            message_text(
                model.invoke([HumanMessage(content=render_prompt("condense_query", text=text))]).content
            )
        )
        line = _QUERY_PREFIX.sub("", next((ln for ln in reply.splitlines() if ln.strip()), "")).strip(
            _EDGE_PUNCT + " "
        )
        if 0 < len(line) <= threshold:
            return line
        log.info("condensed query unusable (%d chars); using keywords", len(line))
    return keyword_query(text, question=question, max_terms=max_terms, max_chars=threshold)


def keyword_query(
    text: str, *, question: str = "", max_terms: int = KEYWORD_TERMS, max_chars: int | None = None
) -> str:
    """The question's content words, then the text's entities and numbers (most frequent first).

    At most `max_terms` terms (a multi-word name counts as one) and, when given, `max_chars` characters.
    """
    rest = text.replace(question, " ") if question else text
    terms: list[str] = []
    seen: set[str] = set()
    for term in [*_content_words(question), *_ranked_entities(rest)]:
        key = term.lower()
        if key in seen or all(word in seen for word in key.split()):
            continue
        if len(terms) == max_terms or (max_chars is not None and len(" ".join([*terms, term])) > max_chars):
            break
        seen.add(key)
        seen.update(key.split())
        terms.append(term)
    return " ".join(terms)


def focus(question: str, query: str) -> str:
    """The text a page summary is conditioned on: the query, prefixed by the question unless it has it."""
    return query if question and question in query else " ".join(filter(None, (question, query)))


def truncate(text: str, max_chars: int) -> str:
    """`text` cut at a word boundary to at most `max_chars` characters (with an ellipsis when cut)."""
    if len(text) <= max_chars:
        return text
    cut = text[:max_chars].rsplit(None, 1)[0] if " " in text[:max_chars] else text[:max_chars]
    return cut + " …"


def _clean(reply: str) -> str:
    return _THINK.sub("", reply).strip()


def _candidate_sentences(text: str) -> list[str]:
    """Sentences long enough to carry a fact and short enough not to be a whole unsplit block.

    Lines are split first, so a heading or menu line never fuses with the sentence after it.
    """
    sentences = [s for line in text.splitlines() for s in split_sentences(line) if 25 <= len(s) <= 600]
    return sentences[:SENTENCES_PER_PAGE]


def _content_words(text: str) -> list[str]:
    words = (w.strip(_EDGE_PUNCT) for w in text.split())
    return [w for w in words if len(w) >= 3 and w.lower() not in _STOPWORDS]


def _ranked_entities(text: str) -> list[str]:
    """Capitalised spans ("Julian Alps", "Church of the Assumption") and numbers, most frequent first."""
    spans: list[str] = []
    for sentence in split_sentences(text):
        spans.extend(_sentence_spans(sentence.split()))
    counts = Counter(spans)
    first = {span: i for i, span in reversed(list(enumerate(spans)))}
    return sorted(counts, key=lambda s: (-counts[s], first[s]))


def _sentence_spans(tokens: list[str]) -> list[str]:
    spans: list[str] = []
    current: list[str] = []

    def flush() -> None:
        while current and current[-1].lower() in _CONNECTORS:
            current.pop()
        while current and current[0].lower() in _STOPWORDS:
            current.pop(0)
        if current:
            spans.append(" ".join(current))
        current.clear()

    words = [raw.strip(_EDGE_PUNCT) for raw in tokens]
    for i, (raw, word) in enumerate(zip(tokens, words, strict=True)):
        if (
            word
            and (word[0].isupper() or any(c.isdigit() for c in word))
            or current
            and word.lower() in _CONNECTORS
            and _continues_name(words[i + 1 :])
        ):
            current.append(word)
        else:
            flush()
        if raw[-1:] in ",;:)" or raw != raw.rstrip(_EDGE_PUNCT):
            flush()
    flush()
    return spans


def _continues_name(following: list[str]) -> bool:
    """True when the next word after a run of connectors ("of the") is capitalised."""
    nxt = next((w for w in following if w.lower() not in _CONNECTORS), "")
    return nxt[:1].isupper()

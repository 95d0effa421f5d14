"""The knowledge bases: two Chroma collections and the searches the graph nodes run on them.

`<name>_text` holds Wikipedia passages under their text vector t̂. `<name>_pairs` holds image–text
pairs under `[t̂ ; î]` (each half L2-normalised, so every stored vector has norm √2). The pair score
of the PMSR paper, `w·cos_text + (1−w)·cos_img`, is then ONE inner-product query with `[w·t̂_q ; (1−w)·î_q]`;
Chroma's "ip" distance is `1 − ip`, converted back to the score here.

Both halves of a pair vector use their own embedder: the text half the TEXT embedder (as the paper:
Qwen3-Embedding text + SigLIP2 image), so a pair's text and a passage are comparable; the text tower
of a CLIP-like image embedder is not used.

Each collection records the embedder ids and dimensions it was built with; opening it with others
raises `KBError` instead of returning meaningless neighbours. A Chroma server that cannot be reached —
down from the start, or killed while the KB is in use — raises `BackendUnavailable` naming the server
and how to start it; once it is back, the same `KnowledgeBase` works again (its HTTP client reconnects).
"""

from __future__ import annotations

import functools
import re
import threading
from collections.abc import Callable, Collection, Sequence
from pathlib import Path
from typing import Any, Concatenate, Literal, ParamSpec, TypeVar

import chromadb
import httpx
import numpy as np
from chromadb.errors import NotFoundError
from PIL import Image

from core.errors import BackendUnavailable, ConfigError, KBError
from core.types import Candidate, ImageEmbedder, TextEmbedder, normalise
from tools.devices import device_setting, dtype_setting
from tools.embedders import make_image_embedder, make_text_embedder
from tools.images import LoadedImage

HNSW_CONFIG: dict[str, Any] = {"space": "ip", "max_neighbors": 32, "ef_construction": 200, "ef_search": 200}
"""HNSW settings of new collections; measured recall@10 vs exact search is in benchmarks/kb.py."""

_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,49}")
Kind = Literal["text", "pairs"]
ImageQuery = LoadedImage | Image.Image | np.ndarray
P = ParamSpec("P")
T = TypeVar("T")


def _server_call(
    method: Callable[Concatenate[KnowledgeBase, P], T],
) -> Callable[Concatenate[KnowledgeBase, P], T]:
    """A `KnowledgeBase` method that talks to Chroma: a lost server connection becomes a one-line
    `BackendUnavailable` naming the server (the KB's `where`)."""

    @functools.wraps(method)
    def call(kb: KnowledgeBase, *args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return method(kb, *args, **kwargs)
        except httpx.TransportError as exc:
            raise BackendUnavailable(unreachable(kb.where, exc)) from None

    return call


class KnowledgeBase:
    """A text KB and a multimodal pair KB in one Chroma database (embedded folder or server)."""

    def __init__(
        self,
        client: Any,
        *,
        name: str,
        where: str,
        text_embedder: TextEmbedder,
        image_embedder: ImageEmbedder,
        create: bool,
    ) -> None:
        if not _NAME.fullmatch(name):
            raise ConfigError(f"KB name {name!r} is not usable: use letters, digits, '.', '_' or '-' (≤ 50)")
        self.name = name
        self.where = where
        self.text_embedder = text_embedder
        self.image_embedder = image_embedder
        self.dims = {"text": text_embedder.dim, "pairs": text_embedder.dim + image_embedder.dim}
        self._collections = {kind: self._open_collection(client, kind, create) for kind in ("text", "pairs")}

    # ---- opening ----------------------------------------------------------------------------

    def _expected_metadata(self, kind: Kind) -> dict[str, str | int]:
        meta: dict[str, str | int] = {
            "text_embedder": self.text_embedder.id,
            "text_dim": self.text_embedder.dim,
        }
        if kind == "pairs":
            meta |= {"image_embedder": self.image_embedder.id, "image_dim": self.image_embedder.dim}
        return meta

    @_server_call
    def _open_collection(self, client: Any, kind: Kind, create: bool) -> Any:
        name, expected = f"{self.name}_{kind}", self._expected_metadata(kind)
        if create:
            collection = client.get_or_create_collection(
                name, embedding_function=None, configuration={"hnsw": HNSW_CONFIG}, metadata=expected
            )
        else:
            try:
                collection = client.get_collection(name, embedding_function=None)
            except NotFoundError:
                raise KBError(_missing_message(self.where, self.name)) from None
        self._check_embedders(kind, collection.metadata or {}, expected)
        return collection

    def _check_embedders(self, kind: Kind, stored: dict[str, Any], expected: dict[str, str | int]) -> None:
        for role in ("text", "image"):
            key = f"{role}_embedder"
            if key not in expected:
                continue
            have = (stored.get(key), stored.get(f"{role}_dim"))
            want = (expected[key], expected[f"{role}_dim"])
            if have != want:
                raise KBError(
                    f"KB {self.where} ({self.name}_{kind}) was built with {role} embedder {have[0]} "
                    f"({have[1]}-d) but {want[0]} ({want[1]}-d) was requested — set --{role}-embedder "
                    f"(PMSR_{role.upper()}_EMBEDDER) to the spec of {have[0]}, or rebuild into a new --kb-dir"
                )

    # ---- writing (used by kb.build) ----------------------------------------------------------

    @_server_call
    def existing(self, kind: Kind, ids: Sequence[str]) -> dict[str, str]:
        """Which of `ids` are stored already, mapped to the build token they were written by."""
        if not ids:
            return {}
        got = self._collections[kind].get(ids=list(ids), include=["metadatas"])
        return {i: str((m or {}).get("build", "")) for i, m in zip(got["ids"], got["metadatas"], strict=True)}

    @_server_call
    def upsert(
        self,
        kind: Kind,
        ids: Sequence[str],
        vectors: np.ndarray,
        texts: Sequence[str],
        metadatas: Sequence[dict[str, str]],
    ) -> None:
        """Write records; `vectors` are the stored vectors (pairs: already `[t̂ ; î]`)."""
        self._check_dim(kind, vectors)
        self._collections[kind].upsert(
            ids=list(ids),
            embeddings=vectors.astype(np.float32),
            documents=list(texts),
            metadatas=list(metadatas),
        )

    # ---- searching ----------------------------------------------------------------------------

    def collection(self, kind: Kind) -> Any:
        """The underlying Chroma collection (for inspection and tuning, e.g. `modify(configuration=...)`)."""
        return self._collections[kind]

    @_server_call
    def count(self) -> dict[str, int]:
        """Number of records per collection: `{"text": n, "pairs": m}`."""
        return {kind: collection.count() for kind, collection in self._collections.items()}

    def embed_text(self, text: str) -> np.ndarray:
        return self.text_embedder.embed_texts([text])[0]

    def embed_image(self, image: LoadedImage | Image.Image) -> np.ndarray:
        """The image embedder's (dim,) vector of one image."""
        pil = image.pil if isinstance(image, LoadedImage) else image
        return self.image_embedder.embed_images([pil])[0]

    def search_text(self, query: str | np.ndarray, k: int, exclude: Collection[str] = ()) -> list[Candidate]:
        """Passages nearest to `query` (a string is embedded; an array is a ready query vector)."""
        vector = self.embed_text(query) if isinstance(query, str) else np.asarray(query, dtype=np.float32)
        return self.search_text_many(vector[None, :], k, exclude)[0]

    def search_text_many(
        self, vectors: np.ndarray, k: int, exclude: Collection[str] = ()
    ) -> list[list[Candidate]]:
        """One Chroma query for several text query vectors of shape (n, text_dim)."""
        return self._query("text", np.asarray(vectors, dtype=np.float32), k, exclude)

    def search_pairs(
        self, image: ImageQuery, text: str | np.ndarray, k: int, w: float, exclude: Collection[str] = ()
    ) -> list[Candidate]:
        """Pairs ranked by `w·cos_text(text, t_j) + (1−w)·cos_img(image, i_j)`; `score` is that value."""
        text_vec = self.embed_text(text) if isinstance(text, str) else np.asarray(text, dtype=np.float32)
        return self.search_pairs_many(self._image_vector(image), text_vec[None, :], k, w, exclude)[0]

    def search_pairs_many(
        self, image_vec: np.ndarray, text_vecs: np.ndarray, k: int, w: float, exclude: Collection[str] = ()
    ) -> list[list[Candidate]]:
        """`search_pairs` for one image and several text query vectors (n, text_dim), in one query.

        Query halves are L2-normalised here, so the returned score is exactly the decoupled cosine mix.
        """
        if not 0.0 <= w <= 1.0:
            raise ConfigError(f"pair weight w={w} must lie in [0, 1] (1 = text only, 0 = image only)")
        text_vecs = normalise(text_vecs)
        image_vec = normalise(np.asarray(image_vec, dtype=np.float32).reshape(1, -1))
        queries = np.hstack([w * text_vecs, np.repeat((1.0 - w) * image_vec, len(text_vecs), axis=0)])
        return self._query("pairs", queries, k, exclude, image_vec[0])

    def search_by_image(self, image: ImageQuery, k: int, exclude: Collection[str] = ()) -> list[Candidate]:
        """Local Lens-style reverse image search: pairs ranked by image similarity alone (w = 0)."""
        image_vec = self._image_vector(image)
        no_text = np.zeros((1, self.text_embedder.dim), np.float32)
        return self.search_pairs_many(image_vec, no_text, k, 0.0, exclude)[0]

    def search_pairs_by_text(
        self, text: str | np.ndarray, k: int, exclude: Collection[str] = ()
    ) -> list[Candidate]:
        """Image search with a text query: pairs ranked by their text's similarity alone (w = 1)."""
        text_vec = self.embed_text(text) if isinstance(text, str) else np.asarray(text, dtype=np.float32)
        no_image = np.zeros(self.image_embedder.dim, np.float32)
        return self.search_pairs_many(no_image, text_vec[None, :], k, 1.0, exclude)[0]

    @_server_call
    def fetch(self, ids: Sequence[str]) -> list[Candidate]:
        """The stored passages and pairs with these ids, in the order asked (score 1.0); unknown ids are
        left out."""
        unique = list(dict.fromkeys(ids))  # a gold chain may name one evidence twice; Chroma refuses that
        if not unique:
            return []
        found: dict[str, Candidate] = {}
        for kind in ("text", "pairs"):
            got = self._collections[kind].get(ids=unique, include=["documents", "metadatas"])
            for cid, document, meta in zip(got["ids"], got["documents"], got["metadatas"], strict=True):
                found.setdefault(cid, _candidate(cid, 0.0, document, meta, kind))
        return [found[cid] for cid in unique if cid in found]

    @_server_call
    def entries_titled(self, title: str) -> list[Candidate]:
        """The text passages stored under exactly this title (score 1.0): an entity's own entries, which a
        search by its name alone may rank below passages that merely mention it."""
        got = self._collections["text"].get(where={"title": title}, include=["documents", "metadatas"])
        columns = (got["ids"], got["documents"], got["metadatas"])
        return [
            _candidate(cid, 0.0, document, meta, "text") for cid, document, meta in zip(*columns, strict=True)
        ]

    def _image_vector(self, image: ImageQuery) -> np.ndarray:
        if isinstance(image, np.ndarray):
            return image.astype(np.float32)
        return self.embed_image(image)

    @_server_call
    def _query(
        self,
        kind: Kind,
        queries: np.ndarray,
        k: int,
        exclude: Collection[str] = (),
        image_vec: np.ndarray | None = None,
    ) -> list[list[Candidate]]:
        """The `k` best records per query row whose ids are not in `exclude`.

        Exclusion over-fetches: asking for k + |exclude| results leaves at least k that are not
        excluded whenever the collection holds that many, so a repeated search with a growing
        exclusion list keeps returning k new ids until the collection runs out. With `image_vec` (a
        pair search), each pair also gets `image_score`, the cosine of its image half to `image_vec`:
        how much the image alone says it is that entity, whatever the text half of the query.
        """
        self._check_dim(kind, queries)
        if k <= 0 or len(queries) == 0:
            return [[] for _ in queries]
        excluded = set(exclude)
        include = ["distances", "documents", "metadatas", *(["embeddings"] if image_vec is not None else [])]
        result = self._collections[kind].query(
            query_embeddings=queries, n_results=k + len(excluded), include=include
        )
        stored = result.get("embeddings") if image_vec is not None else None
        found = []
        columns = (result["ids"], result["distances"], result["documents"], result["metadatas"])
        for n, row in enumerate(zip(*columns, strict=True)):
            candidates = [_candidate(i, d, doc, meta, kind) for i, d, doc, meta in zip(*row, strict=True)]
            if stored is not None:
                halves = np.asarray(stored[n], dtype=np.float32)[:, self.dims["text"] :]
                for cand, score in zip(candidates, halves @ image_vec, strict=True):
                    cand["image_score"] = float(score)
            found.append([c for c in candidates if c["id"] not in excluded][:k])
        return found

    def _check_dim(self, kind: Kind, vectors: np.ndarray) -> None:
        if vectors.ndim != 2 or vectors.shape[1] != self.dims[kind]:
            raise KBError(
                f"{kind} vectors of shape {vectors.shape} do not fit KB {self.where} ({self.dims[kind]}-d): "
                f"embed with the KB's embedders ({self.text_embedder.id}, {self.image_embedder.id})"
            )


def _candidate(cid: str, distance: float, document: str | None, meta: dict | None, kind: Kind) -> Candidate:
    meta = meta or {}
    return Candidate(
        id=cid,
        score=1.0 - float(distance),
        source=kind,
        title=str(meta.get("title", "")),
        text=document or "",
        image_path=meta.get("image_path"),
        url=None,
    )


def _missing_message(where: str, name: str) -> str:
    target = f"--kb-dir {where}" if not where.startswith("http") else _server_flags(where)
    command = f"python -m kb.build {target} --name {name} --text … --pairs …"
    return f"no knowledge base {name!r} at {where} — build it with `{command}`"


def unreachable(url: str, exc: BaseException) -> str:
    """The one-line message for a Chroma server that does not answer: what failed and how to fix it."""
    host, _, port = url.removeprefix("http://").rpartition(":")
    reason = " ".join(str(exc).split()) or "no answer"
    return (
        f"KB server at {url} is unreachable ({type(exc).__name__}: {reason}): start it with "
        f"`chroma run --path DIR --host {host} --port {port}`, or fix PMSR_CHROMA_HOST/PMSR_CHROMA_PORT "
        "(--chroma-host/--chroma-port), or use an embedded KB (--kb-dir)"
    )


def _server_flags(url: str) -> str:
    host, _, port = url.removeprefix("http://").rpartition(":")
    return f"--chroma-host {host} --chroma-port {port}"


# ---- opening, cached ---------------------------------------------------------------------------

_CACHE: dict[tuple[Any, ...], KnowledgeBase] = {}
_LOCK = threading.Lock()


def open_kb(
    kb_dir: str | None = None,
    *,
    chroma_host: str | None = None,
    chroma_port: int = 8000,
    name: str = "pmsr",
    text_embedder: str = "embedded",
    image_embedder: str = "embedded",
    create: bool = False,
    device: str | None = None,
    dtype: str | None = None,
) -> KnowledgeBase:
    """Open (or with `create`, create) the KB in `kb_dir`, or on the Chroma server at `chroma_host`.

    One `KnowledgeBase` per location, name, embedder specs and placement per process (thread-safe), so
    graph nodes can call this on every run for free. A server wins over `kb_dir` when both are given.
    `device` / `dtype` place in-process embedders (None: PMSR_DEVICE / PMSR_DTYPE, see `tools.devices`).
    """
    location = f"http://{chroma_host}:{chroma_port}" if chroma_host else _kb_path(kb_dir)
    key = (location, name, text_embedder, image_embedder, device_setting(device), dtype_setting(dtype))
    with _LOCK:
        if key not in _CACHE:
            client = (
                _server_client(chroma_host, chroma_port)
                if chroma_host
                else _local_client(location, name, create)
            )
            _CACHE[key] = KnowledgeBase(
                client,
                name=name,
                where=location,
                text_embedder=make_text_embedder(text_embedder, device, dtype),
                image_embedder=make_image_embedder(image_embedder, device, dtype),
                create=create,
            )
        return _CACHE[key]


def clear_kb_cache() -> None:
    """Forget opened KBs (for tests, or after a KB was rebuilt with other embedders)."""
    with _LOCK:
        _CACHE.clear()


def _kb_path(kb_dir: str | None) -> str:
    if not kb_dir:
        raise ConfigError(
            "no knowledge base given: pass kb_dir (PMSR_KB_DIR) or chroma_host (PMSR_CHROMA_HOST)"
        )
    return str(Path(kb_dir).expanduser().resolve())


def _local_client(path: str, name: str, create: bool) -> Any:
    # PersistentClient creates a missing folder: look first, so a typo is not an empty KB.
    if not create and not (Path(path) / "chroma.sqlite3").is_file():
        raise KBError(_missing_message(path, name))
    return chromadb.PersistentClient(path=path, settings=chromadb.Settings(anonymized_telemetry=False))


def _server_client(host: str, port: int) -> Any:
    try:
        return chromadb.HttpClient(
            host=host, port=port, settings=chromadb.Settings(anonymized_telemetry=False)
        )
    except (ValueError, OSError, httpx.HTTPError) as exc:
        raise BackendUnavailable(unreachable(f"http://{host}:{port}", exc)) from None

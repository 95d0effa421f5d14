"""A real Chroma server (`chroma run`) built and searched through the same CLI/API as the embedded store."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import numpy as np
import pytest
from conftest import free_port
from test_kb_fakes import IMAGE, TEXT, register_fakes
from test_kb_store import write_corpus

from core.errors import KBError
from kb.build import build_kb, main
from kb.store import KnowledgeBase, open_kb

CHROMA = Path(sys.executable).with_name("chroma")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    """`chroma run` on 127.0.0.1 and a free port; yields the port once the heartbeat answers."""
    port = free_port()
    path = tmp_path_factory.mktemp("chroma_server")
    log = (path / "server.log").open("w")
    proc = subprocess.Popen(
        [str(CHROMA), "run", "--path", str(path / "data"), "--host", "127.0.0.1", "--port", str(port)],
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        _wait_for_heartbeat(port, proc)
        yield port
    finally:
        proc.terminate()
        proc.wait(timeout=20)
        log.close()


def _wait_for_heartbeat(port: int, proc: subprocess.Popen[bytes], timeout_s: float = 60.0) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        assert proc.poll() is None, "chroma run exited early"
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/v2/heartbeat", timeout=1.0).status_code == 200:
                return
        except httpx.TransportError:
            time.sleep(0.2)
    raise AssertionError(f"chroma run did not answer on port {port} within {timeout_s} s")


@pytest.fixture(scope="module")
def both(server: int, tmp_path_factory: pytest.TempPathFactory) -> tuple[KnowledgeBase, KnowledgeBase]:
    """The same corpus built into an embedded KB (API) and into the server (CLI)."""
    register_fakes()
    passages, pairs = write_corpus(tmp_path_factory.mktemp("corpus"), n_passages=50, n_pairs=25, seed=3)
    kb_dir = str(tmp_path_factory.mktemp("embedded"))
    build_kb(kb_dir, [passages], [pairs], text_embedder=TEXT, image_embedder=IMAGE, progress=False)
    flags = ["--text-embedder", TEXT, "--image-embedder", IMAGE, "--batch-size", "16", "--quiet"]
    where = ["--chroma-host", "127.0.0.1", "--chroma-port", str(server)]
    assert main([*where, "--text", str(passages), "--pairs", str(pairs), *flags]) == 0
    remote = open_kb(chroma_host="127.0.0.1", chroma_port=server, text_embedder=TEXT, image_embedder=IMAGE)
    return open_kb(kb_dir, text_embedder=TEXT, image_embedder=IMAGE), remote


def _ranked(hits: list) -> tuple[list[float], set[tuple[str, float]]]:
    """Scores in order, and the hits above the last score (ties at the cut may keep either id)."""
    scores = [round(h["score"], 5) for h in hits]
    return scores, {(h["id"], s) for h, s in zip(hits, scores, strict=True) if s > scores[-1]}


def test_server_kb_answers_like_the_embedded_kb(both: tuple[KnowledgeBase, KnowledgeBase]) -> None:
    local, remote = both
    assert remote.count() == local.count() == {"text": 50, "pairs": 25}
    assert remote.where.startswith("http://127.0.0.1:")
    for query in ["lake island", "nebula galaxy star", "castle bridge"]:
        assert _ranked(remote.search_text(query, 8)) == _ranked(local.search_text(query, 8))


def test_server_pair_search_matches_for_several_weights(both: tuple[KnowledgeBase, KnowledgeBase]) -> None:
    local, remote = both
    image_vec = np.random.default_rng(0).normal(size=local.image_embedder.dim).astype(np.float32)
    text_vecs = local.text_embedder.embed_texts(["river forest", "planet"])
    for w in (0.0, 0.4, 1.0):
        assert [_ranked(h) for h in remote.search_pairs_many(image_vec, text_vecs, 6, w)] == [
            _ranked(h) for h in local.search_pairs_many(image_vec, text_vecs, 6, w)
        ]


def test_rebuilding_on_the_server_adds_nothing_and_missing_names_fail(server: int, tmp_path: Path) -> None:
    register_fakes()
    passages = tmp_path / "p.jsonl"
    passages.write_text('{"id": "p0", "text": "a passage"}\n{"id": "p1", "text": "another passage"}\n')
    options = {"chroma_host": "127.0.0.1", "chroma_port": server, "name": "again", "progress": False}
    first = build_kb(None, [passages], [], text_embedder=TEXT, image_embedder=IMAGE, **options)
    second = build_kb(None, [passages], [], text_embedder=TEXT, image_embedder=IMAGE, **options)
    assert (first.added["text"], second.added["text"], second.already_present["text"]) == (2, 0, 2)
    assert second.total == {"text": 2, "pairs": 0}
    with pytest.raises(KBError, match=rf"--chroma-host 127\.0\.0\.1 --chroma-port {server}"):
        open_kb(
            chroma_host="127.0.0.1",
            chroma_port=server,
            name="other",
            text_embedder=TEXT,
            image_embedder=IMAGE,
        )

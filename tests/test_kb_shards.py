"""Many writers, one store: `kb.build --shard I/N` builders writing into one real Chroma server at once."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from test_kb_build import CLI
from test_kb_fakes import IMAGE, SLOW_TEXT, TEXT, TEXT_WIDE, register_fakes
from test_kb_store import write_corpus

from core.errors import InputError, KBError
from kb.build import BuildSummary, build_kb, main
from kb.store import KnowledgeBase, open_kb
from tests.server_kit import ChromaServer
from tools.shards import shard_of

ROOT = Path(__file__).resolve().parents[1]
ENV = os.environ | {"PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'tests'}"}
PASSAGES, PAIRS = [f"p{n}" for n in range(160)], [f"q{n}" for n in range(30)]  # the corpus's ids


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ChromaServer]:
    with ChromaServer(tmp_path_factory.mktemp("chroma")) as chroma:
        yield chroma


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    register_fakes()
    return write_corpus(tmp_path_factory.mktemp("corpus"), len(PASSAGES), len(PAIRS), seed=4)


@pytest.fixture(scope="module")
def single(corpus: tuple[Path, Path], tmp_path_factory: pytest.TempPathFactory) -> KnowledgeBase:
    """The same corpus built by one builder (embedded folder): what the shards together must equal."""
    kb_dir = str(tmp_path_factory.mktemp("single"))
    build_kb(kb_dir, [corpus[0]], [corpus[1]], text_embedder=TEXT, image_embedder=IMAGE, progress=False)
    return open_kb(kb_dir, text_embedder=TEXT, image_embedder=IMAGE)


def records(kb: KnowledgeBase, kind: str) -> dict[str, tuple[str, str, np.ndarray]]:
    """id → (document, title, vector) of every stored record of one collection."""
    got = kb.collection(kind).get(include=["documents", "metadatas", "embeddings"])
    rows = zip(got["ids"], got["documents"], got["metadatas"], got["embeddings"], strict=True)
    return {i: (doc, meta["title"], np.asarray(vec)) for i, doc, meta, vec in rows}


def assert_same_records(kb: KnowledgeBase, reference: KnowledgeBase) -> None:
    """Both KBs store the same ids with the same documents, titles and vectors (to float32 precision:
    a server sends vectors as JSON)."""
    for kind in ("text", "pairs"):
        got, want = records(kb, kind), records(reference, kind)
        assert sorted(got) == sorted(want)
        for rid, (document, title, vector) in want.items():
            assert got[rid][:2] == (document, title)
            np.testing.assert_allclose(got[rid][2], vector, atol=1e-6)


def builder(
    server: ChromaServer, corpus: tuple[Path, Path], name: str, shard: str, *, delay_s: float = 0.0
) -> subprocess.Popen[str]:
    """`python -m kb.build --shard …` into the server, as its own process (with the fake embedders)."""
    args = ["--chroma-host", server.host, "--chroma-port", str(server.port), "--name", name]
    args += ["--text", str(corpus[0]), "--pairs", str(corpus[1]), "--shard", shard, "--batch-size", "8"]
    args += ["--text-embedder", SLOW_TEXT, "--image-embedder", IMAGE, "--quiet"]
    return subprocess.Popen(
        [sys.executable, "-c", CLI, str(delay_s), *args],
        cwd=ROOT,
        env=ENV,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def finish(process: subprocess.Popen[str]) -> str:
    out, err = process.communicate(timeout=120)
    assert process.returncode == 0, err[-2000:]
    return out


def build_shard(
    server: ChromaServer, corpus: tuple[Path, Path], name: str, shard: tuple[int, int], **options: Any
) -> BuildSummary:
    """One shard built into the server by `build_kb` in this process (the fake embedders)."""
    return build_kb(
        None, [corpus[0]], [corpus[1]], chroma_host=server.host, chroma_port=server.port, name=name,
        shard=shard, progress=False, **{"text_embedder": TEXT, "image_embedder": IMAGE, **options},
    )  # fmt: skip


def served(server: ChromaServer, name: str) -> KnowledgeBase:
    return open_kb(
        chroma_host=server.host, chroma_port=server.port, name=name, text_embedder=TEXT, image_embedder=IMAGE
    )


def test_two_builders_at_once_store_exactly_what_one_build_stores(
    server: ChromaServer, corpus: tuple[Path, Path], single: KnowledgeBase
) -> None:
    processes = [builder(server, corpus, "together", f"{i}/2") for i in range(2)]
    outputs = [finish(process) for process in processes]
    kb = served(server, "together")
    assert_same_records(kb, single)  # ids are unique in Chroma: no id twice
    assert kb.count() == {"text": len(PASSAGES), "pairs": len(PAIRS)}
    for index, output in enumerate(outputs):  # each builder embedded its own part only
        text, pairs = (sum(shard_of(i, 2) == index for i in ids) for ids in (PASSAGES, PAIRS))
        assert f"text: {text} added, 0 already present" in output
        assert f"pairs: {pairs} added, 0 already present" in output
        assert f" {len(PASSAGES) + len(PAIRS) - text - pairs} left to other shards" in output


def test_a_killed_shard_resumes_without_duplicates(
    server: ChromaServer, corpus: tuple[Path, Path], single: KnowledgeBase
) -> None:
    killed = builder(server, corpus, "resumed", "0/2", delay_s=0.1)
    assert killed.stdout is not None
    for _ in range(4):  # four batches embedded: at least three are stored
        assert killed.stdout.readline().startswith("EMBEDDED"), "the shard ended before it could be killed"
    killed.send_signal(signal.SIGKILL)
    killed.wait(timeout=30)
    in_shard = sum(shard_of(i, 2) == 0 for i in PASSAGES)
    stored_before = served(server, "resumed").count()["text"]
    assert 0 < stored_before < in_shard

    rerun, other = (build_shard(server, corpus, "resumed", (i, 2)) for i in (0, 1))
    assert rerun.already_present["text"] == stored_before  # resumed: nothing embedded twice
    assert rerun.added["text"] + stored_before == in_shard
    assert other.already_present == {"text": 0, "pairs": 0}
    assert_same_records(served(server, "resumed"), single)


def test_a_shard_with_other_embedders_is_refused_before_writing(
    server: ChromaServer, corpus: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    build_shard(server, corpus, "checked", (0, 2), limit=20)
    before = served(server, "checked").count()
    where = ["--chroma-host", server.host, "--chroma-port", str(server.port), "--name", "checked"]
    flags = [
        "--text",
        str(corpus[0]),
        "--shard",
        "1/2",
        "--text-embedder",
        TEXT_WIDE,
        "--image-embedder",
        IMAGE,
    ]
    assert main([*where, *flags]) == 2
    err = capsys.readouterr().err.strip()
    assert "built with text embedder test:hash-words-32 (32-d)" in err and "\n" not in err
    assert served(server, "checked").count() == before
    with pytest.raises(KBError, match="test:hash-words-32"):
        build_shard(server, corpus, "checked", (1, 2), text_embedder=TEXT_WIDE)


def test_limited_shards_equal_the_limited_build_and_a_folder_refuses_shards(
    server: ChromaServer, corpus: tuple[Path, Path], tmp_path: Path
) -> None:
    options = {"text_embedder": TEXT, "image_embedder": IMAGE, "limit": 50, "progress": False}
    build_kb(str(tmp_path / "one"), [corpus[0]], [corpus[1]], **options)
    one = open_kb(str(tmp_path / "one"), text_embedder=TEXT, image_embedder=IMAGE)
    for index in range(3):
        build_shard(server, corpus, "limited", (index, 3), limit=50)
    assert one.count() == {"text": 50, "pairs": 30}
    assert_same_records(served(server, "limited"), one)
    with pytest.raises(InputError, match=r"--shard needs a Chroma server.*chroma run"):
        build_kb(str(tmp_path / "kb"), [corpus[0]], [], shard=(0, 2), **options)

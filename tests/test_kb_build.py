"""The builder: idempotent reruns, resuming a killed CLI build, and what it skips (and says so)."""

from __future__ import annotations

import json
import logging
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from test_kb_fakes import IMAGE, SLOW_TEXT, TEXT, HashTextEmbedder, PixelImageEmbedder, register_fakes
from test_kb_store import photo_files, write_corpus

from core.errors import InputError
from kb.build import build_kb, main
from kb.store import open_kb
from tools.embedders import register_image_embedder, register_text_embedder

ROOT = Path(__file__).resolve().parents[1]
CLI = (
    "import sys; from test_kb_fakes import register_fakes; register_fakes(slow_delay_s=float(sys.argv[1])); "
    "from kb.build import main; sys.exit(main(sys.argv[2:]))"
)


def snapshot(kb_dir: Path | str) -> dict[str, dict[str, tuple[str, tuple[float, ...]]]]:
    """Everything stored, per collection: id -> (document, rounded vector), build tokens left out."""
    kb = open_kb(str(kb_dir), text_embedder=TEXT, image_embedder=IMAGE)
    out = {}
    for kind in ("text", "pairs"):
        got = kb.collection(kind).get(include=["documents", "embeddings"])
        out[kind] = {
            i: (doc, tuple(round(float(x), 5) for x in vec))
            for i, doc, vec in zip(got["ids"], got["documents"], got["embeddings"], strict=True)
        }
    return out


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    register_fakes()
    return write_corpus(tmp_path_factory.mktemp("corpus"), n_passages=120, n_pairs=30, seed=1)


@pytest.fixture(scope="module")
def clean(corpus: tuple[Path, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    kb_dir = tmp_path_factory.mktemp("clean")
    summary = build_kb(
        str(kb_dir), [corpus[0]], [corpus[1]], text_embedder=TEXT, image_embedder=IMAGE, progress=False
    )
    assert summary.added == {"text": 120, "pairs": 30} and summary.total == {"text": 120, "pairs": 30}
    return kb_dir


def test_building_twice_adds_nothing_the_second_time(corpus: tuple[Path, Path], clean: Path) -> None:
    before = snapshot(clean)
    again = build_kb(
        str(clean), [corpus[0]], [corpus[1]], text_embedder=TEXT, image_embedder=IMAGE, progress=False
    )
    assert again.added == {"text": 0, "pairs": 0}
    assert again.already_present == {"text": 120, "pairs": 30}
    assert snapshot(clean) == before


def test_a_killed_cli_build_resumes_to_the_clean_result(
    corpus: tuple[Path, Path], clean: Path, tmp_path: Path
) -> None:
    kb_dir = tmp_path / "resumed"
    args = [
        "--kb-dir",
        str(kb_dir),
        "--text",
        str(corpus[0]),
        "--pairs",
        str(corpus[1]),
        "--batch-size",
        "8",
        "--text-embedder",
        SLOW_TEXT,
        "--image-embedder",
        IMAGE,
        "--quiet",
    ]
    env = os.environ | {"PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'tests'}"}
    proc = subprocess.Popen(
        [sys.executable, "-c", CLI, "0.1", *args], stdout=subprocess.PIPE, text=True, env=env
    )
    assert proc.stdout is not None
    for _ in range(6):  # six text batches embedded: at least five are stored
        assert proc.stdout.readline().startswith("EMBEDDED"), "the build ended before it could be killed"
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL

    # The KB is read in this process only after the rerun: Chroma's embedded store is single-process.
    rerun = subprocess.run([sys.executable, "-c", CLI, "0", *args], capture_output=True, text=True, env=env)
    assert rerun.returncode == 0, rerun.stderr
    counts = re.search(
        r"text: (\d+) added, (\d+) already present.*pairs: (\d+) added, (\d+) already", rerun.stdout
    )
    assert counts, rerun.stdout
    added, present, pairs_added, pairs_present = map(int, counts.groups())
    assert 40 <= present < 120 and added + present == 120  # resumed mid-way, not restarted
    assert (pairs_added, pairs_present) == (30, 0)
    assert snapshot(kb_dir) == snapshot(clean)


def test_bad_lines_missing_and_corrupt_images_are_reported_and_the_rest_built(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    register_fakes()
    images = photo_files(tmp_path, 3)
    (tmp_path / "corrupt.png").write_bytes(b"\x89PNG\r\n\x1a\nnot really")
    pairs = tmp_path / "pairs.jsonl"
    rows = [
        {"id": f"i{n}", "wikipedia_summary": f"thing {n}", "image_path": p.name} for n, p in enumerate(images)
    ]
    rows += [
        {"id": "gone", "wikipedia_summary": "x", "image_path": "missing.png"},
        {"id": "bad", "wikipedia_summary": "x", "image_path": "corrupt.png"},
    ]
    pairs.write_text("\n".join(json.dumps(r) for r in rows) + "\n{oops\n")
    passages = tmp_path / "passages.jsonl"
    passages.write_text('{"id": "a", "text": "alpha"}\n{"id": "a", "text": "alpha again"}\n"just a string"\n')
    with caplog.at_level(logging.WARNING):
        summary = build_kb(
            str(tmp_path / "kb"),
            [passages],
            [pairs],
            text_embedder=TEXT,
            image_embedder=IMAGE,
            progress=False,
        )
    assert summary.added == {"text": 1, "pairs": 3}
    assert summary.skipped["text"] == 1  # the repeated id "a"
    assert (summary.malformed, summary.missing_images, summary.excluded) == (2, 2, 0)
    warned = " | ".join(r.getMessage() for r in caplog.records)
    assert (
        f"{pairs}:4: image not found" in warned and f"{pairs}:5: " in warned and "pair bad skipped" in warned
    )
    assert f"{pairs}:6: not valid JSON" in warned and f"{passages}:3: expected a JSON object" in warned


def test_question_images_are_excluded_from_the_pair_kb(tmp_path: Path) -> None:
    register_fakes()
    images = photo_files(tmp_path, 4)
    pairs = tmp_path / "pairs.jsonl"
    pairs.write_text(
        "".join(
            json.dumps({"id": p.stem, "wikipedia_summary": "s", "image_path": p.name}) + "\n" for p in images
        )
    )
    questions = tmp_path / "questions.jsonl"
    questions.write_text(json.dumps({"id": "q", "question": "?", "image_path": images[2].name}) + "\n")
    summary = build_kb(
        str(tmp_path / "kb"),
        [],
        [pairs],
        text_embedder=TEXT,
        image_embedder=IMAGE,
        exclude_images=[questions],
        progress=False,
    )
    assert summary.excluded == 1 and summary.added["pairs"] == 3
    kb = open_kb(str(tmp_path / "kb"), text_embedder=TEXT, image_embedder=IMAGE)
    assert images[2].stem not in kb.existing("pairs", [p.stem for p in images])


def test_limit_and_chunking(tmp_path: Path) -> None:
    register_fakes()
    long_text = " ".join(f"Fact {i} about the old stone bridge over the river." for i in range(40))
    passages = tmp_path / "p.jsonl"
    passages.write_text(
        json.dumps({"id": "doc", "title": "Bridge", "text": long_text})
        + "\n"
        + "".join(json.dumps({"id": f"s{i}", "text": "short"}) + "\n" for i in range(5))
    )
    summary = build_kb(
        str(tmp_path / "kb"),
        [passages],
        [],
        text_embedder=TEXT,
        image_embedder=IMAGE,
        chunk_size=48,
        chunk_overlap=0,
        limit=4,
        progress=False,
    )
    kb = open_kb(str(tmp_path / "kb"), text_embedder=TEXT, image_embedder=IMAGE)
    stored = kb.existing("text", ["doc", "doc#0", "doc#1", "doc#2", "doc#3", "doc#4", "s0"])
    assert summary.added["text"] == 4 and set(stored) == {"doc#0", "doc#1", "doc#2", "doc#3"}


def test_cli_errors_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    register_fakes()
    code = main(
        [
            "--kb-dir",
            str(tmp_path / "kb"),
            "--text",
            str(tmp_path / "absent.jsonl"),
            "--text-embedder",
            TEXT,
            "--image-embedder",
            IMAGE,
        ]
    )
    err = capsys.readouterr().err.strip()
    assert code == 2 and err.startswith("error: input file not found:") and "absent.jsonl" in err
    assert "\n" not in err
    with pytest.raises(InputError, match="batch-size"):
        build_kb(str(tmp_path / "kb"), [], [], batch_size=0)
    with pytest.raises(InputError, match="--pair-batch-size must be ≥ 1, got 0"):
        build_kb(str(tmp_path / "kb"), [], [], pair_batch_size=0)


def test_text_and_pairs_are_embedded_in_their_own_batch_sizes(
    corpus: tuple[Path, Path], tmp_path: Path
) -> None:
    calls: list[tuple[str, int]] = []

    class CountingText(HashTextEmbedder):
        def embed_texts(self, texts):
            calls.append(("texts", len(texts)))
            return super().embed_texts(texts)

    class CountingImages(PixelImageEmbedder):
        def embed_images(self, images):
            calls.append(("images", len(images)))
            return super().embed_images(images)

    register_text_embedder("kbtest:counting-text", CountingText(32))
    register_image_embedder("kbtest:counting-image", CountingImages())
    summary = build_kb(
        str(tmp_path / "kb"),
        [corpus[0]],
        [corpus[1]],
        text_embedder="kbtest:counting-text",
        image_embedder="kbtest:counting-image",
        batch_size=50,
        pair_batch_size=8,
        progress=False,
    )
    assert summary.added == {"text": 120, "pairs": 30}
    # 120 passages in calls of 50; then 30 pairs in batches of 8, each one text call and one image call
    pair_calls = [(kind, n) for n in (8, 8, 8, 6) for kind in ("texts", "images")]
    assert calls == [("texts", 50), ("texts", 50), ("texts", 20), *pair_calls]

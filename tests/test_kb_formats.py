"""Readers of the KB input formats (FlashRAG passages, InfoSeek Wiki6M-style pairs); image de-duplication."""

from __future__ import annotations

import inspect
import json
import logging
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from core.errors import InputError
from kb.dedup import ImageExcluder, question_image_hashes
from kb.formats import ReadStats, read_pairs, read_passages


def write_lines(path: Path, lines: list[object]) -> Path:
    path.write_text("".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines))
    return path


def test_the_three_passage_shapes(tmp_path: Path) -> None:
    path = write_lines(
        tmp_path / "p.jsonl",
        [
            {"id": 0, "contents": '"Evan Morris"\nEvan L. Morris was a lobbyist.'},
            {"id": "b", "title": "Mercury", "text": "Mercury is the innermost planet."},
            {"id": "c", "title": "Hegira", "contents": "the flight of Muhammad from Mecca to Medina"},
            {"id": "d", "title": "Venus", "contents": '"Venus"\nVenus is the second planet.'},
        ],
    )
    got = [(p.id, p.title, p.text) for p in read_passages(path)]
    assert got == [
        ("0", "Evan Morris", "Evan L. Morris was a lobbyist."),
        ("b", "Mercury", "Mercury is the innermost planet."),
        ("c", "Hegira", "the flight of Muhammad from Mecca to Medina"),
        ("d", "Venus", "Venus is the second planet."),
    ]
    assert next(read_passages(path)).embed_text == "Evan Morris\nEvan L. Morris was a lobbyist."
    assert inspect.isgenerator(read_passages(path))


def test_long_documents_become_numbered_chunks(tmp_path: Path) -> None:
    sentences = " ".join(f"Sentence number {i} says something about the river delta." for i in range(60))
    path = write_lines(
        tmp_path / "p.jsonl",
        [
            {"id": "long", "title": "Delta", "text": sentences},
            {"id": "short", "title": "S", "text": "One line."},
        ],
    )
    passages = list(read_passages(path, chunk_size=64, chunk_overlap=8))
    chunks = [p for p in passages if p.id.startswith("long")]
    assert len(chunks) > 5
    assert [p.id for p in chunks] == [f"long#{n}" for n in range(len(chunks))]
    assert all(p.title == "Delta" and len(p.text.split()) < 64 for p in chunks)
    assert chunks[0].text.startswith("Sentence number 0") and "number 59" in chunks[-1].text
    assert passages[-1].id == "short"


def test_malformed_lines_are_warned_with_file_line_counted_and_skipped(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = write_lines(
        tmp_path / "bad.jsonl",
        [
            {"id": "ok1", "contents": "fine"},
            '{"id": "broken", "contents": ',
            "[1, 2]",
            {"contents": "no id"},
            {"id": "x", "title": "no text field"},
            "",
            {"id": "ok2", "text": "also fine"},
        ],
    )
    stats = ReadStats()
    with caplog.at_level(logging.WARNING):
        ids = [p.id for p in read_passages(path, stats=stats)]
    assert ids == ["ok1", "ok2"]
    assert stats.malformed == 4
    warned = [r.getMessage() for r in caplog.records]
    for line, reason in [
        (2, "not valid JSON"),
        (3, "expected a JSON object"),
        (4, "no usable id"),
        (5, "no "),
    ]:
        assert any(m.startswith(f"{path}:{line}: {reason}") for m in warned), (line, warned)


def test_pairs_resolve_images_and_fall_back_to_title_and_content(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    path = write_lines(
        tmp_path / "sub" / "pairs.jsonl",
        [
            {
                "wikidata_id": "Q243",
                "wikipedia_title": "Eiffel Tower",
                "wikipedia_summary": "A tower in Paris.",
                "image_path": "images/eiffel.jpg",
            },
            {
                "id": "row7",
                "wikidata_id": "Q243",
                "wikipedia_title": "Eiffel Tower",
                "wikipedia_content": "Built in 1889.",
                "image_path": "/abs/eiffel2.jpg",
            },
            {"id": "nope", "wikipedia_title": "No image", "wikipedia_summary": "x"},
        ],
    )
    stats = ReadStats()
    pairs = list(read_pairs(path, stats=stats))
    assert [(p.id, p.title, p.text) for p in pairs] == [
        ("Q243", "Eiffel Tower", "A tower in Paris."),
        ("row7", "Eiffel Tower", "Eiffel Tower. Built in 1889."),
    ]
    assert pairs[0].image_path == (tmp_path / "sub" / "images" / "eiffel.jpg").resolve()
    assert pairs[1].image_path == Path("/abs/eiffel2.jpg")
    assert pairs[0].origin == f"{path}:1"
    assert stats.malformed == 1


def save(image: Image.Image, path: Path) -> Path:
    image.save(path)
    return path


def photo(seed: int) -> Image.Image:
    """A smooth random image: low-frequency structure, like a photo, so phash is meaningful."""
    small = np.random.default_rng(seed).integers(0, 256, (6, 6, 3), dtype=np.uint8)
    return Image.fromarray(small).resize((96, 96), Image.BICUBIC)


def test_question_images_are_recognised_even_when_reencoded(tmp_path: Path) -> None:
    save(photo(1), tmp_path / "q1.png")
    questions = write_lines(
        tmp_path / "questions.jsonl",
        [
            {"id": "a", "question": "?", "image_path": "q1.png"},
            {"id": "b", "question": "?", "image_path": "gone.png"},
        ],
    )
    assert len(question_image_hashes(questions)) == 1
    exact = ImageExcluder.from_questions([questions])
    assert exact(photo(1)) and not exact(photo(2))
    resized = photo(1).resize((80, 80))
    assert ImageExcluder.from_questions([questions], max_distance=6)(resized)
    assert not ImageExcluder.from_questions([questions], max_distance=6)(photo(3))
    with pytest.raises(InputError, match="questions file not found"):
        question_image_hashes(tmp_path / "missing.jsonl")

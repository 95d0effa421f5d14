"""Checks on the demo set shipped in examples/demo/ (data only: no models, runs in well under a second)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from tools.images import load_image

DEMO = Path(__file__).resolve().parent.parent / "examples" / "demo"
IMAGE_DIRS = ("images", "kb_images")
MAX_SIDE = 384


def _read_jsonl(name: str) -> list[dict]:
    rows = []
    for number, line in enumerate((DEMO / name).read_text(encoding="utf-8").splitlines(), 1):
        assert line.strip(), f"{name}:{number} is blank"
        row = json.loads(line)
        assert isinstance(row, dict), f"{name}:{number} is not a JSON object"
        rows.append(row)
    return rows


@pytest.fixture(scope="module")
def passages() -> list[dict]:
    return _read_jsonl("passages.jsonl")


@pytest.fixture(scope="module")
def pairs() -> list[dict]:
    return _read_jsonl("pairs.jsonl")


@pytest.fixture(scope="module")
def questions() -> list[dict]:
    return _read_jsonl("questions.jsonl")


@pytest.fixture(scope="module")
def kb_text(passages: list[dict], pairs: list[dict]) -> dict[str, str]:
    """Id -> the text a retriever would index for that KB entry."""
    texts = {row["id"]: f"{row['title']}\n{row['text']}" for row in passages}
    texts.update({row["id"]: f"{row['wikipedia_title']}\n{row['wikipedia_summary']}" for row in pairs})
    return texts


@pytest.fixture(scope="module")
def kb_titles(passages: list[dict], pairs: list[dict]) -> dict[str, str]:
    titles = {row["id"]: row["title"] for row in passages}
    titles.update({row["id"]: row["wikipedia_title"] for row in pairs})
    return titles


def _credits() -> dict[str, str]:
    """File name -> licence cell, from the table in CREDITS.md."""
    rows = {}
    for line in (DEMO / "CREDITS.md").read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) == 4 and cells[0].endswith((".jpg", ".png")):
            rows[cells[0]] = cells[3]
    return rows


def _image_paths(pairs: list[dict], questions: list[dict]) -> list[str]:
    return [row["image_path"] for row in pairs] + [row["image_path"] for row in questions]


def test_rows_have_required_non_empty_fields(passages, pairs, questions):
    required = {
        "passages": ("id", "title", "text"),
        "pairs": ("id", "wikipedia_title", "wikipedia_summary", "image_path"),
        "questions": ("id", "question", "image_path", "answer", "answers", "entity_text", "gold_ids"),
    }
    for name, rows in (("passages", passages), ("pairs", pairs), ("questions", questions)):
        for row in rows:
            missing = [key for key in required[name] if not row.get(key)]
            assert not missing, f"{name} {row.get('id')}: missing {missing}"


def test_ids_are_unique(passages, pairs, questions):
    kb_ids = [row["id"] for row in passages + pairs]
    assert len(kb_ids) == len(set(kb_ids))
    question_ids = [row["id"] for row in questions]
    assert len(question_ids) == len(set(question_ids))


def test_set_sizes_match_the_design(passages, pairs, questions):
    assert 90 <= len(passages) <= 130
    assert len(pairs) >= 12
    assert 12 <= len(questions) <= 16
    two_hop = sum(row["hops"] == 2 for row in questions)
    assert 0.4 <= two_hop / len(questions) <= 0.6


def test_every_image_path_exists_opens_and_is_small(pairs, questions):
    for rel in _image_paths(pairs, questions):
        assert not Path(rel).is_absolute()
        image = load_image(rel, base_dir=DEMO)
        assert max(image.pil.size) <= MAX_SIDE, f"{rel} is {image.pil.size}"


def test_every_image_file_is_used(pairs, questions):
    used = {str(Path(rel)) for rel in _image_paths(pairs, questions)}
    on_disk = {str(path.relative_to(DEMO)) for folder in IMAGE_DIRS for path in (DEMO / folder).iterdir()}
    assert on_disk == used


def test_kb_images_are_other_views_not_copies_of_question_images(pairs, questions):
    def digest(rel: str) -> str:
        return hashlib.sha256((DEMO / rel).read_bytes()).hexdigest()

    kb_digests = {digest(row["image_path"]) for row in pairs}
    assert all(digest(row["image_path"]) not in kb_digests for row in questions)
    assert all(row["image_path"].startswith("kb_images/") for row in pairs)
    assert all(row["image_path"].startswith("images/") for row in questions)


def test_every_question_entity_has_a_pair(pairs, questions):
    titles = {row["wikipedia_title"] for row in pairs}
    assert {row["entity_text"] for row in questions} <= titles


def test_gold_ids_exist_in_the_kb(questions, kb_text):
    for row in questions:
        unknown = [gid for gid in row["gold_ids"] if gid not in kb_text]
        assert not unknown, f"{row['id']}: unknown gold ids {unknown}"


def test_answer_appears_in_a_gold_text(questions, kb_text):
    for row in questions:
        assert row["answer"] in row["answers"], row["id"]
        golds = [kb_text[gid] for gid in row["gold_ids"]]
        assert any(row["answer"].lower() in text.lower() for text in golds), row["id"]


def test_questions_never_name_their_entity(questions):
    for row in questions:
        assert row["entity_text"].lower() not in row["question"].lower(), row["id"]


def test_two_hop_answers_sit_behind_a_bridge(questions, kb_text, kb_titles):
    """Two-hop gold texts never mention the entity; the entity's own texts name the bridge title."""
    for row in (q for q in questions if q["hops"] == 2):
        entity = row["entity_text"]
        own_texts = [text for kid, text in kb_text.items() if kb_titles[kid] == entity]
        assert own_texts, row["id"]
        for gid in row["gold_ids"]:
            assert entity.lower() not in kb_text[gid].lower(), f"{row['id']}: {gid} names {entity}"
            bridge = kb_titles[gid]
            assert any(bridge in text for text in own_texts), f"{row['id']}: bridge {bridge} is never named"


def test_every_image_has_a_recorded_licence():
    credits = _credits()
    for folder in IMAGE_DIRS:
        for path in (DEMO / folder).iterdir():
            assert credits.get(path.name), f"{folder}/{path.name} has no licence row in CREDITS.md"
    assert set(credits) == {path.name for folder in IMAGE_DIRS for path in (DEMO / folder).iterdir()}

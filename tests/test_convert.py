"""Converters on rows written by hand in the shape of the real benchmark files."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path

import pytest

from core.errors import InputError
from evaluation.convert import convert_file, main

ROOT = Path(__file__).resolve().parent.parent


def read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_infoseek_jsonl_with_image_ids_and_numeric_answer_eval(tmp_path: Path) -> None:
    images = tmp_path / "images"
    images.mkdir()
    (images / "oven_0001.JPEG").write_bytes(b"x")
    rows = [
        {
            "data_id": "infoseek_val_00001",
            "image_id": "oven_0001",
            "question": "When was this bridge built? ",
            "answer": ["1883"],
            "answer_eval": [{"wikidata": 1883.0, "range": [1882.0, 1884.0]}],
            "data_split": "val_unseen_entity",
            "entity_id": "Q125006",
            "entity_text": "Brooklyn Bridge",
        },
        {
            "data_id": "infoseek_val_00002",
            "image_id": "oven_0002",
            "question": "Who designed it?",
            "answer": ["John Roebling"],
            "answer_eval": ["John Roebling", "John A. Roebling"],
            "entity_id": "Q125006",
            "entity_text": "Brooklyn Bridge",
        },
    ]
    src = tmp_path / "infoseek_val.jsonl"
    src.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    out = tmp_path / "out" / "q.jsonl"
    assert convert_file("infoseek", src, out, images_dir=images) == 2
    first, second = read_jsonl(out)
    assert first["id"] == "infoseek_val_00001"
    assert first["question"] == "When was this bridge built?"
    assert first["answer"] == "1883" and first["answers"] == ["1883"]
    assert first["gold_ids"] == ["Q125006"] and first["entity_text"] == "Brooklyn Bridge"
    assert first["data_split"] == "val_unseen_entity" and first["dataset"] == "infoseek"
    assert first["image_path"] == str((images / "oven_0001.JPEG").resolve())  # found with its real extension
    assert second["image_path"].endswith("oven_0002.jpg")  # missing file: the default extension
    assert second["answers"] == ["John Roebling", "John A. Roebling"]


def test_infoseek_json_list_and_items_object_with_relative_images(tmp_path: Path) -> None:
    (tmp_path / "images").mkdir()
    site = [
        {
            "id": "site/aircraft",
            "image": "images/aircraft.jpg",
            "question": "When did it first fly?",
            "answer": "1981 September 26",
            "entity_guess": "Boeing 767",
        }
    ]
    mini = {
        "meta": {"note": "x"},
        "items": [
            {
                "id": "mini_0",
                "image": "mini_0.jpg",
                "question": "Origin of this food?",
                "answer": "Spain",
                "answer_aliases": ["Kingdom of Spain", "ES", "Spain"],
                "data_source": "infoseek_train_split",
            }
        ],
    }
    (tmp_path / "site.json").write_text(json.dumps(site), encoding="utf-8")
    (tmp_path / "mini.json").write_text(json.dumps(mini), encoding="utf-8")
    convert_file("infoseek", tmp_path / "site.json", tmp_path / "site_q.jsonl", dataset="infoseek_site")
    convert_file("infoseek", tmp_path / "mini.json", tmp_path / "mini_q.jsonl")
    [site_q] = read_jsonl(tmp_path / "site_q.jsonl")
    [mini_q] = read_jsonl(tmp_path / "mini_q.jsonl")
    assert site_q["image_path"] == "images/aircraft.jpg"  # under OUT's folder: stays relative
    assert site_q["entity_guess"] == "Boeing 767" and site_q["dataset"] == "infoseek_site"
    assert site_q["gold_ids"] == []
    assert mini_q["answers"] == ["Spain", "Kingdom of Spain", "ES"]
    assert mini_q["data_source"] == "infoseek_train_split"


def test_m2kr_field_names(tmp_path: Path) -> None:
    row = {
        "question_id": "m2kr_7",
        "img_path": "/data/imgs/a.jpg",
        "question": "What is this?",
        "answers": ["Tower Bridge"],
        "gold_answer": "Tower Bridge",
        "pos_item_ids": ["Q83125"],
    }
    (tmp_path / "m2kr.jsonl").write_text(json.dumps(row) + "\n", encoding="utf-8")
    convert_file("infoseek", tmp_path / "m2kr.jsonl", tmp_path / "q.jsonl")
    [item] = read_jsonl(tmp_path / "q.jsonl")
    assert item["id"] == "m2kr_7" and item["image_path"] == "/data/imgs/a.jpg"
    assert item["answers"] == ["Tower Bridge"] and item["gold_ids"] == ["Q83125"]


def test_evqa_csv(tmp_path: Path) -> None:
    header = [
        "question",
        "answer",
        "dataset_image_ids",
        "encyclopedic_vqa_split",
        "question_type",
        "wikipedia_title",
        "wikipedia_url",
        "dataset_name",
        "dataset_category_id",
    ]
    rows = [
        [
            "Which continent is this lizard native to?",
            "Australia|Oceania",
            "inat_123|inat_456",
            "test",
            "templated",
            "Frilled-neck lizard",
            "https://en.wikipedia.org/wiki/Frilled-neck_lizard",
            "inaturalist",
            "42",
        ],
        [
            "What year was this church consecrated?",
            "1248",
            "f00dcafe",
            "test",
            "automatic",
            "Sainte-Chapelle",
            "https://en.wikipedia.org/wiki/Sainte-Chapelle",
            "landmarks",
            "7",
        ],
    ]
    src = tmp_path / "test.csv"
    with open(src, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        writer.writerows(rows)
    images = tmp_path / "evqa_images"
    images.mkdir()
    (images / "inat_123.jpg").write_bytes(b"x")
    convert_file("evqa", src, tmp_path / "q.jsonl", images_dir=images)
    lizard, church = read_jsonl(tmp_path / "q.jsonl")
    assert lizard["id"] == "evqa_0" and church["id"] == "evqa_1"
    assert lizard["answer"] == "Australia" and lizard["answers"] == ["Australia", "Oceania"]
    assert lizard["image_ids"] == ["inat_123", "inat_456"]
    assert lizard["image_path"] == "evqa_images/inat_123.jpg"
    assert lizard["entity_text"] == "Frilled-neck lizard" and lizard["dataset_name"] == "inaturalist"
    assert church["question_type"] == "automatic" and church["dataset"] == "evqa"


def test_mcsearch_chains_keep_the_gold_chain(tmp_path: Path) -> None:
    chains = {
        "meta": {"how": "hand transcription"},
        "examples": [
            {
                "id": "mc/image_initiated",
                "topology": "Image-Initiated Chain",
                "figure": "figures/a.png",
                "images": [{"file": "images/a_101.jpg", "image_evidence_id": "101", "caption": "A painting"}],
                "question": "Which scene is this, and where is it held?",
                "answer": "The Annunciation, in Philadelphia.",
                "chain": [
                    {
                        "step": 1,
                        "modality": "image",
                        "sub_question": "Which scene?",
                        "evidence_id": "101",
                        "answer": "The Annunciation.",
                    },
                    {
                        "step": 2,
                        "modality": "text",
                        "sub_question": "Where is it held?",
                        "evidence_id": "guid_0",
                        "answer": "Philadelphia Museum of Art.",
                    },
                    {
                        "step": 3,
                        "modality": "image",
                        "sub_question": "Same image again?",
                        "evidence_id": "101",
                        "answer": "Yes.",
                    },
                ],
            },
            {
                "id": "mc/text_chain",
                "topology": "Text-Only Chain",
                "images": [],
                "question": "Q?",
                "answer": "A.",
                "chain": [
                    {"step": 1, "modality": "text", "sub_question": "s", "evidence_id": "g_1", "answer": "a"}
                ],
            },
        ],
    }
    src = tmp_path / "chains.json"
    src.write_text(json.dumps(chains), encoding="utf-8")
    convert_file("mcsearch", src, tmp_path / "q.jsonl")
    first, text_only = read_jsonl(tmp_path / "q.jsonl")
    assert first["image_path"] == "images/a_101.jpg" and first["image_paths"] == ["images/a_101.jpg"]
    assert [s["evidence_id"] for s in first["gold_chain"]] == ["101", "guid_0", "101"]
    assert first["gold_chain"][1] == {
        "step": 2,
        "sub_question": "Where is it held?",
        "modality": "text",
        "evidence_id": "guid_0",
        "answer": "Philadelphia Museum of Art.",
    }
    assert first["gold_ids"] == ["101", "guid_0"]
    assert first["topology"] == "Image-Initiated Chain" and first["dataset"] == "mc_search"
    assert text_only["image_path"] is None and text_only["image_paths"] == []


def test_malformed_jsonl_names_file_and_line(tmp_path: Path) -> None:
    src = tmp_path / "bad.jsonl"
    src.write_text('{"data_id": "1", "question": "q"}\n{"data_id": \n', encoding="utf-8")
    with pytest.raises(InputError, match=r"bad\.jsonl:2"):
        convert_file("infoseek", src, tmp_path / "q.jsonl")
    assert main(["infoseek", str(src), str(tmp_path / "q.jsonl")]) == 2


def test_cli_module_entry_point(tmp_path: Path) -> None:
    src = tmp_path / "site.json"
    src.write_text(
        json.dumps([{"id": "a", "image": "a.jpg", "question": "q?", "answer": "x"}]), encoding="utf-8"
    )
    done = subprocess.run(
        [sys.executable, "-m", "evaluation.convert", "infoseek", str(src), str(tmp_path / "o.jsonl")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert "wrote 1 questions" in done.stdout
    assert read_jsonl(tmp_path / "o.jsonl")[0]["id"] == "a"

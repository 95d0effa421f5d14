"""Convert benchmark files into the questions JSONL of batch mode (`{"id", "question", "image_path", …}`).

    python -m evaluation.convert {infoseek,evqa,mcsearch} IN OUT [--images-dir DIR] [--dataset NAME]

- infoseek: InfoSeek / M2KR rows (JSON list, `{"items": [...]}` or JSONL) with `data_id`/`question_id`/
  `id`, `image_id`/`img_id` or `image`/`image_path`/`img_path`, `question`, `answer`/`answers`/`gold_answer`,
  `answer_eval` (strings or numeric `{"wikidata": x, "range": [lo, hi]}`), `answer_aliases`, `entity_id`,
  `entity_text`, `pos_item_ids`. The gold evidence of InfoSeek is its entity (pair KB ids are Wikidata ids).
- evqa: the Encyclopedic-VQA CSV (`question`, `answer` with `|`-separated aliases, `dataset_image_ids`
  `|`-separated, `dataset_name`, `wikipedia_title`, `wikipedia_url`, `question_type`, ...); id = `evqa_<row>`.
- mcsearch: MC-Search chains (`{"examples": [{"id", "question", "answer", "topology", "images": [{"file",
  "image_evidence_id"}], "chain": [{"step", "modality", "sub_question", "evidence_id", "answer"}]}]}`) with
  the chain kept as `gold_chain`, its evidence ids as `gold_ids`, each image's evidence id as `image_ids`,
  the topology under its canonical name and the hop count as `hops`.

Image paths are written relative to OUT's folder when the image lies under it, else absolute. A relative
path in IN resolves against `--images-dir` (or IN's folder); an image id is looked up as
`<images-dir>/<id>.<ext>` (`.jpg` when no file is found).
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.errors import InputError
from evaluation.metrics import topology_name

_IMAGE_EXTENSIONS = (".jpg", ".jpeg", ".JPEG", ".JPG", ".png", ".webp")


@dataclass(frozen=True)
class Paths:
    """Where images are looked up and where the output lives (image paths are written relative to it)."""

    in_dir: Path
    out_dir: Path
    images_dir: Path | None

    def rel(self, path: str | None) -> str | None:
        if not path:
            return None
        resolved = (
            Path(path) if Path(path).is_absolute() else (self.images_dir or self.in_dir) / path
        ).resolve()
        out_dir = self.out_dir.resolve()
        return str(resolved.relative_to(out_dir)) if resolved.is_relative_to(out_dir) else str(resolved)

    def by_id(self, image_id: str) -> str:
        base = self.images_dir or self.in_dir
        for ext in _IMAGE_EXTENSIONS:
            if (base / f"{image_id}{ext}").is_file():
                return self.rel(str(base / f"{image_id}{ext}")) or ""
        return self.rel(str(base / f"{image_id}.jpg")) or ""


def _first(row: Mapping[str, Any], *keys: str) -> Any:
    return next((row[k] for k in keys if row.get(k) not in (None, "", [])), None)


def _as_list(value: Any) -> list[Any]:
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def _answer_text(value: Any) -> str | None:
    """An answer string; InfoSeek numeric answers `{"wikidata": 1981.0, "range": [...]}` become '1981'."""
    if isinstance(value, Mapping):
        value = value.get("wikidata", value.get("value"))
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return None if value is None or not str(value).strip() else str(value).strip()


def _dedupe(values: Sequence[Any]) -> list[str]:
    return list(dict.fromkeys(text for text in map(_answer_text, values) if text))


def convert_infoseek(row: Mapping[str, Any], index: int, paths: Paths, dataset: str) -> dict[str, Any]:
    item_id = _first(row, "data_id", "question_id", "id") or f"{dataset}_{index}"
    answers = _dedupe(
        [
            *_as_list(_first(row, "answer", "answers", "gold_answer")),
            *_as_list(row.get("answer_eval")),
            *_as_list(row.get("answer_aliases")),
        ]  # fmt: skip
    )
    image = _first(row, "image_path", "image", "img_path")
    image_id = _first(row, "image_id", "img_id")
    entity_id = row.get("entity_id")
    gold_ids = [str(i) for i in _as_list(row.get("pos_item_ids"))] or ([str(entity_id)] if entity_id else [])
    known = {"data_id", "question_id", "id", "image_path", "image", "img_path", "answer", "answers",
             "gold_answer", "answer_aliases", "question", "pos_item_ids"}  # fmt: skip
    return {
        **{k: v for k, v in row.items() if k not in known},
        "id": str(item_id),
        "question": str(row.get("question", "")).strip(),
        "image_path": paths.rel(image) if image else (paths.by_id(str(image_id)) if image_id else None),
        "answer": answers[0] if answers else "",
        "answers": answers,
        "gold_ids": gold_ids,
        "dataset": row.get("dataset") or dataset,
    }


def convert_evqa(row: Mapping[str, Any], index: int, paths: Paths, dataset: str) -> dict[str, Any]:
    answers = [a.strip() for a in str(row.get("answer", "")).split("|") if a.strip()]
    image_ids = [i.strip() for i in str(row.get("dataset_image_ids", "")).split("|") if i.strip()]
    title = str(row.get("wikipedia_title") or "").strip()
    return {
        **{k: v for k, v in row.items() if k not in ("question", "answer")},
        "id": f"{dataset}_{index}",
        "question": str(row.get("question", "")).strip(),
        "image_path": paths.by_id(image_ids[0]) if image_ids else None,
        "image_ids": image_ids,
        "answer": answers[0] if answers else "",
        "answers": answers,
        "entity_text": title,
        "dataset": dataset,
    }


def convert_mcsearch(row: Mapping[str, Any], index: int, paths: Paths, dataset: str) -> dict[str, Any]:
    """An MC-Search chain: its images (files, and the evidence id each one is stored under), the gold chain
    with its evidence ids, the topology (canonical name, `evaluation.metrics.topology_name`) and hop count."""
    given = [image for image in row.get("images") or [] if image.get("file")]
    images = [paths.rel(image["file"]) for image in given]
    chain = [
        {key: step.get(key) for key in ("step", "sub_question", "modality", "evidence_id", "answer")}
        for step in row.get("chain") or []
    ]
    known = {"id", "question", "answer", "images", "chain", "topology"}
    converted = {
        **{k: v for k, v in row.items() if k not in known},
        "id": str(row.get("id") or f"{dataset}_{index}"),
        "question": str(row.get("question", "")).strip(),
        "image_path": images[0] if images else None,
        "image_paths": images,
        "answer": str(row.get("answer", "")).strip(),
        "gold_chain": chain,
        "gold_ids": list(dict.fromkeys(str(step["evidence_id"]) for step in chain if step["evidence_id"])),
        "topology": topology_name(row.get("topology")),
        "hops": len(chain),
        "dataset": dataset,
    }
    if any(image.get("image_evidence_id") for image in given):
        converted["image_ids"] = [str(image.get("image_evidence_id") or "") for image in given]
    return converted


Converter = Callable[[Mapping[str, Any], int, Paths, str], dict[str, Any]]
CONVERTERS: dict[str, Converter] = {
    "infoseek": convert_infoseek,
    "evqa": convert_evqa,
    "mcsearch": convert_mcsearch,
}
DEFAULT_DATASET = {"infoseek": "infoseek", "evqa": "evqa", "mcsearch": "mc_search"}


def read_rows(path: Path) -> Iterator[Mapping[str, Any]]:
    """Rows of a CSV, a JSONL file, a JSON list, or a JSON object holding `items`/`examples`/`data`."""
    if path.suffix.lower() in (".csv", ".tsv"):
        with open(path, newline="", encoding="utf-8") as handle:
            yield from csv.DictReader(handle, delimiter="\t" if path.suffix.lower() == ".tsv" else ",")
        return
    text = path.read_text(encoding="utf-8")
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        yield from _jsonl_rows(path, text)
        return
    if isinstance(data, dict):
        data = next((data[k] for k in ("items", "examples", "data") if isinstance(data.get(k), list)), [data])
    yield from data


def _jsonl_rows(path: Path, text: str) -> Iterator[Mapping[str, Any]]:
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            yield json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputError(
                f"malformed JSON at {path}:{number}: {exc.msg} (fix or delete that line)"
            ) from exc


def convert_file(kind: str, src: str | Path, dst: str | Path, images_dir: str | Path | None = None,
                 dataset: str | None = None) -> int:  # fmt: skip
    """Convert `src` into questions JSONL at `dst`; returns the number of questions written."""
    src, dst = Path(src), Path(dst)
    if not src.is_file():
        raise InputError(f"input file not found: {src}")
    dst.parent.mkdir(parents=True, exist_ok=True)
    paths = Paths(src.parent, dst.parent, Path(images_dir) if images_dir else None)
    convert, name = CONVERTERS[kind], dataset or DEFAULT_DATASET[kind]
    count = 0
    with open(dst, "w", encoding="utf-8") as handle:
        for index, row in enumerate(read_rows(src)):
            handle.write(json.dumps(convert(row, index, paths, name), ensure_ascii=False) + "\n")
            count += 1
    return count


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m evaluation.convert", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("kind", choices=sorted(CONVERTERS))
    parser.add_argument("src", help="benchmark file (JSON, JSONL or CSV)")
    parser.add_argument("dst", help="questions JSONL to write")
    parser.add_argument("--images-dir", help="folder of the benchmark's images (default: the input's folder)")
    parser.add_argument("--dataset", help="value of the `dataset` field (default: the converter's name)")
    args = parser.parse_args(argv)
    try:
        count = convert_file(args.kind, args.src, args.dst, args.images_dir, args.dataset)
    except InputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {count} questions to {args.dst}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Dev sets of look-alike entities, built from the dev data folder (never shipped; see `make dev-data`).

    python -m evaluation.devset [--data DIR] --out kb_data/devsets

Writes, under `--out`:
- `passages.jsonl` — the text KB: the WordNet named-entity glosses, the WordNet glosses attached to the
  Tux Paint stamps and Messier objects, and the planet leads (about 7.8k short encyclopedia entries);
- `pairs.jsonl` — the image–text pair KB: every Tux Paint stamp (animals on white, fruit, vehicles),
  every Messier object (nebulae and galaxies that look alike) and the library sample photos, each
  image with its entity text (`evaluation/devsets/entities.jsonl` for the ones written here, the
  stamp's own description and gloss otherwise);
- `images/` — the question images: other views (crops, rescaled or mirrored copies) of KB images, so
  no question image is byte-identical to its pair;
- one questions file per set of `evaluation/devsets/questions.jsonl` (`onehop.jsonl`: identification
  and attributes stated in the entity's own entry; `twohop.jsonl`: an attribute of the identified
  entity that only a linked entry states, e.g. "the capital of the country where this animal lives");
- `chains.jsonl`: the MC-Search-style chain questions of `evaluation/devsets/chains.jsonl`, each with
  its gold chain (per hop: sub-question, modality, evidence id — `pair:<entity id>` for an image hop,
  the gloss id for a text hop — and hop answer), its topology (the five of MC-Search) and its images
  (none for a text-only chain, two for a multi-image fork).

The questions and chains were written against the glosses, not against the system's output.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from PIL import Image, ImageOps

from evaluation.dev_data import DATA_HELP, find_dev_data

WRITTEN_DIR = Path(__file__).resolve().parent / "devsets"
TEXT_FILES = ("wiki_text/wordnet30_instance_glosses.jsonl", "wiki_text/kstars_planetfacts_wikipedia.jsonl")
VIEW_MIN_SIDE = 96


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def write_jsonl(path: Path, rows: Iterable[dict[str, Any]]) -> int:
    rows = list(rows)
    path.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows), encoding="utf-8")
    return len(rows)


# --- the KB -----------------------------------------------------------------------------------------


def passages(data: Path) -> Iterator[dict[str, Any]]:
    """Text KB rows: the glosses and leads, each id once."""
    seen: set[str] = set()
    glosses = [g for row in _stamps(data) + _messier(data) for g in row.get("wordnet_gloss", [])]
    rows = [row for name in TEXT_FILES for row in read_jsonl(data / name)] + glosses
    for row in rows:
        if row["id"] not in seen:
            seen.add(row["id"])
            title = row.get("title") or row["contents"].split(":", 1)[0].split(",", 1)[0]
            yield {"id": row["id"], "title": title, "text": row["contents"]}


def pairs(data: Path) -> list[dict[str, Any]]:
    """Pair KB rows (InfoSeek Wiki6M style) with absolute image paths into `data`."""
    written = {row["id"]: row for row in read_jsonl(WRITTEN_DIR / "entities.jsonl")}
    images = {row["id"]: row["image"] for row in _messier(data)}
    rows = []
    for stamp in _stamps(data):
        gloss = stamp["wordnet_gloss"][0]["contents"] if stamp["wordnet_gloss"] else ""
        text = f"{stamp['desc_en']} {gloss}".strip()
        rows.append(
            _pair(
                stamp["id"], stamp["wikipedia_title_guess"], text, data / "tuxpaint_stamps" / stamp["image"]
            )
        )
    for entity_id, row in written.items():
        image = data / row["image"] if "image" in row else data / "stellarium_messier" / images[entity_id]
        rows.append(_pair(entity_id, row["title"], row["text"], image))
    return rows


def _pair(entity_id: str, title: str, text: str, image: Path) -> dict[str, Any]:
    return {
        "id": f"pair:{entity_id}",
        "wikipedia_title": title,
        "wikipedia_summary": text,
        "image_path": str(image),
    }


def _stamps(data: Path) -> list[dict[str, Any]]:
    return json.loads((data / "tuxpaint_stamps" / "stamps.json").read_text(encoding="utf-8"))


def _messier(data: Path) -> list[dict[str, Any]]:
    return json.loads((data / "stellarium_messier" / "objects.json").read_text(encoding="utf-8"))


# --- the questions ----------------------------------------------------------------------------------


def view(image: Image.Image, kind: str) -> Image.Image:
    """Another view of a KB image: an off-centre crop, a smaller copy, or a mirror image."""
    image = image.convert("RGB")
    width, height = image.size
    if kind == "crop":
        return image.crop((int(0.12 * width), int(0.06 * height), int(0.94 * width), int(0.90 * height)))
    if kind == "scale":
        factor = max(0.6, VIEW_MIN_SIDE / min(width, height))
        return image.resize((max(1, int(width * factor)), max(1, int(height * factor))), Image.LANCZOS)
    if kind == "flip":
        return ImageOps.mirror(image)
    raise ValueError(f"unknown view {kind!r}: use crop, scale or flip")


def questions(
    pair_rows: Sequence[dict[str, Any]], passages_rows: Sequence[dict[str, Any]], out: Path
) -> dict[str, list[dict[str, Any]]]:
    """Question rows per set, each with its view image written to `out/images/`.

    A gold gloss that the entity's pair text quotes makes the pair a gold evidence too.
    """
    by_entity = {row["id"].removeprefix("pair:"): row for row in pair_rows}
    gloss_text = {row["id"]: row["text"] for row in passages_rows}
    sets: dict[str, list[dict[str, Any]]] = {}
    for spec in read_jsonl(WRITTEN_DIR / "questions.jsonl"):
        pair = by_entity[spec["entity"]]
        name = write_view(pair, spec["view"], spec["id"], out)
        quoted = any(gloss_text.get(g, "\0") in pair["wikipedia_summary"] for g in spec["gold_ids"])
        row = {
            "id": spec["id"],
            "question": spec["question"],
            "image_path": name,
            "answer": spec["answers"][0],
            "answers": spec["answers"],
            "entity_text": pair["wikipedia_title"],
            "gold_ids": spec["gold_ids"] + [pair["id"]] * quoted,
            "hops": 2 if spec["set"] == "twohop" else 1,
            "dataset": spec["set"],
        }
        sets.setdefault(spec["set"], []).append(row)
    return sets


def write_view(pair: dict[str, Any], kind: str, name: str, out: Path) -> str:
    """Write a view of the pair's image as `out/images/<name>.jpg`; return its path relative to `out`."""
    (out / "images").mkdir(parents=True, exist_ok=True)
    relative = f"images/{name}.jpg"
    with Image.open(pair["image_path"]) as original:
        view(original, kind).save(out / relative, quality=90)
    return relative


def chains(pair_rows: Sequence[dict[str, Any]], known_ids: set[str], out: Path) -> list[dict[str, Any]]:
    """The chain question rows, each image a view written to `out/images/`; every gold evidence id must
    name a passage or a pair of the KB."""
    by_entity = {row["id"].removeprefix("pair:"): row for row in pair_rows}
    rows = []
    for spec in read_jsonl(WRITTEN_DIR / "chains.jsonl"):
        unknown = [step["evidence_id"] for step in spec["chain"] if step["evidence_id"] not in known_ids]
        if unknown:
            raise SystemExit(f"chain {spec['id']}: evidence {', '.join(unknown)} is not in the KB")
        images = [
            write_view(by_entity[image["entity"]], image["view"], f"{spec['id']}-{n}", out)
            for n, image in enumerate(spec["images"], 1)
        ]
        chain = [{"step": n, **step} for n, step in enumerate(spec["chain"], 1)]
        rows.append(
            {
                "id": spec["id"],
                "question": spec["question"],
                "image_path": images[0] if images else None,
                "image_paths": images,
                "image_ids": [f"pair:{image['entity']}" for image in spec["images"]],
                "answer": spec["answers"][0],
                "answers": spec["answers"],
                "gold_chain": chain,
                "gold_ids": list(dict.fromkeys(step["evidence_id"] for step in chain)),
                "topology": spec["topology"],
                "hops": len(chain),
                "dataset": "chains",
            }
        )
    return rows


def build(data: Path, out: Path) -> dict[str, int]:
    """Write the KB inputs and the question sets; returns how many rows each file got."""
    if not (data / "tuxpaint_stamps" / "stamps.json").is_file():
        raise SystemExit(f"{data} is not a dev data folder: run `make dev-data` or pass --data DIR")
    out.mkdir(parents=True, exist_ok=True)
    pair_rows, passage_rows = pairs(data), list(passages(data))
    counts = {"passages.jsonl": write_jsonl(out / "passages.jsonl", passage_rows)}
    counts["pairs.jsonl"] = write_jsonl(out / "pairs.jsonl", pair_rows)
    for name, rows in questions(pair_rows, passage_rows, out).items():
        counts[f"{name}.jsonl"] = write_jsonl(out / f"{name}.jsonl", rows)
    known = {row["id"] for row in passage_rows} | {row["id"] for row in pair_rows}
    counts["chains.jsonl"] = write_jsonl(out / "chains.jsonl", chains(pair_rows, known, out))
    return counts


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, help=DATA_HELP)
    parser.add_argument("--out", type=Path, default=Path("kb_data/devsets"), help="where to write the sets")
    args = parser.parse_args(argv)
    for name, count in build(find_dev_data(args.data).resolve(), args.out).items():
        print(f"{args.out / name}: {count} rows")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Fresh entities: measure the reader on WordNet entities that no rule, question or test was written against.

    python -m evaluation.fresh_entities pick --seed 1 --out runs/fresh1 [--count 160] [--splits 4]
    python -m evaluation.fresh_entities questions runs/fresh1/spec.jsonl --pairs runs/fresh1/pairs.jsonl

The dev sets were written by people who also wrote the reader, and the `test` split's templates ask
about the same dev entities, so a rule fitted to those entities scores on both. This protocol draws
new ones:
1. `pick` draws named entities from the WordNet instance glosses (places, natural objects, people,
   artifacts and events, by lexicographer file) that are in none of the `--exclude` pairs files (the
   dev KB's pairs, earlier fresh pairs), whose gloss is not a stub and names another gloss (so a
   two-hop question can be asked). Each gets a synthetic image, seeded by its gloss id, and the pair
   row of `OUT/pairs.jsonl`; `OUT/brief.jsonl` (and with `--splits K`, `brief-1.jsonl` … `brief-K.jsonl`)
   is what a question writer receives.
2. Build a KB from the dev pairs plus the fresh ones: `python -m kb.build --kb-dir DIR --text
   kb_data/devsets/passages.jsonl --pairs kb_data/devsets/pairs.jsonl OUT/pairs.jsonl`.
3. Someone who never reads the reader's code writes questions from a brief, one JSON per line of
   `spec.jsonl`: `id`, `group`, `entity`, `view` (crop, scale or flip), `question`, `answers`, `gold_ids`;
   `evaluation/fresh_entities_writer.md` is what they are told.
4. `questions` turns the spec into `questions.jsonl` with the view images; each group becomes a
   `dataset` (`fresh-<group>`), so the score tables show one row per question shape.
5. Run each graph (`python -m apps.run questions.jsonl --out R --kb-dir DIR --graph G`) and score the
   results (`python -m apps.run score R1 R2 …`).
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFilter
from tqdm import tqdm

from core.errors import InputError, PMSRError
from evaluation.dev_data import find_dev_data
from evaluation.devset import read_jsonl, write_jsonl, write_view
from evaluation.testset import VIEWS, WORDNET
from kb.formats import MalformedLine, json_object, read_pairs
from nodes.extractive.question import NUMBER_WORDS

# Entities per WordNet lexicographer file: noun.object (rivers, mountains, stars), noun.location,
# noun.person, noun.artifact (buildings, canals), noun.act (battles, events).
QUOTAS = {17: 45, 15: 45, 18: 45, 6: 15, 4: 10}
MIN_GLOSS_CHARS = 70  # shorter glosses ("Tampa: a port in Florida") leave too little to ask about
MIN_LINK_CHARS = 5  # shorter titles ("Io", "Ur") match common words
SPEC_FIELDS = ("id", "group", "entity", "view", "question", "answers", "gold_ids")
# a count in words, alone or before its unit ("two", "four days"), not a fraction ("one sixth", "one half")
_COUNTS = "|".join(word for word, number in NUMBER_WORDS.items() if number <= 20)
_COUNT_IN_WORDS = re.compile(
    rf"^({_COUNTS})(\s+(?!\w+ths?$|halfs?$|halves$|thirds?$)\S+)?$",
    re.IGNORECASE,
)


# --- picking ----------------------------------------------------------------------------------------


def quotas(count: int) -> dict[int, int]:
    """`QUOTAS` scaled to `count` entities in all (largest remainders, so they sum to `count`)."""
    total = sum(QUOTAS.values())
    exact = {lex: n * count / total for lex, n in QUOTAS.items()}
    scaled = {lex: int(share) for lex, share in exact.items()}
    by_remainder = sorted(exact, key=lambda lex: exact[lex] - scaled[lex], reverse=True)
    for lex in by_remainder[: count - sum(scaled.values())]:
        scaled[lex] += 1
    return scaled


def linker(glosses: Sequence[dict[str, Any]]) -> Callable[[dict[str, Any]], list[str]]:
    """A function giving the other gloss titles a gloss names after its head (one regex for all)."""
    titles = sorted(
        {g["title"] for g in glosses if len(g["title"]) >= MIN_LINK_CHARS}, key=lambda t: (-len(t), t)
    )
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, titles)) + r")\b")

    def links(gloss: dict[str, Any]) -> list[str]:
        body = gloss["contents"].partition(":")[2]
        return sorted({m for m in pattern.findall(body) if m != gloss["title"]})

    return links


def pick(
    glosses: Sequence[dict[str, Any]], seed: int, count: int, excluded: set[str]
) -> list[dict[str, Any]]:
    """The drawn glosses, each with its `links`, shuffled; the same for the same seed and input."""
    rng = random.Random(seed)
    links = linker(glosses)
    chosen = []
    for lex, n in quotas(count).items():
        pool = []
        for gloss in glosses:
            fits = gloss.get("lexfile") == lex and len(gloss["contents"]) > MIN_GLOSS_CHARS
            if fits and gloss["title"] not in excluded and (named := links(gloss)):
                pool.append({**gloss, "links": named})
        if len(pool) < n:
            raise InputError(
                f"{n} entities of lexicographer file {lex} wanted, {len(pool)} fresh: lower --count"
            )
        chosen += rng.sample(pool, n)
    rng.shuffle(chosen)
    return chosen


def titles_of(pair_files: Sequence[Path]) -> set[str]:
    """The `wikipedia_title`s of the pairs files (not fresh: the KB or an earlier draw holds them)."""
    for path in pair_files:
        if not path.is_file():
            raise InputError(f"pairs file to exclude not found: {path} (run `python -m evaluation.devset`)")
    return {row["wikipedia_title"] for path in pair_files for row in read_jsonl(path)}


def picture(seed: str) -> Image.Image:
    """A synthetic image, the same for the same seed: a gradient under random shapes, slightly blurred."""
    rng = random.Random(seed)
    width, height = rng.choice([(480, 360), (400, 400), (360, 480)])
    top, bottom = (tuple(rng.randrange(256) for _ in range(3)) for _ in range(2))
    image = Image.new("RGB", (width, height), top)
    draw = ImageDraw.Draw(image)
    for y in range(height):
        t = y / height
        draw.line(
            [(0, y), (width, y)],
            fill=tuple(int(a * (1 - t) + b * t) for a, b in zip(top, bottom, strict=True)),
        )
    for _ in range(rng.randint(6, 14)):
        colour = tuple(rng.randrange(256) for _ in range(3))
        x0, y0 = rng.randrange(width), rng.randrange(height)
        box = [x0, y0, x0 + rng.randint(20, width // 2), y0 + rng.randint(20, height // 2)]
        shape = rng.random()
        if shape < 0.4:
            draw.ellipse(box, fill=colour)
        elif shape < 0.7:
            draw.rectangle(box, fill=colour)
        else:
            corners = [(rng.randrange(width), rng.randrange(height)) for _ in range(rng.randint(3, 6))]
            draw.polygon(corners, fill=colour)
    return image.filter(ImageFilter.GaussianBlur(1.2))


def write_pick(chosen: Sequence[dict[str, Any]], out: Path, splits: int = 1, progress: bool = True) -> None:
    """`out/images/<gloss id>.jpg`, `out/pairs.jsonl` (image paths relative to it, as `kb.build` reads
    them) and the writer's brief: `out/brief.jsonl`, and with `splits` > 1 that many near-equal parts."""
    (out / "images").mkdir(parents=True, exist_ok=True)
    pairs, brief = [], []
    for gloss in tqdm(chosen, desc="images", unit="img", disable=not progress):
        entity, image = f"fresh/{gloss['id'].removeprefix('wn30-n-')}", f"images/{gloss['id']}.jpg"
        picture(gloss["id"]).save(out / image, quality=92)
        pairs.append({
            "id": f"pair:{entity}", "wikipedia_title": gloss["title"], "wikipedia_summary": gloss["contents"],
            "image_path": image, "entity": entity, "gloss_id": gloss["id"], "links": gloss["links"],
        })  # fmt: skip
        brief.append(
            {"entity": entity, "title": gloss["title"], "text": gloss["contents"], "gloss_id": gloss["id"]}
        )
    write_jsonl(out / "pairs.jsonl", pairs)
    write_jsonl(out / "brief.jsonl", brief)
    bounds = [len(brief) * part // splits for part in range(splits + 1)]
    for part in range(1, splits + 1) if splits > 1 else ():
        write_jsonl(out / f"brief-{part}.jsonl", brief[bounds[part - 1] : bounds[part]])


# --- questions --------------------------------------------------------------------------------------


def read_spec(path: Path, entities: set[str]) -> list[dict[str, Any]]:
    """The spec rows, each checked; a bad line raises `InputError` naming `path:line` and the fix."""
    if not path.is_file():
        raise InputError(f"spec file not found: {path}")
    rows: list[dict[str, Any]] = []
    seen: dict[str, int] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        where = f"{path}:{number}"
        try:
            row = json_object(line)
        except MalformedLine as exc:
            raise InputError(f"{where}: {exc}: write one JSON object per line") from None
        missing = [name for name in SPEC_FIELDS if name not in row]
        if missing:
            raise InputError(f"{where}: missing {', '.join(missing)} (needs {', '.join(SPEC_FIELDS)})")
        if not (isinstance(row["answers"], list) and row["answers"] and isinstance(row["gold_ids"], list)):
            raise InputError(f"{where}: answers must be a non-empty list and gold_ids a list")
        if row["view"] not in VIEWS:
            raise InputError(f"{where}: unknown view {row['view']!r}: use one of {', '.join(VIEWS)}")
        if row["entity"] not in entities:
            raise InputError(f"{where}: unknown entity {row['entity']!r}: pass the pairs file that holds it")
        if row["id"] in seen:
            raise InputError(f"{where}: id {row['id']!r} repeats line {seen[row['id']]}: make it unique")
        seen[row["id"]] = number
        rows.append(row)
    return rows


def with_digit_forms(answers: Sequence[str]) -> list[str]:
    """`answers` and, for a count a gloss writes in words, its digit form ("four days" → "4 days").

    Writers may only quote a gloss, but a count is as right in digits, the form most references use."""
    found = [_COUNT_IN_WORDS.match(answer.strip()) for answer in answers]
    digits = [f"{NUMBER_WORDS[m[1].lower()]}{m[2] or ''}" for m in found if m]
    return list(dict.fromkeys([*answers, *digits]))


def questions(spec: Path, pair_files: Sequence[Path], out: Path | None = None) -> Path:
    """Write `questions.jsonl` and its view images into `out` (default: the spec's folder); return its path.

    The whole spec is checked before anything is written."""
    for path in pair_files:
        if not path.is_file():
            raise InputError(f"pairs file not found: {path} (give the `pick` output's pairs.jsonl)")
    pairs = {pair.id.removeprefix("pair:"): pair for path in pair_files for pair in read_pairs(path)}
    specs = read_spec(spec, set(pairs))
    out = out or spec.parent
    rows = []
    for row in specs:
        pair = pairs[row["entity"]]
        image = write_view({"image_path": pair.image_path}, row["view"], row["id"], out)
        rows.append({
            "id": row["id"], "question": row["question"], "image_path": image, "answer": row["answers"][0],
            "answers": with_digit_forms(row["answers"]), "entity_text": pair.title,
            "gold_ids": [*row["gold_ids"], pair.id],
            "hops": 2 if row["group"] == "linked" else 1, "dataset": f"fresh-{row['group']}",
            "group": row["group"],
        })  # fmt: skip
    write_jsonl(out / "questions.jsonl", rows)
    return out / "questions.jsonl"


# --- command line -----------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m evaluation.fresh_entities",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", required=True)
    drawing = commands.add_parser("pick", help="draw fresh entities: pairs, images and the writer's brief")
    drawing.add_argument(
        "--out", type=Path, required=True, help="folder for pairs.jsonl, brief*.jsonl, images/"
    )
    drawing.add_argument("--seed", type=int, required=True, help="the same seed draws the same entities")
    drawing.add_argument(
        "--count", type=int, default=sum(QUOTAS.values()), help="entities in all (default: %(default)s)"
    )
    drawing.add_argument("--splits", type=int, default=1, help="also split the brief into this many files")
    drawing.add_argument(
        "--glosses", type=Path, help=f"WordNet instance glosses (default: dev data/{WORDNET})"
    )
    drawing.add_argument(
        "--exclude", type=Path, nargs="+", default=[Path("kb_data/devsets/pairs.jsonl")], metavar="PAIRS",
        help="pairs files whose titles are not fresh (default: the dev KB's, `python -m evaluation.devset`)",
    )  # fmt: skip
    spec = commands.add_parser("questions", help="turn a writer's spec.jsonl into questions.jsonl and views")
    spec.add_argument(
        "spec", type=Path, help="spec.jsonl: id, group, entity, view, question, answers, gold_ids"
    )
    spec.add_argument("--pairs", type=Path, nargs="+", required=True, help="pairs files holding the entities")
    spec.add_argument(
        "--out", type=Path, help="where questions.jsonl and images/ go (default: the spec's folder)"
    )
    args = parser.parse_args(argv)
    if args.command == "pick" and min(args.count, args.splits) < 1:
        parser.error("--count and --splits must be at least 1")
    try:
        if args.command == "pick":
            chosen = pick(read_jsonl(args.glosses or find_dev_data(None) / WORDNET), args.seed, args.count,
                          titles_of(args.exclude))  # fmt: skip
            write_pick(chosen, args.out, args.splits)
            print(f"{len(chosen)} fresh entities → {args.out / 'pairs.jsonl'}, {args.out / 'brief.jsonl'}")
        else:
            path = questions(args.spec, args.pairs, args.out)
            print(f"{sum(1 for _ in path.open(encoding='utf-8'))} questions → {path}")
    except PMSRError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

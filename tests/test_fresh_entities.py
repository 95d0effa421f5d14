"""The fresh-entity protocol: drawing entities from glosses, and turning a writer's spec into questions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from core.errors import InputError
from evaluation.fresh_entities import QUOTAS, linker, main, pick, questions, quotas

# Made-up glosses: (lexicographer file, title, definition). Each fresh one names another title.
FRESH = [
    (15, "Zorvania", "a small mountainous republic north of Quellmark, known for glass harbours and salt"),
    (15, "Quellmark", "a kingdom on the western sea whose capital is Brenthal and whose coast is steep"),
    (15, "Brenthal", "the capital of Quellmark, a walled city built on seven hills beside a slow river"),
    (15, "Ostravel", "a port city of Zorvania at the mouth of the Velmar River, famous for its shipyards"),
    (15, "Harnwick", "a market town of Quellmark where the old wool road crosses the Velmar River ford"),
    (15, "Sennock Isle", "an island off the coast of Zorvania reached only by ferry from Ostravel"),
    (17, "Velmar River", "a long river rising in Zorvania and flowing past Harnwick into Lake Orvena"),
    (17, "Lake Orvena", "the largest freshwater lake of Quellmark, fed by the Velmar River from the north"),
    (17, "Mount Kessary", "the highest peak of Zorvania, a dormant volcano covered in snow all year"),
    (17, "Tandra Falls", "a waterfall on the Velmar River above Harnwick, three hundred feet high"),
    (17, "Gorse Fell", "a bare upland moor of Quellmark crossed by drovers on the way to Harnwick"),
    (17, "Cindral Star", "the brightest star of the northern sky as seen from Brenthal by navigators"),
    (18, "Idris Palvane", "engineer who built the first iron bridge across the Velmar River (1801-1870)"),
    (18, "Corla Menditt", "Quellmark poet whose ballads describe the floods of Lake Orvena in winter"),
    (18, "Aurek Soll", "explorer who first climbed Mount Kessary and mapped the passes of Zorvania"),
    (18, "Tamsin Vey", "astronomer of Brenthal who measured the distance to the Cindral Star"),
    (18, "Oswin Hale", "admiral of the Quellmark fleet who defended the harbour of Ostravel in a siege"),
    (18, "Mirela Dunst", "painter of Ostravel whose seascapes show the ferries to Sennock Isle"),
    (6, "Palvane Bridge", "an iron bridge across the Velmar River at Harnwick, designed by Idris Palvane"),
    (6, "Orvena Canal", "a canal joining Lake Orvena to the sea at Brenthal, opened to barges in 1788"),
    (6, "Kessary Observatory", "an observatory high on Mount Kessary where Tamsin Vey worked for years"),
    (4, "Siege of Ostravel", "a siege of the port of Ostravel lasting four months, lifted by Oswin Hale"),
    (4, "Battle of Gorse Fell", "a battle fought on Gorse Fell in 1750 between Quellmark and Zorvania"),
    (4, "Brenthal Fair", "a yearly fair held in Brenthal since the twelfth century, with horse races"),
]
NOT_FRESH = [
    (15, "Dunmere", "a village in Zorvania"),  # too short, although it names Zorvania
    (17, "Lonely Peak", "a remote granite summit with no neighbours at all, rarely climbed and never mapped"),
    (17, "Echo Hollow", "a deep valley whose walls repeat every sound; Echo Hollow is named for that echo"),
    (15, "Ulm", "a city"),
    (15, "Ulmbrook Meadow", "a wide flat meadow near Ulm, flooded each spring and grazed by sheep in summer"),
    (18, "Excluded Person", "writer of Zorvania already in the KB, whose tales of Brenthal children read"),
]
EXCLUDED = "Excluded Person"


def write_glosses(folder: Path) -> Path:
    path = folder / "glosses.jsonl"
    rows = [
        {"id": f"wn30-n-{n:08d}", "title": title, "contents": f"{title}: {text}", "lexfile": lex}
        for n, (lex, title, text) in enumerate(FRESH + NOT_FRESH, start=1)
    ]
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


def read(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("inputs")
    exclude = folder / "kb_pairs.jsonl"
    exclude.write_text(json.dumps({"id": "pair:x", "wikipedia_title": EXCLUDED}) + "\n", encoding="utf-8")
    return write_glosses(folder), exclude


def run_pick(inputs: tuple[Path, Path], out: Path, seed: int, *extra: str) -> list[dict]:
    glosses, exclude = inputs
    argv = ["pick", "--glosses", str(glosses), "--exclude", str(exclude), "--seed", str(seed)]
    assert main([*argv, "--count", "16", "--out", str(out), *extra]) == 0
    return read(out / "pairs.jsonl")


@pytest.fixture(scope="module")
def picked(inputs: tuple[Path, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("picked")
    run_pick(inputs, out, 3, "--splits", "3")
    return out


def test_quotas_scale_to_the_count() -> None:
    assert quotas(sum(QUOTAS.values())) == QUOTAS
    assert quotas(16) == {17: 5, 15: 5, 18: 4, 6: 1, 4: 1}
    assert all(sum(quotas(n).values()) == n for n in range(1, 200))


def test_pick_is_deterministic_for_a_seed(inputs: tuple[Path, Path], picked: Path, tmp_path: Path) -> None:
    again = run_pick(inputs, tmp_path / "again", 3)
    other = run_pick(inputs, tmp_path / "other", 4)
    first = read(picked / "pairs.jsonl")
    assert again == first and len(first) == 16
    assert [p["id"] for p in other] != [p["id"] for p in first]
    for pair in first:  # the same entity gets the same image
        assert (picked / pair["image_path"]).read_bytes() == (
            tmp_path / "again" / pair["image_path"]
        ).read_bytes()


def test_only_fresh_linked_long_glosses_are_picked(inputs: tuple[Path, Path]) -> None:
    glosses = read(inputs[0])
    drawn = {g["title"] for seed in range(30) for g in pick(glosses, seed, 16, {EXCLUDED})}
    assert drawn == {title for _, title, _ in FRESH}
    assert EXCLUDED in {g["title"] for seed in range(30) for g in pick(glosses, seed, 16, set())}


def test_links_are_other_long_titles_after_the_head(picked: Path, inputs: tuple[Path, Path]) -> None:
    glosses = read(inputs[0])
    links = linker(glosses)
    by_title = {g["title"]: links(g) for g in glosses}
    assert by_title["Velmar River"] == ["Harnwick", "Lake Orvena", "Zorvania"]
    assert by_title["Palvane Bridge"] == ["Harnwick", "Idris Palvane", "Velmar River"]
    assert by_title["Echo Hollow"] == by_title["Ulmbrook Meadow"] == []  # itself; a title too short
    for pair in read(picked / "pairs.jsonl"):
        assert pair["links"] and pair["wikipedia_title"] not in pair["links"]


def test_asking_for_more_than_there_are_is_refused(inputs: tuple[Path, Path]) -> None:
    with pytest.raises(InputError, match="lower --count"):
        pick(read(inputs[0]), 0, 160, {EXCLUDED})


def test_pairs_have_their_images_and_the_brief_matches(picked: Path) -> None:
    pairs = read(picked / "pairs.jsonl")
    for pair in pairs:
        assert pair["id"] == f"pair:{pair['entity']}" and pair["entity"] == "fresh/" + pair["gloss_id"][7:]
        assert pair["wikipedia_summary"].startswith(pair["wikipedia_title"] + ":")
        with Image.open(picked / pair["image_path"]) as image:
            assert image.format == "JPEG" and min(image.size) >= 360
    first, second = (picked / p["image_path"] for p in pairs[:2])
    assert first.read_bytes() != second.read_bytes()
    brief = read(picked / "brief.jsonl")
    assert brief == [
        {"entity": p["entity"], "title": p["wikipedia_title"], "text": p["wikipedia_summary"],
         "gloss_id": p["gloss_id"]}
        for p in pairs
    ]  # fmt: skip
    parts = [read(picked / f"brief-{n}.jsonl") for n in (1, 2, 3)]
    assert [len(part) for part in parts] == [5, 5, 6] and sum(parts, []) == brief


def write_spec(folder: Path, lines: list[str]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "spec.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder / "spec.jsonl"


def spec_line(**fields: object) -> str:
    """One spec line: `fields` over a question and its answers; a field given as None is left out."""
    row = {
        "question": "Which one is this?",
        "answers": ["Velmar", "the Velmar"],
        "gold_ids": ["wn30-n-00000001"],
    }
    return json.dumps({k: v for k, v in (row | fields).items() if v is not None})


def test_questions_write_views_and_map_groups(picked: Path, tmp_path: Path) -> None:
    pairs = read(picked / "pairs.jsonl")
    shapes = [("onehop", "crop"), ("linked", "scale"), ("named", "flip")]
    lines = [
        spec_line(id=f"q-{n}", group=group, entity=pairs[n]["entity"], view=view)
        for n, (group, view) in enumerate(shapes)
    ]
    written = questions(write_spec(tmp_path / "set", lines), [picked / "pairs.jsonl"])
    assert written == tmp_path / "set" / "questions.jsonl"
    rows = read(written)
    assert [r["dataset"] for r in rows] == ["fresh-onehop", "fresh-linked", "fresh-named"]
    assert [r["hops"] for r in rows] == [1, 2, 1]
    for row, pair in zip(rows, pairs[:3], strict=True):
        assert row["entity_text"] == pair["wikipedia_title"] and row["answer"] == "Velmar"
        assert row["gold_ids"] == ["wn30-n-00000001", pair["id"]]
        view = written.parent / row["image_path"]
        assert view.read_bytes() != (picked / pair["image_path"]).read_bytes()
    with (
        Image.open(written.parent / rows[0]["image_path"]) as crop,
        Image.open(picked / pairs[0]["image_path"]) as whole,
    ):
        assert crop.width < whole.width and crop.height < whole.height  # the crop view, not a copy


def test_counts_in_words_also_score_in_digits(picked: Path, tmp_path: Path) -> None:
    # a writer quotes the gloss ("two", "four days"); a count answered in digits is as right
    pairs = read(picked / "pairs.jsonl")
    answers = [["two"], ["Four days", "about four days"], ["Oneida"], ["one of the twins"], ["one sixth"]]
    lines = [
        spec_line(id=f"q-{n}", group="measure", entity=pairs[0]["entity"], view="crop", answers=golds)
        for n, golds in enumerate(answers)
    ]
    rows = read(questions(write_spec(tmp_path / "set", lines), [picked / "pairs.jsonl"]))
    assert [row["answers"] for row in rows] == [
        ["two", "2"],
        ["Four days", "about four days", "4 days"],
        ["Oneida"],
        ["one of the twins"],
        ["one sixth"],
    ]
    assert all(row["answer"] == golds[0] for row, golds in zip(rows, answers, strict=True))


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (None, "not valid JSON"),
        ({"entity": "fresh/99999999"}, "unknown entity 'fresh/99999999'"),
        ({"view": "rotate"}, "unknown view 'rotate': use one of crop, scale, flip"),
        ({"answers": None}, "missing answers"),
        ({"id": "q-1"}, "id 'q-1' repeats line 1"),
    ],
)
def test_bad_spec_lines_are_named(
    picked: Path, tmp_path: Path, changes: dict | None, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    entity = read(picked / "pairs.jsonl")[0]["entity"]
    good = {"id": "q-1", "group": "onehop", "entity": entity, "view": "crop"}
    bad = '{"id": "q-9", "group": ' if changes is None else spec_line(**good | {"id": "q-2"} | changes)
    spec = write_spec(tmp_path / "set", [spec_line(**good), bad])
    with pytest.raises(InputError, match=f"spec.jsonl:2: {message}"):
        questions(spec, [picked / "pairs.jsonl"])
    assert not (tmp_path / "set" / "questions.jsonl").exists() and not (tmp_path / "set" / "images").exists()
    assert main(["questions", str(spec), "--pairs", str(picked / "pairs.jsonl")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: ") and f"{spec}:2" in err and "\n" not in err


@pytest.mark.slow
def test_the_picked_pairs_build_into_a_kb(picked: Path, tmp_path: Path) -> None:
    from kb.build import build_kb  # imported here: chromadb and the models are slow to import

    summary = build_kb(str(tmp_path / "kb"), [], [picked / "pairs.jsonl"], progress=False)
    assert summary.missing_images == 0 and summary.malformed == 0
    assert summary.added["pairs"] == summary.total["pairs"] == 16

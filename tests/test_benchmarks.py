"""Each benchmark script runs end to end on a tiny input and prints the figures it promises.

The inputs: the demo KB (built once here) for the graph, batch and reader benchmarks, and a tiny
folder in the dev data's layout (passages, the three image indexes, a few photos) for the KB and
model benchmarks. Figures are timings, so the tests check that each is printed, of the promised kind
and in range, and the counts and identities the benchmark can get right on any machine.
"""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from rich.console import Console

from apps.batch import in_process_backend, run_batch
from core.results import read_results
from evaluation.metrics import exact_match, gold_answers
from examples.demo import DEMO_BUDGET, DEMO_DIR, build_demo_kb

pytestmark = pytest.mark.slow

BENCHMARKS = sorted(p.stem for p in (Path(__file__).resolve().parent.parent / "benchmarks").glob("*.py"))
NUMBER = r"([0-9.]+)"
ENTITIES = [
    ("Lake Orvo", "lake", "a cold glacial lake in the northern mountains, fed by three streams"),
    ("Mount Kessa", "mountain", "a volcanic peak whose summit is covered in snow all year"),
    ("Brill Bridge", "bridge", "a stone arch bridge over a canal, opened to traffic in 1890"),
    ("Tarn Forest", "forest", "an old beech forest where wolves and lynx still live"),
    ("Velda City", "city", "a harbour city known for its opera house and fish market"),
    ("Oska River", "river", "a long river that flows east into a shallow bay"),
    ("Hollin Castle", "castle", "a ruined medieval fortress on a rocky hill"),
    ("Pera Desert", "desert", "a hot sandy desert with almost no rain"),
    ("Qell Island", "island", "a small island of cliffs where seabirds nest"),
    ("Doran Tower", "tower", "a tall radio tower built of steel lattice"),
    ("Mirel Library", "library", "a public library holding a million printed books"),
    ("Sarn Stadium", "stadium", "a football stadium with seats for fifty thousand fans"),
    ("Faro Lighthouse", "lighthouse", "a white lighthouse that guides ships past the reef"),
    ("Ilo Volcano", "volcano", "an active volcano that last erupted in 1983"),
    ("Brennan Glacier", "glacier", "a slowly retreating glacier in a high valley"),
    ("Cavo Cathedral", "cathedral", "a gothic cathedral with two spires and stained glass"),
    ("Yarrow Vineyard", "vineyard", "a vineyard on sunny slopes that grows red grapes"),
    ("Tolle Observatory", "observatory", "an observatory whose telescope studies distant galaxies"),
    ("Nesh Mine", "mine", "a deep coal mine closed in 1975"),
    ("Rune Canal", "canal", "a shipping canal with twelve locks"),
    ("Gale Airport", "airport", "an international airport with two long runways"),
    ("Mora Dam", "dam", "a concrete dam that makes electricity from a river"),
    ("Pell Zoo", "zoo", "a zoo that keeps elephants, giraffes and penguins"),
    ("Ardo Museum", "museum", "an art museum that shows paintings of the old masters"),
]

IMAGE_INDEXES = [  # (index file, its image field, entry n) in the fields the benchmarks read
    ("pkg_images/index.json", "file", lambda n: {"file": f"images/p{n}.png", "wikipedia": f"Photo {n}"}),
    (
        "stellarium_messier/objects.json",
        "image",
        lambda n: {"id": f"stellarium/m{n}", "image": f"images/m{n}.png", "wikipedia_title_guess": f"M{n}"},
    ),
    (
        "tuxpaint_stamps/stamps.json",
        "image",
        lambda n: {"id": f"tuxpaint/s{n}", "image": f"images/s{n}.png", "desc_en": f"A stamp {n}."},
    ),
]


def run(name: str, argv: Sequence[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Run `benchmarks.<name>` in this process (its models stay loaded for the next one); its stdout."""
    importlib.import_module(f"benchmarks.{name}").main(list(argv))
    return capsys.readouterr().out


def lines_with(out: str, pattern: str, count: int) -> list[tuple[str, ...]]:
    """The groups of each printed line that matches `pattern`; there must be `count` of them."""
    found = [m.groups() for m in (re.search(pattern, line) for line in out.splitlines()) if m]
    assert len(found) == count, f"expected {count} lines matching {pattern!r} in:\n{out}"
    return found


def line_with(out: str, pattern: str) -> tuple[str, ...]:
    """The groups of the one printed line that matches `pattern`."""
    return lines_with(out, pattern, 1)[0]


def table_rows(out: str, title: str) -> dict[str, list[str]]:
    """The rows of the rich table printed under `title`: first cell → the other cells."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip() == title)
    rows = {}
    for line in lines[start + 1 :]:
        if line.startswith("└"):
            break
        cells = [cell.strip() for cell in line.strip().strip("│").split("│")]
        if line.startswith("│"):
            rows[cells[0]] = cells[1:]
    return rows


@pytest.fixture(scope="module")
def demo_kb(tmp_path_factory: pytest.TempPathFactory) -> str:
    kb_dir = str(tmp_path_factory.mktemp("bench") / "demo_kb")
    build_demo_kb(kb_dir, Console(quiet=True))
    return kb_dir


@pytest.fixture(scope="module")
def tiny_data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder in the layout of `make dev-data`: passages and the three image indexes."""
    data = tmp_path_factory.mktemp("tiny_data")
    (data / "wiki_text").mkdir()
    rows = [
        {"id": f"tiny/{n}", "title": title, "contents": f"{title} is {text}. It is a famous {kind}."}
        for n, (title, kind, text) in enumerate(ENTITIES)
    ]
    (data / "wiki_text" / "tiny_passages.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    rng = np.random.default_rng(0)
    for index, image_key, entry in IMAGE_INDEXES:
        folder = (data / index).parent
        (folder / "images").mkdir(parents=True)
        entries = [entry(n) for n in range(3)]
        for row in entries:
            Image.fromarray(rng.integers(0, 255, (48, 64, 3), dtype=np.uint8)).save(folder / row[image_key])
        (data / index).write_text(json.dumps(entries))
    return data


@pytest.mark.parametrize("name", BENCHMARKS)
def test_benchmark_imports_and_answers_help(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        run(name, ["--help"], capsys)
    assert exit_info.value.code == 0
    assert "usage:" in capsys.readouterr().out


def test_kb_benchmark_measures_the_dev_kb_and_a_synthetic_store(
    tiny_data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--data", str(tiny_data), "--out", str(tmp_path), "--queries", "8", "--synthetic", "400"]
    out = run("kb", [*argv, "--image-centres", "8", "--noise", "0.5"], capsys)
    report = json.loads((tmp_path / "kb_benchmark.json").read_text())
    dev, synthetic = report["dev"], report["synthetic"]
    assert dev["passages"] == len(ENTITIES)
    assert dev["pairs"] == 9  # three per index
    assert synthetic["n"] == 400 and synthetic["kind"] == "clustered"
    for figures in (dev, synthetic):
        for part in ("text", "pairs"):
            assert 0 < figures[f"{part}_p50_ms"] <= figures[f"{part}_p95_ms"]
            assert figures[f"{part}_recall"] == pytest.approx(1.0)  # a few hundred vectors: HNSW is exact
    assert dev["embed_passages_per_s"] > 0 and dev["build_pairs_per_s"] > 0
    assert line_with(out, r"passages\s+(\d+) from (\d+) files") == (str(len(ENTITIES)), "1")
    assert line_with(out, r"pairs built .*\s(\d+) at .*\((\d+) missing images\)") == ("9", "0")
    stored = lines_with(out, r"^  text search p50 / p95 \((\d+) stored\)", 2)
    assert stored == [(str(len(ENTITIES)),), ("400",)]
    for name in ("text", r"fused \(w=0.5\)"):  # the dev KB's, then the synthetic store's
        assert lines_with(out, rf"^  {name} recall@10 vs exact\s+{NUMBER}$", 2) == [("1.0000",)] * 2


def test_models_benchmark_prints_loads_throughput_recall_and_latencies(
    tiny_data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data, images = tiny_data / "wiki_text", tiny_data / "pkg_images" / "images"
    argv = ["--data", str(data), "--images", str(images), "--passages", "8", "--docs", str(len(ENTITIES))]
    out = run("models", [*argv, "--repeats", "1", "--no-reference"], capsys)
    assert line_with(out, r"^device (\S+), dtype (\S+), torch threads (\d+)$")[:2] == ("cpu", "float32")
    for label in ("SmolLM2 first load on a machine", "SmolLM2 cached load", "MiniLM batch of 32 sentences",
                  "EfficientNet-Lite0 load (+ first call)",
                  "MiniLM 1 query", "EfficientNet 1 image", "EfficientNet batch of 8 images",
                  "SmolLM2 32-token answer", "embedded chat model with an image"):  # fmt: skip
        assert float(line_with(out, rf"^{re.escape(label)}.*\s{NUMBER} ms$")[0]) > 0
    assert line_with(out, r"^MiniLM over (\d+) passages") == ("8",)
    for run_name in ("before: calls of 64", "now: calls of 256", "now, embedded-int8: calls of 256"):
        assert float(line_with(out, rf"^  {re.escape(run_name)}\s+{NUMBER} passages/s")[0]) > 0
    docs, low, mean = line_with(
        out, rf"embedded-int8 vs float32 over (\d+) passages: cosine min {NUMBER} mean {NUMBER}"
    )
    assert int(docs) == len(ENTITIES) and 0.9 < float(low) <= float(mean) <= 1.0001  # the same model, int8
    first = line_with(out, rf"first sentences\s+recall@10 of float top-10: {NUMBER} .*gold@10 float {NUMBER}")
    assert 0.5 <= float(first[0]) <= 1 and float(first[1]) == 1.0  # a passage's first sentence finds it
    assert 0 < int(line_with(out, r"\(tokens written per answer\)\s+(\d+)$")[0]) <= 32


def test_graph_benchmark_times_each_step_round_and_the_fan_out(
    demo_kb: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("COLUMNS", "240")  # rich tables and lines unwrapped
    out = run("graph", ["--kb-dir", demo_kb, "--repeats", "1", "--limit", "1"], capsys)
    iterations = table_rows(out, "Seconds per iteration (mean)")
    rounds = table_rows(out, "ProMSA agent: seconds per round (mean)")
    assert "0" in iterations and "stop" in rounds and "image_search" in rounds
    for rows in (iterations, rounds):
        assert int(rows["all"][0]) == sum(int(cells[0]) for name, cells in rows.items() if name != "all")
        for _, total, model, other, share in rows.values():
            assert float(total) == pytest.approx(float(model) + float(other), abs=0.0015)
            assert 0 <= int(share.rstrip("%")) <= 100
    wall, model = map(
        float, line_with(out, rf"agent, mean of 1 questions: wall {NUMBER} s, model {NUMBER} s")
    )
    assert wall >= model > 0
    branches = line_with(
        out, rf"retrieval, (\d+) branches .*parallel fan-out {NUMBER} ms, sequential {NUMBER} ms"
    )
    assert branches[0] == "4"  # two queries × two KBs


def test_batch_benchmark_reports_items_per_second_and_speed_up(
    demo_kb: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", "unset")  # the benchmark points it at its own server
    argv = ["--kb-dir", demo_kb, "--limit", "2", "--delay", "0.02", "--concurrency", "1", "2"]
    out = run("batch", argv, capsys)
    for concurrency in ("1", "2"):
        items, rate, calls = line_with(
            out, rf"^concurrency {concurrency}: (\d+) items in .*s = {NUMBER} items/s \({NUMBER} model"
        )
        assert items == "2" and float(rate) > 0
        assert float(calls) >= 3  # describe, record and answer at least: the model server really answered
    assert line_with(out, rf"^speed-up at 1: {NUMBER}×$") == ("1.00",)
    assert float(line_with(out, rf"^speed-up at 2: {NUMBER}×$")[0]) > 0


def test_reader_benchmark_rereads_runs_with_each_reader(
    demo_kb: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "demo_pmsr.jsonl"
    backend = in_process_backend({"kb_dir": demo_kb, "single_pass": True, **DEMO_BUDGET})
    run_batch(DEMO_DIR / "questions.jsonl", results, backend, concurrency=1, limit=2, progress=False)
    out = run("reader", [str(results), "--kb-dir", demo_kb], capsys)
    rows = {}
    for reader in ("spans", "smollm2 choice", "smollm2"):
        pattern = rf"^{re.escape(results.name)}\s+{reader}\s+(\d+)\s+{NUMBER}\s+{NUMBER}\s+{NUMBER}$"
        n, em, f1, seconds = line_with(out, pattern)
        assert n == "2" and 0 <= float(em) <= float(f1) <= 100 and float(seconds) > 0
        rows[reader] = float(em)
    graph_em = [exact_match(line["prediction"], gold_answers(line)) for line in read_results(results)]
    assert rows["spans"] == pytest.approx(100 * sum(graph_em) / len(graph_em))  # the graph's own reader

"""Reports: a real PNG plot, an offline HTML page with escaped text and embedded images, tables."""

from __future__ import annotations

import base64
import csv
import io
import json
import re
import subprocess
import sys
from pathlib import Path

from PIL import Image

from core.results import read_results
from evaluation.score import score_file

ROOT = Path(__file__).resolve().parent.parent
QUESTION = 'Is <b>this</b> bridge older than 5 > 3 & "the tower"?'


def write_results(tmp_path: Path) -> Path:
    image = tmp_path / "bridge.png"
    Image.new("RGB", (800, 600), (200, 30, 30)).save(image)
    trajectory = [
        {
            "step": 0,
            "queries": [{"kind": "enriched", "text": "bridge <script>alert(1)</script>"}],
            "candidates": [
                {
                    "id": "p1",
                    "title": "Tower Bridge & Co",
                    "score": 0.81,
                    "source": "text",
                    "text": "t",
                    "image_path": None,
                    "url": None,
                }
            ],
            "record": "Tower Bridge opened in 1894.",
            "seconds": 1.5,
            "model_seconds": 1.0,
        },
        {
            "step": 1,
            "queries": [{"kind": "record", "text": "q"}, {"kind": "trajectory", "text": "q2"}],
            "candidates": [
                {
                    "id": "gold",
                    "title": "Brooklyn Bridge",
                    "score": 0.7,
                    "source": "pairs",
                    "text": "t",
                    "image_path": None,
                    "url": None,
                }
            ],
            "record": "It opened in 1883.",
            "seconds": 1.0,
            "model_seconds": 0.5,
        },
    ]
    lines = [
        {
            "id": "a",
            "question": QUESTION,
            "image_path": "bridge.png",
            "image_file": str(image),
            "answer": "1883",
            "gold_ids": ["gold"],
            "prediction": "It was built in 1883.",
            "trajectory": trajectory,
            "status": "ok",
            "stop_reason": "saturated",
            "seconds": 3.0,
            "dataset": "bridges",
        },
        {
            "id": "b",
            "question": "Where?",
            "image_path": "missing.jpg",
            "answer": "Paris",
            "gold_ids": ["g"],
            "status": "error",
            "error": "ImageError: image not found: missing.jpg",
            "seconds": 0.0,
            "dataset": "bridges",
        },
    ]
    path = tmp_path / "results.jsonl"
    stale = {**lines[0], "prediction": "stale"}
    text = "".join(json.dumps(line) + "\n" for line in [stale, *lines]) + '{"id": "torn", "quest'
    path.write_text(text, encoding="utf-8")
    return path


def test_read_results_keeps_last_line_per_id_and_skips_torn_line(tmp_path: Path) -> None:
    lines = read_results(write_results(tmp_path))
    assert [line["id"] for line in lines] == ["a", "b"]
    assert lines[0]["prediction"] == "It was built in 1883."


def test_score_file_writes_tables_plot_and_html(tmp_path: Path) -> None:
    output = score_file(write_results(tmp_path), tmp_path / "scores", print_summary=False)
    [row] = output.summary
    assert row["n"] == 2 and row["failed"] == 1 and row["cem"] == 50.0 and row["recall_cum"] == 50.0

    png = output.files["by_iteration_png"].read_bytes()
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert Image.open(io.BytesIO(png)).size[0] > 100

    with open(output.files["summary_csv"], newline="", encoding="utf-8") as handle:
        [csv_row] = list(csv.DictReader(handle))
    assert csv_row["dataset"] == "bridges" and float(csv_row["cem"]) == 50.0
    markdown = output.files["summary_md"].read_text(encoding="utf-8")
    assert "## Summary" in markdown and "| bridges |" in markdown and "## By iteration" in markdown

    page = output.files["html"].read_text(encoding="utf-8")
    assert "Is &lt;b&gt;this&lt;/b&gt; bridge older than 5 &gt; 3 &amp; &quot;the tower&quot;?" in page
    assert QUESTION not in page and "<script>" not in page
    assert "Tower Bridge &amp; Co" in page and "ImageError: image not found" in page
    [data] = re.findall(r"src='data:image/jpeg;base64,([A-Za-z0-9+/=]+)'", page)
    thumbnail = Image.open(io.BytesIO(base64.b64decode(data)))
    assert max(thumbnail.size) == 256  # downscaled from 800 × 600
    assert "http" not in page  # nothing to fetch: opens offline


def test_score_subcommand(tmp_path: Path) -> None:
    results = write_results(tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "apps.run", "score", str(results), "--out-dir", str(tmp_path / "out")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "bridges" in done.stdout and "Summary" in done.stdout
    assert (tmp_path / "out" / "report.html").is_file()
    scored = [json.loads(line) for line in (tmp_path / "out" / "scored.jsonl").read_text().splitlines()]
    assert [s["trajectory_type"] for s in scored] == ["Correction", None]

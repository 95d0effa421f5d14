"""Render scores: terminal tables (rich), Markdown and CSV files, a PNG plot, a self-contained HTML report."""

from __future__ import annotations

import base64
import csv
import html
import io
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import matplotlib
from PIL import Image
from rich.console import Console
from rich.table import Table

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (the backend must be chosen before pyplot loads)

Rows = Sequence[Mapping[str, Any]]
THUMBNAIL_PX = 256
TOP_TITLES = 5


def _columns(rows: Rows) -> list[str]:
    return list(dict.fromkeys(key for row in rows for key in row))


def _cell(value: Any) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:.2f}"
    return str(value)


def print_tables(tables: Mapping[str, Rows], console: Console | None = None, per_table: int = 7) -> None:
    """Print each table, split into column groups of `per_table` (plus the key column) to stay readable."""
    console = console or Console()
    for title, rows in tables.items():
        key, *columns = _columns(rows) or [""]
        for start in range(0, max(len(columns), 1), per_table):
            table = Table(title=title if start == 0 else None)
            for column in [key, *columns[start : start + per_table]]:
                table.add_column(column, justify="left" if column == key else "right")
            for row in rows:
                table.add_row(*(_cell(row.get(c)) for c in [key, *columns[start : start + per_table]]))
            console.print(table)


def write_markdown(path: str | Path, tables: Mapping[str, Rows]) -> None:
    parts = []
    for title, rows in tables.items():
        columns = _columns(rows)
        lines = [f"## {title}", "", "| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
        lines += ["| " + " | ".join(_cell(row.get(c)) for c in columns) + " |" for row in rows]
        parts.append("\n".join(lines))
    Path(path).write_text("\n\n".join(parts) + "\n", encoding="utf-8")


def write_csv(path: str | Path, rows: Rows) -> None:
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=_columns(rows))
        writer.writeheader()
        writer.writerows(rows)


def plot_by_iteration(path: str | Path, rows: Rows) -> None:
    """Recall (per iteration and cumulative) and record CEM against the iteration, one panel per dataset."""
    datasets = list(dict.fromkeys(row["dataset"] for row in rows)) or ["(no iterations)"]
    fig, axes = plt.subplots(1, len(datasets), figsize=(4.5 * len(datasets), 3.6), squeeze=False)
    for ax, name in zip(axes[0], datasets, strict=True):
        data = [row for row in rows if row["dataset"] == name]
        steps = [row["iteration"] for row in data]
        for key, label in (("recall", "recall @ iteration"), ("recall_cum", "cumulative recall"),
                           ("record_cem", "record CEM")):  # fmt: skip
            values = [row.get(key) for row in data]
            if any(v is not None for v in values):
                ax.plot(steps, [float("nan") if v is None else v for v in values], marker="o", label=label)
        ax.set(title=name, xlabel="iteration", ylabel="%", ylim=(0, 100))
        ax.set_xticks(steps)
        ax.grid(alpha=0.3)
        if ax.lines:
            ax.legend(fontsize="small")
    fig.tight_layout()
    fig.savefig(path, format="png", dpi=100)
    plt.close(fig)


def plot_comparison(path: str | Path, rows: Rows) -> None:
    """Side by side, one bar per run: accuracy (judge when judged, else CEM, and EM) and mean tool calls
    split into image and text calls."""
    names = [f"{row['run']}\n({row['graph']})" for row in rows]
    x = range(len(rows))
    fig, (acc, calls) = plt.subplots(1, 2, figsize=(max(7.0, 2.2 * len(rows) + 3), 3.8))
    width = 0.4
    correct = [row.get("judge") if row.get("judge") is not None else row.get("cem") for row in rows]
    label = "judge" if any(row.get("judge") is not None for row in rows) else "CEM"
    acc.bar([i - width / 2 for i in x], [v or 0 for v in correct], width, label=label)
    acc.bar([i + width / 2 for i in x], [row.get("em") or 0 for row in rows], width, label="EM")
    acc.set(title="accuracy", ylabel="%", ylim=(0, 100))
    image = [row.get("image_calls") or 0 for row in rows]
    calls.bar(x, image, width, label="image")
    calls.bar(x, [row.get("text_calls") or 0 for row in rows], width, bottom=image, label="text")
    calls.set(title="mean tool calls per question")
    for ax in (acc, calls):
        ax.set_xticks(list(x), names, fontsize="small")
        ax.grid(axis="y", alpha=0.3)
        ax.legend(fontsize="small")
    fig.tight_layout()
    fig.savefig(path, format="png", dpi=100)
    plt.close(fig)


def thumbnail_data_url(path: str | Path | None, size: int = THUMBNAIL_PX) -> str | None:
    """A JPEG data URL of the image downscaled to at most `size` px, or None when it cannot be read."""
    if not path:
        return None
    try:
        with Image.open(path) as image:
            image = image.convert("RGB")
            image.thumbnail((size, size))
            buffer = io.BytesIO()
            image.save(buffer, format="JPEG", quality=80)
    except (OSError, ValueError):
        return None
    return "data:image/jpeg;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


_STYLE = """
body{font-family:system-ui,sans-serif;margin:1.5em;max-width:1100px}
.item{border:1px solid #ccc;border-radius:6px;padding:1em;margin:1em 0;display:flex;gap:1em}
.item img{max-width:256px;max-height:256px;object-fit:contain}
.ok{color:#176d2c}.bad{color:#a4161a}.meta{color:#555;font-size:.9em}
.step{border-left:3px solid #8aa;padding-left:.7em;margin:.5em 0}
pre{white-space:pre-wrap;background:#f6f6f6;padding:.5em}
"""


def write_html(path: str | Path, lines: Rows, scored: Rows, title: str) -> None:
    """One offline HTML file: per item the image, question, gold, prediction with its evidence lines,
    metrics and trajectory."""
    by_id = {row["id"]: row for row in scored}
    body = [_item_html(line, by_id.get(str(line["id"]), {})) for line in lines]
    page = (
        f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
        f"<style>{_STYLE}</style></head><body><h1>{html.escape(title)}</h1>{''.join(body)}</body></html>"
    )
    Path(path).write_text(page, encoding="utf-8")


def _item_html(line: Mapping[str, Any], scored: Mapping[str, Any]) -> str:
    e = html.escape
    image = thumbnail_data_url(line.get("image_file"))
    image_html = (
        f"<img src='{image}' alt='{e(str(line.get('image_path')))}'>" if image else "<div>(no image)</div>"
    )
    golds = line.get("answers") or line.get("answer") or ""
    golds_text = " | ".join(map(str, golds)) if isinstance(golds, list) else str(golds)
    scores = scored.get("scores", {})
    good = scores.get("em", 0) > 0 or scored.get("judge") is True
    evidence = "".join(
        f"<li class='evidence'>[{e(str(item.get('id')))}] <b>{e(str(item.get('title')))}</b>: "
        f"{e(str(item.get('text')))}</li>"
        for item in line.get("evidence") or []
    )
    verdict = (
        ""
        if scored.get("judge") is None
        else f" judge={scored['judge']} ({e(str(scored.get('judge_reason')))})"
    )
    errors = line.get("errors") or []
    if line.get("error"):
        errors = [line["error"], *errors]
    return (
        f"<div class='item'>{image_html}<div>"
        f"<div class='meta'>{e(str(line['id']))} · {e(str(line.get('dataset', '')))} · "
        f"{e(str(line.get('status', '')))} · {e(str(line.get('stop_reason', '')))}</div>"
        f"<p><b>Question:</b> {e(str(line.get('question', '')))}</p>"
        f"<p><b>Gold:</b> {e(golds_text)}</p>"
        f"<p class='{'ok' if good else 'bad'}'><b>Prediction:</b> {e(str(line.get('prediction') or ''))}</p>"
        + (f"<p><b>Evidence:</b></p><ul>{evidence}</ul>" if evidence else "")
        + f"<p class='meta'>{e(' '.join(f'{k}={v:.2f}' for k, v in scores.items()))} "
        f"type={e(str(scored.get('trajectory_type')))}{verdict}</p>"
        + "".join(f"<p class='bad'>{e(str(err))}</p>" for err in errors)
        + f"<details><summary>trajectory ({len(line.get('trajectory') or [])} steps)</summary>"
        + "".join(_step_html(step) for step in line.get("trajectory") or [])
        + "</details></div></div>"
    )


def _step_html(step: Mapping[str, Any]) -> str:
    """A PMSR iteration (its queries and record) or an agent round (its action, query and thought/answer)."""
    e = html.escape
    if "action" in step:
        heading = f"Round {step.get('round')} · {step['action']}"
        queries = [{"kind": "query", "text": step["query"]}] if step.get("query") else []
        text = step.get("answer") or step.get("thought") or ""
    else:
        heading, queries, text = f"Iteration {step.get('step')}", step.get("queries", []), step.get("record")
    listed = "".join(f"<li><i>{e(str(q.get('kind')))}</i>: {e(str(q.get('text')))}</li>" for q in queries)
    candidates = step.get("candidates") or []
    titles = ", ".join(
        f"{e(str(c.get('title')))} ({e(str(c.get('source')))}, {float(c.get('score') or 0):.2f})"
        for c in candidates[:TOP_TITLES]
    )
    more = f" … +{len(candidates) - TOP_TITLES}" if len(candidates) > TOP_TITLES else ""
    return (
        f"<div class='step'><b>{e(heading)}</b> "
        f"<span class='meta'>{float(step.get('seconds') or 0):.1f}s</span><ul>{listed}</ul>"
        f"<div class='meta'>retrieved: {titles}{more}</div>"
        f"<pre>{e(str(text or ''))}</pre></div>"
    )

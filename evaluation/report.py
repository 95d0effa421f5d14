"""Render scores: terminal tables (rich), Markdown and CSV files, PNG plots, a self-contained HTML report.

The HTML report shows, per item, the image(s), question, gold and predicted answers, metrics and the
trajectory; for items with a gold chain, the gold chain beside the predicted one, step by step, with
the evidence ids that hit marked.
"""

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


def plot_by_chain(path: str | Path, topologies: Rows, hops: Rows) -> None:
    """MC-Search's breakdowns: F1 and HPS per topology (bars), and against the gold chain's hop count."""
    fig, (by_topology, by_hops) = plt.subplots(1, 2, figsize=(11, 4))
    topo = [row for row in topologies if row["topology"] != "all"]
    x = range(len(topo))
    width = 0.4
    by_topology.bar([i - width / 2 for i in x], [row.get("f1") or 0 for row in topo], width, label="F1")
    by_topology.bar([i + width / 2 for i in x], [row.get("hps") or 0 for row in topo], width, label="HPS")
    by_topology.set_xticks(list(x), [_wrap(row["topology"]) for row in topo], fontsize="small")
    by_topology.set(title="by topology", ylabel="%", ylim=(0, 100))
    levels = [row for row in hops if row["hops"] != "all"]
    for key, label in (("f1", "F1"), ("hps", "HPS")):
        by_hops.plot(
            [row["hops"] for row in levels], [row.get(key) or 0 for row in levels], marker="o", label=label
        )
    by_hops.set(title="by hop count", xlabel="gold hops", ylabel="%", ylim=(0, 100))
    by_hops.set_xticks([row["hops"] for row in levels])
    for ax in (by_topology, by_hops):
        ax.grid(alpha=0.3)
        ax.legend(fontsize="small")
    fig.tight_layout()
    fig.savefig(path, format="png", dpi=100)
    plt.close(fig)


def plot_topology_comparison(path: str | Path, rows: Rows) -> None:
    """Side by side per topology, one bar per run: F1 (left) and HPS (right)."""
    topologies = [t for t in dict.fromkeys(row["topology"] for row in rows) if t != "all"]
    runs = list(dict.fromkeys(row["run"] for row in rows))
    value = {(row["topology"], row["run"]): row for row in rows}
    fig, axes = plt.subplots(1, 2, figsize=(max(9.0, 1.6 * len(topologies) * 2 + 2), 4))
    width = 0.8 / max(len(runs), 1)
    for ax, key in zip(axes, ("f1", "hps"), strict=True):
        for j, run in enumerate(runs):
            heights = [(value.get((t, run)) or {}).get(key) or 0 for t in topologies]
            ax.bar([i - 0.4 + width * (j + 0.5) for i in range(len(topologies))], heights, width, label=run)
        ax.set_xticks(range(len(topologies)), [_wrap(t) for t in topologies], fontsize="small")
        ax.set(title=key.upper(), ylabel="%", ylim=(0, 100))
        ax.grid(axis="y", alpha=0.3)
        ax.legend(fontsize="small")
    fig.tight_layout()
    fig.savefig(path, format="png", dpi=100)
    plt.close(fig)


def _wrap(label: str) -> str:
    return "\n".join(label.replace("-", "- ").split(" ", 1)) if len(label) > 12 else label


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
.chain{border-collapse:collapse;font-size:.9em}
.chain td,.chain th{border:1px solid #ddd;padding:.3em;vertical-align:top}
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
    files = line.get("image_files") or [line.get("image_file")]
    images = [url for url in map(thumbnail_data_url, files) if url]
    image_html = (
        "<div>"
        + "".join(f"<img src='{url}' alt='{e(str(line.get('image_path')))}'>" for url in images)
        + "</div>"
        if images
        else "<div>(no image)</div>"
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
    chain = _chain_html(line.get("gold_chain") or [], line.get("trajectory") or [], scored)
    return (
        f"<div class='item'>{image_html}<div>"
        f"<div class='meta'>{e(str(line['id']))} · {e(str(line.get('dataset', '')))} · "
        f"{e(str(line.get('status', '')))} · {e(str(line.get('stop_reason', '')))}</div>"
        f"<p><b>Question:</b> {e(str(line.get('question', '')))}</p>"
        f"<p><b>Gold:</b> {e(golds_text)}</p>"
        f"<p class='{'ok' if good else 'bad'}'><b>Prediction:</b> {e(str(line.get('prediction') or ''))}"
        + (
            f" <span class='meta'>(confidence {scored['confidence']:.2f})</span>"
            if scored.get("confidence") is not None
            else ""
        )
        + "</p>"
        + (f"<p><b>Evidence:</b></p><ul>{evidence}</ul>" if evidence else "")
        + f"<p class='meta'>{e(' '.join(f'{k}={v:.2f}' for k, v in scores.items()))} "
        f"type={e(str(scored.get('trajectory_type')))}{verdict}</p>"
        + "".join(f"<p class='bad'>{e(str(err))}</p>" for err in errors)
        + chain
        + f"<details><summary>trajectory ({len(line.get('trajectory') or [])} steps)</summary>"
        + "".join(_step_html(step) for step in line.get("trajectory") or [])
        + "</details></div></div>"
    )


def plot_coverage(path: str | Path, curves: Mapping[str, Rows]) -> None:
    """Accuracy (EM) against coverage, one line per run: how precise the answers are when only the most
    confident share of them is given."""
    fig, ax = plt.subplots(figsize=(6.0, 4.0))
    for name, rows in curves.items():
        ax.plot([row["coverage"] for row in rows], [row["em"] for row in rows], marker="o", label=name)
    ax.set(title="accuracy at coverage", xlabel="coverage (% answered, most confident first)",
           ylabel="EM (%) of the answered", xlim=(0, 100), ylim=(0, 100))  # fmt: skip
    ax.grid(alpha=0.3)
    ax.legend(fontsize="small")
    fig.tight_layout()
    fig.savefig(path, format="png", dpi=100)
    plt.close(fig)


def chain_lines(steps: Sequence[Mapping[str, Any]]) -> list[str]:
    """A gold or predicted chain as numbered lines "(modality) sub-question → answer [evidence id]"; an
    agent round reads as its action and query, a PMSR iteration as its queries and the start of its record."""
    lines = []
    for number, step in enumerate(steps, 1):
        kind, asked, answer, ids = _step_view(step)
        lines.append(
            f"{number}. ({kind}) {asked} → {answer} [{', '.join(ids[:TOP_TITLES]) or 'no evidence'}]"
        )
    return lines


def _step_view(step: Mapping[str, Any]) -> tuple[str, str, str, list[str]]:
    """(kind, what was asked, what was answered, evidence ids) of a chain step, agent round or iteration."""
    if "modality" in step or "evidence_id" in step:
        ids = [str(c.get("id")) for c in step.get("candidates") or []] or [str(step.get("evidence_id") or "")]
        return str(step.get("modality")), str(step.get("sub_question")), str(step.get("answer") or ""), ids
    ids = [str(c.get("id")) for c in step.get("candidates") or []]
    if "action" in step:
        return str(step["action"]), str(step.get("query") or ""), str(step.get("answer") or ""), ids
    queries = " | ".join(str(q.get("text")) for q in step.get("queries") or [])
    record = " ".join(str(step.get("record") or "").split())
    return "iteration", queries, record[:160], ids


def _chain_html(gold: Rows, trajectory: Rows, scored: Mapping[str, Any]) -> str:
    """The gold chain beside the predicted one; an evidence id shown in green is matched on the other side."""
    if not gold:
        return ""
    e = html.escape
    predicted = [
        step for step in trajectory if "modality" in step or step.get("queries") or step.get("candidates")
    ]
    gold_ids = {str(step.get("evidence_id")) for step in gold}
    found = {i for step in predicted for i in _step_view(step)[3]}

    def cell(step: Mapping[str, Any] | None, other: set[str]) -> str:
        if step is None:
            return "<td></td>"
        kind, asked, answer, ids = _step_view(step)
        shown = " ".join(
            f"<span class='{'ok' if i in other else 'bad'}'>{e(i)}</span>" for i in ids[:TOP_TITLES]
        )
        return f"<td><i>{e(kind)}</i> {e(asked)}<br>→ {e(answer)}<br><span class='meta'>{shown}</span></td>"

    rows = "".join(
        f"<tr><td>{i + 1}</td>"
        + cell(gold[i] if i < len(gold) else None, found)
        + cell(predicted[i] if i < len(predicted) else None, gold_ids)
        + "</tr>"
        for i in range(max(len(gold), len(predicted)))
    )
    metrics = (
        f"HPS={float(scored.get('hps') or 0):.2f} RD={scored.get('rd')} topology={scored.get('topology')}"
    )
    return (
        f"<p class='meta'>{e(metrics)}</p><table class='chain'><tr><th>#</th><th>gold chain</th>"
        f"<th>predicted chain</th></tr>{rows}</table>"
    )


def _step_html(step: Mapping[str, Any]) -> str:
    """A PMSR iteration (its queries and record), an agent round (its action, query and thought/answer) or
    a chain step (its modality, sub-question, evidence and intermediate answer)."""
    e = html.escape
    if "modality" in step:
        heading = f"Step {step.get('step')} · {step['modality']}"
        queries = [{"kind": "sub-question", "text": step.get("sub_question")}]
        text = f"{step.get('thought') or ''}\n→ {step.get('answer') or ''}".strip()
    elif "action" in step:
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

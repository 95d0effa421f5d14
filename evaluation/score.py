"""Score batch results files: per-item metrics, per-dataset and overall tables, plot and HTML report.

A results file may hold several lines for one id (a run resumed with `--retry-failed` and killed before
it compacted the file): `read_results` keeps the last line per id and ignores a torn last line.
Several files (say PMSR and the ProMSA agent on one dataset) are also compared side by side
(`compare_files`): one table row and one bar per file, with its graph, accuracy, reward and tool calls.

Items with a gold chain (MC-Search) also get the chain metrics — Hit-per-Step, Rollout Deviation,
Δsteps with over-/under-retrieval counts, the chain judge's LJ — and, given the results of the two
reference runs of the same questions (`References`), ΔF1 (F1 − the F1 of a `--no-retrieval` run)
and Golden F1 (the F1 of a `--gold-evidence` run). All of it is broken down by topology and by hop
count (`by_chain`): tables, a plot and, side by side for several files, one row per topology and file.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from statistics import mean
from typing import Any

from core.errors import InputError
from core.results import read_results
from evaluation import metrics
from evaluation.judge import DEFAULT_CACHE_DIR, Judge
from evaluation.report import (
    chain_lines,
    plot_by_chain,
    plot_by_iteration,
    plot_comparison,
    plot_coverage,
    plot_topology_comparison,
    print_tables,
    write_csv,
    write_html,
    write_markdown,
)

OVERALL = "overall"
COVERAGE_STEPS = (10, 20, 30, 40, 50, 60, 70, 80, 90, 100)  # % of the items answered
CHAIN_COLUMNS = ("f1", "delta_f1", "golden_f1", "lj", "judge", "hps", "rd", "over", "under", "avg_steps")


@dataclass(frozen=True)
class ScoreOutput:
    summary: list[dict[str, Any]]
    by_iteration: list[dict[str, Any]]
    files: dict[str, Path]
    by_topology: list[dict[str, Any]] = field(default_factory=list)
    by_hops: list[dict[str, Any]] = field(default_factory=list)
    coverage: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True)
class References:
    """Per-item F1 of MC-Search's two reference runs of the same questions: without retrieval (ΔF1 =
    F1 − this F1) and with the gold evidence (Golden F1). Either may be empty."""

    no_retrieval: dict[str, float] = field(default_factory=dict)
    golden: dict[str, float] = field(default_factory=dict)

    @classmethod
    def load(cls, no_retrieval: str | Path | None = None, golden: str | Path | None = None) -> References:
        return cls(_f1_by_id(no_retrieval), _f1_by_id(golden))


def _f1_by_id(path: str | Path | None) -> dict[str, float]:
    if path is None:
        return {}
    if not Path(path).is_file():
        raise InputError(f"reference results file not found: {path}")
    return {
        str(line["id"]): metrics.token_f1(str(line.get("prediction") or ""), metrics.gold_answers(line))
        for line in read_results(path)
    }


def score_item(
    line: Mapping[str, Any], dataset: str, extra: Iterable[metrics.AnswerScorer] = ()
) -> dict[str, Any]:
    """Every metric of one result line (judge verdicts and the reward are added by `score_lines`)."""
    golds = metrics.gold_answers(line)
    trajectory = line.get("trajectory") or []
    prediction = str(line.get("prediction") or "")
    settings = line.get("settings") or {}
    image_calls, text_calls = metrics.tool_calls(
        trajectory, settings.get("kbs", "both"), bool(settings.get("web"))
    )
    scored: dict[str, Any] = {
        "id": str(line["id"]),
        "dataset": dataset,
        "graph": str(line.get("graph") or "pmsr"),
        "status": line.get("status", "ok"),
        "iterations": len(trajectory),
        "seconds": float(line.get("seconds") or 0.0),
        "gold": bool(golds),
        "scores": metrics.answer_scores(prediction, golds, line, extra),
        "image_calls": image_calls,
        "text_calls": text_calls,
        "well_formed": metrics.well_formed(line),
        "confidence": _confidence(line),
    }
    hits = metrics.evidence_hits(line, trajectory)
    scored["hits"] = hits
    scored["cum_hits"] = None if hits is None else metrics.cumulative(hits)
    scored["record_correct"] = metrics.record_correctness(trajectory, golds)
    scored["trajectory_type"] = metrics.trajectory_type(scored["record_correct"]) if golds else None
    chain = line.get("gold_chain")
    if chain:
        steps = metrics.predicted_steps(trajectory)
        scored["hps"] = metrics.hit_per_step(chain, steps)
        scored["rd"] = metrics.rollout_deviation(chain, steps)
        scored["delta_steps"] = metrics.step_gap(chain, steps)
        scored["steps"] = len(steps)
        scored["hops"] = len(chain)
    topology = metrics.topology_name(line.get("topology"))
    if topology:
        scored["topology"] = topology
    return scored


def score_lines(
    lines: Sequence[Mapping[str, Any]],
    default_dataset: str,
    judge: Judge | None = None,
    extra: Iterable[metrics.AnswerScorer] = (),
    judge_concurrency: int = 4,
    reward: metrics.RewardConfig | None = None,
    references: References | None = None,
) -> list[dict[str, Any]]:
    extra = list(extra)
    scored = [score_item(line, str(line.get("dataset") or default_dataset), extra) for line in lines]
    if judge is not None:
        _judge(judge, lines, scored, judge_concurrency)
    refs = references or References()
    for item in scored:
        if item["id"] in refs.no_retrieval:
            item["delta_f1"] = item["scores"]["f1"] - refs.no_retrieval[item["id"]]
        if item["id"] in refs.golden:
            item["golden_f1"] = refs.golden[item["id"]]
    config = reward or metrics.RewardConfig()
    for item, line in zip(scored, lines, strict=True):
        calls, h_max = item["image_calls"] + item["text_calls"], config.horizon(line.get("settings") or {})
        item["reward"] = metrics.reward(is_correct(item), item["well_formed"], calls, h_max, config)
    return scored


def _judge(
    judge: Judge, lines: Sequence[Mapping[str, Any]], scored: Sequence[dict[str, Any]], concurrency: int
) -> None:
    """Add the judge's verdict to every item, and the chain judge's scores (LJ) to items with a gold chain."""

    def grade(line: Mapping[str, Any]) -> tuple[Any, Any]:
        question, golds = str(line.get("question", "")), metrics.gold_answers(line)
        prediction = str(line.get("prediction") or "")
        verdict = judge.judge(question, golds, prediction)
        if not line.get("gold_chain"):
            return verdict, None
        gold, predicted = chain_lines(line["gold_chain"]), chain_lines(line.get("trajectory") or [])
        return verdict, judge.judge_chain(question, golds, prediction, "\n".join(gold), "\n".join(predicted))

    with ThreadPoolExecutor(max_workers=max(1, concurrency)) as pool:
        for item, (verdict, chain_verdict) in zip(scored, pool.map(grade, lines), strict=True):
            item["judge"] = verdict.correct
            item["judge_reason"] = verdict.reason
            if chain_verdict is not None:
                item["lj"] = chain_verdict.mean
                item["lj_scores"] = chain_verdict.scores


def _confidence(line: Mapping[str, Any]) -> float | None:
    value = line.get("confidence")
    return float(value) if isinstance(value, int | float) else None


def accuracy_at_coverage(
    scored: Sequence[Mapping[str, Any]], steps: Sequence[int] = COVERAGE_STEPS
) -> list[dict[str, Any]]:
    """EM and F1 of the most confident answers at each coverage (% of the items answered, most confident
    first; ties keep file order), with the confidence threshold that coverage needs. Items without a
    gold answer or a confidence are left out; none left, no rows."""
    ranked = sorted(
        (item for item in scored if item["gold"] and item.get("confidence") is not None),
        key=lambda item: -item["confidence"],
    )
    rows = []
    for step in steps:
        answered = ranked[: max(1, round(len(ranked) * step / 100))] if ranked else []
        if answered:
            rows.append(
                {
                    "coverage": step,
                    "answered": len(answered),
                    "threshold": round(answered[-1]["confidence"], 3),
                    "em": _pct(item["scores"]["em"] for item in answered),
                    "f1": _pct(item["scores"]["f1"] for item in answered),
                }
            )
    return rows


def _em_at(curve: Sequence[Mapping[str, Any]], step: int) -> float | None:
    return next((row["em"] for row in curve if row["coverage"] == step), None)


def is_correct(item: Mapping[str, Any]) -> bool:
    """The judge's verdict when it gave one, else cover EM."""
    if item.get("judge") is not None:
        return bool(item["judge"])
    return bool(item["scores"].get("cem"))


def summarize(scored: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """One row per dataset (sorted) plus an overall row; percentages for rates, means for the rest."""
    groups = _groups(scored)
    return [_summary_row(name, items) for name, items in groups.items()]


def _groups(scored: Sequence[Mapping[str, Any]]) -> dict[str, list[Mapping[str, Any]]]:
    groups: dict[str, list[Mapping[str, Any]]] = {}
    for item in scored:
        groups.setdefault(item["dataset"], []).append(item)
    ordered = {name: groups[name] for name in sorted(groups)}
    if len(ordered) > 1:
        ordered[OVERALL] = list(scored)
    return ordered


def _summary_row(name: str, items: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    row: dict[str, Any] = {
        "dataset": name,
        "n": len(items),
        "failed": sum(item["status"] != "ok" for item in items),
    }
    for key in dict.fromkeys(k for item in items for k in item["scores"]):
        row[key] = _pct(item["scores"][key] for item in items if key in item["scores"])
    judged = [item["judge"] for item in items if item.get("judge") is not None]
    if any("judge" in item for item in items):
        row["judge"] = _pct(judged)
        row["judged"] = len(judged)
    with_evidence = [item for item in items if item["hits"] is not None]
    if with_evidence:
        row["recall_first"] = _pct(bool(item["hits"][:1] and item["hits"][0]) for item in with_evidence)
        row["recall_cum"] = _pct(bool(item["cum_hits"] and item["cum_hits"][-1]) for item in with_evidence)
    if any("hps" in item for item in items):
        row |= {key: value for key, value in _chain_columns(items).items() if key not in row}
    row["avg_iter"] = round(mean(item["iterations"] for item in items), 2)
    row |= _tool_use(items)
    typed = [item["trajectory_type"] for item in items if item["trajectory_type"]]
    for kind in metrics.TRAJECTORY_TYPES:
        row[kind] = _pct(t == kind for t in typed) if typed else None
    row["avg_seconds"] = round(mean(item["seconds"] for item in items), 2)
    return row


def _chain_columns(items: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """MC-Search's columns for a group of items: F1, ΔF1 and Golden F1 (%, over the items that have
    them), LJ (mean of the four 0–5 scores), judge (%), HPS (%), RD (mean), the numbers of over- and
    under-retrieving items, and the mean number of predicted steps."""
    chained = [item for item in items if "hps" in item]
    judged = [item["judge"] for item in items if item.get("judge") is not None]
    lj = [item["lj"] for item in items if item.get("lj") is not None]
    return {
        "f1": _pct(item["scores"]["f1"] for item in items),
        "delta_f1": _pct(item["delta_f1"] for item in items if "delta_f1" in item),
        "golden_f1": _pct(item["golden_f1"] for item in items if "golden_f1" in item),
        "lj": round(mean(lj), 2) if lj else None,
        "judge": _pct(judged),
        "hps": _pct(item["hps"] for item in chained),
        "rd": round(mean(item["rd"] for item in chained), 2) if chained else None,
        "over": sum(item["delta_steps"] > 0 for item in chained),
        "under": sum(item["delta_steps"] < 0 for item in chained),
        "avg_steps": round(mean(item["steps"] for item in chained), 2) if chained else None,
    }


def by_chain(scored: Sequence[Mapping[str, Any]], key: str) -> list[dict[str, Any]]:
    """MC-Search's table for the items with a gold chain, one row per value of `key` ("topology": the five
    topologies in the paper's order, then any other; "hops": the gold chain's length) plus `all`."""
    chained = [item for item in scored if "hps" in item]
    groups: dict[Any, list[Mapping[str, Any]]] = {}
    for item in chained:
        groups.setdefault(item.get(key) or "(none)", []).append(item)
    order = list(metrics.TOPOLOGIES) if key == "topology" else []
    names = [n for n in order if n in groups] + sorted((n for n in groups if n not in order), key=str)
    rows = [{key: name, "n": len(groups[name]), **_chain_columns(groups[name])} for name in names]
    if len(rows) > 1:
        rows.append({key: "all", "n": len(chained), **_chain_columns(chained)})
    return rows


def _tool_use(items: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Mean tool calls (image, text), the image share of all calls (%), well-formed (%) and mean reward."""
    image = sum(item["image_calls"] for item in items)
    text = sum(item["text_calls"] for item in items)
    return {
        "tool_calls": round((image + text) / len(items), 2),
        "image_calls": round(image / len(items), 2),
        "text_calls": round(text / len(items), 2),
        "image_share": round(100.0 * image / (image + text), 2) if image + text else None,
        "well_formed": _pct(item["well_formed"] for item in items),
        "reward": round(mean(item["reward"] for item in items), 3),
    }


def by_iteration(scored: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Per dataset and iteration t: recall of iteration t (items that ran it), cumulative recall and
    record CEM up to t (an item that stopped earlier keeps its last value, as the paper's Table 5/A2)."""
    rows = []
    for name, items in _groups(scored).items():
        depth = max((item["iterations"] for item in items), default=0)
        for t in range(depth):
            active = [item for item in items if item["iterations"] > t]
            with_evidence = [item for item in items if item["hits"] is not None]
            rows.append(
                {
                    "dataset": name,
                    "iteration": t,
                    "active": len(active),
                    "recall": _pct(item["hits"][t] for item in with_evidence if len(item["hits"]) > t),
                    "recall_cum": _pct(_upto(item["cum_hits"], t) for item in with_evidence),
                    "record_cem": _pct(
                        _upto(item["record_correct"], t)
                        for item in items
                        if item["gold"] and item["record_correct"]
                    ),
                }
            )
    return rows


def _upto(flags: Sequence[bool], t: int) -> bool:
    return bool(flags) and bool(flags[min(t, len(flags) - 1)])


def _pct(values: Iterable[float | bool]) -> float | None:
    values = [float(v) for v in values]
    return round(100.0 * mean(values), 2) if values else None


def score_file(
    results: str | Path,
    out_dir: str | Path | None = None,
    judge_spec: str | None = None,
    judge_cache: str | Path = DEFAULT_CACHE_DIR,
    extra: Iterable[metrics.AnswerScorer] = (),
    print_summary: bool = True,
    reward: metrics.RewardConfig | None = None,
    references: References | None = None,
) -> ScoreOutput:
    """Score `results` and write summary.{md,csv}, by_iteration.{csv,png}, scored.jsonl and report.html;
    when the results carry a confidence, coverage.{csv,png} (accuracy at coverage); with gold chains
    also by_topology.csv, by_hops.csv and by_chain.png."""
    results = Path(results)
    out = Path(out_dir) if out_dir else results.with_name(f"{results.stem}_scores")
    out.mkdir(parents=True, exist_ok=True)
    lines = read_results(results)
    judge = Judge(judge_spec, judge_cache) if judge_spec else None
    try:
        scored = score_lines(lines, results.stem, judge, extra, reward=reward, references=references)
    finally:
        if judge is not None:
            judge.close()
    summary, iterations = summarize(scored), by_iteration(scored)
    topologies, hops = by_chain(scored, "topology"), by_chain(scored, "hops")
    coverage = accuracy_at_coverage(scored)
    tables = {"Summary": summary, "By iteration": iterations}
    if coverage:
        tables["Accuracy at coverage"] = coverage
    if topologies:
        tables |= {"By topology": topologies, "By hops": hops}
    files = {
        "summary_md": out / "summary.md",
        "summary_csv": out / "summary.csv",
        "by_iteration_csv": out / "by_iteration.csv",
        "by_iteration_png": out / "by_iteration.png",
        "scored": out / "scored.jsonl",
        "html": out / "report.html",
    }
    write_markdown(files["summary_md"], tables)
    write_csv(files["summary_csv"], summary)
    write_csv(files["by_iteration_csv"], iterations)
    plot_by_iteration(files["by_iteration_png"], iterations)
    if coverage:
        files |= {"coverage_csv": out / "coverage.csv", "coverage_png": out / "coverage.png"}
        write_csv(files["coverage_csv"], coverage)
        plot_coverage(files["coverage_png"], {results.stem: coverage})
    if topologies:
        files |= {"by_topology_csv": out / "by_topology.csv", "by_hops_csv": out / "by_hops.csv"}
        files["by_chain_png"] = out / "by_chain.png"
        write_csv(files["by_topology_csv"], topologies)
        write_csv(files["by_hops_csv"], hops)
        plot_by_chain(files["by_chain_png"], topologies, hops)
    with open(files["scored"], "w", encoding="utf-8") as handle:
        handle.writelines(json.dumps(item, ensure_ascii=False) + "\n" for item in scored)
    write_html(files["html"], lines, scored, title=f"PMSR results: {results.name}")
    if print_summary:
        print_tables(tables)
    return ScoreOutput(summary, iterations, files, topologies, hops, coverage)


COMPARED = ("n", "failed", "em", "cem", "f1", "judge", "reward", "well_formed", "tool_calls", "image_calls",
            "text_calls", "image_share", "recall_cum", "avg_iter", "avg_seconds")  # fmt: skip


def compare_files(
    results: Sequence[str | Path],
    out_dir: str | Path | None = None,
    judge_spec: str | None = None,
    judge_cache: str | Path = DEFAULT_CACHE_DIR,
    reward: metrics.RewardConfig | None = None,
    print_summary: bool = True,
    references: References | None = None,
) -> Path:
    """Score every file (its own reports in `<out>/<stem>`), then compare their overall rows: one column
    per file and graph in the printed table and compare.md, one row per file in compare.csv, one bar
    per file in compare.png. When the results carry a confidence, accuracy at coverage side by side
    (printed, compare.md, compare_coverage.png). With gold chains also MC-Search's table per topology,
    one row per topology and file (printed, compare.md, compare_topology.csv, compare_topology.png)."""
    paths = [Path(r) for r in results]
    out = Path(out_dir) if out_dir else paths[0].with_name("compare_scores")
    rows, per_topology, curves = [], [], {}
    for path in paths:
        output = score_file(
            path, out / path.stem, judge_spec, judge_cache, print_summary=False, reward=reward,
            references=references,
        )  # fmt: skip
        graphs = sorted({str(line.get("graph") or "pmsr") for line in read_results(path)}) or ["–"]
        overall = output.summary[-1] if output.summary else {}
        rows.append({"run": path.stem, "graph": "+".join(graphs), **{k: overall.get(k) for k in COMPARED}})
        per_topology += [{"topology": r["topology"], "run": path.stem, **r} for r in output.by_topology]
        if output.coverage:
            curves[path.stem] = output.coverage
    side_by_side = [{"metric": key, **{row["run"]: row[key] for row in rows}} for key in ("graph", *COMPARED)]
    tables = {"Side by side": side_by_side}
    if per_topology:
        order = list(dict.fromkeys(r["topology"] for r in per_topology))
        per_topology.sort(key=lambda r: order.index(r["topology"]))
        tables["By topology, side by side"] = [
            {k: r.get(k) for k in ("topology", "run", "n", *CHAIN_COLUMNS)} for r in per_topology
        ]
        write_csv(out / "compare_topology.csv", tables["By topology, side by side"])
        plot_topology_comparison(out / "compare_topology.png", tables["By topology, side by side"])
    if curves:
        tables["Accuracy at coverage (EM %), side by side"] = [
            {"coverage": step, **{run: _em_at(curve, step) for run, curve in curves.items()}}
            for step in COVERAGE_STEPS
        ]
        plot_coverage(out / "compare_coverage.png", curves)
    write_markdown(out / "compare.md", tables)
    write_csv(out / "compare.csv", rows)
    plot_comparison(out / "compare.png", rows)
    if print_summary:
        print_tables(tables, per_table=len(CHAIN_COLUMNS) + 2)
    return out

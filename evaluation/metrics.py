"""Answer, retrieval and process metrics of knowledge-intensive VQA, as pure functions of one result line.

Answer metrics take the maximum over every gold alias:
- EM: normalised prediction equals a normalised gold answer;
- CEM (cover EM): a normalised gold answer is contained in the normalised prediction;
- F1: SQuAD token F1.
Normalisation is the SQuAD one: lowercase, drop punctuation, drop the articles a/an/the, collapse spaces.

Evidence recall: an iteration "hits" when one of its candidates is a gold evidence (`gold_ids`), or,
when an item has no `gold_ids`, when a candidate's title is the gold entity (`entity_text`).

MC-Search process metrics (MC-Search paper §2.2), for items with a `gold_chain`
(`[{"sub_question", "modality", "evidence_id", "answer"}, ...]`). A predicted step is one step of an
MC-Search pipeline's chain, one agent round that searched, or one PMSR iteration that searched; its
evidence is the set of ids it retrieved (an MC-Search step keeps the top-k, top-1 by default, so its
evidence is its evidence id):
- Hit per Step: |maximum matching between gold steps and predicted steps that retrieved their evidence|
  divided by the number of gold steps (each predicted step matches at most one gold step, duplicates
  count once);
- Rollout Deviation: | #predicted steps − #gold steps |; the signed gap (Δsteps) says which way:
  over-retrieval when positive, under-retrieval when negative.
Results break down by the gold chain's topology (the five of MC-Search, `TOPOLOGIES`; the spellings of
the paper's appendix and of the release are mapped onto them) and hop count.

Trajectory types (PMSR paper §6.1), from the correctness of each reasoning record (a gold answer is
contained in the record):
- Stable-Correct: every record is correct;
- Persistent-Fail: no record is correct;
- Correction: the first record is wrong, a later one is correct, and every record after the first
  correct one stays correct;
- Conflict: a correct record is followed by a wrong one (correctness is not maintained).
Agent trajectories (rounds with an `action`) have no records: these types are left out for them.

Tool calls: an agent round that searched is one call (image or text); a PMSR iteration calls each
KB once per query (pair-KB searches use the image, so they count as image calls; the web variant's
Lens lookup at step 0 is one image call per query).

The RL reward of the ProMSA paper (arXiv:2606.27974; defaults from the authors' code): correctness (the
judge's verdict when an LLM judge ran, else CEM) + format_weight · format validity
− λ · min(#calls / H_max, 1), with format_weight = 0.5, λ = 0.5 and H_max = the run's total search
budget (7 = 4 text + 3 image).
A result is well-formed when it finished (`status` ok) with a non-empty answer reached through the
action protocol: no malformed policy reply (`malformed` = 0) and no fallback stop.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from tools.text import normalize_answer

TRAJECTORY_TYPES = ("Stable-Correct", "Persistent-Fail", "Correction", "Conflict")
SEARCH_ACTIONS = ("image_search", "text_search")
TOPOLOGIES = (
    "Image-Initiated Chain",
    "Text-Initiated Chain",
    "Parallel Image-Text Fork",
    "Multi-Images Fork",
    "Text-Only Chain",
)
_TOPOLOGY_ALIASES = {
    "imageinitiatedchain": TOPOLOGIES[0],
    "textinitiatedchain": TOPOLOGIES[1],
    "parallelimagetextfork": TOPOLOGIES[2],
    "parallelvisualtextualfork": TOPOLOGIES[2],
    "multiimagesfork": TOPOLOGIES[3],
    "parallelmultiimagesfork": TOPOLOGIES[3],
    "multiimagefork": TOPOLOGIES[3],
    "textonlychain": TOPOLOGIES[4],
    "textchain": TOPOLOGIES[4],
}


def gold_answers(item: Mapping[str, Any]) -> list[str]:
    """Every gold alias of an item: `answers` (list) and `answer` (string or list), de-duplicated."""
    golds: list[str] = []
    for key in ("answers", "answer"):
        value = item.get(key)
        values = value if isinstance(value, list) else [value]
        golds.extend(str(v) for v in values if v is not None and str(v).strip())
    return list(dict.fromkeys(golds))


def exact_match(prediction: str, golds: Sequence[str]) -> float:
    pred = normalize_answer(prediction)
    return float(any(pred == normalize_answer(g) for g in golds))


def cover_exact_match(prediction: str, golds: Sequence[str]) -> float:
    """1.0 when a normalised gold answer occurs in the normalised prediction (on word boundaries)."""
    pred = f" {normalize_answer(prediction)} "
    return float(any(normalize_answer(g) and f" {normalize_answer(g)} " in pred for g in golds))


def token_f1(prediction: str, golds: Sequence[str]) -> float:
    return max((_f1(prediction, g) for g in golds), default=0.0)


def _f1(prediction: str, gold: str) -> float:
    pred_tokens = normalize_answer(prediction).split()
    gold_tokens = normalize_answer(gold).split()
    common = sum((Counter(pred_tokens) & Counter(gold_tokens)).values())
    if common == 0:
        return 0.0
    precision = common / len(pred_tokens)
    recall = common / len(gold_tokens)
    return 2 * precision * recall / (precision + recall)


class AnswerScorer(Protocol):
    """A pluggable answer metric (for example BEM with a local model): higher is better, in [0, 1]."""

    name: str

    def score(self, prediction: str, golds: Sequence[str], item: Mapping[str, Any]) -> float: ...


def answer_scores(
    prediction: str, golds: Sequence[str], item: Mapping[str, Any], extra: Iterable[AnswerScorer] = ()
) -> dict[str, float]:
    """EM, CEM, F1 and every extra scorer for one prediction."""
    scores = {
        "em": exact_match(prediction, golds),
        "cem": cover_exact_match(prediction, golds),
        "f1": token_f1(prediction, golds),
    }
    for scorer in extra:
        scores[scorer.name] = float(scorer.score(prediction, golds, item))
    return scores


def evidence_hits(item: Mapping[str, Any], trajectory: Sequence[Mapping[str, Any]]) -> list[bool] | None:
    """Per iteration: did it retrieve gold evidence? None when the item names no gold evidence."""
    gold_ids = {str(i) for i in item.get("gold_ids") or []}
    entity = normalize_answer(str(item.get("entity_text") or ""))
    if not gold_ids and not entity:
        return None
    hits = []
    for step in trajectory:
        candidates = step.get("candidates") or []
        if gold_ids:
            hits.append(any(str(c.get("id")) in gold_ids for c in candidates))
        else:
            hits.append(any(normalize_answer(str(c.get("title") or "")) == entity for c in candidates))
    return hits


def cumulative(flags: Sequence[bool]) -> list[bool]:
    """Running OR: position t is True once any of flags[0..t] is True."""
    out, seen = [], False
    for flag in flags:
        seen = seen or bool(flag)
        out.append(seen)
    return out


def record_correctness(trajectory: Sequence[Mapping[str, Any]], golds: Sequence[str]) -> list[bool]:
    """Per iteration: does its reasoning record contain a gold answer (CEM on the record)? Steps without
    a record (agent rounds) are left out."""
    return [
        bool(cover_exact_match(str(step["record"] or ""), golds)) for step in trajectory if "record" in step
    ]


def trajectory_type(correct: Sequence[bool]) -> str | None:
    """Classify per-record correctness into the paper's four trajectory types (None when empty)."""
    if not correct:
        return None
    if all(correct):
        return "Stable-Correct"
    if not any(correct):
        return "Persistent-Fail"
    first = list(correct).index(True)
    return "Correction" if all(correct[first:]) else "Conflict"


def topology_name(value: object) -> str | None:
    """The canonical MC-Search topology a spelling names ("Parallel Visual-Textual Fork", "Text Chain",
    …), the value itself when it is another non-empty name, None when there is none."""
    text = str(value or "").strip()
    key = "".join(ch for ch in text.lower() if ch.isalnum())
    return _TOPOLOGY_ALIASES.get(key, text or None)


def predicted_steps(trajectory: Sequence[Mapping[str, Any]]) -> list[set[str]]:
    """Evidence ids of each chain step, and of each iteration or agent round that searched (a skipped
    iteration has no queries)."""
    return [
        {str(c.get("id")) for c in step.get("candidates") or []}
        for step in trajectory
        if step.get("modality") or step.get("queries") or step.get("action") in SEARCH_ACTIONS
    ]


def tool_calls(
    trajectory: Sequence[Mapping[str, Any]], kbs: str = "both", web: bool = False
) -> tuple[int, int]:
    """(image calls, text calls) of a trajectory; `kbs` and `web` are the PMSR run's settings."""
    image = text = 0
    for step in trajectory:
        if "modality" in step:  # an MC-Search chain step: one retrieval of its modality
            image += step["modality"] == "image"
            text += step["modality"] == "text"
            continue
        if "action" in step:
            image += step["action"] == "image_search"
            text += step["action"] == "text_search"
            continue
        queries = len(step.get("queries") or [])
        if web and step.get("step") == 0:
            image += queries
            continue
        image += queries if kbs in ("both", "pairs") else 0
        text += queries if kbs in ("both", "text") else 0
    return image, text


def well_formed(line: Mapping[str, Any]) -> bool:
    """Finished with a non-empty answer through the action protocol (no malformed reply, no fallback)."""
    return (
        line.get("status", "ok") == "ok"
        and bool(str(line.get("prediction") or "").strip())
        and not line.get("malformed")
        and line.get("stop_reason") != "fallback"
    )


@dataclass(frozen=True)
class RewardConfig:
    """The reward's constants: λ (`tool_cost`), the format weight, and H_max (None: the run's budgets)."""

    tool_cost: float = 0.5
    format_weight: float = 0.5
    h_max: int | None = None

    DEFAULT_H_MAX: ClassVar[int] = 7  # the authors' 4 text + 3 image searches

    def horizon(self, settings: Mapping[str, Any]) -> int:
        """H_max for a run: as configured, else the run's total search budget, else 7."""
        if self.h_max:
            return self.h_max
        budget = int(settings.get("text_search_budget") or 0) + int(settings.get("image_search_budget") or 0)
        return budget or self.DEFAULT_H_MAX


def reward(correct: bool, valid: bool, calls: int, h_max: int, config: RewardConfig) -> float:
    """correct + format_weight·valid − λ·min(calls / H_max, 1)."""
    penalty = config.tool_cost * min(calls / max(h_max, 1), 1.0)
    return float(correct) + config.format_weight * float(valid) - penalty


def hit_per_step(gold_chain: Sequence[Mapping[str, Any]], steps: Sequence[set[str]]) -> float:
    """MC-Search HPS: matched gold steps / gold steps, one-to-one between gold and predicted steps."""
    if not gold_chain:
        return 0.0
    edges = [
        [j for j, evidence in enumerate(steps) if str(g.get("evidence_id")) in evidence] for g in gold_chain
    ]
    return _max_matching(edges) / len(gold_chain)


def rollout_deviation(gold_chain: Sequence[Mapping[str, Any]], steps: Sequence[set[str]]) -> int:
    """MC-Search RD: | |predicted steps| − |gold steps| |."""
    return abs(step_gap(gold_chain, steps))


def step_gap(gold_chain: Sequence[Mapping[str, Any]], steps: Sequence[set[str]]) -> int:
    """Δsteps: |predicted steps| − |gold steps| (positive: over-retrieval, negative: under-retrieval)."""
    return len(steps) - len(gold_chain)


def _max_matching(edges: Sequence[Sequence[int]]) -> int:
    """Size of a maximum bipartite matching (Kuhn's augmenting paths); edges[i] = right nodes of left i."""
    match_of_right: dict[int, int] = {}

    def augment(left: int, visited: set[int]) -> bool:
        for right in edges[left]:
            if right in visited:
                continue
            visited.add(right)
            if right not in match_of_right or augment(match_of_right[right], visited):
                match_of_right[right] = left
                return True
        return False

    return sum(augment(left, set()) for left in range(len(edges)))

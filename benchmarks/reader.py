"""Which short-answer reader the embedded profile should use, measured on finished PMSR runs.

    python -m benchmarks.reader runs/dev/onehop_pmsr.jsonl runs/dev/twohop_pmsr.jsonl [--limit N]

Re-reads the stored trajectories of each result line (no retrieval is repeated) with three readers and
prints EM / F1 and seconds per question for each:
- `spans`: the extractive reader the project uses (`nodes.extractive.reader.read_records`): candidate spans of
  the record lines ranked against the question's expected answer type and the image's entity chain;
- `smollm2`: the embedded SmolLM2-135M writes the answer from the question and the three evidence
  lines the span reader ranks highest (a small generative reader over at most a few lines);
- `smollm2 choice`: SmolLM2 picks one of the span reader's three best candidates (both combined).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from tools.offline import go_offline

go_offline()

from core.context import Context  # noqa: E402
from core.results import read_results  # noqa: E402
from evaluation.metrics import exact_match, gold_answers, token_f1  # noqa: E402
from nodes.common import chat_model  # noqa: E402
from nodes.extractive.reader import read_records  # noqa: E402
from nodes.reading import first_line  # noqa: E402

EVIDENCE_LINES = 3
CHOICES = 3
Reader = Callable[[dict[str, Any], Context], str]


def ranked(line: dict[str, Any], context: Context) -> tuple[list[str], list[str]]:
    """The span reader's best candidates and the evidence lines they were read from, best first."""
    reading = read_records(line["question"], line.get("trajectory") or [], context)
    texts = list(dict.fromkeys(f"{s.line.title}: {s.line.text}" for s in reading.spans))
    return [s.text for s in reading.spans], texts or [f"{e['title']}: {e['text']}" for e in reading.evidence]


def spans_reader(line: dict[str, Any], context: Context) -> str:
    return read_records(line["question"], line.get("trajectory") or [], context).answer


def smollm2_reader(line: dict[str, Any], context: Context) -> str:
    _, evidence = ranked(line, context)
    prompt = (
        "Answer the question with a short phrase (a name, number or date) taken from the evidence.\n\n"
        + "\n".join(evidence[:EVIDENCE_LINES])
        + f"\n\nQuestion: {line['question']}\nAnswer:"
    )
    return first_line(str(chat_model(context).invoke(prompt).content))


def smollm2_choice_reader(line: dict[str, Any], context: Context) -> str:
    candidates, evidence = ranked(line, context)
    if len(candidates) < 2:
        return candidates[0] if candidates else ""
    options = candidates[:CHOICES]
    prompt = (
        "\n".join(evidence[:EVIDENCE_LINES])
        + f"\n\nQuestion: {line['question']}\nOptions: "
        + "; ".join(options)
        + "\nReply with the one option that answers the question.\nAnswer:"
    )
    reply = first_line(str(chat_model(context).invoke(prompt).content)).lower()
    return next((o for o in options if o.lower() in reply), options[0])


READERS: dict[str, Reader] = {
    "spans": spans_reader,
    "smollm2": smollm2_reader,
    "smollm2 choice": smollm2_choice_reader,
}


def measure(lines: Sequence[dict[str, Any]], reader: Reader, context: Context) -> dict[str, float]:
    em, f1, seconds = [], [], []
    for line in lines:
        started = time.perf_counter()
        answer = reader(line, context)
        seconds.append(time.perf_counter() - started)
        golds = gold_answers(line)
        em.append(exact_match(answer, golds))
        f1.append(token_f1(answer, golds))
    return {
        "EM": 100 * statistics.mean(em),
        "F1": 100 * statistics.mean(f1),
        "s/question": statistics.median(seconds),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", type=Path, nargs="+", help="PMSR results JSONL files (with trajectories)")
    parser.add_argument("--kb-dir", default="kb_data/devsets/kb", help="KB the runs used (its embedder ids)")
    parser.add_argument("--limit", type=int, help="first N lines of each file")
    args = parser.parse_args(argv)
    context = Context(kb_dir=args.kb_dir)
    print(f"{'file':<28} {'reader':<16} {'n':>4} {'EM':>6} {'F1':>6} {'s/question':>11}")
    for path in args.results:
        lines = [line for line in read_results(path) if line.get("trajectory")][: args.limit]
        for name, reader in READERS.items():
            row = measure(lines, reader, context)
            print(
                f"{path.name:<28} {name:<16} {len(lines):>4} {row['EM']:>6.1f} {row['F1']:>6.1f} "
                f"{row['s/question']:>11.3f}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

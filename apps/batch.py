"""The batch runner: a graph (PMSR by default) over a questions JSONL file, resumably, a line per item.

Output: one JSON line per finished item (the input fields + `prediction`, the graph's other outputs —
PMSR: `description`, `trajectory`, `saturation`; the agent: `evidence`, `trajectory` of rounds,
`malformed` — and `stop_reason`, `errors`, `status` ok|error, `error`, `graph`, `settings`, `seconds`),
written, flushed and fsync'd as each item finishes (`core.results`), so an interrupted run leaves a
valid file. One results file holds one graph's results: resuming it with another graph is refused.

Resume: ids already in the output are skipped. A torn last line (the process was killed mid-write) is
cut off before appending. `retry_failed` reruns ids whose line says `status: error`; their new lines
are appended and, when the run ends, the file is rewritten atomically with the last line per id (the
scorer also keeps the last line per id, so a file from a run killed before that step still reads right).

Ctrl-C (or SIGTERM) stops starting items and waits for the running ones; a second one stops at once.
A shard `I/N` (0 ≤ I < N) keeps the ids whose stable hash modulo N is I; merge shard outputs by id.
The command line is `apps.run`.
"""

from __future__ import annotations

import dataclasses
import json
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tqdm import tqdm

from core.code_version import code_fingerprint
from core.errors import ImageError, InputError, PMSRError
from core.results import ResultWriter, compact, read_results, read_status, repair_tail
from graphs.registry import DEFAULT_GRAPH, GRAPHS, graph_entry
from tools.images import load_image
from tools.shards import Shard, in_shard

Invoke = Callable[[dict[str, Any]], dict[str, Any]]
"""Runs one graph input `{"question", "image"}` and returns the graph's output state."""

EXIT_INTERRUPTED = 130


@dataclasses.dataclass(frozen=True)
class Backend:
    """What runs the items: the invoke callable, and the settings recorded with every result."""

    invoke: Invoke
    settings: dict[str, Any]
    inline_images: bool = False  # send images as data URLs (a remote server cannot read our paths)
    graph: str = DEFAULT_GRAPH  # the registry name of the graph that runs (recorded on every line)
    chains: bool = False  # an MC-Search pipeline: any number of images, and the item's gold chain


@dataclasses.dataclass(frozen=True)
class Item:
    """One input line: its data, or the reason it could not be read."""

    id: str
    line: int
    data: dict[str, Any]
    error: str | None = None


@dataclasses.dataclass
class RunStats:
    finished: int = 0
    failed: int = 0
    skipped: int = 0
    interrupted: bool = False
    aborted: bool = False


# --- input ----------------------------------------------------------------------------------------


def read_questions(path: Path) -> Iterator[Item]:
    """Every non-blank line of `path`; a malformed one becomes an Item carrying an InputError message."""
    with open(path, encoding="utf-8") as handle:
        for number, raw in enumerate(handle, start=1):
            if raw.strip():
                yield _parse_line(path, number, raw)


def _parse_line(path: Path, number: int, raw: str) -> Item:
    fallback_id = f"{path.name}:{number}"
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        return Item(fallback_id, number, {}, f"InputError: malformed JSON at {path}:{number}: {exc.msg}")
    if not isinstance(data, dict):
        return Item(fallback_id, number, {}, f"InputError: line {path}:{number} is not a JSON object")
    return Item(str(data.get("id") or fallback_id), number, data)


def select_items(
    items: Iterable[Item], ids: Sequence[str] | None = None, shard: Shard | None = None,
    limit: int | None = None,
) -> list[Item]:  # fmt: skip
    """Filter by ids and shard, drop repeated ids (first wins), then keep the first `limit`."""
    wanted = set(ids) if ids else None
    chosen: dict[str, Item] = {}
    for item in items:
        if wanted is not None and item.id not in wanted:
            continue
        if not in_shard(item.id, shard):
            continue
        chosen.setdefault(item.id, item)
    return list(chosen.values())[:limit] if limit is not None else list(chosen.values())


# --- running one item -----------------------------------------------------------------------------


def run_item(item: Item, backend: Backend, base_dir: Path) -> dict[str, Any]:
    """Run one item; any failure becomes `status: error` with a one-line message, never an exception."""
    started = time.perf_counter()
    record: dict[str, Any] = {**item.data, "id": item.id}
    if item.error:
        record.update(status="error", error=item.error, line=item.line)
    else:
        record.update(_invoke(item, backend, base_dir))
    record["graph"] = backend.graph
    record["settings"] = backend.settings
    record["code"] = code_fingerprint()
    record["seconds"] = round(time.perf_counter() - started, 3)
    record["finished_at"] = datetime.now(UTC).isoformat(timespec="seconds")
    return record


def _invoke(item: Item, backend: Backend, base_dir: Path) -> dict[str, Any]:
    try:
        graph_input, files = _graph_input(item, base_dir, backend.inline_images, backend.chains)
        fields = {"image_file": files[0] if files else None, **_output_fields(backend.invoke(graph_input))}
        if len(files) > 1:
            fields["image_files"] = files
    except Exception as exc:  # one failing item must not stop the batch
        return {"status": "error", "error": f"{type(exc).__name__}: {exc}"}
    failed = not fields["prediction"] and bool(fields["errors"])
    return {**fields, "status": "error" if failed else "ok", "error": fields["errors"][0] if failed else None}


def _graph_input(
    item: Item, base_dir: Path, inline: bool, chains: bool = False
) -> tuple[dict[str, Any], list[str]]:
    """The graph input of an item, and the image files it names (none for inline data: URLs).

    PMSR and the agent take one image (`image_path`; an item without one is a text-only question). An
    MC-Search pipeline (`chains`) takes every image of `image_paths` (else `image_path`; none for a text-only
    question) and the item's `gold_chain`."""
    question = str(item.data.get("question") or "").strip()
    if not question:
        raise InputError(f"empty question in item {item.id!r} (line {item.line}): give a `question` field")
    given = [str(image) for image in item.data.get("image_paths") or [] if image] if chains else []
    given = given or [str(item.data.get("image_path") or item.data.get("image") or "")]
    given = [image for image in given if image]
    images, files = [], []
    for image in given:
        value, file = _image_input(image, item, base_dir, inline)
        images.append(value)
        files += [file] if file else []
    if not chains:
        return {"question": question, **({"image": images[0]} if images else {})}, files
    graph_input: dict[str, Any] = {"question": question, "images": images}
    if item.data.get("gold_chain"):
        graph_input["gold_chain"] = item.data["gold_chain"]
    return graph_input, files


def _image_input(image: str, item: Item, base_dir: Path, inline: bool) -> tuple[str, str | None]:
    """What the graph gets for one image (its absolute path, or a data URL), and the file it names."""
    if image.startswith("data:"):
        return image, None
    path = Path(image).expanduser()
    path = path if path.is_absolute() else base_dir / path
    if not path.is_file():
        raise ImageError(
            f"image not found: {path} (item {item.id!r}; image_path is relative to the JSONL file)"
        )
    image_file = str(path.absolute())  # the results stay usable from another working directory
    return (load_image(path).data_url if inline else image_file), image_file


def _output_fields(output: dict[str, Any]) -> dict[str, Any]:
    """The graph's output as result fields: `answer` becomes `prediction`, every other output is kept."""
    trajectory = output.get("trajectory") or []
    extra = {key: value for key, value in output.items() if key != "answer"}
    return {
        "prediction": str(output.get("answer") or ""),
        "stop_reason": output.get("stop_reason", ""),
        **extra,
        "trajectory": trajectory,
        "errors": [str(e) for e in output.get("errors") or []],
        "model_seconds": round(sum(float(step.get("model_seconds") or 0.0) for step in trajectory), 3),
    }


# --- backends -------------------------------------------------------------------------------------


def in_process_backend(overrides: dict[str, Any], graph: str = DEFAULT_GRAPH) -> Backend:
    """Run the named graph in this process (imported lazily: it pulls in models and the KB), starting
    from empty reading caches (`nodes.caches`): a run's seconds per question count its own reading,
    not what a run before it in the same process left embedded."""
    from nodes.caches import forget_reading

    forget_reading()
    entry = graph_entry(graph)
    context = entry.context(**overrides)
    preflight(context)
    app = entry.load()

    def invoke(graph_input: dict[str, Any]) -> dict[str, Any]:
        return app.invoke(graph_input, context=context)

    return Backend(invoke, dataclasses.asdict(context), graph=entry.name, chains=entry.chains)


def preflight(context: Any) -> None:
    """Raise before item 1 what every item would otherwise fail with: a model server that is down
    (or lacks the model), a checkpoint that is missing, a KB that does not exist or does not match,
    a KB server that does not answer."""
    from nodes.common import knowledge_base
    from tools.models import check_backend

    if context.generative:
        check_backend(context.model)
    if not (context.web and context.kbs == "text"):
        knowledge_base(context).count()  # a request: an opened KB may sit on a server that died since


def server_backend(url: str, overrides: dict[str, Any], assistant: str = DEFAULT_GRAPH) -> Backend:
    """Drive a running LangGraph API server (`langgraph dev` or a deployment) through langgraph-sdk."""
    from langgraph_sdk import get_sync_client

    client = get_sync_client(url=url)

    def invoke(graph_input: dict[str, Any]) -> dict[str, Any]:
        output = client.runs.wait(None, assistant, input=graph_input, context=overrides or None)
        if not isinstance(output, dict):
            raise PMSRError(f"unexpected reply from {url}: {str(output)[:200]}")
        return output

    settings = {"server": url, "assistant": assistant, **overrides}
    chains = assistant in GRAPHS and GRAPHS[assistant].chains
    return Backend(invoke, settings, inline_images=True, graph=assistant, chains=chains)


# --- the batch loop -------------------------------------------------------------------------------


class _Signals:
    """SIGINT/SIGTERM set flags instead of raising, so no write is ever torn by an exception."""

    def __init__(self) -> None:
        self.stop = threading.Event()
        self.abort = threading.Event()
        self._previous: dict[int, Any] = {}

    def __enter__(self) -> _Signals:
        if threading.current_thread() is threading.main_thread():
            for sig in (signal.SIGINT, signal.SIGTERM):
                self._previous[sig] = signal.signal(sig, self._handle)
        return self

    def _handle(self, signum: int, frame: object) -> None:
        if self.stop.is_set():
            self.abort.set()
        self.stop.set()
        print("\ninterrupted: finishing running items (again to stop now)", file=sys.stderr)

    def __exit__(self, *exc: object) -> None:
        for sig, handler in self._previous.items():
            signal.signal(sig, handler)


def run_batch(
    questions: str | Path, out: str | Path, backend: Backend, concurrency: int = 4, limit: int | None = None,
    ids: Sequence[str] | None = None, retry_failed: bool = False, shard: Shard | None = None,
    progress: bool = True,
) -> RunStats:  # fmt: skip
    """Run every selected question not yet in `out`, `concurrency` at a time, appending results."""
    questions, out = Path(questions), Path(out)
    if not questions.is_file():
        raise InputError(f"questions file not found: {questions}")
    repair_tail(out)
    others = {str(line.get("graph") or DEFAULT_GRAPH) for line in read_results(out)} - {backend.graph}
    if others:
        raise InputError(
            f"{out} holds results of the {', '.join(sorted(others))} graph, not {backend.graph}: "
            "write this run to another --out"
        )
    status = read_status(out)
    selected = select_items(read_questions(questions), ids, shard, limit)
    todo = [i for i in selected if i.id not in status or (retry_failed and status[i.id] != "ok")]
    stats = RunStats(skipped=len(selected) - len(todo))
    writer = ResultWriter(out)
    try:
        with _Signals() as signals:
            _execute(todo, backend, questions.parent, writer, concurrency, progress, signals, stats)
    finally:
        writer.close()
    if not stats.aborted:
        compact(out)
    return stats


def _execute(
    todo: list[Item], backend: Backend, base_dir: Path, writer: ResultWriter, concurrency: int,
    progress: bool, signals: _Signals, stats: RunStats,
) -> None:  # fmt: skip
    pool = ThreadPoolExecutor(max_workers=max(1, concurrency), thread_name_prefix="pmsr-item")
    queue, pending = iter(todo), set[Future[dict[str, Any]]]()
    bar = tqdm(total=len(todo), unit="item", disable=not progress, dynamic_ncols=True)
    try:
        while not signals.abort.is_set():
            while not signals.stop.is_set() and len(pending) < 2 * max(1, concurrency):
                item = next(queue, None)
                if item is None:
                    break
                pending.add(pool.submit(run_item, item, backend, base_dir))
            if signals.stop.is_set():
                pending = {f for f in pending if not f.cancel()}  # keep only the running ones
            if not pending:
                break
            done, pending = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
            for future in done:
                record = future.result()
                writer.write(record)
                stats.finished += 1
                stats.failed += record["status"] != "ok"
                bar.set_postfix(failed=stats.failed, refresh=False)
                bar.update()
    finally:
        bar.close()
        stats.interrupted = signals.stop.is_set()
        stats.aborted = signals.abort.is_set()
        pool.shutdown(wait=not stats.aborted, cancel_futures=True)

"""Result records: one JSON line per finished item, appended, flushed and fsync'd, read back by id.

The batch runner writes them (`apps.batch`); the scorer, the exporter and the benchmarks read them.
A results file may end in a torn line (the writer was killed mid-write) and may hold several lines
per id (a `--retry-failed` run appends before it compacts): readers keep the last complete line
per id, in first-seen order.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any


def repair_tail(path: Path) -> None:
    """Cut a torn last line (no trailing newline: the writer was killed mid-line) off `path`."""
    if not path.exists() or path.stat().st_size == 0:
        return
    with open(path, "rb+") as handle:
        data = handle.read()
        if data.endswith(b"\n"):
            return
        handle.truncate(data.rfind(b"\n") + 1)
        handle.flush()
        os.fsync(handle.fileno())


def read_results(path: str | Path) -> list[dict[str, Any]]:
    """The result lines of `path`, the last line per id, in first-seen order; unreadable lines skipped."""
    latest: dict[str, dict[str, Any]] = {}
    if not Path(path).exists():
        return []
    with open(path, encoding="utf-8") as handle:
        for raw in handle:
            try:
                line = json.loads(raw)
            except json.JSONDecodeError:
                continue
            if isinstance(line, dict) and "id" in line:
                latest[str(line["id"])] = line
    return list(latest.values())


def read_status(path: Path) -> dict[str, str]:
    """id → status of its last complete line."""
    return {str(line["id"]): str(line.get("status", "ok")) for line in read_results(path)}


def set_aside_other_code(path: Path, code: str) -> Path | None:
    """Move `path` aside when a result line of it was made by other code than `code` (`code` stamp, see
    `core.code_version`; a line without one counts as other code): to `<stem>.<its code>.jsonl` beside it,
    so that answering again measures `code` alone and the old results stay. Where they went, or None."""
    others = sorted({str(line.get("code") or "unstamped") for line in read_results(path)} - {code})
    if not others:
        return None
    target = path.with_name(f"{path.stem}.{others[0]}.jsonl")
    copy = 1
    while target.exists():
        copy += 1
        target = path.with_name(f"{path.stem}.{others[0]}-{copy}.jsonl")
    path.rename(target)
    return target


def compact(path: Path) -> bool:
    """Rewrite `path` atomically with the last line per id, in first-seen order; False when not needed."""
    latest: dict[str, str] = {}
    total = 0
    with open(path, encoding="utf-8") as handle:
        for raw in handle:
            try:
                line_id = str(json.loads(raw)["id"])
            except (json.JSONDecodeError, KeyError, TypeError):
                continue
            total += 1
            latest[line_id] = raw if raw.endswith("\n") else raw + "\n"
    if total == len(latest):
        return False
    tmp = path.with_name(f".{path.name}.tmp")
    with open(tmp, "w", encoding="utf-8") as handle:
        handle.writelines(latest.values())
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(tmp, path)
    return True


class ResultWriter:
    """Appends one JSON line per result, flushed and fsync'd before the next one starts."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        repair_tail(path)
        self._handle = open(path, "a", encoding="utf-8")  # noqa: SIM115  (closed by close())

    def write(self, record: dict[str, Any]) -> None:
        self._handle.write(json.dumps(record, ensure_ascii=False, default=str) + "\n")
        self._handle.flush()
        os.fsync(self._handle.fileno())

    def close(self) -> None:
        self._handle.close()

"""The benchmark scripts are not run by the suite (they print timings), but they must not rot:
each imports against the current code and parses its own command line."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

BENCHMARKS = sorted(p.stem for p in (Path(__file__).resolve().parent.parent / "benchmarks").glob("*.py"))


@pytest.mark.parametrize("name", BENCHMARKS)
def test_benchmark_imports_and_answers_help(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    module = importlib.import_module(f"benchmarks.{name}")
    with pytest.raises(SystemExit) as exit_info:
        module.main(["--help"])
    assert exit_info.value.code == 0
    assert "usage:" in capsys.readouterr().out


def test_every_benchmark_is_covered() -> None:
    assert set(BENCHMARKS) == {"batch", "graph", "kb", "models", "reader", "serving", "speed"}

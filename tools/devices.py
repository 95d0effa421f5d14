"""Where in-process models run: a torch device and the dtype of their weights.

Two settings, read from `PMSR_DEVICE` / `PMSR_DTYPE` when not given (Context fields `device`, `dtype`):
- device: `auto` (CUDA if torch sees a GPU, else Apple MPS, else CPU) or `cpu`, `cuda`, `cuda:<n>`, `mps`;
- dtype: `auto` (float32 on CPU; on a GPU bfloat16 where it is supported, else float16) or `float32`,
  `float16`, `bfloat16`.
They apply to the embedded models (SmolLM2, MiniLM, EfficientNet-Lite0) and to `hf:` checkpoints; model
servers (Ollama, OpenAI-compatible) place their models themselves. A device that is not there raises
`ConfigError` instead of silently falling back, so a GPU box that lost its driver is noticed.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from dataclasses import dataclass

import torch

from core.errors import ConfigError

DEVICE_FORMS = "auto, cpu, cuda, cuda:<n> or mps"
DTYPES = {"float32": torch.float32, "float16": torch.float16, "bfloat16": torch.bfloat16}
_FIX = "set device / PMSR_DEVICE to 'auto' or 'cpu'"


@dataclass(frozen=True)
class Placement:
    """A resolved (device, dtype) pair; hashable, so it keys the caches of loaded models."""

    device: torch.device
    dtype: torch.dtype

    @property
    def dtype_name(self) -> str:
        return str(self.dtype).removeprefix("torch.")

    def __str__(self) -> str:
        return f"{self.device} {self.dtype_name}"


def device_setting(value: str | None = None) -> str:
    """`value`, else PMSR_DEVICE, else "auto"."""
    return (value or os.environ.get("PMSR_DEVICE", "") or "auto").strip().lower()


def dtype_setting(value: str | None = None) -> str:
    """`value`, else PMSR_DTYPE, else "auto"."""
    return (value or os.environ.get("PMSR_DTYPE", "") or "auto").strip().lower()


def placement(device: str | None = None, dtype: str | None = None) -> Placement:
    """Resolve the two settings (None: from the environment); `ConfigError` for an unavailable device."""
    where = resolve_device(device_setting(device))
    return Placement(where, resolve_dtype(dtype_setting(dtype), where))


def resolve_device(name: str) -> torch.device:
    """The torch device for a device setting (see the module docstring)."""
    if name == "auto":
        if torch.cuda.is_available():
            return torch.device("cuda")
        return torch.device("mps") if _mps_available() else torch.device("cpu")
    try:
        device = torch.device(name)
    except RuntimeError as exc:
        raise ConfigError(f"unknown device {name!r}: use {DEVICE_FORMS}") from exc
    if device.type == "cuda":
        _require_cuda(name, device.index)
    elif device.type == "mps":
        if not _mps_available():
            raise ConfigError(f"device 'mps' is not available here (torch sees no Apple GPU) — {_FIX}")
    elif device.type != "cpu":
        raise ConfigError(f"unsupported device {name!r}: use {DEVICE_FORMS}")
    return device


def resolve_dtype(name: str, device: torch.device) -> torch.dtype:
    """The weight dtype for a dtype setting on `device` (see the module docstring)."""
    if name == "auto":
        if device.type == "cpu":
            return torch.float32
        if device.type == "cuda" and torch.cuda.is_bf16_supported():
            return torch.bfloat16
        return torch.float16
    if name not in DTYPES:
        raise ConfigError(f"unknown dtype {name!r}: use auto, {', '.join(DTYPES)}")
    return DTYPES[name]


def _require_cuda(name: str, index: int | None) -> None:
    if not torch.cuda.is_available():
        raise ConfigError(f"device {name!r} is not available here (torch sees no CUDA GPU) — {_FIX}")
    count = torch.cuda.device_count()
    if index is not None and index >= count:
        raise ConfigError(
            f"device {name!r} is not available: torch sees {count} CUDA GPU(s), cuda:0 to cuda:{count - 1} — "
            "pick one of those, or 'auto'"
        )


def _mps_available() -> bool:
    return bool(torch.backends.mps.is_available())


@contextlib.contextmanager
def torch_threads(count: int) -> Iterator[None]:
    """torch's intra-op thread count set to `count` inside the block, restored afterwards."""
    before = torch.get_num_threads()
    torch.set_num_threads(count)
    try:
        yield
    finally:
        torch.set_num_threads(before)

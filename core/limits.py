"""Bounds the run settings default to and the tools enforce: input image size, results per search."""

from __future__ import annotations

DEFAULT_MAX_BYTES = 20_000_000  # largest encoded input image accepted, in bytes
DEFAULT_MAX_PIXELS = 64_000_000  # largest decoded input image accepted, in pixels
MAX_K = 50  # most results one tool call may ask for

"""Prompt templates live here as plain Markdown files, one per operator, loaded by name.

Placeholders are `{name}`; only identifiers given to `render_prompt` are replaced, so a template may
show JSON examples with braces freely.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

_DIR = Path(__file__).resolve().parent
_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


@cache
def load_prompt(name: str) -> str:
    """Return the raw text of `prompts/<name>.md`."""
    path = _DIR / f"{name}.md"
    if not path.is_file():
        known = ", ".join(sorted(p.stem for p in _DIR.glob("*.md")))
        raise FileNotFoundError(f"no prompt named {name!r} in {_DIR} (known: {known})")
    return path.read_text(encoding="utf-8").strip()


def render_prompt(name: str, **values: object) -> str:
    """Fill the `{placeholders}` of prompt `name`; a placeholder left without a value is an error."""
    template = load_prompt(name)

    def fill(match: re.Match[str]) -> str:
        key = match.group(1)
        if key not in values:
            raise KeyError(f"prompt {name!r} needs a value for {{{key}}}")
        return str(values[key])

    return _PLACEHOLDER.sub(fill, template)

"""Which code produced a result: a fingerprint of the sources that answer questions.

Every batch result line carries it (`code`), so a measurement can tell results of the code in hand from
those an earlier version left in the same file (`apps.dev_eval` runs such a file again instead of
resuming it). It fingerprints file contents, not a commit: uncommitted edits change it too, and a copy
without git history has one.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

# the packages whose files decide an answer (graphs, their nodes, models and retrieval, KBs, prompt files)
ANSWERING_PACKAGES = ("core", "graphs", "kb", "nodes", "prompts", "tools")
FINGERPRINT_CHARS = 12


@functools.cache
def code_fingerprint() -> str:
    """A short hash of every source and data file of `ANSWERING_PACKAGES` (paths and contents)."""
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for package in ANSWERING_PACKAGES:
        for path in sorted((root / package).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(path.relative_to(root).as_posix().encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()[:FINGERPRINT_CHARS]

"""Test-wide settings: everything runs offline, on 127.0.0.1 only."""

from __future__ import annotations

import socket
import sys
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools.offline import go_offline  # noqa: E402  (needs the path above)

go_offline(force=True)

MAX_IMAGE_BYTES = 1_000_000  # the served test graph's image cap


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def port() -> int:
    return free_port()


@pytest.fixture(scope="session")
def langgraph_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimpleNamespace]:
    """One real `langgraph dev` for the whole session, configured as an operator would configure it:
    the embedded models over a tiny KB (`PMSR_KB_DIR`), a small budget, image paths allowed only in
    `allowed/` (`PMSR_IMAGE_ROOTS`) and images up to 1 MB (`PMSR_MAX_IMAGE_BYTES`)."""
    from kb.build import build_kb  # imported here: chromadb and the models are slow to import
    from tests.graph_kit import write_tiny_world
    from tests.server_kit import langgraph_dev

    folder = tmp_path_factory.mktemp("served")
    allowed = folder / "allowed"
    passages, pairs, image = write_tiny_world(allowed)
    kb_dir = folder / "kb"
    build_kb(str(kb_dir), [passages], [pairs], progress=False)  # the embedded embedders
    env = {
        "PMSR_KB_DIR": str(kb_dir),
        "PMSR_K_TEXT": "2",
        "PMSR_K_IMAGE": "1",
        "PMSR_MAX_IMAGE_BYTES": str(MAX_IMAGE_BYTES),
    }
    with langgraph_dev(folder, env, {"PMSR_IMAGE_ROOTS": str(allowed)}) as url:
        yield SimpleNamespace(url=url, image=str(image), folder=folder, allowed=allowed)

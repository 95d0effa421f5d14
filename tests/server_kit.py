"""Real servers for the serving tests and benchmarks: `langgraph dev`, the MCP server and a Chroma server
(`chroma run`), on 127.0.0.1.

`langgraph_dev` runs the shipped `langgraph.json` (its graphs, `http` and `env` sections) with the
operator's settings of the test: `env` for the process (PMSR_KB_DIR, …) and `config_env` for the
keys `langgraph.json` itself sets (the server lets those win over the process environment).
`mcp_command` starts `python -m apps.mcp_server` with the deterministic test backends registered
first (`tests/graph_kit.py`), the way an application plugs in its own models. `ChromaServer` can be
killed like a crashed server and restarted on the same port and data.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx

from tests.conftest import free_port

ROOT = Path(__file__).resolve().parent.parent
STARTUP_S = 180.0
MCP_BOOTSTRAP = (
    "import sys; sys.path[:0] = [{root!r}, {tests!r}]; "
    "from graph_kit import install_scripted_model, register_test_backends; "
    "register_test_backends(); install_scripted_model(); "
    "from apps.mcp_server import main; raise SystemExit(main(sys.argv[1:]))"
).format(root=str(ROOT), tests=str(ROOT / "tests"))


def wait_until_up(url: str, process: subprocess.Popen, log: Path) -> None:
    """Poll `url` until it answers 2xx/4xx; raise with the log's tail if the process dies or times out."""
    deadline = time.monotonic() + STARTUP_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited with {process.returncode}:\n{log.read_text()[-3000:]}")
        try:
            if httpx.get(url, timeout=2.0).status_code < 500:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.5)
    raise RuntimeError(f"server did not answer {url} within {STARTUP_S:.0f} s:\n{log.read_text()[-3000:]}")


@contextlib.contextmanager
def running(command: list[str], url: str, log: Path, env: dict[str, str]) -> Iterator[subprocess.Popen]:
    """Start `command`, wait until `url` answers, yield the process, and stop it afterwards."""
    with log.open("w") as sink:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=sink, stderr=subprocess.STDOUT)
    try:
        wait_until_up(url, process, log)
        yield process
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextlib.contextmanager
def langgraph_dev(folder: Path, env: dict[str, str], config_env: dict[str, str]) -> Iterator[str]:
    """`langgraph dev` on a free port serving the shipped graphs; yields its URL."""
    with langgraph_dev_process(folder, env, config_env) as (url, _):
        yield url


@contextlib.contextmanager
def langgraph_dev_process(
    folder: Path, env: dict[str, str], config_env: dict[str, str]
) -> Iterator[tuple[str, subprocess.Popen]]:
    """`langgraph_dev`, yielding its URL and its process (to watch its memory)."""
    config = json.loads((ROOT / "langgraph.json").read_text())
    config["graphs"] = {name: str(ROOT / path) for name, path in config["graphs"].items()}
    config["env"] = {**config["env"], **config_env}
    config_path = folder / "langgraph.json"
    config_path.write_text(json.dumps(config, indent=2))
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    langgraph = str(Path(sys.executable).with_name("langgraph"))
    command = [
        langgraph,
        "dev",
        "--port",
        str(port),
        "--no-browser",
        "--no-reload",
        "--config",
        str(config_path),
    ]
    with running(command, f"{url}/ok", folder / "langgraph.log", os.environ | env) as process:
        yield url, process


def mcp_command(*args: str) -> list[str]:
    """The MCP server's command line with the test backends registered first."""
    return [sys.executable, "-c", MCP_BOOTSTRAP, *args]


@contextlib.contextmanager
def mcp_http(folder: Path, env: dict[str, str]) -> Iterator[str]:
    """The MCP server over streamable HTTP on a free port; yields its endpoint URL."""
    port = free_port()
    url = f"http://127.0.0.1:{port}/mcp"
    with running(mcp_command("--transport", "http", "--port", str(port)), url, folder / "mcp.log", env):
        yield url


class ChromaServer:
    """`chroma run` over `folder`/data on 127.0.0.1: started, killed (SIGKILL, like a crash) and restarted
    on the same port, serving the same data."""

    def __init__(self, folder: Path, port: int | None = None) -> None:
        self.folder = folder
        self.host = "127.0.0.1"
        self.port = port or free_port()
        self.url = f"http://{self.host}:{self.port}"
        self._process: subprocess.Popen | None = None

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process else None

    def start(self) -> ChromaServer:
        chroma = str(Path(sys.executable).with_name("chroma"))
        command = [chroma, "run", "--path", str(self.folder / "data"), "--host", self.host]
        self.folder.mkdir(parents=True, exist_ok=True)
        log = self.folder / "chroma.log"
        with log.open("a") as sink:
            self._process = subprocess.Popen(
                [*command, "--port", str(self.port)], stdout=sink, stderr=subprocess.STDOUT
            )
        wait_until_up(f"{self.url}/api/v2/heartbeat", self._process, log)
        return self

    def kill(self) -> None:
        """End the server at once, as a crash would (no shutdown handlers run)."""
        if self._process and self._process.poll() is None:
            self._process.send_signal(signal.SIGKILL)
            self._process.wait()

    def stop(self) -> None:
        if self._process and self._process.poll() is None:
            self._process.terminate()
            try:
                self._process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()

    def __enter__(self) -> ChromaServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

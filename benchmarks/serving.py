"""What serving costs and how fast refusals are: a real `langgraph dev` and the MCP server on the demo KB.

    .venv/bin/python -m benchmarks.serving [--kb-dir DIR] [--repeats 5]
    .venv/bin/python -m benchmarks.serving --concurrency 50 [--runs N] [--timeout 300]

Builds the demo KB (examples/demo/, embedded offline embedders) in a temporary folder unless --kb-dir
names a built one, starts `langgraph dev` with the shipped langgraph.json (image paths allowed only
under a temporary `allowed/` folder, the default 20 MB / 64 MP caps) and prints, as medians over
--repeats:
(1) seconds until each kind of refused run ends through the SDK (`runs.wait`, which polls, and
`runs.stream`), next to a normal single-pass run, and the time of the checks themselves in process;
(2) MCP call latencies over streamable HTTP (`python -m apps.mcp_server`, same env) after one warm-up
call each: initialize, tools/list, the three searches and `answer` (single pass and k_text=4,
k_image=2), next to the same searches called in this process (the MCP and thread overhead).

With `--concurrency N`, load and faults instead: the demo KB is built into a `chroma run` server and
both servers use it (PMSR_CHROMA_HOST/PORT). For `langgraph dev`, then for the MCP server: after one
warm-up call per kind, --runs calls (default N) of mixed kinds — the five graphs through
`langgraph_sdk` (`runs.wait`), and `answer` with each graph plus the three searches through MCP —
kept N in flight by N clients; latency p50/p95, failures, and the server's resident memory (process
tree) before and after. Then the same load again, and the Chroma server is killed (SIGKILL) once a
quarter of the calls have come back: every call must end within --timeout, answered or with the
one-line error naming the KB server; the Chroma server is restarted and one call of each kind must
answer again.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import functools
import io
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
from tools.offline import go_offline  # noqa: E402  (needs the path above)

go_offline()

import numpy as np  # noqa: E402
import psutil  # noqa: E402
from langgraph_sdk import get_client, get_sync_client  # noqa: E402
from mcp import ClientSession  # noqa: E402
from mcp.client.streamable_http import streamable_http_client  # noqa: E402
from PIL import Image  # noqa: E402

from core.context import Context, client_schema  # noqa: E402
from core.errors import PMSRError  # noqa: E402
from core.limits import DEFAULT_MAX_BYTES  # noqa: E402
from graphs.registry import GRAPHS  # noqa: E402
from kb.build import build_kb  # noqa: E402
from nodes.common import image_limits, require_question  # noqa: E402
from tests.conftest import free_port  # noqa: E402
from tests.server_kit import ChromaServer, langgraph_dev, langgraph_dev_process, running  # noqa: E402
from tools.images import LoadedImage, load_image  # noqa: E402

DEMO = ROOT / "examples" / "demo"
QUESTION = "In which ocean lies the island where this animal is most abundant?"
IMAGE = DEMO / "images" / "quokka.jpg"


def png(image: Image.Image) -> bytes:
    buf = io.BytesIO()
    image.save(buf, format="PNG")
    return buf.getvalue()


def cases(folder: Path) -> dict[str, tuple[dict[str, Any], dict[str, Any] | None]]:
    """name → (graph input, client context) of every refused run, and the normal one last."""
    allowed, secret = folder / "allowed", folder / "outside.png"
    Image.new("RGB", (16, 16)).save(secret)
    (allowed / "escape.png").symlink_to(secret)
    bomb = "data:image/png;base64," + base64.b64encode(png(Image.new("1", (10_000, 10_000)))).decode()
    corrupt = png(Image.new("RGB", (64, 64)))[:40] + os.urandom(200)
    image = load_image(IMAGE).data_url
    return {
        "operator setting (chroma_port)": ({"image": image}, {"chroma_port": 9}),
        "path outside the roots": ({"image": str(secret)}, None),
        "'..' traversal": ({"image": str(allowed / ".." / "outside.png")}, None),
        "symlink escape": ({"image": str(allowed / "escape.png")}, None),
        "100-megapixel PNG": ({"image": bomb}, None),
        "oversized base64 (21 MB)": (
            {"image": base64.b64encode(os.urandom(DEFAULT_MAX_BYTES + 10**6)).decode()},
            None,
        ),
        "normal run by path (single pass)": ({"image": str(allowed / IMAGE.name)}, {"single_pass": True}),
        "corrupt image": ({"image": "data:image/png;base64," + base64.b64encode(corrupt).decode()}, None),
        "question of 10,000 characters": ({"image": image, "question": "why " * 2500}, None),
        "normal run (single pass)": ({"image": image}, {"single_pass": True}),
    }


def median_seconds(fn: Callable[[], Any], repeats: int) -> tuple[float, Any]:
    times, result = [], None
    for _ in range(repeats):
        started = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - started)
    return statistics.median(times), result


def bench_refusals(url: str, folder: Path, repeats: int) -> None:
    client = get_sync_client(url=url)

    def wait(inputs: dict[str, Any], context: dict[str, Any] | None) -> Any:
        graph_input = {"question": QUESTION, **inputs}
        return client.runs.wait(None, "pmsr", input=graph_input, context=context, raise_error=False)

    def stream(inputs: dict[str, Any], context: dict[str, Any] | None) -> None:
        graph_input = {"question": QUESTION, **inputs}
        for _ in client.runs.stream(None, "pmsr", input=graph_input, context=context, stream_mode="updates"):
            pass

    wait({"image": load_image(IMAGE).data_url}, {"single_pass": True})  # warm-up: loads the models
    print(f"{'run':34} {'wait s':>7} {'stream s':>9} {'check ms':>9}  outcome")
    for name, (inputs, context) in cases(folder).items():
        seconds, output = median_seconds(lambda i=inputs, c=context: wait(i, c), repeats)
        streamed, _ = median_seconds(lambda i=inputs, c=context: stream(i, c), repeats)
        check_ms, _ = median_seconds(lambda i=inputs, c=context: _check(i, c), repeats)
        error = output.get("__error__") if isinstance(output, dict) else None
        outcome = (
            f"{error['error']}: {error['message'][:60]}" if error else f"answer: {output['answer'][:40]}"
        )
        print(f"{name:34} {seconds:7.3f} {streamed:9.3f} {check_ms * 1000:9.2f}  {outcome}")


def _check(inputs: dict[str, Any], context: dict[str, Any] | None) -> None:
    """In process, the checks a served run makes before any work: settings, question, image."""
    with contextlib.suppress(PMSRError):
        served = client_schema(Context)(**(context or {}))
        require_question(inputs.get("question", QUESTION), served)
        load_image(inputs["image"], limits=image_limits(served))


def in_process(kb_dir: str, repeats: int) -> dict[str, float]:
    """Median seconds of the three searches called directly on the KB (after a warm-up)."""
    from kb.store import open_kb
    from tools.retrieval import fused_search, image_search, text_search

    kb, image = open_kb(kb_dir), load_image(IMAGE)
    calls = {
        "text_search k=5": lambda: text_search(kb, "quokka island", 5),
        "image_search k=5": lambda: image_search(kb, image, 5),
        "fused_search k=5": lambda: fused_search(kb, image, "quokka island", 5, 0.5),
    }
    for call in calls.values():
        call()
    return {name: median_seconds(call, repeats)[0] for name, call in calls.items()}


async def bench_mcp(url: str, repeats: int, direct: dict[str, float]) -> None:
    image = load_image(IMAGE).base64
    async with streamable_http_client(url) as (read, write, _), ClientSession(read, write) as session:
        calls: dict[str, Callable[[], Awaitable[Any]]] = {
            "initialize": session.initialize,
            "tools/list": session.list_tools,
            "text_search k=5": lambda: session.call_tool("text_search", {"query": "quokka island", "k": 5}),
            "image_search k=5": lambda: session.call_tool("image_search", {"image": image, "k": 5}),
            "fused_search k=5": lambda: session.call_tool(
                "fused_search", {"image": image, "query": "quokka island", "k": 5}
            ),
            "answer single pass": lambda: session.call_tool(
                "answer", {"question": QUESTION, "image": image, "settings": {"single_pass": True}}
            ),
            "answer (k_text=4, k_image=2)": lambda: session.call_tool(
                "answer", {"question": QUESTION, "image": image, "settings": {"k_text": 4, "k_image": 2}}
            ),
        }
        print(f"\n{'MCP call (HTTP)':34} {'median s':>9} {'in-process s':>13}")
        for name, call in calls.items():
            if name != "initialize":
                await call()  # warm-up: models load on first use
            times = []
            for _ in range(1 if name == "initialize" else repeats):
                started = time.perf_counter()
                result = await call()
                times.append(time.perf_counter() - started)
                if getattr(result, "isError", False):
                    raise SystemExit(f"{name} failed: {result.content[0].text}")
            local = f"{direct[name]:13.3f}" if name in direct else ""
            print(f"{name:34} {statistics.median(times):9.3f} {local}")


# ---- load and faults (--concurrency) ------------------------------------------------------------------

MCP_SEARCHES = ("text_search", "fused_search", "image_search")


@dataclass(frozen=True)
class Call:
    kind: str  # a graph (through the SDK, or MCP `answer`), or an MCP search tool
    question: str
    image: LoadedImage


@dataclass(frozen=True)
class Outcome:
    kind: str
    seconds: float
    ended: float  # time.perf_counter() when it came back
    error: str | None  # None: answered


Send = Callable[[Call], Awaitable[str | None]]
"""Makes one call; returns None when it was answered, else the error the client got."""


def mixed_calls(count: int, kinds: Sequence[str]) -> list[Call]:
    """`count` calls cycling through `kinds` and the demo questions (each with its image)."""
    demo = [json.loads(line) for line in (DEMO / "questions.jsonl").read_text().splitlines() if line]
    images = {item["image_path"]: load_image(DEMO / item["image_path"]) for item in demo}
    calls = []
    for i in range(count):
        item = demo[i % len(demo)]
        calls.append(Call(kinds[i % len(kinds)], item["question"], images[item["image_path"]]))
    return calls


def run_error(output: Any) -> str | None:
    """The error of a `runs.wait` result (`raise_error=False`), None for an answered run."""
    if isinstance(output, dict) and "__error__" in output:
        return f"{output['__error__']['error']}: {output['__error__']['message']}"
    if isinstance(output, dict) and "answer" in output:
        return None
    return f"unexpected reply: {str(output)[:200]}"


@contextlib.asynccontextmanager
async def sdk_client(url: str, timeout: float) -> AsyncIterator[Send]:
    """One LangGraph SDK client: stateless runs of the call's graph (`runs.wait`)."""
    async with get_client(url=url, timeout=timeout) as client:

        async def send(call: Call) -> str | None:
            image = call.image.data_url
            inputs = {
                "question": call.question,
                **({"images": [image]} if GRAPHS[call.kind].chains else {"image": image}),
            }
            return run_error(await client.runs.wait(None, call.kind, input=inputs, raise_error=False))

        yield send


@contextlib.asynccontextmanager
async def mcp_client(url: str) -> AsyncIterator[Send]:
    """One MCP session: `answer` with the call's graph, or the search tool it names."""
    async with streamable_http_client(url) as (read, write, _), ClientSession(read, write) as session:
        await session.initialize()

        async def send(call: Call) -> str | None:
            result = await session.call_tool(*mcp_arguments(call))
            return result.content[0].text if result.isError else None

        yield send


def mcp_arguments(call: Call) -> tuple[str, dict[str, Any]]:
    """(tool, arguments) of a call: a search tool, or `answer` with the call's graph."""
    image, query = call.image.base64, call.question
    if call.kind == "text_search":
        return call.kind, {"query": query, "k": 5}
    if call.kind == "image_search":
        return call.kind, {"image": image, "k": 5}
    if call.kind == "fused_search":
        return call.kind, {"image": image, "query": query, "k": 5}
    return "answer", {"question": query, "image": image, "graph": call.kind}


Client = Callable[[], contextlib.AbstractAsyncContextManager[Send]]


async def drive(
    calls: list[Call], concurrency: int, timeout: float, client: Client, outcomes: list[Outcome]
) -> list[Outcome]:
    """Make `calls` with `concurrency` clients, each one call at a time; append every outcome."""
    waiting = list(reversed(calls))

    async def one_client() -> None:
        async with client() as send:
            while waiting:
                call = waiting.pop()
                started = time.perf_counter()
                try:
                    error = await asyncio.wait_for(send(call), timeout)
                except TimeoutError:
                    error = f"TIMEOUT: no answer within {timeout:.0f} s"
                except Exception as exc:  # a client-side failure is a failed call, counted
                    error = f"{type(exc).__name__}: {exc}"
                ended = time.perf_counter()
                outcomes.append(Outcome(call.kind, ended - started, ended, error))

    await asyncio.gather(*(one_client() for _ in range(concurrency)))
    return outcomes


def tree_rss_mib(pid: int) -> float:
    """Resident memory of a process and all its children."""
    process = psutil.Process(pid)
    return sum(p.memory_info().rss for p in [process, *process.children(recursive=True)]) / 2**20


def latency_line(outcomes: list[Outcome]) -> str:
    seconds = [o.seconds for o in outcomes]
    failed = [o for o in outcomes if o.error]
    line = (
        f"{len(outcomes)} calls: p50 {np.percentile(seconds, 50):.2f} s, "
        f"p95 {np.percentile(seconds, 95):.2f} s, max {max(seconds):.2f} s, failures {len(failed)}"
    )
    return line + "".join(f"\n      {o.kind}: {o.error[:300]}" for o in failed[:3])


async def load_and_faults(
    name: str, client: Client, kinds: Sequence[str], chroma: ChromaServer, pid: int, args: argparse.Namespace
) -> None:
    print(f"\n{name}: {args.concurrency} clients, calls mixed over {', '.join(kinds)}", flush=True)
    warm = await drive(mixed_calls(len(kinds), kinds), 1, args.timeout, client, [])  # models load
    print(f"  warm-up (one call of each kind, one at a time): {latency_line(warm)}")
    before = tree_rss_mib(pid)
    outcomes = await drive(mixed_calls(args.runs, kinds), args.concurrency, args.timeout, client, [])
    print(f"  load: {latency_line(outcomes)}")
    print(f"  server memory (process tree RSS): {before:.0f} MiB before, {tree_rss_mib(pid):.0f} MiB after")

    outcomes = []
    load = asyncio.create_task(
        drive(mixed_calls(args.runs, kinds), args.concurrency, args.timeout, client, outcomes)
    )
    while len(outcomes) < args.runs // 4 and not load.done():
        await asyncio.sleep(0.05)
    killed_at = time.perf_counter()
    chroma.kill()
    await load
    returned = sum(o.ended < killed_at for o in outcomes)
    print(f"  the same load again, the Chroma server killed once {returned} calls had come back:")
    report_fault(outcomes, killed_at, chroma)
    chroma.start()
    again = await drive(mixed_calls(len(kinds), kinds), 1, args.timeout, client, [])
    print(f"  after restarting it, one call of each kind: {latency_line(again)}")
    print(f"  server memory after the faults: {tree_rss_mib(pid):.0f} MiB")


def report_fault(outcomes: list[Outcome], killed_at: float, chroma: ChromaServer) -> None:
    named = f"KB server at {chroma.url} is unreachable"
    after = [o for o in outcomes if o.ended >= killed_at]
    kb_errors = [o for o in after if o.error and named in o.error and "\n" not in o.error.strip()]
    answered = [o for o in outcomes if not o.error]
    others = [o for o in outcomes if o.error and o not in kb_errors]
    last = max((o.ended - killed_at for o in after), default=0.0)
    print(
        f"    {len(outcomes)} calls ended: {len(answered)} answered, {len(kb_errors)} with the one-line "
        f"error naming {chroma.url}, {len(others)} other failures (timeouts among them: "
        f"{sum(o.error.startswith('TIMEOUT') for o in others)}); the last ended {last:.1f} s after the kill"
    )
    if kb_errors:
        print(f"    e.g. {kb_errors[0].error}")
    for o in others[:3]:
        print(f"    other: {o.kind}: {o.error[:300]}")


def load_benchmark(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp, ChromaServer(Path(tmp) / "chroma") as chroma:
        folder = Path(tmp)
        build_kb(
            None,
            [DEMO / "passages.jsonl"],
            [DEMO / "pairs.jsonl"],
            chroma_host=chroma.host,
            chroma_port=chroma.port,
            progress=False,
        )
        env = {"PMSR_CHROMA_HOST": chroma.host, "PMSR_CHROMA_PORT": str(chroma.port)}
        with langgraph_dev_process(folder, env, {}) as (url, process):
            sdk = functools.partial(sdk_client, url, args.timeout)
            asyncio.run(
                load_and_faults("langgraph dev (langgraph_sdk)", sdk, list(GRAPHS), chroma, process.pid, args)
            )
        port = free_port()
        command = [sys.executable, "-m", "apps.mcp_server", "--transport", "http", "--port", str(port)]
        url = f"http://127.0.0.1:{port}/mcp"
        with running(command, url, folder / "mcp.log", os.environ | env) as process:
            kinds = [*GRAPHS, *MCP_SEARCHES]
            asyncio.run(
                load_and_faults(
                    "MCP server (streamable HTTP)",
                    functools.partial(mcp_client, url),
                    kinds,
                    chroma,
                    process.pid,
                    args,
                )
            )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kb-dir", help="an already built demo KB (default: build one in a temp folder)")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--concurrency", type=int, help="load and KB-server faults with N clients instead")
    parser.add_argument("--runs", type=int, help="calls per load (default: the concurrency)")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds a client waits for one call")
    args = parser.parse_args(argv)
    if args.concurrency:
        args.runs = args.runs or args.concurrency
        load_benchmark(args)
        return
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        kb_dir = args.kb_dir or str(folder / "kb")
        if not args.kb_dir:
            build_kb(kb_dir, [DEMO / "passages.jsonl"], [DEMO / "pairs.jsonl"], progress=False)
        env = {"PMSR_KB_DIR": str(Path(kb_dir).resolve())}
        allowed = folder / "allowed"
        allowed.mkdir()
        shutil.copy(IMAGE, allowed / IMAGE.name)
        os.environ["PMSR_IMAGE_ROOTS"] = str(allowed)  # the same bounds for the in-process check
        started = time.perf_counter()
        with langgraph_dev(folder, env, {"PMSR_IMAGE_ROOTS": str(allowed)}) as url:
            print(f"langgraph dev up in {time.perf_counter() - started:.1f}s")
            bench_refusals(url, folder, args.repeats)
        port = free_port()
        mcp = [sys.executable, "-m", "apps.mcp_server", "--transport", "http", "--port", str(port)]
        url = f"http://127.0.0.1:{port}/mcp"
        with running(mcp, url, folder / "mcp.log", os.environ | env):
            asyncio.run(bench_mcp(url, args.repeats, in_process(kb_dir, args.repeats)))


if __name__ == "__main__":
    main()

"""What serving costs and how fast refusals are: a real `langgraph dev` and the MCP server on the demo KB.

    .venv/bin/python -m benchmarks.serving [--kb-dir DIR] [--repeats 5]

Builds the demo KB (examples/demo/, embedded offline embedders) in a temporary folder unless --kb-dir
names a built one, starts `langgraph dev` with the shipped langgraph.json (image paths allowed only
under a temporary `allowed/` folder, the default 20 MB / 64 MP caps) and prints, as medians over
--repeats:
(1) seconds until each kind of refused run ends through the SDK (`runs.wait`, which polls, and
`runs.stream`), next to a normal single-pass run, and the time of the checks themselves in process;
(2) MCP call latencies over streamable HTTP (`python -m tools.mcp_server`, same env) after one warm-up
call each: initialize, tools/list, the three searches and `answer` (single pass and k_text=4,
k_image=2), next to the same searches called in this process (the MCP and thread overhead).
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import io
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
from tools.offline import go_offline  # noqa: E402  (needs the path above)

go_offline()

from langgraph_sdk import get_sync_client  # noqa: E402
from mcp import ClientSession  # noqa: E402
from mcp.client.streamable_http import streamable_http_client  # noqa: E402
from PIL import Image  # noqa: E402

from graphs.context import Context, client_schema  # noqa: E402
from kb.build import build_kb  # noqa: E402
from nodes.common import image_limits, require_question  # noqa: E402
from tests.conftest import free_port  # noqa: E402
from tests.server_kit import langgraph_dev, running  # noqa: E402
from tools.errors import PMSRError  # noqa: E402
from tools.images import DEFAULT_MAX_BYTES, load_image  # noqa: E402

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


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kb-dir", help="an already built demo KB (default: build one in a temp folder)")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args(argv)
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
        mcp = [sys.executable, "-m", "tools.mcp_server", "--transport", "http", "--port", str(port)]
        url = f"http://127.0.0.1:{port}/mcp"
        with running(mcp, url, folder / "mcp.log", os.environ | env):
            asyncio.run(bench_mcp(url, args.repeats, in_process(kb_dir, args.repeats)))


if __name__ == "__main__":
    main()

"""The MCP server through the official `mcp` client over stdio and streamable HTTP, and through
`langchain-mcp-adapters`: tools and schemas, searches equal to the Python API, `answer`, refusals.

The server (`python -m apps.mcp_server`, a real subprocess) reads the operator's settings from the
environment: a tiny Chroma KB with the deterministic test embedders and the scripted chat model,
registered first in the subprocess (tests/server_kit.py).
"""

from __future__ import annotations

import asyncio
import base64
import os
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from langchain_core.tools import BaseTool
from langchain_core.utils.function_calling import convert_to_openai_tool
from langchain_mcp_adapters.client import MultiServerMCPClient
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client

from core.limits import MAX_K
from kb.store import open_kb
from tests.graph_kit import QUESTION, TEST_IMAGE_EMBEDDER, TEST_MODEL, TEST_TEXT_EMBEDDER, build_tiny_kb
from tests.server_kit import ROOT, mcp_command, mcp_http
from tools.images import load_image
from tools.retrieval import image_search, text_search

pytestmark = pytest.mark.slow

TOOLS = {"text_search", "image_search", "fused_search", "answer"}


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> SimpleNamespace:
    folder = tmp_path_factory.mktemp("mcp")
    tiny = build_tiny_kb(folder)
    env = os.environ | {
        "PMSR_KB_DIR": tiny.kb_dir,
        "PMSR_TEXT_EMBEDDER": TEST_TEXT_EMBEDDER,
        "PMSR_IMAGE_EMBEDDER": TEST_IMAGE_EMBEDDER,
        "PMSR_MODEL": TEST_MODEL,
        "PMSR_K_TEXT": "2",
        "PMSR_K_IMAGE": "1",
    }
    env.pop("PMSR_IMAGE_ROOTS", None)
    kb = open_kb(tiny.kb_dir, text_embedder=TEST_TEXT_EMBEDDER, image_embedder=TEST_IMAGE_EMBEDDER)
    image = load_image(tiny.image)
    return SimpleNamespace(folder=folder, env=env, kb=kb, image=image, path=tiny.image)


@pytest.fixture(scope="module")
def http_url(world: SimpleNamespace) -> Iterator[str]:
    with mcp_http(world.folder, world.env) as url:
        yield url


def ids(result: Any) -> list[str]:
    assert not result.isError, result.content[0].text
    return [hit["id"] for hit in result.structuredContent["result"]]


async def call(session: ClientSession, tool: str, **arguments: Any) -> Any:
    return await session.call_tool(tool, arguments)


async def exercise(session: ClientSession, world: SimpleNamespace) -> None:
    """What every transport must show: tools with schemas, searches equal to the Python API, an answer."""
    await session.initialize()
    tools = {tool.name: tool for tool in (await session.list_tools()).tools}
    assert set(tools) == TOOLS
    assert all(tool.description for tool in tools.values())
    k_schema = tools["text_search"].inputSchema["properties"]["k"]
    assert (k_schema["minimum"], k_schema["maximum"]) == (1, MAX_K)
    assert tools["text_search"].inputSchema["required"] == ["query"]
    assert set(tools["image_search"].inputSchema["required"]) == {"image"}
    served = ["pmsr", "pmsr_web", "promsa", "mcsearch", "rag1", "rag2"]
    assert tools["answer"].inputSchema["properties"]["graph"]["enum"] == served

    expected = [c["id"] for c in text_search(world.kb, "Zeta River flows", 3)]
    assert ids(await call(session, "text_search", query="Zeta River flows", k=3)) == expected
    again = ids(await call(session, "text_search", query="Zeta River flows", k=3, exclude=expected[:1]))
    assert again == [c["id"] for c in text_search(world.kb, "Zeta River flows", 3, expected[:1])]
    assert expected[0] not in again

    b64 = world.image.base64
    assert ids(await call(session, "image_search", image=b64, k=2)) == [
        c["id"] for c in image_search(world.kb, world.image, 2)
    ]
    assert ids(await call(session, "fused_search", image=world.image.data_url, query="lake", k=1)) == [
        "i-lake"
    ]

    answered = await call(session, "answer", question=QUESTION, image=b64, settings={"max_iter": 1})
    assert not answered.isError, answered.content[0].text
    summary = answered.structuredContent
    assert summary["graph"] == "pmsr" and summary["answer"] == "Syldavia"
    assert [step["step"] for step in summary["trajectory"]] == [0, 1]
    assert "i-lake" in {hit["id"] for hit in summary["trajectory"][0]["evidence"]}
    text_only = await call(session, "answer", question="Which country does the Zeta River flow through?",
                           settings={"max_iter": 1})  # fmt: skip
    assert not text_only.isError, text_only.content[0].text
    assert text_only.structuredContent["answer"] == "Syldavia"
    assert {hit["id"] for hit in text_only.structuredContent["trajectory"][0]["evidence"]} & {"p-river"}
    chain = await call(
        session, "answer", question=QUESTION, image=b64, graph="mcsearch",
        settings={"max_iter": 1, "operators": "extractive"},  # the stand-in planner (the script cannot plan)
    )  # fmt: skip
    assert not chain.isError, chain.content[0].text
    (step,) = chain.structuredContent["chain"]  # the MC-Search summary: the predicted chain, step by step
    assert (step["modality"], step["evidence_id"]) == ("image", "i-lake")


def test_stdio_lists_tools_searches_like_the_python_api_and_answers(world: SimpleNamespace) -> None:
    # This server's operator allows the world's folder: a client may name an image file there.
    command = mcp_command()
    env = world.env | {"PMSR_IMAGE_ROOTS": str(Path(world.path).parent)}
    params = StdioServerParameters(command=command[0], args=command[1:], env=env, cwd=str(ROOT))

    async def main() -> None:
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await exercise(session, world)
            assert ids(await call(session, "image_search", image=str(world.path), k=1)) == ["i-lake"]

    asyncio.run(main())


def test_http_lists_tools_searches_like_the_python_api_and_answers(
    world: SimpleNamespace, http_url: str
) -> None:
    async def main() -> None:
        async with (
            streamable_http_client(http_url) as (read, write, _),
            ClientSession(read, write) as session,
        ):
            await exercise(session, world)

    asyncio.run(main())


def test_clients_choose_only_per_run_settings_and_send_images_not_paths(
    world: SimpleNamespace, http_url: str
) -> None:
    async def main() -> list[str]:  # this server's operator set no image roots
        async with (
            streamable_http_client(http_url) as (read, write, _),
            ClientSession(read, write) as session,
        ):
            await session.initialize()
            b64 = world.image.base64
            results = [
                await call(session, "answer", question=QUESTION, image=b64, settings={"kb_dir": "/srv"}),
                await call(session, "answer", question=QUESTION, image=b64, graph="nope"),
                await call(session, "image_search", image=str(world.path)),
                await call(session, "image_search", image=base64.b64encode(b"not an image" * 40).decode()),
            ]
        assert all(result.isError for result in results)
        return [result.content[0].text for result in results]

    operator, graph, path, corrupt = asyncio.run(main())
    assert "kb_dir: operator-only" in operator and "PMSR_KB_DIR" in operator
    assert "no served graph 'nope': choose one of pmsr, pmsr_web" in graph
    assert "image paths are not accepted here" in path
    assert "not a readable image" in corrupt


def test_tools_load_through_langchain_mcp_adapters(world: SimpleNamespace, http_url: str) -> None:
    client = MultiServerMCPClient({"pmsr": {"transport": "streamable_http", "url": http_url}})

    async def main() -> tuple[list[BaseTool], Any]:
        tools = await client.get_tools()
        search = next(tool for tool in tools if tool.name == "text_search")
        return tools, await search.ainvoke({"query": "Zeta River flows", "k": 2})

    tools, reply = asyncio.run(main())
    assert {tool.name for tool in tools} == TOOLS
    assert all(isinstance(tool, BaseTool) for tool in tools)
    specs = {spec["function"]["name"]: spec["function"] for spec in map(convert_to_openai_tool, tools)}
    assert specs["answer"]["parameters"]["required"] == ["question"]  # what an agent's model sees
    expected = [c["id"] for c in text_search(world.kb, "Zeta River flows", 2)]
    text = str(reply)
    assert all(f'"id":"{i}"' in text.replace(" ", "") for i in expected)

"""A served graph, tried as a remote client would try it: operator settings are refused, inputs bounded.

All through a real `langgraph dev` (the session's `langgraph_server`: image paths allowed only under
`allowed/`, images up to 1 MB) with `langgraph_sdk` and `RemoteGraph`. Every refusal is checked for
its one-line message; after all of them a normal run still answers.
"""

from __future__ import annotations

import base64
import dataclasses
import io
import os
import select
import socket
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import httpx
import pytest
from langgraph.pregel.remote import RemoteGraph
from langgraph_sdk import get_sync_client
from PIL import Image

from apps.serve import SERVED
from core.context import Context, client_settings, env_name, is_operator_setting
from tests.conftest import MAX_IMAGE_BYTES
from tests.graph_kit import QUESTION
from tools.images import load_image

pytestmark = pytest.mark.slow

OPERATOR_SETTINGS = [f for f in dataclasses.fields(Context) if is_operator_setting(f.name)]


def run(server: SimpleNamespace, image: str, context: dict[str, Any] | None = None, **inputs: Any) -> dict:
    """One run through the SDK: the output state, or `{"__error__": {"error", "message"}}`."""
    client = get_sync_client(url=server.url)
    graph_input = {"question": QUESTION, "image": image, **inputs}
    return client.runs.wait(None, "pmsr", input=graph_input, context=context, raise_error=False)


def refusal(output: dict) -> tuple[str, str]:
    assert "__error__" in output, f"the run was not refused: {str(output)[:300]}"
    return output["__error__"]["error"], output["__error__"]["message"]


def client_value(field: dataclasses.Field) -> Any:
    """A value a client might send for `field` (a different one from the operator's)."""
    return {bool: True, int: 1, float: 1.0, str: "/tmp/client-choice"}[type(field.default)]


@pytest.fixture(scope="module")
def data_url(langgraph_server: SimpleNamespace) -> str:
    return load_image(langgraph_server.image).data_url


@pytest.mark.parametrize("field", OPERATOR_SETTINGS, ids=lambda f: f.name)
def test_each_operator_setting_sent_by_a_client_is_refused(
    langgraph_server: SimpleNamespace, data_url: str, field: dataclasses.Field
) -> None:
    kind, message = refusal(run(langgraph_server, data_url, {field.name: client_value(field)}))
    assert kind == "ConfigError"
    assert message.startswith(f"{field.name}: operator-only") and env_name(field.name) in message
    assert "\n" not in message


def test_old_style_configurable_and_remote_graph_are_refused_alike(
    langgraph_server: SimpleNamespace, data_url: str
) -> None:
    client = get_sync_client(url=langgraph_server.url)
    output = client.runs.wait(
        None,
        "pmsr",
        input={"question": QUESTION, "image": data_url},
        config={"configurable": {"model": "hf:/srv/models/other"}},
        raise_error=False,
    )
    assert refusal(output)[1].startswith("model: operator-only")
    remote = RemoteGraph("pmsr_web", url=langgraph_server.url)
    with pytest.raises(Exception, match="allow_private_urls: operator-only.*PMSR_ALLOW_PRIVATE_URLS"):
        remote.invoke({"question": QUESTION, "image": data_url}, context={"allow_private_urls": True})


@pytest.fixture
def listener() -> Iterator[socket.socket]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        yield sock


def test_a_client_named_chroma_server_receives_no_connection(
    langgraph_server: SimpleNamespace, data_url: str, listener: socket.socket
) -> None:
    port = listener.getsockname()[1]
    output = run(langgraph_server, data_url, {"chroma_host": "127.0.0.1", "chroma_port": port})
    assert refusal(output)[1].startswith("chroma_host, chroma_port: operator-only")
    readable, _, _ = select.select([listener], [], [], 1.0)
    assert readable == [], "the server connected to the client-named port"


def test_no_folder_appears_at_a_client_named_path(
    langgraph_server: SimpleNamespace, data_url: str, tmp_path: Path
) -> None:
    target = tmp_path / "client-cache"
    output = run(langgraph_server, data_url, {"web": True, "web_cache_dir": str(target)})
    assert refusal(output)[1].startswith("web_cache_dir: operator-only")
    assert not target.exists()


def test_studio_context_form_offers_only_per_run_settings(langgraph_server: SimpleNamespace) -> None:
    client = get_sync_client(url=langgraph_server.url)
    for assistant in client.assistants.search():
        schema = client.assistants.get_schemas(assistant["assistant_id"])["context_schema"]
        served = SERVED[assistant["graph_id"]].graph.context_schema.__mro__[1]  # the graph's own Context
        assert set(schema["properties"]) == set(client_settings(served))
        assert not set(schema["properties"]) & {
            f.name for f in dataclasses.fields(served) if f.metadata["operator"]
        }
        assert schema["properties"]["w"]["description"].startswith("Weight of text similarity")


def test_the_built_in_mcp_route_is_off(langgraph_server: SimpleNamespace) -> None:
    reply = httpx.post(
        f"{langgraph_server.url}/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
    )
    assert reply.status_code == 404  # langgraph.json: "http": {"disable_mcp": true}; see README


@pytest.mark.parametrize(
    "value, expected",
    [({"max_iter": 1000}, "outside the range"), ({"k_text": "20"}, "not an integer"), ({"kb": 1}, "unknown")],
)
def test_per_run_settings_are_checked(
    langgraph_server: SimpleNamespace, data_url: str, value: dict, expected: str
) -> None:
    assert expected in refusal(run(langgraph_server, data_url, value))[1]


# --- bounded inputs ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def outside(langgraph_server: SimpleNamespace) -> Path:
    """A real image next to, not inside, the allowed folder; and a symlink inside pointing to it."""
    secret = langgraph_server.folder / "outside" / "secret.png"
    secret.parent.mkdir(exist_ok=True)
    Image.new("RGB", (16, 16), (220, 20, 20)).save(secret)
    link = langgraph_server.allowed / "escape.png"
    if not link.exists():
        link.symlink_to(secret)
    return secret


def _data_url(raw: bytes, mime: str = "image/png") -> str:
    return f"data:{mime};base64,{base64.b64encode(raw).decode()}"


def _png(image: Image.Image) -> bytes:
    buf = io.BytesIO()
    image.save(buf, format="PNG")
    return buf.getvalue()


def test_image_paths_outside_the_roots_are_refused(langgraph_server: SimpleNamespace, outside: Path) -> None:
    allowed = langgraph_server.allowed
    for path in (
        outside,
        allowed / ".." / "outside" / "secret.png",
        allowed / "escape.png",
        Path("/etc/hostname"),
    ):
        kind, message = refusal(run(langgraph_server, str(path)))
        assert kind == "ImageError"
        assert "is outside the allowed folders" in message and str(allowed) in message


def test_a_100_megapixel_png_is_refused_before_decoding(langgraph_server: SimpleNamespace) -> None:
    bomb = _png(Image.new("1", (10_000, 10_000)))  # 100 MP declared, a few kB on the wire
    assert len(bomb) < MAX_IMAGE_BYTES
    kind, message = refusal(run(langgraph_server, _data_url(bomb)))
    assert kind == "ImageError" and "10000x10000 = 100 MP" in message


def test_an_oversized_base64_image_is_refused(langgraph_server: SimpleNamespace) -> None:
    oversized = base64.b64encode(os.urandom(MAX_IMAGE_BYTES + 100_000)).decode()
    kind, message = refusal(run(langgraph_server, oversized))
    assert kind == "ImageError" and "image too large (1.1 MB, the limit is 1.0 MB)" in message


def test_a_corrupt_image_is_refused(langgraph_server: SimpleNamespace) -> None:
    good = _png(Image.new("RGB", (64, 64), (20, 20, 220)))
    kind, message = refusal(run(langgraph_server, _data_url(good[:40] + os.urandom(200))))
    assert kind == "ImageError" and "not a readable image" in message


def test_an_overlong_question_is_refused(langgraph_server: SimpleNamespace, data_url: str) -> None:
    limit = Context().max_question_chars
    kind, message = refusal(run(langgraph_server, data_url, question="why " * limit))
    assert kind == "InputError" and f"the limit is {limit}" in message


def test_after_every_refusal_a_normal_run_still_answers(
    langgraph_server: SimpleNamespace, data_url: str
) -> None:
    # Runs last in this module (pytest keeps file order): the server took every refusal above.
    for image in (data_url, str(langgraph_server.allowed / "query.png")):
        output = run(langgraph_server, image, {"single_pass": True})
        assert "__error__" not in output, output
        assert output["answer"].strip() and output["stop_reason"] == "single_pass"

"""Real HTTP servers on 127.0.0.1 that speak enough Ollama and OpenAI for tests and benchmarks.

One `FakeModelServer` answers both dialects:
- Ollama: POST /api/chat (JSON, or NDJSON when `"stream": true`), POST /api/embed, GET /api/tags;
- OpenAI: POST /v1/chat/completions (JSON, or SSE when `"stream": true`), POST /v1/embeddings, GET /v1/models.

It records every request (`requests`: path + JSON body), answers chat with scripted replies (a
callable of the request body, or a list consumed in order; default "ok"), returns 404 for models not
in `models` (when given), can wait `delay_s` before each answer, and can fail every request with the
HTTP status `fail_with`. It is threaded, so many
concurrent requests each wait the delay in parallel (used by the batch benchmark).

A reply is text, or a `ToolReply` dict `{"content": "...", "tool_calls": [{"name": ..., "arguments": {...}}]}`
that each dialect sends as real tool-call JSON: Ollama as `message.tool_calls` (arguments an object),
OpenAI as `choices[0].message.tool_calls` (arguments a JSON string, `finish_reason: tool_calls`).

    with FakeModelServer(replies=["Paris"], models={"m"}) as server:
        os.environ["OLLAMA_HOST"] = server.url
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import numpy as np
import pytest

ToolReply = dict[str, Any]  # {"content": str, "tool_calls": [{"name": str, "arguments": dict}]}
Reply = str | ToolReply | Callable[[dict[str, Any]], str | ToolReply]


@dataclass
class Recorded:
    """One request the server received."""

    method: str
    path: str
    body: dict[str, Any]
    headers: dict[str, str]  # lower-case names


def fake_embedding(text: str, dim: int) -> list[float]:
    """A deterministic unit vector seeded by the text's hash."""
    seed = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "little")
    vector = np.random.default_rng(seed).standard_normal(dim)
    return (vector / np.linalg.norm(vector)).tolist()


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 256  # many clients connect at once in the batch benchmark


class FakeModelServer:
    """A threaded Ollama + OpenAI look-alike; use as a context manager."""

    def __init__(
        self,
        replies: Reply | list[str | ToolReply] = "ok",
        *,
        models: set[str] | None = None,
        delay_s: float = 0.0,
        dim: int = 8,
        embedding_scale: float = 3.0,
    ) -> None:
        self.replies = replies
        self.models = models
        self.delay_s = delay_s
        self.dim = dim
        self.embedding_scale = embedding_scale  # vectors are sent un-normalised to check clients normalise
        self.fail_with: int | None = None  # answer every request with this HTTP status instead
        self.requests: list[Recorded] = []
        self._lock = threading.Lock()
        self._httpd = _Server(("127.0.0.1", 0), _handler_for(self))
        self._thread = threading.Thread(target=self._httpd.serve_forever, args=(0.05,), daemon=True)

    @property
    def url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host}:{port}"

    def __enter__(self) -> FakeModelServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)

    # ---- behaviour used by the handler ---------------------------------------------------------

    def record(self, entry: Recorded) -> None:
        with self._lock:
            self.requests.append(entry)

    def knows(self, model: str) -> bool:
        return self.models is None or model in self.models

    def reply_for(self, body: dict[str, Any]) -> str | ToolReply:
        with self._lock:
            if callable(self.replies):
                return self.replies(body)
            if isinstance(self.replies, list):
                return self.replies.pop(0) if self.replies else ""
            return self.replies

    def embeddings(self, texts: list[str]) -> list[list[float]]:
        return [[x * self.embedding_scale for x in fake_embedding(t, self.dim)] for t in texts]

    def listed_models(self) -> list[str]:
        return sorted(self.models or {"fake-model"})


def _handler_for(server: FakeModelServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args: object) -> None:  # keep test output clean
            pass

        def do_GET(self) -> None:
            self._serve({})

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            self._serve(json.loads(raw) if raw else {})

        def _serve(self, body: dict[str, Any]) -> None:
            headers = {k.lower(): v for k, v in self.headers.items()}
            server.record(Recorded(self.command, self.path, body, headers))
            if server.delay_s:
                time.sleep(server.delay_s)
            if server.fail_with is not None:
                self._json(server.fail_with, {"error": {"message": f"scripted failure {server.fail_with}"}})
                return
            route = _ROUTES.get((self.command, self.path.split("?")[0]))
            if route is None:
                self._json(404, {"error": f"no route {self.command} {self.path}"})
                return
            model = body.get("model")
            if model is not None and not server.knows(model):
                self._json(404, _not_found(self.path, model))
                return
            route(self, body)

        # ---- Ollama ---------------------------------------------------------------------------

        def ollama_chat(self, body: dict[str, Any]) -> None:
            text, calls = _split(server.reply_for(body))
            tool_calls = [{"function": {"name": c["name"], "arguments": c["arguments"]}} for c in calls]
            done = {
                "model": body["model"],
                "created_at": "2026-01-01T00:00:00Z",
                "done": True,
                "done_reason": "stop",
                "prompt_eval_count": 10,
                "eval_count": 5,
            }
            message = {"role": "assistant", "content": text} | ({"tool_calls": tool_calls} if calls else {})
            if not body.get("stream", True):
                self._json(200, {**done, "message": message})
                return
            half = len(text) // 2
            lines = [
                {**done, "done": False, "message": {**message, "content": text[:half]}},
                {**done, "done": False, "message": {"role": "assistant", "content": text[half:]}},
            ]
            lines.append({**done, "message": {"role": "assistant", "content": ""}})
            self._send(200, "application/x-ndjson", "".join(json.dumps(x) + "\n" for x in lines).encode())

        def ollama_embed(self, body: dict[str, Any]) -> None:
            texts = body["input"] if isinstance(body["input"], list) else [body["input"]]
            self._json(200, {"model": body["model"], "embeddings": server.embeddings(texts)})

        def ollama_tags(self, body: dict[str, Any]) -> None:
            self._json(200, {"models": [{"name": m, "model": m} for m in server.listed_models()]})

        # ---- OpenAI ---------------------------------------------------------------------------

        def openai_chat(self, body: dict[str, Any]) -> None:
            text, calls = _split(server.reply_for(body))
            tool_calls = [
                {
                    "id": f"call_{i}",
                    "type": "function",
                    "function": {"name": c["name"], "arguments": json.dumps(c["arguments"])},
                }
                for i, c in enumerate(calls)
            ]
            finish = "tool_calls" if calls else "stop"
            message = {"role": "assistant", "content": text or None} | (
                {"tool_calls": tool_calls} if calls else {}
            )
            if body.get("stream"):
                chunk = {"id": "c1", "object": "chat.completion.chunk", "created": 0, "model": body["model"]}
                delta = {**message, "tool_calls": [{"index": i, **c} for i, c in enumerate(tool_calls)]}
                events = [
                    {**chunk, "choices": [{"index": 0, "delta": delta if calls else message}]},
                    {**chunk, "choices": [{"index": 0, "delta": {}, "finish_reason": finish}]},
                ]
                payload = "".join(f"data: {json.dumps(e)}\n\n" for e in events) + "data: [DONE]\n\n"
                self._send(200, "text/event-stream", payload.encode())
                return
            self._json(
                200,
                {
                    "id": "c1",
                    "object": "chat.completion",
                    "created": 0,
                    "model": body["model"],
                    "choices": [{"index": 0, "finish_reason": finish, "message": message}],
                    "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
                },
            )

        def openai_embeddings(self, body: dict[str, Any]) -> None:
            texts = body["input"] if isinstance(body["input"], list) else [body["input"]]
            rows = [
                {"object": "embedding", "index": i, "embedding": v}
                for i, v in enumerate(server.embeddings(texts))
            ]
            self._json(200, {"object": "list", "model": body["model"], "data": rows[::-1]})

        def openai_models(self, body: dict[str, Any]) -> None:
            self._json(
                200,
                {"object": "list", "data": [{"id": m, "object": "model"} for m in server.listed_models()]},
            )

        # ---- plumbing -------------------------------------------------------------------------

        def _json(self, status: int, payload: dict[str, Any]) -> None:
            self._send(status, "application/json", json.dumps(payload).encode())

        def _send(self, status: int, content_type: str, data: bytes) -> None:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            with contextlib.suppress(BrokenPipeError, ConnectionResetError):  # the client gave up (timeout)
                self.wfile.write(data)

    _ROUTES: dict[tuple[str, str], Callable[[Any, dict[str, Any]], None]] = {
        ("POST", "/api/chat"): Handler.ollama_chat,
        ("POST", "/api/embed"): Handler.ollama_embed,
        ("GET", "/api/tags"): Handler.ollama_tags,
        ("POST", "/v1/chat/completions"): Handler.openai_chat,
        ("POST", "/v1/embeddings"): Handler.openai_embeddings,
        ("GET", "/v1/models"): Handler.openai_models,
    }
    return Handler


def _split(reply: str | ToolReply) -> tuple[str, list[dict[str, Any]]]:
    """The text and the tool calls of a scripted reply."""
    if isinstance(reply, str):
        return reply, []
    return str(reply.get("content") or ""), list(reply.get("tool_calls") or [])


def _not_found(path: str, model: str) -> dict[str, Any]:
    if path.startswith("/api/"):
        return {"error": f'model "{model}" not found, try pulling it first'}
    return {
        "error": {
            "message": f"The model `{model}` does not exist.",
            "type": "invalid_request_error",
            "code": "model_not_found",
        }
    }


@pytest.fixture
def fake_server() -> Iterator[FakeModelServer]:
    """A running `FakeModelServer` with default behaviour; tweak its attributes in the test."""
    with FakeModelServer() as server:
        yield server

"""A real HTTP server on 127.0.0.1 that plays "the web" for the web-variant tests.

Routes (all GET):
- /article/<name>      HTML articles with boilerplate (nav, cookie banner, footer) around the text
- /redirect/<name>     302 → /article/<name>
- /redirect-private    302 → http://10.0.0.1/admin (must be refused before any connection)
- /redirect-loop       302 → itself
- /slow                HTML that drips a few bytes every `drip_s` seconds, for ever
- /stall               HTML headers, then silence
- /huge                HTML streamed past any sensible cap, no Content-Length
- /huge-declared       Content-Length of 50 MB (the body is never sent in full)
- /doc.pdf             application/pdf
- /empty               HTML with a script and no text (trafilatura extracts nothing)
- /footer-only         text only in a "footer" block (precision extraction drops it, recall keeps it)
- /notes.txt           text/plain
- /lens/search.json    a SerpAPI-like Google Lens endpoint (api_key must be LENS_KEY)
Every request is counted per path in `hits` and logged in `requests` (path + query parameters).

`FakeDDGS` replaces the `ddgs.DDGS` class (only that) so searches return scripted results.
"""

from __future__ import annotations

import contextlib
import json
import threading
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

LENS_KEY = "test-serpapi-key"

_BOILERPLATE_TOP = (
    "<nav><a href='/'>Home</a> | <a href='/about'>About us</a> | <a href='/shop'>Shop</a></nav>"
    "<div class='cookie-banner'>We use cookies to improve your experience. Accept all cookies?</div>"
)
_BOILERPLATE_BOTTOM = (
    "<footer><p>Copyright 2024 Example Travel Media. Subscribe to our newsletter.</p></footer>"
)

ARTICLES = {
    "bled": (
        "Lake Bled – Travel Encyclopedia",
        [
            "Lake Bled is a glacial lake in the Julian Alps of the Upper Carniolan region of northwestern "
            "Slovenia, where it adjoins the town of Bled.",
            "The lake is 2,120 metres long and 1,380 metres wide, with a maximum depth of 29.5 metres.",
            "Bled Island, the only natural island in Slovenia, lies in the middle of the lake and holds the "
            "Church of the Assumption of Mary, built in the 17th century.",
            "Bled Castle stands on a cliff above the northern shore and dates from the early 11th century.",
            "Visitors reach the island on traditional wooden boats called pletna.",
        ],
    ),
    "concorde": (
        "Concorde – Aircraft History",
        [
            "Concorde is a retired Franco-British supersonic airliner jointly developed by Sud Aviation and "
            "the British Aircraft Corporation.",
            "The prototype Concorde 001 made its first flight from Toulouse on 2 March 1969.",
            "It entered commercial service with Air France and British Airways in January 1976.",
            "Concorde cruised at about twice the speed of sound and flew its last commercial flight in 2003.",
        ],
    ),
    "cats": (
        "Caring for Your Cat",
        [
            "Cats need fresh water every day and a balanced diet rich in protein.",
            "Regular visits to a veterinarian help keep a cat healthy as it grows older.",
            "Most cats enjoy climbing, so a scratching post protects your furniture.",
        ],
    ),
}


def article_html(name: str) -> str:
    title, paragraphs = ARTICLES[name]
    body = "".join(f"<p>{p}</p>" for p in paragraphs)
    return (
        f"<!doctype html><html><head><meta charset='utf-8'><title>{title}</title></head><body>"
        f"{_BOILERPLATE_TOP}<article><h1>{title.split(' – ')[0]}</h1>{body}</article>{_BOILERPLATE_BOTTOM}"
        "</body></html>"
    )


class FakeWeb:
    """Context manager running the server in a daemon thread; `url(path)` gives absolute URLs."""

    def __init__(self, *, drip_s: float = 0.1) -> None:
        self.drip_s = drip_s
        self.hits: Counter[str] = Counter()
        self.requests: list[tuple[str, dict[str, list[str]]]] = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def base(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def url(self, path: str) -> str:
        return self.base + path

    def record(self, path: str, params: dict[str, list[str]]) -> None:
        with self._lock:
            self.hits[path] += 1
            self.requests.append((path, params))

    def __enter__(self) -> FakeWeb:
        self._thread.start()
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._stop.set()
        self._server.shutdown()
        self._server.server_close()


class FakeDDGS:
    """Stands in for `ddgs.DDGS`: `script` is a list of replies (a list of dicts, or an exception)."""

    script: list[Any] = []
    calls: list[tuple[str, dict[str, Any]]] = []
    timeouts: list[int | None] = []

    @classmethod
    def install(cls, monkeypatch: pytest.MonkeyPatch, script: list[Any] | None = None) -> type[FakeDDGS]:
        """Reset the recordings and make tools.web_search use this class instead of `ddgs.DDGS`."""
        cls.script, cls.calls, cls.timeouts = script or [[]], [], []
        monkeypatch.setattr("tools.web_search.DDGS", cls)
        return cls

    def __init__(self, proxy: str | None = None, timeout: int | None = 5, **_: Any) -> None:
        FakeDDGS.timeouts.append(timeout)

    def text(self, query: str, **kwargs: Any) -> list[dict[str, Any]]:
        FakeDDGS.calls.append((query, kwargs))
        reply = FakeDDGS.script.pop(0) if len(FakeDDGS.script) > 1 else FakeDDGS.script[0]
        if isinstance(reply, Exception):
            raise reply
        return reply


def _handler_for(web: FakeWeb) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - stdlib signature
            """Keep test output quiet."""

        def do_GET(self) -> None:  # noqa: N802 - stdlib name
            parts = urlsplit(self.path)
            web.record(parts.path, parse_qs(parts.query))
            # the client may give up on purpose (size cap, deadline)
            with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                self._route(parts.path, parse_qs(parts.query))

        def _route(self, path: str, params: dict[str, list[str]]) -> None:
            if path.startswith("/article/") and path.removeprefix("/article/") in ARTICLES:
                self._send(200, "text/html; charset=utf-8", article_html(path.removeprefix("/article/")))
            elif path.startswith("/redirect/"):
                self._redirect("/article/" + path.removeprefix("/redirect/"))
            elif path == "/redirect-private":
                self._redirect("http://10.0.0.1/admin")
            elif path == "/redirect-loop":
                self._redirect("/redirect-loop")
            elif path == "/slow":
                self._drip()
            elif path == "/stall":
                self._headers(200, "text/html")
                web._stop.wait(30)
            elif path == "/huge":
                self._huge(declared=False)
            elif path == "/huge-declared":
                self._huge(declared=True)
            elif path == "/doc.pdf":
                self._send(200, "application/pdf", "%PDF-1.4 fake pdf body")
            elif path == "/empty":
                self._send(200, "text/html", "<html><body><script>var x = 1;</script></body></html>")
            elif path == "/footer-only":
                text = ARTICLES["bled"][1][0]
                self._send(200, "text/html", f"<html><body><div class='footer'>{text}</div></body></html>")
            elif path == "/notes.txt":
                self._send(200, "text/plain; charset=utf-8", "Lake Bled lies in Slovenia.\n")
            elif path == "/lens/search.json":
                self._lens(params)
            else:
                self._send(404, "text/html", "<html><body>not found</body></html>")

        def _headers(self, status: int, content_type: str, length: int | None = None) -> None:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            if length is not None:
                self.send_header("Content-Length", str(length))
            self.end_headers()

        def _send(self, status: int, content_type: str, body: str) -> None:
            data = body.encode("utf-8")
            self._headers(status, content_type, len(data))
            self.wfile.write(data)

        def _redirect(self, location: str) -> None:
            self.send_response(302)
            self.send_header("Location", location)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def _drip(self) -> None:
            self._headers(200, "text/html")
            self.wfile.write(b"<html><body><p>")
            while not web._stop.wait(web.drip_s):
                self.wfile.write(b"drip ")
                self.wfile.flush()

        def _huge(self, *, declared: bool) -> None:
            self._headers(200, "text/html", 50_000_000 if declared else None)
            chunk = b"<p>" + b"x" * 65_000 + b"</p>"
            for _ in range(800):  # ~52 MB at most; the client aborts long before
                if web._stop.is_set():
                    return
                self.wfile.write(chunk)

        def _lens(self, params: dict[str, list[str]]) -> None:
            if params.get("api_key") != [LENS_KEY]:
                self._send(401, "application/json", json.dumps({"error": "Invalid API key."}))
                return
            if params.get("engine") != ["google_lens"] or not params.get("url"):
                self._send(400, "application/json", json.dumps({"error": "Missing engine or url."}))
                return
            matches = [
                {
                    "position": 1,
                    "title": "Lake Bled - travel guide",
                    "link": web.url("/article/bled"),
                    "source": "example.org",
                    "thumbnail": "https://example.org/t1.jpg",
                },
                {
                    "position": 2,
                    "title": "Bled Island church",
                    "link": web.url("/doc.pdf"),
                    "source": "pdfs.example",
                },
                {"position": 3, "title": "Lake Bled in winter", "source": "photos.example"},
            ]
            self._send(
                200,
                "application/json",
                json.dumps({"search_metadata": {"status": "Success"}, "visual_matches": matches}),
            )

    return Handler

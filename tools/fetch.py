"""Fetch one web page safely and extract its main text.

Safety rules, because URLs come from search engines and image-lookup services (untrusted input):
- only http(s); every hop's host is resolved and EVERY resolved address must be public — loopback,
  private, link-local, multicast, reserved and unspecified addresses are refused before connecting
  (opt in with `allow_private=True` for local testing only, or allow just some networks, for example
  `allow_private=["127.0.0.1/32"]` to reach one local test server and still refuse the rest);
- redirects are followed by hand, up to `max_redirects`, so each target is checked the same way;
- the body is streamed with a byte cap (`max_bytes`) and a total read deadline (`read_timeout`), so a
  huge file or a slow-drip server cannot exhaust memory or hang the run;
- only HTML/XHTML (or plain text) is read.
Known limit: the address check and httpx's own DNS lookup are separate, so a DNS-rebinding attacker
could still race them; pinning the connection to the checked address would need a custom transport.

Main text comes from `trafilatura.bare_extraction` (precision mode, then recall mode), with
`trafilatura.html2txt` as a last resort; a page with no readable text raises `FetchError`.
"""

from __future__ import annotations

import html as html_lib
import ipaddress
import re
import socket
import time
from collections.abc import Collection
from dataclasses import asdict, dataclass
from urllib.parse import urljoin, urlsplit

import httpx
import trafilatura

from core.errors import PMSRError
from tools.web_cache import WebCache

USER_AGENT = "Mozilla/5.0 (compatible; pmsr-graph/0.1; +https://github.com/pmsr-graph)"
_TEXT_TYPES = {"text/html": "html", "application/xhtml+xml": "html", "text/plain": "text"}
_TITLE = re.compile(r"<title[^>]*>(.*?)</title>", re.IGNORECASE | re.DOTALL)
_META_CHARSET = re.compile(rb"""<meta[^>]+charset=["']?([A-Za-z0-9_.:-]+)""", re.IGNORECASE)

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
PrivatePolicy = bool | Collection[str]


class FetchError(PMSRError):
    """A page that could not be fetched or yielded no text; the message says why, in one line."""


@dataclass(frozen=True)
class Page:
    url: str
    final_url: str
    title: str
    text: str


def fetch_page(
    url: str,
    *,
    connect_timeout: float = 5.0,
    read_timeout: float = 10.0,
    max_bytes: int = 2_000_000,
    max_redirects: int = 5,
    allow_private: PrivatePolicy = False,
    cache: WebCache | None = None,
    refresh: bool = False,
    client: httpx.Client | None = None,
) -> Page:
    """Download `url` under the safety rules above and return its title and main text.

    With a `cache`, a fresh cached page is returned without any request (unless `refresh`), and each
    page extracted is stored. `client` lets callers share a connection pool (or observe requests).
    """
    if cache is not None and not refresh:
        cached = cache.get("page", url)
        if cached is not None:
            return Page(**cached)
    own_client = client is None
    client = client or httpx.Client(headers={"User-Agent": USER_AGENT})
    try:
        final_url, kind, body, charset = _download(
            client,
            url,
            httpx.Timeout(read_timeout, connect=connect_timeout),
            max_bytes,
            max_redirects,
            allow_private,
        )
    finally:
        if own_client:
            client.close()
    page = _to_page(url, final_url, kind, _decode(body, charset))
    if cache is not None:
        cache.put("page", url, asdict(page))
    return page


def check_url(url: str, *, allow_private: PrivatePolicy = False) -> None:
    """Raise `FetchError` unless `url` is http(s) and its host resolves only to allowed addresses.

    Allowed: public addresses; with `allow_private=True` any address; with a collection of networks
    ("127.0.0.1/32", "10.0.0.0/8") public addresses plus those networks.
    """
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise FetchError(f"refused {url[:200]}: only http(s) URLs with a host are fetched")
    if allow_private is True:
        return
    allowed = [ipaddress.ip_network(net, strict=False) for net in allow_private or ()]
    for address in _resolve(parts.hostname, parts.port or (443 if parts.scheme == "https" else 80)):
        reason = _non_public(address)
        if reason and not any(address in net for net in allowed):
            raise FetchError(
                f"refused {reason} address {address} ({url[:200]}) — set allow_private_urls only for testing"
            )


def extract_main_text(html: str, url: str | None = None) -> tuple[str, str]:
    """(title, main text) of an HTML document; text is "" when nothing readable is found."""
    doc = trafilatura.bare_extraction(html, url=url, with_metadata=True, include_comments=False)
    if doc is None or not (doc.text or "").strip():
        doc = trafilatura.bare_extraction(
            html, url=url, with_metadata=True, include_comments=False, favor_recall=True
        )
    text = (doc.text or "").strip() if doc is not None else ""
    if not text:
        text = trafilatura.html2txt(html).strip()
    title = (doc.title or "").strip() if doc is not None else ""
    return title or _html_title(html), text


def _download(
    client: httpx.Client,
    url: str,
    timeout: httpx.Timeout,
    max_bytes: int,
    max_redirects: int,
    allow_private: PrivatePolicy,
) -> tuple[str, str, bytes, str | None]:
    """(final URL, "html"|"text", body, charset) after following at most `max_redirects` hops."""
    current = url
    for _ in range(max_redirects + 1):
        check_url(current, allow_private=allow_private)
        try:
            with client.stream("GET", current, timeout=timeout, follow_redirects=False) as response:
                if response.is_redirect:
                    current = urljoin(current, response.headers["location"])
                    continue
                if response.status_code >= 400:
                    raise FetchError(f"{current[:200]}: HTTP {response.status_code} {response.reason_phrase}")
                kind = _content_kind(response, current)
                body = _read_capped(response, current, max_bytes, float(timeout.read or 10.0))
                return current, kind, body, response.charset_encoding
        except httpx.ConnectTimeout as exc:
            raise FetchError(f"{current[:200]}: connection timed out after {timeout.connect:g} s") from exc
        except httpx.TimeoutException as exc:
            raise FetchError(f"{current[:200]}: timed out after {timeout.read:g} s") from exc
        except httpx.HTTPError as exc:
            raise FetchError(f"{current[:200]}: cannot fetch ({type(exc).__name__}: {exc})") from exc
    raise FetchError(f"{url[:200]}: more than {max_redirects} redirects")


def _content_kind(response: httpx.Response, url: str) -> str:
    content_type = response.headers.get("content-type", "").split(";")[0].strip().lower()
    if content_type not in _TEXT_TYPES:
        raise FetchError(f"{url[:200]}: not HTML ({content_type or 'no content type'})")
    return _TEXT_TYPES[content_type]


def _read_capped(response: httpx.Response, url: str, max_bytes: int, read_timeout: float) -> bytes:
    """The body, aborting past `max_bytes` or when the whole read takes longer than `read_timeout`.

    The deadline is checked as each chunk arrives and every socket read also times out after
    `read_timeout`, so even a server that drips one byte just under that pace is cut off within
    about twice `read_timeout`.
    """
    too_big = FetchError(f"{url[:200]}: larger than {_size(max_bytes)}")
    declared = response.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > max_bytes:
        raise too_big
    deadline = time.monotonic() + read_timeout
    chunks: list[bytes] = []
    size = 0
    for chunk in response.iter_bytes():
        size += len(chunk)
        if size > max_bytes:
            raise too_big
        chunks.append(chunk)
        if time.monotonic() > deadline:
            raise FetchError(f"{url[:200]}: timed out after {read_timeout:g} s")
    return b"".join(chunks)


def _to_page(url: str, final_url: str, kind: str, content: str) -> Page:
    if kind == "text":
        title, text = urlsplit(final_url).path.rstrip("/").rsplit("/", 1)[-1], content.strip()
    else:
        title, text = extract_main_text(content, final_url)
    if not text:
        raise FetchError(f"{final_url[:200]}: no readable text in the page (trafilatura extracted nothing)")
    return Page(url=url, final_url=final_url, title=title or final_url, text=text)


def _decode(body: bytes, charset: str | None) -> str:
    if charset is None:
        match = _META_CHARSET.search(body[:4096])
        charset = match.group(1).decode("ascii") if match else "utf-8"
    try:
        return body.decode(charset, errors="replace")
    except LookupError:
        return body.decode("utf-8", errors="replace")


def _html_title(html: str) -> str:
    match = _TITLE.search(html)
    return " ".join(html_lib.unescape(match.group(1)).split()) if match else ""


def _resolve(host: str, port: int) -> list[IPAddress]:
    try:
        return [ipaddress.ip_address(host.split("%")[0])]
    except ValueError:
        pass
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as exc:
        raise FetchError(f"cannot resolve host {host!r}: {exc}") from exc
    return list(dict.fromkeys(ipaddress.ip_address(info[4][0].split("%")[0]) for info in infos))


def _non_public(address: IPAddress) -> str:
    """Why `address` must not be fetched ("" when it is a public address)."""
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    checks = (
        ("loopback", address.is_loopback),
        ("link-local", address.is_link_local),
        ("multicast", address.is_multicast),
        ("unspecified", address.is_unspecified),
        ("reserved", address.is_reserved),
        ("private", address.is_private),
        ("non-public", not address.is_global),
    )
    return next((name for name, hit in checks if hit), "")


def _size(n: int) -> str:
    for unit, scale in (("MB", 1_000_000), ("KB", 1_000)):
        if n >= scale:
            return f"{n / scale:g} {unit}"
    return f"{n} bytes"

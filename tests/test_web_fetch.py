"""Page fetching and extraction against a real local HTTP server (tests/fake_web.py)."""

from __future__ import annotations

import time
from collections.abc import Iterator

import httpx
import pytest

from tests.fake_web import FakeWeb
from tools.fetch import FetchError, check_url, fetch_page
from tools.web_cache import WebCache

LOCAL = ["127.0.0.1/32"]  # reach the fake server, still refuse every other private address


@pytest.fixture(scope="module")
def web() -> Iterator[FakeWeb]:
    with FakeWeb(drip_s=0.05) as server:
        yield server


def test_article_main_text_without_boilerplate(web: FakeWeb) -> None:
    page = fetch_page(web.url("/article/bled"), allow_private=LOCAL)
    assert page.title == "Lake Bled"  # trafilatura drops the site-name suffix
    assert "glacial lake in the Julian Alps" in page.text
    assert "pletna" in page.text
    for boilerplate in ("cookies", "Copyright", "About us", "newsletter"):
        assert boilerplate not in page.text
    assert page.url == page.final_url == web.url("/article/bled")


def test_redirect_is_followed_and_final_url_kept(web: FakeWeb) -> None:
    page = fetch_page(web.url("/redirect/concorde"), allow_private=LOCAL)
    assert page.url == web.url("/redirect/concorde")
    assert page.final_url == web.url("/article/concorde")
    assert "2 March 1969" in page.text


def test_redirect_to_private_address_is_refused_before_connecting(web: FakeWeb) -> None:
    sent: list[str] = []
    client = httpx.Client(event_hooks={"request": [lambda request: sent.append(str(request.url))]})
    started = time.monotonic()
    with client, pytest.raises(FetchError) as err:
        fetch_page(web.url("/redirect-private"), allow_private=LOCAL, client=client)
    assert "refused private address 10.0.0.1" in str(err.value)
    assert "allow_private_urls only for testing" in str(err.value)
    assert sent == [web.url("/redirect-private")]  # no request ever went to 10.0.0.1
    assert time.monotonic() - started < 2.0


def test_loopback_is_refused_by_default_without_any_request(web: FakeWeb) -> None:
    before = web.hits["/article/cats"]
    with pytest.raises(FetchError, match=r"refused loopback address 127\.0\.0\.1"):
        fetch_page(web.url("/article/cats"))
    assert web.hits["/article/cats"] == before


def test_allow_private_true_reaches_local_server(web: FakeWeb) -> None:
    assert "balanced diet" in fetch_page(web.url("/article/cats"), allow_private=True).text


def test_redirect_limit(web: FakeWeb) -> None:
    before = web.hits["/redirect-loop"]
    with pytest.raises(FetchError, match="more than 3 redirects"):
        fetch_page(web.url("/redirect-loop"), allow_private=LOCAL, max_redirects=3)
    assert web.hits["/redirect-loop"] - before == 4


def test_slow_drip_page_times_out_on_total_deadline(web: FakeWeb) -> None:
    started = time.monotonic()
    with pytest.raises(FetchError, match=r"timed out after 0\.5 s"):
        fetch_page(web.url("/slow"), allow_private=LOCAL, read_timeout=0.5)
    assert time.monotonic() - started < 2.0


def test_stalled_page_times_out(web: FakeWeb) -> None:
    started = time.monotonic()
    with pytest.raises(FetchError, match=r"timed out after 0\.3 s"):
        fetch_page(web.url("/stall"), allow_private=LOCAL, read_timeout=0.3)
    assert time.monotonic() - started < 2.0


@pytest.mark.parametrize("path", ["/huge", "/huge-declared"])
def test_page_larger_than_cap_is_aborted(web: FakeWeb, path: str) -> None:
    started = time.monotonic()
    with pytest.raises(FetchError, match="larger than 200 KB"):
        fetch_page(web.url(path), allow_private=LOCAL, max_bytes=200_000)
    assert time.monotonic() - started < 3.0


def test_non_html_is_refused(web: FakeWeb) -> None:
    with pytest.raises(FetchError, match=r"not HTML \(application/pdf\)"):
        fetch_page(web.url("/doc.pdf"), allow_private=LOCAL)


def test_page_without_text_is_a_clear_error(web: FakeWeb) -> None:
    with pytest.raises(FetchError, match="no readable text"):
        fetch_page(web.url("/empty"), allow_private=LOCAL)


def test_text_dropped_by_precision_extraction_is_recovered(web: FakeWeb) -> None:
    page = fetch_page(web.url("/footer-only"), allow_private=LOCAL)
    assert "Upper Carniolan region" in page.text


def test_plain_text_page(web: FakeWeb) -> None:
    page = fetch_page(web.url("/notes.txt"), allow_private=LOCAL)
    assert (page.title, page.text) == ("notes.txt", "Lake Bled lies in Slovenia.")


def test_http_error_status(web: FakeWeb) -> None:
    with pytest.raises(FetchError, match="HTTP 404"):
        fetch_page(web.url("/nothing-here"), allow_private=LOCAL)


def test_unreachable_server_fails_fast(port: int) -> None:
    started = time.monotonic()
    with pytest.raises(FetchError, match="cannot fetch"):
        fetch_page(f"http://127.0.0.1:{port}/", allow_private=True, connect_timeout=1.0)
    assert time.monotonic() - started < 3.0


def test_page_cache_hit_and_refresh(web: FakeWeb, tmp_path) -> None:
    cache = WebCache(tmp_path / "web.sqlite", ttl_s=60)
    url = web.url("/article/concorde")
    before = web.hits["/article/concorde"]
    first = fetch_page(url, allow_private=LOCAL, cache=cache)
    again = fetch_page(url, allow_private=LOCAL, cache=cache)
    assert again == first
    assert web.hits["/article/concorde"] - before == 1
    assert (cache.hits, cache.misses) == (1, 1)
    fetch_page(url, allow_private=LOCAL, cache=cache, refresh=True)
    assert web.hits["/article/concorde"] - before == 2


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("http://10.1.2.3/", "private address 10.1.2.3"),
        ("http://192.168.0.1:8080/x", "private address 192.168.0.1"),
        ("http://169.254.169.254/latest/meta-data", "link-local address 169.254.169.254"),
        ("http://[::1]/", "loopback address ::1"),
        ("http://[::ffff:10.0.0.1]/", "private address ::ffff:a00:1"),
        ("http://224.0.0.1/", "multicast address 224.0.0.1"),
        ("http://0.0.0.0/", "unspecified address 0.0.0.0"),
        ("http://240.0.0.1/", "reserved address 240.0.0.1"),
        ("http://localhost:9/", "loopback address"),
    ],
)
def test_non_public_addresses_are_refused(url: str, reason: str) -> None:
    with pytest.raises(FetchError, match=f"refused {reason}"):
        check_url(url)


def test_only_http_urls_and_allowed_networks() -> None:
    with pytest.raises(FetchError, match="only http"):
        check_url("file:///etc/passwd")
    check_url("http://10.1.2.3/", allow_private=["10.0.0.0/8"])
    check_url("http://93.184.215.14/")  # a public address literal passes without any lookup
    with pytest.raises(FetchError, match="private address 192.168.1.1"):
        check_url("http://192.168.1.1/", allow_private=["10.0.0.0/8"])

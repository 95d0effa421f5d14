"""Lens-style image lookup: given the question's image, find pages or entries about what it shows.

The web-equipped PMSR variant uses it at iteration 0 only (paper Appendix C.1) to bootstrap the first
reasoning record. Providers share one small interface, `lookup(image, k) -> list[LensHit]`:
- `LocalImageLookup` (default, always works offline): reverse image search over the multimodal KB —
  the titles and summaries of the image–text pairs whose images are nearest to the input image.
- `SerpApiLensLookup`: Google Lens through SerpAPI (`engine=google_lens`). It needs `SERPAPI_API_KEY`
  and a PUBLIC URL of the image, because SerpAPI fetches the image itself; this module never uploads
  image bytes anywhere. The URL is the image's own http(s) origin, or `PMSR_LENS_IMAGE_BASE_URL` +
  the file name when the user serves their image folder publicly.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import PurePath
from typing import Any, Protocol
from urllib.parse import quote

import httpx

from core.errors import BackendUnavailable, ConfigError
from tools.images import LoadedImage
from tools.retrieval import SearchableKB, image_search

SERPAPI_URL = "https://serpapi.com/search.json"


@dataclass(frozen=True)
class LensHit:
    """One page (or KB entry) about the image; `url`/`thumbnail` are None when unknown.

    `score` is the provider's similarity when it has one, else a rank-based value in (0, 1].
    """

    title: str
    url: str | None
    snippet: str
    thumbnail: str | None
    score: float = 0.0


class ImageLookup(Protocol):
    name: str

    def lookup(self, image: LoadedImage, k: int) -> list[LensHit]: ...


class LocalImageLookup:
    """Reverse image search over the local multimodal KB."""

    name = "local"

    def __init__(self, kb: SearchableKB) -> None:
        self.kb = kb

    def lookup(self, image: LoadedImage, k: int) -> list[LensHit]:
        return [
            LensHit(
                title=c["title"],
                url=c.get("url"),
                snippet=c["text"],
                thumbnail=c.get("image_path"),
                score=float(c["score"]),
            )
            for c in image_search(self.kb, image, k)
        ]


class SerpApiLensLookup:
    """Google Lens visual matches through SerpAPI; see the module docstring for what is sent."""

    name = "serpapi"

    def __init__(
        self,
        api_key: str | None = None,
        *,
        base_url: str | None = None,
        image_url: Callable[[LoadedImage], str | None] | None = None,
        timeout_s: float = 30.0,
        language: str = "en",
    ) -> None:
        self.api_key = api_key or os.environ.get("SERPAPI_API_KEY", "")
        if not self.api_key:
            raise ConfigError(
                "lens_provider 'serpapi' needs an API key: set SERPAPI_API_KEY, or use lens_provider 'local'"
            )
        self.base_url = base_url or os.environ.get("SERPAPI_BASE_URL") or SERPAPI_URL
        self.image_url = image_url or public_image_url
        self.timeout_s = timeout_s
        self.language = language

    def lookup(self, image: LoadedImage, k: int) -> list[LensHit]:
        url = self.image_url(image)
        if not url:
            raise ConfigError(
                f"SerpAPI Lens needs a public URL for image {image.origin[:120]}: set "
                "PMSR_LENS_IMAGE_BASE_URL to where your image folder is served (nothing is uploaded), "
                "or use lens_provider 'local'"
            )
        params = {"engine": "google_lens", "url": url, "hl": self.language, "api_key": self.api_key}
        return parse_lens_response(self._get(params), k)

    def _get(self, params: dict[str, str]) -> dict[str, Any]:
        try:
            response = httpx.get(self.base_url, params=params, timeout=self.timeout_s)
        except httpx.HTTPError as exc:
            raise BackendUnavailable(
                f"cannot reach SerpAPI at {self.base_url} ({type(exc).__name__}) — check the network or "
                "SERPAPI_BASE_URL, or use lens_provider 'local'"
            ) from exc
        body = _json(response)
        if response.status_code in (401, 403):
            raise ConfigError(
                f"SerpAPI at {self.base_url} rejected the API key: {body.get('error', '')} "
                "— check SERPAPI_API_KEY"
            )
        if response.status_code >= 400 or body.get("error"):
            raise BackendUnavailable(
                f"SerpAPI at {self.base_url} answered HTTP {response.status_code}: "
                f"{body.get('error', response.reason_phrase)} — retry later or use lens_provider 'local'"
            )
        return body


def parse_lens_response(body: dict[str, Any], k: int) -> list[LensHit]:
    """Knowledge-graph entries (they name the entity), then visual matches; `k` at most, one per link."""
    items = [*body.get("knowledge_graph", []), *body.get("visual_matches", [])]
    hits: list[LensHit] = []
    links: set[str] = set()
    for item in items:
        title = str(item.get("title") or "").strip()
        if not title or (item.get("link") and item["link"] in links):
            continue
        links.add(item.get("link") or "")
        snippet = " — ".join(str(item[f]) for f in ("subtitle", "source", "snippet") if item.get(f))
        hits.append(LensHit(title, item.get("link"), snippet, item.get("thumbnail")))
    return [
        LensHit(h.title, h.url, h.snippet, h.thumbnail, 1.0 / (rank + 1)) for rank, h in enumerate(hits[:k])
    ]


def public_image_url(image: LoadedImage) -> str | None:
    """The image's own http(s) origin, or PMSR_LENS_IMAGE_BASE_URL + its file name, else None."""
    if image.origin.startswith(("http://", "https://")):
        return image.origin
    base = os.environ.get("PMSR_LENS_IMAGE_BASE_URL", "").rstrip("/")
    if base and not image.origin.startswith("<"):
        return f"{base}/{quote(PurePath(image.origin).name)}"
    return None


def make_image_lookup(name: str, kb: SearchableKB | None = None) -> ImageLookup:
    """The provider called `name` ('local' or 'serpapi'); 'local' needs the KB."""
    if name == "local":
        if kb is None:
            raise ConfigError(
                "lens_provider 'local' needs the multimodal KB: build one with `python -m kb.build`"
            )
        return LocalImageLookup(kb)
    if name == "serpapi":
        return SerpApiLensLookup()
    raise ConfigError(f"unknown lens_provider {name!r}: use 'local' or 'serpapi'")


def _json(response: httpx.Response) -> dict[str, Any]:
    try:
        body = response.json()
    except ValueError:
        return {}
    return body if isinstance(body, dict) else {}

"""Run-time configuration of the PMSR graph.

Read inside nodes through `Runtime[Context]`. Every field falls back to an environment variable
`PMSR_<FIELD>` (for example `PMSR_MODEL=ollama:qwen2.5vl:7b`) when it is left at its default, so a
deployed `langgraph dev` server can be configured without code.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, fields
from typing import Literal

from tools.errors import ConfigError


@dataclass(kw_only=True)
class Context:
    """Settings of one PMSR run. Defaults follow the authors' public code (SPEC §2)."""

    # --- models -------------------------------------------------------------------------------
    model: str = field(default="embedded", metadata={"description": (
        "Chat model spec: 'embedded' (offline SmolLM2 + image tags), 'ollama:<model>', "
        "'openai:<model>' (any OpenAI-compatible endpoint) or 'hf:<local path>'.")})
    text_embedder: str = field(default="embedded", metadata={"description": (
        "Text embedder spec: 'embedded' (all-MiniLM-L6-v2), 'ollama:<m>', 'openai:<m>' or 'hf:<path>'.")})
    image_embedder: str = field(default="embedded", metadata={"description": (
        "Image embedder spec: 'embedded' (EfficientNet-Lite0 features) or 'hf:<CLIP/SigLIP path>'.")})
    operators: Literal["auto", "generative", "extractive"] = field(default="auto", metadata={"description": (
        "How operators run: 'generative' = the paper's LLM prompts; 'extractive' = no generation where a "
        "small model would do harm (tags+neighbour titles, top sentences); 'auto' = extractive only for "
        "the embedded model.")})
    temperature: float = field(default=0.0, metadata={"description": "Sampling temperature of the chat model."})
    max_tokens: int = field(default=512, metadata={"description": "Most tokens the chat model may write per call."})
    timeout_s: float = field(default=120.0, metadata={"description": "Seconds before a model call is abandoned."})
    max_retries: int = field(default=1, metadata={"description": "Retries of a failed model call."})

    # --- knowledge bases ----------------------------------------------------------------------
    kb_dir: str = field(default="kb_data/demo", metadata={"description": (
        "Folder of the embedded Chroma KB (built with `python -m kb.build`).")})
    chroma_host: str = field(default="", metadata={"description": (
        "Host of a Chroma server; when set, the KB is read from the server instead of kb_dir.")})
    chroma_port: int = field(default=8000, metadata={"description": "Port of the Chroma server."})
    kb_name: str = field(default="pmsr", metadata={"description": "Name prefix of the KB's Chroma collections."})

    # --- PMSR hyper-parameters -----------------------------------------------------------------
    k_text: int = field(default=20, metadata={"description": "Text passages retrieved per iteration."})
    k_image: int = field(default=10, metadata={"description": "Image–text pairs retrieved per iteration."})
    w: float = field(default=0.5, metadata={"description": (
        "Weight of text similarity in the pair score w·cos_text + (1−w)·cos_img.")})
    tau: float = field(default=0.9, metadata={"description": "Saturation threshold: stop when max query similarity ≥ tau."})
    max_iter: int = field(default=3, metadata={"description": "Most iterations after the initial record."})

    # --- ablation switches (paper Table 6) -------------------------------------------------------
    trajectory_query: bool = field(default=True, metadata={"description": (
        "Write a trajectory-level query each iteration (False: record-level query only).")})
    kbs: Literal["both", "text", "pairs"] = field(default="both", metadata={"description": (
        "Which KBs to search: both, the text KB only, or the multimodal (image–text pair) KB only.")})
    single_pass: bool = field(default=False, metadata={"description": (
        "Answer right after the initial record (no iteration).")})
    adaptive_stop: bool = field(default=True, metadata={"description": (
        "Stop on saturation (False: always run max_iter iterations).")})

    # --- web-equipped variant ------------------------------------------------------------------
    web: bool = field(default=False, metadata={"description": (
        "Use web search (ddgs + page extraction) for text and a Lens-style lookup at iteration 0.")})
    lens_provider: str = field(default="local", metadata={"description": (
        "Image lookup at iteration 0: 'local' (reverse image search over the pair KB) or 'serpapi'.")})
    search_backend: str = field(default="auto", metadata={"description": "ddgs backend(s), e.g. 'auto', 'duckduckgo'."})
    search_region: str = field(default="wt-wt", metadata={"description": "ddgs region code."})
    search_max_results: int = field(default=5, metadata={"description": "Web results fetched per query."})
    condense_threshold: int = field(default=400, metadata={"description": (
        "Record-level web queries longer than this many characters are condensed to keywords first.")})
    fetch_concurrency: int = field(default=4, metadata={"description": "Pages fetched and summarised at once."})
    web_cache_dir: str = field(default=".cache/pmsr-web", metadata={"description": "SQLite cache of searches and pages."})
    web_cache_ttl_s: float = field(default=7 * 24 * 3600.0, metadata={"description": "Seconds a cached web result stays fresh."})
    web_refresh: bool = field(default=False, metadata={"description": "Ignore the web cache and refetch."})
    allow_private_urls: bool = field(default=False, metadata={"description": (
        "Allow fetching loopback/private/link-local addresses (only for local testing).")})

    def __post_init__(self) -> None:
        for f in fields(self):
            env_value = os.environ.get(f"PMSR_{f.name.upper()}")
            if env_value is not None and getattr(self, f.name) == f.default:
                setattr(self, f.name, _coerce(f.name, env_value, f.default))

    @property
    def generative(self) -> bool:
        """True when operators should call the chat model (the paper's prompts)."""
        if self.operators == "auto":
            return self.model != "embedded"
        return self.operators == "generative"


def _coerce(name: str, raw: str, default: object) -> object:
    try:
        if isinstance(default, bool):
            if raw.strip().lower() in ("1", "true", "yes", "on"):
                return True
            if raw.strip().lower() in ("0", "false", "no", "off", ""):
                return False
            raise ValueError(raw)
        if isinstance(default, int):
            return int(raw)
        if isinstance(default, float):
            return float(raw)
    except ValueError as exc:
        raise ConfigError(f"PMSR_{name.upper()}={raw!r} is not a valid {type(default).__name__}") from exc
    return raw

"""Run-time configuration of the PMSR graph.

Read inside nodes through `Runtime[Context]`. Every field falls back to an environment variable
`PMSR_<FIELD>` (for example `PMSR_MODEL=ollama:qwen2.5vl:7b`) when it is left at its default, so a
deployed `langgraph dev` server can be configured without code.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, fields
from typing import Any, Literal

from tools.errors import ConfigError


def setting(default: Any, description: str) -> Any:
    """A Context field with its user-facing description (shown by Studio and the batch CLI's --help)."""
    return field(default=default, metadata={"description": description})


@dataclass(kw_only=True)
class Context:
    """Settings of one PMSR run. Defaults follow the authors' public code (SPEC §2)."""

    # --- models -------------------------------------------------------------------------------
    model: str = setting(
        "embedded",
        (
            "Chat model spec: 'embedded' (offline SmolLM2 + image tags), 'ollama:<model>', "
            "'openai:<model>' (any OpenAI-compatible endpoint) or 'hf:<local path>'."
        ),
    )
    text_embedder: str = setting(
        "embedded",
        ("Text embedder spec: 'embedded' (all-MiniLM-L6-v2), 'ollama:<m>', 'openai:<m>' or 'hf:<path>'."),
    )
    image_embedder: str = setting(
        "embedded",
        ("Image embedder spec: 'embedded' (EfficientNet-Lite0 features) or 'hf:<CLIP/SigLIP path>'."),
    )
    operators: Literal["auto", "generative", "extractive"] = setting(
        "auto",
        (
            "How operators run: 'generative' = the paper's LLM prompts; 'extractive' = no generation where a "
            "small model would do harm (tags+neighbour titles, top sentences); 'auto' = extractive only for "
            "the embedded model."
        ),
    )
    temperature: float = setting(0.0, "Sampling temperature of the chat model.")
    max_tokens: int = setting(512, "Most tokens the chat model may write per call.")
    timeout_s: float = setting(120.0, "Seconds before a model call is abandoned.")
    max_retries: int = setting(1, "Retries of a failed model call.")
    device: str = setting(
        "auto",
        (
            "Where in-process models run (embedded, hf:): 'auto' (cuda, else mps, else cpu), 'cpu', 'cuda', "
            "'cuda:<n>' or 'mps'. Model servers ignore it."
        ),
    )
    dtype: Literal["auto", "float32", "float16", "bfloat16"] = setting(
        "auto", "Weight dtype of in-process models: 'auto' = float32 on CPU, bfloat16/float16 on a GPU."
    )

    # --- knowledge bases ----------------------------------------------------------------------
    kb_dir: str = setting(
        "kb_data/demo", ("Folder of the embedded Chroma KB (built with `python -m kb.build`).")
    )
    chroma_host: str = setting(
        "", ("Host of a Chroma server; when set, the KB is read from the server instead of kb_dir.")
    )
    chroma_port: int = setting(8000, "Port of the Chroma server.")
    kb_name: str = setting("pmsr", "Name prefix of the KB's Chroma collections.")

    # --- PMSR hyper-parameters -----------------------------------------------------------------
    k_text: int = setting(20, "Text passages retrieved per iteration.")
    k_image: int = setting(10, "Image–text pairs retrieved per iteration.")
    w: float = setting(0.5, ("Weight of text similarity in the pair score w·cos_text + (1−w)·cos_img."))
    tau: float = setting(0.9, "Saturation threshold: stop when max query similarity ≥ tau.")
    max_iter: int = setting(3, "Most iterations after the initial record.")

    # --- ablation switches (paper Table 6) -------------------------------------------------------
    trajectory_query: bool = setting(
        True, ("Write a trajectory-level query each iteration (False: record-level query only).")
    )
    kbs: Literal["both", "text", "pairs"] = setting(
        "both", ("Which KBs to search: both, the text KB only, or the multimodal (image–text pair) KB only.")
    )
    single_pass: bool = setting(False, ("Answer right after the initial record (no iteration)."))
    adaptive_stop: bool = setting(True, ("Stop on saturation (False: always run max_iter iterations)."))

    # --- web-equipped variant ------------------------------------------------------------------
    web: bool = setting(
        False, ("Use web search (ddgs + page extraction) for text and a Lens-style lookup at iteration 0.")
    )
    lens_provider: str = setting(
        "local",
        ("Image lookup at iteration 0: 'local' (reverse image search over the pair KB) or 'serpapi'."),
    )
    search_backend: str = setting("auto", "ddgs backend(s), e.g. 'auto', 'duckduckgo'.")
    search_region: str = setting("wt-wt", "ddgs region code.")
    search_max_results: int = setting(5, "Web results fetched per query.")
    search_retries: int = setting(
        3, ("Attempts per web search when the engine rate-limits or times out (exponential backoff).")
    )
    search_retry_s: float = setting(
        1.0, ("First backoff delay in seconds between web search attempts (doubles each retry, at most 8 s).")
    )
    condense_threshold: int = setting(
        400, ("Record-level web queries longer than this many characters are condensed to keywords first.")
    )
    fetch_concurrency: int = setting(4, "Pages fetched and summarised at once.")
    web_cache_dir: str = setting(".cache/pmsr-web", "SQLite cache of searches and pages.")
    web_cache_ttl_s: float = setting(7 * 24 * 3600.0, "Seconds a cached web result stays fresh.")
    web_refresh: bool = setting(False, "Ignore the web cache and refetch.")
    allow_private_urls: bool = setting(
        False, ("Allow fetching loopback/private/link-local addresses (only for local testing).")
    )

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

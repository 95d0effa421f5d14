"""Run-time configuration of the PMSR graph, and what a client of a served graph may set of it.

Read inside nodes through `Runtime[Context]`. Every field falls back to an environment variable
`PMSR_<FIELD>` (for example `PMSR_MODEL=ollama:qwen2.5vl:7b`) when it is left at its default, so a
deployed `langgraph dev` server can be configured without code.

Two kinds of settings. Per-run settings (budgets, k, thresholds, ablation switches, web on/off, a
provider among those the operator configured) are the caller's choice. Operator settings
(`operator=True`: anything naming a place on the server or the network, model and embedder specs,
safety switches, timeouts and caps) come only from the environment, `langgraph.json` or in-process
code. `client_schema(Context)` is the context a served graph advertises and accepts: per-run fields
only, operator fields fixed at the operator's values; `check_client_settings` is the refusal.
"""

from __future__ import annotations

import functools
import os
import typing
from collections.abc import Mapping
from dataclasses import Field, dataclass, field, fields, make_dataclass
from typing import Any, ClassVar, Literal, TypeVar

from pydantic.json_schema import SkipJsonSchema

from core.errors import ConfigError
from core.limits import DEFAULT_MAX_BYTES, DEFAULT_MAX_PIXELS, MAX_K

C = TypeVar("C", bound="Context")


def setting(
    default: Any, description: str, *, operator: bool = False, client_range: tuple[float, float] | None = None
) -> Any:
    """A Context field with its user-facing description (shown by Studio and the batch CLI's --help).

    `operator=True` marks a setting only the operator may choose (KB location, servers, models,
    folders, safety switches, timeouts, caps): environment variables, `langgraph.json` or in-process
    code — never a remote client of a served graph. `client_range=(low, high)` bounds the values a
    client may ask for (in-process callers are not bounded).
    """
    metadata = {"description": description, "operator": operator, "client_range": client_range}
    return field(default=default, metadata=metadata)


def env_name(name: str) -> str:
    """The environment variable a setting falls back to."""
    return f"PMSR_{name.upper()}"


def is_operator_setting(name: str, schema: type[Context] | None = None) -> bool:
    """Whether field `name` of `schema` (default: `Context`) is operator-only."""
    return bool(_fields(schema or Context)[name].metadata.get("operator"))


def client_settings(schema: type[Context]) -> list[str]:
    """The per-run settings of `schema`: what a client of a served graph may set."""
    return [name for name, f in _fields(schema).items() if not f.metadata.get("operator")]


@dataclass(kw_only=True)
class Context:
    """Settings of one PMSR run.

    Defaults follow the authors' public code: k_text=20, k_image=10, w=0.5, tau=0.9, max_iter=3.
    """

    served: ClassVar[bool] = False  # True on `client_schema(...)` contexts: a remote client's run

    # --- models -------------------------------------------------------------------------------
    model: str = setting(
        "embedded",
        (
            "Chat model spec: 'embedded' (offline SmolLM2 + image tags), 'ollama:<model>', "
            "'openai:<model>' (any OpenAI-compatible endpoint) or 'hf:<local path>'."
        ),
        operator=True,
    )
    text_embedder: str = setting(
        "embedded",
        ("Text embedder spec: 'embedded' (all-MiniLM-L6-v2), 'ollama:<m>', 'openai:<m>' or 'hf:<path>'."),
        operator=True,
    )
    image_embedder: str = setting(
        "embedded",
        ("Image embedder spec: 'embedded' (EfficientNet-Lite0 features) or 'hf:<CLIP/SigLIP path>'."),
        operator=True,
    )
    operators: Literal["auto", "generative", "extractive"] = setting(
        "auto",
        (
            "How operators run: 'generative' = the paper's LLM prompts; 'extractive' = no generation where a "
            "small model would do harm (tags+neighbour titles, top sentences); 'auto' = extractive only for "
            "the embedded model."
        ),
    )
    temperature: float = setting(0.0, "Sampling temperature of the chat model.", client_range=(0.0, 2.0))
    max_tokens: int = setting(512, "Most tokens the chat model may write per call.", operator=True)
    timeout_s: float = setting(120.0, "Seconds before a model call is abandoned.", operator=True)
    max_retries: int = setting(1, "Retries of a failed model call.", operator=True)
    device: str = setting(
        "auto",
        (
            "Where in-process models run (embedded, hf:): 'auto' (cuda, else mps, else cpu), 'cpu', 'cuda', "
            "'cuda:<n>' or 'mps'. Model servers ignore it."
        ),
        operator=True,
    )
    dtype: Literal["auto", "float32", "float16", "bfloat16"] = setting(
        "auto",
        "Weight dtype of in-process models: 'auto' = float32 on CPU, bfloat16/float16 on a GPU.",
        operator=True,
    )

    # --- knowledge bases ----------------------------------------------------------------------
    kb_dir: str = setting(
        "kb_data/demo",
        ("Folder of the embedded Chroma KB (built with `python -m kb.build`)."),
        operator=True,
    )
    chroma_host: str = setting(
        "",
        ("Host of a Chroma server; when set, the KB is read from the server instead of kb_dir."),
        operator=True,
    )
    chroma_port: int = setting(8000, "Port of the Chroma server.", operator=True)
    kb_name: str = setting("pmsr", "Name prefix of the KB's Chroma collections.", operator=True)

    # --- PMSR hyper-parameters -----------------------------------------------------------------
    k_text: int = setting(20, "Text passages retrieved per iteration.", client_range=(0, 100))
    k_image: int = setting(10, "Image–text pairs retrieved per iteration.", client_range=(0, 100))
    w: float = setting(
        0.5,
        "Weight of text similarity in the pair score w·cos_text + (1−w)·cos_img.",
        client_range=(0.0, 1.0),
    )
    tau: float = setting(
        0.9, "Saturation threshold: stop when the saturation score ≥ tau.", client_range=(0.0, 1.0)
    )
    saturation: Literal["every", "any", "trajectory"] = setting(
        "trajectory",
        (
            "Which new queries must repeat earlier ones (cosine ≥ tau) for an iteration to be saturated: "
            "'every' one of them (a fresh trajectory-level query keeps the search going), 'any' one (the "
            "max over all query pairs: a repeated record-level query alone stops the run), or the "
            "'trajectory'-level one (the scope that carries the question's intent; the record-level query "
            "changes with every record)."
        ),
    )
    max_iter: int = setting(3, "Most iterations after the initial record.", client_range=(0, 10))

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
    search_backend: str = setting("auto", "ddgs backend(s), e.g. 'auto', 'duckduckgo'.", operator=True)
    search_region: str = setting("wt-wt", "ddgs region code.")
    search_max_results: int = setting(5, "Web results fetched per query.", client_range=(1, 20))
    search_retries: int = setting(
        3,
        ("Attempts per web search when the engine rate-limits or times out (exponential backoff)."),
        operator=True,
    )
    search_retry_s: float = setting(
        1.0,
        ("First backoff delay in seconds between web search attempts (doubles each retry, at most 8 s)."),
        operator=True,
    )
    condense_threshold: int = setting(
        400,
        "Record-level web queries longer than this many characters are condensed to keywords first.",
        client_range=(0, 100_000),
    )
    fetch_concurrency: int = setting(4, "Pages fetched and summarised at once.", operator=True)
    web_cache_dir: str = setting(".cache/pmsr-web", "SQLite cache of searches and pages.", operator=True)
    web_cache_ttl_s: float = setting(
        7 * 24 * 3600.0, "Seconds a cached web result stays fresh.", operator=True
    )
    web_refresh: bool = setting(False, "Ignore the web cache and refetch.")
    allow_private_urls: bool = setting(
        False,
        ("Allow fetching loopback/private/link-local addresses (only for local testing)."),
        operator=True,
    )

    # --- inputs (bounds on what a run accepts) --------------------------------------------------
    image_roots: str = setting(
        "",
        (
            f"Folders image paths may be read from ({os.pathsep!r}-separated). Empty: any path for "
            "in-process callers, no path at all for clients of a served graph (they send base64 or a "
            "data: URL)."
        ),
        operator=True,
    )
    max_image_bytes: int = setting(
        DEFAULT_MAX_BYTES, "Largest encoded image accepted, in bytes.", operator=True
    )
    max_image_pixels: int = setting(
        DEFAULT_MAX_PIXELS,
        "Most pixels (width × height) an image may declare; checked before decoding.",
        operator=True,
    )
    max_question_chars: int = setting(2000, "Longest question accepted, in characters.", operator=True)

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
        raise ConfigError(f"{env_name(name)}={raw!r} is not a valid {type(default).__name__}") from exc
    return raw


# --- what a client of a served graph may set ---------------------------------------------------------


@functools.cache
def _fields(schema: type[Context]) -> dict[str, Field]:
    return {f.name: f for f in fields(schema)}


@functools.cache
def _hints(schema: type[Context]) -> dict[str, Any]:
    return typing.get_type_hints(schema)


def check_client_settings(schema: type[Context], values: Mapping[str, Any]) -> None:
    """Raise `ConfigError` (one line) when a remote client's run context is not acceptable.

    Refused: operator settings (the message names each one and its environment variable), unknown
    names, values of the wrong type and values outside a setting's `client_range`.
    """
    known = _fields(schema)
    per_run = ", ".join(client_settings(schema))
    operator = sorted(name for name in values if name in known and known[name].metadata.get("operator"))
    if operator:
        raise ConfigError(
            f"{', '.join(operator)}: operator-only (a client of a served graph cannot set "
            f"{'it' if len(operator) == 1 else 'them'}); the operator sets "
            f"{', '.join(env_name(name) for name in operator)} in the server's environment or "
            f'langgraph.json "env". Per-run settings: {per_run}'
        )
    unknown = sorted(name for name in values if name not in known)
    if unknown:
        raise ConfigError(f"unknown setting(s) {', '.join(unknown)}. Per-run settings: {per_run}")
    for name, value in values.items():
        _check_client_value(name, value, known[name], _hints(schema)[name])


def _check_client_value(name: str, value: Any, spec: Field, hint: Any) -> None:
    """A JSON client's value must have the setting's type (ints pass for floats) and lie in its range."""
    if typing.get_origin(hint) is Literal:
        if value not in typing.get_args(hint):
            raise ConfigError(f"setting {name}={value!r} is not one of {list(typing.get_args(hint))}")
        return
    default = spec.default
    number = isinstance(default, float) and isinstance(value, int | float) and not isinstance(value, bool)
    if not number and type(value) is not type(default):
        kind = {bool: "true/false", int: "an integer", str: "a string"}.get(type(default), "a number")
        raise ConfigError(f"setting {name}={value!r} is not {kind}")
    bounds = spec.metadata.get("client_range")
    if bounds is not None and not bounds[0] <= value <= bounds[1]:
        raise ConfigError(
            f"setting {name}={value!r} is outside the range a client may ask for: {list(bounds)}"
        )


@functools.cache
def client_schema(schema: type[C]) -> type[C]:
    """`schema` as a served graph's context: what its clients may send, and what Studio's form shows.

    A subclass of `schema` (nodes read it like any context) whose operator fields cannot be passed
    (`init=False`, so they keep the operator's value: the environment or the default) and are left
    out of its JSON schema; constructing it from a client's values refuses them with
    `check_client_settings`. Its `served` flag makes nodes apply the served input bounds (image paths
    only under `image_roots`).
    """
    hints = _hints(schema)
    fixed = [
        (f.name, SkipJsonSchema[hints[f.name]], field(default=f.default, init=False, metadata=f.metadata))
        for f in fields(schema)
        if f.metadata.get("operator")
    ]
    served = make_dataclass(
        f"Client{schema.__name__}",
        fixed,
        bases=(schema,),
        kw_only=True,
        namespace={"served": True, "__doc__": f"Per-run settings of {schema.__name__} a client may send."},
    )
    generated_init = served.__init__

    def __init__(self: C, **values: Any) -> None:
        check_client_settings(schema, values)
        generated_init(self, **values)

    served.__init__ = __init__
    return served


@dataclass(kw_only=True)
class PromsaContext(Context):
    """Settings of one ProMSA agent run: the models and KB of `Context`, plus the agent's budgets.

    Defaults follow the authors' public code (4 text searches, 3 image searches, top-3 per call).
    PMSR's hyper-parameters and ablation switches (`k_text`, `tau`, `max_iter`, …) do not apply to
    the agent, and it searches the local KBs only (no `web`). Env fallbacks as for every field:
    `PMSR_TEXT_SEARCH_BUDGET`, `PMSR_IMAGE_SEARCH_K`, ….
    """

    text_search_budget: int = setting(4, "Text searches the agent may make per question.")
    image_search_budget: int = setting(3, "Image searches the agent may make per question.")
    text_search_k: int = setting(3, "Passages one text search returns (ids already returned are skipped).")
    image_search_k: int = setting(
        3, "Image–text pairs one image search returns (ids already returned are skipped)."
    )
    action_protocol: Literal["auto", "native", "tagged"] = setting(
        "auto",
        (
            "How the model states its action: 'native' tool calling (bind_tools), 'tagged' text "
            "(<tool_call>{json}</tool_call> or <answer>…</answer>), or 'auto' = native when the model "
            "supports tool calling (Ollama, OpenAI-compatible) and tagged otherwise."
        ),
    )
    max_tool_calls: int = setting(
        16, "Most tool calls one agent run may be budgeted (larger budgets are refused).", operator=True
    )

    def __post_init__(self) -> None:
        if self.web:  # asked for by the caller; PMSR_WEB in the environment is meant for PMSR and ignored
            raise ConfigError("the ProMSA agent searches the local KBs only: drop web=True (or use pmsr_web)")
        super().__post_init__()
        self.web = False
        budgets = {
            "text_search_budget": self.text_search_budget,
            "image_search_budget": self.image_search_budget,
        }
        if min(budgets.values()) < 0 or sum(budgets.values()) > self.max_tool_calls:
            raise ConfigError(
                f"agent budgets {budgets} must be ≥ 0 and sum to at most max_tool_calls={self.max_tool_calls}"
            )
        for name in ("text_search_k", "image_search_k"):
            if not 1 <= getattr(self, name) <= MAX_K:
                raise ConfigError(f"{name}={getattr(self, name)} must lie in 1..{MAX_K}")


@dataclass(kw_only=True)
class ChainContext(Context):
    """Settings of an MC-Search pipeline run: the models and KB of `Context`, and how much
    evidence one retrieval step keeps. The fixed-step baselines `rag1` and `rag2` read only these.

    They search the local KBs only (no `web`); PMSR's hyper-parameters (`k_text`, `tau`, …) do not apply.
    """

    top_k: int = setting(
        1, "Evidence kept per retrieval step (MC-Search keeps the top-1).", client_range=(1, MAX_K)
    )

    def __post_init__(self) -> None:
        if self.web:  # asked for by the caller; PMSR_WEB in the environment is meant for PMSR and ignored
            raise ConfigError(
                "the MC-Search pipelines search the local KBs only: drop web=True (or use pmsr_web)"
            )
        super().__post_init__()
        self.web = False
        if not 1 <= self.top_k <= MAX_K:
            raise ConfigError(f"top_k={self.top_k} must lie in 1..{MAX_K}")


@dataclass(kw_only=True)
class McSearchContext(ChainContext):
    """Settings of one MC-Search agentic pipeline run (the MC-Search paper, arXiv:2603.00873, §3.1).

    Each iteration the model writes a sub-question and a retrieval modality (or ends with the final
    answer), the top-`top_k` evidence is retrieved, and the model writes the intermediate answer. The
    loop ends at `<End>` or after `max_iter` retrieval steps (5, the loop of the pipeline MC-Search
    builds on). Two evaluation modes answer without the pipeline's own retrieval: `retrieval=False`
    (no evidence at all: the F1 w/o R that ΔF1 subtracts) and `gold_evidence=True` (the gold chain's
    sub-questions and evidence, sent as `gold_chain` with the question: Golden F1).
    """

    max_iter: int = setting(
        5, "Most retrieval steps before the model must give its final answer.", client_range=(1, 10)
    )
    retrieval: bool = setting(
        True, "Retrieve evidence (False: answer from the question and image alone, for ΔF1's baseline run)."
    )
    gold_evidence: bool = setting(
        False,
        "Answer from the gold chain given with the question (its sub-questions, evidence and hop answers: "
        "the Golden F1 run) instead of planning and retrieving.",
    )

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.gold_evidence and not self.retrieval:
            raise ConfigError("gold_evidence=True and retrieval=False exclude each other: choose one")
        if self.max_iter < 1:
            raise ConfigError(f"max_iter={self.max_iter} must be at least 1")

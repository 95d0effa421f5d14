"""tools/devices.py: device and dtype selection, and that models land where the settings say."""

from __future__ import annotations

import numpy as np
import pytest
import torch

from core.context import Context
from core.errors import ConfigError
from tools import image_tags
from tools.devices import Placement, placement, resolve_device, resolve_dtype
from tools.embedders import make_image_embedder, make_text_embedder
from tools.models import ModelSettings, check_backend, make_chat_model

CPU = torch.device("cpu")


@pytest.fixture
def gpus(monkeypatch: pytest.MonkeyPatch):
    """Pretend torch sees `cuda` CUDA GPUs (bf16-capable or not) and/or an Apple GPU."""

    def pretend(cuda: int = 0, mps: bool = False, bf16: bool = True) -> None:
        monkeypatch.setattr(torch.cuda, "is_available", lambda: cuda > 0)
        monkeypatch.setattr(torch.cuda, "device_count", lambda: cuda)
        monkeypatch.setattr(torch.cuda, "is_bf16_supported", lambda *args, **kwargs: bf16)
        monkeypatch.setattr(torch.backends.mps, "is_available", lambda: mps)

    return pretend


def test_auto_prefers_cuda_then_mps_then_cpu(gpus) -> None:
    gpus(cuda=1, mps=True)
    assert placement("auto", "auto") == Placement(torch.device("cuda"), torch.bfloat16)
    gpus(cuda=1, bf16=False)
    assert placement("auto", "auto") == Placement(torch.device("cuda"), torch.float16)
    gpus(mps=True)
    assert placement("auto", "auto") == Placement(torch.device("mps"), torch.float16)
    gpus()
    assert placement("auto", "auto") == Placement(CPU, torch.float32)


def test_explicit_devices_and_dtypes(gpus) -> None:
    gpus(cuda=2)
    assert resolve_device("cuda:1") == torch.device("cuda", 1)
    assert resolve_device("cpu") == CPU
    assert placement("cpu", "bfloat16") == Placement(CPU, torch.bfloat16)
    assert placement("cuda", "float32") == Placement(torch.device("cuda"), torch.float32)
    assert resolve_dtype("float16", CPU) == torch.float16


@pytest.mark.parametrize(
    ("device", "dtype", "message"),
    [
        ("cuda", "auto", "'cuda' is not available here .*PMSR_DEVICE"),
        ("cuda:0", "auto", "'cuda:0' is not available here"),
        ("mps", "auto", "'mps' is not available here .*PMSR_DEVICE"),
        ("tpu", "auto", "unknown device 'tpu': use auto, cpu, cuda"),
        ("banana", "auto", "unknown device 'banana'"),
        ("meta", "auto", "unsupported device 'meta'"),
        ("cpu", "float64", "unknown dtype 'float64': use auto, float32, float16, bfloat16"),
    ],
)
def test_unavailable_or_unknown_settings_are_one_line_config_errors(gpus, device, dtype, message) -> None:
    gpus()
    with pytest.raises(ConfigError, match=message) as caught:
        placement(device, dtype)
    assert "\n" not in str(caught.value)


def test_a_gpu_index_beyond_the_visible_ones_is_refused(gpus) -> None:
    gpus(cuda=1)
    with pytest.raises(ConfigError, match="'cuda:1' is not available: torch sees 1 CUDA GPU"):
        placement("cuda:1", "auto")


def test_settings_come_from_the_environment_unless_given(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PMSR_DEVICE", "cpu")
    monkeypatch.setenv("PMSR_DTYPE", "bfloat16")
    assert placement() == Placement(CPU, torch.bfloat16)
    assert placement(dtype="float32") == Placement(CPU, torch.float32)
    assert ModelSettings().device == "cpu" and ModelSettings().dtype == "bfloat16"
    context = Context()
    assert (context.device, context.dtype) == ("cpu", "bfloat16")
    monkeypatch.delenv("PMSR_DEVICE")
    monkeypatch.delenv("PMSR_DTYPE")
    assert (ModelSettings().device, ModelSettings().dtype) == ("auto", "auto")
    assert (Context().device, Context().dtype) == ("auto", "auto")


def test_local_models_check_the_device_when_created_servers_ignore_it(gpus) -> None:
    gpus()
    with pytest.raises(ConfigError, match="'cuda' is not available"):
        make_chat_model("embedded", ModelSettings(device="cuda"))
    with pytest.raises(ConfigError, match="'cuda' is not available"):
        make_text_embedder("embedded", device="cuda")
    with pytest.raises(ConfigError, match="'mps' is not available"):
        make_image_embedder("embedded", device="mps")
    assert make_chat_model("ollama:m", ModelSettings(device="cuda")) is not None
    with pytest.raises(ConfigError, match="'cuda' is not available"):
        check_backend("embedded", device="cuda")
    check_backend("embedded", device="cpu", dtype="bfloat16")
    assert make_text_embedder("ollama:m", device="cuda").id == "ollama:m"


def test_model_caches_are_keyed_by_placement() -> None:
    f32 = make_chat_model("embedded", ModelSettings(device="cpu", dtype="float32"))
    bf16 = make_chat_model("embedded", ModelSettings(device="cpu", dtype="bfloat16"))
    assert f32 is not bf16 and (f32.device, f32.dtype, bf16.dtype) == ("cpu", "float32", "bfloat16")
    assert make_text_embedder("embedded", "cpu", "bfloat16") is not make_text_embedder("embedded", "cpu")
    assert make_image_embedder("embedded", "cpu", "bfloat16") is not make_image_embedder("embedded", "cpu")


# ---- the embedded models really run in the chosen dtype (CPU float32 vs CPU bfloat16) ------------


@pytest.mark.slow
def test_minilm_runs_in_bfloat16_and_ranks_like_float32() -> None:
    f32 = make_text_embedder("embedded", "cpu", "float32")
    bf16 = make_text_embedder("embedded", "cpu", "bfloat16")
    texts = ["The Eiffel Tower is in Paris.", "Photosynthesis happens in leaves.", "Where is the tower?"]
    a, b = f32.embed_texts(texts), bf16.embed_texts(texts)
    assert {p.dtype for p in bf16._model.parameters()} == {torch.bfloat16}
    assert {p.dtype for p in f32._model.parameters()} == {torch.float32}
    assert b.dtype == np.float32 and np.allclose(np.linalg.norm(b, axis=1), 1.0, atol=1e-5)
    assert not np.array_equal(a, b) and float(np.min(np.sum(a * b, axis=1))) > 0.99
    assert bf16.id == f32.id  # interchangeable vectors: a KB built with one serves the other


@pytest.mark.slow
def test_efficientnet_runs_in_bfloat16() -> None:
    from PIL import Image

    pixels = np.random.default_rng(0).integers(0, 255, (240, 320, 3), dtype=np.uint8)
    image = Image.fromarray(pixels)
    bf16 = Placement(CPU, torch.bfloat16)
    features = image_tags.embed_images([image], bf16)
    assert {p.dtype for p in image_tags._network(bf16).parameters()} == {torch.bfloat16}
    assert features.dtype == np.float32 and features.shape == (1, image_tags.FEATURE_DIM)
    reference = image_tags.embed_images([image], Placement(CPU, torch.float32))
    assert float(features[0] @ reference[0]) > 0.98

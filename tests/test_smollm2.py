"""tools/smollm2.py: the converted-once SmolLM2 equals transformers' own GGUF load; the cache folder."""

from __future__ import annotations

import contextlib
import errno
import io
from pathlib import Path

import pytest
import torch

from core.errors import ConfigError
from tools.devices import placement, torch_threads
from tools.smollm2 import cached_load, converted_folder, load_smollm2, publish, smollm2_file


def _write(files: dict[str, str]):
    def build(folder: Path) -> None:
        for name, text in files.items():
            (folder / name).write_text(text)

    return build


def _leftovers(root: Path, keep: str) -> list[str]:
    return sorted(p.name for p in root.iterdir() if p.name != keep)


# ---- the cache folder (no model) ------------------------------------------------------------------


def test_publish_makes_the_folder_whole_or_not_at_all(tmp_path: Path) -> None:
    target = tmp_path / "cache" / "model-1"
    publish(target, _write({"a.txt": "A", "b.txt": "B"}))
    assert sorted(p.name for p in target.iterdir()) == ["a.txt", "b.txt"]
    assert _leftovers(target.parent, keep="model-1") == []

    def crash(folder: Path) -> None:
        (folder / "half.txt").write_text("partial")
        raise RuntimeError("killed midway")

    broken = tmp_path / "cache" / "model-2"
    with pytest.raises(RuntimeError, match="killed midway"):
        publish(broken, crash)
    assert not broken.exists() and _leftovers(target.parent, keep="model-1") == []


def test_a_build_that_cannot_write_is_a_config_error_and_leaves_nothing(tmp_path: Path) -> None:
    def disk_full(folder: Path) -> None:
        (folder / "part.bin").write_bytes(b"x")
        raise OSError(errno.ENOSPC, "No space left on device")

    with pytest.raises(ConfigError, match="No space left on device.*PMSR_CACHE_DIR"):
        publish(tmp_path / "model", disk_full)
    assert list(tmp_path.iterdir()) == []


def test_publish_keeps_the_copy_of_a_process_that_won_the_race(tmp_path: Path) -> None:
    target = tmp_path / "model"

    def lose_the_race(folder: Path) -> None:
        (folder / "mine.txt").write_text("ours")
        target.mkdir()  # another process renames its finished copy into place meanwhile
        (target / "theirs.txt").write_text("theirs")

    publish(target, lose_the_race)
    assert [p.name for p in target.iterdir()] == ["theirs.txt"]
    assert _leftovers(tmp_path, keep="model") == []


def test_cached_load_builds_once_then_reads_and_rebuilds_a_damaged_folder(tmp_path: Path) -> None:
    target = tmp_path / "model"
    builds: list[Path] = []

    def build(folder: Path) -> None:
        builds.append(folder)
        (folder / "weights.txt").write_text("42")

    def load(folder: Path) -> int:
        return int((folder / "weights.txt").read_text())

    assert cached_load(target, build, load) == 42 and len(builds) == 1
    assert cached_load(target, build, load) == 42 and len(builds) == 1  # read, not rebuilt
    (target / "weights.txt").write_text("corrupt")
    assert cached_load(target, build, load) == 42 and len(builds) == 2
    assert _leftovers(tmp_path, keep="model") == []


def test_an_unwritable_cache_root_is_a_config_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("PMSR_CACHE_DIR", str(blocker / "cache"))
    with pytest.raises(ConfigError, match="PMSR_CACHE_DIR") as caught:
        publish(converted_folder(smollm2_file()), _write({}))
    assert str(blocker) in str(caught.value) and "\n" not in str(caught.value)


def test_the_cache_folder_follows_pmsr_cache_dir_and_the_file(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("PMSR_CACHE_DIR", str(tmp_path))
    gguf = tmp_path / "model.gguf"
    gguf.write_bytes(b"v1")
    first = converted_folder(gguf)
    assert first.parent == tmp_path and first == converted_folder(gguf)
    gguf.write_bytes(b"v2 longer")
    assert converted_folder(gguf) != first


# ---- the real model against transformers' reference GGUF load ------------------------------------


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One model cache for this module's tests (each converts into it when it finds it empty)."""
    folder = tmp_path_factory.mktemp("pmsr-cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PMSR_CACHE_DIR", str(folder))
        yield folder


@pytest.fixture(scope="module")
def reference() -> tuple:
    """SmolLM2 as transformers loads the GGUF itself (the slow path this module replaces)."""
    from transformers import AutoModelForCausalLM, AutoTokenizer

    path = smollm2_file()
    with contextlib.redirect_stderr(io.StringIO()):
        tokenizer = AutoTokenizer.from_pretrained(path.parent, gguf_file=path.name)
        model = AutoModelForCausalLM.from_pretrained(path.parent, gguf_file=path.name)
    return tokenizer, model.eval()


def _greedy(tokenizer, model, text: str) -> list[int]:
    chat = [{"role": "user", "content": text}]
    ids = tokenizer.apply_chat_template(
        chat, add_generation_prompt=True, return_tensors="pt", return_dict=True
    )
    with torch.inference_mode(), torch_threads(1):  # decoding a small model: one thread is fastest
        out = model.generate(**ids, do_sample=False, max_new_tokens=12, pad_token_id=tokenizer.eos_token_id)
    return out[0].tolist()


@pytest.mark.slow
def test_converted_model_equals_the_reference_load(reference: tuple, cache_dir: Path) -> None:
    tokenizer, model = load_smollm2(placement("cpu", "float32"))
    ref_tokenizer, ref_model = reference
    assert [p.name for p in cache_dir.iterdir()] == [converted_folder(smollm2_file()).name]

    unnamed = {"_name_or_path", "quantization_config"}  # where it was read from, not what it is
    ours_config, their_config = model.config.to_dict(), ref_model.config.to_dict()
    assert {k: v for k, v in ours_config.items() if k not in unnamed} == {
        k: v for k, v in their_config.items() if k not in unnamed
    }

    ours, theirs = model.state_dict(), ref_model.state_dict()
    assert ours.keys() == theirs.keys()
    assert all(torch.equal(ours[name], theirs[name]) for name in theirs)
    assert model.generation_config.to_dict() == ref_model.generation_config.to_dict()
    for text in ["What is the capital of France?", "  Ünïcödé ✓ 日本語 <|im_end|> 123\n"]:
        assert tokenizer(text)["input_ids"] == ref_tokenizer(text)["input_ids"]
    question = "Name three rivers of Europe."
    assert _greedy(tokenizer, model, question) == _greedy(ref_tokenizer, ref_model, question)


@pytest.mark.slow
def test_smollm2_loads_in_the_chosen_dtype(cache_dir: Path) -> None:
    tokenizer, model = load_smollm2(placement("cpu", "bfloat16"))
    assert model.dtype == torch.bfloat16 and model.device.type == "cpu"
    assert all(p.dtype == torch.bfloat16 for p in model.parameters())
    with torch.inference_mode():
        logits = model(**tokenizer("The capital of France is", return_tensors="pt")).logits
    assert logits.dtype == torch.bfloat16 and bool(torch.isfinite(logits).all())


@pytest.mark.slow
def test_a_damaged_cached_model_is_converted_again(reference: tuple, cache_dir: Path) -> None:
    load_smollm2(placement("cpu", "float32"))
    weights = converted_folder(smollm2_file()) / "model.safetensors"
    with weights.open("r+b") as handle:  # a disk that filled up, a copy that was cut short
        handle.truncate(weights.stat().st_size // 2)
    _, model = load_smollm2(placement("cpu", "float32"))
    theirs = reference[1].state_dict()
    assert all(torch.equal(value, theirs[name]) for name, value in model.state_dict().items())

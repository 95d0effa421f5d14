"""tools/models.py: request shapes against real local fake servers, failure translation, embedded model."""

from __future__ import annotations

import asyncio
import base64
import io
import threading
import time
from pathlib import Path

import numpy as np
import pytest
import torch
from langchain_core.language_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage
from PIL import Image

from core.errors import BackendUnavailable, ConfigError, ModelNotFound
from tests.conftest import free_port
from tests.fake_servers import FakeModelServer
from tools.images import LoadedImage, load_image
from tools.models import (
    EmbeddedChatModel,
    ModelSettings,
    _load_vlm,
    check_backend,
    image_message,
    make_chat_model,
    register_chat_model,
)

SHARED_IMAGES = Path(__file__).resolve().parents[2] / "shared" / "data" / "dev" / "pkg_images" / "images"
FAST = ModelSettings(temperature=0.25, max_tokens=33, timeout_s=3.0, max_retries=0)


@pytest.fixture(scope="module")
def image() -> LoadedImage:
    pixels = np.random.default_rng(3).integers(0, 255, (24, 32, 3), dtype=np.uint8)
    buf = io.BytesIO()
    Image.fromarray(pixels).save(buf, format="PNG")
    return load_image(buf.getvalue())


@pytest.fixture
def server() -> FakeModelServer:
    with FakeModelServer(replies=["The answer is Paris."], models={"vlm"}) as running:
        yield running


@pytest.fixture
def ollama_env(server: FakeModelServer, monkeypatch: pytest.MonkeyPatch) -> FakeModelServer:
    monkeypatch.setenv("OLLAMA_HOST", server.url)
    return server


@pytest.fixture
def openai_env(server: FakeModelServer, monkeypatch: pytest.MonkeyPatch) -> FakeModelServer:
    monkeypatch.setenv("OPENAI_BASE_URL", server.url + "/v1")
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    return server


def test_image_message_has_text_then_data_url(image: LoadedImage) -> None:
    message = image_message("What is this?", image)
    assert message.content == [
        {"type": "text", "text": "What is this?"},
        {"type": "image_url", "image_url": {"url": image.data_url}},
    ]
    assert image_message("Only text", None).content == [{"type": "text", "text": "Only text"}]


# ---- Ollama -----------------------------------------------------------------------------------


def test_ollama_sends_model_options_and_the_image_bytes(
    ollama_env: FakeModelServer, image: LoadedImage
) -> None:
    model = make_chat_model("ollama:vlm", FAST)
    reply = model.invoke([SystemMessage("Be brief."), image_message("Where is this?", image)])
    assert isinstance(reply, AIMessage) and reply.content == "The answer is Paris."
    (request,) = ollama_env.requests
    assert request.path == "/api/chat"
    body = request.body
    assert body["model"] == "vlm"
    assert body["options"]["temperature"] == 0.25 and body["options"]["num_predict"] == 33
    system, user = body["messages"]
    assert system["role"] == "system" and system["content"] == "Be brief." and not system.get("images")
    assert user["role"] == "user" and user["content"].strip() == "Where is this?"
    assert [base64.b64decode(b) for b in user["images"]] == [image.data]


def test_ollama_streaming_yields_the_reply_in_pieces(ollama_env: FakeModelServer) -> None:
    model = make_chat_model("ollama:vlm", FAST)
    pieces = [chunk.content for chunk in model.stream("hi")]
    assert "".join(pieces) == "The answer is Paris."
    assert len([p for p in pieces if p]) >= 2
    (request,) = ollama_env.requests
    assert request.body["stream"] is True and request.body["model"] == "vlm"
    assert request.body["messages"] == [{"role": "user", "content": "hi"}]


def test_ollama_unknown_model_says_how_to_pull_it(ollama_env: FakeModelServer) -> None:
    with pytest.raises(ModelNotFound, match=r"no model 'llava:13b'.*ollama pull llava:13b"):
        make_chat_model("ollama:llava:13b", FAST).invoke("hi")


def test_ollama_unreachable_fails_fast_and_names_the_url(monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"http://127.0.0.1:{free_port()}"
    monkeypatch.setenv("OLLAMA_HOST", url)
    start = time.monotonic()
    with pytest.raises(BackendUnavailable, match=rf"cannot reach Ollama at {url}.*ollama serve"):
        make_chat_model("ollama:vlm", FAST).invoke("hi")
    assert time.monotonic() - start < FAST.timeout_s


def test_ollama_async_unreachable_is_translated_too(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OLLAMA_HOST", f"http://127.0.0.1:{free_port()}")
    with pytest.raises(BackendUnavailable, match="cannot reach Ollama"):
        asyncio.run(make_chat_model("ollama:vlm", FAST).ainvoke("hi"))


def test_ollama_slow_server_times_out_within_timeout(ollama_env: FakeModelServer) -> None:
    ollama_env.delay_s = 3.0
    settings = ModelSettings(timeout_s=0.5, max_retries=0)
    start = time.monotonic()
    with pytest.raises(BackendUnavailable, match=r"did not answer within 0.5 s"):
        make_chat_model("ollama:vlm", settings).invoke("hi")
    assert time.monotonic() - start < 2.0


def test_ollama_host_without_scheme_gets_http(
    server: FakeModelServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OLLAMA_HOST", server.url.removeprefix("http://"))
    assert make_chat_model("ollama:vlm", FAST).invoke("hi").content == "The answer is Paris."


# ---- OpenAI-compatible ------------------------------------------------------------------------


def test_openai_sends_model_options_key_and_data_url(openai_env: FakeModelServer, image: LoadedImage) -> None:
    model = make_chat_model("openai:vlm", FAST)
    reply = model.invoke([image_message("Where is this?", image)])
    assert reply.content == "The answer is Paris."
    (request,) = openai_env.requests
    assert request.path == "/v1/chat/completions"
    body = request.body
    assert body["model"] == "vlm"
    assert body["temperature"] == 0.25 and body["max_completion_tokens"] == 33
    assert request.headers["authorization"] == "Bearer EMPTY"
    text, picture = body["messages"][0]["content"]
    assert text == {"type": "text", "text": "Where is this?"}
    header, _, payload = picture["image_url"]["url"].partition(",")
    assert header == "data:image/png;base64" and base64.b64decode(payload) == image.data


def test_openai_streaming_works_through_the_wrapper(openai_env: FakeModelServer) -> None:
    text = "".join(chunk.content for chunk in make_chat_model("openai:vlm", FAST).stream("hi"))
    assert text == "The answer is Paris."
    (request,) = openai_env.requests
    assert request.body["stream"] is True and request.body["model"] == "vlm"
    assert request.body["messages"] == [{"role": "user", "content": "hi"}]


def test_openai_unknown_model_is_model_not_found(openai_env: FakeModelServer) -> None:
    with pytest.raises(ModelNotFound, match=rf"{openai_env.url}/v1 has no model 'gpt-x'"):
        make_chat_model("openai:gpt-x", FAST).invoke("hi")


def test_openai_unreachable_fails_fast_and_names_the_url(monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"http://127.0.0.1:{free_port()}/v1"
    monkeypatch.setenv("OPENAI_BASE_URL", url)
    start = time.monotonic()
    with pytest.raises(BackendUnavailable, match=rf"cannot reach the OpenAI-compatible server at {url}"):
        make_chat_model("openai:vlm", FAST).invoke("hi")
    assert time.monotonic() - start < FAST.timeout_s


def test_openai_slow_server_times_out_within_timeout(openai_env: FakeModelServer) -> None:
    openai_env.delay_s = 3.0
    start = time.monotonic()
    with pytest.raises(BackendUnavailable, match="did not answer within 0.5 s"):
        make_chat_model("openai:vlm", ModelSettings(timeout_s=0.5, max_retries=0)).invoke("hi")
    assert time.monotonic() - start < 2.0


def test_batch_requests_run_concurrently(openai_env: FakeModelServer) -> None:
    openai_env.replies = lambda body: body["messages"][0]["content"].upper()
    openai_env.delay_s = 0.4
    start = time.monotonic()
    replies = make_chat_model("openai:vlm", FAST).batch(["a", "b", "c", "d"])
    assert [r.content for r in replies] == ["A", "B", "C", "D"]
    assert time.monotonic() - start < 1.2  # 4 × 0.4 s if they ran one after another


@pytest.mark.parametrize(
    ("status", "error", "message"),
    [
        (500, BackendUnavailable, "failed \\(HTTP 500"),
        (401, ConfigError, "set OPENAI_API_KEY"),
        (400, ConfigError, "rejected the request \\(HTTP 400"),
    ],
)
def test_http_errors_are_translated(
    status: int,
    error: type[Exception],
    message: str,
    server: FakeModelServer,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("OLLAMA_HOST", server.url)
    monkeypatch.setenv("OPENAI_BASE_URL", server.url + "/v1")
    server.fail_with = status
    for spec in ("ollama:vlm", "openai:vlm"):
        with pytest.raises(error, match=message):
            make_chat_model(spec, FAST).invoke("hi")


# ---- factory, registry, pre-flight ------------------------------------------------------------


def test_models_are_cached_per_spec_and_settings(ollama_env: FakeModelServer) -> None:
    first = make_chat_model("ollama:vlm", FAST)
    assert make_chat_model("ollama:vlm", FAST) is first
    assert make_chat_model("ollama:vlm", ModelSettings(max_tokens=7)) is not first
    assert make_chat_model("embedded") is make_chat_model("embedded", ModelSettings())


@pytest.mark.parametrize("spec", ["gpt4", "ollama:", "azure:gpt-4o", ""])
def test_unknown_spec_lists_the_valid_forms(spec: str) -> None:
    with pytest.raises(ConfigError, match=r"embedded, ollama:<model>, openai:<model> or hf:<local path>"):
        make_chat_model(spec)


def test_missing_hf_checkpoint_names_the_path(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-vlm"
    with pytest.raises(ModelNotFound, match=rf"no Hugging Face checkpoint at {missing}"):
        make_chat_model(f"hf:{missing}")


def test_hf_folder_that_is_not_a_vlm_is_a_config_error(tmp_path: Path) -> None:
    (tmp_path / "config.json").write_text('{"model_type": "no-such-architecture"}')
    with pytest.raises(ConfigError, match=rf"{tmp_path} is not a loadable vision-language checkpoint"):
        make_chat_model(f"hf:{tmp_path}").invoke("hi")


def test_registered_model_is_returned_for_its_spec() -> None:
    fake = GenericFakeChatModel(messages=iter([AIMessage("scripted")]))
    register_chat_model("test:scripted", fake)
    assert make_chat_model("test:scripted", FAST) is fake
    assert make_chat_model("test:scripted").invoke("q").content == "scripted"
    check_backend("test:scripted")  # registered models need no pre-flight


def test_check_backend_ollama(ollama_env: FakeModelServer) -> None:
    check_backend("ollama:vlm")
    assert ollama_env.requests[-1].path == "/api/tags"
    with pytest.raises(ModelNotFound, match="ollama pull other"):
        check_backend("ollama:other")


def test_check_backend_openai(openai_env: FakeModelServer) -> None:
    check_backend("openai:vlm")
    assert openai_env.requests[-1].path == "/v1/models"
    with pytest.raises(ModelNotFound, match="has no model 'other'"):
        check_backend("openai:other")


def test_check_backend_unreachable_and_bad_specs(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    url = f"http://127.0.0.1:{free_port()}"
    monkeypatch.setenv("OLLAMA_HOST", url)
    with pytest.raises(BackendUnavailable, match=url):
        check_backend("ollama:vlm", timeout_s=1.0)
    with pytest.raises(ModelNotFound, match=str(tmp_path)):
        check_backend(f"hf:{tmp_path}")
    with pytest.raises(ConfigError):
        check_backend("mystery:model")
    check_backend("embedded")


# ---- the embedded model (really runs SmolLM2-135M) ---------------------------------------------


@pytest.fixture(scope="module")
def embedded() -> EmbeddedChatModel:
    model = make_chat_model("embedded", ModelSettings(max_tokens=24))
    assert isinstance(model, EmbeddedChatModel)
    return model


@pytest.mark.slow
def test_embedded_answers_a_text_question_and_honours_stop(embedded: EmbeddedChatModel) -> None:
    reply = embedded.invoke([HumanMessage("What is the capital of France?")])
    assert "paris" in reply.content.lower()
    assert 0 < reply.usage_metadata["output_tokens"] <= 24
    cut = embedded.invoke("What is the capital of France?", stop=["Paris"]).content
    assert cut == reply.content.split("Paris")[0]


@pytest.mark.slow
def test_embedded_turns_the_image_into_tags_and_answers(embedded: EmbeddedChatModel) -> None:
    cat = load_image(SHARED_IMAGES / "chelsea.png")
    message = image_message("What animal is shown?", cat)
    prompt_text = embedded._as_text(message)
    assert prompt_text.startswith("What animal is shown?\nImage tags: ")
    assert "cat (" in prompt_text
    reply = embedded.invoke([message])
    as_text = embedded.invoke([HumanMessage(prompt_text)])  # greedy: the same prompt, the same reply
    assert reply.content.strip() and reply.content == as_text.content
    assert reply.usage_metadata["input_tokens"] == as_text.usage_metadata["input_tokens"]


@pytest.mark.slow
def test_embedded_is_safe_to_call_from_threads(embedded: EmbeddedChatModel) -> None:
    questions = ("Name a colour.", "Name a fruit.")
    one_at_a_time = {q: embedded.invoke(q).content for q in questions}
    answers: dict[str, str] = {}

    def ask(question: str) -> None:
        answers[question] = embedded.invoke(question).content

    threads = [threading.Thread(target=ask, args=(q,)) for q in questions]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == one_at_a_time  # greedy decoding: two calls at once answer as one at a time
    assert one_at_a_time[questions[0]] != one_at_a_time[questions[1]]


# ---- hf: a tiny random-weight vision-language checkpoint saved in the test ----------------------


@pytest.fixture(scope="module")
def tiny_vlm(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 2-layer Llava (CLIP vision + Llama text) with a word-level tokenizer and a chat template."""
    import torch
    from tokenizers import Tokenizer, models, pre_tokenizers
    from transformers import (
        CLIPImageProcessorPil,
        CLIPVisionConfig,
        LlamaConfig,
        LlavaConfig,
        LlavaForConditionalGeneration,
        LlavaProcessor,
        PreTrainedTokenizerFast,
    )

    words = ["<unk>", "<pad>", "<s>", "</s>", "<image>", "user", ":", "assistant", "what", "is", "this", "?"]
    word_level = Tokenizer(models.WordLevel({w: i for i, w in enumerate(words)}, unk_token="<unk>"))
    word_level.pre_tokenizer = pre_tokenizers.Split(pattern=" ", behavior="removed")
    tokenizer = PreTrainedTokenizerFast(
        tokenizer_object=word_level,
        unk_token="<unk>",
        pad_token="<pad>",
        bos_token="<s>",
        eos_token="</s>",
        additional_special_tokens=["<image>"],
    )
    template = (
        "{% for m in messages %}{{ m['role'] }} : {% for c in m['content'] %}"
        "{% if c['type'] == 'image' %}<image> {% else %}{{ c['text'] }} {% endif %}{% endfor %}{% endfor %}"
        "{% if add_generation_prompt %}assistant : {% endif %}"
    )
    processor = LlavaProcessor(
        image_processor=CLIPImageProcessorPil(
            size={"shortest_edge": 32}, crop_size={"height": 32, "width": 32}
        ),
        tokenizer=tokenizer,
        patch_size=8,
        vision_feature_select_strategy="default",
        num_additional_image_tokens=1,
        chat_template=template,
        image_token="<image>",
    )
    tiny = {"hidden_size": 16, "intermediate_size": 32, "num_hidden_layers": 1, "num_attention_heads": 2}
    config = LlavaConfig(
        vision_config=CLIPVisionConfig(**tiny, image_size=32, patch_size=8),
        text_config=LlamaConfig(
            **tiny,
            vocab_size=len(words),
            num_key_value_heads=2,
            max_position_embeddings=64,
            pad_token_id=1,
            bos_token_id=2,
            eos_token_id=3,
        ),
        image_token_index=4,
        vision_feature_select_strategy="default",
        vision_feature_layer=-1,
    )
    folder = tmp_path_factory.mktemp("vlm") / "tiny-llava"
    torch.manual_seed(0)
    LlavaForConditionalGeneration(config).save_pretrained(folder)
    processor.save_pretrained(folder)
    return folder


@pytest.mark.slow
def test_hf_vlm_sees_the_image_through_its_processor(tiny_vlm: Path, image: LoadedImage) -> None:
    model = make_chat_model(f"hf:{tiny_vlm}", ModelSettings(max_tokens=4))
    with_image = model.invoke([image_message("what is this ?", image)])
    text_only = model.invoke([image_message("what is this ?", None)])
    assert isinstance(with_image.content, str)  # random weights: the words mean nothing, may be special
    assert 0 < with_image.usage_metadata["output_tokens"] <= 4
    # the processor expanded the image into (32 / 8)² = 16 image tokens fed to the vision tower
    assert with_image.usage_metadata["input_tokens"] - text_only.usage_metadata["input_tokens"] == 16


@pytest.mark.slow
def test_hf_vlm_runs_in_the_chosen_dtype(tiny_vlm: Path, image: LoadedImage) -> None:
    model = make_chat_model(f"hf:{tiny_vlm}", ModelSettings(max_tokens=2, device="cpu", dtype="bfloat16"))
    assert (model.device, model.dtype) == ("cpu", "bfloat16")
    reply = model.invoke([image_message("what is this ?", image)])  # pixel values cast to bfloat16 too
    assert 0 < reply.usage_metadata["output_tokens"] <= 2
    _, loaded = _load_vlm(str(tiny_vlm), model.placement)
    assert {p.dtype for p in loaded.parameters()} == {torch.bfloat16}

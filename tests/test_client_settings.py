"""Per-run vs operator settings, in process: the split, the client schema, and the bounds of a run.

The served refusals themselves are shown on a real server in test_serving.py; here is what holds
without one: the chosen split, the client context's values, and that in-process callers keep control.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from PIL import Image
from pydantic import TypeAdapter

from apps.serve import SERVED, served_graph
from core.context import (
    Context,
    PromsaContext,
    check_client_settings,
    client_schema,
    client_settings,
    is_operator_setting,
)
from core.errors import ConfigError, ImageError, InputError
from nodes.common import image_limits, input_image, require_question

OPERATOR = {
    "model", "text_embedder", "image_embedder", "device", "dtype", "max_tokens", "timeout_s", "max_retries",
    "kb_dir", "chroma_host", "chroma_port", "kb_name",
    "search_backend", "search_retries", "search_retry_s", "fetch_concurrency",
    "web_cache_dir", "web_cache_ttl_s", "allow_private_urls",
    "image_roots", "max_image_bytes", "max_image_pixels", "max_question_chars",
}  # fmt: skip


def test_the_split_of_settings() -> None:
    names = {f.name for f in dataclasses.fields(Context)}
    assert {n for n in names if is_operator_setting(n)} == OPERATOR
    assert set(client_settings(Context)) == names - OPERATOR
    assert {"k_text", "k_image", "w", "tau", "max_iter", "web", "lens_provider", "kbs"} <= names - OPERATOR


def test_the_client_schema_advertises_and_accepts_only_per_run_settings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("PMSR_KB_DIR", "/srv/kb")
    monkeypatch.setenv("PMSR_MAX_ITER", "2")
    schema = client_schema(Context)
    assert set(TypeAdapter(schema).json_schema()["properties"]) == set(client_settings(Context))
    context = schema(k_text=3, w=1)  # a JSON client may send an integer for a float
    assert isinstance(context, Context) and context.served and not Context().served
    assert (context.k_text, context.w, context.kb_dir, context.max_iter) == (3, 1, "/srv/kb", 2)
    with pytest.raises(ConfigError, match=r"^kb_dir: operator-only .* PMSR_KB_DIR "):
        schema(kb_dir="/tmp/elsewhere")
    assert Context(kb_dir="/tmp/elsewhere").kb_dir == "/tmp/elsewhere"  # in-process: full control


@pytest.mark.parametrize(
    "values, message",
    [
        (
            {"model": "x", "kb_dir": "y"},
            "kb_dir, model: operator-only (a client of a served graph cannot set them)",
        ),
        ({"k_txt": 1}, "unknown setting(s) k_txt"),
        ({"k_text": 2.5}, "k_text=2.5 is not an integer"),
        ({"web": "yes"}, "web='yes' is not true/false"),
        ({"kbs": "all"}, "kbs='all' is not one of ['both', 'text', 'pairs']"),
        ({"tau": 1.5}, "tau=1.5 is outside the range a client may ask for: [0.0, 1.0]"),
        ({"max_iter": 11}, "outside the range"),
    ],
)
def test_client_values_are_checked(values: dict, message: str) -> None:
    with pytest.raises(ConfigError) as error:
        check_client_settings(Context, values)
    assert message in str(error.value)


def test_every_served_graph_has_a_client_schema() -> None:
    assert set(SERVED) == {"pmsr", "pmsr_web", "promsa", "mcsearch", "rag1", "rag2"}
    for entry in SERVED.values():
        own = entry.graph.context_schema.__mro__[1]  # the graph's own Context class
        assert entry.context_schema is client_schema(own)
        assert entry.description and entry.settings == client_settings(own)
    assert SERVED["promsa"].context_schema is client_schema(PromsaContext)
    with pytest.raises(
        ConfigError, match="no served graph 'x': choose one of pmsr, pmsr_web, promsa, mcsearch, rag1, rag2"
    ):
        served_graph("x")


def test_paths_are_unrestricted_in_process_unless_roots_are_set(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    image = tmp_path / "a.png"
    Image.new("RGB", (8, 8), (1, 2, 3)).save(image)
    monkeypatch.delenv("PMSR_IMAGE_ROOTS", raising=False)
    assert image_limits(Context()).roots is None
    assert input_image(str(image), Context()).pil.size == (8, 8)
    assert image_limits(client_schema(Context)()).roots == ()
    with pytest.raises(ImageError, match="image paths are not accepted here"):
        input_image(str(image), client_schema(Context)())
    monkeypatch.setenv("PMSR_IMAGE_ROOTS", str(tmp_path / "elsewhere"))
    for context in (Context(), client_schema(Context)()):
        assert image_limits(context).roots == ((tmp_path / "elsewhere").resolve(),)
        with pytest.raises(ImageError, match="outside the allowed folders"):
            input_image(str(image), context)


def test_question_length_is_capped() -> None:
    assert require_question("  why?  ", Context(max_question_chars=5)) == "why?"
    with pytest.raises(InputError, match="question too long \\(6 characters, the limit is 5\\)"):
        require_question("whyyyy", Context(max_question_chars=5))
    with pytest.raises(InputError, match="empty question"):
        require_question(12, Context())

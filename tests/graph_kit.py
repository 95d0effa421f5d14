"""Test kit of the PMSR graph tests: deterministic embedders, a scripted chat model, a tiny KB.

The tiny world: the query image is red; the red pair is "Lake Alpha", whose passage names its
outflow, the "Zeta River", whose own passage names the country it flows through (a two-hop chain),
plus distractor passages and pairs of other colours.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from PIL import Image
from pydantic import Field

from kb.build import build_kb
from tools.embedders import register_image_embedder, register_text_embedder
from tools.models import register_chat_model

TEST_TEXT_EMBEDDER = "test-hash-text"
TEST_IMAGE_EMBEDDER = "test-colour-image"
TEST_MODEL = "test-scripted"
RED, BLUE, GREEN, GREY = (220, 20, 20), (20, 20, 220), (20, 200, 20), (128, 128, 128)

PASSAGES = [
    (
        "p-lake",
        "Lake Alpha",
        "Lake Alpha is a glacial lake in the mountains of Borduria. Its outflow is the Zeta River.",
    ),
    ("p-river", "Zeta River", "The Zeta River flows north through Syldavia. It ends in the Northern Sea."),
    (
        "p-mount",
        "Mount Beta",
        "Mount Beta is the highest mountain of Carpania. It was first climbed in 1901.",
    ),
    ("p-bridge", "Gamma Bridge", "Gamma Bridge crosses the Omega Canal. It opened to traffic in 1932."),
    ("p-city", "Delta City", "Delta City is the capital of Carpania. It has a famous opera house."),
    ("p-forest", "Epsilon Forest", "Epsilon Forest is an old beech forest. Wolves and lynx live there."),
]
PAIRS = [
    ("i-lake", "Lake Alpha", "Lake Alpha, a glacial lake in Borduria.", RED),
    ("i-mount", "Mount Beta", "Mount Beta, a snowy mountain in Carpania.", BLUE),
    ("i-forest", "Epsilon Forest", "Epsilon Forest, a beech forest.", GREEN),
]
QUESTION = "Which country does the river flowing out of this lake cross?"


class HashTextEmbedder:
    """Bag of hashed lower-case word tokens: identical word sets ⇒ cosine 1, disjoint ⇒ 0."""

    id = "test-hash-text-64"
    dim = 64

    def __init__(self) -> None:
        self.calls: list[list[str]] = []

    def embed_texts(self, texts: Sequence[str]) -> np.ndarray:
        self.calls.append(list(texts))
        out = np.zeros((len(texts), self.dim), np.float32)
        for row, text in enumerate(texts):
            for token in re.findall(r"[a-z0-9]+", text.lower()):
                out[row, int(hashlib.md5(token.encode()).hexdigest(), 16) % self.dim] += 1.0
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        return out / np.where(norms == 0, 1.0, norms)


class ColourImageEmbedder:
    """The mean colour, centred on grey and L2-normalised: same colour ⇒ cosine 1."""

    id = "test-colour-image-3"
    dim = 3

    def embed_images(self, images: Sequence[Image.Image]) -> np.ndarray:
        out = np.asarray(
            [np.asarray(im.convert("RGB"), np.float32).mean(axis=(0, 1)) / 255 - 0.5 for im in images]
        )
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        return (out / np.where(norms == 0, 1.0, norms)).astype(np.float32)


def prompt_kind(prompt: str) -> str:
    """Which operator's prompt this is (by the last line each template ends with)."""
    for kind, marker in (
        ("describe", "Description:"),
        ("trajectory", "Output: <one search question>"),
        ("record", "Reasoning record"),
        ("answer", "Answer:"),
    ):
        if marker in prompt:
            return kind
    return "unknown"


def default_script(kind: str, prompt: str, count: int) -> str:
    """Replies of a cooperative model; `count` numbers the calls of that kind (1-based)."""
    return {
        "describe": "A red glacial lake, probably Lake Alpha.",
        "trajectory": f"Analysis: Lake Alpha drains into a river.\nOutput: Zeta River country {count}",
        "record": f"Record number {count}: facts from "
        + ", ".join(re.findall(r"\) ([A-Z][a-z]+ [A-Z][a-z]+):", prompt)),
        "answer": "Answer: Syldavia",
    }.get(kind, "?")


class ScriptedChatModel(BaseChatModel):
    """A chat model that records every prompt (and whether an image came with it) and replies by script."""

    script: Callable[[str, str, int], str] = default_script
    prompts: list[tuple[str, str]] = Field(default_factory=list)
    images: list[bool] = Field(default_factory=list)

    @property
    def _llm_type(self) -> str:
        return "scripted"

    def _generate(
        self, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None, **_: Any
    ) -> ChatResult:
        content = messages[-1].content
        parts = [content] if isinstance(content, str) else content
        text = "".join(p if isinstance(p, str) else p.get("text", "") for p in parts)
        kind = prompt_kind(text)
        self.prompts.append((kind, text))
        self.images.append(any(isinstance(p, dict) and p.get("type") == "image_url" for p in parts))
        count = sum(1 for k, _ in self.prompts if k == kind)
        return ChatResult(
            generations=[ChatGeneration(message=AIMessage(content=self.script(kind, text, count)))]
        )

    def of_kind(self, kind: str) -> list[str]:
        return [text for k, text in self.prompts if k == kind]


def solid_image(path: Path, colour: tuple[int, int, int]) -> Path:
    Image.new("RGB", (32, 32), colour).save(path)
    return path


def register_test_backends(text: HashTextEmbedder | None = None) -> HashTextEmbedder:
    """Register the deterministic embedders under their spec names; return the text embedder."""
    text = text or HashTextEmbedder()
    register_text_embedder(TEST_TEXT_EMBEDDER, text)
    register_image_embedder(TEST_IMAGE_EMBEDDER, ColourImageEmbedder())
    return text


def write_tiny_world(
    folder: Path, texts: Sequence[tuple[str, str, str]] = PASSAGES
) -> tuple[Path, Path, Path]:
    """Write passages.jsonl (`texts`: id, title, text), pairs.jsonl and the red query image; their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    passages = folder / "passages.jsonl"
    passages.write_text("".join(json.dumps({"id": i, "title": t, "text": x}) + "\n" for i, t, x in texts))
    pairs = folder / "pairs.jsonl"
    rows = []
    for pid, title, summary, colour in PAIRS:
        image = solid_image(folder / f"{pid}.png", colour)
        rows.append(
            {"id": pid, "wikipedia_title": title, "wikipedia_summary": summary, "image_path": str(image)}
        )
    pairs.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return passages, pairs, solid_image(folder / "query.png", RED)


def install_scripted_model(script: Callable[[str, str, int], str] = default_script) -> ScriptedChatModel:
    model = ScriptedChatModel(script=script)
    register_chat_model(TEST_MODEL, model)
    return model


def build_tiny_kb(folder: Path, texts: Sequence[tuple[str, str, str]] = PASSAGES) -> SimpleNamespace:
    """The tiny world (its passages `texts`) as a real Chroma KB with the deterministic embedders:
    kb_dir, image, embedder."""
    embedder = register_test_backends()
    passages, pairs, image = write_tiny_world(folder, texts)
    kb_dir = str(folder / "kb")
    build_kb(
        kb_dir,
        [passages],
        [pairs],
        text_embedder=TEST_TEXT_EMBEDDER,
        image_embedder=TEST_IMAGE_EMBEDDER,
        progress=False,
    )
    return SimpleNamespace(kb_dir=kb_dir, image=str(image), embedder=embedder)


def scripted_reply(body: dict[str, Any]) -> str:
    """A cooperative reply to an OpenAI-protocol chat request (for the fake model servers)."""
    content = body["messages"][-1]["content"]
    text = (
        content
        if isinstance(content, str)
        else "".join(p.get("text", "") for p in content if isinstance(p, dict))
    )
    return default_script(prompt_kind(text), text, 1)

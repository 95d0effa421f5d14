"""What the MC-Search nodes share: the run's settings, the input images, and the chain as reader input."""

from __future__ import annotations

from typing import TypeVar

from langchain_core.messages import HumanMessage

from core.context import ChainContext
from core.errors import InputError
from core.mcsearch_state import ChainState, ChainStep
from nodes.common import chat_model, input_image, message_text
from nodes.reading import Search

C = TypeVar("C", bound=ChainContext)
MAX_IMAGES = 8  # images one question may carry


def input_images(state: ChainState) -> list[str]:
    """The question's images in order: `image`, then `images` (each once); none for a text-only question."""
    given = [state.get("image") or "", *(state.get("images") or [])]
    images = list(dict.fromkeys(image for image in given if image))
    if len(images) > MAX_IMAGES:
        raise InputError(f"{len(images)} images sent: a question may carry at most {MAX_IMAGES}")
    return images


def chain_searches(steps: list[ChainStep]) -> list[Search]:
    """The chain's steps as `(query, evidence)` searches for the extractive reader."""
    return [(s["sub_question"], s["candidates"]) for s in steps]


def evidence_line(step: ChainStep) -> str:
    """The step's top-1 evidence as one line, "Title: text" ("" when nothing came back)."""
    if not step["candidates"]:
        return ""
    top = step["candidates"][0]
    text = " ".join(top["text"].split())
    return f"{top['title']}: {text}" if top["title"] else text


def ask_with_images(context: ChainContext, prompt: str, images: list[str]) -> str:
    """One prompt with every image of the question (a standard multimodal user message); the reply."""
    parts = [{"type": "image_url", "image_url": {"url": input_image(i, context).data_url}} for i in images]
    message = HumanMessage(content=[{"type": "text", "text": prompt}, *parts])
    return message_text(chat_model(context).invoke([message]).content).strip()

"""The MC-Search tagged protocol: the conversation a model sees, and how its replies are read.

A planning reply is `<Thought> … <Sub-Question> … <Search> text|image` (one retrieval step; `image 2`
names the second input image of a multi-image question) or `<Thought> … <End> Final Answer: …`.
The conversation, rebuilt from the chain every turn (no hidden state):

    system      the protocol (prompts/mcsearch_system.md)
    user        the image(s) and the question
    per step:   assistant  <Thought> … <Sub-Question> … <Search> …
                user       <Evidence> the top-k results </Evidence>, answer the sub-question
                assistant  the intermediate answer
                user       the steps left: plan the next one or end
    assistant   <Thought> … <End> Final Answer: …

The Search-Align export (`evaluation/export_sft.py`) renders gold and predicted chains with these
same functions, so training dialogues are the inference ones.

Reading is tolerant: tags in any case, with spaces, underscores or no hyphen (`<sub question>`), with
or without closing tags, wrapped in Markdown (`**<Search>**`, code fences) or written as Markdown
labels at a line start (`**Sub-Question:** …`, `### Search: image`); prose around them is ignored.
Only the first step of a reply counts (one action per turn). What still cannot be read is described
in one line, for the repair prompt.
"""

from __future__ import annotations

import re
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage

from core.context import ChainContext, McSearchContext
from core.mcsearch_state import ChainStep, Plan
from prompts import render_prompt
from tools.retrieval import format_results

_KINDS = r"thought|sub[\s_-]*questions?|search|end|final[\s_-]*answer"
_MARK = re.compile(
    rf"<\s*(?P<close>/)?\s*(?P<tag>{_KINDS})\s*>"  # a tag, opening or closing
    rf"|^[ \t>*_#`-]*(?P<label>{_KINDS})[ \t*_`]*:[ \t*_`]*",  # a Markdown label at a line start
    re.IGNORECASE | re.MULTILINE,
)
_EDGES = " \t\r\n*_`#>"
_FINAL_LABEL = re.compile(r"^\s*[*_`]*\s*final[\s_-]*answer\s*[*_`]*\s*:\s*", re.IGNORECASE)
_IMAGE_NUMBER = re.compile(r"\bimage\b\D{0,12}?(\d+)", re.IGNORECASE)


# --- the conversation -------------------------------------------------------------------------------


def system_prompt(context: ChainContext, images: int) -> str:
    if images > 1:
        how = f"with one of the {images} input images: write its number, e.g. <Search> image 2"
    elif images == 1:
        how = "with the input image (reverse image search)"
    else:
        how = "by the sub-question's text (no image came with this question)"
    max_steps = context.max_iter if isinstance(context, McSearchContext) else 1
    return render_prompt("mcsearch_system", image_search=how, top_k=context.top_k, max_steps=max_steps)


def question_message(question: str, image_urls: list[str]) -> HumanMessage:
    """The first user turn: the images (in order) and the question."""
    note = f"Images 1–{len(image_urls)} are given in this order.\n" if len(image_urls) > 1 else ""
    parts: list[dict[str, Any]] = [{"type": "image_url", "image_url": {"url": url}} for url in image_urls]
    text = render_prompt("mcsearch_question", images=note, question=question)
    return HumanMessage(content=[*parts, {"type": "text", "text": text}])


def conversation(
    context: McSearchContext,
    question: str,
    image_urls: list[str],
    steps: list[ChainStep],
    budget: int | None = None,
) -> list[BaseMessage]:
    """Everything the model has seen after `steps`, ending with a user turn: plan on, or (no step left of
    `budget`, default `max_iter`) give the final answer."""
    budget = context.max_iter if budget is None else budget
    messages: list[BaseMessage] = [
        SystemMessage(content=system_prompt(context, len(image_urls))),
        question_message(question, image_urls),
    ]
    for done, step in enumerate(steps, 1):
        messages += [
            AIMessage(content=plan_text(step, len(image_urls))),
            evidence_message(step),
            AIMessage(content=step["answer"]),
            closing_message(budget - done),
        ]
    return messages


def plan_text(step: ChainStep | Plan, images: int) -> str:
    """A retrieval step as the protocol writes it."""
    search = step["modality"]
    if search == "image" and images > 1 and step["image_index"]:
        search = f"image {step['image_index']}"
    lines = [f"<Thought> {step['thought']}"] if step["thought"].strip() else []
    return "\n".join([*lines, f"<Sub-Question> {step['sub_question']}", f"<Search> {search}"])


def end_text(thought: str, answer: str) -> str:
    """The final turn as the protocol writes it."""
    lines = [f"<Thought> {thought}"] if thought.strip() else []
    return "\n".join([*lines, f"<End> Final Answer: {answer}"])


def evidence_message(step: ChainStep) -> HumanMessage:
    """What a step's retrieval returned, with the request for the intermediate answer."""
    evidence = format_results(step["candidates"])
    return HumanMessage(
        content=render_prompt("mcsearch_evidence", evidence=evidence, sub_question=step["sub_question"])
    )


def gold_thought(chain: list[ChainStep], index: int) -> str:
    """A thought for step `index` of a gold chain (which has none): what is known and what comes next.

    Templated, not written by a model (the MC-Search authors had Gemini write them)."""
    step = chain[index]
    where = " The input image should show it." if step["modality"] == "image" else ""
    if index == 0:
        return f"To answer the question I first need to know: {step['sub_question']}{where}"
    known = chain[index - 1]["answer"].strip() or "nothing new"
    return f"So far: {known} Building on that, I next need to know: {step['sub_question']}{where}"


GOLD_END_THOUGHT = "The steps so far answer every part of the question."


def closing_message(left: int) -> HumanMessage:
    """After an intermediate answer: plan on (steps left) or, with none left, give the final answer."""
    if left > 0:
        return HumanMessage(content=render_prompt("mcsearch_continue", left=left))
    return HumanMessage(content=render_prompt("mcsearch_final"))


def repair_message(problem: str, images: int) -> HumanMessage:
    choice = f" (image 1–{images})" if images > 1 else ""
    return HumanMessage(content=render_prompt("mcsearch_repair", problem=problem, image_choice=choice))


# --- reading replies ---------------------------------------------------------------------------------


def sections(text: str) -> list[tuple[str, str]]:
    """The reply as (kind, content) sections in order; kind is thought, sub_question, search or end."""
    marks = list(_MARK.finditer(text))
    found: list[tuple[str, str]] = []
    for i, mark in enumerate(marks):
        if mark.group("close"):
            continue
        end = marks[i + 1].start() if i + 1 < len(marks) else len(text)
        found.append((_kind(mark.group("tag") or mark.group("label")), _clean(text[mark.end() : end])))
    return found


def _kind(word: str) -> str:
    word = re.sub(r"[\s_-]+", "", word.lower())
    if word.startswith("sub"):
        return "sub_question"
    return "end" if word.startswith("final") else word


def _clean(content: str) -> str:
    """Content on one line without the Markdown around it (and a colon left after a tag)."""
    content = " ".join(content.replace("```", " ").split()).strip(_EDGES)
    return content.removeprefix(":").strip(_EDGES)


def parse_plan(reply: str, images: int) -> Plan | str:
    """The plan in a model's reply, or a one-line description of what is wrong with it.

    The first `<Search>` wins unless an `<End>` with an answer comes before it; its sub-question and
    thought are the last ones written before it.
    """
    parts = sections(reply)
    kinds = [kind for kind, _ in parts]
    search_at = kinds.index("search") if "search" in kinds else None
    answer_at = next((i for i, (kind, text) in enumerate(parts) if kind == "end" and text), None)
    if search_at is not None and (answer_at is None or search_at < answer_at):
        return _search_plan(parts[:search_at], parts[search_at][1], images)
    if answer_at is not None:
        answer = _clean(_FINAL_LABEL.sub("", parts[answer_at][1]))
        thought = _last(parts[:answer_at], "thought")
        return _plan("end", thought, "", "", 0, answer) if answer else "the <End> has no final answer"
    if "end" in kinds:
        return "the <End> has no final answer: write <End> Final Answer: …"
    return "found neither a <Search> step nor an <End> with the final answer"


def _search_plan(before: list[tuple[str, str]], search: str, images: int) -> Plan | str:
    """A search step; without a <Sub-Question>, a query written after the modality stands in for it
    (`<Search> Text Retrieval: capital of Australia`)."""
    mode, _, query = search.partition(":")
    sub_question = _last(before, "sub_question") or query.strip()
    mode = mode.lower()
    if "image" in mode:
        modality, index = "image", _image_index(mode, images)
        if isinstance(index, str):
            return index
    elif "text" in mode:
        modality, index = "text", 0
    else:
        return f"the <Search> must say text or image, not {search[:40]!r}"
    if not sub_question:
        return "the <Search> has no <Sub-Question> before it"
    return _plan("search", _last(before, "thought"), sub_question, modality, index, "")


def _image_index(search: str, images: int) -> int | str:
    """The input image an image search names (1 when there is one and none is named; 0 with no image)."""
    match = _IMAGE_NUMBER.search(search)
    if images == 0:
        return 0
    if match is None:
        return 1 if images == 1 else -1  # -1: the node picks the next image not searched yet
    number = int(match.group(1))
    if not 1 <= number <= images:
        return f"there is no image {number}: the question has {images} image(s)"
    return number


def _last(parts: list[tuple[str, str]], kind: str) -> str:
    return next((text for k, text in reversed(parts) if k == kind and text), "")


def _plan(action: str, thought: str, sub_question: str, modality: str, index: int, answer: str) -> Plan:
    return Plan(
        action=action,  # type: ignore[typeddict-item]
        thought=thought,
        sub_question=sub_question,
        modality=modality,  # type: ignore[typeddict-item]
        image_index=index,
        answer=answer,
        stop_reason="answered" if action == "end" else "",
    )


def read_final(reply: str) -> str:
    """The final answer of a reply to the forced last turn: the `<End>` answer, else its first line."""
    parsed = parse_plan(reply, 0)
    if isinstance(parsed, dict) and parsed["action"] == "end":
        return parsed["answer"]
    return read_answer(reply)


def read_answer(reply: str) -> str:
    """An intermediate (free-text) answer: the reply without tags, labels or Markdown, on one line."""
    text = _MARK.sub(" ", re.sub(r"</?\s*(sub[\s_-]*)?answer\s*>", " ", reply, flags=re.IGNORECASE))
    text = re.sub(r"^\s*[*_`]*\s*(sub[\s_-]*)?answer\s*[*_`]*\s*:", " ", text, flags=re.IGNORECASE)
    return _clean(text)

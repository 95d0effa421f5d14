"""The shared retrieval layer: exclusion lists on a real Chroma KB, and the LangChain tools."""

from __future__ import annotations

import pytest
from test_kb_fakes import IMAGE, TEXT, register_fakes
from test_kb_store import write_corpus

from core.errors import ConfigError
from kb.build import build_kb
from kb.store import KnowledgeBase, open_kb
from tools.images import load_image
from tools.retrieval import fused_search, image_search, retrieval_tools, text_search


@pytest.fixture(scope="module")
def kb_and_image(tmp_path_factory: pytest.TempPathFactory) -> tuple[KnowledgeBase, object]:
    register_fakes()
    corpus = tmp_path_factory.mktemp("corpus")
    passages, pairs = write_corpus(corpus, n_passages=30, n_pairs=12)
    kb_dir = str(tmp_path_factory.mktemp("kb"))
    build_kb(kb_dir, [passages], [pairs], text_embedder=TEXT, image_embedder=IMAGE, progress=False)
    return open_kb(kb_dir, text_embedder=TEXT, image_embedder=IMAGE), load_image(corpus / "img" / "4.png")


def test_repeated_text_searches_return_k_new_ids_until_the_kb_runs_out(kb_and_image) -> None:
    kb, _ = kb_and_image
    seen: list[str] = []
    for _ in range(7):  # 30 passages, 4 per call: 7 full calls
        found = text_search(kb, "island lake bird", 4, exclude=seen)
        assert len(found) == 4
        assert not set(c["id"] for c in found) & set(seen)
        seen += [c["id"] for c in found]
    last = text_search(kb, "island lake bird", 4, exclude=seen)
    assert len(last) == 2 and len(set(seen) | {c["id"] for c in last}) == 30


def test_exclusion_keeps_the_ranking_of_the_remaining_ids(kb_and_image) -> None:
    kb, image = kb_and_image
    full = [c["id"] for c in fused_search(kb, image, "castle tower", 8, 0.5)]
    rest = [c["id"] for c in fused_search(kb, image, "castle tower", 5, 0.5, exclude=full[:3])]
    assert rest == full[3:8]


def test_repeated_image_searches_never_return_an_id_twice(kb_and_image) -> None:
    kb, image = kb_and_image
    seen: set[str] = set()
    for _ in range(4):  # 12 pairs, 3 per call
        found = image_search(kb, image, 3, exclude=seen)
        ids = {c["id"] for c in found}
        assert len(ids) == 3 and not ids & seen
        seen |= ids
    assert len(seen) == 12 and image_search(kb, image, 3, exclude=seen) == []
    first = image_search(kb, image, 1)[0]
    assert first["id"] == "q4" and isinstance(first["score"], float)  # the image's own pair first


def test_tools_expose_typed_arguments_and_exclude_what_they_returned(kb_and_image) -> None:
    kb, image = kb_and_image
    seen: set[str] = set()
    tools = {tool.name: tool for tool in retrieval_tools(kb, image, seen=seen)}
    assert set(tools) == {"text_search", "image_search", "fused_search"}
    schema = tools["text_search"].tool_call_schema.model_json_schema()
    assert schema["required"] == ["query"] and schema["properties"]["k"]["type"] == "integer"
    assert "k" in tools["image_search"].tool_call_schema.model_json_schema()["properties"]
    assert "image" in tools["image_search"].description.lower()
    call = {"name": "image_search", "args": {"k": 2}, "id": "call-1", "type": "tool_call"}
    first = tools["image_search"].invoke(call)
    second = tools["image_search"].invoke({**call, "id": "call-2"})
    first_ids = {c["id"] for c in first.artifact}
    assert len(first_ids) == 2 and not first_ids & {c["id"] for c in second.artifact}
    assert seen == first_ids | {c["id"] for c in second.artifact}
    assert all(f"[{cid}]" in first.content for cid in first_ids)
    with pytest.raises(ValueError):
        tools["text_search"].invoke({"query": "x", "k": 0})


def test_untracked_tools_repeat_results(kb_and_image) -> None:
    kb, image = kb_and_image
    tools = {tool.name: tool for tool in retrieval_tools(kb, image)}
    once = tools["text_search"].invoke({"query": "river desert", "k": 3})
    again = tools["text_search"].invoke({"query": "river desert", "k": 3})
    assert once == again and once.count("[") == 3


def test_fixed_k_tools_take_only_their_content_argument(kb_and_image) -> None:
    kb, image = kb_and_image
    seen: set[str] = set()
    tools = {
        t.name: t
        for t in retrieval_tools(kb, image, seen=seen, fixed_k={"text_search": 3, "image_search": 2})
    }
    assert set(tools["text_search"].tool_call_schema.model_json_schema()["properties"]) == {"query"}
    assert tools["image_search"].tool_call_schema.model_json_schema().get("properties", {}) == {}
    assert "k" in tools["fused_search"].tool_call_schema.model_json_schema()["properties"]  # not fixed
    first = tools["text_search"].invoke(
        {"name": "text_search", "args": {"query": "island"}, "id": "1", "type": "tool_call"}
    )
    again = tools["text_search"].invoke(
        {"name": "text_search", "args": {"query": "island"}, "id": "2", "type": "tool_call"}
    )
    images = tools["image_search"].invoke(
        {"name": "image_search", "args": {}, "id": "3", "type": "tool_call"}
    )
    assert [len(m.artifact) for m in (first, again, images)] == [3, 3, 2]
    assert len(seen) == 8 and {c["id"] for c in images.artifact} <= seen
    with pytest.raises(ConfigError, match="1 ≤ k ≤ 50"):
        retrieval_tools(kb, image, fixed_k={"text_search": 0})

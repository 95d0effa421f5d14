"""End to end with the embedded models (MiniLM text, EfficientNet-Lite0 image): build, then search."""

from __future__ import annotations

import io
import json

import numpy as np
import pytest
from PIL import Image, ImageDraw

from kb.build import build_kb
from kb.store import KnowledgeBase, open_kb
from tools.images import load_image

pytestmark = pytest.mark.slow

FACTS = {
    "jupiter": ("Jupiter", "Jupiter is the largest planet; its Great Red Spot is a storm larger than Earth."),
    "quokka": ("Quokka", "The quokka is a small wallaby living on Rottnest Island off Western Australia."),
    "hopper": (
        "Grace Hopper",
        "Grace Hopper was a computer scientist who developed early compilers for COBOL.",
    ),
    "palace": (
        "Summer Palace",
        "The Summer Palace in Beijing is a vast ensemble of lakes, gardens and palaces.",
    ),
    "crab": ("Crab Nebula", "The Crab Nebula is a supernova remnant in Taurus, observed in 1054."),
}


def picture(kind: str) -> Image.Image:
    """Structurally different drawings: stripes, rings, checkerboard, blobs, a gradient."""
    image = Image.new("RGB", (160, 160), "white")
    draw = ImageDraw.Draw(image)
    if kind == "jupiter":
        for y in range(0, 160, 16):
            draw.rectangle([0, y, 160, y + 8], fill=(200, 120, 60))
    elif kind == "quokka":
        for r in range(70, 0, -14):
            draw.ellipse([80 - r, 80 - r, 80 + r, 80 + r], outline=(40, 90, 30), width=6)
    elif kind == "hopper":
        for x in range(0, 160, 20):
            for y in range((x // 20) % 2 * 20, 160, 40):
                draw.rectangle([x, y, x + 20, y + 20], fill="black")
    elif kind == "palace":
        rng = np.random.default_rng(7)
        for _ in range(30):
            x, y = (int(v) for v in rng.integers(0, 150, 2))
            draw.ellipse([x, y, x + 20, y + 12], fill=(30, 60, 200))
    else:
        return Image.fromarray(np.tile(np.linspace(0, 255, 160, dtype=np.uint8), (160, 1))).convert("RGB")
    return image


@pytest.fixture(scope="module")
def real_kb(tmp_path_factory: pytest.TempPathFactory) -> KnowledgeBase:
    folder = tmp_path_factory.mktemp("real")
    (folder / "passages.jsonl").write_text(
        "".join(json.dumps({"id": k, "title": t, "text": text}) + "\n" for k, (t, text) in FACTS.items())
    )
    rows = []
    for key, (title, text) in FACTS.items():
        picture(key).save(folder / f"{key}.png")
        rows.append(
            {
                "wikidata_id": f"Q-{key}",
                "wikipedia_title": title,
                "wikipedia_summary": text,
                "image_path": f"{key}.png",
            }
        )
    (folder / "pairs.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    summary = build_kb(
        str(folder / "kb"), [folder / "passages.jsonl"], [folder / "pairs.jsonl"], progress=False
    )
    assert summary.added == {"text": 5, "pairs": 5}
    return open_kb(str(folder / "kb"))


def test_real_text_search_finds_the_relevant_passage(real_kb: KnowledgeBase) -> None:
    assert real_kb.text_embedder.dim == 384 and real_kb.image_embedder.dim == 1280
    assert real_kb.search_text("Which planet has a giant storm called the red spot?", 2)[0]["id"] == "jupiter"
    assert real_kb.search_text("Who wrote the first compiler?", 2)[0]["id"] == "hopper"


def test_real_reverse_image_search_finds_a_crop_of_the_picture(real_kb: KnowledgeBase) -> None:
    for key in ("quokka", "hopper", "palace"):
        crop = load_image(_png(picture(key).crop((12, 8, 150, 146)).resize((120, 120))))
        hits = real_kb.search_by_image(crop, 3)
        assert hits[0]["id"] == f"Q-{key}", (key, [(h["id"], h["score"]) for h in hits])


def test_real_fused_search_mixes_both_signals(real_kb: KnowledgeBase) -> None:
    stripes = load_image(_png(picture("jupiter")))
    question = "small wallaby on an island"
    by_text = _scores(real_kb.search_pairs(stripes, question, 5, w=1.0))
    by_image = _scores(real_kb.search_by_image(stripes, 5))
    mixed = _scores(real_kb.search_pairs(stripes, question, 5, w=0.3))
    assert max(by_text, key=by_text.get) == "Q-quokka" and max(by_image, key=by_image.get) == "Q-jupiter"
    for pair_id, score in mixed.items():
        assert score == pytest.approx(0.3 * by_text[pair_id] + 0.7 * by_image[pair_id], abs=1e-5)


def _scores(hits: list) -> dict[str, float]:
    return {h["id"]: h["score"] for h in hits}


def _png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()

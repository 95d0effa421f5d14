"""The dev data folder: where the dev tools look for it, and the assembler of `make dev-data` run on
tiny packages built here (real .deb files and wheels in its download cache, so nothing is downloaded)."""

from __future__ import annotations

import io
import json
import subprocess
import zipfile
from pathlib import Path

import pytest
from PIL import Image

from apps import dev_eval
from benchmarks import kb as kb_benchmark
from evaluation import dev_data, devset, testset
from evaluation.dev_data import (
    find_dev_data,
    instance_glosses,
    nebula_jpeg,
    planet_facts,
    read_wordnet,
    stamp_jpeg,
    texture_credits,
)

DATA_NOUN = """\
  1 This database is provided under a licence; its header lines start with spaces.  
00000010 03 n 01 entity 0 000 | that which exists  
00000020 15 n 0b a 0 b 0 c 0 d 0 e 0 f 0 g 0 h 0 i 0 j 0 k 0 001 @ 00000010 n 0000 | eleven lemmas  
00000030 15 n 02 Lake_Alpha 0 Alpha_Lake 0 002 @i 00000010 n 0000 ~ 00000020 n 0000 | a lake; "it feeds"  
"""  # WordNet's lines end in two spaces
PLANET_FACTS = """\
########
#  The following data has been obtained from http://wikipedia.org/. #
########

Mercury::Mercury is the innermost planet.
Venus::Venus is the second planet from the Sun, bright as −4.6.
"""
TEXTURES = """{
 "subTiles" : [
  {"imageCredits": {"short" : "A. Photographer"}, "imageUrl" : "m1.png", "worldCoords" : [[[1.0, -.97]]]},
  {"imageCredits" : {"Short": "B. Observatory", "infoUrl": "https://example.org/m2"},
   "imageUrl" : "m2.png", "minResolution" : .2}
 ]
}"""


def png(image: Image.Image) -> bytes:
    buf = io.BytesIO()
    image.save(buf, format="PNG")
    return buf.getvalue()


# --- where the dev tools look ---------------------------------------------------------------------------


@pytest.fixture
def clone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working directory with nothing beside it: no ../shared/data/dev, no kb_data/dev-data."""
    folder = tmp_path / "clone"
    folder.mkdir()
    monkeypatch.chdir(folder)
    return folder


def test_a_given_folder_is_used_as_it_is(clone: Path) -> None:
    assert find_dev_data(Path("/somewhere/else")) == Path("/somewhere/else")


def test_the_shared_folder_comes_first_then_the_assembled_one(clone: Path) -> None:
    (clone / "kb_data" / "dev-data").mkdir(parents=True)
    assert find_dev_data(None) == Path("kb_data/dev-data")
    (clone.parent / "shared" / "data" / "dev").mkdir(parents=True)
    assert find_dev_data(None) == Path("../shared/data/dev")


@pytest.mark.parametrize(
    "main",
    [
        devset.main,
        dev_eval.main,
        testset.main,
        lambda argv: kb_benchmark.main([*argv, "--out", "bench", "--synthetic", "0"]),
    ],
    ids=["devset", "dev_eval", "testset", "benchmarks.kb"],
)
def test_without_dev_data_each_tool_stops_with_one_line_saying_what_to_run(clone: Path, main) -> None:
    with pytest.raises(SystemExit) as stop:
        main([])
    message = str(stop.value.code)
    assert "\n" not in message and "make dev-data" in message and "--data" in message
    assert "../shared/data/dev" in message and "kb_data/dev-data" in message


# --- what the assembler reads and writes ----------------------------------------------------------------


def test_wordnet_instances_become_glosses_with_their_lemmas_and_hypernyms() -> None:
    synsets = read_wordnet(DATA_NOUN)
    assert set(synsets) == {"00000010", "00000020", "00000030"}
    assert synsets["00000020"].contents == "a, b, c, d, e, f, g, h, i, j, k: eleven lemmas"  # 0b lemmas (hex)
    assert instance_glosses(synsets.values()) == [
        {
            "id": "wn30-n-00000030",
            "title": "Lake Alpha",
            "synonyms": ["Alpha Lake"],
            "contents": 'Lake Alpha, Alpha Lake: a lake; "it feeds"',
            "instance_of_offsets": ["00000010"],
            "lexfile": 15,
        }
    ]


def test_planet_facts_skip_the_header() -> None:
    rows = planet_facts(PLANET_FACTS, "the source")
    assert [r["id"] for r in rows] == ["kstars_planetfacts/Mercury", "kstars_planetfacts/Venus"]
    assert rows[1] == {
        "id": "kstars_planetfacts/Venus",
        "title": "Venus",
        "contents": "Venus is the second planet from the Sun, bright as −4.6.",
        "source": "the source",
    }


def test_texture_credits_read_stellarium_s_loose_json() -> None:
    assert texture_credits(TEXTURES) == {
        "m1.png": ("A. Photographer", None),
        "m2.png": ("B. Observatory", "https://example.org/m2"),
    }


def test_a_stamp_is_shrunk_to_512_and_put_on_white() -> None:
    stamp = Image.new("RGBA", (1024, 256), (0, 0, 0, 0))
    stamp.paste((200, 0, 0, 255), (0, 0, 512, 256))  # left half red, right half transparent
    image = Image.open(io.BytesIO(stamp_jpeg(png(stamp))))
    assert image.format == "JPEG" and image.mode == "RGB" and image.size == (512, 128)
    red, white = image.getpixel((100, 64)), image.getpixel((400, 64))
    assert red[0] > 180 and red[1] < 30 and min(white) > 245


def test_a_nebula_texture_keeps_its_original_mode_and_size() -> None:
    texture = Image.new("RGB", (1024, 1024), (30, 60, 90)).convert("P")
    data, mode, size = nebula_jpeg(png(texture))
    assert (mode, size) == ("P", [1024, 1024])
    assert Image.open(io.BytesIO(data)).size == (600, 600)


# --- the whole assembler on tiny packages -----------------------------------------------------------------


def build_deb(cache: Path, package: str, files: dict[str, bytes]) -> None:
    """A real .deb named as `apt-get download` names it, holding `files` (paths under /)."""
    root = cache / f"{package}-root"
    for path, data in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_bytes(data)
    control = (
        f"Package: {package}\nVersion: 1:1.0-1\nArchitecture: all\nMaintainer: t <t@t>\nDescription: t\n"
    )
    (root / "DEBIAN").mkdir()
    (root / "DEBIAN" / "control").write_text(control)
    target = cache / f"{package}_1%3a1.0-1_all.deb"
    subprocess.run(
        ["dpkg-deb", "--root-owner-group", "--build", str(root), str(target)], check=True, capture_output=True
    )


def build_wheel(cache: Path, package: str, version: str, files: dict[str, bytes]) -> None:
    with zipfile.ZipFile(cache / f"{package.replace('-', '_')}-{version}-py3-none-any.whl", "w") as wheel:
        for name, data in files.items():
            wheel.writestr(name, data)


@pytest.fixture
def tiny_sources(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A download cache with tiny versions of the nine packages, and sources that list their files."""
    cache = tmp_path / "cache"
    cache.mkdir()
    night = "usr/share/doc/opencv-doc/examples/data/night.jpg"
    red = png(Image.new("RGBA", (40, 20), (200, 0, 0, 255)))
    build_deb(cache, "wordnet-base", {"usr/share/wordnet/data.noun": DATA_NOUN.encode("latin-1")})
    build_deb(cache, "kstars-data", {"usr/share/kstars/PlanetFacts.dat": PLANET_FACTS.encode()})
    stamps = {
        "usr/share/tuxpaint/stamps/animals/quokka.png": red,
        "usr/share/tuxpaint/stamps/animals/quokka.txt": b"A quokka.\nfr.utf8=Un quokka.\n",
    }
    build_deb(cache, "tuxpaint-stamps-default", stamps)
    nebulae = "usr/share/stellarium/nebulae/default/"
    build_deb(
        cache, "stellarium-data", {nebulae + "textures.json": TEXTURES.encode(), nebulae + "m2.png": red}
    )
    build_deb(cache, "opencv-doc", {night: b"JPEG bytes"})
    build_wheel(cache, "scikit-image", "0.26.0", {"skimage/data/cat.png": b"PNG bytes"})
    debian = ["wordnet-base", "kstars-data", "tuxpaint-stamps-default", "stellarium-data", "opencv-doc"]
    sources = {
        "debian": dict.fromkeys(debian, "1:1.0-1"),
        "pypi": {"scikit-image": "0.26.0"},
        "stamps": [{"path": "animals/quokka.png", "wikipedia_title": "Quokka", "wordnet": ["00000030"]}],
        "messier": [{"texture": "m2.png", "messier": "M2", "wikipedia_title": "Messier 2", "wordnet": []}],
        "pkg_images": [
            {"file": "cat.png", "package": "scikit-image", "member": "skimage/data/cat.png",
             "wikipedia": "Cat", "shows": "a cat", "license": "CC0", "wordnet": ["00000020"]},
            {"file": "night.jpg", "package": "opencv-doc", "member": night,
             "wikipedia": "Night", "shows": "a night", "license": "PD", "wordnet": []},
        ],
    }  # fmt: skip
    path = tmp_path / "sources.json"
    path.write_text(json.dumps(sources))
    monkeypatch.setattr(dev_data, "SOURCES", path)
    return cache


def test_the_assembler_writes_the_dev_data_layout_from_the_packages(
    tiny_sources: Path, tmp_path: Path
) -> None:
    out = tmp_path / "dev-data"
    assert dev_data.main(["--out", str(out), "--cache", str(tiny_sources)]) == 0
    read = lambda name: json.loads((out / name).read_text())  # noqa: E731
    lines = lambda name: [json.loads(x) for x in (out / name).read_text().splitlines()]  # noqa: E731
    assert [r["title"] for r in lines("wiki_text/wordnet30_instance_glosses.jsonl")] == ["Lake Alpha"]
    facts = lines("wiki_text/kstars_planetfacts_wikipedia.jsonl")
    assert facts[0]["source"].startswith("Debian kstars-data 1.0 /usr/share/kstars/PlanetFacts.dat")
    assert read("tuxpaint_stamps/stamps.json") == [
        {
            "id": "tuxpaint/quokka",
            "package_path": "/usr/share/tuxpaint/stamps/animals/quokka.png",
            "image": "images/quokka.jpg",
            "desc_en": "A quokka.",
            "wikipedia_title_guess": "Quokka",
            "wordnet_gloss": [
                {
                    "id": "wn30-n-00000030",
                    "contents": 'Lake Alpha, Alpha Lake: a lake; "it feeds"',
                }
            ],
        }
    ]
    (nebula,) = read("stellarium_messier/objects.json")
    assert (nebula["id"], nebula["credit"], nebula["info_url"]) == (
        "stellarium/m2",
        "B. Observatory",
        "https://example.org/m2",
    )
    assert (nebula["orig_mode"], nebula["orig_size"]) == ("RGBA", [40, 20])
    assert Image.open(out / "stellarium_messier" / nebula["image"]).format == "JPEG"
    cat, night = read("pkg_images/index.json")
    assert cat["package"] == "PyPI scikit-image 0.26.0 (skimage/data/cat.png)"
    assert night["package"] == "Debian opencv-doc 1:1.0-1 (/usr/share/doc/opencv-doc/examples/data/night.jpg)"
    assert cat["wordnet_gloss"][0]["contents"].startswith("a, b, c")
    assert (out / "pkg_images" / "images" / "cat.png").read_bytes() == b"PNG bytes"
    assert read("sources.json")["pypi"] == {"scikit-image": "0.26.0"}
    assert not (tmp_path / "dev-data.partial").exists()


def test_a_file_the_package_lacks_stops_the_assembler_naming_it(tiny_sources: Path, tmp_path: Path) -> None:
    sources = json.loads(dev_data.SOURCES.read_text())
    sources["stamps"][0]["path"] = "animals/wombat.png"
    dev_data.SOURCES.write_text(json.dumps(sources))
    with pytest.raises(SystemExit, match="tuxpaint-stamps-default_1%3a1.0-1_all.deb lacks .*wombat"):
        dev_data.main(["--out", str(tmp_path / "dev-data"), "--cache", str(tiny_sources)])
    assert not (tmp_path / "dev-data").exists() and not (tmp_path / "dev-data.partial").exists()

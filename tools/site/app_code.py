"""The page's own code (web/app): its files, ``app.tgz``, which carries the page's Python as bytecode (the
shell and web/app's other packages but the games' views) and its data, and each game's view as a zip of its
own, ``app/games/<game>.zip``, downloaded with the game's engine (its wheel, wheel.py) when the game is
first needed (web/app/game_archives.py)."""

from __future__ import annotations

import gzip
import io
import json
import tarfile
import zipfile
from pathlib import Path

from .project import WEB
from .venv import VENV, ensure_venv

APP_ARCHIVE = "app.tgz"  # in dist/; web/interpreter.mjs writes it into the interpreter before Python starts


def app_files() -> list[Path]:
    """Every file of the page's code, relative to web/app (subfolders kept): the shell's and each game's
    Python modules, and each game's style sheet (``games/<game>/style.css``, linked by the shell)."""
    base = WEB / "app"
    return sorted(p.relative_to(base) for p in base.rglob("*") if p.is_file() and "__pycache__" not in p.parts)


def app_modules() -> list[Path]:
    """Every Python module of the page, relative to web/app (subfolders kept)."""
    return [rel for rel in app_files() if rel.suffix == ".py"]


# markupsafe (its ``Markup`` is the page's type of markup: web/app/shell/contract/markup.py): its pure-Python
# modules, not its C speedups, compiled and archived with ours (app.tgz), from the venv's installed distribution
# of the version pyproject.toml pins; its licence goes into dist/ beside the other vendored code's.
MARKUPSAFE_VERSION = "3.0.3"
MARKUPSAFE_MODULES = ("markupsafe/__init__.py", "markupsafe/_native.py")
MARKUPSAFE_LICENCE = "vendor/markupsafe.LICENSE.txt"


def markupsafe_files() -> tuple[dict[str, Path], Path]:
    """markupsafe's modules (by their path in the interpreter's working directory) and its licence, from the
    distribution installed in .venv, which must be the pinned version (the build fails otherwise)."""
    from importlib.metadata import distributions

    ensure_venv()
    found = [dist for site in sorted(VENV.glob("lib/python*/site-packages"))
             for dist in distributions(path=[str(site)]) if (dist.metadata["Name"] or "").lower() == "markupsafe"]
    versions = [dist.version for dist in found]
    if versions != [MARKUPSAFE_VERSION]:
        raise SystemExit(f"markupsafe {MARKUPSAFE_VERSION} must be installed in .venv (found: {versions or 'none'})")
    dist = found[0]
    listed = {str(f): Path(str(dist.locate_file(f))) for f in dist.files or ()}
    modules = {rel: listed[rel] for rel in MARKUPSAFE_MODULES if rel in listed}
    licences = [path for rel, path in listed.items() if rel.endswith("/LICENSE.txt")]
    if len(modules) != len(MARKUPSAFE_MODULES) or len(licences) != 1:
        raise SystemExit(f"markupsafe's distribution lacks {set(MARKUPSAFE_MODULES) - set(modules)} or its licence")
    return modules, licences[0]


APP_ENTRY = Path("main.py")  # the page's <script type="py" src="./app/main.py">: served on its own


def app_archive(data: dict[str, bytes], bytecode: dict[str, bytes]) -> bytes:
    """The bytecode of every module the page imports from our code (``compiled_bytecode``: the engines and
    web/app's packages, without their sources) and of PyScript's own package (``pyscript_bytecode``),
    and its data files (``data``: the translations' one catalogue file, the home page's cards) as one
    gzipped tar, written into the interpreter's working directory: one request, and one stream
    compressed as a whole (a zip compresses each file alone: 532 kB against 475 kB). Fixed
    times, owners and order, so the same inputs give the same bytes."""
    entries = {**bytecode, **data}
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.USTAR_FORMAT) as archive:
        for name in sorted(entries):
            info = tarfile.TarInfo(name)
            info.size, info.mode, info.mtime = len(entries[name]), 0o644, 315532800
            archive.addfile(info, io.BytesIO(entries[name]))
    return gzip.compress(buffer.getvalue(), compresslevel=9, mtime=0)


VIEWS = "games/"  # where a game's view package is in the page's bytecode (games/<game>/…)
ARCHIVES_INDEX = "games/archives.json"  # in app.tgz: each game's two archives (web/app/game_archives.py)


def view_bytecode(bytecode: dict[str, bytes], game: str) -> dict[str, bytes]:
    """A game's view package in the page's bytecode (``games/<game>/…``)."""
    return {rel: data for rel, data in bytecode.items() if rel.startswith(f"{VIEWS}{game}/")}


def view_archive(bytecode: dict[str, bytes], game: str) -> bytes:
    """A game's view package as a zip whose root holds the package (``k2/__init__.pyc``, ``k2/view.pyc``…),
    which the page imports as it is (zipimport). Fixed times and order: the same bytecode, the same bytes."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for rel, data in sorted(view_bytecode(bytecode, game).items()):
            item = zipfile.ZipInfo(rel.removeprefix(VIEWS), date_time=(1980, 1, 1, 0, 0, 0))
            item.compress_type, item.external_attr = zipfile.ZIP_DEFLATED, 0o644 << 16
            archive.writestr(item, data)
    return buffer.getvalue()


def archives_index(archives: dict[str, dict[str, str]]) -> bytes:
    """``games/archives.json``: {game: {"engine": its wheel's path in dist/, "view": its view's zip's}}."""
    return (json.dumps(archives, sort_keys=True, indent=1) + "\n").encode()

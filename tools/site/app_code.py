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

APP_ARCHIVE = "app.tgz"  # in dist/; web/interpreter.mjs writes it into the interpreter before Python starts


def app_files() -> list[Path]:
    """Every file of the page's code, relative to web/app (subfolders kept): the shell's and each game's
    Python modules, and each game's style sheet (``games/<game>/style.css``, linked by the shell)."""
    base = WEB / "app"
    return sorted(p.relative_to(base) for p in base.rglob("*") if p.is_file() and "__pycache__" not in p.parts)


def app_modules() -> list[Path]:
    """Every Python module of the page, relative to web/app (subfolders kept)."""
    return [rel for rel in app_files() if rel.suffix == ".py"]


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

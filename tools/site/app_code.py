"""The page's own code (web/app): its files, and ``app.tgz``, which carries the page's Python as bytecode
(the engines, ``pygames/``, and web/app's packages) and the translations."""

from __future__ import annotations

import gzip
import io
import tarfile
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
    compressed as a whole (a zip compresses each file alone: 532 kB against 475 kB, 2026-11-28). Fixed
    times, owners and order, so the same inputs give the same bytes."""
    entries = {**bytecode, **data}
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.USTAR_FORMAT) as archive:
        for name in sorted(entries):
            info = tarfile.TarInfo(name)
            info.size, info.mode, info.mtime = len(entries[name]), 0o644, 315532800
            archive.addfile(info, io.BytesIO(entries[name]))
    return gzip.compress(buffer.getvalue(), compresslevel=9, mtime=0)

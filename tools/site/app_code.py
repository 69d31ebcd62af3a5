"""The page's own code (web/app): its files, and ``app.zip``, which carries its Python packages, the
compiled catalogs and the bytecode of every module."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

from .project import WEB


def app_files() -> list[Path]:
    """Every file of the page's code, relative to web/app (subfolders kept): the shell's and each game's
    Python modules, and each game's style sheet (``games/<game>/style.css``, linked by the shell)."""
    base = WEB / "app"
    return sorted(p.relative_to(base) for p in base.rglob("*") if p.is_file() and "__pycache__" not in p.parts)


def app_modules() -> list[Path]:
    """Every Python module of the page, relative to web/app (subfolders kept)."""
    return [rel for rel in app_files() if rel.suffix == ".py"]


APP_ENTRY = Path("main.py")  # the page's <script type="py" src="./app/main.py">: served on its own


def app_archive(catalogs: dict[str, bytes], bytecode: dict[str, bytes]) -> bytes:
    """The page's Python packages (web/app/**/*.py but main.py), the compiled catalogs
    (``locale/<lang>/LC_MESSAGES/pygames.mo``) and the bytecode of every module (``compiled_bytecode``)
    as one zip, unpacked by PyScript into the interpreter's working directory: one request instead of
    one per module. Fixed timestamps and order, so the same sources give the same bytes."""
    entries = {rel.as_posix(): (WEB / "app" / rel).read_bytes() for rel in app_modules() if rel != APP_ENTRY}
    entries.update(catalogs)
    entries.update(bytecode)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, entries[name])
    return buffer.getvalue()

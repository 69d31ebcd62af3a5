"""The user's cache (``~/.cache/pygames/``, or under ``$XDG_CACHE_HOME``): what a build made from inputs that
another checkout on this machine shares, as npm's and uv's caches keep packages. A fresh clone's first build
(CI's, every stop) then does not make it again: node_modules (npm ci: 9-14 s, a copy: 2 s), the standard
library's bytecode (15-35 s of a core), the trace of the modules the page imports (14 s), PyScript's bytecode
(6 s), each of our modules' bytecode and dist/'s gzip copies (6 s).

Each entry is one file named by its kind and a hash of its inputs' key; only the ``versions`` most recently
used of a kind are kept. A home that cannot be written loses nothing but the next clone's time."""

from __future__ import annotations

import hashlib
import io
import os
import shutil
import zipfile
from pathlib import Path

USER_CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "pygames"


def _entry(kind: str, key: str, suffix: str) -> Path:
    return USER_CACHE / f"{kind}-{hashlib.sha256(key.encode()).hexdigest()[:16]}{suffix}"


def cached(kind: str, key: str, suffix: str = "") -> bytes | None:
    """The bytes kept for ``kind`` made from ``key``, or None."""
    path = _entry(kind, key, suffix)
    try:
        data = path.read_bytes()
        os.utime(path)  # (used now: kept by the next ``keep``'s pruning)
    except OSError:
        return None
    return data


def keep(kind: str, key: str, data: bytes, suffix: str = "", versions: int = 2) -> None:
    """Keep ``data`` for ``kind`` made from ``key``, and only the ``versions`` most recently used of ``kind``."""
    try:
        write(_entry(kind, key, suffix), data)
    except OSError:
        return
    prune(f"{kind}-*{suffix}", versions)


def write(path: Path, data: bytes) -> None:
    """``data`` written into ``path`` of the cache whole: another build reading it meanwhile sees the old file
    or the new one, never a part."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + f".{os.getpid()}.tmp")
    partial.write_bytes(data)
    partial.replace(path)


def prune(pattern: str, versions: int) -> None:
    """Of the cache's entries (files or folders) matching ``pattern``, only the ``versions`` most recently used
    kept (a read or a write marks an entry used)."""
    entries = [p for p in USER_CACHE.glob(pattern) if not p.name.endswith(".tmp")]
    entries.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    for old in entries[versions:]:
        if old.is_dir():
            shutil.rmtree(old, ignore_errors=True)
        else:
            old.unlink(missing_ok=True)


def pack(files: dict[str, bytes]) -> bytes:
    """Files by their relative paths as one zip's bytes (stored, in path order: the same files, the same bytes)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
        for rel in sorted(files):
            archive.writestr(zipfile.ZipInfo(rel, date_time=(1980, 1, 1, 0, 0, 0)), files[rel])
    return buffer.getvalue()


def unpack(data: bytes) -> dict[str, bytes]:
    """``pack``'s files back."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def cached_tree(kind: str, key: str) -> Path | None:
    """The folder kept for ``kind`` made from ``key`` (whole: its copy finished), or None."""
    path = _entry(kind, key, "")
    if not (path / COMPLETE).exists():
        return None
    os.utime(path)
    return path


def keep_tree(kind: str, key: str, source: Path, versions: int = 1) -> None:
    """Keep a copy of the folder ``source`` for ``kind`` made from ``key``, and only the ``versions`` most
    recently used folders of ``kind``."""
    path = _entry(kind, key, "")
    if (path / COMPLETE).exists():
        return
    partial = path.with_name(path.name + f".{os.getpid()}.tmp")
    try:
        shutil.rmtree(partial, ignore_errors=True)
        shutil.copytree(source, partial, symlinks=True)
        (partial / COMPLETE).touch()
        shutil.rmtree(path, ignore_errors=True)
        partial.rename(path)
    except OSError:
        shutil.rmtree(partial, ignore_errors=True)
        return
    prune(f"{kind}-*", versions)


COMPLETE = ".pygames-complete"  # in a kept folder: its copy finished

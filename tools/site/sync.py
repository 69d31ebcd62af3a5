"""Bring dist/ to exactly the build's files, writing only those that changed."""

from __future__ import annotations

import os
import shutil
from pathlib import Path


def _same(dst: Path, src: Path | bytes) -> bool:
    if not dst.is_file():
        return False
    if isinstance(src, bytes):
        return dst.stat().st_size == len(src) and dst.read_bytes() == src
    a, b = src.stat(), dst.stat()
    if a.st_size != b.st_size:
        return False
    if int(a.st_mtime) == int(b.st_mtime):
        return True
    return src.read_bytes() == dst.read_bytes()


def sync_dir(dist: Path, files: dict[str, Path | bytes]) -> tuple[int, int]:
    """Make ``dist`` hold exactly ``files`` (+ service-worker.js); returns (written, removed)."""
    written = removed = 0
    for rel, src in files.items():
        dst = dist / rel
        if _same(dst, src):
            continue
        dst.parent.mkdir(parents=True, exist_ok=True)
        tmp = dst.with_name(f"{dst.name}.{os.getpid()}.tmp")
        if isinstance(src, bytes):
            tmp.write_bytes(src)
        else:
            shutil.copy2(src, tmp)
        os.replace(tmp, dst)
        written += 1
    keep = set(files) | {"service-worker.js"}
    for path in sorted(dist.rglob("*"), reverse=True):
        rel = path.relative_to(dist).as_posix()
        if path.is_file() and rel not in keep:
            path.unlink()
            removed += 1
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    return written, removed

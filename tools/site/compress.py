"""The .gz copies of dist/'s large text files (sent by ``build.py serve`` to browsers that accept gzip)."""

from __future__ import annotations

import gzip
import hashlib
import os
from pathlib import Path

from .usercache import USER_CACHE, prune, write

# Compressed copies (name.gz) are written for these suffixes when they save at least 10 %.
GZIP_SUFFIXES = (".wasm", ".mjs", ".js", ".json", ".zip", ".whl", ".html", ".css", ".toml", ".py", ".webmanifest")
GZIP_MIN_BYTES = 1024
GZIP_KEPT = 400  # the user's cache keeps this many compressed files, the most recently used


def cached_gzip_copies(files: dict[str, Path | bytes]) -> dict[str, bytes]:
    """``name.gz`` for every large text-like file that compresses by 10 % or more (``serve`` sends
    them to browsers that accept gzip; any static host can do the same). Deterministic bytes, kept in the
    user's cache by the source's hash (tools/site/usercache.py), so that a file no checkout changed is not
    compressed again (a fresh clone's build: 6 s of a core)."""
    out: dict[str, bytes] = {}
    cache = USER_CACHE / "gzip"
    for rel, src in files.items():
        if not rel.endswith(GZIP_SUFFIXES):
            continue
        data = src if isinstance(src, bytes) else src.read_bytes()
        if len(data) < GZIP_MIN_BYTES:
            continue
        cached = cache / (hashlib.sha256(data).hexdigest() + ".gz")
        if cached.exists():
            packed = cached.read_bytes()
            os.utime(cached)  # (used now: kept by the pruning below)
        else:
            packed = gzip.compress(data, compresslevel=9, mtime=0)
            write(cached, packed)
        if len(packed) <= 0.9 * len(data):
            out[rel + ".gz"] = packed
    prune("gzip/*.gz", GZIP_KEPT)
    return out

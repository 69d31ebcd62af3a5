"""dist/service-worker.js: the precache list of every file in dist/, with a version derived from their
content hashes."""

from __future__ import annotations

import base64
import hashlib
import json
from pathlib import Path

from .project import ROOT

SW_PLACEHOLDER_VERSION = '"__PRECACHE_VERSION__"'
SW_PLACEHOLDER_LIST = "[/* __PRECACHE_LIST__ */]"


def precache_entries(dist: Path) -> list[dict[str, str]]:
    """Every file in ``dist`` but the worker itself, with its Subresource Integrity hash."""
    entries = []
    for path in sorted(p for p in dist.rglob("*") if p.is_file()):
        rel = path.relative_to(dist).as_posix()
        if rel == "service-worker.js" or rel.endswith((".tmp", ".gz")):
            continue  # the worker itself; .gz copies are the same files, sent compressed
        digest = hashlib.sha256(path.read_bytes()).digest()
        entries.append({"url": rel, "integrity": "sha256-" + base64.b64encode(digest).decode()})
    return entries


def stamp_service_worker(dist: Path, template: Path = ROOT / "service-worker.js") -> str:
    """Write ``dist/service-worker.js`` with the precache list of what ``dist`` holds now.

    The version is a hash of every (path, content hash) pair, so any change to any file makes a
    new worker, and an unchanged site keeps the same worker byte for byte. Returns the version.
    Tests call this after changing a copy of dist/ to simulate a redeploy.
    """
    entries = precache_entries(dist)
    version = hashlib.sha256(json.dumps(entries, sort_keys=True).encode()).hexdigest()[:16]
    source = template.read_text()
    if SW_PLACEHOLDER_VERSION not in source or SW_PLACEHOLDER_LIST not in source:
        raise SystemExit(f"{template}: precache placeholders missing")
    listing = "[\n" + ",\n".join("  " + json.dumps(e, sort_keys=True) for e in entries) + "\n]"
    text = source.replace(SW_PLACEHOLDER_VERSION, json.dumps(version)).replace(SW_PLACEHOLDER_LIST, listing)
    target = dist / "service-worker.js"
    if not target.exists() or target.read_text() != text:
        target.write_text(text)
    return version

"""The site's build: ``build(dist)`` writes dist/, everything the page needs, vendored from pinned
packages (package-lock.json for Pyodide, PyScript and three.js; our own Python as bytecode in one
archive written into the interpreter: no package installer runs in the page), plus a service worker that precaches
exactly that list with a version derived from the files' content hashes, and a gzip copy of every
large text file. Each step skips its work when its inputs did not change (``state``).

One job per module: ``vendor`` (npm), ``bundles`` (three.js and morphdom, minified),
``catalogs`` (translations), ``bytecode``, ``stdlib`` (the page's standard library, traced), ``app_code``
(web/app and app.tgz), ``assemble`` (every file of dist/, index.html stamped), ``compress`` (.gz copies),
``sync`` (writing dist/), ``service_worker`` (the precache list); ``project`` says where things are,
``state`` keeps the incremental build's hashes.
"""

from __future__ import annotations

import concurrent.futures
import time
from pathlib import Path

from .assemble import page_data, site_files
from .bundles import bundles
from .bytecode import compiled_bytecode, compiled_stdlib, pyscript_bytecode
from .catalogs import compiled_catalogs, page_catalogs
from .compress import cached_gzip_copies
from .project import CACHE, DIST, ROOT, log
from .service_worker import stamp_service_worker
from .state import load_state, save_state
from .stdlib import page_stdlib
from .sync import sync_dir
from .vendor import ensure_node_modules

__all__ = ["CACHE", "DIST", "ROOT", "build", "node_modules", "stamp_service_worker", "stdlib_bytecode"]


def node_modules() -> None:
    """``npm ci`` if the lock changed (the build's first step, alone): ``build.py test`` runs it beside the
    venv's ``pip install``, both mostly waiting for downloads, on a fresh clone."""
    state = load_state()
    ensure_node_modules(state)
    save_state(state)


def stdlib_bytecode() -> None:
    """The standard library's bytecode (``compiled_stdlib``, the build's longest step) and PyScript's, each a
    Node process, side by side: what the build compiles from npm's packages alone. ``build.py test`` runs it
    beside the venv's ``pip install``, once npm ci is done; the build then finds them done. Not beside the
    build itself (both write the build's state)."""
    state = load_state()
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as beside:
        pyscript = beside.submit(pyscript_bytecode, state)  # (each step writes its own keys of ``state``)
        compiled_stdlib(state)
        pyscript.result()
    save_state(state)


def build(dist: Path = DIST) -> str:
    """Write the whole site into ``dist``; returns its precache version."""
    start = time.perf_counter()
    state = load_state()
    ensure_node_modules(state)
    # The standard library's bytecode (the longest step: ~15 s of one core) and PyScript's are compiled beside
    # the rest: each compiler is a Node process, and each step writes its own keys of ``state``.
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as beside:
        stdlib_zip = beside.submit(compiled_stdlib, state)
        pyscript = beside.submit(pyscript_bytecode, state)
        catalogs = compiled_catalogs(state)
        bytecode = {**compiled_bytecode(state), **pyscript.result()}
        stdlib_zip_path = stdlib_zip.result()
    stdlib = page_stdlib(state, stdlib_zip_path, bytecode, {**page_data(catalogs), **page_catalogs(catalogs)})
    scripts = bundles(state)
    save_state(state)
    dist.mkdir(parents=True, exist_ok=True)
    files = site_files(catalogs, bytecode, stdlib, scripts)
    files.update(cached_gzip_copies(files))
    written, removed = sync_dir(dist, files)
    if written or removed:
        log(f"dist: {written} files written, {removed} removed, {len(files) - written} unchanged")
    else:
        log(f"dist: skipped ({len(files)} files unchanged)")
    version = stamp_service_worker(dist)
    size = sum(p.stat().st_size for p in dist.rglob("*") if p.is_file() and p.suffix != ".gz")
    packed = sum(p.stat().st_size for p in dist.rglob("*.gz"))
    log(f"site version {version}: {len(files) + 1} files, {size / 1e6:.1f} MB (+ {packed / 1e6:.1f} MB gzip) in "
        f"{dist.relative_to(ROOT) if dist.is_relative_to(ROOT) else dist} "
        f"({time.perf_counter() - start:.2f} s)")
    return version

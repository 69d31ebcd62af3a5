"""The page's standard library: only the modules its Python imports, found by a traced run, and the whole
library beside it for the rest (web/app/stdlib_fallback.py fetches it on the first import that misses).

Pyodide's ``python_stdlib.zip`` (as bytecode: ``compiled_stdlib``, 3.6 MB) was the largest download before
the first screen on a phone's network, and the page imports a small part of it. ``tools/trace_stdlib.mjs``
runs the vendored Pyodide under Node with the page's files in its working directory and does what the page
does (Pyodide's and PyScript's start, every module of ours, the warm-up of every game, a few decisions of
every bot); every module of the zip in its ``sys.modules`` then goes into the page's zip. The end-to-end
tests check that the pages they open never needed the whole library (tests/e2e/conftest.py).
"""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import zipfile
from dataclasses import dataclass
from pathlib import Path

from .bytecode import pyscript_sources
from .project import CACHE, ROOT, log, run
from .state import sha256_file
from .usercache import USER_CACHE, cached, keep
from .vendor import PYODIDE_VERSION

FULL_STDLIB = "python_stdlib_full.zip"  # in dist/pyodide/, beside the page's python_stdlib.zip
FULL_NAMES = "stdlib-full.txt"  # in app.tgz: the modules only the whole library has (web/app/stdlib_fallback.py)


@dataclass(frozen=True)
class PageStdlib:
    """The page's zip (``trimmed``), the whole library's (``full``) and the modules only the latter has."""

    trimmed: bytes
    full: Path
    traced: tuple[str, ...]  # the files of the zip the traced run imported
    missing: tuple[str, ...]  # the modules of the whole library not in ``trimmed``, by their dotted names


def page_stdlib(state: dict, full: Path, bytecode: dict[str, bytes], data: dict[str, bytes]) -> PageStdlib:
    """The standard library of what the page imports (``traced_files``, cached in .cache/build/ by the hashes
    of its inputs: the whole library, our bytecode and data, PyScript's package and the tracer)."""
    traced = traced_files(state, full, bytecode, data)
    out = CACHE / "python_stdlib_page.zip"
    wanted = hashlib.sha256("\n".join([sha256_file(full), *traced]).encode()).hexdigest()
    if state.get("stdlib_page") == wanted and out.exists():
        trimmed = out.read_bytes()
    else:
        trimmed = trimmed_zip(full, traced)
        out.write_bytes(trimmed)
        state["stdlib_page"] = wanted
    with zipfile.ZipFile(io.BytesIO(trimmed)) as archive:
        kept = set(module_names(archive.namelist()))
    with zipfile.ZipFile(full) as archive:
        missing = tuple(name for name in module_names(archive.namelist()) if name not in kept)
    log(f"page's standard library: {len(kept)} of {len(kept) + len(missing)} modules, "
        f"{len(trimmed) / 1e6:.2f} MB (the whole library: {full.stat().st_size / 1e6:.2f} MB)")
    return PageStdlib(trimmed, full, tuple(traced), missing)


def traced_files(state: dict, full: Path, bytecode: dict[str, bytes], data: dict[str, bytes]) -> list[str]:
    """The files of the zip whose modules the traced run imported (``tools/trace_stdlib.mjs``), sorted."""
    tool = ROOT / "tools" / "trace_stdlib.mjs"
    out = CACHE / "stdlib-trace.json"
    pyscript = pyscript_sources()
    digest = hashlib.sha256()
    for rel, content in sorted({**bytecode, **data, **{k: v.encode() for k, v in pyscript.items()}}.items()):
        digest.update(rel.encode() + b"\0" + content + b"\0")
    wanted = ":".join((sha256_file(full), digest.hexdigest(), sha256_file(tool), PYODIDE_VERSION))
    if state.get("stdlib_trace") == wanted and out.exists():
        log("standard library trace: skipped (the page's files unchanged)")
        return _files(out)
    shared = cached("stdlib_trace", wanted, ".json")  # (made by another checkout: tools/site/usercache.py)
    if shared is not None:
        out.write_bytes(shared)
        log(f"standard library trace: from {USER_CACHE}")
        state["stdlib_trace"] = wanted
        return _files(out)
    work = CACHE / "trace"
    shutil.rmtree(work, ignore_errors=True)
    for rel, content in {**bytecode, **data, **{k: v.encode() for k, v in pyscript.items()}}.items():
        (work / rel).parent.mkdir(parents=True, exist_ok=True)
        (work / rel).write_bytes(content)
    run(["node", str(tool), str(ROOT / "node_modules" / "pyodide"), str(full), str(work), str(out)])
    shutil.rmtree(work)
    keep("stdlib_trace", wanted, out.read_bytes(), ".json")
    state["stdlib_trace"] = wanted
    return _files(out)


def _files(trace: Path) -> list[str]:
    # (a module frozen into the interpreter, abc or codecs, names the source it was frozen from: kept too, as
    # bytecode, for an interpreter that does not use its frozen modules)
    files = json.loads(trace.read_text())["modules"].values()
    return sorted({name + "c" if name.endswith(".py") else name for name in files})


def trimmed_zip(full: Path, files: list[str]) -> bytes:
    """``full`` with only ``files`` and their folders' entries, in its order (the same inputs, the same bytes)."""
    wanted = set(files)
    folders = {name[: i + 1] for name in wanted for i, c in enumerate(name) if c == "/"}
    missing = wanted - {info.filename for info in zipfile.ZipFile(full).infolist()}
    if missing:
        raise SystemExit(f"page's standard library: the trace names files the zip lacks: {sorted(missing)[:5]}")
    buffer = io.BytesIO()
    with zipfile.ZipFile(full) as source, zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for info in source.infolist():
            if info.filename in wanted or info.filename in folders:
                entry = zipfile.ZipInfo(info.filename, date_time=(1980, 1, 1, 0, 0, 0))
                entry.external_attr, entry.compress_type = info.external_attr, zipfile.ZIP_DEFLATED
                out.writestr(entry, source.read(info))
    return buffer.getvalue()


def module_names(names: list[str]) -> list[str]:
    """The dotted names of the modules of a zip's files (``a/b/__init__.pyc`` -> ``a.b``), in its order."""
    found = []
    for name in names:
        if name.endswith(".pyc") and not name.startswith("site-packages/"):
            dotted = name[: -len(".pyc")].replace("/", ".")
            found.append(dotted.removesuffix(".__init__"))
    return found


def full_names(stdlib: PageStdlib) -> bytes:
    """``FULL_NAMES``: the modules only the whole library has, a line each."""
    return "".join(f"{name}\n" for name in stdlib.missing).encode()


"""Bytecode compiled ahead of time by the vendored Pyodide's own CPython (``tools/compile_pyc.mjs`` under
Node): of our modules, and of Pyodide's standard library."""

from __future__ import annotations

import ast
import hashlib
import importlib.util
import io
import json
import os
import shutil
import zipfile
from pathlib import Path

from .app_code import APP_ENTRY, app_modules, markupsafe_files
from .project import CACHE, ROOT, WEB, log, run
from .state import sha256_file, sha256_tree
from .usercache import USER_CACHE, cached, keep, pack, prune, unpack, write
from .vendor import PYODIDE_VERSION


def python_sources() -> dict[str, Path]:
    """Every module the page imports from our code, by its path in the interpreter's working directory
    (where the page writes its archive, app.tgz): ``pygames/…``, web/app's packages, and markupsafe's."""
    found = {p.relative_to(ROOT).as_posix(): p for p in sorted((ROOT / "pygames").rglob("*.py"))
             if "__pycache__" not in p.parts and p.name != "__main__.py"}  # (the command line: not the page's)
    found.update({rel.as_posix(): WEB / "app" / rel for rel in app_modules() if rel != APP_ENTRY})
    found.update(markupsafe_files()[0])
    return found


def compiled_bytecode(state: dict) -> dict[str, bytes]:
    """The .pyc of every module in ``python_sources``, compiled by the vendored Pyodide's own CPython
    (under Node: tools/compile_pyc.mjs), by their paths in the interpreter (``x.pyc`` where ``x.py`` would
    be): importing a module in the page then skips compiling it (about 60 % of its import time). The
    page gets no sources (a traceback names each file, line and function, without the line's text),
    no module or function docstrings and no function annotations (tools/compile_pyc.mjs). Recompiled
    when a source or Pyodide changes (kept in .cache/build/pyc otherwise); only the modules that changed,
    each module's bytecode being kept in the user's cache too (``~/.cache/pygames/pyc``, by its path, source,
    compiler and Pyodide: another checkout on this machine, or an edit of one module, compiles only those)."""
    sources = python_sources()
    out_dir = CACHE / "pyc"
    tool = ROOT / "tools" / "compile_pyc.mjs"
    wanted = sha256_tree(list(sources.values())) + ":" + sha256_file(tool) + ":" + PYODIDE_VERSION
    def found() -> dict[str, bytes]:
        return {p.relative_to(out_dir).as_posix(): p.read_bytes() for p in sorted(out_dir.rglob("*.pyc"))}
    compiled = found() if out_dir.exists() else {}
    if state.get("pyc") == wanted and len(compiled) == len(sources):
        log(f"bytecode: skipped ({len(sources)} modules unchanged)")
        return compiled
    compiler = sha256_file(tool) + PYODIDE_VERSION
    shared = {rel: PYC_CACHE / (hashlib.sha256(f"{rel}:{compiler}:".encode() + path.read_bytes()).hexdigest()[:32]
                                + ".pyc") for rel, path in sources.items()}
    shutil.rmtree(out_dir, ignore_errors=True)
    todo = {rel: path for rel, path in sources.items() if not shared[rel].exists()}
    if todo:
        for rel, path in todo.items():
            (out_dir / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, out_dir / rel)
        run(["node", str(ROOT / "tools" / "compile_pyc.mjs"), str(ROOT / "node_modules" / "pyodide"), str(out_dir)])
        for rel in todo:
            (out_dir / rel).unlink()
            pyc = out_dir / Path(rel).with_suffix(".pyc")
            if pyc.exists():
                write(shared[rel], pyc.read_bytes())
    log(f"bytecode: {len(todo)} modules compiled, {len(sources) - len(todo)} from {PYC_CACHE}")
    for rel, pyc in shared.items():
        if rel not in todo and pyc.exists():
            target = out_dir / Path(rel).with_suffix(".pyc")
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(pyc, target)
            os.utime(pyc)  # (used now: kept by the pruning below)
    compiled = found()
    if len(compiled) != len(sources):
        raise SystemExit(f"bytecode: {len(compiled)} .pyc for {len(sources)} modules")
    prune("pyc/*.pyc", PYC_KEPT)
    state["pyc"] = wanted
    return compiled


PYC_KEPT = 2000  # the user's cache keeps the bytecode of this many module versions, the most recently used
PYC_CACHE = USER_CACHE / "pyc"


def compiled_stdlib(state: dict) -> Path:
    """Pyodide's ``python_stdlib.zip`` with every module as bytecode in place of its source, compiled by
    the vendored Pyodide's own CPython (tools/compile_pyc.mjs, hash-based unchecked pycs beside their
    names, as zipimport reads them). Pyodide ships the standard library as source, so every start
    compiled each module it imports (asyncio, json, typing…): loading the interpreter took 7.4–8.4 s
    on this 2-core machine, 2.9–3.6 s with this zip. Rebuilt when Pyodide's zip or the compiler
    changes (kept in .cache/build/, and the last one in the user's cache, ~/.cache/pygames/)."""
    original = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
    tool = ROOT / "tools" / "compile_pyc.mjs"
    out = CACHE / "python_stdlib.zip"
    wanted = sha256_file(original) + ":" + sha256_file(tool) + ":" + PYODIDE_VERSION
    if state.get("stdlib") == wanted and out.exists():
        log("standard library bytecode: skipped (Pyodide unchanged)")
        return out
    # (the same zip, made by another checkout on this machine: tools/site/usercache.py)
    shared = cached("python_stdlib", wanted, ".zip")
    if shared is not None:
        out.write_bytes(shared)
        log(f"standard library bytecode: from {USER_CACHE}")
        state["stdlib"] = wanted
        return out
    work = CACHE / "stdlib"
    shutil.rmtree(work, ignore_errors=True)
    with zipfile.ZipFile(original) as source:
        source.extractall(work)
        run(["node", str(tool), str(ROOT / "node_modules" / "pyodide"), str(work), "--stdlib"])
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
            for info in source.infolist():  # Pyodide's order and directory entries
                name, data = info.filename, b""
                if name.endswith(".py"):
                    name = name[:-3] + ".pyc"
                    data = (work / name).read_bytes()
                elif not info.is_dir():
                    data = source.read(info)
                entry = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
                entry.external_attr = info.external_attr
                entry.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(entry, data)
    shutil.rmtree(work)
    out.write_bytes(buffer.getvalue())
    keep("python_stdlib", wanted, out.read_bytes(), ".zip", versions=1)
    log(f"standard library bytecode: {original.stat().st_size / 1e6:.1f} MB of sources -> "
        f"{out.stat().st_size / 1e6:.1f} MB of bytecode")
    state["stdlib"] = wanted
    return out


PYSCRIPT = ROOT / "node_modules" / "@pyscript" / "core"


def pyscript_sources() -> dict[str, str]:
    """The modules of PyScript's own Python package that ``import pyscript`` loads (its ``__init__`` and
    what that imports, transitively), by their paths in the interpreter's working directory, where
    PyScript writes them at every start: from the artifact its core embeds (src/stdlib/pyscript.js),
    each checked to be in the shipped core as it is there."""
    artifact = (PYSCRIPT / "src" / "stdlib" / "pyscript.js").read_text(encoding="utf-8")
    tree = json.loads(artifact[artifact.index("export default") + len("export default"):].strip().rstrip(";"))
    package: dict[str, str] = {}

    def flatten(folder: str, entries: dict) -> None:
        for name, value in entries.items():
            if isinstance(value, str):
                package[f"{folder}/{name}"] = value
            else:
                flatten(f"{folder}/{name}", value)

    flatten("pyscript", tree["pyscript"])
    shipped = "".join(p.read_text(encoding="utf-8") for p in sorted((PYSCRIPT / "dist").glob("core-*.js")))
    found: dict[str, str] = {}
    todo = ["pyscript/__init__.py"]
    while todo:
        rel = todo.pop()
        if rel in found:
            continue
        text = package[rel]
        if json.dumps(text, ensure_ascii=False)[1:-1] not in shipped:
            raise SystemExit(f"PyScript's core does not embed {rel} as src/stdlib/pyscript.js has it")
        found[rel] = text
        for name in _imported_at_load(text, rel.rsplit("/", 1)[0].replace("/", ".")):
            for candidate in (name.replace(".", "/") + ".py", name.replace(".", "/") + "/__init__.py"):
                if candidate in package:
                    todo.append(candidate)
    return found


def _imported_at_load(source: str, package: str) -> list[str]:
    """The modules a module imports as it loads (not in its functions' bodies), ``from x import y`` as both
    ``x`` and ``x.y``."""
    names: list[str] = []
    todo = list(ast.parse(source).body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = importlib.util.resolve_name("." * node.level + (node.module or ""), package)
            names += [base, *(f"{base}.{alias.name}" for alias in node.names)]
        elif not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            todo += [child for child in ast.iter_child_nodes(node) if isinstance(child, (ast.stmt, ast.excepthandler))]
    return names


def pyscript_bytecode(state: dict) -> dict[str, bytes]:
    """``pyscript/__pycache__/*.pyc`` for ``pyscript_sources``: PyScript writes its Python package into the
    interpreter's working directory at every start and imports it, which compiled it every time; with
    these in the page's archive it imports them compiled. They are checked against their source's hash
    (PEP 552), so a source that differs is compiled as before. Kept in .cache/build/pyscript-pyc."""
    sources = pyscript_sources()
    out_dir = CACHE / "pyscript-pyc"
    tool = ROOT / "tools" / "compile_pyc.mjs"
    wanted = (sha256_file(PYSCRIPT / "src" / "stdlib" / "pyscript.js") + ":" + ",".join(sorted(sources)) + ":"
              + sha256_file(tool) + ":" + PYODIDE_VERSION)

    def found() -> dict[str, bytes]:
        return {p.relative_to(out_dir).as_posix(): p.read_bytes() for p in sorted(out_dir.rglob("*.pyc"))}

    if state.get("pyscript_pyc") == wanted and out_dir.exists() and len(found()) == len(sources):
        log(f"PyScript's bytecode: skipped ({len(sources)} modules unchanged)")
        return found()
    shutil.rmtree(out_dir, ignore_errors=True)
    shared = cached("pyscript_pyc", wanted, ".zip")  # (made by another checkout: tools/site/usercache.py)
    if shared is not None and len(unpack(shared)) == len(sources):
        for rel, data in unpack(shared).items():
            (out_dir / rel).parent.mkdir(parents=True, exist_ok=True)
            (out_dir / rel).write_bytes(data)
        log(f"PyScript's bytecode: from {USER_CACHE}")
        state["pyscript_pyc"] = wanted
        return found()
    for rel, text in sources.items():
        (out_dir / rel).parent.mkdir(parents=True, exist_ok=True)
        (out_dir / rel).write_bytes(text.encode("utf-8"))  # as PyScript writes it (write_text, UTF-8)
    run(["node", str(tool), str(ROOT / "node_modules" / "pyodide"), str(out_dir), "--checked"])
    for rel in sources:
        (out_dir / rel).unlink()
    if len(found()) != len(sources):
        raise SystemExit(f"PyScript's bytecode: {len(found())} .pyc for {len(sources)} modules")
    keep("pyscript_pyc", wanted, pack(found()), ".zip")
    state["pyscript_pyc"] = wanted
    return found()

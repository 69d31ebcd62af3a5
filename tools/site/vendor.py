"""What the site vendors from npm (package-lock.json): Pyodide, PyScript and three.js at pinned versions,
``npm ci`` when the lock changes, and which of their files the site serves."""

from __future__ import annotations

import json
import platform
import re
import shutil
import subprocess
import sys
from pathlib import Path

from .project import ROOT, log, run
from .state import sha256_file
from .usercache import COMPLETE, cached_tree, keep_tree

PYODIDE_VERSION = "314.0.7"
PYSCRIPT_VERSION = "0.7.31"
THREE_VERSION = "0.187.0"
MORPHDOM_VERSION = "2.7.8"  # morphs a new game screen into the page (web/app/shell/morph.mjs)
ESBUILD_VERSION = "0.28.2"  # bundles and minifies three.js (what the page uses) and morphdom (bundles.py)
# The five files Pyodide needs at run time; the rest of the npm package is for Node or debugging.
PYODIDE_FILES = (
    "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
)
# PyScript's plugins (its code editor, terminal, game canvas, "donkey" and deprecation warnings): the page
# uses none. PyScript imports each one at start unless its config names it with "!" (``"plugins":
# ["!name"]``), and it reads a config per script type: ``py`` (app/main.py's, in its script's ``config``
# attribute) and ``mpy`` (MicroPython's, which this page never runs: ``<mpy-config>`` in index.html); assemble.py
# writes both from this list. Its ``error`` plugin is always imported (errors shown outside the DOM).
PYSCRIPT_PLUGINS_OFF = ("codemirror", "deprecations-manager", "donkey", "py-editor", "py-game", "py-terminal")
# PyScript features this page never uses: those plugins, its code editor (codemirror), its terminal
# (xterm, and the Python/MicroPython terminal chunks py-terminal loads), MicroPython, its zip helper
# and its own service worker and storage modules. They are not copied (so not precached); tests/e2e
# checks that every file the page requests is in the build. Matched on the chunk names' stable
# prefixes, and on the chunks that only the plugins import.
PYSCRIPT_UNUSED_IMPORTERS = tuple(f"{name}-" for name in PYSCRIPT_PLUGINS_OFF)
PYSCRIPT_UNUSED_PREFIXES = ("codemirror", "xterm", "index-", "mpy-", "zip-", "storage.js", "service-worker.js",
                            "toml-", "pyodide_graph-",  # no TOML config (JSON, in index.html), no packages
                            "core.css",  # its one rule the page needs (its config elements hidden) is in app.css
                            *PYSCRIPT_UNUSED_IMPORTERS)


def ensure_node_modules(state: dict) -> None:
    """``npm ci`` when node_modules is missing or package-lock.json changed since the last one."""
    lock_hash = sha256_file(ROOT / "package-lock.json")
    marker = ROOT / "node_modules" / ".package-lock.json"
    if marker.exists() and state.get("npm_lock") == lock_hash:
        log("npm ci: skipped (package-lock.json unchanged)")
        return
    npm = shutil.which("npm")
    if not npm:
        raise SystemExit("npm is needed to vendor Pyodide, PyScript and three.js (install Node.js 20+)")
    # (what npm ci made from the same lock, for the same Node and platform, in another checkout on this machine:
    # copied from the user's cache, tools/site/usercache.py)
    node = subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()
    key = f"{lock_hash}:{node}:{sys.platform}:{platform.machine()}"
    kept = cached_tree("node_modules", key)
    if kept is not None:
        shutil.rmtree(ROOT / "node_modules", ignore_errors=True)
        shutil.copytree(kept, ROOT / "node_modules", symlinks=True)
        (ROOT / "node_modules" / COMPLETE).unlink()
        log(f"npm ci: node_modules from {kept.parent}")
    else:
        run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=ROOT)
    for package, version in (("pyodide", PYODIDE_VERSION), ("@pyscript/core", PYSCRIPT_VERSION),
                             ("three", THREE_VERSION), ("morphdom", MORPHDOM_VERSION),
                             ("esbuild", ESBUILD_VERSION)):
        found = json.loads((ROOT / "node_modules" / package / "package.json").read_text())["version"]
        if found != version:
            raise SystemExit(f"node_modules/{package} is {found}, expected {version}: fix package.json")
    if kept is None:
        keep_tree("node_modules", key, ROOT / "node_modules")
    state["npm_lock"] = lock_hash



# A script's closing source map comment (``//# sourceMappingURL=name.map``): browsers' developer tools,
# and Lighthouse, ask for the map it names, which the site does not ship.
SOURCE_MAP_COMMENT = re.compile(rb"\n//[#@] sourceMappingURL=[^\n]*\n?\Z")


def without_source_map(src: Path | bytes) -> Path | bytes:
    """A script as the site ships it: without its closing source map comment (the maps are not copied:
    they are for debugging PyScript and Pyodide themselves); ``src`` itself when it has none."""
    data = src if isinstance(src, bytes) else src.read_bytes()
    stripped = SOURCE_MAP_COMMENT.sub(b"\n", data)
    return src if stripped == data else stripped


def _imports(js: str) -> set[str]:
    """The sibling chunks a PyScript module imports (statically or dynamically)."""
    return set(re.findall(r'(?:from|import)\s*\(?\s*"\./([^"]+)"', js))


def pyscript_files(dist_dir: Path) -> list[Path]:
    """PyScript's dist without source maps and without the features this page never uses: the chunks
    named in PYSCRIPT_UNUSED_PREFIXES, and those that only they or py-terminal and py-editor import
    (a chunk that core-*.js imports is kept: it may ask for it)."""
    files = [p for p in sorted(dist_dir.rglob("*")) if p.is_file() and not p.name.endswith(".map")]
    importers: dict[str, set[str]] = {}
    for p in files:
        if p.suffix == ".js":
            for name in _imports(p.read_text(errors="replace")):
                importers.setdefault(name, set()).add(p.name)
    unused = {p.name for p in files if p.name.startswith(PYSCRIPT_UNUSED_PREFIXES)}
    plugins = {p.name for p in files if p.name.startswith(PYSCRIPT_UNUSED_IMPORTERS)}
    for plugin in plugins:
        for name in _imports((dist_dir / plugin).read_text(errors="replace")):
            users = importers.get(name, set()) - plugins - unused
            if not users:
                unused.add(name)
    return [p for p in files if p.name not in unused]

#!/usr/bin/env python3
"""Build, serve, test and benchmark the pygames site. Standard library only (Babel, which compiles
the translations, runs from the test venv that build.py makes).

    python3 build.py [build]            write dist/ (skips the steps whose inputs did not change)
    python3 build.py serve [--port N] [--no-build]
    python3 build.py test [pytest args]  venv + chromium + build + ruff + pytest (a worker per core),
                                         then the timing tests alone
    python3 build.py bench               run every tests/bench/*_bench.py main()
    python3 build.py lock                write requirements-test.lock from the test venv
    python3 build.py catalogs            extract the texts to translate, update locale/*/pygames.po

dist/ holds everything the page needs, vendored from pinned packages (package-lock.json for
Pyodide, PyScript and three.js; our own wheel, which PyScript unpacks into the interpreter: no package
installer runs in the page), plus a service worker that precaches exactly that list with a
version derived from the files' content hashes, and a gzip copy of every large text file.
"""

from __future__ import annotations

import argparse
import base64
import email.utils
import functools
import gettext
import gzip
import hashlib
import http
import http.server
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import tomllib
import urllib.parse
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
WEB = ROOT / "web"
CACHE = ROOT / ".cache" / "build"
VENV = ROOT / ".venv"
STATE_FILE = CACHE / "state.json"
TEST_LOCK = ROOT / "requirements-test.lock"

PYODIDE_VERSION = "314.0.7"
PYSCRIPT_VERSION = "0.7.31"
THREE_VERSION = "0.187.0"
# three.js: the ES module build imports its core; nothing else of the npm package is served.
THREE_FILES = ("three.module.js", "three.core.js")
# The five files Pyodide needs at run time; the rest of the npm package is for Node or debugging.
PYODIDE_FILES = (
    "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
)
# PyScript features this page never uses: its code editor (codemirror), its terminal (xterm, and
# the Python/MicroPython terminal chunks py-terminal loads), MicroPython, its zip helper and its own
# service worker and storage modules. They are not copied (so not precached); tests/e2e checks that
# every file the page requests is in the build. Matched on the chunk names' stable prefixes, and
# on the chunks that only py-terminal and py-editor import.
PYSCRIPT_UNUSED_PREFIXES = ("codemirror", "xterm", "index-", "mpy-", "zip-", "storage.js", "service-worker.js")
PYSCRIPT_UNUSED_IMPORTERS = ("py-terminal-", "py-editor-")
# Compressed copies (name.gz) are written for these suffixes when they save at least 10 %.
GZIP_SUFFIXES = (".wasm", ".mjs", ".js", ".json", ".zip", ".whl", ".html", ".css", ".toml", ".py", ".webmanifest")
GZIP_MIN_BYTES = 1024
# Fixed wheel timestamps: the same sources give the same wheel bytes, hence the same site version.
SOURCE_DATE_EPOCH = "315532800"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)
SW_PLACEHOLDER_VERSION = '"__PRECACHE_VERSION__"'
SW_PLACEHOLDER_LIST = "[/* __PRECACHE_LIST__ */]"


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def sha256_tree(paths: list[Path]) -> str:
    digest = hashlib.sha256()
    for path in sorted(paths):
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def load_state() -> dict:
    try:
        return json.loads(STATE_FILE.read_text())
    except (OSError, ValueError):
        return {}


def save_state(state: dict) -> None:
    CACHE.mkdir(parents=True, exist_ok=True)
    STATE_FILE.write_text(json.dumps(state, indent=1, sort_keys=True))


def run(cmd: list[str], **kwargs) -> None:
    log("$ " + " ".join(str(c) for c in cmd))
    subprocess.run(cmd, check=True, stdin=subprocess.DEVNULL, **kwargs)


def project_version() -> str:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


# -- steps ------------------------------------------------------------------------------------


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
    run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=ROOT)
    for package, version in (("pyodide", PYODIDE_VERSION), ("@pyscript/core", PYSCRIPT_VERSION),
                             ("three", THREE_VERSION)):
        found = json.loads((ROOT / "node_modules" / package / "package.json").read_text())["version"]
        if found != version:
            raise SystemExit(f"node_modules/{package} is {found}, expected {version}: fix package.json")
    state["npm_lock"] = lock_hash


def _project_sources() -> list[Path]:
    files = [ROOT / "pyproject.toml"]
    files += [p for p in (ROOT / "README.md", ROOT / "setup.cfg", ROOT / "MANIFEST.in") if p.exists()]
    files += [p for p in (ROOT / "pygames").rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    return files


def _can_build_without_isolation() -> bool:
    try:
        import setuptools  # noqa: F401
    except ImportError:
        return False
    try:
        from setuptools.command.bdist_wheel import bdist_wheel  # noqa: F401  (setuptools >= 70.1)
        return True
    except ImportError:
        pass
    try:
        import wheel  # noqa: F401
        return True
    except ImportError:
        return False


def ensure_project_wheel(state: dict) -> Path:
    """Our own wheel, built by setuptools through pip; rebuilt only when its sources change."""
    version = project_version()
    wheel = CACHE / "wheels" / f"pygames-{version}-py3-none-any.whl"
    sources_hash = sha256_tree(_project_sources())
    if wheel.exists() and state.get("wheel_sources") == sources_hash:
        log(f"{wheel.name}: skipped (pygames/ and pyproject.toml unchanged)")
        return wheel
    wheel.parent.mkdir(parents=True, exist_ok=True)
    for old in wheel.parent.glob("pygames-*.whl"):
        old.unlink()
    env = dict(os.environ, SOURCE_DATE_EPOCH=SOURCE_DATE_EPOCH, PIP_DISABLE_PIP_VERSION_CHECK="1")
    # setuptools copies the package into build/lib and never removes what left pygames/: a module
    # deleted from the sources would still ship. Each build starts and ends with no build/.
    shutil.rmtree(ROOT / "build", ignore_errors=True)
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", tmp, str(ROOT)]
        if _can_build_without_isolation():
            cmd.insert(cmd.index("--no-deps"), "--no-build-isolation")
        run(cmd, env=env)
        built = Path(tmp) / wheel.name
        if not built.exists():
            raise SystemExit(f"pip wheel did not produce {wheel.name}: {sorted(os.listdir(tmp))}")
        shutil.move(str(built), wheel)
    shutil.rmtree(ROOT / "build", ignore_errors=True)
    state["wheel_sources"] = sources_hash
    return wheel


# -- writing dist/ ------------------------------------------------------------------------------


def app_files() -> list[Path]:
    """Every file of the page's code, relative to web/app (subfolders kept): the shell's and each game's
    Python modules, and each game's style sheet (``games/<game>/style.css``, linked by the shell)."""
    base = WEB / "app"
    return sorted(p.relative_to(base) for p in base.rglob("*") if p.is_file() and "__pycache__" not in p.parts)


def app_modules() -> list[Path]:
    """Every Python module of the page, relative to web/app (subfolders kept)."""
    return [rel for rel in app_files() if rel.suffix == ".py"]


APP_ENTRY = Path("main.py")  # the page's <script type="py" src="./app/main.py">: served on its own


def python_sources() -> dict[str, Path]:
    """Every module the page imports from our code, by its path in the interpreter's working directory
    (where PyScript unpacks our wheel and app.zip): ``pygames/…`` and web/app's packages."""
    found = {p.relative_to(ROOT).as_posix(): p for p in sorted((ROOT / "pygames").rglob("*.py"))
             if "__pycache__" not in p.parts}
    found.update({rel.as_posix(): WEB / "app" / rel for rel in app_modules() if rel != APP_ENTRY})
    return found


def compiled_bytecode(state: dict) -> dict[str, bytes]:
    """The .pyc of every module in ``python_sources``, compiled by the vendored Pyodide's own CPython
    (under Node: tools/compile_pyc.mjs), by their paths in the interpreter: importing a module in the
    page then skips compiling it (about 60 % of its import time). Recompiled when a source or Pyodide
    changes (kept in .cache/build/pyc otherwise)."""
    sources = python_sources()
    out_dir = CACHE / "pyc"
    wanted = sha256_tree(list(sources.values())) + ":" + PYODIDE_VERSION
    def found() -> dict[str, bytes]:
        return {p.relative_to(out_dir).as_posix(): p.read_bytes() for p in sorted(out_dir.rglob("*.pyc"))}
    compiled = found() if out_dir.exists() else {}
    if state.get("pyc") == wanted and len(compiled) == len(sources):
        log(f"bytecode: skipped ({len(sources)} modules unchanged)")
        return compiled
    shutil.rmtree(out_dir, ignore_errors=True)
    for rel, path in sources.items():
        (out_dir / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, out_dir / rel)
    run(["node", str(ROOT / "tools" / "compile_pyc.mjs"), str(ROOT / "node_modules" / "pyodide"), str(out_dir)])
    for rel in sources:
        (out_dir / rel).unlink()
    compiled = found()
    if len(compiled) != len(sources):
        raise SystemExit(f"bytecode: {len(compiled)} .pyc for {len(sources)} modules")
    state["pyc"] = wanted
    return compiled


def compiled_stdlib(state: dict) -> Path:
    """Pyodide's ``python_stdlib.zip`` with every module as bytecode in place of its source, compiled by
    the vendored Pyodide's own CPython (tools/compile_pyc.mjs, hash-based unchecked pycs beside their
    names, as zipimport reads them). Pyodide ships the standard library as source, so every start
    compiled each module it imports (asyncio, json, typing…): loading the interpreter took 7.4–8.4 s
    on this 2-core machine, 2.9–3.6 s with this zip. Rebuilt when Pyodide's zip or the compiler
    changes (kept in .cache/build/)."""
    original = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
    tool = ROOT / "tools" / "compile_pyc.mjs"
    out = CACHE / "python_stdlib.zip"
    wanted = sha256_file(original) + ":" + sha256_file(tool) + ":" + PYODIDE_VERSION
    if state.get("stdlib") == wanted and out.exists():
        log("standard library bytecode: skipped (Pyodide unchanged)")
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
    log(f"standard library bytecode: {original.stat().st_size / 1e6:.1f} MB of sources -> "
        f"{out.stat().st_size / 1e6:.1f} MB of bytecode")
    state["stdlib"] = wanted
    return out


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


# -- translations (Babel, from the test venv) ----------------------------------------------------

LOCALE = ROOT / "locale"
DOMAIN = "pygames"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"


def catalog_files() -> list[Path]:
    return sorted(LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def compiled_catalogs(state: dict) -> dict[str, bytes]:
    """``locale/<lang>/LC_MESSAGES/pygames.mo`` for every translation, compiled with Babel when a .po
    changed (kept in .cache/build/locale otherwise)."""
    out_dir = CACHE / "locale"
    sources = catalog_files()
    wanted = sha256_tree(sources) if sources else ""
    if state.get("catalogs") != wanted or not all(
        (out_dir / po.relative_to(LOCALE)).with_suffix(".mo").exists() for po in sources
    ):
        if sources:
            python = ensure_venv()
            for po in sources:
                mo = (out_dir / po.relative_to(LOCALE)).with_suffix(".mo")
                mo.parent.mkdir(parents=True, exist_ok=True)
                run([str(python), "-m", "babel.messages.frontend", "compile", "--statistics", "-D", DOMAIN,
                     "-i", str(po), "-o", str(mo)])
        state["catalogs"] = wanted
    else:
        log(f"catalogs: skipped ({len(sources)} unchanged)")
    return {f"locale/{po.relative_to(LOCALE).with_suffix('.mo').as_posix()}":
            (out_dir / po.relative_to(LOCALE)).with_suffix(".mo").read_bytes() for po in sources}


def catalogs() -> int:
    """``build.py catalogs``: extract every marked text into locale/pygames.pot and merge it into each
    language's .po (new texts appear untranslated; the catalog test then names them)."""
    python = ensure_venv()
    babel = [str(python), "-m", "babel.messages.frontend"]
    run([*babel, "extract", "-F", str(ROOT / "babel.cfg"), "-k", "N_", "-k", "ngettext:1,2",
         "--sort-by-file", "--no-wrap", "--no-location", "--add-comments=TRANSLATORS:", "--project=pygames",
         f"--version={project_version()}", "--copyright-holder=pygames", "-o", str(TEMPLATE), "."], cwd=ROOT)
    for po in catalog_files():
        run([*babel, "update", "--no-wrap", "--ignore-obsolete", "--no-fuzzy-matching", "-D", DOMAIN,
             "-i", str(TEMPLATE), "-o", str(po), "-l", po.parent.parent.name])
    return 0


def archives(wheel_name: str) -> list[tuple[str, str]]:
    """What PyScript unpacks into the interpreter's working directory (``[files]``), with its format."""
    return [(f"./wheels/{wheel_name}", "whl"), ("./app.zip", "zip")]


def pyscript_toml(wheel_name: str) -> str:
    return "\n".join([
        "# Generated by build.py: do not edit (see web/ and build.py).",
        'name = "pygames"',
        "# Pyodide's loadPyodide, restored from a memory snapshot when there is one (web/interpreter.mjs)",
        'interpreter = "./interpreter.mjs"',
        "",
        "# No package installer: PyScript unpacks our wheel (the engines) and app.zip (the page's",
        "# packages `shell` and `games`, from web/app) into the interpreter's working directory,",
        "# which is on sys.path; app/main.py then runs `from shell.app import main`.",
        "[files]",
        *(f'"{url}" = "./*"' for url, _ in archives(wheel_name)),
    ]) + "\n"


SNAPSHOT_CACHE = "pygames-snapshot"  # the Cache Storage cache of the interpreter snapshot (web/interpreter.mjs)


def snapshot_key(files: dict[str, Path | bytes], wheel_name: str) -> str:
    """A hash of every file an interpreter snapshot depends on (the runtime, our archives, the two
    modules that make and restore it): a snapshot made from other files is never restored."""
    digest = hashlib.sha256()
    inputs = [f"pyodide/{name}" for name in PYODIDE_FILES] + [url[2:] for url, _ in archives(wheel_name)]
    for rel in inputs:
        src = files[rel]
        digest.update(rel.encode() + (src if isinstance(src, bytes) else src.read_bytes()))
    for name in ("interpreter.mjs", "snapshot-worker.mjs"):
        digest.update((WEB / name).read_bytes())
    return digest.hexdigest()[:16]


def interpreter_module(files: dict[str, Path | bytes], wheel_name: str) -> bytes:
    """web/interpreter.mjs with the archives, the snapshot's cache and its key (``snapshot_key``)."""
    template = (WEB / "interpreter.mjs").read_text()
    values = {"__SNAPSHOT_KEY__": snapshot_key(files, wheel_name), "__SNAPSHOT_CACHE__": SNAPSHOT_CACHE,
              "__ARCHIVES__": json.dumps([list(entry) for entry in archives(wheel_name)])}
    for placeholder, value in values.items():
        if placeholder not in template:
            raise SystemExit(f"web/interpreter.mjs: the {placeholder} placeholder is missing")
        template = template.replace(placeholder, value)
    return template.encode()


def early_snapshot_script(files: dict[str, Path | bytes], wheel_name: str) -> str:
    """index.html's first script: it starts reading this device's interpreter snapshot (31 MB from Cache
    Storage) while the page's modules load; interpreter.mjs takes the promise (``pygamesSnapshot``)."""
    url = json.dumps(f"./snapshot/{snapshot_key(files, wheel_name)}.bin")
    return ('<script>if (!globalThis.PYGAMES_NO_SNAPSHOT && "caches" in globalThis) globalThis.pygamesSnapshot = '
            f'caches.match({url}, {{ cacheName: {json.dumps(SNAPSHOT_CACHE)} }})'
            '.then((r) => r && r.arrayBuffer()).catch(() => null);</script>')


def _imports(js: str) -> set[str]:
    """The sibling chunks a PyScript module imports (statically or dynamically)."""
    return set(re.findall(r'(?:from|import)\s*\(?\s*"\./([^"]+)"', js))


def pyscript_files(dist_dir: Path) -> list[Path]:
    """PyScript's dist without source maps and without the features this page never uses: the chunks
    named in PYSCRIPT_UNUSED_PREFIXES, and those that only py-terminal or py-editor import (core-*.js
    imports every chunk lazily, so it does not count as a user)."""
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
            users = {u for u in importers.get(name, set()) if not u.startswith("core")} - plugins - unused
            if not users:
                unused.add(name)
    return [p for p in files if p.name not in unused]


def site_files(
    wheel: Path, catalogs: dict[str, bytes], bytecode: dict[str, bytes], stdlib: Path
) -> dict[str, Path | bytes]:
    """Every file of dist/ except service-worker.js and the .gz copies: relative path -> source or contents."""
    files: dict[str, Path | bytes] = {}
    for name in ("index.html", "app.css", "boot.js", "manifest.webmanifest"):
        files[name] = WEB / name
    for css in sorted(WEB.glob("*.css")):  # views' style sheets (e.g. game.css) beside app.css
        files[css.name] = css
    for icon in sorted((WEB / "icons").glob("*.png")):
        files[f"icons/{icon.name}"] = icon
    for rel in app_files():
        if rel.suffix != ".py" or rel == APP_ENTRY:
            files[f"app/{rel.as_posix()}"] = WEB / "app" / rel
    files["app.zip"] = app_archive(catalogs, bytecode)
    pyscript_dist = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
    for path in pyscript_files(pyscript_dist):
        files[f"pyscript/{path.relative_to(pyscript_dist).as_posix()}"] = path
    pyodide = ROOT / "node_modules" / "pyodide"
    for name in PYODIDE_FILES:  # the standard library as compiled_stdlib's bytecode, not Pyodide's sources
        files[f"pyodide/{name}"] = stdlib if name == "python_stdlib.zip" else pyodide / name
    three = ROOT / "node_modules" / "three"
    for name in THREE_FILES:
        files[f"three/{name}"] = three / "build" / name
    files["three/LICENSE"] = three / "LICENSE"
    files[f"wheels/{wheel.name}"] = wheel
    files["pyscript.toml"] = pyscript_toml(wheel.name).encode()
    files["interpreter.mjs"] = interpreter_module(files, wheel.name)
    files["snapshot-worker.mjs"] = WEB / "snapshot-worker.mjs"
    files["bot-worker.mjs"] = WEB / "bot-worker.mjs"
    files["index.html"] = stamped_index(files, early_snapshot_script(files, wheel.name), boot_texts(catalogs))
    files.update(translated_manifests(catalogs))
    return files


def translations(catalogs: dict[str, bytes]) -> dict[str, gettext.GNUTranslations]:
    """Each translated language's compiled catalogue (``locale/<lang>/…/pygames.mo``) as gettext reads it."""
    return {path.split("/")[1]: gettext.GNUTranslations(io.BytesIO(data)) for path, data in sorted(catalogs.items())}


def translated_manifests(catalogs: dict[str, bytes]) -> dict[str, bytes]:
    """``manifest.<lang>.webmanifest`` for every translation: the web app manifest with its name and
    description in that language (the page points its <link rel=manifest> at the player's language)."""
    manifest = json.loads((WEB / "manifest.webmanifest").read_text())
    out = {}
    for lang, words in translations(catalogs).items():
        translated = dict(manifest, lang=lang)
        for key in ("name", "description"):
            translated[key] = words.gettext(manifest[key])
        out[f"manifest.{lang}.webmanifest"] = (json.dumps(translated, ensure_ascii=False, indent=2) + "\n").encode()
    return out


def boot_texts(catalogs: dict[str, bytes]) -> str:
    """What the page says before Python runs (shell.i18n.BOOT_WORDS), in every translation: a JSON
    table {language: {English: translation}} that boot.js reads from index.html."""
    sys.path.insert(0, str(WEB / "app"))
    try:
        from shell.i18n import BOOT_WORDS
    finally:
        sys.path.remove(str(WEB / "app"))
    table = {lang: {text: words.gettext(text) for text in BOOT_WORDS} for lang, words in translations(catalogs).items()}
    # inside <script>: "</" must not end it early
    return json.dumps(table, ensure_ascii=False, sort_keys=True).replace("</", "<\\/")


def content_security_policy(inline_scripts: list[str]) -> str:
    """The page's Content-Security-Policy: nothing but this origin's files, and of inline scripts only
    the build's own, allowed by their hashes (a script from a missed escape, an inline event handler
    included, does not run). ``'wasm-unsafe-eval'`` compiles Pyodide's WebAssembly. ``'unsafe-eval'``
    has one cause: PyScript 0.7.31's core builds its worker hooks with ``Function()`` when it starts
    (``core-*.js``), even on a page with no PyScript worker, and the page does not start without it.
    Styles keep ``'unsafe-inline'``: the views draw with ``style=`` attributes."""
    hashes = " ".join(f"'sha256-{base64.b64encode(hashlib.sha256(js.encode()).digest()).decode()}'"
                      for js in inline_scripts)
    return ("default-src 'self'; "
            f"script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval' {hashes}; "
            "worker-src 'self' blob:; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; "
            "connect-src 'self' data: blob:; object-src 'none'; base-uri 'none'; form-action 'self'")


CSP_META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')
CSP_HEADER_ONLY = "frame-ancestors 'none'"  # what only a header can carry


def stamped_index(files: dict[str, Path | bytes], early_script: str, texts: str = "{}") -> bytes:
    """index.html with the bytes the first visit downloads before Python runs (the runtime, PyScript,
    our wheel and app.zip), for boot.js's progress bar, the preloads, the snapshot's early read,
    the boot texts' translations and the Content-Security-Policy (which allows that early read by its
    hash)."""
    boot = [rel for rel in files if rel.startswith(("pyodide/", "pyscript/", "wheels/")) or rel == "app.zip"]
    total = sum(len(src) if isinstance(src, bytes) else src.stat().st_size for rel in boot for src in [files[rel]])
    html = (WEB / "index.html").read_text()
    inline = re.findall(r"<script>(.*?)</script>", early_script, re.S)
    policy = content_security_policy(inline)
    values = {"__BOOT_BYTES__": str(total), "<!-- __PRELOADS__ -->": preloads(files),
              "<!-- __SNAPSHOT_EARLY__ -->": early_script, "__BOOT_TEXTS__": texts,
              "<!-- __CSP__ -->": f'<meta http-equiv="Content-Security-Policy" content="{policy}">'}
    for placeholder, value in values.items():
        if placeholder not in html:
            raise SystemExit(f"web/index.html: the {placeholder} placeholder is missing")
        html = html.replace(placeholder, value)
    return html.encode()


def preloads(files: dict[str, Path | bytes]) -> str:
    """<link> tags that start every file the interpreter's start needs at once, instead of one after
    another as PyScript and Pyodide discover them: their modules, the config, the runtime's data."""
    modules = [rel for rel in files if (rel.startswith(("pyscript/", "pyodide/")) or rel == "interpreter.mjs")
               and rel.endswith((".js", ".mjs")) and rel != "pyscript/core.js"]
    data = [rel for rel in ("pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json",
                            "pyscript.toml") if rel in files]
    tags = [f'<link rel="modulepreload" href="./{rel}">' for rel in modules]
    tags += [f'<link rel="preload" href="./{rel}" as="fetch" crossorigin'
             + (' type="application/wasm"' if rel.endswith(".wasm") else "") + ">" for rel in data]
    return "\n  ".join(tags)


def cached_gzip_copies(files: dict[str, Path | bytes]) -> dict[str, bytes]:
    """``name.gz`` for every large text-like file that compresses by 10 % or more (``serve`` sends
    them to browsers that accept gzip; any static host can do the same). Deterministic bytes, kept
    in the build cache by the source's hash so an unchanged file is not compressed again."""
    out: dict[str, bytes] = {}
    cache = CACHE / "gzip"
    cache.mkdir(parents=True, exist_ok=True)
    for rel, src in files.items():
        if not rel.endswith(GZIP_SUFFIXES):
            continue
        data = src if isinstance(src, bytes) else src.read_bytes()
        if len(data) < GZIP_MIN_BYTES:
            continue
        cached = cache / (hashlib.sha256(data).hexdigest() + ".gz")
        if cached.exists():
            packed = cached.read_bytes()
        else:
            packed = gzip.compress(data, compresslevel=9, mtime=0)
            cached.write_bytes(packed)
        if len(packed) <= 0.9 * len(data):
            out[rel + ".gz"] = packed
    return out


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


def build(dist: Path = DIST) -> str:
    """Write the whole site into ``dist``; returns its precache version."""
    start = time.perf_counter()
    state = load_state()
    ensure_node_modules(state)
    wheel = ensure_project_wheel(state)
    catalogs = compiled_catalogs(state)
    bytecode = compiled_bytecode(state)
    stdlib = compiled_stdlib(state)
    save_state(state)
    dist.mkdir(parents=True, exist_ok=True)
    files = site_files(wheel, catalogs, bytecode, stdlib)
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


# -- serving ------------------------------------------------------------------------------------


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".webmanifest": "application/manifest+json",
        ".whl": "application/zip",
        ".zip": "application/zip",
        ".toml": "text/plain",
        ".py": "text/x-python",
        ".json": "application/json",
    }
    quiet = True

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Vary", "Accept-Encoding")
        policy = self.page_policy()
        if policy:
            self.send_header("Content-Security-Policy", policy)
        super().end_headers()

    def page_policy(self) -> str | None:
        """For the page itself: index.html's own policy as a header, with what only a header can say."""
        path = urllib.parse.urlsplit(self.path).path
        if path not in ("/", "/index.html"):
            return None
        try:
            found = CSP_META.search(Path(self.directory, "index.html").read_text(encoding="utf-8"))
        except OSError:
            return None
        return f"{found.group(1)}; {CSP_HEADER_ONLY}" if found else None

    def send_head(self):
        """A file's ``.gz`` copy (written by the build) with ``Content-Encoding: gzip`` when the browser
        accepts it and the copy is not older than the file; else the file itself."""
        path = self.translate_path(self.path)
        packed = path + ".gz"
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (accepts and os.path.isfile(path) and os.path.isfile(packed)
                and os.path.getmtime(packed) >= os.path.getmtime(path)):
            return super().send_head()
        modified = os.path.getmtime(path)
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            try:
                if int(modified) <= email.utils.parsedate_to_datetime(since).timestamp():
                    self.send_response(http.HTTPStatus.NOT_MODIFIED)
                    self.end_headers()
                    return None
            except (TypeError, ValueError, IndexError, OverflowError):
                pass
        handle = open(packed, "rb")  # noqa: SIM115 (the base class closes what send_head returns)
        self.send_response(http.HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(os.fstat(handle.fileno()).st_size))
        self.send_header("Last-Modified", self.date_time_string(modified))
        self.end_headers()
        return handle

    def copyfile(self, source, outputfile) -> None:
        """Send a file body, counting the bytes (``SiteServer.stats``, used by the page benchmark)."""
        sent = 0
        while block := source.read(1 << 16):
            outputfile.write(block)
            sent += len(block)
        stats = getattr(self.server, "site_stats", None)
        if stats is not None:
            stats.add(self.path, sent)

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (signature of the base class)
        if not self.quiet:
            super().log_message(format, *args)


class TransferStats:
    """Files sent (200 responses) and their body bytes, per SiteServer; 304s are not counted."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.files_sent = 0
        self.body_bytes = 0

    def add(self, path: str, size: int) -> None:
        with self._lock:
            self.files_sent += 1
            self.body_bytes += size

    def snapshot(self) -> tuple[int, int]:
        with self._lock:
            return self.files_sent, self.body_bytes


class _HTTPServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):
            return  # the browser dropped a connection (navigation, reload, offline test): normal
        super().handle_error(request, client_address)


class SiteServer:
    """A static server for one directory on 127.0.0.1, run in a background thread.

    ``port=0`` picks a free port on the first start; ``stop()`` then ``start()`` serves again on
    the same port (same origin, so the page's service worker and storage stay the same).
    """

    def __init__(self, directory: Path, port: int = 0, quiet: bool = True) -> None:
        self.directory = Path(directory)
        self.port = port
        self.quiet = quiet
        self.stats = TransferStats()
        self._httpd: _HTTPServer | None = None
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> SiteServer:
        handler = functools.partial(type("Handler", (SiteHandler,), {"quiet": self.quiet}),
                                    directory=str(self.directory))
        self._httpd = _HTTPServer(("127.0.0.1", self.port), handler)
        self._httpd.site_stats = self.stats
        self.port = self._httpd.server_address[1]
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, name=f"site:{self.port}", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._httpd:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None

    def __enter__(self) -> SiteServer:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


def serve(port: int, no_build: bool) -> None:
    if not no_build:
        build()
    if not (DIST / "index.html").exists():
        raise SystemExit("dist/ is not built: run python3 build.py")
    server = SiteServer(DIST, port, quiet=False).start()
    log(f"serving {DIST} at {server.url} (Ctrl-C to stop)")
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        server.stop()


# -- tests and benchmarks -----------------------------------------------------------------------


def venv_python() -> Path:
    return VENV / "bin" / "python"


def ensure_venv() -> Path:
    """.venv with ``pip install -e .[test]`` constrained by the lock file; redone when either changes."""
    stamp = VENV / ".pyproject.sha256"
    wanted = sha256_file(ROOT / "pyproject.toml") + (sha256_file(TEST_LOCK) if TEST_LOCK.exists() else "")
    if venv_python().exists() and stamp.exists() and stamp.read_text() == wanted:
        log(".venv: skipped (pyproject.toml and the lock unchanged)")
        return venv_python()
    if not venv_python().exists():
        run([sys.executable, "-m", "venv", str(VENV)])
    env = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1")
    constraints = ["-c", str(TEST_LOCK)] if TEST_LOCK.exists() else []
    run([str(venv_python()), "-m", "pip", "install", "--quiet", *constraints, "-e", f"{ROOT}[test]"], env=env)
    stamp.write_text(wanted)
    return venv_python()


def lock() -> int:
    """Write the test environment's exact versions (``pip freeze``) to the lock file."""
    python = ensure_venv()
    frozen = subprocess.run(
        [str(python), "-m", "pip", "freeze", "--exclude-editable"], check=True, capture_output=True, text=True
    ).stdout
    header = "# Exact versions of the test environment; build.py installs .[test] with these as constraints.\n"
    header += "# Regenerate with: python3 build.py lock\n"
    TEST_LOCK.write_text(header + frozen)
    log(f"wrote {TEST_LOCK.name} ({len(frozen.splitlines())} packages)")
    return 0


def ensure_chromium() -> None:
    if CHROMIUM.exists():
        return
    if os.geteuid() == 0 and shutil.which("apt-get"):
        log("installing Debian's chromium (needed by the end-to-end tests)")
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        run(["apt-get", "update", "-q"], env=env)
        run(["apt-get", "install", "-y", "-q", "chromium"], env=env)
        return
    raise SystemExit(f"{CHROMIUM} is missing: install Debian's chromium (sudo apt-get install -y chromium)")


def parallel_args(pytest_args: list[str]) -> list[str]:
    """pytest-xdist's workers, one per core, unless the arguments choose (``-n 0``: one process). Each
    worker has its own Chromium and its own started page; the tests share nothing but dist/ (built once
    before them). ``worksteal``: the few long games do not all end up with one worker."""
    chosen = any(a.startswith(("-n", "--numprocesses", "--dist")) for a in pytest_args)
    off = "no:xdist" in pytest_args or "-pno:xdist" in pytest_args
    return [] if chosen or off else ["-n", "auto", "--dist", "worksteal"]


# pytest's options that say how to report, kept for the timing step (which is given the tests' ids)
REPORTING = ("-x", "--exitfirst", "-q", "-v", "-s", "-r", "--tb", "--durations", "--maxfail")


def pytest_step(python: Path, args: list[str], counts: Path, later: Path | None = None) -> int:
    """pytest in the venv; ``later``: leave the timing tests out and write their ids there."""
    env = dict(os.environ, PYGAMES_COUNTS=str(counts))
    env.pop("PYGAMES_TIMING_LATER", None)
    if later is not None:
        env["PYGAMES_TIMING_LATER"] = str(later)
    return subprocess.run([str(python), "-m", "pytest", *args], cwd=ROOT, stdin=subprocess.DEVNULL, env=env).returncode


def test(pytest_args: list[str]) -> int:
    """ruff, then pytest in two steps: every test but the timing ones, a worker per core; then the timing
    tests (marked ``alone``: no main-thread task over 100 ms while a bot thinks) in one process, with
    nothing else running beside them. The last line adds the two steps' counts up."""
    start = time.perf_counter()
    log("step: .venv")
    python = ensure_venv()
    log("step: Chromium")
    ensure_chromium()
    log("step: build dist/")
    build()
    bin_dir = python.parent
    ruff = [str(bin_dir / "ruff"), "check", "pygames", "web", "tests", "build.py"]
    if (ROOT / "tools").exists():
        ruff.append("tools")
    log("step: $ " + " ".join(ruff[1:]))
    lint_failed = subprocess.run(ruff, cwd=ROOT, stdin=subprocess.DEVNULL).returncode != 0
    if lint_failed:
        log("ruff found problems (running pytest anyway; the test command fails at the end)")
    CACHE.mkdir(parents=True, exist_ok=True)
    later, counts = CACHE / "timing-tests.txt", CACHE / "test-counts.json"
    later.unlink(missing_ok=True)
    args = [*parallel_args(pytest_args), *pytest_args]
    log(f"setup took {time.perf_counter() - start:.0f} s; step 1 of 2, every test but the timing ones: "
        "pytest " + " ".join(args))
    code = pytest_step(python, args, counts, later)
    totals = json.loads(counts.read_text()) if counts.exists() else {}
    timing = later.read_text().split() if later.exists() else []
    if timing and not (code not in (0, 5) and any(a in ("-x", "--exitfirst") for a in pytest_args)):
        kept = [a for a in pytest_args if a.startswith(REPORTING)]
        log(f"step 2 of 2, the {len(timing)} timing tests, alone on the machine: pytest -n 0 " + " ".join(kept))
        counts.unlink(missing_ok=True)
        second = pytest_step(python, ["-n", "0", *kept, *timing], counts)
        for key, value in (json.loads(counts.read_text()) if counts.exists() else {}).items():
            totals[key] = totals.get(key, 0) + value
        code = second if code in (0, 5) else code
    if lint_failed:
        log(f"ruff failed (see above); pytest exit code {code}")
        code = code or 1
    log(f"took {time.perf_counter() - start:.0f} s in all")
    if totals:  # the closing line CI reads: both steps added up
        skipped = f", {totals['skipped']} skipped" if totals.get("skipped") else ""
        print(f"total: {totals['passed']} passed, {totals['failed'] + totals['error']} failed{skipped}", flush=True)
    return code


def bench() -> int:
    python = ensure_venv()
    ensure_chromium()
    build()
    scripts = sorted((ROOT / "tests" / "bench").glob("*_bench.py"))
    failures = 0
    for script in scripts:
        if "def main(" not in script.read_text():
            continue
        log(f"bench: {script.relative_to(ROOT)}")
        runner = (
            "import importlib.util, sys\n"
            f"spec = importlib.util.spec_from_file_location('bench_module', {str(script)!r})\n"
            "module = importlib.util.module_from_spec(spec)\n"
            "sys.modules['bench_module'] = module\n"
            "spec.loader.exec_module(module)\n"
            "sys.exit(module.main())\n"
        )
        code = subprocess.run([str(python), "-c", runner], cwd=ROOT, stdin=subprocess.DEVNULL).returncode
        if code:
            log(f"bench: {script.name} exited with {code}")
            failures += 1
    return 1 if failures else 0


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    command = argv.pop(0) if argv and not argv[0].startswith("-") else "build"
    if command == "test":
        return test(argv)
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    if command == "serve":
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument("--no-build", action="store_true")
        args = parser.parse_args(argv)
        serve(args.port, args.no_build)
        return 0
    parser.parse_args(argv)
    if command == "build":
        build()
        return 0
    if command == "bench":
        return bench()
    if command == "catalogs":
        return catalogs()
    if command == "lock":
        return lock()
    parser.error(f"unknown command {command!r} (build, serve, test, bench, lock, catalogs)")
    return 2


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Build, serve, test and benchmark the pygames site. Standard library only.

    python3 build.py [build]            write dist/ (skips the steps whose inputs did not change)
    python3 build.py serve [--port N] [--no-build]
    python3 build.py test [pytest args]  venv + chromium + build + ruff + pytest
    python3 build.py bench               run every tests/bench/*_bench.py main()
    python3 build.py lock                write requirements-test.lock from the test venv

dist/ holds everything the page needs, vendored from pinned packages (package-lock.json for
Pyodide and PyScript, a pinned micropip wheel, our own wheel), plus a service worker that
precaches exactly that list with a version derived from the files' content hashes.
"""

from __future__ import annotations

import argparse
import base64
import functools
import hashlib
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import tomllib
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
# The five files Pyodide needs at run time; the rest of the npm package is for Node or debugging.
PYODIDE_FILES = (
    "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
)
MICROPIP_VERSION = "0.11.1"
MICROPIP_WHEEL = f"micropip-{MICROPIP_VERSION}-py3-none-any.whl"
MICROPIP_SHA256 = "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"
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
        raise SystemExit("npm is needed to vendor Pyodide and PyScript (install Node.js 20+)")
    run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=ROOT)
    for package, version in (("pyodide", PYODIDE_VERSION), ("@pyscript/core", PYSCRIPT_VERSION)):
        found = json.loads((ROOT / "node_modules" / package / "package.json").read_text())["version"]
        if found != version:
            raise SystemExit(f"node_modules/{package} is {found}, expected {version}: fix package.json")
    state["npm_lock"] = lock_hash


def ensure_micropip() -> Path:
    """The pinned micropip wheel, downloaded once into the cache and checked against its sha256."""
    wheel = CACHE / "wheels" / MICROPIP_WHEEL
    if wheel.exists() and sha256_file(wheel) == MICROPIP_SHA256:
        log("micropip wheel: skipped (cached, sha256 ok)")
        return wheel
    wheel.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        run([sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps",
             "--only-binary=:all:", "--python-version", "3.14", "--platform", "any",
             f"micropip=={MICROPIP_VERSION}", "-d", tmp])
        got = Path(tmp) / MICROPIP_WHEEL
        actual = sha256_file(got)
        if actual != MICROPIP_SHA256:
            raise SystemExit(f"{MICROPIP_WHEEL}: sha256 {actual} != pinned {MICROPIP_SHA256}")
        shutil.move(str(got), wheel)
    return wheel


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
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", tmp, str(ROOT)]
        if _can_build_without_isolation():
            cmd.insert(cmd.index("--no-deps"), "--no-build-isolation")
        run(cmd, env=env)
        built = Path(tmp) / wheel.name
        if not built.exists():
            raise SystemExit(f"pip wheel did not produce {wheel.name}: {sorted(os.listdir(tmp))}")
        shutil.move(str(built), wheel)
    state["wheel_sources"] = sources_hash
    return wheel


# -- writing dist/ ------------------------------------------------------------------------------


def app_modules() -> list[Path]:
    """Every Python module of the page, relative to web/app (subfolders kept)."""
    base = WEB / "app"
    return sorted(p.relative_to(base) for p in base.rglob("*.py") if "__pycache__" not in p.parts)


def pyscript_toml(wheel_name: str) -> str:
    lines = [
        "# Generated by build.py: do not edit (see web/ and build.py).",
        'name = "pygames"',
        'interpreter = "./pyodide/pyodide.mjs"',
        f'packages = ["./wheels/{wheel_name}"]',
        "",
        "# web/app/<path>.py is fetched into the interpreter's working directory (on sys.path),",
        "# so main.py imports its siblings by name: `import router`, `from views import k3`.",
        "[files]",
    ]
    lines += [f'"./app/{rel.as_posix()}" = "./{rel.as_posix()}"' for rel in app_modules()]
    return "\n".join(lines) + "\n"


def patched_pyodide_lock(source: Path, micropip: Path) -> bytes:
    """Pyodide's lock file with micropip's entry pointing at our pinned wheel (STACK.md pitfall)."""
    lock = json.loads(source.read_text())
    entry = lock["packages"]["micropip"]
    entry["file_name"] = micropip.name
    entry["version"] = MICROPIP_VERSION
    entry["sha256"] = sha256_file(micropip)
    return json.dumps(lock, separators=(",", ":"), sort_keys=False).encode()


def site_files(micropip: Path, wheel: Path) -> dict[str, Path | bytes]:
    """Every file of dist/ except service-worker.js: relative path -> source file or contents."""
    files: dict[str, Path | bytes] = {}
    for name in ("index.html", "app.css", "boot.js", "manifest.webmanifest"):
        files[name] = WEB / name
    for css in sorted(WEB.glob("*.css")):  # views' style sheets (e.g. game.css) beside app.css
        files[css.name] = css
    for icon in sorted((WEB / "icons").glob("*.png")):
        files[f"icons/{icon.name}"] = icon
    for rel in app_modules():
        files[f"app/{rel.as_posix()}"] = WEB / "app" / rel
    pyscript_dist = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
    for path in sorted(pyscript_dist.rglob("*")):
        if path.is_file() and not path.name.endswith(".map"):
            files[f"pyscript/{path.relative_to(pyscript_dist).as_posix()}"] = path
    pyodide = ROOT / "node_modules" / "pyodide"
    for name in PYODIDE_FILES:
        files[f"pyodide/{name}"] = pyodide / name
    files["pyodide/pyodide-lock.json"] = patched_pyodide_lock(pyodide / "pyodide-lock.json", micropip)
    files[f"pyodide/{micropip.name}"] = micropip
    files[f"wheels/{wheel.name}"] = wheel
    files["pyscript.toml"] = pyscript_toml(wheel.name).encode()
    return files


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
        if rel == "service-worker.js" or rel.endswith(".tmp"):
            continue
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
    micropip = ensure_micropip()
    wheel = ensure_project_wheel(state)
    save_state(state)
    dist.mkdir(parents=True, exist_ok=True)
    files = site_files(micropip, wheel)
    written, removed = sync_dir(dist, files)
    if written or removed:
        log(f"dist: {written} files written, {removed} removed, {len(files) - written} unchanged")
    else:
        log(f"dist: skipped ({len(files)} files unchanged)")
    version = stamp_service_worker(dist)
    size = sum(p.stat().st_size for p in dist.rglob("*") if p.is_file())
    log(f"site version {version}: {len(files) + 1} files, {size / 1e6:.1f} MB in "
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
        super().end_headers()

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


def test(pytest_args: list[str]) -> int:
    start = time.perf_counter()
    python = ensure_venv()
    ensure_chromium()
    build()
    bin_dir = python.parent
    ruff = [str(bin_dir / "ruff"), "check", "pygames", "web", "tests", "build.py"]
    if (ROOT / "tools").exists():
        ruff.append("tools")
    log("$ " + " ".join(ruff[1:]))
    lint_failed = subprocess.run(ruff, cwd=ROOT, stdin=subprocess.DEVNULL).returncode != 0
    if lint_failed:
        log("ruff found problems (running pytest anyway; the test command fails at the end)")
    cmd = [str(python), "-m", "pytest", *pytest_args]
    log(f"setup took {time.perf_counter() - start:.0f} s; $ " + " ".join(cmd[1:]))
    code = subprocess.run(cmd, cwd=ROOT, stdin=subprocess.DEVNULL).returncode
    # Nothing is printed after pytest's summary line on success (CI reads the closing line).
    if lint_failed:
        log(f"ruff failed (see above); pytest exit code {code}")
        return code or 1
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
    if command == "lock":
        return lock()
    parser.error(f"unknown command {command!r} (build, serve, test, bench, lock)")
    return 2


if __name__ == "__main__":
    sys.exit(main())

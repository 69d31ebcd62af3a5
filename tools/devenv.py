"""The test environment: the venv (``pip install -e .[test]`` constrained by requirements-test.lock),
Debian's Chromium for the end-to-end tests, and the commands that use them: ``build.py test`` (ruff, then
pytest in two steps, the type checkers beside the first) and ``build.py bench [NAME ...]``."""

from __future__ import annotations

import concurrent.futures
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tools.site import build, node_modules, stdlib_bytecode
from tools.site.project import CACHE, ROOT, log, run
from tools.site.venv import TEST_LOCK, ensure_venv

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)


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


def lacking_chromium() -> list[str]:
    """Debian's package for Chromium when it is missing (the end-to-end tests and the benches drive it)."""
    return [] if CHROMIUM.exists() else ["chromium"]


def ensure_chromium() -> None:
    install_missing(lacking_chromium())


def ensure_browsers() -> None:
    """Chromium, and Firefox ESR, WebKitGTK's WebDriver and Xvfb (the smoke tests in tests/browsers/): what is
    missing, installed in one apt-get run."""
    sys.path.insert(0, str(ROOT))
    from tests.browsers.drivers import missing

    install_missing(lacking_chromium() + missing())


def install_missing(lacking: list[str]) -> None:
    """Debian's packages ``lacking`` installed (as root, with apt-get), or a clear stop saying what to install."""
    if not lacking:
        return
    if os.geteuid() == 0 and shutil.which("apt-get"):
        log(f"installing Debian's {' '.join(lacking)} (the browsers the tests drive)")
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        quiet = {"env": env, "stdout": subprocess.DEVNULL}  # (its hundreds of lines: a failure still shows)
        run(["apt-get", "update", "-q"], **quiet)
        run(["apt-get", "install", "-y", "-q", *lacking], **quiet)
        return
    raise SystemExit(f"missing: {' '.join(lacking)} (sudo apt-get install -y {' '.join(lacking)})")


def parallel_args(pytest_args: list[str]) -> list[str]:
    """pytest-xdist's workers, one per core, unless the arguments choose (``-n 0``: one process). Each
    worker has its own Chromium and its own started page; the tests share nothing but dist/ (built once
    before them). ``worksteal``: the few long games do not all end up with one worker."""
    chosen = any(a.startswith(("-n", "--numprocesses", "--dist")) for a in pytest_args)
    off = "no:xdist" in pytest_args or "-pno:xdist" in pytest_args
    return [] if chosen or off else ["-n", "auto", "--dist", "worksteal"]


# pytest's options that say how to report, kept for the timing step (which is given the tests' ids)
REPORTING = ("-x", "--exitfirst", "-q", "-v", "-s", "-r", "--tb", "--durations", "--maxfail")


def env_for_tests() -> dict[str, str]:
    """The environment of the test processes: they write their bytecode (``__pycache__``, pytest's rewritten
    test modules too) even where the shell says not to (``PYTHONDONTWRITEBYTECODE``, set on this machine), so
    that a process compiles only what no process before it did: collecting every test compiles about 10 s of a
    core, 3 s once compiled."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def warm_bytecode(python: Path) -> subprocess.Popen[bytes]:
    """Every test collected once, beside the build, for its bytecode only (``env_for_tests``): the two workers of
    step 1, which start together, then import it compiled instead of both compiling it."""
    return subprocess.Popen([str(python), "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"],
                            cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, env=env_for_tests())


def pytest_step(python: Path, args: list[str], counts: Path, later: Path | None = None,
                browsers: str = "") -> subprocess.Popen[bytes]:
    """pytest in the venv, started (``.wait()`` for its exit code); ``later``: leave the timing tests out and
    write their ids there; ``browsers``: "skip" leaves the smoke tests in Firefox and WebKit out, "only" runs
    only them (tests/conftest.py), at the lowest CPU priority (``lowly``: they mostly wait, beside the rest)."""
    env = dict(env_for_tests(), PYGAMES_COUNTS=str(counts))
    for key in ("PYGAMES_TIMING_LATER", "PYGAMES_BROWSERS", "PYGAMES_WASM_BASELINE"):
        env.pop(key, None)
    if later is not None:
        env["PYGAMES_TIMING_LATER"] = str(later)
    if later is not None or browsers == "only":  # no test here times the page: WebAssembly's baseline compilers only
        env["PYGAMES_WASM_BASELINE"] = "1"
    if browsers:
        env["PYGAMES_BROWSERS"] = browsers
    return subprocess.Popen([str(python), "-m", "pytest", *args], cwd=ROOT, stdin=subprocess.DEVNULL, env=env,
                            preexec_fn=lowly if browsers == "only" else None)


def combined(code: int, other: int) -> int:
    """Two pytest runs' exit codes as one: a failure wins; 5 (no test collected) only if neither ran a test."""
    if code not in (0, 5):
        return code
    if other not in (0, 5):
        return other
    return 0 if 0 in (code, other) else 5


def add_counts(totals: dict[str, int], counts: Path) -> None:
    for key, value in (json.loads(counts.read_text()) if counts.exists() else {}).items():
        totals[key] = totals.get(key, 0) + value


# The type checkers (each pinned in package.json, installed by the build's ``npm ci``): tsc --checkJs over the
# site's own JavaScript, the page's modules and its workers (tsconfig.json) and the service worker in its own
# global scope (tsconfig.sw.json); pyright over what pyproject.toml's [tool.pyright] includes.
TSCONFIGS = ("tsconfig.json", "tsconfig.sw.json")


Checker = tuple[str, subprocess.Popen[bytes], Any]  # a type checker started: its command, process, output file


def lowly() -> None:
    """In a process started beside the tests (``preexec_fn``): the lowest CPU priority, inherited by what it starts
    (the smoke tests' browsers), so that on two busy cores it takes only what the tests leave."""
    os.nice(19)


def start_type_checkers(python: Path | None, configs: tuple[str, ...] = ()) -> list[Checker]:
    """The type checkers started, side by side, each writing into a file of its own: [(command, process, its
    output file)]: tsc over each of ``configs`` (it needs only node_modules), and pyright with ``python``, the
    venv's, when given. ``finish_type_checkers`` shows what they said. ``test`` starts tsc over the page's code
    once npm ci is done (beside the standard library's bytecode: one Node process each, one per core), the rest
    once the venv is (beside the build)."""
    bin_dir = ROOT / "node_modules" / ".bin"
    commands = [[str(bin_dir / "tsc"), "--noEmit", "-p", config] for config in configs]
    if python is not None:
        commands.append([str(bin_dir / "pyright"), "--pythonpath", str(python)])
    started = []
    for command in commands:
        out = tempfile.TemporaryFile()
        shown = " ".join([Path(command[0]).name, *command[1:]])
        if python is not None:
            shown = shown.replace(str(python), ".venv/bin/python")
        log(f"step (beside the rest): $ {shown}")
        started.append((shown, subprocess.Popen(command, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=out,
                                                stderr=subprocess.STDOUT, preexec_fn=lowly), out))
    return started


def finish_type_checkers(started: list[Checker]) -> bool:
    """Wait for the type checkers; print the output of any that failed; true when none did."""
    ok = True
    for shown, process, out in started:
        code = process.wait()
        if code != 0:
            ok = False
            out.seek(0)
            log(f"{shown} found problems:")
            sys.stdout.write(out.read().decode(errors="replace"))
            sys.stdout.flush()
        else:
            log(f"{shown}: no problem")
        out.close()
    return ok


def test(pytest_args: list[str]) -> int:
    """ruff, then pytest in two steps, the type checkers (tsc, pyright) running beside the setup and the first:
    every test but the timing ones, a worker per core, and beside them the smoke tests in Firefox and WebKit
    in a process of their own (the checkers and the smoke tests at the lowest CPU priority: they take what the tests
    leave); then the timing tests (marked ``alone``: no main-thread task over 100 ms while a
    bot thinks) in one process, with nothing else running beside them. The last line adds the counts up."""
    start = time.perf_counter()
    log("step: .venv, and beside it npm ci and the browsers (apt-get)")
    beside = concurrent.futures.ThreadPoolExecutor(max_workers=2)
    venv_done = beside.submit(ensure_venv)
    browsers_done = beside.submit(ensure_browsers)  # (apt-get: mostly downloads, beside pip's and npm's)
    node_modules()
    checkers = start_type_checkers(None, TSCONFIGS[:1])  # tsc over the page's code, beside the next step
    stdlib_bytecode()  # the standard library's and PyScript's bytecode, while the venv is made (the build finds them)
    python = venv_done.result()  # (raises what the venv's install raised)
    beside.shutdown(wait=False)  # (the browsers may still be installing)
    # pyright (~35 s of one core) beside the build, whose steps are one Node process at a time, and on into
    # step 1
    checkers += start_type_checkers(python, TSCONFIGS[1:])
    warming = warm_bytecode(python)
    browsers_done.result()  # Chromium, Firefox and WebKit (raises what their install raised)
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
    # (waited for: the two workers would otherwise both compile what it had not yet; a core meanwhile runs
    # pyright, started before it)
    warming.wait()  # (its failures are the tests' to report)
    CACHE.mkdir(parents=True, exist_ok=True)
    later = CACHE / "timing-tests.txt"
    counts = [CACHE / f"test-counts-{n}.json" for n in range(3)]
    for path in (later, *counts):
        path.unlink(missing_ok=True)
    args = [*parallel_args(pytest_args), *pytest_args]
    log(f"setup took {time.perf_counter() - start:.0f} s; step 1 of 2, every test but the timing ones: "
        "pytest " + " ".join(args) + ", and beside it, in a process of its own, the smoke tests in Firefox and WebKit")
    # The smoke tests in Firefox and WebKit mostly wait (a browser starting, the snapshot made in the
    # background): in a process of their own they hold none of the workers' places.
    kept = [a for a in pytest_args if a.startswith(REPORTING)]
    # (with no argument, only their folder is collected: the others' 1,200 tests are not imported for nothing)
    smoke = pytest_step(python, [*(pytest_args or ["tests/browsers"]), "-n", "0"], counts[2], browsers="only")
    code = pytest_step(python, args, counts[0], later, browsers="skip").wait()
    code = combined(code, smoke.wait())
    types_failed = not finish_type_checkers(checkers)  # (before the timing tests: alone on the machine)
    totals: dict[str, int] = {}
    for path in (counts[0], counts[2]):
        add_counts(totals, path)
    timing = later.read_text().split() if later.exists() else []
    if timing and not (code not in (0, 5) and any(a in ("-x", "--exitfirst") for a in pytest_args)):
        log(f"step 2 of 2, the {len(timing)} timing tests, alone on the machine: pytest -n 0 " + " ".join(kept))
        code = combined(code, pytest_step(python, ["-n", "0", *kept, *timing], counts[1]).wait())
        add_counts(totals, counts[1])
    if lint_failed or types_failed:
        log(f"{'ruff' if lint_failed else 'a type checker'} failed (see above); pytest exit code {code}")
        code = code or 1
    log(f"took {time.perf_counter() - start:.0f} s in all")
    if totals:  # the closing line CI reads: both steps added up
        skipped = f", {totals['skipped']} skipped" if totals.get("skipped") else ""
        print(f"total: {totals['passed']} passed, {totals['failed'] + totals['error']} failed{skipped}", flush=True)
    return code


def bench(names: list[str] | None = None) -> int:
    """Each tests/bench/*_bench.py's ``main()`` in the venv, after a build; with ``names``, only the benches
    whose file name contains one of them (``bench(["lighthouse"])``: lighthouse_bench.py)."""
    scripts = sorted((ROOT / "tests" / "bench").glob("*_bench.py"))
    if names:
        scripts = [script for script in scripts if any(name in script.name for name in names)]
        if not scripts:
            log(f"bench: no tests/bench/*_bench.py matches {' '.join(names)}")
            return 1
    python = ensure_venv()
    ensure_chromium()
    build()
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

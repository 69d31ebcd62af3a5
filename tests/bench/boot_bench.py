"""Boot as a visitor waits for it: the app against a bare ``loadPyodide()`` page, in fresh in-memory browser
contexts (an empty cache, as a first visitor has), alternating, median of ``BOOT_BENCH_RUNS`` (at least 5).

cold = navigation to ``<html data-app-state="ready">`` on the first visit (the page's own clock, from
navigation start); returning = the next visit in the same context once the service worker controls the
page and its interpreter snapshot is made. The bare page is the same files' Pyodide (with the whole standard
library, as Pyodide ships it but as bytecode: not the page's, which holds only what it imports), then ``1+1``; it
registers no service worker, so its returning visit comes from the browser's cache, as a plain page's does (it
has no snapshot either). "on-page" is the app with its Python on the page's thread (``?worker=0``, under
PyScript), not in its worker. Ratios: app / bare. Then the app's boot phases, medians
from its performance marks (ms): ``asked`` when PyScript asked for the interpreter (its own start, before
it), ``interpreter`` until Pyodide has started (downloaded, compiled, the page's archive written,
CPython started or restored from the snapshot), ``pyscript`` until app/main.py runs (PyScript's own
Python package and hooks), ``imports`` the shell's, ``render`` the first screen.

Run with ``python3 build.py bench`` (after a build) or directly. ``BOOT_BENCH_AGAINST=<a dist folder>``
(e.g. an older commit's build, from a ``git worktree``) adds that build as a third page, "before", in
the same alternation: an A/B of a change to the boot. Several folders, comma-separated, add a page each,
named by its folder. ``BOOT_BENCH_COLD_ONLY=1`` measures first visits
only (twice as many in the same time; a build whose service worker cannot install is measured too).
"""

from __future__ import annotations

import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
RUNS = max(5, int(os.environ.get("BOOT_BENCH_RUNS", "5")))
COLD_ONLY = os.environ.get("BOOT_BENCH_COLD_ONLY") == "1"
TIMEOUT_MS = 90_000

BARE_PAGE = """<!doctype html>
<html lang="en" data-app-state="loading">
<head><meta charset="utf-8"><title>bare Pyodide</title></head>
<body>
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
const pyodide = await loadPyodide({ stdLibURL: "./pyodide/python_stdlib_full.zip" }); // Pyodide's whole library
pyodide.runPython("1+1");
document.documentElement.dataset.appState = "ready";
</script>
</body>
</html>
"""

# The moment the page says it is ready, on its own clock (milliseconds since navigation start).
READY_PROBE = """
new MutationObserver(() => {
  const el = document.documentElement;
  if (el && el.dataset.appState === "ready" && !window.__readyAt) window.__readyAt = performance.now();
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-app-state"] });
"""


PHASES = (  # (name, from mark, to mark): the app's boot, from its performance marks
    ("asked", None, "app:interpreter-asked"),
    ("interpreter", None, "app:interpreter"),
    ("pyscript", "app:interpreter", "app:main"),
    ("imports", "app:main", "app:imports"),
    ("render", "app:imports", "app:ready"),
)


def ready_seconds(page, url: str) -> float:
    page.goto(url)
    page.wait_for_function("window.__readyAt || document.documentElement.dataset.appState === 'error'",
                           timeout=TIMEOUT_MS)
    if page.evaluate("document.documentElement.dataset.appState") != "ready":
        raise RuntimeError(f"{url} did not boot")
    return page.evaluate("window.__readyAt") / 1000


def phases(page) -> dict[str, float]:
    """Milliseconds per boot phase of the app (``PHASES``), from its marks."""
    marks = dict(page.evaluate("performance.getEntriesByType('mark').map(m => [m.name, m.startTime])"))
    return {name: marks[end] - (marks[start] if start else 0.0) for name, start, end in PHASES
            if end in marks and (start is None or start in marks)}


def one(browser, url: str, app: bool) -> tuple[float, float, str, dict[str, float], dict[str, float]]:
    """(cold, returning, the app's snapshot state on the returning visit, the app's phases cold and
    returning) in a fresh in-memory context."""
    context = browser.new_context()
    context.add_init_script(READY_PROBE)
    try:
        page = context.new_page()
        cold = ready_seconds(page, url)
        cold_phases = phases(page)
        if COLD_ONLY:
            return cold, float("nan"), "", cold_phases, {}
        if app:
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
            page.wait_for_function("['made', 'failed', 'off'].includes(document.documentElement.dataset.snapshot)",
                                   timeout=TIMEOUT_MS)
        else:
            time.sleep(2)  # the app waits two quiet seconds before its snapshot: the same pause
        page = context.new_page()  # a new visit: a new tab on the same address
        returning = ready_seconds(page, url)
        state = str(page.evaluate("document.documentElement.dataset.snapshot")) if app else ""
        return cold, returning, state, cold_phases, phases(page)
    finally:
        context.close()


def main() -> int:
    sys.path.insert(0, str(ROOT))
    from tools.devenv import CHROMIUM, CHROMIUM_ARGS
    from tools.devserver import SiteServer
    from tools.site import DIST

    with tempfile.TemporaryDirectory(prefix="boot-bench-") as tmp:
        site = Path(tmp) / "site"
        shutil.copytree(DIST, site)
        (site / "bench-bare.html").write_text(BARE_PAGE, encoding="utf-8")
        server = SiteServer(site).start()
        # (on-page: the app with its Python on the page's thread, under PyScript, not in its worker)
        pages = {"app": server.url, "bare": server.url + "bench-bare.html", "on-page": server.url + "?worker=0"}
        others = [Path(folder) for folder in os.environ.get("BOOT_BENCH_AGAINST", "").split(",") if folder]
        servers = [SiteServer(folder).start() for folder in others]  # each its own origin
        for folder, other in zip(others, servers, strict=True):
            pages["before" if len(others) == 1 else folder.name] = other.url
        results: dict[str, list[tuple[float, float, str, dict[str, float], dict[str, float]]]] = {
            name: [] for name in pages}
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS))
                for _ in range(RUNS):
                    for name, url in pages.items():
                        results[name].append(one(browser, url, app=name != "bare"))
                browser.close()
        finally:
            server.stop()
            for other in servers:
                other.stop()
    print(f"\nBoot, fresh in-memory contexts, app and bare Pyodide alternating, median of {RUNS} (s)")
    print(f"{'':12}{'cold':>8}{'returning':>11}   runs (cold / returning)")
    medians = {}
    for name, rows in results.items():
        cold = statistics.median(r[0] for r in rows)
        back = statistics.median(r[1] for r in rows)
        medians[name] = (cold, back)
        runs = "  ".join(f"{r[0]:.2f}/{r[1]:.2f}" for r in rows)
        print(f"{name:12}{cold:8.2f}{back:11.2f}   {runs}")
    (app_cold, app_back), (bare_cold, bare_back) = medians["app"], medians["bare"]
    print(f"{'app / bare':12}{app_cold / bare_cold:8.2f}{app_back / bare_back:11.2f}")
    for name in [name for name in medians if name not in ("app", "bare")]:
        print(f"{name[:7] + '/bare':12}{medians[name][0] / bare_cold:8.2f}{medians[name][1] / bare_back:11.2f}")
    states = sorted({r[2] for r in results["app"]})
    print(f"the app's returning visits: snapshot {', '.join(states)}")
    print(f"\nThe app's boot phases, median ms{'':4}" + "".join(f"{name:>13}" for name, _, _ in PHASES))
    for build in [name for name in results if name != "bare"]:
        for label, column in (("cold", 3), ("returning", 4)):
            values = [[r[column][name] for r in results[build] if name in r[column]] for name, _, _ in PHASES]
            title = label if build == "app" else f"{label} ({build})"
            print(f"{title:33}" + "".join(f"{statistics.median(v):13.0f}" if v else f"{'-':>13}" for v in values))
    return 0


if __name__ == "__main__":
    sys.exit(main())

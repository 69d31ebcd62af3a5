"""Page benchmark: time to data-app-state="ready" for the app vs a bare Pyodide page.

Both pages are served from a temporary copy of dist/ (plus ``bench-bare.html``, which only boots
the same local Pyodide and registers the same service worker) by build.py's static server.
Cold = a fresh on-disk browser profile (no HTTP cache, no service worker; an in-memory context
would not keep the 9.6 MB wasm in its HTTP cache, so the precache would download it again);
warm = the next load in that profile, answered by the service worker, once the app has made its
interpreter snapshot (web/interpreter.mjs), which it restores; no snap = one more warm load with the
snapshot turned off (``PYGAMES_NO_SNAPSHOT``), the start every visit had before. Medians of ``RUNS``.
First-visit bytes are the body bytes the server sent: until ready, and then for the precache.
The app's boot phases come from performance marks (boot.js, PyScript's py:progress events, main.py):
interpreter = page start to PyScript's "Loaded interpreter" (download, compile, our archive written, CPython
start); main = until app/main.py runs; imports = shell and engines imported;
render = the first screen drawn.

Run with ``python3 build.py bench`` (or ``.venv/bin/python tests/bench/page_bench.py``).
"""

from __future__ import annotations

import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
RUNS = int(os.environ.get("PAGE_BENCH_RUNS", "5"))  # medians of RUNS boots per page
TIMEOUT_MS = 90_000

BARE_PAGE = """<!doctype html>
<html lang="en" data-app-state="loading">
<head><meta charset="utf-8"><title>bare Pyodide</title></head>
<body>
<p>bare Pyodide</p>
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
const pyodide = await loadPyodide();
document.body.append(pyodide.runPython("import sys; sys.version"));
document.documentElement.dataset.appState = "ready";
navigator.serviceWorker.register("./service-worker.js");
</script>
</body>
</html>
"""

SNAPSHOT = "document.documentElement.dataset.snapshot"

# Records the moment the page says it is ready, on the page's own clock (since navigation start).
READY_PROBE = """
new MutationObserver(() => {
  const el = document.documentElement;
  if (el && el.dataset.appState === "ready" && !window.__readyAt) window.__readyAt = performance.now();
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-app-state"] });
"""


def wait_ready(page) -> float:
    page.wait_for_function("window.__readyAt || document.documentElement.dataset.appState === 'error'",
                           timeout=TIMEOUT_MS)
    if page.evaluate("document.documentElement.dataset.appState") != "ready":
        raise RuntimeError(f"{page.url} did not boot: {page.content()[:500]}")
    return page.evaluate("window.__readyAt") / 1000


def measure(pw, server, path: str) -> dict[str, float]:
    from tools.devenv import CHROMIUM, CHROMIUM_ARGS

    with tempfile.TemporaryDirectory(prefix="page-bench-profile-") as profile:
        context = pw.chromium.launch_persistent_context(
            profile, executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS)
        )
        try:
            return _measure(context, server, path)
        finally:
            context.close()


PHASES = (
    ("interpreter", None, "py:Loaded interpreter"),
    ("main", "py:Loaded interpreter", "app:main"),
    ("imports", "app:main", "app:imports"),
    ("render", "app:imports", "app:ready"),
)


def phases(page) -> dict[str, float]:
    """Seconds per boot phase, from the page's performance marks (empty for the bare page)."""
    marks = dict(page.evaluate("performance.getEntriesByType('mark').map(m => [m.name, m.startTime])"))
    out = {}
    for name, start, end in PHASES:
        if end in marks and (start is None or start in marks):
            out[name] = (marks[end] - (marks[start] if start else 0.0)) / 1000
    return out


def _measure(context, server, path: str) -> dict[str, float]:
    context.add_init_script(READY_PROBE)
    page = context.pages[0] if context.pages else context.new_page()
    files0, bytes0 = server.stats.snapshot()
    page.goto(server.url + path)
    cold = wait_ready(page)
    cold_phases = phases(page)
    files1, bytes1 = server.stats.snapshot()
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
    files2, bytes2 = server.stats.snapshot()
    # the app makes its interpreter snapshot in the background after a first visit (the bare page has none)
    page.wait_for_function(f"{SNAPSHOT} === undefined || ['made', 'failed', 'off'].includes({SNAPSHOT})",
                           timeout=TIMEOUT_MS)
    made = page.evaluate(SNAPSHOT)
    page.goto(server.url + path)
    warm = wait_ready(page)
    warm_phases = phases(page)
    if made is not None and page.evaluate(SNAPSHOT) != "used":
        raise RuntimeError(f"the warm boot did not use the snapshot ({made} -> {page.evaluate(SNAPSHOT)})")
    context.add_init_script("globalThis.PYGAMES_NO_SNAPSHOT = true;")  # the same warm boot without it
    page.goto(server.url + path)
    plain = wait_ready(page)
    plain_phases = phases(page)
    return {
        **{f"cold {k}": v for k, v in cold_phases.items()},
        **{f"warm {k}": v for k, v in warm_phases.items()},
        **{f"plain {k}": v for k, v in plain_phases.items()},
        "cold": cold,
        "warm": warm,
        "plain": plain,
        "page_bytes": bytes1 - bytes0,
        "page_files": files1 - files0,
        "total_bytes": bytes2 - bytes0,
        "total_files": files2 - files0,
    }


def main() -> int:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from tools.devserver import SiteServer
    from tools.site import DIST, build, stamp_service_worker

    build()
    with tempfile.TemporaryDirectory(prefix="page-bench-") as tmp:
        site = Path(tmp) / "site"
        shutil.copytree(DIST, site)
        (site / "bench-bare.html").write_text(BARE_PAGE)
        stamp_service_worker(site)
        results: dict[str, list[dict[str, float]]] = {"app": [], "bare": []}
        with SiteServer(site) as server, sync_playwright() as pw:
            for _ in range(RUNS):  # interleaved, so that machine noise hits both pages alike
                results["app"].append(measure(pw, server, ""))
                results["bare"].append(measure(pw, server, "bench-bare.html"))

    def med(page: str, key: str) -> float:
        return statistics.median(r[key] for r in results[page])

    print(f"\nPage boot to data-app-state=ready (Chromium headless, 127.0.0.1, median of {RUNS})")
    header = (f"{'page':<10} {'cold s':>7} {'warm s':>7} {'no snap s':>10} {'1st visit MB':>13} {'files':>6} "
              f"{'+ precache MB':>14} {'files':>6}")
    print(header)
    print("-" * len(header))
    for page in ("app", "bare"):
        print(f"{page:<10} {med(page, 'cold'):>7.2f} {med(page, 'warm'):>7.2f} {med(page, 'plain'):>10.2f} "
              f"{med(page, 'page_bytes') / 1e6:>13.2f} {med(page, 'page_files'):>6.0f} "
              f"{(med(page, 'total_bytes') - med(page, 'page_bytes')) / 1e6:>14.2f} "
              f"{med(page, 'total_files') - med(page, 'page_files'):>6.0f}")
    print(f"{'app/bare':<10} {med('app', 'cold') / med('bare', 'cold'):>6.2f}x "
          f"{med('app', 'warm') / med('bare', 'warm'):>6.2f}x {med('app', 'plain') / med('bare', 'plain'):>9.2f}x "
          f"{med('app', 'page_bytes') / med('bare', 'page_bytes'):>12.2f}x")
    print("cold: fresh browser profile; warm: next load, served by the service worker, the app restoring the "
          "interpreter snapshot its first visit made; no snap: the same warm load without the snapshot; "
          "MB: body bytes sent by the server (revalidations answered 304 send none)")
    print("\nApp boot phases, s (median): " + "  ".join(
        f"{kind} " + " ".join(f"{name} {med('app', f'{kind} {name}'):.3f}" for name, _, _ in PHASES)
        for kind in ("cold", "warm", "plain")))
    floor = sum((DIST / "pyodide" / n).stat().st_size for n in
                ("pyodide.asm.wasm", "pyodide.asm.mjs", "python_stdlib.zip", "pyodide-lock.json"))
    floor_gz = sum((DIST / "pyodide" / (n + ".gz")).stat().st_size if (DIST / "pyodide" / (n + ".gz"))
                   .exists() else (DIST / "pyodide" / n).stat().st_size for n in
                   ("pyodide.asm.wasm", "pyodide.asm.mjs", "python_stdlib.zip", "pyodide-lock.json"))
    print(f"Pyodide's own files: {floor / 1e6:.2f} MB ({floor_gz / 1e6:.2f} MB gzip); the app's first visit "
          f"sent {med('app', 'page_bytes') / 1e6:.2f} MB until ready = {med('app', 'page_bytes') / floor_gz:.2f}x "
          "of Pyodide's (compressed) files")
    return 0


if __name__ == "__main__":
    sys.exit(main())

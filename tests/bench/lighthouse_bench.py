"""Lighthouse on the home page, on a K3 link and on a bare ``loadPyodide()`` page, at its mobile preset (the
default: a mid-range phone, simulated slow 4G and a 4x slower CPU) and its desktop preset; then the bytes a
link's first screen costs against the bare page's, measured in Chromium with Playwright.

Lighthouse is the version pinned in tools/lighthouse/ (its own package.json and lock; the bench runs ``npm ci``
there), run by its CLI with Debian's Chromium, a fresh profile per run (so no cache and no service worker from
an earlier run), categories performance, accessibility, best practices and SEO. ``LIGHTHOUSE_RUNS`` runs (3)
per page and preset, the pages alternating (home, k3, bare, home, ...; both presets in each round) so that the
machine's noise spreads over all of them; each figure is its own median over the runs. The table, per
preset: the performance score, FCP, LCP, Speed Index (s), Total Blocking Time (ms), CLS, Time to
Interactive (s), total bytes transferred (KB of 1000 bytes, compressed as served:
``total-byte-weight``, which also counts what the page downloads after its first screen until
Lighthouse finds the network quiet), and the accessibility, best-practices and SEO scores. Then LCP
ratios against the bare page, the LCP element, and the audits that failed in any run of a page
(accessibility and best practices: what keeps them under 100). Lighthouse's mobile figures are
simulated from an unthrottled load (its "Lantern" model), not measured on a slow machine; the observed
(unthrottled) FCP and LCP it started from are printed under each table.

Reading LCP: it is the largest text or image painted, whenever that is. On a link it is what the first
screen says it opens ("Opening K3…", painted from HTML before Python starts), larger than any text of
the game screen, so a link's LCP says nothing about when its board shows; and Lighthouse's simulated
mobile LCP charges every request already under way at the observed LCP to it (Python's megabytes, if
they were asked for before the first paint). So the board is timed apart, below.

The pages are served by ``tools.devserver`` from a copy of dist/, so with the site's real headers (the
build's gzip copies, the page's Content-Security-Policy). The K3 link is ``K3_RECORD``: two players, both
pyramids arranged and ten moves played, so that the page replays a game before its first screen. The
bare page is Pyodide from the same files, then one ``<h1>`` written from Python, and nothing else: the
floor the site's boot is compared with (an empty icon, so that no favicon.ico 404 costs it best
practices). It loads the full standard library (``pyodide/python_stdlib_full.zip`` when the build ships
one beside a trimmed ``python_stdlib.zip``, else Pyodide's default). It is served by a second server
(another port, so another origin) that the site's service worker never controls, and it registers none.

First screens on a throttled phone (Playwright, Debian's Chromium, a fresh in-memory context per run: no
cache, no service worker), with Lighthouse's mobile profile applied for real (its slow 4G as DevTools
applies it, ``SLOW_4G``, and the CPU 4x slower), on its mobile screen (412x823 CSS pixels, 1.75 device
pixels per pixel, touch). The link's first screen is the game (``section.play`` in the page and
``data-app-state="ready"``: its board), the bare page's is its ``<h1>``. Printed: the bytes of every request
started before it, its response body as sent (compressed; Playwright's ``request.sizes()``, which counts
the page's workers' requests too), summed, against the bare page's (the goal: at most 0.75), the files of
the last run, the largest first; then the first paint and the first screen in seconds from navigation,
the board against the bare page's heading (the goal: at most 0.80). Medians of ``LIGHTHOUSE_RUNS``, the
two pages alternating. The same runs give the LCP element as the browser reports it, since Lighthouse
12.2.3 cannot name it with a recent Chromium (its ``largest-contentful-paint-element`` audit fails in the
trace engine).

Run with ``python3 build.py bench lighthouse`` (builds dist/ first) or directly after a build. Knobs:
``LIGHTHOUSE_RUNS`` (3), ``LIGHTHOUSE_PAGES`` (``home,k3,bare``: a subset, comma-separated; ``home-on-page``, the
home page with its Python on the page's thread, ``?worker=0``),
``LIGHTHOUSE_PRESETS`` (``mobile,desktop``), ``LIGHTHOUSE_BYTES=0`` skips the first-screen bytes,
``LIGHTHOUSE_KEEP=<folder>`` keeps each run's JSON report there (``<preset>-<page>-<run>.json``). A
full run (18 Lighthouse runs, 6 page loads) took 11 to 18 minutes on 2 cores shared with other work. It
is a bench, not a test: CI does not run it.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
RUNS = max(1, int(os.environ.get("LIGHTHOUSE_RUNS", "3")))
PAGES = [p for p in os.environ.get("LIGHTHOUSE_PAGES", "home,k3,bare").split(",") if p]
PRESETS = [p for p in os.environ.get("LIGHTHOUSE_PRESETS", "mobile,desktop").split(",") if p]
BYTES = os.environ.get("LIGHTHOUSE_BYTES", "1") != "0"
KEEP = os.environ.get("LIGHTHOUSE_KEEP", "")  # a folder: keep every run's report there (JSON)
# Lighthouse has its own package.json and lock (146 packages the test command's npm ci need not install)
LIGHTHOUSE_DIR = ROOT / "tools" / "lighthouse"
LIGHTHOUSE_CLI = LIGHTHOUSE_DIR / "node_modules" / "lighthouse" / "cli" / "index.js"
CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-background-networking " \
               "--disable-component-update --disable-sync --no-first-run"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
LIGHTHOUSE_TIMEOUT_S = 300
TIMEOUT_MS = 180_000  # a first screen on a throttled phone: the bare page's 7 MB take about 40 s

# Made with pygames' heuristic bot (``Match(Record.new("k3", {"players": 2}, "lighthouse"))``, twelve
# ``HeuristicBot`` moves); ``python -m pygames show`` replays it. Seat 0 (a human in the app) is to move.
K3_RECORD = ("k3?v=1&players=2&seed=lighthouse&moves=A:KGBKBBKGBRYNNWWBRYKGY~A:GRBRRRGKRBYNNWWRBYGKY"
             "~P:5.0>1.3~P:5.0>1.7~P:4.1>1.1~P:4.1>1.5~P:3.2>1.4~P:3.2>1.2~W:2.3~W:2.3~P:1.4>2.1~P:1.4>2.4")
BARE_NAME = "lighthouse-bare.html"
FULL_STDLIB = "pyodide/python_stdlib_full.zip"
BARE_PAGE = """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="Pyodide alone: the floor of the site's boot">
<link rel="icon" href="data:,"><title>bare Pyodide</title></head>
<body>
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
const pyodide = await loadPyodide(__OPTIONS__);
pyodide.runPython("from js import document; h = document.createElement('h1'); h.textContent = 'bare Pyodide'; "
  + "document.body.append(h)");
</script>
</body>
</html>
"""

# (column, audit id, scale, format): Lighthouse's numericValue is in ms (CLS unitless, bytes in bytes)
METRICS = (
    ("FCP s", "first-contentful-paint", 1e-3, "{:.1f}"),
    ("LCP s", "largest-contentful-paint", 1e-3, "{:.1f}"),
    ("SI s", "speed-index", 1e-3, "{:.1f}"),
    ("TBT ms", "total-blocking-time", 1, "{:.0f}"),
    ("CLS", "cumulative-layout-shift", 1, "{:.3f}"),
    ("TTI s", "interactive", 1e-3, "{:.1f}"),
    ("KB", "total-byte-weight", 1e-3, "{:.0f}"),
)
# Lighthouse's mobile screen (its default preset, a Moto G Power), for the first-screen runs
MOBILE = {"viewport": {"width": 412, "height": 823}, "device_scale_factor": 1.75, "is_mobile": True, "has_touch": True}
SCORED = ("notApplicable", "manual", "informative", "error")  # modes whose score is not a pass or fail

# The moment a page's first screen is there, on the wall clock (ms since 1970, as Playwright's request
# timings), and the latest LCP candidate's element, recorded in the page.
SCREEN_PROBE = """
(() => {
  const shown = () => (window.__screen === "app"
    ? document.querySelector("section.play") && document.documentElement.dataset.appState === "ready"
    : document.querySelector("h1"));
  const check = () => {
    if (!window.__screenAt && shown()) window.__screenAt = performance.timeOrigin + performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const el = entry.element;
      window.__lcp = { ms: entry.startTime, size: entry.size, url: entry.url,
        element: el ? el.tagName.toLowerCase() + (el.id ? "#" + el.id : "")
          + (el.classList.length ? "." + [...el.classList].join(".") : "") : "(removed)",
        text: el ? (el.textContent || "").trim().slice(0, 40) : "" };
    }
  }).observe({ type: "largest-contentful-paint", buffered: true });
})();
"""


def lighthouse_command() -> list[str]:
    """The pinned Lighthouse CLI (``npm ci`` in tools/lighthouse/ first when its lock changed), or a clear exit."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if not (node and npm):
        raise SystemExit("node and npm are needed to run Lighthouse (Node.js 20+)")
    lock = (LIGHTHOUSE_DIR / "package-lock.json").read_bytes()
    installed = LIGHTHOUSE_DIR / "node_modules" / ".package-lock.json"
    stamp = LIGHTHOUSE_DIR / "node_modules" / ".pygames-lock"
    if not (LIGHTHOUSE_CLI.exists() and installed.exists() and stamp.exists() and stamp.read_bytes() == lock):
        print("lighthouse: npm ci in tools/lighthouse/", flush=True)
        subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=LIGHTHOUSE_DIR, check=True,
                       stdin=subprocess.DEVNULL)
        stamp.write_bytes(lock)
    return [node, str(LIGHTHOUSE_CLI)]


RETRIES = 2  # a run that fails (a DevTools protocol timeout on a loaded machine) is run again, at most twice
failures: list[str] = []  # the failed runs' errors, printed at the end


def lighthouse(url: str, preset: str, out: Path, chromium: Path) -> dict[str, Any]:
    """A Lighthouse run that succeeded, run again after a failure (``RETRIES``; each failure is kept in
    ``failures``)."""
    for attempt in range(RETRIES + 1):
        try:
            return lighthouse_once(url, preset, out, chromium)
        except (RuntimeError, subprocess.TimeoutExpired) as error:
            failures.append(f"{preset} {url.split('#')[0]}: " + str(error).strip().split("\n")[-1][:200])
            if attempt == RETRIES:
                raise
    raise AssertionError("unreachable")


def lighthouse_once(url: str, preset: str, out: Path, chromium: Path) -> dict[str, Any]:
    """One Lighthouse run (its own Chromium, a fresh profile): the report (``lhr``) as a dict."""
    command = [*lighthouse_command(), url, "--output=json", f"--output-path={out}", "--quiet",
               f"--only-categories={','.join(CATEGORIES)}", f"--chrome-flags={CHROME_FLAGS}"]
    if preset != "mobile":
        command.append(f"--preset={preset}")
    env = dict(os.environ, CHROME_PATH=str(chromium))
    done = subprocess.run(command, cwd=ROOT, env=env, stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, timeout=LIGHTHOUSE_TIMEOUT_S)
    if done.returncode or not out.exists():
        out.unlink(missing_ok=True)
        raise RuntimeError(f"lighthouse {url} ({preset}) exited with {done.returncode}:\n{done.stderr[-2000:]}")
    return json.loads(out.read_text(encoding="utf-8"))


def figures(lhr: dict[str, Any]) -> dict[str, float]:
    """The table's figures of one report: category scores x100 and the metrics' numeric values (nan if
    Lighthouse could not compute one, as after a NO_FCP)."""
    row = {}
    for name in CATEGORIES:
        score = lhr["categories"][name]["score"]
        row[name] = math.nan if score is None else score * 100
    for column, audit, scale, _ in METRICS:
        value = lhr["audits"][audit].get("numericValue")
        row[column] = math.nan if value is None else value * scale
    return row


def observed(lhr: dict[str, Any], metric: str) -> float:
    """A metric as it was measured in the run, before Lighthouse's simulation (s; nan if missing)."""
    items = (lhr["audits"]["metrics"].get("details") or {}).get("items") or [{}]
    value = items[0].get("observed" + metric)
    return math.nan if value is None else value / 1000


def failing(lhr: dict[str, Any], category: str) -> list[tuple[str, str]]:
    """(id, title) of the category's audits that failed in this report."""
    out = []
    for ref in lhr["categories"][category]["auditRefs"]:
        audit = lhr["audits"][ref["id"]]
        if audit["scoreDisplayMode"] not in SCORED and audit["score"] is not None and audit["score"] < 1:
            out.append((ref["id"], audit["title"]))
    return out


def problems(lhr: dict[str, Any]) -> list[str]:
    """What went wrong in a run: its runtime error (NO_FCP...), its warnings, the table's audits that errored."""
    out = []
    if lhr.get("runtimeError"):
        out.append(f"runtime error {lhr['runtimeError'].get('code')}: {lhr['runtimeError'].get('message')}")
    out += [f"warning: {w}" for w in lhr.get("runWarnings", [])]
    for audit in [m[1] for m in METRICS] + ["largest-contentful-paint-element"]:
        if lhr["audits"][audit]["scoreDisplayMode"] == "error":
            message = lhr["audits"][audit].get("errorMessage", "").split("\n")[0][:160]
            out.append(f"{audit}: {message}")
    return out


def lcp_element(lhr: dict[str, Any]) -> str:
    """The LCP element as Lighthouse names it, or why it cannot."""
    audit = lhr["audits"]["largest-contentful-paint-element"]
    for table in (audit.get("details") or {}).get("items", []):
        for item in table.get("items", []):
            node = item.get("node")
            if node:
                return f"{node.get('nodeLabel', '')!r} {node.get('selector', '')}"
    return "(Lighthouse did not name it" + (": its audit failed, see below)" if audit.get("errorMessage") else ")")


# Lighthouse's mobile profile applied for real ("devtools" throttling: its slow 4G as DevTools applies it,
# and a CPU 4x slower), for a page's first screen as a phone waits for it, which Lighthouse's simulated LCP
# does not give (a link's LCP is what it opens, painted from HTML; the board comes with Python).
SLOW_4G = {"offline": False, "latency": 562.5, "downloadThroughput": 1474.56 * 1024 / 8,
           "uploadThroughput": 675 * 1024 / 8}
CPU_SLOWDOWN = 4


def first_screen(browser: Any, url: str, kind: str) -> tuple[int, list[tuple[str, int]], dict[str, Any]]:
    """(bytes, [(url, bytes)], the LCP candidate and the paints at that moment) of one first visit in a fresh
    context on a throttled phone (SLOW_4G, CPU_SLOWDOWN): every request started before the first screen, its
    response body as sent; ``lcp["screen s"]``, the first screen (the board) shown, and ``lcp["fcp s"]``."""
    context = browser.new_context(**MOBILE)
    context.add_init_script(f"window.__screen = {json.dumps(kind)};\n{SCREEN_PROBE}")
    requests: list[Any] = []
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", SLOW_4G)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
        page.on("request", lambda request: requests.append(request))
        page.goto(url, timeout=TIMEOUT_MS)
        page.wait_for_function("window.__screenAt || document.documentElement.dataset.appState === 'error'",
                               timeout=TIMEOUT_MS)
        if not page.evaluate("window.__screenAt"):
            raise RuntimeError(f"{url} did not show its first screen")
        screen_at = page.evaluate("window.__screenAt")
        page.wait_for_timeout(1000)  # the first screen's paint, reported as an LCP candidate
        lcp = page.evaluate("window.__lcp || {}")
        lcp["screen s"] = (screen_at - page.evaluate("performance.timeOrigin")) / 1000
        lcp["fcp s"] = page.evaluate(
            "(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN) / 1000")
        files = []
        for request in requests:
            if not request.url.startswith("http"):
                continue
            # (first its response, which waits for a request still running: Playwright knows a request's start
            # time only once its response has come, and says 0 before, which counted later ones as earlier)
            response = request.response()
            if request.timing["startTime"] > screen_at:
                continue
            size = request.sizes()["responseBodySize"] if response else 0
            files.append((request.url, size))
        return sum(size for _, size in files), files, lcp
    finally:
        context.close()


def fmt(value: float, pattern: str) -> str:
    return "-" if math.isnan(value) else pattern.format(value)


def median(values: list[float]) -> float:
    values = [v for v in values if not math.isnan(v)]
    return statistics.median(values) if values else math.nan


def main() -> int:
    sys.path.insert(0, str(ROOT))
    from tools.devenv import CHROMIUM, CHROMIUM_ARGS
    from tools.devserver import SiteServer
    from tools.site import DIST

    command = lighthouse_command()
    version = subprocess.run([*command, "--version"], capture_output=True, text=True, check=True).stdout.strip()
    chromium = subprocess.run([str(CHROMIUM), "--version"], capture_output=True, text=True).stdout.strip()
    if not (DIST / "index.html").exists():
        raise SystemExit("dist/ is not built: run python3 build.py")
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="lighthouse-bench-") as tmp:
        site = Path(tmp) / "site"
        shutil.copytree(DIST, site)
        full = (site / FULL_STDLIB).exists()
        options = json.dumps({"stdLibURL": "./" + FULL_STDLIB}) if full else ""
        (site / BARE_NAME).write_text(BARE_PAGE.replace("__OPTIONS__", options), encoding="utf-8")
        server, bare_server = SiteServer(site).start(), SiteServer(site).start()  # two origins
        urls = {"home": server.url, "k3": server.url + "#" + K3_RECORD, "bare": bare_server.url + BARE_NAME,
                "home-on-page": server.url + "?worker=0"}  # (the page's Python on its own thread, not in a worker)
        urls = {name: url for name, url in urls.items() if name in PAGES}
        reports: dict[tuple[str, str], list[dict[str, Any]]] = {(p, n): [] for p in PRESETS for n in urls}
        screens: dict[str, list[tuple[int, list[tuple[str, int]], dict[str, Any]]]] = {"k3": [], "bare": []}
        try:
            for run in range(RUNS):
                for preset in PRESETS:
                    for name, url in urls.items():
                        out = Path(tmp) / f"{preset}-{name}-{run}.json"
                        reports[preset, name].append(lighthouse(url, preset, out, CHROMIUM))
                        if KEEP:
                            Path(KEEP).mkdir(parents=True, exist_ok=True)
                            shutil.copy(out, Path(KEEP) / out.name)
                        print(f"  lighthouse {preset:7} {name:5} run {run + 1}: "
                              f"{time.perf_counter() - start:5.0f} s", flush=True)
            if BYTES:
                from playwright.sync_api import sync_playwright

                with sync_playwright() as pw:
                    browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS))
                    for _ in range(RUNS):
                        screens["k3"].append(first_screen(browser, server.url + "#" + K3_RECORD, "app"))
                        screens["bare"].append(first_screen(browser, bare_server.url + BARE_NAME, "bare"))
                    browser.close()
        finally:
            server.stop()
            bare_server.stop()
    elapsed = time.perf_counter() - start

    print(f"\nLighthouse {version}, {chromium}, median of {RUNS} runs per page and preset, "
          f"pages alternating; bare Pyodide with {'the full standard library' if full else 'its default'} "
          f"standard library")
    header = f"{'':6}{'perf':>6}" + "".join(f"{m[0]:>8}" for m in METRICS) + f"{'a11y':>6}{'BP':>5}{'SEO':>5}"
    for preset in PRESETS:
        print(f"\n{preset}\n{header}")
        lcp = {}
        for name in urls:
            rows = [figures(lhr) for lhr in reports[preset, name]]
            med = {key: median([r[key] for r in rows]) for key in rows[0]}
            lcp[name] = med["LCP s"]
            print(f"{name:6}{fmt(med['performance'], '{:.0f}'):>6}"
                  + "".join(f"{fmt(med[m[0]], m[3]):>8}" for m in METRICS)
                  + f"{fmt(med['accessibility'], '{:.0f}'):>6}{fmt(med['best-practices'], '{:.0f}'):>5}"
                  + f"{fmt(med['seo'], '{:.0f}'):>5}")
        if "bare" in lcp:
            for name in [n for n in lcp if n != "bare"]:
                print(f"LCP {name} / bare: {lcp[name] / lcp['bare']:.2f}")
        print("observed (the unthrottled load the simulation starts from), FCP / LCP s: " + ", ".join(
            f"{name} {fmt(median([observed(lhr, 'FirstContentfulPaint') for lhr in reports[preset, name]]), '{:.1f}')}"
            f" / {fmt(median([observed(lhr, 'LargestContentfulPaint') for lhr in reports[preset, name]]), '{:.1f}')}"
            for name in urls))
    for name in urls if PRESETS else ():
        lhrs = [lhr for preset in PRESETS for lhr in reports[preset, name]]
        elements = sorted({lcp_element(lhr) for lhr in lhrs})
        print(f"\n{name} (every run, {' and '.join(PRESETS)}): LCP element {', '.join(elements)}")
        for category in ("best-practices", "accessibility", "seo"):
            failed = Counter(audit for lhr in lhrs for audit in failing(lhr, category))
            for (audit, title), count in sorted(failed.items()):
                print(f"  {category} failed in {count}/{len(lhrs)}: {audit}: {title}")
        seen = Counter(problem for lhr in lhrs for problem in problems(lhr))
        for problem, count in sorted(seen.items()):
            print(f"  problem in {count}/{len(lhrs)}: {problem}")
    if BYTES:
        print(f"\nBytes before the first screen, compressed as served, fresh contexts, median of {RUNS} (KB)")
        medians = {}
        for name, runs in screens.items():
            medians[name] = statistics.median(r[0] for r in runs)
            lcp_seen = sorted({f"{r[2].get('element')} {r[2].get('text', '')!r}" for r in runs})
            print(f"{name:6}{medians[name] / 1000:9.0f}   requests {len(runs[-1][1]):3}   runs "
                  + " ".join(f"{r[0] / 1000:.0f}" for r in runs) + f"   LCP element (browser): {lcp_seen}")
        print(f"k3 / bare: {medians['k3'] / medians['bare']:.2f} (goal: at most 0.75)")
        print(f"\nOn a throttled phone (slow 4G and a CPU {CPU_SLOWDOWN}x slower, applied), median of {RUNS}: "
              "the first paint, and the first screen (k3: its board; bare: its heading), s")
        screen = {}
        for name, runs in screens.items():
            screen[name] = statistics.median(r[2]["screen s"] for r in runs)
            fcp = statistics.median(r[2]["fcp s"] for r in runs)
            print(f"{name:6} first paint {fcp:6.1f}   first screen {screen[name]:6.1f}   runs "
                  + " ".join(f"{r[2]['screen s']:.1f}" for r in runs))
        print(f"k3's board / bare's heading: {screen['k3'] / screen['bare']:.2f} (goal: at most 0.80)")
        for name, runs in screens.items():
            print(f"{name}'s files (last run), KB: "
                  + ", ".join(f"{url.split('/', 3)[-1].split('#')[0] or '/'} {size / 1000:.0f}"
                              for url, size in sorted(runs[-1][1], key=lambda f: -f[1])))
    for failure in failures:
        print(f"a Lighthouse run failed and was run again: {failure}")
    print(f"\ntook {elapsed:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

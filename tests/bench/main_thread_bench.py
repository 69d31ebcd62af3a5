"""What the page's main thread costs a player, the figures that moving the page's Python off it must improve:

* **a K2 link's first screen**: from navigation to the game on screen (a fresh in-memory context, no
  throttling), the main thread's long tasks (PerformanceObserver ``longtask``, buffered from the start) that
  began before the screen was all shown (the frame that shows its last part: the parts marked data-later come a
  frame after the rest, a piece a frame):
  the longest, and how many are over 50 ms;
* **a tap while a hard bot thinks** (K2, five hard bots, ``?botdelay=0``): a click on *Rules* (the rules page
  on screen) and on the move log's *Show all* (the whole log drawn), timed on the page's clock from the
  click's dispatch to the element on screen (a MutationObserver's time), each while a bot is thinking;
* **memory**: the page's whole memory (main thread and workers: ``performance.measureUserAgentSpecificMemory``,
  which the page's cross-origin isolation allows) after a K2 game of five medium bots played to its end, by
  where it is attributed (the page, each worker).

Medians of ``MAIN_THREAD_BENCH_RUNS`` (3) fresh contexts. Run with ``python3 build.py bench main_thread``
(after a build) or directly.
"""

from __future__ import annotations

import os
import statistics
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "web" / "app")]
from shell.screens.replay import LOG_RECENT  # noqa: E402 (the moves the log shows before "Show all")

RUNS = int(os.environ.get("MAIN_THREAD_BENCH_RUNS", "3"))
TIMEOUT_MS = 300_000
PLAY = "section.play"
LONGTASKS = """
window.__longtasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longtasks.push({start: e.startTime, ms: e.duration});
}).observe({type: "longtask", buffered: true});
// the first game screen all shown: the page's time after the frame that shows its last part (the page shows the
// parts it marks data-later after the rest, a piece a frame: hidden until then by an inline content-visibility)
new MutationObserver((records, observer) => {
  if (!document.querySelector("section.play")) return;
  observer.disconnect();
  const after = (then) => requestAnimationFrame(() => setTimeout(then, 0));
  const hidden = () => document.querySelector("section.play [style*='content-visibility']");
  const shown = () => { if (hidden()) after(shown); else after(() => { window.__shown = performance.now(); }); };
  after(shown);
}).observe(document, {childList: true, subtree: true});
window.__seen = {};
new MutationObserver(() => {
  for (const [name, selector] of Object.entries(window.__watch || {})) {
    if (!(name in window.__seen) && document.querySelector(selector)) window.__seen[name] = performance.now();
  }
}).observe(document, {childList: true, subtree: true, attributes: true});
"""
K2_LINK = "k2?v=1&players=5&seed=main-thread-{run}&moves=&seats={seats}"
# the page's query: bots at once; MAIN_THREAD_BENCH_QUERY adds to it (``&worker=0``: the page's Python on its thread)
QUERY = "?botdelay=0" + os.environ.get("MAIN_THREAD_BENCH_QUERY", "")


def first_screen(browser, url: str) -> tuple[float, int]:
    """(the longest main-thread task, the tasks over 50 ms) from navigation to a K2 link's game on screen."""
    context = browser.new_context()
    context.add_init_script(LONGTASKS)
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_function("window.__shown !== undefined", timeout=TIMEOUT_MS)
        page.wait_for_timeout(200)  # the observer's last entries
        shown = page.evaluate("window.__shown")
        # (the tasks that began before the screen was all shown: the bots' moves that follow at once are per-move
        # costs, render_bench's)
        tasks = [t["ms"] for t in page.evaluate("window.__longtasks") if t["start"] < shown]
        return max(tasks, default=0.0), sum(1 for ms in tasks if ms > 50)
    finally:
        context.close()


def tap_while_thinking(page, selector: str, shown: str) -> float:
    """Click ``selector`` while a bot thinks; the milliseconds until ``shown`` is on screen."""
    page.wait_for_function(f"document.querySelector('{PLAY}')?.dataset.thinking", timeout=TIMEOUT_MS)
    name = f"t{page.evaluate('performance.now()'):.0f}"
    page.evaluate(f"window.__watch = {{'{name}': {shown!r}}}")
    began = page.evaluate(f"(() => {{ const t = performance.now(); document.querySelector({selector!r}).click(); "
                          "return t; })()")
    page.wait_for_function(f"'{name}' in window.__seen", timeout=TIMEOUT_MS)
    return page.evaluate(f"window.__seen['{name}']") - began


def taps(browser, url: str, run: int) -> tuple[float, float]:
    """(rules, the whole move log): ms from a click to it on screen, while a hard bot thinks (K2, 5 seats)."""
    context = browser.new_context()
    context.add_init_script(LONGTASKS)
    try:
        page = context.new_page()
        page.goto(url + QUERY + "#" + K2_LINK.format(run=run, seats=",".join(["mcts"] * 5)))
        page.wait_for_selector(PLAY, timeout=TIMEOUT_MS)
        page.wait_for_selector("#btn-log-all", timeout=TIMEOUT_MS)  # more moves than the log shows at first
        log = tap_while_thinking(page, "#btn-log-all", f"ol.log li:nth-child({LOG_RECENT + 1})")
        rules = tap_while_thinking(page, "#btn-rules", '[data-page="rules"]')
        return rules, log
    finally:
        context.close()


MARKER = f"--pygames-main-thread-bench={os.getpid()}"  # finds this bench's browser among the machine's processes


def renderers_mb() -> float:
    """MB (proportional set size) of the renderer processes of this bench's browser: the page and its workers."""
    parents: dict[int, int] = {}
    marked = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
        if MARKER in cmdline and "--type=" not in cmdline:
            marked.add(int(entry.name))
    total = 0.0
    for pid in parents:
        ancestor = parents.get(pid)
        while ancestor and ancestor not in marked:
            ancestor = parents.get(ancestor)
        if not ancestor:
            continue
        try:
            if "--type=renderer" not in (Path("/proc") / str(pid) / "cmdline").read_bytes().decode(errors="replace"):
                continue
            rollup = (Path("/proc") / str(pid) / "smaps_rollup").read_text()
        except OSError:
            continue
        total += sum(int(line.split()[1]) for line in rollup.splitlines() if line.startswith("Pss:")) / 1000
    return total


def memory(browser, url: str, run: int) -> dict[str, float]:
    """MB of the page's memory after a K2 game of five medium bots: its renderer processes' (the page and its
    workers), and what the browser attributes to JavaScript, in all and by where."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(url + QUERY + "#" + K2_LINK.format(run=run, seats=",".join(["heuristic"] * 5)))
        page.wait_for_function(f"document.querySelector('{PLAY}')?.dataset.over === '1'", timeout=TIMEOUT_MS)
        result = page.evaluate("""async () => {
            const m = await performance.measureUserAgentSpecificMemory();
            const by = {};
            for (const b of m.breakdown) {
              const where = b.attribution.length ? b.attribution.map(a => a.scope).join("+") : "shared";
              by[where] = (by[where] || 0) + b.bytes;
            }
            return {total: m.bytes, by};
        }""")
        figures = {"renderers": renderers_mb(), "total": result["total"] / 1e6}
        figures.update({where: nbytes / 1e6 for where, nbytes in result["by"].items()})
        return figures
    finally:
        context.close()


def main() -> int:
    sys.path.insert(0, str(ROOT))
    from tools.devenv import CHROMIUM, CHROMIUM_ARGS
    from tools.devserver import SiteServer
    from tools.site import DIST

    if not (DIST / "index.html").exists():
        raise SystemExit("dist/ is not built: run python3 build.py")
    firsts, tapped, memories = [], [], []
    with SiteServer(DIST) as server, sync_playwright() as pw:
        args = [*CHROMIUM_ARGS, "--enable-blink-features=ForceEagerMeasureMemory", MARKER]  # (no wait for a GC)
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=args)
        for run in range(RUNS):
            link = server.url + QUERY + "#" + K2_LINK.format(run=run, seats=",".join(["heuristic"] * 5))
            firsts.append(first_screen(browser, link))
            tapped.append(taps(browser, server.url, run))
            memories.append(memory(browser, server.url, run))
        browser.close()
    print(f"\nThe page's main thread, medians of {RUNS} fresh contexts (Chromium, no throttling)")
    longest = statistics.median(f[0] for f in firsts)
    over = statistics.median(f[1] for f in firsts)
    print(f"  a K2 link (5 seats) to its first screen: longest task {longest:.0f} ms, {over:.0f} tasks over 50 ms"
          f"   (runs: {', '.join(f'{f[0]:.0f}' for f in firsts)})")
    print(f"  a tap while a hard bot thinks (K2, 5 seats): rules page {statistics.median(t[0] for t in tapped):.0f} ms,"
          f" the whole move log {statistics.median(t[1] for t in tapped):.0f} ms"
          f"   (runs: {', '.join(f'{t[0]:.0f}/{t[1]:.0f}' for t in tapped)})")
    wheres = sorted({k for m in memories for k in m if k not in ("total", "renderers")})
    parts = ", ".join(f"{w} {statistics.median(m.get(w, 0.0) for m in memories):.0f}" for w in wheres)
    print(f"  memory after a K2 game of five medium bots: the renderer processes (the page and its workers) "
          f"{statistics.median(m['renderers'] for m in memories):.0f} MB (PSS); attributed to JavaScript "
          f"{statistics.median(m['total'] for m in memories):.0f} MB ({parts})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

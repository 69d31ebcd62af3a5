"""The game screen drawn again after each move: main-thread time per move, how much of the screen is
replaced, and the longest main-thread task, while bots play in the built page.

For each game the page opens a link where bots play every seat (``?botdelay=0``: back to back) and
records, on the page's own clock, until ``MOVES`` moves were played or the game ended:

* **main thread per move**: a Chrome trace (``devtools.timeline``) of the renderer's main thread; the
  busy time (its top-level tasks) divided by the moves played while it ran, and the median move's: the tasks
  between two changes of ``section.play``'s ``data-moves`` (a ``console.timeStamp`` in the trace) summed, each
  span holding one render and the frame that shows it; and the same in the thread's own CPU time (the trace's
  ``tdur``: without the time the thread waited for a core, which the bots' worker, the compositor and the GPU
  process share with it on a small machine);
* **elements replaced per move**: a MutationObserver on ``#app`` counts the elements each render adds
  (an added subtree counts all its elements), as a share of the screen's elements after it;
* **longest task** (PerformanceObserver ``longtask``) and its 95th percentile.

The game is opened from the home page once the page's warm-up is done (``data-warm``): with bots playing back to
back from the start, the warm-up would share the moves measured.

The K2 row is the figure docs/performance.md follows: 5 players, medium bots, 60 moves.
``RENDER_BENCH_DIST`` measures another build (e.g. one made from an older commit in a git worktree);
``RENDER_BENCH_BOT`` another strength (``mcts`` is the page's hard bot). Run with ``python3 build.py bench`` (or
``.venv/bin/python tests/bench/render_bench.py``).
"""

from __future__ import annotations

import os
import statistics
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
DIST = Path(os.environ.get("RENDER_BENCH_DIST", ROOT / "dist"))
BOT = os.environ.get("RENDER_BENCH_BOT", "heuristic")
# game -> (players, moves measured)
GAMES = {"k2": (5, 60), "k3": (2, 40), "matterhorn": (2, 40), "blokus3d": (2, 24)}
TIMEOUT_MS = 300_000

PROBE = """
window.__longtasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longtasks.push(e.duration);
}).observe({type: "longtask", buffered: true});
window.__renders = [];
let added = 0;
new MutationObserver((records) => {
  for (const r of records) for (const n of r.addedNodes) {
    if (n.nodeType === 1) added += 1 + n.getElementsByTagName("*").length;
  }
}).observe(document, {childList: true, subtree: true});
let stamped = -1;
new MutationObserver(() => {  // (a mark in the trace at each move: main_thread_ms splits the busy time by move)
  const moves = document.querySelector("section.play")?.dataset.moves;
  if (moves !== undefined && moves !== stamped) { stamped = moves; console.timeStamp("pygames-move"); }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-moves"]});
document.addEventListener("pygames:rendered", () => {
  queueMicrotask(() => {  // after the observer's records of this render
    const app = document.getElementById("app");
    const moves = Number(document.querySelector("section.play")?.dataset.moves || 0);
    window.__renders.push({added, total: app ? app.getElementsByTagName("*").length : 0, moves});
    added = 0;
  });
});
"""
# An older build (before the morph) had no "pygames:rendered": the probe also notes renders by a
# change of section.play's data-moves (one record per move).
OLD_PROBE = """
let lastMoves = -1;
new MutationObserver(() => {
  const s = document.querySelector("section.play");
  const moves = s ? Number(s.dataset.moves) : -1;
  if (moves !== lastMoves && s) { lastMoves = moves; document.dispatchEvent(new CustomEvent("pygames:rendered")); }
}).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ["data-moves"]});
"""


def main_thread_ms(trace: bytes) -> tuple[float, float, float, float]:
    """The renderer main thread's busy time in a Chrome trace (its top-level tasks' durations summed), the
    median of the busy times between two moves' marks (``pygames-move``), and both in CPU time."""
    import bisect
    import json

    events = json.loads(trace)
    events = events["traceEvents"] if isinstance(events, dict) else events
    mains = {(e["pid"], e["tid"]) for e in events
             if e.get("ph") == "M" and e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"}
    tasks = [e for e in events if e.get("ph") == "X" and e.get("name") == "RunTask" and (e["pid"], e["tid"]) in mains]
    marks = sorted(e["ts"] for e in events if e.get("name") == "TimeStamp"
                   and e.get("args", {}).get("data", {}).get("message") == "pygames-move")
    spans = [0.0] * max(0, len(marks) - 1)
    cpu_spans = [0.0] * len(spans)
    for task in tasks:
        at = bisect.bisect_right(marks, task["ts"]) - 1
        if 0 <= at < len(spans):
            spans[at] += task.get("dur", 0) / 1000
            cpu_spans[at] += task.get("tdur", 0) / 1000
    nan = float("nan")
    return (sum(e.get("dur", 0) for e in tasks) / 1000, statistics.median(spans) if spans else nan,
            sum(e.get("tdur", 0) for e in tasks) / 1000, statistics.median(cpu_spans) if spans else nan)


def measure(browser, url: str, game: str, players: int, moves: int) -> dict:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.add_init_script(PROBE + OLD_PROBE if os.environ.get("RENDER_BENCH_OLD") else PROBE)
    seats = ",".join([BOT] * players)
    # the game opened once the page's warm-up is done (startup.py ``warm_up``: every game's code loaded, each
    # screen laid out once, unseen): with bots playing back to back from the start, it would share their moves
    page.goto(f"{url}index.html?botdelay=0")
    page.wait_for_function("document.documentElement.dataset.warm", timeout=TIMEOUT_MS)
    page.evaluate(f"location.hash = '{game}?v=1&players={players}&seed=render-bench&moves=&seats={seats}'")
    page.wait_for_selector("section.play")
    start = int(page.get_attribute("section.play", "data-moves") or 0)
    page.evaluate("window.__longtasks = []; window.__renders = []")
    browser.start_tracing(page=page, categories=["devtools.timeline", "disabled-by-default-devtools.timeline"])
    page.wait_for_function(
        f"(s => s && (Number(s.dataset.moves) >= {start + moves} || s.dataset.over === '1'))"
        "(document.querySelector('section.play'))", timeout=TIMEOUT_MS, polling=100)
    played = int(page.get_attribute("section.play", "data-moves") or 0) - start
    busy, median_move, cpu, cpu_median = main_thread_ms(browser.stop_tracing())
    renders = page.evaluate("window.__renders")
    tasks = sorted(page.evaluate("window.__longtasks"))
    page.close()
    shares = [r["added"] / r["total"] for r in renders if r["total"]]
    return {
        "game": game, "players": players, "moves": played, "per_move": busy / max(1, played),
        "median_move": median_move, "cpu": cpu / max(1, played), "cpu_median": cpu_median,
        "renders": len(renders), "replaced": statistics.median(shares) if shares else float("nan"),
        "replaced_max": max(shares) if shares else float("nan"),
        "elements": statistics.median([r["total"] for r in renders]) if renders else 0,
        "longest": tasks[-1] if tasks else 0.0,
        "p95": tasks[int(0.95 * (len(tasks) - 1))] if tasks else 0.0, "long": len(tasks),
    }


def main() -> int:
    sys.path.insert(0, str(ROOT))
    from tools.devenv import CHROMIUM, CHROMIUM_ARGS
    from tools.devserver import SiteServer

    if not (DIST / "index.html").exists():
        print(f"{DIST} has no site: run `python3 build.py build` first", file=sys.stderr)
        return 1
    wanted = sys.argv[1:] or list(GAMES)
    rows = []
    with SiteServer(DIST) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS))
        try:
            for game in wanted:
                rows.append(measure(browser, server.url, game, *GAMES[game]))
        finally:
            browser.close()
    print(f"render bench ({DIST}, {BOT} bots, botdelay=0, 1280x800)")
    print(f"{'game':<11}{'seats':>6}{'moves':>6}{'main ms/move':>13}{'median':>7}{'cpu':>6}{'median':>7}"
          f"{'renders':>8}{'elements':>9}"
          f"{'replaced (median / max)':>25}{'longest task':>13}{'p95':>6}{'>50ms':>6}")
    for r in rows:
        print(f"{r['game']:<11}{r['players']:>6}{r['moves']:>6}{r['per_move']:>13.1f}{r['median_move']:>7.1f}"
              f"{r['cpu']:>6.1f}{r['cpu_median']:>7.1f}{r['renders']:>8}"
              f"{r['elements']:>9.0f}{r['replaced'] * 100:>13.1f} % / {r['replaced_max'] * 100:5.1f} %"
              f"{r['longest']:>13.0f}{r['p95']:>6.0f}{r['long']:>6}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

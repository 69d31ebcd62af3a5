"""Bots in the built page: move time per strength, and how long the main thread is blocked.

For each bot (random, heuristic, mcts with its 1 s page budget) the page opens a link where that
bot plays both seats of a 2-player K3 game (``?botdelay=0``, so bots move back to back) and plays
``MOVES[bot]`` turns. The page logs every bot decision (``window.pygamesThinkLog``: wall time,
longest slice); the benchmark also records, on the page's own clock:

* long tasks (PerformanceObserver ``longtask``, any task > 50 ms) while bots play;
* the longest gap between two ``requestAnimationFrame`` callbacks (a frozen page stops painting).

Run with ``python3 build.py bench`` (or ``.venv/bin/python tests/bench/bot_page_bench.py``).
"""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
MOVES = {"random": 30, "heuristic": 30, "mcts": 6}
TIMEOUT_MS = 120_000

PROBE = """
window.__longtasks = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longtasks.push({start: e.startTime, ms: e.duration});
  }).observe({type: "longtask", buffered: true});
} catch (e) { window.__longtaskError = String(e); }
window.__gaps = [];
let last = null;
function frame(t) {
  if (last !== null) window.__gaps.push({at: t, ms: t - last});
  last = t;
  requestAnimationFrame(frame);
}
requestAnimationFrame(frame);
"""


def load_build():
    """build.py as a module: the one loader the e2e fixtures use too."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from tests.e2e.conftest import load_build_module

    return load_build_module()


def measure(page, url: str, bot: str, moves: int) -> dict:
    fragment = f"k3?v=1&players=2&seed=bench-{bot}&moves=&seats={bot},{bot}"
    page.goto(f"{url}index.html?botdelay=0#{fragment}")
    page.wait_for_function("document.documentElement.dataset.appState === 'ready'", timeout=TIMEOUT_MS)
    # readiness is marked after the first render; the bots start right away: measure from here
    start = page.evaluate("performance.now()")
    page.wait_for_function(
        f"""(() => {{ const log = JSON.parse(window.pygamesThinkLog || '[]');
            const s = document.querySelector('section.play');
            return log.filter(e => e.phase !== 'arrange').length >= {moves} || (s && s.dataset.over === '1'); }})()""",
        timeout=TIMEOUT_MS,
        polling=200,
    )
    end = page.evaluate("performance.now()")
    log = [e for e in json.loads(page.evaluate("window.pygamesThinkLog")) if e["phase"] != "arrange"]
    tasks = [t for t in page.evaluate("window.__longtasks") if start <= t["start"] <= end]
    gaps = [g for g in page.evaluate("window.__gaps") if start <= g["at"] <= end]
    times = [e["ms"] for e in log]
    return {
        "bot": bot,
        "moves": len(log),
        "median_ms": statistics.median(times) if times else float("nan"),
        "max_ms": max(times, default=float("nan")),
        "longest_slice_ms": max((e["longest_slice_ms"] for e in log), default=0.0),
        "longtasks": len(tasks),
        "longest_task_ms": max((t["ms"] for t in tasks), default=0.0),
        "longest_frame_gap_ms": max((g["ms"] for g in gaps), default=0.0),
        "longtask_api": page.evaluate("window.__longtaskError || 'ok'"),
    }


def main() -> int:
    build = load_build()
    build.build()
    rows = []
    with build.SiteServer(build.DIST) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(build.CHROMIUM), args=list(build.CHROMIUM_ARGS))
        try:
            for bot, moves in MOVES.items():
                context = browser.new_context(viewport={"width": 1280, "height": 800})
                context.add_init_script(PROBE)
                page = context.new_page()
                rows.append(measure(page, server.url, bot, moves))
                context.close()
        finally:
            browser.close()
    print()
    print("Bots in the page (Chromium headless, main thread, 12 ms slices; K3, 2 players, bot vs bot)")
    header = (
        f"{'bot':<10} {'moves':>5} {'median move':>12} {'max move':>9} {'longest slice':>14} "
        f"{'long tasks':>10} {'longest task':>13} {'longest frame gap':>18}"
    )
    print(header)
    print("-" * len(header))
    for r in rows:
        print(
            f"{r['bot']:<10} {r['moves']:>5} {r['median_ms']:>10.1f}ms {r['max_ms']:>7.1f}ms "
            f"{r['longest_slice_ms']:>12.1f}ms {r['longtasks']:>10} {r['longest_task_ms']:>11.1f}ms "
            f"{r['longest_frame_gap_ms']:>16.1f}ms"
        )
    if any(r["longtask_api"] != "ok" for r in rows):
        print("longtask observer unavailable:", rows[0]["longtask_api"])
    return 0


if __name__ == "__main__":
    sys.exit(main())

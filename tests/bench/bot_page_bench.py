"""Bots in the built page: move time per strength, and how long the main thread is blocked.

For each game and each bot (random, heuristic, mcts with its 1 s page budget) the page opens a link
where that bot plays both seats of a 2-player game (``?botdelay=0``, so bots move back to back) and
plays ``MOVES[bot]`` turns. The page logs every bot decision (``window.pygamesThinkLog``: wall time,
longest slice); the benchmark also records, on the page's own clock:

* long tasks (PerformanceObserver ``longtask``, any task > 50 ms) while bots play, and the longest
  one that overlaps a bot's thinking;
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
GAMES = ("k3", "matterhorn", "blokus3d", "k2")
SEARCH_AFTER = {"k3": 6, "matterhorn": 12, "blokus3d": 6, "k2": 12}  # moves before the measured decision
SEARCH_REPEATS = 5
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


def measure(page, url: str, game: str, bot: str, moves: int) -> dict:
    fragment = f"{game}?v=1&players=2&seed=bench-{bot}&moves=&seats={bot},{bot}"
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
    during = [t for t in tasks if any(t["start"] < e["end"] and t["start"] + t["ms"] > e["start"] for e in log)]
    return {
        "game": game,
        "bot": bot,
        "during": max((t["ms"] for t in during), default=0.0),
        "moves": len(log),
        "median_ms": statistics.median(times) if times else float("nan"),
        "max_ms": max(times, default=float("nan")),
        "longest_slice_ms": max((e["longest_slice_ms"] for e in log), default=0.0),
        "longtasks": len(tasks),
        "longest_task_ms": max((t["ms"] for t in tasks), default=0.0),
        "longest_frame_gap_ms": max((g["ms"] for g in gaps), default=0.0),
        "longtask_api": page.evaluate("window.__longtaskError || 'ok'"),
    }


def position(game: str, moves: int) -> str:
    """A link to a game where the medium bot played ``moves`` moves and the hard bot is to move; the
    other seats are human, so nothing moves after its decision."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from pygames.core.bots import HeuristicBot, bot_rng
    from pygames.core.record import Record

    state = Record.new(game, {"players": 2}, f"search-{game}").replay()
    bot = HeuristicBot()
    while len(state.history) < moves or state.legal_actions(state.to_move()[0]) is None:
        seat = state.to_move()[0]
        state.apply(bot.choose(state, seat, bot_rng(state, seat)))
    seats = ["human"] * state.players
    seats[state.to_move()[0]] = "mcts"
    return Record.of(state, {"seats": ",".join(seats)}).to_fragment()


def search(page, url: str, fragment: str, worker: bool, repeats: int) -> list[int]:
    """The hard bot's search iterations in ``repeats`` decisions at the same position, on the page's
    thread (``?botworker=0``) or in the bots' worker (once it is ready)."""
    page.goto(f"{url}index.html?botdelay=0{'' if worker else '&botworker=0'}#{fragment}")
    page.wait_for_function("document.documentElement.dataset.appState === 'ready'", timeout=TIMEOUT_MS)
    if worker:
        page.wait_for_function("['ready', 'failed'].includes(document.documentElement.dataset.botWorker)",
                               timeout=TIMEOUT_MS)
    counts = []
    for n in range(repeats + 1):
        seen = page.evaluate("JSON.parse(window.pygamesThinkLog || '[]').length")
        page.evaluate("(f) => { location.hash = '#home'; location.hash = '#' + f; }", fragment)
        page.wait_for_function(f"JSON.parse(window.pygamesThinkLog || '[]').slice({seen})"
                               ".some((e) => e.bot === 'mcts')", timeout=TIMEOUT_MS, polling=100)
        entry = [e for e in json.loads(page.evaluate("window.pygamesThinkLog"))[seen:] if e["bot"] == "mcts"][0]
        if n and entry["worker"] == worker and entry.get("iterations"):  # the first decision warms the page up
            counts.append(entry["iterations"])
    return counts


def main() -> int:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from tools.devenv import CHROMIUM, CHROMIUM_ARGS
    from tools.devserver import SiteServer
    from tools.site import DIST, build

    build()
    rows = []
    searches = []
    with SiteServer(DIST) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS))
        try:
            for game in GAMES:
                for bot, moves in MOVES.items():
                    context = browser.new_context(viewport={"width": 1280, "height": 800})
                    context.add_init_script("globalThis.PYGAMES_NO_SNAPSHOT = true;" + PROBE)
                    page = context.new_page()
                    rows.append(measure(page, server.url, game, bot, moves))
                    context.close()
            for game in GAMES:
                fragment = position(game, SEARCH_AFTER[game])
                counts = {}
                for worker in (False, True):
                    context = browser.new_context(viewport={"width": 1280, "height": 800})
                    context.add_init_script("globalThis.PYGAMES_NO_SNAPSHOT = true;")
                    counts[worker] = search(context.new_page(), server.url, fragment, worker, SEARCH_REPEATS)
                    context.close()
                searches.append((game, counts))
        finally:
            browser.close()
    print()
    print("Bots in the page (Chromium headless; bots think in their Web Worker, the first turn waits while it "
          "starts; 2 players, bot vs bot)")
    header = (
        f"{'game':<11} {'bot':<10} {'moves':>5} {'median move':>12} {'max move':>9} {'longest slice':>14} "
        f"{'task in think':>14} {'long tasks':>10} {'longest task':>13} {'longest frame gap':>18}"
    )
    print(header)
    print("-" * len(header))
    for r in rows:
        print(
            f"{r['game']:<11} {r['bot']:<10} {r['moves']:>5} {r['median_ms']:>10.1f}ms {r['max_ms']:>7.1f}ms "
            f"{r['longest_slice_ms']:>12.1f}ms {r['during']:>12.1f}ms {r['longtasks']:>10} "
            f"{r['longest_task_ms']:>11.1f}ms {r['longest_frame_gap_ms']:>16.1f}ms"
        )
    print("targets: medium (heuristic) <= 100 ms a move, hard (mcts) within its 1 s budget, no "
          "main-thread task over 50 ms while a bot thinks ('task in think'); the other long tasks are the "
          "page drawing the moves")
    print(f"\nThe hard bot's search in the page: iterations per 1 s decision at one position (median of "
          f"{SEARCH_REPEATS}), on the page's thread in slices vs in the bots' Web Worker")
    print(f"{'game':<11} {'page thread':>12} {'worker':>8} {'worker/page':>12}")
    for game, counts in searches:
        if not counts[False] or not counts[True]:
            print(f"{game:<11} {'(no search: the hard bot plans or has one candidate here)':>34}")
            continue
        page_it, worker_it = (statistics.median(counts[w]) for w in (False, True))
        print(f"{game:<11} {page_it:>12.0f} {worker_it:>8.0f} {worker_it / page_it:>11.2f}x")
    if any(r["longtask_api"] != "ok" for r in rows):
        print("longtask observer unavailable:", rows[0]["longtask_api"])
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The replay of a long game in the built page: main-thread time per step (at most 50 ms a step on a
541-move K2 game, about what a move costs), and per jump from the newest position to move 3 and back.

The page opens the finished 5-player K2 game of ``open_bench.py`` (medium bots, seed ``open-bench-k2``: 541
moves) by link, closes the result, and then, while a Chrome trace (``devtools.timeline``) records the renderer's
main thread (``render_bench.main_thread_ms``: its top-level tasks' busy time):

* **forward**: Home, then → ``STEPS`` times (each step waits for ``section.play[data-at]``): the positions of the
  first days, each seen for the first time (its state rebuilt from the match's checkpoint before it);
* **backward**: End, then ← ``STEPS`` times: the last days' positions (the longest move log, the fullest board);
* **jumps**: ``JUMPS`` times the slider to move 3 and End back (the state of move 3 is kept once built, so going
  there again replays nothing; without checkpoints every jump would replay from the start).

Figures are ms of main thread per step (or per jump), and the longest task (PerformanceObserver ``longtask``).
Run with ``python3 build.py bench`` (or ``.venv/bin/python tests/bench/replay_bench.py``); ``REPLAY_BENCH_DIST``
measures another build.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
DIST = Path(os.environ.get("REPLAY_BENCH_DIST", ROOT / "dist"))
STEPS = 40
JUMPS = 10
TIMEOUT_MS = 120_000
AT = "document.querySelector('section.play')?.dataset.at"
LONG_TASKS = ("window.__longtasks = []; new PerformanceObserver((list) => window.__longtasks.push("
              "...list.getEntries().map((e) => e.duration))).observe({type: 'longtask', buffered: true});")


def steps(page, keys: list[str], ats: list[int]) -> None:
    for key, at in zip(keys, ats, strict=True):
        if key.startswith("slider:"):
            page.evaluate("v => { const s = document.getElementById('replay-slider'); s.value = v; "
                          "s.dispatchEvent(new Event('input', {bubbles: true})); }", key[7:])
        else:
            page.keyboard.press(key)
        page.wait_for_function(f"{AT} === '{at}'", timeout=TIMEOUT_MS, polling="raf")


def measure(browser, page, name: str, keys: list[str], ats: list[int], count: int) -> dict:
    import render_bench
    page.evaluate("window.__longtasks = []")
    browser.start_tracing(page=page, categories=["devtools.timeline", "disabled-by-default-devtools.timeline"])
    steps(page, keys, ats)
    busy = render_bench.main_thread_ms(browser.stop_tracing())
    tasks = page.evaluate("window.__longtasks")
    return {"name": name, "count": count, "per": busy / count, "longest": max(tasks, default=0.0)}


def main() -> int:
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(Path(__file__).parent))
    sys.path.insert(0, str(ROOT / "tests"))  # (the e2e helpers import tests/clicks.py)
    from open_bench import long_game

    from pygames.core.record import Record
    from tools.devenv import CHROMIUM, CHROMIUM_ARGS
    from tools.devserver import SiteServer

    if not (DIST / "index.html").exists():
        print(f"{DIST} has no site: run `python3 build.py build` first", file=sys.stderr)
        return 1
    fragment = long_game("k2", 5, "open-bench-k2")
    total = len(Record.parse(fragment).moves)
    rows = []
    with SiteServer(DIST) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS))
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.add_init_script("globalThis.PYGAMES_NO_SNAPSHOT = true;" + LONG_TASKS)
            page.goto(f"{server.url}index.html?botdelay=0")
            page.wait_for_function("document.documentElement.dataset.warm === '1'", timeout=TIMEOUT_MS)
            page.evaluate("f => { location.hash = f; }", "#" + fragment)
            page.wait_for_selector("dialog[open]", timeout=TIMEOUT_MS)
            page.keyboard.press("Escape")
            page.wait_for_selector("dialog[open]", state="detached")
            page.keyboard.press("Home")
            page.wait_for_function(f"{AT} === '0'", timeout=TIMEOUT_MS)
            rows.append(measure(browser, page, "forward (moves 1-40)", ["ArrowRight"] * STEPS,
                                list(range(1, STEPS + 1)), STEPS))
            page.keyboard.press("End")
            page.wait_for_function(f"{AT} === '{total}'", timeout=TIMEOUT_MS)
            rows.append(measure(browser, page, f"backward (moves {total - 1}-{total - STEPS})",
                                ["ArrowLeft"] * STEPS, list(range(total - 1, total - STEPS - 1, -1)), STEPS))
            rows.append(measure(browser, page, "jump: move 3 <-> the end", ["slider:3", "End"] * JUMPS,
                                [3, total] * JUMPS, 2 * JUMPS))
        finally:
            browser.close()
    print(f"replay bench ({DIST}): K2, 5 players, {total} moves, 1280x800")
    print(f"{'':<30}{'steps':>6}{'main ms/step':>14}{'longest task':>14}")
    for r in rows:
        print(f"{r['name']:<30}{r['count']:>6}{r['per']:>14.1f}{r['longest']:>14.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

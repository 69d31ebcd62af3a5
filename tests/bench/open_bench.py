"""Opening a link to a long game in the page: time to the game's screen, and the longest main-thread task.

For every game the page can play, a long finished game (K2 5 players, Matterhorn 4, Blokus 3D 4,
K3 4; heuristic bots, played in CPython) is opened in a booted page by setting ``location.hash`` (as
a click on a link does). Figures, medians of ``RUNS``: ms from the hash change to the game's screen
drawn with all its moves, and the longest task the long-task observer saw meanwhile (until the board
is set up: ``board_ready``, the ms to Blokus 3D's first 3D picture) — once the page
has loaded the games in the background after its first screen (``data-warm``: a link followed from
the home page), right at ready after a normal start (the game's engine and view load then), and right
at ready in a page restored from the interpreter snapshot (a returning visitor opening a link: engines,
views and the default options' tables come from the snapshot). "At boot" (with and without the snapshot): the
link is the address the page starts with, as when someone follows a shared link; ms from the page's ready mark
(Python started, the link's opening begun) to the screen, and the longest task from then on (``page_to_screen``:
from the page's start).

Run with ``python3 build.py bench`` (or ``.venv/bin/python tests/bench/open_bench.py``).
"""

from __future__ import annotations

import os
import statistics
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
RUNS = 5
SNAPSHOT = "document.documentElement.dataset.snapshot"
PLAYERS = {"k2": 5, "matterhorn": 4, "blokus3d": 4, "k3": 4}
ONLY = os.environ.get("OPEN_GAMES_ONLY", ",".join(PLAYERS)).split(",")  # e.g. OPEN_GAMES_ONLY=k2

# What both measures wait for and read: the game's screen with all its moves; a board still being set up (Blokus
# 3D's first 3D picture: its tasks count too); the phases of the opening (performance marks of
# shell/page/navigation.py).
HELPERS = """
  const screenWith = (moves) => new Promise((resolve) => {
    const check = () => {
      const s = document.querySelector("section.play");
      if (s && Number(s.dataset.moves) === moves) resolve();
      else requestAnimationFrame(check);
    };
    check();
  });
  const boardSet = (since) => new Promise((resolve) => {
    const check = () => {
      const root = document.documentElement.dataset;
      const set = !document.querySelector(".b3d-stage") || (root.webgl !== undefined && root.boardBusy === undefined);
      if (set || performance.now() - since > 5000) resolve();
      else setTimeout(check, 10);
    };
    check();
  });
  const at = (name) => performance.getEntriesByName(name).slice(-1)[0]?.startTime ?? NaN;
  const opening = () => ({
    parse_and_load: at("open:loaded") - at("open:start"),
    replay: at("open:replayed") - at("open:loaded"),
    save: at("open:saved") - at("open:replayed"),
    draw: at("open:drawn") - at("open:saved"),  // of which:
    draw_wait: at("open:building") - at("open:saved") + at("open:showing") - at("open:built"),  // other tasks
    draw_build: at("open:built") - at("open:building"),  // the screen's HTML (Python)
    draw_show: at("open:drawn") - at("open:showing"),  // shown (the DOM, the view's scripts started)
  });
"""

OPEN = """async (fragment) => {""" + HELPERS + """
  window.__long = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__long.push(e.duration);
  });
  observer.observe({type: "longtask", buffered: false});
  const moves = fragment.split("moves=")[1].split("&")[0].split("~").filter(Boolean).length;
  const start = performance.now();
  location.hash = "#" + fragment;
  await screenWith(moves);
  const ms = performance.now() - start;
  await boardSet(start);
  const board = performance.now() - start;
  await new Promise((r) => setTimeout(r, 200));
  observer.disconnect();
  const phases = {hash_to_start: at("open:start") - start, ...opening(),
                  drawn_to_seen: start + ms - at("open:drawn"), board_ready: board};
  return {ms, longest: Math.max(0, ...window.__long), phases};
}"""


# A link opened as the page's address (someone follows a shared link): the page boots and opens it. Recorded from
# the page's start: every long task, and the moment the game's screen has all the moves.
AT_BOOT_PROBE = """
window.__tasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__tasks.push([e.startTime, e.duration]);
}).observe({type: "longtask", buffered: true});
"""

AT_BOOT = """async (moves) => {""" + HELPERS + """
  await screenWith(moves);
  const seen = performance.now();
  await boardSet(seen);
  const board = performance.now();
  await new Promise((r) => setTimeout(r, 200));
  const ready = at("app:ready");
  const after = window.__tasks.filter(([start, _d]) => start >= ready && start < board);
  const phases = {ready_to_start: at("open:start") - ready, ...opening(), drawn_to_seen: seen - at("open:drawn"),
                  board_ready: board - ready, page_to_screen: seen};
  return {ms: seen - ready, longest: Math.max(0, ...after.map(([_s, d]) => d)), phases};
}"""


def long_game(name: str, players: int, seed: str) -> str:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from tests.e2e.helpers import finished_game

    return finished_game(name, players, seed)


def main() -> int:
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "web" / "app"))
    from games import GAMES

    from tools.devenv import CHROMIUM, CHROMIUM_ARGS
    from tools.devserver import SiteServer
    from tools.site import DIST, build

    build()
    rows = []
    with SiteServer(DIST) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS))
        # a visitor who has been here before: the page restores the interpreter snapshot its first visit made
        returning = browser.new_context()
        first = returning.new_page()
        first.goto(server.url + "?botdelay=0")
        first.wait_for_function(f"['made', 'failed', 'off'].includes({SNAPSHOT})", timeout=120_000)
        if first.evaluate(SNAPSHOT) != "made":
            raise RuntimeError(f"no interpreter snapshot: {first.evaluate(SNAPSHOT)}")
        first.close()
        for name, players in PLAYERS.items():
            if name not in GAMES or name not in ONLY:
                continue
            fragment = long_game(name, players, f"open-bench-{name}")
            moves = len(fragment.split("moves=")[1].split("&")[0].split("~"))
            for mode in ("warm", "at ready", "snapshot, at ready", "at boot", "snapshot, at boot"):
                times, longest, phases = [], [], []
                for _ in range(RUNS):
                    if mode.startswith("snapshot"):
                        page = returning.new_page()
                    else:
                        page = browser.new_page()
                        page.add_init_script("globalThis.PYGAMES_NO_SNAPSHOT = true;")
                    if mode.endswith("at boot"):  # the link is the page's address: it opens as the page starts
                        page.add_init_script(AT_BOOT_PROBE)
                        page.goto(server.url + "?botdelay=0#" + fragment)
                        result = page.evaluate(AT_BOOT, moves)
                        times.append(result["ms"])
                        longest.append(result["longest"])
                        phases.append(result["phases"])
                        page.close()
                        continue
                    page.goto(server.url + "?botdelay=0")
                    ready = "document.documentElement.dataset." + ("warm === '1'" if mode == "warm" else
                                                                   "appState === 'ready'")
                    page.wait_for_function(ready, timeout=90_000)
                    if mode.startswith("snapshot") and page.evaluate(SNAPSHOT) != "used":
                        raise RuntimeError(f"the page did not restore the snapshot: {page.evaluate(SNAPSHOT)}")
                    result = page.evaluate(OPEN, fragment)
                    times.append(result["ms"])
                    longest.append(result["longest"])
                    phases.append(result["phases"])
                    page.close()
                split = {k: statistics.median(p[k] for p in phases) for k in phases[0]}
                label = f"{name} ({mode})"
                rows.append((label, players, moves, statistics.median(times), statistics.median(longest), split))
        returning.close()
        browser.close()
    print(f"\nOpening a finished game's link in the booted page (median of {RUNS})")
    print(f"{'game':<30} {'players':>7} {'moves':>6} {'to screen ms':>13} {'longest task ms':>16}  of which (ms)")
    for name, players, moves, ms, task, split in rows:
        parts = " ".join(f"{k} {v:.0f}" for k, v in split.items())  # (at boot: ms to screen from ready)
        print(f"{name:<30} {players:>7} {moves:>6} {ms:>13.0f} {task:>16.0f}  {parts}")
    print("targets: to screen <= 150 ms, no task over 100 ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())

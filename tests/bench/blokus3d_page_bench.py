"""Blokus 3D in the built page: how fast the ghost follows the pointer, a placement is drawn, the 3D view
turns, and the bots move (Chromium headless, software WebGL on this machine: no GPU).

* ghost update: a pointer move over a new cell (3D board or level map) -> Python's new scene applied
  -> the WebGL frame drawn, on the page's clock (scene.js's ``stats.acts``: from the pointer event's
  timestamp to the picture on the page's canvas, once the GPU has finished it), and to the first animation
  frame begun after it (the frame that shows it: comparable with a picture drawn on a canvas on the page,
  whose frame waited for the GPU);
* placement: a click on *Place* -> the engine plays it, the screen is drawn again, the new cubes drawn;
* scene change applied, one WebGL draw: scene.js's main-thread ms for each (``stats.applies``, ``stats.drawMs``),
  and the ms from a draw's start until the GPU had finished it (``stats.gpuMs``, polled between tasks);
* orbit: a mouse drag over the 3D board; frames per second from the ``requestAnimationFrame``
  timestamps of the draws during the drag (scene.js draws on demand: at most once per frame while
  dragging, and not before the last picture is finished);
* bots: medium (heuristic) and hard (mcts, the page's budget) move times from the page's think log,
  with the page's long tasks and the longest gap between two animation frames while they think.

Figures only, never assertions. Run with ``python3 build.py bench`` (or
``.venv/bin/python tests/bench/blokus3d_page_bench.py``).
"""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT_MS = 120_000
HOVERS = 24
PLACEMENTS = 12
DRAGS = 3

PROBE = """
window.__longtasks = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longtasks.push({start: e.startTime, ms: e.duration});
  }).observe({type: "longtask", buffered: true});
} catch (e) {}
window.__gaps = [];
let last = null;
function frame(t) {
  if (last !== null) window.__gaps.push({at: t, ms: t - last});
  last = t;
  requestAnimationFrame(frame);
}
requestAnimationFrame(frame);
document.addEventListener("click", (e) => { window.__clickAt = e.timeStamp; }, true);
"""


def position(options: dict, moves: int, seats: str, seed: str) -> str:
    from pygames.core.bots import HeuristicBot, bot_rng
    from pygames.core.record import Record

    game = Record.new("blokus3d", options, seed).replay()
    while len(game.history) < moves and not game.is_over():
        seat = game.to_move()[0]
        game.apply(HeuristicBot().choose(game, seat, bot_rng(game, seat)))
    return Record.of(game, {"seats": seats}).to_fragment()


def open_game(page, url: str, fragment: str) -> None:
    page.goto(f"{url}?botdelay=0#{fragment}")
    page.wait_for_function("document.documentElement.dataset.appState === 'ready'", timeout=TIMEOUT_MS)
    page.wait_for_selector("section.play", timeout=TIMEOUT_MS)
    page.wait_for_selector("html[data-webgl]", state="attached", timeout=TIMEOUT_MS)  # scene.js has started


def acts(page) -> list[dict]:
    return page.evaluate("window.pygamesScene3d.stats.acts")


def on_screen(page, updates: list[dict]) -> list[float]:
    """For each act: ms from the pointer event to the first animation frame that began after its picture was
    drawn (the frame that shows it; before it, a frame whose commit waited for the GPU ended first)."""
    frames = sorted(g["at"] for g in page.evaluate("window.__gaps"))
    out = []
    for a in updates:
        after = next((t for t in frames if t >= a["at"] + a["drawn"]), None) if "at" in a else None
        if after is not None:
            out.append(after - a["at"])
    return out


def ghost_updates(page) -> tuple[list[dict], list[dict]]:
    """Hover over cells of the 3D board, then of the level map, with a piece in hand."""
    from pygames.core.record import Record

    game = Record.parse(page.get_attribute("section.play", "data-link")).replay()
    colour = game.colour
    code = next(c for c in ("L4", "T4", "S4", "O4", "I3", "L3", "I2") if f"{colour}{c}" in
                {f"{a.colour}{a.piece}" for a in game.legal_actions()})
    page.click(f"#b3d-pick-{colour}-{code}")
    cells = [(c % 10, c // 10) for c in game.layout.cells]
    start = len(acts(page))
    for i in range(HOVERS):
        x, y = cells[(i * 7) % len(cells)]
        point = page.evaluate(f"window.pygamesScene3d.screenOf({x}, {y}, {game.heights[y * 10 + x]})")
        page.mouse.move(point[0], point[1], steps=1)
        page.wait_for_timeout(60)
    on_board = [a for a in acts(page)[start:] if a["act"] == "hover"]
    start = len(acts(page))
    for i in range(HOVERS):
        x, y = cells[(i * 5 + 3) % len(cells)]
        page.hover(f'.b3d-map [data-act="cell"][data-x="{x}"][data-y="{y}"]')
        page.wait_for_timeout(60)
    on_map = [a for a in acts(page)[start:] if a["act"] == "hover"]
    page.keyboard.press("Escape")
    return on_board, on_map


def placements(page) -> list[dict]:
    """Show a legal placement (L), press Place: the time to the frame with the new cubes."""
    out = []
    for _ in range(PLACEMENTS):
        state = page.evaluate("({...document.querySelector('section.play').dataset})")
        if state.get("over") == "1":
            break
        page.evaluate("document.activeElement && document.activeElement.blur()")
        page.keyboard.press("l")
        page.wait_for_selector("#b3d-place:not([disabled])")
        page.click("#b3d-place")
        page.wait_for_function(
            f"Number(document.querySelector('section.play').dataset.moves) > {state['moves']} && "
            "window.pygamesScene3d.stats.drawnAt > window.pygamesScene3d.stats.appliedAt && "
            "window.pygamesScene3d.stats.appliedAt > window.__clickAt")
        out.append(page.evaluate("({at: window.__clickAt, "
                                 "python: window.pygamesScene3d.stats.appliedAt - window.__clickAt, "
                                 "drawn: window.pygamesScene3d.stats.drawnAt - window.__clickAt})"))
    return out


def orbit(page) -> list[float]:
    """Frames per second while the mouse drags the 3D board round (rAF timestamps of the draws)."""
    box = page.locator(".b3d-stage canvas").bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    rates = []
    for k in range(DRAGS):
        page.mouse.move(cx - 150, cy)
        page.mouse.down()
        before = page.evaluate("window.pygamesScene3d.stats.frames.length")
        start = page.evaluate("performance.now()")
        for step in range(90):  # ~1.5 s of dragging, one small move every ~16 ms
            page.mouse.move(cx - 150 + step * 3.3, cy + (step % 20 - 10) * (1 if k % 2 else -1))
            page.wait_for_timeout(16)
        end = page.evaluate("performance.now()")
        page.mouse.up()
        frames = [t for t in page.evaluate("window.pygamesScene3d.stats.frames")[before:] if start <= t <= end]
        if len(frames) > 1:
            rates.append((len(frames) - 1) / ((frames[-1] - frames[0]) / 1000))
    return rates


def bots(page, url: str, bot: str, moves: int) -> dict:
    seats = ",".join([bot] * 4)
    open_game(page, url, f"blokus3d?v=1&players=4&seed=bench-{bot}&moves=&seats={seats}")
    start = page.evaluate("performance.now()")
    page.wait_for_function(
        f"(() => {{ const s = document.querySelector('section.play');"
        f" return s && (Number(s.dataset.moves) >= {moves} || s.dataset.over === '1'); }})()", timeout=TIMEOUT_MS * 3)
    end = page.evaluate("performance.now()")
    log = json.loads(page.evaluate("window.pygamesThinkLog || '[]'"))
    think = [e["ms"] for e in log if e["bot"] == bot]
    tasks = [t["ms"] for t in page.evaluate("window.__longtasks") if start <= t["start"] <= end]
    gaps = [g["ms"] for g in page.evaluate("window.__gaps") if start <= g["at"] <= end]
    return {"moves": len(think), "median": statistics.median(think), "max": max(think),
            "longest_slice": max(e["longest_slice_ms"] for e in log if e["bot"] == bot),
            "long_tasks": len(tasks), "longest_task": max(tasks, default=0.0), "longest_gap": max(gaps, default=0.0)}


def quartiles(values: list[float]) -> str:
    if not values:
        return "—"
    values = sorted(values)
    return (f"median {statistics.median(values):6.1f} ms  p90 {values[int(0.9 * (len(values) - 1))]:6.1f} ms  "
            f"max {values[-1]:6.1f} ms  (n={len(values)})")


def main() -> int:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from tools.devenv import CHROMIUM, CHROMIUM_ARGS
    from tools.devserver import SiteServer
    from tools.site import DIST, build

    build()
    with SiteServer(DIST) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS))
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        context.add_init_script(PROBE)
        page = context.new_page()
        fragment = position({"players": 4, "structure": "A"}, 16, "human,human,human,human", "bench-3d")
        open_game(page, server.url, fragment)
        page.wait_for_selector("html[data-webgl='1'] .b3d-stage canvas")
        size = page.evaluate("[document.querySelector('.b3d-stage canvas').width,"
                             " document.querySelector('.b3d-stage canvas').height]")
        cubes = sum(len(v) // 3 for v in json.loads(page.get_attribute("#b3d-stage", "data-scene"))["cubes"].values())
        on_board, on_map = ghost_updates(page)
        board_screen = on_screen(page, on_board)
        placed = placements(page)
        placed_screen = on_screen(page, placed)
        rates = orbit(page)
        draws = page.evaluate("window.pygamesScene3d.stats.drawMs")
        finished = page.evaluate("window.pygamesScene3d.stats.gpuMs || []")
        copies = page.evaluate("window.pygamesScene3d.stats.copyMs || []")
        applies = [a["ms"] for a in page.evaluate("window.pygamesScene3d.stats.applies || []")]
        medium = bots(page, server.url, "heuristic", 40)
        hard = bots(page, server.url, "mcts", 4)
        browser.close()
    print(f"\nBlokus 3D in the page (Chromium headless, software WebGL, canvas {size[0]}x{size[1]}, "
          f"Tower with 4 colours, {cubes}+ cubes)")
    print("ghost update, 3D board   " + quartiles([a["drawn"] for a in on_board]))
    print("  of which Python        " + quartiles([a["python"] for a in on_board]))
    print("  next frame begun       " + quartiles(board_screen))
    print("ghost update, level map  " + quartiles([a["drawn"] for a in on_map]))
    print("placement rendered       " + quartiles([a["drawn"] for a in placed]))
    print("  of which Python        " + quartiles([a["python"] for a in placed]))
    print("  next frame begun       " + quartiles(placed_screen))
    print("scene change applied     " + quartiles(applies))
    print("one WebGL draw           " + quartiles(draws))
    print("  until the GPU finished " + quartiles(finished))
    print("  the copy onto the page " + quartiles(copies))
    print("orbit (mouse drag)       " + (", ".join(f"{r:.1f}" for r in rates) or "—") + " frames/s")
    for name, row in (("medium (heuristic)", medium), ("hard (mcts)", hard)):
        print(f"bot {name:<19} {row['moves']} moves: median {row['median']:.0f} ms, max {row['max']:.0f} ms; "
              f"longest slice {row['longest_slice']:.0f} ms; long tasks {row['long_tasks']} "
              f"(longest {row['longest_task']:.0f} ms); longest frame gap {row['longest_gap']:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())

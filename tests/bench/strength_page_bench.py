"""What the page's time budget costs the hard bot: hard vs medium in Pyodide, next to CPython at the same budget.

The page gives the hard bot (``mcts``) ``SEARCH_BUDGET_MS`` per decision (web/app/shell/model/players.py).
Pyodide runs our engines slower than CPython, so the same budget buys fewer search iterations in the
page. This bench plays ``GAMES`` seeded 2-player games per game (seats alternate) between the hard
bot and the medium bot (heuristic) with that budget, once in a bare Pyodide page (the vendored
runtime and the page's Python, app.tgz, no UI: the figure for the bots' strength as the page plays them, before
slicing) and once in CPython (in a process of its own, at the same time: a core each), and prints the hard bot's
win rate with its 95 % Wilson interval and its mean iterations per search, and whether the two rates agree: the
95 % interval of their difference (Newcombe's, from the two Wilson intervals) holds 0.

Run with ``python3 build.py bench``; ``STRENGTH_PAGE_GAMES=N`` changes the number of games (20).
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import json
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from strength_bench import wilson  # noqa: E402 (the same interval as the strength table)

ROOT = Path(__file__).resolve().parents[2]
GAMES = int(os.environ.get("STRENGTH_PAGE_GAMES", "20"))
# the games played (``STRENGTH_PAGE_ONLY=k2``: only those named, comma-separated)
NAMES = tuple(n for n in ("k3", "matterhorn", "blokus3d", "k2")
              if n in os.environ.get("STRENGTH_PAGE_ONLY", n).split(","))

MATCH_CODE = """
import json, time
from pygames.core.bots import HeuristicBot, MCTSBot, bot_rng
from pygames.core.registry import get_game

def matches(name, games, budget_ms):
    wins, iterations, searches, start = 0.0, 0, 0, time.perf_counter()
    for g in range(games):
        game = get_game(name).new({"players": 2}, f"strength-{name}-{g}")
        hard = g % 2  # the seat of the hard bot alternates
        while not game.is_over() and len(game.history) < 3000:
            seat = game.to_move()[0]
            if seat == hard:
                bot = MCTSBot(budget_ms=budget_ms)
                action = bot.choose(game, seat, bot_rng(game, seat))
                if bot.last_iterations:
                    iterations += bot.last_iterations
                    searches += 1
            else:
                action = HeuristicBot().choose(game, seat, bot_rng(game, seat))
            game.apply(action)
        wins += game.payoffs()[hard]
    return json.dumps({"wins": wins, "games": games, "iterations": iterations / max(1, searches),
                       "seconds": time.perf_counter() - start})
"""

BARE = """<!doctype html><html><body><script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
// the whole standard library (the page's own holds only what the page imports: no tarfile for app.tgz)
const pyodide = await loadPyodide({ stdLibURL: "./pyodide/python_stdlib_full.zip" });
const get = async (rel) => (await fetch(`./${rel}`)).arrayBuffer();
pyodide.unpackArchive(await get("app.tgz"), "tgz", { extractDir: "/tmp/app" });
// the engines: the core's wheel and each game's (tools/site/wheel.py), unpacked beside it
const core = ["wheels/__WHEEL__"];
const games = JSON.parse(pyodide.FS.readFile("/tmp/app/games/archives.json", { encoding: "utf8" }));
for (const rel of [...core, ...Object.values(games).map((paths) => paths.engine)]) {
  pyodide.unpackArchive(await get(rel), "wheel", { extractDir: "/tmp/app" });
}
pyodide.runPython("import sys; sys.path.insert(0, '/tmp/app')");
window.pyodide = pyodide;
document.title = "ready";
</script></body></html>"""


@contextlib.contextmanager
def bare_page() -> Iterator[Page]:
    """The built site (built first) copied and served with ``BARE`` beside it, open in Chromium once Pyodide is
    ready there: ``window.pyodide`` runs the page's engines."""
    sys.path.insert(0, str(ROOT))
    from tools.devenv import CHROMIUM, CHROMIUM_ARGS
    from tools.devserver import SiteServer
    from tools.site import DIST, build

    build()
    with tempfile.TemporaryDirectory(prefix="bare-page-") as tmp:
        site = Path(tmp) / "site"
        shutil.copytree(DIST, site)
        (site / "bench.html").write_text(
            BARE.replace("__WHEEL__", next((site / "wheels").glob("pygames-*.whl")).name))
        with SiteServer(site) as server, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS))
            page = browser.new_page()
            page.goto(server.url + "bench.html")
            page.wait_for_function("document.title === 'ready'", timeout=90_000)
            yield page
            browser.close()


def main() -> int:
    sys.path[:0] = [str(ROOT), str(ROOT / "web" / "app")]
    from shell.model.players import SEARCH_BUDGET_MS

    rows = []
    cpython = concurrent.futures.ProcessPoolExecutor(max_workers=1)  # the same code in CPython, beside the page
    natives = {name: cpython.submit(cpython_matches, name, GAMES, SEARCH_BUDGET_MS) for name in NAMES}
    with bare_page() as page:
        page.evaluate("code => window.pyodide.runPython(code)", MATCH_CODE)
        for name in NAMES:
            print(f"  {name}: Pyodide…", flush=True)
            in_page = json.loads(page.evaluate(
                "([n, g, b]) => window.pyodide.globals.get('matches')(n, g, b)", [name, GAMES, SEARCH_BUDGET_MS]))
            rows.append((name, in_page, json.loads(natives[name].result())))
    cpython.shutdown()
    print(f"\nHard ({SEARCH_BUDGET_MS:.0f} ms a decision) vs medium, {GAMES} two-player games per game, "
          "seats alternating; 95 % Wilson intervals")
    print(f"{'game':<12} {'Pyodide win %':>22} {'iterations':>11} {'CPython win %':>22} {'iterations':>11}"
          f"  {'difference':>18}  agree")
    disagree = 0
    for name, in_page, native in rows:
        page_rate, native_rate = in_page["wins"] / in_page["games"], native["wins"] / native["games"]
        low, high = wilson(in_page["wins"], in_page["games"])
        n_low, n_high = wilson(native["wins"], native["games"])
        d_low, d_high = difference(page_rate, low, high, native_rate, n_low, n_high)
        agree = d_low <= 0.0 <= d_high
        disagree += not agree
        print(f"{name:<12} {rate(page_rate, low, high):>22} {in_page['iterations']:>11.0f} "
              f"{rate(native_rate, n_low, n_high):>22} {native['iterations']:>11.0f}  "
              f"{rate(page_rate - native_rate, d_low, d_high):>18}  {'yes' if agree else 'NO'}")
    return 1 if disagree else 0


def difference(p1: float, l1: float, u1: float, p2: float, l2: float, u2: float) -> tuple[float, float]:
    """The 95 % interval of ``p1 - p2`` from each share's Wilson interval (Newcombe's hybrid score method)."""
    d = p1 - p2
    return d - ((p1 - l1) ** 2 + (u2 - p2) ** 2) ** 0.5, d + ((u1 - p1) ** 2 + (p2 - l2) ** 2) ** 0.5


def rate(share: float, low: float, high: float) -> str:
    return f"{100 * share:.0f} % ({100 * low:.0f}–{100 * high:.0f})"


def cpython_matches(name: str, games: int, budget_ms: float) -> str:
    """``MATCH_CODE``'s ``matches`` in this (CPython) process."""
    sys.path.insert(0, str(ROOT))
    namespace: dict = {}
    exec(MATCH_CODE, namespace)
    return namespace["matches"](name, games, budget_ms)


if __name__ == "__main__":
    sys.exit(main())

"""A hard bot's longest step, with the cyclic garbage collector on and waiting (web/app/shell/bots/runner.py
``quiet_gc``), in a bare Pyodide page in Chromium (the page's engines, no UI: strength_page_bench.py's ``bare_page``).

The page runs a bot's thinking in slices of ``runner.SLICE_MS``; a slice cannot be shorter than the generator's
longest step (one ``next``), and that step is what a tap waits for in the worst case. For each game, one seed, the
hard bot (``mcts`` at the page's budget) plays seat 0 against the medium bot for ``THINKS`` searched decisions
(more than 5 steps each; the first decision of each game is left out, as it imports the game's bot), once with the
collector on and once with it waiting; the bench prints each decision's longest step and the worst of them.
A decision's search is cut by time, so two runs differ; the figures are the page's, before slicing.

Run with ``.venv/bin/python tests/bench/think_steps_bench.py``; ``THINK_STEPS_ONLY`` (e.g. ``k3:4,k2:5``) runs those
cases alone.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from strength_page_bench import bare_page  # noqa: E402 (the same bare page)

ROOT = Path(__file__).resolve().parents[2]
THINKS = 6
ALL_CASES = (("k2", 2), ("k2", 5), ("k2", 1), ("k3", 2), ("k3", 4), ("blokus3d", 2), ("matterhorn", 2))
ONLY = os.environ.get("THINK_STEPS_ONLY")
CASES = tuple(case for case in ALL_CASES if not ONLY or f"{case[0]}:{case[1]}" in ONLY.split(","))

STEPS_CODE = """
import json, time
from contextlib import nullcontext
from pygames.core.bots import HeuristicBot, bot_rng, make_bot
from pygames.core.registry import get_game
from shell.bots.runner import quiet_gc  # (the page's own: app.tgz is on the bare page's path)

def longest_steps(name, players, thinks, budget_ms, quiet):
    game = get_game(name).new({"players": players}, f"think-steps-{name}")
    worst, first = [], True
    while not game.is_over() and len(worst) < thinks:
        seat = game.to_move()[0]
        if seat != 0:
            game.apply(HeuristicBot().choose(game, seat, bot_rng(game, seat)))
            continue
        gen = make_bot(f"mcts:{budget_ms:g}").think(game.view(0), 0, bot_rng(game, 0))
        longest, steps = 0.0, 0
        with quiet_gc() if quiet else nullcontext():
            try:
                while True:
                    began = time.perf_counter()
                    next(gen)
                    longest = max(longest, (time.perf_counter() - began) * 1000)
                    steps += 1
            except StopIteration as stop:
                action = stop.value
        if steps > 5:
            if not first:
                worst.append(round(longest, 1))
            first = False
        game.apply(action)
    return json.dumps(worst)
"""


def main() -> int:
    sys.path[:0] = [str(ROOT), str(ROOT / "web" / "app")]
    from shell.model.players import SEARCH_BUDGET_MS

    with bare_page() as page:
        page.evaluate("code => window.pyodide.runPython(code)", STEPS_CODE)
        print(f"The hard bot's longest step a decision, ms ({SEARCH_BUDGET_MS:.0f} ms a decision, Pyodide in "
              f"Chromium, {THINKS} decisions after the first)")
        print(f"{'game':<14} {'collector on':<40} {'collector waiting':<40}")
        for name, players in CASES:
            row = []
            for quiet in (False, True):
                steps = json.loads(page.evaluate(
                    "([n, p, t, b, q]) => window.pyodide.globals.get('longest_steps')(n, p, t, b, q)",
                    [name, players, THINKS, SEARCH_BUDGET_MS, quiet]))
                row.append(f"worst {max(steps, default=0):5.1f}: {' '.join(f'{s:.0f}' for s in steps)}")
            print(f"{name + f' {players}p':<14} {row[0]:<40} {row[1]:<40}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

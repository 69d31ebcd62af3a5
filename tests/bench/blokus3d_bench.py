"""Blokus 3D benchmarks under CPython: legal-move generation, 4-player bot move times, the solver (random
playouts of every game are in ``engine_bench.py``).

Run with ``python build.py bench`` (or directly). Figures are wall-clock medians (``time.perf_counter``).
"""

from __future__ import annotations

import statistics
import time

from pygames.blokus3d.game import Blokus3D
from pygames.blokus3d.geometry import _LAYOUTS, layout
from pygames.blokus3d.solver import count_buildable, solve
from pygames.core.bots import bot_rng, make_bot
from pygames.core.rng import Rng

BOT_SPECS = ("random", "heuristic", "mcts:i50", "mcts:300")


def median_ms(fn, runs: int) -> tuple[float, float]:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append(1000 * (time.perf_counter() - t0))
    return statistics.median(times), max(times)


def mid_game(placements: int = 8, seed: str = "mid") -> Blokus3D:
    """A 4-player Tower game after ``placements`` placements of the heuristic bot."""
    g = Blokus3D.new({"players": 4}, seed)
    bot = make_bot("heuristic")
    while len(g.history) < placements and not g.is_over():
        seat = g.to_move()[0]
        g.apply(bot.choose(g, seat, bot_rng(g, seat)), checked=False)
    return g


def legal_table() -> None:
    print("Legal placements under CPython (ms; target: empty Tower <= 5 ms)")
    print(f"{'position':<34} {'count':>6} {'median':>8} {'max':>8}")
    _LAYOUTS.clear()
    t0 = time.perf_counter()
    layout("A", 4)
    build = 1000 * (time.perf_counter() - t0)
    empty = Blokus3D.new({"players": 4}, "bench")
    t0 = time.perf_counter()
    n = len(empty.legal_actions())
    cold = 1000 * (time.perf_counter() - t0)
    print(f"{'Tower table build (once/process)':<34} {'-':>6} {build:>8.2f} {'':>8}")
    print(f"{'empty Tower, first call':<34} {n:>6} {cold:>8.2f} {'':>8}")
    med, worst = median_ms(empty.legal_actions, 200)
    print(f"{'empty Tower (B3D-E4)':<34} {n:>6} {med:>8.3f} {worst:>8.3f}")

    def uncached() -> None:
        empty.layout.acts.clear()  # every action object made anew
        empty.legal_actions()

    med, worst = median_ms(uncached, 50)
    print(f"{'empty Tower, action objects anew':<34} {n:>6} {med:>8.3f} {worst:>8.3f}")
    g = mid_game()
    n = len(g.legal_actions())
    med, worst = median_ms(g.legal_actions, 200)
    print(f"{'Tower after 8 heuristic placements':<34} {n:>6} {med:>8.3f} {worst:>8.3f}")
    bot = make_bot("heuristic")
    med, worst = median_ms(lambda: bot.choose(empty, 0, Rng(0)), 50)
    print(f"{'heuristic move on the empty Tower':<34} {687:>6} {med:>8.3f} {worst:>8.3f}")
    for key in ("B", "C", "D"):
        e = Blokus3D.new({"players": 4, "structure": key}, "bench")
        n = len(e.legal_actions())
        med, worst = median_ms(e.legal_actions, 100)
        print(f"{'empty ' + key + ' (k = 4)':<34} {n:>6} {med:>8.3f} {worst:>8.3f}")
    print()


def bot_table() -> None:
    print("Bot move time under CPython (ms per decision, 4-player Tower games, all turns)")
    print(f"{'bot':<12} {'moves':>6} {'median':>8} {'max':>8}")
    for spec in BOT_SPECS:
        times: list[float] = []
        want = 24 if spec.startswith("mcts") else 120
        seed = 0
        while len(times) < want:
            g = Blokus3D.new({"players": 4}, f"botbench-{seed}")
            seed += 1
            bot, filler = make_bot(spec), make_bot("heuristic")
            while not g.is_over() and len(times) < want:
                seat = g.to_move()[0]
                t0 = time.perf_counter()
                if seat == 0 or not spec.startswith("mcts"):
                    action = bot.choose(g, seat, bot_rng(g, seat))
                    times.append(1000 * (time.perf_counter() - t0))
                else:
                    action = filler.choose(g, seat, bot_rng(g, seat))
                g.apply(action)
        print(f"{spec:<12} {len(times):>6} {statistics.median(times):>8.2f} {max(times):>8.2f}")
    print()


def solver_table() -> None:
    print("Solitaire solver (B3D-R23)")
    for n, colours in ((3, "B"), (4, "BY"), (5, "BYRG")):
        t0 = time.perf_counter()
        moves = solve(n, colours, timeout=30)
        ms = 1000 * (time.perf_counter() - t0)
        found = f"built in {len(moves)} placements" if moves else "no build"
        print(f"{n}x{n}x{n} with {colours:<5} {found}, {ms:.1f} ms")
    t0 = time.perf_counter()
    sets = count_buildable()
    ms = 1000 * (time.perf_counter() - t0)
    missing = [" ".join(s) for s, ok in sets.items() if not ok]
    print(f"one-colour 27-cube sets buildable: {sum(sets.values())} of {len(sets)} ({ms:.0f} ms); not: {missing}")
    print()


def main() -> None:
    legal_table()
    bot_table()
    solver_table()


if __name__ == "__main__":
    main()

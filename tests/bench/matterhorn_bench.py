"""Matterhorn engine benchmarks under CPython: random playouts per second, bot move times, dice tables.

Run with ``python build.py bench`` (or directly). Prints tables; figures are wall-clock medians.
"""

from __future__ import annotations

import statistics
import time

from pygames.core.bots import bot_rng, make_bot
from pygames.core.record import Record
from pygames.core.rng import Rng
from pygames.matterhorn import dice
from pygames.matterhorn.dice import flop_probability
from pygames.matterhorn.game import SETUP

SETUPS: list[dict[str, object]] = [{"players": 2}, {"players": 3}, {"players": 4}, {"players": 2, "hard": True}]
BOT_SPECS = ("random", "heuristic", "mcts:i200", "mcts:1000")


def playouts_per_second(options: dict[str, object], seconds: float = 2.0) -> tuple[float, float, float]:
    """Random playouts from setup to the win; returns (games/s, actions/s, mean actions per game)."""
    rng = Rng("bench")
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        g = Record.new("matterhorn", options, f"bench-{games}").replay()
        while not g.is_over():
            g.apply(g.random_action(g.to_move()[0], rng), checked=False)
            actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / elapsed, actions / games


def bot_move_times(spec: str, moves: int) -> tuple[list[float], int]:
    """Milliseconds per decision of bot ``spec`` (seat 0; seat 1 heuristic) in seeded 2-player games, counting
    only decisions with a choice (setup excluded), and the search iterations run in all."""
    times: list[float] = []
    iterations = 0
    seed = 0
    filler = make_bot("heuristic")
    while len(times) < moves:
        g = Record.new("matterhorn", {"players": 2}, f"botbench-{seed}").replay()
        seed += 1
        bot = make_bot(spec)
        while not g.is_over() and len(times) < moves:
            seat = g.to_move()[0]
            mine = seat == 0 and g.phase != SETUP and len(g.legal_actions(seat) or []) > 1
            t0 = time.perf_counter()
            action = (bot if mine else filler).choose(g, seat, bot_rng(g, seat))
            if mine:
                times.append(1000 * (time.perf_counter() - t0))
                iterations += getattr(bot, "last_iterations", 0)
            g.apply(action)
    return times, iterations


def main() -> None:
    print("Matterhorn random playouts under CPython")
    print(f"{'options':<24} {'games/s':>9} {'actions/s':>10} {'actions/game':>13}")
    for options in SETUPS:
        gps, aps, length = playouts_per_second(options)
        opts = ",".join(f"{k}={v}" for k, v in options.items())
        print(f"{opts:<24} {gps:>9.1f} {aps:>10.0f} {length:>13.0f}")
    print()
    print("Matterhorn bot move time under CPython (ms per decision with a choice, seat 0 of 2-player games)")
    print(f"{'bot':<12} {'median':>8} {'max':>8} {'iterations/s':>13}")
    for spec in BOT_SPECS:
        count = 8 if spec == "mcts:1000" else 40 if spec.startswith("mcts") else 300
        t, iters = bot_move_times(spec, count)
        rate = f"{1000 * iters / sum(t):.0f}" if iters else "-"
        print(f"{spec:<12} {statistics.median(t):>8.2f} {max(t):>8.2f} {rate:>13}")
    print()
    t0 = time.perf_counter()
    for cached in (dice.aside_choices, dice.reachable_values, dice._weighted_rolls, dice._flop_count):
        cached.cache_clear()
    for k in range(1, 6):
        flop_probability(k, range(5, 13))
    print(f"dice tables (all set-aside choices of 1..5 dice, cold): {1000 * (time.perf_counter() - t0):.1f} ms")
    print("flop chance with every row usable: " + ", ".join(
        f"{k} dice {float(flop_probability(k, range(5, 13))):.3f}" for k in range(1, 6)))


if __name__ == "__main__":
    main()

"""Engine benchmarks under CPython: random playouts per second and bot move times, for every game.

Run with ``python build.py bench`` (or directly). Prints tables; figures are wall-clock medians.
Figures only one game has (Blokus 3D legal-move generation and solver, K2 solo scores, Matterhorn
dice tables) are in that game's ``<game>_bench.py``.
"""

from __future__ import annotations

import statistics
import time

from pygames.core.bots import bot_rng, make_bot
from pygames.core.record import Record
from pygames.core.rng import Rng

# game -> options for its benchmark table rows
SETUPS: dict[str, list[dict[str, object]]] = {
    "k3": [{"players": 2}, {"players": 3}, {"players": 4}, {"players": 3, "coop": True}],
    "matterhorn": [{"players": 2}, {"players": 3}, {"players": 4}, {"players": 2, "hard": True}],
    "blokus3d": [{"players": 4}, {"players": 3}, {"players": 2}, {"players": 2, "colours": "BYRG"},
                 {"players": 4, "structure": "D"}, {"players": 1, "size": 3}],
    "k2": [{"players": 1}, {"players": 2}, {"players": 3}, {"players": 5},
           {"players": 3, "side": "H", "weather": "WIN", "family": True}],
}
BOT_SPECS = ("random", "heuristic", "mcts:1000")


def playouts_per_second(game: str, options: dict[str, object], seconds: float = 2.0) -> tuple[float, float]:
    """Random playouts from setup to the end; returns (games/s, actions/s)."""
    rng = Rng("bench")
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        g = Record.new(game, options, f"bench-{games}").replay()
        while not g.is_over():
            g.apply(g.random_action(g.to_move()[0], rng), checked=False)
            actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / elapsed


def bot_move_times(game: str, options: dict[str, object], spec: str, moves: int = 12) -> tuple[list[float], int]:
    """Milliseconds per decision of bot ``spec`` over the first turns of seeded games (only decisions with
    two or more listed actions: no arrangement, no forced move),
    and the search iterations it ran in all (0 for bots that do not search)."""
    times: list[float] = []
    iterations = 0
    seed = 0
    filler = make_bot("heuristic")
    while len(times) < moves:
        g = Record.new(game, options, f"botbench-{seed}").replay()
        seed += 1
        bot = make_bot(spec)
        while not g.is_over() and len(times) < moves:
            seat = g.to_move()[0]
            choices = g.legal_actions(seat)
            listed = choices is not None and len(choices) > 1  # timed: real choices only
            t0 = time.perf_counter()
            action = (bot if listed else filler).choose(g, seat, bot_rng(g, seat))
            if listed:
                times.append(1000 * (time.perf_counter() - t0))
                iterations += getattr(bot, "last_iterations", 0)
            g.apply(action)
    return times, iterations


def main() -> None:
    print("Random playouts under CPython")
    print(f"{'game':<10} {'options':<40} {'games/s':>9} {'actions/s':>10} {'actions/game':>13}")
    for game, setups in SETUPS.items():
        for options in setups:
            gps, aps = playouts_per_second(game, options)
            opts = ",".join(f"{k}={v}" for k, v in options.items())
            print(f"{game:<10} {opts:<40} {gps:>9.1f} {aps:>10.0f} {aps / gps:>13.0f}")
    print()
    print("Bot move time under CPython (ms per real decision, first turns of seeded 2-player games)")
    print(f"{'game':<10} {'bot':<12} {'median':>8} {'max':>8} {'iterations/s':>13}")
    for game in SETUPS:
        for spec in BOT_SPECS:
            t, iters = bot_move_times(game, {"players": 2}, spec, moves=6 if spec.startswith("mcts") else 40)
            rate = f"{1000 * iters / sum(t):.0f}" if iters else "-"
            print(f"{game:<10} {spec:<12} {statistics.median(t):>8.2f} {max(t):>8.2f} {rate:>13}")


if __name__ == "__main__":
    main()

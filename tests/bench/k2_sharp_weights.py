"""K2 solo: the hard bot's sharp view playing alone, with one of its weights scaled (docs/bots.md, "Three more
probes").

The hard bot's search plays its samples with the sharp view (``pygames.k2.strategy``, ``climber_value``), so a
better sharp view would make better samples. This plays solo games by the sharp view alone (no search, no plan of
the last rounds: about 0.2 s a game in CPython, so hundreds of games a minute) on H/WIN and E/SUM, and prints the
mean scores and how many games reach "Alpinist" (K2-R42).

``python3 tests/bench/k2_sharp_weights.py --games 300`` (the weights as they are), then e.g.
``--weight excursion --times 1.6``: one ``Weights`` field (all the levels of a tuple) scaled.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from k2_solo_bank import alpinist

from pygames.core.registry import get_game
from pygames.k2 import strategy
from pygames.k2.strategy import choices, search, turns, values

SIDES = (("H", "WIN"), ("E", "SUM"))


def scaled(name: str | None, times: float) -> strategy.Weights:
    """The sharp view's weights with field ``name`` times ``times`` (None: as they are)."""
    if name is None:
        return strategy.Weights()
    value = getattr(strategy.Weights(), name)
    value = tuple(v * times for v in value) if isinstance(value, tuple) else value * times
    return dataclasses.replace(strategy.Weights(), **{name: value})


def play_one(task: tuple[str, str, str, str | None, float]) -> int:
    """One solo game played by the sharp view alone: its score."""
    seed, side, weather, name, times = task
    weights = scaled(name, times)  # the worker's own copy of the modules; every game of a run the same
    for module in (values, turns, choices, search):  # each reads ``W`` as its own global
        if hasattr(module, "W"):
            module.W = weights  # type: ignore[attr-defined]  # set where it exists: each module reads its own
    game = get_game("k2").new({"players": 1, "side": side, "weather": weather}, seed)
    while not game.is_over():
        game.apply(strategy.choose_action(game, 0, strategy.SHARP))  # type: ignore[arg-type]
    return game.scores()[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=300, help="games per side")
    parser.add_argument("--weight", choices=[f.name for f in dataclasses.fields(strategy.Weights)])
    parser.add_argument("--times", type=float, default=1.0)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    t = time.time()
    parts = []
    with ProcessPoolExecutor(args.workers) as pool:
        for side, weather in SIDES:
            seeds = [f"weights-{side}{weather}-{i}" for i in range(args.games)]
            scores = list(pool.map(play_one, [(s, side, weather, args.weight, args.times) for s in seeds],
                                   chunksize=8))
            line = alpinist(side, weather)
            parts.append(f"{side}/{weather} mean {statistics.mean(scores):.2f}, {line} or more in "
                         f"{sum(s >= line for s in scores)} of {len(scores)}")
    what = f"{args.weight} x{args.times:g}" if args.weight else "the weights as they are"
    print(f"sharp view alone, {what}: " + "; ".join(parts) + f" ({time.time() - t:.0f} s)")


if __name__ == "__main__":
    main()

"""Matterhorn's own benchmark figures under CPython: building the dice tables, and the exact flop chance.

Random playouts and bot move times of every game are in ``engine_bench.py``. Run with ``python build.py bench``.
"""

from __future__ import annotations

import time

from pygames.matterhorn import dice
from pygames.matterhorn.dice import flop_probability


def main() -> None:
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

"""What each part of Matterhorn's hard bot (the plan) is worth against the medium bot, two players.

    .venv/bin/python tests/bench/matterhorn_plan.py [--games 400] [--start 200] [--ablate place,act]

Plays the hard bot's plan (``strategy.plan_action``) against the medium bot (``strategy.choose``) on the
seeds ``strength-matterhorn-{n}`` for n from ``--start``, the seats alternating as in ``strength_bench.py``
(its 200 games are n = 0..199; the default here, 200..599, keeps those for the final figure). With
``--ablate``, the medium bot's rule decides the named phases for the hard bot too (``decide``, ``place``,
``bonus``, ``act``, ``consolation``, ``restock``, ``setup``): the drop from the plain run is what the plan
adds in those phases. The plan does not depend on time, so a run's games are the same on any machine.
Prints the hard bot's wins with the 95 % Wilson interval, split by who moved first, and its ms a decision.
The figures are in docs/bots.md ("Matterhorn").
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from pygames.core.bots import bot_rng  # noqa: E402
from pygames.matterhorn import strategy  # noqa: E402
from pygames.matterhorn.game import SETUP, Matterhorn  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from strength_bench import wilson  # noqa: E402


def play(task: tuple[int, frozenset[str]]) -> tuple[bool, bool, float, int]:
    """One game: (the hard bot won, it moved first, its CPU seconds, its decisions)."""
    n, ablate = task
    game = Matterhorn.new({"players": 2}, f"strength-matterhorn-{n}")
    hard = -n % 2  # strength_bench's rotation: seat s plays bots[(s + n) % 2], bots = [hard, medium]
    first: int | None = None
    spent, decisions = 0.0, 0
    while not game.is_over():
        seat = game.to_move()[0]
        if first is None and game.phase != SETUP:
            first = game.current
        rng = bot_rng(game, seat)
        if seat != hard or game.phase in ablate:
            action = strategy.choose(game, seat, rng)
        else:
            t0 = time.process_time()
            action = strategy.plan_action(game, seat, rng)
            spent += time.process_time() - t0
            decisions += 1
        game.apply(action)
    return game.winner == hard, first == hard, spent, decisions


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--start", type=int, default=200, help="the first seed's number")
    parser.add_argument("--ablate", default="", help="phases the medium bot's rule decides, comma-separated")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    ablate = frozenset(p for p in args.ablate.split(",") if p)
    tasks = [(n, ablate) for n in range(args.start, args.start + args.games)]
    with ProcessPoolExecutor(args.workers) as pool:
        results = list(pool.map(play, tasks, chunksize=4))
    wins = sum(won for won, *_ in results)
    low, high = wilson(wins, len(results))
    firsts = [won for won, first, *_ in results if first]
    seconds = [won for won, first, *_ in results if not first]
    ms = 1000 * sum(r[2] for r in results) / max(1, sum(r[3] for r in results))
    label = f"medium's rule in {','.join(sorted(ablate))}" if ablate else "the plan"
    print(f"{label}: {wins}/{len(results)} = {100 * wins / len(results):.1f} % ({100 * low:.0f}–{100 * high:.0f}); "
          f"moving first {sum(firsts)}/{len(firsts)}, second {sum(seconds)}/{len(seconds)}; {ms:.1f} ms a decision")
    return 0


if __name__ == "__main__":
    sys.exit(main())

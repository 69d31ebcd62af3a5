"""K2 benchmarks under CPython: bot move times by kind of decision, the hard bot's solo card choices, solo scores
(random playouts of every game are in ``engine_bench.py``).

``python build.py bench`` runs ``main()`` (about a minute and a half). ``python tests/bench/k2_bench.py --solo N
--bots heuristic,mcts:i30`` prints the solo figures of the closing note (median score and title per
side/weather set over N seeded games).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from pygames.core.bots import bot_rng, make_bot
from pygames.core.record import Record
from pygames.k2.game import CHOOSE, solo_title

BOT_SPECS = ("random", "heuristic", "mcts:i30", "mcts:1000")
SOLO_SETTINGS = (("E", "SUM"), ("E", "WIN"), ("H", "SUM"), ("H", "WIN"))


def bot_move_times(spec: str, players: int = 3, moves: int = 40) -> tuple[list[float], list[float], int]:
    """Milliseconds per decision of ``spec`` (seat 0) in seeded games against heuristic bots, decisions
    with more than one legal action only, split into phase-1 card choices (what search weighs) and the
    rest; and the search iterations run."""
    choices: list[float] = []
    others: list[float] = []
    iterations = 0
    seed = 0
    filler = make_bot("heuristic")
    while len(choices) + len(others) < moves:
        g = Record.new("k2", {"players": players}, f"botbench-{seed}").replay()
        seed += 1
        bot = make_bot(spec)
        while not g.is_over() and len(choices) + len(others) < moves:
            seat = g.to_move()[0]
            chooser = bot if seat == 0 else filler
            phase = g.phase
            t0 = time.perf_counter()
            action = chooser.choose(g, seat, bot_rng(g, seat))
            if seat == 0 and len(g.legal_actions(seat) or []) > 1:
                (choices if phase == CHOOSE else others).append(1000 * (time.perf_counter() - t0))
                iterations += getattr(bot, "last_iterations", 0)
            g.apply(action)
    return choices, others, iterations


def solo_choice_times(spec: str, side: str = "H", weather: str = "WIN", games: int = 1,
                      ) -> tuple[list[float], list[float], list[float]]:
    """Milliseconds of ``spec`` in seeded solo games: per phase-1 card choice of rounds 1-15 (the hard bot's
    deepest searches: samples six rounds ahead), and per game its planned rounds: round 16's card choice, token
    and turn (``endgame.decide16``), round 17's decisions (``endgame.decide``)."""
    choices: list[float] = []
    round16: list[float] = []
    round17: list[float] = []
    for i in range(games):
        g = Record.new("k2", {"players": 1, "side": side, "weather": weather}, f"solo-{i}").replay()
        bot = make_bot(spec)
        spent = {16: 0.0, 17: 0.0}
        while not g.is_over() and g.round < 18:
            phase, round_ = g.phase, g.round
            t0 = time.perf_counter()
            action = bot.choose(g, 0, bot_rng(g, 0))
            ms = 1000 * (time.perf_counter() - t0)
            if round_ < 16 and phase == CHOOSE:
                choices.append(ms)
            elif round_ in (16, 17):
                spent[round_] += ms
            g.apply(action)
        round16.append(spent[16])
        round17.append(spent[17])
    return choices, round16, round17


def solo_scores(spec: str, side: str, weather: str, games: int) -> list[int]:
    scores = []
    for i in range(games):
        g = Record.new("k2", {"players": 1, "side": side, "weather": weather}, f"solo-{i}").replay()
        bot = make_bot(spec)
        while not g.is_over():
            g.apply(bot.choose(g, 0, bot_rng(g, 0)))
        scores.append(g.scores()[0])
    return scores


def solo_table(specs: list[str], games: int) -> None:
    print(f"Solo: median score and title over {games} seeded games per setting")
    print(f"{'bot':<12} {'side/set':<9} {'median':>6} {'mean':>6}  {'title of the median':<18} titles")
    for spec in specs:
        for side, weather in SOLO_SETTINGS:
            scores = solo_scores(spec, side, weather, games)
            med = statistics.median(scores)
            titles = Counter(solo_title(s, side, weather) for s in scores)
            spread = ", ".join(f"{t} {n}" for t, n in titles.most_common())
            print(f"{spec:<12} {side + '/' + weather:<9} {med:>6g} {statistics.mean(scores):>6.2f}  "
                  f"{solo_title(int(med), side, weather):<18} {spread}")


def main() -> None:
    print("K2 bot move time under CPython (ms per decision with a choice, seat 0 of 3-player games;")
    print("phase 1 = card choices, the decisions search weighs; other = risk tokens, turn steps, rescues)")
    print(f"{'bot':<12} {'p1 median':>10} {'p1 max':>8} {'other med':>10} {'other max':>10} {'iterations/s':>13}")
    for spec in BOT_SPECS:
        c, o, iters = bot_move_times(spec, moves=12 if spec.startswith("mcts") else 60)
        total = sum(c) + sum(o)
        rate = f"{1000 * iters / total:.0f}" if iters else "-"
        print(f"{spec:<12} {statistics.median(c) if c else 0:>10.2f} {max(c, default=0):>8.2f} "
              f"{statistics.median(o) if o else 0:>10.2f} {max(o, default=0):>10.2f} {rate:>13}")
    solo, round16, round17 = solo_choice_times("mcts:i30", games=2)
    print(f"{'mcts:i30':<12} solo H/WIN, rounds 1-15: phase 1 median {statistics.median(solo):.0f} ms, "
          f"mean {statistics.mean(solo):.0f} ms over {len(solo)} card choices; planned, per game: round 16 "
          f"{' / '.join(f'{t:.0f}' for t in round16)} ms, round 17 "
          f"{' / '.join(f'{t:.0f}' for t in round17)} ms")
    print()
    solo_table(["heuristic"], 10)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--solo", type=int, help="only the solo figures, over this many games per setting")
    parser.add_argument("--bots", default="heuristic")
    args = parser.parse_args()
    if args.solo:
        solo_table(args.bots.split(","), args.solo)
    else:
        main()

"""K2 solo: a bank of positions, played on (docs/bots.md, "Round 16's turn planned" and "Rounds 13–15 on the bank").

From round 16's start a hard bot's solo game has no time-budgeted search left (rounds 16 and 17 are planned,
round 18 has one choice per phase), so a game played on from there always ends the same way; with a fixed
number of samples (``mcts:i120``) the search is deterministic too. Two versions of the bot played on from the
same banked positions therefore meet the same games, free of the noise of the rounds before.

``python3 tests/bench/k2_solo_bank.py bank BANK.json --side H --weather WIN --games 240`` plays the seeded
games (the strength bench's seeds, ``solo-HWIN-0`` ...) with the hard bot at the page's budget to round 16's
start and saves, per game, its seed, its actions and where each round began.

``python3 tests/bench/k2_solo_bank.py play BANK.json --round 16 --out A.json [--against B.json]`` plays every
banked game on from the start of that round and prints how many reach "Alpinist" (K2-R42), the median and the
mean; with ``--against``, the games that crossed the line up and down against another run's results. With
``--told``, a diagnostic: the bot is told the game's future (its search samples the game itself, with the real
draw order, tokens and weather tiles, instead of samples of its seat's view), to measure what the hidden
cards cost it (docs/bots.md, "Three more probes").
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING

from strength_bench import HARD

from pygames.core.bots import bot_rng, make_bot
from pygames.core.registry import get_game
from pygames.k2.data import ALPINIST, SOLO_TITLES
from pygames.k2.game import CHOOSE, K2

if TYPE_CHECKING:
    from pygames.core.bots import Bot
    from pygames.core.rng import Rng

LAST_BANKED = 16  # the bank stops where the plan of the last rounds takes over


def _new(seed: str) -> K2:
    side, weather = seed.split("-")[1][0], seed.split("-")[1][1:]
    return get_game("k2").new({"players": 1, "side": side, "weather": weather}, seed)  # type: ignore[return-value]


def bank_one(task: tuple[str, str]) -> dict:
    """One seeded game played by ``bot`` to round 16's start: seed, actions, the action index of each round's
    start; a game over before then keeps its score."""
    seed, bot = task
    game = _new(seed)
    engine = make_bot(bot, clock=time.process_time)
    marks: dict[int, int] = {}
    while not game.is_over():
        if game.phase == CHOOSE and game.round not in marks:
            marks[game.round] = len(game.history)
            if game.round == LAST_BANKED:
                break
        game.apply(engine.choose(game, 0, bot_rng(game, 0)))
    return {"seed": seed, "history": [str(a) for a in game.history], "marks": marks,
            "score": game.scores()[0] if game.is_over() else None}


def told_choice(engine: Bot, game: K2, rng: Rng) -> str:
    """``engine``'s action on the whole game rather than on its seat's view, its samples copies of the game
    (``--told``)."""
    told = game.copy()
    told.determinize = lambda seat, rng: game.copy()  # type: ignore[method-assign]
    thinking = engine.think(told, 0, rng)
    while True:
        try:
            next(thinking)
        except StopIteration as stop:
            return str(stop.value)


def play_one(task: tuple[dict, int, str, bool]) -> dict:
    """A banked game played on by ``bot`` from the start of round ``start`` (``told``: told the future): its
    score and CPU seconds."""
    entry, start, bot, told = task
    game = _new(entry["seed"])
    upto = entry["marks"].get(str(start))
    if upto is None:  # over before that round
        return {"seed": entry["seed"], "score": entry["score"], "s": 0.0}
    for action in entry["history"][:upto]:
        game.apply(action)
    engine = make_bot(bot, clock=time.process_time)
    t = time.process_time()
    while not game.is_over():
        rng = bot_rng(game, 0)
        game.apply(told_choice(engine, game, rng) if told else engine.choose(game, 0, rng))
    return {"seed": entry["seed"], "score": game.scores()[0], "s": time.process_time() - t}


def alpinist(side: str, weather: str) -> int:
    """The lowest "Alpinist" score of a side and weather (K2-R42)."""
    return next(minimum for minimum, title in SOLO_TITLES[(side, weather)] if title == ALPINIST)


def line(seed: str) -> int:
    """The lowest "Alpinist" score of the game's side and weather."""
    return alpinist(seed.split("-")[1][0], seed.split("-")[1][1:])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=("bank", "play"))
    parser.add_argument("bank", help="the bank's file (written by bank, read by play)")
    parser.add_argument("--side", default="H")
    parser.add_argument("--weather", default="WIN")
    parser.add_argument("--games", type=int, default=240)
    parser.add_argument("--first", type=int, default=0, help="the first seed's number")
    parser.add_argument("--bot", default=HARD, help="default: the hard bot at the page's budget")
    parser.add_argument("--round", type=int, default=LAST_BANKED, help="play on from this round's start")
    parser.add_argument("--out", help="play: the results' file")
    parser.add_argument("--against", help="play: another run's results, compared game by game")
    parser.add_argument("--told", action="store_true", help="play: the bot told the game's future (a diagnostic)")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    with ProcessPoolExecutor(args.workers) as pool:
        if args.what == "bank":
            seeds = [f"solo-{args.side}{args.weather}-{g}" for g in range(args.first, args.first + args.games)]
            bank = list(pool.map(bank_one, [(seed, args.bot) for seed in seeds]))
            with open(args.bank, "w") as f:
                json.dump(bank, f)
            print(f"banked {len(bank)} games with {args.bot} ({sum(e['score'] is not None for e in bank)} over early)")
            return
        with open(args.bank) as f:
            bank = json.load(f)
        results = list(pool.map(play_one, [(entry, args.round, args.bot, args.told) for entry in bank]))
    if args.out:
        with open(args.out, "w") as f:
            json.dump(results, f)
    scores = [r["score"] for r in results]
    reached = sum(r["score"] >= line(r["seed"]) for r in results)
    told = ", told the future" if args.told else ""
    print(f"{args.bot}{told} from round {args.round}, {len(scores)} games: Alpinist or better in {reached}, "
          f"median {statistics.median(scores)}, mean {statistics.mean(scores):.2f}, "
          f"{statistics.mean(r['s'] for r in results):.2f} s a game")
    if args.against:
        with open(args.against) as f:
            other = {r["seed"]: r["score"] for r in json.load(f)}
        pairs = [(r["score"], other[r["seed"]], line(r["seed"])) for r in results if r["seed"] in other]
        print(f"against {args.against} ({len(pairs)} games): {sum(a >= m > b for a, b, m in pairs)} up, "
              f"{sum(b >= m > a for a, b, m in pairs)} down; {sum(a > b for a, b, _ in pairs)} better, "
              f"{sum(a < b for a, b, _ in pairs)} worse")


if __name__ == "__main__":
    main()

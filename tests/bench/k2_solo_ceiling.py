"""K2 solo's ceiling: the score a player reaches who knows each seeded game's whole future (docs/bots.md, "The
ceiling: a player who knows the future").

A solo game's chance is all drawn from its seed (K2-R10): the weather tiles, the risk tokens and every
reshuffle of the deck (K2-R37 shuffles the whole deck in deck order, so the order it gives does not depend on
the player's choices). Told the real game, a player faces a deterministic puzzle. This bench plays the strength
bench's K2 solo seeds (``solo-ESUM-<n>`` and ``solo-HWIN-<n>``, ``strength_bench.py``'s ``k2_solo``) with a
full-information planner and prints, per side, the median, the mean, the K2-R42 titles reached and each game's
score.

The planner never applies a rule of its own: every state is the engine's (``K2.copy``), every step an action
the engine checks and applies; it only chooses which. It plays a round as one step: a card choice (every legal
one, K2-A1), a risk token (one face-up slot per value, K2-A2) and a turn, the turns offered being those the hard
bot's sharp view rates best with distinct ends (as ``turns.turns16`` offers them, here more of them). It is a
rollout algorithm over the real game (a "pilot method"):

1. the incumbent: the game played by the hard bot's sharp view alone (``choose_action`` in ``SHARP``, no search),
   told the future only in that it plays the real game;
2. walking along the incumbent's rounds, at each round's start every round-step is tried; the ``width`` best by
   the sharp view's estimate of the position after its night (``team_estimate``) are each played on to the end
   by the sharp view (round 18 by the best of every round-step offered there, whose score the engine gives) and
   the incumbent is replaced by the best game found (ties: the better estimate after the round);
3. passes over the rounds repeat, wider, until the game's time limit; within a pass each round gets its share of
   the time left (a pass cut short still reaches the last rounds).

Each game's score is that of a real game: its actions are replayed on a fresh game from the seed and checked by
the engine. So the figures are a lower bound of the true ceiling (what a perfect full-information player
reaches): at least this much is reachable with full information.

``python3 tests/bench/k2_solo_ceiling.py --games 40 --seconds 15`` (defaults: 40 seeds per side, E/SUM and
H/WIN, 15 s a game of wall-clock time, one process; ``--workers N`` or ``K2_CEILING_WORKERS`` for more).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # this checkout's engine

from pygames.core.errors import RuleError  # noqa: E402
from pygames.core.registry import get_game  # noqa: E402
from pygames.k2.actions import K2Action, Take  # noqa: E402
from pygames.k2.board import CHOOSE, TAKE, solo_title  # noqa: E402
from pygames.k2.data import ALPINIST, HIMALAYAN, ROUNDS, SOLO_TITLES  # noqa: E402
from pygames.k2.game import K2  # noqa: E402
from pygames.k2.strategy import SHARP, choose_action  # noqa: E402
from pygames.k2.strategy.search import team_estimate  # noqa: E402
from pygames.k2.strategy.turns import turn_steps as planned_steps  # noqa: E402
from pygames.k2.strategy.turns import turns16  # noqa: E402

SIDES = (("E", "SUM"), ("H", "WIN"))  # the strength bench's K2 solo rows
HARD_MEDIANS = {("E", "SUM"): 16, ("H", "WIN"): 14}  # docs/bots.md, "K2 solo" (2026-11-28, 40 games a row)
SEAT = 0

# How a round's turns are offered: the sharp view's best ``TURNS`` turns with distinct ends, from each climber's
# ``ENDS`` best ends per way of playing the cards (``turns.turns16`` offers 12 from 4); the last round more.
TURNS, ENDS = 3, 3
TURNS_LAST, ENDS_LAST = 12, 6
FIRST_WIDTH = 6  # round-steps played on per round in the first pass; each later pass doubles it


def new_game(side: str, weather: str, seed: str) -> K2:
    """The seeded solo game (as ``strength_bench.play_solo`` makes it)."""
    return get_game("k2").new({"players": 1, "side": side, "weather": weather}, seed)  # type: ignore[return-value]


def seed_name(side: str, weather: str, n: int) -> str:
    """The strength bench's seed of K2 solo game ``n`` (``strength_bench.k2_solo``)."""
    return f"solo-{side}{weather}-{n}"


# -- a round's steps -------------------------------------------------------------------------------------------

Turn = tuple[float, list[tuple[str, str, str]], dict, dict[str, tuple[tuple[str, ...], bool]]]


def best_turns(game: K2, turns: int, ends: int) -> list[Turn]:
    """The sharp view's ``turns`` best turns from the start of phase 3 with distinct ends (each climber's space,
    tent and level), each climber's ``ends`` best ends (``turns.turns16``, wider)."""
    return turns16(game, SEAT, turns, ends, by_level=True)


def turn_steps(game: K2, turn: Turn) -> list[K2Action]:
    """A turn's actions in order (``turns.turn_steps``): cards, points on levels, moves, tents, the end."""
    return planned_steps(game, SEAT, turn)


def round_steps(game: K2, turns: int = TURNS, ends: int = ENDS) -> list[K2]:
    """Every round-step from a round's start: each card choice, each token value, each of the turns offered,
    applied by the engine (a turn it refuses is left out); the positions at the next round's start (or over),
    one per distinct position."""
    out: dict[tuple, K2] = {}
    choices: list = (game.legal_actions(SEAT) or []) if game.phase == CHOOSE else [None]  # a forced hand: none
    for choice in choices:
        chosen = game.copy()
        if choice is not None:
            chosen.apply(choice)
        takes: list = [None]
        if chosen.phase == TAKE:
            values: set[int] = set()
            takes = []
            for i, v in enumerate(chosen.risk_faceup):
                if v is not None and v not in values:
                    values.add(v)
                    takes.append(Take(SEAT, i + 1))
        for take in takes:
            taken = chosen.copy()
            if take is not None:
                taken.apply(take)
            for turn in best_turns(taken, turns, ends):
                after = taken.copy()
                try:
                    for step in turn_steps(taken, turn):
                        after.apply(step)
                except RuleError:
                    continue
                out.setdefault(position_key(after), after)
    return list(out.values())


def position_key(game: K2) -> tuple:
    """What decides the rest of a game between rounds (the draw pile, the face-down tokens and the generator are
    the same for every line of play at the same round): the climbers, the hand, the face-up tokens."""
    team = tuple((c, cl["space"], cl["level"], cl["vp"], cl["tent"], cl["alive"])
                 for c, cl in sorted(game.climbers[SEAT].items()))
    return game.round, game.phase, team, tuple(game.hands[SEAT]), tuple(game.risk_faceup)


def estimate(game: K2) -> float:
    """The sharp view's estimate of a position between rounds; a game over, its score (above any estimate)."""
    if game.is_over():
        return 100.0 + game.scores()[SEAT]
    return team_estimate(game, SEAT, SHARP)


def spread(kids: list[K2]) -> list[K2]:
    """``kids`` (best first) reordered so that the best of each distinct placing of the climbers (space, level,
    VP, tent) comes first, then the others: the width covers different turns before different hands."""
    seen: set[tuple] = set()
    first, rest = [], []
    for kid in kids:
        placing = position_key(kid)[2]
        (rest if placing in seen else first).append(kid)
        seen.add(placing)
    return first + rest


# -- the planner ---------------------------------------------------------------------------------------------


class Planner:
    """The rollout algorithm of the module's docstring on one seeded game, with a time limit."""

    def __init__(self, game: K2, seconds: float) -> None:
        self.start = game
        self.deadline = time.perf_counter() + seconds
        self.played: dict[tuple, tuple[int, K2, list[K2]]] = {}  # playouts by position (a cache only)
        self.playouts = 0

    def out_of_time(self) -> bool:
        return time.perf_counter() > self.deadline

    def play_on(self, game: K2) -> tuple[int, K2, list[K2]]:
        """``game`` played to the end by the sharp view (round 18: the best round-step offered): the score, the
        final game and the positions at each round's start on the way (``game`` first)."""
        key = position_key(game)
        found = self.played.get(key)
        if found is not None:
            return found
        self.playouts += 1
        g = game.copy()
        starts = [game]
        while not g.is_over():
            if g.round == ROUNDS and g.phase in (CHOOSE, TAKE) and len(g.on_board(SEAT)) == 2:
                finals = round_steps(g, TURNS_LAST, ENDS_LAST)
                while not g.is_over():  # the sharp view's own round 18, among them
                    g.apply(choose_action(g, SEAT, SHARP))  # type: ignore[arg-type]
                finals.append(g)
                g = max(finals, key=lambda f: f.scores()[SEAT])
                break
            round_before = g.round
            g.apply(choose_action(g, SEAT, SHARP))  # type: ignore[arg-type]
            if not g.is_over() and g.round != round_before:
                starts.append(g.copy())
        found = self.played[key] = (g.scores()[SEAT], g, starts)
        return found

    def improve(self, line: tuple[int, K2, list[K2]], width: int) -> tuple[int, K2, list[K2]]:
        """One pass over the incumbent ``line``'s rounds: at each round's start, its ``width`` best round-steps
        (by ``estimate``) played on; the best game found becomes the incumbent."""
        r = 0
        while r < len(line[2]):
            if self.out_of_time():
                break
            here = line[2][r]
            if here.is_over():
                break
            # each round its share of the time left, so that a pass cut short still reaches the last rounds
            now = time.perf_counter()
            round_end = now + (self.deadline - now) / (len(line[2]) - r)
            kids = round_steps(here)
            if here.round == ROUNDS:  # the last round: every round-step offered is a final game
                kids += round_steps(here, TURNS_LAST, ENDS_LAST)
            kids = spread(sorted(kids, key=estimate, reverse=True))
            best = line
            best_key = (line[0], estimate(line[2][r + 1]) if r + 1 < len(line[2]) else estimate(line[1]))
            for kid in kids[:width]:
                if time.perf_counter() > round_end:
                    break
                score, final, starts = self.play_on(kid)
                key = (score, estimate(kid))
                if key > best_key:
                    best, best_key = (score, final, line[2][:r + 1] + starts), key
            line = best
            r += 1
        return line

    def run(self) -> dict:
        """The incumbent improved pass after pass until the time limit: its score and actions, the sharp view's
        own score (the first incumbent), the passes made."""
        line = self.play_on(self.start)
        sharp = line[0]
        width, passes = FIRST_WIDTH, 0
        while not self.out_of_time():
            before = line[0]
            line = self.improve(line, width)
            passes += 1
            width *= 2
            if line[0] == before and width > 64:
                break
        return {"score": line[0], "sharp": sharp, "passes": passes, "playouts": self.playouts,
                "history": list(line[1].history)}


def replayed_score(side: str, weather: str, seed: str, history: list[str]) -> int:
    """The score of ``history`` replayed on a fresh game from the seed, every action checked by the engine."""
    game = new_game(side, weather, seed)
    for action in history:
        game.apply(action)
    if not game.is_over():
        raise RuleError(f"{seed}: the replayed game is not over")
    return game.scores()[SEAT]


def play_one(task: tuple[str, str, int, float]) -> dict:
    """One seeded game planned with full information: its seed, score (checked by a replay), title, the sharp
    view's own score, wall-clock and CPU seconds."""
    side, weather, n, seconds = task
    seed = seed_name(side, weather, n)
    t, cpu = time.perf_counter(), time.process_time()
    found = Planner(new_game(side, weather, seed), seconds).run()
    score = replayed_score(side, weather, seed, found["history"])
    assert score == found["score"], (seed, score, found["score"])
    return {"side": side, "weather": weather, "seed": seed, "score": score,
            "title": solo_title(score, side, weather), "sharp": found["sharp"], "passes": found["passes"],
            "playouts": found["playouts"], "s": time.perf_counter() - t, "cpu": time.process_time() - cpu,
            "history": found["history"]}


def lowest(side: str, weather: str, title: str) -> int:
    """The lowest score of a K2-R42 title on a side and weather."""
    return next(minimum for minimum, name in SOLO_TITLES[(side, weather)] if name == title)


def report(side: str, weather: str, results: list[dict]) -> None:
    scores = [r["score"] for r in results]
    n = len(scores)
    median = statistics.median(scores)
    top, alp = lowest(side, weather, HIMALAYAN), lowest(side, weather, ALPINIST)
    hard = HARD_MEDIANS[(side, weather)]
    print(f"\n{side}/{weather}, {n} games (seeds {results[0]['seed']} .. {results[-1]['seed']}): a lower bound of the "
          f"ceiling (at least this much is reachable with full information)")
    print(f"  median {median:g} ({solo_title(int(median), side, weather)}), mean {statistics.mean(scores):.2f}, "
          f"scores {min(scores)}-{max(scores)}")
    print(f"  Himalayan climber ({top}+) in {sum(s >= top for s in scores)}/{n}, Alpinist or better ({alp}+) in "
          f"{sum(s >= alp for s in scores)}/{n}")
    print(f"  the hard bot (docs/bots.md, 2026-11-28, not run here): median {hard}; gap {median - hard:+g}")
    sharp = [r["sharp"] for r in results]
    print(f"  the sharp view alone on the real game (the first incumbent): median {statistics.median(sharp):g}, "
          f"mean {statistics.mean(sharp):.2f}")
    wall, cpu = statistics.mean(r["s"] for r in results), statistics.mean(r["cpu"] for r in results)
    print(f"  {wall:.1f} s a game (wall clock), {cpu:.1f} s CPU, {statistics.mean(r['passes'] for r in results):.1f} "
          f"passes, {statistics.mean(r['playouts'] for r in results):.0f} playouts")
    print("  per game: " + ", ".join(f"{r['seed'].rsplit('-', 1)[1]}:{r['score']}" for r in results))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40, help="seeds per side (strength_bench's STRENGTH_SOLO: 40)")
    parser.add_argument("--first", type=int, default=0, help="the first seed's number")
    parser.add_argument("--seconds", type=float, default=15.0, help="wall-clock time limit per game")
    parser.add_argument("--sides", default="ESUM,HWIN", help="e.g. ESUM or ESUM,HWIN")
    parser.add_argument("--workers", type=int, default=int(os.environ.get("K2_CEILING_WORKERS", "1")),
                        help="processes (default 1, or K2_CEILING_WORKERS)")
    parser.add_argument("--out", help="a JSON file for every game's result and actions")
    args = parser.parse_args()
    sides = [s for s in SIDES if f"{s[0]}{s[1]}" in args.sides.split(",")]
    t0 = time.perf_counter()
    print(f"K2 solo ceiling: {args.games} seeds per side from {args.first}, {args.seconds:g} s a game, "
          f"{args.workers} process(es)", flush=True)
    everything = []
    for side, weather in sides:
        tasks = [(side, weather, n, args.seconds) for n in range(args.first, args.first + args.games)]
        if args.workers > 1:
            with ProcessPoolExecutor(args.workers) as pool:
                results = list(pool.map(play_one, tasks))
        else:
            results = []
            for task in tasks:
                results.append(play_one(task))
                r = results[-1]
                print(f"  {r['seed']}: {r['score']} ({r['title']}), sharp view alone {r['sharp']}, "
                      f"{r['s']:.1f} s", flush=True)
        report(side, weather, results)
        everything += results
    print(f"\n{time.perf_counter() - t0:.0f} s in all", flush=True)
    if args.out:
        with open(args.out, "w") as f:
            json.dump(everything, f)


if __name__ == "__main__":
    main()

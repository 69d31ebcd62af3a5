"""How strong each bot strength is, in every game, at the page's hard-bot budget.

The page's hard bot (``mcts``) searches ``SEARCH_BUDGET_MS`` per decision (web/app/shell/model/players.py)
in Pyodide, which runs our engines ``SLOWDOWN`` times slower than CPython (``strength_page_bench.py``
measures it as the ratio of search iterations per decision; ``page_bench.py`` times the engines). So
this bench gives the hard bot ``SEARCH_BUDGET_MS / SLOWDOWN`` of CPython time: the search it plays
in the page. Budgets and think times count each process's CPU time (``simulate(cpu_clock=True)``), so
a loaded machine gives the search the work a quiet one would. For every game it plays seeded series
with the bots' seats rotating:

* two players: hard vs medium, hard vs random, medium vs random, easy vs random and medium vs easy;
  3-5 players (``MULTI``): one hard bot against medium bots in every other seat (the target: twice the
  even share). Each row: wins (a tie counts half), win %, the 95 % Wilson interval and mean ms per
  decision of each bot;
* K2 solo: the median score and its K2-R42 title of the hard and the medium bot on E/SUM and H/WIN;
* Blokus 3D solitaire: the solver's success and time per cube size (3³ / 4³ / 5³), beside the hard
  and medium bots' success rate and time per game.

Run with ``python3 build.py bench`` (all benches) or alone with
``python3 -c 'import runpy; runpy.run_path("tests/bench/strength_bench.py", run_name="__main__")'``.
Environment: ``STRENGTH_GAMES`` games per pairing (200, the issue's figure; each series is split over
``STRENGTH_WORKERS`` processes, default one per core), ``STRENGTH_SOLO`` games per K2 solo and
Blokus solitaire row (40), ``STRENGTH_SLOWDOWN`` (1.4), ``STRENGTH_GAMES_ONLY`` (e.g. ``k3,k2``) and
``STRENGTH_PAIRS_ONLY`` (e.g. ``hard-medium``), ``STRENGTH_PLAYERS_ONLY`` (e.g. ``3,5``; ``1``: the solo
and solitaire rows); ``STRENGTH_HARD`` replaces the hard bot's time budget by
a fixed search (``mcts:i1000``: the same figures on any machine, at any load); ``STRENGTH_SEED`` the seeds'
prefix (``strength``; another plays other games of the same rows, e.g. to check a figure near its target on
seeds it was not tuned on). A time budget makes the
figures depend on the machine's speed and load: run it on a quiet machine.
"""

from __future__ import annotations

import math
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# this checkout's engines, not those of whichever checkout is installed in editable mode (a bench run from a
# second worktree would otherwise measure the first one's bots)
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "web" / "app"))

from shell.model.players import SEARCH_BUDGET_MS  # noqa: E402

from pygames.__main__ import simulate  # noqa: E402
from pygames.core.bots import bot_rng, make_bot  # noqa: E402
from pygames.core.registry import get_game  # noqa: E402

GAMES = int(os.environ.get("STRENGTH_GAMES", "200"))
SOLO = int(os.environ.get("STRENGTH_SOLO", "40"))
# the search iterations per second CPython / Pyodide, as strength_page_bench.py measured them (2026-11-24:
# K3 1.44, Matterhorn 1.34, Blokus 3D 1.38, K2 1.31)
SLOWDOWN = float(os.environ.get("STRENGTH_SLOWDOWN", "1.4"))
WORKERS = int(os.environ.get("STRENGTH_WORKERS", str(os.cpu_count() or 1)))
NAMES = tuple(os.environ.get("STRENGTH_GAMES_ONLY", "k3,matterhorn,blokus3d,k2").split(","))
# STRENGTH_HARD (e.g. ``mcts:i1000``, the iterations the budget buys on a quiet machine) gives figures that
# do not depend on the machine's load
HARD = os.environ.get("STRENGTH_HARD") or f"mcts:{SEARCH_BUDGET_MS / SLOWDOWN:.0f}"
STRENGTHS = {"hard": HARD, "medium": "heuristic", "easy": "easy", "random": "random"}
PAIRS = tuple(p for p in ("hard-medium", "hard-random", "medium-random", "easy-random", "medium-easy")
              if p in os.environ.get("STRENGTH_PAIRS_ONLY", p))
# the player counts above two where the hard bot also plays against medium bots only (its win
# share should reach twice the even share); STRENGTH_MULTI=0 leaves them out
MULTI = {"k3": (3, 4), "matterhorn": (3, 4), "blokus3d": (3, 4), "k2": (3, 4, 5)}
if os.environ.get("STRENGTH_MULTI") == "0":
    MULTI = {}
SEED = os.environ.get("STRENGTH_SEED", "strength")
# STRENGTH_PLAYERS_ONLY (e.g. ``3`` or ``3,5``; ``1`` for K2 solo and Blokus 3D solitaire): only those rows
PLAYERS_ONLY = {int(n) for n in os.environ.get("STRENGTH_PLAYERS_ONLY", "1,2,3,4,5").split(",")}
# the targets (two players, docs/bots.md): the first bot's win share
TARGETS = {"hard-medium": 0.70, "hard-random": 0.95, "medium-random": 0.90}


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win share."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _series(task: tuple[str, int, list[str], int, int]) -> dict:
    name, players, bots, first, games = task
    seed = f"{SEED}-{name}" + (f"-{players}" if players > 2 else "")
    report = simulate(name, players, games, seed, bots, rotate=True, first=first, cpu_clock=True)
    return report["summary"]


def pairing(pool: ProcessPoolExecutor, name: str, pair: str, players: int = 2) -> dict:
    """The first bot in one seat against the second in every other seat, seats rotating each game."""
    a, b = (STRENGTHS[s] for s in pair.split("-"))
    bots = [a] + [b] * (players - 1)
    chunk = max(1, math.ceil(GAMES / (WORKERS * 4)))
    tasks = [(name, players, bots, i, min(chunk, GAMES - i)) for i in range(0, GAMES, chunk)]
    wins = {a: 0.0, b: 0.0}
    ms = {a: 0.0, b: 0.0}
    decisions = {a: 0, b: 0}
    for summary in pool.map(_series, tasks):
        for bot in (a, b):
            wins[bot] += summary["wins_per_bot"].get(bot, 0.0)
            n = summary["decisions_per_bot"].get(bot, 0)
            if n:
                ms[bot] += summary["mean_move_ms"][bot] * n
                decisions[bot] += n
    low, high = wilson(wins[a], GAMES)
    return {"wins": wins[a], "losses": wins[b], "share": wins[a] / GAMES, "low": low, "high": high,
            "ms": [ms[a] / max(1, decisions[a]), ms[b] / max(1, decisions[b])]}


def play_solo(task: tuple[str, dict, str, str]) -> tuple[dict, float, int]:
    """One solo / solitaire game of a bot: its result, seconds and decisions."""
    name, options, seed, bot = task
    game = get_game(name).new({"players": 1, **options}, seed)
    engine = make_bot(bot, clock=time.process_time) if bot.startswith("mcts") else make_bot(bot)
    start, decisions = time.process_time(), 0
    while not game.is_over():
        game.apply(engine.choose(game, 0, bot_rng(game, 0)))
        decisions += 1
    result = game.result()
    return result.as_dict() if result else {}, time.process_time() - start, decisions


def strength_table(pool: ProcessPoolExecutor) -> list[str]:
    lines = [f"{'game':<11} {'bots (first vs the others)':<26} {'wins':>13} {'win %':>6} {'95 % interval':>14} "
             f"{'ms/decision':>17} {'target':>7}"]
    rows = [(name, pair, 2) for name in NAMES for pair in PAIRS]
    rows += [(name, "hard-medium", n) for name in NAMES for n in MULTI.get(name, ()) if "hard-medium" in PAIRS]
    rows = [row for row in rows if row[2] in PLAYERS_ONLY]
    for name, pair, players in rows:
        t0 = time.perf_counter()
        r = pairing(pool, name, pair, players)
        # 2 players: the win share; 3-5 players: twice the even share (1 / players) against mediums
        target = TARGETS.get(pair) if players == 2 else min(1.0, 2.0 / players)
        verdict = "" if target is None else ("met" if r["share"] >= target else f"<{target:.0%}")
        first, second = pair.split("-")
        label = f"{first} vs {second}" + (f" ×{players - 1}" if players > 2 else "")
        lines.append(
            f"{name:<11} {label:<26} {r['wins']:>6g}–{r['losses']:<6g} {100 * r['share']:>5.1f}"
            f" {100 * r['low']:>6.1f}–{100 * r['high']:<6.1f} {r['ms'][0]:>8.1f} /{r['ms'][1]:>7.2f} "
            f"{verdict:>7}   ({time.perf_counter() - t0:.0f} s)")
        print(lines[-1], flush=True)
    return lines


def k2_solo(pool: ProcessPoolExecutor) -> None:
    print(f"\nK2 solo (K2-R42), {SOLO} seeded games per row: median score and its title; Alpinist is the target")
    for side, weather in (("E", "SUM"), ("H", "WIN")):
        for strength in ("hard", "medium"):
            tasks = [("k2", {"side": side, "weather": weather}, f"solo-{side}{weather}-{g}", STRENGTHS[strength])
                     for g in range(SOLO)]
            results = list(pool.map(play_solo, tasks))
            scores = sorted(r[0]["scores"][0] for r in results)
            median = statistics.median(scores)
            from pygames.k2.game import solo_title

            titles = [r[0]["title"] for r in results]
            alpinist = sum(t in ("Alpinist", "Himalayan climber") for t in titles)
            print(f"  {side}/{weather} {strength:<7} median {median:>4g} ({solo_title(int(median), side, weather)}), "
                  f"Alpinist or better in {alpinist}/{SOLO}, mean {statistics.mean(scores):.2f}, "
                  f"scores {scores[0]}–{scores[-1]}, "
                  f"{1000 * statistics.mean(r[1] / max(1, r[2]) for r in results):.0f} ms/decision", flush=True)


def blokus_solitaire(pool: ProcessPoolExecutor) -> None:
    from pygames.blokus3d.solver import count_buildable, solve

    print(f"\nBlokus 3D solitaire (B3D-R23): the solver, and the bots over {SOLO} seeded games per size")
    for n, colours in ((3, "B"), (4, "BY"), (5, "BYRG")):
        t0 = time.perf_counter()
        built = solve(n, colours, timeout=60)
        line = f"  {n}³ {colours:<5} solver: {'solved' if built else 'no build'} in {time.perf_counter() - t0:.2f} s"
        if n == 3:
            t0 = time.perf_counter()
            sets = count_buildable()
            line += (f"; the 14 one-colour 27-cube sets: {sum(sets.values())} buildable, all decided in "
                     f"{time.perf_counter() - t0:.1f} s")
        print(line, flush=True)
        for strength in ("hard", "medium"):
            tasks = [("blokus3d", {"size": n, "colours": colours}, f"solitaire-{n}-{g}", STRENGTHS[strength])
                     for g in range(SOLO)]
            results = list(pool.map(play_solo, tasks))
            solved = sum(bool(r[0].get("solved")) for r in results)
            print(f"     {strength:<7} solved {solved}/{SOLO} ({100 * solved / SOLO:.0f} %), "
                  f"{statistics.mean(r[1] for r in results):.2f} s per game", flush=True)


def main() -> int:
    budget = ("set by STRENGTH_HARD" if os.environ.get("STRENGTH_HARD") else
              f"the page's {SEARCH_BUDGET_MS:.0f} ms / Pyodide slowdown {SLOWDOWN}")
    print(f"Bot strength: hard = {HARD} ({budget}), medium = heuristic, easy = heuristic with noise, "
          "random = uniform legal moves.\n"
          f"{GAMES} seeded games per row, seats rotating, {WORKERS} processes; budgets and times are each "
          "process's CPU time (the same search on a loaded machine as on a quiet one).\n", flush=True)
    with ProcessPoolExecutor(WORKERS) as pool:
        strength_table(pool)
        if "k2" in NAMES and 1 in PLAYERS_ONLY:
            k2_solo(pool)
        if "blokus3d" in NAMES and 1 in PLAYERS_ONLY:
            blokus_solitaire(pool)
    return 0


if __name__ == "__main__":
    sys.exit(main())

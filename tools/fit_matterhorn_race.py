"""Measure the Matterhorn race tables of the hard bot (``pygames/matterhorn/race_data.py``) from play.

    .venv/bin/python tools/fit_matterhorn_race.py [GAMES]      (default 1500 games per player count)

Plays seeded games of medium bots (the heuristic) at 2, 3 and 4 players and records, at the start of
every turn, how many actions the player to move still needs (``race.need``: the cheapest way up for
both climbers). From these it counts, per player count:

* ``FINISH[a]``: the share of turns begun needing ``a`` actions that won the game;
* ``GAIN``: the distribution of how much the need drops from one of a player's turns to their next
  (rivals' pushes and obstacles included), over turns that did not win.

It rewrites ``race_data.py`` with these tables (the same seeds give the same tables).
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pygames.core.bots import HeuristicBot, bot_rng  # noqa: E402
from pygames.matterhorn.game import SETUP, Matterhorn  # noqa: E402
from pygames.matterhorn.race import need  # noqa: E402

OUT = ROOT / "pygames" / "matterhorn" / "race_data.py"
TOP = 40  # needs above this are read as TOP (a rope team at the start needs 16)
PRIOR = 2.0  # pseudo-turns pulling a thin FINISH count towards its neighbour's share


def measure(players: int, games: int) -> tuple[list[float], list[tuple[int, float]]]:
    """(FINISH by need, GAIN as (gain, chance) pairs) from ``games`` medium-bot games."""
    bot = HeuristicBot()
    finished: Counter[int] = Counter()
    begun: Counter[int] = Counter()
    gains: Counter[int] = Counter()

    def play(game: Matterhorn) -> None:
        seat = game.to_move()[0]
        game.apply(bot.choose(game, seat, bot_rng(game, seat)))

    for n in range(games):
        game = Matterhorn.new({"players": players}, f"race-{players}-{n}")
        while game.phase == SETUP:
            play(game)
        last: dict[int, int] = {}
        while not game.is_over():
            seat, turn = game.current, game.turn
            a = min(TOP, need(game, seat))
            if seat in last:
                gains[last[seat] - a] += 1
            last[seat] = a
            while not game.is_over() and game.turn == turn:
                play(game)
            begun[a] += 1
            finished[a] += game.is_over()
    finish = [1.0]
    for a in range(1, TOP + 1):
        share = (finished[a] + PRIOR * finish[-1]) / (begun[a] + PRIOR)
        finish.append(min(finish[-1], share))  # needing more never makes finishing likelier
    total = sum(gains.values())
    return finish, [(g, gains[g] / total) for g in sorted(gains)]


def wrapped(items: list[str], indent: str = "        ") -> list[str]:
    """Items joined by commas in lines of at most 120 characters."""
    lines, line = [], indent
    for item in items:
        if len(line) + len(item) + 2 > 120:
            lines.append(line.rstrip())
            line = indent
        line += item + ", "
    lines.append(line.rstrip())
    return lines


def main() -> int:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1500
    lines = [
        '"""Matterhorn race tables for the hard bot, measured by ``tools/fit_matterhorn_race.py``',
        f"({games} medium-bot games per player count).",
        "",
        f"FINISH[players][a]: the chance that a turn begun needing ``a`` actions wins the game (a <= {TOP}).",
        "GAIN[players]: (g, chance) pairs, how much a player's need drops from one of their turns to the next",
        'when it does not win.\n"""',
        "",
        "from __future__ import annotations",
        "",
        "FINISH: dict[int, tuple[float, ...]] = {",
    ]
    gain_lines = ["GAIN: dict[int, tuple[tuple[int, float], ...]] = {"]
    for players in (2, 3, 4):
        finish, gain = measure(players, games)
        lines += [f"    {players}: (", *wrapped([f"{f:.4f}" for f in finish]), "    ),"]
        gain_lines += [f"    {players}: (", *wrapped([f"({g}, {p:.5f})" for g, p in gain]), "    ),"]
        print(f"{players} players: finish {[round(f, 3) for f in finish[:10]]}, "
              f"mean gain {sum(g * p for g, p in gain):.2f}", flush=True)
    lines.append("}")
    gain_lines.append("}")
    OUT.write_text("\n".join(lines + [""] + gain_lines) + "\n", encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

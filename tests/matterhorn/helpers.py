"""Position builders for Matterhorn tests (spec docs/rules/matterhorn.md).

A position is built by creating a real game with ``Matterhorn.new`` and assigning its state fields;
``Dice`` replaces the seeded generator with scripted faces so that worked examples can name their rolls.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from refusals import assert_refused, snapshot  # noqa: F401 (re-exported for the tests)

from pygames.matterhorn.data import TOKENS, Pos
from pygames.matterhorn.game import ACT, DECIDE, Matterhorn

Spot = Pos | str


class Dice:
    """Scripted dice: ``below(6)`` returns the next listed face minus one."""

    def __init__(self, faces: Iterable[int]) -> None:
        self.faces = list(faces)

    def below(self, n: int) -> int:
        assert n == 6, "Matterhorn draws only dice from its generator after setup"
        return self.faces.pop(0) - 1

    def copy(self) -> Dice:
        return Dice(self.faces)


def position(
    players: int = 2,
    *,
    climbers: Sequence[Sequence[Spot]] | None = None,
    obstacles: Iterable[Pos] = (),
    tokens: Iterable[Pos] = (),
    pool: int | None = None,
    phase: str = DECIDE,
    current: int = 0,
    roll: Sequence[int] | None = None,
    in_play: int = 5,
    aside: Sequence[int] = (),
    rows_used: Iterable[int] | None = None,
    actions_left: int | None = None,
    hard: bool = False,
    dice: Iterable[int] = (),
    seed: str = "helpers",
) -> Matterhorn:
    """A game in the middle of ``current``'s turn (setup done, history empty).

    ``climbers[s]`` lists seat s's two spots (circles or "S"); ``tokens`` are this turn's action tokens
    (their rows are the rows used unless ``rows_used`` says otherwise); ``pool`` defaults to what
    token conservation leaves; ``dice`` scripts the coming rolls.
    """
    g = Matterhorn.new({"players": players, "hard": hard}, seed)
    g.board = {}
    teams = [list(t) for t in (climbers or [[(12, 2 * s), (12, 2 * s + 1)] for s in range(players)])]
    g.climbers = teams
    for seat, team in enumerate(teams):
        for spot in team:
            if spot != "S":
                g.board[spot] = seat  # type: ignore[index]
    for c in obstacles:
        g.board[c] = "o"
    tokens = list(tokens)
    for c in tokens:
        g.board[c] = "a"
    g.turn_tokens = tokens
    g.rows_used = list(rows_used) if rows_used is not None else [c[0] for c in tokens]
    placed = sum(1 for v in g.board.values() if isinstance(v, str))
    g.pool = TOKENS - placed if pool is None else pool
    g.placed = players
    g.phase = phase
    g.current = current
    g.turn = 1
    g.roll = None if roll is None else list(roll)
    g.in_play = in_play
    g.aside = list(aside)
    g.actions_left = actions_left if actions_left is not None else (len(tokens) if phase == ACT else 0)
    g.winner = None
    g.dice_rng = Dice(dice)  # type: ignore[assignment]
    return g


def start_turn(g: Matterhorn, seat: int, dice: Iterable[int]) -> Matterhorn:
    """Start ``seat``'s turn with the scripted faces (the compulsory first roll uses the first ones)."""
    g.dice_rng = Dice(dice)  # type: ignore[assignment]
    g._start_turn(seat)
    return g


def legal_texts(g: Matterhorn) -> list[str]:
    return [str(a) for a in g.legal_actions() or []]


def token_count(g: Matterhorn) -> int:
    """Tokens on the board (either side up) plus the pool: always 40 (MH-R3)."""
    return g.pool + sum(1 for v in g.board.values() if isinstance(v, str))

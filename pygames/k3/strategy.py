"""K3 heuristics for bots and the "auto-arrange" button. No rules live here."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ..core.bots import Strategy, greedy_action
from ..core.rng import Rng
from .actions import Arrange, K3Action
from .data import COLOURS, NATURAL, WHITE

if TYPE_CHECKING:
    from .game import K3


def auto_arrange(game: K3, seat: int, rng: Rng) -> str:
    """A sensible arrangement: varied colours near the top, naturals and whites in reserve rows.

    Positions are filled from the apex down (the order in which they become accessible). Colours
    are dealt round-robin so each upper row offers several colours, favouring colours that are
    common on the base camp; naturals and whites go to the middle rows, reachable when needed.
    """
    from .game import pyramid_positions

    base = game.base
    pawns = list(game.dealt[seat])
    base_counts = {c: 0 for c in COLOURS}
    for (r, _), k in game.mountain.items():
        if r == 0 and k in base_counts:
            base_counts[k] += 1
    by_colour = {c: [p for p in pawns if p == c] for c in COLOURS}
    order = sorted(COLOURS, key=lambda c: (-base_counts[c], -len(by_colour[c]), rng.random()))
    colour_stream: list[str] = []
    while any(by_colour.values()):
        for c in order:
            if by_colour[c]:
                colour_stream.append(by_colour[c].pop())
    specials = [p for p in pawns if p in (NATURAL, WHITE)]
    positions = sorted(pyramid_positions(base), key=lambda p: (-p[0], p[1]))  # apex first
    # reserve rows for specials: about a third of the way down the pyramid
    reserve_row = max(0, base - 1 - max(2, base // 2))
    reserve = [p for p in positions if p[0] == reserve_row]
    reserve += [p for p in positions if p[0] == reserve_row - 1]
    placed: dict[tuple[int, int], str] = {}
    for pos, kind in zip(reserve, specials, strict=False):
        placed[pos] = kind
    leftover_specials = specials[len(placed):]
    stream = iter(colour_stream + leftover_specials)
    for pos in positions:
        if pos not in placed:
            placed[pos] = next(stream)
    return "".join(placed[p] for p in pyramid_positions(base))


def _open_supports(game: K3) -> list[tuple[str, str]]:
    """The two supporting pawns of every open slot (what each colour could be placed on)."""
    return [game.supports(s) for s in game.open_slots()]  # type: ignore[misc]  # an open slot rests on two pawns


def _mobility(game: K3, seat: int, supports: list[tuple[str, str]]) -> float:
    """How many ways the seat has to act next turn: playable colours, naturals, whites, pawns left
    (``supports``: ``_open_supports(game)``)."""
    acc = game.accessible(seat)
    if not acc:
        return -3.0
    kinds = {k for _, k in acc}
    whites = sum(1 for src, k in acc if k == WHITE and not isinstance(src, str))
    whites += game.beside[seat].count(WHITE)
    score = 1.2 * whites
    for k in kinds:
        if k == WHITE:
            continue
        if k == NATURAL:
            score += 1.5
        else:
            fits = sum(1 for a, b in supports if a == k or b == k or a == NATURAL or b == NATURAL)
            score += min(fits, 3) * 0.5 + (0.3 if fits else 0.0)
    if not supports:
        score += 0.5 * len(kinds - {WHITE})
    total = len(game.pyramids[seat]) + len(game.beside[seat])
    return score + 0.05 * total


MOBILITY_SCALE = 0.6  # how steeply a lead in mobility turns into a chance to win (``evaluate``, ``win_shares``)


def evaluate(game: K3, seat: int) -> float:
    """Value in [0, 1] of the state for ``seat``: its mobility against the best opponent's."""
    return evaluate_all(game, (seat,))[0]


def _mobilities(game: K3, seats: tuple[int, ...] = ()) -> dict[int, float]:
    """``_mobility`` of every live seat and of ``seats``."""
    supports = _open_supports(game)
    return {s: _mobility(game, s, supports) for s in {*game.live_seats(), *seats}}


def _penalised(game: K3, seat: int) -> float:
    """How much lower ``seat``'s own outlook is while it must give up a pawn (a penalty, K3-R17)."""
    return 1.5 if game.phase == "penalty" and game.victim == seat else 0.0


def evaluate_all(game: K3, seats: tuple[int, ...] | None = None) -> list[float]:
    """``evaluate`` for each of ``seats`` (every seat by default), each seat's mobility worked out once."""
    seats = tuple(range(game.players)) if seats is None else seats
    if game.is_over():
        payoffs = game.payoffs()
        return [payoffs[s] for s in seats]
    live = game.live_seats()
    if game.options["coop"]:
        supports = _open_supports(game)
        worst = min(_mobility(game, s, supports) for s in live)
        value = max(0.0, min(1.0, 0.5 + 0.05 * worst + 0.01 * len(game.mountain)))
        return [value for _ in seats]
    mobility = _mobilities(game, seats)
    values = []
    for seat in seats:
        best_other = max((mobility[s] for s in live if s != seat), default=0.0)
        diff = mobility[seat] - _penalised(game, seat) - best_other
        values.append(1.0 / (1.0 + pow(2.718281828, -MOBILITY_SCALE * diff)))
    return values


def win_shares(game: K3) -> list[float]:
    """Each seat's chance to win, estimated from the live seats' mobilities (a softmax; with two players it is
    ``evaluate``'s logistic): on the scale of ``payoffs``, they add up to 1 and an eliminated seat has none. The
    search scores a sample stopped at its horizon by them, and a hint shows them (a 4-player game starts near 25 %)."""
    if game.is_over() or game.options["coop"]:
        return evaluate_all(game)
    mobility = {s: m - _penalised(game, s) for s, m in _mobilities(game).items()}
    top = max(mobility.values())
    weights = {s: math.exp(MOBILITY_SCALE * (m - top)) for s, m in mobility.items()}
    total = sum(weights.values())
    return [weights[s] / total if s in weights else 0.0 for s in range(game.players)]


HORIZON_PLAYERS = 4
HORIZON_PLIES = 8
"""With ``HORIZON_PLAYERS`` or more, a search sample stops ``HORIZON_PLIES`` actions on (two turns of each player)
and is scored by ``win_shares``: with three rivals playing at random, a playout to the end says little about the
seat searching (docs/bots.md, "K3 with four players"). With fewer players it is played out to the end."""


def search_over(game: K3, plies: int) -> bool:
    """The horizon (``HORIZON_PLIES``), for a competitive game of ``HORIZON_PLAYERS`` or more only."""
    return game.players >= HORIZON_PLAYERS and not game.options["coop"] and plies >= HORIZON_PLIES


def medium_move(game: K3, seat: int) -> K3Action:
    """The medium bot's move (``HeuristicBot``: one-ply greedy on ``evaluate``), the first of equals where the bot
    draws among them."""
    actions = game.legal_actions(seat)
    assert actions, "a seat to move in play has a legal action (K3-R12)"
    return greedy_action(STRATEGY, game, seat, actions)  # type: ignore[return-value]  # one of the game's actions


class K3Strategy(Strategy["K3"]):
    """The arrangement is one unlisted decision: ``auto_arrange`` makes it. Search is UCT, its playouts random,
    to the end or, with four players, to ``search_over``'s horizon, where ``K3Search`` plays the rivals."""

    def heuristic_action(self, game: K3, seat: int, rng: Rng) -> Arrange | None:
        from .game import ARRANGE

        return Arrange(auto_arrange(game, seat, rng)) if game.phase == ARRANGE else None

    def heuristic_value(self, game: K3, seat: int) -> float:
        return evaluate(game, seat)

    def heuristic_values(self, game: K3) -> list[float]:
        return win_shares(game)

    def search_over(self, game: K3, start: K3, plies: int) -> bool:
        return search_over(game, plies)

    def for_search(self, game: K3, seat: int) -> Strategy[K3]:
        return K3Search(seat) if search_over(game, HORIZON_PLIES) else self


class K3Search(K3Strategy):
    """One search by seat ``me`` up to the horizon: its own moves are all weighed, each rival's is the medium bot's
    (``medium_move``: the tree expands that one), worked out once a position."""

    def __init__(self, me: int) -> None:
        self.me = me
        self.rivals: dict[tuple[str, ...], list[K3Action]] = {}

    def search_actions(self, game: K3, seat: int) -> list[K3Action] | None:
        if seat == self.me or game.phase == "arrange":
            return game.legal_actions(seat)
        key = tuple(game.history)
        if key not in self.rivals:
            self.rivals[key] = [medium_move(game, seat)]
        return self.rivals[key]


STRATEGY = K3Strategy()

"""K3 heuristics for bots and the "auto-arrange" button. No rules live here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.bots import Strategy
from ..core.rng import Rng
from .actions import Arrange
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


def evaluate(game: K3, seat: int) -> float:
    """Value in [0, 1] of the state for ``seat``: its mobility against the best opponent's."""
    return evaluate_all(game, (seat,))[0]


def evaluate_all(game: K3, seats: tuple[int, ...] | None = None) -> list[float]:
    """``evaluate`` for each of ``seats`` (every seat by default), each seat's mobility worked out once."""
    seats = tuple(range(game.players)) if seats is None else seats
    if game.is_over():
        payoffs = game.payoffs()
        return [payoffs[s] for s in seats]
    supports = _open_supports(game)
    live = game.live_seats()
    mobility = {s: _mobility(game, s, supports) for s in {*live, *seats}}
    if game.options["coop"]:
        worst = min(mobility[s] for s in live)
        value = max(0.0, min(1.0, 0.5 + 0.05 * worst + 0.01 * len(game.mountain)))
        return [value for _ in seats]
    values = []
    for seat in seats:
        mine = mobility[seat]
        if game.phase == "penalty" and game.victim == seat:
            mine -= 1.5
        best_other = max((mobility[s] for s in live if s != seat), default=0.0)
        values.append(1.0 / (1.0 + pow(2.718281828, -0.6 * (mine - best_other))))
    return values


class K3Strategy(Strategy["K3"]):
    """The arrangement is one unlisted decision: ``auto_arrange`` makes it. Search is plain UCT."""

    def heuristic_action(self, game: K3, seat: int, rng: Rng) -> Arrange | None:
        from .game import ARRANGE

        return Arrange(auto_arrange(game, seat, rng)) if game.phase == ARRANGE else None

    def heuristic_value(self, game: K3, seat: int) -> float:
        return evaluate(game, seat)

    def heuristic_values(self, game: K3) -> list[float]:
        return evaluate_all(game)


STRATEGY = K3Strategy()

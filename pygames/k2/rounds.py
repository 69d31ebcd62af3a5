"""K2's round machine (K2-R11..R15, K2-R28, K2-R32..R37): the card choice revealed, the risk token, the turns in
order, the night and its deaths, the end of the round or of the game. The rules (``game.K2``) call it after an
action; it only moves the state on to the next decision."""

from __future__ import annotations

from .actions import CLIMBERS, card_key
from .board import ACT, CHOOSE, OVER, RESCUE, TAKE, K2Board, risk_value
from .data import HAND_SIZE, PLAYED, ROUNDS


def start_round(game: K2Board) -> None:
    """Phase 1 of the round: auto-commit forced hands (K2-R12); skip phases 1-3 when nobody acts."""
    game.pending = [None] * game.players
    game.pending_index = {}
    game.revealed = [None] * game.players
    game.token = [None] * game.players
    game.plays = []
    game.deaths_this_round = []
    game.phase = CHOOSE
    for s in game.active_seats():
        if len(game.hands[s]) <= PLAYED:  # K2-R12: a hand of exactly 3 is committed whole
            game.pending[s] = tuple(game.hands[s])
            game.hands[s] = []
    maybe_reveal(game)


def maybe_reveal(game: K2Board) -> None:
    if any(game.pending[s] is None for s in game.active_seats()):
        return
    game.pending_index = {}
    for s in game.active_seats():
        game.revealed[s] = game.pending[s]
        game.pending[s] = None
    phase2(game)


def phase2(game: K2Board) -> None:
    """K2-R13: unique highest risk value takes a token (solo: always)."""
    active = game.active_seats()
    if not active:
        phase4(game)
        return
    taker: int | None = None
    if game.players == 1:
        taker = active[0]
    else:
        values = {s: risk_value(game.revealed[s] or ()) for s in active}
        top = max(values.values())
        best = [s for s in active if values[s] == top]
        if len(best) == 1:
            taker = best[0]
    if taker is not None and any(v is not None for v in game.risk_faceup):
        game.phase = TAKE
        game.current = taker
        return
    phase3(game)


def phase3(game: K2Board) -> None:
    """K2-R14: turns from the first player clockwise, players with a climber on the board."""
    n = game.players
    game.order = [s for s in ((game.first + k) % n for k in range(n)) if game.on_board(s)]
    game.phase = ACT
    start_turn(game, game.order[0])


def start_turn(game: K2Board, seat: int) -> None:
    game.current = seat
    game.unassigned = list(game.revealed[seat] or ())
    game.points = game.token[seat] or 0
    game.assigned = []
    game.pools = {c: [0, 0, 0] for c in CLIMBERS}  # U, D, G


def end_turn(game: K2Board) -> None:
    """K2-R28: the token leaves the game; next player or phase 4."""
    i = game.order.index(game.current)
    game.unassigned, game.points, game.assigned = [], 0, []
    game.pools = {}
    if i + 1 < len(game.order):
        start_turn(game, game.order[i + 1])
    else:
        game.current = -1
        phase4(game)


def phase4(game: K2Board) -> None:
    """K2-R32 / K2-R34 / D15: all levels from the same state, then deaths seat by seat from the first."""
    today = game.today()
    n = game.players
    game.dying = []
    for s in range(n):
        for c in CLIMBERS:
            cl = game.climbers[s][c]
            if not cl["alive"]:
                continue
            sp = game.spaces[cl["space"]]
            level = cl["level"] + sp.acc + (1 if game.sheltered(s, cl["space"]) else 0) - today.loss_in(sp.zone)
            cl["level"] = min(level, 6)
    for k in range(n):
        s = (game.first + k) % n
        for c in CLIMBERS:
            cl = game.climbers[s][c]
            if cl["alive"] and cl["level"] < 1:
                game.dying.append((s, c))
    resolve_deaths(game)


def resolve_deaths(game: K2Board) -> None:
    while game.dying:
        s, c = game.dying[0]
        if game.rescue_card[s]:  # K2-R43: the owner decides
            game.phase = RESCUE
            game.current = s
            return
        game.dying.pop(0)
        die(game, s, c)
    finish_round(game)


def die(game: K2Board, seat: int, climber: str) -> None:
    """K2-R33: VP 1, summit number void, off the board; the tent stays."""
    cl = game.climbers[seat][climber]
    cl.update(vp=1, summit=None, alive=False, space=None)
    game.deaths_this_round.append((seat, climber))


def finish_round(game: K2Board) -> None:
    """K2-R35..R37, K2-R41: end of round or end of game."""
    game.current = -1
    if game.players == 1 and game.deaths_this_round:
        game.phase = OVER  # K2-R41
        return
    if game.round >= ROUNDS:  # K2-R36
        game.phase = OVER
        return
    n = game.players
    for s in range(n):  # (1) played cards to the discard pile
        if game.revealed[s]:
            game.discard[s].extend(game.revealed[s])  # type: ignore[reportArgumentType]  # revealed in this phase
    game.first = (game.first + 1) % n  # (2)
    game.round += 1  # (3) K2-R30: the marker advances; tiles turn by visibility
    for s in range(n):  # (4) K2-R37 in seat order; D12: seats without climbers keep their hand
        if not game.on_board(s):
            continue
        if not game.hands[s]:
            pile = sorted(game.discard[s], key=card_key)
            game.discard[s] = []
            game.rng.shuffle(pile)
            game.draw[s] = pile
        take = min(HAND_SIZE - len(game.hands[s]), len(game.draw[s]))
        game.hands[s] = sorted(game.hands[s] + game.draw[s][:take], key=card_key)
        game.draw[s] = game.draw[s][take:]
    start_round(game)

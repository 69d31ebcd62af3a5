"""The K2 heuristic's decisions: the phase-1 card choices ranked (one or two turns ahead), the risk token,
and the step of a planned turn to play now (``choose_action``). Answers cached by position."""

from __future__ import annotations

from collections.abc import Iterator

from ...core.cache import Bounded
from ..actions import Choose, End, K2Action, Move, Play, Rescue, Risk, Tent
from ..board import ACT, CHOOSE, RESCUE, TAKE, risk_value
from ..data import ROUNDS
from ..game import K2
from .turns import plan_turn, with_cards
from .values import SHARP, SHORT, W, best_outcome


def board_key(game: K2) -> tuple:
    """What ``best_outcome`` depends on besides its arguments: the board and the weather of the next days."""
    return (game.side, game.players, game.options["cap5"], game.round,
            tuple(game.day(d) for d in range(game.round, game.round + 3)),
            tuple(tuple(cl.values()) for team in game.climbers for cl in team.values()))


def public_key(game: K2) -> tuple:
    """What the heuristic's decisions depend on besides a hand: the board, the turn in progress.
    Positions with the same key get the same heuristic answers (see ``_CACHE``)."""
    return (board_key(game), game.phase, game.current, tuple(game.risk_faceup), tuple(game.unassigned),
            game.points, tuple(game.assigned), tuple(tuple(p) for p in game.pools.values()))


# Heuristic answers by position, shared by every search sample (a cache only: the answers are a function of
# the position, so it never changes a decision). Keys: ("memo", board key, seat) -> ``best_outcome`` memo,
# ("choose", public key, seat, hand) -> ranked choices, ("act", public key, seat) -> action.
_CACHE: Bounded[tuple, object] = Bounded(50_000)


def _cached(key: tuple, make):  # noqa: ANN001, ANN202
    found = _CACHE.get(key)
    if found is None:
        found = _CACHE.put(key, make())
    return found


def _memo(game: K2, seat: int, mind: str = SHORT) -> dict:
    if mind == SHARP and game.round == ROUNDS - 1:  # round 17: the last night's view depends on the cards kept
        return _cached(("memo", board_key(game), seat, mind, tuple(game.hands[seat])), dict)  # type: ignore[reportReturnType]  # the shared cache's values by key kind
    return _cached(("memo", board_key(game), seat, mind), dict)  # type: ignore[reportReturnType]  # the shared cache's values by key kind


def choose_ranking(game: K2, seat: int, mind: str = SHORT) -> list[Choose]:
    """Phase 1: the seat's card choices, best first by the value of the turn they allow (K2 exposes a high
    risk value to the others: it costs a little)."""
    return [a for _, a in ranked_choices(game, seat, mind)]


def ranked_choices(game: K2, seat: int, mind: str = SHORT) -> list[tuple[float, Choose]]:
    """``choose_ranking`` with the values. In round 17 the sharp view plays each choice's turn with the
    other three cards in the hand: they are round 18's (K2-R37), and its last night depends on them; solo, it
    judges the two turns as in the other rounds, round 18's with those three cards."""
    for _step in ranked_choices_steps(game, seat, mind):
        pass
    return _CACHE[_choose_key(game, seat, mind)]  # type: ignore[reportReturnType]  # the shared cache's values by key kind


def _choose_key(game: K2, seat: int, mind: str) -> tuple:
    return ("choose", public_key(game), seat, tuple(game.hands[seat]), mind)


def ranked_choices_steps(game: K2, seat: int, mind: str = SHORT) -> Iterator[None]:
    """Work out ``ranked_choices`` (cached by position), one step per choice (the sharp view's two-turn values
    cost tens of ms each in the page): a search that slices its work runs these steps first."""
    key = _choose_key(game, seat, mind)
    if key in _CACHE:
        return
    memo = _memo(game, seat, mind)
    exposed = game.players > 1
    scored = []
    for i, action in enumerate(game.legal_actions(seat) or []):
        assert isinstance(action, Choose)
        if mind == SHARP and game.round == ROUNDS - 1 and exposed:  # what stays in the hand is round 18's hand
            after = game.copy()
            for code in action.cards:
                after.hands[seat].remove(code)
            value = plan_turn(after, seat, list(action.cards), 0, {}, [], _memo(after, seat, mind), mind)[0]
        elif mind == SHARP:  # the two turns: this one, then the next with the cards kept (solo, round 17: round 18)
            value = next_turn_value(game, seat, list(action.cards), mind)
        else:
            value = plan_turn(game, seat, list(action.cards), 0, {}, [], memo, mind)[0]
        if exposed:
            value -= W.risk_exposure * risk_value(action.cards)
        scored.append((-round(value, 9), i, action))
        yield
    ranked = [(-v, a) for v, _, a in sorted(scored, key=lambda t: t[:2])]
    _cached(key, lambda: ranked)


def next_turn_value(game: K2, seat: int, cards: list[str], mind: str) -> float:
    """A phase-1 choice judged over two turns: this round's turn with ``cards`` as the heuristic would play
    it, the night (K2-R32), then the next round's turn with the three cards kept in the hand. That turn's
    value (a climber dead in the night: ``W.death``) is the choice's. The next hand also holds three cards
    drawn meanwhile, unknown here: this is a floor, which values keeping cards the climbers will need (in
    rounds 5 and 11 the kept cards are the next round's whole hand, K2-R37)."""
    memo = _memo(game, seat, mind)
    _total, combo, _split = plan_turn(game, seat, cards, 0, {}, [], memo, mind)
    after = game.copy()
    for code in cards:
        after.hands[seat].remove(code)
    climbers = game.on_board(seat)
    add = with_cards(game, seat, climbers, {}, combo)
    for c in climbers:  # where the heuristic's turn leaves each climber
        u, d, g, _level = add[c]
        _value, path, tent = best_outcome(game, seat, c, (u, d, g), add[c][3], memo, mind)
        cl = after.climbers[seat][c]
        cl["vp"] = max([cl["vp"]] + [game.spaces[x].vp for x in path])  # K2-R21: also in passing
        cl["space"] = path[-1] if path else cl["space"]
        if tent:
            cl["tent"] = cl["space"]
    today = game.today()
    dead = 0
    for c in climbers:  # the night (K2-R32), all from the same state
        cl = after.climbers[seat][c]
        sp = game.spaces[cl["space"]]
        level = add[c][3] + sp.acc + (1 if after.sheltered(seat, cl["space"]) else 0) - today.loss_in(sp.zone)
        cl["level"] = min(level, 6)
        if level < 1:
            cl.update(alive=False, vp=1, space=None)
            dead += 1
    if dead == len(climbers):
        return W.death * dead
    after.round += 1
    kept = list(after.hands[seat])
    return plan_turn(after, seat, kept, 0, {}, [], _memo(after, seat, mind), mind)[0] + W.death * dead


def card_step(seat: int, combo: list[tuple[str, str, str]], split: dict[str | int, int]) -> K2Action | None:
    """A planned turn's next card step (``plan_turn``'s plan): its first card still to play, with the penalty
    points it takes, then the penalty points on a level; None when only moves, tents and the end are left."""
    if combo:
        code, c, d = combo[0]
        return Play(seat, code, c, d, split.get(0, 0))
    for c, k in split.items():
        if k and isinstance(c, str):
            return Risk(seat, c, k)
    return None


def choose_action(game: K2, seat: int, mind: str = SHORT) -> K2Action | None:
    """The heuristic bot's decision in any phase (always one of the legal actions)."""
    legal = game.legal_actions(seat)
    if not legal:
        return None
    if game.phase == TAKE:
        if mind == SHARP and game.players == 1:
            return take_action(game, seat, legal, mind)
        return min(legal, key=lambda a: (game.risk_faceup[a.slot - 1], a.slot))  # type: ignore[reportAttributeAccessIssue]  # phase 2's actions are Takes (K2-R13)
    if game.phase == RESCUE:
        rescues = [a for a in legal if isinstance(a, Rescue) and a.space is not None]
        if not rescues:
            return legal[-1]
        return max(rescues, key=lambda a: game.spaces[a.space].rank)  # type: ignore[reportArgumentType]  # rescues to a space, by the filter above
    if game.phase == CHOOSE:
        return choose_ranking(game, seat, mind)[0]
    if game.phase != ACT:
        return legal[0]
    memo = _memo(game, seat, mind)
    _, combo, split = plan_turn(game, seat, list(game.unassigned), game.points, game.pools, game.assigned, memo,
                                mind)
    step = card_step(seat, combo, split)
    if step is not None:
        return step
    for c in game.on_board(seat):
        u, d, g = game.pools.get(c, [0, 0, 0])
        level = game.climbers[seat][c]["level"]
        _, path, tent = best_outcome(game, seat, c, (u, d, g), level, memo, mind)
        if path:
            return Move(seat, c, path)
        if tent:
            return Tent(seat, c)
    return End(seat) if End(seat) in legal else legal[0]


def take_action(game: K2, seat: int, legal: list[K2Action], mind: str) -> K2Action:
    """Solo, sharp view: the face-up token whose penalty points (K2-R26) cost this turn least, less
    ``W.token_left`` a point: a turn that can spend points at little cost (cards it would not use) takes a high
    token, and leaves the low ones in the row for the turns that need every point (a solo player takes one every
    round, K2-R13)."""
    cards = list(game.revealed[seat] or ())
    memo = _memo(game, seat, mind)  # the turn's first step finds its plan there (``plan_turn``)
    best: tuple[float, K2Action] | None = None
    for action in legal:
        points = game.risk_faceup[action.slot - 1] or 0  # type: ignore[reportAttributeAccessIssue]  # phase 2's actions are Takes (K2-R13)
        value = plan_turn(game, seat, cards, points, {}, [], memo, mind)[0] + W.token_left * points
        if best is None or value > best[0] + 1e-9:
            best = (value, action)
    assert best is not None
    return best[1]

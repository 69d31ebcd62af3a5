"""What K2's search reads from the heuristics: the shape of the hard bot's search by player count, the
candidates it expands, its playouts, where a sample stops and how it is valued there."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ...core.rng import Rng
from ..actions import CLIMBERS, K2Action
from ..board import ACT, CHOOSE
from ..data import CARDS, ROUNDS, TOP_RANK
from ..game import K2
from .choices import _cached, choose_action, choose_ranking, public_key, ranked_choices
from .turns import turn_steps, turns16
from .values import SHARP, SHORT, W, tent_value


@dataclass(frozen=True)
class SearchShape:
    """How the hard bot's search weighs its phase-1 card choices (``search_actions``, ``search_over``)."""

    width: int  # the card choices it considers: the sharp view's best ...
    margin: float  # ... and only those the sharp view values within this of its best (near ties)
    rounds: int  # samples are played out to the end of this many rounds, then estimated (``evaluate``)
    turns: int = 1  # at the start of its turn (phase 3), the first steps it weighs (1: the sharp view's own)


# By player count. Solo (nobody else moves; chance alone decides what comes): the ten best, each weighed by samples
# played six rounds ahead, which see the climb to the summit that a round's view cannot; they are few (a handful in
# a second), so the best choices are tried first (``expands_in_order``). Two to five players: the near ties, each
# weighed by samples three rounds ahead (the others played by the medium bot), best first. Two players also weigh
# the start of their turn: the sharp view's first step and those of its best turns with other ends, three in all,
# by the same samples (``turn_firsts``). The shapes measured against these, and what else was tried: docs/bots.md,
# "K2 solo", "How far ahead K2's samples look" and "Two players: the turn weighed too".
SEARCH_SHAPES: dict[int, SearchShape] = {
    1: SearchShape(width=10, margin=8.0, rounds=6),
    2: SearchShape(width=3, margin=0.5, rounds=3, turns=3),
    3: SearchShape(width=3, margin=0.5, rounds=3),
    4: SearchShape(width=3, margin=0.5, rounds=3),
    5: SearchShape(width=3, margin=0.5, rounds=3),
}


def search_shape(players: int) -> SearchShape:
    """The search's shape in a game of ``players`` (``SEARCH_SHAPES``)."""
    return SEARCH_SHAPES[players]


TURNS_LOOKED_AT = 12  # the sharp view's best turns with distinct ends whose first steps ``turn_firsts`` reads


def turn_start(game: K2, seat: int) -> bool:
    """``seat`` is to begin its turn (phase 3: no card played, no penalty point placed) in a game whose search
    shape weighs a turn's first steps (``SearchShape.turns``)."""
    return (game.phase == ACT and search_shape(game.players).turns > 1 and seat in game.to_move()
            and not game.assigned and len(game.unassigned) == 3 and not any(any(p) for p in game.pools.values()))


def turn_firsts(game: K2, seat: int, first: K2Action) -> list[K2Action]:
    """The first steps a search weighs at the start of ``seat``'s turn: the sharp view's own (``first``), then
    those of its best turns with distinct ends (``turns16``), each once, up to ``SearchShape.turns``. After a
    step, the sharp view plans the rest of the turn again (samples play it so)."""
    legal = {str(a): a for a in game.legal_actions(seat) or []}
    firsts, seen = [first], {str(first)}
    for turn in turns16(game, seat, TURNS_LOOKED_AT):
        text = str(turn_steps(game, seat, turn)[0])
        if text not in seen and text in legal:
            seen.add(text)
            firsts.append(legal[text])
            if len(firsts) >= search_shape(game.players).turns:
                break
    return firsts


def search_over(game: K2, start: K2, plies: int) -> bool:
    """The horizon: the sample has finished the search shape's ``rounds`` from ``start``'s round on. A search
    that began in phases 2-4 has only the heuristic's action to weigh (``search_actions``) and stops after one
    ply, unless it began a turn whose first steps its shape weighs (``turn_start``)."""
    if start.phase != CHOOSE and not turn_start(start, start.current):
        return plies >= 1
    # Solo samples play on past round 16's start, where the plan of the last rounds takes over: stopped there and
    # valued by the estimate, they did much worse (docs/bots.md, "Rounds 13–15 on the bank").
    return game.round >= start.round + search_shape(start.players).rounds


def search_actions(game: K2, seat: int, mind: str = SHORT) -> list[K2Action] | None:
    """The candidates search expands: the heuristic's best card choices in phase 1 (``search_shape``: how many,
    and only those within its margin of the best), its own action in the other phases (the turn is played as the
    heuristic plays it), but at the start of the sharp view's turn where the shape says so (``turn_firsts``)."""
    if game.phase == CHOOSE:
        if game.legal_actions(seat) is None:
            return None
        ranked = ranked_choices(game, seat, mind)
        shape = search_shape(game.players)
        return [a for v, a in ranked[:shape.width] if v >= ranked[0][0] - shape.margin]
    action = heuristic_step(game, seat, mind)
    if action is not None and mind == SHARP and turn_start(game, seat):
        return turn_firsts(game, seat, action)
    return [action] if action is not None else []


def heuristic_step(game: K2, seat: int, mind: str = SHORT) -> K2Action | None:
    """``choose_action``, cached by position."""
    if game.phase == CHOOSE:
        return choose_ranking(game, seat, mind)[0]
    if seat not in game.to_move():
        return None
    return _cached(("act", public_key(game), seat, mind, tuple(game.revealed[seat] or ())),  # type: ignore[reportReturnType]  # the shared cache's values by key kind
                   lambda: choose_action(game, seat, mind))


def rollout_action(game: K2, seat: int, rng: Rng, mind: str = SHORT) -> K2Action:
    """The playout policy of search samples: the heuristic's own action (cached by position)."""
    action = heuristic_step(game, seat, mind)
    return action if action is not None else game.random_action(seat, rng)


def team_estimate(game: K2, seat: int, mind: str = SHORT) -> float:
    """A final-score estimate for a seat between rounds, on the scale of ``climber_value`` (which judges a
    climber after phase 3): VP, height still to use, level, the forecast, tents; a dead climber ``W.death``.
    The sharp view (``mind``) also weighs the VP a death would cost, and in round 18 the last night."""
    total = 0.0
    top = TOP_RANK[game.side]
    left = ROUNDS - game.round + 1  # rounds left when the last phase 4 was played (as climber_value sees them)
    for c in CLIMBERS:
        cl = game.climbers[seat][c]
        if not cl["alive"]:
            total += W.death
            continue
        sp = game.spaces[cl["space"]]
        level = cl["level"]
        shelter = 1 if game.sheltered(seat, cl["space"]) else 0
        value = float(cl["vp"])
        if cl["vp"] < 10:
            usable = min(1.0, level / W.safe_level) if sp.zone >= 1 else 1.0
            value += W.height * sp.rank / top * min(1.0, left / 4) * usable
        level5 = level + sp.acc + shelter - game.today().loss_in(sp.zone)
        at_stake = W.stake * (cl["vp"] - 1) if mind == SHARP else 0.0
        if level5 < 1:
            if left > 1:
                value -= W.forecast_death + at_stake
            elif mind == SHARP:  # round 18: its cards are known; without enough acclimatization it dies
                cards = list(game.hands[seat]) + list(game.pending[seat] or ()) + list(game.revealed[seat] or ())
                help_ = sum(CARDS[code].up for code in cards if CARDS[code].kind == "A")
                value -= W.last_night_saved * (1 - level5) if help_ >= 1 - level5 else W.last_night * (cl["vp"] - 1) + 1
        elif left > 2 and level5 + sp.acc + shelter - game.day(game.round + 1).loss_in(sp.zone) < 1:
            value -= W.forecast_risk + 0.5 * at_stake
        value += W.level[sp.zone] * min(level, 5)
        tent = cl["tent"]
        if tent is not None:
            value += tent_value(game, game.spaces[tent], mind == SHARP)
        total += value
    return total


def estimate_payoffs(game: K2, mind: str = SHORT) -> list[float]:
    """Per seat, a [0, 1] estimate of the final outcome from the current position."""
    est = [team_estimate(game, s, mind) for s in range(game.players)]
    if game.players == 1:
        return [max(0.0, min(1.0, est[0] / 20.0))]
    out = []
    for s in range(game.players):
        other = max(e for t, e in enumerate(est) if t != s)
        out.append(1.0 / (1.0 + math.exp(-(est[s] - other) / 4.0)))
    return out


def evaluate(game: K2, seat: int, mind: str = SHORT) -> float:
    """State value in [0, 1] for the search horizon and one-ply greed."""
    if game.is_over():
        return game.payoffs()[seat]
    return estimate_payoffs(game, mind)[seat]

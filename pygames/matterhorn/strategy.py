"""Matterhorn bot knowledge. No rules live here.

The medium bot (``choose``): push your luck with the exact flop chance, greedy choices by a standing margin.
The hard bot (``plan_steps``): every choice weighed by the chance to win the race (``race``: the actions
each rope team still needs), rolling on by the exact expectation over every roll of the dice in play.
"""

from __future__ import annotations

import math
from collections.abc import Generator
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING

from ..core.bots import Ranked, Strategy, ranked
from ..core.rng import Rng
from .actions import Bonus, Clear, Console, Deed, End, MHAction, Move, Place, Restock, Roll, Setup, Stop
from .data import BOTTOM_ROW, HARD_SUMMIT_COST, ROW_WIDTHS, SUMMIT, TOP_ROW, UPWARD, Pos
from .dice import flop_probability
from .race import ACTION, TurnPlan, needs, needs_left, win_chances

if TYPE_CHECKING:
    from .game import Matterhorn

# a decision, with the choices weighed where there were several
MHPlan = Generator[None, None, "MHAction | Ranked[MHAction]"]

SUMMIT_HEIGHT = 9.0  # a summit climber is worth more than a row-5 one (8 would be one plain step)
MOBILE = 0.4  # a climber with a free way up
SCALE = 0.6  # logistic slope of evaluate()


def actions_to_win(game: Matterhorn, seat: int) -> int:
    """Climbs the seat still needs with no obstacle in the way (row n needs n-4, hard summit one more)."""
    extra = HARD_SUMMIT_COST - 1 if game.hard else 0
    return sum(c[0] - TOP_ROW + 1 + extra for c in game.climbers[seat] if c != SUMMIT)  # type: ignore[reportOperatorIssue]  # a spot other than the summit is a circle


def standing(game: Matterhorn, seat: int) -> float:
    """How far up the seat's rope team is: heights, the summit, and whether each climber can go up."""
    board = game.board
    score = 0.0
    for c in game.climbers[seat]:
        if c == SUMMIT:
            score += SUMMIT_HEIGHT
            continue
        score += BOTTOM_ROW - c[0]  # type: ignore[reportOperatorIssue]  # a spot other than the summit is a circle
        if c[0] == TOP_ROW:
            score += MOBILE
        else:
            for u in UPWARD[c]:  # type: ignore[reportArgumentType]  # a spot other than the summit is a circle
                if u not in board:
                    score += MOBILE
                    break
    return score


def margin(game: Matterhorn, seat: int) -> float:
    """The seat's standing against the best opponent's."""
    others = [standing(game, s) for s in range(game.players) if s != seat]
    return standing(game, seat) - max(others)


def evaluate(game: Matterhorn, seat: int) -> float:
    """Value in [0, 1] of the state for ``seat``: a logistic of its margin over the best opponent."""
    if game.winner is not None:
        return 1.0 if game.winner == seat else 0.0
    return 1.0 / (1.0 + math.exp(-SCALE * margin(game, seat)))


def flop_chance(game: Matterhorn) -> Fraction:
    """The exact chance that the next roll (the dice in play, against the usable rows) is a flop."""
    return flop_probability(game.in_play, game.usable_rows())


def should_roll(game: Matterhorn, seat: int) -> bool:
    """Push your luck: roll again while the expected gain (one more action, with chance 1 - p) beats the
    expected loss (every action token of this turn, with chance p); never when the actions in hand win."""
    if game.pool == 0:
        return False
    stake = len(game.turn_tokens)
    if stake >= actions_to_win(game, seat):
        return False
    p = flop_chance(game)
    return (1 - p) * 1 > p * stake


def deed_margin(game: Matterhorn, seat: int, deed: Deed | None) -> float:
    """The seat's margin if ``deed`` were done now (inf when it wins); the state is restored afterwards."""
    if deed is None:
        return margin(game, seat)
    board = game.board
    if isinstance(deed, Clear):
        piece = board.pop(deed.circle)
        value = margin(game, seat)
        board[deed.circle] = piece
        return value
    owner = board.pop(deed.src)
    team = game.climbers[owner]  # type: ignore[reportArgumentType]  # a spot other than the summit is a circle
    k = team.index(deed.src)
    team[k] = deed.dst
    if deed.dst == SUMMIT:
        value = math.inf if owner == seat and all(c == SUMMIT for c in team) else margin(game, seat)
    else:
        board[deed.dst] = owner  # type: ignore[reportArgumentType]  # a spot other than the summit is a circle
        value = margin(game, seat)
        del board[deed.dst]  # type: ignore[reportArgumentType]  # a spot other than the summit is a circle
    team[k] = deed.src
    board[deed.src] = owner
    return value


def token_margin(game: Matterhorn, seat: int, circle: Pos, add: bool) -> float:
    """The seat's margin with an obstacle added on (or removed from) ``circle``; the state is restored."""
    board = game.board
    if add:
        board[circle] = "o"
        value = margin(game, seat)
        del board[circle]
    else:
        piece = board.pop(circle)
        value = margin(game, seat)
        board[circle] = piece
    return value


def _best_deed(game: Matterhorn, seat: int, deeds: list[Deed]) -> tuple[Deed | None, float]:
    best: Deed | None = None
    best_value = margin(game, seat) + 1e-9  # a deed must improve on doing nothing
    for d in deeds:
        value = deed_margin(game, seat, d)
        if value > best_value:
            best, best_value = d, value
    return best, best_value


def _blocks(circle: Pos, climber: Pos) -> bool:
    """The circle is one of the climber's ways up."""
    return circle in UPWARD[climber]


@cache
def _flop_float(k: int, usable: frozenset[int]) -> float:
    return float(flop_probability(k, usable))


def place_scores(game: Matterhorn, seat: int, actions: list[Place]) -> list[float]:
    """Each placement's worth: a bonus on a row with climbers, dice kept for the next roll (1 - the exact
    flop chance), and where the token (a future obstacle) lies: not on my way up, preferably on a rival's."""
    usable = game.usable_rows()
    climber_rows = set()
    way_up: dict[Pos, float] = {}
    for s, team in enumerate(game.climbers):
        for c in team:
            if c == SUMMIT:
                continue
            climber_rows.add(c[0])
            for u in UPWARD[c]:  # type: ignore[reportArgumentType]  # a spot other than the summit is a circle
                way_up[u] = way_up.get(u, 0.0) + (-1.0 if s == seat else 0.4)
    by_row_and_dice: dict[tuple[int, int], float] = {}
    out = []
    for a in actions:
        row = a.circle[0]
        key = (row, game.in_play - len(a.aside))
        base = by_row_and_dice.get(key)
        if base is None:
            rest = frozenset(r for r in usable if r != row)
            base = (1.0 if row in climber_rows else 0.0) + 0.6 * (1.0 - _flop_float(key[1], rest))
            by_row_and_dice[key] = base
        out.append(base + way_up.get(a.circle, 0.0))
    return out


def place_score(game: Matterhorn, seat: int, action: Place) -> float:
    """One placement's worth (see ``place_scores``)."""
    return place_scores(game, seat, [action])[0]


def choose(game: Matterhorn, seat: int, rng: Rng) -> MHAction | None:
    """The heuristic bot's decision for every phase."""
    from .game import ACT, BONUS, CONSOLE, DECIDE, PLACE, RESTOCK, SETUP

    phase = game.phase
    actions = game.legal_actions(seat)
    if not actions:
        return None
    if phase == SETUP:
        centre = (ROW_WIDTHS[BOTTOM_ROW] - 1) / 2
        return min(
            (a for a in actions if isinstance(a, Setup)),
            key=lambda a: (sum(abs(c[1] - centre) for c in a.circles) - 0.5 * (a.circles[1][1] - a.circles[0][1] > 1),
                           str(a)),
        )
    if phase == PLACE:
        scores = place_scores(game, seat, actions)  # type: ignore[reportArgumentType]  # lists of one action kind
        return max(zip(scores, [rng.random() for _ in actions], actions, strict=True))[2]
    if phase == DECIDE:
        return Roll() if should_roll(game, seat) else Stop()
    if phase == BONUS:
        deed, _ = _best_deed(game, seat, [a.deed for a in actions if isinstance(a, Bonus) and a.deed is not None])
        return Bonus(deed)
    if phase == ACT:
        deed, _ = _best_deed(game, seat, [a for a in actions if isinstance(a, Move | Clear)])
        return deed if deed is not None else End()
    if phase == CONSOLE:
        best: MHAction = Console(None)
        best_value = margin(game, seat) + 1e-9
        for a in actions:
            if isinstance(a, Console) and a.circle is not None:
                value = token_margin(game, seat, a.circle, add=True)
                if value > best_value:
                    best, best_value = a, value
        return best
    if phase == RESTOCK:
        return max(
            (a for a in actions if isinstance(a, Restock)),
            key=lambda a: (token_margin(game, seat, a.circle, add=False), str(a)),
        )
    return None



PLAYOUT_NOISE = 0.1  # share of uniformly random decisions in search playouts


def playout_action(game: Matterhorn, seat: int, rng: Rng) -> MHAction:
    """Search playouts: the heuristic decision, or now and then a uniformly random legal one."""
    actions = game.legal_actions(seat) or []
    if rng.random() < PLAYOUT_NOISE:
        return actions[rng.below(len(actions))]
    return choose(game, seat, rng) or actions[0]


SEARCH_WIDTH = 6  # how many candidates search expands per decision


def candidates(game: Matterhorn, seat: int, actions: list[MHAction]) -> list[MHAction]:
    """The best few of many actions by the heuristic's own scores, in their listed order; roll, stop, end
    and decline always stay. Few actions pass through unchanged."""
    if len(actions) <= SEARCH_WIDTH:
        return actions
    places = [a for a in actions if isinstance(a, Place)]
    place_value = dict(zip(places, place_scores(game, seat, places), strict=True)) if places else {}
    scored: list[tuple[float, int]] = []
    keep: set[int] = set()
    for k, a in enumerate(actions):
        if isinstance(a, Place):
            value = place_value[a]
        elif isinstance(a, Move | Clear):
            value = deed_margin(game, seat, a)
        elif isinstance(a, Bonus) and a.deed is not None:
            value = deed_margin(game, seat, a.deed)
        elif isinstance(a, Console) and a.circle is not None:
            value = token_margin(game, seat, a.circle, add=True)
        elif isinstance(a, Restock):
            value = token_margin(game, seat, a.circle, add=False)
        else:
            keep.add(k)
            continue
        scored.append((-value, k))
    scored.sort()
    keep.update(k for _, k in scored[:SEARCH_WIDTH])
    return [a for k, a in enumerate(actions) if k in keep]


class MatterhornStrategy(Strategy["Matterhorn"]):
    """The heuristic decides every phase (the medium bot). The hard bot plans instead of searching:
    ``plan_steps`` weighs each choice by the race value and rolling on by the exact dice odds. The
    tree-search hooks remain for searches asked of this strategy directly: they narrow long lists with
    ``candidates``, play out with ``playout_action`` and look to the end of the turn being decided."""

    def search_plan(self, game: Matterhorn, seat: int, rng: Rng) -> MHPlan:
        return plan_steps(game, seat, rng)

    def heuristic_action(self, game: Matterhorn, seat: int, rng: Rng) -> MHAction | None:
        return choose(game, seat, rng)

    def heuristic_value(self, game: Matterhorn, seat: int) -> float:
        if game.is_over():
            return game.payoffs()[seat]
        return evaluate(game, seat)

    def search_actions(self, game: Matterhorn, seat: int) -> list[MHAction]:
        """Long lists (placements, bonus and stop-phase actions, consolation spots) narrowed to the
        heuristic's best few; roll, stop, end and decline always stay."""
        return candidates(game, seat, game.legal_actions(seat) or [])

    def rollout_action(self, game: Matterhorn, seat: int, rng: Rng) -> MHAction:
        return playout_action(game, seat, rng)

    def search_over(self, game: Matterhorn, start: Matterhorn, plies: int) -> bool:
        """The horizon: the end of the turn being decided (of the first turn, during setup)."""
        from .game import SETUP

        return game.turn > start.turn + (1 if start.phase == SETUP else 0)


STRATEGY = MatterhornStrategy()


# -- the hard bot's plan: the race value of every choice, and the exact odds of rolling on -------------------

def rows_mask(rows: list[int]) -> int:
    """Rows as bits (``1 << row``)."""
    mask = 0
    for r in rows:
        mask |= 1 << r
    return mask


def climber_rows(game: Matterhorn) -> int:
    """The rows holding a climber (any player's) as bits: a token there earns a bonus action (MH-R17)."""
    mask = 0
    for team in game.climbers:
        for c in team:
            if c != SUMMIT:
                mask |= 1 << c[0]  # type: ignore[reportOperatorIssue]  # a spot other than the summit is a circle
    return mask


def race_value(game: Matterhorn, seat: int, gained: int = 0, need_of: list[int] | None = None) -> float:
    """``seat``'s chance to win when its turn ends after ``gained`` more actions (the next seat then
    plays), from the actions every seat still needs (``need_of``, else measured on the board; ``seat``'s
    after those actions by ``needs_left``: this turn's tokens bar its way until the turn ends)."""
    if game.winner is not None:
        return 1.0 if game.winner == seat else 0.0
    need_of = list(needs(game) if need_of is None else need_of)
    if gained:
        need_of[seat] = needs_left(game, seat, gained)[gained]
    return win_chances(need_of, (seat + 1) % game.players)[seat]


LEFT_BEYOND = 6  # actions beyond the need that a turn plan weighs: a way barred by this turn's tokens is longer


def race_values(game: Matterhorn, seat: int, need_of: list[int]) -> list[float]:
    """``race_value`` for every number of actions the turn may end with, up to the first that wins."""
    if game.winner is not None:
        return [1.0 if game.winner == seat else 0.0]
    left = needs_left(game, seat, need_of[seat] + LEFT_BEYOND)
    while len(left) > 1 and left[-2] == 0:
        left.pop()
    values = []
    for n in left:
        trial = list(need_of)
        trial[seat] = n
        values.append(win_chances(trial, (seat + 1) % game.players)[seat])
    return values


_PLANS: dict[tuple, TurnPlan] = {}  # the last turn plans made: a cache only (a plan is a function of its key)


def turn_plan(game: Matterhorn, seat: int, need_of: list[int] | None = None) -> TurnPlan:
    """The rest of the seat's turn as a ``TurnPlan``: ending it with ``a`` actions is worth the race
    value of what it needs after them (``race_values``)."""
    need_of = needs(game) if need_of is None else need_of
    values = race_values(game, seat, need_of)
    key = (tuple(values), climber_rows(game), game.pool + len(game.turn_tokens))
    plan = _PLANS.get(key)
    if plan is None:
        if len(_PLANS) >= 4:
            _PLANS.clear()
        plan = _PLANS[key] = TurnPlan(values, key[1], key[2])
    return plan


def plan_decide(game: Matterhorn, seat: int) -> MHPlan:
    """Roll again iff the exact expectation over the dice beats stopping (never when the pool is empty)."""
    if game.pool == 0:
        return Stop()
    plan = turn_plan(game, seat)
    tokens = len(game.turn_tokens)
    state = (game.in_play, rows_mask(game.usable_rows()), tokens, 0)
    yield from plan.prepare([state])
    rolling, stopping = plan.roll(*state), plan.value(tokens)
    return ranked([(rolling, Roll()), (stopping, Stop())], Roll() if rolling > stopping + 1e-9 else Stop())


PLACE_PLANS = 3  # the best placements by the first estimate that are weighed again exactly


def plan_place(game: Matterhorn, seat: int, actions: list[Place]) -> MHPlan:
    """The placement whose rest of the turn is worth most (dice kept, bonus earned, row spent), plus the
    race value the future obstacle adds or takes where it lies; the best few are then weighed exactly,
    each from the position it leaves (``rest_of_turn``)."""
    need_of = needs(game)
    plan = turn_plan(game, seat, need_of)
    usable = rows_mask(game.usable_rows())
    tokens = len(game.turn_tokens)
    states: dict[tuple[int, int], tuple[int, int, int, int]] = {}
    for a in actions:
        row = a.circle[0]
        key = (row, game.in_play - len(a.aside))
        if key not in states:
            bit = 1 << row
            states[key] = (key[1], usable & ~bit, tokens + 1, 1 if plan.bonus_rows & bit else 0)
    yield from plan.prepare([s for s in states.values() if plan.open(s)])
    base = plan.value(tokens + 1)
    where: dict[Pos, float] = {}
    scored: list[tuple[float, int, Place]] = []
    for n, a in enumerate(actions):
        if a.circle not in where:
            game.board[a.circle] = ACTION  # this turn's token: it bars the way until the turn ends
            where[a.circle] = race_value(game, seat, tokens + 1) - base
            del game.board[a.circle]
            if len(where) % 8 == 0:
                yield
        value = plan.stop_or_roll(*states[(a.circle[0], game.in_play - len(a.aside))]) + where[a.circle]
        scored.append((value, n, a))
    return (yield from best_by_rest_of_turn(game, seat, scored, PLACE_PLANS))  # type: ignore[reportArgumentType]  # lists of one action kind


def after_value(game: Matterhorn, seat: int, action: MHAction, later: int) -> float:
    """The race value once ``action`` is played (on a copy), with ``later`` actions still to come this turn."""
    after = game.copy()
    after.apply(action, checked=False)
    return race_value(after, seat, later)


BONUS_PLANS = 3  # the best bonus choices by the race value that are weighed again with the rest of the turn


def best_by_rest_of_turn(game: Matterhorn, seat: int, scored: list[tuple[float, int, MHAction]],
                         plans: int) -> MHPlan:
    """Of ``scored`` (value, listed order, action), the best by value; with ``plans`` > 1 its best few are
    weighed again by the rest of the turn each leaves (``rest_of_turn``), ties to the earlier."""
    scored.sort(key=lambda item: (-item[0], item[1]))
    if plans <= 1:
        return ranked([(value, a) for value, _, a in scored], scored[0][2])
    best, best_value = scored[0][2], -math.inf
    weighed: list[tuple[float, MHAction]] = []
    for _, _, a in scored[:plans]:
        after = game.copy()
        after.apply(a, checked=False)
        value = yield from rest_of_turn(after, seat)
        weighed.append((value, a))
        if value > best_value + 1e-12:
            best, best_value = a, value
    return ranked(weighed, best)


def rest_of_turn(game: Matterhorn, seat: int) -> Generator[None, None, float]:
    """The worth of the seat's turn from a roll-or-stop decision (or a bonus action, counted as one action
    more that stands): the better of stopping and rolling on."""
    from .game import BONUS

    if game.winner is not None:
        return 1.0 if game.winner == seat else 0.0
    plan = turn_plan(game, seat)
    state = (game.in_play, rows_mask(game.usable_rows()), len(game.turn_tokens), 1 if game.phase == BONUS else 0)
    if plan.open(state):
        yield from plan.prepare([state])
    return plan.stop_or_roll(*state)


def plan_deed(game: Matterhorn, seat: int, actions: list[MHAction], idle: MHAction, rng: Rng | None = None) -> MHPlan:
    """Of a bonus or stop-phase choice, the action after which the race value is highest: each deed is
    followed by the actions still in hand (each taken as one action less needed), ``idle`` (decline,
    end) by none. The best few bonus choices are then weighed by the rest of the turn they leave (the
    rows with climbers, where tokens earn bonuses, move with them). In a two-player stop phase, with ``rng``,
    ending the turn and the best few actions are weighed by the rival's next turn (``by_rival_turn``)."""
    tokens = len(game.turn_tokens)
    scored = [(race_value(game, seat, tokens if isinstance(idle, Bonus) else 0), 0, idle)]
    for n, a in enumerate(actions):
        if isinstance(a, Bonus):
            later = tokens
        else:
            cost = HARD_SUMMIT_COST if game.hard and isinstance(a, Move) and a.dst == SUMMIT else 1
            later = max(0, game.actions_left - cost)
        scored.append((after_value(game, seat, a, later), n + 1, a))
        if n % 8 == 7:
            yield
    if rng is not None and isinstance(idle, End) and game.players == 2:
        return (yield from by_rival_turn(game, seat, scored, rng))
    return (yield from best_by_rest_of_turn(game, seat, scored, BONUS_PLANS if isinstance(idle, Bonus) else 1))


RIVAL_CHOICES = 3  # the plan's best actions so weighed, beside ending the turn
RIVAL_TURNS = 16  # the dice the rival's turn is played on (the same for every choice)


def by_rival_turn(game: Matterhorn, seat: int, scored: list[tuple[float, int, MHAction]], rng: Rng) -> MHPlan:
    """Ending the turn (``scored[0]``) and the best ``RIVAL_CHOICES`` actions of ``scored`` (value, listed order,
    action), each played on a copy with the rest of the turn by the plan, then the rival's whole next turn by
    the medium bot's rule on ``RIVAL_TURNS`` rolls of the dice drawn from ``rng``, valued by the race from the
    start of the seat's next turn. The race tables' first turn of the rival is an average over boards; this is
    the rival's own board, rows and dice (docs/bots.md, "The rival's next turn in the stop phase")."""
    rival = 1 - seat
    deeds = sorted(scored[1:], key=lambda item: (-item[0], item[1]))[:RIVAL_CHOICES]
    rolls = [(rng.next_u64(), rng.next_u64()) for _ in range(RIVAL_TURNS)]
    best, best_value = scored[0][2], -math.inf
    weighed: list[tuple[float, MHAction]] = []
    for _, _, a in [scored[0], *deeds]:
        after = game.copy()
        after.apply(a, checked=False)
        while after.winner is None and after.current == seat:  # the rest of the turn by the plan
            rest: list[MHAction] = [d for d in after.legal_actions(seat) or [] if isinstance(d, Move | Clear)]
            answer = yield from plan_deed(after, seat, rest, End())
            after.apply(answer.action if isinstance(answer, Ranked) else answer, checked=False)
        if after.winner is not None:
            value = 1.0 if after.winner == seat else 0.0
        else:
            total = 0.0
            for dice, choices in rolls:
                turn = after.copy()
                turn.dice_rng, own = Rng(dice), Rng(choices)
                while turn.winner is None and turn.current == rival:
                    turn.apply(choose(turn, rival, own), checked=False)  # type: ignore[reportArgumentType]  # a turn always has a move
                total += (1.0 if turn.winner == seat else 0.0) if turn.winner is not None else \
                    win_chances(needs(turn), seat)[seat]
                yield
            value = total / RIVAL_TURNS
        weighed.append((value, a))
        if value > best_value + 1e-9:
            best, best_value = a, value
    return ranked(weighed, best)


def plan_obstacle(game: Matterhorn, seat: int, actions: list[MHAction]) -> MHPlan:
    """The consolation obstacle where it helps the race value most (or none), or the obstacle to restock
    whose removal helps most."""
    board = game.board
    best: MHAction | None = None
    best_value = -math.inf
    weighed: list[tuple[float, MHAction]] = []
    for n, a in enumerate(actions):
        if isinstance(a, Console):
            if a.circle is None:
                value = race_value(game, seat) + 1e-12
            else:
                board[a.circle] = "o"
                value = race_value(game, seat)
                del board[a.circle]
        elif isinstance(a, Restock):
            piece = board.pop(a.circle)
            value = race_value(game, seat)
            board[a.circle] = piece
        else:
            continue
        weighed.append((value, a))
        if value > best_value + 1e-12:
            best, best_value = a, value
        if n % 8 == 7:
            yield
    return ranked(weighed, best) if best is not None else actions[0]


def plan_steps(game: Matterhorn, seat: int, rng: Rng) -> MHPlan:
    """The hard bot's decision in every phase, by the race value and the exact dice odds (yielding
    between slices of work)."""
    from .game import ACT, BONUS, CONSOLE, DECIDE, PLACE, RESTOCK

    phase = game.phase
    actions = game.legal_actions(seat) or []
    if phase == DECIDE:
        return (yield from plan_decide(game, seat))
    if phase == PLACE:
        return (yield from plan_place(game, seat, actions))  # type: ignore[reportArgumentType]  # lists of one action kind
    if phase == BONUS:
        deeds = [a for a in actions if isinstance(a, Bonus) and a.deed is not None]
        return (yield from plan_deed(game, seat, deeds, Bonus(None)))  # type: ignore[reportArgumentType]  # lists of one action kind
    if phase == ACT:
        deeds = [a for a in actions if isinstance(a, Move | Clear)]
        return (yield from plan_deed(game, seat, deeds, End(), rng))  # type: ignore[reportArgumentType]  # lists of one action kind
    if phase in (CONSOLE, RESTOCK):
        return (yield from plan_obstacle(game, seat, actions))
    found = choose(game, seat, rng)
    return found if found is not None else actions[0]


def plan_action(game: Matterhorn, seat: int, rng: Rng) -> MHAction:
    """``plan_steps`` run to its end: its action."""
    steps = plan_steps(game, seat, rng)
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value.action if isinstance(stop.value, Ranked) else stop.value

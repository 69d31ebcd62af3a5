"""Property tests: random K3 playouts (2-4 players, coop on/off, any start seat) keep every invariant.

Hypothesis draws the options and a seed; actions are then chosen with the engine's ``Rng`` from that
seed, so each example is one reproducible game. ``derandomize=True`` keeps CI stable.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pygames.core.errors import RuleError
from pygames.core.match import Match
from pygames.core.record import Record
from pygames.core.rng import Rng
from pygames.k3.actions import Arrange, Extend, Place, Take, White
from pygames.k3.data import COLOURS, NATURAL, SUMMIT, TOTAL_NATURALS, TOTAL_WHITES, WHITE
from pygames.k3.game import ARRANGE, K3, OVER, PENALTY, TURN, is_penalised, may_place

from .helpers import all_pawns, position

TOTAL_PAWNS = 45 + TOTAL_NATURALS + TOTAL_WHITES
PROPS = settings(
    derandomize=True, max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@st.composite
def games(draw: st.DrawFn) -> tuple[dict, str, int]:
    players = draw(st.integers(2, 4))
    options = {"players": players, "coop": draw(st.booleans()), "start": draw(st.integers(0, players - 1))}
    seed = draw(st.integers(0, 2**32 - 1))
    return options, f"p{seed}", seed


def accessible_by_rule(g: K3, seat: int) -> set:
    """K3-R5, independently: pyramid pawns with both covering positions empty, plus every beside kind."""
    p = g.pyramids[seat]
    out: set = {(r, i) for (r, i) in p if (r + 1, i - 1) not in p and (r + 1, i) not in p}
    return out | set(g.beside[seat])


def check_invariants(g: K3, conserved: bool = True) -> None:
    if conserved:
        assert all_pawns(g) == {"coloured": 45, NATURAL: TOTAL_NATURALS, WHITE: TOTAL_WHITES}
    if g.phase != ARRANGE:
        for seat in range(g.players):
            assert {src for src, _ in g.accessible(seat)} == accessible_by_rule(g, seat)
    # the mountain is a stack of pawns on supports (K3-R3, R14)
    for r, c in g.mountain:
        assert r == 0 or ((r - 1, c) in g.mountain and (r - 1, c + 1) in g.mountain)
    assert sorted(c for r, c in g.mountain if r == 0) == list(range(g.left, g.right + 1))
    movers = g.to_move()
    assert (g.phase == OVER) == (not movers)
    for seat in movers:
        assert not g.eliminated[seat]
    if g.phase == PENALTY:
        assert g.taker == g.previous_live(g.victim) and accessible_by_rule(g, g.victim)
    if g.phase == OVER and not g.options["coop"]:
        assert g.live_seats() == [g.winner]


def check_step(before: K3, action: object, after: K3) -> None:
    """K3-R15/R16/R17/R19/R26 for one applied action, judged from the state before it."""
    seat = before.to_move()[0]
    if isinstance(action, Place):
        a, b = before.supports(action.slot)  # type: ignore[misc]
        kind = after.mountain[action.slot]
        assert action.slot in before.open_slots() and may_place(kind, a, b)
        coop_win = before.options["coop"] and action.slot == SUMMIT
        penalty_expected = is_penalised(a, b) and not coop_win and bool(accessible_by_rule(after, seat))
        assert (after.phase == PENALTY) == penalty_expected
        if penalty_expected:
            assert after.victim == seat and after.taker == before.previous_live(seat)
        if coop_win:
            assert after.coop_result == "win"
    elif isinstance(action, Extend):
        assert before.open_slots() == [] and not before.options["coop"]
        assert after.phase != PENALTY
    elif isinstance(action, White):
        assert after.used_whites == before.used_whites + 1
    elif isinstance(action, Take):
        assert before.phase == PENALTY and seat == before.taker
        spare = int(before.spare_white) - int(after.spare_white)  # the next turn may eliminate (K3-R21)
        taken = sum(len(b) for b in after.beside) - sum(len(b) for b in before.beside) - spare
        assert taken in (1, 0)  # a beside pawn moving between sides leaves the total unchanged


def candidate_actions(g: K3, seat: int) -> list:
    """Every action built from the seat's pawns and the mountain, legal or not (for check vs list)."""
    sources = [src for src, _ in g.accessible(seat)] + [(0, 0), "W", "N"]
    slots = g.open_slots() + [(1, 0), (2, 1), (0, 3)]
    out: list = [Place(s, t) for s in sources for t in slots]
    out += [Extend(s, e) for s in sources for e in "LR"] + [White(s) for s in sources]
    victim = g.victim if g.phase == PENALTY else seat
    out += [Take(src) for src, _ in g.accessible(victim)] + [Take("B")]
    return out


def playout(options: dict, seed: str, rng: Rng, probe: bool = False) -> K3:
    g = K3.new(options, seed)
    check_invariants(g)
    limit = g.players + 2 * TOTAL_PAWNS  # K3-R25: arrangements plus at most 2 actions per pawn
    while not g.is_over():
        assert len(g.history) < limit, "the game did not end"
        seat = g.to_move()[0]
        if probe and g.phase != ARRANGE:
            legal = set(g.legal_actions(seat))
            for cand in candidate_actions(g, seat):
                try:
                    g.check(cand)
                except RuleError:
                    assert cand not in legal, f"{cand} is listed but refused"
                else:
                    assert cand in legal, f"{cand} is accepted but not listed"
        action = g.random_action(seat, rng)
        before = g.copy()
        g.apply(action)
        check_step(before, action, g)
        check_invariants(g)
    assert g.result() is not None
    return g


@PROPS
@given(games())
def test_random_playouts_keep_invariants(game: tuple[dict, str, int]) -> None:
    """Never crash; pawns conserved; K3-R5, R15, R16, R17 hold at every step; K3-R25 termination."""
    options, seed, number = game
    playout(options, seed, Rng(number), probe=number % 4 == 0)


@PROPS
@given(games())
def test_records_replay_identically(game: tuple[dict, str, int]) -> None:
    """Record -> link fragment -> parse -> replay gives the identical state, at the end and midway."""
    options, seed, number = game
    g = playout(options, seed, Rng(number))
    fragment = Record.of(g).to_fragment()
    replayed = Record.parse(fragment).replay()
    assert replayed.state_json() == g.state_json()
    assert replayed.history == g.history
    half = len(g.history) // 2
    partial = Record.parse(fragment).replay(half)
    assert partial.history == g.history[:half]


@settings(derandomize=True, max_examples=40, deadline=None)
@given(games())
def test_match_undo_redo_round_trip(game: tuple[dict, str, int]) -> None:
    """Match.undo / redo return to exactly the same states."""
    options, seed, number = game
    g = playout(options, seed, Rng(number))
    match = Match(Record.of(g))
    states = [s.state_json() for s in match.snapshots]
    assert states[-1] == g.state_json()
    steps = min(len(g.history), 12)
    for k in range(1, steps + 1):
        assert match.undo() == 1
        assert match.game.state_json() == states[-1 - k]
    for k in range(steps, 0, -1):
        assert match.redo() == 1
        assert match.game.state_json() == states[-k]
    assert match.moves == g.history and not match.can_redo()
    if steps:
        match.undo()
        assert match.can_redo()
        redo = match.redo_stack[-1]
        match.apply(redo)  # a new move clears the redo list
        assert not match.can_redo() and match.game.state_json() == states[-1]


@settings(derandomize=True, max_examples=60, deadline=None)
@given(games(), st.integers(0, 40))
def test_copy_is_independent(game: tuple[dict, str, int], cut: int) -> None:
    """Playing on a copy (or mutating its containers) never changes the original."""
    options, seed, number = game
    rng = Rng(number)
    g = K3.new(options, seed)
    while not g.is_over() and len(g.history) < cut:
        g.apply(g.random_action(g.to_move()[0], rng))
    before = (g.state_json(), list(g.history), list(g.dealt))
    c = g.copy()
    while not c.is_over():
        c.apply(c.random_action(c.to_move()[0], rng))
    c.mountain[(20, 0)] = "B"
    for container in (c.pyramids, c.beside, c.dealt):
        container.clear()
    c.options["players"] = 9
    assert (g.state_json(), list(g.history), list(g.dealt)) == before
    if not g.is_over():
        g.play(g.random_action(g.to_move()[0], rng))  # play() works on a copy
        assert (g.state_json(), list(g.history), list(g.dealt)) == before


def test_refused_random_actions_change_nothing() -> None:
    """Random wrong actions at random moments raise RuleError and leave state and history unchanged."""
    rng = Rng("refusals")
    for n in range(30):
        g = K3.new({"players": 2 + n % 3}, f"r{n}")
        while not g.is_over():
            seat = g.to_move()[0]
            if g.phase != ARRANGE:
                legal = set(g.legal_actions(seat))
                wrong = [a for a in candidate_actions(g, seat) if a not in legal]
                if g.phase == TURN:
                    wrong.append(Arrange("".join(g.dealt[seat])))
                for a in wrong[:: max(1, len(wrong) // 6)]:
                    before = (g.state_json(), list(g.history))
                    try:
                        g.apply(a)
                    except RuleError as e:
                        assert str(e)
                    else:
                        raise AssertionError(f"{a} was accepted")
                    assert (g.state_json(), list(g.history)) == before
            g.apply(g.random_action(seat, rng))


@PROPS
@given(games(), st.integers(30, 45))
def test_deep_positions_keep_invariants(game: tuple[dict, str, int], filled: int) -> None:
    """From a nearly or fully built mountain: extensions (K3-R19), coop summit wins (K3-R26), penalties.

    Random play rarely builds this high, so the position is built directly (pawns are not conserved).
    """
    options, seed, number = game
    rng = Rng(number)
    players, coop = options["players"], options["coop"]
    if coop:
        filled = min(filled, 44)  # a full triangle has its summit: the team would already have won
    kinds = COLOURS + (NATURAL,)
    order = [(r, c) for r in range(9) for c in range(9 - r)]
    cells = {slot: kinds[rng.below(len(kinds))] for slot in order[:filled]}
    size = {2: 21, 3: 15, 4: 10}[players]
    pyramids = ["".join((kinds + (WHITE,))[rng.below(7)] for _ in range(size)) for _ in range(players)]
    beside = ["".join(kinds[rng.below(6)] for _ in range(rng.below(3))) for _ in range(players)]
    g = position(players, base=None, mountain=cells, pyramids=pyramids, beside=beside, coop=coop)
    g.current = options["start"]
    pawns = sum(len(p) + len(b) for p, b in zip(g.pyramids, g.beside, strict=True))
    steps = 0
    while not g.is_over():
        if g.phase == TURN and not g.has_action(g.current):
            break  # the built position starts with a seat that cannot act (only turns starts check it)
        assert steps <= 2 * pawns, "the game did not end"
        before = g.copy()
        action = g.random_action(g.to_move()[0], rng)
        g.apply(action)
        check_step(before, action, g)
        check_invariants(g, conserved=False)
        steps += 1

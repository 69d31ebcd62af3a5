"""Property tests: random Matterhorn playouts (2-4 players, hard summit on/off) keep every invariant.

Hypothesis draws the options and a seed; actions are then chosen with an ``Rng`` from that seed, so each
example is one reproducible game. ``derandomize=True`` keeps CI stable.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pygames.core.match import Match
from pygames.core.record import Record
from pygames.core.rng import Rng
from pygames.matterhorn.actions import Place
from pygames.matterhorn.data import CIRCLES, DICE, ROW_WIDTHS, ROWS, SUMMIT, TOKENS
from pygames.matterhorn.game import ACT, BONUS, CONSOLE, DECIDE, OVER, PLACE, RESTOCK, SETUP, Matterhorn

from .helpers import token_count

PROPS = settings(derandomize=True, max_examples=24, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MAX_PLIES = 30000


@st.composite
def games(draw: st.DrawFn) -> tuple[dict, str]:
    options = {"players": draw(st.integers(2, 4)), "hard": draw(st.booleans())}
    return options, f"p{draw(st.integers(0, 2**32 - 1))}"


def check_invariants(g: Matterhorn) -> None:
    # MH-R5: one piece per circle, and the board agrees with the climbers' positions
    on_grid = {}
    for seat, team in enumerate(g.climbers):
        if g.phase == SETUP and not team:
            continue
        assert len(team) == 2
        for spot in team:
            if spot != SUMMIT:
                assert spot not in on_grid, "two climbers on one circle"
                on_grid[spot] = seat
    assert {c: v for c, v in g.board.items() if isinstance(v, int)} == on_grid
    assert set(g.board) <= set(CIRCLES)
    # MH-R3: token conservation, 40 = pool + board
    assert token_count(g) == TOKENS and g.pool >= 0
    # this turn's action tokens are exactly the 'a' tokens; one per used row
    actions_on_board = sorted(c for c, v in g.board.items() if v == "a")
    if g.phase != OVER:
        assert actions_on_board == sorted(g.turn_tokens)
        assert g.in_play + len(g.aside) == DICE and g.in_play >= 1  # MH-R26
        assert len(set(g.rows_used)) == len(g.rows_used)
        if g.phase in (PLACE, BONUS, DECIDE, ACT):
            assert [c[0] for c in g.turn_tokens] == g.rows_used
    if g.phase in (PLACE, CONSOLE, RESTOCK) and not g.rows_used and not g.aside:  # a turn just started
        for row in ROWS:  # MH-R23: no full row keeps a token
            cells = [g.board.get((row, i)) for i in range(ROW_WIDTHS[row])]
            assert not (all(v is not None for v in cells) and any(isinstance(v, str) for v in cells))
        assert (g.phase == RESTOCK) == (g.pool == 0)  # MH-R24
    if g.phase == DECIDE:
        assert ("R" in [str(a) for a in g.legal_actions()]) == (g.pool > 0)
    if g.phase == OVER:
        assert g.winner is not None and g.summit_count(g.winner) == 2
    else:
        assert all(g.summit_count(s) < 2 for s in range(g.players))


def playout(options: dict, seed: str) -> Matterhorn:
    g = Matterhorn.new(options, seed)
    rng = Rng(f"moves:{seed}")
    check_invariants(g)
    for _ in range(MAX_PLIES):
        if g.is_over():
            break
        seat = g.to_move()[0]
        actions = g.legal_actions(seat)
        assert actions, "a seat to move always has an action"
        action = actions[rng.below(len(actions))]
        g.check(action)
        before_pool = g.pool
        g.apply(action, checked=False)
        if isinstance(action, Place):
            assert g.pool == before_pool - 1
        check_invariants(g)
    return g


@PROPS
@given(games())
def test_random_playouts_keep_invariants_and_end(game: tuple[dict, str]) -> None:
    """Random playouts never crash, keep MH-R5/R3/R23/R24/R26 invariants, and end with a winner (MH-R27)."""
    options, seed = game
    g = playout(options, seed)
    assert g.is_over(), f"no winner after {MAX_PLIES} plies"
    result = g.result()
    assert result is not None and result.ranking[0] == [g.winner]
    assert sum(g.payoffs()) == 1.0


@settings(derandomize=True, max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_records_replay_to_identical_state(game: tuple[dict, str]) -> None:
    """Options + seed + action texts replay (through the link text and through Match) to the same state."""
    options, seed = game
    g = playout(options, seed)
    record = Record.parse(Record.of(g).to_fragment())
    for cut in (len(g.history), len(g.history) // 2):
        again = record.replay(cut)
        assert again.history == g.history[:cut]
    assert record.replay().state_json() == g.state_json()
    assert Match(record).game.state_json() == g.state_json()

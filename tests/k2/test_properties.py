"""Property tests: random K2 playouts (1-5 players, both sides, both weather sets, family on/off) keep every
invariant, views leak nothing, and records replay.

Hypothesis draws the options and a seed; actions are then chosen with an ``Rng`` from that seed, so each
example is one reproducible game. ``derandomize=True`` keeps CI stable.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pygames.core.bots import make_bot
from pygames.core.match import Match
from pygames.core.record import Record
from pygames.core.rng import Rng
from pygames.k2.actions import Choose, card_key
from pygames.k2.data import DECK
from pygames.k2.game import ACT, K2, OVER

from .helpers import all_cards

PROPS = settings(derandomize=True, max_examples=24, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def games(draw: st.DrawFn) -> tuple[dict, str]:
    players = draw(st.integers(1, 5))
    options = {
        "players": players,
        "side": draw(st.sampled_from(["E", "H"])),
        "weather": draw(st.sampled_from(["SUM", "WIN"])),
        "family": draw(st.booleans()),
        "cap5": draw(st.sampled_from(["standard", "easy"])),
        "first": draw(st.integers(0, players - 1)),
    }
    return options, f"p{draw(st.integers(0, 2**32 - 1))}"


def check_invariants(g: K2) -> None:
    for s in range(g.players):
        assert all_cards(g, s) == sorted(DECK), "K2-R2/R37: cards conserved per seat"
    for space in g.spaces:
        cap = g.cap(space)
        if cap is not None:
            assert len(g.occupants(space)) <= cap, f"K2-R19: {space} over capacity"
    for mover in [None] + [(s, c) for s in range(g.players) for c in g.on_board(s)]:
        full = g.full_spaces(mover)  # K2-R19/R20, all spaces at once: the bots' shortcut for has_room
        assert all((space in full) == (not g.has_room(space, mover)) for space in g.spaces)
    assert all(g.entry_costs()[space] == g.spaces[space].cost + g.today().surcharge_in(g.spaces[space].zone)
               for space in g.spaces), "K2-R18: entry cost"
    if g.phase != ACT:
        for team in g.climbers:
            for cl in team.values():
                if cl["alive"]:
                    assert cl["level"] <= 6, "K2-R32: level capped after phase 4"
    movers = g.to_move()
    assert (g.phase == OVER) == (not movers)
    for team in g.climbers:
        for cl in team.values():
            assert cl["alive"] == (cl["space"] is not None)
            if cl["summit"] is not None:
                assert cl["vp"] == 10


def twin(g: K2, seat: int, rng: Rng) -> K2:
    """The same game for ``seat`` with every hidden part changed: others' hands and secret choices,
    draw-pile orders, face-down tokens and tiles, the generator, and the seed (which recreates the deal)."""
    t = g.copy()
    t.seed = g.seed + "-twin"
    for s in range(t.players):
        if s == seat:
            rng.shuffle(t.draw[s])
            continue
        cards = list(t.hands[s]) + list(t.draw[s]) + list(t.pending[s] or ())
        rng.shuffle(cards)
        if t.pending[s] is not None:
            t.pending[s], cards = tuple(sorted(cards[:3], key=card_key)), cards[3:]
            if s in t.pending_index:  # the record holds the (different) secret choice
                t.history[t.pending_index[s]] = str(Choose(s, t.pending[s]))
        k = len(t.hands[s])
        t.hands[s], t.draw[s] = sorted(cards[:k]), cards[k:]
    vis = t.visible_tiles()
    hidden = t.tiles[vis:]
    rng.shuffle(hidden)
    t.tiles = t.tiles[:vis] + hidden
    rng.shuffle(t.risk_stack)
    t.rng = Rng(rng.next_u64())
    return t


def check_no_leak(g: K2, seat: int, bots: tuple[str, ...] = ("random", "heuristic")) -> None:
    other = twin(g, seat, Rng(f"twin{len(g.history)}"))
    va, vb = g.view(seat), other.view(seat)
    assert va.state_json() == vb.state_json()
    inside = ("hands", "draw", "pending", "tiles", "risk_stack", "history", "seed")
    assert [getattr(va, k) for k in inside] == [getattr(vb, k) for k in inside]
    assert va.rng.state == vb.rng.state
    if seat in g.to_move():
        la = [str(a) for a in va.legal_actions(seat)]
        assert la == [str(a) for a in vb.legal_actions(seat)]
        for spec in bots:
            a = make_bot(spec).choose(g, seat, Rng("same"))
            b = make_bot(spec).choose(other, seat, Rng("same"))
            assert str(a) == str(b), f"{spec} decided differently on hidden information"


@PROPS
@given(games())
def test_playouts_keep_invariants(case: tuple[dict, str]) -> None:
    """K2-R1..R48 invariants over random playouts: never crash, capacities, levels <= 6 after phase 4,
    cards conserved, VP never decrease except by death or rescue, views leak nothing."""
    options, seed = case
    g = K2.new(options, seed)
    rng = Rng(seed)
    check_invariants(g)
    steps = 0
    while not g.is_over():
        seat = g.to_move()[0]
        legal = g.legal_actions(seat)
        assert legal, "a seat to move always has a legal action"
        action = legal[rng.below(len(legal))]
        assert g.parse_action(str(action)) == action
        g.check(action)
        before = [{c: (cl["vp"], cl["alive"]) for c, cl in team.items()} for team in g.climbers]
        cards_before = list(g.rescue_card)
        g.apply(action, checked=False)
        for s, team in enumerate(g.climbers):
            for c, cl in team.items():
                vp, _ = before[s][c]
                if cl["vp"] < vp:
                    assert not cl["alive"] or (cards_before[s] and not g.rescue_card[s]), "VP dropped"
        check_invariants(g)
        steps += 1
        if steps % 40 == 0 and g.players > 1:
            for s in range(g.players):
                check_no_leak(g, s)
    assert g.result() is not None and len(g.payoffs()) == g.players
    assert sorted(s for group in g.result().ranking for s in group) == list(range(g.players))


@settings(derandomize=True, max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_records_replay(case: tuple[dict, str]) -> None:
    """A played game's record (options + seed + action texts) replays to the identical state."""
    options, seed = case
    g = K2.new(options, seed)
    rng = Rng(seed)
    while not g.is_over() and len(g.history) < 150:
        g.apply(g.random_action(g.to_move()[0], rng), checked=False)
    record = Record.parse(Record.of(g).to_fragment())
    assert record.replay().state_json() == g.state_json()
    match = Match(record)
    assert match.game.state_json() == g.state_json()
    assert match.undo() == 1 and match.game.state_json() == Record.of(g).replay(len(g.history) - 1).state_json()


@settings(derandomize=True, max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_a_copy_goes_its_own_way(case: tuple[dict, str]) -> None:
    """A copy (a bot's sample, a replay's checkpoint) and its original share nothing that changes: playing the
    copy on, penalty points spent included (K2-R28: their log is public), leaves the original as it was, and the
    other way round."""
    options, seed = case
    g = K2.new(options, seed)
    rng = Rng(seed)

    def play_on(game: K2, moves: int) -> None:
        for _ in range(moves):
            if game.is_over():
                return
            game.apply(game.random_action(game.to_move()[0], rng), checked=False)

    while not g.is_over():
        if rng.below(8) == 0:
            before = g.state_json()
            copy = g.copy()
            play_on(copy, 30)
            assert g.state_json() == before, "the copy's moves changed its original"
            after = copy.state_json()
            play_on(g, 30)
            assert copy.state_json() == after, "the original's moves changed its copy"
        else:
            play_on(g, 1)


def test_views_leak_nothing_in_phase1_and_for_search() -> None:
    """K2-R47/R48: a pending secret choice and other hands do not change a seat's view or its bots'
    decisions (random, heuristic, search)."""
    g = K2.new({"players": 3}, "leak")
    g.apply(f"s1: choose {' '.join(g.hands[1][:3])}")
    g.apply(f"s2: choose {' '.join(g.hands[2][3:])}")
    check_no_leak(g, 0, ("random", "heuristic", "mcts:i8"))
    rng = Rng("leak")
    while g.phase != ACT:
        g.apply(g.random_action(g.to_move()[0], rng), checked=False)
    for s in range(3):
        check_no_leak(g, s, ("heuristic",) if s != g.to_move()[0] else ("heuristic", "mcts:i8"))

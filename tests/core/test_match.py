"""Match (pygames/core/match.py): replay, refusals, undo and redo, also over bot moves."""

from __future__ import annotations

import pytest

from pygames.core.errors import RecordError, RuleError
from pygames.core.match import CHECKPOINT, Match
from pygames.core.record import Record
from pygames.core.rng import Rng
from pygames.k3.game import K3
from pygames.matterhorn.game import Matterhorn


def record_of(moves: int, players: int = 2, seed: str = "match") -> Record:
    g = K3.new({"players": players}, seed)
    rng = Rng(seed)
    while not g.is_over() and len(g.history) < moves:
        g.apply(g.random_action(g.to_move()[0], rng))
    return Record.of(g)


def test_match_replays_and_refuses() -> None:
    rec = record_of(6)
    m = Match(rec)
    assert m.moves == rec.moves and m.record() == rec
    before = (m.game.state_json(), list(m.moves), len(m.snapshots))
    with pytest.raises(RuleError):
        m.apply("P:9.9>1.0")
    assert (m.game.state_json(), list(m.moves), len(m.snapshots)) == before
    bad = Record(rec.game, rec.options, rec.seed, rec.moves[:2] + ["W:sB"])
    with pytest.raises(RecordError, match="move 3"):
        Match(bad)


def test_stepwise_replay_is_the_same_match_one_move_per_step() -> None:
    """The page opens a long link over several tasks: the steps replay one move each, to the same match."""
    rec = record_of(12)
    match, steps = Match.stepwise(rec)
    assert list(steps) == list(range(len(rec.moves) + 1))
    whole = Match(rec)
    assert match.record() == whole.record() and match.game.state_json() == whole.game.state_json()
    assert len(match.snapshots) == len(whole.snapshots) and match.redo_stack == []
    match.apply(whole.game.legal_actions(whole.game.to_move()[0])[0])
    assert match.undo() and match.record() == rec
    bad = Record(rec.game, rec.options, rec.seed, rec.moves[:2] + ["W:sB"])
    _, steps = Match.stepwise(bad)
    assert [next(steps) for _ in range(3)] == [0, 1, 2]
    with pytest.raises(RecordError, match="move 3"):
        next(steps)


def test_a_replayed_long_game_keeps_every_state_and_undoes_across_checkpoints() -> None:
    """Opening a link copies a state only every CHECKPOINT moves; every state in between is still there,
    the same as move-by-move play gives, whichever is read first, and undo/redo walk through them."""
    g = Matterhorn.new({"players": 3}, "checkpoints")
    rng = Rng("checkpoints")
    while len(g.history) < 3 * CHECKPOINT + 5:
        g.apply(g.random_action(g.to_move()[0], rng))
    rec = Record.of(g)
    played = [Record(rec.game, rec.options, rec.seed, rec.moves[:n]).replay().state_json()
              for n in range(len(rec.moves) + 1)]
    m = Match(rec)
    assert m.snapshots[CHECKPOINT + 3].state_json() == played[CHECKPOINT + 3]  # one in the middle first
    assert [s.state_json() for s in m.snapshots] == played
    assert [m.snapshots.to_move(i) for i in range(len(played))] == [tuple(s.to_move()) for s in m.snapshots]
    m = Match(rec)
    for n in range(len(rec.moves) - 1, CHECKPOINT - 3, -1):  # undo through a checkpoint, unread states first
        assert m.undo() == 1 and m.game.state_json() == played[n] and len(m.moves) == n
    while m.redo():
        pass
    assert m.record() == rec and m.game.state_json() == played[-1]


def test_undo_redo_single_steps() -> None:
    m = Match(record_of(8))
    states = [s.state_json() for s in m.snapshots]
    assert m.undo() == 1 and m.undo() == 1
    assert m.game.state_json() == states[-3] and m.can_redo()
    assert m.redo() == 1 and m.game.state_json() == states[-2]
    m.apply(m.redo_stack[-1])
    assert not m.can_redo() and m.game.state_json() == states[-1]
    while m.undo():
        pass
    assert m.moves == [] and not m.can_undo()


def test_undo_redo_over_bot_moves() -> None:
    """With seat 1 a bot, undo goes back to the last position where seat 0 had to decide."""
    m = Match(record_of(14, players=2, seed="bots"))

    def human(seat: int) -> bool:
        return seat == 0

    target = max(i for i, g in enumerate(m.snapshots[:-1]) if 0 in g.to_move())
    taken = m.undo(human)
    assert taken == len(m.snapshots) + taken - 1 - target and 0 in m.game.to_move()
    assert m.redo(human) >= 1
    assert 0 in m.game.to_move() or m.game.is_over() or not m.can_redo()


def test_stepwise_builds_a_new_games_tables_a_step_at_a_time():
    """Opening a Blokus 3D link spreads the one slow part of a new game, its structure's placement table
    (B3D-R7, R8), over the replay's steps: a piece per step, and the same table as built at once."""
    from pygames.blokus3d import geometry

    geometry._LAYOUTS.pop(("C", 3), None)
    record = Record.new("blokus3d", {"players": 3, "structure": "C"}, "steps")
    match, steps = Match.stepwise(record)
    taken = list(steps)
    assert taken == [0] * (len(geometry.PIECES) + 1)  # a step per piece, then the start position
    built = geometry._LAYOUTS[("C", 3)]
    assert match.game.layout is built
    whole = geometry.Layout("C", 3)
    assert [p.cubes for p in built.placements] == [p.cubes for p in whole.placements]
    assert built.by_piece == whole.by_piece and built.index == whole.index
    _, again = Match.stepwise(record)
    assert list(again) == [0]  # built once per process

"""The replay (shell/model/replay.py, shell/screens/replay.py), "Play from here" (shell/model/fork.py) and K2's hidden
information in a replay, in CPython: every position drawn is CPython's state after that many moves, nothing
can be played on an earlier one, a fork's record is the game's first moves, and at every position of a live
hot-seat K2 game no other hand's secret card is in the markup."""

from __future__ import annotations

import re
from html import escape as html_escape

import pytest
from games import GAMES, view_class
from plays import attrs_of, default_players, new_play
from shell.contract.view import CHANGED, MOVED, NOTHING
from shell.model import fork
from shell.model.session import Session
from shell.screens import game as screen
from shell.screens.new_game import render_new_game
from shell.screens.replay import replay_bar

from pygames.core.bots import HeuristicBot, bot_rng
from pygames.core.errors import RecordError
from pygames.core.match import Match
from pygames.core.record import Record
from pygames.k2.game import K2

K2_CODE = re.compile(r"\b(?:M[123]|R1[23]|R23|A[0-3])\b")
# players: each page game's default, but K3 with three and Blokus 3D (default four) with two, for short games
FINISHED = {name: {"k3": 3, "blokus3d": 2}.get(name, default_players(name)) for name in GAMES}


def finished(name: str, players: int, seed: str = "replay", seats: str | None = None) -> Record:
    """A whole game of medium bots, as a record."""
    game = Record.new(name, {"players": players}, seed).replay()
    bot = HeuristicBot()
    while not game.is_over():
        seat = game.to_move()[0]
        game.apply(bot.choose(game, seat, bot_rng(game, seat)))
    return Record.of(game, {"seats": seats or ",".join(["human"] + ["heuristic"] * (players - 1))})


def session_of(record: Record, save_id: str = "orig") -> Session:
    seats = record.extras["seats"].split(",")
    return Session(Match(record), seats, save_id, view_class(record.game))


def root(html: str) -> dict[str, str]:
    return attrs_of(html, "data-at")[0]


@pytest.mark.parametrize("name", FINISHED)
def test_every_position_shown_is_cpythons_state_after_that_many_moves(name):
    record = finished(name, FINISHED[name])
    play = session_of(record)
    total = len(record.moves)
    html = screen.render(play, "http://x/#g")
    assert root(html)["data-at"] == str(total) and 'data-result="1"' in html  # the newest position, its result
    assert play.handle("replay-start", {}) == CHANGED and play.at == 0
    assert play.handle("replay-prev", {}) == NOTHING  # no position before the first
    for _ in range(3):
        play.handle("replay-next", {})
    for at in (3, 1, total // 2, total - 1):
        play.handle("replay-to", {"to": str(at)})
        assert play.at == at and play.moves_shown() == at
        assert play.visible_state().state_json() == record.replay(at).state_json()  # over: nothing hidden
        html = screen.render(play, "http://x/#g", position_link=f"http://x/#g&at={at}")
        attrs = root(html)
        assert attrs["data-at"] == str(at) and attrs["data-moves"] == str(total) and attrs["data-over"] == "1"
        assert attrs["data-link"] == "http://x/#g"  # the game's; the link field holds the position's
        assert f'id="game-link" value="http://x/#g&amp;at={at}"' in html
        assert "data-result" not in html and "Looking back: move" in html
        assert re.search(r'id="move-input"[^>]*disabled', html)  # read-only
        current = re.findall(r'<li data-move="(\d+)" id="log-\d+" class="current" aria-current="step">', html)
        assert current == ([str(at)] if at else [])  # the move log marks the move shown (also an early one)
    assert play.handle("replay-next", {}) == CHANGED and play.at is None  # from the last but one: the newest
    play.handle("replay-prev", {})
    assert play.handle("replay-end", {}) == CHANGED and play.at is None
    assert play.handle("replay-next", {}) == NOTHING
    assert "data-result" not in screen.render(play)  # the result stays closed after a replay


def test_nothing_can_be_played_on_an_earlier_position_and_the_bots_wait():
    play = new_play("k3", view_class("k3"), ["human", "heuristic"], seed="wait")
    for _ in range(4):  # arrangements, then a few moves
        seat = play.game.to_move()[0]
        play.match.apply(HeuristicBot().choose(play.game, seat, bot_rng(play.game, seat)))
    live_human, live_bot = play.human_mover(), play.bot_mover()
    assert (live_human, live_bot) != (None, None)
    play.handle("replay-prev", {})
    assert play.human_mover() is None and play.bot_mover() is None  # read-only, the bots wait
    before = list(play.game.history)
    assert play.type_move("A:RBK") == CHANGED and "earlier position" in play.message
    assert play.handle("key", {"key": "Enter"}) == NOTHING and play.message == ""  # a stray key says nothing
    assert play.game.history == before
    play.handle("replay-end", {})
    assert (play.human_mover(), play.bot_mover()) == (live_human, live_bot)


def test_the_play_button_steps_to_the_newest_position_and_stops():
    play = session_of(finished("matterhorn", 2))
    total = len(play.game.history)
    play.handle("replay-play", {})  # from the newest position: from the start
    assert play.autoplay and play.at == 0
    steps = 0
    while play.autoplay_step():
        steps += 1
    assert steps == total and play.at is None and not play.autoplay
    play.handle("replay-to", {"to": "5"})
    play.handle("replay-play", {})
    assert play.autoplay and play.at == 5
    play.handle("replay-prev", {})  # any other control pauses it
    assert not play.autoplay and play.at == 4
    play.set_speed("2")
    play.set_speed("7")  # not one of the menu's
    assert play.replay_speed == 2.0
    for bad in ("-1", "x", "١", "999999"):
        assert play.handle("replay-to", {"to": bad}) in (NOTHING, CHANGED) and play.at in (0, 4)


def test_the_move_log_shows_the_moves_around_the_position_shown():
    play = session_of(finished("k2", 2))
    total = len(play.game.history)
    play.handle("replay-to", {"to": "3"})
    numbers = [int(n) for n in re.findall(r'<li data-move="(\d+)"', screen.render(play))]
    assert numbers == list(range(30, 0, -1))
    play.handle("replay-to", {"to": "100"})
    numbers = [int(n) for n in re.findall(r'<li data-move="(\d+)"', screen.render(play))]
    assert 100 in numbers and len(numbers) == 30 and max(numbers) < total
    assert 'data-act="replay-to" data-to="100"' in screen.render(play)


@pytest.mark.parametrize("name", FINISHED)
def test_play_from_here_is_the_same_game_with_its_first_moves(name):
    original = finished(name, FINISHED[name])
    play = session_of(original, "orig-id")
    play.handle("replay-to", {"to": "5"})
    values = fork.values(play)
    assert values["fork"] == "orig-id:5" and values["seed"] == original.seed
    form = render_new_game(name, values)
    assert 'data-fork' in form and "Play from move 5" in form and 'href="#play/orig-id"' in form
    assert 'name="fork" value="orig-id:5"' in form and 'id="f-players"' not in form
    fields = {k: v for k, v in re.findall(r'name="([^"]+)" value="([^"]*)"', form)}
    fields.update({f"seat{s}": "human" for s in range(FINISHED[name])})
    assert fork.reference(fields) == ("orig-id", 5)
    new = fork.record(name, fields, original, 5)
    assert new.moves == original.moves[:5] and new.options == original.options and new.seed == original.seed
    assert new.extras["seats"] == ",".join(["human"] * FINISHED[name]) and new.at is None
    assert not Match(new).game.is_over()  # it can be played on
    with pytest.raises(RecordError):
        fork.record(name, fields, original, len(original.moves) + 1)
    with pytest.raises(RecordError):
        fork.reference({"fork": "orig-id:x"})


def undo_button(html: str) -> str:
    return re.search(r'<button[^>]*id="btn-undo"[^>]*>', html).group(0)


def test_undo_does_nothing_on_a_finished_game_from_a_link_until_it_is_played_on_from_a_position():
    """A game that came finished (a link) keeps its moves: Undo is unavailable with its reason (a tap
    says it, aria-disabled), at the newest position and in the replay, where "Play from here" stays; the new game
    played on from a position can be undone as any other. A finished game played here can still be undone."""
    original = finished("k3", 2, seed="undo-link")
    play = session_of(original, "orig-id")
    play.opened_finished = True  # (navigation.py, for a link whose game is over)
    assert play.match.can_undo(play.is_human) and not play.can_undo()
    reason = play.undo_refusal()
    assert "finished game came from a link" in reason and "Play from here" in reason
    button = undo_button(screen.render(play, "http://x/#g", play.can_undo()))
    assert 'aria-disabled="true"' in button and " disabled" not in button
    assert html_escape(reason) in button  # its reason, in its title
    play.handle("replay-to", {"to": "6"})
    html = screen.render(play, "http://x/#g", play.can_undo())
    assert 'aria-disabled="true"' in undo_button(html) and 'id="btn-fork"' in html  # played on from here
    values = fork.values(play)
    fields = {**values, **{f"seat{s}": kind for s, kind in enumerate(play.seats)}}
    new = fork.record("k3", fields, original, 6)
    forked = Session(Match(new), play.seats, "new-id", view_class("k3"))
    assert forked.can_undo() and not forked.undo_refusal()
    button = undo_button(screen.render(forked, "http://x/#g", forked.can_undo()))
    assert "disabled" not in button and "title=" not in button
    here = session_of(original)  # the same game, finished here: Undo as ever
    assert here.can_undo() and 'disabled' not in undo_button(screen.render(here, "http://x/#g", here.can_undo()))


def test_a_finished_game_from_a_link_stays_as_it_came_in_its_save():
    """The mark "came finished from a link" is kept in the game's save, so that a reload (which
    resumes the save) leaves Undo as unavailable as before; older saves, without it, undo as they did."""
    from shell.model import saves

    store = saves.Store(saves.MemoryStorage())
    link = finished("k3", 2, seed="kept-link").to_fragment()
    store.save(saves.SavedGame(id="kept", game="k3", link=link, updated=1.0, over=True, kept=True))
    store.save(saves.SavedGame(id="played", game="k3", link=link, updated=1.0, over=True))
    assert store.load("kept").kept and not store.load("played").kept


def test_the_result_dialog_offers_replay_from_the_start_or_the_last_move():
    """The result dialog's "Replay" closes it and opens the replay: at the first position for a game
    that came finished from a link (its moves were never seen here), just before the last move for a game that
    ended here (→ shows it again)."""
    record = finished("matterhorn", 2, seed="result-replay")
    total = len(record.moves)
    for came_finished, at in ((True, 0), (False, total - 1)):
        play = session_of(record)
        play.opened_finished = came_finished
        html = screen.render(play, "http://x/#g")
        dialog = re.search(r'<dialog[^>]*data-result="1".*?</dialog>', html, re.S).group(0)
        assert re.search(r'<button type="button" data-act="replay-result" id="btn-replay-result">Replay</button>',
                         dialog)
        assert play.handle("replay-result", {}) == CHANGED
        assert play.at == at and not play.autoplay
        html = screen.render(play, "http://x/#g")
        assert 'data-result="1"' not in html and root(html)["data-at"] == str(at) and 'id="replay-more"' in html


# -- K2: hidden information in a replay --------------------------------------------------------------


def public_codes(game: K2, viewer: int) -> set[str]:
    """Cards the viewer may know in ``game``: its own hand and choice, discards, revealed choices, and
    every card named in the history as the viewer sees it."""
    seen = game.view(viewer)
    public = set(game.hands[viewer]) | set(game.pending[viewer] or ())
    for s in range(game.players):
        public |= set(game.discard[s]) | set(game.revealed[s] or ())
    for text in seen.history:
        public |= set(K2_CODE.findall(text))
    return public


def other_hands(game: K2, viewer: int) -> set[str]:
    out: set[str] = set()
    for s in range(game.players):
        if s != viewer:
            out |= set(game.hands[s]) | set(game.pending[s] or ())
    return out


def hot_seat_game(rounds: int) -> Session:
    """Two humans at one device, each move made by the seat holding the device (medium bots' choices)."""
    play = new_play("k2", view_class("k2"), ["human", "human"], seed="replay-secret")
    bot = HeuristicBot()
    while play.game.round <= rounds:
        game = play.game
        seat = game.to_move()[0]
        play.holder = seat
        assert play.apply(bot.choose(game.view(seat), seat, bot_rng(game, seat))) == MOVED
    for seat in range(2):  # on into the next day's secret choice: seat 0 has chosen, seat 1 not yet
        game = play.game
        if seat in game.to_move() and seat == 0:
            play.holder = 0
            play.apply(bot.choose(game.view(0), 0, bot_rng(game, 0)))
    return play


def test_a_live_hot_seat_replay_shows_each_seat_only_what_it_saw_then():
    play = hot_seat_game(rounds=2)
    live = play.game
    assert isinstance(live, K2) and not live.is_over() and live.pending[0] is not None and live.pending[1] is None
    total = len(live.history)
    for viewer in (0, 1):
        play.holder = viewer
        now_public = public_codes(live, viewer)
        for at in range(total + 1):
            play.go_to(at)
            state = play.match.snapshots[at]
            seen = play.visible_state()
            assert seen.history == state.view(viewer).history and seen.hands[viewer] == state.hands[viewer]
            html = screen.render(play, "http://x/#secret")
            secret = other_hands(state, viewer) - public_codes(state, viewer) - now_public
            leaked = set(K2_CODE.findall(html)) & secret
            assert not leaked, (viewer, at, leaked)
            if viewer == 1:  # seat 0's choice of today, still secret
                assert f"s0: choose {' '.join(live.pending[0])}" not in html
            assert "k2-all-hands" not in html
            assert not K2_CODE.findall(replay_bar(play))  # (its pictures' paths read like no card)
        play.go_to(total)
    # a new game from a position where seat 0's choice is secret: humans only, at this device
    play.holder = 0
    play.go_to(total)
    assert play.hidden_choice_at(total) and not play.hidden_choice_at(0)
    play.go_to(total - 1)  # (seat 0's choice not made yet: nothing secret)
    assert not play.hidden_choice_at(total - 1)
    original = play.match.record()
    fields = {"fork": f"x:{total}", "seat0": "human", "seat1": "heuristic"}
    with pytest.raises(RecordError, match="secret"):
        fork.record("k2", fields, original, total)
    assert fork.record("k2", {**fields, "seat1": "human"}, original, total).moves == original.moves
    assert fork.record("k2", fields, original, total - 1).moves == original.moves[:-1]
    play.at = None
    values = fork.values(play)
    assert values["fork-hot-seat"] == "1" and values["seat1"] == "human"
    form = render_new_game("k2", values)
    assert 'value="heuristic"' not in form and "secret" in form
    assert " ".join(live.pending[0]) not in form  # the form holds no record


def test_once_the_game_is_over_a_replay_shows_every_hand_and_choice():
    record = finished("k2", 2, seed="replay-hands", seats="human,human")
    play = session_of(record)
    assert play.viewer() is None
    for at in (5, 6, 40, len(record.moves) - 1):
        play.go_to(at)
        state = record.replay(at)
        html = screen.render(play)
        for seat in range(2):
            block = re.search(rf'<div class="k2-seat-hand" data-hand-seat="{seat}"[^>]*>(.*?)</div></div>', html)
            assert block, (at, seat)
            drawn = re.findall(r'<span class="code">(\w+)</span>', block.group(0))
            assert drawn == [*(state.pending[seat] or ()), *state.hands[seat]], (at, seat)
    # a fork of a finished game: free (nothing is hidden any more)
    assert not play.hidden_choice_at(5)
    assert not fork.needs_hot_seat(record, 5)

"""The shell's *Hint* (web/app/shell/model/hints.py), under CPython: in every game the hint is the hard bot's move
from the same position and seed, thought on the seat's view; it is marked on the board, listed with its worth,
played by *Play it*, and kept in the record (``hints``, ``hinted``): its link, its save and the move list."""

from __future__ import annotations

import json
import re

import games
import pytest
from shell.bots import thinker
from shell.contract.markup import esc
from shell.contract.view import CHANGED, MOVED
from shell.model import players
from shell.model.hints import HINT_KIND
from shell.model.session import Session
from shell.screens import game as screen
from shell.screens.replay import move_log

from pygames.core import bots
from pygames.core.bots import HeuristicBot, bot_rng
from pygames.core.match import Match
from pygames.core.record import Record


class Ticks:
    """A clock for the hard bot's time budget that moves 5 ms a reading: its search is the same every run (and
    short: a second's budget is 200 readings)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.005
        return self.now


@pytest.fixture
def steady_search(monkeypatch):
    """The hard bot's budget counted on ``Ticks`` (its search then repeats exactly: a hint and a bot turn agree)."""
    original = bots.MCTSBot.__init__

    def init(self, *args, **kwargs):
        kwargs.setdefault("clock", Ticks())
        original(self, *args, **kwargs)

    monkeypatch.setattr(bots.MCTSBot, "__init__", init)


# a position where a human is to move and the hard bot weighs several moves (options, seed, medium moves first)
POSITIONS = {
    "k3": ({"players": 2}, "hint-k3", 4),
    "k2": ({"players": 2}, "hint-k2", 1),
    "matterhorn": ({"players": 2}, "hint-mh", 6),
    "blokus3d": ({"players": 2}, "hint-b3d", 2),
}


def position(name: str) -> Session:
    """The game ``name`` after a few medium-bot moves: a human to move, medium bots at the other seats."""
    options, seed, count = POSITIONS[name]
    game = Record.new(name, options, seed).replay()
    medium = HeuristicBot()
    while len(game.history) < count:
        seat = game.to_move()[0]
        game.apply(medium.choose(game, seat, bot_rng(game, seat)))
    record = Record(name, dict(game.options), seed, list(game.history), {})
    mover = game.to_move()[0]
    seats = [players.HUMAN if s == mover else "heuristic" for s in range(game.players)]
    return Session(Match(record), seats, "test", games.view_class(name))


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_the_hint_is_the_hard_bots_move_marked_weighed_played_and_kept(name, steady_search):
    play = position(name)
    seat = play.human_mover()
    assert seat is not None and play.hint_possible()
    html = screen.render(play)
    assert 'data-act="hint"' in html

    # asked: the page's bots think it (the same thinking as a bot's turn, on the seat's view)
    assert play.handle("hint", {}) == CHANGED and play.hinting == seat
    assert "Thinking of a hint" in screen.render(play)
    fragment = play.match.record().to_fragment()
    answer = json.loads(thinker.think(fragment, seat, HINT_KIND))
    game = play.game
    hard = players.make_bot(HINT_KIND).choose(game, seat, bot_rng(game, seat))
    assert answer["action"] == str(hard), "the hint is not the hard bot's move"
    assert answer["weighed"] and answer["weighed"][0][0] == answer["action"]
    assert all(0.0 <= value <= 1.0 for _text, value in answer["weighed"])

    moves = len(game.history)
    assert play.hint_thought(seat, moves, answer["action"], tuple(map(tuple, answer["weighed"])))
    assert play.hints == 1 and play.hinting is None
    html = screen.render(play)
    panel = html[html.index('id="hint-panel"'):]
    assert f'data-hint="{esc(answer["action"])}"' in panel and 'data-act="hint-play"' in panel
    assert "% to win" in panel  # its worth, in words
    # marked on the board (or, for a card choice, as the player's own pick would be)
    assert re.search(r'class="[^"]*\bhinted\b', html), "the hint's move is not marked on the board"

    # Play it: the hinted move is played, and the record says so (link, save, move list)
    assert play.handle("hint-play", {}) == MOVED
    assert str(play.game.history[-1]) == answer["action"]
    assert play.hinted_moves() == {moves + 1}
    link = play.match.record().to_link("https://example.org/")
    assert f"hinted={moves + 1}" in link and "hints=1" in link
    again = Record.parse(link.split("#", 1)[1])
    assert again.extras["hinted"] == str(moves + 1)
    assert "(as hinted)" in move_log(play)
    assert play.shown_hint() is None and 'data-hint="' not in screen.render(play)


def test_a_hint_for_a_position_that_is_gone_is_dropped_and_undo_drops_its_mark():
    play = position("k3")
    seat = play.human_mover()
    play.handle("hint", {})
    legal = play.legal_moves() or []
    other = str(legal[-1])
    # the player moved meanwhile: the answer is for another position
    assert play.apply(legal[0]) == MOVED and play.hinting is None
    assert not play.hint_thought(seat, len(play.game.history) - 1, other, ((other, 0.5),))
    assert play.hints == 0
    while (bot := play.bot_mover()) is not None:  # (the medium bot's turn)
        play.apply_bot(HeuristicBot().choose(play.game, bot, bot_rng(play.game, bot)))
    # a hint shown, then the player plays it themselves (not with Play it): still a hinted move
    seat = play.human_mover()
    play.handle("hint", {})
    text = str((play.legal_moves() or [])[0])
    assert play.hint_thought(seat, len(play.game.history), text, ((text, 0.6),))
    assert "Its worth: 60 % to win" in screen.render(play)
    assert play.type_move(text) == MOVED and play.hinted_moves() == {len(play.game.history)}
    # Undo takes the move back, and its mark with it
    play.undo()
    assert play.hinted_moves() == frozenset() and "hinted" not in play.match.extras
    assert play.hints == 1  # (a hint seen stays counted)


def test_the_key_h_asks_for_a_hint_at_a_desk():
    play = position("k2")
    assert "<kbd>H</kbd>" in screen.render(play) and "the hard bot’s move, when it is your turn" in screen.render(play)
    assert play.handle("key", {"key": "h"}) == CHANGED and play.hinting == play.human_mover()
    play.touch = True
    assert "<kbd>H</kbd>" not in screen.render(play)


def test_close_hides_the_hint_and_asking_again_shows_the_same_one_uncounted():
    play = position("matterhorn")
    seat = play.human_mover()
    play.handle("hint", {})
    text = str((play.legal_moves() or [])[0])
    play.hint_thought(seat, len(play.game.history), text, ((text, 0.4),))
    assert play.handle("hint-close", {}) == CHANGED
    assert play.shown_hint() is None and play.view.hint_shown is None
    assert play.handle("hint", {}) == CHANGED and play.hinting is None
    assert play.shown_hint() is not None and play.hints == 1


def test_no_hint_for_a_bot_in_a_replay_or_after_the_end():
    play = position("k3")
    play.seats[play.human_mover()] = "heuristic"
    assert not play.hint_possible() and 'data-act="hint"' not in screen.render(play)
    play = position("k3")
    play.go_to(1)
    assert not play.hint_possible()


def test_k2_solo_says_the_score_a_move_leads_to():
    record = Record.new("k2", {"players": 1}, "hint-solo")
    play = Session(Match(record), [players.HUMAN], "test", games.view_class("k2"))
    assert play.view.worth(0.7) == "about 14.0 VP"
    assert play.view.worth(0.5).startswith("about 10")


def test_the_solitaire_keeps_its_solvers_hint():
    record = Record.new("blokus3d", {"players": 1, "size": 3}, "hint-cube")
    play = Session(Match(record), [players.HUMAN], "test", games.view_class("blokus3d"))
    assert play.view.own_hint() and not play.hint_possible()
    assert 'id="btn-hint"' not in screen.render(play)
    assert 'id="b3d-hint"' in screen.render(play)

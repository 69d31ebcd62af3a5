"""The shell (web/app/shell): hand-off between humans, what a seat sees, the move box, words, results."""

from __future__ import annotations

import re

import pytest
from games.k3 import view as k3_view
from games.matterhorn import view as mh_view
from shell.contract.view import CHANGED, MOVED, NOTHING, GameView
from shell.model.session import Session
from shell.screens import game as screen

from pygames.core.bots import HeuristicBot, bot_rng
from pygames.core.game import Game
from pygames.core.match import Match
from pygames.core.record import Record
from pygames.k2.game import K2


class SecretsView(GameView):
    """A stand-in view for a game with secrets (K2): draws the hand of the seat it is given."""

    drawn: list[tuple[int | None, tuple]] = []

    def board(self, state: Game, seat: int | None) -> str:
        assert isinstance(state, K2)
        hand = tuple(state.hands[seat]) if seat is not None else ()
        SecretsView.drawn.append((seat, hand))
        return f'<div class="hand" data-hand="{" ".join(hand)}">HAND {" ".join(hand)}</div>'

    def actor(self, before: Game, text: str) -> int:
        return int(text[1 : text.index(":")])


def k2_play(seats: list[str], seed: str = "handoff") -> Session:
    record = Record.new("k2", {"players": len(seats)}, seed)
    return Session(Match(record), seats, "test", SecretsView)


def text_and_attrs(html: str) -> str:
    return html  # markup: visible text and every attribute value


def test_k2_hides_information():
    assert K2.hides_information is True
    assert not getattr(Record.new("k3", {"players": 2}, "x").replay(), "hides_information", False)


def test_handoff_between_two_humans_shows_nothing_private():
    """K2-R47/R48 on one device: the hand-off screen comes first and draws no seat's cards."""
    play = k2_play(["human", "human"])
    game = play.game
    hands = [list(game.hands[0]), list(game.hands[1])]
    SecretsView.drawn.clear()
    html = screen.render(play, "http://x/#k2?secret", True, False)
    assert play.handoff_seat() == 0
    assert 'data-act="handoff"' in html and "Pass the device to Player 1 — ready?" in html
    assert 'data-handoff="1"' in html and 'data-human-turn="1"' not in html
    assert SecretsView.drawn == []  # the board was not drawn at all
    assert "k2?secret" not in html and 'id="game-link"' not in html and 'data-act="copy"' not in html
    assert 'id="move-input"' not in html
    # typing a move is refused until the device is taken
    assert play.type_move("s0: choose " + " ".join(hands[0][:3])) == CHANGED
    assert play.message.startswith("First pass the device") and game.history == []
    assert play.handle("handoff", {}) == CHANGED
    html = screen.render(play, "http://x/#k2?secret", True, False)
    assert SecretsView.drawn == [(0, tuple(hands[0]))]
    assert f'data-hand="{" ".join(hands[0])}"' in html and 'data-viewer="0"' in html
    # a link holds every seat's choices: hidden while a secret choice is pending
    assert play.type_move("s0: choose " + " ".join(hands[0][:3])) == MOVED
    assert play.handoff_seat() == 1
    html = screen.render(play, "http://x/#k2?secret", True, False)
    assert "Pass the device to Player 2 — ready?" in html
    assert "HAND" not in html and "s0: choose" not in html  # neither hand nor seat 0's choice
    assert 'data-link=""' in html
    play.handle("handoff", {})
    html = screen.render(play, "http://x/#k2?secret", True, False)
    assert SecretsView.drawn[-1] == (1, tuple(hands[1]))
    assert "(hidden)" in html and " ".join(hands[0][:3]) not in re.sub(r'data-hand="[^"]*"', "", html)
    assert 'id="link-hidden"' in html and 'data-link=""' in html


def test_one_human_against_bots_needs_no_handoff_and_bots_choose_first():
    play = k2_play(["human", "heuristic", "heuristic"])
    assert play.handoff_seat() is None
    assert play.bot_mover() == 1 and play.human_mover() is None  # bots choose at once, first
    while (seat := play.bot_mover()) is not None:
        play.apply_bot(HeuristicBot().choose(play.game, seat, bot_rng(play.game, seat)))
    assert play.human_mover() == 0 and play.viewer() == 0
    html = screen.render(play, "http://x/#k2?secret", True, False)
    assert "data-act=\"handoff\"" not in html
    assert play.link_hidden()  # the bots' choices are in the record, not in seat 0's view
    assert 'data-link=""' in html


def test_perfect_information_games_never_hand_off():
    for name, view in (("k3", k3_view.View), ("matterhorn", mh_view.View)):
        record = Record.new(name, {"players": 2}, "x")
        play = Session(Match(record), ["human", "human"], "t", view)
        assert play.handoff_seat() is None and not play.link_hidden()
        html = screen.render(play, "http://x/#link", False, False)
        assert 'data-act="handoff"' not in html and 'data-link="http://x/#link"' in html


def test_all_bot_k2_shows_everything():
    play = k2_play(["heuristic", "heuristic"])
    assert play.viewer() is None and not play.link_hidden()


def test_status_seat_names_and_result_titles():
    record = Record.new("matterhorn", {"players": 2}, "names")
    play = Session(Match(record), ["human", "heuristic"], "t", mh_view.View)
    assert play.seat_name(0) == "Red (you)" and play.seat_name(1) == "Blue (medium bot)"
    while not play.game.is_over():
        seat = play.game.current
        play.match.apply(HeuristicBot().choose(play.game, seat, bot_rng(play.game, seat)))
    winner = play.game.result().winner
    assert play.result_title() == ("You win!" if winner == 0 else "Blue (medium bot) wins!")
    html = screen.render(play)
    assert "Blue has both climbers on the summit" in html or "Red has both climbers on the summit" in html
    assert 'id="btn-rematch"' in html


def test_move_log_newest_first_and_show_all():
    record = Record.new("matterhorn", {"players": 2}, "log")
    play = Session(Match(record), ["human", "human"], "t", mh_view.View)
    for _ in range(45):
        seat = play.game.current
        play.match.apply(HeuristicBot().choose(play.game, seat, bot_rng(play.game, seat)))
    html = screen.render(play)
    numbers = [int(n) for n in re.findall(r'<li data-move="(\d+)"', html)]
    assert numbers == list(range(45, 15, -1))  # the newest 30
    assert "Show all 45 moves" in html
    play.handle("log-all", {})
    numbers = [int(n) for n in re.findall(r'<li data-move="(\d+)"', screen.render(play))]
    assert numbers == list(range(45, 0, -1))


@pytest.mark.parametrize("name,view", [("k3", k3_view.View), ("matterhorn", mh_view.View)])
def test_move_box_refuses_nonsense_with_the_engine_reason(name, view):
    record = Record.new(name, {"players": 2}, "box")
    play = Session(Match(record), ["human", "human"], "t", view)
    assert play.type_move("hello") == CHANGED
    assert play.message.startswith("Not allowed:") and play.move_text == "hello"
    html = screen.render(play)
    assert 'role="alert"' in html and 'value="hello"' in html and play.game.history == []
    assert play.type_move("   ") == CHANGED and "Type a move" in play.message


def test_names_of_seats():
    """Players count from 1, humans may be named (inert text), bots say their strength."""
    record = Record.new("matterhorn", {"players": 3}, "named")
    play = Session(Match(record), ["human", "human", "mcts"], "t", mh_view.View, ["Anna", "", ""])
    assert [play.seat_name(s) for s in range(3)] == ["Anna (Red)", "Blue", "Yellow (hard bot)"]
    assert play.seats_text() == "human:Anna,human,mcts"
    record = Record.new("k3", {"players": 2}, "named")
    play = Session(Match(record), ["human", "heuristic"], "t", k3_view.View, ["<b>Bo</b>", ""])
    assert [play.seat_name(s) for s in range(2)] == ["<b>Bo</b> (you)", "Player 2 (medium bot)"]
    html = screen.render(play)
    assert "&lt;b&gt;Bo&lt;/b&gt;" in html and "<b>Bo" not in html


class PointerView(GameView):
    """A stand-in view that records the acts it gets (a view's script sends ``hover``, shell/contract/view.py)."""

    def board(self, state: Game, seat: int | None) -> str:
        return "<p>board</p>"

    def handle(self, act: str, data: dict[str, str]):
        self.got = (act, dict(data))
        return CHANGED


def test_hover_from_a_view_script_is_quiet_like_a_key():
    """``hover`` reaches the view when a human may act and keeps the message; otherwise it says nothing."""
    record = Record.new("matterhorn", {"players": 2}, "hover")
    play = Session(Match(record), ["human", "heuristic"], "test", PointerView)
    while play.human_mover() is None:  # the bot places its climbers first, if it starts
        game = play.game
        play.apply_bot(HeuristicBot().choose(game, game.to_move()[0], bot_rng(game, game.to_move()[0])))
    play.notice("Not allowed: kept")
    assert play.handle("hover", {"x": "3"}) == CHANGED and play.view.got == ("hover", {"x": "3"})
    assert play.message == "Not allowed: kept"
    assert play.handle("cell", {"x": "3"}) == CHANGED and play.message == ""  # a click clears it
    play.seats[play.human_mover()] = "heuristic"  # now nobody here may act
    play.view.got = None
    assert play.handle("hover", {"x": "4"}) == NOTHING and play.view.got is None and play.message == ""
    assert play.handle("cell", {"x": "4"}) == CHANGED and play.message.startswith("Wait:")


def test_a_view_moves_the_focus_only_when_it_asks():
    """``take_focus`` (shell/contract/view.py): "" by default, so the shell keeps the focus where it is."""
    record = Record.new("matterhorn", {"players": 2}, "focus")
    play = Session(Match(record), ["human", "human"], "test", mh_view.View)
    assert play.view.take_focus() == "" and GameView.take_focus(play.view) == ""


def test_every_view_takes_the_state_and_the_legal_moves_from_the_base():
    """``GameView[G]`` defines ``game`` (the seat's view of the state) and ``legal()`` (the
    session's list) once; no game's view redefines them, and each names its engine's class."""
    import typing

    import games

    from pygames.core.registry import get_game

    for name in games.GAMES:
        view = games.view_class(name)
        assert "game" not in vars(view) and "legal" not in vars(view), name
        (base,) = [b for b in view.__orig_bases__ if typing.get_origin(b) is GameView]
        assert typing.get_args(base) == (get_game(name),), name


def counted_legal_actions(monkeypatch, cls) -> list[int]:
    calls = [0]
    ask = cls.legal_actions

    def counting(self, seat=None):
        calls[0] += 1
        return ask(self, seat)

    monkeypatch.setattr(cls, "legal_actions", counting)
    return calls


def test_the_engine_is_asked_for_the_legal_moves_once_per_state(monkeypatch):
    """The session asks ``legal_actions`` once per state and seat; the move box, the board,
    the panels and the hints share that list (K2's phase 3 took 5 calls a render, Blokus 3D's cycling 2)."""
    from games.blokus3d import view as b3d_view
    from games.k2 import view as k2_view
    from plays import new_play

    from pygames.blokus3d.game import Blokus3D
    from pygames.k2.game import ACT

    play = new_play("k2", k2_view.View, ("human", "heuristic"), seed="count-k2")
    while not (play.game.phase == ACT and play.game.current == 0 and not play.game.unassigned):
        game, bot = play.game, play.bot_mover()
        seat = bot if bot is not None else play.human_mover()
        action = HeuristicBot().choose(game.view(seat), seat, bot_rng(game, seat))
        if bot is not None:
            play.apply_bot(action)
        else:
            play.apply(action)
    play.handle("climber", {"climber": play.game.on_board(0)[0]})
    play.legal_open = True
    calls = counted_legal_actions(monkeypatch, K2)
    html = screen.render(play, "http://x/#", True, False)
    assert calls == [1] and 'data-target="1"' in html and 'id="legal-list"' in html
    screen.render(play, "http://x/#", True, False)
    assert calls == [1]  # the same state drawn again

    play = new_play("blokus3d", b3d_view.View, ("human", "heuristic"), seed="count-b3d")
    calls = counted_legal_actions(monkeypatch, Blokus3D)
    play.handle("legal", {})  # L: cycle through the legal placements
    play.legal_open = True
    screen.render(play, "http://x/#", True, False)
    play.handle("next", {})
    screen.render(play, "http://x/#", True, False)
    assert calls == [1] and play.view.cycling
    assert play.handle("place", {}) == MOVED
    screen.render(play, "http://x/#", True, False)
    assert calls == [1]  # a bot is to move: no human's list is asked for


def test_a_refusal_is_a_toast_with_a_close_button_and_a_notice_stays_in_the_column():
    """A refusal is drawn as the toast (``message toast``: fixed in the window by game.css, so the
    board does not move), announced (role=alert), closed by its button or the next action; a notice (info)
    stays in the side column. The move box's refusal of a pyramid position explains the notation (K3-R4)."""
    record = Record.new("k3", {"players": 2}, "toast")
    play = Session(Match(record), ["human", "human"], "t", k3_view.View)
    while play.game.phase == "arrange":  # both pyramids built
        game = play.game
        seat = game.to_move()[0]
        play.match.apply(HeuristicBot().choose(game, seat, bot_rng(game, seat)))
    assert play.type_move("P:6.0>1.0") == CHANGED and play.game.phase == "turn"
    assert play.message == ("Not allowed: there is no pawn 6.0 in a pyramid of 6 rows: the notation counts from 0, "
                            "from 0.0 at the bottom left to 5.0 at the top")
    html = screen.render(play)
    toast = re.search(r'<p class="message toast" role="alert" id="play-message"[^>]*>(.*?)</p>', html)
    assert toast and 'data-act="dismiss-message"' in toast.group(1) and "Close this message" in toast.group(1)
    assert play.handle("dismiss-message", {}) == CHANGED and play.message == ""
    assert 'id="play-message"' not in screen.render(play)
    play.notice("Link copied", info=True)
    assert '<p class="message info" role="alert" id="play-message">' in screen.render(play)

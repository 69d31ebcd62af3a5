"""Undo and redo in a hot seat of a game that hides information (K2): they are the device holder's
own, back to the hand-off to them and no further, never into another player's secret choice; a refusal
says why, on the button and in the message box. One human against bots, and games that hide nothing, undo
as before."""

from __future__ import annotations

from html import unescape

import plays
from games.k2 import view as k2_view
from games.k3 import view as k3_view
from shell.contract.view import MOVED
from shell.model.session import Session
from shell.screens import game as screen

from pygames.core.bots import HeuristicBot, bot_rng
from pygames.core.match import Match
from pygames.k2.actions import Choose
from pygames.k2.data import CARDS


def k2(seats: tuple[str, ...]) -> Session:
    return plays.new_play("k2", k2_view.View, seats, seed="undo-hot")


def choose(play: Session, seat: int) -> None:
    hand = play.game.hands[seat]
    assert play.apply(Choose(seat, tuple(sorted(hand[:3], key=list(CARDS).index)))) == MOVED


def undo_button(play: Session) -> dict[str, str]:
    html = screen.render(play, "http://x/#", play.can_undo(), play.can_redo())
    return next(t for t in plays.attrs_of(html, "id") if t["id"] == "btn-undo")


def test_the_next_player_cannot_undo_into_the_secret_choice_before_the_hand_off():
    play = k2(("human", "human"))
    play.handle("handoff", {})  # the device to Red (seat 0)
    choose(play, 0)
    assert play.handoff_seat() == 1
    assert play.can_undo() and "disabled" not in undo_button(play)  # Red, still holding it, may take it back
    assert play.undo() == 1 and play.game.history == [] and play.can_redo()
    assert play.redo() == 1 and len(play.game.history) == 1
    play.handle("handoff", {})  # the device to Blue: Red's choice is before the hand-off
    chosen = list(play.game.history)
    assert not play.can_undo() and play.undo() == 0
    assert play.game.history == chosen  # Red's secret choice stays, and Blue is told why
    assert "past the hand-off" in play.message and "secret choice" in play.message and not play.message_info
    button = undo_button(play)
    assert button.get("aria-disabled") == "true" and "past the hand-off" in unescape(button["title"])
    assert "disabled" not in button  # pressed, it says why in the message box
    choose(play, 1)  # Blue's own choice, after the hand-off to Blue: Blue may take it back and play it again
    assert play.handoff_seat() is None  # (this seed: Blue takes a risk token next)
    assert play.can_undo() and play.undo() == 1 and play.game.history == chosen
    assert play.redo() == 1 and len(play.game.history) == 2


def test_redo_never_plays_again_what_another_player_took_back():
    play = k2(("human", "human"))
    play.handle("handoff", {})
    choose(play, 0)
    assert play.undo() == 1 and play.can_redo()
    play.holder = 1  # (were the device in Blue's hands now) Red's choice is not Blue's to play again
    assert not play.can_redo() and play.redo() == 0 and play.game.history == []
    assert "another player took back" in play.message
    html = screen.render(play, "http://x/#", play.can_undo(), play.can_redo())
    redo = next(t for t in plays.attrs_of(html, "id") if t["id"] == "btn-redo")
    assert redo.get("aria-disabled") == "true" and "took back" in unescape(redo["title"])


def test_one_human_against_bots_and_games_that_hide_nothing_undo_as_before():
    for seats, name, view in ((("human", "heuristic"), "k2", k2_view.View),  # one human against a bot
                              (("human", "human"), "k3", k3_view.View)):  # a game that hides nothing
        play, before = (plays.new_play(name, view, seats, seed="undo-same") for _ in range(2))
        for _turn in plays.human_turns(play, 6):  # the humans' moves (the bots' between them)
            seat = play.human_mover()
            play.handle("handoff", {})
            assert play.apply(HeuristicBot().choose(play.game.view(seat), seat, bot_rng(play.game, seat))) == MOVED
        before.match = Match(play.match.record())
        while before.match.can_undo(before.is_human):  # as undo was: back to any human decision
            expected = (before.match.undo(before.is_human), list(before.game.history))
            assert play.can_undo() and not play.undo_refusal()
            assert (play.undo(), list(play.game.history)) == expected
        assert not play.can_undo() and play.game.history == [] and not play.undo_refusal()
        assert play.redo() >= 1 and play.can_undo()

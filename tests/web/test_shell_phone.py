"""The shell on a phone, what CPython can check: on a touch screen (``Session.touch``) the shell's own words say
"tap" and name no key (the hand-off, the replay's buttons, the notice on an earlier position), at a desk they
keep their keys; the rules page leads back to the game left for it. (Layout, scrolling and the 44 px targets
need the browser: tests/e2e/test_phone.py.)"""

from __future__ import annotations

import re
from html import unescape

import pytest
from games import GAMES, rules, view_class
from shell.contract.view import GameView
from shell.model.session import Session
from shell.screens import game as screen
from shell.screens import rules as rules_page

from pygames.core.bots import HeuristicBot, bot_rng
from pygames.core.game import Game
from pygames.core.match import Match
from pygames.core.record import Record

MOUSE_WORDS = re.compile(r"\b(click|clicks|clicking|press|keys)\b", re.IGNORECASE)
KEY_NAMES = re.compile(r"\((Home|End|←|→)\)")


class Plain(GameView):
    """A view that draws nothing of its own: what is left on the screen is the shell's."""

    def board(self, state: Game, seat: int | None) -> str:
        return "<p>board</p>"


def session(game: str, seats: list[str], moves: int, touch: bool) -> Session:
    """``game`` after ``moves`` of its medium bot's moves, every seat given, with the shell's own view only."""
    record = Record.new(game, {"players": len(seats)}, "phone")
    state = record.replay()
    for _ in range(moves):
        seat = state.to_move()[0]
        state.apply(HeuristicBot().choose(state, seat, bot_rng(state, seat)))
    record.moves = list(state.history)
    play = Session(Match(record), seats, "t", Plain)
    play.touch = touch
    return play


def shown(html: str) -> tuple[str, str]:
    """The markup's text, and its titles and labels (what a pointer's hover or a screen reader says)."""
    text = unescape(re.sub(r"<[^>]+>", " ", html))
    names = " ".join(unescape(v) for v in re.findall(r'(?:title|aria-label)="([^"]*)"', html))
    return text, names


@pytest.mark.parametrize("touch", [True, False])
def test_the_replay_names_its_keys_at_a_desk_only(touch):
    play = session("matterhorn", ["human", "heuristic"], 6, touch)
    play.go_to(2)  # an earlier position: every replay button and the note are drawn
    play.type_move("anything")  # refused: nothing can be played on an earlier position
    text, names = shown(screen.render(play, "http://x/#m", True, False))
    assert "earlier position" in play.message
    if touch:
        assert MOUSE_WORDS.search(text) is None
        assert KEY_NAMES.search(names) is None and KEY_NAMES.search(play.message) is None
        assert "First position" in names and "Newest position" in names
    else:
        assert all(f"({key})" in names for key in ("Home", "←", "→", "End"))
        assert "(End)" in play.message


@pytest.mark.parametrize("touch", [True, False])
def test_the_hand_off_says_tap_on_a_touch_screen(touch):
    play = session("k2", ["human", "human"], 0, touch)
    html = screen.render(play, "", False, False)
    assert play.handoff_seat() is not None and 'data-act="handoff"' in html
    text, _names = shown(html)
    if touch:
        assert "tap the button" in text and MOUSE_WORDS.search(text) is None
    else:
        assert "press the button" in text


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_rules_page_leads_back_to_the_game_left_for_it(name):
    page = rules_page.render_page(name, rules(name), view_class(name), "", None, back="play/a1b2")
    assert page.count('id="btn-back-game"') == 1
    assert 'href="#play/a1b2"' in page and "Back to the game" in page
    alone = rules_page.render_page(name, rules(name), view_class(name))  # no game in progress: no way back
    assert 'id="btn-back-game"' not in alone and "Back to the game" not in alone


def test_the_way_back_is_escaped():
    page = rules_page.render_page("k3", rules("k3"), view_class("k3"), back='play/"><b>x')
    assert "<b>x" not in page and 'href="#play/&quot;&gt;&lt;b&gt;x"' in page

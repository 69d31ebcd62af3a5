"""Every text the page asks to translate is in the catalogs: the tables too, not only the literals.

Texts held in tables (solo titles, colour and piece names, option labels, rules sections…) reach
``_()`` as variables; a table nobody marked with ``N_()`` never reaches the template, and its texts
show in English in every language (K2's solo titles did). Here every screen the page draws — home,
each game's new-game form and rules page, and whole games played by the medium bot, drawn every few
moves and at the end with the result dialog, with their legal-move lists and board descriptions —
is drawn with a translation that records each text it is asked for; all must be in the template.
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from games import GAMES, playable, rules, view_class
from plays import new_play
from shell.contract.view import MOVED
from shell.model import daily, fork
from shell.model.saves import MemoryStorage
from shell.screens import daily as daily_screen
from shell.screens import game as screen
from shell.screens import home
from shell.screens import rules as rules_page
from shell.screens.new_game import render_new_game

from pygames.core import i18n
from pygames.core.bots import HeuristicBot, bot_rng

ROOT = Path(__file__).resolve().parents[2]

# (game, seats, options): every mode whose screens differ (solo, cooperative, the solitaire cube)
GAMES_PLAYED = [
    ("k3", ("human", "heuristic", "heuristic"), {}),
    ("k3", ("human", "human"), {"coop": True}),
    ("k2", ("human", "heuristic", "heuristic"), {}),
    ("k2", ("human",), {}),
    ("matterhorn", ("human", "heuristic", "heuristic"), {}),
    ("blokus3d", ("human", "heuristic"), {}),
    ("blokus3d", ("human",), {}),
]


class Recorder:
    """A gettext translations object that answers in English and notes every text not in the template."""

    def __init__(self, known: set[str]) -> None:
        self.known = known
        self.missing: set[str] = set()

    def gettext(self, text: str) -> str:
        if text not in self.known:
            self.missing.add(text)
        return text

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        self.gettext(singular)
        return singular if n == 1 else plural


@pytest.fixture
def recorder():
    with (ROOT / "locale" / "pygames.pot").open("rb") as handle:
        template = read_po(handle)
    known = {m.id if isinstance(m.id, str) else m.id[0] for m in template if m.id}
    words = Recorder(known)
    i18n.use(words)
    try:
        yield words
    finally:
        i18n.use(None)


def test_home_forms_and_rules_pages_ask_only_for_catalogued_texts(recorder):
    home.render_home(playable(), [], daily=daily_section())
    for name in GAMES:
        render_new_game(name)
        render_new_game(name, {"fork": "id:3", "fork-hot-seat": "1", "seed": "s", "players": 2, "start": 1,
                                    "coop": True, "family": True, "hard": True, "side": "H"})
        sections = rules(name)
        for section in sections:
            rules_page.render_page(name, sections, view_class(name), section.id)
    assert not recorder.missing, sorted(recorder.missing)


@pytest.mark.parametrize(("name", "seats", "options"), GAMES_PLAYED,
                         ids=[f"{g}-{len(s)}{'-' + '-'.join(o) if o else ''}" for g, s, o in GAMES_PLAYED])
def test_a_whole_game_asks_only_for_catalogued_texts(recorder, name, seats, options):
    play = new_play(name, view_class(name), seats, options, seed="every-text")
    bot = HeuristicBot()
    for turn in range(2000):
        game = play.game
        if game.is_over():
            break
        seat = game.to_move()[0]
        action = bot.choose(game.view(seat), seat, bot_rng(game, seat))
        if play.is_human(seat):
            assert play.apply(action) == MOVED, play.message
        else:
            play.apply_bot(action)
        if turn % 4 == 0:
            screen.render(play, "http://x/#", True, False)
            if play.human_mover() is not None:
                screen.legal_items(play, play.legal_moves() or [])
    assert play.game.is_over()
    assert "data-result" in screen.render(play, "http://x/#", True, False)  # the result dialog too
    play.go_to(len(play.game.history) // 2)  # a replay, and "Play from here"
    screen.render(play, "http://x/#", True, False, "http://x/#&at=1")
    render_new_game(name, fork.values(play))
    assert not recorder.missing, sorted(recorder.missing)


def daily_section() -> str:
    """The daily challenge on the home page, with a result of each kind kept."""
    device = MemoryStorage()
    device.setItem(daily.KEY, json.dumps({"2026-11-28": {
        "k2": {"score": [9], "points": 9, "title": "Sailor", "link": "k2?x"},
        "blokus3d": {"score": [0, 20, -6], "solved": False, "cubes": 20, "of": 27, "n": 3, "link": "blokus3d?x"}},
        "2026-11-27": {"blokus3d": {"score": [1, 27, -7], "solved": True, "cubes": 27, "of": 27, "n": 3,
                                    "link": "blokus3d?y"}}}))
    return daily_screen.section(date(2026, 11, 28), device, [])

"""The words a player reads. Plural forms (ngettext), Matterhorn's value in plain words, the K2
form's capacity option for the chosen count, each game's seed words, the rules pages on a touch screen, and the
saved games listed in the page's language."""

from __future__ import annotations

import gettext
import io
import re
from html import unescape
from pathlib import Path

import games
import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from games import rules, view_class
from games.k2 import draw as k2_draw
from games.matterhorn import view as mh_view
from shell.model import save_words
from shell.model.saves import MemoryStorage, SavedGame, Store
from shell.model.session import Session
from shell.screens import game as screen
from shell.screens import home
from shell.screens import rules as rules_page
from shell.screens.new_game import render_new_game

from pygames.core import i18n
from pygames.core.bots import HeuristicBot, bot_rng
from pygames.core.match import Match
from pygames.core.record import Record
from pygames.core.rng import Rng
from pygames.matterhorn.game import DECIDE, PLACE, SETUP

ROOT = Path(__file__).resolve().parents[2]
MOUSE_OR_KEYS = re.compile(r"\b(click|clicks|clicking|press|keys|Shift)\b|\b[XYZ] (tips|rolls|spins)\b", re.I)


def language(code: str) -> gettext.GNUTranslations:
    """``code``'s translations, from its .po file (as the build compiles them)."""
    with (ROOT / "locale" / code / "LC_MESSAGES" / "pygames.po").open("rb") as handle:
        catalog = read_po(handle, locale=code)
    data = io.BytesIO()
    write_mo(data, catalog)
    data.seek(0)
    return gettext.GNUTranslations(data)


@pytest.fixture
def german():
    i18n.use(language("de"))
    try:
        yield
    finally:
        i18n.use(None)


def text_of(html: str) -> str:
    return unescape(re.sub(r"<[^>]+>", " ", html))


def play_of(fragment: str, seats: list[str], touch: bool = False) -> Session:
    record = Record.parse(fragment)
    match = Match(record)
    play = Session(match, seats, "t", view_class(match.name))
    play.touch = touch
    return play


# -- plural forms -------------------------------------------------------------------------------------


def test_one_penalty_point_and_one_row_are_singular():
    assert k2_draw.token_words(1) == "1 penalty point" and k2_draw.token_words(2) == "2 penalty points"
    game = Record.new("matterhorn", {"players": 2}, "rows-1").replay()
    while not (game.phase == DECIDE and len(game.turn_tokens) == 1):  # one token placed this turn
        seat = game.to_move()[0]
        game.apply(HeuristicBot().choose(game, seat, bot_rng(game, seat)))
    play = play_of(Record.of(game).to_fragment(), ["human", "human"])
    text = text_of(screen.render(play))
    assert f"1 token this turn (row {game.rows_used[0]})." in text and "(rows " not in text


def test_french_counts_face_down_tokens_in_the_plural():
    french = language("fr")
    assert french.ngettext("{n} face down", "{n} face down", 15) == "{n} faces cachées"
    assert french.ngettext("{n} face down", "{n} face down", 1) == "{n} face cachée"


# -- Matterhorn's value --------------------------------------------------------------------------------


def test_a_value_that_is_no_row_is_said_in_plain_words():
    """MH-R14/R16: dice left 3, 3, 6, 6 are worth 0 (pairs count nothing): said with the dice as people write
    them, no list of Python, no "5..12"."""
    play = Session(Match(Record.new("matterhorn", {"players": 2}, "dice")), ["human", "human"], "t", mh_view.View)
    while play.game.phase != PLACE or play.game.current != 0:
        game = play.game
        play.apply(game.legal_actions()[0] if game.phase == SETUP else game.random_action(game.current, Rng(1)))
    play.game.roll = [3, 6, 3, 6]
    play.view.reset()
    text = text_of(screen.render(play))
    assert ("Value 0: the dice left in play (3, 3, 6, 6) are worth 0 (a number on more than one die counts "
            "nothing); the rows go from 5 to 12") in text
    assert "[" not in text and "5..12" not in text


# -- the new-game forms ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_k2s_capacity_option_is_offered_with_five_players_only(players):
    html = render_new_game("k2", {"players": players})
    shown = re.sub(r"<div hidden[^>]*>.*?</div></div>", "", html, flags=re.S)  # (a field not offered is hidden)
    assert ("Capacity with 5 players" in shown) == (players == 5)
    assert 'id="f-cap5"' in html  # (kept, hidden, should the count change back to 5)


def test_each_game_says_what_its_seed_fixes():
    said = {name: re.search(r'for="f-seed">Seed <small>\(([^)]*)\)', render_new_game(name, {"players": 2}))
            .group(1) for name in games.GAMES}
    assert said == {
        "k3": "same seed, same game: the base camp and the deal of the pawns",
        "k2": "same seed, same game: the cards drawn, the weather tiles and the risk tokens",
        "matterhorn": "same seed, same game: every roll of the dice",
        "blokus3d": "no chance in this game: the seed only feeds the bots’ random choices",
    }


# -- the rules pages on a touch screen ---------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(games.GAMES))
def test_the_rules_pages_say_tap_and_name_no_key_on_a_touch_screen(name):
    touch = text_of(rules_page.render_page(name, rules(name), view_class(name), touch=True))
    desk = text_of(rules_page.render_page(name, rules(name), view_class(name)))
    assert not MOUSE_OR_KEYS.search(touch), MOUSE_OR_KEYS.search(touch)
    if name == "matterhorn":  # an example's hint, as its game screen says it
        assert "click a free circle" in desk.lower() and "tap a free circle" in touch.lower()
    if name == "blokus3d":
        assert "with Shift each turns the other way" in desk
        assert "the buttons under the piece in hand tip it forwards" in touch


# -- the saved games in the page's language --------------------------------------------------------------


def test_a_game_saved_in_english_is_listed_in_german(german):
    fragment = Record.new("k2", {"players": 2}, "saved").to_fragment() + "&seats=human,heuristic"
    with i18n.english():
        play = play_of(fragment, ["human", "heuristic"])
        entry = SavedGame(id="a1", game="k2", link=fragment, updated=1_000, title=save_words.title_of(play),
                          status=play.status(), moves=0, lang="en")
    assert entry.title == "K2 · 2 players · Red (you) vs Blue (medium bot) · seed saved"
    said = save_words.in_language(entry, "de")
    assert said.lang == "de" and save_words.in_language(said, "de") is said
    store = Store(MemoryStorage())
    store.save(said)
    page = home.render_home(games.playable(), store.entries(), now_ms=1_000 + 3 * 3_600_000)
    html = text_of(re.search(r'<ul class="save-list">.*?</ul>', page, re.S).group(0))
    assert "K2 · 2 Spieler · Rot (du) gegen Blau (mittlerer Bot) · Seed saved" in html
    assert "Blau (mittlerer Bot) spielt gleich… · Zug 0 · vor 3 Std." in html  # (its choice comes first)
    assert not re.search(r"\b(players|you|medium bot|seed|move|ago|Choose)\b", html)

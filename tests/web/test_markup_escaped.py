"""Every text put into the page's markup is escaped, once, by ``shell.contract.markup.esc``: each
translated text (a translation may hold ``<`` or ``&``) and each text a player typed (a name).

Every screen the page draws — home, each game's new-game form and rules pages, and whole games,
drawn every few moves with their legal moves, board descriptions, whole move log and a refusal,
and at the end with the result dialog — is drawn with a translation that ends every text with
``<&>`` and humans named ``<img src=x onerror=alert(1)>``: the markup must hold them escaped
(``&lt;&amp;&gt;``), never raw, and never escaped twice (``&amp;lt;``, which a player would read); and each
screen is ``Markup`` (markupsafe's type), the only type the page writes into the document.
"""

from __future__ import annotations

import re

import pytest
from games import GAMES, playable, rules, view_class
from plays import new_play, next_move
from shell.contract.markup import Markup, esc, fill, join, markup_only
from shell.screens import game as screen
from shell.screens import home
from shell.screens import rules as rules_page
from shell.screens.new_game import render_new_game
from test_every_text_translated import daily_section

from pygames.core import i18n

MARK = "<&>"
NAME = "<img src=x onerror=alert(1)>"
GAMES_PLAYED = [
    ("k3", ("human", "human", "heuristic"), {}),
    ("k2", ("human", "human", "heuristic"), {}),
    ("k2", ("human",), {}),
    ("matterhorn", ("human", "human", "heuristic"), {}),
    ("blokus3d", ("human", "human"), {}),
    ("blokus3d", ("human",), {}),
]


class Hostile:
    """A gettext translations object whose every text ends with ``<&>``."""

    def gettext(self, text: str) -> str:
        return text + MARK

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return (singular if n == 1 else plural) + MARK


@pytest.fixture
def hostile():
    i18n.use(Hostile())
    try:
        yield
    finally:
        i18n.use(None)


def assert_escaped(html: str, where: str, names: bool = False) -> None:
    assert type(html) is Markup, f"{where}: {type(html).__name__}, not Markup"
    assert esc(MARK) in html, where
    for raw in (MARK, "<img"):
        if raw in html:
            at = html.index(raw)
            raise AssertionError(f"{where}: raw {raw!r} in …{html[max(0, at - 160):at + 40]}…")
    twice = re.search(r"&amp;(lt|gt|amp|quot|#x27);", html)
    assert not twice, f"{where}: escaped twice: …{html[max(0, twice.start() - 160):twice.end() + 20]}…"
    if names:
        assert esc(NAME) in html, where


def test_markup_is_a_type_and_text_is_escaped_once():
    text = "<b>&\"'"
    once = esc(text)
    assert type(once) is Markup and once == "&lt;b&gt;&amp;&quot;&#x27;"  # our entities, as before markupsafe
    assert esc(once) is once and esc(Markup("<i>")) == "<i>"  # markup is not escaped again
    assert esc(3) == "3" and type(esc(3)) is Markup
    # joined: Markup parts as they are, a plain str part escaped
    assert join([Markup("<p>"), text, Markup("</p>")]) == f"<p>{once}</p>"
    assert type(join([])) is Markup and join([Markup("a"), Markup("b")], Markup("<br>")) == "a<br>b"
    filled = fill(esc(_hostile("{name} & {n}")), name=Markup("<em>x</em>"), n=2)
    assert type(filled) is Markup and filled == "<em>x</em> &amp; 2&lt;&amp;&gt;"


def _hostile(text: str) -> str:
    return text + MARK


def _writes(html: object) -> None:  # as shell/page/dom.py's writers call it
    markup_only(html)


def test_the_page_takes_only_markup():
    _writes(Markup("<p>fine</p>"))
    with pytest.raises(TypeError, match=r"test_the_page_takes_only_markup .*str, not Markup"):
        _writes("<p>never made safe</p>")


def test_home_forms_and_rules_pages_escape_every_text(hostile):
    assert_escaped(home.render_home(playable(), [], "a link <b>&", daily=daily_section()), "home")
    for name in GAMES:
        assert_escaped(render_new_game(name, {"name0": NAME}, "an error <b>&"), f"new {name}", names=True)
        fork_values = {"name0": NAME, "fork": "id<&>:3", "fork-hot-seat": "1", "seed": "<b>&", "players": 2}
        assert_escaped(render_new_game(name, fork_values, "<b>&"), f"fork {name}", names=True)
        sections = rules(name)
        for section in sections:
            page = rules_page.render_page(name, sections, view_class(name), section.id)
            assert_escaped(page, f"rules {name} {section.id}")


@pytest.mark.parametrize(("name", "seats", "options"), GAMES_PLAYED,
                         ids=[f"{g}-{'-'.join(s)}" for g, s, _o in GAMES_PLAYED])
def test_a_whole_game_escapes_every_text_and_name(hostile, name, seats, options):
    names = [NAME if kind == "human" else "" for kind in seats]
    play = new_play(name, view_class(name), seats, options, seed="escaped", names=names)
    play.legal_open = play.describe_open = play.log_all = True
    for turn in range(2000):
        game = play.game
        if game.is_over():
            break
        if turn % 5 == 0:
            if play.handoff_seat() is not None:
                assert_escaped(screen.render(play, "http://x/#", True, False), f"{name} hand-off {turn}", True)
                play.handle("handoff", {})
            play.type_move("zz")  # a refusal in words
            assert_escaped(screen.render(play, "http://x/#<b>&", True, False), f"{name} {turn}", names=True)
        next_move(play)
    assert play.game.is_over()
    html = screen.render(play, "http://x/#", True, False)
    assert "data-result" in html
    assert_escaped(html, f"{name} over", names=True)
    play.go_to(len(play.game.history) // 2)  # a replay
    assert_escaped(screen.render(play, "http://x/#<b>&", True, False, "http://x/#<b>&at=1"), f"{name} replay", True)

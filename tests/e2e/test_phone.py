"""Every game on a phone (390x844, touch, 2x pixels: the ``phone`` fixture), as a player's thumb meets it: a game
screen opens at its top (from a link, and from the new-game form tapped), its turn line stays in view, every
button is big enough for a finger (44 px), no text speaks of clicks or keys, axe finds nothing serious; the rules
page leads back to the game left for it. At a desk (``app``), the key hints are still there.

What a view computes for touch (its words, the shell's) is tested in CPython (tests/web/test_shell_phone.py and
each game's view tests); here only what needs the browser: layout, scrolling, the page's CSS for a coarse pointer.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from .helpers import PLAY, play_state, position, wait_for_human
from .test_accessibility import audit

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "web" / "app"))
from games import GAMES  # noqa: E402

NAMES = sorted(GAMES)
HEIGHT = 844  # the phone's viewport
SEATS = "human,heuristic"
MOVES = {"k3": 10, "k2": 4, "blokus3d": 4, "matterhorn": 6}  # a few moves in: the replay bar and the log show

# what a finger may have to tap on the game screen: HTML controls (a board's SVG pieces are the games' own measure)
CONTROLS = f"{PLAY} :is(button, [role=button], a.button, select, summary):not(svg, svg *)"
SMALL = """selector => [...document.querySelectorAll(selector)].filter(el => el.checkVisibility())
  .map(el => [el, el.getBoundingClientRect()])
  .filter(([el, box]) => box.height >= 1 && (box.height < 44 || (el.id === 'btn-rules' && box.width < 44)))
  .map(([el, box]) => el.localName + (el.id ? '#' + el.id : '') + [...el.classList].map(c => '.' + c).join('')
       + ` "${(el.innerText || el.getAttribute('aria-label') || '').trim().replace(/\\s+/g, ' ').slice(0, 40)}"`
       + ` ${Math.round(box.width)}x${Math.round(box.height)}`)"""
MOUSE_WORDS = re.compile(r"\b(click|clicks|clicking|press|keys)\b", re.IGNORECASE)


def mid_game(name: str) -> str:
    """A link to a game a few moves in, the human (seat 1) to play."""
    return position(name, {"players": 2}, f"phone-{name}", MOVES[name], SEATS)


def in_view(page, selector: str) -> tuple[float, float]:
    """The element's top and bottom on the screen (CSS px)."""
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box["y"], box["y"] + box["height"]


def assert_opens_at_top(page) -> None:
    """The page at its top, the top bar and the turn line on the screen."""
    assert page.evaluate("window.scrollY") == 0
    for part in (f"{PLAY} .play-bar", "#turn-status"):
        top, bottom = in_view(page, part)
        assert 0 <= top and bottom <= HEIGHT, (part, top, bottom)


def open_on_phone(phone, name: str) -> None:
    phone.open(mid_game(name))
    phone.page.wait_for_function(f"document.querySelector('{PLAY}')?.dataset.moves > 0")
    wait_for_human(phone.page)


@pytest.mark.parametrize("name", NAMES)
def test_a_link_opens_at_the_top_and_the_turn_line_stays_in_view(phone, name):
    """Opened from a page scrolled down (another game's screen), the game starts at its top; scrolled, its turn
    line stays at the top of the screen."""
    page = phone.page
    phone.open(position(name, {"players": 2}, f"phone-before-{name}", 2, SEATS))
    wait_for_human(page)
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    assert page.evaluate("window.scrollY") > 300
    open_on_phone(phone, name)
    assert_opens_at_top(page)
    page.evaluate("window.scrollTo(0, 700)")
    assert page.evaluate("window.scrollY") > 400
    top, _bottom = in_view(page, "#turn-status")
    assert 0 <= top <= 10  # stuck to the top of the screen
    assert phone.log.errors == []


@pytest.mark.parametrize("name", NAMES)
def test_a_game_started_from_the_form_opens_at_the_top(phone, name):
    """The home page scrolled to the game's card, "New game" tapped, the form scrolled to Start, Start tapped."""
    page = phone.page
    card = page.locator(f'[data-new-game="{name}"]')
    card.scroll_into_view_if_needed()
    page.tap(f'[data-new-game="{name}"]')
    page.wait_for_selector("#new-game-form")
    assert page.evaluate("window.scrollY") == 0  # a new screen
    page.select_option("#f-players", "2")
    for seat, kind in enumerate(SEATS.split(",")):
        page.select_option(f"#f-seat{seat}", kind)
    page.fill("#f-seed", f"phone-form-{name}")
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")  # down to Start, as a thumb would
    page.tap("#btn-start")
    page.wait_for_selector(PLAY)
    wait_for_human(page)
    assert_opens_at_top(page)
    assert phone.log.errors == []


def test_a_game_started_from_the_form_at_a_desk_opens_at_the_top(app):
    """Blokus 3D's game opened 100 px down at a desk: from the form scrolled to Start, clicked."""
    page = app.page
    page.set_viewport_size({"width": 1280, "height": 800})
    page.click('[data-new-game="blokus3d"]')
    page.wait_for_selector("#new-game-form")
    page.fill("#f-seed", "desk-form")
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    assert page.evaluate("window.scrollY") > 0
    page.click("#btn-start")
    page.wait_for_selector(PLAY)
    wait_for_human(page)
    assert page.evaluate("window.scrollY") == 0
    assert app.log.errors == []


@pytest.mark.parametrize("name", NAMES)
def test_every_control_is_big_enough_for_a_finger(phone, name):
    """Buttons, button-like links, menus and summaries on the game screen: at least 44 px tall (``?`` as wide)."""
    page = phone.page
    open_on_phone(phone, name)
    assert page.locator(CONTROLS).count() > 10
    small = page.evaluate(SMALL, CONTROLS)
    assert small == [], f"{len(small)} controls under 44 px:\n" + "\n".join(small)


def test_the_dialogs_buttons_are_big_enough_for_a_finger(phone):
    """The result dialog (a finished game) and the hand-off (two humans at a game with secrets)."""
    page = phone.page
    phone.open(position("matterhorn", {"players": 2}, "phone-result", None, SEATS), until="dialog[data-result][open]")
    assert page.evaluate(SMALL, "dialog[open] :is(button, a.button)") == []
    phone.open("k2?v=1&players=2&seed=phone-handoff&moves=&seats=human,human", until="dialog.handoff[open]")
    assert page.evaluate(SMALL, "dialog[open] :is(button, a.button)") == []
    text = page.inner_text("dialog.handoff")
    assert MOUSE_WORDS.search(text) is None, text


@pytest.mark.parametrize("name", NAMES)
def test_no_word_of_mouse_or_keys_on_a_touch_screen(phone, name):
    page = phone.page
    open_on_phone(phone, name)
    text = page.inner_text(PLAY)
    said = sorted({line.strip() for line in text.splitlines() if MOUSE_WORDS.search(line)})
    assert said == [], "\n".join(said)
    badges = page.evaluate(f"[...document.querySelectorAll('{PLAY} kbd')].filter(k => k.checkVisibility()).length")
    assert badges == 0


def test_key_hints_stay_at_a_desk(app):
    """A mouse and keys: Blokus 3D's key badges are shown, and the replay's buttons name their keys."""
    page = app.page
    app.open(mid_game("blokus3d"))
    wait_for_human(page)
    assert page.evaluate(f"[...document.querySelectorAll('{PLAY} kbd')].filter(k => k.checkVisibility()).length") > 0
    assert "(Home)" in page.get_attribute("#replay-start", "title")


@pytest.mark.parametrize("name", NAMES)
def test_axe_on_a_phone(phone, name):
    page = phone.page
    open_on_phone(phone, name)
    assert audit(page) == []


def test_the_rules_lead_back_to_the_game(phone):
    """``?`` opens the rules; "Back to the game" stays in view as they scroll, and shows the game as it was, where
    the page was."""
    page = phone.page
    open_on_phone(phone, "k3")
    before = play_state(page)
    page.evaluate("window.scrollTo(0, 500)")
    scrolled = page.evaluate("window.scrollY")
    assert scrolled > 300
    # the rules at the phase's section, from down the page (as a refusal's "Why? See the rules" goes; ``?`` is in the
    # top bar, which a tap first scrolls to)
    page.evaluate("location.hash = document.querySelector('#btn-rules').getAttribute('href')")
    page.wait_for_selector("[data-page=rules] #btn-back-game")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing wider than the phone
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    top, bottom = in_view(page, "#btn-back-game")
    assert 0 <= top and bottom <= HEIGHT
    page.tap("#btn-back-game")
    page.wait_for_selector(PLAY)
    after = play_state(page)
    assert (after["saveId"], after["moves"], after["link"]) == (before["saveId"], before["moves"], before["link"])
    assert abs(page.evaluate("window.scrollY") - scrolled) <= 2
    page.evaluate("location.hash = '#home'")  # elsewhere: the rules page no longer leads back
    page.wait_for_selector("[data-page=home]")
    page.evaluate("location.hash = '#rules/k3'")
    page.wait_for_selector("[data-page=rules]")
    assert page.locator("#btn-back-game").count() == 0
    assert phone.log.errors == []


# the board's top: the highest of the board column's parts as drawn (K3's pyramids come first in the page, for
# the keyboard, and are drawn under the mountain)
BOARD_TOP = ("Math.min(...[...document.querySelectorAll('#board-col > *')].filter((el) => el.checkVisibility())"
             ".map((el) => el.getBoundingClientRect().top))")


def test_a_replay_on_a_phone_is_one_line_above_the_board(phone):
    """A finished game opened from a link: the result dialog's Replay opens the replay at its start; while
    looking back the bar is one line, at most 56 px tall, and the board shows below it (scrolled, the bar sticks,
    still one line); the slider takes a finger (44 px); Undo changes nothing and says why; a move tapped in the log,
    far down the page, brings the board into view."""
    page = phone.page
    phone.open(position("k3", {"players": 2}, "phone-replay", None, SEATS), until="dialog[data-result][open]")
    moves = play_state(page)["moves"]
    page.tap("#btn-replay-result")
    page.wait_for_function(f"document.querySelector('{PLAY}').dataset.at === '0'")
    assert page.locator("dialog[open]").count() == 0
    page.tap("#replay-next")
    page.tap("#replay-next")
    page.wait_for_function(f"document.querySelector('{PLAY}').dataset.at === '2'")
    bar_top, bar_bottom = in_view(page, "#replay")
    assert bar_bottom - bar_top <= 56
    board = page.evaluate(BOARD_TOP)
    assert bar_bottom <= board < HEIGHT / 2  # the board below the bar, on the screen
    assert page.locator("#replay-slider").bounding_box()["height"] >= 44
    page.evaluate("window.scrollTo(0, 300)")
    top, bottom = in_view(page, "#replay")
    assert 0 <= top <= 1 and bottom - top <= 56  # stuck to the top, one line
    page.tap("#btn-undo", force=True)  # (aria-disabled: Playwright would wait for it to be enabled)
    page.wait_for_selector("#play-message")
    assert "came from a link" in page.inner_text("#play-message")
    assert play_state(page)["moves"] == moves and page.get_attribute("#btn-undo", "aria-disabled") == "true"
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    assert page.evaluate(BOARD_TOP) < 0  # the board above the screen, the log on it
    page.tap("ol.log [data-to='5']")
    page.wait_for_function(f"document.querySelector('{PLAY}').dataset.at === '5'")
    page.wait_for_function(f"(() => {{ const top = {BOARD_TOP}; return top >= 0 && top < {HEIGHT} / 2; }})()",
                           timeout=5_000)


# the cards and tokens whose words must fit them, and the panels that hold them
BOXES = (".k2-card, .k2-token, .b3d-piece, .seat-card, .tray-value, .die, .panel, .save")
OVERFLOWING = """selector => [...document.querySelectorAll(selector)].filter(el => el.checkVisibility())
  .filter(el => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
  .map(el => el.localName + [...el.classList].map(c => '.' + c).join('')
       + ` "${(el.innerText || '').trim().replace(/\\s+/g, ' ').slice(0, 40)}"`
       + ` ${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}`)"""
# a card's kind, printed across its top, on one line: a word that does not fit is broken in two without a hyphen
# ("BEWEGU / NG" in German, until the catalogue abbreviated it as it does "AKKLIM.")
ONE_LINE = ".k2-card .kind"
BROKEN = """selector => [...document.querySelectorAll(selector)].filter(el => el.checkVisibility())
  .filter(el => { const style = getComputedStyle(el);  // ("normal": about 1.2 times the font's size)
    const line = parseFloat(style.lineHeight) || 1.2 * parseFloat(style.fontSize);
    return el.getBoundingClientRect().height > 1.5 * line; })
  .map(el => `${el.innerText.trim().replace(/\\s+/g, ' ')} on two lines`)"""
# one screen of each game where its cards and tokens show: K2 choosing (the hand) and giving (cards given twice,
# the risk tokens), the others a few moves in
SCREENS = (("k2", 0), ("k2", 2), ("k3", 10), ("matterhorn", 6), ("blokus3d", 4))


def test_no_text_overflows_its_card_or_token_in_any_language(phone):
    """At 390 px, in each of the six languages, no card, token or panel of a game screen has words
    wider (or taller) than itself, and no card's kind breaks a word."""
    page = phone.page
    links = [position(name, {"players": 2}, f"fit-{name}", moves, SEATS) for name, moves in SCREENS]
    found = {}
    for lang in ("de", "es", "fr", "it", "nl", "en"):
        page.select_option("#lang-select", lang)
        page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        for (name, moves), link in zip(SCREENS, links, strict=True):
            phone.open(link)
            page.wait_for_function(f"Number(document.querySelector('{PLAY}')?.dataset.moves) >= {moves}"
                                   f" && document.documentElement.lang === '{lang}'")
            wait_for_human(page)
            if name == "k2":
                page.wait_for_selector(".k2-card")
            bad = page.evaluate(OVERFLOWING, BOXES) + page.evaluate(BROKEN, ONE_LINE)
            if bad:
                found[f"{lang} {name} {moves}"] = bad
    assert found == {}


# a K2 day started, Red's climber A given 3 movement, on base camp E00 (tests/k2/test_rules.py: FAR)
K2_FAR = ("k2?v=1&players=2&seed=k2-far-1&moves=s0:+choose+M3+R23+A3~s1:+choose+M2+R23+A1~s0:+take+2~s0:+play+M3+A"
          "&seats=human,heuristic")
RECT = "sel => { const b = document.querySelector(sel).getBoundingClientRect(); return [b.x, b.y, b.width, b.height]; }"


def test_a_refusal_after_a_tap_is_in_view_announced_and_moves_nothing(phone):
    """After Move A, a tap on a space out of reach: the engine's reason (too far, K2-R18) appears
    inside the viewport, as an alert, and the board does not move (its box and the tapped space's, before
    and after); the close button takes it away, the board still where it was."""
    page = phone.page
    phone.open(K2_FAR)
    wait_for_human(page)
    page.wait_for_selector("html[data-k2-board]", state="attached")  # board.js has started
    page.tap("#k2-sel-A")
    page.wait_for_selector("#k2-sel-A[aria-pressed=true]")
    far = f'{PLAY} [data-act="space"][data-space="E20"] .disc'
    page.locator(far).scroll_into_view_if_needed()
    board = f"{PLAY} .board-col > :first-child"
    before = (page.evaluate(RECT, board), page.evaluate(RECT, far))
    page.tap(far)
    alert = page.locator("#play-message[role=alert]")
    alert.wait_for()
    assert "too far: E20 needs" in alert.inner_text() and play_state(page)["moves"] == "4"
    top, bottom = page.evaluate("() => { const b = document.querySelector('#play-message').getBoundingClientRect();"
                                " return [b.top, b.bottom]; }")
    assert 0 <= top and bottom <= HEIGHT, (top, bottom)
    assert (page.evaluate(RECT, board), page.evaluate(RECT, far)) == before
    page.tap("#btn-dismiss-message")
    page.wait_for_selector("#play-message", state="detached")
    assert (page.evaluate(RECT, board), page.evaluate(RECT, far)) == before
    assert phone.log.errors == []

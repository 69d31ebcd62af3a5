"""K2 in Chromium: a whole solo winter game by clicking to its title, three players against bots from the form,
a hot-seat game whose secrets stay secret, a zoomed board on a phone, a day's turn on a phone by taps.

The record of a game in progress is the page's autosave (localStorage ``pygames:save:<id>``): during a
secret choice the page shows no link, and the tests need every seat's real hand, so they read it there
and replay it with the CPython engine. Each human decision is taken by the CPython heuristic bot (now and
then a random one) from that seat's view, then made with the clicks of tests/clicks.py. The whole game by
keys (board keys, then the move box) is in test_keyboard.py; every bot alone in test_bots_play.py.
"""

from __future__ import annotations

import json
import re

import clicks
import pytest

from pygames.core.bots import HeuristicBot, RandomBot, bot_rng
from pygames.core.record import Record
from pygames.core.rng import Rng
from pygames.k2.actions import End, Move
from pygames.k2.data import CARDS
from pygames.k2.game import CHOOSE, K2

from .helpers import (
    K2_CODE,
    PLAY,
    k2_click_move,
    k2_compare,
    k2_wait_saved,
    mixed_choice,
    play_state,
    settled,
    start_from_form,
    type_move,
    wait_for_human,
    wait_for_turn,
    wait_moves_above,
)
from .test_accessibility import audit

pytestmark = pytest.mark.e2e

EVERYTHING = """(() => {
  const out = [document.title, document.body.innerText];
  for (const el of document.querySelectorAll('*')) for (const a of el.attributes) out.push(a.value);
  return out.join('\\n');
})()"""


def secret_codes(game: K2, viewer: int) -> set[str]:
    """Cards of the other seats' hands and pending choices that nothing public shows (never revealed,
    discarded or played) and that are not in the viewer's own hand."""
    public: set[str] = set(game.hands[viewer]) | set(game.pending[viewer] or ())
    for s in range(game.players):
        public |= set(game.discard[s]) | set(game.revealed[s] or ())
    for text in game.history:  # every revealed choice and played card of earlier days
        if "(hidden)" not in text:
            public |= set(K2_CODE.findall(text))
    hidden: set[str] = set()
    for s in range(game.players):
        if s != viewer:
            hidden |= set(game.hands[s]) | set(game.pending[s] or ())
    return hidden - public


def check_no_secret(page, game: K2, viewer: int | None) -> None:
    """The page's visible text and every attribute hold no card of a hand that is not the viewer's."""
    seen = page.evaluate(EVERYTHING)
    if viewer is None:  # the hand-off screen: no card at all
        assert not K2_CODE.findall(seen), K2_CODE.findall(seen)
        assert not any(_effect(code) in seen for code in CARDS)
        return
    leaked = set(K2_CODE.findall(seen)) & secret_codes(game, viewer)
    assert not leaked, f"seat {viewer} sees {leaked}"
    assert not any(_effect(code) in seen for code in secret_codes(game, viewer) if code not in game.hands[viewer])


def _effect(code: str) -> str:
    card = CARDS[code]
    return {"M": f"move {card.up}, up or down", "R": f"rope: {card.up} up or {card.down} down",
            "A": f"level +{card.up} at once"}[card.kind]


def round_start(players: int, seed: str, round_: int, seats: str, **options) -> str:
    """A link to a game of medium bots in CPython, at the start of ``round_`` (nobody has chosen yet)."""
    game = Record.new("k2", {"players": players, **options}, seed).replay()
    bot = HeuristicBot()
    while game.round < round_:
        seat = game.to_move()[0]
        game.apply(bot.choose(game, seat, bot_rng(game, seat)))
    return Record.of(game, {"seats": seats}).to_fragment()


def test_solo_winter_game_by_clicking_to_its_title_and_best_score(app):
    page = app.page
    start_from_form(page, "k2", ("human",), "k2-solo-3", weather="WIN", side="H")
    assert "solo" in page.inner_text("header") and "winter" in page.inner_text("header")
    assert page.locator("#k2-solo").is_visible() and "No finished solo game" in page.inner_text("#k2-best")
    rng = Rng(11)
    kinds = set()
    jumped = False
    for _ in range(1500):
        state = wait_for_human(page)
        if state.get("over") == "1":
            break
        game = k2_wait_saved(page, int(state["moves"]))
        if not jumped and {"Choose", "Play", "Move", "End"} <= kinds and game.phase == CHOOSE:
            # every kind of decision clicked: the medium bot plays on to the last days (a link of the same
            # expedition, options and seed), which are clicked to the end
            later, bot = game.copy(), HeuristicBot()
            while not later.is_over() and (len(later.history) < 110 or later.phase != CHOOSE):
                later.apply(bot.choose(later, 0, bot_rng(later, 0)))
            jumped = True
            if not later.is_over():
                app.open(Record.of(later, {"seats": "human"}).to_fragment())
                page.wait_for_function(f"document.querySelector('{PLAY}').dataset.moves === '{len(later.history)}'")
                continue
        action = mixed_choice(game, 0, rng)
        kinds.add(type(action).__name__)
        k2_click_move(page, game, action)
    else:
        pytest.fail("the game did not end")
    assert {"Choose", "Play", "Move", "End"} <= kinds and jumped, kinds
    link = play_state(page)["link"]
    assert "side=H" in link and "weather=WIN" in link
    final = Record.parse(link).replay()
    result = final.result()
    dialog = page.locator("[role=dialog]")
    dialog.wait_for()
    assert page.inner_text("#result-title") == f"{result.title}: {result.scores[0]} points"
    assert result.title in dialog.locator("tr.reached").inner_text()
    if any(not cl["alive"] for cl in final.climbers[0].values()):
        assert "The expedition ended on day" in dialog.inner_text()  # K2-R41: early end
    assert f"New best on this device: {result.scores[0]}" in dialog.inner_text()
    best = json.loads(page.evaluate("localStorage.getItem('pygames:k2:solo-best')"))
    assert best["H/WIN"]["score"] == result.scores[0]
    k2_compare(page, link)
    # a rematch shows the best so far, kept on this device
    page.click("#btn-rematch")
    page.wait_for_function(f"document.querySelector('{PLAY}').dataset.moves === '0'")
    # (the side column may come a frame after the board: its words are read once drawn)
    best_text = f"Best so far on this device: {result.scores[0]}"
    page.wait_for_function(f"(document.querySelector('#k2-best')?.innerText || '').includes({best_text!r})",
                           timeout=10_000)
    assert app.log.errors == []


def test_three_players_one_human_clicking_against_two_bots(app):
    """From the form: two days by clicks (no link while a choice is secret). Then the last day of a game at
    the same table, opened by link, clicked to the end: the result with every score."""
    page = app.page
    start_from_form(page, "k2", ("human", "heuristic", "heuristic"), "k2-e2e-3")
    assert "Red (you)" in page.inner_text(".k2-teams")
    rng = Rng(3)
    for _ in range(300):
        state = wait_for_human(page)
        game = k2_wait_saved(page, int(state["moves"]))
        if game.round > 2:
            break
        if game.phase == CHOOSE:  # a secret choice: no link to copy, and the reason says why
            assert state["link"] == "" and page.locator("#link-hidden").is_visible()
        k2_click_move(page, game, mixed_choice(game, 0, rng))
    else:
        pytest.fail("two days were not played")
    before = page.get_attribute(PLAY, "data-save-id")
    app.open(round_start(3, "k2-e2e-3b", 18, "human,heuristic,heuristic"))
    # the form's game stays on screen until the link's has opened: wait for the new one
    page.wait_for_function(f"(s => s && s.dataset.saveId !== {json.dumps(before)})(document.querySelector('{PLAY}'))")
    for _ in range(300):
        state = wait_for_human(page)
        if state.get("over") == "1":
            break
        game = k2_wait_saved(page, int(state["moves"]))
        k2_click_move(page, game, mixed_choice(game, 0, rng))
    else:
        pytest.fail("the game did not end")
    page.locator("[role=dialog]").wait_for()
    link = play_state(page)["link"]
    final = Record.parse(link).replay()
    assert final.is_over() and final.round == 18
    assert page.locator("#k2-scores").is_visible()
    k2_compare(page, link)
    page.click("#btn-close-dialog")
    assert app.log.errors == []


def test_hot_seat_keeps_each_hand_secret(app):
    """Two humans at one device (and a bot), two days: at every hand-off and during every choice, nothing
    of the other human's hand or pending choice is in the page's text or attributes."""
    page = app.page
    start_from_form(page, "k2", ("human", "human", "heuristic"), "k2-hot-1", family=True, first="1")
    rng = Rng(5)
    handoffs = choices = 0
    for _ in range(600):
        state = wait_for_turn(page)
        game = k2_wait_saved(page, int(state["moves"]))
        if game.round > 2:
            break
        if state.get("handoff") == "1":
            handoffs += 1
            check_no_secret(page, game, None)
            assert page.locator("#game-link").count() == 0 and state["link"] == ""
            page.click("#btn-handoff")
            page.wait_for_function(f"document.querySelector('{PLAY}').dataset.handoff !== '1'")
            continue
        seat = int(play_state(page)["viewer"])
        assert seat in game.to_move()
        if game.phase == CHOOSE:
            choices += 1
            check_no_secret(page, game, seat)
            faces = page.evaluate("[...document.querySelectorAll('.k2-card .code')].map(e => e.textContent)")
            assert faces == list(game.hands[seat])  # the viewer's hand, and no other card drawn
        action = mixed_choice(game, seat, rng)
        if game.phase == CHOOSE or rng.below(4) == 0:
            k2_click_move(page, game, action)
        else:  # the rest of the turn typed: the move box works for the seat that acts
            type_move(page, str(action), len(game.history))
    else:
        pytest.fail("two days were not played")
    assert handoffs >= 2 and choices >= 3, (handoffs, choices)
    assert app.log.errors == []


def test_zoomed_board_on_a_phone_keeps_its_place(phone):
    """390×844 portrait: zoom in, scroll the board, tap a card: the board stays where it was."""
    page = phone.page
    phone.open("k2?v=1&players=2&seed=k2-phone&moves=&seats=human,heuristic")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing wider than the phone
    width = page.evaluate("document.querySelector('svg.k2-board').getBoundingClientRect().width")
    page.tap("#k2-zoom-in")
    settled(page)  # (each tap once the last is drawn: the second one is not what this test is about)
    page.tap("#k2-zoom-in")
    assert play_state(page)["k2Zoom"] == "2"
    zoomed = page.evaluate("document.querySelector('svg.k2-board').getBoundingClientRect().width")
    assert zoomed > 2 * width
    page.evaluate("(() => { const s = document.getElementById('k2-scroll'); s.scrollLeft = 300; "
                  "s.scrollTop = 500; })()")
    where = "(() => { const s = document.getElementById('k2-scroll'); return [s.scrollLeft, s.scrollTop]; })()"
    before = page.evaluate(where)
    page.tap("#k2-hand-0")  # a tap draws the screen again
    settled(page)
    after = page.evaluate(where)
    assert abs(after[0] - before[0]) <= 2 and abs(after[1] - before[1]) <= 2, (before, after)
    assert page.get_attribute("#k2-hand-0", "aria-pressed") == "true"
    assert phone.log.errors == []


# Some highlighted space is on the screen, whole, big enough for a finger (32 px), and the first thing under
# its middle (not under the sticky turn line, not outside the zoomed board's frame).
TARGET_IN_VIEW = """() => {
  const frame = document.getElementById('k2-scroll').getBoundingClientRect();
  return [...document.querySelectorAll('section.play [data-target="1"]')].some((space) => {
    const r = space.querySelector('.disc').getBoundingClientRect();
    const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    return r.top >= Math.max(0, frame.top) && r.bottom <= Math.min(innerHeight, frame.bottom) && r.left >= 0
      && r.right <= innerWidth && Math.min(r.width, r.height) >= 32 && hit !== null
      && hit.closest('[data-target="1"]') === space;
  });
}"""
# the K2 buttons on screen (its panels and the board's), as [id or text, height]
K2_BUTTONS = """() => [...document.querySelectorAll('.k2-main button, .k2-controls button')]
  .filter((b) => b.getClientRects().length).map((b) => [b.id || b.innerText, b.getBoundingClientRect().height])"""
K2_TEXT = "[...document.querySelectorAll('.play .hint, .k2-controls, .k2-main')].map((e) => e.innerText).join(' ')"
KEY_WORDS = re.compile(r"\b(?:click|press|keys?)\b", re.I)


# the last night's report on screen below the sticky turn line, and the new hand's top too
NEW_DAY_IN_VIEW = """() => {
  const pad = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  const night = document.getElementById('k2-night').getBoundingClientRect();
  const hand = document.getElementById('k2-hand-panel').getBoundingClientRect();
  return night.top >= pad - 2 && night.bottom <= innerHeight && hand.top < innerHeight - 100;
}"""


def test_on_a_phone_a_day_by_taps_with_the_targets_on_screen(phone):
    """390x844 by touch: a day of K2 played by taps alone (three cards chosen, a risk token taken,
    each card given to a climber, a penalty point spent, a climber moved, the turn ended: primary only once nothing
    is left to spend, else asked first), the medium bot's decisions tapped; after the turn, from "End turn" at the top
    of the screen, the night's report and the new day's hand come into view. Each time a climber's Move
    is tapped, its highlighted spaces are brought on screen (they start below the player's panel), and again once
    the board is zoomed in, within its frame; every K2 button is at least 44 px tall; no K2 text says click, press
    or keys; axe finds nothing serious."""
    page = phone.page
    phone.open(round_start(2, "k2-taps-4", 2, "human,heuristic"))
    page.wait_for_selector("html[data-k2-board]", state="attached")  # board.js has started
    played: list[str] = []
    for _ in range(40):
        state = wait_for_human(page)
        game = k2_wait_saved(page, int(state["moves"]))
        if game.round > 2 or "End" in played:
            break
        words = page.evaluate(K2_TEXT)
        assert not KEY_WORDS.search(words), KEY_WORDS.search(words)
        small = [b for b in page.evaluate(K2_BUTTONS) if b[1] < 44]
        assert not small, small
        action = HeuristicBot().choose(game.view(0), 0, bot_rng(game, 0))
        if isinstance(action, End):  # primary once nothing is left to spend; else it asks first
            left = clicks.k2_unspent(game, 0)
            assert (page.get_attribute("#k2-end", "class") == "primary") == (not left)
            # the player back up from the board to "End turn": at the top of the screen
            page.evaluate("window.scrollBy(0, document.querySelector('#k2-end').getBoundingClientRect().top - 120)")
        for click in clicks.k2(game, action):
            if click[0] == "space" and isinstance(action, Move):
                page.wait_for_function(TARGET_IN_VIEW)
                assert audit(page) == []  # axe: the targets shown, the turn's panel (serious or critical)
                page.tap("#k2-zoom-in")
                page.tap("#k2-zoom-in")
                page.wait_for_function(f"document.querySelector('{PLAY}').dataset.k2Zoom === '2'")
                page.tap(f"#k2-sel-{action.climber}")  # chosen again: its spaces brought into view again
                page.wait_for_function(TARGET_IN_VIEW)
            page.tap(clicks.k2_selector(click))
            if click[0] == "end" and len(clicks.k2(game, action)) > 1:  # asked: the question, in a modal dialog
                page.wait_for_selector("dialog#k2-end-dialog[open]")
                assert f"with {left} movement point" in page.inner_text("#k2-end-question")
        wait_moves_above(page, len(game.history))
        assert clicks.k2_same(action, k2_wait_saved(page, len(game.history) + 1).history[len(game.history)])
        played.append(type(action).__name__)
        if isinstance(action, Move):
            page.tap("#k2-zoom-out")
            page.tap("#k2-zoom-out")
    assert {"Choose", "Take", "Play", "Risk", "Move", "End"} <= set(played), played
    assert game.round == 3 and game.phase == CHOOSE  # a new day: the night's report and the hand brought into view
    page.wait_for_function(NEW_DAY_IN_VIEW, timeout=5_000)
    assert phone.log.errors == []


def test_on_a_phone_a_rescue_brings_its_spaces_on_screen(phone):
    """The turn ended by a tap, the night leaves the player's climber dying (family variant): the
    spaces below 6000 m it may be rescued to are brought on screen."""
    game = Record.new("k2", {"players": 2, "family": True, "side": "H", "weather": "WIN"}, "resc-85").replay()
    rng = Rng(85)
    while len(game.history) < 15:  # random moves up to Blue's end of day 1 (found in CPython: a rescue follows)
        seat = game.to_move()[0]
        game.apply(RandomBot().choose(game, seat, rng) if game.phase != CHOOSE else game.random_action(seat, rng))
    assert End(1) in game.legal_actions(1)
    page = phone.page
    phone.open(Record.of(game, {"seats": "heuristic,human"}).to_fragment())
    wait_for_human(page)
    page.wait_for_selector("html[data-k2-board]", state="attached")  # board.js has started
    for click in clicks.k2(game, End(1)):  # (with movement left, "End turn" asks first)
        page.tap(clicks.k2_selector(click))
    page.wait_for_function(f"document.querySelector('{PLAY}').dataset.phase === 'rescue'")
    assert wait_for_human(page)["phase"] == "rescue"
    page.wait_for_function(TARGET_IN_VIEW)
    assert phone.log.errors == []

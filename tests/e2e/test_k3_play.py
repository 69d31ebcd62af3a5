"""K3 in Chromium: a whole game by clicking from the new-game form, links, the autosave, bad links, undo.

Each human decision is taken by the CPython engine (the medium bot) from the page's own link, then made
with clicks as a player would (tests/e2e/helpers.py). Positions are opened from links made in CPython.
"""

from __future__ import annotations

import re

import pytest

from pygames.core.record import Record
from pygames.k3.actions import Place

from .helpers import (
    PLAY,
    k3_click_decision,
    k3_compare,
    play_state,
    position,
    settled,
    start_from_form,
    wait_for_human,
)

pytestmark = pytest.mark.e2e


def test_whole_game_against_a_bot_by_clicking(app):
    page = app.page
    start_from_form(page, "k3", ("human", "heuristic"), "e2e-full-7")
    assert page.locator("#turn-status").inner_text().startswith("Player 1 (you): arrange")
    # the arrangement editor: click one pawn then another swaps them; so does drag and drop
    apex, corner = '[data-seat="0"][data-pos="5.0"]', '[data-seat="0"][data-pos="0.0"]'
    kinds = (page.get_attribute(apex, "data-kind"), page.get_attribute(corner, "data-kind"))
    page.click(apex)
    page.click(corner)
    settled(page)
    assert (page.get_attribute(apex, "data-kind"), page.get_attribute(corner, "data-kind")) == kinds[::-1]
    page.drag_and_drop(corner, apex)
    settled(page)
    assert (page.get_attribute(apex, "data-kind"), page.get_attribute(corner, "data-kind")) == kinds
    kinds_played = set()
    first_turn = True
    for _ in range(120):
        state = wait_for_human(page)
        if state.get("over") == "1":
            break
        if first_turn and state["phase"] == "turn":
            first_turn = False
            # an illegal click shows the engine's reason, and nothing changes
            game = Record.parse(state["link"]).replay()
            legal = {a.slot for a in game.legal_actions(0) if isinstance(a, Place) and a.src == (5, 0)}
            illegal = [s for s in game.open_slots() if s not in legal]
            page.click('[data-seat="0"][data-pos="5.0"]')
            assert play_state(page)["selected"] == "5.0"
            if illegal:
                page.click(f'[data-slot="{illegal[0][0]}.{illegal[0][1]}"][data-open]')
                settled(page)
                message = page.locator(".message").inner_text()
                assert re.search(r"Not allowed: a \w+ pawn needs a \w+ or natural pawn below it", message)
                assert play_state(page)["moves"] == state["moves"]
            page.click('[data-seat="0"][data-pos="5.0"]')  # deselect
            continue
        kinds_played.add(k3_click_decision(page, state)[:1])
    else:
        pytest.fail("the game did not end")
    dialog = page.locator("[role=dialog]")
    dialog.wait_for()
    title = dialog.locator("h2").inner_text()
    assert title in ("You win!", "Player 2 (medium bot) wins!")
    assert "Rematch same seed" in dialog.inner_text()
    final = Record.parse(play_state(page)["link"]).replay()
    assert final.is_over() and ("win" in title.lower())
    assert {"A", "P"} <= kinds_played
    k3_compare(page, play_state(page)["link"])
    assert app.log.errors == []
    # Rematch: same seed, fresh game
    page.click("#btn-rematch")
    page.wait_for_function(f"document.querySelector('{PLAY}').dataset.moves === '0'")
    assert "seed=e2e-full-7" in play_state(page)["link"]


def test_a_link_opens_its_position_and_the_copy_button_gives_it_back(app):
    page = app.page
    fragment = position("k3", {"players": 2}, "e2e-link-3", 14, "human,random")
    app.open(fragment)
    state = wait_for_human(page)
    link = state["link"]
    assert link == page.locator("#game-link").input_value()
    assert link.startswith(app.site.url + "#k3?v=1&players=2") and "seats=human,random" in link
    assert Record.parse(link).moves == Record.parse(fragment).moves
    k3_compare(page, link)
    assert state["humanTurn"] == "1"  # the game goes on from there: the human can play
    page.click("#btn-copy")
    page.wait_for_selector("#turn-status .copied")
    # the copied link, opened again, is the same position
    app.open("home", until='[data-page="home"]')
    app.open(link.split("#", 1)[1])
    assert play_state(page)["link"] == link
    k3_compare(page, link)
    assert app.log.errors == []


def test_autosave_resumes_after_reload(app):
    page = app.page
    app.open(position("k3", {"players": 2}, "e2e-save-5", 6, "human,heuristic"))
    k3_click_decision(page, wait_for_human(page))
    state = wait_for_human(page)
    assert "#play/" in page.url
    page.reload()
    page.wait_for_function("document.documentElement.dataset.appState === 'ready'", timeout=60_000)
    page.wait_for_selector(PLAY)
    again = play_state(page)
    assert again["link"] == state["link"] and again["moves"] == state["moves"]
    k3_compare(page, again["link"])
    # the home page lists it
    page.click("#btn-home")
    page.wait_for_selector(f'[data-save="{state["saveId"]}"]')
    assert app.log.errors == []


FULL_STORAGE = """(on) => {
  if (on) {
    window.__setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
      if (key.startsWith("pygames:save:")) throw new DOMException("the quota has been exceeded", "QuotaExceededError");
      return window.__setItem.call(this, key, value);
    };
  } else {
    Storage.prototype.setItem = window.__setItem;
  }
}"""


def test_a_full_storage_says_the_game_was_not_saved_and_play_goes_on(app):
    """The browser refuses the autosave (its storage full): the game says so above the board, and goes on."""
    page = app.page
    app.open(position("k3", {"players": 2}, "e2e-full-storage", 6, "human,heuristic"))
    state = wait_for_human(page)
    page.evaluate(FULL_STORAGE, True)
    try:
        k3_click_decision(page, state)
        page.wait_for_function("document.getElementById('play-message')?.textContent.includes('Not saved')")
        assert "could not be saved in this browser" in page.inner_text("#play-message")
        after = wait_for_human(page)
        assert int(after["moves"]) > int(state["moves"])
        # the device keeps the save from before the move (the shell's copy says the same: the home page lists it)
        kept = page.evaluate("(id) => JSON.parse(localStorage.getItem('pygames:save:' + id)).moves", state["saveId"])
        assert kept == int(state["moves"])
    finally:
        page.evaluate(FULL_STORAGE, False)
    assert app.log.errors == []


def test_bad_links_show_a_message_and_the_app_stays_usable(app):
    page = app.page
    app.open(position("k3", {"players": 2}, "e2e-bad-1", 3, "human,heuristic"))
    good = wait_for_human(page)
    page.click("#btn-home")
    page.wait_for_selector('[data-page="home"]')
    saves_before = page.locator("[data-save]").count()
    assert saves_before == 1
    record = Record.parse(good["link"])
    record.moves.append("P:0.0>1.0")  # a covered pawn: illegal
    cases = [
        ("k3?v=1&players=9&seed=x", "players must be at most 4"),
        ("nope?x", "unknown game 'nope'"),
        ("k3?v=99&players=2&seed=a", "rules version 99"),
        ("k3?v=1&players=2&seed=a&moves=A:B~~A:R", "empty move"),
        (record.to_fragment(), f"move {len(record.moves)} (P:0.0>1.0) cannot be played"),
    ]
    for fragment, expected in cases:
        app.open(fragment, until=None)
        page.wait_for_function("(e) => document.querySelector('#notice')?.innerText.includes(e)", arg=expected)
        text = page.locator("#notice").inner_text()
        assert text.startswith("This link cannot be opened:"), text
        assert page.locator("[data-save]").count() == saves_before
    # still usable: the saved game resumes, and a new game starts
    page.click(f'[data-save="{good["saveId"]}"] a')
    page.wait_for_selector(PLAY)
    assert play_state(page)["link"].split("#")[1] == good["link"].split("#")[1]
    page.click("#btn-home")
    page.click('[data-new-game="k3"]')
    page.wait_for_selector("#new-game-form")
    # a damaged autosave is reported, the others are kept
    page.evaluate("""() => {  // (written as another tab would: the shell's copy hears of it)
      localStorage.setItem('pygames:save:broken1', '{oops');
      dispatchEvent(new StorageEvent('storage', {key: 'pygames:save:broken1', newValue: '{oops',
                                                 storageArea: localStorage}));
    }""")
    page.click("a.back")
    page.wait_for_selector('[data-save="broken1"]')
    assert "cannot be opened" in page.locator('[data-save="broken1"]').inner_text()
    assert page.locator("[data-save]").count() == saves_before + 1
    assert app.log.errors == []


def test_undo_redo_against_a_bot_and_undo_cancels_thinking(app):
    page = app.page
    app.open(position("k3", {"players": 2}, "e2e-undo-2", 8, "human,random"))
    before = wait_for_human(page)
    k3_click_decision(page, before)
    after = wait_for_human(page)
    assert int(after["moves"]) >= int(before["moves"]) + 2  # my move and the bot's reply
    page.click("#btn-undo")
    undone = play_state(page)
    assert undone["link"] == before["link"] and undone["humanTurn"] == "1"
    k3_compare(page, undone["link"])
    page.click("#btn-redo")
    redone = wait_for_human(page)
    assert redone["link"] == after["link"]
    # with the search bot (1 s), undo while it thinks cancels the thinking
    app.open(position("k3", {"players": 2}, "e2e-undo-3", 6, "human,mcts"))
    state = wait_for_human(page)
    k3_click_decision(page, state)
    page.wait_for_function(f"document.querySelector('{PLAY}').dataset.thinking === '1'")
    assert "is thinking" in page.locator("#turn-status").inner_text()
    page.click("#btn-undo")
    now = play_state(page)
    assert now.get("thinking") is None and now["humanTurn"] == "1" and now["link"] == state["link"]
    page.wait_for_timeout(1800)  # the cancelled search must not come back and play
    assert play_state(page)["link"] == state["link"]
    assert app.log.errors == []


# -- on a phone (390x844, touch): tapped, not clicked ---------------------------------------------

# The element's box in CSS pixels, and whether a finger at its centre lands on it (inside the viewport, and not
# under the sticky turn line or anything else)
IN_REACH = """(e) => { const r = e.getBoundingClientRect(); const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  return {width: r.width, height: r.height, top: r.top, bottom: r.bottom, left: r.left, right: r.right,
          reached: x >= 0 && x <= innerWidth && y >= 0 && y <= innerHeight && !!hit && e.contains(hit)}; }"""


def test_a_penalty_on_the_phone_shows_the_pawns_to_take_and_one_is_taken_by_a_tap(phone):
    """In a penalty the penalised player's pyramid is on screen as the game opens, its pawns to take at
    least 32 px, and a tap takes one."""
    page = phone.page
    phone.open(position("k3", {"players": 2}, "pen-2-2", 16, "human,heuristic"))
    state = wait_for_human(page)
    game = Record.parse(state["link"]).replay()
    assert game.phase == "penalty" and game.to_move() == [0]
    targets = page.locator(f'svg.pyramid .takeable[data-seat="{game.victim}"][role=button]')
    boxes = [targets.nth(k).evaluate(IN_REACH) for k in range(targets.count())]
    assert len(boxes) == len(game.legal_actions(0)) > 0
    assert all(min(b["width"], b["height"]) >= 32 for b in boxes), boxes
    reached = [k for k, b in enumerate(boxes) if b["reached"]]
    assert reached, boxes
    pawn = targets.nth(reached[0])
    where = pawn.get_attribute("data-pos") or pawn.get_attribute("data-beside")
    pawn.tap()
    page.wait_for_function(f"document.querySelector('{PLAY}').dataset.moves > {state['moves']}")
    assert Record.parse(play_state(page)["link"]).moves[int(state["moves"])] == f"T:{where}"
    assert phone.log.errors == []


def test_a_whole_turn_on_the_phone_by_taps(phone):
    """Arranging (two pawns swapped by two taps, Ready), then a turn: a pawn tapped, then a lit slot."""
    page = phone.page
    phone.open("k3?v=1&players=2&seed=e2e-phone-2&moves=&seats=human,heuristic")
    wait_for_human(page)
    apex, corner = '[data-seat="0"][data-pos="5.0"]', '[data-seat="0"][data-pos="0.0"]'
    kinds = (page.get_attribute(apex, "data-kind"), page.get_attribute(corner, "data-kind"))
    page.tap(apex)
    page.tap(corner)
    page.wait_for_function(f"document.querySelector('{apex}').dataset.kind === '{kinds[1]}'")
    assert page.get_attribute(corner, "data-kind") == kinds[0]
    assert "Tap a pawn, then another" in page.inner_text(".hint")
    page.tap("#btn-ready")
    state = wait_for_human(page)
    assert state["phase"] == "turn"
    game = Record.parse(state["link"]).replay()
    place = next(a for a in game.legal_actions(0) if isinstance(a, Place))
    page.tap(f'[data-seat="0"][data-pos="{place.src[0]}.{place.src[1]}"]')
    page.wait_for_function(f"document.querySelector('{PLAY}').dataset.selected === '{place.src[0]}.{place.src[1]}'")
    slot = page.locator(f'[data-slot="{place.slot[0]}.{place.slot[1]}"][data-open]')
    assert slot.get_attribute("data-legal") == "1"
    slot.tap()
    page.wait_for_function(f"document.querySelector('{PLAY}').dataset.moves > {state['moves']}")
    assert Record.parse(play_state(page)["link"]).moves[int(state["moves"])] == str(place)
    assert phone.log.errors == []

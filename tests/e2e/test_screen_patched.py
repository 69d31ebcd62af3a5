"""The game screen is patched, not rebuilt (shell/page.mjs, morphdom): the element the player is on stays
the same element, focused, and the page and a zoomed board stay scrolled where they were, across a bot's
move, an undo and a language switch. Nothing restores them by hand: the element is marked with a JS
property, which only the same DOM node can still carry."""

from __future__ import annotations

from .helpers import PLAY, play_state, position, settled, wait_for_human, wait_moves_above

PHONE = {"width": 390, "height": 844}  # a long screen: the page scrolls

MARK = "el => { el.e2eSame = true; }"
SAME_FOCUS = "document.activeElement && document.activeElement.e2eSame === true"
# What the player looks at (the board), and where it is on the screen; after the render, the same node is still
# there, at the same height (the browser's scroll anchoring absorbs text changing above it)
LOOK = "(window.e2eSeen = document.querySelector('section.play .board-col')).getBoundingClientRect().top"
SEEN = "window.e2eSeen.isConnected ? window.e2eSeen.getBoundingClientRect().top : null"


def scrolled(page, y: int) -> int:
    """Scroll the page to ``y``; where it went."""
    page.evaluate("y => window.scrollTo(0, y)", y)
    return page.evaluate("window.scrollY")


def test_a_bots_move_keeps_focus_and_scroll(app):
    page = app.page
    page.set_viewport_size(PHONE)
    app.open("k2?v=1&players=2&seed=e2e-patched&moves=&seats=heuristic,heuristic")
    page.click("#k2-zoom-in")  # a zoomed board, scrolled inside
    settled(page)
    board = page.locator("#k2-scroll")
    board.evaluate("el => { el.scrollLeft = 120; el.scrollTop = 200; }")
    inside = board.evaluate("el => [el.scrollLeft, el.scrollTop]")
    assert inside[0] > 0 and inside[1] > 0
    zoom = page.locator("#k2-zoom-in")
    zoom.evaluate(MARK)
    zoom.focus()
    assert scrolled(page, 240) > 0
    seen = page.evaluate(LOOK)
    moves = int(play_state(page)["moves"])
    wait_moves_above(page, moves + 2)  # the bots play on: the screen is drawn again and again
    assert page.evaluate(SAME_FOCUS)
    assert abs(page.evaluate(SEEN) - seen) <= 2
    assert board.evaluate("el => [el.scrollLeft, el.scrollTop]") == inside
    assert app.log.errors == []


def test_an_undo_keeps_focus_and_scroll(app):
    page = app.page
    page.set_viewport_size(PHONE)
    app.open(position("matterhorn", {"players": 2}, "e2e-patched-undo", 6, "human,human"))
    state = wait_for_human(page)
    undo = page.locator("#btn-undo")
    undo.evaluate(MARK)
    undo.focus()
    assert scrolled(page, 300) > 0
    seen = page.evaluate(LOOK)
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.querySelector('{PLAY}').dataset.moves === '{int(state['moves']) - 1}'")
    assert page.evaluate(SAME_FOCUS)
    assert abs(page.evaluate(SEEN) - seen) <= 2
    assert app.log.errors == []


def test_a_language_switch_keeps_focus_and_scroll(app):
    page = app.page
    page.set_viewport_size(PHONE)
    app.open(position("k3", {"players": 2}, "e2e-patched-lang", 8, "human,human"))
    wait_for_human(page)
    picker = page.locator("#lang-select")
    picker.evaluate(MARK)
    picker.focus()
    assert scrolled(page, 200) > 0
    seen = page.evaluate(LOOK)
    picker.select_option("fr")
    page.wait_for_function("document.documentElement.lang === 'fr'")
    page.wait_for_function(f"document.querySelector('{PLAY} #btn-undo').textContent.trim() !== 'Undo'")
    assert page.evaluate(SAME_FOCUS)
    assert abs(page.evaluate(SEEN) - seen) <= 2
    assert app.log.errors == []


def test_the_parts_a_render_kept_make_the_whole_screen(app):
    # (each render sends only the parts that changed: shell/contract/markup.py ``Kept``, morph.mjs ``data-same``)
    page = app.page
    app.open("k2?v=1&players=3&seed=e2e-parts&moves=&seats=heuristic,heuristic,human")
    wait_for_human(page)  # the bots' choices drawn, each render with the unchanged parts kept
    assert int(play_state(page)["moves"]) >= 2
    kept = page.inner_html("#view")
    page.evaluate("dispatchEvent(new CustomEvent('pygames:redraw'))")  # the shell sends every part again
    settled(page)
    assert page.inner_html("#view") == kept
    assert app.log.errors == []

"""Blokus 3D in Chromium: a whole game by clicking (on the 3D board and the level map), a game by keys and
typed moves from its start to its result (a link skipping its middle), the solitaire cube solved with the
hint button, the level map without WebGL, the 3D view turned by drag and keys, a touch screen, a turn on a
phone by taps on the cells marked where the piece can land (bots alone: test_bots_play.py).

The page's state is on ``section.play`` (``data-moves``, ``data-over``, ``data-link``, and the view's
``data-picked``, ``data-ghost``, ``data-ghost-legal``). Each human decision is taken by the CPython
engine's bots from the page's own link, then made with the clicks of tests/clicks.py; every final
link is replayed in CPython and compared with what the page draws. Speeds are measured by
tests/bench/blokus3d_page_bench.py, never asserted here.
"""

from __future__ import annotations

import json

import clicks
import pytest

from pygames.core.bots import HeuristicBot, RandomBot, bot_rng
from pygames.core.record import Record
from pygames.core.rng import Rng

from .helpers import (
    FAST,
    PLAY,
    blokus3d_click_plan,
    blokus3d_wait,
    play_state,
    settled,
    skip_to_the_end,
    start_from_form,
    wait_for_human,
    wait_moves_above,
)
from .helpers import blokus3d_compare as compare_with_replay

pytestmark = pytest.mark.e2e

NO_WEBGL = """
const getContext = HTMLCanvasElement.prototype.getContext;
HTMLCanvasElement.prototype.getContext = function (type, ...rest) {
  return /webgl/i.test(String(type)) ? null : getContext.call(this, type, ...rest);
};
"""


def start_game(page, seats=("human", "heuristic"), seed="b3d-e2e", **options) -> None:
    """Through the new-game form, as a player would."""
    start_from_form(page, "blokus3d", seats, seed, **options)
    blokus3d_wait(page)


def click_on_3d_board(page, game, action) -> None:
    """Pick and turn in the tray, then point at the anchor cell on the 3D board and click it there."""
    plan = clicks.blokus3d(game, action)
    for act, data in plan:
        if act in ("pick", "turn"):
            page.click(clicks.blokus3d_selector((act, data)))
    x, y = int(plan[-1][1]["x"]), int(plan[-1][1]["y"])
    height = game.heights[y * 10 + x]
    px, py = page.evaluate(f"window.pygamesScene3d.screenOf({x}, {y}, {height})")
    page.mouse.move(px - 3, py - 3)
    page.mouse.move(px, py, steps=2)
    page.wait_for_function(f"document.querySelector('{PLAY}').dataset.ghost === {json.dumps(str(action))}")
    assert page.get_attribute(PLAY, "data-ghost-legal") == "1"
    page.mouse.click(px, py)


def test_whole_game_on_the_wall_by_clicking_against_the_medium_bot(app):
    """Structure B, 2 players: pick, turn and place every piece by clicking (the first on the 3D board)."""
    page, page_log = app.page, app.log
    start_game(page, seats=("human", "heuristic"), seed="b3d-click-2", structure="B")
    assert page.locator("html[data-webgl='1'] .b3d-stage canvas").count() == 1
    rng = Rng(7)
    turned = 0
    for decision in range(60):
        state = wait_for_human(page, timeout=60_000)
        if state.get("over") == "1":
            break
        game = Record.parse(state["link"]).replay()
        bot = RandomBot() if rng.below(5) == 0 else HeuristicBot()
        action = bot.choose(game, 0, bot_rng(game, 0))
        plan = clicks.blokus3d(game, action)
        turned += sum(1 for act, _ in plan if act == "turn")
        if decision == 0:
            click_on_3d_board(page, game, action)
        else:
            blokus3d_click_plan(page, game, action)
        wait_moves_above(page, int(state["moves"]))
        assert Record.parse(play_state(page)["link"]).moves[int(state["moves"])] == str(action)
    else:
        pytest.fail("the game did not end")
    assert turned > 0
    dialog = page.locator("[role=dialog]")
    dialog.wait_for()
    assert dialog.locator("table.b3d-scores tbody tr").count() == 2  # visible / unplaced per colour
    link = play_state(page)["link"]
    assert Record.parse(link).replay().is_over()
    page.click("#btn-close-dialog")
    compare_with_replay(page, link)
    assert page_log.errors == []


def test_solitaire_cube_solved_with_the_hint_button(app):
    page, page_log = app.page, app.log
    start_game(page, seats=("human",), seed="b3d-solo", size=3, **{"colours-0": "B"})  # (a colour per seat)
    assert page.locator("#b3d-hint").count() == 1
    for _ in range(20):
        state = play_state(page)
        if state.get("over") == "1":
            break
        page.click("#b3d-hint")
        page.wait_for_function(f"document.querySelector('{PLAY}').dataset.ghostLegal === '1'")
        assert "Hint: place" in page.inner_text("#play-message")
        page.click("#b3d-place")
        wait_moves_above(page, int(state["moves"]))
    else:
        pytest.fail("the cube was not finished")
    dialog = page.locator("[role=dialog]")
    dialog.wait_for()
    assert dialog.locator("h2").inner_text() == "Solved!"
    link = play_state(page)["link"]
    final = Record.parse(link).replay()
    assert final.is_over() and final.solved
    page.click("#btn-close-dialog")
    compare_with_replay(page, link)
    assert page_log.errors == []


def test_two_players_four_colours_by_keys_then_typed_moves(app):
    """A game by keys: the first piece picked, turned, cycled through its legal placements and placed with the
    keyboard alone, the next ones and the last ones (a link skips the middle) typed in the move box; a refused
    move says why."""
    page, page_log = app.page, app.log
    app.open("blokus3d?v=1&players=2&colours=BYRG&seed=b3d-typed&moves=&seats=human,human")
    blokus3d_wait(page)
    assert "place a Blue piece" in page.inner_text("#turn-status")
    # a refused move: the engine's reason, a link to the rules, nothing changes
    page.fill("#move-input", "BI2:001,101")
    page.press("#move-input", "Enter")
    alert = page.locator("#play-message[role=alert]")
    alert.wait_for()
    assert "cell (0,0) is outside" in alert.inner_text() and play_state(page)["moves"] == "0"
    assert alert.locator("a.rules-link").get_attribute("href") == "#rules/blokus3d/placing"
    # keys: Enter picks the square, Z turns it, L cycles through its legal placements, Tab the next one
    page.focus("#b3d-pick-B-O4")
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.querySelector('{PLAY}').dataset.picked === 'BO4'")
    page.keyboard.press("z")
    page.keyboard.press("l")
    page.wait_for_selector("#b3d-legal[aria-pressed='true']")
    first = page.get_attribute(PLAY, "data-ghost")
    page.keyboard.press("Tab")
    settled(page)
    second = page.get_attribute(PLAY, "data-ghost")
    assert first != second and page.get_attribute(PLAY, "data-ghost-legal") == "1"
    legal = {str(a) for a in Record.parse(play_state(page)["link"]).replay().legal_actions() if a.piece == "O4"}
    assert {first, second} <= legal
    page.keyboard.press("Enter")
    wait_moves_above(page, 0)
    assert Record.parse(play_state(page)["link"]).moves[-1] == second
    for typed in range(120):
        state = play_state(page)
        if state.get("over") == "1":
            break
        if typed == 4:  # on to the last moves, typed to the end
            skip_to_the_end(app, state["link"], 6)
            continue
        game = Record.parse(state["link"]).replay()
        seat = game.to_move()[0]
        assert f"place a {['Blue', 'Yellow', 'Red', 'Green'][game.current]} piece" in page.inner_text("#turn-status")
        action = HeuristicBot().choose(game, seat, bot_rng(game, seat))
        page.fill("#move-input", str(action))
        page.press("#move-input", "Enter")
        wait_moves_above(page, int(state["moves"]))
    else:
        pytest.fail("the game did not end")
    link = play_state(page)["link"]
    assert Record.parse(link).replay().is_over()
    assert page.locator("[role=dialog] .b3d-totals li").count() == 2  # each player's two colours summed
    page.click("#btn-close-dialog")
    compare_with_replay(page, link)
    assert page_log.errors == []


def test_the_level_map_is_the_fallback_without_webgl(browser, browser_context_args, site, boot):
    """No WebGL: a message says so, the 3D stage is empty, and the game is played on the level map."""
    context = browser.new_context(**browser_context_args, viewport={"width": 1280, "height": 800})
    context.add_init_script(NO_WEBGL)
    errors: list[str] = []
    context.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))
    context.on("weberror", lambda err: errors.append(str(err.error)))
    page = context.new_page()
    try:
        boot(page, f"{site.url}{FAST}#blokus3d?v=1&players=2&structure=D&seed=b3d-nogl&moves=&seats=human,heuristic")
        blokus3d_wait(page)
        page.wait_for_function("document.documentElement.dataset.webgl === '0'")
        assert page.locator(".b3d-nogl").is_visible()
        assert "needs WebGL" in page.inner_text(".b3d-nogl")
        assert page.locator(".b3d-stage canvas").count() == 0 and page.locator(".b3d-viewbar").is_hidden()
        assert page.locator("svg.b3d-map").is_visible()
        state = wait_for_human(page)  # a move on the map (the whole game by clicks: the test above)
        game = Record.parse(state["link"]).replay()
        blokus3d_click_plan(page, game, HeuristicBot().choose(game, 0, bot_rng(game, 0)))
        wait_moves_above(page, int(state["moves"]))
        state = wait_for_human(page)
        compare_with_replay(page, state["link"])
        assert errors == []
    finally:
        context.close()


def test_the_3d_view_turns_by_drag_and_keys_and_the_cutaway_hides_levels(app):
    page, page_log = app.page, app.log
    moves = "BL4:230,240,330,430~YO4:530,540,630,640~RI3:250,350,450~GI2:550,560~BI2:231,331"
    app.open(f"blokus3d?v=1&players=4&seed=b3d-view&moves={moves}&seats=human,human,human,human")
    page.wait_for_selector("html[data-webgl='1'] .b3d-stage canvas")
    camera = "JSON.stringify(window.pygamesScene3d.camera)"
    before = page.evaluate(camera)
    box = page.locator(".b3d-stage canvas").bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    draws = page.evaluate("window.pygamesScene3d.stats.draws")
    page.mouse.move(cx, cy)
    page.mouse.down()
    page.mouse.move(cx + 120, cy + 30, steps=12)
    page.mouse.up()
    dragged = page.evaluate(camera)
    assert dragged != before and page.evaluate("window.pygamesScene3d.stats.draws") > draws
    assert play_state(page)["moves"] == "5"  # a drag is no click: nothing was placed
    page.focus("#b3d-stage")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowUp")
    assert page.evaluate(camera) != dragged
    page.click('[data-view3d="reset"]')
    assert json.loads(page.evaluate(camera)) == {"azimuth": 0.5, "elevation": 0.82, "zoom": 1}
    page.click('[data-view3d="in"]')
    assert json.loads(page.evaluate(camera))["zoom"] > 1
    # the cutaway: only the lowest level is drawn, the text says so, and it survives a redraw
    count = "window.pygamesScene3d.stats.draws"
    page.fill("#b3d-cut", "1")
    page.dispatch_event("#b3d-cut", "input")
    assert page.inner_text("#b3d-cut-out") == "up to height 1"
    page.wait_for_function(f"{count} > 0")
    page.click("#b3d-pick-Y-I2")
    settled(page)
    assert page.input_value("#b3d-cut") == "1" and page.inner_text("#b3d-cut-out") == "up to height 1"
    assert page_log.errors == []


def test_on_a_touch_screen_a_first_tap_moves_the_ghost_and_a_second_places_it(phone):
    page, page_log = phone.page, phone.log
    phone.open("blokus3d?v=1&players=2&seed=b3d-touch&moves=&seats=human,heuristic")
    page.wait_for_selector("html[data-webgl='1'] .b3d-stage canvas")
    page.tap("#b3d-pick-B-O4")
    page.wait_for_function(f"document.querySelector('{PLAY}').dataset.picked === 'BO4'")
    page.evaluate("window.scrollTo(0, 0)")
    x, y = page.evaluate("window.pygamesScene3d.screenOf(4, 4, 0)")
    page.touchscreen.tap(x, y)
    page.wait_for_function(f"document.querySelector('{PLAY}').dataset.ghost === 'BO4:440,450,540,550'")
    assert play_state(page)["moves"] == "0" and page.evaluate("scrollY") == 0  # the page stays put
    page.touchscreen.tap(x, y)
    wait_moves_above(page, 0)
    assert Record.parse(play_state(page)["link"]).moves[0] == "BO4:440,450,540,550"
    assert page_log.errors == []


def test_on_a_phone_a_turn_by_taps_on_a_cell_where_the_piece_can_land(phone):
    """A piece picked by a tap, the level map marks where it can land (data-can-land) within the
    screen, its cells big enough for a finger; a tap on one shows the piece there, Place places it. The
    game comes from the form with a colour chosen per seat."""
    page, page_log = phone.page, phone.log
    start_game(page, seats=("human", "heuristic"), seed="b3d-phone", structure="D",
               **{"colours-0": "R", "colours-1": "G"})
    page.wait_for_selector("html[data-webgl='1'] .b3d-stage canvas")
    assert "place a piece" in page.inner_text("#turn-status")
    page.tap("#b3d-pick-R-L4")
    page.wait_for_function(f"document.querySelector('{PLAY}').dataset.picked === 'RL4'")
    assert page.locator(".b3d-map [data-can-land]").count() > 0
    # in sight without scrolling after the tap on the tray: the finger meets the cell there (not the sticky
    # turn line, not another panel)
    on_screen = page.evaluate("""() => [...document.querySelectorAll('.b3d-map [data-can-land]')].map(cell => {
        const box = cell.getBoundingClientRect(), x = box.x + box.width / 2, y = box.y + box.height / 2;
        return cell.contains(document.elementFromPoint(x, y)) ? {x: box.x, y: box.y, width: box.width,
          height: box.height} : null; }).filter(Boolean)""")
    assert on_screen
    cells = page.locator('.b3d-map [data-act="cell"]')
    assert min(min(b["width"], b["height"]) for b in map(lambda i: cells.nth(i).bounding_box(),
                                                         range(cells.count()))) >= 32
    box = on_screen[0]
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function(f"document.querySelector('{PLAY}').dataset.ghostLegal === '1'")
    ghost = page.get_attribute(PLAY, "data-ghost")
    game = Record.parse(play_state(page)["link"]).replay()
    assert ghost in {str(a) for a in game.legal_actions()} and play_state(page)["moves"] == "0"
    for button in ("#b3d-place", "#b3d-drop", "#b3d-turn-x", "#b3d-legal", '[data-view3d="in"]'):
        assert page.locator(button).bounding_box()["height"] >= 44, button
    assert page.locator(".b3d-hand kbd").count() == 0 and "tap its cell" in page.inner_text("#b3d-ghost")
    page.tap("#b3d-place")
    wait_moves_above(page, 0)
    assert Record.parse(play_state(page)["link"]).moves[0] == ghost
    assert "".join(Record.parse(play_state(page)["link"]).replay().colours) == "RG"
    assert page_log.errors == []

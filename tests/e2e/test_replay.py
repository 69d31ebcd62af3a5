"""The replay in Chromium: a finished game opened by link is stepped through with the keys and the
move log, and each position drawn is CPython's state after that many moves (the drawn board's ``data-*``
compared with ``state_json``: ``helpers.COMPARE``); ``&at=N`` opens at N; "Play from here" starts a new game
whose link holds exactly the first N moves and that can be played on, the original save unchanged; K2's
hidden cards stay hidden at every position of a live hot-seat game's replay, and every hand shows once it is
over; the daily challenge starts from the home page and keeps its result. What the replay computes (every
position of every game, bounds, fork records, the daily seed) is tested in CPython: tests/web/test_replay.py
and tests/web/test_daily.py.
"""

from __future__ import annotations

import json
import re

import pytest

from pygames.core.bots import HeuristicBot, bot_rng
from pygames.core.record import Record
from pygames.k2.game import K2

from .helpers import COMPARE, PLAY, finished_game, k2_compare, play_state, wait_for_turn
from .test_k2_play import EVERYTHING, secret_codes

pytestmark = pytest.mark.e2e

PLAYERS = {"k3": 2, "k2": 2, "matterhorn": 2, "blokus3d": 2}
K2_CODE = re.compile(r"\b(?:M[123]|R1[23]|R23|A[0-3])\b")


def wait_at(page, at: int) -> None:
    page.wait_for_function(f"document.querySelector('{PLAY}')?.dataset.at === '{at}'", timeout=10_000)


def saved(page, save_id: str) -> str | None:
    return page.evaluate("id => localStorage.getItem('pygames:save:' + id)", save_id)


def first(record: Record, moves: int) -> str:
    return Record(record.game, record.options, record.seed, record.moves[:moves]).to_fragment()


def compare(page, name: str, fragment: str) -> None:
    """The board drawn = CPython's state (an earlier position: K2's scores are the result dialog's)."""
    if name == "k2":
        k2_compare(page, fragment, scores=False)
    else:
        COMPARE[name](page, fragment)


@pytest.mark.parametrize("name", list(PLAYERS))
def test_a_finished_game_replays_links_to_a_move_and_plays_on_from_it(app, name):
    page = app.page
    fragment = finished_game(name, PLAYERS[name], f"replay-{name}")
    record = Record.parse(fragment)
    app.open(fragment)
    state = play_state(page)
    assert state["at"] == state["moves"] == str(len(record.moves))
    original_id = state["saveId"]
    original_link = json.loads(saved(page, original_id))["link"]
    page.keyboard.press("Escape")  # the result dialog closed: the keys reach the game
    page.wait_for_selector("dialog[open]", state="detached")
    page.keyboard.press("Home")
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    wait_at(page, 3)
    assert play_state(page)["moves"] == str(len(record.moves))
    compare(page, name, first(record, 3))
    assert page.locator("#move-input").is_disabled()  # nothing can be played on an earlier position
    page.click('[data-act="replay-to"][data-to="2"]')  # a move of the log: the position after it
    wait_at(page, 2)
    page.keyboard.press("End")
    wait_at(page, len(record.moves))
    # a link to a position opens there
    app.open(fragment + "&at=5", until=f"{PLAY}[data-at='5']")
    compare(page, name, first(record, 5))
    assert page.input_value("#game-link").endswith("&at=5")
    # play on from move 5: a new game, its seats chosen, that starts with those 5 moves
    assert play_state(page)["saveId"] == original_id  # (the same game, opened again)
    original = saved(page, original_id)
    page.click("#btn-fork")
    page.wait_for_selector("[data-page='new'][data-fork]")
    for seat in range(PLAYERS[name]):
        page.select_option(f"#f-seat{seat}", "human")
    page.click("#btn-start")
    page.wait_for_function(f"(s => s && s.dataset.saveId !== '{original_id}')(document.querySelector('{PLAY}'))")
    state = wait_for_turn(page)
    if state.get("handoff") == "1":  # K2, two humans at one device
        page.click("#btn-handoff")
        state = wait_for_turn(page)
    forked = Record.parse(json.loads(saved(page, state["saveId"]))["link"])
    assert forked.moves == record.moves[:5] and forked.seed == record.seed and forked.options == record.options
    game = forked.replay()
    seat = int(state["viewer"]) if state.get("viewer") else game.to_move()[0]
    page.fill("#move-input", str(HeuristicBot().choose(game.view(seat), seat, bot_rng(game, seat))))
    page.press("#move-input", "Enter")
    page.wait_for_function(f"document.querySelector('{PLAY}').dataset.moves === '6'")
    assert saved(page, original_id) == original  # the game played on from is saved as it was
    assert json.loads(original)["link"] == original_link == record.to_fragment()
    app.open("", until="[data-page='home']")
    assert page.locator(f"[data-save='{original_id}']").count() == 1
    assert page.locator(f"[data-save='{state['saveId']}']").count() == 1
    assert app.log.errors == []


def test_a_live_hot_seat_k2_replay_hides_the_other_hand_and_a_finished_one_shows_every_hand(app):
    page = app.page
    game = Record.new("k2", {"players": 2}, "replay-k2-secret").replay()
    bot = HeuristicBot()
    while game.round < 2 or game.pending[0] is None:  # into day 2: seat 0 has chosen, seat 1 not yet
        seat = game.to_move()[0]
        game.apply(bot.choose(game, seat, bot_rng(game, seat)))
    assert isinstance(game, K2) and game.pending[1] is None
    app.open(Record.of(game, {"seats": "human,human"}).to_fragment())
    page.click("#btn-handoff")  # to seat 1, whose choice it is
    page.wait_for_function(f"document.querySelector('{PLAY}').dataset.viewer === '1'")
    total = len(game.history)
    secret_now = secret_codes(game, 1)
    page.keyboard.press("Home")
    for at in range(total + 1):
        wait_at(page, at)
        state = Record(game.name, game.options, game.seed, game.history[:at]).replay()
        seen = page.evaluate(EVERYTHING)
        leaked = set(K2_CODE.findall(seen)) & secret_codes(state, 1) & secret_now
        assert not leaked, (at, leaked)
        assert f"s0: choose {' '.join(game.pending[0])}" not in seen
        if at < total:
            page.keyboard.press("ArrowRight")
    assert page.locator("#k2-all-hands").count() == 0
    # once over, every hand and choice is shown, move by move
    fragment = finished_game("k2", 2, "replay-k2-hands").replace("heuristic,heuristic", "human,human")
    record = Record.parse(fragment)
    app.open(fragment + "&at=4", until=f"{PLAY}[data-at='4']")
    for at in (4, 5):
        wait_at(page, at)
        state = record.replay(at)
        for seat in range(2):
            codes = page.evaluate(f"[...document.querySelectorAll('[data-hand-seat=\"{seat}\"] .code')]"
                                  ".map(e => e.textContent)")
            assert codes == [*(state.pending[seat] or ()), *state.hands[seat]], (at, seat)
        page.keyboard.press("ArrowRight")
    assert app.log.errors == []


def test_the_daily_challenge_starts_from_home_and_keeps_its_result(app):
    page = app.page
    today = page.evaluate("new Date().toLocaleDateString('sv')")  # the page's own calendar date, YYYY-MM-DD
    page.wait_for_selector(f"[data-daily-date='{today}']")
    page.click("[data-daily-start='k2']")
    page.wait_for_selector(PLAY)
    assert f"seed=daily-{today}&" in play_state(page)["link"] and play_state(page)["humanTurn"] == "1"
    # today's cube, played in CPython for the human but its last move, which ends it here: its result kept
    app.open("", until="[data-page='home']")
    cube = Record.parse(page.get_attribute("[data-daily-start='blokus3d']", "href"))
    game = cube.replay()
    while not game.is_over():
        game.apply(HeuristicBot().choose(game, 0, bot_rng(game, 0)))
    app.open(Record(cube.game, cube.options, cube.seed, game.history[:-1], {"seats": "human"}).to_fragment())
    page.fill("#move-input", game.history[-1])
    page.press("#move-input", "Enter")
    page.wait_for_selector("#daily-link")  # the result dialog gives the result link
    # Share, where the browser has no share sheet (desktop Chromium): the result copied, and the page says so
    app.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=page.evaluate("location.origin"))
    try:
        page.click("#btn-share-dialog")
        page.wait_for_function("document.querySelector('#share-status-dialog').textContent.startsWith('Copied')")
        text = page.evaluate("navigator.clipboard.readText()")
    finally:
        app.context.clear_permissions()
    line, link = text.split("\n")
    assert line.startswith("Blokus 3D · Daily cube of ") and "cube" in line.split(": ", 1)[1]
    assert link == page.get_attribute("#daily-link", "value") and Record.parse(link).moves == game.history
    app.open("", until="[data-page='home']")
    page.wait_for_selector("[data-daily='blokus3d'] .daily-best")
    page.click(".daily-history summary")
    assert page.locator(f"[data-daily-day='{today}'] a").count() == 1
    assert app.log.errors == []

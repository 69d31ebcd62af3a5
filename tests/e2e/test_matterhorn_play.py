"""Matterhorn in Chromium: a whole game by clicking from the new-game form, a link made by the CLI.

Each human decision is taken by the CPython engine's heuristic bot (now and then a random one) from the
page's own link, then made with the clicks of tests/clicks.py. The whole game by keys (a hot-seat game:
board keys, then the move box) is in test_keyboard.py; bots alone in test_bots_play.py.
"""

from __future__ import annotations

import subprocess
import sys

import clicks
import pytest

from pygames.core.bots import HeuristicBot, RandomBot, bot_rng
from pygames.core.record import Record
from pygames.core.rng import Rng
from pygames.matterhorn.actions import Bonus, End, Move, Place, Stop

from .helpers import (
    PLAY,
    matterhorn_compare,
    play_state,
    position,
    skip_to_the_end,
    start_from_form,
    wait_for_human,
    wait_moves_above,
)

pytestmark = pytest.mark.e2e


def test_a_game_by_clicking_against_the_medium_bot_from_the_form_to_the_result(app):
    page = app.page
    start_from_form(page, "matterhorn", ("human", "heuristic"), "mh-click-3")
    assert "Red (you)" in page.inner_text("#turn-status") or "Blue (medium bot)" in page.inner_text("#turn-status")
    rng = Rng(7)
    kinds = set()
    jumped = False
    for _ in range(600):
        state = wait_for_human(page)
        if state.get("over") == "1":
            break
        if not jumped and {"Setup", "Place", "Roll", "Stop"} <= kinds:
            jumped = True  # every kind clicked: on to the last turns, clicked to the end
            skip_to_the_end(app, state["link"], 12)
            continue
        game = Record.parse(state["link"]).replay()
        bot = RandomBot() if rng.below(6) == 0 else HeuristicBot()
        action = bot.choose(game, 0, bot_rng(game, 0))
        kinds.add(type(action).__name__)
        for click in clicks.matterhorn(game, action):
            page.click(clicks.selector(click))
        wait_moves_above(page, int(state["moves"]))
        assert Record.parse(play_state(page)["link"]).moves[int(state["moves"])] == str(action)
    else:
        pytest.fail("the game did not end")
    assert {"Setup", "Place", "Roll", "Stop"} <= kinds and jumped, kinds
    dialog = page.locator("[role=dialog]")
    dialog.wait_for()
    assert dialog.locator("h2").inner_text() in ("You win!", "Blue (medium bot) wins!")
    link = play_state(page)["link"]
    final = Record.parse(link).replay()
    assert final.is_over()
    page.click("#btn-close-dialog")
    matterhorn_compare(page, link)
    assert app.log.errors == []


def test_a_cli_link_opens_at_the_same_position(app):
    page = app.page
    cli = [sys.executable, "-m", "pygames"]
    record = subprocess.run([*cli, "new", "matterhorn", "--players", "3", "--seed", "cli-7", "--opt", "hard=1"],
                            capture_output=True, text=True, check=True).stdout.strip()
    game = Record.parse(record).replay()
    moves = []
    for _ in range(25):
        seat = game.to_move()[0]
        moves.append(str(game.apply(HeuristicBot().choose(game, seat, bot_rng(game, seat)))))
    record = subprocess.run([*cli, "play", record, *moves], capture_output=True, text=True, check=True).stdout.strip()
    app.open(record, until=None)
    page.wait_for_function(f"document.querySelector('{PLAY}')?.dataset.moves === '25'")
    state = play_state(page)
    assert state["link"].endswith("#" + record + "&seats=human,human,human")
    matterhorn_compare(page, state["link"])
    assert "hard summit" in page.inner_text("header")
    assert app.log.errors == []


def climbing_choice(game):
    """Seat 0's choice in a turn that uses the dice and the climbers: dice set aside, own climbers climbed."""
    legal = game.legal_actions(0)
    if game.phase == "place":
        return next((a for a in legal if isinstance(a, Place) and a.aside), legal[0])
    if game.phase == "decide":
        return Stop()
    for action in legal:
        deed = action.deed if isinstance(action, Bonus) else action
        if isinstance(deed, Move) and deed.kind == "m":
            return action
    return {"bonus": Bonus(None), "act": End()}.get(game.phase, legal[0])


def test_a_whole_turn_on_the_phone_by_taps(phone):
    """A turn by taps alone (a die set aside and a circle on the mountain, a bonus climb, Stop, a
    climb), every circle tapped at least 32 px; the hint speaks of taps, with no keys."""
    page = phone.page
    fragment = position("matterhorn", {"players": 2}, "mh-phone-3", 14, "human,heuristic")
    game = Record.parse(fragment).replay()
    plan = []
    while not game.is_over() and game.to_move() == [0]:
        plan.append(climbing_choice(game))
        game.apply(plan[-1])
    assert [type(a).__name__ for a in plan] == ["Place", "Bonus", "Stop", "Move"] and plan[0].aside
    phone.open(fragment)
    for action in plan:
        state = wait_for_human(page)
        game = Record.parse(state["link"]).replay()
        if isinstance(action, Place):
            hint = page.inner_text(".hint")
            assert hint.startswith("Tap dice to set them aside") and "keys" not in hint
        for click in clicks.matterhorn(game, action):
            target = page.locator(clicks.selector(click))
            if click[0] == "circle":
                box = target.bounding_box()
                assert min(box["width"], box["height"]) >= 32, (click, box)
            target.tap()
        wait_moves_above(page, int(state["moves"]))
        assert Record.parse(play_state(page)["link"]).moves[int(state["moves"])] == str(action)
    assert phone.log.errors == []

"""Matterhorn in Chromium: a whole game by clicking, a hot-seat game by typed moves, links from the CLI.

The page's state is on ``section.play`` (``data-phase``, ``data-to-move``, ``data-human-turn``,
``data-thinking``, ``data-over``, ``data-moves``, ``data-link``). Each human decision is taken by the
CPython engine's heuristic bot from the page's own link, then made with the clicks of tests/clicks.py.
"""

from __future__ import annotations

import subprocess
import sys

import clicks
import pytest

from pygames.core.bots import HeuristicBot, RandomBot, bot_rng
from pygames.core.record import Record
from pygames.core.rng import Rng

from .test_k3_play import FAST, PLAY, play_state, start_from_form, type_heuristic_move, wait_for_human, wait_moves_above

pytestmark = pytest.mark.e2e


def start_game(page, site, boot, seats=("human", "heuristic"), seed="mh-e2e", hard=False) -> None:
    start_from_form(page, site, boot, "matterhorn", seats, seed, **({"hard": True} if hard else {}))


def compare_with_replay(page, link: str) -> None:
    """Every circle and the pool drawn = the CPython replay of the link."""
    state = Record.parse(link).replay().state_json()
    drawn = page.evaluate(
        "Object.fromEntries([...document.querySelectorAll('svg.mh-board [data-piece]')]"
        ".map(e => [e.dataset.spot, e.dataset.piece]))"
    )
    assert drawn == {spot: ("c" + v if v.isdigit() else v) for spot, v in state["board"].items()}
    assert page.inner_text("#pool-count") == str(state["pool"])


def test_whole_game_by_clicking_against_the_medium_bot(page, page_log, site, boot):
    start_game(page, site, boot, seats=("human", "heuristic"), seed="mh-click-3")
    assert "Red (you)" in page.inner_text("#turn-status") or "Blue (medium bot)" in page.inner_text("#turn-status")
    rng = Rng(7)
    kinds = set()
    for _ in range(600):
        state = wait_for_human(page, timeout=60_000)
        if state.get("over") == "1":
            break
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
    assert {"Setup", "Place", "Roll", "Stop"} <= kinds, kinds
    dialog = page.locator("[role=dialog]")
    dialog.wait_for()
    assert dialog.locator("h2").inner_text() in ("You win!", "Blue (medium bot) wins!")
    link = play_state(page)["link"]
    final = Record.parse(link).replay()
    assert final.is_over()
    page.click("#btn-close-dialog")
    compare_with_replay(page, link)
    assert page_log.errors == []


def test_hot_seat_game_by_typed_moves(page, page_log, site, boot):
    start_game(page, site, boot, seats=("human", "human"), seed="mh-typed-1")
    # a refused move: the engine's reason, visible, and nothing changes
    page.fill("#move-input", "C:11.0,12.1")
    page.press("#move-input", "Enter")
    alert = page.locator("#play-message[role=alert]")
    alert.wait_for()
    assert "climbers start on row 12" in alert.inner_text() and play_state(page)["moves"] == "0"
    assert alert.locator("a.rules-link").get_attribute("href") == "#rules/matterhorn/setup"
    assert page.input_value("#move-input") == "C:11.0,12.1"
    for _ in range(2000):
        state = play_state(page)
        if state.get("over") == "1":
            break
        type_heuristic_move(page, state)
    else:
        pytest.fail("the game did not end")
    link = play_state(page)["link"]
    assert Record.parse(link).replay().is_over()
    page.click("#btn-close-dialog")
    compare_with_replay(page, link)
    assert page_log.errors == []


def test_a_cli_link_opens_at_the_same_position(page, page_log, site, boot):
    cli = [sys.executable, "-m", "pygames"]
    record = subprocess.run([*cli, "new", "matterhorn", "--players", "3", "--seed", "cli-7", "--opt", "hard=1"],
                            capture_output=True, text=True, check=True).stdout.strip()
    game = Record.parse(record).replay()
    moves = []
    for _ in range(25):
        seat = game.to_move()[0]
        moves.append(str(game.apply(HeuristicBot().choose(game, seat, bot_rng(game, seat)))))
    record = subprocess.run([*cli, "play", record, *moves], capture_output=True, text=True, check=True).stdout.strip()
    boot(page, site.url + FAST)
    page.goto(site.url + FAST + "#" + record)
    page.wait_for_function(f"document.querySelector('{PLAY}')?.dataset.moves === '25'")
    state = play_state(page)
    assert state["link"].endswith("#" + record + "&seats=human,human,human")
    compare_with_replay(page, state["link"])
    assert "hard summit" in page.inner_text("header")
    assert page_log.errors == []


@pytest.mark.parametrize("game", ["k3", "matterhorn"])
def test_a_link_with_only_bots_plays_itself_to_the_end(page, page_log, site, boot, game):
    link = f"{site.url}{FAST}#{game}?v=1&players=2&seed=bots-1&moves=&seats=heuristic,heuristic"
    boot(page, link)
    page.wait_for_function(f"document.querySelector('{PLAY}')?.dataset.over === '1'", timeout=120_000)
    final = play_state(page)["link"]
    assert Record.parse(final).replay().is_over()
    assert page.locator("[role=dialog] h2").inner_text().endswith("wins!")
    assert page_log.errors == []

"""Keyboard only, no mouse: whole games of K3, Matterhorn and K2, reading what the page announces.

The first decisions of each game are made on the board itself (Tab to a target, arrow keys between
targets, Enter acts, the game's own keys); the rest through the move box (Tab to it, type, Enter),
which is how keyboard and screen-reader players play fast. After each move the aria-live region
(#announce) says it as a sentence. Dialogs keep the focus inside them.
"""

from __future__ import annotations

import clicks
import pytest

from pygames.core.bots import HeuristicBot, bot_rng
from pygames.core.record import Record

from .test_k2_play import saved_game, wait_saved
from .test_k3_play import FAST, PLAY, play_state, wait_for_human, wait_moves_above

pytestmark = pytest.mark.e2e

BOARD_MOVES = 6  # decisions made on the board before the move box takes over


def tab_to(page, selector: str, limit: int = 400) -> None:
    """Press Tab (only) until the focused element matches ``selector``."""
    for _ in range(limit):
        if page.evaluate(f"document.activeElement?.matches({selector!r}) ?? false"):
            return
        page.keyboard.press("Tab")
    pytest.fail(f"Tab never reached {selector}")


def leave_inputs(page) -> None:
    """Keys for the game go anywhere but a text field: Tab out of one."""
    for _ in range(5):
        if not page.evaluate("['INPUT', 'SELECT', 'TEXTAREA'].includes(document.activeElement?.tagName)"):
            return
        page.keyboard.press("Tab")


def type_move(page, text: str) -> None:
    tab_to(page, "#move-input")
    page.keyboard.type(text)
    page.keyboard.press("Enter")


def announced(page) -> str:
    return page.inner_text("#announce")


def start(page, site, boot, game: str, seats: str) -> None:
    boot(page, f"{site.url}{FAST}#{game}?v=1&players=2&seed=keys-1&moves=&seats={seats}")
    page.wait_for_selector(PLAY)


def k3_on_board(page, game, action) -> None:
    from pygames.k3.actions import Arrange, Extend, Place, Take, White, source_text

    seat = game.to_move()[0]
    if isinstance(action, Arrange):
        tab_to(page, "#btn-auto")
        page.keyboard.press("Enter")
        tab_to(page, "#btn-ready")
        page.keyboard.press("Enter")
        return
    if isinstance(action, White):
        tab_to(page, f'[data-act="white"][data-src="{source_text(action.src)}"]')
    elif isinstance(action, Take):
        src = action.src
        owner = game.victim
        tab_to(page, f'[data-seat="{owner}"][data-pos="{src[0]}.{src[1]}"]' if not isinstance(src, str)
               else f'[data-seat="{owner}"][data-beside="{src}"]')
    else:
        src = action.src
        tab_to(page, f'[data-seat="{seat}"][data-pos="{src[0]}.{src[1]}"]' if not isinstance(src, str)
               else f'[data-seat="{seat}"][data-beside="{src}"]')
        page.keyboard.press("Enter")
        if isinstance(action, Place):
            tab_to(page, f'[data-slot="{action.slot[0]}.{action.slot[1]}"][data-open]')
        else:
            assert isinstance(action, Extend)
            tab_to(page, f'[data-end="{action.end}"]')
    page.keyboard.press("Enter")


def matterhorn_on_board(page, game, action) -> None:
    keys = {"roll": "r", "stop": "t", "end": "e"}
    for act, data in clicks.matterhorn(game, action):
        if act in keys:
            leave_inputs(page)  # the game's own keys
            page.keyboard.press(keys[act])
        elif act == "die":
            leave_inputs(page)
            page.keyboard.press(str(int(data["index"]) + 1))
        else:
            tab_to(page, clicks.selector((act, data)))
            page.keyboard.press("Enter")


@pytest.mark.parametrize("name", ["k3", "matterhorn"])
def test_a_whole_game_by_keyboard_only(page, page_log, site, boot, name):
    start(page, site, boot, name, "human,heuristic")
    on_board = {"k3": k3_on_board, "matterhorn": matterhorn_on_board}[name]
    decisions = 0
    for _ in range(600):
        state = wait_for_human(page, timeout=60_000)
        if state.get("over") == "1":
            break
        game = Record.parse(state["link"]).replay()
        seat = game.to_move()[0]
        action = HeuristicBot().choose(game, seat, bot_rng(game, seat))
        if decisions < BOARD_MOVES:
            on_board(page, game, action)
        else:
            type_move(page, str(action))
        decisions += 1
        try:
            wait_moves_above(page, int(state["moves"]))
        except Exception:
            pytest.fail(f"{action} (decision {decisions}) was not played: {page.inner_text('#app')[:600]}")
        words = announced(page)
        assert words and "." in words, words  # the move as a sentence, then whose turn it is
    else:
        pytest.fail("the game did not end")
    # the result dialog holds the focus: Tab cycles inside it, Escape closes it
    page.wait_for_selector("[role=dialog][data-result]")
    for _ in range(5):
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.closest('[role=dialog]') !== null")
    page.keyboard.press("Escape")
    assert page.evaluate("document.activeElement.id") == "turn-status"
    assert Record.parse(play_state(page)["link"]).replay().is_over()
    assert page_log.errors == []


def k2_on_board(page, game, action) -> None:
    """K2's keys: 1-6 pick cards of the hand, A / B choose a climber; the rest is Tab and Enter."""
    for act, data in clicks.k2(game, action):
        if act == "hand":
            leave_inputs(page)
            page.keyboard.press(str(int(data["index"]) + 1))
        elif act == "climber":
            leave_inputs(page)
            page.keyboard.press(data["climber"].lower())
        elif act == "space":
            tab_to(page, f'section.play [data-act="space"][data-space="{data["space"]}"]')
            page.keyboard.press("Enter")
        else:
            tab_to(page, clicks.k2_selector((act, data)))
            page.keyboard.press("Enter")


def test_a_whole_k2_game_by_keyboard_only(page, page_log, site, boot):
    """K2 hides the hands, so the page shows no link while choices are secret: each decision is taken
    from the seat's view of the game the page saved (see test_k2_play)."""
    start(page, site, boot, "k2", "human,heuristic")
    decisions = 0
    for _ in range(800):
        state = wait_for_human(page, timeout=60_000)
        if state.get("over") == "1":
            break
        game = wait_saved(page, int(state["moves"]))
        seat = game.to_move()[0] if len(game.to_move()) == 1 else 0
        action = HeuristicBot().choose(game.view(seat), seat, bot_rng(game, seat))
        if decisions < BOARD_MOVES:
            k2_on_board(page, game, action)
        else:
            type_move(page, str(action))
        decisions += 1
        try:
            wait_moves_above(page, int(state["moves"]))
        except Exception:
            pytest.fail(f"{action} (decision {decisions}) was not played: {page.inner_text('#app')[:600]}")
        assert "." in announced(page)
    else:
        pytest.fail("the game did not end")
    page.wait_for_selector("[role=dialog][data-result]")
    page.keyboard.press("Escape")
    assert page.evaluate("document.activeElement.id") == "turn-status"
    assert saved_game(page).is_over()
    assert page_log.errors == []


def test_arrow_keys_move_between_board_targets_and_the_board_is_described(page, site, boot):
    start(page, site, boot, "matterhorn", "human,human")
    tab_to(page, 'svg.mh-board [data-target="1"]')
    first = page.evaluate("document.activeElement.dataset.spot")
    page.keyboard.press("ArrowRight")
    second = page.evaluate("document.activeElement.dataset.spot")
    assert second != first and second.startswith("12.")  # row 12: the climbers' start
    assert int(second.split(".")[1]) > int(first.split(".")[1])
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.dataset.spot") == first
    tab_to(page, "#btn-describe")
    page.keyboard.press("Enter")
    page.wait_for_selector("#board-description")
    # the words take the focus in the task after the one that drew them (shell.app: focus_pending)
    page.wait_for_function("document.activeElement?.id === 'board-description'", timeout=5_000)
    assert "Row 12" in page.inner_text("#board-description")

"""Keyboard only, no mouse: whole games of K3, Matterhorn (hot seat) and K2, reading what the page announces.

The first decisions of each game are made on the board itself (Tab to a target, arrow keys between
targets, Enter acts, the game's own keys); the rest through the move box (Tab to it, type, Enter),
which is how keyboard and screen-reader players play fast: these are each game's whole game by keys
(Blokus 3D's is in test_blokus3d_play.py). A refused move shows the engine's reason with a link to the
rules and keeps what was typed. After each move the aria-live region (#announce) says it as a
sentence; after a move on the board the focus stays in the game. Dialogs keep the focus inside them.
"""

from __future__ import annotations

import clicks
import pytest

from pygames.core.bots import HeuristicBot, bot_rng
from pygames.core.record import Record
from pygames.k2.data import CARDS

from .helpers import COMPARE, play_state, wait_for_human, wait_moves_above
from .helpers import k2_saved_game as saved_game
from .helpers import k2_wait_saved as wait_saved

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


def start(app, game: str, seats: str) -> None:
    app.open(f"{game}?v=1&players=2&seed=keys-1&moves=&seats={seats}")


def refused(page, text: str, reason: str, rules: str) -> None:
    """``text`` typed in the move box is refused: the engine's reason, a link to the rules, the text kept."""
    moves = play_state(page)["moves"]
    type_move(page, text)
    alert = page.locator("#play-message[role=alert]")
    alert.wait_for()
    assert reason in alert.inner_text() and play_state(page)["moves"] == moves, alert.inner_text()
    assert alert.locator("a.rules-link").get_attribute("href") == rules
    assert page.input_value("#move-input") == text
    page.fill("#move-input", "")


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
        pawn = (f'[data-seat="{seat}"][data-pos="{src[0]}.{src[1]}"]' if not isinstance(src, str)
                else f'[data-seat="{seat}"][data-beside="{src}"]')
        tab_to(page, pawn)
        page.keyboard.press("Enter")  # selects the pawn; the screen is drawn again, the focus stays on it
        assert play_state(page)["selected"] == source_text(src)
        page.wait_for_function("(s) => document.activeElement?.matches(s)", arg=pawn, timeout=5_000)
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


# game -> (seats, the refused move, the reason, its rules section)
WHOLE = {"k3": ("human,heuristic", "A:RRRR", "Not allowed:", "#rules/k3/pyramid"),
         "matterhorn": ("human,human", "C:11.0,12.1", "climbers start on row 12", "#rules/matterhorn/setup")}


@pytest.mark.parametrize("name", ["k3", "matterhorn"])
def test_a_whole_game_by_keyboard_only(app, name):
    page = app.page
    seats, refusal, reason, rules = WHOLE[name]
    start(app, name, seats)
    refused(page, refusal, reason, rules)
    on_board = {"k3": k3_on_board, "matterhorn": matterhorn_on_board}[name]
    decisions = 0
    typed = set()
    for _ in range(1200):
        state = wait_for_human(page, timeout=60_000)
        if state.get("over") == "1":
            break
        game = Record.parse(state["link"]).replay()
        seat = game.to_move()[0]
        action = HeuristicBot().choose(game, seat, bot_rng(game, seat))
        arranging = getattr(game, "phase", "") == "arrange"  # K3's arrangement is typed (K3-A1)
        if decisions < BOARD_MOVES and not arranging:
            on_board(page, game, action)
        else:
            type_move(page, str(action))
            typed.add(str(action)[:1])
        decisions += 1
        try:
            wait_moves_above(page, int(state["moves"]))
        except Exception:
            pytest.fail(f"{action} (decision {decisions}) was not played: {page.inner_text('#app')[:600]}")
        if name == "k3" and decisions <= BOARD_MOVES and not arranging:  # the focus stays in the game
            page.wait_for_function("document.activeElement && document.activeElement.closest('#app') !== null",
                                   timeout=5_000)
        words = announced(page)
        assert words and "." in words, words  # the move as a sentence, then whose turn it is
    else:
        pytest.fail("the game did not end")
    if name == "k3":
        assert {"A", "P"} <= typed, typed
    # the result is a modal dialog (showModal): it opens with the focus on Rematch, Tab never reaches
    # the page behind it (only the dialog's buttons, or the browser's own controls), Escape closes it
    page.wait_for_selector("dialog[open][data-result]")
    assert page.evaluate("document.activeElement.id") == "btn-rematch"
    inside = 0
    for _ in range(5):
        page.keyboard.press("Tab")
        where = page.evaluate("(a => a === document.body ? 'browser' : a.closest('dialog[open]') ? 'dialog' : a.id)"
                              "(document.activeElement)")
        assert where in ("dialog", "browser"), where
        inside += where == "dialog"
    assert inside >= 3
    page.keyboard.press("Escape")
    assert page.evaluate("document.activeElement.id") == "turn-status"
    link = play_state(page)["link"]
    assert Record.parse(link).replay().is_over()
    COMPARE[name](page, link)
    assert app.log.errors == []


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


def test_a_whole_k2_game_by_keyboard_only(app):
    """A solo expedition (18 days, every decision the player's): each decision is taken from the seat's
    view of the game the page saved, as in test_k2_play (where other seats' choices are secret)."""
    page, page_log = app.page, app.log
    app.open("k2?v=1&players=1&seed=keys-1&moves=&seats=human")
    wait_for_human(page)
    hand = saved_game(page).hands[0]
    refused(page, "s0: choose " + " ".join([c for c in CARDS if c not in hand][:3]), "is not in", "#rules/k2/cards")
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


def test_arrow_keys_move_between_board_targets_and_the_board_is_described(app):
    page = app.page
    start(app, "matterhorn", "human,human")
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
    # the words take the focus in the task after the one that drew them (shell.rendering: focus_pending)
    page.wait_for_function("document.activeElement?.id === 'board-description'", timeout=5_000)
    assert "Row 12" in page.inner_text("#board-description")

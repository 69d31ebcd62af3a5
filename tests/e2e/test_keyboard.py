"""Keyboard only, no mouse: games of K3 and Matterhorn (hot seat) from the start to the result, and a K2
expedition's last days, reading what the page announces.

The first decisions of each game are made on the board itself (Tab to a target, arrow keys between
targets, Enter acts, the game's own keys); the next ones and the last ones (the middle skipped by a link)
through the move box (Tab to it, type, Enter),
which is how keyboard and screen-reader players play fast (Blokus 3D's whole game by keys is in
test_blokus3d_play.py). A refused move shows the engine's reason with a link to the rules and keeps what
was typed. After each move the aria-live region (#announce) says it as a sentence; after a move on the
board the focus stays in the game. Dialogs keep the focus inside them.
"""

from __future__ import annotations

import clicks
import pytest

from pygames.core.bots import HeuristicBot, bot_rng
from pygames.core.record import Record
from pygames.k2.data import CARDS

from .helpers import COMPARE, play_state, position, skip_to_the_end, wait_for_human, wait_moves_above
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


def focused(page, selector: str) -> bool:
    return page.evaluate(f"document.activeElement?.matches({selector!r}) ?? false")


def reach(page, selector: str) -> None:
    """Focus ``selector`` as a keyboard player: Tab to it, or, in a group of targets (``data-group``: one Tab
    stop), Tab to the group, then the arrow keys inside it."""
    group = page.evaluate("s => document.querySelector(s)?.closest('[data-group]')?.dataset.group ?? null", selector)
    if group is None:
        tab_to(page, selector)
        return
    tab_to(page, f'[data-group="{group}"] [tabindex="0"]')
    arrows_to(page, selector)


def arrows_to(page, selector: str) -> None:
    """The arrow keys (only) until the focus is on ``selector``: row by row, up then down."""
    here = "(a => a.id || a.outerHTML.slice(0, 120))(document.activeElement)"

    def step(key: str) -> bool:
        before = page.evaluate(here)
        page.keyboard.press(key)
        return page.evaluate(here) != before

    for vertical in ("ArrowUp", "ArrowDown"):
        for _ in range(15):
            for horizontal in ("ArrowLeft", "ArrowRight"):
                while not focused(page, selector) and step(horizontal):
                    pass
            if focused(page, selector):
                return
            if not step(vertical):
                break
    pytest.fail(f"the arrow keys never reached {selector}")


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
        reach(page, f'[data-seat="{owner}"][data-pos="{src[0]}.{src[1]}"]' if not isinstance(src, str)
              else f'[data-seat="{owner}"][data-beside="{src}"]')
    else:
        src = action.src
        pawn = (f'[data-seat="{seat}"][data-pos="{src[0]}.{src[1]}"]' if not isinstance(src, str)
                else f'[data-seat="{seat}"][data-beside="{src}"]')
        reach(page, pawn)  # the pawns: one Tab stop, the arrow keys between them
        page.keyboard.press("Enter")  # selects the pawn; the screen is drawn again, the focus stays on it
        assert play_state(page)["selected"] == source_text(src)
        page.wait_for_function("(s) => document.activeElement?.matches(s)", arg=pawn, timeout=5_000)
        if isinstance(action, Place):
            reach(page, f'[data-slot="{action.slot[0]}.{action.slot[1]}"][data-open]')
        else:
            assert isinstance(action, Extend)
            reach(page, f'[data-end="{action.end}"]')
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
            reach(page, clicks.selector((act, data)))
            page.keyboard.press("Enter")


# game -> (seats, the refused move, the reason, its rules section)
WHOLE = {"k3": ("human,heuristic", "A:RRRR", "Not allowed:", "#rules/k3/pyramid"),
         "matterhorn": ("human,human", "C:11.0,12.1", "climbers start on row 12", "#rules/matterhorn/setup")}


@pytest.mark.parametrize("name", ["k3", "matterhorn"])
def test_a_game_by_keyboard_only_from_its_start_to_the_result(app, name):
    page = app.page
    seats, refusal, reason, rules = WHOLE[name]
    start(app, name, seats)
    refused(page, refusal, reason, rules)
    on_board = {"k3": k3_on_board, "matterhorn": matterhorn_on_board}[name]
    decisions = 0
    typed = set()
    jumped = False
    for _ in range(1200):
        state = wait_for_human(page, timeout=60_000)
        if state.get("over") == "1":
            break
        if not jumped and decisions == BOARD_MOVES + 3:  # keys and the move box used: on to the last moves
            jumped = True
            skip_to_the_end(app, state["link"], 8)
            continue
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
    assert jumped
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
    page.keyboard.press("Escape")  # the focus back on the turn line (in the next task: page.mjs focusLater)
    page.wait_for_function("document.activeElement?.id === 'turn-status' && !document.querySelector('dialog[open]')",
                           timeout=5_000)
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
            reach(page, f'section.play [data-act="space"][data-space="{data["space"]}"]')
            page.keyboard.press("Enter")
        else:
            tab_to(page, clicks.k2_selector((act, data)))
            page.keyboard.press("Enter")


def last_days(seed: str, decisions: int) -> str:
    """A link to a K2 solo expedition played by the medium bot for ``decisions`` decisions and on to the
    start of the next day (its cards to choose)."""
    game = Record.new("k2", {"players": 1}, seed).replay()
    bot = HeuristicBot()
    while not game.is_over() and (len(game.history) < decisions or game.phase != "choose"):
        game.apply(bot.choose(game, 0, bot_rng(game, 0)))
    return Record.of(game, {"seats": "human"}).to_fragment()


def test_the_last_days_of_a_k2_expedition_by_keyboard_only(app):
    """A solo expedition's last two days to its end (every decision the player's; the whole expedition is 135
    decisions, its first 120 made by the medium bot, to the start of day 17): each decision is taken from the
    seat's view of the game the page saved, as in test_k2_play (where other seats' choices are secret)."""
    page, page_log = app.page, app.log
    app.open(last_days("keys-1", 115))
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
    page.keyboard.press("Escape")  # the focus back on the turn line (in the next task: page.mjs focusLater)
    page.wait_for_function("document.activeElement?.id === 'turn-status'", timeout=5_000)
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
    # the words take the focus in the task after the one that drew them (shell.page.rendering: focus_pending)
    page.wait_for_function("document.activeElement?.id === 'board-description'", timeout=5_000)
    assert "Row 12" in page.inner_text("#board-description")


# -- the focus stays where the player acts; groups are one Tab stop each ---------------------------------

IN_GAME = "document.activeElement !== document.body && document.activeElement?.closest('section.play') !== null"


def test_a_typed_move_legal_or_refused_keeps_the_focus_in_the_move_box(app):
    """Enter in the move box, refused (the engine's reason shown above it) or played (a bot answers while the
    box waits read-only): the focus stays in the box, as the player goes on typing."""
    page = app.page
    start(app, "k3", "human,heuristic")
    tab_to(page, "#move-input")
    page.keyboard.type("A:RRRR")
    page.keyboard.press("Enter")
    page.locator("#play-message[role=alert]").wait_for()
    assert focused(page, "#move-input")
    page.fill("#move-input", "")
    game = Record.parse(play_state(page)["link"]).replay()
    page.keyboard.type(str(HeuristicBot().choose(game, 0, bot_rng(game, 0))))
    page.keyboard.press("Enter")
    wait_moves_above(page, 1)  # the arrangement, and the bot's
    wait_for_human(page)
    assert focused(page, "#move-input")
    assert page.input_value("#move-input") == ""


def test_k3_pawns_are_one_tab_stop_and_tab_goes_on_to_a_legal_slot(app):
    """The pawns the player can choose are one Tab stop (the arrow keys between them); once one is picked,
    the next Tab stop is a slot it can go to: no other open slot is reachable. ``?`` lists the keys."""
    from pygames.k3.actions import Place

    page = app.page
    app.open(position("k3", {"players": 2}, "keys-63", 10, "human,heuristic"))
    state = wait_for_human(page)
    game = Record.parse(state["link"]).replay()
    group = '[data-group="pawns-0"]'
    pawns = page.locator(f'{group} [role="button"]')
    assert pawns.count() > 1 and page.locator(f'{group} [tabindex="0"]').count() == 1
    tab_to(page, f'{group} [tabindex="0"]')
    page.keyboard.press("Tab")  # one step past the whole group
    assert not page.evaluate(f"document.activeElement.closest('{group}') !== null")
    page.keyboard.press("Shift+Tab")
    first = page.evaluate("document.activeElement.id")
    for key in ("ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown"):
        page.keyboard.press(key)
        if page.evaluate("document.activeElement.id") != first:
            break
    moved = page.evaluate("document.activeElement.id")
    assert moved != first and page.evaluate(f"document.activeElement.closest('{group}') !== null")
    tabindex = "id => document.getElementById(id).getAttribute('tabindex')"
    assert page.evaluate(tabindex, moved) == "0"  # the group's stop follows the arrows
    assert page.evaluate(tabindex, first) == "-1"
    place = next(a for a in game.legal_actions(0) if isinstance(a, Place))
    src = place.src
    reach(page, f'[data-seat="0"][data-pos="{src[0]}.{src[1]}"]' if not isinstance(src, str)
          else f'[data-seat="0"][data-beside="{src}"]')
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('section.play').dataset.selected !== undefined")
    legal = {f"{a.slot[0]}.{a.slot[1]}" for a in game.legal_actions(0) if isinstance(a, Place) and a.src == src}
    reachable = page.evaluate("[...document.querySelectorAll('svg.mountain [tabindex]')].map(e => e.dataset.slot)")
    assert set(reachable) == legal
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.slot") in legal
    page.keyboard.press("?")
    page.wait_for_selector("dialog#keys-dialog[open]")
    assert "Enter" in page.inner_text("#keys-dialog")
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog#keys-dialog:not([open])", state="attached")
    assert page.evaluate("document.activeElement.dataset.slot") in legal  # the focus back where it was


def test_after_a_matterhorn_action_the_focus_and_the_arrows_stay_on_the_board(app):
    """Both climbers set up by keys: the focus goes to the next circle to choose (never the page's body), and
    the arrow keys then move on the board, not back through the replay."""
    page = app.page
    start(app, "matterhorn", "human,human")
    tab_to(page, 'svg.mh-board [tabindex="0"]')
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    wait_moves_above(page, 0)
    page.wait_for_function(IN_GAME + " && document.activeElement.closest('svg.mh-board') !== null", timeout=5_000)
    spot = page.evaluate("document.activeElement.dataset.spot")
    page.keyboard.press("ArrowRight")
    assert play_state(page)["at"] == "1"  # the newest position: the replay did not step
    assert page.evaluate("document.activeElement.dataset.spot") != spot


def test_k2_a_card_given_by_keys_leaves_the_focus_in_the_game(app):
    from pygames.k2.actions import Play

    page = app.page
    app.open(position("k2", {"players": 1}, "keys-63", 2, "human"))
    wait_for_human(page)
    game = saved_game(page)
    given = next(a for a in game.legal_actions(0) if isinstance(a, Play))
    for act, data in clicks.k2(game, given):
        tab_to(page, clicks.k2_selector((act, data)))
        page.keyboard.press("Enter")
    wait_moves_above(page, len(game.history))
    page.wait_for_function(IN_GAME, timeout=5_000)

"""K3 in Chromium, played by clicking as a player would (engine in CPython as the oracle).

The page exposes its state on ``section.play``: ``data-phase``, ``data-to-move``,
``data-human-turn``, ``data-thinking``, ``data-over``, ``data-moves`` and ``data-link`` (the
copy-link URL). The tests decide each move with the CPython engine replaying that link, then click
the pawn and the slot (or white/extension button) like a player.
"""

from __future__ import annotations

import re

import pytest

from pygames.core import i18n
from pygames.core.bots import HeuristicBot, bot_rng
from pygames.core.record import Record
from pygames.k3.actions import Extend, Place, Take, White, source_text

pytestmark = pytest.mark.e2e

PLAY = "section.play"
FAST = "?botdelay=0"


def play_state(page) -> dict:
    script = f"(() => {{ const s = document.querySelector('{PLAY}'); return s ? {{...s.dataset}} : null }})()"
    return page.evaluate(script)


def wait_for_human(page, timeout: float = 30_000) -> dict:
    """Wait until a human must act (or the game is over) and no bot is thinking."""
    page.wait_for_function(
        f"""(() => {{ const s = document.querySelector('{PLAY}');
            return s && s.dataset.thinking !== '1' && (s.dataset.humanTurn === '1' || s.dataset.over === '1'); }})()""",
        timeout=timeout,
    )
    return play_state(page)


def wait_moves_above(page, count: int) -> None:
    page.wait_for_function(
        f"(() => {{ const s = document.querySelector('{PLAY}'); return s && Number(s.dataset.moves) > {count}; }})()"
    )


def source_selector(seat: int, src) -> str:
    if isinstance(src, str):
        return f'[data-seat="{seat}"][data-beside="{src}"]'
    return f'[data-seat="{seat}"][data-pos="{src[0]}.{src[1]}"]'


def start_from_form(page, site, boot, game: str, seats, seed: str, **options) -> None:
    """A new ``game`` through the home page's new-game form, as a player would: seats, options
    (checkboxes for booleans, choices otherwise) and seed."""
    boot(page, site.url + FAST)
    page.click(f'[data-new-game="{game}"]')
    page.wait_for_selector("#new-game-form")
    page.select_option("#f-players", str(len(seats)))
    page.wait_for_selector(f'[data-seat-row="{len(seats) - 1}"]:not([hidden])')
    for seat, kind in enumerate(seats):
        page.select_option(f"#f-seat{seat}", kind)
    for name, value in options.items():
        if isinstance(value, bool):
            (page.check if value else page.uncheck)(f"#f-{name}")
        else:
            page.select_option(f"#f-{name}", str(value))
    page.fill("#f-seed", seed)
    page.click("#btn-start")
    page.wait_for_selector(PLAY)


def start_game(page, site, boot, seats=("human", "heuristic"), seed="e2e-1234") -> None:
    start_from_form(page, site, boot, "k3", seats, seed)


def type_heuristic_move(page, state: dict) -> str:
    """Type the medium bot's choice for the seat to move in the move box; returns the move text."""
    game = Record.parse(state["link"]).replay()
    seat = game.to_move()[0]
    text = str(HeuristicBot().choose(game, seat, bot_rng(game, seat)))
    page.fill("#move-input", text)
    page.press("#move-input", "Enter")
    wait_moves_above(page, int(state["moves"]))
    return text


def play_one_human_decision(page, state: dict) -> str:
    """Decide with the CPython engine (heuristic bot), then click it; returns the move text."""
    game = Record.parse(state["link"]).replay()
    seat = game.to_move()[0]
    before = int(state["moves"])
    if game.phase == "arrange":
        page.click("#btn-auto")
        page.click("#btn-ready")
        wait_moves_above(page, before)
        return "A:"
    action = HeuristicBot().choose(game, seat)
    if isinstance(action, Take):
        page.click(source_selector(game.victim, action.src))
    elif isinstance(action, White):
        page.click(f'[data-act="white"][data-src="{source_text(action.src)}"]')
    else:
        page.click(source_selector(seat, action.src))
        assert play_state(page)["selected"] == source_text(action.src)
        if isinstance(action, Place):
            slot = page.locator(f'[data-slot="{action.slot[0]}.{action.slot[1]}"][data-open]')
            assert slot.get_attribute("data-legal") == "1"
            slot.click()
        else:
            assert isinstance(action, Extend)
            page.click(f'[data-end="{action.end}"]')
    wait_moves_above(page, before)
    return str(action)


def compare_with_replay(page, link: str) -> None:
    """Every mountain slot and pyramid position drawn = the CPython replay of the link."""
    state = Record.parse(link).replay().state_json()
    drawn_mountain = page.evaluate(
        "Object.fromEntries([...document.querySelectorAll('svg.mountain [data-slot][data-kind]')]"
        ".map(e => [e.dataset.slot, e.dataset.kind]))"
    )
    assert drawn_mountain == state["mountain"]
    drawn_open = page.evaluate("[...document.querySelectorAll('[data-slot][data-open]')].map(e => e.dataset.slot)")
    assert sorted(drawn_open) == sorted(state["open_slots"])
    for seat, pyramid in enumerate(state["pyramids"]):
        drawn = page.evaluate(
            f"Object.fromEntries([...document.querySelectorAll('[data-seat=\"{seat}\"][data-pos]')]"
            ".map(e => [e.dataset.pos, e.dataset.kind]))"
        )
        assert drawn == pyramid, f"seat {seat}"
        beside = page.evaluate(
            f"[...document.querySelectorAll('[data-seat=\"{seat}\"][data-beside]')].map(e => e.dataset.beside)"
        )
        assert sorted(beside) == sorted(state["beside"][seat])


def test_full_game_against_a_bot_by_clicking(page, page_log, site, boot):
    start_game(page, site, boot, seats=("human", "heuristic"), seed="e2e-full-7")
    assert page.locator("#turn-status").inner_text().startswith("Player 1 (you): arrange")
    # the arrangement editor: click one pawn then another swaps them; so does drag and drop
    apex, corner = '[data-seat="0"][data-pos="5.0"]', '[data-seat="0"][data-pos="0.0"]'
    kinds = (page.get_attribute(apex, "data-kind"), page.get_attribute(corner, "data-kind"))
    page.click(apex)
    page.click(corner)
    assert (page.get_attribute(apex, "data-kind"), page.get_attribute(corner, "data-kind")) == kinds[::-1]
    page.drag_and_drop(corner, apex)
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
            # keyboard: the apex is a focusable button; Enter selects it
            page.focus('[data-seat="0"][data-pos="5.0"]')
            page.keyboard.press("Enter")
            assert play_state(page)["selected"] == "5.0"
            # focus kept after re-render (restored in the task after the one that drew the screen)
            page.wait_for_function("document.activeElement && document.activeElement.dataset.pos === '5.0'",
                                   timeout=5_000)
            if illegal:
                page.click(f'[data-slot="{illegal[0][0]}.{illegal[0][1]}"][data-open]')
                message = page.locator(".message").inner_text()
                assert re.search(r"Not allowed: a \w+ pawn needs a \w+ or natural pawn below it", message)
                assert play_state(page)["moves"] == state["moves"]
            page.click('[data-seat="0"][data-pos="5.0"]')  # deselect
            continue
        kinds_played.add(play_one_human_decision(page, state)[:1])
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
    assert page_log.errors == []
    # Rematch: same seed, fresh game
    page.click("#btn-rematch")
    page.wait_for_function(f"document.querySelector('{PLAY}').dataset.moves === '0'")
    assert "seed=e2e-full-7" in play_state(page)["link"]


def test_link_reproduces_a_mid_game_position(page, page_log, site, boot, browser):
    start_game(page, site, boot, seats=("human", "random"), seed="e2e-link-3")
    for _ in range(6):
        state = wait_for_human(page)
        play_one_human_decision(page, state)
    state = wait_for_human(page)
    link = state["link"]
    assert link == page.locator("#game-link").input_value()
    assert link.startswith(site.url + "#k3?v=1&players=2") and "seats=human,random" in link
    compare_with_replay(page, link)
    page.click("#btn-copy")
    page.wait_for_selector("#turn-status .copied")
    other = browser.new_context()
    try:
        fresh = other.new_page()
        boot(fresh, link)
        fresh.wait_for_selector(PLAY)
        assert play_state(fresh)["link"] == link
        compare_with_replay(fresh, link)
        # the game goes on from there: the human can play
        assert play_state(fresh)["humanTurn"] == "1"
    finally:
        other.close()
    assert page_log.errors == []


def test_autosave_resumes_after_reload(page, page_log, site, boot):
    start_game(page, site, boot, seats=("human", "heuristic"), seed="e2e-save-5")
    for _ in range(3):
        play_one_human_decision(page, wait_for_human(page))
    state = wait_for_human(page)
    url = page.url
    assert "#play/" in url
    page.reload()
    boot.wait_ready(page)
    page.wait_for_selector(PLAY)
    again = play_state(page)
    assert again["link"] == state["link"] and again["moves"] == state["moves"]
    compare_with_replay(page, again["link"])
    # the home page lists it
    page.click("#btn-home")
    page.wait_for_selector(f'[data-save="{state["saveId"]}"]')
    assert page_log.errors == []


def test_bad_links_show_a_message_and_the_app_stays_usable(page, page_log, site, boot):
    start_game(page, site, boot, seats=("human", "heuristic"), seed="e2e-bad-1")
    play_one_human_decision(page, wait_for_human(page))
    good = wait_for_human(page)
    page.click("#btn-home")
    page.wait_for_selector('[data-page="home"]')
    saves_before = page.locator("[data-save]").count()
    record = Record.parse(good["link"])
    record.moves.append("P:0.0>1.0")  # a covered pawn: illegal
    illegal = record.to_link(site.url)
    cases = [
        ("#k3?v=1&players=9&seed=x", "players must be at most 4"),
        ("#nope?x", "unknown game 'nope'"),
        ("#k3?v=99&players=2&seed=a", "rules version 99"),
        ("#k3?v=1&players=2&seed=a&moves=A:B~~A:R", "empty move"),
        ("#" + illegal.split("#", 1)[1], f"move {len(record.moves)} (P:0.0>1.0) cannot be played"),
    ]
    for fragment, expected in cases:
        page.goto(site.url + "index.html" + fragment)
        boot.wait_ready(page)
        notice = page.locator("#notice")
        notice.wait_for()
        text = notice.inner_text()
        assert text.startswith("This link cannot be opened:") and expected in text, text
        assert page.locator("[data-save]").count() == saves_before
    # still usable: the saved game resumes, and a new game starts
    page.click(f'[data-save="{good["saveId"]}"] a')
    page.wait_for_selector(PLAY)
    assert play_state(page)["link"].split("#")[1] == good["link"].split("#")[1]
    page.click("#btn-home")
    page.click('[data-new-game="k3"]')
    page.wait_for_selector("#new-game-form")
    # a damaged autosave is reported, the others are kept
    page.evaluate("localStorage.setItem('pygames:save:broken1', '{oops')")
    page.click("a.back")
    page.wait_for_selector('[data-save="broken1"]')
    assert "cannot be opened" in page.locator('[data-save="broken1"]').inner_text()
    assert page.locator("[data-save]").count() == saves_before + 1
    assert page_log.errors == []


def test_undo_redo_against_a_bot_and_undo_cancels_thinking(page, page_log, site, boot):
    start_game(page, site, boot, seats=("human", "random"), seed="e2e-undo-2")
    for _ in range(3):
        play_one_human_decision(page, wait_for_human(page))
    before = wait_for_human(page)
    play_one_human_decision(page, before)
    after = wait_for_human(page)
    assert int(after["moves"]) >= int(before["moves"]) + 2  # my move and the bot's reply
    page.click("#btn-undo")
    undone = play_state(page)
    assert undone["link"] == before["link"] and undone["humanTurn"] == "1"
    compare_with_replay(page, undone["link"])
    page.click("#btn-redo")
    redone = wait_for_human(page)
    assert redone["link"] == after["link"]
    # with the search bot (1 s), undo while it thinks cancels the thinking
    page.click("#btn-home")
    start_game(page, site, boot, seats=("human", "mcts"), seed="e2e-undo-3")
    play_one_human_decision(page, wait_for_human(page))  # arrange; the bot arranges at once
    state = wait_for_human(page)
    play_one_human_decision(page, state)
    page.wait_for_function(f"document.querySelector('{PLAY}').dataset.thinking === '1'")
    assert "is thinking" in page.locator("#turn-status").inner_text()
    page.click("#btn-undo")
    now = play_state(page)
    assert now.get("thinking") is None and now["humanTurn"] == "1" and now["link"] == state["link"]
    page.wait_for_timeout(1800)  # the cancelled search must not come back and play
    assert play_state(page)["link"] == state["link"]
    assert page_log.errors == []


def finished_game_link(site_url: str, players: int, seed: str, coop: bool = False) -> str:
    """A complete bot-vs-bot game played under CPython, as a link."""
    game = Record.new("k3", {"players": players, "coop": coop}, seed).replay()
    bot = HeuristicBot()
    while not game.is_over():
        seat = game.to_move()[0]
        game.apply(bot.choose(game, seat, bot_rng(game, seat)))
    record = Record.of(game, {"seats": ",".join(["heuristic"] * players)})
    return record.to_link(site_url)


def test_whole_cpython_games_replay_identically_in_pyodide(page, page_log, site, boot):
    """Determinism across interpreters: CPython 3.11 games, replayed by CPython 3.14 in the page."""
    boot(page, site.url + FAST)
    for players, seed, coop in [(2, "det-2", False), (3, "det-3", False), (4, "det-4", False), (3, "det-c", True)]:
        link = finished_game_link(site.url + FAST, players, seed, coop)
        page.goto(link)
        fragment = link.split("#", 1)[1]
        page.wait_for_function(
            f"document.querySelector('{PLAY}')?.dataset.link?.endsWith('#' + {fragment!r}) && "
            f"document.querySelector('{PLAY}')?.dataset.over === '1'"
        )
        compare_with_replay(page, link)
        i18n.name_seats(lambda seat: f"Player {seat + 1}")  # as the page names them
        try:
            expected = Record.parse(link).replay().result()
        finally:
            i18n.name_seats(None)
        assert expected is not None
        assert expected["summary"] in page.inner_text("#app"), (players, seed)
    assert page_log.errors == []


def test_keyboard_focus_stays_on_the_board_after_a_move(page, page_log, site, boot):
    """Keyboard play: Enter on a pawn, then Enter on a legal slot; the used slot is redrawn as a pawn,
    and focus goes to the next thing to act on instead of falling back to the document body."""
    start_game(page, site, boot, seats=("human", "random"), seed="e2e-keys-1")
    play_one_human_decision(page, wait_for_human(page))  # arrange
    placed = 0
    for _ in range(6):
        state = wait_for_human(page)
        if state.get("over") == "1" or placed == 2:
            break
        game = Record.parse(state["link"]).replay()
        place = next((a for a in game.legal_actions(0) or [] if isinstance(a, Place)), None)
        if game.phase != "turn" or place is None:
            play_one_human_decision(page, state)
            continue
        page.focus(source_selector(0, place.src))
        page.keyboard.press("Enter")
        assert play_state(page)["selected"] == source_text(place.src)
        page.focus(f'[data-slot="{place.slot[0]}.{place.slot[1]}"][data-legal]')
        page.keyboard.press("Enter")
        wait_moves_above(page, int(state["moves"]))
        placed += 1
        # focus restored in the task after the one that drew the screen (shell.app: focus_pending)
        page.wait_for_function("document.activeElement && document.activeElement.closest('#app') !== null",
                               timeout=5_000)
    assert placed >= 1
    assert page_log.errors == []


def test_whole_game_by_typed_moves(page, page_log, site, boot):
    """Keyboard and screen-reader players: the move box takes the notation (K3-A1..A5) for every decision,
    the arrangement included, and an illegal one shows the engine's reason and changes nothing."""
    start_game(page, site, boot, seats=("human", "heuristic"), seed="e2e-typed-2")
    page.fill("#move-input", "A:RRRR")
    page.press("#move-input", "Enter")
    page.locator("#play-message").wait_for()
    assert page.inner_text("#play-message").startswith("Not allowed:")
    assert play_state(page)["moves"] == "0" and page.input_value("#move-input") == "A:RRRR"
    typed = set()
    for _ in range(150):
        state = wait_for_human(page)
        if state.get("over") == "1":
            break
        typed.add(type_heuristic_move(page, state)[:1])
    else:
        pytest.fail("the game did not end")
    assert {"A", "P"} <= typed
    final = Record.parse(play_state(page)["link"]).replay()
    assert final.is_over()
    page.click("#btn-close-dialog")
    compare_with_replay(page, play_state(page)["link"])
    assert page_log.errors == []

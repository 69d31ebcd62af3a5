"""K2 in Chromium: a game by clicking against two bots, a hot-seat game whose secrets stay secret, a solo
winter game with its title, a game by typed moves, a link that plays itself, a zoomed board on a phone.

The record of a game in progress is the page's autosave (localStorage ``pygames:save:<id>``): during a
secret choice the page shows no link, and the tests need every seat's real hand, so they read it there
and replay it with the CPython engine. Each human decision is taken by the CPython heuristic bot from
that seat's view, then made with the clicks of tests/clicks.py (or typed in the move box).
"""

from __future__ import annotations

import json
import re
import time

import clicks
import pytest

from pygames.core.bots import HeuristicBot, RandomBot, bot_rng
from pygames.core.record import Record
from pygames.core.rng import Rng
from pygames.k2.data import CARDS
from pygames.k2.game import CHOOSE, K2

from .test_k3_play import FAST, PLAY, play_state, start_from_form, wait_for_human, wait_moves_above

pytestmark = pytest.mark.e2e

CODE = re.compile(r"\b(?:M[123]|R1[23]|R23|A[0-3])\b")
EVERYTHING = """(() => {
  const out = [document.title, document.body.innerText];
  for (const el of document.querySelectorAll('*')) for (const a of el.attributes) out.push(a.value);
  return out.join('\\n');
})()"""


def start_game(page, site, boot, seats, seed, **options) -> None:
    start_from_form(page, site, boot, "k2", seats, seed, **options)


def wait_for_turn(page, timeout: float = 60_000) -> dict:
    """Wait until a human must act, the device must be handed over, or the game is over (no bot thinking)."""
    page.wait_for_function(
        f"""(() => {{ const s = document.querySelector('{PLAY}');
            return s && s.dataset.thinking !== '1' && (s.dataset.humanTurn === '1' || s.dataset.handoff === '1'
              || s.dataset.over === '1'); }})()""",
        timeout=timeout,
    )
    return play_state(page)


def saved_game(page) -> K2:
    """The game as the page saved it (every seat's choices: the truth the page must keep hidden)."""
    raw = page.evaluate(f"localStorage.getItem('pygames:save:' + document.querySelector('{PLAY}').dataset.saveId)")
    game = Record.parse(json.loads(raw)["link"]).replay()
    assert isinstance(game, K2)
    return game


def wait_saved(page, moves: int) -> K2:
    for _ in range(200):
        game = saved_game(page)
        if len(game.history) >= moves:
            return game
        page.wait_for_timeout(20)
    raise AssertionError("the autosave did not catch up")


def decide(game: K2, seat: int, rng: Rng):
    bot = RandomBot() if rng.below(6) == 0 else HeuristicBot()
    return bot.choose(game.view(seat), seat, bot_rng(game, seat))


def click_move(page, game: K2, action) -> None:
    before = len(game.history)
    for click in clicks.k2(game, action):
        page.click(clicks.k2_selector(click))
    wait_moves_above(page, before)
    played = saved_game(page).history[before] if len(saved_game(page).history) > before else ""
    assert clicks.k2_same(action, played), (str(action), played)


def type_move(page, text: str, before: int) -> None:
    page.fill("#move-input", text)
    page.press("#move-input", "Enter")
    wait_moves_above(page, before)


def compare_with_replay(page, link: str) -> None:
    """The climbers and tents drawn = the CPython replay of the final link; its scores in the dialog."""
    game = Record.parse(link).replay()
    state = game.state_json()
    drawn = page.evaluate("Object.fromEntries([...document.querySelectorAll('svg.k2-board [data-climber]')]"
                          ".map(e => [e.dataset.climber, e.dataset.at]))")
    assert drawn == {f"{s}{c}": cl["space"] for s, team in state["climbers"].items() for c, cl in team.items()
                     if cl["alive"]}
    tents = page.locator("svg.k2-board .k2-tent").count()
    assert tents == sum(1 for team in state["climbers"].values() for cl in team.values() if cl["tent"])
    for s, score in enumerate(game.scores()):
        assert page.locator(f'[data-score-seat="{s}"] strong').inner_text() == str(score)


def secret_codes(game: K2, viewer: int) -> set[str]:
    """Cards of the other seats' hands and pending choices that nothing public shows (never revealed,
    discarded or played) and that are not in the viewer's own hand."""
    public: set[str] = set(game.hands[viewer]) | set(game.pending[viewer] or ())
    for s in range(game.players):
        public |= set(game.discard[s]) | set(game.revealed[s] or ())
    for text in game.history:  # every revealed choice and played card of earlier days
        if "(hidden)" not in text:
            public |= set(CODE.findall(text))
    hidden: set[str] = set()
    for s in range(game.players):
        if s != viewer:
            hidden |= set(game.hands[s]) | set(game.pending[s] or ())
    return hidden - public


def check_no_secret(page, game: K2, viewer: int | None) -> None:
    """The page's visible text and every attribute hold no card of a hand that is not the viewer's."""
    seen = page.evaluate(EVERYTHING)
    if viewer is None:  # the hand-off screen: no card at all
        assert not CODE.findall(seen), CODE.findall(seen)
        assert not any(_effect(code) in seen for code in CARDS)
        return
    leaked = set(CODE.findall(seen)) & secret_codes(game, viewer)
    assert not leaked, f"seat {viewer} sees {leaked}"
    assert not any(_effect(code) in seen for code in secret_codes(game, viewer) if code not in game.hands[viewer])


def _effect(code: str) -> str:
    card = CARDS[code]
    return {"M": f"move {card.up}, up or down", "R": f"rope: {card.up} up or {card.down} down",
            "A": f"level +{card.up} at once"}[card.kind]


def test_three_player_game_one_human_clicking_against_two_bots(page, page_log, site, boot):
    began = time.perf_counter()
    start_game(page, site, boot, ("human", "heuristic", "heuristic"), "k2-e2e-3")
    assert "Red (you)" in page.inner_text(".k2-teams")
    rng = Rng(3)
    kinds = set()
    for _ in range(1500):
        state = wait_for_human(page, timeout=60_000)
        if state.get("over") == "1":
            break
        game = wait_saved(page, int(state["moves"]))
        action = decide(game, 0, rng)
        kinds.add(type(action).__name__)
        if game.phase == CHOOSE:  # a secret choice: no link to copy, and the reason says why
            assert state["link"] == "" and page.locator("#link-hidden").is_visible()
        click_move(page, game, action)
    else:
        pytest.fail("the game did not end")
    assert {"Choose", "Play", "Move", "End"} <= kinds, kinds
    dialog = page.locator("[role=dialog]")
    dialog.wait_for()
    link = play_state(page)["link"]
    final = Record.parse(link).replay()
    assert final.is_over() and final.round == 18
    assert page.locator("#k2-scores").is_visible()
    compare_with_replay(page, link)
    page.click("#btn-close-dialog")
    assert page_log.errors == []
    print(f"3-player game by clicks: {time.perf_counter() - began:.1f} s, {len(final.history)} moves")


def test_hot_seat_keeps_each_hand_secret(page, page_log, site, boot):
    """Two humans at one device (and a bot): at every hand-off and during every choice, nothing of the
    other human's hand or pending choice is in the page's text or attributes."""
    began = time.perf_counter()
    start_game(page, site, boot, ("human", "human", "heuristic"), "k2-hot-1", family=True)
    rng = Rng(5)
    handoffs = choices = 0
    for _ in range(2000):
        state = wait_for_turn(page)
        if state.get("over") == "1":
            break
        game = wait_saved(page, int(state["moves"]))
        if state.get("handoff") == "1":
            handoffs += 1
            check_no_secret(page, game, None)
            assert page.locator("#game-link").count() == 0 and state["link"] == ""
            page.click("#btn-handoff")
            page.wait_for_function(f"document.querySelector('{PLAY}').dataset.handoff !== '1'")
            continue
        seat = int(play_state(page)["viewer"])
        assert seat in game.to_move()
        if game.phase == CHOOSE:
            choices += 1
            check_no_secret(page, game, seat)
            faces = page.evaluate("[...document.querySelectorAll('.k2-card .code')].map(e => e.textContent)")
            assert faces == list(game.hands[seat])  # the viewer's hand, and no other card drawn
        action = decide(game, seat, rng)
        if game.phase == CHOOSE or rng.below(4) == 0:
            click_move(page, game, action)
        else:  # the rest of the turn typed: faster, and the move box works for the seat that acts
            type_move(page, str(action), len(game.history))
    else:
        pytest.fail("the game did not end")
    assert handoffs >= 18 and choices >= 30, (handoffs, choices)
    link = play_state(page)["link"]
    assert Record.parse(link).replay().is_over()
    compare_with_replay(page, link)
    assert page_log.errors == []
    print(f"hot-seat game: {time.perf_counter() - began:.1f} s, {handoffs} hand-offs, {choices} secret choices")


def test_solo_winter_game_to_its_title_and_best_score(page, page_log, site, boot):
    began = time.perf_counter()
    start_game(page, site, boot, ("human",), "k2-solo-3", weather="WIN", side="H")
    assert "solo" in page.inner_text("header") and "winter" in page.inner_text("header")
    assert page.locator("#k2-solo").is_visible() and "No finished solo game" in page.inner_text("#k2-best")
    rng = Rng(11)
    for _ in range(1500):
        state = wait_for_human(page, timeout=60_000)
        if state.get("over") == "1":
            break
        game = wait_saved(page, int(state["moves"]))
        click_move(page, game, decide(game, 0, rng))
    else:
        pytest.fail("the game did not end")
    link = play_state(page)["link"]
    final = Record.parse(link).replay()
    result = final.result()
    dialog = page.locator("[role=dialog]")
    dialog.wait_for()
    assert page.inner_text("#result-title") == f"{result['title']}: {result['scores'][0]} points"
    assert result["title"] in dialog.locator("tr.reached").inner_text()
    if any(not cl["alive"] for cl in final.climbers[0].values()):
        assert "The expedition ended on day" in dialog.inner_text()  # K2-R41: early end
    assert f"New best on this device: {result['scores'][0]}" in dialog.inner_text()
    best = json.loads(page.evaluate("localStorage.getItem('pygames:k2:solo-best')"))
    assert best["H/WIN"]["score"] == result["scores"][0]
    compare_with_replay(page, link)
    # a rematch shows the best so far, kept on this device
    page.click("#btn-rematch")
    page.wait_for_function(f"document.querySelector('{PLAY}').dataset.moves === '0'")
    assert f"Best so far on this device: {result['scores'][0]}" in page.inner_text("#k2-best")
    assert page_log.errors == []
    print(f"solo winter game: {time.perf_counter() - began:.1f} s, day {final.round}, {result['title']}")


def test_a_game_by_typed_moves(page, page_log, site, boot):
    began = time.perf_counter()
    start_game(page, site, boot, ("human", "heuristic"), "k2-typed-2", side="H", first="1")
    # a refused move: the engine's reason, and nothing changes
    state = wait_for_human(page)
    game = wait_saved(page, int(state["moves"]))
    page.fill("#move-input", "s0: choose " + " ".join([c for c in CARDS if c not in game.hands[0]][:3]))
    page.press("#move-input", "Enter")
    alert = page.locator("#play-message[role=alert]")
    alert.wait_for()
    assert "is not in" in alert.inner_text() and play_state(page)["moves"] == state["moves"]
    assert alert.locator("a.rules-link").get_attribute("href") == "#rules/k2/cards"
    rng = Rng(2)
    for _ in range(1500):
        state = wait_for_human(page, timeout=60_000)
        if state.get("over") == "1":
            break
        game = wait_saved(page, int(state["moves"]))
        type_move(page, str(decide(game, 0, rng)), len(game.history))
    else:
        pytest.fail("the game did not end")
    link = play_state(page)["link"]
    final = Record.parse(link).replay()
    assert final.is_over() and "side=H" in link and "first=1" in link
    page.locator("[role=dialog]").wait_for()
    compare_with_replay(page, link)
    assert page_log.errors == []
    print(f"typed game: {time.perf_counter() - began:.1f} s, {len(final.history)} moves")


def test_a_link_with_only_bots_plays_itself_to_the_end(page, page_log, site, boot):
    began = time.perf_counter()
    link = f"{site.url}{FAST}#k2?v=1&players=3&family=1&seed=bots-k2&moves=&seats=heuristic,random,heuristic"
    boot(page, link)
    page.wait_for_function(f"document.querySelector('{PLAY}')?.dataset.over === '1'", timeout=180_000)
    final = play_state(page)["link"]
    assert Record.parse(final).replay().is_over()
    assert page.locator("[role=dialog] h2").inner_text().endswith("wins!") or "Joint win" in page.locator(
        "[role=dialog] h2").inner_text()
    compare_with_replay(page, final)
    assert page_log.errors == []
    print(f"all-bot game: {time.perf_counter() - began:.1f} s")


def test_zoomed_board_on_a_phone_keeps_its_place(browser, site, boot):
    """390×844 portrait: zoom in, scroll the board, play a click: the board stays where it was."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    try:
        boot(page, site.url + FAST + "#k2?v=1&players=2&seed=k2-phone&moves=&seats=human,heuristic")
        page.wait_for_selector(PLAY)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing wider than the phone
        width = page.evaluate("document.querySelector('svg.k2-board').getBoundingClientRect().width")
        page.click("#k2-zoom-in")
        page.click("#k2-zoom-in")
        assert play_state(page)["k2Zoom"] == "2"
        zoomed = page.evaluate("document.querySelector('svg.k2-board').getBoundingClientRect().width")
        assert zoomed > 2 * width
        page.evaluate("(() => { const s = document.getElementById('k2-scroll'); s.scrollLeft = 300; "
                      "s.scrollTop = 500; })()")
        where = "(() => { const s = document.getElementById('k2-scroll'); return [s.scrollLeft, s.scrollTop]; })()"
        before = page.evaluate(where)
        page.click("#k2-hand-0")  # a click draws the screen again
        after = page.evaluate(where)
        assert abs(after[0] - before[0]) <= 2 and abs(after[1] - before[1]) <= 2, (before, after)
        assert page.get_attribute("#k2-hand-0", "aria-pressed") == "true"
        assert errors == []
    finally:
        context.close()

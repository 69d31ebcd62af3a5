"""What the end-to-end tests share: reading the page's seams, waiting for turns, deciding and making moves
with the CPython engine as the oracle, and comparing what a page draws with CPython's replay of its link.

The page exposes its state on ``section.play``: ``data-phase``, ``data-to-move``, ``data-human-turn``,
``data-thinking``, ``data-over``, ``data-moves``, ``data-link`` (the copy-link URL), ``data-handoff``,
``data-viewer`` and ``data-save-id``. The tests decide each move with the CPython engine replaying that
link (or, while K2's choices are secret and the link is hidden, the page's autosave), then click, tap,
press keys or type it in ``#move-input`` as a player would.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import clicks
import pytest

from pygames.core.bots import HeuristicBot, RandomBot, bot_rng
from pygames.core.record import Record
from pygames.core.registry import get_game
from pygames.core.rng import Rng
from tools.site.assemble import page_games

ROOT = Path(__file__).resolve().parents[2]
PLAY = "section.play"
FAST = "?botdelay=0"  # bots answer at once: every shared page is opened with it
# a test of the page's service worker (its precache, offline play, updates, the snapshot it caches): the
# function-scoped contexts block it otherwise (conftest.py's browser_context_args)
SERVICE_WORKER = pytest.mark.browser_context_args(service_workers="allow")
GAMES = tuple(page_games())  # the games the built site plays (web/app/games GAMES), in its order


def default_players(name: str) -> int:
    """The game's player count when its link says none (its ``players`` option's default)."""
    return int(get_game(name).normalize_options({})["players"])


# -- the page's seams ----------------------------------------------------------------------------


SETTLED = "!document.documentElement.hasAttribute('data-shell-busy')"


def python(page, code: str):
    """The value of the last expression of Python ``code`` (statements apart by "; "), run in the page's Python
    wherever it runs (``pygamesPython``: the shell's worker, or the page's thread), as JSON gives it back."""
    *statements, expression = code.split("; ")
    source = "\n".join([*statements, f"__import__('json').dumps({expression})"])
    return page.evaluate("(code) => pygamesPython(code)", source)


def settled(page) -> None:
    """Wait until the shell has handled the events sent to it (the shell in its worker answers a click or a key in
    the next tasks: ``<html data-shell-busy>`` meanwhile)."""
    page.wait_for_function(SETTLED)


def play_state(page) -> dict:
    """``section.play``'s data, once the shell has handled the events sent to it."""
    settled(page)
    script = f"(() => {{ const s = document.querySelector('{PLAY}'); return s ? {{...s.dataset}} : null }})()"
    return page.evaluate(script)


def wait_for_human(page, timeout: float = 60_000) -> dict:
    """Wait until a human must act (or the game is over) and no bot is thinking."""
    page.wait_for_function(
        f"""(() => {{ const s = document.querySelector('{PLAY}');
            return s && !document.documentElement.hasAttribute('data-shell-busy') && s.dataset.thinking !== '1'
              && (s.dataset.humanTurn === '1' || s.dataset.over === '1'); }})()""",
        timeout=timeout,
    )
    return play_state(page)


def wait_for_turn(page, timeout: float = 60_000) -> dict:
    """Wait until a human must act, the device must be handed over, or the game is over (no bot thinking)."""
    page.wait_for_function(
        f"""(() => {{ const s = document.querySelector('{PLAY}');
            return s && !document.documentElement.hasAttribute('data-shell-busy') && s.dataset.thinking !== '1'
              && (s.dataset.humanTurn === '1' || s.dataset.handoff === '1' || s.dataset.over === '1'); }})()""",
        timeout=timeout,
    )
    return play_state(page)


def wait_moves_above(page, count: int, timeout: float = 30_000) -> None:
    page.wait_for_function(
        f"(() => {{ const s = document.querySelector('{PLAY}'); return s && Number(s.dataset.moves) > {count}; }})()",
        timeout=timeout,
    )


def wait_over(page, timeout: float = 180_000) -> dict:
    page.wait_for_function(f"document.querySelector('{PLAY}')?.dataset.over === '1'", timeout=timeout)
    return play_state(page)


def start_from_form(page, game: str, seats, seed: str, **options) -> None:
    """A new ``game`` through the home page's new-game form, as a player would: seats, options
    (checkboxes for booleans, choices otherwise) and seed. The page is on the home page."""
    page.click(f'[data-new-game="{game}"]')
    page.wait_for_selector("#new-game-form")
    page.select_option("#f-players", str(len(seats)))
    settled(page)  # the form drawn again for that count (its per-seat choices: a game's colours)
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
    settled(page)  # (and the screen all shown: its later parts come over a few frames)


def type_move(page, text: str, before: int) -> None:
    """``text`` in the move box, Enter, and wait for the move to be played."""
    page.fill("#move-input", text)
    page.press("#move-input", "Enter")
    wait_moves_above(page, before)


def mixed_choice(game, seat: int, rng: Rng):
    """The medium bot's move, or now and then (one in six) a random one, from the seat's view."""
    bot = RandomBot() if rng.below(6) == 0 else HeuristicBot()
    view = game.view(seat) if hasattr(game, "view") else game
    return bot.choose(view, seat, bot_rng(game, seat))


# -- links made in CPython -----------------------------------------------------------------------


def bot_game(name: str, options: dict, seed: str, moves: int | None = None, first_seat: bool = False):
    """A game played by medium bots in CPython: to the end, or ``moves`` decisions (and then on until the
    first seat is to move, with ``first_seat``)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    game = Record.new(name, options, seed).replay()
    bot = HeuristicBot()
    while not game.is_over() and (moves is None or len(game.history) < moves
                                  or (first_seat and game.to_move()[0] != 0)):
        seat = game.to_move()[0]
        game.apply(bot.choose(game, seat, bot_rng(game, seat)))
    return game


def position(name: str, options: dict, seed: str, moves: int | None, seats: str) -> str:
    """A link fragment to a game after ``moves`` decisions of medium bots (``None``: the whole game), and on
    until the first seat (the human, in these tests) is to move."""
    return Record.of(bot_game(name, options, seed, moves, first_seat=True), {"seats": seats}).to_fragment()


def skip_to_the_end(app, link: str, left: int) -> int:
    """Skip the middle of a long game (its decisions are like its first ones, and the tests have made those):
    open the game of ``link`` (a page's copy-link URL) played on by medium bots in CPython to ``left``
    decisions before its end, with the same seats, and wait for it. Returns its number of moves."""
    record = Record.parse(link)
    game, bot = record.replay(), HeuristicBot()
    while not game.is_over():
        seat = game.to_move()[0]
        game.apply(bot.choose(game, seat, bot_rng(game, seat)))
    cut = max(len(record.moves), len(game.history) - left)
    later = Record(record.game, record.options, record.seed, list(game.history[:cut]), record.extras)
    app.open(later.to_fragment(), until=None)
    # (at least: a bot to move there may already have answered)
    app.page.wait_for_function(f"Number(document.querySelector('{PLAY}')?.dataset.moves) >= {cut}", timeout=60_000)
    return cut


def finished_game(name: str, players: int, seed: str) -> str:
    """A link fragment to a whole game played by the medium bot in CPython, every seat a bot
    (also used by tests/bench/open_bench.py)."""
    return position(name, {"players": players}, seed, None, ",".join(["heuristic"] * players))


# -- K3 ------------------------------------------------------------------------------------------


def k3_source(seat: int, src) -> str:
    if isinstance(src, str):
        return f'[data-seat="{seat}"][data-beside="{src}"]'
    return f'[data-seat="{seat}"][data-pos="{src[0]}.{src[1]}"]'


def k3_click_decision(page, state: dict) -> str:
    """Decide with the CPython engine (medium bot), then click it; returns the move text."""
    from pygames.k3.actions import Extend, Place, Take, White, source_text

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
        page.click(k3_source(game.victim, action.src))
    elif isinstance(action, White):
        page.click(f'[data-act="white"][data-src="{source_text(action.src)}"]')
    else:
        page.click(k3_source(seat, action.src))
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


def k3_compare(page, link: str) -> None:
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


# -- K2 ------------------------------------------------------------------------------------------

K2_CODE = re.compile(r"\b(?:M[123]|R1[23]|R23|A[0-3])\b")


def k2_saved_game(page):
    """The game as the page saved it (every seat's choices: the truth the page must keep hidden)."""
    from pygames.k2.game import K2

    raw = page.evaluate(f"localStorage.getItem('pygames:save:' + document.querySelector('{PLAY}').dataset.saveId)")
    game = Record.parse(json.loads(raw)["link"]).replay()
    assert isinstance(game, K2)
    return game


def k2_wait_saved(page, moves: int):
    for _ in range(200):
        game = k2_saved_game(page)
        if len(game.history) >= moves:
            return game
        page.wait_for_timeout(20)
    raise AssertionError("the autosave did not catch up")


def k2_click_move(page, game, action) -> None:
    before = len(game.history)
    for click in clicks.k2(game, action):
        page.click(clicks.k2_selector(click))
    wait_moves_above(page, before)
    saved = k2_saved_game(page).history
    played = saved[before] if len(saved) > before else ""
    assert clicks.k2_same(action, played), (str(action), played)


def k2_compare(page, link: str, scores: bool = True) -> None:
    """The climbers and tents drawn = the CPython replay of the link; its scores on the score panel (the
    result dialog's: ``scores=False`` for a position that is not the end)."""
    game = Record.parse(link).replay()
    state = game.state_json()
    drawn = page.evaluate("Object.fromEntries([...document.querySelectorAll('svg.k2-board [data-climber]')]"
                          ".map(e => [e.dataset.climber, e.dataset.at]))")
    assert drawn == {f"{s}{c}": cl["space"] for s, team in state["climbers"].items() for c, cl in team.items()
                     if cl["alive"]}
    tents = page.locator("svg.k2-board .k2-tent").count()
    assert tents == sum(1 for team in state["climbers"].values() for cl in team.values() if cl["tent"])
    for s, score in enumerate(game.scores() if scores else ()):
        assert page.locator(f'[data-score-seat="{s}"] strong').inner_text() == str(score)


# -- Matterhorn ----------------------------------------------------------------------------------


def matterhorn_compare(page, link: str) -> None:
    """Every circle and the pool drawn = the CPython replay of the link."""
    state = Record.parse(link).replay().state_json()
    drawn = page.evaluate(
        "Object.fromEntries([...document.querySelectorAll('svg.mh-board [data-piece]')]"
        ".map(e => [e.dataset.spot, e.dataset.piece]))"
    )
    assert drawn == {spot: ("c" + v if v.isdigit() else v) for spot, v in state["board"].items()}
    assert page.inner_text("#pool-count") == str(state["pool"])


# -- Blokus 3D -----------------------------------------------------------------------------------


def blokus3d_wait(page) -> None:
    """The game screen, and its 3D board's module loaded (it sets html[data-webgl] when it starts)."""
    page.wait_for_selector(PLAY)
    page.wait_for_selector("html[data-webgl]", state="attached")


def blokus3d_compare(page, link: str) -> None:
    """Every cell of the level map and every cube of the 3D scene = the CPython replay of the link."""
    game = Record.parse(link).replay()
    state = game.state_json()
    drawn = page.evaluate(
        "Object.fromEntries([...document.querySelectorAll('.b3d-map [data-x]')]"
        ".map(e => [e.dataset.x + ',' + e.dataset.y, e.dataset.h + (e.dataset.top || '')]))"
    )
    expected = {f"{x},{y}": f"{state['heights'][y][x]}{state['tops'][y][x] if state['heights'][y][x] else ''}"
                for y in range(10) for x in range(10)}
    assert {f"{c % 10},{c // 10}" for c in game.layout.cells} <= set(drawn)  # every cell of the structure
    assert drawn == {key: expected[key] for key in drawn}
    scene = json.loads(page.get_attribute("#b3d-stage", "data-scene"))
    assert sum(len(text) // 3 for text in scene["cubes"].values()) == sum(map(sum, state["heights"]))
    for letter in game.colours:  # the tray: each colour's pieces in hand
        shown = page.evaluate(f"[...document.querySelectorAll('.b3d-colour[data-colour=\"{letter}\"] .code')]"
                              ".map(e => e.textContent)")
        assert shown == state["hands"][letter]


def blokus3d_click_plan(page, game, action) -> None:
    """Pick, turn, point and place in the tray and on the level map, as tests/clicks.py says."""
    for click in clicks.blokus3d(game, action):
        selector = clicks.blokus3d_selector(click)
        page.hover(selector) if click[0] == "hover" else page.click(selector)


COMPARE = {"k3": k3_compare, "k2": k2_compare, "matterhorn": matterhorn_compare, "blokus3d": blokus3d_compare}

"""Bots in the page: every game played by bots alone, off the page's thread, move for move as CPython's
bots play it; undo while a bot thinks; with the page's Python on its thread, a bots' worker that cannot start and
no bots' worker until a bot has a turn.

Bots think where the shell runs: in its worker (the default, docs/python-in-a-worker.md), in slices between the
page's messages. Where the page's Python runs on the page's thread (``?worker=0``), they think in a Web Worker of
their own (web/bot-worker.mjs, shell/bots/thinker.py), which starts with a game that has a bot to play
(``<html data-bot-worker="starting">``); until it is ready (``data-bot-worker="ready"``) and wherever it cannot start
(``data-bot-worker="failed"``, or ``?botworker=0``: test_bots_in_page.py), bots think on the page's thread. The
page logs where each decision was thought (``window.pygamesThinkLog``: ``worker``, off the page's thread, and the
``game`` on screen).
"""

from __future__ import annotations

import json

import pytest

from pygames.core.record import Record
from tools.site import stamp_service_worker

from .helpers import (
    COMPARE,
    FAST,
    GAMES,
    PLAY,
    bot_game,
    default_players,
    k3_click_decision,
    play_state,
    position,
    settled,
    wait_for_human,
    wait_over,
)

pytestmark = pytest.mark.e2e

WORKER = "document.documentElement.dataset.botWorker"
# the page's Python on its own thread (PyScript), where the bots think in a worker of their own: the shell in its
# worker (the default) thinks there, between the page's messages
ON_THE_PAGE = f"{FAST}&worker=0"


def thinks(page) -> list[dict]:
    return json.loads(page.evaluate("window.pygamesThinkLog || '[]'"))


def worker_ready(app) -> None:
    """A first bot turn starts the worker (a K3 bot arranges its pyramid; the human's turn waits); the shell in its
    own worker thinks there."""
    if app.page.evaluate("document.documentElement.dataset.shell") == "worker":
        return
    if app.page.evaluate(WORKER) != "ready":
        app.open("k3?v=1&players=2&seed=worker-0&moves=&seats=heuristic,human")
        app.page.wait_for_function(f"{WORKER} === 'ready'", timeout=60_000)
        app.open("home", until='[data-page="home"]')


# game -> players: a game of medium bots, from a link with no moves (K2's, the longest, from its middle)
ALONE = {name: default_players(name) for name in GAMES}
FROM_THE_MIDDLE = ("k2",)


@pytest.mark.parametrize("name", sorted(ALONE))
def test_bots_alone_play_a_link_to_the_end_in_the_worker_as_cpython_would(app, name):
    page = app.page
    worker_ready(app)
    players = ALONE[name]
    seats = ",".join(["heuristic"] * players)
    if name in FROM_THE_MIDDLE:
        half = len(bot_game(name, {"players": players}, "bots-1").history) // 2
        app.open(position(name, {"players": players}, "bots-1", half, seats))
    else:
        app.open(f"{name}?v=1&players={players}&seed=bots-1&moves=&seats={seats}")
    state = wait_over(page, timeout=240_000)
    game = Record.parse(state["link"]).replay()
    assert game.is_over()
    # move for move the game CPython's medium bots play, every decision thought in the worker
    assert list(game.history) == list(bot_game(name, {"players": players}, "bots-1").history)
    mine = [entry for entry in thinks(page) if entry.get("game") == state["saveId"]]
    assert mine and all(entry["worker"] for entry in mine), "a decision was thought on the page"
    title = page.locator("[role=dialog] h2").inner_text()
    assert title.endswith("wins!") or "Joint win" in title, title
    if name == "k2":
        assert page.locator("#k2-scores").is_visible()
    if name == "blokus3d":  # colours that cannot place any piece go out, and the page says so
        assert all(game.out)
        assert page.locator("[role=dialog] table.b3d-scores tbody tr").count() == 4
    COMPARE[name](page, state["link"])
    page.click("#btn-close-dialog")
    if name == "blokus3d":
        if page.locator("#btn-log-all").count():
            page.click("#btn-log-all")
            settled(page)
        assert "cannot place any piece: out" in page.inner_text(".log-panel")
        assert page.locator(".b3d-colour.out").count() == 4
    assert app.log.errors == []


def test_undo_while_the_worker_thinks_drops_its_answer(app):
    page = app.page
    worker_ready(app)
    app.open(position("k3", {"players": 2}, "e2e-worker-undo", 6, "human,mcts"))
    state = wait_for_human(page)
    k3_click_decision(page, state)
    page.wait_for_function(f"document.querySelector('{PLAY}').dataset.thinking === '1'")
    page.click("#btn-undo")
    now = play_state(page)
    assert now.get("thinking") is None and now["humanTurn"] == "1" and now["link"] == state["link"]
    page.wait_for_timeout(1800)  # the worker's answer comes back and must be dropped
    assert play_state(page)["link"] == state["link"]
    # and the worker still answers the next question
    k3_click_decision(page, state)
    after = wait_for_human(page, timeout=30_000)
    assert int(after["moves"]) >= int(state["moves"]) + 2
    assert thinks(page)[-1]["worker"] is True
    assert app.log.errors == []


def test_a_worker_that_cannot_start_leaves_the_bots_on_the_page(page, site_copy, serve, boot):
    root = site_copy()
    (root / "bot-worker.mjs").write_text('throw new Error("no worker here");\n')
    stamp_service_worker(root)
    server = serve(root)
    boot(page, f"{server.url}{ON_THE_PAGE}#k3?v=1&players=2&seed=worker-3&moves=&seats=heuristic,heuristic")
    page.wait_for_function(f"{WORKER} === 'failed'", timeout=60_000)
    state = wait_over(page, timeout=120_000)
    assert Record.parse(state["link"]).moves == list(bot_game("k3", {"players": 2}, "worker-3").history)
    assert not any(entry["worker"] for entry in thinks(page))


def test_a_finished_games_link_starts_no_worker_until_a_bot_has_a_turn(page, page_log, site, boot):
    moves = "~".join(bot_game("k3", {"players": 2}, "worker-3").history)
    boot(page, f"{site.url}{ON_THE_PAGE}#k3?v=1&players=2&seed=worker-3&moves={moves}&seats=human,heuristic")
    wait_over(page, timeout=30_000)
    page.wait_for_timeout(500)
    assert page.evaluate(WORKER) is None, "a second Python started for a game with nothing left to think"
    page.click("#btn-rematch")  # the same seats again: the bot's first turn starts the worker
    page.wait_for_function(f"{WORKER} === 'ready'", timeout=60_000)
    assert page_log.errors == []

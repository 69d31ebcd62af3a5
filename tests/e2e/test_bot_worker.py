"""Bots think in a Web Worker (web/bot-worker.mjs, shell/thinker.py) and answer as on the page's thread.

The worker starts with a game that has a bot to play (``<html data-bot-worker="starting">``); until it
is ready (``data-bot-worker="ready"``) and
wherever it cannot start (``data-bot-worker="failed"``, or ``?botworker=0``), bots think on the page's
thread. The page logs where each decision was thought (``window.pygamesThinkLog``: ``worker``).
"""

from __future__ import annotations

import json

import pytest

from pygames.core.bots import HeuristicBot, bot_rng
from pygames.core.record import Record

from .test_k3_play import FAST, PLAY, play_one_human_decision, play_state, start_game, wait_for_human

pytestmark = pytest.mark.e2e

WORKER = "document.documentElement.dataset.botWorker"


def cpython_game(name: str, seed: str) -> list[str]:
    """The moves of a whole 2-player game of medium bots under CPython."""
    game = Record.new(name, {"players": 2}, seed).replay()
    bot = HeuristicBot()
    while not game.is_over():
        seat = game.to_move()[0]
        game.apply(bot.choose(game, seat, bot_rng(game, seat)))
    return list(game.history)


def thinks(page) -> list[dict]:
    return json.loads(page.evaluate("window.pygamesThinkLog || '[]'"))


def start_worker(page, url: str, boot) -> None:
    """A first bot turn starts the worker (a K3 bot arranges its pyramid; the human's turn waits)."""
    boot(page, f"{url}{FAST}#k3?v=1&players=2&seed=worker-0&moves=&seats=heuristic,human")
    page.wait_for_function(f"{WORKER} === 'ready'", timeout=60_000)


@pytest.mark.parametrize("game", ["k3", "matterhorn", "k2"])
def test_the_worker_answers_as_the_page_and_cpython_would(page, page_log, site, boot, game):
    start_worker(page, site.url, boot)
    link = f"#{game}?v=1&players=2&seed=worker-1&moves=&seats=heuristic,heuristic"
    page.evaluate("(f) => { location.hash = f; }", link)
    page.wait_for_function(f"document.querySelector('{PLAY}[data-game={game}]')?.dataset.over === '1'",
                           timeout=180_000)
    assert all(entry["worker"] for entry in thinks(page)[1:]), "a decision was thought on the page"
    # move for move the game CPython's medium bots play
    assert Record.parse(play_state(page)["link"]).moves == cpython_game(game, "worker-1")
    assert page_log.errors == []


def test_undo_while_the_worker_thinks_drops_its_answer(page, page_log, site, boot):
    start_game(page, site, boot, seats=("human", "mcts"), seed="e2e-worker-undo")
    play_one_human_decision(page, wait_for_human(page))  # arrange; the bot arranges at once
    page.wait_for_function(f"{WORKER} === 'ready'", timeout=60_000)
    state = wait_for_human(page)
    play_one_human_decision(page, state)
    page.wait_for_function(f"document.querySelector('{PLAY}').dataset.thinking === '1'")
    page.click("#btn-undo")
    now = play_state(page)
    assert now.get("thinking") is None and now["humanTurn"] == "1" and now["link"] == state["link"]
    page.wait_for_timeout(1800)  # the worker's answer comes back and must be dropped
    assert play_state(page)["link"] == state["link"]
    # and the worker still answers the next question
    play_one_human_decision(page, state)
    after = wait_for_human(page, timeout=30_000)
    assert int(after["moves"]) >= int(state["moves"]) + 2
    assert thinks(page)[-1]["worker"] is True
    assert page_log.errors == []


def test_without_the_worker_bots_think_on_the_page(page, page_log, site, boot):
    boot(page, f"{site.url}{FAST}&botworker=0#k3?v=1&players=2&seed=worker-2&moves=&seats=heuristic,heuristic")
    page.wait_for_function(f"document.querySelector('{PLAY}')?.dataset.over === '1'", timeout=120_000)
    assert page.evaluate(WORKER) is None
    assert not any(entry["worker"] for entry in thinks(page))
    assert page_log.errors == []


def test_a_worker_that_cannot_start_leaves_the_bots_on_the_page(page, site_copy, serve, build_module, boot):
    root = site_copy()
    (root / "bot-worker.mjs").write_text('throw new Error("no worker here");\n')
    build_module.stamp_service_worker(root)
    server = serve(root)
    boot(page, f"{server.url}{FAST}#k3?v=1&players=2&seed=worker-3&moves=&seats=heuristic,heuristic")
    page.wait_for_function(f"{WORKER} === 'failed'", timeout=60_000)
    page.wait_for_function(f"document.querySelector('{PLAY}')?.dataset.over === '1'", timeout=120_000)
    assert Record.parse(play_state(page)["link"]).moves == cpython_game("k3", "worker-3")
    assert not any(entry["worker"] for entry in thinks(page))


def test_a_finished_games_link_starts_no_worker_until_a_bot_has_a_turn(page, page_log, site, boot):
    moves = "~".join(cpython_game("k3", "worker-3"))
    boot(page, f"{site.url}{FAST}#k3?v=1&players=2&seed=worker-3&moves={moves}&seats=human,heuristic")
    page.wait_for_function(f"document.querySelector('{PLAY}')?.dataset.over === '1'")
    page.wait_for_timeout(500)
    assert page.evaluate(WORKER) is None, "a second Python started for a game with nothing left to think"
    page.click("#btn-rematch")  # the same seats again: the bot's first turn starts the worker
    page.wait_for_function(f"{WORKER} === 'ready'", timeout=60_000)
    assert page_log.errors == []

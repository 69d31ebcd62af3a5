"""The page in Firefox (Gecko) and WebKit (Safari's engine), where browser engines differ most: the boot, a move
in each game typed into the move box, a bot's answer, the interpreter snapshot made and restored on a returning
visit, and offline. Each browser runs the steps in order in one test (they build on each other: a first visit,
then a returning one). Chromium runs everything else (tests/e2e/). The drivers: tests/browsers/drivers.py."""

from __future__ import annotations

import json

import pytest

from pygames.core.bots import HeuristicBot, bot_rng
from pygames.core.record import Record
from tools.devserver import SiteServer
from tools.site.assemble import page_games

from .drivers import BROWSERS

pytestmark = [pytest.mark.e2e, pytest.mark.browsers]

ROOT_DATA = "document.documentElement.dataset"
PLAY = "document.querySelector('section.play')"
FAST = "?botdelay=0&warm=0"  # (no warm-up of every game after the first screen: nothing here uses it)


def visit(driver, url: str) -> str:
    """Go to ``url`` and wait until the app is ready; the page's snapshot state then."""
    driver.get(url)
    state = driver.wait(f"{ROOT_DATA}.appState !== 'loading' && {ROOT_DATA}.appState", 90)
    assert state == "ready", f"{driver.name}: app state {state}: {str(driver.js('document.body.innerText'))[:300]}"
    return str(driver.js(f"{ROOT_DATA}.snapshot"))


def play_state(driver) -> dict:
    return json.loads(str(driver.js(f"JSON.stringify(Object.assign({{}}, {PLAY}?.dataset))")))


def type_move(driver, text: str) -> None:
    """``text`` typed into the move box and sent, as a player presses Enter there."""
    driver.js("(() => { const box = document.getElementById('move-input'); box.value = " + json.dumps(text)
              + "; box.form.requestSubmit(); return true; })()")


def a_move_in_each_game(driver) -> int:
    """Each game from a link, a human (seat 1) against the medium bot: the move the medium bot would make for
    the human, in the engine's notation, typed into the move box; then the bot's answer where it is its turn.
    The same game runs in CPython beside it (the bots are deterministic): the page's moves are its moves. The
    number of games where the bot answered."""
    answered = 0
    for name in page_games():
        driver.js(f"(location.hash = '#{name}?v=1&players=2&seed=smoke-{name}&moves=&seats=human,heuristic', 1)")
        game = Record.new(name, {"players": 2}, f"smoke-{name}").replay()
        turn = f"{PLAY}?.dataset.game === '{name}' && {PLAY}.dataset.humanTurn === '1'"
        assert driver.wait(turn, 60), f"{driver.name} {name}: never the human's turn: {play_state(driver)}"
        moves = int(play_state(driver)["moves"])
        while len(game.history) < moves:  # the bot first (it may also act beside the human, as in K3's arranging)
            assert 1 in game.to_move()
            game.apply(HeuristicBot().choose(game, 1, bot_rng(game, 1)))
        assert 0 in game.to_move()
        action = HeuristicBot().choose(game, 0, bot_rng(game, 0))
        type_move(driver, str(action))
        assert driver.wait(f"Number({PLAY}.dataset.moves) > {moves}", 30), \
            f"{driver.name} {name}: {action} was not played: {play_state(driver)}"
        game.apply(action)
        if not game.is_over() and 1 in game.to_move():  # the bot's turn: it answers (off the page's thread)
            assert driver.wait(f"Number({PLAY}.dataset.moves) > {moves + 1}", 60), \
                f"{driver.name} {name}: the bot did not answer: {play_state(driver)}"
            game.apply(HeuristicBot().choose(game, 1, bot_rng(game, 1)))
            answered += 1
        link = play_state(driver)["link"]  # (none while a game that hides information is on)
        if link:
            assert list(Record.parse(link).moves[:len(game.history)]) == list(game.history)
    return answered


@pytest.mark.parametrize("engine", sorted(BROWSERS))
def test_boot_a_move_in_each_game_a_bot_the_snapshot_and_offline(built_dist, engine):
    server = SiteServer(built_dist).start()
    url = server.url.replace("127.0.0.1", "localhost")  # a secure origin, where service workers run
    driver = BROWSERS[engine]()
    try:
        assert visit(driver, url + FAST) == "none"
        assert driver.js("document.querySelectorAll('[data-game-card]').length") == len(page_games())
        made = driver.wait(f"['made', 'failed', 'off'].includes({ROOT_DATA}.snapshot) && {ROOT_DATA}.snapshot", 120)
        assert made == "made", f"{engine}: snapshot {made}"
        assert visit(driver, url + FAST + "&again") == "used"  # a returning visit, from the snapshot
        # every game plays in the restored interpreter, move for move as CPython's (its engines and views
        # came imported with the snapshot)
        assert a_move_in_each_game(driver) >= 1
        # the page's Python and the bots in the shell's worker (docs/python-in-a-worker.md), or the bots in theirs
        assert driver.js(f"{ROOT_DATA}.shell") == "worker" or driver.js(f"{ROOT_DATA}.botWorker") == "ready"
        server.stop()  # offline: the site and the snapshot come from this device
        assert visit(driver, url + "index.html" + FAST + "&offline") == "used"
        assert driver.js("navigator.serviceWorker.controller !== null")
    finally:
        driver.quit()
        server.stop()

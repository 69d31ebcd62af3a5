"""Bots never freeze the page: no main-thread task over 100 ms while they think, in every game.

A long-task observer (PerformanceObserver "longtask") records every task over 50 ms from the moment the
app is ready; the bots play both seats (medium and hard, ``?botdelay=0``) for a number of moves. The
page logs when each bot thought (``window.pygamesThinkLog``, on the page's clock); a long task during
a think fails the test (drawing the move afterwards is the page's work, not the bot's).
"""

from __future__ import annotations

import json
import warnings

import pytest

from pygames.core.bots import HeuristicBot, bot_rng
from pygames.core.record import Record

from .conftest import CRASHES, page_of_a_new_browser
from .helpers import PLAY

pytestmark = [pytest.mark.e2e, pytest.mark.alone]  # timing: no other test's browser beside it

LONGTASKS = """
window.__longtasks = [];
if (!window.__longtaskObserver) {  // one observer for the page's life (a shared page sees several tests)
  window.__longtaskObserver = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longtasks.push({start: e.startTime, ms: e.duration});
  });
  window.__longtaskObserver.observe({type: "longtask", buffered: false});
}
"""

# case -> (game, players, the number of bot moves to watch, query); the hard bot thinks ~1 s per real decision.
# K2's hard bot plays samples rounds long (six solo, three with five players, where the others' choices are ranked
# too): watched on the page's own thread (the page's Python there, no bots' worker), in slices (solo: from its
# last rounds, POSITIONS, where it thinks hardest).
NO_WORKER = "&worker=0&botworker=0"
GAMES = {"k3": ("k3", 2, 6, ""), "matterhorn": ("matterhorn", 2, 16, ""), "k2": ("k2", 2, 12, ""),
         "blokus3d": ("blokus3d", 2, 4, ""), "k2-5p-on-the-page": ("k2", 5, 8, NO_WORKER)}
LIMIT_MS = 100


def solo_round_17() -> str:
    """A solo K2 game played by the medium bot up to round 17, where the hard bot works out the last two rounds
    (``pygames.k2.strategy.endgame``), as a link fragment with the hard bot in the seat."""
    game = Record.new("k2", {"players": 1}, "longtask-17").replay()
    bot = HeuristicBot()
    while game.round < 17:
        game.apply(bot.choose(game, 0, bot_rng(game, 0)))
    return Record.of(game, {"seats": "mcts"}).to_fragment()


# case -> a game from a position (the query, the link fragment), the hard bot to move; watched to the end
POSITIONS = {"k2-solo-last-rounds-on-the-page": (NO_WORKER, solo_round_17)}


@pytest.mark.parametrize("case", sorted(GAMES) + sorted(POSITIONS))
def test_bots_thinking_never_block_the_page_for_100_ms(request, case):
    if case in POSITIONS:
        query, fragment = POSITIONS[case]
        game, moves = "k2", 10_000  # to the end
        fragment = fragment()
    else:
        game, players, moves, query = GAMES[case]
        seats = ",".join((["mcts", "heuristic"] + ["heuristic"] * (players - 2))[:players])
        fragment = f"{game}?v=1&players={players}&seed=longtask-1&moves=&seats={seats}"
    app = None
    until = (f"(() => {{ const s = document.querySelector('{PLAY}'); return s && (Number(s.dataset.moves) >= {moves}"
             " || s.dataset.over === '1'); })()")
    if query:  # a page of its own, started with the query (a fresh one each: a page shared by these cases
        # once crashed under a hard bot's search on its thread)
        page, page_log, boot = (request.getfixturevalue(name) for name in ("page", "page_log", "boot"))
        for attempt in (1, 2):
            try:
                boot(page, f"{request.getfixturevalue('site').url}?botdelay=0{query}#{fragment}")
                page.wait_for_selector(PLAY)
                page.evaluate(LONGTASKS)
                page.wait_for_function(until, timeout=120_000)
                break
            except Exception as error:
                # Chromium's page process has ended with a segmentation fault, rarely, in these cases whose bots think
                # on the page's thread (docs/performance.md, "Pages that crash"; never reproduced alone): said, and
                # watched once more on a page of a new browser (a new page of the same one crashed again, once). A
                # second crash fails.
                if attempt == 2 or "crashed" not in str(error):
                    raise
                warnings.warn(f"{case}: Chromium's page crashed ({CRASHES[-1:] or 'no reason given'}); once more",
                              stacklevel=1)
                page, page_log = page_of_a_new_browser(request)
    else:  # the worker's started page, with its bots' worker
        app = request.getfixturevalue("app")
        page, page_log = app.page, app.log
        app.open(fragment)
        page.evaluate(LONGTASKS)
        page.wait_for_function(until, timeout=120_000)
    tasks = page.evaluate("window.__longtasks")
    save = page.get_attribute(PLAY, "data-save-id")
    thinks = [k for k in json.loads(page.evaluate("window.pygamesThinkLog || '[]'")) if k.get("game") == save]
    assert thinks, "no bot thought"
    if "botworker=0" in query:  # without the bots' worker, bots think on the page's thread
        assert page.evaluate("document.documentElement.dataset.botWorker") is None
        assert not any(entry["worker"] for entry in thinks)
    during = [t for t in tasks if any(t["start"] < k["end"] and t["start"] + t["ms"] > k["start"] for k in thinks)]
    worst = max((t["ms"] for t in during), default=0.0)
    if app is not None:  # the shared page's bots stop: the next case is timed with nothing beside it
        app.open("home", until='[data-page="home"]')
    assert worst <= LIMIT_MS, f"{game}: a main-thread task of {worst:.0f} ms while a bot thought ({during})"
    assert page_log.errors == []

"""Bots never freeze the page: no main-thread task over 100 ms while they think, in every game.

A long-task observer (PerformanceObserver "longtask") records every task over 50 ms from the moment the
app is ready; the bots play both seats (medium and hard, ``?botdelay=0``) for a number of moves. The
page logs when each bot thought (``window.pygamesThinkLog``, on the page's clock); a long task during
a think fails the test (drawing the move afterwards is the page's work, not the bot's).
"""

from __future__ import annotations

import json

import pytest

from pygames.core.bots import HeuristicBot, bot_rng
from pygames.core.record import Record

from .test_k3_play import FAST, PLAY

pytestmark = [pytest.mark.e2e, pytest.mark.alone]  # timing: no other test's browser beside it

LONGTASKS = """
window.__longtasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longtasks.push({start: e.startTime, ms: e.duration});
}).observe({type: "longtask", buffered: false});
"""

# case -> (game, players, the number of bot moves to watch, query); the hard bot thinks ~1 s per real decision.
# K2's hard bot plays samples rounds long (six solo, three with five players, where the others' choices are ranked
# too): watched on the page's own thread (no bots' worker), in slices.
GAMES = {"k3": ("k3", 2, 8, ""), "matterhorn": ("matterhorn", 2, 30, ""), "k2": ("k2", 2, 20, ""),
         "blokus3d": ("blokus3d", 2, 8, ""), "k2-solo-on-the-page": ("k2", 1, 12, "&botworker=0"),
         "k2-5p-on-the-page": ("k2", 5, 12, "&botworker=0")}
LIMIT_MS = 100


def solo_round_17() -> str:
    """A solo K2 game played by the medium bot up to round 17, where the hard bot works out the last two rounds
    (``pygames.k2.endgame``), as a link fragment with the hard bot in the seat."""
    game = Record.new("k2", {"players": 1}, "longtask-17").replay()
    bot = HeuristicBot()
    while game.round < 17:
        game.apply(bot.choose(game, 0, bot_rng(game, 0)))
    return Record.of(game, {"seats": "mcts"}).to_fragment()


# case -> a game from a position (the query, the link fragment), the hard bot to move; watched to the end
POSITIONS = {"k2-solo-last-rounds-on-the-page": ("&botworker=0", solo_round_17)}


@pytest.mark.parametrize("case", sorted(GAMES) + sorted(POSITIONS))
def test_bots_thinking_never_block_the_page_for_100_ms(page, page_log, site, boot, case):
    if case in POSITIONS:
        query, fragment = POSITIONS[case]
        game, moves = "k2", 10_000  # to the end
        boot(page, f"{site.url}{FAST}{query}#{fragment()}")
    else:
        game, players, moves, query = GAMES[case]
        seats = ",".join((["mcts", "heuristic"] + ["heuristic"] * (players - 2))[:players])
        boot(page, f"{site.url}{FAST}{query}#{game}?v=1&players={players}&seed=longtask-1&moves=&seats={seats}")
    page.wait_for_selector(PLAY)
    page.evaluate(LONGTASKS)
    page.wait_for_function(
        f"(() => {{ const s = document.querySelector('{PLAY}'); return s && (Number(s.dataset.moves) >= {moves}"
        " || s.dataset.over === '1'); })()",
        timeout=120_000,
    )
    tasks = page.evaluate("window.__longtasks")
    thinks = json.loads(page.evaluate("window.pygamesThinkLog || '[]'"))
    assert thinks, "no bot thought"
    during = [t for t in tasks if any(t["start"] < k["end"] and t["start"] + t["ms"] > k["start"] for k in thinks)]
    worst = max((t["ms"] for t in during), default=0.0)
    assert worst <= LIMIT_MS, f"{game}: a main-thread task of {worst:.0f} ms while a bot thought ({during})"
    assert page_log.errors == []

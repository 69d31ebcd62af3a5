"""Bots in a Web Worker (web/bot-worker.mjs): the page sends a game's record, the seat to move and
the seat's bot; the worker answers the bot's action, thinking on a core of its own.

The page's main thread then never runs a bot: the hard bot gets its whole budget of uninterrupted
search and the page stays as quick as without bots. The answer is the one the page's own thinking
would give: the same record replays to the same state, and the bot's chance comes from
``bot_rng`` (the game's seed and the moves so far). The worker keeps the last game it replayed and
only plays the moves that came since.
"""

from __future__ import annotations

import json
import time

from pygames.core.bots import Bot, bot_rng
from pygames.core.game import Game
from pygames.core.record import Record

from ..model.players import make_bot
from .runner import quiet_gc

_last: tuple[Record, Game] | None = None


def game_of(record: Record) -> Game:
    """The state after ``record``: the last one, brought up to date, when it is the same game."""
    global _last
    if _last is not None:
        known, game = _last
        same = (known.game, known.options, known.seed) == (record.game, record.options, record.seed)
        if same and record.moves[: len(known.moves)] == known.moves:
            for text in record.moves[len(known.moves):]:
                game.apply(text)
            _last = (record, game)
            return game.copy()
    game = record.replay()
    _last = (record, game)
    return game.copy()


def reasons(bot: Bot) -> list[list]:
    """What the bot's last decision weighed, best first, as JSON: [action's text, worth] (a hint's reasons)."""
    return [[w.action, w.value] for w in bot.last_weighed]


def think(fragment: str, seat: int, kind: str) -> str:
    """The bot ``kind`` (a seat type of the new-game form) of ``seat`` decides in the game ``fragment``:
    a JSON answer with its action (in the game's notation), the candidates it weighed (best first: [text,
    worth], a hint's reasons), how long it thought and its search."""
    began = time.perf_counter()
    game = game_of(Record.parse(fragment))
    bot = make_bot(kind)
    with quiet_gc():  # (as in the page: runner.py)
        action = bot.choose(game, seat, bot_rng(game, seat))
    return json.dumps({"action": str(action), "weighed": reasons(bot),
                       "ms": round((time.perf_counter() - began) * 1000, 1),
                       "iterations": getattr(bot, "last_iterations", None)})

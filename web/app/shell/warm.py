"""What opening a game builds once per interpreter, built ahead of time: by the page's warm-up after its
first screen (shell/page/startup.py ``warm_up``, a step per task) and by the interpreter snapshot
(``snapshot.prepare``).

For every game: the engine's tables for the default options (``Game.prepare_steps``: Blokus 3D's
placements), a few moves of a game from a fixed seed (the engine's lazily built tables), that game
replayed as a link is (``Match``) and its screen rendered once for a player against bots, unseen (the view's own
tables, e.g. where K2's board writes each space's id). Chance comes from a fixed seed: the same work,
and the same memory in a snapshot, on every device. Nothing here touches the browser: the screen's HTML is
the last step's value, which the page's warm-up lays out unseen (``layOutUnseen`` in shell/page.mjs), so that the
browser's own first-time work on a game's screen (its fonts at each size, text shaping, style) is done too.
"""

from __future__ import annotations

from collections.abc import Iterator

import games

from pygames.core import i18n
from pygames.core.match import Match
from pygames.core.record import Record
from pygames.core.registry import game_names, get_game
from pygames.core.rng import Rng

from .model import players
from .model.session import Session
from .screens import game as screen

WARM_MOVES = 40  # the moves of each game's warm-up game
SEED = "snapshot"


def steps(name: str) -> Iterator[str | None]:
    """The work for game ``name``, a step at a time (each step a few tens of ms at most in the page); a game
    the page can play ends with its screen's HTML."""
    cls = get_game(name)
    yield from cls.prepare_steps({})
    game = cls.new({}, SEED)
    rng = Rng(SEED)
    for move in range(WARM_MOVES):
        if game.is_over():
            break
        game.apply(game.random_action(game.to_move()[0], rng), checked=True)
        if move % 10 == 9:
            yield
    match = Match(Record(name, dict(game.options), SEED, list(game.history)))
    yield
    if name in games.GAMES:  # a game the page can play: its screen, as a player against bots sees it
        count = int(match.options.get("players", 1))
        play = Session(match, [players.HUMAN] + ["heuristic"] * (count - 1), "", games.view_class(name))
        with i18n.seats_named(play.short_name):  # its own players, not those of the game on the page
            html = screen.render(play)
        yield html


def screen_html(name: str) -> str | None:
    """All of game ``name``'s steps at once, and its screen's HTML (None for a game the page cannot play): the
    build draws it so (tools/site/home_page.py ``warm_screens``)."""
    html = None
    for step in steps(name):
        html = step or html
    return html


def everything() -> None:
    """All the work for every game, at once (the snapshot's)."""
    for name in game_names():
        for _step in steps(name):
            pass

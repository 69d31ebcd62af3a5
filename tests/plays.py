"""Helpers for the CPython tests of the page's views: a play screen on a record, the bots' moves and the
humans' turns in it, the attributes of its markup, and a move played through a view's clicks."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from shell.contract.view import MOVED
from shell.model.session import Session

from pygames.core.bots import HeuristicBot, bot_rng
from pygames.core.game import Game
from pygames.core.match import Match
from pygames.core.record import Record


def default_players(game: str) -> int:
    """The game's player count when its link or form says none (its ``players`` option's default)."""
    from pygames.core.registry import get_game

    return int(get_game(game).normalize_options({})["players"])


def new_play(game: str, view: type, seats: Iterable[str] = ("human", "heuristic"), options: dict | None = None,
             seed: str = "view", moves: Iterable[str] = (), **play_args: Any) -> Session:
    """The play screen of a ``game`` record (options, seed, moves so far) with ``view`` and these seats."""
    seats = list(seats)
    record = Record.new(game, {"players": len(seats), **(options or {})}, seed)
    record.moves = list(moves)
    return Session(Match(record), seats, "test", view, **play_args)


def bot_moves(play: Session) -> None:
    """Every bot's move until a human is to move or the game is over: heuristic bots seeing what their seat
    sees, with the page's generator for them."""
    while (seat := play.bot_mover()) is not None:
        game = play.game
        play.apply_bot(HeuristicBot().choose(game.view(seat), seat, bot_rng(game, seat)))


def next_move(play: Session) -> None:
    """The first seat to move plays what the heuristic bot chooses for it: as a human's move (the session checks
    it as it checks a click) or as a bot's."""
    game = play.game
    seat = game.to_move()[0]
    action = HeuristicBot().choose(game.view(seat), seat, bot_rng(game, seat))
    if play.is_human(seat):
        play.holder = seat
        assert play.apply(action) == MOVED, play.message
    else:
        play.apply_bot(action)


def human_turns(play: Session, limit: int) -> Iterator[Game]:
    """The game at each human turn, the bots' moves played between them, until it is over (at most ``limit``
    turns: the caller plays each turn)."""
    for _ in range(limit):
        bot_moves(play)
        if play.game.is_over():
            return
        yield play.game


def attrs_of(html: str, attr: str) -> list[dict[str, str]]:
    """Every element (start tag) that has ``attr``, as a dict of its attributes."""
    out = []
    for tag in re.findall(r"<[a-z]+\b[^>]*>", html):
        found = dict(re.findall(r'([a-z-]+)="([^"]*)"', tag))
        if attr in found:
            out.append(found)
    return out


def click_plan(play: Session, action: object, plan: list[tuple[str, dict]],
               before_click: Callable[[], object] | None = None) -> int:
    """Send a view's clicks (tests/clicks.py) as a player would: only the last one may play a move,
    and none leaves a message. Returns the number of moves before them."""
    before = len(play.game.history)
    for n, (act, data) in enumerate(plan):
        if before_click is not None:
            before_click()
        outcome = play.handle(act, data)
        if n < len(plan) - 1:
            assert outcome != MOVED, (str(action), act, data, play.message)
    assert play.message == "", (str(action), play.message)
    return before

"""The rules pages' positions (``Example``: a record, as in a link) as games on screen, and a move tried on
one: the engine says whether it is allowed, and the view says it in words. Pure Python; the page's rules
pages are drawn by shell/screens/rules.py."""

from __future__ import annotations

from pygames.core import i18n
from pygames.core.errors import RuleError
from pygames.core.match import Match
from pygames.core.record import Record

from ..contract.rules import Example
from .session import Session


def example_play(name: str, view_class: type, example: Example, touch: bool = False) -> Session:
    """The example's position as a game on screen (every seat human, nothing saved; ``touch``: its words
    for a finger, as the page's game screens say them)."""
    record = Record.parse(example.record)
    match = Match(record)
    play = Session(match, ["human"] * int(record.options["players"]), "", view_class)
    play.touch = touch
    return play


def try_move(name: str, view_class: type, example: Example, move: str) -> tuple[bool, str]:
    """Ask the engine about ``move`` in the example's position: (allowed, what it says)."""
    play = example_play(name, view_class, example)
    game = play.game
    with i18n.seats_named(play.short_name):  # the engine's sentences name the example's players
        try:
            action = game.parse_action(move, play.mover())
            game.check(action)
        except RuleError as error:
            return False, error.words
        after = game.copy()
        after.apply(action, checked=False)
        return True, play.view.describe(game, str(action), after)

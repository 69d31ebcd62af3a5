"""A saved game's words on the home page (its title and where it stands), in the player's language: written
with the save (``title_of``, ``Session.status``), and said again from its record when the language is another
(``in_language``)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import games

from pygames.core.errors import RecordError, RuleError
from pygames.core.i18n import _, ngettext
from pygames.core.registry import game_title

from ..contract.markup import short
from . import players
from .saves import SavedGame

if TYPE_CHECKING:  # pragma: no cover
    from .session import Session


def title_of(session: Session) -> str:
    """"K3 · 3 players · Red (you) vs Blue (medium bot) · seed alpine-42", in the current language."""
    game = session.game
    return " · ".join((
        game_title(session.match.name),
        ngettext("{n} player", "{n} players", game.players).format(n=game.players),
        _(" vs ").join(session.seat_name(s) for s in range(len(session.seats))),
        _("seed {seed}").format(seed=short(game.seed)),
    ))


def in_language(entry: SavedGame, code: str, touch: bool = False) -> SavedGame:
    """``entry`` with its title and status in the language ``code`` (the current one): as it is when it was
    saved in that language, else said again from its record (the entry as it is if the record cannot be read:
    opening it says why)."""
    if entry.lang == code:
        return entry
    # (here: the home page imports no game, until a save is in another language)
    from pygames.core.match import Match
    from pygames.core.record import Record

    from .session import Session

    try:
        match = Match(Record.parse(entry.link))
        count = int(match.options["players"])
        text = match.extras.get("seats")
        session = Session(match, players.parse_seats(text, count), entry.id, games.view_class(match.name),
                          players.parse_names(text, count))
        session.touch = touch
        return replace(entry, title=title_of(session), status=session.status(), lang=code)
    except (RecordError, RuleError, KeyError, ValueError):
        return entry

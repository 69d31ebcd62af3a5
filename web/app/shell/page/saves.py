"""Saves in the page: the store on this device (localStorage, or memory where storage is blocked),
the game on screen saved after every move, and a saved game resumed (``#play/<id>``)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from pygames.core.errors import RecordError, RuleError
from pygames.core.i18n import _

from ..model import daily, players, save_words, saves
from ..model import language as i18n
from .dom import device_storage

if TYPE_CHECKING:  # pragma: no cover
    from .parts import Page


def open_store() -> saves.Store:
    """The page's saves: in localStorage (the shell's copy of it, dom.py ``device_storage``), or in memory for
    this page where storage is blocked."""
    return saves.Store(device_storage())


class Saves:
    """The page's saves: ``store``, on this device (``open_store``)."""

    def __init__(self, app: Page) -> None:
        self.app = app
        self.store = open_store()

    def autosave(self) -> None:
        session = self.app.session
        if session is None:
            return
        game = session.game
        result = game.result()
        entry = saves.SavedGame(
            id=session.save_id,
            game=session.match.name,
            link=session.match.record().to_fragment(),
            updated=time.time() * 1000,
            title=save_words.title_of(session),
            status=session.status(),
            moves=len(game.history),
            over=result is not None,
            lang=i18n.current(),
            kept=session.opened_finished,
        )
        session.hints_unsaved = False
        try:
            self.store.save(entry)
        except saves.StorageError as error:
            session.notice(_("Not saved: {error}").format(error=error))

    def refused(self, key: str, value: str | None, error: str) -> None:
        """The page could not write ``key`` (the shell in its worker heard it after the write: a full storage):
        the shell's copy holds what the page has (``value``), and the game on screen says it was not saved."""
        changed = getattr(self.store.backend, "changed", None)
        if changed is not None:
            changed(key, value)
        session = self.app.session
        if session is not None and key == saves.PREFIX + session.save_id:
            refusal = saves.StorageError(_("the game could not be saved in this browser ({error})").format(error=error))
            session.notice(_("Not saved: {error}").format(error=refusal))
            self.app.rendering.render()

    def in_language(self, entry: saves.SavedGame | saves.BrokenSave) -> saves.SavedGame | saves.BrokenSave:
        """A save's words in the page's language (said again and kept, when it was saved in another)."""
        if isinstance(entry, saves.BrokenSave) or entry.lang == i18n.current():
            return entry
        said = save_words.in_language(entry, i18n.current(), self.app.touch)
        if said is not entry:
            try:
                self.store.save(said)
            except saves.StorageError:
                pass  # (said again on the next visit)
        return said

    def note_daily(self) -> None:
        """A daily challenge finished by a move on this device: its result is kept if it is the best of its
        day (not one opened finished, e.g. a friend's result link)."""
        session = self.app.session
        if session is not None and session.game.is_over():
            daily.note(self.store.backend, session.match.record().to_fragment(), session.game)

    def resume(self, save_id: str) -> None:
        """Show a saved game (``#play/<id>``), or go home saying why it cannot be."""
        from pygames.core.match import Match
        from pygames.core.record import Record

        try:
            entry = self.store.load(save_id)
            record = Record.parse(entry.link)
            players.parse_seats(record.extras.get("seats"), int(record.options["players"]))
            match = Match(record)
        except (saves.StorageError, RecordError, RuleError) as error:
            self.app.navigation.show_home(_("This saved game cannot be resumed: {error}").format(error=error))
            return
        session = self.app.navigation.new_session(match, save_id)
        session.opened_finished = entry.kept  # a finished game from a link stays as it came, reloaded too
        self.app.navigation.start_session(session, save=False)

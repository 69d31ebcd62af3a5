"""Saved games in the browser's localStorage, one entry per game, keyed by an id.

Each entry is JSON holding the game's record as a link fragment (see pygames.core.record), so a
save is exactly a link: resuming replays it. A damaged entry is reported and kept, never deleted
behind the player's back, and never stops the other saves from loading. The backend is anything
with localStorage's methods (``getItem``, ``setItem``, ``removeItem``, ``key``, ``length``), so
tests use ``MemoryStorage``. The page's side (the store opened on localStorage, autosave, a save resumed)
is shell/page/saves.py.

A saved game's words on the home page (its title and where it stands) are save_words.py's.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from typing import Any

from pygames.core.i18n import _

from ..contract.markup import short

PREFIX = "pygames:save:"
MAX_SAVES = 30
FORMAT = 1


class StorageError(ValueError):
    """A saved game that cannot be read; the message says why, in words."""


@dataclass
class SavedGame:
    """A game kept on this device (a docstring: see ``Record``'s)."""

    id: str
    game: str
    link: str  # the record's fragment (no '#')
    updated: float  # ms since the epoch
    title: str = ""
    status: str = ""
    moves: int = 0
    over: bool = False
    lang: str = ""  # the language of title and status (``in_language`` says them again in another)
    kept: bool = False  # it came finished (a link) and stays as it came: Undo does nothing on it (session.py)


@dataclass
class BrokenSave:
    """A saved game that cannot be read, and why."""

    id: str
    reason: str


class MemoryStorage:
    """A dict with localStorage's interface (for tests and when localStorage is unavailable)."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    @property
    def length(self) -> int:
        return len(self.items)

    def key(self, index: int) -> str | None:
        keys = list(self.items)
        return keys[index] if 0 <= index < len(keys) else None

    def getItem(self, key: str) -> str | None:  # noqa: N802 (localStorage's name)
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self.items[key] = str(value)

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.items.pop(key, None)


def new_id() -> str:
    return f"{int(time.time() * 1000):x}{os.urandom(2).hex()}"


def _text(value: Any) -> str | None:
    """localStorage's value as a str (JS null and undefined become None)."""
    return value if isinstance(value, str) else None


class Store:
    def __init__(self, backend: Any) -> None:
        self.backend = backend

    def _keys(self) -> list[str]:
        keys = []
        for index in range(int(self.backend.length)):
            key = _text(self.backend.key(index))
            if key is not None and key.startswith(PREFIX):
                keys.append(key)
        return keys

    def save(self, entry: SavedGame) -> None:
        """Write one save (StorageError if the browser refuses, e.g. storage full)."""
        data = {
            "format": FORMAT,
            "id": entry.id,
            "game": entry.game,
            "link": entry.link,
            "updated": entry.updated or time.time() * 1000,
            "title": entry.title,
            "status": entry.status,
            "moves": entry.moves,
            "over": entry.over,
            "lang": entry.lang,
            "kept": entry.kept,
        }
        try:
            self.backend.setItem(PREFIX + entry.id, json.dumps(data))
        except Exception as error:  # the browser's QuotaExceededError and friends
            raise StorageError(_("the game could not be saved in this browser ({error})").format(error=error)) from None
        if len(self._keys()) > MAX_SAVES:  # cheap count first: trimming parses every save
            self.trim()

    def load(self, save_id: str) -> SavedGame:
        name = repr(short(save_id))  # how a message names the save (its id, shortened)
        raw = _text(self.backend.getItem(PREFIX + save_id))
        if raw is None:
            raise StorageError(
                _("there is no saved game {id} in this browser (deleted, or saved elsewhere)").format(id=name)
            )
        try:
            data = json.loads(raw)
        except ValueError:
            raise StorageError(_("saved game {id} is damaged (its data is not readable)").format(id=name)) from None
        if not isinstance(data, dict):
            raise StorageError(_("saved game {id} is damaged (its data is not a saved game)").format(id=name))
        version = data.get("format")
        if isinstance(version, int) and not isinstance(version, bool) and version > FORMAT:
            raise StorageError(
                _("saved game {id} was written by a newer version of the app (format {version}; this one reads "
                  "format {known}): open it with the newer version").format(id=name, version=version, known=FORMAT)
            )
        if not isinstance(data.get("link"), str) or not isinstance(data.get("game"), str):
            raise StorageError(_("saved game {id} is damaged (its record is missing)").format(id=name))
        if version != FORMAT:
            raise StorageError(_("saved game {id} was written by another version of the app").format(id=name))
        try:
            return SavedGame(
                id=save_id,
                game=data["game"],
                link=data["link"],
                updated=float(data.get("updated") or 0),
                title=str(data.get("title", "")),
                status=str(data.get("status", "")),
                moves=int(data.get("moves") or 0),
                over=bool(data.get("over")),
                lang=str(data.get("lang", "")),
                kept=data.get("kept") is True,
            )
        except (TypeError, ValueError):
            raise StorageError(_("saved game {id} is damaged (its details are not readable)").format(id=name)) from None

    def delete(self, save_id: str) -> None:
        self.backend.removeItem(PREFIX + save_id)

    def entries(self) -> list[SavedGame | BrokenSave]:
        """Every save, newest first; damaged ones as BrokenSave (after the good ones)."""
        good: list[SavedGame] = []
        bad: list[BrokenSave] = []
        for key in self._keys():
            save_id = key[len(PREFIX) :]
            try:
                good.append(self.load(save_id))
            except StorageError as error:
                bad.append(BrokenSave(save_id, str(error)))
        good.sort(key=lambda e: e.updated, reverse=True)
        return [*good, *bad]

    def find_link(self, link: str) -> SavedGame | None:
        for entry in self.entries():
            if isinstance(entry, SavedGame) and entry.link == link:
                return entry
        return None

    def trim(self, keep: int = MAX_SAVES) -> None:
        """Forget saves beyond ``keep``: finished games first, then the oldest (newest kept).

        Damaged entries are never removed here (only the player's Delete removes them).
        """
        good = [e for e in self.entries() if isinstance(e, SavedGame)]
        extra = len(good) - keep
        if extra <= 0:
            return
        victims = sorted(good[1:], key=lambda e: (not e.over, e.updated))[:extra]
        for entry in victims:
            self.delete(entry.id)

"""Each game's code in the page: its engine's wheel and its view's zip, imported as they are.

The build gives every game two archives (tools/site/wheel.py, tools/site/app_code.py): its engine,
``pygames/<game>/``, as a wheel of its own, and its view, ``games/<game>/``, as a zip; ``INDEX`` (in the
page's archive) names them. web/interpreter.mjs writes them into ``GAMES_DIR`` as they came: at the start
only the game the address opens (none for the home page), later the others (``ensure``). ``install()``
(interpreter.mjs, before any of the page's Python runs, in the page and in its workers) appends
``Finder`` to ``sys.meta_path``: asked only when every other finder failed, it imports a game's two
packages (``pygames.k2``, ``games.k2``) from its archives by zipimport, and their modules follow from
there. An archive not yet written is fetched then, synchronously (``pygamesGames.fetchSync``): an import
cannot wait. The page avoids that: it awaits ``ensure(game)`` before it opens a game's screen, and fetches
every game in the background once its first screen is up (shell/page/startup.py).

In CPython (the tests, the CLI) nothing is installed: every package is on the path as files. An
interpreter snapshot keeps the finder, which holds no JavaScript object.
"""

from __future__ import annotations

import json
import os
import sys
import zipimport
from functools import cache
from importlib.machinery import ModuleSpec

GAMES_DIR = "/lib/pygames-games"  # web/interpreter.mjs GAMES_DIR
INDEX = "games/archives.json"  # in app.tgz: {game: {"engine": "wheels/….whl", "view": "app/games/<game>.zip"}}
PACKAGES = {"pygames": "engine", "games": "view"}  # where a game's packages are, by their parent


def archive_path(rel: str) -> str:
    """Where an archive of the site (its path in dist/) is in the interpreter."""
    return f"{GAMES_DIR}/{rel.rpartition('/')[2]}"


class Finder:
    """The last finder of ``sys.meta_path``: ``pygames.<game>`` from the game's wheel, ``games.<game>`` from
    its view's zip."""

    def __init__(self, index: dict[str, dict[str, str]], fetch_sync=None) -> None:  # noqa: ANN001
        self.index = index
        self.fetch_sync = fetch_sync or _fetch_sync
        self.fetched: list[str] = []  # games fetched by an import (synchronously)

    def find_spec(self, fullname: str, path: object = None, target: object = None) -> ModuleSpec | None:
        parent, _dot, game = fullname.partition(".")
        if parent not in PACKAGES or "." in game or game not in self.index:
            return None
        if not have(game, self.index):
            try:
                self.fetch_sync(game)
            except Exception as error:  # (a JsException: offline) the import fails as it would without us
                _warn(f"pygames: the game {game} could not be loaded: {error}")
                return None
            self.fetched.append(game)
        archive = archive_path(self.index[game][PACKAGES[parent]])
        inside = "pygames/" if parent == "pygames" else ""  # the wheel holds pygames/<game>/
        try:
            return zipimport.zipimporter(f"{archive}/{inside}" if inside else archive).find_spec(fullname)
        except zipimport.ZipImportError:
            return None


def have(game: str, index: dict[str, dict[str, str]] | None = None) -> bool:
    """Whether a game's archives are in the interpreter (always, where the games are plain files)."""
    index = _index() if index is None else index
    if game not in index:
        return True
    return all(os.path.exists(archive_path(index[game][part])) for part in PACKAGES.values())


async def ensure(game: str) -> None:
    """The game's archives written into the interpreter (fetched if they are not: web/interpreter.mjs)."""
    if have(game):
        return
    import js

    await js.pygamesGames.fetch(game)


def install() -> Finder | None:
    """Append the finder to ``sys.meta_path`` (once), where the page's archive has an index of the games."""
    for finder in sys.meta_path:
        if isinstance(finder, Finder):
            return finder
    index = _index()
    if not index:
        return None
    finder = Finder(index)
    sys.meta_path.append(finder)
    if added_games(index):
        from pygames.core.registry import register

        for game, entry in added_games(index).items():
            register(game, f"pygames.{game}.{entry['class']}", entry["title"])
    return finder


def added_games(index: dict[str, dict[str, str]] | None = None) -> dict[str, dict[str, str]]:
    """The games of the index that the registry does not list: a site assembled with games kept outside
    ``pygames/`` (tools/site/extra_games.py: the tests' fifth game) names their class and title."""
    index = _index() if index is None else index
    return {game: entry for game, entry in index.items() if "class" in entry}


@cache
def _index() -> dict[str, dict[str, str]]:
    """The page's index of the games' archives (read once: it comes with the page)."""
    try:
        with open(INDEX, encoding="utf-8") as handle:
            return json.load(handle)
    except OSError:
        return {}


def _fetch_sync(game: str) -> None:
    import js

    js.console.info(f"pygames: {game} was imported before it was fetched: fetching it now")
    js.pygamesGames.fetchSync(game)


def _warn(message: str) -> None:
    try:
        import js

        js.console.warn(message)
    except ImportError:
        print(message, file=sys.stderr)

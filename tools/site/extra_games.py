"""A copy of a built site with games added that live outside ``pygames/`` and ``web/app/games/`` (the tests'
fifth game): ``site_with_games(dist, target, games)``. The main site never has them.

Each added game gets what the build gives each of the four: its engine as a wheel of its own
(``wheels/pygames_<game>-<version>-py3-none-any.whl``, the package as ``pygames/<game>/``) and its view as a
zip (``app/games/<game>.zip``, the package as ``<game>/``), both of sources (the page compiles them on
import: no bytecode step), and an entry in the games' archives index, in the page's archive
(``games/archives.json``) and in interpreter.mjs. The entry also carries the game's class and title: the page
registers such a game when it installs its archives' finder (web/app/game_archives.py), in the page and in
its workers, and lists it among its games (web/app/games/__init__.py). index.html's titles for the first
screen name it too, and its card is added to the home page's (``games/cards.json``); the service worker is
stamped again. The rest is dist/'s, copied as it is: about a second on this 2-core machine, no build step
run again (interpreter.mjs is minified once, then found by its hash).
"""

from __future__ import annotations

import gzip
import importlib.util
import io
import json
import shutil
import sys
import tarfile
from dataclasses import dataclass
from html import escape
from pathlib import Path

from .app_code import APP_ARCHIVE, ARCHIVES_INDEX, VIEWS, app_archive, archives_index, view_archive
from .assemble import game_titles, interpreter_module
from .bundles import minified
from .home_cards import HOME_CARDS, card
from .project import WEB
from .service_worker import stamp_service_worker
from .wheel import PACKAGE, game_wheel_name, page_wheel


@dataclass(frozen=True)
class ExtraGame:
    """A game kept elsewhere: its link name and title, its engine's and its view's package folders, and its
    ``Game`` class in the engine's package as ``"module:Class"`` (``"game:Nim"``: ``pygames.<name>.game``)."""

    name: str
    title: str
    engine: Path
    view: Path
    game_class: str


def sources(folder: Path, prefix: str) -> dict[str, bytes]:
    """Every module of a package folder, by its path in an archive under ``prefix``."""
    return {f"{prefix}{path.relative_to(folder).as_posix()}": path.read_bytes()
            for path in sorted(folder.rglob("*.py")) if "__pycache__" not in path.parts}


def view_card(game: ExtraGame) -> dict:
    """The game's home card (home_cards.py), from its view package imported as the page names it."""
    sys.path.insert(0, str(WEB / "app"))
    try:
        from pygames.core import i18n

        name = f"games.{game.name}"
        spec = importlib.util.spec_from_file_location(name, game.view / "__init__.py",
                                                      submodule_search_locations=[str(game.view)])
        package = importlib.util.module_from_spec(spec)
        sys.modules[name] = package
        try:
            spec.loader.exec_module(package)
            with i18n.english():
                return card(package)
        finally:
            del sys.modules[name]
    finally:
        sys.path.remove(str(WEB / "app"))


def site_with_games(dist: Path, target: Path, games: list[ExtraGame]) -> Path:
    """``target``: a copy of the built site ``dist`` with ``games`` added (see the module's docstring)."""
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(dist, target)
    changed: dict[str, bytes] = {}
    with tarfile.open(fileobj=io.BytesIO(gzip.decompress((dist / APP_ARCHIVE).read_bytes()))) as archive:
        entries = {item.name: archive.extractfile(item).read() for item in archive.getmembers() if item.isfile()}
    index = json.loads(entries[ARCHIVES_INDEX])
    for game in games:
        wheel_name, wheel = page_wheel(sources(game.engine, f"{PACKAGE}{game.name}/"), game_wheel_name(game.name))
        changed[f"wheels/{wheel_name}"] = wheel
        changed[f"app/{VIEWS}{game.name}.zip"] = view_archive(sources(game.view, f"{VIEWS}{game.name}/"), game.name)
        index[game.name] = {"engine": f"wheels/{wheel_name}", "view": f"app/{VIEWS}{game.name}.zip",
                            "class": game.game_class, "title": game.title}
    entries[ARCHIVES_INDEX] = archives_index(index)
    cards = json.loads(entries[HOME_CARDS])
    cards.update({game.name: view_card(game) for game in games})
    entries[HOME_CARDS] = json.dumps(cards, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()
    changed[APP_ARCHIVE] = app_archive(entries, {})
    files = {path.relative_to(target).as_posix(): path for path in target.rglob("*") if path.is_file()}
    files.update(changed)
    archives = {name: {"engine": paths["engine"], "view": paths["view"]} for name, paths in index.items()}
    changed["interpreter.mjs"] = minified("interpreter.mjs", interpreter_module(files, archives))
    html = (dist / "index.html").read_text()
    titles = game_titles()
    before = escape(json.dumps(titles, separators=(",", ":")), quote=True)
    titles.update({game.name: game.title for game in games})
    if before not in html:
        raise SystemExit(f"{dist / 'index.html'}: its games' titles are not this build's")
    changed["index.html"] = html.replace(before, escape(json.dumps(titles, separators=(",", ":")), quote=True)).encode()
    for rel, data in changed.items():
        (target / rel).write_bytes(data)
        (target / f"{rel}.gz").unlink(missing_ok=True)  # the server would send the old one
    stamp_service_worker(target)
    return target

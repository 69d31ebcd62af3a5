"""Each game's code in its own archives (web/app/game_archives.py, tools/site/wheel.py, tools/site/app_code.py):
a page downloads only the games it runs, and imports a game's engine from its wheel and its view from its zip
as they came; an import of a game not yet fetched fetches it then; a route names the game it needs.

In the page: tests/e2e/test_platform.py (a link's start downloads its game's archives and no other's)."""

from __future__ import annotations

import importlib
import importlib.util
import io
import marshal
import sys
import zipfile
from pathlib import Path

import game_archives
import pytest
from shell.model import routes

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tools.site.app_code import view_archive  # noqa: E402
from tools.site.wheel import page_wheels  # noqa: E402

GAME = "tinygame"  # a game of this test's own: its engine and view are two small modules each


def pyc(source: str, name: str) -> bytes:
    """``source`` as this interpreter's sourceless bytecode file."""
    code = compile(source, name, "exec")
    return importlib.util.MAGIC_NUMBER + b"\0" * 12 + marshal.dumps(code)


BYTECODE = {
    "pygames/core/__init__.pyc": pyc("", "core"),
    f"pygames/{GAME}/__init__.pyc": pyc("MOVES = 3\n", "engine"),
    f"pygames/{GAME}/game.pyc": pyc("from . import MOVES\nLEFT = MOVES - 1\n", "game"),
    f"games/{GAME}/__init__.pyc": pyc("BLURB = 'a tiny game'\n", "view package"),
    f"games/{GAME}/view.pyc": pyc(f"from pygames.{GAME}.game import LEFT\nSHOWN = f'{{LEFT}} left'\n", "view"),
}


@pytest.fixture
def site(tmp_path, monkeypatch) -> tuple[Path, dict[str, dict[str, str]]]:
    """The build's archives of GAME in a folder standing for the site, the page's index of them, and an empty
    folder standing for the interpreter's GAMES_DIR."""
    served = tmp_path / "site"
    wheels = page_wheels(BYTECODE, [GAME])
    engine = f"wheels/{wheels[GAME][0]}"
    index = {GAME: {"engine": engine, "view": f"app/games/{GAME}.zip"}}
    for rel, data in ((engine, wheels[GAME][1]), (index[GAME]["view"], view_archive(BYTECODE, GAME))):
        (served / rel).parent.mkdir(parents=True, exist_ok=True)
        (served / rel).write_bytes(data)
    monkeypatch.setattr(game_archives, "GAMES_DIR", str(tmp_path / "interpreter"))
    yield served, index
    for name in [name for name in sys.modules if GAME in name]:
        del sys.modules[name]


def test_each_game_has_a_wheel_of_its_own_beside_the_core():
    wheels = page_wheels(BYTECODE, [GAME])
    with zipfile.ZipFile(io.BytesIO(wheels[""][1])) as core, zipfile.ZipFile(io.BytesIO(wheels[GAME][1])) as game:
        assert [n for n in core.namelist() if not n.startswith("pygames-")] == ["pygames/core/__init__.pyc"]
        assert [n for n in game.namelist() if ".dist-info/" not in n] == [
            f"pygames/{GAME}/__init__.pyc", f"pygames/{GAME}/game.pyc"]
        assert wheels[GAME][0].startswith(f"pygames_{GAME}-") and wheels[GAME][0].endswith("-py3-none-any.whl")
    with zipfile.ZipFile(io.BytesIO(view_archive(BYTECODE, GAME))) as view:
        assert view.namelist() == [f"{GAME}/__init__.pyc", f"{GAME}/view.pyc"]  # the package at its root


def test_a_game_not_yet_fetched_is_fetched_by_its_first_import_then_imported_from_its_archives(site):
    served, index = site
    asked = []

    def fetch(game: str) -> None:  # what pygamesGames.fetchSync does: the archives written as they came
        asked.append(game)
        for rel in index[game].values():
            target = Path(game_archives.archive_path(rel))
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes((served / rel).read_bytes())

    finder = game_archives.Finder(index, fetch)
    assert not game_archives.have(GAME, index)
    sys.meta_path.append(finder)
    try:
        view = importlib.import_module(f"games.{GAME}.view")
        engine = importlib.import_module(f"pygames.{GAME}.game")
    finally:
        sys.meta_path.remove(finder)
    assert view.SHOWN == "2 left" and engine.LEFT == 2
    assert asked == [GAME] and finder.fetched == [GAME]  # once, for both packages
    assert game_archives.have(GAME, index)
    assert engine.__file__.startswith(game_archives.GAMES_DIR)  # from the wheel, as it came


def test_a_game_that_cannot_be_fetched_fails_to_import_as_an_unknown_module_would(site):
    _served, index = site

    def offline(game: str) -> None:
        raise OSError("offline")

    finder = game_archives.Finder(index, offline)
    sys.meta_path.append(finder)
    try:
        with pytest.raises(ModuleNotFoundError):
            importlib.import_module(f"pygames.{GAME}.game")
    finally:
        sys.meta_path.remove(finder)
    assert finder.find_spec("pygames.core") is None and finder.find_spec("json") is None  # not a game's: not ours


@pytest.mark.parametrize(("fragment", "game"), [
    ("", ""), ("new/k2", "k2"), ("rules/matterhorn/dice", "matterhorn"), ("daily/blokus3d", "blokus3d"),
    ("k3?v=1&players=2&seed=alpine-1", "k3"), ("play/abc", ""),
])
def test_a_route_names_the_game_whose_code_it_needs(fragment: str, game: str):
    assert routes.route_game(routes.parse_route(fragment)) == game


def test_a_game_the_index_gives_a_class_is_registered_and_needs_only_its_archives(site, monkeypatch):
    """A site with a game kept outside pygames/ (tools/site/extra_games.py: the tests' fifth game): its entry
    names its class and title, the finder's install registers it, and its two archives are all it needs."""
    from pygames.core import registry

    served, index = site
    index[GAME].update({"class": "game:Tiny", "title": "Tiny"})
    monkeypatch.setattr(game_archives, "_index", lambda: index)
    assert game_archives.added_games() == {GAME: index[GAME]}
    for part in ("engine", "view"):
        target = Path(game_archives.archive_path(index[GAME][part]))
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes((served / index[GAME][part]).read_bytes())
    assert game_archives.have(GAME)
    finder = game_archives.install()
    try:
        assert registry.GAME_CLASSES[GAME] == f"pygames.{GAME}.game:Tiny" and registry.game_title(GAME) == "Tiny"
    finally:
        sys.meta_path.remove(finder)
        registry.unregister(GAME)
    assert GAME not in registry.game_names()

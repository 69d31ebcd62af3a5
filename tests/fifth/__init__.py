"""The fifth game, Nim: a tiny game kept under tests/ to prove that a game needs only the contracts
(``pygames.core.game.Game`` for its engine, ``shell.contract.view.GameView`` for its view) and a registration.

``register()`` adds it to the engines' registry and the page's list of games, as two lines of
``pygames/core/registry.py`` and one of ``web/app/games/__init__.py`` would; ``unregister()`` takes it
out again. Nothing outside tests/ names it: the main site never has it (``tools.site.extra_games``
assembles a copy of dist/ that does, for tests/e2e/test_fifth_game.py).
"""

from __future__ import annotations

from pathlib import Path

NAME = "nim"
TITLE = "Nim"
HERE = Path(__file__).resolve().parent
ENGINE = HERE / "nim"  # the engine's package: pygames/nim/ in the page
VIEW = HERE / "nim_view"  # the view's package: games/nim/ in the page
CLASS = "game:Nim"  # its Game class, in the engine's package


def register(page: bool = True) -> None:
    """Nim in the registry (as ``fifth.nim``) and, with ``page``, in the page's games (as ``fifth.nim_view``:
    web/app on the path)."""
    from pygames.core import registry

    registry.register(NAME, f"{__name__}.nim.{CLASS}", TITLE)
    if page:
        import games

        games.GAMES[NAME] = f"{__name__}.nim_view"


def unregister() -> None:
    import sys

    from pygames.core import registry

    registry.unregister(NAME)
    if "games" in sys.modules:
        sys.modules["games"].GAMES.pop(NAME, None)

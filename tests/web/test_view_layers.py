"""Each game's view is a controller and pure drawing: only the controller (``view.py``) may import
the session or the controller; the drawing modules take the state and a frozen marks value."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest
from games import GAMES
from games.blokus3d.marks import Marks as Blokus3DMarks
from games.k2.marks import Marks as K2Marks
from games.k3.draw import Marks as K3Marks
from games.matterhorn.panels import Marks as MatterhornMarks

APP = Path(__file__).resolve().parents[2] / "web" / "app"


def imported(path: Path) -> set[str]:
    """The modules a module imports, type-only imports included (relative ones as ``.name``)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            names.add(base)
            if node.module is None:  # ``from . import draw, view``
                names.update("." + alias.name for alias in node.names)
    return names


@pytest.mark.parametrize("game", sorted(GAMES))
def test_only_the_controller_imports_the_session_or_the_view(game: str) -> None:
    folder = APP / "games" / game
    for path in sorted(folder.glob("*.py")):
        if path.name == "view.py":
            continue
        names = imported(path)
        assert ".view" not in names, f"{game}/{path.name} imports the controller"
        shell = {"shell.model.session", "shell.page.app", "shell.page.events"}
        assert not shell & names, f"{game}/{path.name} imports the session"


@pytest.mark.parametrize("marks", [K3Marks, K2Marks, MatterhornMarks, Blokus3DMarks])
def test_the_marks_are_frozen(marks: type) -> None:
    params = marks.__dataclass_params__  # type: ignore[attr-defined]  (a dataclass's own record)
    assert dataclasses.is_dataclass(marks) and params.frozen and hasattr(marks, "__slots__")

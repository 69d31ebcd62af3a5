"""The engines' layers: rules never import what the bots know (the brief's seam).

Each game's ``strategy`` module (and the solver or endgame plan a strategy may ask) reads the rules; the rules
modules, ``core`` outside ``bots``, and the CLI's replay path never import a strategy or a bot.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from pygames.core.bots import Strategy, strategy_for
from pygames.core.registry import game_names, get_game

PACKAGE = Path(__file__).resolve().parents[2] / "pygames"
BOT_MODULES = {"strategy", "solver", "endgame", "bots"}  # what bots know; may import the rules, not the reverse


def imported(path: Path) -> set[str]:
    """The last component of every module ``path`` imports (``from .strategy import x`` -> strategy)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.module:
                names.add(node.module.rpartition(".")[2])
            names.update(alias.name for alias in node.names if node.module is None)
        elif isinstance(node, ast.Import):
            names.update(alias.name.rpartition(".")[2] for alias in node.names)
    return names


def is_bot(path: Path) -> bool:
    """A module of what bots know: named so, or inside a package so named (``k2/strategy/judge.py``)."""
    return bool({path.stem, *path.relative_to(PACKAGE).parts[:-1]} & BOT_MODULES)


RULES = sorted(p for p in PACKAGE.rglob("*.py") if not is_bot(p) and p.name != "__main__.py")


@pytest.mark.parametrize("path", RULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_rules_never_import_bots(path: Path) -> None:
    assert not imported(path) & BOT_MODULES, f"{path.name} imports bot knowledge"


@pytest.mark.parametrize("name", game_names())
def test_every_game_has_its_strategy(name: str) -> None:
    game = get_game(name).new(seed="layers")
    strategy = strategy_for(game)
    assert isinstance(strategy, Strategy) and type(strategy) is not Strategy
    assert 0.0 <= strategy.heuristic_value(game, 0) <= 1.0

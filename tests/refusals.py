"""Checks every game's rules tests share: a refused action names its reason and changes nothing.

Importable from any test module as ``refusals`` (pytest puts ``tests/`` on ``sys.path``).
"""

from __future__ import annotations

from typing import Any

from pygames.core.errors import RuleError
from pygames.core.game import Game


def snapshot(g: Game) -> tuple[dict[str, Any], list[str]]:
    """What a refusal must leave unchanged: the whole position and the record."""
    return g.state_json(), list(g.history)


def assert_refused(g: Game, action: object, *words: str) -> RuleError:
    """The action raises RuleError naming the problem (all ``words`` in the message) and changes nothing."""
    before = snapshot(g)
    try:
        g.apply(action)  # type: ignore[arg-type]
    except RuleError as e:
        message = str(e).lower()
        for word in words:
            assert word.lower() in message, f"{word!r} not in {str(e)!r}"
        assert snapshot(g) == before, "a refused action changed the state"
        return e
    raise AssertionError(f"{action} was accepted")

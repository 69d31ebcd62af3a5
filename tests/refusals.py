"""Checks every game's rules tests share: a refused action names its reason and changes nothing.

Importable from any test module as ``refusals`` (pytest puts ``tests/`` on ``sys.path``).
"""

from __future__ import annotations

import re
from typing import Any

from pygames.core.errors import RuleError
from pygames.core.game import Game


def snapshot(g: Game) -> tuple[dict[str, Any], list[str]]:
    """What a refusal must leave unchanged: the whole position and the record."""
    return g.state_json(), list(g.history)


RULE_ID = re.compile(r"\b[A-Z][A-Z0-9]*-R\d+\b")


def assert_refused(g: Game, action: object, *words: str) -> RuleError:
    """The action raises RuleError naming the problem and changes nothing: a rule id among ``words``
    (``"K3-R5"``) is the error's ``rule``, every other word is in its ``words`` (which name no rule id)."""
    before = snapshot(g)
    try:
        g.apply(action)  # type: ignore[arg-type]
    except RuleError as e:
        assert not RULE_ID.search(e.words), f"a rule id in the words {e.words!r}"
        for word in words:
            if RULE_ID.fullmatch(word):
                assert e.rule == word, f"refused by {e.rule!r}, not {word!r}: {str(e)!r}"
            else:
                assert word.lower() in e.words.lower(), f"{word!r} not in {str(e)!r}"
        assert snapshot(g) == before, "a refused action changed the state"
        return e
    raise AssertionError(f"{action} was accepted")


def assert_place_named(error: RuleError, place: str, notation: str) -> None:
    """A refusal names a place as the board labels it, the notation beside where notation is meant
    ("row 1, slot 6 (notation 1.5)"), never the notation's bare coordinates alone."""
    assert f"{place} (notation {notation})" in error.words, f"{place!r} ({notation}) not named in {error.words!r}"
    assert f"({notation.replace('.', ',')})" not in error.words, f"bare coordinates in {error.words!r}"

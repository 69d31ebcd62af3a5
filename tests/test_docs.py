"""The repository stands alone: its copy of the rules specifications matches the project's shared one."""

from __future__ import annotations

from pathlib import Path

import pytest

from pygames.core.registry import game_names

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "rules"
GAMES = game_names()  # the registry's (each has its specification in docs/rules/)


@pytest.mark.parametrize("name", GAMES)
def test_the_rules_copy_is_current(name):
    copy = ROOT / "docs" / "rules" / f"{name}.md"
    assert copy.exists()
    if not SHARED.exists():
        pytest.skip("no shared specification beside this repository to compare with")
    assert copy.read_text() == (SHARED / f"{name}.md").read_text(), f"docs/rules/{name}.md is out of date"

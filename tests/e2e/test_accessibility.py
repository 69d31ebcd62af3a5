"""Accessibility audit with axe-core (npm, pinned): no serious or critical violation on any screen, nor a
heading that skips a level.

axe runs in the page (injected from node_modules, not shipped) on the home page, the new-game form,
each game's screen in the middle of a game, a result dialog and each game's rules page.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from .helpers import PLAY, finished_game, position

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
sys.path.insert(0, str(ROOT / "web" / "app"))
from games import GAMES  # noqa: E402

PLAYERS = {"k2": 3, "blokus3d": 4, "k3": 3, "matterhorn": 3}


# moderate in axe, but Lighthouse's accessibility score counts it: headings that skip a level
ALSO = ("heading-order",)


def audit(page) -> list[dict]:
    """The serious and critical violations axe finds on the page as it is now, and those of ``ALSO``."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(AXE.read_text())  # from the test, as DevTools would: the page's policy allows no inline script
    result = page.evaluate("async () => JSON.stringify(await axe.run(document, {resultTypes: ['violations']}))")
    return [
        {"id": v["id"], "impact": v["impact"], "help": v["help"],
         "nodes": [n["target"] for n in v["nodes"]][:5]}
        for v in json.loads(result)["violations"]
        if v["impact"] in ("serious", "critical") or v["id"] in ALSO
    ]


def test_home_and_new_game_form(app):
    page = app.page
    assert audit(page) == []
    page.click('[data-new-game="k3"]')
    page.wait_for_selector("#new-game-form")
    assert audit(page) == []


@pytest.mark.parametrize("name", sorted(GAMES))
def test_each_game_mid_game_and_its_rules(app, name):
    page = app.page
    seats = ",".join(["human"] + ["heuristic"] * (PLAYERS[name] - 1))
    app.open(position(name, {"players": PLAYERS[name]}, f"axe-{name}", 12, seats))
    page.wait_for_function(f"document.querySelector('{PLAY}')?.dataset.humanTurn === '1'", timeout=60_000)
    assert audit(page) == []
    app.open(f"rules/{name}", until='[data-page="rules"]:not([aria-busy])')  # (its example boards drawn)
    assert audit(page) == []


def test_k3_while_the_pyramids_are_built(app):
    """The arrangement phase: the player's pyramid editor, and the mountain's open slots as pictures."""
    page = app.page
    app.open("k3?v=1&players=2&seed=axe-arrange&moves=&seats=human,heuristic")
    page.wait_for_function(f"document.querySelector('{PLAY}')?.dataset.phase === 'arrange'")
    page.wait_for_selector("section.play .slot.open")
    assert audit(page) == []


def test_k3_penalty_and_matterhorn_dice_on_a_phone(phone):
    """The screens a phone lays out on their own: K3's penalty (the pyramid to take from first, large)
    and Matterhorn's dice to set aside under a mountain as wide as the screen."""
    page = phone.page
    for fragment, phase in ((position("k3", {"players": 2}, "pen-2-2", 16, "human,heuristic"), "penalty"),
                            (position("matterhorn", {"players": 2}, "mh-0", 5, "human,heuristic"), "place")):
        phone.open(fragment)
        page.wait_for_function(f"document.querySelector('{PLAY}')?.dataset.humanTurn === '1'", timeout=60_000)
        assert page.get_attribute(PLAY, "data-phase") == phase
        assert audit(page) == []


def test_a_result_dialog(app):
    page = app.page
    app.open(position("matterhorn", {"players": 3}, "axe-matterhorn", None, "human,heuristic,heuristic"),
             until="[role=dialog][data-result]")
    assert audit(page) == []


def test_a_replay_and_the_play_from_here_form(app):
    """An earlier position of a finished K2 game (the replay bar, the log's moves as buttons, every hand),
    and the form of "Play from here"."""
    page = app.page
    app.open(finished_game("k2", 3, "axe-replay") + "&at=5", until=f"{PLAY}[data-at='5']")
    assert audit(page) == []
    page.click("#btn-fork")
    page.wait_for_selector("[data-page='new'][data-fork]")
    assert audit(page) == []

"""The game screens' markup, byte for byte, over a fixed set of positions per game.

A refactoring of the views or the shell must not change what a player sees: each game is played from a
seeded record by heuristic bots (the humans' moves chosen by the same bot), and the screen is drawn at
the first human turn of each phase (on a desk and on a phone, and with the board in words, the legal
moves and the whole log open), after the first clicks on the board in
each phase (a selection, a draft, a target), at a hand-off, at the end (the result dialog) and in a
replay of it. Each drawing is compared with the one stored in ``tests/web/markup/<game>/``.

Where a change of markup is meant, draw them again and review the difference with git:
``PYGAMES_WRITE_MARKUP=1 python3 build.py test tests/web/test_markup_snapshots.py``.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from games import view_class
from plays import new_play
from shell.contract.view import MOVED
from shell.model.session import Session
from shell.screens import game as screen

from pygames.core.bots import HeuristicBot, bot_rng

STORE = Path(__file__).resolve().parent / "markup"
WRITE = os.environ.get("PYGAMES_WRITE_MARKUP") == "1"
LINK = "https://example.org/#game"
TURNS = 400  # human turns at most per game (every game below ends well before)

# (game, a name for the table, seats, options): two humans and a bot where the game hides information
# (the hand-off), a solitaire where the game has one
TABLES = [
    ("k3", "table", ("human", "human", "heuristic"), {}),
    ("k2", "table", ("human", "human", "heuristic"), {}),
    ("k2", "solo", ("human",), {}),
    ("matterhorn", "table", ("human", "heuristic"), {}),
    ("blokus3d", "table", ("human", "heuristic"), {}),
    ("blokus3d", "solo", ("human",), {}),
]


def draw(play: Session) -> str:
    return screen.render(play, LINK, can_undo=bool(play.game.history), can_redo=False) + "\n"


def targets(play: Session) -> list[tuple[str, dict[str, str]]]:
    """What a player may click on the board and beside it (the view's controls), in the markup's order: the
    act and its ``data-*`` values as the page sends them."""
    state, seat = play.visible_state(), play.viewer()
    board = play.view.board(state, seat)
    found = [tag for tag in re.findall(r"<[a-z]+\b[^>]*>", board) if 'role="button"' in tag]
    found += re.findall(r"<button\b[^>]*>", play.view.controls(state, seat))
    out = []
    for tag in found:
        data = dict(re.findall(r'data-([a-z-]+)="([^"]*)"', tag))
        data.update({name: "true" for name in re.findall(r'\sdata-([a-z-]+)(?=[\s>/])(?!=)', tag)})
        act = data.pop("act", "")
        if act:
            out.append((act, data))
    return out


def clicks(name: str, seats: tuple[str, ...], options: dict, seed: str, play: Session, phase: str) -> dict[str, str]:
    """The screen after the first two clicks a player could make now (on a copy of the game): the first
    target, then the first one marked legal (else the first other)."""
    copy = new_play(name, view_class(name), seats, options, seed=seed, moves=play.game.history)
    copy.holder = play.holder
    copy.held_since = play.held_since
    out = {}
    for n in (1, 2):
        found = targets(copy)
        if not found:
            break
        legal = [t for t in found if "legal" in t[1]]
        act, data = legal[0] if legal and n > 1 else found[0]
        outcome = copy.handle(act, data)
        out[f"{phase}-click{n}"] = draw(copy)
        if outcome == MOVED:
            break
    return out


def screens(name: str, table: str, seats: tuple[str, ...], options: dict) -> dict[str, str]:
    seed = f"markup-{table}"
    play = new_play(name, view_class(name), seats, options, seed=seed)
    bot = HeuristicBot()
    out: dict[str, str] = {}
    phases: set[str] = set()
    for _turn in range(TURNS * 4):
        game = play.game
        if game.is_over():
            break
        if play.handoff_seat() is not None:
            out.setdefault("handoff", draw(play))
            play.handle("handoff", {})
        seat = play.human_mover()
        if seat is None:
            seat = game.to_move()[0]
            play.apply_bot(bot.choose(game.view(seat), seat, bot_rng(game, seat)))
            continue
        phase = str(getattr(game, "phase", "play"))
        if phase not in phases:
            phases.add(phase)
            out[f"{phase}-desk"] = draw(play)
            play.touch = True
            out[f"{phase}-touch"] = draw(play)
            play.touch = False
            play.describe_open = play.legal_open = play.log_all = True  # the board in words, the legal moves
            out[f"{phase}-words"] = draw(play)
            play.describe_open = play.legal_open = play.log_all = False
            out.update(clicks(name, seats, options, seed, play, phase))
        assert play.apply(bot.choose(game.view(seat), seat, bot_rng(game, seat))) == MOVED, play.message
    assert play.game.is_over()
    out["over"] = draw(play)
    play.describe_open = play.log_all = True
    out["over-words"] = draw(play)
    play.describe_open = play.log_all = False
    play.dialog_closed = True
    play.touch = True
    out["over-closed-touch"] = draw(play)
    play.touch = False
    play.go_to(len(play.game.history) // 2)
    out["replay"] = draw(play)
    return {f"{table}-{key}": html for key, html in out.items()}


def first_difference(a: str, b: str) -> str:
    at = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    return f"at {at}:\n  stored: {a[max(0, at - 120):at + 120]!r}\n  drawn:  {b[max(0, at - 120):at + 120]!r}"


@pytest.mark.parametrize(("name", "table", "seats", "options"), TABLES, ids=[f"{g}-{t}" for g, t, _s, _o in TABLES])
def test_the_screens_markup_is_unchanged(name, table, seats, options):
    drawn = screens(name, table, seats, options)
    folder = STORE / name
    if WRITE:
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.glob(f"{table}-*.html"):
            old.unlink()
        for key, html in drawn.items():
            (folder / f"{key}.html").write_text(html, encoding="utf-8")
    stored = {path.stem: path.read_text(encoding="utf-8") for path in folder.glob(f"{table}-*.html")}
    assert sorted(stored) == sorted(drawn)
    for key, html in drawn.items():
        assert stored[key] == html, f"{name} {key}: " + first_difference(stored[key], html)

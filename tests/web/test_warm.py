"""The warm-up (web/app/shell/warm.py) builds ahead what opening a game builds once: it must change no
screen. A game's screen rendered in an interpreter that warmed up first is the one rendered in a fresh one,
for every game the page plays, also on options the warm-up did not use (K2's side H)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import json, sys
sys.path[:0] = [{root!r}, {app!r}]
from pygames.core.bots import HeuristicBot, bot_rng
from pygames.core.match import Match
from pygames.core.record import Record
import games
from shell.model import players
from shell.screens import game as screen
from shell import warm
from shell.model.session import Session

if sys.argv[1] == "warm":
    warm.everything()
out = {{}}
for name, options in {cases!r}:
    match = Match(Record.new(name, options, "warm-test"))
    game = match.game
    for _ in range(25):
        if game.is_over():
            break
        seat = game.to_move()[0]
        match.apply(HeuristicBot().choose(game.view(seat), seat, bot_rng(game, seat)))
        game = match.game
    count = int(match.options.get("players", 1))
    play = Session(match, [players.HUMAN] + ["heuristic"] * (count - 1), "", games.view_class(name))
    out[name + json.dumps(options)] = screen.render(play, "http://x/#")
print(json.dumps(out))
"""

CASES = [("k3", {}), ("k2", {}), ("k2", {"side": "H", "players": 3}), ("blokus3d", {}), ("matterhorn", {})]


def screens(mode: str) -> dict[str, str]:
    code = SCRIPT.format(root=str(ROOT), app=str(ROOT / "web" / "app"), cases=CASES)
    done = subprocess.run([sys.executable, "-c", code, mode], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def test_the_warm_up_changes_no_screen() -> None:
    fresh, warmed = screens("fresh"), screens("warm")
    assert len(fresh) == len(CASES)
    for key, html in fresh.items():
        assert 'class="play' in html, key
        assert warmed[key] == html, key


def test_the_warm_up_names_its_own_players() -> None:
    """The engines' sentences name seats as the page names them (``i18n.who``): while a one-player game is on
    the page (K2 solo), the warm-up renders every game's screen, finished ones too ("Blue wins", seat 1), with
    that screen's own players, and the page's naming is the same afterwards. (It failed with an IndexError
    when the page named seats for the solo game.)"""
    code = f"""
import sys
sys.path[:0] = [{str(ROOT)!r}, {str(ROOT / "web" / "app")!r}]
from pygames.core import i18n
from shell import warm
i18n.name_seats(lambda seat: ["Anna"][seat])
import games
screens = [step for name in games.GAMES for step in warm.steps(name) if step]
assert len(screens) == len(games.GAMES), len(screens)
print(i18n.who(0))
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "Anna"

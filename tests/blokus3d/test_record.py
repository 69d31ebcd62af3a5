"""Records: a played game's record replays to an identical state (directly, through a link and through
Match); the section-9 text with out events replays and its events must match."""

from __future__ import annotations

import pytest

from pygames.blokus3d.game import Blokus3D, record_text, replay_text
from pygames.core.bots import bot_rng, make_bot
from pygames.core.errors import RuleError
from pygames.core.match import Match
from pygames.core.record import Record


def played(options: dict, seed: str) -> Blokus3D:
    g = Blokus3D.new(options, seed)
    bot = make_bot("heuristic")
    while not g.is_over():
        seat = g.to_move()[0]
        g.apply(bot.choose(g, seat, bot_rng(g, seat)))
    return g


@pytest.mark.parametrize("options", [{"players": 4}, {"players": 2, "colours": "BYRG", "score": "best"},
                                     {"players": 3, "structure": "D", "start": 1}, {"players": 1, "size": 4}])
def test_record_replays_identically(options: dict) -> None:
    g = played(options, "rec")
    record = Record.of(g)
    assert all("-" not in m.split(":")[0] for m in record.moves), "out events are not decisions"
    link = record.to_link("https://example.org/pygames/")
    assert Record.parse(link).replay().state_json() == g.state_json()
    match = Match(Record.parse(link))
    assert match.game.state_json() == g.state_json()
    assert match.undo() == 1 and match.redo() == 1
    assert match.game.state_json() == g.state_json()


def test_section9_record_with_events() -> None:
    g = played({"players": 4}, "events")
    text = record_text(g)
    events = [t for t in text.split() if t.endswith("-")]
    assert sorted(events) == ["B-", "G-", "R-", "Y-"]
    assert replay_text(Blokus3D.new({"players": 4}, "events"), text).state_json() == g.state_json()
    without = " ".join(t for t in text.split() if not t.endswith("-"))
    with pytest.raises(RuleError, match="leaves out the event"):
        replay_text(Blokus3D.new({"players": 4}, "events"), without)
    first = text.split()[0]
    with pytest.raises(RuleError, match="does not happen here"):
        replay_text(Blokus3D.new({"players": 4}, "events"), f"{first} Y-")

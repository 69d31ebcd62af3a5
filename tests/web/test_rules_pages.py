"""How to play: every game's rules page draws real positions, and the engine answers the moves to try."""

from __future__ import annotations

import re

import games
import pytest
from shell.model import examples
from shell.model.session import Session
from shell.screens import game as screen
from shell.screens import rules as rules_page

from pygames.core.errors import RecordError, RuleError
from pygames.core.match import Match
from pygames.core.record import Record

NAMES = sorted(games.GAMES)

# (game, section, example, move) -> allowed? : what the rules text says about these positions
EXPECTED = {
    ("k3", "place", 0, "P:5.0>1.1"): True,
    ("k3", "place", 0, "P:5.0>1.6"): True,  # K3-R16: allowed, and penalised
    ("k3", "place", 0, "P:5.0>1.0"): False,  # K3-R15: red and black below a blue pawn
    ("k3", "place", 0, "P:4.0>1.1"): False,  # K3-R5: covered
    ("k3", "white", 0, "W:sW"): True,
    ("matterhorn", "roll", 0, "P:->6.0"): True,  # MH-E1
    ("matterhorn", "roll", 0, "P:5>11.0"): True,  # MH-E2
    ("matterhorn", "roll", 0, "P:51>12.0"): True,  # MH-E3
    ("matterhorn", "roll", 0, "P:->12.0"): False,
    ("matterhorn", "roll", 1, "P:->9.0"): False,  # MH-E4: 18 is no row
    ("matterhorn", "roll", 1, "P:6>12.0"): True,
    ("matterhorn", "flop", 0, "O:11.0"): False,  # MH-R19: not on a row used this turn
    ("matterhorn", "actions", 0, "m11.4>9.4"): False,  # MH-R21: one step
    ("matterhorn", "actions", 0, "x12.0"): False,  # MH-R21: this turn's token
}


@pytest.mark.parametrize("name", NAMES)
def test_every_example_is_a_real_position_and_every_try_gets_the_engines_answer(name):
    sections = games.rules(name)
    view = games.view_class(name)
    assert len({s.id for s in sections}) == len(sections)
    positions = [(s, j, ex) for s in sections for j, ex in enumerate(s.examples)]
    assert len(positions) >= 3, "at least three illustrated positions per game"
    for section, j, example in positions:
        play = examples.example_play(name, view, example)
        assert play.game.history == Record.parse(example.record).moves
        for move in example.tries:
            allowed, words = examples.try_move(name, view, example, move)
            assert words and not re.match(r"[A-Z0-9]+-R\d+", words), (move, words)
            expected = EXPECTED.get((name, section.id, j, move))
            if expected is not None:
                assert allowed is expected, (section.id, move, words)
    html = rules_page.render_page(name, sections, view, sections[1].id)
    assert html.count("<figure") == len(positions) and f'id="rules-{sections[1].id}"' in html
    assert not re.search(r"\b[A-Z0-9]+-R\d+\b", html.replace(Record.parse(positions[0][2].record).seed, "")), \
        "no rule ids in the rules' text"


@pytest.mark.parametrize("name", NAMES)
def test_the_question_mark_opens_the_section_for_the_phase(name):
    sections = games.rules(name)
    phases = {phase: s.id for s in reversed(sections) for phase in s.phases}
    record = Record.new(name, {"players": 2}, "rules-phase")
    play = Session(Match(record), ["human", "human"], "t", games.view_class(name))
    phase = play.game.phase
    assert play.rules_section() == phases.get(phase, sections[0].id)
    assert f'href="#rules/{name}/{play.rules_section()}"' in screen.render(play)


def test_refusals_name_no_rule_id_and_link_their_section():
    record = Record.parse(games.rules("k3")[2].examples[0].record)
    play = Session(Match(record), ["human", "human"], "t", games.view_class("k3"))
    play.type_move("P:5.0>1.0")
    html = screen.render(play)
    assert play.message_rule == "K3-R15" and "K3-R15" not in play.message
    assert 'href="#rules/k3/place"' in html and "Why? See the rules" in html


def test_a_refusal_shows_the_engines_words_and_links_the_rule_it_names():
    """The session reads the rule id from the error (RuleError.rule), not from its text; an error that
    names no rule (bad notation, a RecordError) is shown as it is, with no link."""
    play = Session(Match(Record.new("k3", {"players": 2}, "t")), ["human", "human"], "t", games.view_class("k3"))
    play.refuse(RuleError("the pawn at (4,0) is covered by (5,0)", rule="K3-R5"))
    assert play.message == "Not allowed: the pawn at (4,0) is covered by (5,0)" and play.message_rule == "K3-R5"
    assert 'href="#rules/k3/pyramid"' in screen.render(play)
    play.refuse(RuleError("hello is not a K3 action"))
    assert play.message == "Not allowed: hello is not a K3 action" and play.message_rule == ""
    play.refuse(RecordError("the link is broken"))
    assert play.message == "Not allowed: the link is broken" and play.message_rule == ""
    assert "Why? See the rules" not in screen.render(play)

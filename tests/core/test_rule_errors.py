"""A refusal carries the id of the rule that refuses it as a field: ``RuleError.rule`` is the id
the rulebook (docs/rules/<game>.md) names, ``RuleError.words`` says why in a player's words and names no id,
and ``str()`` is both, for the command line. The page links the rule's section from ``rule`` and never
parses ids out of the (translated) text."""

from __future__ import annotations

import pickle
import random
import re
from collections import Counter
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from pygames.core import i18n
from pygames.core.errors import IllegalActionError, NotationError, OptionError, RuleError
from pygames.core.record import Record
from pygames.core.registry import game_names, get_game
from pygames.core.rng import Rng

ROOT = Path(__file__).resolve().parents[2]
RULE_ID = re.compile(r"\b[A-Z][A-Z0-9]*-R\d+\b")


def spec_rules(name: str) -> set[str]:
    """The rule ids the game's rulebook defines (``**K3-R5 …**``)."""
    text = (ROOT / "docs" / "rules" / f"{name}.md").read_text(encoding="utf-8")
    return set(re.findall(r"\*\*([A-Z][A-Z0-9]*-R\d+)\b", text))


def test_a_rule_error_has_its_words_and_its_rule():
    error = RuleError("the pawn at (4,0) is covered by (5,0)", rule="K3-R5")
    assert (error.words, error.rule) == ("the pawn at (4,0) is covered by (5,0)", "K3-R5")
    assert str(error) == "the pawn at (4,0) is covered by (5,0) (K3-R5)"
    assert isinstance(error, ValueError)
    plain = RuleError("hello is not a K3 action")
    assert (plain.words, plain.rule, str(plain)) == ("hello is not a K3 action", "", "hello is not a K3 action")
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.words, copy.rule, str(copy)) == (error.words, error.rule, str(error))


# K3 with both pyramids arranged (by the heuristic bot, seed "ids"): seat 0 places first
K3_PLAYING = ["A:YRBGBBKYRBGNNWWRBGKYG", "A:YRBKRRGYRBKNNWWRBKGYK"]


@pytest.mark.parametrize(
    ("name", "moves", "move", "rule"),
    [
        ("k3", [], "P:5.0>1.1", "K3-R10"),  # K3-R10: arrange first
        ("k3", K3_PLAYING, K3_PLAYING[0], "K3-R10"),  # K3-R10: only before play starts
        ("k3", K3_PLAYING, "P:0.0>1.1", "K3-R5"),  # K3-R5: only uncovered pawns
        ("k3", K3_PLAYING, "P:5.0>3.0", "K3-R14"),  # K3-R14: a slot needs both pawns below
        ("k3", K3_PLAYING, "T:5.0", "K3-R17"),  # K3-R17: a pawn is taken only after a penalty
        ("k3", K3_PLAYING, "P:5.0>0.1", "K3-R19"),  # K3-R19: row 0 grows only by extension
        ("k2", [], "s0: take 1", "K2-R12"),  # K2-R12: first every player chooses 3 cards
        ("k2", [], "s0: choose", "K2-R12"),  # K2-R12: exactly 3 cards
        ("k2", [], "s0: choose M1 M1 M1", "K2-R12"),  # K2-R12: cards of one's hand
        ("k2", ["s0: choose M3 R13 A1"], "s0: choose A1 A2 A3", "K2-R47"),  # K2-R47: a choice cannot change
        ("matterhorn", [], "C:11.0,11.1", "MH-R10"),  # MH-R10: climbers start on row 12
        ("matterhorn", [], "R", "MH-R10"),  # MH-R10: the set-up comes first (the phase's rule)
        ("matterhorn", [], "C:13.0,12.1", "MH-R6"),  # MH-R6: no such circle
        ("blokus3d", [], "YI2:230,240", "B3D-R12"),  # B3D-R12: blue's turn
        ("blokus3d", [], "RI2:230,240", "B3D-R21"),  # B3D-R21: two colours with two players
        ("blokus3d", [], "Y-", "B3D-R13"),  # B3D-R13: an event is the engine's
        ("blokus3d", [], "BI2:230,240,250", "B3D-R2"),  # B3D-R2: a domino has 2 cubes
        ("blokus3d", [], "BSB:330,340,430,431", "B3D-R3"),  # B3D-R3: never reflected
        ("blokus3d", [], "BI2:930,940", "B3D-R7"),  # B3D-R7: inside the footprint
    ],
)
def test_a_refusal_names_the_rulebooks_rule(name, moves, move, rule):
    record = Record.new(name, {"players": 2}, "ids")
    record.moves = list(moves)
    game = record.replay()
    with pytest.raises(RuleError) as refused:
        game.check(game.parse_action(move))
    error = refused.value
    assert error.rule == rule and rule in spec_rules(name)
    assert not RULE_ID.search(error.words) and error.words
    assert str(error) == f"{error.words} ({rule})"


@pytest.mark.parametrize(
    ("options", "rule"),
    [({"players": 2, "colours": "BYR"}, "B3D-R21"),  # B3D-R21: 2 players, 2 (or 4: B3D-R22) colours
     ({"players": 3, "colours": "BY"}, "B3D-R20")],  # B3D-R20: 3 players, 3 colours
)
def test_options_a_mode_refuses_name_the_modes_rule(options, rule):
    with pytest.raises(RuleError) as refused:
        get_game("blokus3d").new(options, "ids")
    assert refused.value.rule == rule and not RULE_ID.search(refused.value.words)


@pytest.mark.parametrize(
    ("name", "text"),
    [("k3", "Q:1.1"), ("k3", "A:YRQ"), ("k2", "s0: jump A"), ("k2", "s7: end"), ("k2", "s0: play Z9 A"),
     ("matterhorn", "C:12.0"), ("matterhorn", "P:9>99999.0"), ("blokus3d", "BI2:230,240,250"), ("blokus3d", "Y-"),
     ("blokus3d", "BQQ:230")],
)
def test_text_that_is_no_action_is_a_notation_error(name, text):
    game = get_game(name).new({"players": 2}, "kinds")
    with pytest.raises(NotationError) as refused:
        game.apply(text)
    assert isinstance(refused.value, RuleError) and not isinstance(refused.value, IllegalActionError)


@pytest.mark.parametrize(
    ("name", "moves", "text"),
    [("k3", [], "P:5.0>1.1"), ("k3", K3_PLAYING, "P:0.0>1.1"), ("k2", [], "s0: take 1"),
     ("k2", ["s0: choose M3 R13 A1"], "s0: choose A1 A2 A3"), ("matterhorn", [], "C:13.0,12.1"),
     ("blokus3d", [], "YI2:230,240"), ("blokus3d", [], "BI2:930,940")],
)
def test_a_well_formed_action_the_rules_refuse_is_an_illegal_action(name, moves, text):
    record = Record.new(name, {"players": 2}, "ids")
    record.moves = list(moves)
    game = record.replay()
    action = game.parse_action(text)  # well-formed
    with pytest.raises(IllegalActionError) as refused:
        game.apply(action)
    assert isinstance(refused.value, RuleError) and refused.value.rule


@pytest.mark.parametrize(
    ("name", "options"),
    [("k3", {"players": 9}), ("k3", {"speed": 1}), ("k2", {"players": 2, "first": 3}), ("k2", {"side": "X"}),
     ("matterhorn", {"hard": "maybe"}), ("blokus3d", {"players": 2, "colours": "BYR"})],
)
def test_options_a_game_cannot_start_with_are_an_option_error(name, options):
    with pytest.raises(OptionError) as refused:
        get_game(name).new(options, "kinds")
    assert isinstance(refused.value, RuleError)


class Catalog:
    """A language's .po as gettext translations (what the page compiles into its .mo)."""

    def __init__(self, language: str) -> None:
        with (ROOT / "locale" / language / "LC_MESSAGES" / "pygames.po").open("rb") as handle:
            self.messages = {m.id if isinstance(m.id, str) else m.id[0]: m.string for m in read_po(handle) if m.id}

    def gettext(self, text: str) -> str:
        return self.messages.get(text) or text

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        forms = self.messages.get(singular)
        if isinstance(forms, tuple | list):
            return forms[0] if n == 1 else forms[1]
        return singular if n == 1 else plural


def test_the_words_are_translated_and_the_rule_is_not():
    """Matterhorn's "not now" once had the id inside the translated text; now no language's words hold it."""
    game = Record.new("matterhorn", {"players": 2}, "ids").replay()
    i18n.use(Catalog("de"))
    try:
        with pytest.raises(RuleError) as refused:
            game.check(game.parse_action("R"))
    finally:
        i18n.use(None)
    error = refused.value
    assert error.rule == "MH-R10" and error.words.startswith("nicht jetzt:") and "(C:12.a,12.b)" in error.words
    assert not RULE_ID.search(error.words) and str(error).endswith(" (MH-R10)")


@pytest.mark.parametrize("name", game_names())
def test_every_refusal_met_in_play_names_a_rule_of_the_rulebook_or_none(name):
    """Actions legal a moment ago (or to another seat) tried at each position of a few random games:
    each refusal's rule is "" (malformed, no rule meant) or an id the rulebook defines, and its words
    name no id."""
    defined, seen, pick = spec_rules(name), Counter[str](), random.Random(name)
    for seed in ("a", "b", "c"):
        game = get_game(name).new({"players": 2}, f"sweep-{seed}")
        rng, pool = Rng(seed), list[str]()
        for _step in range(60):
            if game.is_over():
                break
            seat = game.to_move()[0]
            texts = [str(a) for a in game.legal_actions(seat) or []]
            pool = (pool + pick.sample(texts, min(5, len(texts))))[-200:]
            for text in pick.sample(pool, min(15, len(pool))):
                try:
                    game.check(game.parse_action(text))
                except RuleError as error:
                    assert error.rule == "" or error.rule in defined, (text, str(error))
                    assert not RULE_ID.search(error.words), (text, str(error))
                    seen[error.rule] += 1
            game.apply(game.random_action(seat, rng))
    assert len(set(seen) - {""}) >= 3, seen  # the sweep meets several rules of each game

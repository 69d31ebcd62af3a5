"""The fifth game in CPython: its engine through the core's registry, records and bots, and its view through
the shell's session, screen, new-game form and rules page, as the four games are. (In the page:
tests/e2e/test_fifth_game.py.)"""

from __future__ import annotations

import pytest
from plays import bot_moves, new_play
from shell.contract.view import CHANGED, MOVED
from shell.model.new_game import parse_new_game
from shell.screens import game as screen
from shell.screens import rules as howto
from shell.screens.new_game import render_new_game

from pygames.core.bots import bot_rng, make_bot
from pygames.core.errors import RecordError, RuleError
from pygames.core.record import Record
from pygames.core.registry import game_names, get_game


def test_nim_is_known_only_while_registered(nim):
    assert "nim" in game_names()
    nim.unregister()
    assert "nim" not in game_names()
    with pytest.raises(RecordError):
        get_game("nim")
    nim.register()


def test_the_seed_sets_the_piles_and_a_record_replays_the_game(nim):
    game = get_game("nim").new({"piles": 4}, "fifth")
    assert game.piles == get_game("nim").new({"piles": 4}, "fifth").piles and len(game.piles) == 4
    while not game.is_over():
        seat = game.to_move()[0]
        game.apply(make_bot("random").choose(game, seat, bot_rng(game, seat)))
    record = Record.parse(f"nim?v=1&players=2&piles=4&seed=fifth&moves={'~'.join(game.history)}")
    again = record.replay()
    assert again.piles == [0] * 4 and again.result() == game.result()
    assert again.result().ranking == [[again.winner], [1 - again.winner]]


def test_refusals_name_their_rule(nim):
    game = get_game("nim").new({}, "fifth")
    with pytest.raises(RuleError) as bad:
        game.apply("1:4")
    assert bad.value.rule == "NIM-R1"
    with pytest.raises(RuleError) as missing:
        game.apply("9:1")
    assert missing.value.rule == "NIM-R2"
    with pytest.raises(RuleError):
        game.parse_action("take two")


def test_the_medium_bot_wins_from_a_winning_position(nim):
    """Its strategy (``STRATEGY``, found beside the engine as for the four games): piles 1 and 2 are won for
    the player to move, who takes 1 from pile 2 and leaves two piles of 1."""
    game = Record.parse("nim?v=1&players=2&seed=fifth&moves=").replay()
    game.piles = [1, 2, 0]
    assert str(make_bot("heuristic").choose(game, 0, bot_rng(game, 0))) == "2:1"


def test_a_game_through_the_shell_by_clicks_keys_undo_and_a_bot(nim):
    from fifth.nim_view.view import View

    play = new_play("nim", View, ("human", "heuristic"), seed="fifth")
    piles = list(play.game.piles)
    html = screen.render(play, "http://x/#", False, False)
    assert f'data-piles="{",".join(map(str, piles))}"' in html and 'data-act="take"' in html
    assert play.handle("take", {"pile": "1", "count": "1"}) == MOVED
    assert play.game.piles[0] == piles[0] - 1
    play.undo()
    assert play.game.piles == piles
    assert play.handle("key", {"key": "3"}) == CHANGED  # pile 3, then how many
    assert play.handle("key", {"key": "1"}) == MOVED and play.game.piles[2] == piles[2] - 1
    assert play.bot_mover() == 1
    bot_moves(play)
    assert len(play.game.history) == 2 and play.human_mover() == 0
    assert play.type_move("1:9") != MOVED and "1 to 3" in play.message  # the engine's words


def test_the_new_game_form_and_the_rules_page(nim):
    from fifth.nim_view.view import View

    form = render_new_game("nim", {"players": 2, "seed": "s"})
    assert 'name="piles"' in form
    record = parse_new_game("nim", {"players": "2", "piles": "5", "seed": "s", "seat1": "heuristic"})
    assert record.options["piles"] == 5
    import games

    page = howto.render_page("nim", games.rules("nim"), View)
    assert "Whoever takes the last stone wins" in page and 'data-piles="' in page

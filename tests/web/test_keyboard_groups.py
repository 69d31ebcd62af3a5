"""The keyboard in the views' markup, what CPython can check: each group of targets (K3's pawns and
slots, K2's spaces, Matterhorn's circles) is marked ``data-group`` and holds exactly the targets the engine allows
(only they are reachable: ``tabindex="0"``, the page keeps one of them as the group's Tab stop); K3's pyramids
come before the mountain in the page; the shell's skip link, its list of keys, and the move box that waits
read-only while a bot moves. The roving Tab stop, the arrow keys and the focus are the browser's: e2e
test_keyboard.py."""

from __future__ import annotations

import re

import plays
from games.k2 import view as k2_view
from games.k3 import view as k3_view
from games.matterhorn import view as mh_view
from plays import attrs_of, bot_moves
from shell.screens import game as screen

from pygames.core.bots import HeuristicBot, bot_rng
from pygames.k3.actions import Extend, Place


def group(html: str, name: str) -> str:
    """The markup of the ``<svg>`` marked ``data-group="name"``."""
    found = re.search(rf'<svg[^>]*data-group="{re.escape(name)}".*?</svg>', html, re.S)
    assert found, f"no group {name}"
    return found.group(0)


def reachable(markup: str) -> list[dict[str, str]]:
    return [a for a in attrs_of(markup, "tabindex") if a["tabindex"] == "0"]


def k3_mid_game():
    """K3, two players, the human (seat 0) to move after a few turns: several pawns to choose from."""
    play = plays.new_play("k3", k3_view.View, ("human", "heuristic"), seed="keys-63")
    for _ in range(40):
        bot_moves(play)
        game = play.game
        if len(game.history) >= 10 and game.phase == "turn" and len(game.accessible_pyramid(0)) > 1:
            break
        play.apply(HeuristicBot().choose(game, 0, bot_rng(game, 0)))
    assert play.human_mover() == 0 and play.game.phase == "turn"
    return play


def test_k3_the_pawns_to_choose_are_one_group_and_no_slot_is_reachable_before_one_is_chosen():
    play = k3_mid_game()
    html = screen.render(play)
    pawns = reachable(group(html, "pawns-0"))
    game = play.game
    accessible = {f"{r}.{i}" for r, i in game.accessible_pyramid(0)}
    assert {a["data-pos"] for a in pawns if "data-pos" in a} == accessible and len(pawns) > 1
    assert sorted(a["data-beside"] for a in pawns if "data-beside" in a) == sorted(game.beside[0])
    assert reachable(group(html, "pawns-1")) == []  # the bot's pyramid: nothing to choose there
    assert reachable(group(html, "slots")) == []  # no pawn chosen: nowhere to go yet
    # the open slots still say why when clicked (a picture, with data-act)
    assert all(a["role"] == "img" and a["data-act"] == "slot" for a in attrs_of(html, "data-open"))
    # the pyramids come before the mountain in the page: Tab goes from the pawn to where it can go
    assert html.index('data-group="pawns-0"') < html.index('data-group="slots"')


def test_k3_once_a_pawn_is_chosen_only_its_legal_slots_and_ends_are_reachable():
    play = k3_mid_game()
    game = play.game
    src = next(a.src for a in game.legal_actions(0) if isinstance(a, Place))
    data = {"seat": "0", "pos": f"{src[0]}.{src[1]}"} if not isinstance(src, str) else {"seat": "0", "beside": src}
    play.handle("pawn", data)
    html = screen.render(play)
    slots = reachable(group(html, "slots"))
    legal = {f"{a.slot[0]}.{a.slot[1]}" for a in game.legal_actions(0) if isinstance(a, Place) and a.src == src}
    ends = {a.end for a in game.legal_actions(0) if isinstance(a, Extend) and a.src == src}
    assert {a["data-slot"] for a in slots if "data-slot" in a} == legal and legal
    assert {a["data-end"] for a in slots if "data-end" in a} == ends
    assert all(a["role"] == "button" and "data-legal" in a for a in slots)


def test_matterhorn_the_circles_to_choose_are_one_group_of_the_engines_targets():
    play = plays.new_play("matterhorn", mh_view.View, ("human", "heuristic"), seed="keys-63")
    html = screen.render(play)
    circles = reachable(group(html, "circles"))
    assert {a["data-spot"] for a in circles} == {f"{r}.{c}" for r, c in play.view.targets()}  # type: ignore[index]
    assert len(circles) > 1


def test_k2_the_spaces_a_climber_can_reach_are_one_group_of_the_engines_paths():
    from pygames.k2.actions import Move

    play = plays.new_play("k2", k2_view.View, ("human",), seed="keys-63")
    while play.game.phase != "act" or not any(isinstance(a, Move) for a in play.legal_moves() or []):
        action = next(iter(play.legal_moves() or []))
        play.apply(action)
    climber = next(a.climber for a in play.legal_moves() or [] if isinstance(a, Move))
    play.handle("climber", {"climber": climber})
    html = screen.render(play)
    spaces = reachable(group(html, "spaces"))
    ends = {a.path[-1] for a in play.legal_moves() or [] if isinstance(a, Move) and a.climber == climber}
    assert {a["data-space"] for a in spaces} == ends and ends
    # the board comes before the climbers' buttons: once one is chosen, the focus goes to its spaces (once)
    assert play.view.take_focus() == '.k2-board [data-group="spaces"] [tabindex="0"]'
    assert play.view.take_focus() == ""
    play.touch = True
    play.handle("climber", {"climber": climber})
    assert play.view.take_focus() == ""  # a finger: the page brings the spaces into view (board.js), no focus


def test_the_screen_starts_with_a_skip_link_and_lists_the_games_keys_at_a_desk():
    play = plays.new_play("matterhorn", mh_view.View, ("human", "heuristic"), seed="keys-63")
    html = screen.render(play)
    first = re.search(r"<section[^>]*>(<[^>]*>)", html)
    assert first and 'id="skip-controls"' in first.group(1) and 'data-act="skip-controls"' in first.group(1)
    keys = re.search(r'<dialog[^>]*id="keys-dialog".*?</dialog>', html, re.S)
    assert keys and "data-modal" not in keys.group(0)  # opened by ``?``, not by the render
    for what, _words in (*screen.SHELL_KEYS, *play.view.board_keys()):
        assert f"<kbd>{what}</kbd>" in keys.group(0)
    assert 'data-act="keys"' in html and 'data-act="close-keys"' in keys.group(0)
    play.touch = True  # a phone has no keys
    html = screen.render(play)
    assert 'id="keys-dialog"' not in html and 'data-act="keys"' not in html and 'id="skip-controls"' in html


def test_the_move_box_waits_read_only_while_a_bot_moves():
    play = plays.new_play("k3", k3_view.View, ("heuristic", "human"), seed="keys-63")
    assert play.bot_mover() == 0
    field = re.search(r'<input[^>]*id="move-input"[^>]*>', screen.render(play))
    assert field and " readonly" in field.group(0) and " disabled" not in field.group(0)
    bot_moves(play)
    field = re.search(r'<input[^>]*id="move-input"[^>]*>', screen.render(play))
    assert field and " readonly" not in field.group(0) and " disabled" not in field.group(0)

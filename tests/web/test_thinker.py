"""The bots' worker's Python side (web/app/shell/bots/thinker.py), under CPython: its answers are the bots'
own, and the game it keeps between questions never changes them."""

from __future__ import annotations

import json

from shell.bots import thinker

from pygames.core.bots import HeuristicBot, bot_rng
from pygames.core.record import Record


def medium_moves(name: str, seed: str, count: int) -> list[str]:
    game = Record.new(name, {"players": 2}, seed).replay()
    bot = HeuristicBot()
    while len(game.history) < count and not game.is_over():
        seat = game.to_move()[0]
        game.apply(bot.choose(game, seat, bot_rng(game, seat)))
    return list(game.history)


def ask(name: str, seed: str, moves: list[str], kind: str = "heuristic") -> str:
    record = Record(name, Record.new(name, {"players": 2}, seed).options, seed, moves, {})
    game = record.replay()
    return json.loads(thinker.think(record.to_fragment(), game.to_move()[0], kind))["action"]


def test_answers_are_the_medium_bots_own_through_a_game_undo_and_another_game() -> None:
    moves = medium_moves("matterhorn", "thinker-1", 40)
    # a game asked move by move: the worker brings its kept game up to date each time
    for n in range(10, 40):
        assert ask("matterhorn", "thinker-1", moves[:n]) == moves[n]
    # the player undid: an earlier position, replayed anew
    assert ask("matterhorn", "thinker-1", moves[:12]) == moves[12]
    # another game between two questions of the first
    other = medium_moves("k3", "thinker-2", 8)
    assert ask("k3", "thinker-2", other[:7]) == other[7]
    assert ask("matterhorn", "thinker-1", moves[:30]) == moves[30]


def test_the_hard_bot_answers_a_legal_move_and_says_how_far_it_searched() -> None:
    moves = medium_moves("k3", "thinker-3", 4)
    record = Record("k3", Record.new("k3", {"players": 2}, "thinker-3").options, "thinker-3", moves, {})
    game = record.replay()
    seat = game.to_move()[0]
    answer = json.loads(thinker.think(record.to_fragment(), seat, "mcts"))
    assert answer["action"] in {str(a) for a in game.legal_actions(seat)}
    assert answer["iterations"] > 0 and answer["ms"] > 0

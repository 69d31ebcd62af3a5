"""Matterhorn view: whole games by clicks, the board = the engine's state, dice, reasons, words."""

from __future__ import annotations

import re

import clicks
import plays
import pytest
from games.matterhorn import view as mh_view
from plays import attrs_of, bot_moves, human_turns
from shell.contract.view import CHANGED, MOVED
from shell.model.session import Session
from shell.screens import game as screen

from pygames.core.bots import HeuristicBot, RandomBot, bot_rng
from pygames.core.rng import Rng
from pygames.matterhorn.actions import Move, Place, Roll, Stop
from pygames.matterhorn.data import CIRCLES
from pygames.matterhorn.game import ACT, BONUS, CONSOLE, DECIDE, PLACE, SETUP


def new_play(seats=("human", "heuristic"), options=None, seed="mh-view", moves=()) -> Session:
    return plays.new_play("matterhorn", mh_view.View, seats, options, seed, moves)


def click_action(play: Session, action) -> None:
    """Play ``action`` as a player would, with the clicks of tests/clicks.py."""
    before = plays.click_plan(play, action, clicks.matterhorn(play.game, action))
    assert len(play.game.history) == before + 1 and play.game.history[-1] == str(action), (action, play.message)



@pytest.mark.parametrize("players,hard", [(2, False), (3, True), (4, False)])
def test_whole_game_by_clicks_against_bots(players, hard):
    """MH-R10..R27 from the board: every decision of seat 0 is made by clicking."""
    play = new_play(("human",) + ("heuristic",) * (players - 1), {"hard": hard}, seed=f"clicks-{players}")
    rng = Rng(players)
    kinds = set()
    for game in human_turns(play, 3000):
        bot = HeuristicBot() if rng.below(4) else RandomBot()  # some odd moves too: every kind of click
        action = bot.choose(game, 0, bot_rng(game, 0))
        kinds.add(type(action).__name__)
        click_action(play, action)
        screen.render(play, "http://x/#", True, False)
    assert play.game.is_over()
    assert {"Setup", "Place", "Roll", "Stop"} <= kinds
    html = screen.render(play, "http://x/#", True, False)
    assert 'role="dialog"' in html and "Rematch same seed" in html


def test_board_markup_matches_state_json():
    play = new_play(("human", "human", "human"), seed="markup")
    rng = Rng(5)
    for _ in range(120):
        game = play.game
        play.apply(game.random_action(game.to_move()[0], rng))
    html = screen.render(play)
    state = play.game.state_json()
    drawn = {a["data-spot"]: a["data-piece"] for a in attrs_of(html, "data-piece")}
    expected = {spot: ("c" + v if v.isdigit() else v) for spot, v in state["board"].items()}
    assert drawn == expected
    assert len(attrs_of(html, "data-spot")) == 52 + 1  # MH-R1: 52 circles, and the summit
    assert f'<strong id="pool-count">{state["pool"]}</strong>' in html


def test_targets_are_exactly_the_engine_legal_circles():
    play = new_play(("human", "heuristic"), seed="targets")
    bot_moves(play)
    assert play.game.phase == SETUP and play.human_mover() == 0
    html = screen.render(play)
    targets = {a["data-spot"] for a in attrs_of(html, "data-target")}
    free12 = {f"12.{i}" for i in range(10) if (12, i) not in play.game.board}
    assert targets == free12  # MH-R10: any free circle of row 12
    assert all(a.get("tabindex") == "0" and a["role"] == "button" for a in attrs_of(html, "data-target"))
    play.handle("circle", {"spot": "11.0"})
    assert play.message.startswith("Not allowed: climbers start on row 12") and play.message_rule == "MH-R10"
    html = screen.render(play)
    assert 'data-rule="MH-R10"' in html and 'href="#rules/matterhorn/setup"' in html and "MH-R10:" not in html


def placing_play(roll: list[int], seed: str = "dice") -> Session:
    """A game of ours (seat 0 human) just after a first roll, with the roll set to ``roll`` (MH-E1..E4)."""
    play = new_play(("human", "human"), seed=seed)
    while play.game.phase != PLACE or play.game.current != 0:
        game = play.game
        play.apply(game.legal_actions()[0] if game.phase == SETUP else game.random_action(game.current, Rng(1)))
    play.game.roll = list(roll)
    return play


def test_dice_toggles_value_and_rows_mh_e1_to_e4():
    play = placing_play([5, 5, 6, 1, 1])
    html = screen.render(play)
    assert "Value 6 → row 6" in html  # MH-E1: both 5s and both 1s ignored
    assert html.count(">ignored (a pair)<") == 4
    play.handle("die", {"index": "0"})  # MH-E2: one 5 aside -> 11
    assert "Value 11 → row 11" in screen.render(play)
    play.handle("die", {"index": "3"})  # MH-E3: a 5 and a 1 aside -> 12
    html = screen.render(play)
    assert "Value 12 → row 12" in html and 'data-aside-picked="0,3"' in html
    targets = {a["data-spot"] for a in attrs_of(html, "data-target")}
    assert targets and all(t.startswith("12.") for t in targets)
    play.handle("die", {"index": "0"})
    play.handle("die", {"index": "3"})
    play.game.roll = [5, 6, 1, 2, 4]  # MH-E4: 18 is no row; the engine says why
    play.view.reset()
    html = screen.render(play)
    assert "Value 18: the dice left in play (1, 2, 4, 5, 6) are worth 18; the rows go from 5 to 12" in html
    assert "Rows you can reach: 12" in html


def test_a_circle_on_a_reachable_row_sets_the_fewest_dice_aside():
    """MH-E2: clicking row 11 with nothing toggled sets one 5 aside by itself."""
    play = placing_play([5, 5, 6, 1, 1])
    circle = next(c for c in range(9) if (11, c) not in play.game.board)
    assert play.handle("circle", {"spot": f"11.{circle}"}) == MOVED
    assert play.game.history[-1] == f"P:5>11.{circle}"


def test_illegal_click_shows_the_engine_reason_and_changes_nothing():
    play = new_play(("human", "human"), seed="reason")
    rng = Rng(11)
    for _ in range(400):  # to a stop phase of seat 0 with a climber that can climb
        game = play.game
        if game.phase == "act" and game.current == 0 and any(isinstance(a, Move) for a in game.legal_actions()):
            break
        play.apply(game.random_action(game.current, rng))
    else:
        pytest.skip("no stop phase found")
    move = next(a for a in play.game.legal_actions() if isinstance(a, Move) and a.kind == "m")
    assert play.handle("circle", {"spot": f"{move.src[0]}.{move.src[1]}"}) != MOVED
    assert play.view.selected == move.src
    far = next(c for c in [(12, 0), (12, 9), (5, 0), (5, 2)] if c not in play.game.board and c != move.src)
    before = list(play.game.history)
    play.handle("circle", {"spot": f"{far[0]}.{far[1]}"})
    assert play.message.startswith("Not allowed: ") and play.message_rule.startswith("MH-R")
    assert play.game.history == before
    assert 'role="alert"' in screen.render(play)


def find_play(pred, seats=("human", "human"), tries=60) -> Session:
    for t in range(tries):
        play = new_play(seats, seed=f"find-{t}")
        rng = Rng(t)
        for _ in range(2000):
            if play.game.is_over():
                break
            if pred(play):
                return play
            game = play.game
            play.apply(game.random_action(game.current, rng) if rng.below(3) else
                       HeuristicBot().choose(game, game.current, bot_rng(game, game.current)))
    pytest.skip("no such position")


def test_flop_is_said_and_consolation_is_offered():
    """MH-R19: a roll again that flops turns the turn's tokens to obstacles, in words and on the board."""

    def flopped(p: Session) -> bool:
        snaps = p.match.snapshots
        return (p.game.phase == CONSOLE and p.game.history[-1] == "R" and len(snaps) > 1
                and len(snaps[-2].turn_tokens) >= 2)

    play = find_play(flopped)
    tokens = len(play.match.snapshots[-2].turn_tokens)
    assert f"flop! {tokens} tokens turn to obstacles" in play.last_move_sentence()
    html = screen.render(play)
    assert "Flop!" in html and 'id="btn-decline"' in html
    assert play.status().startswith("Flop! ")
    legal_spots = {f"{a.circle[0]}.{a.circle[1]}" for a in play.game.legal_actions() if a.circle is not None}
    assert {a["data-spot"] for a in attrs_of(html, "data-target")} == legal_spots


def test_bonus_and_roll_words_mh_e12():
    """MH-E12 in words: a token on a row with a climber earns a bonus; rolls are told with their dice."""
    play = find_play(lambda p: p.game.phase == BONUS)
    actor, words = play.sentence(len(play.game.history) - 1)
    assert "a climber is on that row: bonus action" in words
    assert play.view.seat_label(actor) in ("Red", "Blue")
    html = screen.render(play)
    assert "Bonus action" in html and 'id="btn-decline"' in html


def test_typed_moves_hot_seat_and_refusals():
    play = new_play(("human", "human"), seed="typed")
    assert play.type_move("C:12.0,12.0") == CHANGED and "twice" in play.message
    assert play.type_move("C:11.0,12.1") == CHANGED and "start on row 12" in play.message
    assert play.message_rule == "MH-R10"
    assert play.game.history == []
    rng = Rng(3)
    for _ in range(60):
        game = play.game
        action = HeuristicBot().choose(game, game.current, bot_rng(game, game.current))
        assert play.type_move(f"  {action}  ") == MOVED, play.message
        assert play.move_text == ""
        if rng.below(5) == 0 and play.game.phase == DECIDE:
            assert play.type_move("R" if play.game.pool == 0 else "x12.0") == CHANGED
            assert play.message.startswith("Not allowed")
    assert len(play.game.history) == 60


def test_legal_moves_list_plays_a_move():
    play = new_play(("human", "human"), seed="list")
    play.handle("legal-toggle", {})
    html = screen.render(play)
    moves = [a["data-move"] for a in attrs_of(html, "data-move") if a.get("data-act") == "move"]
    assert moves == [str(a) for a in play.game.legal_actions()][: len(moves)] and moves
    assert play.handle("move", {"move": moves[0]}) == MOVED
    assert play.game.history == [moves[0]]
    assert "places climbers on" in screen.render(play)


def test_decide_shows_the_flop_chance_from_the_engine_dice_table():
    play = find_play(lambda p: p.game.phase == DECIDE)
    from pygames.matterhorn.dice import flop_probability

    game = play.game
    chance = round(float(flop_probability(game.in_play, game.usable_rows())) * 100)
    html = screen.render(play)
    assert f"chance of a flop {chance} %" in html
    assert 'id="btn-roll"' in html and 'id="btn-stop"' in html
    assert play.handle("stop", {}) == MOVED and isinstance(game.parse_action(play.game.history[-1]), Stop)


def test_keys_r_and_t_and_dice_digits():
    play = find_play(lambda p: p.game.phase == DECIDE and p.game.pool > 0)
    assert play.handle("key", {"key": "r"}) == MOVED
    assert isinstance(play.game.parse_action(play.game.history[-1]), Roll)
    if play.game.phase == PLACE:
        play.handle("key", {"key": "1"})
        assert play.view.toggled == [0]
        play.handle("key", {"key": "Escape"})
        assert play.view.toggled == []


def test_place_action_from_clicks_is_canonical():
    play = placing_play([6, 6, 6, 6, 5])  # MH-E8 roll: reachable {0, 5, 6, 11}
    actions = [a for a in play.game.legal_actions() if isinstance(a, Place)]
    rows = {a.circle[0] for a in actions}
    assert rows <= {5, 6, 11}
    target = next(a for a in actions if a.aside)
    for act, data in clicks.matterhorn(play.game, target):
        play.handle(act, data)
    assert play.game.history[-1] == str(target)


def test_move_words_name_rows_and_circles_as_the_board_shows_them():
    """The log says "row 7, circle 1" (rows are numbered beside the mountain, circles counted from the
    left), never the notation's "7.0"."""
    game = new_play().game
    game.board[(7, 1)] = 1  # Blue's climber, for a push
    said = {
        "C:12.3,12.6": "places climbers on row 12, circles 4 and 7",
        "P:51>12.0": "sets aside 5 and 1 and places a token on row 12, circle 1",
        "P:->9.6": "places a token on row 9, circle 7",
        "m7.0>6.0": "climbs from row 7, circle 1 to row 6, circle 1",
        "m5.1>S": "climbs to the summit from row 5, circle 2",
        "p7.1>7.2": "pushes Blue’s climber from row 7, circle 2 to row 7, circle 3",
        "p6.0>5.0": "pushes a climber from row 6, circle 1 to row 5, circle 1",
        "x8.4": "clears the obstacle on row 8, circle 5",
        "B:m11.2>10.2": "bonus: climbs from row 11, circle 3 to row 10, circle 3",
        "O:10.1": "puts a consolation obstacle on row 10, circle 2",
        "K:6.3": "returns the obstacle on row 6, circle 4 to the empty pool",
    }
    for text, words in said.items():
        assert mh_view.words.phrase(game, game.parse_action(text)) == words, text


def test_the_teams_panel_names_rows_not_coordinates():
    play = new_play(("human", "heuristic"), seed="teams")
    bot_moves(play)
    click_action(play, play.game.legal_actions()[0])
    html = screen.render(play)
    rows = [f"row {c[0]}" for c in play.game.climbers[0]]
    assert f"climbers: {', '.join(rows)} · summit 0/2" in html
    assert "12." not in html.split('<ul class="teams">', 1)[1].split("</ul>", 1)[0]


TOUCH_WORDS = re.compile(r"\b(click\w*|press\w*|keys?)\b", re.IGNORECASE)


def what_the_view_says(play: Session) -> str:
    """The view's own words on screen (hint, notice, board and panels), without the tags."""
    view = play.view
    state, seat = play.visible_state(), play.viewer()
    html = f"{view.hint()} {play.message} {view.board(state, seat)} {view.controls(state, seat)}"
    return re.sub(r"<[^>]*>", " ", html)


def test_words_by_input_in_every_phase():
    """On a touch screen every hint, notice and panel of a whole game says "tap", and names no keys; at a desk
    the hints keep their clicks and keys."""
    play = new_play(("human", "heuristic"), seed="touch-words")
    rng = Rng(2)
    phases = set()
    for game in human_turns(play, 3000):
        phases.add(game.phase)
        play.touch = False
        desk = play.view.hint()
        assert "lick" in desk or "(R)" in desk, desk
        play.touch = True
        assert TOUCH_WORDS.findall(what_the_view_says(play)) == [], what_the_view_says(play)
        action = (HeuristicBot() if rng.below(4) else RandomBot()).choose(game, 0, bot_rng(game, 0))

        def read() -> None:  # before each tap: after a die or a climber chosen too
            assert TOUCH_WORDS.findall(what_the_view_says(play)) == [], what_the_view_says(play)

        plays.click_plan(play, action, clicks.matterhorn(game, action), read)
        if play.human_mover() == 0 and play.game.phase in (BONUS, ACT):  # a notice: a tap on a free circle
            free = next(c for c in CIRCLES if c not in play.game.board)
            play.handle("circle", {"spot": f"{free[0]}.{free[1]}"})
            read()
            play.message = ""
    assert {SETUP, PLACE, DECIDE, BONUS} <= phases
    placing = placing_play([5, 5, 6, 1, 1])
    assert "(keys 1–5)" in placing.view.hint() and "click a free circle" in screen.render(placing)
    placing.touch = True
    assert placing.view.hint().startswith("Tap dice to set them aside: only values shown once count.")
    assert "tap a free circle on the highlighted row" in screen.render(placing)

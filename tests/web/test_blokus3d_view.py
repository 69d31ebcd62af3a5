"""Blokus 3D view: games by clicks, the board drawn = the engine's state, the ghost's legality from the
engine, Tab cycling, the solitaire hint, every mode of the new-game form, words and scores."""

from __future__ import annotations

import json
import re

import clicks
import plays
import pytest
from games.blokus3d import piece, scene
from games.blokus3d import view as b3d_view
from plays import attrs_of, human_turns
from shell.contract.view import CHANGED, MOVED, NOTHING
from shell.model import new_game
from shell.model.session import Session
from shell.screens import game as screen
from shell.screens.new_game import render_new_game

from pygames.blokus3d.data import COLOURS, PIECE_CODES, SIZE
from pygames.blokus3d.game import Blokus3D
from pygames.blokus3d.geometry import ORIENTATIONS
from pygames.blokus3d.solver import hint
from pygames.core.bots import HeuristicBot, RandomBot, bot_rng
from pygames.core.errors import RecordError
from pygames.core.match import Match
from pygames.core.record import Record
from pygames.core.rng import Rng


def new_play(seats=("human", "heuristic"), options=None, seed="b3d-view", moves=()) -> Session:
    return plays.new_play("blokus3d", b3d_view.View, seats, options, seed, moves)


def click_action(play: Session, action) -> None:
    """Play ``action`` as a player would: pick, turn, point, click (tests/clicks.py)."""
    before = plays.click_plan(play, action, clicks.blokus3d(play.game, action))
    assert play.game.history[before:] == [str(action)], (action, play.message)



def scene_of(html: str) -> dict:
    stage = next(a for a in attrs_of(html, "data-scene"))
    return json.loads(stage["data-scene"].replace("&quot;", '"'))


@pytest.mark.parametrize("structure,players", [("B", 2), ("A", 3), ("D", 4), ("C", 2)])
def test_whole_game_by_clicks_against_bots(structure, players):
    """B3D-R6..R15 from the board: every placement of seat 0 is picked, turned and clicked."""
    play = new_play(("human",) + ("heuristic",) * (players - 1), {"structure": structure}, seed=f"clicks-{structure}")
    rng = Rng(players)
    turns = 0
    for game in human_turns(play, 200):
        bot = HeuristicBot() if rng.below(3) else RandomBot()
        action = bot.choose(game, 0, bot_rng(game, 0))
        turns += sum(1 for act, _ in clicks.blokus3d(game, action) if act == "turn")
        click_action(play, action)
        screen.render(play, "http://x/#", True, False)
    assert play.game.is_over()
    assert turns > 0, "some placements needed the piece turned"
    html = screen.render(play, "http://x/#", True, False)
    assert 'role="dialog"' in html and "Rematch same seed" in html
    assert 'class="b3d-scores"' in html  # B3D-R16: visible / unplaced per colour
    result = play.game.result()
    for letter in play.game.colours:
        row = re.search(rf'<tr data-colour="{letter}">.*?</tr>', html).group(0)
        cells = re.findall(r"<td>(?:<strong>)?(-?\d+)", row)
        assert cells == [str(result.visible[letter]), str(result.unplaced[letter]),
                         str(result.colour_scores[letter])]


def test_two_players_four_colours_by_clicks_each_player_moves_two_colours():
    """B3D-R22: seat 0 plays blue and red; the status says which colour is up."""
    play = new_play(("human", "heuristic"), {"colours": "BYRG", "score": "best"}, seed="four-for-two")
    seen = set()
    for game in human_turns(play, 200):
        assert game.colour in "BR"
        html = screen.render(play)
        colour = {"B": "Blue", "R": "Red"}[game.colour]
        assert f"place a {colour} piece" in html
        seen.add(game.colour)
        click_action(play, HeuristicBot().choose(game, 0, bot_rng(game, 0)))
    assert play.game.is_over() and seen == {"B", "R"}
    html = screen.render(play)
    cs, totals = play.game.colour_scores(), play.game.player_scores()
    assert totals[0] == max(cs["B"], cs["R"])  # B3D-R22 with "best"
    assert (f"Player 1 (you): <strong>{totals[0]}</strong> (the better of Blue {cs['B']} or Red {cs['R']})"
            in html)
    assert f"Player 2 (medium bot): <strong>{totals[1]}</strong>" in html


def test_level_map_and_scene_are_the_engine_state():
    play = new_play(("human", "human", "human", "human"), {"structure": "C"}, seed="markup")
    rng = Rng(5)
    for _ in range(14):
        game = play.game
        if game.is_over():
            break
        play.apply(game.random_action(game.to_move()[0], rng))
    html = screen.render(play)
    state = play.game.state_json()
    cells = {(int(a["data-x"]), int(a["data-y"])): a for a in attrs_of(html, "data-x") if "aria-label" in a}
    structure = {(c % SIZE, c // SIZE) for c in play.game.layout.cells}
    assert structure <= set(cells) and len(cells) == 6 * 10  # the Stairs (x 3..6), and a cell more all round
    for (x, y), a in cells.items():
        h, top, limit = state["heights"][y][x], state["tops"][y][x], state["limits"][y][x]
        if not limit:
            assert "outside the structure" in a["aria-label"]
        elif h:
            assert f"{h} high (limit {limit})" in a["aria-label"], a
            assert {"B": "blue", "Y": "yellow", "R": "red", "G": "green"}[top] + " on top" in a["aria-label"]
        else:
            assert f"empty (limit {limit})" in a["aria-label"]
    drawn = scene_of(html)
    columns: dict[tuple[int, int], list[tuple[int, str]]] = {}
    for letter, text in drawn["cubes"].items():
        for i in range(0, len(text), 3):
            x, y, z = int(text[i]), int(text[i + 1]), int(text[i + 2])
            columns.setdefault((x, y), []).append((z, letter))
    for (x, y), cubes in columns.items():
        levels = sorted(cubes)
        assert [z for z, _ in levels] == list(range(state["heights"][y][x]))  # B3D-R9 (c): no gaps
        assert levels[-1][1] == state["tops"][y][x]
    assert sum(len(v) for v in columns.values()) == sum(map(sum, state["heights"]))
    assert len(drawn["cells"]) == 3 * 32  # B3D-E3: the Stairs have 32 cells


def test_ghost_is_green_exactly_where_the_engine_allows_it():
    """The ghost's colour and words come from the engine: legal iff among legal_actions, else its reason."""
    play = new_play(("human", "human"), {"structure": "A"}, seed="ghost",
                    moves=("BL4:230,240,330,430", "YO4:530,540,630,640"))
    game = play.game
    legal = {str(a) for a in game.legal_actions()}
    rng = Rng(11)
    greens = reds = 0
    for _ in range(400):
        code = PIECE_CODES[rng.below(len(PIECE_CODES))]
        if play.view.picked != ("B", code):
            assert play.handle("pick", {"colour": "B", "piece": code}) == CHANGED
        for _turn in range(rng.below(4)):
            play.handle("turn", {"axis": "xyz"[rng.below(3)], "back": "1" if rng.below(2) else ""})
        play.handle("hover", {"x": str(1 + rng.below(7)), "y": str(2 + rng.below(6))})  # around the Tower
        ghost = play.view.ghost()
        assert ghost is not None
        assert ghost.legal == (ghost.text in legal), ghost
        if ghost.legal:
            greens += 1
        else:
            reds += 1
            try:
                game.check(game.parse_action(ghost.text))
            except Exception as error:  # the engine's own words
                assert ghost.reason in str(error)
            assert ghost.rule.startswith("B3D-R")
        html = screen.render(play)
        assert ('data-ghost-legal="1"' in html) == ghost.legal
        words = re.search(r'<p class="b3d-ghost[^"]*" id="b3d-ghost"[^>]*>(.*?)</p>', html).group(1)
        assert words.startswith("Fits here" if ghost.legal else "Not here: ")
    assert greens > 10 and reds > 10


def test_ghost_rests_where_the_piece_lands_and_a_click_on_its_cell_places_it():
    """B3D-R9: the ghost is lowered onto the columns; a second click on the anchor places it."""
    play = new_play(("human", "human"), {"structure": "A"}, seed="land", moves=("BL4:230,240,330,430",))
    play.handle("pick", {"colour": "Y", "piece": "I2"})
    assert play.handle("cell", {"x": "3", "y": "3"}) == CHANGED  # the first click moves the ghost there
    ghost = play.view.ghost()
    assert {c[2] for c in ghost.cubes} == {1}  # lying on blue's L (height 1)
    assert ghost.legal and play.game.history == ["BL4:230,240,330,430"]
    assert play.handle("cell", {"x": "3", "y": "3"}) == MOVED
    assert play.game.history[-1] == ghost.text
    # an overhang: the engine says why, and nothing is played (B3D-R9)
    play.handle("pick", {"colour": "B", "piece": "I2"})
    play.handle("hover", {"x": "4", "y": "3"})  # (4,3) is 2 high, (5,3) empty: the domino would hang
    ghost = play.view.ghost()
    assert ghost.text == "BI2:432,532" and not ghost.legal and ghost.rule == "B3D-R9"
    assert "would hang over empty space" in ghost.reason
    moves = len(play.game.history)
    assert play.handle("place", {}) == CHANGED and len(play.game.history) == moves
    assert play.message.startswith("Not allowed: ") and play.message_rule == "B3D-R9"


def test_turns_reach_all_24_orientations_b3d_r3():
    """B3D-R3, B3D-E1: quarter turns give every proper rotation, hence every orientation of each piece."""
    assert len(piece.ALL_TURNS) == 24
    for code in PIECE_CODES:
        found = {piece.orientation(code, m).oid for m in piece.ALL_TURNS}
        assert found == {o.oid for o in ORIENTATIONS if o.piece == PIECE_CODES.index(code)}
    assert sum(len(piece.orientations_of(c)) for c in PIECE_CODES) == 104
    play = new_play(("human", "human"))
    play.handle("pick", {"colour": "B", "piece": "L4"})
    seen = set()
    rng = Rng(3)
    for _ in range(300):
        back = rng.below(2) == 1
        axis = "xyz"[rng.below(3)]
        play.handle("key", {"key": axis.upper() if back else axis, "shift": "1" if back else ""})
        seen.add(play.view.orientation().oid)
    assert len(seen) == 24  # the L has 24 orientations, all reached by the keys
    play.handle("key", {"key": "x"})
    play.handle("key", {"key": "X", "shift": "1"})  # Shift turns back
    html = screen.render(play)
    assert re.search(r"orientation \d+ of 24", html)


def test_tab_cycles_through_exactly_the_engine_legal_placements():
    play = new_play(("human", "human"), {"structure": "B"}, seed="cycle", moves=("BL4:080,090,180,280",))
    assert play.handle("key", {"key": "Tab"}) == NOTHING  # not cycling: Tab is the browser's
    play.handle("pick", {"colour": "Y", "piece": "O4"})
    assert play.handle("legal", {}) == CHANGED
    legal = [a for a in play.game.legal_actions() if a.piece == "O4"]
    shown = []
    for _ in legal:
        ghost = play.view.ghost()
        assert ghost.legal
        shown.append(ghost.text)
        assert play.handle("key", {"key": "Tab"}) == CHANGED
    assert shown == [str(a) for a in legal]
    assert play.view.ghost().text == shown[0]  # round again
    play.handle("key", {"key": "Tab", "shift": "1"})
    assert play.view.ghost().text == shown[-1]
    html = screen.render(play)
    assert f"Legal placement {len(legal)} of {len(legal)}." in html and 'aria-pressed="true"' in html
    assert play.handle("key", {"key": "Enter"}) == MOVED and play.game.history[-1] == shown[-1]
    # any piece: every legal placement of the colour
    play.handle("legal", {})
    assert play.view.picked is not None and len(play.view.cycle) == len(play.game.legal_actions())
    assert play.handle("key", {"key": "Escape"}) == CHANGED and not play.view.cycling
    assert play.handle("key", {"key": "Escape"}) == CHANGED and play.view.picked is None


def claimed(play) -> tuple[str, str]:
    """The keys the game screen keeps from the browser: the view's, the replay's (shell/events.mjs)."""
    root = next(a for a in attrs_of(screen.render(play), "data-save-id") if "play" in a["class"].split())
    return root.get("data-keys", ""), root.get("data-replay-keys", "")


def test_arrow_keys_move_the_ghost_and_escape_drops_the_piece():
    play = new_play(("human", "human"), {"structure": "A"}, seed="keys")
    assert play.handle("key", {"key": "ArrowLeft"}) == NOTHING  # no piece: the shell moves the focus
    assert claimed(play) == ("", "")  # (so the page leaves the arrows to the board: no move yet to replay)
    play.handle("pick", {"colour": "B", "piece": "I2"})
    assert claimed(play) == ("ArrowLeft ArrowRight ArrowUp ArrowDown Enter", "")  # the picked piece's: not a scroll
    start = play.view.anchor
    assert play.handle("key", {"key": "ArrowUp"}) == CHANGED
    assert play.view.anchor == (start[0], start[1] + 1)  # up = towards the back (y + 1)
    play.handle("key", {"key": "ArrowRight"})
    assert play.view.anchor == (start[0] + 1, start[1] + 1)
    assert play.handle("key", {"key": "Enter"}) == MOVED  # the first piece may go anywhere (B3D-R10 (a))
    play.handle("pick", {"colour": "Y", "piece": "I3"})
    assert play.handle("key", {"key": "Escape"}) == CHANGED and play.view.picked is None
    assert claimed(play) == ("", "Home ArrowLeft ArrowRight End")  # a move played: the replay's keys


def test_other_colours_pieces_cannot_be_picked_and_hover_is_quiet_when_not_your_turn():
    play = new_play(("human", "heuristic"), {"structure": "A"}, seed="quiet")
    assert play.handle("pick", {"colour": "Y", "piece": "I2"}) == CHANGED
    assert "It is Blue’s turn: pick a Blue piece." == play.message
    html = screen.render(play)
    assert 'id="b3d-pick-B-I2"' in html and 'id="b3d-pick-Y-I2"' not in html  # yellow's are not buttons
    play.handle("pick", {"colour": "B", "piece": "I2"})
    play.handle("cell", {"x": "3", "y": "4"})
    play.handle("cell", {"x": "3", "y": "4"})
    assert play.game.history and play.bot_mover() == 1
    assert play.handle("hover", {"x": "2", "y": "2"}) == NOTHING and play.message == ""  # nothing to say


def test_solitaire_solved_with_the_hint_button_b3d_r23():
    play = new_play(("human",), {"size": 3, "colours": "B"}, seed="sol")
    for _ in range(20):
        if play.game.is_over():
            break
        assert play.handle("hint", {}) == CHANGED
        expected = hint(play.game)
        ghost = play.view.ghost()
        assert ghost.legal and ghost.text == expected and play.message.startswith("Hint: place ")
        assert play.handle("place", {}) == MOVED
    assert play.game.is_over() and play.game.solved
    html = screen.render(play)
    assert "Solved!" in html and "The 3×3×3 cube is complete, built from" in html


def test_solitaire_hint_says_when_no_solution_remains():
    moves = ("BTP:120,210,220,221", "BL3:010,011,020", "BO4:100,101,110,111", "BL4:102,112,121,122")
    play = new_play(("human",), {"size": 3, "colours": "B"}, seed="stuck", moves=moves)
    assert hint(play.game) is None  # legal so far, but no completion exists from here
    assert play.handle("hint", {}) == CHANGED
    assert play.message == "No solution from here — undo some pieces." and play.view.picked is None


ALL_MODES = (
    [({"players": p, "structure": s}, ("human",) + ("heuristic",) * (p - 1)) for s in "ABCD" for p in (2, 3, 4)]
    + [({"players": 2, "colours": "BYRG", "score": score}, ("human", "heuristic")) for score in ("sum", "best")]
    + [({"players": 1, "size": n, "colours": colours}, ("human",))
       for n, colours in ((3, "B"), (3, "RG"), (4, "BY"), (5, "BYRG"))]
)


@pytest.mark.parametrize("options,seats", ALL_MODES, ids=lambda v: "-".join(map(str, v.values()))
                         if isinstance(v, dict) else None)
def test_every_mode_starts_from_the_new_game_form(options, seats):
    fields = {"players": str(options["players"]), "seed": "modes",
              **{k: str(v) for k, v in options.items() if k != "players"},
              **{f"seat{s}": kind for s, kind in enumerate(seats)}}
    record = new_game.parse_new_game("blokus3d", fields)
    play = Session(Match(record), list(seats), "t", b3d_view.View)
    html = screen.render(play)
    assert 'data-game="blokus3d"' in html and 'id="b3d-stage"' in html and 'class="b3d-map"' in html
    game = play.game
    drawn = scene_of(html)
    assert len(drawn["cells"]) // 3 == len(game.layout.cells)
    pieces = attrs_of(html, "data-piece")
    if game.solitaire:
        assert {a["data-colour"] for a in pieces} == set(game.colours) and 'id="b3d-hint"' in html
    else:
        assert {a["data-colour"] for a in pieces} == {game.colour}  # the colour to move picks
    first = game.legal_actions()[0]
    click_action(play, first)
    assert render_new_game("blokus3d", new_game.values_of(record, list(seats)))  # "New game" keeps the mode


def test_new_game_form_words():
    html = render_new_game("blokus3d")
    assert "A — Tower" in html and "D — Pyramid" in html and "Solitaire cube" in html
    assert "sum of a player&#x27;s colours" in html and "BYRG" not in html  # no list of colour orderings


def form_fields(html: str) -> dict[str, str]:
    """What the form sends as it is drawn: each select's selected option, each input's value."""
    fields = {}
    for name, body in re.findall(r'<select [^>]*name="([^"]+)"[^>]*>(.*?)</select>', html):
        chosen = re.search(r'<option value="([^"]*)" selected', body) or re.search(r'<option value="([^"]*)"', body)
        fields[name] = chosen.group(1)
    for tag in re.findall(r"<input [^>]*>", html):
        found = dict(re.findall(r'([a-z-]+)="([^"]*)"', tag))
        if "name" in found and found.get("type") != "checkbox":
            fields[found["name"]] = found.get("value", "")
    return fields


def visible_form(html: str) -> str:
    """The form without the options hidden for this player count."""
    return re.sub(r'<div hidden data-option-unused="[a-z]+">.*?</select></div></div>', "", html)


@pytest.mark.parametrize("players,slots,optional,shown,unused", [
    (4, ["Seat 1", "Seat 2", "Seat 3", "Seat 4"], 0, {"structure", "start"}, {"score", "size"}),
    (3, ["Seat 1", "Seat 2", "Seat 3"], 0, {"structure", "start"}, {"score", "size"}),
    (2, ["Seat 1", "Seat 2", "Seat 1, 2nd", "Seat 2, 2nd"], 2, {"structure", "start", "score"}, {"size"}),
    (1, ["Seat 1", "Seat 1, 2nd", "Seat 1, 3rd", "Seat 1, 4th"], 3, {"size"}, {"structure", "start", "score"}),
])
def test_new_game_form_a_colour_per_seat_and_only_the_options_that_apply(players, slots, optional, shown, unused):
    """The engine's option table drives the form (OptionSpec.per_seat, .players): a select of
    the four colours per colour seat (B3D-R19..R23), none of ~65 orderings; options for another player
    count hidden, and left out of the game."""
    html = render_new_game("blokus3d", {"players": players})
    group = re.search(r'<div class="per-seat" id="f-colours".*?</div><input type="hidden"[^>]*></div>', html).group(0)
    assert re.findall(r'<label for="f-colours-\d">([^<]*)</label>', group) == slots
    assert group.count('>none</option>') == optional  # a seat's second colour may be none
    assert all(group.count(f'<option value="{c}"') == len(slots) for c in "BYRG")
    assert "Blue" in group and "Green" in group and 'name="colours"' not in html
    visible = visible_form(html)
    for name in shown:
        assert f'name="{name}"' in visible, name
    for name in unused:
        assert f'name="{name}"' in html and f'name="{name}"' not in visible, name  # there, but hidden
    fields = {**form_fields(html), **{f"seat{s}": "human" for s in range(players)}, "seed": "form"}
    record = new_game.parse_new_game("blokus3d", fields)  # the form as drawn starts the default game
    game = record.replay()
    assert "".join(game.colours) == "BYRG"[:max(players, 2) if players > 1 else 1]
    defaults = {spec.name: spec.default for spec in Blokus3D.option_specs}
    assert all(record.options[name] == defaults[name] for name in unused)  # (the engine refuses others: B3D-R4)


def test_new_game_form_colours_chosen_per_seat_parsed_and_refused_twice():
    base = {"players": "2", "seed": "form", "seat0": "human", "seat1": "heuristic", "structure": "C",
            "score": "best", "start": "1", "size": "5", "colours-for": "2"}
    # two seats, two colours each (B3D-R22): seat 1 plays green and blue, seat 2 red and yellow
    record = new_game.parse_new_game("blokus3d", {**base, "colours-0": "G", "colours-1": "R", "colours-2": "B",
                                              "colours-3": "Y"})
    assert record.options["colours"] == "GRBY" and record.options["score"] == "best"
    assert record.options["size"] == 3  # (hidden for 2 players: not sent on, the engine's default)
    game = record.replay()
    assert game.four_for_two and [game.player_of(s) for s in range(4)] == [0, 1, 0, 1] and game.colours[0] == "G"
    # two colours: the second ones left at none; the score option then does not apply (the engine says so)
    record = new_game.parse_new_game("blokus3d", {**base, "score": "sum", "colours-0": "Y", "colours-1": "B",
                                              "colours-2": "", "colours-3": ""})
    assert record.options["colours"] == "YB" and "".join(record.replay().colours) == "YB"
    with pytest.raises(RecordError, match="Yellow is chosen for two seats: each seat needs its own."):
        new_game.parse_new_game("blokus3d", {**base, "colours-0": "Y", "colours-1": "Y"})
    with pytest.raises(RecordError, match="Blue is chosen for two seats"):
        new_game.parse_new_game("blokus3d", {**base, "colours-0": "B", "colours-1": "Y", "colours-2": "B",
                                         "colours-3": "R"})
    with pytest.raises(RecordError, match="2 players play with 2 or 4 colours, not 3"):  # the engine's words
        new_game.parse_new_game("blokus3d", {**base, "colours-0": "B", "colours-1": "Y", "colours-2": "R",
                                         "colours-3": ""})
    # solitaire: the colours whose pieces fill the cube
    solo = {"players": "1", "seed": "form", "seat0": "human", "size": "4", "structure": "D", "start": "2",
            "colours-for": "1", "colours-0": "R", "colours-1": "G", "colours-2": "", "colours-3": ""}
    record = new_game.parse_new_game("blokus3d", solo)
    assert record.options["colours"] == "RG" and record.replay().key == "S4"  # structure and start: not sent on
    with pytest.raises(RecordError, match="at least 4 colours"):
        new_game.parse_new_game("blokus3d", {**solo, "size": "5"})


def test_a_game_started_before_the_form_followed_the_player_count_gets_that_counts_colours():
    """The count changed from 4 to 2 and Start pressed before the form was drawn again: the four selects of the
    4-player form are sent with 2 players. The game is the one the 2-player form would start (B3D-R21: two
    colours), not four colours for two (B3D-R22)."""
    fields = {"players": "2", "seed": "form", "seat0": "human", "seat1": "heuristic", "structure": "B",
              "colours-for": "4", "colours-0": "B", "colours-1": "Y", "colours-2": "R", "colours-3": "G"}
    record = new_game.parse_new_game("blokus3d", fields)
    assert record.options["colours"] == "BY" and not record.replay().four_for_two
    # the seats' own choices that still fit stay, as the form drawn again keeps them
    record = new_game.parse_new_game("blokus3d", {**fields, "colours-0": "G", "colours-1": "R", "colours-3": "B"})
    assert record.options["colours"] == "GR"


def test_new_game_form_keeps_the_colours_chosen_and_a_game_colours():
    """Drawn again (the player count changed, the language): the seats' colours stay where they still fit;
    "New game" from a game offers its colours."""
    html = render_new_game("blokus3d", {"players": "3", "colours-for": "3", "colours-0": "G", "colours-1": "R",
                                             "colours-2": "Y"})
    assert [form_fields(html)[f"colours-{i}"] for i in range(3)] == ["G", "R", "Y"]
    html = render_new_game("blokus3d", {"players": "2", "colours-for": "3", "colours-0": "G", "colours-1": "R",
                                             "colours-2": "Y"})  # 3 players -> 2: the first two seats keep theirs
    assert [form_fields(html)[f"colours-{i}"] for i in range(4)] == ["G", "R", "", ""]
    html = render_new_game("blokus3d", {"players": "4", "colours-for": "2", "colours-0": "G", "colours-1": "G"})
    assert [form_fields(html)[f"colours-{i}"] for i in range(4)] == ["B", "Y", "R", "G"]  # (not a valid choice)
    record = Record.new("blokus3d", {"players": 2, "colours": "RBGY"}, "s")
    html = render_new_game("blokus3d", new_game.values_of(record, ["human", "human"]))
    assert [form_fields(html)[f"colours-{i}"] for i in range(4)] == ["R", "B", "G", "Y"]


def test_a_colour_going_out_is_said_and_shown():
    """B3D-R13, E10: a colour that cannot place is out; the move that caused it says so."""
    play = new_play(("heuristic",) * 3, {"structure": "A"}, seed="out-3")
    while not play.game.is_over():
        game = play.game
        seat = game.to_move()[0]
        play.apply_bot(HeuristicBot().choose(game, seat, bot_rng(game, seat)))
        outs = [e for e in play.game.log if e.endswith("-")]
        if outs:
            break
    index = next(i for i, snap in enumerate(play.match.snapshots) if any(e.endswith("-") for e in snap.log)) - 1
    _actor, words = play.sentence(index)
    colour = {"B": "Blue", "Y": "Yellow", "R": "Red", "G": "Green"}[outs[0][0]]
    assert f"{colour} cannot place any piece: out" in words
    html = screen.render(play)
    assert re.search(rf'class="b3d-colour c-{outs[0][0]} out"', html) and '<span class="badge out">out</span>' in html
    assert f'data-out="{outs[0][0]}' in html


def test_describe_board_and_moves_in_words():
    play = new_play(("human", "human"), {"structure": "A"}, seed="words",
                    moves=("BL4:230,240,330,430", "YO4:530,540,630,640"))
    lines = play.view.describe_board(play.game, None)
    assert lines[0].startswith("Structure: Tower, 20 cells, at most 4 cubes high")
    assert any("(2,3) 1 high, blue on top" in line for line in lines)
    assert any(line.startswith("Yellow: 10 pieces left") for line in lines)
    _actor, words = play.sentence(0)
    assert words == "places L4 (L) on (2,3) (3,3) (4,3) (2,4) at height 0"  # Blue places…
    html = screen.render(play)
    assert "Last move: Yellow places O4 (square) on (5,3) (6,3) (5,4) (6,4) at height 0" in html


def test_scene_ghost_and_last_move():
    play = new_play(("human", "human"), {"structure": "A"}, seed="scene", moves=("BL4:230,240,330,430",))
    drawn = json.loads(scene.describe(play.view.game, play.view.marks()))
    assert drawn["last"] == "230240330430" and "ghost" not in drawn
    play.handle("pick", {"colour": "Y", "piece": "I2"})
    play.handle("hover", {"x": "5", "y": "3"})
    drawn = json.loads(scene.describe(play.view.game, play.view.marks()))
    assert drawn["ghost"]["colour"] == "Y" and drawn["anchor"] == [5, 3]
    assert drawn["ghost"]["ok"] == play.view.ghost().legal
    assert drawn["fill"]["B"].startswith("#") and set(drawn["cubes"]) == set(play.game.colours)


def test_rules_page_examples_draw_the_level_map():
    from games.blokus3d import rules
    from shell.screens import rules as shell_rules

    html = shell_rules.render_page("blokus3d", rules.SECTIONS, b3d_view.View)
    assert html.count('class="b3d-map"') >= 3


def test_every_piece_code_and_colour_in_the_tray():
    play = new_play(("human",), {"size": 5, "colours": "BYRG"}, seed="tray")
    html = screen.render(play)
    ids = {a["id"] for a in attrs_of(html, "data-piece") if "id" in a}
    assert ids == {f"b3d-pick-{c}-{p}" for c in COLOURS for p in PIECE_CODES}


# -- where the piece in hand can land ---------------------------------------------------------


def marked(html: str) -> set[tuple[int, int]]:
    """The level map's cells marked ``data-can-land``."""
    return {(int(a["data-x"]), int(a["data-y"])) for a in attrs_of(html, "data-can-land")}


def engine_anchors(game, colour: str, code: str, oid: int) -> dict[tuple[int, int], str]:
    """The anchor of each of the engine's legal placements of a piece in one orientation: the cell a player
    points at, the middle of the placement's footprint (width and depth, rounded down) from its corner."""
    out = {}
    for a in game.legal_actions():
        if (a.colour, a.piece, a.oid) != (colour, code, oid):
            continue
        xs = [int(t[0]) for t in a.cubes]
        ys = [int(t[1]) for t in a.cubes]
        width, depth = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
        anchor = (min(xs) + (width - 1) // 2, min(ys) + (depth - 1) // 2)
        assert anchor not in out  # one placement per anchor and orientation (it rests: B3D-R9)
        out[anchor] = str(a)
    return out


def check_landing(play: Session) -> int:
    """The marked cells are exactly the anchors of the engine's legal placements of the piece in hand as
    turned, on the level map and on the 3D board; pointing at each shows that placement, legal. Returns
    how many cells were marked."""
    view = play.view
    colour, code = view.picked
    expected = engine_anchors(play.game, colour, code, view.orientation().oid)
    html = screen.render(play)
    assert marked(html) == set(expected)
    heights = play.game.heights
    assert scene_of(html).get("land", []) == [[x, y, heights[y * SIZE + x]]
                                              for x, y in sorted(expected, key=lambda c: (c[1], c[0]))]
    anchor = view.anchor
    for (x, y), text in expected.items():
        play.handle("hover", {"x": str(x), "y": str(y)})
        ghost = view.ghost()
        assert ghost.legal and ghost.text == text
    if anchor is not None:
        play.handle("hover", {"x": str(anchor[0]), "y": str(anchor[1])})
    return len(expected)


def test_the_cells_where_the_piece_can_land_are_the_engine_legal_anchors_first_move():
    """The first move of the game (B3D-R10 (a): anywhere in the structure), the piece turned every way."""
    play = new_play(("human",) * 4, {"structure": "D"}, seed="land-first")
    assert marked(screen.render(play)) == set()  # nothing in hand, nothing marked
    play.handle("pick", {"colour": "B", "piece": "L4"})
    counts = {}
    rng = Rng(54)
    for _ in range(16):
        counts[play.view.orientation().oid] = check_landing(play)
        play.handle("turn", {"axis": "xyz"[rng.below(3)], "back": "1" if rng.below(2) else ""})
    assert len(counts) > 6 and min(counts.values()) == 0 < max(counts.values())  # (some would hang anywhere)


def test_the_cells_where_the_piece_can_land_mid_game_every_orientation():
    """Mid-game (B3D-R6..R11: heights, limits, contact): every piece in hand, turned through all 24 turns;
    each legal placement of the piece is marked in its orientation, and only those."""
    play = new_play(("human",) * 3, {"structure": "C"}, seed="land-mid")
    for _ in range(10):
        game = play.game
        seat = game.to_move()[0]
        play.apply(HeuristicBot().choose(game, seat, bot_rng(game, seat)))
    game = play.game
    colour = game.colour
    total = 0
    for code in PIECE_CODES:
        if not play.view.in_hand(colour, code):
            continue
        play.handle("pick", {"colour": colour, "piece": code})
        shown: set[str] = set()
        for matrix in piece.ALL_TURNS:
            play.view.turn = matrix
            total += check_landing(play)
            shown |= set(engine_anchors(game, colour, code, play.view.orientation().oid).values())
        assert shown == {str(a) for a in game.legal_actions() if a.piece == code}
    assert total > 0


def test_landing_cells_in_solitaire_and_with_four_colours_and_a_click_on_one_places_it():
    play = new_play(("human",), {"size": 4, "colours": "BY"}, seed="land-solo",
                    moves=("BL4:000,010,100,200", "YO4:110,120,210,220"))
    play.handle("pick", {"colour": "Y", "piece": "I3"})
    play.handle("turn", {"axis": "z"})
    assert check_landing(play) > 0
    play = new_play(("human", "human"), {"colours": "BYRG"}, seed="land-44",
                    moves=("BL4:230,240,330,430", "YO4:530,540,630,640"))
    assert play.game.colour == "R"
    play.handle("pick", {"colour": "R", "piece": "T4"})
    assert check_landing(play) > 0
    # the player's two taps on a marked cell: the ghost goes there, then the piece is placed
    (x, y), text = sorted(play.view.landing().items())[0]
    cell = {"x": str(x), "y": str(y)}
    if play.view.anchor == (x, y):
        play.handle("hover", {"x": "0", "y": "0"})
    assert play.handle("cell", cell) == CHANGED and play.view.ghost().text == str(text)
    assert play.handle("cell", cell) == MOVED and play.game.history[-1] == str(text)
    assert marked(screen.render(play)) == set()  # the next colour's turn: nothing in hand


def test_no_landing_cells_while_a_bot_moves_or_after_the_end():
    play = new_play(("human", "heuristic"), {"structure": "A"}, seed="land-bot")
    play.handle("pick", {"colour": "B", "piece": "I2"})
    assert marked(screen.render(play))
    play.handle("cell", {"x": "4", "y": "4"})
    play.handle("cell", {"x": "4", "y": "4"})
    assert play.bot_mover() == 1
    play.view.picked = ("B", "I3")  # (held over a bot's turn: never marked)
    html = screen.render(play)
    assert marked(html) == set() and "land" not in scene_of(html)


# -- the tray, words by input ----------------------------------------------------------------------------


def tray_colours(html: str) -> list[str]:
    return re.findall(r'<section class="b3d-colour[^"]*" data-colour="([BYRG])"', html)


@pytest.mark.parametrize("options,seats,order", [
    ({}, ("heuristic", "human", "heuristic"), "YBR"),  # yours first, then the others in seat order
    ({"colours": "BYRG"}, ("heuristic", "human"), "YGBR"),  # B3D-R22: player 2 plays yellow and green
    ({}, ("human", "human", "heuristic", "human"), "BYGR"),  # the players at this device, then the bot
    ({}, ("heuristic",) * 4, "BYRG"),
])
def test_the_tray_keeps_one_order_all_game_yours_first(options, seats, order):
    play = new_play(seats, {"structure": "A", **options}, seed="tray-order")
    for _ in range(9):
        assert "".join(tray_colours(screen.render(play))) == order
        game = play.game
        seat = game.to_move()[0]
        play.apply(HeuristicBot().choose(game, seat, bot_rng(game, seat)))


def visible_text(html: str) -> str:
    """The markup's text without its tags (what the page shows, hidden parts too)."""
    import html as entities

    return entities.unescape(re.sub(r"<[^>]+>", " ", html))


def test_words_by_input_tap_on_touch_keys_at_a_desk():
    """On a touch screen no "click", "press" or "keys" and no key badges; at a desk they stay."""
    moves = ("BL4:230,240,330,430", "YO4:530,540,630,640")
    for touch in (True, False):
        play = new_play(("human", "human"), {"structure": "A"}, seed="words-touch", moves=moves)
        play.touch = touch
        pages = [screen.render(play)]
        play.handle("cell", {"x": "3", "y": "3"})  # nothing in hand: a notice
        pages.append(screen.render(play))
        play.handle("pick", {"colour": "B", "piece": "I2"})
        pages.append(screen.render(play))
        play.handle("cell", {"x": "3", "y": "3"})  # the ghost, legal
        pages.append(screen.render(play))
        play.handle("legal", {})
        pages.append(screen.render(play))
        stage = next(a for a in attrs_of(pages[2], "data-scene"))["aria-label"]
        hints = " ".join(visible_text(page) for page in pages)
        if touch:
            assert "Tap a marked cell to lay the piece there." in pages[2]  # no ghost until a finger points
            assert not re.search(r"(?i)\b(click|press|keys)\b", hints), hints
            assert all("<kbd>" not in page for page in pages)
            assert "drag to turn it, pinch to zoom" in stage and "arrow keys" not in stage
            assert "Tap a marked cell" in hints and "tap its cell again, or Place, to place it" in hints
        else:
            assert "X, Y, Z turn it (Shift: back)" in hints and "press Enter" in hints
            assert "<kbd>Enter</kbd>" in pages[2] and "<kbd>L</kbd>" in pages[2]
            assert "arrow keys" in stage
    solo = new_play(("human",), {"size": 3, "colours": "B"}, seed="words-hint")
    solo.touch = True
    solo.handle("hint", {})
    assert solo.message.startswith("Hint: place ") and "tap it or Place" in solo.message
    assert "<kbd>" not in screen.render(solo)


def test_a_tap_on_a_cell_where_the_piece_cannot_go_says_why_in_the_toast():
    """B3D-R7: the first tap on a cell outside the structure moves the ghost there and the shell
    shows the engine's reason (the toast, where the player looks, not only under the level map)."""
    play = new_play(("human", "human"), {"structure": "A"}, seed="toast")
    play.handle("pick", {"colour": "B", "piece": "I2"})
    assert play.handle("cell", {"x": "1", "y": "7"}) == CHANGED and play.game.history == []
    assert play.message.startswith("Not allowed: cell (1,7) is outside the Tower") and play.message_rule == "B3D-R7"
    assert 'class="message toast"' in screen.render(play)
    assert play.handle("cell", {"x": "3", "y": "3"}) == CHANGED and play.message == ""  # the next tap: gone

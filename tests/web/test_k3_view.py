"""K3 view: markup for known positions, selection and highlighting, clicks -> engine actions."""

from __future__ import annotations

import re

import plays
import pytest
from games.k3 import view as k3_view
from games.k3 import words as k3_words
from shell.contract.view import CHANGED, MOVED
from shell.model.session import Session
from shell.screens import game as screen

from pygames.core.bots import HeuristicBot, bot_rng
from pygames.core.match import Match
from pygames.core.record import Record
from pygames.core.rng import Rng
from pygames.k3.actions import Extend, Place, White, source_text
from pygames.k3.game import is_penalised
from pygames.k3.strategy import STRATEGY

SEED = "alpine-4821"


def K3Play(match: Match, seats: list[str], save_id: str = "test") -> Session:  # noqa: N802 (the old class name)
    return Session(match, list(seats), save_id, k3_view.View)


def render(play: Session) -> str:
    return screen.render(play)


def new_play(seats=("human", "heuristic"), players=2, moves=()) -> Session:
    record = Record.new("k3", {"players": players}, SEED)
    record.moves = list(moves)
    record.extras["seats"] = ",".join(seats)
    return K3Play(Match(record), list(seats), "test")


def arranged(players=2, seats=None) -> Session:
    seats = seats or ["human"] + ["heuristic"] * (players - 1)
    play = new_play(seats, players)
    for seat in range(players):
        play.apply_bot(STRATEGY.heuristic_action(play.game, seat, Rng(seat)))
    return play


attrs_of = plays.attrs_of


def test_mountain_slots_and_kinds_match_state_json():
    play = arranged()
    html = render(play)
    state = play.game.state_json()
    drawn = {a["data-slot"]: a["data-kind"] for a in attrs_of(html, "data-kind") if "data-slot" in a}
    assert drawn == state["mountain"]
    opened = sorted(a["data-slot"] for a in attrs_of(html, "data-open"))
    assert opened == sorted(state["open_slots"])


def test_pyramids_positions_and_kinds_match_state_json():
    play = arranged(players=3)
    html = render(play)
    state = play.game.state_json()
    for seat in range(3):
        mine = [a for a in attrs_of(html, "data-pos") if a["data-seat"] == str(seat)]
        drawn = {a["data-pos"]: a["data-kind"] for a in mine}
        assert drawn == state["pyramids"][seat]


def test_while_the_pyramids_are_built_every_labelled_picture_has_a_role():
    """The mountain's open slots are not buttons while the pyramids are built: labelled, they are pictures
    (a label on an element with no role is an axe violation, aria-prohibited-attr)."""
    html = render(new_play())
    slots = [a for a in attrs_of(html, "data-open") if "data-slot" in a]
    assert slots and all(a.get("role") == "img" and a.get("aria-label") for a in slots)
    for tag in re.findall(r"<(?:g|circle|rect|path|text)\b[^>]*aria-label=[^>]*>", html):
        assert " role=" in tag, tag


def test_accessible_pawns_are_keyboard_buttons_with_labels():
    play = arranged()
    html = render(play)
    mine = [a for a in attrs_of(html, "data-pos") if a["data-seat"] == "0"]
    buttons = [a for a in mine if a.get("role") == "button"]
    assert [a["data-pos"] for a in buttons] == ["5.0"]  # K3-R5: only the apex at the start
    apex = buttons[0]
    assert apex["tabindex"] == "0" and apex["data-accessible"] == "1"
    assert apex["aria-label"].endswith("pawn at the top of the pyramid, accessible")
    # the bot's pyramid is not clickable for seat 0
    assert all(a.get("role") != "button" for a in attrs_of(html, "data-pos") if a["data-seat"] == "1")


def test_selected_pawn_highlights_exactly_the_legal_slots():
    play = arranged()
    assert play.handle("pawn", {"seat": "0", "pos": "5.0"}) == CHANGED
    legal = {f"{a.slot[0]}.{a.slot[1]}" for a in play.game.legal_actions(0) if isinstance(a, Place)}
    html = render(play)
    marked = {a["data-slot"] for a in attrs_of(html, "data-legal")}
    assert marked == legal and legal
    for slot in attrs_of(html, "data-open"):  # only where the pawn can go is reachable by keys
        reachable = slot["data-slot"] in legal
        assert (slot["role"], slot.get("tabindex")) == (("button", "0") if reachable else ("img", None))
        assert slot["data-act"] == "slot"  # a click on any says what happens (or the engine's reason)
        assert re.fullmatch(r"open slot row \d+, slot \d+, on \w+ and \w+.*", slot["aria-label"])


def test_illegal_slot_shows_the_engine_message_and_keeps_state():
    play = arranged()
    game = play.game
    kind = game.pyramids[0][(5, 0)]
    legal = {a.slot for a in game.legal_actions(0) if isinstance(a, Place)}
    illegal = [s for s in game.open_slots() if s not in legal]
    if not illegal:
        pytest.skip("every open slot is legal for this apex")
    play.handle("pawn", {"seat": "0", "pos": "5.0"})
    before = len(game.history)
    assert play.handle("slot", {"slot": f"{illegal[0][0]}.{illegal[0][1]}"}) == CHANGED
    assert play.message.startswith("Not allowed: a ")
    assert "needs a" in play.message and k3_view.kind_name(kind) in play.message
    assert len(play.game.history) == before
    assert 'role="alert"' in render(play)


def test_click_pawn_then_legal_slot_plays_the_move():
    play = arranged()
    action = next(a for a in play.game.legal_actions(0) if isinstance(a, Place))
    play.handle("pawn", {"seat": "0", "pos": "5.0"})
    assert play.handle("slot", {"slot": f"{action.slot[0]}.{action.slot[1]}"}) == MOVED
    assert play.game.history[-1] == str(action)
    assert play.view.selected is None and play.message == ""
    assert 'data-move="3"' in render(play)


def test_covered_pawn_click_explains_why():
    play = arranged()
    play.handle("pawn", {"seat": "0", "pos": "0.0"})
    assert "covered by" in play.message and play.view.selected is None


def test_arrangement_editor_swaps_and_submits():
    play = new_play()
    draft = list(play.view.draft(0))
    assert play.handle("pawn", {"seat": "0", "pos": "0.0"}) == CHANGED
    assert 'class="pawn k-' in render(play) and play.view.pick == (0, 0)
    play.handle("pawn", {"seat": "0", "pos": "5.0"})
    draft[0], draft[-1] = draft[-1], draft[0]
    assert play.view.draft(0) == draft
    play.handle("auto", {})
    auto = "".join(play.view.draft(0))
    assert sorted(auto) == sorted(draft)
    assert play.handle("ready", {}) == MOVED
    assert play.game.history == [f"A:{auto}"]
    assert play.game.to_move() == [1]


def test_bot_turn_ignores_clicks_with_a_message():
    play = arranged(seats=["heuristic", "human"])
    if play.human_mover() is None:
        assert play.handle("slot", {"slot": "1.0"}) == CHANGED
        assert play.message.startswith("Wait:")


def test_penalty_take_by_clicking_victim_pawn():
    # find a game where seat 1 (human, 'all humans' table) is penalised: play random legal moves
    record = Record.new("k3", {"players": 2}, SEED)
    play = K3Play(Match(record), ["human", "human"])
    rng = Rng(7)
    for _ in range(400):
        game = play.game
        if game.phase == "penalty":
            break
        seat = game.to_move()[0]
        play.apply(game.random_action(seat, rng))
    assert play.game.phase == "penalty"
    game = play.game
    html = render(play)
    takeable = [a for a in attrs_of(html, "data-seat") if "takeable" in a.get("class", "")]
    assert takeable and all(a["data-seat"] == str(game.victim) for a in takeable)
    first = takeable[0]
    data = {"seat": first["data-seat"]}
    data.update({"pos": first["data-pos"]} if "data-pos" in first else {"beside": first["data-beside"]})
    # the pyramid acted on is marked to be drawn first and large on a phone (style.css); only while a human takes
    card = re.search(rf'<section class="([^"]*)" data-seat-card="{game.victim}"', html).group(1).split()
    assert "acting" in card and "victim" in card
    assert '<div class="seats seats-2 taking">' in html
    assert len(re.findall(r'class="seat-card[^"]*acting', html)) == 1
    assert play.handle("pawn", data) == MOVED
    assert play.game.history[-1].startswith("T:")
    html = render(play)
    assert "acting" not in html and " taking" not in html


def test_a_bots_penalty_is_not_drawn_as_the_players():
    play = play_until(lambda g: g.phase == "penalty" and g.to_move()[0] == 1, seats=("human", "heuristic"))
    html = render(play)
    assert 'class="seat-card victim' in html and "acting" not in html and " taking" not in html


def test_game_over_dialog_and_winner_text():
    record = Record.new("k3", {"players": 2}, SEED)
    play = K3Play(Match(record), ["human", "easy"])
    rng = Rng(3)
    while not play.game.is_over():
        play.apply(play.game.random_action(play.game.to_move()[0], rng))
    html = render(play)
    assert 'role="dialog"' in html and "Rematch same seed" in html and "New game" in html
    winner = play.game.winner
    assert ("You win!" if winner == 0 else "Player 2 (easy bot) wins!") in html
    play.handle("close-dialog", {})
    assert 'role="dialog"' not in render(play)


@pytest.mark.parametrize(("players", "coop"), [(3, False), (4, False), (3, True)])
def test_a_finished_games_screen_says_its_result(players, coop):
    """A finished game of medium bots at 3 and 4 players, and co-operative, opened as its link is:
    the screen says the engine's result in the page's names, and draws the final position."""
    record = Record.new("k3", {"players": players, "coop": coop}, f"det-{players}-{coop}")
    game = record.replay()
    while not game.is_over():
        seat = game.to_move()[0]
        game.apply(HeuristicBot().choose(game, seat, bot_rng(game, seat)))
    record.moves = list(game.history)
    record.extras["seats"] = ",".join(["heuristic"] * players)
    play = K3Play(Match(record), ["heuristic"] * players)
    html = render(play)
    assert play.game.is_over() and play.game.result().summary in html
    state = play.game.state_json()
    drawn = {a["data-slot"]: a["data-kind"] for a in attrs_of(html, "data-slot") if "data-kind" in a}
    assert drawn == state["mountain"]


def play_until(pred, seats=("human", "human"), players=2, tries=400) -> Session:
    """Random playouts (seeded) until ``pred(game)``: a position of a kind the test needs."""
    for t in range(tries):
        record = Record.new("k3", {"players": players}, f"find-{t}")
        play = K3Play(Match(record), list(seats))
        rng = Rng(t)
        while not play.game.is_over():
            if pred(play.game):
                return play
            game = play.game
            seat = game.to_move()[0]
            arranging = game.phase == "arrange"
            play.apply(STRATEGY.heuristic_action(game, seat, rng) if arranging else game.random_action(seat, rng))
    pytest.skip("no such position found")


def test_extension_ends_only_when_legal():
    play = arranged()
    assert "data-end=" not in render(play)  # open slots exist: no extension (K3-R19)
    play = play_until(lambda g: g.phase == "turn" and not g.open_slots())
    seat = play.mover()
    html = render(play)
    ends = attrs_of(html, "data-end")
    assert sorted(e["data-end"] for e in ends) == ["L", "R"]
    # no pawn chosen: nothing can go there yet, not reachable by keys; a click says why
    assert all(e["role"] == "img" and "tabindex" not in e and e["data-act"] == "end" and "data-legal" not in e
               for e in ends)
    src = next(a.src for a in play.game.legal_actions(seat) if isinstance(a, Extend))
    data = {"seat": str(seat)}
    data.update({"beside": src} if isinstance(src, str) else {"pos": f"{src[0]}.{src[1]}"})
    play.handle("pawn", data)
    assert all(e.get("data-legal") == "1" and (e["role"], e["tabindex"]) == ("button", "0")
               for e in attrs_of(render(play), "data-end"))
    assert play.handle("end", {"end": "L"}) == MOVED
    assert play.game.history[-1].startswith("X:") and play.game.history[-1].endswith(">L")


def test_white_pass_button_and_move_words():
    play = play_until(lambda g: g.phase == "turn" and any(isinstance(a, White) for a in g.legal_actions()))
    white = next(a for a in play.game.legal_actions() if isinstance(a, White))
    html = render(play)
    src = source_text(white.src)
    assert f'data-act="white" data-src="{src}"' in html and "Use white to pass" in html
    where = "beside your pyramid" if isinstance(white.src, str) else k3_words.pyramid_place(play.game, white.src)
    assert f"Use white to pass <small>({where})</small>" in html
    assert " position " not in visible_words(html.split('id="btn-white-', 1)[1].split("</button>", 1)[0])
    assert play.handle("white", {"src": src}) == MOVED
    html = render(play)
    assert "passed with a white" in html and f"W:{src}" in html


def test_describe_move_words():
    """A placement in words names the row (numbered beside the mountain) and the slot counted from the left,
    not the notation's column, which starts where the base began."""
    game = arranged().game
    place = next(a for a in game.legal_actions() if isinstance(a, Place))
    words = k3_view.describe_move(game, str(place))
    kind = k3_view.kind_name(game.pyramids[0][(5, 0)])
    row, col = place.slot
    assert words.startswith(f"{kind} to row {row}, slot {col + 1} from the left")
    assert ("penalty" in words) == is_penalised(*game.supports(place.slot))
    assert f"{row}.{col}" not in words


def test_a_slot_is_counted_from_the_left_end_of_the_extended_base():
    """After the base is extended to the left its first column is -1 in the notation: the slot on it and
    its right neighbour is still the first of its row on the board."""
    play = arranged()
    game = play.game
    game.mountain[(0, -1)] = "B"  # the base extended to the left (K3-R19)
    game.left = -1
    assert k3_words.slot_words(game, (1, game.left)) == (1, 1)
    assert k3_words.slot_words(game, (1, game.left + 2)) == (1, 3)
    html = render(play)
    labels = re.search(r'<g class="row-labels" aria-hidden="true">(.*?)</g>', html).group(1)
    top = max(8, game.right - game.left)  # 9: the extended base makes the mountain one row higher
    assert top == 9 and re.findall(r">(\d+)</text>", labels) == [str(r) for r in range(1, top + 1)]  # row 0 is the base


def test_the_white_button_says_where_the_white_is_as_the_pyramid_shows_it():
    game = arranged().game
    assert k3_words.pyramid_place(game, (5, 0)) == "at the top of your pyramid"
    assert k3_words.pyramid_place(game, (0, 0)) == "in your pyramid, row 1 from the bottom, pawn 1 from the left"
    assert k3_words.pyramid_place(game, (2, 3)) == "in your pyramid, row 3 from the bottom, pawn 4 from the left"


def visible_words(html: str) -> str:
    """The text a player reads (tags, and so attributes such as aria-pressed, left out)."""
    return re.sub(r"<[^>]*>", " ", html)


TOUCH_WORDS = re.compile(r"\b(click\w*|press\w*|keys?)\b", re.IGNORECASE)


def test_words_by_input_arranging():
    """On a touch screen the hint and notices say "tap", at a desk "click" and "press"."""
    play = new_play()
    desk = render(play)
    assert "Click a pawn, then another, to swap them" in desk and "Press Ready" in desk
    assert "(click or drag a pawn onto another to swap them)" in desk
    play.touch = True
    html = render(play)
    assert "Tap a pawn, then another, to swap them" in html and "Tap Ready when you are happy" in html
    assert "(tap or drag a pawn onto another to swap them)" in html
    assert TOUCH_WORDS.findall(visible_words(html)) == []
    play.handle("pawn", {"seat": "1", "pos": "0.0"})  # the other seat's pyramid
    assert play.message == "Arrange your own pyramid: tap one of its pawns, then another to swap them."
    play.handle("white", {})
    assert play.message == "Player 1 (you) first arranges their pyramid, then taps Ready."
    assert TOUCH_WORDS.findall(visible_words(render(play))) == []


def test_words_by_input_in_a_whole_game():
    """On a touch screen no hint, notice, board or panel of a whole game (3 players, penalties, whites, the
    base extended) says "click", "press" or "keys"."""
    play = new_play(("human", "human", "human"), players=3)
    play.touch = True
    rng = Rng(4)
    phases = set()
    while not play.game.is_over():
        game = play.game
        phases.add(game.phase)
        seat = game.to_move()[0]
        taps = [("slot", {"slot": "1.0"})]  # a slot with no pawn chosen (or no slot to use now): a notice
        if game.phase != "penalty":  # (in a penalty, a tap on a pawn of another seat may take it)
            taps.append(("pawn", {"seat": str((seat + 1) % 3), "pos": "0.0"}))
        for act, data in taps:
            assert play.handle(act, data) != MOVED
            view, state = play.view, play.visible_state()
            words = f"{view.hint()} {play.message} {view.board(state, seat)} {view.controls(state, seat)}"
            assert TOUCH_WORDS.findall(visible_words(words)) == [], words
        play.view.reset()
        play.message = ""
        arranging = game.phase == "arrange"
        play.apply(STRATEGY.heuristic_action(game, seat, rng) if arranging else game.random_action(seat, rng))
    assert {"arrange", "turn", "penalty"} <= phases


def test_words_by_input_a_white_pawn_selected():
    play = arranged()
    play.game.pyramids[0][(5, 0)] = "W"
    play.touch = True
    play.handle("pawn", {"seat": "0", "pos": "5.0"})
    assert play.view.hint() == "A white pawn is used to pass: tap the white button, or choose another pawn."
    assert TOUCH_WORDS.findall(visible_words(render(play))) == []
    play.touch = False
    assert "press the white button" in play.view.hint()


def test_symbols_differ_per_kind_and_labels_name_colours():
    from games.k3 import pawns

    shapes = {pawns.SYMBOLS[k] for k in "BRKYGNW"}
    assert len(shapes) == 7
    assert "#0072B2" in pawns.pawn_shape("B") and "#D55E00" in pawns.pawn_shape("R")


def test_elimination_and_spare_white_are_announced():
    play = play_until(
        lambda g: len(g.elimination_order) == 1 and not g.is_over(), seats=("human",) * 3, players=3
    )
    out = play.game.elimination_order[0]
    html = render(play)
    assert f"Player {out + 1} cannot play and is out" in html
    assert "receives the spare white" in html  # K3-R21, first elimination with 3 players
    assert "eliminated (1st out)" in html and 'class="seat-card eliminated' in html


def test_selected_pawn_with_no_legal_slot_says_so():
    """K3-R15 in words: a pawn whose colour fits no open slot gets an explanation, not a silent board."""
    play = arranged()
    game = play.game
    game.pyramids[0][(5, 0)] = "R"
    game.mountain = {(0, c): k for c, k in enumerate("BBKKYYGGB")}  # no red, no natural
    game.beside[0] = ["W"]
    play.handle("pawn", {"seat": "0", "pos": "5.0"})
    assert play.view.selected == (5, 0)
    assert play.view.legal_targets() == (set(), [])
    assert play.view.hint().startswith("No open slot takes this red pawn")
    assert "No open slot takes this red pawn" in render(play)


def test_white_pawn_hint_does_not_contradict_itself():
    """A selected white pawn is for passing (K3-R14), never "needs a white pawn below it"; and
    when only whites can act, the prompt says so."""
    play = arranged()
    game = play.game
    game.pyramids[0][(5, 0)] = "W"
    play.handle("pawn", {"seat": "0", "pos": "5.0"})
    assert play.view.selected == (5, 0)
    assert "never placed on the mountain" in play.message
    hint = play.view.hint()
    assert "needs a" not in hint and "white button" in hint
    play.handle("deselect", {})
    assert play.view.hint().startswith("None of your pawns can go on the mountain now: pass with a white")
    assert "Choose one of your highlighted pawns" not in render(play)

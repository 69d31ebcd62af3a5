"""K2 view: whole games by clicks, the board = the engine's state on both sides, secret hands on one
device, the engine's reasons, the night's check, solo titles and this device's best score."""

from __future__ import annotations

import dataclasses
import json
import re
from html import unescape

import clicks
import games
import plays
import pytest
from games.k2 import best as k2_best
from games.k2 import view as k2_view
from plays import bot_moves, human_turns
from shell.contract.view import MOVED
from shell.model import new_game
from shell.model.saves import MemoryStorage
from shell.model.session import Session
from shell.screens import game as screen
from shell.screens.new_game import render_new_game

from pygames.core.bots import HeuristicBot, RandomBot, bot_rng
from pygames.core.match import Match
from pygames.core.record import Record
from pygames.core.rng import Rng
from pygames.k2.actions import Choose, End, Move, Rescue
from pygames.k2.actions import Play as PlayCard
from pygames.k2.data import CARDS, SPACES, TRACK
from pygames.k2.game import ACT, CHOOSE, OVER, RESCUE, TAKE

CODE = re.compile(r"\b(?:M[123]|R1[23]|R23|A[0-3])\b")


def new_play(seats=("human", "heuristic"), options=None, seed="k2-view", moves=(), device=None) -> Session:
    return plays.new_play("k2", k2_view.View, seats, options, seed, moves, device=device)


tags = plays.attrs_of



def click_action(play: Session, action) -> None:
    """Play ``action`` as a player would, with the clicks of tests/clicks.py."""
    before = plays.click_plan(play, action, clicks.k2(play.game, action),
                              lambda: screen.render(play, "http://x/#", True, False))  # the clicked element is shown
    assert len(play.game.history) == before + 1, (str(action), play.message)
    assert clicks.k2_same(action, play.game.history[-1]), (str(action), play.game.history[-1])


def human_decision(play: Session, seat: int, rng: Rng):
    game = play.game
    bot = HeuristicBot() if rng.below(3) else RandomBot()  # odd moves too: every kind of click
    return bot.choose(game.view(seat), seat, bot_rng(game, seat))


@pytest.mark.parametrize("players,options", [
    (3, {"side": "E"}),
    (2, {"side": "H", "weather": "WIN", "family": True}),
    (5, {"cap5": "easy", "first": 3}),
])
def test_whole_game_by_clicks_against_bots(players, options):
    """K2-R11..R39 from the page: every decision of seat 0 made by clicking."""
    play = new_play(("human",) + ("heuristic",) * (players - 1), options, seed=f"clicks-{players}")
    rng = Rng(players)
    kinds = set()
    for _game in human_turns(play, 3000):
        action = human_decision(play, 0, rng)
        kinds.add(type(action).__name__)
        click_action(play, action)
    assert play.game.is_over()
    assert {"Choose", "Play", "Move", "End"} <= kinds, kinds
    html = screen.render(play, "http://x/#", True, False)
    assert 'role="dialog"' in html and 'id="k2-scores"' in html
    result = play.game.result()
    for s in range(players):  # the breakdown: both climbers' VP and the score of every seat
        row = re.search(rf'<tr data-score-seat="{s}">(.*?)</tr>', html).group(1)
        assert f"<strong>{result.scores[s]}</strong>" in row


def drawn_state(html: str) -> dict:
    climbers = {t["data-climber"]: t["data-at"] for t in tags(html, "data-climber") if "data-at" in t}
    spaces = {t["data-space"] for t in tags(html, "data-space")}
    return {"climbers": climbers, "spaces": spaces}


# The font size of each text of the mountain (style.css): its box is estimated from it.
FONT = {"space-id": 13, "zone-name": 22, "zone-alt": 13, "zone-weather": 14}
TEXT = re.compile(r'<text class="(space-id|zone-name|zone-alt|zone-weather)[^"]*" x="([-\d.]+)" y="([-\d.]+)"[^>]*>'
                  r"([^<]*)</text>")
GROUP = re.compile(r'<g class="k2-(?:cost-)?badge" data-of="(\w+)"[^>]*translate\(([-\d.]+) ([-\d.]+)\)"[^>]*>'
                   r"(.*?)</g>")
SHAPE = re.compile(r'<(circle|rect) class="(\w+)[^"]*"([^>]*)/>')


def number(markup: str, name: str) -> float:
    return float(re.search(rf' {name}="([-\d.]+)"', markup).group(1))


def badge_and_label_boxes(board: str) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Every badge and label the mountain draws, as (what, box): the entry costs (circles), the
    acclimatization modifiers and the costs of reaching a target (their boxes), the spaces' ids and
    the zones' labels (their text, at a width of 0.62 em a character, from 0.75 em above the baseline to
    0.15 em below: capitals and figures)."""
    out = []
    for sid, gx, gy, body in GROUP.findall(board):
        gx, gy = float(gx), float(gy)
        for tag, cls, rest in SHAPE.findall(body):
            if tag == "circle":
                cx, cy, r = gx + number(rest, "cx"), gy + number(rest, "cy"), number(rest, "r")
                box = (cx - r, cy - r, cx + r, cy + r)
            else:
                x, y = gx + number(rest, "x"), gy + number(rest, "y")
                box = (x, y, x + number(rest, "width"), y + number(rest, "height"))
            out.append((f"{cls} of {sid}", box))
    for cls, x, y, text in TEXT.findall(board):
        size, x, y, text = FONT[cls], float(x), float(y), unescape(text)
        width = 0.62 * size * len(text)
        left = x - width / 2 if cls == "space-id" else x  # (ids are centred on x)
        out.append((f"{cls} {text}", (left, y - 0.75 * size, left + width, y + 0.15 * size)))
    return out


@pytest.mark.parametrize("side", ["E", "H"])
def test_no_two_badges_or_labels_of_the_mountain_overlap(side: str) -> None:
    """With every space a target (its cost of reaching it shown in green), each space's entry
    cost (yellow, K2-R18), acclimatization modifier (K2-R32) and id, and each zone's label with the
    most weather it can show, are drawn where no two of them overlap ("E02" next to a "−2" read as
    "2"), inside the picture."""
    from games.k2 import layout, mountain
    from games.k2.marks import Target

    from pygames.k2.data import Day

    play = new_play(("human", "heuristic"), {"side": side}, seed="badges")
    state = play.game
    marks = dataclasses.replace(play.view.marks(0), acting=0, targets=tuple(
        (sid, Target((sid,), 9, 1, (0, 0, 0))) for sid in state.spaces))
    state.today = lambda: Day(3, 2, 0, 3)  # every zone hit: its label's longest
    board = mountain.mountain(state, marks, 0)
    boxes = badge_and_label_boxes(board)
    kinds = [what.split()[0] for what, _box in boxes]
    n = len(SPACES[side])
    assert kinds.count("cost") == n and kinds.count("reach") == n and kinds.count("space-id") == n
    assert kinds.count("acc") == sum(1 for sp in SPACES[side].values() if sp.acc)
    assert kinds.count("zone-name") == 4 and kinds.count("zone-weather") == 12
    zones = [i for i, (what, _b) in enumerate(boxes) if what.startswith("zone-")]
    x0, y0, width, height = layout.VIEW_BOX
    for i, (what, box) in enumerate(boxes):
        assert x0 <= box[0] and box[2] <= x0 + width and y0 <= box[1] and box[3] <= y0 + height, what
        for j in range(i + 1, len(boxes)):
            if i in zones and j in zones and (boxes[j][1][1] >= box[3] or boxes[j][1][0] >= box[2]):
                continue  # the lines of one zone's label, one below (or beside) the other
            assert layout.box_overlap(box, boxes[j][1]) == 0, (what, boxes[j][0])


@pytest.mark.parametrize("side,weather,players", [("E", "SUM", 3), ("H", "WIN", 4), ("E", "WIN", 5)])
def test_board_markup_is_the_engine_state_on_both_sides(side, weather, players):
    play = new_play(("human",) * players, {"side": side, "weather": weather}, seed=f"markup-{side}")
    rng = Rng(3)
    for _ in range(160):
        game = play.game
        seat = game.to_move()[0]
        play.apply(HeuristicBot().choose(game, seat, bot_rng(game, seat)) if rng.below(2) else
                   game.random_action(seat, rng))
    game = play.game
    play.holder = game.to_move()[0] if game.to_move() else 0
    html = screen.render(play)
    state = game.state_json()
    drawn = drawn_state(html)
    assert drawn["spaces"] == set(SPACES[side])  # every space of this side, none of the other
    expected = {f"{s}{c}": cl["space"] for s, team in state["climbers"].items() for c, cl in team.items()
                if cl["alive"]}
    assert drawn["climbers"] == expected
    board = re.search(r'<svg class="k2-board side-[EH]".*?</svg>', html, re.S).group(0)
    for sid, sp in SPACES[side].items():
        group = re.search(rf'<g class="k2-space[^"]*"[^>]*data-space="{sid}"[^>]*>(.*?)</g>'
                          r'(?=<g class="k2-(?:space|tent|climber|cost|badge)|</svg>)', board, re.S)
        assert group, sid
        body = group.group(1)
        cap = game.cap(sid)
        if cap is not None:  # K2-R19/R45: a space's places are its capacity for this player count
            places = re.search(r'<path class="slot" d="([^"]*)"', body)  # a circle a place, in one path
            assert places and places.group(1).count("M") == cap, (sid, cap)
            assert '<text class="vp" y="' in body and f">{sp.vp}</text>" in body
        badges = re.search(rf'<g class="k2-badge" data-of="{sid}"[^>]*>(.*?)</g>', board, re.S)
        assert badges, sid
        cost = game.entry_cost(sid)
        # the cost circle shows today's cost (weather included), the modifier its sign (K2-R32)
        assert re.search(rf'<text class="cost-n" [^>]*>{cost}</text>', badges.group(1)), sid
        assert (f'>{sp.acc:+d}</text>'.replace("-", "−") in badges.group(1)) == bool(sp.acc), sid
    tents = {t["aria-label"] for t in tags(board, "aria-label") if t.get("class", "").startswith("k2-tent")}
    assert len(tents) == sum(1 for team in state["climbers"].values() for cl in team.values() if cl["tent"])
    assert html.count('class="day') == 18  # the day track
    track = TRACK[side]
    assert all(f'>{v}</text>' in html for v in track)  # the VP track of this side


def test_targets_are_the_engine_moves_with_their_cost():
    play = new_play(("human", "heuristic"), seed="targets")
    rng = Rng(2)
    seen_targets = 0
    for _ in range(400):
        bot_moves(play)
        game = play.game
        if game.is_over():
            break
        if game.phase == ACT and not game.unassigned:
            view = play.view
            for climber in game.on_board(0):
                view._select(0, climber)
                html = screen.render(play)
                ends = {a.path[-1] for a in game.legal_actions(0) if isinstance(a, Move) and a.climber == climber}
                drawn = {t["data-space"] for t in tags(html, "data-target")}
                assert drawn == ends
                for target in view.targets().values():
                    assert f"reachable for {climber}: costs {target.cost}, VP {target.vp}" in html
                    seen_targets += 1
        click_action(play, human_decision(play, 0, rng))
    assert seen_targets > 20


def test_refused_clicks_show_the_engine_reason():
    play = new_play(("human", "heuristic"), seed="reasons")
    bot_moves(play)
    game = play.game
    assert game.phase == CHOOSE and play.human_mover() == 0
    play.handle("choose", {})
    assert play.message == "Pick 3 cards first (you have picked 0)." and len(game.history) == 1
    for i in range(4):
        play.handle("hand", {"index": str(i)})
    assert "You have picked 3 cards" in play.message
    play.handle("choose", {})
    bot_moves(play)
    while play.game.phase != ACT or play.game.current != 0:
        game = play.game
        seat = game.to_move()[0]
        play.match.apply(HeuristicBot().choose(game, seat, bot_rng(game, seat)))
    play.handle("end", {})
    assert play.message.startswith("Not allowed: every revealed card must be assigned")
    assert play.message_rule == "K2-R16"
    html = screen.render(play)
    assert 'href="#rules/k2/' in html and "K2-R16" not in re.sub(r'data-rule="[^"]*"', "", html)
    play.handle("climber", {"climber": "A"})
    play.handle("space", {"space": "E27"})  # far away: the engine says why (K2-R18: too far, not "no rope")
    assert play.message.startswith("Not allowed: too far: E27 needs") and play.message_rule == "K2-R18"


def test_cards_show_their_exact_effect():
    play = new_play(("human", "human"), seed="cards")
    play.handle("handoff", {})
    html = screen.render(play)
    hand = play.game.hands[0]
    for i, code in enumerate(hand):
        button = re.search(rf'<button[^>]*id="k2-hand-{i}"[^>]*>(.*?)</button>', html, re.S).group(0)
        card = CARDS[code]
        effect = {"M": f"move {card.up}, up or down", "R": f"rope: {card.up} up or {card.down} down",
                  "A": f"level +{card.up} at once"}[card.kind]
        assert effect in button and f"risk {card.risk}" in button


def visible_codes(html: str) -> set[str]:
    return set(CODE.findall(html))


def test_no_other_human_hand_is_drawn_during_their_choice():
    """K2-R47/R48 on one device: the hand-off screen and the other human's choice show nothing of a
    hand or a choice that is not the viewer's (no card text, title or label), round after round."""
    play = new_play(("human", "human", "heuristic"), seed="secret-2")
    rounds = 0
    rng = Rng(9)
    while play.game.round <= 4 and not play.game.is_over():
        bot_moves(play)
        game = play.game
        target = play.handoff_seat()
        if target is not None:
            html = screen.render(play, "http://x/#k2?moves=zzlink", True, False)
            assert 'data-act="handoff"' in html and not visible_codes(html) and "zzlink" not in html
            play.handle("handoff", {})
            continue
        seat = play.human_mover()
        if game.phase == CHOOSE:
            rounds += 1
            other = 1 - seat
            html = screen.render(play, "http://x/#k2?moves=zzlink", True, False)
            cards = [t["id"] for t in tags(html, "id") if re.fullmatch(r"k2-hand-\d", t["id"])]
            assert len(cards) == len(game.hands[seat])  # only the viewer's hand is drawn
            public: set[str] = set()
            for g in play.match.snapshots:  # everything ever revealed, discarded or played is public
                for s in range(g.players):
                    public |= set(g.discard[s]) | set(g.revealed[s] or ())
            secret = (set(game.hands[other]) | set(game.pending[other] or ())) - set(game.hands[seat]) - public
            assert not (visible_codes(html) & secret), (visible_codes(html) & secret)
            if other in game.pending_index:  # the other's choice of this day: in the log, hidden
                n = game.pending_index[other] + 1
                entry = re.search(rf'<li data-move="{n}"[^>]*>.*?</li>', html).group(0)
                assert f"<code>s{other}: choose (hidden)</code>" in entry
            assert 'id="game-link"' not in html and 'id="link-hidden"' in html
            drawn = [t for t in tags(html, "data-hand-seat")]
            assert [t["data-hand-seat"] for t in drawn] == [str(seat)]
        click_action(play, human_decision(play, seat, rng))
    assert rounds >= 6  # two humans chose, round after round


def test_hot_seat_hides_each_hand_from_the_other():
    """The stand-in is exact: in seat 1's choice the markup holds seat 1's hand and not seat 0's."""
    for seed in ("hot-1", "hot-2", "hot-3"):
        play = new_play(("human", "human"), seed=seed)
        hands = [list(play.game.hands[0]), list(play.game.hands[1])]
        play.handle("handoff", {})
        choice = tuple(sorted(hands[0][:3], key=list(CARDS).index))
        assert play.apply(Choose(0, choice)) == MOVED
        html = screen.render(play, "http://x/#secret", True, False)
        assert "Pass the device to Blue" in html and not visible_codes(html)
        play.handle("handoff", {})
        html = screen.render(play, "http://x/#secret", True, False)
        faces = re.findall(r'<span class="code">(\w+)</span>', html)
        assert faces == hands[1]
        only0 = set(hands[0]) - set(hands[1])
        assert not (visible_codes(html) & only0), seed
        assert "s0: choose (hidden)" in html and "s0: choose " + " ".join(choice) not in html


def test_seat_0s_screen_holds_nothing_of_seat_1s_hidden_cards():
    """K2-R47/R48: a screen drawn for seat 0 is drawn from seat 0's view of the state. Deal
    seat 1 another hand (cards swapped with its draw pile, unseen by seat 0): seat 0's screen, with
    the board described, the legal moves and the log open, is the same to the byte, on day 1 and
    after nights."""
    for moves in (0, 14, 40):
        screens = []
        for swap in (False, True):
            play = new_play(("human", "heuristic"), seed="unseen-1")
            while len(play.game.history) < moves or play.human_mover() != 0:
                game = play.game
                seat = game.to_move()[0]
                play.match.apply(HeuristicBot().choose(game.view(seat), seat, bot_rng(game, seat)))
            game = play.game  # the full state, not yet drawn
            hand, pile = game.hands[1], game.draw[1]
            other = next(c for c in pile if c not in hand)
            assert hand and other
            if swap:
                i, j = 0, pile.index(other)
                hand[i], pile[j] = pile[j], hand[i]
                hand.sort(key=list(CARDS).index)
            play.legal_open = play.describe_open = play.log_all = True
            screens.append((tuple(hand), screen.render(play, "http://x/#", True, False)))
        (hand_a, html_a), (hand_b, html_b) = screens
        assert hand_a != hand_b and 'data-hand-seat="0"' in html_a
        assert html_a == html_b, moves


def test_night_panel_and_log_show_the_acclimatization_check():
    play = new_play(("human", "heuristic"), seed="night")
    rng = Rng(4)
    while play.game.round == 1:
        bot_moves(play)
        click_action(play, human_decision(play, 0, rng))
    bot_moves(play)
    html = screen.render(play)
    assert 'id="k2-night"' in html and "Night of day 1: acclimatization" in html
    log = " ".join(play.sentence(i)[1] for i in range(len(play.game.history)))
    assert "night of day 1:" in log and "day 2 begins" in log


def test_rescue_in_the_family_variant():
    """K2-R43: a dying climber of the human: the Z0 spaces with room are the targets; a click rescues."""
    found = None
    for n in range(60):
        record = Record.new("k2", {"players": 2, "family": True, "side": "H", "weather": "WIN"}, f"rescue-{n}")
        game = record.replay()
        rng = Rng(n)
        while not game.is_over() and game.phase != RESCUE:
            seat = game.to_move()[0]
            game.apply(RandomBot().choose(game, seat, rng) if game.phase != CHOOSE else game.random_action(seat, rng))
        if game.phase == RESCUE:
            found = (record, game)
            break
    assert found, "no rescue in 60 random games"
    record, game = found
    record.moves = list(game.history)
    seat = game.current
    seats = ["human" if s == seat else "heuristic" for s in range(2)]
    play = Session(Match(record), seats, "t", k2_view.View)
    html = screen.render(play)
    legal = {a.space for a in game.legal_actions(seat) if isinstance(a, Rescue) and a.space}
    assert {t["data-space"] for t in tags(html, "data-target")} == legal
    assert 'id="k2-letdie"' in html and "Rescue?" in html
    # the spaces it may go to are brought into view (board.js), once a rescue; a finger is told to tap
    assert f'data-k2-show="rescue-{len(game.history)}"' in html
    assert "Click a highlighted space below 6000 m" in html
    play.touch = True
    html = screen.render(play)
    assert "Tap a highlighted space below 6000 m" in html and "Tap a highlighted space on the mountain" in html
    assert not KEY_WORDS.search(visible_text(view_markup(play)))
    space = sorted(legal)[0]
    dying = game.dying[0][1]
    assert play.handle("space", {"space": space}) == MOVED
    assert play.game.history[-1] == f"s{seat}: rescue {dying} {space}"


def test_solo_early_end_title_and_best_on_this_device():
    """K2-R40..R42: a solo game ends when a climber dies; its title comes from the side/set table;
    the best score is kept on this device (the shell's ``device`` store), per side and weather."""
    device = MemoryStorage()
    finals = []
    for n in range(7, 19):  # solo-9 ends early (a climber dies on day 14)
        seed = f"solo-{n}"
        play = new_play(("human",), {"side": "H"}, seed=seed, device=device)
        rng = Rng(n)
        while not play.game.is_over():  # (moves as the move box plays them: the clicks are tested above)
            assert play.apply(human_decision(play, 0, rng)) is MOVED, play.message
        result = play.game.result()
        html = screen.render(play)
        assert f"{result.title}: {result.scores[0]} points" in html
        assert '<tr class="reached"><td>' + result.title in html
        dead = [c for c in "AB" if not play.game.climbers[0][c]["alive"]]
        if dead:  # K2-R41: the early end, the other climber's VP + 1
            other = "B" if dead == ["A"] else "A"
            assert "The expedition ended on day" in html
            assert result.scores[0] == (play.game.climbers[0][other]["vp"] if len(dead) == 1 else 1) + 1
        finals.append((result.scores[0], play.game.round, bool(dead)))
        best = json.loads(device.getItem(k2_best.BEST_KEY))["H/SUM"]
        assert best["score"] == max(f[0] for f in finals)
        words = "New best on this device" if best["seed"] == seed else "Best so far on this device"
        assert f"{words}: {best['score']}" in html
        if any(early for _s, r, early in finals if r < 18) and len(finals) >= 3:
            break
    assert any(early and r < 18 for _s, r, early in finals), finals


@pytest.mark.parametrize("side,weather,vp,title", [
    ("E", "SUM", (10, 10), "Himalayan climber"), ("E", "SUM", (10, 6), "Alpinist"),
    ("E", "WIN", (10, 7), "Himalayan climber"), ("H", "SUM", (8, 7), "Alpinist"),
    ("H", "WIN", (6, 4), "Tatra climber"), ("H", "WIN", (4, 5), "Sailor"),
])
def test_solo_titles_from_the_side_and_weather_table(side, weather, vp, title):
    """K2-R42: the title of a final score, and the table's row it reached."""
    play = new_play(("human",), {"side": side, "weather": weather}, seed="titles")
    game = play.game
    game.phase = OVER
    for c, points in zip("AB", vp, strict=True):
        game.climbers[0][c]["vp"] = points
    html = screen.render(play)
    assert f"{title}: {sum(vp)} points" in html and f'<tr class="reached"><td>{title}</td>' in html


@pytest.mark.parametrize("seat,words", [("human", "your climbers score 10 + 6 VP"),
                                        ("mcts", "the climbers score 10 + 6 VP")])
def test_solo_result_speaks_to_the_player_only_when_a_human_climbs(seat, words):
    """The result of a solo expedition says "your climbers" to the person who played it, not when a bot played
    it alone and the player watched."""
    play = new_play((seat,), seed="titles")
    game = play.game
    game.phase, game.round = OVER, 18
    for c, points in zip("AB", (10, 6), strict=True):
        game.climbers[0][c]["vp"] = points
    html = screen.render(play)
    assert "Alpinist: 16 points" in html and f"After 18 days {words}," in html


def test_a_bot_solo_game_keeps_no_best():
    device = MemoryStorage()
    play = new_play(("heuristic",), seed="solo-bot", device=device)
    bot_moves(play)
    assert play.game.is_over()
    assert "No finished solo game" in screen.render(play) and device.getItem(k2_best.BEST_KEY) is None


def test_new_game_form_has_every_option_with_help():
    html = render_new_game("k2", {"players": 5})
    assert html.count('data-seat-row="') == 5 and " hidden>" not in html
    for field in ("f-side", "f-weather", "f-cap5", "f-family", "f-first"):
        assert f'id="{field}"' in html
    for help_text in k2_view.View.option_help.values():
        assert help_text in html
    assert "E — easy side" in html and "Winter" in html
    record = new_game.parse_new_game("k2", {"players": "1", "seat0": "human", "seed": "s", "side": "H",
                                            "weather": "WIN", "cap5": "standard", "first": "0"})
    assert record.options == {"players": 1, "side": "H", "weather": "WIN", "cap5": "standard", "family": False,
                              "first": 0}


def test_zoom_and_keys():
    play = new_play(("human", "heuristic"), seed="zoom")
    bot_moves(play)
    html = screen.render(play)
    assert 'data-k2-zoom="0"' in html and 'data-keep-scroll="0"' in html and 'id="k2-zoom-out" aria-label' in html
    play.handle("zoom", {"zoom": "in"})
    play.handle("key", {"key": "+"})
    html = screen.render(play)
    assert 'data-k2-zoom="2"' in html and 'style="width:240%"' in html
    play.handle("key", {"key": "1"})
    play.handle("key", {"key": "2"})
    assert play.view.picked == [0, 1]
    play.handle("key", {"key": "Escape"})
    assert play.view.picked == []
    play.handle("zoom", {"zoom": "fit"})
    assert play.view.zoom == 0


def test_zoom_works_while_a_bot_thinks():
    """Zooming only changes how the board is shown: it needs no turn (a viewing act of the shell)."""
    play = new_play(("human", "heuristic"), seed="zoom-bot")
    play.thinking = 1
    play.handle("zoom", {"zoom": "in"})
    assert play.view.zoom == 1 and 'data-k2-zoom="1"' in screen.render(play)
    play.handle("key", {"key": "1"})  # choosing a card waits for the bot
    assert play.view.picked == []


def test_describe_words_and_move_labels():
    play = new_play(("human", "heuristic"), seed="words")
    rng = Rng(1)
    while play.game.round < 3:
        bot_moves(play)
        click_action(play, human_decision(play, 0, rng))
    log = [play.sentence(i)[1] for i in range(len(play.game.history))]
    assert any(s.startswith("chooses ") and "risk" in s for s in log)
    assert any("cards revealed:" in s for s in log)
    assert any(s.startswith("gives ") for s in log) and any(s.startswith("moves ") and "point" in s for s in log)
    game = play.game
    labels = [play.view.move_label(a) for a in game.legal_actions(game.to_move()[0]) or []]
    assert all(labels)


def test_rules_pages_and_question_mark_sections():
    sections = games.rules("k2")
    phases = {p for s in sections for p in s.phases}
    assert {CHOOSE, TAKE, ACT, RESCUE} <= phases


def test_bot_moves_while_a_human_watches_never_draw_the_bots_hand():
    play = new_play(("human", "heuristic", "heuristic"), seed="watch")
    for _ in range(40):
        game = play.game
        seat = play.bot_mover()
        if seat is None:
            if game.is_over():
                break
            click_action(play, human_decision(play, 0, Rng(1)))
            continue
        html = screen.render(play)
        faces = re.findall(r'<span class="code">(\w+)</span>', html)
        mine = list(game.hands[0]) + list(game.pending[0] or ()) + list(game.revealed[0] or ())
        assert sorted(faces) == sorted(mine) or game.phase != CHOOSE
        play.apply_bot(HeuristicBot().choose(game.view(seat), seat, bot_rng(game, seat)))


def test_over_game_shows_everything_and_the_link():
    play = new_play(("heuristic", "heuristic"), seed="all-bots")
    bot_moves(play)
    assert play.game.phase == OVER and play.viewer() is None and not play.link_hidden()
    html = screen.render(play, "http://x/#k2-final", False, False)
    assert 'data-link="http://x/#k2-final"' in html and "climbed highest" in html


def test_play_card_buttons_are_the_engine_plays():
    play = new_play(("human", "heuristic"), seed="assign")
    rng = Rng(3)
    checked = 0
    for _ in range(300):
        bot_moves(play)
        game = play.game
        if game.is_over():
            break
        if game.phase == ACT and game.unassigned:
            code = game.unassigned[0]
            play.handle("card", {"card": code})
            html = screen.render(play)
            enabled = {(t["data-climber"], t.get("data-dir", "")) for t in tags(html, "data-act")
                       if t["data-act"] == "assign" and "disabled" not in t}
            legal = {(a.climber, a.direction) for a in game.legal_actions(0)
                     if isinstance(a, PlayCard) and a.card == code and a.penalty == 0}
            assert enabled == legal
            checked += 1
            play.handle("card", {"card": code})  # unselect
        click_action(play, human_decision(play, 0, rng))
    assert checked > 5


def test_end_button_refusal_when_points_remain():
    """K2-R27: the turn cannot end while penalty points remain: the engine's reason."""
    for n in range(40):
        play = new_play(("human", "heuristic"), seed=f"points-{n}")
        rng = Rng(n)
        for _ in range(200):
            bot_moves(play)
            game = play.game
            if game.is_over() or (game.phase == ACT and game.current == 0 and game.points and not game.unassigned):
                break
            click_action(play, human_decision(play, 0, rng))
        game = play.game
        if game.phase == ACT and game.points and not game.unassigned and any(
                c in game.assigned for c in game.on_board(0)):
            assert play.handle("end", {}) != MOVED
            assert "penalty point" in play.message and play.message_rule == "K2-R27"
            assert End(0) not in game.legal_actions(0)
            return
    pytest.skip("no position with penalty points left found")


def test_the_board_described_in_words_for_the_viewer_only():
    play = new_play(("human", "human"), seed="describe")
    play.handle("handoff", {})
    lines = play.view.describe_board(play.visible_state(), 0)
    text = " ".join(lines)
    assert text.startswith("Day 1 of 18, summer weather, side E.") and "Risk tokens face up:" in text
    assert f"Your hand: {play.game.hands[0][0]} (" in text
    assert "Red: 2 VP; A on E00, level 1, 1 VP" in text
    assert " ".join(play.game.hands[1]) not in text


# -- a phone's words, the main button, the day's cards, the targets brought into view -----

KEY_WORDS = re.compile(r"\b(?:click|press|keys?)\b", re.I)


def visible_text(markup: str) -> str:
    """The text a player reads in some markup (its tags and attributes left out)."""
    return unescape(re.sub(r"<[^>]+>", " ", markup))


def view_markup(play: Session) -> str:
    """Everything K2's view puts on the screen for the seat looking: its hint, panels and board, and the
    notice it may have given."""
    view, state, seat = play.view, play.visible_state(), play.viewer()
    return " ".join((view.hint(), view.controls(state, seat), view.board(state, seat), play.message))


def test_a_game_by_taps_says_tap_and_never_click_press_or_keys():
    """On a touch screen (``Session.touch``), every K2 text seat 0 meets in a game (each hint, panel, the
    board and the notices, before each tap of each decision, in each phase) says "Tap" where a desk says
    "Click", and nothing asks for a key."""
    play = new_play(("human", "heuristic"), {"family": True, "side": "H", "weather": "WIN"}, seed="touch-1")
    play.touch = True
    rng = Rng(6)
    seen = set()
    play.handle("handoff", {})
    for _ in range(400):
        bot_moves(play)
        game = play.game
        if game.is_over() or game.round > 5:
            break
        if game.phase == CHOOSE:  # a fourth card: the notice says how to put one back
            for i in range(4):
                play.handle("hand", {"index": str(i)})
            assert play.message.startswith("You have picked 3 cards: tap one")
            text = visible_text(view_markup(play))
            assert not KEY_WORDS.search(text), KEY_WORDS.search(text)
            play.handle("deselect", {})
            play.message = ""
        action = human_decision(play, 0, rng)
        for act, data in clicks.k2(game, action):
            text = visible_text(view_markup(play))
            assert not KEY_WORDS.search(text), (game.phase, KEY_WORDS.search(text))
            seen.add(play.view.hint().split(" ")[0])
            play.handle(act, data)
    assert play.game.round > 5
    assert "Tap" in seen, seen


def test_a_desk_keeps_its_click_and_key_hints():
    play = new_play(("human", "heuristic"), seed="desk-1")
    bot_moves(play)
    assert play.view.hint().startswith("Click 3 cards (or press 1–6), then choose them.")
    play.touch = True
    assert play.view.hint().startswith("Tap 3 cards, then choose them.")


def turns_of_seat_0(seed: str, rounds: int = 4):
    """The play after each of seat 0's decisions in the act phase (and at its start), for ``rounds`` days."""
    play = new_play(("human", "heuristic"), seed=seed)
    rng = Rng(len(seed))
    while play.game.round <= rounds and not play.game.is_over():
        bot_moves(play)
        if play.game.phase == ACT and play.game.current == 0:
            yield play
        click_action(play, human_decision(play, 0, rng))


def test_end_turn_is_the_main_button_only_once_nothing_is_left_to_spend():
    """The "End turn" button is drawn as the primary button exactly when End is a legal action (all this
    day's cards given, K2-R16; no penalty point left to spend, K2-R27) and no movement is left that a move or a
    tent could spend (the engine's pools); else a plain button, still there to press (the engine's refusal says
    why; with movement left, it asks first)."""
    kinds = set()
    for play in turns_of_seat_0("end-1"):
        html = play.view.controls(play.visible_state(), 0)
        button = re.search(r'<button[^>]*id="k2-end"[^>]*>', html).group(0)
        legal = End(0) in play.game.legal_actions(0)
        left = clicks.k2_unspent(play.game, 0)
        assert play.view.unspent_movement() == left
        assert ('class="primary"' in button) == (legal and not left), (play.game.unassigned, play.game.points, left)
        kinds.add((legal, bool(left)))
    assert kinds >= {(True, False), (False, False), (True, True)}, kinds


def test_end_turn_with_movement_left_asks_first_and_a_typed_end_does_not():
    """With movement left that could be spent, "End turn" asks ("End the turn with 4 movement points
    unspent?", the number from the engine's pools), in a modal dialog whose Cancel (also Escape: data-escape)
    keeps the turn and whose "End turn" ends it; the notation typed in the move box ends it at once."""
    asked = 0
    play = new_play(("human", "heuristic"), seed="end-ask-2")
    rng = Rng(2)
    while not play.game.is_over():
        bot_moves(play)
        game = play.game
        left = clicks.k2_unspent(game, 0)
        if End(0) not in (game.legal_actions(0) or []) or not left:
            click_action(play, human_decision(play, 0, rng))
            continue
        moves = len(game.history)
        assert play.handle("end", {}) != MOVED and len(game.history) == moves
        html = screen.render(play, "http://x/#", True, False)
        dialog = re.search(r'<dialog[^>]*id="k2-end-dialog".*?</dialog>', html, re.S).group(0)
        assert "data-modal" in dialog and 'data-escape="end-cancel"' in dialog
        words = "movement point" if left == 1 else "movement points"
        assert f"End the turn with {left} {words} unspent?" in unescape(dialog)
        assert 'id="k2-end-cancel" autofocus' in dialog and 'id="k2-end-confirm"' in dialog
        assert play.handle("end-cancel", {}) != MOVED and len(game.history) == moves
        assert 'id="k2-end-dialog"' not in screen.render(play, "http://x/#", True, False)
        assert play.view.take_focus() == "#k2-end"  # back on the button
        if asked % 2:
            assert play.type_move(str(End(0))) == MOVED  # typed: no question
        else:
            play.handle("end", {})
            assert play.handle("end-confirm", {}) == MOVED
        assert play.game.history[moves] == str(End(0))
        assert 'id="k2-end-dialog"' not in screen.render(play, "http://x/#", True, False)
        asked += 1
        if asked == 2:
            return
    pytest.fail(f"only {asked} turns ended with movement left")


def hand_panel(controls: str) -> str:
    return re.search(r'<div class="panel k2-hand-panel.*?(?=<div class="panel |</div>\Z)', controls, re.S).group(0)


def test_this_days_cards_and_what_each_was_given_to_are_shown_in_one_place():
    """The player's revealed cards of the day are in one place, the turn's panel: each card given
    (to which climber, for what) and each still to give (a button); the hand's panel shows the hand only,
    under its own heading. In another player's turn, the hand's panel shows them the same way."""
    checked = given = 0
    for play in turns_of_seat_0("day-cards-1"):
        game = play.game
        html = play.view.controls(play.visible_state(), 0)
        turn = re.search(r'<div class="panel k2-turn".*?<h3>Your climbers', html, re.S).group(0)
        chips = re.findall(r'class="k2-chip kind-\w">(\w+)<', turn)
        plays = [p for p in game.plays if p["seat"] == 0]
        assert chips == [p["card"] for p in plays]
        for p in plays:
            assert f"given to {p['climber']}: " in turn
        buttons = {t["data-card"] for t in tags(turn, "data-act") if t["data-act"] == "card"}
        assert buttons == set(game.unassigned)
        assert sorted(chips + list(game.unassigned)) == sorted(game.revealed[0])
        hand = hand_panel(html)
        assert "This day’s cards" not in hand and "Revealed" not in hand
        assert re.findall(r'<span class="code">(\w+)</span>', hand) == list(game.hands[0])
        checked += 1
        given += len(plays)
    assert checked > 8 and given > 4
    # another player's turn: seat 0's cards of the day, given and to give, in its hand's panel
    play = new_play(("human", "heuristic"), {"first": 1}, seed="day-cards-2")
    rng = Rng(2)
    while not (play.game.phase == ACT and play.game.current == 1):
        bot_moves(play) if play.bot_mover() is not None else click_action(play, human_decision(play, 0, rng))
    html = play.view.controls(play.visible_state(), 0)
    hand = hand_panel(html)
    assert "This day’s cards" in hand and "To give: 3 cards" in hand
    assert sorted(re.findall(r'class="k2-chip kind-\w">(\w+)<', hand)) == sorted(play.game.revealed[0])
    assert re.findall(r'<span class="code">(\w+)</span>', hand) == list(play.game.hands[0])  # the hand's faces


def test_a_chosen_climber_asks_the_page_to_bring_its_targets_into_view():
    """Board.js scrolls the highlighted spaces into view when the board's frame carries a new
    ``data-k2-show``: each time a climber is chosen to move (its button, its key or its space), not on
    other renders (a move, a card given), and never without a target."""
    def token(play):
        found = re.search(r'data-k2-show="([^"]*)"', play.view.board(play.visible_state(), 0))
        return found.group(1) if found else None

    seen = []
    for play in turns_of_seat_0("show-1", rounds=6):
        game = play.game
        if play.view.climber_turn != (game.round, 0):
            assert token(play) is None  # no climber chosen this turn yet
        for climber in game.on_board(0):
            before = token(play)
            play.handle("climber", {"climber": climber})
            after = token(play)
            if play.view.targets():
                assert after is not None and after != before
                play.view.board(play.visible_state(), 0)  # drawn again: the same request, not a new one
                assert token(play) == after
                seen.append(after)
            else:
                assert after is None
    assert len(seen) > 5 and len(set(seen)) == len(seen)

"""One test or more per rule K2-R1..R48 (spec docs/rules/k2.md). Expected values come from the spec."""

from __future__ import annotations

import heapq
from collections import Counter

import pytest

from pygames.core.errors import RuleError
from pygames.core.rng import Rng
from pygames.k2 import rounds
from pygames.k2.data import CARDS, DECK, EDGES, SPACES, TRACK, WEATHER_SETS
from pygames.k2.game import ACT, CHOOSE, K2, OVER, RESCUE, TAKE, capacity, risk_value

from .helpers import all_cards, assert_refused, calm, cl, game, kill, place, pools, turn, weather


def cheapest(side: str) -> int:
    """Dijkstra over entry costs from base camp to the summit."""
    nbrs: dict[str, list[str]] = {}
    for a, b in EDGES[side]:
        nbrs.setdefault(a, []).append(b)
        nbrs.setdefault(b, []).append(a)
    start, goal = f"{side}00", max(SPACES[side])
    dist = {start: 0}
    heap = [(0, start)]
    while heap:
        d, s = heapq.heappop(heap)
        if s == goal:
            return d
        for t in nbrs[s]:
            nd = d + SPACES[side][t].cost
            if nd < dist.get(t, 10**9):
                dist[t] = nd
                heapq.heappush(heap, (nd, t))
    raise AssertionError("summit unreachable")


def reveal_all(g: K2, choices: dict[int, str]) -> None:
    for seat, cards in choices.items():
        g.hands[seat] = sorted(cards.split() + ["A0", "A0", "A0"], key=list(CARDS).index)
    for seat, cards in choices.items():
        g.apply(f"s{seat}: choose {cards}")


# -- 1. Components ----------------------------------------------------------------------------


def test_k2_r1_one_to_five_players() -> None:
    """K2-R1: 1-5 players."""
    for n in range(1, 6):
        assert game(n).players == n
    for n in (0, 6):
        with pytest.raises(RuleError, match="players"):
            game(n)


def test_k2_r2_per_player_material() -> None:
    """K2-R2: climbers A and B, two tents, an 18-card deck; a rescue card only in the family variant."""
    g = game(3)
    for s in range(3):
        assert set(g.climbers[s]) == {"A", "B"}
        assert all(c["tent"] is None for c in g.climbers[s].values())
        assert len(all_cards(g, s)) == 18
    assert g.rescue_card == [False] * 3
    assert game(3, family=True).rescue_card == [True] * 3


def test_k2_r3_shared_material() -> None:
    """K2-R3: 6 tiles per set (12), 20 risk tokens."""
    assert len(WEATHER_SETS["SUM"]) == len(WEATHER_SETS["WIN"]) == 6
    g = game(2)
    tokens = [v for v in g.risk_faceup if v is not None] + g.risk_stack
    assert Counter(tokens) == Counter({0: 4, 1: 11, 2: 5})


def test_k2_r4_board_model() -> None:
    """K2-R4 / §15: connected rope graphs, unique ranks; cheapest base-camp-summit path 24 (E), 28 (H)."""
    for side, count, edges in (("E", 28, 34), ("H", 30, 35)):
        spaces = SPACES[side]
        assert len(spaces) == count and len(EDGES[side]) == edges
        assert sorted(s.rank for s in spaces.values()) == list(range(count))
    assert cheapest("E") == 24
    assert cheapest("H") == 28


# -- 2. Setup -------------------------------------------------------------------------------------


def test_k2_r5_options() -> None:
    """K2-R5: side, weather set, players, 5-player capacity, family, first seat; suggested E with SUM."""
    g = game(2)
    assert (g.options["side"], g.options["weather"], g.options["family"], g.options["first"]) == ("E", "SUM", False, 0)
    h = game(5, side="H", weather="WIN", cap5="easy", family=True, first=3)
    assert h.side == "H" and h.tiles[0].startswith("WIN") and h.first == 3
    with pytest.raises(RuleError, match="first seat"):
        game(2, first=3)
    with pytest.raises(RuleError):
        game(2, side="X")


def test_k2_r6_players_start_on_base_camp() -> None:
    """K2-R6: both climbers on base camp, VP 1, level 1, no tents."""
    for side in ("E", "H"):
        g = game(3, side=side)
        for team in g.climbers:
            for c in team.values():
                assert (c["space"], c["vp"], c["level"], c["tent"]) == (f"{side}00", 1, 1, None)


def test_k2_r7_weather_setup() -> None:
    """K2-R7: the 6 tiles of the set shuffled; two face up (days 1-6), four face down; marker on day 1."""
    g = game(2, weather="WIN")
    assert sorted(g.tiles) == sorted(WEATHER_SETS["WIN"])
    assert g.visible_tiles() == 2 and g.round == 1
    state = g.state_json()
    assert state["weather"]["face_down"] == 4 and state["today"] == 1
    assert state["weather"]["tiles_face_up"] == g.tiles[:2]


def test_k2_r8_risk_setup() -> None:
    """K2-R8: 3 face-up tokens, 17 face down."""
    g = game(4)
    assert len(g.risk_faceup) == 3 and None not in g.risk_faceup and len(g.risk_stack) == 17


def test_k2_r9_cards_dealt() -> None:
    """K2-R9: each player draws 6 from its shuffled deck."""
    g = game(5)
    for s in range(5):
        assert len(g.hands[s]) == 6 and len(g.draw[s]) == 12
        assert sorted(g.hands[s] + g.draw[s]) == sorted(DECK)


def test_k2_r10_chance_order() -> None:
    """K2-R10: weather tiles, then risk tokens, then decks of seats 0..n-1, all from the seeded generator."""
    g = game(3, seed="order")
    rng = Rng("k2:order")
    tiles = list(WEATHER_SETS["SUM"])
    rng.shuffle(tiles)
    tokens = [0] * 4 + [1] * 11 + [2] * 5
    rng.shuffle(tokens)
    assert g.tiles == tiles
    assert g.risk_faceup == tokens[:3] and g.risk_stack == tokens[3:]
    for s in range(3):
        deck = list(DECK)
        rng.shuffle(deck)
        assert sorted(g.hands[s]) == sorted(deck[:6]) and g.draw[s] == deck[6:]


# -- 3. Round structure ---------------------------------------------------------------------


def random_game(players: int, seed: str, **options: object) -> K2:
    g = game(players, seed=seed, **options)
    rng = Rng(seed)
    while not g.is_over():
        g.apply(g.random_action(g.to_move()[0], rng), checked=False)
    return g


def test_k2_r11_eighteen_rounds_day_r() -> None:
    """K2-R11: 18 rounds; round r uses weather day r."""
    g = game(2, seed="r11")
    rng = Rng("r11")
    rounds = set()
    while not g.is_over():
        rounds.add(g.round)
        assert g.today() == g.day(g.round)
        g.apply(g.random_action(g.to_move()[0], rng), checked=False)
    if g.deaths_this_round == [] or g.active_seats():
        assert g.round == 18
    assert rounds <= set(range(1, 19))


def test_k2_r12_secret_simultaneous_choice() -> None:
    """K2-R12: every player with a climber commits 3 cards; revealed only when all have committed."""
    g = game(3)
    assert g.phase == CHOOSE and g.to_move() == [0, 1, 2]
    hand = g.hands[1]
    g.apply(f"s1: choose {' '.join(hand[:3])}")
    assert g.to_move() == [0, 2] and g.revealed == [None] * 3
    assert_refused(g, f"s0: choose {' '.join(g.hands[0][:2])}", "exactly 3")
    missing = next(c for c in CARDS if c not in g.hands[0])
    assert_refused(g, f"s0: choose {missing} {g.hands[0][0]} {g.hands[0][1]}", "K2-R12", "not in")
    g.apply(f"s0: choose {' '.join(g.hands[0][:3])}")
    g.apply(f"s2: choose {' '.join(g.hands[2][:3])}")
    assert all(r is not None for r in g.revealed) and g.phase in (TAKE, ACT)


def test_k2_r12_hand_of_three_committed_whole() -> None:
    """K2-R12: a hand of exactly 3 cards is committed automatically."""
    g = game(2)
    g.hands[0] = ["M1", "M2", "A1"]
    rounds.start_round(g)
    assert g.pending[0] == ("M1", "M2", "A1") and g.to_move() == [1]


def test_k2_r13_unique_highest_takes_and_slot_refills() -> None:
    """K2-R13: the unique highest risk value takes a face-up token; the top face-down token fills the slot."""
    g = game(2)
    reveal_all(g, {0: "M3 M2 M1", 1: "M1 A1 A2"})
    assert g.phase == TAKE and g.to_move() == [0]
    top, before = g.risk_stack[0], list(g.risk_faceup)
    assert_refused(g, "s0: play M3 A", "K2-R13")
    g.apply("s0: take 2")
    assert g.token[0] == before[1] and g.risk_faceup == [before[0], top, before[2]]
    assert len(g.risk_stack) == 16 and g.phase == ACT


def test_k2_r13_risk_value_counts_rope_up_value() -> None:
    """K2-R13 / D24: movement at face value, rope at its up value, acclimatization 0."""
    assert risk_value(["M3", "R23", "A3"]) == 5
    assert risk_value(["R13", "R12", "A2"]) == 2


def test_k2_r14_turn_order_from_first_player() -> None:
    """K2-R14: phase 3 runs from the first player clockwise."""
    g = game(3, first=2)
    reveal_all(g, {0: "M1 A1 A2", 1: "M1 A1 A2", 2: "M1 A1 A2"})  # tie: nobody takes a token
    assert g.phase == ACT and g.order == [2, 0, 1] and g.to_move() == [2]


def test_k2_r15_phase4_then_phase5() -> None:
    """K2-R15: after the last phase-3 turn the acclimatization check runs, then the end of round."""
    g = game(1)
    calm(g)
    turn(g, 0, ["A1", "A0", "A2"])
    g.apply("s0: play A1 A")
    g.apply("s0: play A0 A")
    g.apply("s0: play A2 B")
    g.apply("s0: end")
    assert cl(g, 0, "A")["level"] == 1 + 1 + 1 and cl(g, 0, "B")["level"] == 1 + 2 + 1
    assert g.round == 2 and g.phase in (CHOOSE, TAKE)


# -- 4. Cards and movement --------------------------------------------------------------------


def test_k2_r16_every_card_assigned_before_end() -> None:
    """K2-R16 / D6: all 3 cards must be assigned before the turn ends; moves may be interleaved."""
    g = calm(place(game(2), {0: {"A": ("E07", 3, 1)}}))
    turn(g, 0, ["M1", "M2", "A1"])
    g.apply("s0: play M2 A")
    assert_refused(g, "s0: end", "K2-R16", "M1", "A1")
    g.apply("s0: move A E06")  # interleaved with assignment
    g.apply("s0: play M1 B")
    g.apply("s0: play A1 B")
    assert_refused(g, "s0: play A1 A", "K2-R16")  # a card goes to exactly one climber
    g.apply("s0: end")


def test_k2_r17_card_effects_and_lost_points() -> None:
    """K2-R17: M adds to G, a rope card to U or D, A to the level at once; leftover points are lost."""
    g = calm(game(2))
    turn(g, 0, ["M3", "R13", "A2"])
    g.apply("s0: play M3 A")
    assert_refused(g, "s0: play R13 A", "K2-R17", "up (U) or down (D)")
    g.apply("s0: play R13 B D")
    assert pools(g, "A") == (0, 0, 3) and pools(g, "B") == (0, 3, 0)
    g.apply("s0: play A2 B")
    assert cl(g, 0, "B")["level"] == 3
    g2 = calm(game(2))
    turn(g2, 0, ["R12", "M1", "A1"])
    assert_refused(g2, "s0: play M1 A U", "only rope")
    g2.apply("s0: play R12 A U")
    assert pools(g2, "A") == (1, 0, 0)
    g.apply("s0: end")
    turn(g, 1, ["M1", "M1", "M1"])
    assert pools(g, "A") == (0, 0, 0)


def test_k2_r18_up_and_down_steps() -> None:
    """K2-R18: up steps from U and/or G, down steps from D and/or G, each paid in full."""
    g = calm(place(game(2), {0: {"A": ("E13", 3, 2)}}))
    turn(g, 0, ["R13", "M1", "A0"])
    g.apply("s0: play R13 A U")
    assert_refused(g, "s0: move A E12", "K2-R18", "down")  # U cannot pay a down step
    g.apply("s0: play M1 A")
    g.apply("s0: move A E18")  # up (rank 14 -> 16), cost 1 from U
    assert pools(g, "A") == (0, 0, 1)
    assert_refused(g, "s0: move A E13", "K2-R18", "costs 2")  # down, cost 2 > G=1
    assert_refused(g, "s0: move A E20", "K2-R18")  # up, cost 2 > G=1


def test_k2_r18_payment_order() -> None:
    """K2-R18: a step empties the matching pool before G and may combine pools."""
    g = calm(place(game(2), {0: {"A": ("E12", 3, 1)}}))
    turn(g, 0, ["R12", "M2", "A0"])
    g.apply("s0: play R12 A U")
    g.apply("s0: play M2 A")
    g.apply("s0: move A E13")  # up, cost 2: U=1 then G=1
    assert pools(g, "A") == (0, 0, 1)
    assert_refused(g, "s0: move A E14 E16", "K2-R18")  # E14 down 2 > G=1
    assert_refused(g, "s0: move A E99", "not a space")


def test_k2_r19_capacity_table() -> None:
    """K2-R19 / §15: capacity by zone and player count; solo uses the 2-player column; base camp unlimited."""
    table = {3: (1, 1, 1, 1, 1), 2: (1, 1, 2, 2, 2), 1: (2, 2, 2, 3, 3), 0: (2, 2, 3, 3, 4)}
    for zone, caps in table.items():
        for players, cap in zip((1, 2, 3, 4, 5), caps, strict=True):
            assert capacity(zone, players) == cap
    g = game(2)
    assert g.cap("E00") is None and g.has_room("E00")


def test_k2_r20_pass_through_full_space_but_not_end_there() -> None:
    """K2-R20: a move may pass through a full space, change direction and revisit; it cannot end on one."""
    g = calm(place(game(2), {1: {"A": ("E13", 3, 2), "B": ("E13", 3, 2)}, 0: {"A": ("E12", 3, 1)}}))
    turn(g, 0, ["M3", "M3", "A0"])
    g.apply("s0: play M3 A")
    g.apply("s0: play M3 A")
    assert_refused(g, "s0: move A E13", "K2-R20", "full")  # Z1, 2 players: cap 2, two others there
    assert_refused(g, "s0: move A E13 E14 E13", "full")
    back = g.copy()
    back.apply("s0: move A E13 E14")  # through the full E13, then down again
    assert cl(back, 0, "A")["space"] == "E14" and pools(back, "A") == (0, 0, 2)
    g.apply("s0: move A E13 E18")  # through the full E13 (up 2), on to E18 (up 1)
    assert cl(g, 0, "A")["space"] == "E18" and pools(g, "A") == (0, 0, 3)
    g.apply("s0: move A E19")  # D5: several moves in one turn while points remain
    assert cl(g, 0, "A")["space"] == "E19" and pools(g, "A") == (0, 0, 1)


def test_k2_r21_vp_on_entering_and_tracks() -> None:
    """K2-R21: VP = max(VP, space VP) on every entry, also in passing; VP never drops by moving."""
    g = calm(place(game(2), {0: {"A": ("E20", 6, 4)}}))
    turn(g, 0, ["M3", "M3", "M1"])
    for c in ("M3", "M3", "M1"):
        g.apply(f"s0: play {c} A")
    g.apply("s0: move A E22 E20")  # up into E22 (VP 5) and back down to E20 (VP 4)
    assert cl(g, 0, "A")["vp"] == 5 and cl(g, 0, "A")["space"] == "E20"
    assert TRACK["E"] == (1, 2, 3, 4, 5, 6, 7, 10) and TRACK["H"] == (1, 2, 3, 4, 5, 6, 7, 8, 10)
    assert sorted({s.vp for s in SPACES["E"].values()}) == list(TRACK["E"])
    assert sorted({s.vp for s in SPACES["H"].values()}) == list(TRACK["H"])


def test_k2_r22_summit_order() -> None:
    """K2-R22 / D16: a climber entering the summit with VP below 10 gets the next summit number."""
    g = calm(place(game(3), {0: {"A": ("E26", 6, 7)}, 1: {"A": ("E25", 6, 6)}}))
    turn(g, 0, ["M3", "M3", "M3"])
    for _ in range(3):
        g.apply("s0: play M3 A")
    g.apply("s0: move A E27 E26")  # enters the summit and leaves it again in one move
    assert cl(g, 0, "A")["summit"] == 1 and cl(g, 0, "A")["vp"] == 10
    g.apply("s0: move A E27")  # VP already 10: no new number
    assert cl(g, 0, "A")["summit"] == 1 and g.summit_next == 2
    g.apply("s0: end")
    turn(g, 1, ["M3", "M3", "A0"])
    g.apply("s1: play M3 A")
    g.apply("s1: play M3 A")
    cl(g, 0, "A")["space"] = "E26"  # seat 0 stepped down (hand-made): the summit is free
    g.apply("s1: move A E26 E27")  # through the full E26
    assert cl(g, 1, "A")["summit"] == 2
    assert g.scores() == [11, 11, 2] and g.ranking() == [[0], [1], [2]]  # K2-R39: lower number first


# -- 5. Tents -----------------------------------------------------------------------------------


def test_k2_r23_tent_cost_from_u_then_g_never_d() -> None:
    """K2-R23: cost of the space plus surcharge, from U first then G, never D; once per game."""
    g = calm(place(game(2), {0: {"A": ("E13", 3, 2)}}))
    turn(g, 0, ["R13", "R12", "M1"])
    g.apply("s0: play R13 A D")
    assert_refused(g, "s0: tent A", "K2-R23", "never d")  # E13 costs 2, D=3 does not count
    g.apply("s0: play R12 A U")
    g.apply("s0: play M1 A")
    g.apply("s0: tent A")
    assert cl(g, 0, "A")["tent"] == "E13" and pools(g, "A") == (0, 3, 0)
    g.apply("s0: move A E12")  # pitching then moving on (down, from D)
    assert_refused(g, "s0: tent A", "K2-R23", "once")


def test_k2_r24_tents_stay_and_share() -> None:
    """K2-R24 / D13: a tent never moves, stays after its climber dies; tents may share a space."""
    g = calm(place(game(2), {0: {"A": ("E13", 3, 2), "B": ("E13", 3, 2)}}))
    turn(g, 0, ["M2", "M2", "M2"])
    g.apply("s0: play M2 A")
    g.apply("s0: play M2 B")
    g.apply("s0: tent A")
    g.apply("s0: tent B")
    g.apply("s0: play M2 A")
    g.apply("s0: move A E14")
    assert g.state_json()["tents"] == {"E13": [0, 0]}
    kill(g, 0, "B")
    assert cl(g, 0, "B")["tent"] == "E13"


def test_k2_r25_shelter_plus_one_never_more() -> None:
    """K2-R25: +1 with at least one tent of its colour on its space, never more than +1; other colours' tents
    do not shelter."""
    g = calm(place(game(2), {0: {"A": ("E13", 3, 2), "B": ("E14", 3, 2)}}))
    cl(g, 0, "A")["tent"] = cl(g, 0, "B")["tent"] = "E13"
    cl(g, 1, "A")["tent"] = "E14"
    rounds.phase4(g)
    assert cl(g, 0, "A")["level"] == 4  # 3 + 0 (acc) + 1 (two own tents count once)
    assert cl(g, 0, "B")["level"] == 3  # seat 1's tent on E14 does not count


# -- 6. Risk tokens -----------------------------------------------------------------------------


def test_k2_r26_penalty_on_cards_and_levels() -> None:
    """K2-R26: penalty points lower a card when assigned (never below 0) or a level; 0 tokens do nothing."""
    g = calm(game(2))
    turn(g, 0, ["R13", "A1", "M1"], token=2)
    assert_refused(g, "s0: play A1 A -2", "K2-R26", "below 0")
    g.apply("s0: play R13 A D -2")  # the down value 3 becomes 1
    assert pools(g, "A") == (0, 1, 0) and g.points == 0
    g0 = calm(game(2))
    turn(g0, 0, ["M1", "M1", "M1"], token=0)
    assert g0.points == 0
    assert_refused(g0, "s0: play M1 A -1", "K2-R26", "only 0")


def test_k2_r27_obligation_and_targets() -> None:
    """K2-R27: the turn cannot end while points remain; only climbers assigned a card are targets;
    a level may drop below 1 in phase 3 (D8)."""
    g = calm(game(2))
    turn(g, 0, ["M1", "M1", "A0"], token=2)
    g.apply("s0: play M1 A")
    assert_refused(g, "s0: risk B 1", "K2-R27", "not been assigned")
    g.apply("s0: play M1 A")
    g.apply("s0: play A0 A")
    assert_refused(g, "s0: end", "K2-R27", "penalty")
    assert_refused(g, "s0: risk A 3", "K2-R26", "only 2")
    g.apply("s0: risk A 2")
    assert cl(g, 0, "A")["level"] == -1 and cl(g, 0, "A")["alive"]
    g.apply("s0: end")


def test_k2_r28_token_leaves_game_and_is_public() -> None:
    """K2-R28: the token leaves the game after phase 3; the token and how it was spent are public."""
    g = game(2)
    reveal_all(g, {0: "M3 M2 M1", 1: "A1 A2 A3"})
    value = g.risk_faceup[0]
    g.apply("s0: take 1")
    assert g.token_log[-1]["value"] == value
    if value:
        g.apply(f"s0: play M3 A -{value}")
        assert g.token_log[-1]["spent"] == [f"M3 -{value}"]
    tokens_left = len([v for v in g.risk_faceup if v is not None]) + len(g.risk_stack)
    assert tokens_left == 19
    view = g.view(1).state_json()
    assert view["tokens"] == g.state_json()["tokens"]


# -- 7. Weather -----------------------------------------------------------------------------------


def test_k2_r29_surcharge_up_and_down_and_tents() -> None:
    """K2-R29 / D22: the surcharge is added to each entry into an affected zone, up or down, and to tents."""
    g = place(game(2, weather="WIN"), {0: {"A": ("E19", 5, 4)}})
    weather(g, "WIN1", 1)  # a1 m1 Z1-Z3
    turn(g, 0, ["M3", "M3", "A0"])
    g.apply("s0: play M3 A")
    g.apply("s0: play M3 A")
    g.apply("s0: move A E18")  # down into Z1: 1 + 1
    assert pools(g, "A") == (0, 0, 4)
    assert_refused(g, "s0: move A E13 E12", "K2-R18")  # Z1 2+1, then Z0 2 (no surcharge): 5 > 4
    g.apply("s0: move A E13")
    assert pools(g, "A") == (0, 0, 1)
    assert_refused(g, "s0: tent A", "K2-R23", "costs 3")


def test_k2_r30_weather_progress() -> None:
    """K2-R30: the marker advances each round; after rounds 3, 6, 9, 12, 15 the next tile is revealed."""
    g = game(2)
    seen = []
    for r in range(1, 19):
        g.round = r
        seen.append((r, g.visible_tiles(), g.visible_days()[0], g.visible_days()[-1]))
    assert [v for _, v, _, _ in seen] == [2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 6, 6, 6]
    assert all(first == r and last == min(18, 3 * -(-r // 3) + 3) for r, _, first, last in seen)


# -- 8. Acclimatization ------------------------------------------------------------------------------


def test_k2_r31_level_unbounded_in_phase3() -> None:
    """K2-R31 / D9: levels may exceed 6 during phase 3."""
    g = calm(place(game(2), {0: {"A": ("E13", 5, 2)}}))
    turn(g, 0, ["A3", "A2", "A1"])
    for c in ("A3", "A2", "A1"):
        g.apply(f"s0: play {c} A")
    assert cl(g, 0, "A")["level"] == 11


def test_k2_r32_check_formula_and_cap() -> None:
    """K2-R32: L + acc + shelter - loss; above 6 becomes 6; below 1 dies."""
    g = place(game(2), {0: {"A": ("E21", 3, 5), "B": ("E13", 9, 2)}, 1: {"A": ("E19", 1, 4)}})
    weather(g, "SUM1", 2)  # a1 Z2-Z3
    rounds.phase4(g)
    assert cl(g, 0, "A")["level"] == 3 - 1 - 1
    assert cl(g, 0, "B")["level"] == 6  # 9 capped
    assert not cl(g, 1, "A")["alive"]  # 1 - 1 = 0 (Z1 not affected on day 2)


def test_k2_r33_death() -> None:
    """K2-R33: VP 1, summit number void, off the board (freeing its place), no more cards; the tent stays."""
    g = place(game(2), {0: {"A": ("E27", 1, 10)}, 1: {"A": ("E26", 5, 7)}})
    cl(g, 0, "A").update(summit=1, tent="E26")
    calm(g)
    rounds.phase4(g)
    a = cl(g, 0, "A")
    assert (a["alive"], a["vp"], a["summit"], a["space"], a["tent"]) == (False, 1, None, None, "E26")
    assert g.has_room("E27")
    assert "A" not in g.on_board(0)


def test_k2_r34_levels_first_then_deaths_from_first_player() -> None:
    """K2-R34 / D15: every level from the same state; deaths and rescues seat by seat from the first, A before B."""
    g = place(game(3, family=True, first=1), {s: {"A": ("E21", 0, 5), "B": ("E22", 0, 5)} for s in (0, 2)})
    calm(g)
    rounds.phase4(g)
    assert g.phase == RESCUE
    assert g.dying == [(2, "A"), (2, "B"), (0, "A"), (0, "B")]
    assert g.to_move() == [2]


# -- 9. End of round ----------------------------------------------------------------------------------


def test_k2_r35_end_of_round_steps() -> None:
    """K2-R35: played cards to the discard pile, first player passes on, marker advances, hands refill."""
    g = game(3, first=2)
    reveal_all(g, {0: "M1 A1 A2", 1: "M1 A1 A2", 2: "M1 A1 A2"})
    for seat in (2, 0, 1):
        for c in ("M1", "A1", "A2"):
            g.apply(f"s{seat}: play {c} A")
        g.apply(f"s{seat}: end")
    assert g.round == 2 and g.first == 0
    for s in range(3):
        assert sorted(g.discard[s]) == ["A1", "A2", "M1"]
        assert len(g.hands[s]) == 6 and len(g.draw[s]) == 9


def test_k2_r36_round_18_skips_phase5() -> None:
    """K2-R36: the game ends after phase 4 of round 18 (no discard, no first-player change)."""
    g = calm(game(1))
    g.round = 18
    weather(g, "SUM3", 3, round_=18)
    turn(g, 0, ["A1", "A0", "A2"])
    for c in ("A1", "A0", "A2"):
        g.apply(f"s0: play {c} A")
    g.apply("s0: end")
    assert g.phase == OVER and g.is_over() and g.round == 18 and g.first == 0
    assert g.discard[0] == [] and cl(g, 0, "A")["level"] == 1 + 3 + 1  # phase 4 ran


def test_k2_r37_refill_and_reshuffle() -> None:
    """K2-R37: draw up to 6 while the draw pile lasts; an empty hand reshuffles the discard pile and draws 6."""
    g = game(2)
    g.draw[0] = ["M1", "M2"]
    g.hands[0] = ["A1", "A2", "A3"]
    g.revealed = [("M3", "M3", "M1"), None]
    rounds.finish_round(g)
    assert sorted(g.hands[0]) == ["A1", "A2", "A3", "M1", "M2"] and g.draw[0] == []  # no reshuffle
    g2 = game(2)
    g2.hands[0], g2.draw[0] = [], []
    g2.discard[0] = list(DECK[:15])
    g2.revealed = [tuple(DECK[15:]), None]
    rounds.finish_round(g2)
    assert len(g2.hands[0]) == 6 and len(g2.draw[0]) == 12 and g2.discard[0] == []
    assert sorted(g2.hands[0] + g2.draw[0]) == sorted(DECK)


# -- 10. End and scoring ---------------------------------------------------------------------------


def test_k2_r38_score_dead_counts_one() -> None:
    """K2-R38 / D21: VP(A) + VP(B); a dead climber counts 1."""
    g = place(game(2), {0: {"A": ("E25", 4, 6), "B": ("E19", 4, 4)}, 1: {"A": ("E26", 4, 7)}})
    kill(g, 1, "A")
    assert g.scores() == [10, 2]


def test_k2_r39_ranking_summit_tie_break() -> None:
    """K2-R39 / D17: higher score first; among tied, a valid summit number ranks above, lower first;
    tied without one share."""
    g = place(game(4), {0: {"A": ("E27", 4, 10), "B": ("E13", 4, 2)}, 1: {"A": ("E26", 4, 10), "B": ("E14", 4, 2)},
                        2: {"A": ("E25", 4, 6), "B": ("E25", 4, 6)}, 3: {"A": ("E25", 4, 6), "B": ("E23", 4, 6)}})
    cl(g, 0, "A")["summit"], cl(g, 1, "A")["summit"] = 3, 2
    g.phase = OVER
    assert g.scores() == [12, 12, 12, 12]
    assert g.result().ranking == [[1], [0], [2, 3]]
    assert g.payoffs() == [0.0, 1.0, 0.0, 0.0]


# -- 11. Solo --------------------------------------------------------------------------------------------


def test_k2_r40_solo_two_player_caps_and_token_every_round() -> None:
    """K2-R40 / D11: solo uses 2-player capacities and takes a token every round, even with value 0."""
    g = game(1)
    assert g.cap("E13") == 2 and g.cap("E21") == 1 and g.cap("E26") == 1
    g.hands[0] = ["A0", "A1", "A2", "A3", "M1", "M2"]
    g.apply("s0: choose A0 A1 A2")
    assert g.phase == TAKE and g.to_move() == [0]


def test_k2_r41_solo_early_end() -> None:
    """K2-R41: in solo a death ends the game after that phase 4; score = other VP + 1."""
    g = place(game(1), {0: {"A": ("E21", 0, 5), "B": ("E19", 4, 4)}})
    calm(g)
    g.round = 4
    rounds.phase4(g)
    assert g.phase == OVER and g.scores() == [5] and g.result().summary.startswith("Solo score 5")


def test_k2_r42_solo_titles() -> None:
    """K2-R42: the rating table per side and weather set."""
    from pygames.k2.game import solo_title

    cases = {("E", "SUM"): {20: "Himalayan", 17: "Alpinist", 16: "Alpinist", 15: "Tatra", 11: "Tatra", 10: "Sailor"},
             ("E", "WIN"): {17: "Himalayan", 16: "Alpinist", 15: "Alpinist", 14: "Tatra", 10: "Tatra", 9: "Sailor"},
             ("H", "SUM"): {17: "Himalayan", 15: "Alpinist", 14: "Tatra", 10: "Tatra", 9: "Sailor"},
             ("H", "WIN"): {16: "Himalayan", 14: "Alpinist", 13: "Tatra", 10: "Tatra", 9: "Sailor", 2: "Sailor"}}
    for (side, weather_set), table in cases.items():
        for score, title in table.items():
            assert solo_title(score, side, weather_set).startswith(title), (side, weather_set, score)


# -- 12. Family variant --------------------------------------------------------------------------------


def test_k2_r43_rescue() -> None:
    """K2-R43 / D14: the owner may spend its card: Z0 space with room, level 1, VP back 4 track positions,
    summit number void, tent unchanged; the card leaves the game; in solo the game goes on."""
    g = place(game(1, family=True), {0: {"A": ("E27", 0, 10)}})
    cl(g, 0, "A").update(summit=1, tent="E26")
    calm(g)
    rounds.phase4(g)
    assert g.phase == RESCUE and g.to_move() == [0]
    legal = [str(a) for a in g.legal_actions(0)]
    assert "s0: rescue A E00" in legal and "s0: rescue A none" in legal and "s0: rescue A E13" not in legal
    assert_refused(g, "s0: rescue A E13", "K2-R43", "Z0")
    assert_refused(g, "s0: rescue B E05", "K2-R43", "dying climber is A")
    g.apply("s0: rescue A E05")
    a = cl(g, 0, "A")
    assert (a["space"], a["level"], a["vp"], a["summit"], a["tent"], a["alive"]) == ("E05", 1, 4, None, "E26", True)
    assert g.rescue_card == [False] and g.phase != OVER


def test_k2_r43_rescue_needs_room_and_can_be_declined() -> None:
    """K2-R43: the destination must have room; declining lets the climber die."""
    g = place(game(2, family=True), {0: {"A": ("E21", 0, 5)}, 1: {"A": ("E05", 3, 1), "B": ("E05", 3, 1)}})
    calm(g)
    rounds.phase4(g)
    assert_refused(g, "s0: rescue A E05", "K2-R43", "no room")
    g.apply("s0: rescue A none")
    assert not cl(g, 0, "A")["alive"] and g.rescue_card[0]


# -- 13. Five players -------------------------------------------------------------------------------


def test_k2_r44_capacity_option_fixed_for_the_game() -> None:
    """K2-R44: the 5-player capacity option is an option of the game (in its record), chosen before play."""
    from pygames.core.record import Record

    g = game(5, cap5="easy")
    assert "cap5=easy" in Record.of(g).to_fragment()
    assert Record.parse(Record.of(g).to_fragment()).replay().options["cap5"] == "easy"


def test_k2_r45_five_player_capacities() -> None:
    """K2-R45: standard Z2 2, Z3 1; easy Z2 3, Z3 2."""
    std, easy = game(5), game(5, cap5="easy")
    assert (std.cap("E21"), std.cap("E26"), std.cap("E13"), std.cap("E05")) == (2, 1, 3, 4)
    assert (easy.cap("E21"), easy.cap("E26"), easy.cap("E13"), easy.cap("E05")) == (3, 2, 3, 4)


# -- 14. Information -----------------------------------------------------------------------------------


def test_k2_r46_public_information_in_every_view() -> None:
    """K2-R46: board, levels, VP, summit numbers, first player, weather, risk row, tokens, revealed cards,
    discards, hand and draw counts are the same in every seat's view."""
    g = random_game(3, "r46")
    g2 = game(3, seed="r46b")
    rng = Rng("r46b")
    for _ in range(60):
        g2.apply(g2.random_action(g2.to_move()[0], rng), checked=False)
    for state in (g, g2):
        full = state.state_json()
        for seat in range(3):
            view = state.view(seat).state_json()
            for key in ("climbers", "tents", "first", "round", "today", "risk_faceup", "risk_facedown", "tokens",
                        "revealed", "plays", "discards", "hand_counts", "draw_counts", "committed", "weather",
                        "rescue_cards", "scores"):
                assert view[key] == full[key], key


def test_k2_r47_own_hand_and_hidden_choice() -> None:
    """K2-R47: a seat sees its own hand; its phase-1 choice stays hidden until all have committed and
    cannot change."""
    g = game(3)
    g.apply(f"s1: choose {' '.join(g.hands[1][:3])}")
    v0, v1 = g.view(0).state_json(), g.view(1).state_json()
    assert v0["hands"] == {"0": g.hands[0]} and "1" not in v0["pending"] and v0["committed"]["1"]
    assert v1["pending"]["1"] == list(g.pending[1])
    assert g.view(0).history == ["s1: choose (hidden)"] and g.view(1).history == g.history
    assert_refused(g, f"s1: choose {' '.join(g.hands[1][:3])}", "K2-R47", "cannot change")


def test_k2_r48_hidden_from_all() -> None:
    """K2-R48: draw-pile orders, face-down tokens and tiles are hidden: two states differing only there
    give identical views; the view carries no copy of the real generator."""
    a = game(2, seed="r48")
    b = a.copy()
    b.draw[0] = list(reversed(b.draw[0]))
    b.draw[1] = sorted(b.draw[1])
    b.risk_stack = list(reversed(b.risk_stack))
    b.tiles = b.tiles[:2] + list(reversed(b.tiles[2:]))
    b.rng = Rng("another future")
    for seat in (0, 1):
        va, vb = a.view(seat), b.view(seat)
        assert va.state_json() == vb.state_json()
        assert va.draw == vb.draw and va.risk_stack == vb.risk_stack and va.tiles == vb.tiles
        assert va.rng.state == vb.rng.state != a.rng.state
    # and the views of other seats' hands are canonical (a function of the unseen cards only)
    c = a.copy()
    c.hands[1], c.draw[1] = sorted(c.draw[1][:6]), c.hands[1] + c.draw[1][6:]
    assert a.view(0).state_json() == c.view(0).state_json() and a.view(0).hands == c.view(0).hands


def test_k2_r33_d12_seat_without_climbers_skips_phases_1_to_3() -> None:
    """K2-R33 / D12: a player with no climber on the board takes no part (no choice, no turn, no refill);
    when nobody has a climber left the rounds run out to the end of round 18 by themselves."""
    g = game(3)
    kill(g, 1, "A")
    kill(g, 1, "B")
    hand = list(g.hands[1])
    rounds.start_round(g)
    assert g.to_move() == [0, 2]
    g.apply(f"s0: choose {' '.join(g.hands[0][:3])}")
    g.apply(f"s2: choose {' '.join(g.hands[2][:3])}")
    if g.phase == TAKE:
        g.apply(g.legal_actions()[0])
    assert g.phase == ACT and g.order == [0, 2] and g.revealed[1] is None and g.hands[1] == hand
    h = game(2)
    for s in (0, 1):
        kill(h, s, "A")
        kill(h, s, "B")
    rounds.start_round(h)
    assert h.is_over() and h.round == 18 and h.scores() == [2, 2] and h.result().ranking == [[0, 1]]


FAR = "k2?v=1&players=2&seed=k2-far-1&moves=s0:+choose+M3+R23+A3~s1:+choose+M2+R23+A1~s0:+take+2~s0:+play+M3+A"


def test_k2_r18_a_space_out_of_reach_is_refused_as_too_far() -> None:
    """K2-R18: a space tapped on the board that no rope joins to the climber's is refused for
    the first reason a player understands: too far for the movement left (the least a walk there costs
    today, up and down), or, when a walk reaches it, the steps to take; a full space says so (K2-R20)."""
    from pygames.core.record import Record

    g = Record.parse(FAR).replay()
    assert pools(g, "A") == (0, 0, 3) and g.climbers[0]["A"]["space"] == "E00"
    assert_refused(g, "s0: move A E27", "K2-R18", "too far: E27 needs 24 movement from E00 (24 up, 0 down)",
                   "A has 3 left (U=0, D=0, G=3)")
    assert_refused(g, "s0: move A E05", "K2-R18", "too far: E05 needs 4 movement from E00 (3 up, 1 down)")
    assert_refused(g, "s0: move A E03", "K2-R18", "not joined by a rope", "e.g. E00 → E01 → E02 → E03")
    assert_refused(g, "s0: move A E01 E03", "K2-R18", "E01 and E03 are not joined by a rope")  # a typed path
    assert g.cheapest_way("E00", "E27") == (24, 24, 0)
    full = place(Record.parse(FAR).replay(), {1: {"A": ("E03", 1, None), "B": ("E03", 1, None)}})
    assert not full.has_room("E03", (0, "A"))
    assert_refused(full, "s0: move A E03", "K2-R20", "E03 is full")

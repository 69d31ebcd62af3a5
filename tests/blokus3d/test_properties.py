"""Property tests: random Blokus 3D playouts (every mode, structure and start seat) keep every invariant.

Hypothesis draws the options and a seed; placements are then chosen with the engine's ``Rng`` from
that seed, so each example is one reproducible game. ``derandomize=True`` keeps CI stable. The
checks recount everything from the log's placement texts, independently of the engine's arrays.
"""

from __future__ import annotations

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from pygames.blokus3d.data import COLOURS, CUBES_PER_COLOUR, PIECE_CODES
from pygames.blokus3d.game import Blokus3D, record_text, replay_text
from pygames.blokus3d.geometry import PIECE_SIZES
from pygames.core.errors import RuleError
from pygames.core.match import Match
from pygames.core.record import Record
from pygames.core.rng import Rng

PROPS = settings(derandomize=True, max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def games(draw: st.DrawFn) -> tuple[dict, str, int]:
    players = draw(st.integers(1, 4))
    options: dict = {"players": players}
    if players == 1:
        options["size"] = draw(st.sampled_from([3, 3, 4]))
        options["colours"] = draw(st.sampled_from(["BYRG", "BY", "RG"] if options["size"] == 4 else ["B", "G", "BY"]))
    else:
        options["structure"] = draw(st.sampled_from("ABCD"))
        k = players
        if players == 2 and draw(st.booleans()):
            options["colours"] = "BYRG"
            options["score"] = draw(st.sampled_from(["sum", "best"]))
            k = 4
        options["start"] = draw(st.integers(0, k - 1))
    seed = draw(st.integers(0, 2**32 - 1))
    return options, f"p{seed}", seed


def cubes_by_log(g: Blokus3D) -> dict[tuple[int, int, int], str]:
    """Every cube on the board, from the placement texts of the log."""
    cubes: dict[tuple[int, int, int], str] = {}
    for text in g.log:
        if text.endswith("-"):
            continue
        colour, rest = text[0], text.split(":")[1]
        for t in rest.split(","):
            c = (int(t[0]), int(t[1]), int(t[2]))
            assert c not in cubes, "B3D-R9(a): a piece overlaps a cube"
            cubes[c] = colour
    return cubes


def check_invariants(g: Blokus3D) -> None:
    cubes = cubes_by_log(g)
    lim = g.layout.limits
    heights = {}
    for (x, y, z) in cubes:
        heights[(x, y)] = max(heights.get((x, y), 0), z + 1)
    for c in range(100):
        x, y = c % 10, c // 10
        h = heights.get((x, y), 0)
        assert g.heights[c] == h, "heights match the cubes"
        assert h <= lim[c], "B3D-R8: heights within limits"
        assert all((x, y, z) in cubes for z in range(h)), "B3D-R9(c): the structure is a height map"
        if h:
            assert COLOURS[g.tops[c]] == cubes[(x, y, h - 1)]
    # cubes conserved: on the board plus in hand = 40 per colour in play
    for colour in g.colours:
        hand = g.hands[COLOURS.index(colour)]
        in_hand = sum(PIECE_SIZES[p] for p in range(len(PIECE_CODES)) if hand >> p & 1)
        on_board = sum(1 for v in cubes.values() if v == colour)
        assert on_board + in_hand == CUBES_PER_COLOUR
    # scores match a recount (B3D-R16)
    if not g.solitaire:
        for colour in g.colours:
            v = sum(1 for (x, y), h in heights.items() if cubes[(x, y, h - 1)] == colour)
            u = g.hands[COLOURS.index(colour)].bit_count()
            assert g.colour_scores()[colour] == v - u
    movers = g.to_move()
    assert g.over == (not movers)
    if not g.over and not g.solitaire:
        assert not g.out[g.current]
        assert g.legal_actions(movers[0]), "B3D-R13: a colour to move has a placement"


@PROPS
@given(games())
def test_random_playouts_keep_invariants(case: tuple[dict, str, int]) -> None:
    """Random playouts never crash; heights within limits; a height map; cubes conserved; scores recount;
    every listed placement passes ``check``; refusals change nothing; the record replays identically."""
    options, seed, n = case
    event(f"players={options['players']}, colours={options.get('colours', 'auto')}")
    g = Blokus3D.new(options, seed)
    rng = Rng(n)
    steps = 0
    while not g.is_over():
        seat = g.to_move()[0]
        actions = g.legal_actions(seat)
        assert len({str(a) for a in actions}) == len(actions), "no duplicate placement"
        action = actions[rng.below(len(actions))]
        if steps % 5 == 0:
            g.check(action)  # the fast list agrees with the rule-by-rule check
        g.apply(action)
        steps += 1
        if not g.is_over():  # the same placement again is refused (piece placed, or its cells taken)
            before = g.state_json()
            try:
                g.apply(str(action))
            except RuleError:
                pass
            else:
                raise AssertionError(f"{action} was accepted twice")
            assert g.state_json() == before
        check_invariants(g)
    event(f"placements >= 20: {len(g.history) >= 20}")
    result = g.result()
    assert result is not None and result.ranking
    assert sum(g.payoffs()) in (0.0, 1.0) or abs(sum(g.payoffs()) - 1.0) < 1e-9
    assert sorted(p for group in result.ranking for p in group) == list(range(g.players))
    # the record (decisions only) replays to the same state, directly and through Match
    record = Record.of(g)
    assert record.replay().state_json() == g.state_json()
    assert Record.parse(record.to_link("https://x/")).replay().state_json() == g.state_json()
    assert Match(record).game.state_json() == g.state_json()
    # the section-9 record with out events replays too
    again = replay_text(Blokus3D.new(options, seed), record_text(g))
    assert again.state_json() == g.state_json()

"""Mutated links of all four games never crash what the page does with a link: parse, replay,
each seat's view, the pictures and words, a move typed in the move box. Only RecordError and RuleError
come out, their messages short (at most link_fuzz.MAX_MESSAGE characters), and a link that is read is
written back the same. The long run (>= 10,000 links per game, with timings) is tests/bench/fuzz_bench.py.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .link_fuzz import EDITS, GAMES, PAYLOADS, Edit, all_moves, check_case, mutate, real_links

edits = st.builds(
    Edit,
    st.sampled_from(EDITS),
    st.integers(0, 10**6),
    st.integers(0, 10**6),
    st.one_of(st.sampled_from(PAYLOADS), st.text(max_size=6)),
)


@pytest.mark.parametrize("game", GAMES)
@settings(derandomize=True, max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_links_end_in_the_games_own_short_errors(game: str, data: st.DataObject) -> None:
    links, moves = real_links(game), all_moves(game)
    link = mutate(data.draw(st.sampled_from(links), "link"), data.draw(st.lists(edits, max_size=4), "edits"), moves)
    typed = data.draw(st.one_of(
        st.none(),
        st.sampled_from(moves),
        st.builds(mutate, st.sampled_from(moves), st.lists(edits, min_size=1, max_size=3)),
    ), "typed move")
    check_case(link, typed)


@pytest.mark.parametrize("game", GAMES)
def test_the_real_links_open_and_their_moves_are_typed(game: str) -> None:
    """The fuzz starts from links that open (otherwise it would only test refusals)."""
    outcomes = {check_case(link, None) for link in real_links(game)}
    assert outcomes == {"ok"}
    assert len(all_moves(game)) > 20


@pytest.mark.parametrize(
    "link, typed",
    [
        ("k3?v=1&players=2&seed=a&moves=P:4.0>1." + "9" * 5000, None),
        ("matterhorn?v=1&players=2&seed=a&moves=", "C:12." + "9" * 5000 + ",12.1"),
        ("k2?v=1&players=2&seed=a&moves=", "s0: take " + "9" * 5000),
        ("blokus3d?v=1&players=2&seed=a&moves=", "BL4:" + "9" * 5000),
        ("k3?v=1&players=2&seed=a&moves=", "A:" + "R" * 5000),
        ("k3?v=1&players=%C3%A4" + "9" * 5000 + "&seed=a&b%C3%A4d=1&moves=", None),
    ],
)
def test_known_bad_inputs_are_refused_shortly(link: str, typed: str | None) -> None:
    """Huge numbers in a link or a typed move, a huge option value."""
    assert check_case(link, typed) in ("parse: RecordError", "replay: RecordError", "move: RuleError")

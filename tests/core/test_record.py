"""Records and links (pygames/core/record.py) and the seeded generator (pygames/core/rng.py)."""

from __future__ import annotations

import pytest

from pygames.core.errors import RecordError
from pygames.core.record import Record
from pygames.core.rng import Rng
from pygames.k3.game import K3


def played_k3(players: int = 2, seed: str = "alpine 42", moves: int = 12, **options: object) -> K3:
    g = K3.new({"players": players, **options}, seed)
    rng = Rng(seed)
    while not g.is_over() and len(g.history) < moves:
        g.apply(g.random_action(g.to_move()[0], rng))
    return g


# -- round trips -----------------------------------------------------------------------------------


def test_fragment_form() -> None:
    rec = Record.new("k3", {"players": 3, "coop": True}, "alpine 42")
    rec.moves = ["A:RB", "P:5.0>1.3", "X:sN>L"]
    rec.extras = {"seats": "human,mcts"}
    assert rec.to_fragment() == (
        "k3?v=1&players=3&coop=1&seed=alpine+42&moves=A:RB~P:5.0>1.3~X:sN>L&seats=human,mcts"
    )
    # defaults other than players are left out
    assert Record.new("k3", {}, "s").to_fragment() == "k3?v=1&players=2&seed=s&moves="


@pytest.mark.parametrize("form", ["url", "hash", "bare"])
def test_link_round_trip(form: str) -> None:
    g = played_k3(3, coop=True, start=2)
    rec = Record.of(g, {"seats": "human,random,mcts"})
    link = rec.to_link("https://example.org/play/?x=1#old-fragment")
    assert link.startswith("https://example.org/play/?x=1#k3?")
    text = {"url": link, "hash": "#" + rec.to_fragment(), "bare": rec.to_fragment()}[form]
    back = Record.parse(text)
    assert back == rec
    assert back.replay().state_json() == g.state_json()


def test_replay_upto() -> None:
    g = played_k3(moves=10)
    rec = Record.parse(Record.of(g).to_link())
    assert rec.replay(0).history == []
    assert rec.replay(5).history == g.history[:5]
    assert rec.replay().history == g.history


@pytest.mark.parametrize(
    "seed", ["alpine 42", "a b>c", "x&y=z", "50%+1", "#hash?", "tilde~seed", "été / ß", "  spaced  "]
)
def test_seed_encoding_round_trip(seed: str) -> None:
    rec = Record.of(played_k3(seed=seed, moves=4))
    fragment = rec.to_fragment()
    assert " " not in fragment and "#" not in fragment
    assert Record.parse(fragment).seed == seed
    assert Record.parse("https://h/#" + fragment).replay().state_json() == rec.replay().state_json()


def test_percent_encoded_links_are_read() -> None:
    """Browsers may percent-encode '>' and spaces in a fragment: %3E and %20 read like '>' and '+'."""
    rec = Record.new("k3", {"players": 2}, "alpine 42")
    rec.moves = ["P:5.0>1.3", "T:4.1"]
    plain = rec.to_fragment()
    assert "seed=alpine+42" in plain and "P:5.0>1.3" in plain  # '>' stays readable, space is '+'
    encoded = plain.replace(">", "%3E").replace("+", "%20")
    assert Record.parse(encoded) == rec
    assert Record.parse(plain.replace(">", "%3e")) == rec
    assert Record.parse("K3?" + plain.partition("?")[2]).game == "k3"  # the game name is case-blind


# -- malformed links -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "holds no game"),
        ("https://example.org/play/#", "holds no game"),
        ("chess?v=1&players=2&seed=x", "unknown game 'chess'"),
        ("k3?v=1&players=2&moves=", "no seed"),
        ("k3?v=1&players=7&seed=x", "players must be at most 4"),
        ("k3?v=1&players=two&seed=x", "whole number"),
        ("k3?v=1&coop=maybe&seed=x", "coop must be 0 or 1"),
        ("k3?v=1&colour=red&seed=x", "no option 'colour'"),
        ("k3?v=1&seed=x&seed=y", "'seed' twice"),
        ("k3?v=1&players=2&players=3&seed=x", "'players' twice"),
        ("k3?v=2&seed=x", "rules version 2"),
        ("k3?v=1&seed", "no '=value'"),
        ("k3?v=1&seed=x&moves=A:B~~A:R", "empty move"),
    ],
)
def test_malformed_links(text: str, words: str) -> None:
    with pytest.raises(RecordError) as err:
        Record.parse(text).replay()
    assert words in str(err.value)


def test_start_seat_outside_the_game() -> None:
    with pytest.raises(RecordError) as err:
        Record.parse("k3?v=1&players=2&start=3&seed=x").replay()
    assert "start seat" in str(err.value)


@pytest.mark.parametrize("k", [1, 3, 7])
def test_illegal_move_at_index(k: int) -> None:
    g = played_k3(moves=10)
    rec = Record.of(g)
    rec.moves[k - 1] = "W:sW" if k > 2 else "A:" + "B" * 21
    with pytest.raises(RecordError) as err:
        Record.parse(rec.to_fragment()).replay()
    assert f"move {k} ({rec.moves[k - 1]}) cannot be played" in str(err.value)


def test_unreadable_move() -> None:
    rec = Record.of(played_k3(moves=3))
    rec.moves.append("Q:nonsense")
    with pytest.raises(RecordError) as err:
        Record.parse(rec.to_fragment()).replay()
    assert "move 4 (Q:nonsense)" in str(err.value) and "not a K3 action" in str(err.value)


def test_record_new_refuses_bad_options() -> None:
    with pytest.raises(RecordError, match="at least 2"):
        Record.new("k3", {"players": 1})
    with pytest.raises(RecordError, match="unknown game"):
        Record.new("go", {})


# -- the generator ---------------------------------------------------------------------------------


def test_rng_fixed_values() -> None:
    """Regression guard: CPython and Pyodide must produce exactly these numbers."""
    r = Rng("alpine-42")
    assert [r.next_u64() for _ in range(3)] == [
        6936965233086406505,
        4131433433713481921,
        18404491389780729990,
    ]
    r = Rng(0)  # the published SplitMix64 sequence for seed 0
    assert [r.next_u64() for _ in range(2)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4]
    r = Rng("k3:1")
    assert [r.below(10) for _ in range(10)] == [2, 5, 7, 5, 8, 7, 8, 4, 8, 8]
    assert r.random() == 0.39623047293993274
    items = list(range(10))
    Rng("x").shuffle(items)
    assert items == [7, 8, 6, 2, 5, 9, 0, 3, 4, 1]
    assert Rng("x").state == 3274422879871479876
    assert Rng("x").fork("a").next_u64() == 5611883992453084315


def test_rng_behaviour() -> None:
    a, b = Rng("same"), Rng("same")
    assert [a.next_u64() for _ in range(5)] == [b.next_u64() for _ in range(5)]
    c = a.copy()
    assert c.next_u64() == a.next_u64()
    state = a.state
    a.fork("label")
    assert a.state == state  # fork leaves the parent alone
    assert Rng(2**64 + 5).state == 5
    r = Rng(1)
    assert all(0 <= r.below(3) < 3 for _ in range(200))
    assert all(0.0 <= r.random() < 1.0 for _ in range(200))
    assert r.choice("abc") in "abc"
    with pytest.raises(ValueError):
        r.below(0)


def test_k3_setup_is_fixed_by_the_seed() -> None:
    """The whole K3 setup comes from Rng('k3:<seed>'): a regression guard on one base camp."""
    g = K3.new({"players": 2}, "alpine-42")
    assert "".join(g.mountain[(0, c)] for c in range(9)) == "GYBBKRGGK"
    assert "".join(g.dealt[0]) == "GBRYKBGYRGKYKGYRRNNWW"


# -- a link to a position: at=N ---------------------------------------------------------------------


def test_at_is_a_position_of_the_link_kept_in_its_text() -> None:
    g = played_k3(2, moves=12)
    rec = Record.of(g)
    rec.at = 3
    text = rec.to_fragment()
    assert text.endswith("&at=3")
    back = Record.parse(text)
    assert back.at == 3 and back.moves == list(g.history) and back.to_fragment() == text
    assert back.replay(back.at).history == list(g.history[:3])  # the position shown
    assert Record.parse(Record.of(g).to_fragment()).at is None  # no at: the last position
    for at in (0, len(g.history)):  # both ends are positions
        assert Record.parse(f"{Record.of(g).to_fragment()}&at={at}").at == at


@pytest.mark.parametrize("at", ["-1", "13", "abc", "", "1.5", "٣", "99999"])
def test_a_bad_at_is_refused_with_the_bounds(at: str) -> None:
    text = Record.of(played_k3(2, moves=12)).to_fragment() + f"&at={at}"
    with pytest.raises(RecordError, match="from 0 to 12"):
        Record.parse(text)

"""Malformed input ends in the game's own error with a short readable reason, never a crash."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from pygames.core.bots import make_bot
from pygames.core.errors import RecordError, RuleError, excerpt
from pygames.core.record import Record

NINES = "9" * 5000
CLI = [sys.executable, "-m", "pygames"]


@pytest.mark.parametrize(
    "link",
    [
        f"k3?v=1&players=2&seed=a&moves=P:4.0>1.{NINES}",
        f"k3?v=1&players=2&seed=a&moves=P:{NINES}.0>1.1",
        f"matterhorn?v=1&players=2&seed=a&moves=C:12.{NINES},12.1",
        f"k2?v=1&players=2&seed=a&moves=s{NINES}: end",
        f"k2?v=1&players=2&seed=a&moves=s0: take {NINES}",
        "k2?v=1&players=2&seed=a&moves=s0: take ²",  # a digit that is not a number
        f"blokus3d?v=1&players=2&seed=a&moves=BL4:{NINES}",
        f"k3?v=1&players={NINES}&seed=a&moves=",
        f"k3?v=1&players=2&seed=a&moves=A:{'R' * 5000}",
    ],
)
def test_huge_and_strange_numbers_are_the_games_own_error(link):
    """Numbers of the notation are at most 4 ASCII digits (pygames.core.errors.NUMBER); the reason
    repeats at most a short excerpt of what was typed."""
    with pytest.raises(RecordError) as error:
        Record.parse(link).replay()
    assert len(str(error.value)) < 400, str(error.value)[:500]


def test_an_unknown_option_name_is_shown_decoded_and_short():
    with pytest.raises(RecordError, match="'bäd'"):
        Record.parse("k3?v=1&players=2&seed=a&b%C3%A4d=1&moves=")
    with pytest.raises(RecordError) as error:
        Record.parse("k3?v=1&players=2&seed=a&" + "x" * 5000 + "=1&moves=")
    assert len(str(error.value)) < 200


def test_excerpt():
    assert excerpt("abc") == "'abc'"
    assert excerpt("a" * 100) == repr("a" * 39 + "…")
    assert excerpt("\x00\n") == repr("\x00\n")
    assert excerpt(12345, quote=False) == "12345"


def test_text_that_is_not_utf8_is_refused():
    with pytest.raises(RecordError, match="UTF-8"):
        Record.new("k3", {"players": 2}, "\udcff")
    with pytest.raises(RuleError):
        Record.new("k3", {"players": 2}, "a").replay().parse_action("P:\udcff")


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, errors="backslashreplace")


def test_cli_refuses_non_utf8_seeds_and_huge_moves_with_status_2():
    seed = subprocess.run([*CLI, "new", "k3", "--seed", b"\xff".decode("utf-8", "surrogateescape")],
                          capture_output=True, text=True, errors="backslashreplace")
    assert seed.returncode == 2 and "UTF-8" in seed.stderr and "Traceback" not in seed.stderr
    huge = run_cli("show", f"k3?v=1&players=2&seed=a&moves=P:4.0>1.{NINES}")
    assert huge.returncode == 2 and "Traceback" not in huge.stderr and len(huge.stderr) < 600


def test_a_seats_view_never_carries_the_seed():
    """K2-R48: the seed recreates every shuffle, so per-seat output must not print it."""
    link = "k2?v=1&players=2&seed=k2-oracle-6&moves="
    seat = run_cli("show", link, "--seat", "1", "--json")
    data = json.loads(seat.stdout)
    assert "seed" not in data and "k2-oracle-6" not in seat.stdout
    assert "k2-oracle-6" not in run_cli("show", link, "--seat", "1").stdout
    everything = json.loads(run_cli("show", link, "--seat", "all", "--json").stdout)
    assert everything["seed"] == "k2-oracle-6"
    k3 = json.loads(run_cli("show", "k3?v=1&players=2&seed=s&moves=", "--seat", "0", "--json").stdout)
    assert k3["seed"] == "s"  # open information: nothing to hide


def test_a_seats_view_shows_only_the_moves_the_seat_may_know():
    """K2-R47: seat 0's secret choice is not in seat 1's moves until every choice is made (show --seat 1)."""
    link = "k2?v=1&players=2&seed=k2-oracle-6&moves=s0:+choose+M2+M3+A3"
    seat = json.loads(run_cli("show", link, "--seat", "1", "--json").stdout)
    assert seat["moves"] == ["s0: choose (hidden)"]
    mine = json.loads(run_cli("show", link, "--seat", "0", "--json").stdout)
    assert mine["moves"] == ["s0: choose M2 M3 A3"]


LONG = "x" * 5000


@pytest.mark.parametrize(
    "args",
    [
        ["play", "k3?v=1&players=2&seed=a&moves=", "P:" + LONG],
        ["new", "k3", "--opt", LONG],
        ["new", "k3", "--players", NINES],
        ["new", "k3", "--opt", "players=" + NINES],
        ["new", LONG],
        ["show", "k3?v=1&players=2&seed=a&moves=", "--seat", LONG],
        ["show", "k3?v=1&players=2&seed=a&moves=", "--seat", "\u0663"],  # a digit that is not the notation's
        ["simulate", "k3", "--players", "2", "--bots", LONG],
        ["simulate", "k3", "--players", "2", "--bots", "mcts:i" + NINES],
        ["simulate", "k3", "--players", "2", "--bots", "mcts:inf"],
        ["simulate", "k3", "--players", "2", "--games", NINES],
    ],
)
def test_the_cli_quotes_what_was_typed_shortly(args):
    """Every refusal of the CLI repeats at most a short excerpt of what was typed."""
    done = run_cli(*args)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert len(done.stderr) < 600, done.stderr[:700]


@pytest.mark.parametrize("value", ["\u0663", "3_0", "0x3", "3.0", NINES, "-" + NINES, "", True])
def test_number_options_are_bounded_ascii_numbers(value):
    """Options read numbers like the notations do (errors.SIGNED_NUMBER): no Unicode digits, no huge values."""
    with pytest.raises(RecordError, match="whole number") as error:
        Record.new("k3", {"players": value}, "a")
    assert len(str(error.value)) < 200


def test_number_options_still_read_plain_numbers():
    assert Record.new("k3", {"players": "3"}, "a").options["players"] == 3
    assert Record.new("k3", {"players": " 4 "}, "a").options["players"] == 4
    assert Record.new("k3", {"players": 2}, "a").options["players"] == 2


def test_bot_specs_are_read_strictly():
    assert make_bot("mcts:250").budget_ms == 250.0
    assert make_bot("mcts:i50").max_iterations == 50
    for spec in ("mcts:inf", "mcts:nan", "mcts:1e3", "mcts:i" + NINES, "mcts:i5.5", "x" * 500):
        with pytest.raises(ValueError) as error:
            make_bot(spec)
        assert len(str(error.value)) < 120

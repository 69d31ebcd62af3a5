"""The dice value and set-aside function (MH-R14, R15, R16) against brute-force definitions, over every roll,
and the exact flop probability the heuristic bot uses (MH-R19) against brute-force enumeration."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import product

import pytest

from pygames.matterhorn.dice import aside_choices, dice_value, flop_probability, is_flop, reachable_values
from pygames.matterhorn.strategy import flop_chance

from .helpers import position


def brute_value(dice: tuple[int, ...]) -> int:
    """MH-R14 as written: add each die whose face no other die shows."""
    return sum(d for k, d in enumerate(dice) if all(d != e for j, e in enumerate(dice) if j != k))


@cache
def brute_choices(roll: tuple[int, ...]) -> frozenset[tuple[tuple[int, ...], int]]:
    """MH-R15: every subset of the physical dice set aside; equal faces are interchangeable."""
    out = set()
    for mask in range(1 << len(roll)):
        aside = tuple(sorted((roll[k] for k in range(len(roll)) if mask >> k & 1), reverse=True))
        left = tuple(roll[k] for k in range(len(roll)) if not mask >> k & 1)
        out.add((aside, brute_value(left)))
    return frozenset(out)


@pytest.mark.parametrize("k", [1, 2, 3, 4, 5])
def test_mh_r14_r15_every_roll_against_brute_force(k: int) -> None:
    """MH-R14/R15: all 6^k rolls: dice_value and every (set-aside, value) choice match the brute force."""
    for roll in product(range(1, 7), repeat=k):
        assert dice_value(roll) == brute_value(roll)
        sorted_roll = tuple(sorted(roll))
        choices = aside_choices(sorted_roll)
        brute = brute_choices(sorted_roll)  # depends on the multiset only: computed once per multiset
        assert len(choices) == len(set(choices)), "each set-aside listed once"
        assert set(choices) == brute
        assert reachable_values(sorted_roll) == {v for _, v in brute}


def test_aside_choice_count_is_product_of_counts() -> None:
    """Dice of equal value are interchangeable: a roll with face counts c1..cm has prod(ci + 1) set-asides."""
    for roll in [(5, 5, 6, 1, 1), (1, 2, 3, 4, 5), (2, 2, 2, 2, 2), (3, 3, 3, 5, 6)]:
        expected = 1
        for c in Counter(roll).values():
            expected *= c + 1
        assert len(aside_choices(tuple(sorted(roll)))) == expected


@cache
def brute_reachable(roll: tuple[int, ...]) -> frozenset[int]:
    return frozenset(v for _, v in brute_choices(tuple(sorted(roll))))


def brute_flop(k: int, usable: set[int]) -> Fraction:
    flops = sum(1 for roll in product(range(1, 7), repeat=k) if not (brute_reachable(roll) & usable))
    return Fraction(flops, 6**k)


@pytest.mark.parametrize(
    ("k", "usable"),
    [(5, set(range(5, 13))), (3, {5, 7, 9}), (2, {11, 12}), (1, {5, 6}), (4, {6}), (2, set()), (5, {12})],
)
def test_mh_r19_flop_probability_exact(k: int, usable: set[int]) -> None:
    """MH-R19: the flop chance over all 6^k outcomes equals the brute-force count."""
    assert flop_probability(k, usable) == brute_flop(k, usable)


def test_flop_chance_of_a_position() -> None:
    """The bot's flop chance uses the dice in play and the usable rows of the position (MH-R16)."""
    g = position(tokens=[(12, 0), (9, 0)], in_play=3, obstacles=[(5, 0), (5, 1), (5, 2)])
    assert g.usable_rows() == [11, 10, 8, 7, 6]
    assert flop_chance(g) == brute_flop(3, {11, 10, 8, 7, 6})
    assert flop_chance(g) == Fraction(sum(is_flop(r, [11, 10, 8, 7, 6]) for r in product(range(1, 7), repeat=3)),
                                      216)

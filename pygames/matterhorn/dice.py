"""The dice: value of a roll (MH-R14), set-aside choices (MH-R15, D6) and flop odds (MH-R16, MH-R19)."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from functools import cache, lru_cache
from itertools import combinations_with_replacement, product
from math import factorial
from typing import TYPE_CHECKING

from .data import FACES

if TYPE_CHECKING:  # pragma: no cover
    from fractions import Fraction

Aside = tuple[int, ...]  # set-aside face values, largest first (dice of equal value are interchangeable)


def dice_value(dice: Iterable[int]) -> int:
    """MH-R14: the sum of the dice whose face value occurs exactly once."""
    dice = list(dice)
    return sum(v for v in dice if dice.count(v) == 1)


@cache
def aside_choices(roll: tuple[int, ...]) -> tuple[tuple[Aside, int], ...]:
    """MH-R15/D6: every set-aside of a sorted roll (a sub-multiset) with the value of the dice left in play.

    Ordered by set-aside size, then by values (largest first); each set-aside appears once.
    """
    faces = sorted(set(roll), reverse=True)
    counts = [roll.count(f) for f in faces]
    out: list[tuple[Aside, int]] = []
    for take in product(*(range(c + 1) for c in counts)):
        aside: list[int] = []
        value = 0
        for face, count, t in zip(faces, counts, take, strict=True):
            aside.extend([face] * t)
            if count - t == 1:
                value += face
        out.append((tuple(aside), value))
    out.sort(key=lambda item: (len(item[0]), [-v for v in item[0]]))
    return tuple(out)


@cache
def reachable_values(roll: tuple[int, ...]) -> frozenset[int]:
    """Every value a sorted roll can give by setting dice aside (MH-E6)."""
    return frozenset(v for _, v in aside_choices(roll))


def is_flop(roll: Iterable[int], usable: Collection[int]) -> bool:
    """MH-R16/R19: no set-aside of the roll gives a usable value."""
    return reachable_values(tuple(sorted(roll))).isdisjoint(usable)


@cache
def _weighted_rolls(k: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The sorted rolls of k dice with how many of the 6^k ordered outcomes show each."""
    out = []
    for roll in combinations_with_replacement(range(1, FACES + 1), k):
        weight = factorial(k)
        for f in set(roll):
            weight //= factorial(roll.count(f))
        out.append((roll, weight))
    return tuple(out)


@lru_cache(maxsize=4096)
def _flop_count(k: int, usable: frozenset[int]) -> int:
    return sum(w for roll, w in _weighted_rolls(k) if reachable_values(roll).isdisjoint(usable))


def flop_probability(k: int, usable: Iterable[int]) -> Fraction:
    """The exact chance that rolling k dice gives no usable value (all 6^k outcomes counted)."""
    from fractions import Fraction  # here: importing it costs ~25 ms in Pyodide, and only odds need it

    return Fraction(_flop_count(k, frozenset(usable)), FACES**k)

"""Matterhorn actions and their notation (spec §8, MH-A1..A7).

Circles are written ``n.i``, the summit ``S``; a set-aside is its face values, largest first
(``51``), or ``-`` when nothing is set aside.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core.errors import NUMBER, NotationError, excerpt
from ..core.i18n import _
from .data import SUMMIT, Pos

Spot = Pos | str  # a circle, or the summit "S"


def spot_text(spot: Spot) -> str:
    """``(5, 1)`` -> ``5.1``; the summit -> ``S``."""
    if isinstance(spot, str):
        return spot
    return f"{spot[0]}.{spot[1]}"


def circle_of(pos: Pos) -> dict[str, int]:
    """A circle as the board shows it: its row (numbered beside the mountain) and its place in the row,
    counted from the left from 1 (the notation's ``7.0`` is row 7, circle 1). The one place this mapping
    lives: refusals, move words and the page's labels use it."""
    return {"row": pos[0], "n": pos[1] + 1}


def circle_words(pos: Pos) -> str:
    """"row 8, circle 1": a circle as the board labels it."""
    return _("row {row}, circle {n}").format(**circle_of(pos))


def circle_name(pos: Pos) -> str:
    """A circle in a refusal: as the board labels it, with the notation a player may have typed beside it
    ("row 8, circle 1 (notation 8.0)")."""
    return _("{place} (notation {text})").format(place=circle_words(pos), text=spot_text(pos))


@dataclass(frozen=True, slots=True)
class Setup:
    """MH-A1: put both climbers on two row-12 circles."""

    circles: tuple[Pos, Pos]

    def __str__(self) -> str:
        return "C:" + ",".join(spot_text(c) for c in self.circles)


@dataclass(frozen=True, slots=True)
class Place:
    """MH-A2: set dice aside (largest first, maybe none) and put an action token on a circle."""

    aside: tuple[int, ...]
    circle: Pos

    def __str__(self) -> str:
        return f"P:{''.join(map(str, self.aside)) or '-'}>{spot_text(self.circle)}"


@dataclass(frozen=True, slots=True)
class Move:
    """MH-A5 climb (``m``, own climber) or push (``p``, an opponent's climber) one step."""

    kind: str  # "m" or "p"
    src: Pos
    dst: Spot

    def __str__(self) -> str:
        return f"{self.kind}{spot_text(self.src)}>{spot_text(self.dst)}"


@dataclass(frozen=True, slots=True)
class Clear:
    """MH-A5: return an obstacle to the pool."""

    circle: Pos

    def __str__(self) -> str:
        return f"x{spot_text(self.circle)}"


@dataclass(frozen=True, slots=True)
class End:
    """MH-A5: end the stop phase, leaving the remaining actions unused."""

    def __str__(self) -> str:
        return "E"


Deed = Move | Clear  # one action of MH-R21


@dataclass(frozen=True, slots=True)
class Bonus:
    """MH-A3: the bonus action (MH-R17), or ``None`` to decline it."""

    deed: Deed | None

    def __str__(self) -> str:
        return f"B:{self.deed if self.deed is not None else '-'}"


@dataclass(frozen=True, slots=True)
class Roll:
    """MH-A4: roll again."""

    def __str__(self) -> str:
        return "R"


@dataclass(frozen=True, slots=True)
class Stop:
    """MH-A4: stop and take the actions (MH-R20)."""

    def __str__(self) -> str:
        return "T"


@dataclass(frozen=True, slots=True)
class Console:
    """MH-A6: the consolation obstacle after a flop, or ``None`` to decline."""

    circle: Pos | None

    def __str__(self) -> str:
        return f"O:{spot_text(self.circle) if self.circle is not None else '-'}"


@dataclass(frozen=True, slots=True)
class Restock:
    """MH-A7: at a turn start with an empty pool, return one obstacle to the pool."""

    circle: Pos

    def __str__(self) -> str:
        return f"K:{spot_text(self.circle)}"


MHAction = Setup | Place | Bonus | Roll | Stop | Move | Clear | End | Console | Restock

_C = rf"({NUMBER})\.({NUMBER})"
_DEED = re.compile(rf"([mp]){_C}>(?:{_C}|(S))|x{_C}")
_SETUP = re.compile(rf"C:{_C},{_C}")
_PLACE = re.compile(rf"P:(-|[1-6]+)>{_C}")
_ONE = re.compile(rf"([OK]):(?:{_C}|(-))")
FORMS = (
    "C:12.3,12.6 | P:51>12.0 | P:->9.0 | B:m11.3>10.3 | B:- | R | T | m5.1>S | p7.2>6.1 | x8.4 | E "
    "| O:11.4 | O:- | K:9.2"
)


def _pos(a: str, b: str) -> Pos:
    return (int(a), int(b))


def _deed(text: str) -> Deed | None:
    m = _DEED.fullmatch(text)
    if m is None:
        return None
    if m.group(7) is not None:
        return Clear(_pos(m.group(7), m.group(8)))
    dst: Spot = SUMMIT if m.group(6) else _pos(m.group(4), m.group(5))
    return Move(m.group(1), _pos(m.group(2), m.group(3)), dst)


def parse_action(text: str) -> MHAction:
    """Read Matterhorn notation; RuleError when the text is not a Matterhorn action at all."""
    text = text.strip()
    if text == "R":
        return Roll()
    if text == "T":
        return Stop()
    if text == "E":
        return End()
    if text == "B:-":
        return Bonus(None)
    if text.startswith("B:"):
        deed = _deed(text[2:])
        if deed is not None:
            return Bonus(deed)
    elif m := _SETUP.fullmatch(text):
        a, b = _pos(m.group(1), m.group(2)), _pos(m.group(3), m.group(4))
        if a == b:
            raise NotationError(_("{text} names circle {circle} twice: the two climbers need two circles").format(
                text=excerpt(text), circle=spot_text(a)))
        return Setup((min(a, b), max(a, b)))
    elif m := _PLACE.fullmatch(text):
        aside = () if m.group(1) == "-" else tuple(sorted(map(int, m.group(1)), reverse=True))
        return Place(aside, _pos(m.group(2), m.group(3)))
    elif m := _ONE.fullmatch(text):
        circle = None if m.group(4) else _pos(m.group(2), m.group(3))
        if m.group(1) == "O":
            return Console(circle)
        if circle is not None:
            return Restock(circle)
    elif deed := _deed(text):
        return deed
    raise NotationError(_("{text} is not a Matterhorn action (forms: {forms})").format(text=excerpt(text), forms=FORMS))

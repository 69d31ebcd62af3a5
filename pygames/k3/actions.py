"""K3 actions and their notation (spec §8, K3-A1..A5).

A pawn *source* is a pyramid position ``r.i`` or a beside pawn ``s<kind>`` (e.g. ``sR``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core.errors import NUMBER, SIGNED_NUMBER, NotationError, excerpt
from ..core.i18n import _
from .data import KINDS

Pos = tuple[int, int]


def source_text(src: Pos | str) -> str:
    """``(5, 0)`` -> ``5.0``; a beside kind ``R`` -> ``sR``."""
    if isinstance(src, str):
        return f"s{src}"
    return f"{src[0]}.{src[1]}"


# -- places named as the board shows them (the one place these mappings live: refusals, move words and
# the page's labels use them; the notation counts from 0 and keeps the first base's columns) -------------


def slot_place(left: int, slot: Pos) -> tuple[int, int]:
    """A mountain slot as the board shows it: its row (numbered beside the mountain, the base is row 0) and
    its place in that row counted from the left, from 1. ``left`` is the base's leftmost column now (the
    notation's columns go below 0 once the base is extended to the left)."""
    return slot[0], slot[1] - left + 1


def slot_words(left: int, slot: Pos) -> str:
    """"row 1, slot 6": a mountain slot as the board shows it."""
    row, n = slot_place(left, slot)
    return _("row {row}, slot {n}").format(row=row, n=n)


def slot_name(left: int, slot: Pos) -> str:
    """A slot in a refusal: as the board shows it, the notation beside ("row 1, slot 6 (notation 1.5)")."""
    return _("{place} (notation {text})").format(place=slot_words(left, slot), text=f"{slot[0]}.{slot[1]}")


def position_place(pos: Pos) -> tuple[int, int]:
    """A pyramid position as the picture shows it: (row from the bottom, pawn from the left), both from 1
    (the notation's ``0.0`` is the bottom-left pawn)."""
    return pos[0] + 1, pos[1] + 1


def position_words(base: int, pos: Pos) -> str:
    """"pyramid row 1 from the bottom, pawn 2 from the left" (``position_place``); the apex is "the top
    of the pyramid"."""
    if pos == (base - 1, 0):
        return _("the top of the pyramid")
    row, n = position_place(pos)
    return _("pyramid row {row} from the bottom, pawn {n} from the left").format(row=row, n=n)


def position_name(base: int, pos: Pos) -> str:
    """A pyramid position in a refusal, the notation beside ("pyramid row 1 from the bottom, pawn 2 from
    the left (notation 0.1)")."""
    return _("{place} (notation {text})").format(place=position_words(base, pos), text=source_text(pos))


@dataclass(frozen=True, slots=True)
class Arrange:
    """K3-A1: kind letters for pyramid positions (0,0)..(0,n-1), (1,0).., apex last."""

    kinds: str

    def __str__(self) -> str:
        return f"A:{self.kinds}"


@dataclass(frozen=True, slots=True)
class Place:
    """K3-A2: put an accessible pawn into an open mountain slot."""

    src: Pos | str
    slot: Pos

    def __str__(self) -> str:
        return f"P:{source_text(self.src)}>{self.slot[0]}.{self.slot[1]}"


@dataclass(frozen=True, slots=True)
class Extend:
    """K3-A3: extend the base at the left (``L``) or right (``R``) end."""

    src: Pos | str
    end: str

    def __str__(self) -> str:
        return f"X:{source_text(self.src)}>{self.end}"


@dataclass(frozen=True, slots=True)
class Take:
    """K3-A4: the previous player takes one of the penalised player's accessible pawns."""

    src: Pos | str

    def __str__(self) -> str:
        return f"T:{source_text(self.src)}"


@dataclass(frozen=True, slots=True)
class White:
    """K3-A5: use an accessible white pawn as the whole turn."""

    src: Pos | str

    def __str__(self) -> str:
        return f"W:{source_text(self.src)}"


# Dataclasses: actions of different forms are never equal (T:sW is not W:sW), equal ones hash alike.
# Frozen dataclasses: actions of different forms are never equal (T:sW is not W:sW, though both hold one
# source), and equal actions hash alike.
K3Action = Arrange | Place | Extend | Take | White


_SRC = rf"(?:({NUMBER})\.({NUMBER})|s([A-Z]))"
_PATTERNS = {
    "A": re.compile(r"A:([A-Z]+)"),
    "P": re.compile(rf"P:{_SRC}>({SIGNED_NUMBER})\.({SIGNED_NUMBER})"),
    "X": re.compile(rf"X:{_SRC}>([LR])"),
    "T": re.compile(rf"T:{_SRC}"),
    "W": re.compile(rf"W:{_SRC}"),
}
_FORMS = "A:<kinds>, P:<src>>r.c, X:<src>>L|R, T:<src>, W:<src> (src = r.i or s<kind>)"


def _source(groups: tuple[str | None, ...]) -> Pos | str:
    r, i, kind = groups
    if kind is not None:
        if kind not in KINDS:
            raise NotationError(_("there is no pawn kind {kind} (kinds: {kinds})").format(
                kind=excerpt(kind), kinds=" ".join(KINDS)))
        return kind
    return (int(r), int(i))  # type: ignore[reportArgumentType]  # a position's row and index match together


def parse_action(text: str) -> K3Action:
    """Read K3 notation; RuleError when the text is not a K3 action at all."""
    text = text.strip()
    pattern = _PATTERNS.get(text[:1])
    m = pattern.fullmatch(text) if pattern else None
    if m is None:
        raise NotationError(_("{text} is not a K3 action (forms: {forms})").format(text=excerpt(text), forms=_FORMS))
    head = text[0]
    if head == "A":
        bad = sorted(set(m.group(1)) - set(KINDS))
        if bad:
            raise NotationError(_("there is no pawn kind {kind} (kinds: {kinds})").format(
                kind=excerpt(bad[0]), kinds=" ".join(KINDS)))
        return Arrange(m.group(1))
    src = _source(m.groups()[:3])
    if head == "P":
        return Place(src, (int(m.group(4)), int(m.group(5))))
    if head == "X":
        return Extend(src, m.group(4))
    if head == "T":
        return Take(src)
    return White(src)

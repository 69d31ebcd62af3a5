"""Blokus 3D notation (section 9): ``BL4:230,240,330,430`` = colour, piece code, cubes ``xyz``.

Parsing accepts the cubes in any order and canonicalises them (ascending string order). The
shape is checked here, since it needs no position: the cubes must form one of the piece's
orientations (B3D-R2, R3; mirror images are other pieces).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..core.errors import NotationError, excerpt
from ..core.i18n import _
from .data import COLOURS, PIECE_CODES, PIECE_NAMES
from .geometry import PIECE_SIZES, SHAPES, Layout, cubes_text, normalise, parse_cube

_ACTION = re.compile(r"^([A-Z])([A-Z0-9]{2}):([0-9,]*)$")
_EVENT = re.compile(r"^([BYRG])-$")


@dataclass(frozen=True, slots=True)
class Place:
    """One placement: colour letter, piece code, cubes; ``str()`` is the canonical text, and the text alone
    makes two placements equal.

    ``oid``, ``x``, ``y``, ``z`` locate it: orientation id and the minimum corner of its cubes.
    """

    colour: str = field(compare=False)
    piece: str = field(compare=False)
    text: str
    oid: int = field(compare=False)
    x: int = field(compare=False)
    y: int = field(compare=False)
    z: int = field(compare=False)
    # index in the structure's placement table when made by the engine (-1: parsed)
    pid: int = field(default=-1, compare=False)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Place({self.text!r})"

    @property
    def cubes(self) -> list[str]:
        return self.text.split(":")[1].split(",")


def parse_place(text: str) -> Place:
    """Read ``<colour><code>:<cube>,...``; RuleError saying what is wrong (malformed, size, shape)."""
    raw = text.strip()
    if _EVENT.match(raw):
        raise NotationError(_("{text} is an engine event (a colour that cannot place is out); it is written by the "
                          "engine, not played").format(text=excerpt(raw)), rule="B3D-R13")
    m = _ACTION.match(raw.replace(" ", ""))
    if not m:
        raise NotationError(_("{text} is not a placement: write colour, piece and cubes, e.g. {example}").format(
            text=excerpt(text), example="BL4:230,240,330,430"))
    colour, code, body = m.groups()
    if colour not in COLOURS:
        raise NotationError(_("{text} is not a colour (B, Y, R or G)").format(text=excerpt(colour)))
    if code not in PIECE_CODES:
        raise NotationError(_("{text} is not a piece code ({codes})").format(
            text=excerpt(code), codes=" ".join(PIECE_CODES)))
    parts = body.split(",") if body else []
    if any(len(p) != 3 for p in parts):
        raise NotationError(_("every cube is three digits xyz, e.g. 231 (in {text})").format(text=excerpt(text)))
    size = PIECE_SIZES[PIECE_CODES.index(code)]
    if len(set(parts)) != len(parts):
        raise NotationError(_("a cube is listed twice in {text}").format(text=excerpt(text)))
    if len(parts) != size:
        raise NotationError(_(
            "the piece {code} ({name}) needs {size} cubes, the placement lists {count}").format(
            code=code, name=_(PIECE_NAMES[code]), size=size, count=len(parts)), rule="B3D-R2")
    cubes = [parse_cube(p) for p in parts]
    shape = SHAPES.get(normalise(cubes))
    piece_index = PIECE_CODES.index(code)
    if shape is None or shape.piece != piece_index:
        rule = "B3D-R2"  # the pieces
        if shape is None:
            what = _("these cubes do not form any piece, so not {code} ({name}) in any rotation")
        elif {code, PIECE_CODES[shape.piece]} == {"SA", "SB"}:
            what = _("these cubes form {other}, the mirror image of {code}; pieces are never reflected")
            rule = "B3D-R3"  # the orientations: rotations only
        else:
            what = _("these cubes form {other}, not {code} ({name}) in any rotation")
        other = PIECE_CODES[shape.piece] if shape is not None else ""
        raise NotationError(what.format(code=code, name=_(PIECE_NAMES[code]), other=other), rule=rule)
    canon = ",".join(sorted(parts))
    return Place(colour, code, f"{colour}{code}:{canon}", shape.oid,
                 min(c[0] for c in cubes), min(c[1] for c in cubes), min(c[2] for c in cubes))


def place_of(layout: Layout, letter: str, pid: int, z: int) -> Place:
    """The action for colour ``letter`` and placement ``pid`` of ``layout`` at height ``z``."""
    pl = layout.placements[pid]
    cubes = cubes_text([(x, y, lz + z) for x, y, lz in pl.cubes])  # canonical, without colour
    code = PIECE_CODES[pl.piece]
    return Place(letter, code, f"{letter}{code}:{cubes}", pl.oid, pl.tx, pl.ty, z, pid)

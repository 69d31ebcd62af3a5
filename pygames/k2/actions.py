"""K2 actions and their notation (spec §18, K2-A1..A8). Every text carries its seat: ``s2: play M3 B``."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core.errors import NUMBER, NotationError, excerpt, number
from ..core.i18n import _
from .data import CARD_ORDER, CARDS

CLIMBERS = ("A", "B")


def card_key(code: str) -> int:
    return CARD_ORDER[code]


@dataclass(frozen=True, slots=True)
class Choose:
    """K2-A1: the secret choice of 3 cards (printed in deck order)."""

    seat: int
    cards: tuple[str, ...]

    def __str__(self) -> str:
        return f"s{self.seat}: choose {' '.join(self.cards)}"


@dataclass(frozen=True, slots=True)
class Take:
    """K2-A2: take the risk token in face-up slot 1..3."""

    seat: int
    slot: int

    def __str__(self) -> str:
        return f"s{self.seat}: take {self.slot}"


@dataclass(frozen=True, slots=True)
class Play:
    """K2-A3: assign a revealed card to a climber, a rope card with its direction, an optional penalty."""

    seat: int
    card: str
    climber: str
    direction: str = ""  # "U"/"D" for rope cards
    penalty: int = 0

    def __str__(self) -> str:
        text = f"s{self.seat}: play {self.card} {self.climber}"
        if self.direction:
            text += f" {self.direction}"
        if self.penalty:
            text += f" -{self.penalty}"
        return text


@dataclass(frozen=True, slots=True)
class Move:
    """K2-A4: one climber enters the listed spaces in order."""

    seat: int
    climber: str
    path: tuple[str, ...]

    def __str__(self) -> str:
        return f"s{self.seat}: move {self.climber} {' '.join(self.path)}"


@dataclass(frozen=True, slots=True)
class Tent:
    """K2-A5: pitch the climber's tent on its space."""

    seat: int
    climber: str

    def __str__(self) -> str:
        return f"s{self.seat}: tent {self.climber}"


@dataclass(frozen=True, slots=True)
class Risk:
    """K2-A6: spend penalty points on a climber's level."""

    seat: int
    climber: str
    points: int

    def __str__(self) -> str:
        return f"s{self.seat}: risk {self.climber} {self.points}"


@dataclass(frozen=True, slots=True)
class End:
    """K2-A7: end the phase-3 turn."""

    seat: int

    def __str__(self) -> str:
        return f"s{self.seat}: end"


@dataclass(frozen=True, slots=True)
class Rescue:
    """K2-A8: spend the rescue card on a dying climber (space), or let it die (``none``)."""

    seat: int
    climber: str
    space: str | None

    def __str__(self) -> str:
        return f"s{self.seat}: rescue {self.climber} {self.space or 'none'}"


K2Action = Choose | Take | Play | Move | Tent | Risk | End | Rescue

_PREFIX = re.compile(rf"^\s*s({NUMBER})\s*:\s*(.*)$", re.IGNORECASE | re.DOTALL)
_SPACE = re.compile(r"^[EH][0-9]{2}$")


def _climber(word: str) -> str:
    c = word.upper()
    if c not in CLIMBERS:
        raise NotationError(_("{word} is not a climber (A or B)").format(word=excerpt(word)))
    return c


def _card(word: str) -> str:
    c = word.upper()
    if c not in CARDS:
        raise NotationError(_("{word} is not a card code ({cards})").format(word=excerpt(word), cards=", ".join(CARDS)))
    return c


def _int(word: str, what: str) -> int:
    return number(word, what)


def split_seat(text: str) -> tuple[int | None, str]:
    """``s2: play M3 B`` -> (2, "play M3 B"); no prefix -> (None, text)."""
    m = _PREFIX.match(text)
    if m:
        return int(m.group(1)), m.group(2).strip()
    return None, text.strip()


def parse_body(seat: int, body: str) -> K2Action:
    """Read the part after the seat prefix; RuleError saying what is malformed."""
    words = body.split()
    if not words:
        raise NotationError(_("empty action (expected choose, take, play, move, tent, risk, end or rescue)"))
    verb, args = words[0].lower(), words[1:]
    if verb == "choose":
        if len(args) != 3:
            raise NotationError(_("choose names exactly 3 card codes, e.g. {example}").format(
                example="'choose M1 M3 A1'"), rule="K2-R12")
        return Choose(seat, tuple(sorted((_card(a) for a in args), key=card_key)))
    if verb == "take":
        if len(args) != 1:
            raise NotationError(_("take names one face-up slot 1-3, e.g. {example}").format(example="'take 2'"))
        return Take(seat, _int(args[0], _("the slot")))
    if verb == "play":
        if not 2 <= len(args) <= 4:
            raise NotationError(
                _("play takes a card, a climber, U/D for a rope card and an optional -k, e.g. {example}")
                            .format(example="'play R13 A D -1'"))
        card, climber = _card(args[0]), _climber(args[1])
        direction, penalty = "", 0
        for extra in args[2:]:
            if extra.upper() in ("U", "D") and not direction and not penalty:
                direction = extra.upper()
            elif extra.startswith("-") and not penalty:
                penalty = _int(extra[1:], _("the penalty"))
                if penalty < 1:
                    raise NotationError(_("a penalty -k needs k >= 1"))
            else:
                raise NotationError(_("unexpected {word} in play (expected U, D or -k)").format(word=excerpt(extra)))
        return Play(seat, card, climber, direction, penalty)
    if verb == "move":
        if len(args) < 2:
            raise NotationError(_("move names a climber and the spaces it enters, e.g. {example}").format(
                example="'move B E12 E11'"))
        path = tuple(a.upper() for a in args[1:])
        for p in path:
            if not _SPACE.match(p):
                raise NotationError(_("{word} is not a space id (E00-E27, H00-H29)").format(word=excerpt(p)))
        return Move(seat, _climber(args[0]), path)
    if verb == "tent":
        if len(args) != 1:
            raise NotationError(_("tent names one climber, e.g. {example}").format(example="'tent B'"))
        return Tent(seat, _climber(args[0]))
    if verb == "risk":
        if len(args) != 2:
            raise NotationError(_("risk names a climber and points, e.g. {example}").format(example="'risk A 1'"))
        points = _int(args[1], _("the risk points"))
        if points < 1:
            raise NotationError(_("risk points must be at least 1"))
        return Risk(seat, _climber(args[0]), points)
    if verb == "end":
        if args:
            raise NotationError(_("end takes nothing after it"))
        return End(seat)
    if verb == "rescue":
        if len(args) != 2:
            raise NotationError(_("rescue names a climber and a Z0 space or 'none', e.g. {example}").format(
                example="'rescue A E05'"))
        space = None if args[1].lower() == "none" else args[1].upper()
        if space is not None and not _SPACE.match(space):
            raise NotationError(_("{word} is not a space id or 'none'").format(word=excerpt(args[1])))
        return Rescue(seat, _climber(args[0]), space)
    raise NotationError(
        _("unknown action {word} (expected choose, take, play, move, tent, risk, end or rescue)").format(
        word=excerpt(verb)))

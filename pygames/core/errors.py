"""Errors a player or a link author can read, and how they quote what was typed."""

from __future__ import annotations

import re

from .i18n import _

EXCERPT = 40  # characters of a user's text an error message repeats

# A number in any game's notation: ASCII digits, at most 4 of them (no board, deck or count needs more;
# Python refuses to read numbers of over 4,300 digits, and some Unicode digits are not numbers).
NUMBER = r"[0-9]{1,4}"
SIGNED_NUMBER = r"-?[0-9]{1,4}"


class RuleError(ValueError):
    """An action the rules refuse: ``words`` a player can read (translated, naming no rule id) and ``rule``,
    the id of the rule that refuses it (``"K3-R5"``; "" when no rule is meant, e.g. malformed notation).
    ``str()`` is ``"words (rule)"``, for the command line and logs; the page shows ``words`` and links the
    rule's section."""

    def __init__(self, words: str, rule: str = "") -> None:
        super().__init__(f"{words} ({rule})" if rule else words)
        self.words = words
        self.rule = rule

    def __reduce__(self) -> tuple[type[RuleError], tuple[str, str]]:
        return self.__class__, (self.words, self.rule)


class NotationError(RuleError):
    """Text that is not an action of the game at all: malformed notation, an unknown card or piece, a number
    out of the notation's range, a seat the text cannot name."""


class IllegalActionError(RuleError):
    """A well-formed action the rules refuse now (not this seat's turn, a step no rope joins, a covered pawn…)."""


class OptionError(RuleError):
    """Options a game cannot start with: an unknown name, a value of the wrong kind or out of range, a
    combination the rules do not allow."""


class RecordError(ValueError):
    """A record or link that cannot be read or replayed (malformed, unknown game, other version)."""


def excerpt(text: object, limit: int = EXCERPT, quote: bool = True) -> str:
    """What a player typed, quoted in a message: at most ``limit`` characters, control characters shown
    escaped (``'P:4.0>1.99999…'``); ``quote=False`` for a number."""
    text = str(text)
    short = text if len(text) <= limit else text[: limit - 1] + "…"
    return repr(short) if quote else short


def number(text: str, what: str) -> int:
    """A whole number of the notation (NUMBER), or RuleError naming ``what`` was expected."""
    if not re.fullmatch(NUMBER, text):
        raise NotationError(_("{what} must be a whole number of at most 4 digits, not {text}").format(
            what=what, text=excerpt(text)))
    return int(text)

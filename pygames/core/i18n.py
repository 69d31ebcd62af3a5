"""The texts people read, translatable: one hook shared by the engines and the page.

Texts are marked ``_("…")`` (or ``ngettext`` for counts) where they are used, with named
placeholders filled by ``str.format`` after translation (``_("row {row} is full").format(row=5)``),
so that a translation can move them. Texts defined before anyone has chosen a language (tables,
constants) are marked ``N_("…")`` and translated with ``_()`` where they are shown. Babel extracts
every marked text (``python3 build.py catalogs``, babel.cfg).

By default nothing is translated: the CLI, the tests and every record stay in English, whatever
the language. The page installs a gettext catalogue with ``use()``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from typing import Any, TypeVar

DOMAIN = "pygames"  # the catalogues' name: locale/<lang>/LC_MESSAGES/pygames.po

Gettext = Callable[[str], str]
Ngettext = Callable[[str, str, int], str]


def _english(message: str) -> str:
    return message


def _english_n(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


_gettext: Gettext = _english
_ngettext: Ngettext = _english_n
_generation = 0  # counts use() calls: caches of translated texts compare it


def _(message: str) -> str:
    """``message`` in the chosen language (the English text when none is chosen or it is missing)."""
    return _gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a text for the count ``n`` in the chosen language."""
    return _ngettext(singular, plural, n)


def N_(message: str) -> str:  # noqa: N802 (the usual gettext name)
    """Marks a text for translation where it is defined; ``_()`` translates it where it is shown."""
    return message


def use(translations: Any | None) -> None:
    """Translate with a ``gettext.NullTranslations``-like object (None: back to English)."""
    global _gettext, _ngettext, _generation
    _generation += 1
    if translations is None:
        _gettext, _ngettext = _english, _english_n
    else:
        _gettext, _ngettext = translations.gettext, translations.ngettext


def _seat_words(seat: int) -> str:
    return f"seat {seat}"


_seat_namer: Callable[[int], str] = _seat_words


def who(number: int, capital: bool = False) -> str:
    """A seat in a sentence: "seat 1" (the CLI's numbers), or the name the page gives it ("Blue");
    ``capital`` for the start of a sentence."""
    words = _seat_namer(number)
    return words[:1].upper() + words[1:] if capital else words


def name_seats(namer: Callable[[int], str] | None) -> None:
    """How ``who()`` names seats (the page: the players' names); None: "seat N"."""
    global _seat_namer
    _seat_namer = namer or _seat_words


@contextmanager
def seats_named(namer: Callable[[int], str] | None) -> Iterator[None]:
    """``name_seats`` for the block only (a screen of a game other than the one on the page: a link being
    opened, the warm-up's, a rules example): the naming before it comes back after it."""
    global _seat_namer
    before = _seat_namer
    name_seats(namer)
    try:
        yield
    finally:
        _seat_namer = before


@contextmanager
def english() -> Iterator[None]:
    """Texts in English for the block only (the build's English copy of translated markup); the
    language chosen before comes back after it."""
    global _gettext, _ngettext, _generation
    before = _gettext, _ngettext
    use(None)
    try:
        yield
    finally:
        _gettext, _ngettext = before
        _generation += 1


def generation() -> int:
    """Changes whenever the language changes (for caches of translated texts)."""
    return _generation


Text = TypeVar("Text", bound=str)  # a text or markup (the page's Markup, a str)


def per_language(fn: Callable[..., Text]) -> Callable[..., Text]:
    """Memoize a drawing made of translated texts and hashable arguments (a board's static parts, drawn
    again on every move), in the language chosen now: forgotten when the language changes."""
    memo: dict[tuple, Text] = {}
    made = [_generation]

    @wraps(fn)
    def cached(*args: Any) -> Text:
        if made[0] != _generation:
            memo.clear()
            made[0] = _generation
        found = memo.get(args)
        if found is None:
            if len(memo) > 4096:  # (bounded: arguments such as a day's weather vary)
                memo.clear()
            found = memo[args] = fn(*args)
        return found

    return cached


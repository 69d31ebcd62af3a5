"""The home page's game cards, drawn once by the build: ``games/cards.json`` in the page's archive.

The home page is the first screen, and drawing its cards imported every game's drawing module and
engine data (35–50 ms of a cold boot in Pyodide, before the page is ready) for four pictures that never
change. The build draws them in English and the page puts in the picture's label in its language
(``games.card``); a game's package is then imported only when it is opened, or by the warm-up after the
first screen. tests/web checks that the built cards are the live ones in every language.
"""

from __future__ import annotations

import html
import json
import re
import sys
from types import ModuleType
from typing import Any

from .project import WEB

HOME_CARDS = "games/cards.json"  # in the page's archive (web/app/games/__init__.py reads it)
_LABEL = re.compile(r'aria-label="([^"]*)"')


def card(package: ModuleType) -> dict[str, Any]:
    """A game's card from its view package: its ``BLURB`` and ``preview_svg()`` in English (the caller chose
    English), the preview's root element's label cut out."""
    markup = package.preview_svg()
    label = _LABEL.search(markup)
    if label is None:
        raise SystemExit(f"{package.__name__}: its preview_svg() has no aria-label")
    return {"blurb": package.BLURB, "label": html.unescape(label.group(1)),
            "preview": [markup[:label.start(1)], markup[label.end(1):]]}


def home_cards() -> bytes:
    """``{game: {"blurb": English, "label": English, "preview": [markup before the label, after]}}``: each
    game's ``card``."""
    sys.path.insert(0, str(WEB / "app"))
    try:
        import games

        from pygames.core import i18n

        with i18n.english():
            cards = {name: card(games.package(name)) for name in games.GAMES}
    finally:
        sys.path.remove(str(WEB / "app"))
    return json.dumps(cards, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()

"""Nim in the page: its home card here, its view in view.py, its rules page in rules.py.

Registered only by tests (``fifth.register``): in CPython it is ``fifth.nim_view``, in the page ``games.nim``
(its zip holds ``nim/``). Its modules import each other relatively, and the engine's only through the
state the shell hands them (``self.game``): a view needs no import of its engine.
"""

from __future__ import annotations

from shell.contract import svg
from shell.contract.markup import Markup, join

from pygames.core.i18n import N_, _

BLURB = N_("Take one to three stones from a pile; whoever takes the last stone wins. 2 players.")


def preview_svg() -> Markup:
    """Three small piles of stones."""
    stones = join(Markup(f'<circle cx="{x}" cy="{y}" r="0.4" fill="#8a8f98"/>')
                  for y, count in enumerate((3, 5, 2)) for x in range(count))
    return svg.svg((-0.6, -0.6, 5.2, 3.2), stones, "preview", _("Nim: piles of stones"))

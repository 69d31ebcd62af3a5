"""The language picker (a ``<select>`` on the home page and in the game screen's top bar): pure markup. The
page stores the choice and draws the screen again in it (shell/page/language.py)."""

from __future__ import annotations

from pygames.core.i18n import _

from ..contract.markup import Markup, esc
from ..model.language import LANGUAGES, current


def picker() -> Markup:
    """The language picker (a <select>; the shell stores the choice and draws the screen again)."""
    options = "".join(
        f'<option value="{code}" lang="{code}"{" selected" if code == current() else ""}>{esc(name)}</option>'
        for code, name in LANGUAGES.items()
    )
    label = esc(_("Language"))
    return Markup(
        f'<label class="lang-picker"><span class="visually-hidden">{label}</span>'
        f'<select id="lang-select" name="language" aria-label="{label}">{options}</select></label>'
    )

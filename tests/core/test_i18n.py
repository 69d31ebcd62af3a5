"""Texts drawn once and kept (``per_language``) follow the player's language."""

from __future__ import annotations

from pygames.core import i18n
from pygames.core.i18n import _, per_language


class Shouting:
    """A translation that answers every text in capitals."""

    def gettext(self, text: str) -> str:
        return text.upper()

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return (singular if n == 1 else plural).upper()


def test_a_kept_drawing_is_drawn_again_in_a_new_language():
    calls = []

    @per_language
    def label(space: str) -> str:
        calls.append(space)
        return f"{_('Base camp')} {space}"

    assert label("E01") == label("E01") == "Base camp E01"
    assert calls == ["E01"]  # drawn once for the same arguments
    i18n.use(Shouting())
    try:
        assert label("E01") == "BASE CAMP E01"
    finally:
        i18n.use(None)
    assert label("E01") == "Base camp E01"
    assert calls == ["E01", "E01", "E01"]

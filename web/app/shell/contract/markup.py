"""Markup helpers (pure functions, no browser): markup is a type, markupsafe's ``Markup``; text escaped for
HTML, attributes, markup joined, and a text from a link or a save shortened.

Every function that returns markup returns ``Markup`` (``-> Markup``; pyright checks it), and the page writes
only ``Markup`` into the document (``shell.page.dom``). Interpolation stays in f-strings, which are several
times faster than ``Markup.format``: every text put into them (translated, or typed by a player) goes through
``esc``, which returns ``Markup``; escaping ``Markup`` again gives it back unchanged, so no text is escaped
twice. The f-string is then wrapped, ``Markup(f"...")``, and parts are joined with ``join``, which escapes a
plain ``str`` part (as ``Markup("").join`` does, faster)."""

from __future__ import annotations

import sys
from collections.abc import Iterable

from markupsafe import Markup

__all__ = ["EMPTY", "Markup", "attrs", "esc", "fill", "join", "markup_only", "short"]

_markup = str.__new__  # Markup(text) without Markup.__new__'s __html__ test (text is a plain str here)
EMPTY = Markup()


def esc(text: object) -> Markup:
    """Text or attribute value, HTML-escaped (quotes included) as ``html.escape(text, quote=True)`` does
    (importing ``html`` costs ~35 ms in Pyodide, at every boot), as ``Markup``. Markup (anything with
    ``__html__``) is already escaped and comes back as it is. Our entities, not markupsafe's (``&quot;``,
    ``&#x27;``), keep the page's markup as it was."""
    if type(text) is not str:
        if isinstance(text, Markup):
            return text
        html = getattr(text, "__html__", None)
        if html is not None:
            return Markup(html())
        text = str(text)
    return _markup(
        Markup,
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        .replace('"', "&quot;").replace("'", "&#x27;"),
    )


def join(parts: Iterable[Markup], sep: Markup = EMPTY) -> Markup:
    """Markup parts joined (with ``sep`` between them). A plain ``str`` part is escaped, as ``Markup("").join``
    does: markup must come as ``Markup`` (that one costs ~2.5 µs a part, this one a type test)."""
    return _markup(Markup, str.join(sep, [part if type(part) is Markup else esc(part) for part in parts]))


def fill(template: Markup, **parts: Markup | int) -> Markup:
    """An escaped text's ``{placeholders}`` filled with markup (or numbers), e.g.
    ``fill(esc(_("seed {seed}")), seed=Markup(f"<span>…</span>"))``. ``str.format``, not ``Markup.format``
    (several times slower); the parts are typed ``Markup``, so pyright refuses an unescaped text."""
    return _markup(Markup, str.format(template, **parts))


def short(text: object, limit: int = 48) -> str:
    """At most ``limit`` characters of a text from a link or a save (plain text: escape it when drawn)."""
    text = str(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def attrs(values: dict[str, object | None]) -> Markup:
    """`` key="value"`` pairs; ``None`` and ``False`` values are left out, ``True`` gives ``"1"``."""
    out = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        if value is True:
            value = "1"
        out.append(f' {key}="{esc(value)}"')
    return _markup(Markup, "".join(out))


def markup_only(html: object) -> None:
    """The page writes only ``Markup`` into the document (shell/page/dom.py calls this where it writes a screen,
    a dialog, a list): a plain ``str`` there is markup (or text) never made safe, refused with a ``TypeError``
    naming the function that passed it (the caller of dom.py's function that calls this)."""
    if not isinstance(html, Markup):
        caller = sys._getframe(2).f_code
        raise TypeError(f"{caller.co_name} ({caller.co_filename}) gave the page a {type(html).__name__}, not Markup")

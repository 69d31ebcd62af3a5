"""Markup helpers (pure functions, no browser): text escaped for HTML, attributes, and a text from a link
or a save shortened. Every text put into the page's markup (translated, or typed by a player) goes through
``esc`` once."""

from __future__ import annotations


def esc(text: object) -> str:
    """Text or attribute value, HTML-escaped (quotes included), as ``html.escape(text, quote=True)``
    does (importing ``html`` costs ~35 ms in Pyodide, at every boot)."""
    return (
        str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        .replace('"', "&quot;").replace("'", "&#x27;")
    )


def short(text: object, limit: int = 48) -> str:
    """At most ``limit`` characters of a text from a link or a save (plain text: escape it when drawn)."""
    text = str(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def attrs(values: dict[str, object | None]) -> str:
    """`` key="value"`` pairs; ``None`` and ``False`` values are left out, ``True`` gives ``"1"``."""
    out = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        if value is True:
            value = "1"
        out.append(f' {key}="{esc(value)}"')
    return "".join(out)

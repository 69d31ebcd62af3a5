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

__all__ = ["EMPTY", "Kept", "Markup", "attrs", "esc", "fill", "join", "markup_only", "marking_parts", "part", "short"]

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


# -- a screen's parts, sent again only when they change ------------------------------------------------------------
# A game screen is drawn again after every move, and most of it is as it was (the legend, the keys, the board between
# two cards chosen, the players who did not move). ``part`` marks an element of the screen (one element with an
# ``id``) between two comments; ``Kept.send`` then gives the page the screen with each part that is exactly as it
# was last sent as an empty element of the same name and id, ``data-same``, which the page's patch leaves as it is
# (web/app/shell/morph.mjs): less markup to parse and to compare on the page's thread. Only the game screen's render
# marks its parts (``marking_parts``): every other markup is plain.

_PART_OPEN, _PART_CLOSE = "<!--[", "<!--]-->"
_marking = False


class marking_parts:  # noqa: N801 (a context manager, used as ``with marking_parts():``)
    """While it is open, ``part`` marks the parts it is given (the game screen's render)."""

    def __enter__(self) -> None:
        global _marking
        self.was, _marking = _marking, True

    def __exit__(self, *_: object) -> None:
        global _marking
        _marking = self.was


def part(html: Markup) -> Markup:
    """``html``, one element with an ``id`` in its start tag, marked as a part of the screen (see above) while the
    screen's render marks them; as it is otherwise, or when it has no ``id``."""
    if not _marking:
        return html
    end = html.find(">")
    at = html.find(' id="', 0, end)
    if at < 0 or not html.startswith("<"):
        return html
    tag = html[1:end].split(None, 1)[0]
    ident = html[at + 5 : html.index('"', at + 5)]
    return _markup(Markup, f"{_PART_OPEN}{tag}#{ident}-->{html}{_PART_CLOSE}")


class Kept:
    """What the page holds of a screen's parts: each part's markup as last sent (in full). ``send`` gives the markup
    to send for a marked screen: each part as it was last sent (compared in full, its own parts included) is an
    empty ``data-same`` element; a part that changed goes in full, the parts in it that did not change as empty
    elements (the page keeps them). ``reset`` when the page's screen is drawn by anything else (a new screen)."""

    def __init__(self) -> None:
        self.sent: dict[str, str] = {}

    def reset(self) -> None:
        self.sent = {}

    def send(self, html: str) -> Markup:
        if _PART_OPEN not in html:
            self.sent = {}  # (a screen without parts: the page has none of them now)
            return _markup(Markup, html)
        seen: dict[str, str] = {}
        out, _, _ = self._parts(html, 0, seen)
        self.sent = seen  # (a part not on this screen is not on the page any more)
        return _markup(Markup, out)

    def _parts(self, html: str, at: int, seen: dict[str, str]) -> tuple[str, str, int]:
        """From ``at`` to the end of the part it is in: (the markup to send, the part in full, where it ends)."""
        send: list[str] = []
        full: list[str] = []
        while True:
            opens = html.find(_PART_OPEN, at)
            closes = html.find(_PART_CLOSE, at)
            if closes >= 0 and (opens < 0 or closes < opens):
                send.append(html[at:closes])
                full.append(html[at:closes])
                return "".join(send), "".join(full), closes + len(_PART_CLOSE)
            if opens < 0:
                send.append(html[at:])
                full.append(html[at:])
                return "".join(send), "".join(full), len(html)
            send.append(html[at:opens])
            full.append(html[at:opens])
            head = html.index("-->", opens)
            key = html[opens + len(_PART_OPEN) : head]
            inner_send, inner, at = self._parts(html, head + 3, seen)
            seen[key] = inner
            if self.sent.get(key) == inner:
                tag, _, ident = key.partition("#")
                send.append(f'<{tag} id="{ident}" data-same></{tag}>')
            else:
                send.append(inner_send)
            full.append(inner)

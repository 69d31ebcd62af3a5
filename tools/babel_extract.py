"""Babel extractor for our Python sources that also sees texts marked inside f-strings.

Babel's own ``python`` method reads tokens; before Python 3.12 an f-string is one token, so a
``_("Undo")`` inside ``f'<button>{_("Undo")}</button>'`` was never extracted, never translated, and
the page showed it in English in every language. This one reads the syntax tree instead: every call
of a keyword (``_``, ``N_``, ``ngettext``) whose text arguments are literal strings, wherever the call
stands. Used by ``python3 build.py catalogs`` (babel.cfg) and by tests/test_catalogs.py.
"""

from __future__ import annotations

import ast
import io
import tokenize
from collections.abc import Iterator, Mapping
from typing import IO, Any

Extracted = tuple[int, str, "str | None | tuple[str | None, ...]", list[str]]


def _comments(source: str, tags: tuple[str, ...]) -> dict[int, list[str]]:
    """Translator comments (``# TRANSLATORS: …``) by the line they end on."""
    found: dict[int, list[str]] = {}
    if not tags:
        return found
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            text = token.string.lstrip("#").strip()
            if text.startswith(tags):
                found[token.start[0]] = [text]
    return found


def _called(func: ast.expr) -> str:
    """The name a call uses: ``_`` for ``_(…)`` and for ``i18n._(…)``."""
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else ""


def extract_texts(source: str, keywords: Mapping[str, Any], comment_tags: tuple[str, ...] = ()
                  ) -> Iterator[Extracted]:
    """(line, keyword, arguments, comments) for every call of a keyword in ``source``, in Babel's
    raw form: a call's arguments by position, each a literal string or None (Babel then keeps the
    positions the keyword's spec names, e.g. 1 and 2 for ``ngettext``, and skips calls without text)."""
    comments = _comments(source, comment_tags)
    calls = [(node, name) for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Call)
             and (name := _called(node.func)) in keywords]
    for call, name in sorted(calls, key=lambda c: (c[0].lineno, c[0].col_offset)):
        args = tuple(arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else None
                     for arg in call.args)
        if not any(args):
            continue  # a variable (e.g. a table's text, marked where it is written with N_)
        note = comments.get(call.lineno - 1, [])
        yield call.lineno, name, args[0] if len(args) == 1 else args, note


def extract(fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: list[str] | tuple[str, ...],
            options: Mapping[str, Any]) -> Iterator[Extracted]:
    """Babel's extractor interface (``[extractors]`` in babel.cfg)."""
    source = fileobj.read().decode(str(options.get("encoding", "utf-8")))
    yield from extract_texts(source, keywords, tuple(comment_tags))

"""Translations: the template holds every marked text, and every language translates all of it.

English is the source language (the texts in the code, collected in locale/pygames.pot by
``python3 build.py catalogs``). A language fails when it misses a text the template has, leaves a
translation fuzzy, or changes a placeholder (``{name}``): the page would show English or break.
"""

from __future__ import annotations

import re
import string
import sys
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "locale"
sys.path.insert(0, str(ROOT / "web" / "app"))
sys.path.insert(0, str(ROOT))

from shell.model.language import BOOT_WORDS, DEFAULT, LANGUAGES  # noqa: E402

from tools.babel_extract import extract_texts  # noqa: E402

TRANSLATED = sorted(code for code in LANGUAGES if code != DEFAULT)
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}


def source_texts() -> set[object]:
    """Every text marked in the sources, as babel.cfg's extractor finds them for the template."""
    found: set[object] = set()
    for folder in ("pygames", "web/app"):
        for _filename, _lineno, message, _comments, _context in extract_from_dir(
            ROOT / folder, method_map=[("**.py", "tools.babel_extract:extract")], keywords=KEYWORDS
        ):
            found.add(message if isinstance(message, str) else tuple(message))
    return found


def test_texts_marked_inside_f_strings_are_extracted():
    """Babel's tokenizer misses ``_()`` inside an f-string before Python 3.12: the page then showed
    its buttons ("Undo", "Copy link") in English in every language."""
    source = (
        'html = f\'<button>{_("Copy link")}</button>\'\n'
        'text = ngettext("{n} move", "{n} moves", n) + i18n._("Language") + _(variable)\n'
    )
    texts = [(keyword, message) for _line, keyword, message, _notes in extract_texts(source, KEYWORDS)]
    assert texts == [("_", "Copy link"), ("ngettext", ("{n} move", "{n} moves", None)), ("_", "Language")]


def test_the_boot_texts_are_the_ones_the_page_shows_before_python_runs():
    """index.html, boot.js and the first screen's script say these before Python runs, in the player's
    language from the table build.py writes: each must be one of BOOT_WORDS, or it stays English for
    everyone. (The scripts mark them ``t("…")``, ``N("…")`` or ``say("…")``.)"""
    html = (ROOT / "web" / "index.html").read_text()
    boot = "".join(path.read_text() for path in sorted((ROOT / "web" / "boot").glob("*.js")))  # boot.js's modules
    script = boot + (ROOT / "web" / "first-screen.js").read_text()
    marked = r'\b(?:t|N|say)\("((?:[^"\\]|\\.)*)"'
    used = set(re.findall(marked, script))
    for text in BOOT_WORDS:
        assert text in html or text in used, text
    assert used and used <= set(BOOT_WORDS), used - set(BOOT_WORDS)


def catalog(path: Path):
    with path.open("rb") as handle:
        return read_po(handle)


def fields(text: str) -> set[str]:
    return {name for _literal, name, _spec, _conv in string.Formatter().parse(text) if name is not None}


def test_the_template_holds_every_marked_text():
    template = {m.id for m in catalog(LOCALE / "pygames.pot") if m.id}
    marked = source_texts()
    missing = sorted(map(str, marked - template))
    stale = sorted(map(str, template - marked))
    assert not missing and not stale, (
        f"locale/pygames.pot is out of date (run python3 build.py catalogs): "
        f"missing {missing[:5]}, no longer used {stale[:5]}"
    )


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_text_is_translated_with_the_same_placeholders(code):
    template = {m.id for m in catalog(LOCALE / "pygames.pot") if m.id}
    po = catalog(LOCALE / code / "LC_MESSAGES" / "pygames.po")
    by_id = {m.id: m for m in po if m.id}
    missing = sorted(str(i) for i in template if i not in by_id or not by_id[i].string or (
        isinstance(by_id[i].string, tuple) and not all(by_id[i].string)))
    assert not missing, f"{code}: {len(missing)} texts untranslated, e.g. {missing[:5]}"
    fuzzy = sorted(str(m.id) for m in po if m.id and m.fuzzy)
    assert not fuzzy, f"{code}: fuzzy translations {fuzzy[:5]}"
    for message_id in template:
        message = by_id[message_id]
        sources = message_id if isinstance(message_id, tuple) else (message_id,)
        targets = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set().union(*(fields(s) for s in sources))
        for target in targets:
            got = fields(target)
            # a plural form may leave the count out ("une action" for {n} = 1): never add or rename one
            assert got <= wanted and (got == wanted or len(sources) > 1), (code, message_id, target)
        assert not re.search(r"\{\s*\}", " ".join(targets)), (code, message_id)

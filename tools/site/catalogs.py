"""The translations (Babel, from the test venv): ``build.py catalogs`` extracts the texts to translate and
updates each language's .po; the build compiles them into .mo files, and merges those into the one
catalogue file the page reads (``page_catalog``)."""

from __future__ import annotations

import gettext
import io
import json
import re
import struct
from pathlib import Path

from .project import CACHE, ROOT, log, project_version, run
from .state import sha256_tree
from .venv import ensure_venv

LOCALE = ROOT / "locale"
DOMAIN = "pygames"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"


def babel_python() -> Path:
    """The venv's Python, which has Babel (made when missing: venv.py)."""
    return ensure_venv()


def catalog_files() -> list[Path]:
    return sorted(LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def compiled_catalogs(state: dict) -> dict[str, bytes]:
    """``locale/<lang>/LC_MESSAGES/pygames.mo`` for every translation, compiled with Babel when a .po
    changed (kept in .cache/build/locale otherwise)."""
    out_dir = CACHE / "locale"
    sources = catalog_files()
    wanted = sha256_tree(sources) if sources else ""
    if state.get("catalogs") != wanted or not all(
        (out_dir / po.relative_to(LOCALE)).with_suffix(".mo").exists() for po in sources
    ):
        if sources:
            # one process for every language (Babel's own reading and writing, as its ``compile`` command; a
            # process per language paid Python's and Babel's start five times, about 5 s of a clean build)
            pairs = []
            for po in sources:
                mo = (out_dir / po.relative_to(LOCALE)).with_suffix(".mo")
                mo.parent.mkdir(parents=True, exist_ok=True)
                pairs += [str(po), str(mo)]
            run([str(babel_python()), str(ROOT / "tools" / "compile_mo.py"), *pairs])
        state["catalogs"] = wanted
    else:
        log(f"catalogs: skipped ({len(sources)} unchanged)")
    return {f"locale/{po.relative_to(LOCALE).with_suffix('.mo').as_posix()}":
            (out_dir / po.relative_to(LOCALE)).with_suffix(".mo").read_bytes() for po in sources}


def catalogs() -> int:
    """``build.py catalogs``: extract every marked text into locale/pygames.pot and merge it into each
    language's .po (new texts appear untranslated; the catalog test then names them)."""
    python = babel_python()
    babel = [str(python), "-m", "babel.messages.frontend"]
    run([*babel, "extract", "-F", str(ROOT / "babel.cfg"), "-k", "N_", "-k", "ngettext:1,2",
         "--sort-by-file", "--no-wrap", "--no-location", "--add-comments=TRANSLATORS:", "--project=pygames",
         f"--version={project_version()}", "--copyright-holder=pygames", "-o", str(TEMPLATE), "."], cwd=ROOT)
    for po in catalog_files():
        run([*babel, "update", "--no-wrap", "--ignore-obsolete", "--no-fuzzy-matching", "-D", DOMAIN,
             "-i", str(TEMPLATE), "-o", str(po), "-l", po.parent.parent.name])
    return 0


def translations(catalogs: dict[str, bytes]) -> dict[str, gettext.GNUTranslations]:
    """Each translated language's compiled catalogue (``locale/<lang>/…/pygames.mo``) as gettext reads it."""
    return {path.split("/")[1]: gettext.GNUTranslations(io.BytesIO(data)) for path, data in sorted(catalogs.items())}


PAGE_CATALOG = "locale/catalog.{lang}.json"  # one per language, in dist/; web/app/shell/model/language.py reads it


def page_catalogs(catalogs: dict[str, bytes]) -> dict[str, bytes]:
    """One catalogue file per language (``PAGE_CATALOG``, as ``page_catalog`` writes it for that language
    alone): the page downloads only its player's (web/interpreter.mjs), and another when the player picks
    it (shell/page/language.py). In one file, the five languages were a third of the page's archive (116 kB
    compressed), which an English page never reads."""
    return {PAGE_CATALOG.format(lang=path.split("/")[1]): page_catalog({path: data})
            for path, data in sorted(catalogs.items())}


def _mo_entries(data: bytes) -> dict[str, str]:
    """A compiled catalogue's entries as written (GNU .mo: original and translation tables), ``msgid`` to
    ``msgstr``; a plural entry's ids and forms stay joined by NUL, as in the file."""
    order = "<" if data[:4] == b"\xde\x12\x04\x95" else ">"
    count, originals, translated = struct.unpack(order + "3I", data[8:20])

    def text(table: int, i: int) -> str:
        length, offset = struct.unpack(order + "2I", data[table + 8 * i:table + 8 * i + 8])
        return data[offset:offset + length].decode("utf-8")

    return {text(originals, i): text(translated, i) for i in range(count)}


def page_catalog(catalogs: dict[str, bytes]) -> bytes:
    """Every translation in one file for the page: each English text once, then each language's
    translations in the same order ("" where it has none) and its plural rule. Five .mo files repeat
    every English text and their lookup tables (613 kB in all, 220 kB in a zip); this is about half as
    large, before the page's archive compresses it.

    ``{"texts": [msgid…], "plurals": [singular…], "languages": {lang: {"plural": "(n > 1)",
    "texts": [msgstr…], "plurals": [[form…]…]}}}``"""
    entries = {path.split("/")[1]: _mo_entries(data) for path, data in sorted(catalogs.items())}
    texts = sorted({key for found in entries.values() for key in found if key and "\0" not in key})
    plurals = sorted({key for found in entries.values() for key in found if "\0" in key})
    languages = {}
    for lang, found in entries.items():
        rule = re.search(r"plural=([^;\n]+)", found.get("", ""))
        languages[lang] = {"plural": rule.group(1).strip() if rule else "(n != 1)",
                           "texts": [found.get(key, "") for key in texts],
                           "plurals": [found[key].split("\0") if key in found else [] for key in plurals]}
    table = {"texts": texts, "plurals": [key.split("\0")[0] for key in plurals], "languages": languages}
    return json.dumps(table, ensure_ascii=False, separators=(",", ":")).encode()

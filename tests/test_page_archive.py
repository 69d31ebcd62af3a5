"""What the build gives the page's Python: a catalogue file per language in place of the five .mo files (the
page downloads only its player's), and bytecode without docstrings and function annotations (app.tgz,
tools/site/app_code.py).

The archive itself, in the page's Pyodide: tests/e2e/test_engines_in_pyodide.py.
"""

from __future__ import annotations

import ast
import io
import re
import sys
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web" / "app"))
sys.path.insert(0, str(ROOT))

from shell.model import language as i18n  # noqa: E402

from pygames.core import i18n as core_i18n  # noqa: E402
from tools.site.catalogs import page_catalogs  # noqa: E402

LANGUAGES = sorted(code for code in i18n.LANGUAGES if code != i18n.DEFAULT)


def compiled(language: str) -> tuple[bytes, list]:
    """A language's .po compiled as the build does (Babel's .mo), and its messages."""
    with (ROOT / "locale" / language / "LC_MESSAGES" / "pygames.po").open("rb") as handle:
        catalog = read_po(handle, locale=language)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue(), [m for m in catalog if m.id]


@pytest.fixture(scope="module")
def locale_dir(tmp_path_factory) -> tuple[Path, dict[str, list]]:
    folder = tmp_path_factory.mktemp("page")
    mo, messages = {}, {}
    for language in LANGUAGES:
        mo[f"locale/{language}/LC_MESSAGES/pygames.mo"], messages[language] = compiled(language)
    for rel, data in page_catalogs(mo).items():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_bytes(data)
    return folder / i18n.LOCALE_DIR, messages


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_page_catalogue_translates_every_text_as_the_po_says(locale_dir, language: str) -> None:
    folder, messages = locale_dir
    catalog = i18n.Catalog.load(language, str(folder))
    assert catalog is not None
    plurals = 0
    for message in messages[language]:
        if isinstance(message.id, str):
            assert catalog.gettext(message.id) == (message.string or message.id)
        else:
            singular, plural = message.id
            forms = message.string
            rule = catalog.plural
            for n in (0, 1, 2, 5, 21):
                expected = forms[rule(n)] or (singular if n == 1 else plural)
                assert catalog.ngettext(singular, plural, n) == expected
            plurals += 1
    assert plurals > 0
    assert catalog.gettext("a text nobody translated") == "a text nobody translated"
    assert catalog.ngettext("{n} thing", "{n} things", 3) == "{n} things"


def test_installing_a_language_translates_and_english_and_missing_files_do_not(locale_dir) -> None:
    folder, _ = locale_dir
    try:
        assert i18n.install("fr", str(folder)) == "fr"
        assert core_i18n._("Language") != "Language"
        assert i18n.install("en", str(folder)) == "en" and core_i18n._("Language") == "Language"
        assert i18n.Catalog.load("fr", str(folder / "nowhere")) is None
        assert i18n.Catalog.load("xx", str(folder)) is None
        # each language's file holds that language only: the page downloads one
        assert sorted(p.name for p in folder.iterdir()) == [f"catalog.{code}.json" for code in LANGUAGES]
        assert i18n.has_catalog("de", str(folder)) and not i18n.has_catalog("de", str(folder / "nowhere"))
        assert i18n.has_catalog("en", str(folder / "nowhere"))
    finally:
        i18n.install("en")


# What would read what tools/compile_pyc.mjs leaves out of the page's bytecode.
READERS = re.compile(r"__doc__|__annotations__|__annotate__|get_type_hints|get_annotations|singledispatch"
                     r"|inspect\.(signature|getdoc)|typing\.get_")


def test_no_module_of_the_page_reads_docstrings_or_function_annotations() -> None:
    """The page's bytecode has no module or function docstrings and no function annotations (smaller,
    and nothing reads them): a module that starts reading them must change the build first."""
    sources = [p for p in (ROOT / "pygames").rglob("*.py") if p.name != "__main__.py"]
    sources += list((ROOT / "web" / "app").rglob("*.py"))
    assert len(sources) > 50
    readers = {}
    for path in sources:
        text = path.read_text(encoding="utf-8")
        ast.parse(text)
        found = READERS.findall(text)
        if found:
            readers[path.relative_to(ROOT).as_posix()] = found
    assert readers == {}


def test_the_page_archive_carries_markupsafe_as_pure_python_of_the_pinned_version() -> None:
    """markupsafe (the page's type of markup) is no package the page installs: its pure-Python modules are
    compiled and archived with ours (app.tgz), its C speedups left out, from the venv's distribution of the
    version pyproject.toml pins; its licence is shipped beside the other vendored code's."""
    import importlib.metadata
    import tomllib

    from tools.site.app_code import MARKUPSAFE_VERSION, markupsafe_files
    from tools.site.bytecode import python_sources

    pinned = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["test"]
    assert f"markupsafe=={MARKUPSAFE_VERSION}" in pinned
    assert importlib.metadata.version("markupsafe") == MARKUPSAFE_VERSION
    vendored = sorted(rel for rel in python_sources() if rel.startswith("markupsafe/"))
    assert vendored == ["markupsafe/__init__.py", "markupsafe/_native.py"]
    assert "THIS SOFTWARE IS PROVIDED" in markupsafe_files()[1].read_text()

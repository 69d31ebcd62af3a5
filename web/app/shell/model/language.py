"""The page's language: the browser's first language we have, or the player's choice (remembered).

Translations come from locale/<lang>/LC_MESSAGES/pygames.po, written by the build as one catalogue file
per language (``catalog_file``, tools/site/catalogs.py: each English text it translates, then its
translations). The page downloads its player's language's with the page's archive (web/interpreter.mjs),
and another when the player picks it (shell/page/language.py). ``install`` makes ``pygames.core.i18n._``
translate with one of them; the engines' refusal reasons and every text of the page go through it. Links
and the move notation never change with the language.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable

from pygames.core import i18n

# code -> the language's own name (the picker shows it so); English is the source language
LANGUAGES: dict[str, str] = {
    "en": "English",
    "fr": "Français",
    "de": "Deutsch",
    "es": "Español",
    "it": "Italiano",
    "nl": "Nederlands",
}
DEFAULT = "en"
LOCALE_DIR = "locale"
CATALOG = "catalog.{code}.json"  # a language's translations, in LOCALE_DIR (the page's working directory)
STORAGE_KEY = "pygames:language"

_current = DEFAULT

# The web app manifest's words (web/manifest.webmanifest): build.py writes manifest.<lang>.webmanifest
# with their translations, and the page links the one of the player's language.
MANIFEST_WORDS = (
    i18n.N_("pygames — mountain board games"),
    i18n.N_("Mountain board games (K3, K2, Blokus 3D, Matterhorn), played offline in the browser."),
)


# What the page says before Python runs (web/index.html, web/boot.js): the first-visit progress, the
# update banner and a failed start. build.py writes their translations into index.html as a table
# (id "boot-texts") from which boot.js picks the player's language, as choose() below would.
BOOT_WORDS = (
    i18n.N_("Loading pygames…"),
    i18n.N_("Downloading Python…"),
    i18n.N_("Loading the games…"),
    i18n.N_("Starting the games…"),
    i18n.N_("Starting Python…"),
    i18n.N_("Loading"),
    i18n.N_("{loaded} of {total} MB"),
    i18n.N_("The first visit downloads Python; later visits start from this device and work offline."),
    i18n.N_("A new version is ready"),
    i18n.N_("Reload"),
    i18n.N_("pygames could not start: {error}"),
    i18n.N_("Reload the page to try again; if it keeps failing, please report this message."),
    i18n.N_("Opening {game}…"),
    i18n.N_("“{action}” opens as soon as the games are ready."),
)


def boot_counts(n: int) -> tuple[str, ...]:
    """The counts the page says before Python runs (a link opening: its players and moves), for ``n``; the
    build writes each language's forms for 0, 1 and 2 (``BOOT_COUNTS``)."""
    return (i18n.ngettext("{n} player", "{n} players", n), i18n.ngettext("{n} move", "{n} moves", n))


BOOT_COUNTS = (("{n} player", "{n} players"), ("{n} move", "{n} moves"))  # as boot_counts marks them


def manifest_file(code: str) -> str:
    return "./manifest.webmanifest" if code == DEFAULT else f"./manifest.{code}.webmanifest"


def choose(preferred: Iterable[str]) -> str:
    """The first of the browser's languages (``navigator.languages``, e.g. "fr-CH") we translate to."""
    for tag in preferred:
        code = str(tag).split("-")[0].split("_")[0].lower()
        if code in LANGUAGES:
            return code
    return DEFAULT


def catalog_file(code: str, localedir: str = LOCALE_DIR) -> str:
    """Where ``code``'s translations are (a file the page downloads: ``has_catalog``)."""
    return f"{localedir}/{CATALOG.format(code=code)}"


def has_catalog(code: str, localedir: str = LOCALE_DIR) -> bool:
    """Whether ``code`` can be installed now: English, or its translations are in the page."""
    import os

    return code not in LANGUAGES or code == DEFAULT or os.path.exists(catalog_file(code, localedir))


def install(code: str, localedir: str = LOCALE_DIR) -> str:
    """Translate into ``code`` from now on (unknown codes: English); returns the language in use."""
    global _current
    code = code if code in LANGUAGES else DEFAULT
    if code == DEFAULT:
        i18n.use(None)
    else:
        i18n.use(Catalog.load(code, localedir))
    _current = code
    return code


class Catalog:
    """One language's translations from the catalogue file, answering as gettext's would: the English
    text where a translation is missing."""

    def __init__(self, texts: dict[str, str], plurals: dict[str, list[str]], plural: Callable[[int], int]) -> None:
        self.texts, self.plurals, self.plural = texts, plurals, plural

    @classmethod
    def load(cls, code: str, localedir: str = LOCALE_DIR) -> Catalog | None:
        """``code``'s translations (None when the file or the language is missing: English)."""
        import gettext  # (its plural rules' parser; an English page never needs it)

        try:
            with open(catalog_file(code, localedir), encoding="utf-8") as file:
                table = json.load(file)
        except OSError:
            return None
        lang = table["languages"].get(code)
        if lang is None:
            return None
        texts = {text: words for text, words in zip(table["texts"], lang["texts"], strict=True) if words}
        plurals = {text: forms for text, forms in zip(table["plurals"], lang["plurals"], strict=True) if forms}
        return cls(texts, plurals, gettext.c2py(lang["plural"]))

    def gettext(self, message: str) -> str:
        return self.texts.get(message, message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        forms = self.plurals.get(singular)
        if forms:
            form = self.plural(n)
            if form < len(forms) and forms[form]:
                return forms[form]
        return singular if n == 1 else plural


def current() -> str:
    return _current

"""The page's language: the browser's first language we have, or the player's choice (remembered).

Translations are gettext catalogues compiled from locale/<lang>/LC_MESSAGES/pygames.po (build.py
puts them in app.zip, unpacked into ./locale). ``install`` makes ``pygames.core.i18n._`` translate
with one of them; the engines' refusal reasons and every text of the page go through it. Links and
the move notation never change with the language.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterable

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
    i18n.N_("The first visit downloads Python (about 14 MB, less where the site is served compressed); "
            "later visits start from this device and work offline."),
    i18n.N_("A new version is ready"),
    i18n.N_("Reload"),
    i18n.N_("pygames could not start: {error}"),
    i18n.N_("Reload the page to try again; if it keeps failing, please report this message."),
)


def manifest_file(code: str) -> str:
    return "./manifest.webmanifest" if code == DEFAULT else f"./manifest.{code}.webmanifest"


def choose(preferred: Iterable[str]) -> str:
    """The first of the browser's languages (``navigator.languages``, e.g. "fr-CH") we translate to."""
    for tag in preferred:
        code = str(tag).split("-")[0].split("_")[0].lower()
        if code in LANGUAGES:
            return code
    return DEFAULT


def install(code: str, localedir: str = LOCALE_DIR) -> str:
    """Translate into ``code`` from now on (unknown codes: English); returns the language in use."""
    global _current
    code = code if code in LANGUAGES else DEFAULT
    if code == DEFAULT:
        i18n.use(None)
    else:
        i18n.use(gettext.translation(i18n.DOMAIN, localedir, languages=[code], fallback=True))
    _current = code
    return code


def current() -> str:
    return _current


def picker() -> str:
    """The language picker (a <select>; the shell stores the choice and draws the screen again)."""
    from .svg import esc

    options = "".join(
        f'<option value="{code}" lang="{code}"{" selected" if code == _current else ""}>{esc(name)}</option>'
        for code, name in LANGUAGES.items()
    )
    label = esc(i18n._("Language"))
    return (
        f'<label class="lang-picker"><span class="visually-hidden">{label}</span>'
        f'<select id="lang-select" name="language" aria-label="{label}">{options}</select></label>'
    )

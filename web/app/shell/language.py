"""The page's language: chosen at start (the player's remembered choice, else the browser's), shown
on <html lang> and the manifest link, and changed from the picker (the same screen drawn again)."""

from __future__ import annotations

from pyscript import document, window

from . import home, i18n
from .dom import some


def start_language() -> None:
    """The player's remembered choice, else the browser's first language we have."""
    try:
        stored = window.localStorage.getItem(i18n.STORAGE_KEY)
    except Exception:
        stored = None
    if isinstance(stored, str) and stored in i18n.LANGUAGES:
        code = stored
    else:
        code = i18n.choose(str(tag) for tag in window.navigator.languages or [])
    show_language(i18n.install(code))


def show_language(code: str) -> None:
    """The page says which language it speaks, and offers the manifest (the installed app's name) in it."""
    root = document.documentElement
    if root.lang != code:  # (at start, in English, nothing changes: the page's thread has other work)
        root.lang = code
    link, manifest = document.querySelector('link[rel="manifest"]'), i18n.manifest_file(code)
    if some(link) and link.getAttribute("href") != manifest:
        link.setAttribute("href", manifest)


class LanguageMixin:
    """``App``'s language switch (shell/app.py)."""

    def set_language(self, code: str) -> None:
        """The player chose a language: remember it, and draw the same screen again in it."""
        code = i18n.install(code)
        show_language(code)
        try:
            window.localStorage.setItem(i18n.STORAGE_KEY, code)
        except Exception:  # storage blocked: the choice lasts until the page is closed
            pass
        form = document.getElementById("new-game-form")
        if self.session is not None:
            self.render()  # patched: the picker keeps the focus, the page its scroll
            return
        if some(form):  # the new-game form keeps what was chosen
            self.root.innerHTML = home.render_new_game(str(form.dataset.game), self.form_fields(form))
        else:  # the same page in the new language, where the player was on it
            scrolled = float(window.scrollY)
            self.route()
            window.scrollTo(0, scrolled)
        picker = document.getElementById("lang-select")  # (drawn anew: focused again)
        if some(picker):
            picker.focus()

"""The keyboard in the page: one ``keydown`` listener on the document (the game's keys work wherever
the focus is), Escape in the result dialog (Tab stays in a modal dialog by itself: showModal), Enter/Space
on ``role="button"`` targets, a view's own keys, the arrow keys moving the focus between a board's
targets, and the replay's keys.

The arrow keys on the board move the focus between its targets: inside the focused target's group
(``data-group``: one Tab stop each, page.mjs's ``rove``), else between all of them; they never step the
replay from there. With the focus elsewhere (not on the replay's controls or the move log) they go to the
board when it has something to act on.

The replay's keys (Home, ←, →, End: first, previous, next and newest position) come last, when the
focus is not in a text field or a menu (nor on the replay's slider, which has its own), the view did not
use the key (Blokus 3D's arrows move a picked piece; on its focused 3D stage they turn the view), and no
board would take ← or → (the focus on the replay's controls or the log, or nothing to act on on the
board). No game uses Home or End otherwise.

``?`` opens the list of the game's keys (a ``<dialog>``: Escape closes it, the focus goes back)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyscript import document

from .dom import rove, some

if TYPE_CHECKING:  # pragma: no cover
    from .parts import Page

ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}
TARGETS = '.board [role="button"][tabindex="0"], .board button'  # what the arrow keys reach on a board
REPLAY_PLACES = "#replay, ol.log"  # where ← and → are the replay's, whatever the board


class Keys:
    """The page's keyboard: ``keys_from`` is what had the focus when the list of keys opened."""

    def __init__(self, app: Page) -> None:
        self.app = app
        self.keys_from = None

    def on_key(self, event) -> None:
        key = str(event.key)
        self.app.rendering.pointing = False
        if key == "Escape" and some(document.querySelector("dialog[open]")):
            event.preventDefault()  # not the browser's closing: the shell closes what may be closed
            if some(document.querySelector("dialog#keys-dialog[open]")):
                self.close_keys()
                return
            if self.app.session is not None and some(document.querySelector("dialog[open][data-result]")):
                self.app.session.handle("close-dialog", {})  # (the game remembers it was closed)
                self.app.rendering.render()
                status = document.getElementById("turn-status")
                if some(status):
                    # (not the board's next target the render asked for: the turn line)
                    self.app.rendering.focus_next = None
                    status.focus()  # back where the game goes on
                return
            dialog = document.querySelector("dialog[open][data-escape]")  # a view's question: its answer to Escape
            if self.app.session is not None and some(dialog):
                self.app.events.after(self.app.session.handle(str(dialog.getAttribute("data-escape")), {}))
            return
        target = event.target
        tag = str(target.tagName).lower() if some(target) else ""
        if tag in ("input", "select", "textarea"):
            return  # typing: the move box and the forms handle their own keys
        if key in ("Enter", " ") and some(target) and str(target.getAttribute("role") or "") == "button":
            if tag in ("button", "a", "summary"):
                return  # the browser makes a click of it
            event.preventDefault()
            self.app.events.dispatch(target, event)
            return
        if self.app.session is None or event.ctrlKey or event.metaKey or event.altKey:
            return
        if tag in ("button", "a", "summary") and key in ("Enter", " "):
            return
        if key == "?" and not some(document.querySelector("dialog[open]")):
            event.preventDefault()
            self.open_keys()
            return
        if self.app.events.act("key", {"key": key, "shift": "1" if event.shiftKey else ""}):
            event.preventDefault()
        elif key in ARROWS and self.move_focus(key):
            event.preventDefault()
        elif not some(document.querySelector("dialog[open]")) and not event.shiftKey and self.app.replay.key(key):
            event.preventDefault()

    def open_keys(self) -> None:
        """``?``: the list of the game's keys (``#keys-dialog``, drawn with the screen), opened modal."""
        dialog = document.getElementById("keys-dialog")
        if some(dialog) and not dialog.open:
            self.keys_from = document.activeElement
            dialog.showModal()

    def close_keys(self) -> None:
        """The list of keys closed (Escape, or its button): the focus back where it was."""
        dialog = document.getElementById("keys-dialog")
        if some(dialog) and dialog.open:
            dialog.close()
        back, self.keys_from = self.keys_from, None
        if some(back) and back.isConnected and back is not document.body:
            back.focus()

    def move_focus(self, key: str) -> bool:
        """Arrow keys on the board of any game: focus the nearest target in that direction, inside the
        focused target's group if it is in one (which then has its Tab stop there). True when the key is the
        board's: the focus on the board (even where no target lies that way), or, from anywhere but the
        replay's controls and the log, the board has a target to go to (its group's stop)."""
        active = document.activeElement
        if not some(active) or not some(active.closest(".board")):
            if some(active) and some(active.closest(REPLAY_PLACES)):
                return False
            # (a target to act on, not any button of the board: K2's zoom, Blokus 3D's view)
            first = document.querySelector('.board [role="button"][tabindex="0"]')
            if not some(first):
                return False  # nothing to act on on the board: the replay's
            first.focus()
            return True
        group = active.closest("[data-group]")
        candidates = (group.querySelectorAll("[data-rove], [tabindex='0']") if some(group)
                      else document.querySelectorAll(TARGETS))
        dx, dy = ARROWS[key]
        here = active.getBoundingClientRect()
        cx, cy = here.left + here.width / 2, here.top + here.height / 2
        best, best_score = None, float("inf")
        for element in candidates:
            if element.isSameNode(active):
                continue
            box = element.getBoundingClientRect()
            vx, vy = box.left + box.width / 2 - cx, box.top + box.height / 2 - cy
            along, across = vx * dx + vy * dy, abs(vx * dy - vy * dx)
            if along < 2 or across > 2 * along:  # not in that direction
                continue
            score = along + 2 * across
            if score < best_score:
                best, best_score = element, score
        if best is None:
            return True  # nothing that way: the key stays the board's
        best.focus()
        rove(best)
        return True

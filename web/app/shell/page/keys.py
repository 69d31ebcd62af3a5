"""The keyboard in the page, as shell/events.mjs reports it: Escape in a modal dialog, a view's own keys, and
the replay's keys. The page's thread does what is the page's own (events.mjs): the list of the game's keys
(``?``, a ``<dialog>``: Escape closes it, the focus goes back), Enter and Space on ``role="button"`` targets
(a click's message), and the arrow keys moving the focus between a board's targets.

Nothing goes back to the page: whether the browser may use a key too (the arrows scroll, Tab moves the
focus), the page decides at once from the keys the screen claims, in the shell's order: the view's
(``View.claimed_keys``: Blokus 3D's arrows move a picked piece), then an arrow key the board takes (the
focus on the board, or, from anywhere but the replay's controls and the move log, the board has something
to act on: the focus moves between its targets, inside the focused target's group, and the shell hears
nothing of it), then the replay's (Home, ←, →, End: first, previous, next and newest position, once the game
has moves; not from a text field or a menu, which keep their keys). No game uses Home or End otherwise."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .parts import Page

class Keys:
    """The page's keyboard: the keys that are the shell's."""

    def __init__(self, app: Page) -> None:
        self.app = app

    def key(self, message: dict) -> None:
        """A key pressed on a game's screen (not in a field, no modifier but Shift; not an arrow the board took):
        the view's, else the replay's. (Whether the browser may use it too, the page decided from the keys the
        screen claims: the view's ``claimed_keys``, the replay's.)"""
        key = str(message.get("key", ""))
        dialog = message.get("dialog")
        if self.app.events.act("key", {"key": key, "shift": "1" if message.get("shift") else ""}, dialog):
            return
        if not dialog and not message.get("shift"):
            self.app.replay.key(key)

    def escape(self, dialog: dict) -> None:
        """Escape in a modal dialog (``dialog``: its id, whether it is a game's result, its ``data-escape``):
        the result closed (the focus back on the turn line, where the game goes on), or a view's question
        given its answer to Escape; nothing else closes."""
        session = self.app.session
        if session is None:
            return
        if dialog.get("result"):
            session.handle("close-dialog", {})  # (the game remembers it was closed)
            # (not the board's next target the view asks for: the turn line)
            self.app.rendering.render(focus="#turn-status")
            return
        if dialog.get("escape"):  # a view's question: its answer to Escape
            self.app.events.after(session.handle(str(dialog["escape"]), {}))

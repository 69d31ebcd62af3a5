"""The keyboard in the page, as shell/events.mjs reports it: Escape in a modal dialog, a view's own keys, and
the replay's keys. The page's thread does what is the page's own (events.mjs): the list of the game's keys
(``?``, a ``<dialog>``: Escape closes it, the focus goes back), Enter and Space on ``role="button"`` targets
(a click's message), and the arrow keys moving the focus between a board's targets, when the shell answers
"focus".

The arrow keys are the board's (the message's ``board``) when the focus is on the board, or, from anywhere but
the replay's controls and the move log, when the board has something to act on: they move the focus between
its targets (inside the focused target's group, ``data-group``: one Tab stop each) and never step the replay
from there.

The replay's keys (Home, ←, →, End: first, previous, next and newest position) come last, when the focus is not
in a text field or a menu (events.mjs sends no key from there), the view did not use the key (Blokus 3D's
arrows move a picked piece; on its focused 3D stage they turn the view), and the board would not take ← or →.
No game uses Home or End otherwise."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .parts import Page

ARROWS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown")


class Keys:
    """The page's keyboard: the keys that are the shell's."""

    def __init__(self, app: Page) -> None:
        self.app = app

    def key(self, message: dict) -> str:
        """A key pressed on a game's screen (not in a field, no modifier but Shift): "used" when the view or
        the replay used it, "focus" when it is an arrow the board takes (events.mjs moves the focus), else ""."""
        key = str(message.get("key", ""))
        dialog = message.get("dialog")
        if self.app.events.act("key", {"key": key, "shift": "1" if message.get("shift") else ""}, dialog):
            return "used"
        if key in ARROWS and message.get("board"):
            return "focus"
        if not dialog and not message.get("shift") and self.app.replay.key(key):
            return "used"
        return ""

    def escape(self, dialog: dict) -> None:
        """Escape in a modal dialog (``dialog``: its id, whether it is a game's result, its ``data-escape``):
        the result closed (the focus back on the turn line, where the game goes on), or a view's question
        given its answer to Escape; nothing else closes."""
        session = self.app.session
        if session is None:
            return
        if dialog.get("result"):
            session.handle("close-dialog", {})  # (the game remembers it was closed)
            self.app.rendering.render()
            # (not the board's next target the render asked for: the turn line)
            self.app.rendering.focus_later("#turn-status")
            return
        if dialog.get("escape"):  # a view's question: its answer to Escape
            self.app.events.after(session.handle(str(dialog["escape"]), {}))

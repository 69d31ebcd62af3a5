"""Events in the page: the delegated listeners on ``<main id="app">`` (click, pointer drag, change,
input, submit, a view's ``pygames:act``), each turned into a shell act (``data-act`` and the element's
other ``data-*`` values) or a view act (``Session.handle``). The keyboard is ``keys.py``."""

from __future__ import annotations

import asyncio
import json
import traceback
from typing import TYPE_CHECKING

import games
from pyscript import document, window

from pygames.core.errors import RecordError, RuleError
from pygames.core.i18n import _

from ..contract.view import CHANGED, MOVED, Outcome
from ..model import daily, new_game, players, routes, saves
from ..model.replay import REPLAY_ACTS
from ..screens.new_game import render_new_game
from .dom import dataset, set_html, some
from .language import set_language

if TYPE_CHECKING:  # pragma: no cover (a game's engine core comes when one opens)
    from pygames.core.record import Record

    from .parts import Page


class Events:
    """The page's listeners on ``<main id="app">`` and the acts they make: ``drag_from`` is the ``data-drag``
    of the element pressed (a view's drag and drop)."""

    def __init__(self, app: Page) -> None:
        self.app = app
        self.drag_from: str | None = None

    def on_pointer_down(self, event) -> None:
        """Drag and drop for views: press on an element with ``data-drag``, release on another."""
        self.drag_from = None
        # the last input was a pointer's: a focus moved for it does not scroll the page
        self.app.rendering.pointing = True
        if self.app.session is None or not some(event.target):
            return
        piece = event.target.closest("[data-drag]")
        if some(piece):
            self.drag_from = str(piece.dataset.drag)

    def on_pointer_up(self, event) -> None:
        start, self.drag_from = self.drag_from, None
        if start is None or self.app.session is None:
            return
        under = document.elementFromPoint(event.clientX, event.clientY)
        piece = under.closest("[data-drag]") if some(under) else None
        if not some(piece) or str(piece.dataset.drag) == start:
            return  # a plain click: the click handler does it
        event.preventDefault()
        self.act("drag", {"from": start, "to": str(piece.dataset.drag)})

    def on_click(self, event) -> None:
        target = event.target.closest("[data-act]") if some(event.target) else None
        if not some(target):
            return
        if str(target.tagName).lower() == "summary" or str(target.id) == "skip-controls":
            event.preventDefault()  # the shell opens and closes it (the next render keeps it); not a new route
        self.dispatch(target, event)

    def on_input(self, event) -> None:
        """Typing in the move box narrows the list of legal moves (without drawing the screen again); the
        replay's slider shows the position it points at."""
        target = event.target
        if self.app.session is None or not some(target):
            return
        if str(target.id) == "replay-slider":
            self.app.replay.slider(str(target.value))
            return
        if str(target.id) != "move-input":
            return
        self.app.session.move_text = str(target.value)
        listing = document.getElementById("legal-list")
        if some(listing):
            from ..screens import game as screen  # (here: the first screen, home, needs no game screen module)

            set_html(listing, screen.legal_items(
                self.app.session, self.app.session.legal_moves() or [], self.app.session.move_text))

    def on_view_act(self, event) -> None:
        """An act sent by a view's own script (see shell/contract/view.py): a ``pygames:act`` CustomEvent whose
        ``detail`` holds ``act`` and string values, handled as a key or a drag is."""
        try:
            data = {str(k): str(v) for k, v in dict(event.detail.to_py()).items()}
        except Exception:  # not an object of strings: not ours
            return
        act = data.pop("act", "")
        if act:
            self.act(act, data)

    def act(self, act: str, data: dict[str, str]) -> bool:
        """A view act that is not a click (a key, a drag); True if it changed something."""
        session = self.app.session
        if session is None or some(document.querySelector("dialog[open]")):
            return False  # the rest of the page is inert under a modal dialog: so are its keys
        try:
            outcome = session.handle(act, data)
        except Exception as error:
            traceback.print_exc()
            session.notice(_("Something went wrong: {error}").format(error=error))
            outcome = CHANGED
        self.app.rendering.player_acted = act == "key" and bool(outcome)  # (the focus goes into the game: rendering.py)
        self.after(outcome)
        return bool(outcome)

    def after(self, outcome: Outcome) -> None:
        """Draw what a player's act changed (``outcome``: the session's)."""
        if outcome == MOVED:
            self.app.saves.autosave()
            self.app.saves.note_daily()
            self.app.rendering.refresh()
        elif outcome:
            if self.app.session is not None and self.app.session.hints_unsaved:  # a hint asked for: kept at once
                self.app.saves.autosave()
            self.app.rendering.render()

    def dispatch(self, element, event=None) -> None:
        data = dataset(element)
        act = data.pop("act", "")
        try:
            self._dispatch(act, data, element)
        except Exception as error:
            traceback.print_exc()
            if self.app.session is not None:
                self.app.session.notice(_("Something went wrong: {error}").format(error=error))
                self.app.rendering.render()

    def _dispatch(self, act: str, data: dict[str, str], element) -> None:
        if act == "home":
            self.app.navigation.go("")
            return
        if act == "delete":
            self.app.saves.store.delete(data.get("id", ""))
            self.app.navigation.show_home()
            return
        if act == "rules-try" and self.app.navigation.rules_page is not None:
            name, section, answers = self.app.navigation.rules_page
            k, j = int(data.get("section", "0")), int(data.get("example", "0"))
            example = games.rules(name)[k].examples[j]
            from ..model import examples  # (here: the first screen, home, needs no game screen module)

            answers[(k, j)] = examples.try_move(name, games.view_class(name), example, data.get("move", ""))
            self.app.navigation.draw_rules()
            return
        if act == "reseed":
            field = document.getElementById("f-seed")
            if some(field):
                field.value = players.new_seed()
            return
        session = self.app.session
        if session is None:
            return
        match = session.match
        if act in REPLAY_ACTS:
            self.app.replay.act(act, data, from_log=some(element) and some(element.closest("ol.log")))
            return
        simple = {"fork": self.app.replay.fork, "keys": self.app.keys.open_keys, "close-keys": self.app.keys.close_keys,
                  "skip-controls": self.skip_to_controls}.get(act)
        if simple is not None:  # the game screen's own buttons that take nothing
            simple()
            return
        if act in ("undo", "redo"):  # both step over bot moves to a human decision (a hot seat's: model/session.py)
            if (session.undo_refusal() if act == "undo" else session.redo_refusal()):
                (session.undo if act == "undo" else session.redo)()  # says why not
                self.app.rendering.render()
                return
            self.app.bots.cancel()
            (session.undo if act == "undo" else session.redo)()
            self.app.saves.autosave()
            self.app.rendering.refresh()
            return
        if act == "copy":
            asyncio.ensure_future(self.copy_link())
            return
        if act == "share":
            asyncio.ensure_future(self.share(element))
            return
        if act == "newgame":
            self.app.navigation.form_values = new_game.values_of(match.record(), session.seats, session.names)
            self.app.navigation.go(routes.new_fragment(match.name))
            return
        if act == "rematch":
            from pygames.core.match import Match
            from pygames.core.record import Record

            extras = {k: v for k, v in match.extras.items() if k != "hints"}  # (a new game: no hint yet)
            record = Record(match.name, dict(match.options), match.seed, [], extras)
            self.app.navigation.leave_game()
            self.app.navigation.start_session(self.app.navigation.new_session(Match(record), saves.new_id()))
            return
        self.after(session.handle(act, data))
        if act == "describe":  # the words of the board take the focus (a screen reader reads them)
            words = document.getElementById("board-description")
            if some(words):
                self.app.rendering.focus_later(words)  # render() focuses it in the next task

    def skip_to_controls(self) -> None:
        """"Skip to the controls": the first control beside the board takes the focus."""
        first = document.querySelector(
            "#side-col :is(button:not([disabled]), input:not([disabled]), select, a[href], summary, [tabindex='0'])")
        if some(first):
            first.focus()

    async def copy_link(self) -> None:
        link = self.app.rendering.link(position=True)
        message = _("Link copied: anyone who opens it sees this position.")
        copied = True
        try:
            await window.navigator.clipboard.writeText(link)
        except Exception:
            message = _("Copy the link from the field “Link to this position”.")
            copied = False
        field = document.getElementById("game-link")
        if some(field):
            # copied: the field selected where it is (the page stays where the player is); else brought into view
            if copied:
                field.focus(window.JSON.parse('{"preventScroll": true}'))
            else:
                field.focus()
            field.select()
        status = document.getElementById("turn-status")
        if some(status):
            note = document.createElement("span")
            note.className = "copied"
            note.textContent = " — " + message
            status.appendChild(note)

    async def share(self, button) -> None:
        """Share a finished challenge's result (``daily.share_text``): the system's share sheet where the browser
        has one (a phone), else the text copied to the clipboard (as Copy link does); the words beside the
        button say which."""
        session = self.app.session
        text = daily.share_text(session, self.app.rendering.link(session)) if session is not None else ""
        if not text:
            return
        navigator = window.navigator
        if hasattr(navigator, "share"):
            try:
                await navigator.share(window.JSON.parse(json.dumps({"text": text})))
                return  # shared (the system's sheet said so), or the player closed the sheet
            except Exception as error:
                if "AbortError" in str(error):
                    return
        try:
            await navigator.clipboard.writeText(text)
            message = _("Copied: paste it to share your result and its link.")
        except Exception:
            message = _("Could not copy: copy the game’s link from its field instead.")
        status = button.parentElement.querySelector(".share-status") if some(button) else None
        if some(status):
            status.textContent = message

    def on_change(self, event) -> None:
        target = event.target
        if some(target) and str(target.id or "") == "lang-select":
            set_language(self.app, str(target.value))
            return
        if some(target) and str(target.id or "") == "replay-speed" and self.app.session is not None:
            self.app.session.set_speed(str(target.value))
            return
        if not some(target) or str(target.name or "") != "players":
            return
        form = target.closest("form")
        if not some(form):
            return
        values = self.form_fields(form)
        set_html(self.app.root, render_new_game(str(form.dataset.game), values))
        select = document.getElementById("f-players")
        if some(select):
            select.focus()

    @staticmethod
    def form_fields(form) -> dict:
        values = {}
        for element in form.querySelectorAll("input, select"):
            name = str(element.name or "")
            if not name:
                continue
            if str(element.type) == "checkbox":
                values[name] = bool(element.checked)
            else:
                values[name] = str(element.value)
        return values

    def on_submit(self, event) -> None:
        form = event.target
        if not some(form):
            return
        if str(form.id) == "move-form":
            event.preventDefault()
            if self.app.session is not None:
                field = document.getElementById("move-input")
                text = str(field.value) if some(field) else ""
                try:
                    outcome = self.app.session.type_move(text)
                except Exception as error:
                    traceback.print_exc()
                    self.app.session.notice(_("Something went wrong: {error}").format(error=error))
                    outcome = CHANGED
                self.after(outcome)
            return
        if str(form.id) != "new-game-form":
            return
        event.preventDefault()
        name = str(form.dataset.game)
        values = self.form_fields(form)
        if values.get("fork"):  # "Play from here"
            self.app.replay.start_fork(name, values)
            return
        try:
            record = new_game.parse_new_game(name, values)
        except (RecordError, RuleError) as error:
            set_html(self.app.root, render_new_game(name, values, _("Cannot start: {error}").format(error=error)))
            return
        self.start_new(record)

    def start_new(self, record: Record) -> None:
        """A new game of ``record`` saved under a new id and shown (a history entry; the hashchange renders)."""
        from pygames.core.match import Match

        save_id = saves.new_id()
        self.app.navigation.leave_game()
        self.app.session = self.app.navigation.new_session(Match(record), save_id)
        self.app.saves.autosave()
        window.location.hash = "#" + routes.play_fragment(save_id)

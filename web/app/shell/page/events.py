"""Events in the page: the delegated listeners on ``<main id="app">`` (click, pointer drag, change,
input, submit, a view's ``pygames:act``), each turned into a shell act (``data-act`` and the element's
other ``data-*`` values) or a view act (``Session.handle``). The keyboard is ``keys.py``."""

from __future__ import annotations

import traceback
from typing import TYPE_CHECKING

import games

from pygames.core.errors import RecordError, RuleError
from pygames.core.i18n import _

from ..contract.view import CHANGED, MOVED, Outcome
from ..model import daily, new_game, players, routes, saves
from ..model.replay import REPLAY_ACTS
from ..screens.new_game import render_new_game
from .dom import ROOT, call, redraw_all, set_hash, set_html
from .language import set_language

if TYPE_CHECKING:  # pragma: no cover (a game's engine core comes when one opens)
    from pygames.core.record import Record

    from .parts import Page


class Events:
    """The page's events, as shell/events.mjs reports them (one message each: ``receive``), and the acts they
    make. The shell decides from the message alone, never from the page: what a decision needs of the page
    (the element's act and ``data-*``, a form's fields, the dialog that is open) comes in it."""

    def __init__(self, app: Page) -> None:
        self.app = app

    def receive(self, message: dict) -> None:
        """One event's message (shell/events.mjs ``listen``)."""
        kind = message.get("kind")
        if kind == "pointer" or kind == "keyboard":  # the last input: a focus moved for a pointer does not scroll
            self.app.rendering.pointing = kind == "pointer"
        elif kind == "click":
            self.dispatch(message.get("data") or {}, bool(message.get("log")), str(message.get("id", "")))
        elif kind == "act":
            self.act(str(message.get("act", "")), message.get("data") or {}, message.get("dialog"))
        elif kind == "input":
            self.on_input(str(message.get("id", "")), str(message.get("value", "")))
        elif kind == "change":
            self.on_change(message)
        elif kind == "submit":
            self.on_submit(message)
        elif kind == "hash":
            self.app.navigation.route(str(message.get("hash", "")), float(message.get("scrollY") or 0))
        elif kind == "escape":
            self.app.keys.escape(message.get("dialog") or {})
        elif kind == "key":
            self.app.keys.key(message)
        elif kind == "storage":  # (another tab wrote the device's storage: the shell's copy follows)
            changed = getattr(self.app.saves.store.backend, "changed", None)
            if changed is not None:
                changed(message.get("key"), message.get("value"))
        elif kind == "redraw":  # (the page missed a part the last render kept: page.mjs ``render``)
            redraw_all()
            self.app.rendering.render()
        elif kind == "storage-refused":  # (the page could not write what the shell saved, e.g. storage full)
            self.app.saves.refused(str(message.get("key")), message.get("value"), str(message.get("error")))

    def on_input(self, field: str, value: str) -> None:
        """Typing in the move box narrows the list of legal moves (without drawing the screen again); the
        replay's slider shows the position it points at."""
        if self.app.session is None:
            return
        if field == "replay-slider":
            self.app.replay.slider(value)
            return
        self.app.session.move_text = value
        from ..screens import game as screen  # (here: the first screen, home, needs no game screen module)

        set_html("#legal-list", screen.legal_items(
            self.app.session, self.app.session.legal_moves() or [], self.app.session.move_text))

    def act(self, act: str, data: dict[str, str], dialog: dict | None = None) -> bool:
        """A view act that is not a click (a key, a drag; ``dialog``: the modal dialog open then, if any); True
        if it changed something."""
        session = self.app.session
        if session is None or dialog:
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

    def after(self, outcome: Outcome, focus: str = "") -> None:
        """Draw what a player's act changed (``outcome``: the session's); ``focus``: where the focus goes then
        (``Rendering.render``'s)."""
        if outcome == MOVED:
            self.app.saves.autosave()
            self.app.saves.note_daily()
            self.app.rendering.refresh(focus)
        elif outcome:
            if self.app.session is not None and self.app.session.hints_unsaved:  # a hint asked for: kept at once
                self.app.saves.autosave()
            self.app.rendering.refresh(focus)  # (a hint asked for starts being thought: bots.py ``maybe_hint``)

    def dispatch(self, data: dict[str, str], from_log: bool = False, element_id: str = "") -> None:
        """An element's act (a click, or Enter on it): ``data``, its ``data-*`` values; ``from_log``: it is in
        the move log; ``element_id``: its id."""
        data = dict(data)
        act = data.pop("act", "")
        try:
            self._dispatch(act, data, from_log, element_id)
        except Exception as error:
            traceback.print_exc()
            if self.app.session is not None:
                self.app.session.notice(_("Something went wrong: {error}").format(error=error))
                self.app.rendering.render()

    def _dispatch(self, act: str, data: dict[str, str], from_log: bool, element_id: str) -> None:
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
            call("setValue", "#f-seed", players.new_seed())
            return
        session = self.app.session
        if session is None:
            return
        match = session.match
        if act in REPLAY_ACTS:
            self.app.replay.act(act, data, from_log=from_log)
            return
        if act == "fork":
            self.app.replay.fork()
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
        if act == "copy":  # (the page copies it, selects its field and says so: page.mjs copyLink)
            call("copyLink", self.app.rendering.link(position=True),
                 _("Link copied: anyone who opens it sees this position."),
                 _("Copy the link from the field “Link to this position”."))
            return
        if act == "share":
            self.share(element_id.removeprefix("btn-share-"))
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
        # (describe: the words of the board take the focus, a screen reader reads them)
        self.after(session.handle(act, data), "#board-description" if act == "describe" else "")

    def share(self, place: str) -> None:
        """Share a finished challenge's result (``daily.share_text``): the system's share sheet where the browser
        has one (a phone), else the text copied to the clipboard (as Copy link does); the words beside the
        button (``daily.share_button(place)``) say which (page.mjs ``share``)."""
        session = self.app.session
        text = daily.share_text(session, self.app.rendering.link(session)) if session is not None else ""
        if text:
            call("share", text, place, _("Copied: paste it to share your result and its link."),
                 _("Could not copy: copy the game’s link from its field instead."))

    def on_change(self, message: dict) -> None:
        """A field changed: the language, the replay's speed, or the new-game form's number of players (the
        form drawn again for it, with what was chosen)."""
        field, value = str(message.get("id", "")), str(message.get("value", ""))
        if field == "lang-select":
            set_language(self.app, value, message.get("newGame"), float(message.get("scrollY") or 0))
            return
        if field == "replay-speed" and self.app.session is not None:
            self.app.session.set_speed(value)
            return
        form = message.get("form")
        if not form:
            return
        set_html(ROOT, render_new_game(str(form.get("game", "")), form.get("fields") or {}))
        call("focus", "#f-players")

    def on_submit(self, message: dict) -> None:
        """The move box's move, or the new-game form's game (its fields in ``message``)."""
        fields = message.get("fields") or {}
        if message.get("id") == "move-form":
            if self.app.session is not None:
                try:
                    outcome = self.app.session.type_move(str(fields.get("move", "")))
                except Exception as error:
                    traceback.print_exc()
                    self.app.session.notice(_("Something went wrong: {error}").format(error=error))
                    outcome = CHANGED
                self.after(outcome)
            return
        name = str(message.get("game", ""))
        if fields.get("fork"):  # "Play from here"
            self.app.replay.start_fork(name, fields)
            return
        try:
            record = new_game.parse_new_game(name, fields)
        except (RecordError, RuleError) as error:
            set_html(ROOT, render_new_game(name, fields, _("Cannot start: {error}").format(error=error)))
            return
        self.start_new(record)

    def start_new(self, record: Record) -> None:
        """A new game of ``record`` saved under a new id and shown (a history entry; the hashchange renders)."""
        from pygames.core.match import Match

        save_id = saves.new_id()
        self.app.navigation.leave_game()
        self.app.session = self.app.navigation.new_session(Match(record), save_id)
        self.app.saves.autosave()
        set_hash(routes.play_fragment(save_id))

"""A session's words: each move as a sentence for the seat looking, whose turn it is, and the result's
title (``Session`` takes them from here; the game's view says what is particular to its game)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pygames.core import i18n
from pygames.core.i18n import _

if TYPE_CHECKING:  # pragma: no cover
    from pygames.core.game import Game
    from pygames.core.match import Match

    from ..contract.view import GameView


class SessionWords:
    """The words of ``shell.model.session.Session``: what they read of the session is declared here (the
    session sets it)."""

    match: Match
    seats: list[str]
    view: GameView
    at: int | None
    thinking: int | None
    _sentences: list[tuple[tuple[int, int], int | None, str]]  # per move: (state's id, language), viewer, words

    if TYPE_CHECKING:  # the session's own methods and properties, which the words ask

        @property
        def game(self) -> Game: ...

        @property
        def hides_information(self) -> bool: ...

        def viewer(self) -> int | None: ...

        def seen_state(self, index: int) -> Game: ...

        def moves_shown(self) -> int: ...

        def short_name(self, seat: int) -> str: ...

        def seat_name(self, seat: int) -> str: ...

        def is_human(self, seat: int) -> bool: ...

        def humans(self) -> list[int]: ...

        def handoff_seat(self) -> int | None: ...

        def human_mover(self) -> int | None: ...

        def bot_mover(self) -> int | None: ...

    def sentence(self, index: int) -> tuple[int, str]:
        """(actor, words) for move ``index`` (0-based) as the viewer may know it; cached per state."""
        snaps = self.match.snapshots
        after = snaps[index + 1]
        viewer = self.viewer() if self.hides_information else None
        while len(self._sentences) <= index:
            self._sentences.append(((0, 0), None, ""))
        key, seen_by, words = self._sentences[index]
        key_now = (id(after), i18n.generation())
        if key == key_now and seen_by == viewer and words:
            actor, _sep, phrase = words.partition("\x00")
            return int(actor), phrase
        before, after_seen = self.seen_state(index), self.seen_state(index + 1)
        text = after_seen.history[index]
        actor = self.view.actor(before, text)
        phrase = self.view.describe(before, text, after_seen)
        self._sentences[index] = (key_now, viewer, f"{actor}\x00{phrase}")
        return actor, phrase

    def seen_history(self) -> list[str]:
        """Every move of the game as the viewer may know it (whichever position is shown)."""
        return self.seen_state(-1).history

    def last_move_sentence(self) -> str:
        """The move that led to the position shown, in words ("" before the first)."""
        shown = self.moves_shown()
        if not shown:
            return ""
        actor, phrase = self.sentence(shown - 1)
        return f"{self.short_name(actor)} {phrase}"

    def status(self) -> str:
        """Whose turn it is, in words (the turn indicator); which move is shown, in a replay."""
        game = self.game
        if self.at is not None:
            return _("Looking back: move {n} of {total}").format(n=self.at, total=len(game.history))
        if game.is_over():
            return self.result_title()
        if self.thinking is not None:
            return _("{name} is thinking…").format(name=self.seat_name(self.thinking))
        handoff = self.handoff_seat()
        seat = self.human_mover()
        if handoff is not None and seat is not None:
            return _("Pass the device to {name}").format(name=self.seat_name(handoff))
        if seat is None:
            bot = self.bot_mover()
            return _("{name} is about to play…").format(name=self.seat_name(bot)) if bot is not None else ""
        return self.view.status(seat, self.seat_name(seat))

    def result_title(self) -> str:
        result = self.game.result()
        if result is None:
            return _("Game over")
        own = self.view.result_title(result)
        if own:
            return own
        if result.coop is not None:
            return _("The team reached the summit!") if result.coop == "win" else _("The team lost")
        winners = list(result.ranking[0]) if result.ranking else []
        if result.winner is not None:
            winners = [result.winner]
        if not winners or len(winners) == len(self.seats) > 1:
            return _("Game over") if not winners else _("A draw: everyone shares the win")
        humans = self.humans()
        if len(winners) == 1:
            winner = winners[0]
            if len(humans) == 1 and self.is_human(winner):
                return _("You win!")
            return _("{name} wins!").format(name=self.seat_name(winner))
        return _("Joint win: {names}").format(names=", ".join(self.seat_name(s) for s in winners))

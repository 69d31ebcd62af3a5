"""A game in progress as the app holds it: the record, the current state, undo and redo.

Undo keeps a snapshot after every move (states are cheap to copy), so undo and redo are instant.
With bots at the table, undo/redo step over bot moves to the previous/next human decision.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from .errors import RecordError, RuleError, excerpt
from .game import Action, Game
from .i18n import _
from .record import Record
from .registry import get_game

IsHuman = Callable[[int], bool]


class Match:
    def __init__(self, record: Record) -> None:
        """Replay ``record`` (RecordError if it cannot be replayed)."""
        for _step in self._replay(record):
            pass

    @classmethod
    def stepwise(cls, record: Record) -> tuple[Match, Iterator[int]]:
        """A match and the steps that replay ``record`` into it, one move per step (each yields the
        number of moves replayed so far; RecordError from the step that cannot be replayed): for a
        caller that spreads a long replay over several tasks. The match is ready when they are done."""
        match = cls.__new__(cls)
        return match, match._replay(record)

    def _replay(self, record: Record) -> Iterator[int]:
        self.name = record.game
        self.options = dict(record.options)
        self.seed = record.seed
        self.extras = dict(record.extras)
        self.redo_stack: list[str] = []
        for _step in get_game(record.game).prepare_steps(record.options):
            yield 0
        start = Record(record.game, record.options, record.seed, [], record.extras).replay()
        self.snapshots: list[Game] = [start]
        yield 0
        for index, text in enumerate(record.moves, start=1):
            game = self.snapshots[-1].copy()
            try:
                game.apply(text)
            except RuleError as e:  # same message as Record.replay
                raise RecordError(_("move {n} ({move}) cannot be played: {reason}").format(
                    n=index, move=excerpt(text, quote=False), reason=e)) from None
            self.snapshots.append(game)
            yield index
        if self.snapshots[-1].history != [str(m) for m in self.game.history]:
            raise AssertionError("replay diverged")  # pragma: no cover

    @property
    def game(self) -> Game:
        return self.snapshots[-1]

    @property
    def moves(self) -> list[str]:
        return list(self.game.history)

    def record(self) -> Record:
        return Record(self.name, dict(self.options), self.seed, self.moves, dict(self.extras))

    def apply(self, action: Action | str) -> Action:
        """Play an action (RuleError, state unchanged, if illegal); clears the redo list."""
        game = self.game.copy()
        done = game.apply(action)
        self.snapshots.append(game)
        self.redo_stack.clear()
        return done

    def can_undo(self, is_human: IsHuman | None = None) -> bool:
        if is_human is None:
            return len(self.snapshots) > 1
        return any(self._human_to_move(g, is_human) for g in self.snapshots[:-1])

    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    @staticmethod
    def _human_to_move(game: Game, is_human: IsHuman) -> bool:
        return any(is_human(s) for s in game.to_move())

    def undo(self, is_human: IsHuman | None = None) -> int:
        """Take back one move, or (with ``is_human``) back to the previous human decision.

        Returns how many moves were taken back (0 when there is nothing to undo).
        """
        if not self.can_undo(is_human):
            return 0
        count = 0
        while len(self.snapshots) > 1:
            self.redo_stack.append(self.snapshots.pop().history[-1])
            count += 1
            if is_human is None or self._human_to_move(self.game, is_human):
                break
        return count

    def redo(self, is_human: IsHuman | None = None) -> int:
        """Replay one undone move, or (with ``is_human``) up to the next human decision."""
        count = 0
        while self.redo_stack:
            text = self.redo_stack.pop()
            game = self.game.copy()
            game.apply(text)
            self.snapshots.append(game)
            count += 1
            if is_human is None or self._human_to_move(self.game, is_human) or self.game.is_over():
                break
        return count

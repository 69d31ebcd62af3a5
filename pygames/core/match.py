"""A game in progress as the app holds it: the record, the current state, undo and redo.

Undo keeps the state after every move (``Snapshots``), so undo and redo are instant. With bots at
the table, undo/redo step over bot moves to the previous/next human decision. ``floor`` keeps undo from
going back before a given number of moves (the shell's hand-off in a game that hides information: undo is
the device holder's own, never into another player's secret choice).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import overload

from .errors import RecordError, RuleError, excerpt
from .game import Action, Game
from .i18n import _
from .record import Record
from .registry import get_game

IsHuman = Callable[[int], bool]

CHECKPOINT = 16  # a replayed record keeps a copy of every CHECKPOINT-th state; the others on demand


class Snapshots(Sequence[Game]):
    """The state before the first move and after each move, as a list.

    A state appended by play is kept as it is. A replayed record keeps only a copy every
    ``CHECKPOINT`` moves and its last state: replaying a long game copies a state a few times
    instead of once per move. A state in between is rebuilt from the checkpoint before it, by
    replaying the (already checked) moves in between, the first time it is read.
    """

    def __init__(self, states: list[Game | None], movers: list[tuple[int, ...]]) -> None:
        assert states[0] is not None and states[-1] is not None and len(movers) == len(states)
        self._states = states
        self._movers = movers  # who is to move in each state, known without rebuilding it

    def to_move(self, index: int) -> tuple[int, ...]:
        """``self[index].to_move()``, without rebuilding the state."""
        return self._movers[index]

    def __len__(self) -> int:
        return len(self._states)

    @overload
    def __getitem__(self, index: int) -> Game: ...

    @overload
    def __getitem__(self, index: slice) -> list[Game]: ...

    def __getitem__(self, index: int | slice) -> Game | list[Game]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self._states)))]
        if index < 0:
            index += len(self._states)
        if not 0 <= index < len(self._states):
            raise IndexError(index)
        state = self._states[index]
        if state is None:
            state = self._rebuild(index)
        return state

    def _rebuild(self, index: int) -> Game:
        base = max(i for i in range(index) if self._states[i] is not None)
        moves = self._states[-1].history  # type: ignore[reportOptionalMemberAccess]  # the newest state is always kept
        state = self._states[base].copy()  # type: ignore[reportOptionalMemberAccess]  # the base is a kept state
        for i in range(base, index):
            state.apply(moves[i], checked=False)
            kept = state if i + 1 == index else self._states[i + 1]
            self._states[i + 1] = kept if kept is not None else state.copy()
        return state

    def append(self, state: Game) -> None:
        self._states.append(state)
        self._movers.append(tuple(state.to_move()))

    def pop(self) -> Game:
        if len(self._states) > 1:
            self[-2]  # rebuilt (if need be) while the last state's history is still here
        self._movers.pop()
        return self._states.pop()  # type: ignore[reportReturnType]  # the newest state is always kept


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
        states: list[Game | None] = [start]
        movers = [tuple(start.to_move())]
        game = start
        yield 0
        for index, text in enumerate(record.moves, start=1):
            if index == 1 or (index - 1) % CHECKPOINT == 0:
                game = game.copy()  # the state before this move stays as a checkpoint
            try:
                game.apply(text)
            except RuleError as e:  # same message as Record.replay
                raise RecordError(_("move {n} ({move}) cannot be played: {reason}").format(
                    n=index, move=excerpt(text, quote=False), reason=e)) from None
            states.append(game if index % CHECKPOINT == 0 else None)
            movers.append(tuple(game.to_move()))
            yield index
        states[-1] = game
        self.snapshots = Snapshots(states, movers)

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

    def can_undo(self, is_human: IsHuman | None = None, floor: int = 0) -> bool:
        """Something to take back, without going back before ``floor`` moves."""
        if is_human is None:
            return len(self.snapshots) - 1 > max(floor, 0)
        if not any(is_human(seat) for seat in range(int(self.options["players"]))):
            return False  # only bots at the table: no human decision to go back to
        return any(self._human_to_move(i, is_human) for i in range(len(self.snapshots) - 2, max(floor, 0) - 1, -1))

    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def _human_to_move(self, index: int, is_human: IsHuman) -> bool:
        return any(is_human(s) for s in self.snapshots.to_move(index))

    def undo(self, is_human: IsHuman | None = None, floor: int = 0) -> int:
        """Take back one move, or (with ``is_human``) back to the previous human decision, never before
        ``floor`` moves.

        Returns how many moves were taken back (0 when there is nothing to undo).
        """
        if not self.can_undo(is_human, floor):
            return 0
        count = 0
        while len(self.snapshots) > 1:
            self.redo_stack.append(self.snapshots.pop().history[-1])
            count += 1
            if is_human is None or self._human_to_move(-1, is_human):
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
            if is_human is None or self._human_to_move(-1, is_human) or self.game.is_over():
                break
        return count

"""The game protocol: one small surface that every game implements.

The page, the link codec, the bots, the CLI and the tests are written once against it.

A game is a mutable state with cheap ``copy()``: ``apply`` changes it in place, and callers who need
the old state copy first (``play`` does that for them). ``Game`` is generic over its action type
(``class K3(Game[K3Action])``): actions are game-defined frozen dataclasses whose ``str()`` is the game's
normative notation; ``parse_action`` reads that notation back. A game over gives its ``Result``.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterator, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, Generic, Self, TypeVar

from .errors import SIGNED_NUMBER, IllegalActionError, OptionError, excerpt
from .i18n import _, who
from .rng import Rng

Action = Hashable  # a game's action object; str(action) is its notation
A = TypeVar("A", bound=Hashable)  # the action type of one game


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended: ``summary`` in words and ``ranking``, the seats in groups, best first (a group shares
    its place). Each game's subclass adds what it tells (scores, a winner…); ``as_dict`` is the plain data of
    the CLI's JSON, without the fields a game leaves None, in the game's ``KEYS`` order."""

    summary: str
    ranking: list[list[int]]
    winner: int | None = None  # the one winner, where the game names one
    scores: list[int] | None = None  # by seat, where the game scores
    coop: str | None = None  # a cooperative game's end: "win" or "loss" (everyone shares it)

    KEYS: ClassVar[tuple[str, ...]] = ("summary", "coop", "winner", "ranking")  # ``as_dict``'s order (others after)

    def as_dict(self) -> dict[str, Any]:
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        order = [*self.KEYS, *(name for name in values if name not in self.KEYS)]
        return {name: values[name] for name in order if values[name] is not None}


@dataclass(frozen=True)
class OptionSpec:
    """One game option as it appears in links, the CLI and the new-game form."""

    name: str
    kind: str  # "int", "bool" or "choice"
    default: Any
    label: str
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    seat: bool = False  # an "int" option whose value names a seat (who starts): below the player count
    # the player counts the option applies to (empty: every count); the new-game form shows it for those only
    players: tuple[int, ...] = ()
    # a "choice" whose value gives seats one letter each, all different, from these letters, in seat order
    # (Blokus 3D's colours: "YB" = seat 1 yellow, seat 2 blue); by player count, how many letters the value
    # may have: more letters than players go round the seats again (letter i to seat i % players). The form
    # asks each seat for its letter rather than list every value.
    per_seat: str = ""
    per_seat_counts: Mapping[int, tuple[int, ...]] = field(default_factory=dict, compare=False, hash=False)

    def applies(self, players: int) -> bool:
        """The option means something with this many players (``players``)."""
        return not self.players or players in self.players

    def parse(self, raw: Any) -> Any:
        """Turn a text or value into this option's value, or raise RuleError saying why not."""
        if self.kind == "bool":
            if isinstance(raw, bool):
                return raw
            text = str(raw).strip().lower()
            if text in ("1", "true", "yes", "on"):
                return True
            if text in ("0", "false", "no", "off"):
                return False
            raise OptionError(_("option {name} must be 0 or 1, not {value}").format(name=self.name, value=excerpt(raw)))
        if self.kind == "int":
            if isinstance(raw, int) and not isinstance(raw, bool):
                value = raw
            elif isinstance(raw, str) and re.fullmatch(SIGNED_NUMBER, raw.strip()):
                value = int(raw)  # bounded ASCII digits, like every number of the notations
            else:
                raise OptionError(_("option {name} must be a whole number, not {value}").format(
                    name=self.name, value=excerpt(raw)))
            if self.minimum is not None and value < self.minimum:
                raise OptionError(_("option {name} must be at least {low}, not {value}").format(
                    name=self.name, low=self.minimum, value=excerpt(value, quote=False)))
            if self.maximum is not None and value > self.maximum:
                raise OptionError(_("option {name} must be at most {high}, not {value}").format(
                    name=self.name, high=self.maximum, value=excerpt(value, quote=False)))
            return value
        value = str(raw)
        if value not in [str(c) for c in self.choices]:
            raise OptionError(_("option {name} must be one of {choices}").format(
                name=self.name, choices=", ".join(map(str, self.choices))))
        return value

    def text(self, value: Any) -> str:
        if self.kind == "bool":
            return "1" if value else "0"
        return str(value)


class Game(ABC, Generic[A]):
    """Base class of every game state, over its action type ``A``. Subclasses set the class attributes and
    the abstract methods."""

    name: ClassVar[str]  # registry key and link prefix, e.g. "k3"
    title: ClassVar[str]  # shown to players, e.g. "K3 (Broad Peak)"
    rules_version: ClassVar[int]  # bump when a record could replay differently
    option_specs: ClassVar[tuple[OptionSpec, ...]]  # must include "players"
    # Some seat may not see part of the state (K2's hands): per-seat output is then the engine's
    # ``view`` and never carries what recreates hidden chance (the seed); the page hands the device over.
    hides_information: ClassVar[bool] = False

    options: dict[str, Any]
    seed: str
    history: list[str]
    # the stage of the game the page and the bots read (K2's "choose", K3's "arrange"…; one stage: "play")
    phase: str

    # -- creation ---------------------------------------------------------------------------

    @classmethod
    def normalize_options(cls, raw: Mapping[str, Any]) -> dict[str, Any]:
        """Defaults filled in, values parsed; unknown names are refused with a RuleError."""
        specs = {s.name: s for s in cls.option_specs}
        unknown = sorted(set(raw) - set(specs))
        if unknown:
            raise OptionError(_("{game} has no option {name} (options: {options})").format(
                game=cls.name, name=excerpt(unknown[0]), options=", ".join(specs)))
        return {name: (spec.parse(raw[name]) if name in raw else spec.default) for name, spec in specs.items()}

    @classmethod
    def prepare_steps(cls, options: Mapping[str, Any]) -> Iterator[None]:
        """The slow part of ``new`` for these options (tables built once per process), done a step at a
        time, for a caller that spreads it over tasks (``Match.stepwise``); nothing by default."""
        return iter(())

    @classmethod
    def new(cls, options: Mapping[str, Any] | None = None, seed: str = "") -> Self:
        """A fresh game: options normalised, setup chance drawn from the seed."""
        game = cls.__new__(cls)
        game.options = cls.normalize_options(options or {})
        game.seed = str(seed)
        game.history = []
        game.setup(Rng(f"{cls.name}:{game.seed}"))
        return game

    @abstractmethod
    def setup(self, rng: Rng) -> None:
        """Initialise the state from ``self.options``; all setup chance comes from ``rng``."""

    @property
    def players(self) -> int:
        return int(self.options["players"])

    # -- whose decision ---------------------------------------------------------------------

    @abstractmethod
    def to_move(self) -> list[int]:
        """Seats that must act now (several for simultaneous choices); empty when the game is over."""

    def deciding_seat(self, seat: int | None) -> int | None:
        """``seat`` if it must act now (None: the first seat to move); None when it has no decision."""
        movers = self.to_move()
        if seat is None:
            return movers[0] if movers else None
        return seat if seat in movers else None

    @abstractmethod
    def legal_actions(self, seat: int | None = None) -> list[A] | None:
        """Every legal action for ``seat`` (default: the single seat to move), in a stable order.

        ``None`` means the actions exist but are too many to list (e.g. K3 arrangements):
        use ``random_action`` / ``parse_action`` instead.
        """

    @abstractmethod
    def parse_action(self, text: str, seat: int | None = None) -> A:
        """Read an action in the game's notation; RuleError if it is not even well-formed."""

    @abstractmethod
    def check(self, action: A) -> None:
        """Raise RuleError (naming the rule, in words) if ``action`` is illegal now."""

    @abstractmethod
    def _apply(self, action: A) -> None:
        """Apply a legal action (already checked) in place."""

    def apply(self, action: A | str, *, checked: bool = True) -> A:
        """Apply an action (object or text) in place; refuse an illegal one with RuleError.

        The state is unchanged when an action is refused. ``checked=False`` skips validation
        for actions taken from ``legal_actions`` (bots, playouts).
        """
        if isinstance(action, str):
            action = self.parse_action(action)
        if checked:
            if self.is_over():
                raise IllegalActionError(_("the game is over"))
            self.check(action)
        self._apply(action)
        self.history.append(str(action))
        return action

    def play(self, action: A | str) -> Self:
        """A new state with the action applied; this one is unchanged."""
        game = self.copy()
        game.apply(action)
        return game

    @abstractmethod
    def copy(self) -> Self:
        """An independent copy (history included)."""

    def random_action(self, seat: int, rng: Rng) -> A:
        """A uniformly random legal action; games with unlisted actions override this."""
        actions = self.legal_actions(seat)
        if not actions:
            raise IllegalActionError(_("{seat} has no action now").format(seat=who(seat, capital=True)))
        return actions[rng.below(len(actions))]

    # -- the end ----------------------------------------------------------------------------

    def is_over(self) -> bool:
        return not self.to_move()

    @abstractmethod
    def result(self) -> Result | None:
        """None until over; then how it ended (``Result``: at least ``summary`` and ``ranking``)."""

    @abstractmethod
    def payoffs(self) -> list[float]:
        """Per seat, 1.0 for a win and 0.0 for a loss (shares for ties); only meaningful when over."""

    # -- information ------------------------------------------------------------------------

    def view(self, seat: int | None) -> Self:
        """What ``seat`` may see (None: everything). Open-information games return a copy."""
        return self.copy()

    def determinize(self, seat: int, rng: Rng) -> Self:
        """A full state consistent with ``seat``'s view, hidden parts and future chance resampled.

        Search bots plan on such states. The default suits open-information games whose only
        chance is at setup.
        """
        return self.view(seat)

    # -- presentation -----------------------------------------------------------------------

    @abstractmethod
    def state_json(self) -> dict[str, Any]:
        """The position as plain JSON data (see the CLI's ``show --json``)."""

    @abstractmethod
    def render_text(self) -> str:
        """An ASCII picture of the position for the terminal."""

    def describe_turn(self) -> str:
        """Whose decision it is, in words."""
        seats = self.to_move()
        if not seats:
            result = self.result()
            return result.summary if result else "game over"
        return "to move: " + ", ".join(f"seat {s}" for s in seats)

"""K2's ``Strategy``: the hooks the generic bots call, from the heuristics (``choices``, ``search``) and, in a
solo game's last rounds, the exact plan (``endgame``)."""

from __future__ import annotations

from collections.abc import Generator, Iterator

from ...core.bots import Ranked, Strategy
from ...core.rng import Rng
from ..actions import K2Action
from ..board import CHOOSE
from ..game import K2
from . import endgame
from .choices import choose_action, ranked_choices_steps
from .search import evaluate, rollout_action, search_actions, search_over, search_shape
from .values import SHARP, SHORT


class K2Strategy(Strategy[K2]):
    """The hooks described at the top of this module. ``heuristic_mind`` plays the medium bot;
    ``search_mind`` is how a search judges its own seat (``for_search``): the other seats are played and
    expanded as the medium bot sees them."""

    def __init__(self, heuristic_mind: str = SHORT, search_mind: str = SHARP) -> None:
        self.heuristic_mind = heuristic_mind
        self.search_mind = search_mind

    def heuristic_action(self, game: K2, seat: int, rng: Rng) -> K2Action | None:
        return choose_action(game, seat, self.heuristic_mind)

    def heuristic_value(self, game: K2, seat: int) -> float:
        return evaluate(game, seat)

    def search_actions(self, game: K2, seat: int) -> list[K2Action] | None:
        return search_actions(game, seat)

    def rollout_action(self, game: K2, seat: int, rng: Rng) -> K2Action:
        return rollout_action(game, seat, rng)

    def search_over(self, game: K2, start: K2, plies: int) -> bool:
        return search_over(game, start, plies)

    def for_search(self, game: K2, seat: int) -> Strategy:
        return K2Search(seat, self.search_mind)


class K2Search(K2Strategy):
    """One search by seat ``me``: its own candidates, playouts and horizon in ``mind``; the others' as the
    medium bot's."""

    def __init__(self, me: int, mind: str) -> None:
        super().__init__(mind, mind)
        self.me = me
        self.mind = mind

    def heuristic_value(self, game: K2, seat: int) -> float:
        return evaluate(game, seat, self.mind)

    def search_actions(self, game: K2, seat: int) -> list[K2Action] | None:
        return search_actions(game, seat, self.mind if seat == self.me else SHORT)

    def search_steps(self, game: K2, seat: int) -> Iterator[None]:
        """Phase 1: its own card choices ranked a choice per step (``search_actions`` then reads them)."""
        if game.phase == CHOOSE and seat == self.me and game.legal_actions(seat) is not None:
            yield from ranked_choices_steps(game, seat, self.mind)

    def rollout_steps(self, game: K2, seat: int) -> Iterator[None]:
        """A seat's card choices in a sample, ranked a choice per step (a ranking is up to tens of ms in the page,
        its own sharp one most; once ranked, nothing)."""
        if game.phase == CHOOSE:
            yield from ranked_choices_steps(game, seat, self.mind if seat == self.me else SHORT)

    def rollout_action(self, game: K2, seat: int, rng: Rng) -> K2Action:
        return rollout_action(game, seat, rng, self.mind if seat == self.me else SHORT)

    def search_plan(self, game: K2, seat: int, rng: Rng) -> Generator[None, None, K2Action | Ranked[K2Action]] | None:
        """Solo, round 17: the last two rounds worked out exactly instead of searched (``endgame``); round 16's
        card choice and token weighed by the round 17 they leave (``endgame.decide16``)."""
        if seat != self.me or self.mind != SHARP:
            return None
        if endgame.applies16(game, seat):
            return endgame.decide16(game, seat)
        if not endgame.applies(game, seat):
            return None
        return endgame.decide(game, seat)

    def expands_in_order(self, game: K2) -> bool:
        """Where samples run rounds ahead (every shape today) they are few: the best choices first."""
        return search_shape(game.players).rounds > 1

    def for_search(self, game: K2, seat: int) -> Strategy:
        return self if seat == self.me else K2Search(seat, self.mind)


STRATEGY = K2Strategy()

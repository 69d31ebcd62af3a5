"""Bots, written once against the game protocol.

Every bot thinks in a generator (``think``) that yields often, so a caller can run it in short
slices: the page runs a slice of a few milliseconds and then gives the browser back its event loop,
so the page never freezes while a bot thinks. ``choose`` runs the generator to the end.

Bots only ever see ``game.view(seat)`` (and search bots plan on ``determinize`` samples of it).

A game's advice to its bots (evaluation, heuristic moves, how search narrows and plays out) is a
``Strategy`` in the game's own ``strategy`` module. The dependency points one way: strategy modules
read the rules; the rules never import a strategy or a bot.
"""

from __future__ import annotations

import importlib
import math
import re
import time
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from .errors import excerpt
from .game import Action, Game
from .rng import Rng

Thinking = Generator[None, None, Action]
G = TypeVar("G", bound=Game)  # the game a strategy knows

# A search sample played out for longer than this yields (on the wall clock, whatever the bot's budget clock):
# a page that runs the search in slices of ~12 ms gets its thread back within a move of that.
SAMPLE_STEP_S = 0.005


@dataclass(frozen=True, slots=True)
class Weighed:
    """One candidate of a bot's decision, as its search or plan weighed it: the action's text, its worth to the
    seat (the seat's expected payoff, ``Game.payoffs``: a chance to win, or in a solo game the score's share)
    and how many of the search's samples went through it (0: worked out, not sampled)."""

    action: str
    value: float
    samples: int = 0


A = TypeVar("A", bound=Action)  # a game's own actions


@dataclass(frozen=True, slots=True)
class Ranked(Generic[A]):
    """A plan's answer with its reasons (``Strategy.search_plan`` may return one instead of a bare action):
    the action, and the candidates it weighed, best first."""

    action: A
    weighed: tuple[Weighed, ...]


def ranked(scored: Sequence[tuple[float, A]], chosen: A) -> Ranked[A]:
    """``chosen`` with the candidates ``scored`` (value, action), best first; the chosen one first among equals."""
    order = sorted(scored, key=lambda item: (-item[0], str(item[1]) != str(chosen)))
    seen: set[str] = set()
    weighed = []
    for value, action in order:
        if str(action) not in seen:
            seen.add(str(action))
            weighed.append(Weighed(str(action), value))
    return Ranked(chosen, tuple(weighed))


Planning = Generator[None, None, "Action | Ranked"]  # a plan: its action, or its action with its reasons


class Strategy(Generic[G]):
    """What a game tells its bots; the defaults give a one-ply bot with no opinion and plain UCT.

    A game's ``strategy`` module exports ``STRATEGY``, an instance of a subclass overriding what it
    knows better (``class K2Strategy(Strategy[K2])``: its hooks take that game). Every hook reads the game
    through its public API; none of them changes a rule.
    """

    def heuristic_value(self, game: G, seat: int) -> float:
        """How good ``game`` looks for ``seat``, in [0, 1]. Default: the payoff when over, else 0.5."""
        if game.is_over():
            return game.payoffs()[seat]
        return 0.5

    def heuristic_values(self, game: G) -> list[float]:
        """Every seat's value where a search sample stops short of the end (``search_over``), on the scale of
        ``Game.payoffs``. Default: ``heuristic_value`` seat by seat; a game may score all seats at once (K3: their
        chances to win, which add up to 1 as the payoffs do)."""
        return [self.heuristic_value(game, s) for s in range(game.players)]

    def heuristic_action(self, game: G, seat: int, rng: Rng) -> Action | None:
        """A good action where one-ply greed or search does not apply (None: no opinion)."""
        return None

    def search_actions(self, game: G, seat: int) -> Sequence[Action] | None:
        """The actions search expands for ``seat``: every legal one, unless the game narrows them to
        its promising candidates. The search's final answer is always one of ``legal_actions``."""
        return game.legal_actions(seat)

    def rollout_action(self, game: G, seat: int, rng: Rng) -> Action:
        """The action a search playout takes for ``seat``: uniformly random unless the game has a
        cheaper or better playout policy."""
        return game.random_action(seat, rng)

    def search_over(self, game: G, start: G, plies: int) -> bool:
        """True where a search sample stops and is scored by ``heuristic_value`` (the game's horizon):
        ``start`` is the position the search began from, ``plies`` the actions played since."""
        return False

    def expands_in_order(self, game: G) -> bool:
        """True: the search tries its own candidates at the root in the order ``search_actions`` gives them (best
        first) before it samples any twice, for searches whose samples are few and costly. Default: False, in
        random order."""
        return False

    def for_search(self, game: G, seat: int) -> Strategy[G]:
        """The strategy one search by ``seat`` uses for all its hooks (a game may tell its own seat's
        actions from the others' there). Default: this one."""
        return self

    def search_steps(self, game: G, seat: int) -> Iterator[None]:
        """Work the search does before it asks for ``search_actions`` (e.g. ranking its candidates), one slice
        per step, so that a page running the search breathes between slices; the results go where
        ``search_actions`` finds them. Default: nothing."""
        return iter(())

    def rollout_steps(self, game: G, seat: int) -> Iterator[None]:
        """The same before each ``rollout_action`` of a search sample, for a playout move that costly work
        precedes. (A sample also breathes by itself every ``SAMPLE_STEP_S`` of play.) Default: nothing."""
        return iter(())

    def search_plan(self, game: G, seat: int, rng: Rng) -> Planning | None:
        """The search bot's decision worked out by the game's own planning instead of the tree search (a
        generator that yields between slices of work and returns the action, or a ``Ranked`` with the
        candidates it weighed), or None: search as usual. Default: None."""
        return None


_STRATEGIES: dict[type, Strategy[Any]] = {}


def strategy_for(game: Game) -> Strategy:
    """The ``STRATEGY`` of the game's ``strategy`` module (beside its engine), or the defaults."""
    cls = type(game)
    found = _STRATEGIES.get(cls)
    if found is None:
        package = cls.__module__.rpartition(".")[0]
        try:
            module = importlib.import_module(f"{package}.strategy")
        except ModuleNotFoundError as missing:
            if missing.name != f"{package}.strategy":
                raise
            found = Strategy()
        else:
            found = module.STRATEGY
        _STRATEGIES[cls] = found
    return found


class Bot:
    name = "bot"
    label = "Bot"

    def __init__(self, strategy: Strategy | None = None) -> None:
        self.strategy = strategy  # None: the game's own (``strategy_for``)
        # the candidates the last decision weighed, best first (empty when it weighed none: one legal action, a
        # heuristic's pick): a hint's reasons
        self.last_weighed: tuple[Weighed, ...] = ()

    def strategy_of(self, game: Game) -> Strategy:
        return self.strategy or strategy_for(game)

    def think(self, game: Game, seat: int, rng: Rng) -> Thinking:  # pragma: no cover - abstract
        raise NotImplementedError
        yield

    def choose(self, game: Game, seat: int, rng: Rng | None = None) -> Action:
        """Run ``think`` to the end and return its action."""
        if rng is None:
            rng = bot_rng(game, seat)
        gen = self.think(game.view(seat), seat, rng)
        while True:
            try:
                next(gen)
            except StopIteration as stop:
                return stop.value


def bot_rng(game: Game, seat: int) -> Rng:
    """A bot's own generator, fixed by the game's seed, the moves so far and the seat."""
    return Rng(f"bot:{game.name}:{game.seed}:{len(game.history)}:{seat}")


def greedy_steps(strategy: Strategy, game: Game, seat: int, actions: Sequence[Action],
                 rng: Rng | None) -> Generator[None, None, Action]:
    """The one of ``actions`` after which ``strategy.heuristic_value`` rates the game best for ``seat`` (the medium
    bot's move), yielding after every 8 weighed. ``rng`` draws among near equals (None: the first of equals)."""
    best, best_value = actions[0], -math.inf
    for n, action in enumerate(actions):
        after = game.copy()
        after.apply(action, checked=False)
        value = strategy.heuristic_value(after, seat) + (1e-6 * rng.random() if rng is not None else 0.0)
        if value > best_value:
            best, best_value = action, value
        if n % 8 == 7:
            yield
    return best


def greedy_action(strategy: Strategy, game: Game, seat: int, actions: Sequence[Action]) -> Action:
    """``greedy_steps`` run to the end, the first of equals: the medium bot's move as another bot predicts it."""
    steps = greedy_steps(strategy, game, seat, actions, None)
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value


class RandomBot(Bot):
    name = "random"
    label = "Random"

    def think(self, game: Game, seat: int, rng: Rng) -> Thinking:
        return game.random_action(seat, rng)
        yield  # a generator that never needs to yield


class HeuristicBot(Bot):
    """One-ply greedy on the strategy's ``heuristic_value``; its ``heuristic_action`` first."""

    name = "heuristic"
    label = "Heuristic"

    def think(self, game: Game, seat: int, rng: Rng) -> Thinking:
        strategy = self.strategy_of(game)
        special = strategy.heuristic_action(game, seat, rng)
        if special is not None:
            return special
        actions = game.legal_actions(seat)
        if not actions:
            return game.random_action(seat, rng)
        return (yield from greedy_steps(strategy, game, seat, actions, rng))


class EasyBot(HeuristicBot):
    """A beginner: the heuristic's move most of the time, a random legal move otherwise (``noise``).

    It plays like someone who knows the goal but is often careless, not like a random clicker; the
    noise is drawn from the bot's own seeded generator, so a given game and seat give the same move.
    """

    name = "easy"
    label = "Easy"

    def __init__(self, noise: float = 0.35, strategy: Strategy | None = None) -> None:
        super().__init__(strategy)
        self.noise = noise

    def think(self, game: Game, seat: int, rng: Rng) -> Thinking:
        best = yield from super().think(game, seat, rng)  # first, so its tie-breaks are the medium bot's
        if rng.random() < self.noise:
            return game.random_action(seat, rng)
        return best


class _Node:
    __slots__ = ("seat", "visits", "value", "children", "avail")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # who chose the action that leads here (-1 at the root)
        self.visits = 0
        self.value = 0.0
        self.children: dict[str, _Node] = {}
        self.avail: dict[str, int] = {}


class MCTSBot(Bot):
    """Information-set UCT: each iteration samples a state consistent with the seat's view.

    For open-information games the sample is the state itself and this is plain UCT. A game steers
    the search through its ``Strategy``: ``search_actions`` (the candidates the tree expands),
    ``rollout_action`` (the playout policy) and ``search_over`` (its horizon). Rollouts stop at the
    end, at that horizon or after ``rollout_limit`` plies, and are then scored by ``payoffs`` or
    ``heuristic_value``.
    """

    name = "mcts"
    label = "Search"

    def __init__(
        self,
        budget_ms: float = 1000.0,
        max_iterations: int | None = None,
        exploration: float = 0.7,
        rollout_limit: int = 400,
        clock: Callable[[], float] = time.perf_counter,
        strategy: Strategy | None = None,
    ) -> None:
        super().__init__(strategy)
        self.budget_ms = budget_ms
        self.max_iterations = max_iterations
        self.exploration = exploration
        self.rollout_limit = rollout_limit
        self.clock = clock
        self.last_iterations = 0

    def think(self, game: Game, seat: int, rng: Rng) -> Thinking:
        self.last_weighed = ()
        strategy = self.strategy_of(game).for_search(game, seat)
        actions = game.legal_actions(seat)
        if actions is None:
            special = strategy.heuristic_action(game, seat, rng)
            if special is not None:
                return special
        if not actions:
            return game.random_action(seat, rng)
        if len(actions) == 1:
            return actions[0]
        plan = strategy.search_plan(game, seat, rng)
        if plan is not None:
            self.last_iterations = 0
            answer = yield from plan
            if isinstance(answer, Ranked):
                self.last_weighed = answer.weighed
                return answer.action
            return answer
        for _step in strategy.search_steps(game, seat):
            yield
        candidates = strategy.search_actions(game, seat)
        if candidates is not None and len(candidates) == 1 and str(candidates[0]) in {str(a) for a in actions}:
            self.last_iterations = 0
            return candidates[0]  # the game's search has one candidate here: nothing to weigh
        root = _Node(-1)
        start = self.clock()
        iterations = 0
        while True:
            yield from self._iterate(strategy, root, game.determinize(seat, rng), rng, seat, game)
            iterations += 1
            if self.max_iterations is not None and iterations >= self.max_iterations:
                break
            if self.max_iterations is None and (self.clock() - start) * 1000.0 >= self.budget_ms:
                break
            yield
        self.last_iterations = iterations
        by_text = {str(a): a for a in actions}
        # the most visited first (a stable sort: among equals the first tried, as ``max`` would pick)
        tried = sorted((c for c in root.children.items() if c[0] in by_text),
                       key=lambda item: (item[1].visits, item[1].value), reverse=True)
        self.last_weighed = tuple(Weighed(text, node.value / node.visits, node.visits) for text, node in tried
                                  if node.visits)
        return by_text[tried[0][0]] if tried else actions[0]

    def _iterate(self, strategy: Strategy, root: _Node, state: Game, rng: Rng, seat: int,
                 start: Game) -> Iterator[None]:
        """One sample: down the tree, then played out; it yields where the game's strategy has costly steps."""
        path = [root]
        node = root
        plies = 0
        # selection / expansion
        while not state.is_over() and not strategy.search_over(state, start, plies):
            movers = state.to_move()
            # At the root the searching seat decides, even when others must also commit now
            # (simultaneous choices): the root's children are its own actions.
            mover = seat if node is root and seat in movers else movers[0]
            if node is not root:  # (the root's steps ran before the search began)
                yield from strategy.search_steps(state, mover)
            actions = strategy.search_actions(state, mover)
            if actions is None:
                break  # unlisted actions (e.g. an arrangement): leave it to the rollout
            texts = [str(a) for a in actions]
            for t in texts:
                node.avail[t] = node.avail.get(t, 0) + 1
            untried = [i for i, t in enumerate(texts) if t not in node.children]
            if untried:
                in_order = node is root and strategy.expands_in_order(state)
                i = untried[0] if in_order else untried[rng.below(len(untried))]
                state.apply(actions[i], checked=False)
                plies += 1
                child = _Node(mover)
                node.children[texts[i]] = child
                path.append(child)
                break
            log_n = math.log(max(1, node.visits))
            best_i, best_score = 0, -math.inf
            for i, t in enumerate(texts):
                c = node.children[t]
                score = c.value / c.visits + self.exploration * math.sqrt(
                    math.log(max(1, node.avail[t])) / c.visits if log_n else 0.0
                )
                if score > best_score:
                    best_i, best_score = i, score
            state.apply(actions[best_i], checked=False)
            plies += 1
            node = node.children[texts[best_i]]
            path.append(node)
        payoffs = yield from self._rollout(strategy, state, rng, start, plies)
        for n in path:
            n.visits += 1
            if n.seat >= 0:
                n.value += payoffs[n.seat]

    def _rollout(self, strategy: Strategy, state: Game, rng: Rng, start: Game,
                 plies: int) -> Generator[None, None, list[float]]:
        mark = time.perf_counter()
        for _ in range(self.rollout_limit):
            movers = state.to_move()
            if not movers:
                return state.payoffs()
            if strategy.search_over(state, start, plies):
                break
            yield from strategy.rollout_steps(state, movers[0])
            state.apply(strategy.rollout_action(state, movers[0], rng), checked=False)
            plies += 1
            if time.perf_counter() - mark >= SAMPLE_STEP_S:  # a long sample breathes (a page runs it in slices)
                yield
                mark = time.perf_counter()
        if state.is_over():
            return state.payoffs()
        return strategy.heuristic_values(state)


BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "easy": EasyBot,
    "heuristic": HeuristicBot,
    "mcts": MCTSBot,
}


def make_bot(spec: str, **kwargs: Any) -> Bot:
    """A bot from its name, optionally with a budget: ``mcts``, ``mcts:300`` (ms), ``mcts:i500``."""
    name, _, arg = spec.partition(":")
    if name not in BOTS:
        raise ValueError(f"unknown bot {excerpt(name)} (bots: {', '.join(BOTS)})")
    if name == "mcts" and arg:
        budget = re.fullmatch(r"i([0-9]{1,7})|([0-9]{1,7}(?:\.[0-9]{1,3})?)", arg)
        if budget is None:
            raise ValueError(f"mcts takes :MS (milliseconds) or :iN (iterations), not {excerpt(arg)}")
        if budget[1]:
            kwargs["max_iterations"] = int(budget[1])
        else:
            kwargs["budget_ms"] = float(budget[2])
    return BOTS[name](**kwargs)

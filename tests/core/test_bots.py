"""Bots (pygames/core/bots.py) on K3: legal in every phase, deterministic, and the heuristic is useful;
and on a toy simultaneous game: search answers for its own seat."""

from __future__ import annotations

import pytest

from pygames.core.bots import MCTSBot, Strategy, make_bot
from pygames.core.errors import RuleError
from pygames.core.game import Game, OptionSpec
from pygames.core.registry import game_names
from pygames.core.rng import Rng
from pygames.k3.actions import Arrange
from pygames.k3.game import ARRANGE, K3, PENALTY, TURN

BOTS = ["random", "easy", "heuristic", "mcts:i50"]


def game_in_phase(phase: str, players: int) -> K3:
    """A K3 game (random play from a fixed seed) whose next decision is of the given phase."""
    for n in range(200):
        g = K3.new({"players": players}, f"bots-{phase}-{n}")
        rng = Rng(n)
        while not g.is_over() and g.phase != phase:
            g.apply(g.random_action(g.to_move()[0], rng))
        if g.phase == phase:
            return g
    raise AssertionError(f"no {phase} position found")


def assert_legal(g: K3, action: object) -> None:
    g.copy().apply(action)  # raises RuleError if illegal
    listed = g.legal_actions()
    if listed is not None:
        assert action in listed


@pytest.mark.parametrize("spec", BOTS)
@pytest.mark.parametrize("phase", [ARRANGE, TURN, PENALTY])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_bot_returns_a_legal_action(spec: str, phase: str, players: int) -> None:
    g = game_in_phase(phase, players)
    seat = g.to_move()[0]
    action = make_bot(spec).choose(g, seat)
    assert_legal(g, action)
    if phase == ARRANGE:
        assert isinstance(action, Arrange) and sorted(action.kinds) == sorted(g.dealt[seat])


@pytest.mark.parametrize("spec", BOTS)
def test_bots_are_deterministic(spec: str) -> None:
    g = game_in_phase(TURN, 3)
    seat = g.to_move()[0]
    first = make_bot(spec).choose(g, seat, Rng("same"))
    assert all(make_bot(spec).choose(g, seat, Rng("same")) == first for _ in range(2))
    assert make_bot(spec).choose(g, seat) == make_bot(spec).choose(g, seat)  # the default bot_rng


def test_mcts_iteration_budget() -> None:
    g = game_in_phase(TURN, 2)
    while len(g.legal_actions()) < 2:
        g.apply(g.legal_actions()[0])
    bot = make_bot("mcts:i50")
    assert isinstance(bot, MCTSBot) and bot.max_iterations == 50
    bot.choose(g, g.to_move()[0])
    assert bot.last_iterations == 50
    assert make_bot("mcts:250").budget_ms == 250.0
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("oracle")


def test_bots_play_whole_games() -> None:
    """A full game between all three bots ends and replays."""
    bots = [make_bot(s) for s in ("random", "heuristic", "mcts:i20")]
    g = K3.new({"players": 3}, "table")
    while not g.is_over():
        seat = g.to_move()[0]
        g.apply(bots[seat].choose(g, seat))
    assert g.result() is not None


def duel(arrange_with_heuristic: bool) -> int:
    """Heuristic against random in 20 seeded 2-player games, seats alternating; the heuristic's wins.

    With ``arrange_with_heuristic`` False both pyramids are arranged by the heuristic (auto-arrange),
    so only the turn play differs.
    """
    heuristic, random = make_bot("heuristic"), make_bot("random")
    wins = 0
    for n in range(20):
        g = K3.new({"players": 2}, f"duel-{n}")
        hero = n % 2
        while not g.is_over():
            seat = g.to_move()[0]
            mine = seat == hero or (g.phase == ARRANGE and not arrange_with_heuristic)
            g.apply((heuristic if mine else random).choose(g, seat))
        wins += g.winner == hero
    return wins


def test_heuristic_beats_random() -> None:
    """Measured: 20 wins of 20 (random wins about half when both play randomly)."""
    assert duel(arrange_with_heuristic=True) >= 16


def test_heuristic_turn_play_beats_random() -> None:
    """Same pyramids style for both (auto-arrange): measured 18 of 20 from turn play alone."""
    assert duel(arrange_with_heuristic=False) >= 14


class HigherCard(Game):
    """A toy simultaneous game: both seats secretly pick 0..3; the higher pick wins, equal picks tie."""

    name = "higher-card"
    title = "Higher card"
    rules_version = 1
    option_specs = (OptionSpec("players", "int", 2, "Players", minimum=2, maximum=2),)

    def setup(self, rng: Rng) -> None:
        self.picks: list[int | None] = [None, None]

    def to_move(self) -> list[int]:
        return [s for s in (0, 1) if self.picks[s] is None]

    def legal_actions(self, seat: int | None = None) -> list[str]:
        return [f"s{seat}:{v}" for v in range(4)] if seat in self.to_move() else []

    def parse_action(self, text: str, seat: int | None = None) -> str:
        return text

    def check(self, action: object) -> None:
        if action not in self.legal_actions(int(str(action)[1])):
            raise RuleError("not a pick of a seat to move")

    def _apply(self, action: object) -> None:
        text = str(action)
        self.picks[int(text[1])] = int(text[3])

    def copy(self) -> HigherCard:
        other = type(self).__new__(type(self))
        other.options, other.seed, other.history, other.picks = self.options, self.seed, list(self.history), list(
            self.picks
        )
        return other

    def result(self) -> dict | None:
        return None if self.to_move() else {"summary": "over", "ranking": []}

    def payoffs(self) -> list[float]:
        a, b = self.picks
        return [0.5, 0.5] if a == b else ([1.0, 0.0] if a > b else [0.0, 1.0])

    def state_json(self) -> dict:
        return {"picks": self.picks}

    def render_text(self) -> str:
        return str(self.picks)


def test_mcts_decides_for_its_own_seat_in_a_simultaneous_choice() -> None:
    """Seat 1 searching while seat 0 has not committed yet: the answer is one of seat 1's own actions,
    and the best one (the highest pick), not seat 0's first action."""
    game = HigherCard.new({}, "sim")
    assert game.to_move() == [0, 1]
    for seat in (1, 0):
        action = make_bot("mcts:i400").choose(game, seat, Rng(f"t{seat}"))
        assert action == f"s{seat}:3"


def test_rollouts_use_the_games_rollout_action() -> None:
    """A game's playout policy (``rollout_action``) drives MCTS rollouts; the random bot keeps random_action."""
    calls: list[int] = []

    class Policy(Strategy):
        def rollout_action(self, game: Game, seat: int, rng: Rng) -> str:
            calls.append(seat)
            return f"s{seat}:3"

    game = HigherCard.new({}, "sim")
    make_bot("mcts:i50", strategy=Policy()).choose(game, 0, Rng("r"))
    assert calls
    calls.clear()
    make_bot("random", strategy=Policy()).choose(game, 0, Rng("r"))
    assert calls == []


def test_search_expands_the_games_search_actions_and_stops_at_its_horizon() -> None:
    """``search_actions`` narrows what the tree expands; ``search_over`` cuts samples, which are then
    scored by ``heuristic_value`` instead of being played out."""

    class Narrow(Strategy):
        def search_actions(self, game: Game, seat: int) -> list[str]:
            return [f"s{seat}:2"]

    class Horizon(Strategy):
        def search_over(self, game: Game, start: Game, plies: int) -> bool:
            return plies >= 1

        def heuristic_value(self, game: Game, seat: int) -> float:
            return 1.0 if game.picks[seat] == 1 else 0.0  # an evaluation that disagrees with the payoffs

    for cls, expected in ((Narrow, "s0:2"), (Horizon, "s0:1")):
        game = HigherCard.new({}, "sim")
        bot = make_bot("mcts:i200", strategy=cls())
        assert bot.choose(game, 0, Rng("h")) == expected, cls.__name__
        # a single search candidate is answered at once, even under a time budget
        assert bot.last_iterations == (0 if cls is Narrow else 200)


def test_a_search_with_few_samples_tries_its_candidates_in_order() -> None:
    """``expands_in_order``: the root's candidates are tried best first (the order ``search_actions`` gives),
    so a search with fewer samples than candidates weighs the best ones; by default they come in random order."""

    class Ranked(Strategy):
        def search_actions(self, game: Game, seat: int) -> list[str]:
            return [f"s{seat}:{v}" for v in (0, 3, 2, 1)] if seat in game.to_move() else []

        def search_over(self, game: Game, start: Game, plies: int) -> bool:
            return plies >= 1

        def heuristic_value(self, game: Game, seat: int) -> float:
            return 0.5

    class InOrder(Ranked):
        def expands_in_order(self, game: Game) -> bool:
            return True

    game = HigherCard.new({}, "order")
    tried = set()
    for n in range(12):
        bot = MCTSBot(max_iterations=1, strategy=InOrder())
        assert bot.choose(game, 0, Rng(f"o{n}")) == "s0:0"  # always the first candidate
        tried.add(MCTSBot(max_iterations=1, strategy=Ranked()).choose(game, 0, Rng(f"o{n}")))
    assert len(tried) > 1  # random order: different seeds try different candidates first
    assert not Strategy().expands_in_order(game)


def test_a_search_uses_the_strategy_its_seat_asks_for() -> None:
    """``for_search`` hands one search a strategy of its own (K2: its own seat judged differently from the
    others); the default is the strategy itself, so other games search as before."""
    asked: list[int] = []

    class Narrow(Strategy):
        def search_actions(self, game: Game, seat: int) -> list[str]:
            return [f"s{seat}:2"]

    class PerSeat(Strategy):
        def for_search(self, game: Game, seat: int) -> Strategy:
            asked.append(seat)
            return Narrow()

    game = HigherCard.new({}, "sim")
    assert make_bot("mcts:i50", strategy=PerSeat()).choose(game, 1, Rng("s")) == "s1:2" and asked == [1]
    plain = Strategy()
    assert plain.for_search(game, 0) is plain


@pytest.mark.parametrize("name", game_names())
def test_easy_bot_plays_like_a_beginner(name: str) -> None:
    """The easy bot mostly plays the medium bot's move and sometimes a careless one, the same one for
    the same game and seat (its noise comes from the bot's seeded generator)."""
    from pygames.core.bots import HeuristicBot, bot_rng
    from pygames.core.registry import get_game

    same = differ = 0
    for n in range(6):
        game = get_game(name).new({"players": 2}, f"easy-{n}")
        while not game.is_over() and len(game.history) < 120:
            seat = game.to_move()[0]
            easy = make_bot("easy").choose(game, seat, bot_rng(game, seat))
            assert easy == make_bot("easy").choose(game, seat, bot_rng(game, seat))
            if len(game.legal_actions(seat) or ()) > 1:
                medium = HeuristicBot().choose(game, seat, bot_rng(game, seat))
                same += easy == medium
                differ += easy != medium
            game.apply(easy)
    assert same > 1.5 * differ and differ > 0, (same, differ)

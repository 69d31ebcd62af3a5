"""K2 heuristics for bots: climb while acclimatization allows, pitch tents high, respect the forecast,
avoid risk when exposed. No rules live here: every action is taken from the engine's own options.

Two minds judge a climber after its turn (``climber_value``): the medium bot's one-turn view (``SHORT``), and
the hard bot's ``SHARP`` view, which also weighs the VP a forecast death would cost and the last night of the
game (round 18, K2-R36: from round 17 on, the cards left in the hand are round 18's; a climber that cannot
survive that night loses its VP). The medium bot plays ``SHORT``.

The sharp view also plans two turns when it chooses its cards (``next_turn_value``): this round's turn, the
night, and the next round's turn with the cards it keeps; and it may spend a risk token's penalty points on a
card's movement, not only on a level (K2-R26 a), where the medium bot would lower a level into a death. Solo
(a token every round, K2-R13) it takes the token whose points cost its turn least, a little more for a higher one
(``take_action``): a turn that can spend points on cards it would not use anyway takes a high token and leaves
the low ones in the row for turns that need every point.

The search bot (generic MCTS) is steered by the game's hooks, implemented in ``hooks``; ``for_search`` gives each
search a ``K2Search`` that knows its own seat. It weighs the phase-1 card choice, the decision where looking
ahead pays: ``search_actions`` offers its own seat the best few choices of the sharp view (its own first; only
those it values near its best) and, in the other phases, the sharp view's own action (with two players, at the
start of its turn, also the first steps of the sharp view's best turns with other ends: ``turn_firsts``); the other
seats get the medium bot's candidates. ``rollout_action`` plays the sharp view for its own seat and the medium
bot for the others (answers cached by position); ``search_over`` stops a sample three rounds on with two to five
players, six in solo (one ply when the search began outside phase 1, unless at a two-player turn's start:
``SEARCH_SHAPES``); ``evaluate`` (``heuristic_value``) scores it there on the scale of ``climber_value``.
In a solo game's round 17 the search gives way to an exact plan of the last two rounds (``search_plan``,
``endgame``): nothing is hidden then but one risk token; and in round 16 to a plan that weighs its card choices,
token and turn by the round 17 they leave, valued by that plan (round 17's cards are known by then).

The package, by job: ``values`` (a climber's value after its turn, its best outcome, the weights), ``turns`` (a
turn's plan: cards, penalty points), ``choices`` (the heuristic's decisions, cached by position), ``search`` (what
the search reads: shapes, candidates, playouts, horizon, estimate), ``endgame`` (solo's last two rounds worked out)
and ``hooks`` (``K2Strategy``, ``K2Search``, ``STRATEGY``: what ``pygames.core.bots`` calls). The dependencies
point one way: hooks -> search, endgame -> choices -> turns -> values, and all of them to the rules."""

from __future__ import annotations

from .choices import card_step, choose_action, choose_ranking, next_turn_value, ranked_choices, take_action
from .hooks import STRATEGY, K2Search, K2Strategy
from .search import estimate_payoffs, evaluate, search_actions, search_shape
from .turns import plan_turn, turn_under_way, whole_turn
from .values import NEAR_MORE_VP, SHARP, SHORT, W, Weights, best_outcome, climber_value, judge, tent_value, walk_ends

__all__ = [
    "NEAR_MORE_VP", "SHARP", "SHORT", "STRATEGY", "W", "K2Search", "K2Strategy", "Weights", "best_outcome", "card_step",
    "choose_action", "choose_ranking", "climber_value", "estimate_payoffs", "evaluate", "judge", "next_turn_value",
    "plan_turn", "ranked_choices", "search_actions", "search_shape", "take_action", "tent_value", "turn_under_way",
    "walk_ends", "whole_turn",
]

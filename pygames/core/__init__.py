"""The shared machinery: game protocol, seeded generator, records and links, bots, registry."""

from .errors import RecordError, RuleError
from .game import Action, Game, OptionSpec
from .match import Match
from .record import Record
from .registry import game_names, get_game
from .rng import Rng

__all__ = [
    "Action",
    "Game",
    "Match",
    "OptionSpec",
    "Record",
    "RecordError",
    "Rng",
    "RuleError",
    "game_names",
    "get_game",
]

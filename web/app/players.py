"""Who sits at each seat: a human or a bot of some strength (the record's ``seats`` extra)."""

from __future__ import annotations

import secrets

from pygames.core.bots import Bot, HeuristicBot, MCTSBot, RandomBot
from pygames.core.errors import RecordError

HUMAN = "human"
# seat type -> (form label, short label)
SEAT_TYPES: dict[str, tuple[str, str]] = {
    HUMAN: ("Human", "human"),
    "random": ("Bot: easy (random)", "easy bot"),
    "heuristic": ("Bot: medium (heuristic)", "medium bot"),
    "mcts": ("Bot: hard (search)", "hard bot"),
}
SEARCH_BUDGET_MS = 1500.0

SEED_WORDS = (
    "alpine",
    "basecamp",
    "cairn",
    "col",
    "cornice",
    "crag",
    "crevasse",
    "glacier",
    "granite",
    "icefall",
    "ledge",
    "moraine",
    "nevé",
    "pinnacle",
    "ridge",
    "scree",
    "serac",
    "sherpa",
    "summit",
    "talus",
    "traverse",
    "couloir",
    "arete",
    "bivouac",
    "carabiner",
    "piton",
    "rope",
)


def new_seed() -> str:
    """A readable random seed such as ``alpine-4821`` (a choice of seed, not game chance)."""
    word = secrets.choice([w for w in SEED_WORDS if w.isascii()])
    return f"{word}-{1000 + secrets.randbelow(9000)}"


def parse_seats(text: str | None, players: int) -> list[str]:
    """The ``seats`` extra of a record; all humans when absent. RecordError when unreadable."""
    if not text:
        return [HUMAN] * players
    seats = [s.strip().lower() for s in text.split(",")]
    unknown = [s for s in seats if s not in SEAT_TYPES]
    if unknown:
        raise RecordError(
            f"the link's seats field names an unknown player {unknown[0]!r} (known: {', '.join(SEAT_TYPES)})"
        )
    if len(seats) != players:
        raise RecordError(f"the link's seats field lists {len(seats)} players for a {players}-player game")
    return seats


def seats_text(seats: list[str]) -> str:
    return ",".join(seats)


def make_bot(kind: str) -> Bot:
    if kind == "random":
        return RandomBot()
    if kind == "heuristic":
        return HeuristicBot()
    if kind == "mcts":
        return MCTSBot(budget_ms=SEARCH_BUDGET_MS)
    raise ValueError(f"{kind!r} is not a bot")


def short_label(kind: str) -> str:
    return SEAT_TYPES[kind][1]

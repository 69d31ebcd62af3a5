"""Who sits at each seat: a human or a bot of some strength (the record's ``seats`` extra)."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from pygames.core.errors import RecordError
from pygames.core.i18n import N_, _

from ..contract.markup import short

if TYPE_CHECKING:  # pragma: no cover
    from pygames.core.bots import Bot

HUMAN = "human"
# seat type -> (form label, short label, what it does); the form lists them in this order
SEAT_TYPES: dict[str, tuple[str, str, str]] = {
    HUMAN: (N_("Human"), N_("human"), ""),
    "easy": (N_("Bot: easy"), N_("easy bot"), N_("Easy: a beginner, often careless.")),
    "heuristic": (N_("Bot: medium"), N_("medium bot"), N_("Medium: always the move that looks best right now.")),
    "mcts": (N_("Bot: hard"), N_("hard bot"), N_("Hard: thinks ahead, for up to a second per move.")),
    "random": (N_("Bot: random moves"), N_("random bot"), N_("Random: any legal move.")),
}
# The hard bot's search time per decision in the page (a 1 s budget). The strength table of
# `python3 build.py bench` (tests/bench/strength_bench.py) is measured with this budget.
SEARCH_BUDGET_MS = 1000.0

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
    words = [w for w in SEED_WORDS if w.isascii()]
    draw = int.from_bytes(os.urandom(4), "big")  # os.urandom: `secrets` costs an import at boot
    return f"{words[draw % len(words)]}-{1000 + (draw // len(words)) % 9000}"


MAX_NAME = 24
_NOT_IN_NAMES = ",:"  # the seats field's own separators


def clean_name(text: object) -> str:
    """A player's name as typed: no control characters or separators, at most MAX_NAME characters."""
    name = "".join(" " if (ch in _NOT_IN_NAMES or not ch.isprintable()) else ch for ch in str(text or ""))
    return " ".join(name.split())[:MAX_NAME].strip()


def _entries(text: str | None, players: int) -> list[tuple[str, str]]:
    """The ``seats`` extra of a record, e.g. ``human:Anna,heuristic``: (kind, name) per seat."""
    if not text:
        return [(HUMAN, "")] * players
    entries = []
    for part in text.split(","):
        kind, _colon, name = part.partition(":")
        entries.append((kind.strip().lower(), clean_name(name)))
    unknown = [k for k, _name in entries if k not in SEAT_TYPES]
    if unknown:
        raise RecordError(_("the link's seats field names an unknown player {kind} (known: {known})").format(
            kind=repr(short(unknown[0], 24)), known=", ".join(SEAT_TYPES)))
    if len(entries) != players:
        raise RecordError(_("the link's seats field lists {n} players for a {players}-player game").format(
            n=len(entries), players=players))
    return entries


def parse_seats(text: str | None, players: int) -> list[str]:
    """Who sits where (``human`` or a bot), from the ``seats`` extra; all humans when absent.
    RecordError when unreadable."""
    return [kind for kind, _name in _entries(text, players)]


def parse_names(text: str | None, players: int) -> list[str]:
    """The humans' names in the ``seats`` extra ("" where none was given; bots have none)."""
    return [name if kind == HUMAN else "" for kind, name in _entries(text, players)]


def seats_text(seats: list[str], names: list[str] | None = None) -> str:
    """The ``seats`` extra: ``human:Anna,heuristic`` (names only for named humans)."""
    names = names or [""] * len(seats)
    return ",".join(
        f"{kind}:{clean_name(name)}" if kind == HUMAN and clean_name(name) else kind
        for kind, name in zip(seats, names, strict=True)
    )


def make_bot(kind: str) -> Bot:
    from pygames.core.bots import make_bot  # the bots load with a game, not at boot

    if kind == HUMAN or kind not in SEAT_TYPES:
        raise ValueError(f"{kind!r} is not a bot")
    return make_bot(f"mcts:{SEARCH_BUDGET_MS:g}" if kind == "mcts" else kind)


def short_label(kind: str) -> str:
    return _(SEAT_TYPES[kind][1])

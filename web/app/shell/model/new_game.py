"""The new-game form's data (pure, no browser): its default values, the form's fields read into a new game's
record (``parse_new_game``), a game's settings as the form's values (``values_of``, for "New game" from a
game), and the value of a per-seat option from its fields. Its markup is shell/screens/new_game.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games import view_class

from pygames.core.errors import RecordError
from pygames.core.i18n import _
from pygames.core.registry import get_game

from ..contract.markup import short
from .players import HUMAN, SEAT_TYPES, clean_name, new_seed, seats_text

if TYPE_CHECKING:  # pragma: no cover (the home page needs neither: a game's form or its start does)
    from pygames.core.game import OptionSpec
    from pygames.core.record import Record

    from ..contract.view import GameView

MAX_SEATS = 4


def truthy(value: Any) -> bool:
    """A form's checkbox or a link's flag read as on ("1", "true"…) or off ("", "0", "false")."""
    return bool(value) and str(value).lower() not in ("0", "false", "")


def default_values(name: str) -> dict[str, Any]:
    specs = get_game(name).option_specs
    values: dict[str, Any] = {s.name: s.default for s in specs}
    values["seed"] = new_seed()
    most = next(s.maximum for s in specs if s.name == "players") or MAX_SEATS
    for seat in range(most):
        values[f"seat{seat}"] = HUMAN if seat == 0 else "heuristic"
    return values


def per_seat_slots(spec: OptionSpec, players: int) -> tuple[int, int]:
    """How many letters a per-seat option has with ``players`` players: (at least, at most)."""
    counts = spec.per_seat_counts.get(players) or (players,)
    return min(counts), max(counts)


def per_seat_letters(spec: OptionSpec, vals: dict[str, Any], players: int) -> list[str]:
    """The letter shown in each of the option's selects ("" for none): the form's own choices for this
    player count; else the option's value (a game's settings: "New game", "Rematch"), if it has as
    many letters as this count allows; else the first letters (the engine's default order), keeping
    a seat's choice from the form drawn for another player count where it still fits."""
    low, high = per_seat_slots(spec, players)
    slots = [str(vals.get(f"{spec.name}-{i}", "")) for i in range(high)]
    if str(vals.get(f"{spec.name}-for", "")) == str(players):
        return [c if c in spec.per_seat else "" for c in slots]
    value = str(vals.get(spec.name, ""))
    counts = spec.per_seat_counts.get(players) or (players,)
    if len(value) in counts and all(c in spec.per_seat for c in value) and len(set(value)) == len(value):
        return list(value) + [""] * (high - len(value))
    kept = slots[:low]
    if "" in kept or not all(c in spec.per_seat for c in kept) or len(set(kept)) < low:
        kept = list(spec.per_seat[:low])
    return kept + [""] * (high - low)


def per_seat_value(spec: OptionSpec, fields: dict[str, Any], players: int, view: type[GameView]) -> str | None:
    """The option's value from its per-seat selects, in seat order (None: the form had none of them, e.g.
    a link's settings: the option's own field then); RecordError if a letter is chosen twice. Selects drawn for
    another player count (the count changed and the game was started before the form was drawn again) count
    as the form drawn for this count would show them."""
    _low, high = per_seat_slots(spec, players)
    names = [f"{spec.name}-{i}" for i in range(high)]
    if not any(name in fields for name in names):
        return None
    if str(fields.get(f"{spec.name}-for", players)) != str(players):
        letters = per_seat_letters(spec, fields, players)
    else:
        letters = [str(fields.get(name, "")) for name in names]
    chosen = [c for c in letters if c]
    twice = next((c for c in chosen if chosen.count(c) > 1), None)
    if twice is not None:
        named = view.choice_labels.get(spec.name, {})
        raise RecordError(_("{choice} is chosen for two seats: each seat needs its own.").format(
            choice=_(named[twice]) if twice in named else twice))
    return "".join(chosen)


def parse_new_game(name: str, fields: dict[str, Any]) -> Record:
    """The form's values -> a fresh record, with the ``seats`` extra (who plays, humans' names)."""
    from pygames.core.record import Record

    game_cls = get_game(name)
    try:
        players = int(fields.get("players", 2))
    except (TypeError, ValueError):
        raise RecordError(_("choose how many players")) from None
    seed = str(fields.get("seed", "")).strip()
    if not seed:
        raise RecordError(_("the seed cannot be empty (press New seed for a random one)"))
    seats = [str(fields.get(f"seat{s}", HUMAN)) for s in range(players)]
    for kind in seats:
        if kind not in SEAT_TYPES:
            raise RecordError(_("unknown player type {kind}").format(kind=repr(short(kind, 24))))
    options: dict[str, Any] = {"players": players}
    view = view_class(name)
    for spec in game_cls.option_specs:
        if spec.name == "players" or not spec.applies(players):
            continue  # (an option hidden for this player count: the engine's default)
        letters = per_seat_value(spec, fields, players, view) if spec.per_seat else None
        if letters is not None:
            options[spec.name] = letters
        elif spec.kind == "bool":
            options[spec.name] = truthy(fields.get(spec.name))
        elif spec.name in fields:
            options[spec.name] = fields[spec.name]
    record = Record.new(name, options, seed)
    names = [clean_name(fields.get(f"name{s}", "")) for s in range(players)]
    record.extras["seats"] = seats_text(seats, names)
    record.replay()  # options the engine refuses (e.g. start seat 3 of 2) -> RecordError now
    return record


def values_of(record: Record, seats: list[str], names: list[str] | None = None) -> dict[str, Any]:
    """Form values that rebuild ``record``'s settings (for "New game" from a game)."""
    values: dict[str, Any] = dict(record.options)
    values["seed"] = new_seed()
    for seat, kind in enumerate(seats):
        values[f"seat{seat}"] = kind
        values[f"name{seat}"] = (names or [""] * len(seats))[seat]
    return values

""""Play from here": a new game with the same game, options and seed as the one on screen and its first
moves up to the position shown, its seats chosen in the new-game form (pure functions, no browser).

The form carries ``fork`` = ``<save id>:<moves>``: the game played on from is read again from its save when
the form is sent (nothing secret goes into the page's markup), and stays saved as it was. In a game that
hides information and goes on (K2), where a seat's choice is still secret at that position, every seat of
the new game must be a human at this device: the game hands the device over before anything private
is shown (``hidden_choice``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pygames.core.errors import RecordError
from pygames.core.i18n import _
from pygames.core.registry import get_game

from .hints import hinted_numbers, hinted_text
from .players import HUMAN, SEAT_TYPES, clean_name, seats_text

if TYPE_CHECKING:  # pragma: no cover (the home page imports this module, not the engines' core)
    from pygames.core.game import Game
    from pygames.core.record import Record

FORK = "fork"  # the form field: "<save id>:<moves>"
HOT_SEAT = "fork-hot-seat"  # the form field: "1" when every seat must be a human at this device


def hidden_choice(state: Game) -> bool:
    """Some seat's choice is hidden from another seat in ``state`` (K2: some have chosen their cards,
    others not yet)."""
    if not getattr(state, "hides_information", False):
        return False
    return any(state.view(seat).history != state.history for seat in range(state.players))


def needs_hot_seat(original: Record, moves: int) -> bool:
    """A new game from the first ``moves`` moves of ``original`` must be played by humans at one device:
    the original goes on (it is not over) and a choice is secret at that position."""
    if not getattr(get_game(original.game), "hides_information", False):
        return False
    if original.replay().is_over():  # a finished game shows everything
        return False
    return hidden_choice(original.replay(moves))


def values(session: Any) -> dict[str, Any]:
    """The new-game form's values for "Play from here" on the position ``session`` shows: the same seats
    (all humans where ``needs_hot_seat``), options and seed, and the reference to the game."""
    match = session.match
    moves = session.moves_shown()
    out: dict[str, Any] = dict(match.options)
    out["seed"] = match.seed
    out[FORK] = f"{session.save_id}:{moves}"
    hot_seat = session.hidden_choice_at(moves)
    if hot_seat:
        out[HOT_SEAT] = "1"
    for seat, kind in enumerate(session.seats):
        out[f"seat{seat}"] = HUMAN if hot_seat else kind
        out[f"name{seat}"] = session.names[seat]
    return out


def reference(fields: dict[str, Any]) -> tuple[str, int]:
    """(save id, moves) of the form's ``fork`` field (RecordError when it is not one)."""
    save_id, _colon, moves = str(fields.get(FORK, "")).rpartition(":")
    if not save_id or not moves.isascii() or not moves.isdigit() or len(moves) > 5:
        raise RecordError(_("this form does not say which game to play on from"))
    return save_id, int(moves)


def record(name: str, fields: dict[str, Any], original: Record, moves: int) -> Record:
    """The new game: ``original``'s game, options, seed and first ``moves`` moves, with the form's seats and
    names (RecordError when the position is not one of the game, or the seats must all be human)."""
    from pygames.core.record import Record

    if original.game != name or not 0 <= moves <= len(original.moves):
        raise RecordError(_("the game to play on from has changed: open it and choose the move again"))
    players = int(original.options["players"])
    seats = [str(fields.get(f"seat{s}", HUMAN)) for s in range(players)]
    if any(kind not in SEAT_TYPES for kind in seats):
        raise RecordError(_("unknown player type {kind}").format(kind=repr(next(k for k in seats
                                                                               if k not in SEAT_TYPES)[:24])))
    if any(kind != HUMAN for kind in seats) and needs_hot_seat(original, moves):
        raise RecordError(_("a choice is secret at this move: every seat must be a human at this device"))
    names = [clean_name(fields.get(f"name{s}", "")) for s in range(players)]
    extras = {"seats": seats_text(seats, names)}
    if moves and original.extras.get("hints"):  # the hints asked for on the way (before or after: all of them)
        extras["hints"] = original.extras["hints"]
    hinted = hinted_numbers(original.extras.get("hinted", ""), moves)
    if hinted:  # the moves kept that were played as hinted
        extras["hinted"] = hinted_text(hinted)
    new = Record(name, dict(original.options), original.seed, list(original.moves[:moves]), extras)
    new.replay()  # (the moves replayed once more: a record that cannot be is refused now)
    return new

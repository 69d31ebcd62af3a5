"""The new-game form's field for each of an engine's options (``OptionSpec``: the engine's option table),
in the view's words for it, and the value a per-seat option takes from its fields: every game's form is
built from these (home.py), none has its own."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pygames.core.errors import RecordError
from pygames.core.i18n import N_, _

from .svg import esc

if TYPE_CHECKING:  # pragma: no cover
    from pygames.core.game import OptionSpec

    from .view import GameView

# a per-seat option's selects, by round of the seats (a seat's first letter, its second…)
SLOT_LABELS = (N_("Seat {n}"), N_("Seat {n}, 2nd"), N_("Seat {n}, 3rd"), N_("Seat {n}, 4th"))


def choice_options(choices: list[tuple[str, str]], current: str) -> str:
    """``<option>``s for (value, label) pairs, ``current`` selected."""
    return "".join(
        f'<option value="{esc(v)}"{" selected" if str(v) == str(current) else ""}>{esc(label)}</option>'
        for v, label in choices
    )


def truthy(value: Any) -> bool:
    """A form's checkbox or a link's flag read as on ("1", "true"…) or off ("", "0", "false")."""
    return bool(value) and str(value).lower() not in ("0", "false", "")


def option_field(spec: OptionSpec, value: Any, players: int, view: type[GameView],
                 vals: dict[str, Any] | None = None) -> str:
    """One game option of the form, from its spec (the engine's option table) and the view's words
    for it (``option_labels``, ``option_help``, ``choice_labels``). An option that does not apply to
    ``players`` (``OptionSpec.players``) is there but hidden: it keeps its value should the player
    count change back, and ``home.parse_new_game`` leaves it out. A per-seat option (``OptionSpec.per_seat``)
    asks each seat for its letter (``vals``: the form's fields so far)."""
    field = _option_field(spec, value, players, view, vals)
    if spec.applies(players):
        return field
    # (in a plain box: the style sheet lays a field out, and would show it)
    return f'<div hidden data-option-unused="{esc(spec.name)}">{field}</div>'


def _option_field(spec: OptionSpec, value: Any, players: int, view: type[GameView],
                  vals: dict[str, Any] | None) -> str:
    fid = f"f-{spec.name}"
    label = _(view.option_labels[spec.name]) if spec.name in view.option_labels else spec.label
    help_text = _(view.option_help[spec.name]) if spec.name in view.option_help else ""
    choice_labels = view.choice_labels
    small = f" <small>({esc(help_text)})</small>" if help_text else ""
    if spec.per_seat:
        return per_seat_field(spec, label, help_text, players, view, {spec.name: value, **(vals or {})})
    if spec.kind == "bool":
        checked = " checked" if truthy(value) else ""
        return (
            f'<div class="field check"><input type="checkbox" id="{fid}" name="{esc(spec.name)}" value="1"{checked}>'
            f'<label for="{fid}">{esc(label)}{small}</label></div>'
        )
    if spec.seat:
        choices = [(str(s), _("Seat {n}").format(n=s + 1)) for s in range(players)]
    elif spec.kind == "int":
        lo = spec.minimum if spec.minimum is not None else 0
        hi = spec.maximum if spec.maximum is not None else lo + 9
        choices = [(str(n), str(n)) for n in range(lo, hi + 1)]
    else:
        named = choice_labels.get(spec.name, {})
        choices = [(str(c), _(named[str(c)]) if str(c) in named else str(c)) for c in spec.choices]
    return (
        f'<div class="field"><label for="{fid}">{esc(label)}{small}</label>'
        f'<select id="{fid}" name="{esc(spec.name)}">{choice_options(choices, str(value))}</select></div>'
    )


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


def per_seat_field(spec: OptionSpec, label: str, help_text: str, players: int, view: type[GameView],
                   vals: dict[str, Any]) -> str:
    """A per-seat option (``OptionSpec.per_seat``): one select per letter the seats may get, labelled by
    seat (a seat's second letter, and so on, where there are more letters than players); those beyond
    the fewest the player count needs may be left at "none"."""
    low, high = per_seat_slots(spec, players)
    small = f' <small class="muted">({esc(help_text)})</small>' if help_text else ""
    named = view.choice_labels.get(spec.name, {})
    letters = [(c, _(named[c]) if c in named else c) for c in spec.per_seat]
    rows = []
    for i, chosen in enumerate(per_seat_letters(spec, vals, players)):
        choices = letters if i < low else [("", _("none")), *letters]
        words = _(SLOT_LABELS[min(i // players, len(SLOT_LABELS) - 1)]).format(n=i % players + 1)
        rows.append(
            f'<div class="field"><label for="f-{esc(spec.name)}-{i}">{esc(words)}</label>'
            f'<select id="f-{esc(spec.name)}-{i}" name="{esc(spec.name)}-{i}">'
            f"{choice_options(choices, chosen)}</select></div>"
        )
    return (
        f'<div class="per-seat" id="f-{esc(spec.name)}" role="group" aria-labelledby="f-{esc(spec.name)}-label"'
        f'><p class="per-seat-head" id="f-{esc(spec.name)}-label">{esc(label)}{small}</p>{"".join(rows)}'
        f'<input type="hidden" name="{esc(spec.name)}-for" value="{players}"></div>'
    )


def per_seat_value(spec: OptionSpec, fields: dict[str, Any], players: int, view: type[GameView]) -> str | None:
    """The option's value from its per-seat selects, in seat order (None: the form had none of them, e.g.
    a link's settings: the option's own field then); RecordError if a letter is chosen twice."""
    _low, high = per_seat_slots(spec, players)
    names = [f"{spec.name}-{i}" for i in range(high)]
    if not any(name in fields for name in names):
        return None
    letters = [str(fields.get(name, "")) for name in names]
    chosen = [c for c in letters if c]
    twice = next((c for c in chosen if chosen.count(c) > 1), None)
    if twice is not None:
        named = view.choice_labels.get(spec.name, {})
        raise RecordError(_("{choice} is chosen for two seats: each seat needs its own.").format(
            choice=_(named[twice]) if twice in named else twice))
    return "".join(chosen)

"""The new-game form, built from the engine's option table: its markup (pure, no browser). Each of an
engine's options gets a field in the view's words for it; none of the games has a form of its own. The
form's data (defaults, its fields read into a record) is shell/model/new_game.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games import view_class

from pygames.core.errors import RuleError
from pygames.core.i18n import N_, _
from pygames.core.registry import get_game

from ..contract.markup import Markup, esc, join
from ..model.fork import FORK, HOT_SEAT
from ..model.new_game import MAX_SEATS, default_values, per_seat_letters, per_seat_slots, truthy
from ..model.players import HUMAN, MAX_NAME, SEAT_TYPES

if TYPE_CHECKING:  # pragma: no cover
    from pygames.core.game import OptionSpec

    from ..contract.view import GameView

# a per-seat option's selects, by round of the seats (a seat's first letter, its second…)
SLOT_LABELS = (N_("Seat {n}"), N_("Seat {n}, 2nd"), N_("Seat {n}, 3rd"), N_("Seat {n}, 4th"))


def choice_options(choices: list[tuple[str, str]], current: str) -> Markup:
    """``<option>``s for (value, label) pairs, ``current`` selected."""
    return join(
        Markup(f'<option value="{esc(v)}"{" selected" if str(v) == str(current) else ""}>{esc(label)}</option>')
        for v, label in choices
    )


def option_field(spec: OptionSpec, value: Any, players: int, view: type[GameView],
                 vals: dict[str, Any] | None = None) -> Markup:
    """One game option of the form, from its spec (the engine's option table) and the view's words
    for it (``option_labels``, ``option_help``, ``choice_labels``). An option that does not apply to
    ``players`` (``OptionSpec.players``) is there but hidden: it keeps its value should the player
    count change back, and ``model.new_game.parse_new_game`` leaves it out. A per-seat option (``OptionSpec.per_seat``)
    asks each seat for its letter (``vals``: the form's fields so far)."""
    field = _option_field(spec, value, players, view, vals)
    if spec.applies(players):
        return field
    # (in a plain box: the style sheet lays a field out, and would show it)
    return Markup(f'<div hidden data-option-unused="{esc(spec.name)}">{field}</div>')


def _option_field(spec: OptionSpec, value: Any, players: int, view: type[GameView],
                  vals: dict[str, Any] | None) -> Markup:
    fid = f"f-{spec.name}"
    label = _(view.option_labels[spec.name]) if spec.name in view.option_labels else spec.label
    help_text = _(view.option_help[spec.name]) if spec.name in view.option_help else ""
    choice_labels = view.choice_labels
    small = f" <small>({esc(help_text)})</small>" if help_text else ""
    if spec.per_seat:
        return per_seat_field(spec, label, help_text, players, view, {spec.name: value, **(vals or {})})
    if spec.kind == "bool":
        checked = " checked" if truthy(value) else ""
        return Markup(
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
    return Markup(
        f'<div class="field"><label for="{fid}">{esc(label)}{small}</label>'
        f'<select id="{fid}" name="{esc(spec.name)}">{choice_options(choices, str(value))}</select></div>'
    )


def per_seat_field(spec: OptionSpec, label: str, help_text: str, players: int, view: type[GameView],
                   vals: dict[str, Any]) -> Markup:
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
    return Markup(
        f'<div class="per-seat" id="f-{esc(spec.name)}" role="group" aria-labelledby="f-{esc(spec.name)}-label"'
        f'><p class="per-seat-head" id="f-{esc(spec.name)}-label">{esc(label)}{small}</p>{"".join(rows)}'
        f'<input type="hidden" name="{esc(spec.name)}-for" value="{players}"></div>'
    )


def render_new_game(name: str, values: dict[str, Any] | None = None, error: str = "") -> Markup:
    """The new-game form for ``name``, built from the engine's option table; ``values`` keeps what
    the player already chose."""
    game_cls = get_game(name)
    view = view_class(name)
    vals = default_values(name) if values is None else {**default_values(name), **values}
    specs = {s.name: s for s in game_cls.option_specs}
    try:
        players = int(vals.get("players", specs["players"].default))
    except (TypeError, ValueError):
        players = int(specs["players"].default)
    pspec = specs["players"]
    lo, hi = pspec.minimum or 1, pspec.maximum or MAX_SEATS
    players = min(max(players, lo), hi)
    fork = str(vals.get(FORK) or "")  # "Play from here": the seats only (options, seed and moves are set)
    kinds = [(k, _(label)) for k, (label, _short, _does) in SEAT_TYPES.items()]
    if vals.get(HOT_SEAT):
        kinds = kinds[:1]  # humans only: a choice is secret at that move (shell/model/fork.py)
    rows = []
    for seat in range(hi):
        if fork and seat >= players:
            continue
        hidden = " hidden" if seat >= players else ""
        typed = esc(vals.get(f"name{seat}", ""))
        rows.append(
            f'<div class="seat-row" data-seat-row="{seat}"{hidden}>'
            f'<label for="f-seat{seat}">{esc(_("Seat {n}").format(n=seat + 1))}</label>'
            f'<span class="seat-fields"><select id="f-seat{seat}" name="seat{seat}" '
            f'aria-label="{esc(_("Seat {n}: who plays").format(n=seat + 1))}" aria-describedby="seat-help">'
            f'{choice_options(kinds, vals.get(f"seat{seat}", HUMAN))}</select>'
            f'<input type="text" id="f-name{seat}" name="name{seat}" value="{typed}" maxlength="{MAX_NAME}" '
            f'placeholder="{esc(_("name (humans)"))}" '
            f'aria-label="{esc(_("Seat {n}: name (for a human)").format(n=seat + 1))}" spellcheck="false">'
            "</span></div>"
        )
    strengths = " ".join(_(does) for _label, _short, does in SEAT_TYPES.values() if does)
    error_html = f'<p class="notice error" role="alert" id="form-error">{esc(error)}</p>' if error else ""
    title = _("New game: {title}").format(title=game_cls.title)
    back, start = "#", _("Start game")
    if fork:
        count = fork.rpartition(":")[2]
        title = _("Play from move {n}: {title}").format(n=count, title=game_cls.title)
        back, start = f"#play/{fork.rpartition(':')[0]}", _("Play from here")
        number = f'<p>{esc(_players_label(players))}<input type="hidden" name="players" value="{players}"></p>'
        settings = _fork_settings(game_cls, view, vals, players)
    else:
        number = (f'<div class="field"><label for="f-players">{esc(_("Number of players"))}</label>'
                  '<select id="f-players" name="players">'
                  f"{choice_options([(str(n), _players_label(n)) for n in range(lo, hi + 1)], str(players))}"
                  "</select></div>")
        settings = _settings(game_cls, view, vals, players)
    return Markup(
        f'<section class="new-game" data-page="new" data-game="{esc(name)}"{" data-fork" if fork else ""}>'
        f'<header class="home-head"><a href="#" class="back">'
        f"← {esc(_('Home'))}</a><h1>{esc(title)}</h1></header>"
        f"{error_html}"
        f'<form id="new-game-form" data-game="{esc(name)}" autocomplete="off">'
        f"<fieldset><legend>{esc(_('Players'))}</legend>{number}"
        f"{''.join(rows)}"
        f'<p class="seat-help" id="seat-help">{esc(strengths)}</p>'
        "</fieldset>"
        f"{settings}"
        f'<div class="button-row"><button type="submit" class="primary" id="btn-start">{esc(start)}</button>'
        f'<a class="button" href="{esc(back)}">{esc(_("Cancel"))}</a></div>'
        "</form></section>"
    )


def _settings(game_cls: type, view: type[GameView], vals: dict[str, Any], players: int) -> Markup:
    """The options and the seed of a new game, to choose."""
    options = "".join(
        option_field(spec, vals.get(spec.name, spec.default), players, view, vals)
        for spec in game_cls.option_specs
        if spec.name != "players"
    )
    return Markup(
        f"<fieldset><legend>{esc(_('Options'))}</legend>{options}"
        f'<div class="field"><label for="f-seed">{esc(_("Seed"))} <small>'
        f"({esc(_(view.seed_help))})</small></label>"
        f'<span class="seed-row"><input type="text" '
        f'id="f-seed" name="seed" value="{esc(vals.get("seed", ""))}" '
        'required maxlength="60" spellcheck="false">'
        f'<button type="button" data-act="reseed" id="btn-reseed">{esc(_("New seed"))}</button></span></div>'
        "</fieldset>"
    )


def _fork_settings(game_cls: type, view: type[GameView], vals: dict[str, Any], players: int) -> Markup:
    """"Play from here": the game's options and seed, said (they stay), and what the form carries."""
    said = []
    for spec in game_cls.option_specs:
        try:  # (a value as the form sends it back, e.g. "True", after the language is switched)
            value = spec.parse(vals.get(spec.name, spec.default))
        except RuleError:
            continue
        if spec.name == "players" or value == spec.default:
            continue
        label = _(view.option_labels[spec.name]) if spec.name in view.option_labels else spec.label
        shown = value
        if spec.kind == "bool":
            shown = _("yes") if value else _("no")
        elif spec.seat:
            shown = _("Seat {n}").format(n=int(value) + 1)
        elif spec.kind == "choice" and str(value) in view.choice_labels.get(spec.name, {}):
            shown = _(view.choice_labels[spec.name][str(value)])
        said.append(f"<li>{esc(label)}: {esc(shown)}</li>")
    said.append(f'<li>{esc(_("Seed"))}: <code>{esc(vals.get("seed", ""))}</code></li>')
    keys = (FORK, HOT_SEAT, "seed", *(spec.name for spec in game_cls.option_specs if spec.name != "players"))
    carried = "".join(f'<input type="hidden" name="{esc(key)}" value="{esc(vals[key])}">'
                      for key in keys if vals.get(key) not in (None, ""))
    secret = _("A choice is secret at this move: everyone plays at this device, and passes it on before "
               "anything private is shown.")
    hot_seat = f'<p class="notice">{esc(secret)}</p>' if vals.get(HOT_SEAT) else ""
    words = _("The same game, options and seed, and its moves up to this one; the game you came from stays "
              "saved as it is. Choose who plays each seat.")
    return Markup(f"<fieldset><legend>{esc(_('Options'))}</legend><p>{esc(words)}</p>"
            f'<ul class="fork-settings">{"".join(said)}</ul>{hot_seat}{carried}</fieldset>')


def _players_label(n: int) -> str:
    return _("1 player (solo)") if n == 1 else _("{n} players").format(n=n)



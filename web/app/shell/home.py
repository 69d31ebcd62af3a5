"""The home page (games, saved games) and the new-game form: pure markup and form parsing."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from games import preview, view_class

import pygames
from pygames.core.errors import RecordError, RuleError
from pygames.core.i18n import _, ngettext
from pygames.core.registry import get_game

from . import i18n
from .fork import FORK, HOT_SEAT
from .options import choice_options, option_field, per_seat_value, truthy
from .players import HUMAN, MAX_NAME, SEAT_TYPES, clean_name, new_seed, seats_text
from .storage import BrokenSave, SavedGame
from .svg import esc, short

if TYPE_CHECKING:  # pragma: no cover (the home page needs neither: a game's form or its start does)
    from pygames.core.record import Record

    from .view import GameView

MAX_SEATS = 4
HOME_START = '<section class="home" data-page="home">'  # how the home page's markup begins
# a per-seat option's choices (OptionSpec.per_seat), one per letter a seat gets: the first, the second…


def _when(ms: float, now_ms: float | None = None) -> str:
    now_ms = now_ms if now_ms is not None else time.time() * 1000
    minutes = max(0, int((now_ms - ms) / 60000))
    if minutes < 1:
        return _("just now")
    if minutes < 60:
        return _("{n} min ago").format(n=minutes)
    if minutes < 48 * 60:
        return _("{n} h ago").format(n=minutes // 60)
    return ngettext("{n} day ago", "{n} days ago", minutes // 1440).format(n=minutes // 1440)


def frame(screen: str = "", prerendered: str = "") -> str:
    """``<main id="app">``'s content: ``#view``, the screen (drawn anew at each render), and ``#announce``,
    which stays, so that screen readers hear what it says. ``prerendered``: the language of a screen the
    build drew into index.html, which the page takes over when Python starts (``data-prerendered``)."""
    mark = f' data-prerendered="{esc(prerendered)}"' if prerendered else ""
    return (f'<div id="view"{mark}>{screen}</div>'
            '<p id="announce" class="visually-hidden" role="status" aria-live="polite"></p>')


def render_opening(title: str) -> str:
    """What a link opening as the page's first screen shows until its game is drawn (a long game's replay)."""
    return f'<p class="opening" role="status">{esc(_("Opening {game}…").format(game=title))}</p>'


def render_home(
    games: list[tuple[str, str, str]],
    saves: list[SavedGame | BrokenSave],
    notice: str = "",
    now_ms: float | None = None,
    daily: str = "",
) -> str:
    """The home page: the games, the daily challenge (``daily``: ``daily.section``'s markup) and the saves."""
    out = [HOME_START]
    out.append(
        '<header class="home-head">'
        f'<div class="home-top"><h1>pygames <small class="version">{esc(pygames.__version__)}</small></h1>'
        f"{i18n.picker()}</div>"
        f"<p>{esc(_('Mountain board games, played in your browser — offline once loaded.'))}</p></header>"
    )
    if notice:
        out.append(f'<p class="notice error" role="alert" id="notice">{esc(notice)}</p>')
    out.append(f'<h2>{esc(_("Games"))}</h2><ul class="game-list">')
    for name, title, blurb in games:
        out.append(
            f'<li class="game-card" data-game-card="{esc(name)}">{preview(name)}'
            f"<h3>{esc(title)}</h3><p>{esc(_(blurb))}</p>"
            f'<span class="card-actions"><a class="button primary" href="#new/{esc(name)}" '
            f'data-new-game="{esc(name)}">{esc(_("New game"))}</a> '
            f'<a class="button" href="#rules/{esc(name)}" data-rules="{esc(name)}">{esc(_("How to play"))}</a>'
            "</span></li>"
        )
    out.append("</ul>")
    out.append(daily)
    out.append(f"<h2>{esc(_('Saved games'))}</h2>")
    if not saves:
        out.append(f'<p class="muted">{esc(_("No saved game yet: games save themselves after every move."))}</p>')
    else:
        out.append('<ul class="save-list">')
        for entry in saves:
            if isinstance(entry, BrokenSave):
                out.append(
                    f'<li class="save broken" data-save="{esc(entry.id)}"><span>'
                    f"{esc(_('This saved game cannot be opened: {reason}.').format(reason=entry.reason))}</span>"
                    f'<button type="button" data-act="delete" data-id="{esc(entry.id)}">{esc(_("Delete"))}</button>'
                    "</li>"
                )
                continue
            state = _("finished") if entry.over else _("move {n}").format(n=entry.moves)
            out.append(
                f'<li class="save" data-save="{esc(entry.id)}">'
                f'<span class="save-title" title="{esc(entry.title)}">{esc(short(entry.title, 140))}</span>'
                f'<span class="save-status">{esc(short(entry.status, 140))} '
                f"· {esc(state)} · {esc(_when(entry.updated, now_ms))}</span>"
                f'<span class="save-actions"><a class="button primary" href="#play/{esc(entry.id)}">'
                f"{esc(_('View') if entry.over else _('Resume'))}</a>"
                f'<button type="button" data-act="delete" '
                f'data-id="{esc(entry.id)}">{esc(_("Delete"))}</button></span></li>'
            )
        out.append("</ul>")
    out.append("</section>")
    return "".join(out)


def default_values(name: str) -> dict[str, Any]:
    specs = get_game(name).option_specs
    values: dict[str, Any] = {s.name: s.default for s in specs}
    values["seed"] = new_seed()
    most = next(s.maximum for s in specs if s.name == "players") or MAX_SEATS
    for seat in range(most):
        values[f"seat{seat}"] = HUMAN if seat == 0 else "heuristic"
    return values


def render_new_game(name: str, values: dict[str, Any] | None = None, error: str = "") -> str:
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
        kinds = kinds[:1]  # humans only: a choice is secret at that move (fork.py)
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
    return (
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


def _settings(game_cls: type, view: type[GameView], vals: dict[str, Any], players: int) -> str:
    """The options and the seed of a new game, to choose."""
    options = "".join(
        option_field(spec, vals.get(spec.name, spec.default), players, view, vals)
        for spec in game_cls.option_specs
        if spec.name != "players"
    )
    return (
        f"<fieldset><legend>{esc(_('Options'))}</legend>{options}"
        f'<div class="field"><label for="f-seed">{esc(_("Seed"))} <small>'
        f"({esc(_(view.seed_help))})</small></label>"
        f'<span class="seed-row"><input type="text" '
        f'id="f-seed" name="seed" value="{esc(vals.get("seed", ""))}" '
        'required maxlength="60" spellcheck="false">'
        f'<button type="button" data-act="reseed" id="btn-reseed">{esc(_("New seed"))}</button></span></div>'
        "</fieldset>"
    )


def _fork_settings(game_cls: type, view: type[GameView], vals: dict[str, Any], players: int) -> str:
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
    return (f"<fieldset><legend>{esc(_('Options'))}</legend><p>{esc(words)}</p>"
            f'<ul class="fork-settings">{"".join(said)}</ul>{hot_seat}{carried}</fieldset>')


def _players_label(n: int) -> str:
    return _("1 player (solo)") if n == 1 else _("{n} players").format(n=n)


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

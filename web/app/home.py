"""The home page (games, saved games) and the new-game form: pure markup and form parsing."""

from __future__ import annotations

import time
from typing import Any

from players import HUMAN, SEAT_TYPES, new_seed, seats_text
from storage import BrokenSave, SavedGame
from svg import esc
from views import preview

import pygames
from pygames.core.errors import RecordError
from pygames.core.record import Record
from pygames.core.registry import get_game

MAX_SEATS = 4


def _when(ms: float, now_ms: float | None = None) -> str:
    now_ms = now_ms if now_ms is not None else time.time() * 1000
    minutes = max(0, int((now_ms - ms) / 60000))
    if minutes < 1:
        return "just now"
    if minutes < 60:
        return f"{minutes} min ago"
    if minutes < 48 * 60:
        return f"{minutes // 60} h ago"
    return f"{minutes // 1440} days ago"


def render_home(
    games: list[tuple[str, str, str]],
    saves: list[SavedGame | BrokenSave],
    notice: str = "",
    now_ms: float | None = None,
) -> str:
    out = ['<section class="home" data-page="home">']
    out.append(
        '<header class="home-head">'
        f'<h1>pygames <small class="version">{esc(pygames.__version__)}</small></h1>'
        "<p>Mountain board games, played in your browser — offline once loaded.</p></header>"
    )
    if notice:
        out.append(f'<p class="notice error" role="alert" id="notice">{esc(notice)}</p>')
    out.append('<h2>Games</h2><ul class="game-list">')
    for name, title, blurb in games:
        out.append(
            f'<li class="game-card" data-game-card="{esc(name)}">{preview(name)}'
            f"<h3>{esc(title)}</h3><p>{esc(blurb)}</p>"
            f'<a class="button primary" href="#new/{esc(name)}" data-new-game="{esc(name)}">New game</a></li>'
        )
    out.append("</ul>")
    out.append("<h2>Saved games</h2>")
    if not saves:
        out.append('<p class="muted">No saved game yet: games save themselves after every move.</p>')
    else:
        out.append('<ul class="save-list">')
        for entry in saves:
            if isinstance(entry, BrokenSave):
                out.append(
                    f'<li class="save broken" data-save="{esc(entry.id)}"><span>This saved game cannot be '
                    f"opened: {esc(entry.reason)}.</span>"
                    f'<button type="button" data-act="delete" data-id="{esc(entry.id)}">Delete</button></li>'
                )
                continue
            state = "finished" if entry.over else f"move {entry.moves}"
            out.append(
                f'<li class="save" data-save="{esc(entry.id)}">'
                f'<span class="save-title">{esc(entry.title)}</span>'
                f'<span class="save-status">{esc(entry.status)} '
                f"· {state} · {_when(entry.updated, now_ms)}</span>"
                f'<span class="save-actions"><a class="button primary" href="#play/{esc(entry.id)}">'
                f"{'View' if entry.over else 'Resume'}</a>"
                f'<button type="button" data-act="delete" '
                f'data-id="{esc(entry.id)}">Delete</button></span></li>'
            )
        out.append("</ul>")
    out.append("</section>")
    return "".join(out)


def default_values(name: str) -> dict[str, Any]:
    spec = {s.name: s.default for s in get_game(name).option_specs}
    values: dict[str, Any] = dict(spec)
    values["seed"] = new_seed()
    for seat in range(MAX_SEATS):
        values[f"seat{seat}"] = HUMAN if seat == 0 else "heuristic"
    return values


def _options(choices: list[tuple[str, str]], current: str) -> str:
    return "".join(
        f'<option value="{esc(v)}"{" selected" if str(v) == str(current) else ""}>{esc(label)}</option>'
        for v, label in choices
    )


def render_new_game(name: str, values: dict[str, Any] | None = None, error: str = "") -> str:
    """The new-game form for ``name``; ``values`` keeps what the player already chose."""
    game_cls = get_game(name)
    vals = default_values(name) if values is None else {**default_values(name), **values}
    specs = {s.name: s for s in game_cls.option_specs}
    players = int(vals.get("players", 2))
    pspec = specs["players"]
    lo, hi = pspec.minimum or 2, pspec.maximum or MAX_SEATS
    rows = []
    for seat in range(hi):
        hidden = " hidden" if seat >= players else ""
        choices = [(k, label) for k, (label, _) in SEAT_TYPES.items()]
        rows.append(
            f'<div class="seat-row" data-seat-row="{seat}"{hidden}>'
            f'<label for="f-seat{seat}">Seat {seat}</label>'
            f'<select id="f-seat{seat}" name="seat{seat}">{_options(choices, vals.get(f"seat{seat}", HUMAN))}'
            "</select></div>"
        )
    start_choices = [(str(s), f"Seat {s}") for s in range(players)]
    coop = bool(vals.get("coop")) and str(vals.get("coop")).lower() not in ("0", "false", "")
    error_html = f'<p class="notice error" role="alert" id="form-error">{esc(error)}</p>' if error else ""
    return (
        f'<section class="new-game" data-page="new" data-game="{esc(name)}">'
        f'<header class="home-head"><a href="#" class="back">'
        f"← Home</a><h1>New game: {esc(game_cls.title)}</h1></header>"
        f"{error_html}"
        f'<form id="new-game-form" data-game="{esc(name)}" autocomplete="off">'
        "<fieldset><legend>Players</legend>"
        f'<div class="field"><label for="f-players">Number '
        f'of players</label><select id="f-players" name="players">'
        f"{_options([(str(n), f'{n} players') for n in range(lo, hi + 1)], str(players))}</select></div>"
        f"{''.join(rows)}</fieldset>"
        "<fieldset><legend>Options</legend>"
        f'<div class="field check"><input type="checkbox" '
        f'id="f-coop" name="coop" value="1"{" checked" if coop else ""}>'
        f'<label for="f-coop">{esc(specs["coop"].label)} '
        f"<small>(everyone wins by completing the summit together)"
        "</small></label></div>"
        f'<div class="field"><label for="f-start">Who starts</label><select id="f-start" name="start">'
        f"{_options(start_choices, str(vals.get('start', 0)))}</select></div>"
        f'<div class="field"><label for="f-seed">Seed <small>'
        f"(same seed, same base camp and deal)</small></label>"
        f'<span class="seed-row"><input type="text" '
        f'id="f-seed" name="seed" value="{esc(vals.get("seed", ""))}" '
        'required maxlength="60" spellcheck="false">'
        '<button type="button" data-act="reseed" id="btn-reseed">New seed</button></span></div>'
        "</fieldset>"
        '<div class="button-row"><button type="submit" class="primary" id="btn-start">Start game</button>'
        '<a class="button" href="#">Cancel</a></div>'
        "</form></section>"
    )


def parse_new_game(name: str, fields: dict[str, Any]) -> tuple[Record, list[str]]:
    """The form's values -> a fresh record (with the ``seats`` extra) and the seat types."""
    game_cls = get_game(name)
    try:
        players = int(fields.get("players", 2))
    except (TypeError, ValueError):
        raise RecordError("choose how many players") from None
    seed = str(fields.get("seed", "")).strip()
    if not seed:
        raise RecordError("the seed cannot be empty (press New seed for a random one)")
    seats = [str(fields.get(f"seat{s}", HUMAN)) for s in range(players)]
    for kind in seats:
        if kind not in SEAT_TYPES:
            raise RecordError(f"unknown player type {kind!r}")
    options = {"players": players, "coop": bool(fields.get("coop")), "start": fields.get("start", 0)}
    options = {k: v for k, v in options.items() if k in {s.name for s in game_cls.option_specs}}
    record = Record.new(name, options, seed)
    record.extras["seats"] = seats_text(seats)
    record.replay()  # options the engine refuses (e.g. start seat 3 of 2) -> RecordError now
    return record, seats


def values_of(record: Record, seats: list[str]) -> dict[str, Any]:
    """Form values that rebuild ``record``'s settings (for "New game" from a game)."""
    values: dict[str, Any] = dict(record.options)
    values["seed"] = new_seed()
    for seat, kind in enumerate(seats):
        values[f"seat{seat}"] = kind
    return values

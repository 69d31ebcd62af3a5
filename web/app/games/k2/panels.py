"""K2's panels beside the mountain: the day track and forecast, the risk tokens, the expeditions with
their levels and the VP track, the key, the final scores (turn.py has the viewing seat's own panels).

Markup only, pure functions: everything drawn comes from the ``state`` given (the viewing seat's view of the
game) and the ``Marks`` the controller builds (marks.py: the seats' names, who is thinking).
"""

from __future__ import annotations

from shell.contract.markup import Markup, esc, part

from pygames.core.i18n import _, ngettext
from pygames.k2.actions import CLIMBERS
from pygames.k2.data import ROUNDS
from pygames.k2.game import ACT, CHOOSE, K2, OVER, TAKE, K2Result, risk_value

from . import draw, turn, words
from .marks import Marks


def space_label(state: K2, sid: str, here: int) -> str:
    sp = state.spaces[sid]
    charge = state.today().surcharge_in(sp.zone)
    cost = _("entry cost {n}").format(n=sp.cost)
    if charge:
        cost = _("entry cost {n} + {m} today").format(n=sp.cost, m=charge)
    if sid == state.base:
        name = _("Base camp {id}").format(id=sid)
        room = _("room for everyone")
    else:
        name = _("Summit {id}").format(id=sid) if sid == state.summit else sid
        room = _("room for {cap} ({n} here)").format(cap=state.cap(sid), n=here)
    acc = _("acclimatization {n:+d}").format(n=sp.acc).replace("-", "−")
    return _("{name}, Z{zone} ({altitude}), {vp} VP, {cost}, {acc}, {room}").format(
        name=name, zone=sp.zone, altitude=_(draw.ZONE_NAMES[sp.zone]), vp=sp.vp, cost=cost, acc=acc, room=room)


# -- weather -----------------------------------------------------------------------------------------


def days(state: K2) -> Markup:
    """K2-R29/R30: the day track 1..18 (seen days with their weather, unseen ones face down) and the
    forecast in words for today and the coming visible days."""
    r = state.round
    visible = set(state.visible_days())
    cells = []
    for d in range(1, ROUNDS + 1):
        classes = ["day"]
        if d % 3 == 1:
            classes.append("tile-start")
        if d < r:
            classes.append("past")
        elif d == r and state.phase != OVER:
            classes.append("today")
        if d in visible or d < r:
            day = state.day(d)
            fx = []
            if day.loss:
                fx.append(f'<span class="loss">−{day.loss}</span>')
            if day.surcharge:
                fx.append(f'<span class="charge">+{day.surcharge}</span>')
            if fx:
                zones = f"Z{day.lo}" if day.lo == day.hi else f"Z{day.lo}–{day.hi}"
                fx.append(f'<span class="zones">{zones}</span>')
            body = "".join(fx) or '<span class="none">·</span>'
            label = _("Day {d}: {weather}").format(d=d, weather=words.day_words(day))
        else:
            classes.append("unseen")
            body = '<span class="none">?</span>'
            label = _("Day {d}: weather tile still face down").format(d=d)
        cells.append(f'<li class="{" ".join(classes)}" aria-label="{esc(label)}" title="{esc(label)}">'
                     f'<span class="d">{d}</span>{body}</li>')
    forecast = []
    for d in sorted(visible):
        day = state.day(d)
        when = _("Today, day {d}").format(d=d) if d == r else _("Day {d}").format(d=d)
        forecast.append(f'<li class="{"today" if d == r else ""}"><strong>{esc(when)}:</strong> '
                        f"{esc(words.day_words(day))}</li>")
    hidden = len(state.tiles) - state.visible_tiles()
    if hidden:
        words_ = ngettext("{n} weather tile still face down (3 days each)",
                          "{n} weather tiles still face down (3 days each)", hidden).format(n=hidden)
        forecast.append(f'<li class="muted">{esc(words_)}</li>')
    season = _("summer") if state.options["weather"] == "SUM" else _("winter")
    title = _("Day {d} of {n}").format(d=min(r, ROUNDS), n=ROUNDS)
    if state.phase == OVER:
        title = _("The expedition is over")
    key = (f'<p class="k2-key muted"><span class="loss">−1</span> {esc(_("acclimatization lost at night"))} · '
           f'<span class="charge">+1</span> {esc(_("movement cost per space"))}</p>')
    weather = _("weather: {set}").format(set=season)
    return Markup(f'<div class="panel k2-days" id="k2-days"><h2>{esc(title)} <small>· {esc(weather)}'
            f'</small></h2><ol class="k2-track" aria-label="{esc(_("Day track"))}">{"".join(cells)}</ol>'
            f'<ul class="k2-forecast">{"".join(forecast)}</ul>{key}</div>')


# -- risk ---------------------------------------------------------------------------------------------


def risk(state: K2, marks: Marks) -> Markup:
    """K2-R13/R26/R28: the face-up tokens, the face-down count, who holds one this round."""
    row = "".join(draw.token(v, extra={"role": "img", "aria-label": _("face-up risk token: {v}").format(v=v)}
                             if v is not None else
                             None) for v in state.risk_faceup)
    notes = []
    if any(state.revealed):
        values = ", ".join(f"{esc(marks.short_names[s])} {risk_value(r)}" for s, r in enumerate(state.revealed) if r)
        notes.append(f'<p class="k2-riskvalues">{esc(_("Risk shown this day:"))} {values}</p>')
    holders = [(s, v) for s, v in enumerate(state.token) if v is not None]
    for s, v in holders:
        words_ = _("{name} holds a risk token of {v} this day").format(name=marks.short_names[s], v=v)
        if state.phase == ACT and state.current == s and state.points:
            words_ += " — " + ngettext("{n} penalty point left", "{n} penalty points left", state.points).format(
                n=state.points)
        notes.append(f'<p class="k2-weakened"><strong>{esc(words_)}</strong></p>')
    if state.phase == TAKE:
        words_ = _("{name} shows the most movement and must take a token.").format(
            name=marks.short_names[state.current])
        if state.players == 1:
            words_ = _("Alone, you take a risk token every day.")
        notes.append(f'<p class="k2-weakened">{esc(words_)}</p>')
    elif any(state.revealed) and not holders and state.players > 1 and state.phase == ACT:
        notes.append(f'<p class="muted">{esc(_("A tie for the highest risk: nobody takes a token this day."))}</p>')
    spent = [t for t in state.token_log if t["round"] == state.round and t["spent"]]
    for t in spent:
        words_ = _("{name} spent: {what}").format(name=marks.short_names[t["seat"]], what=", ".join(t["spent"]))
        notes.append(f'<p class="muted">{esc(words_)}</p>')
    down = ngettext("{n} face down", "{n} face down", len(state.risk_stack)).format(n=len(state.risk_stack))
    return Markup(f'<div class="panel k2-risk" id="k2-risk"><h2>{esc(_("Risk tokens"))}</h2>'
            f'<div class="k2-tokens">{row}<span class="muted">{esc(down)}</span></div>{"".join(notes)}</div>')


# -- the teams ---------------------------------------------------------------------------------------


def teams(state: K2, seat: int | None, marks: Marks) -> Markup:
    """Every expedition: climbers' spaces, levels (1..6), VP, tents, summit numbers; cards in hand,
    draw pile, discard pile; this day's choice (a check mark until revealed) and cards given."""
    rows = []
    for s in range(state.players):
        team = state.climbers[s]
        badges = []
        if s == state.first and state.phase != OVER:
            badges.append(f'<span class="badge first">{esc(_("1st player"))}</span>')
        if s in state.to_move() and state.phase != CHOOSE:
            doing = _("thinking…") if marks.thinking == s else _("to play")
            badges.append(f'<span class="badge turn">{esc(doing)}</span>')
        if state.phase == CHOOSE and state.on_board(s):
            if state.pending[s] is not None:
                badges.append(f'<span class="badge win">{esc(_("chosen ✓"))}</span>')
            else:
                badges.append(f'<span class="badge out">{esc(_("choosing…"))}</span>')
        if state.token[s]:
            badges.append(f'<span class="badge warn">{esc(_("risk {v}").format(v=state.token[s]))}</span>')
        lines = []
        for c in CLIMBERS:
            cl = team[c]
            icon = draw.climber_icon(s, c)
            if cl["alive"]:
                where = _("base camp") if cl["space"] == state.base else cl["space"]
                level = _("level {n}").format(n=cl["level"])
                body = (f'{esc(where)} · <span class="lvl">{draw.level_meter(cl["level"])} {esc(level)}</span> · '
                        f'{esc(_("{n} VP").format(n=cl["vp"]))}')
            else:
                body = f'<span class="dead">{esc(_("died — counts 1 VP"))}</span>'
            extra = []
            if cl["tent"]:
                extra.append(draw.tent_icon(s) + esc(_("tent {space}").format(space=cl["tent"])))
            if cl["summit"] is not None and cl["vp"] >= 10:
                extra.append(esc(_("summit #{n}").format(n=cl["summit"])))
            more = f' · {" · ".join(extra)}' if extra else ""
            lines.append(f'<li class="k2-cl" data-climber="{s}{c}">{icon}<b>{c}</b> {body}{more}</li>')
        cards = _("hand {h} · draw {d} · discard {x}").format(
            h=len(state.hands[s]), d=len(state.draw[s]), x=len(state.discard[s]))
        if state.options["family"]:
            cards += " · " + (_("rescue card") if state.rescue_card[s] else _("rescue card used"))
        shown = ""
        revealed = state.revealed[s]
        if revealed:
            given = {}
            for p in state.plays:
                if p["seat"] == s:
                    arrow = {"U": "↑", "D": "↓"}.get(p["direction"] or "", "")
                    given.setdefault(p["card"], []).append(f'{p["climber"]}{arrow}' + (
                        f" −{p['penalty']}" if p["penalty"] else ""))
            parts = []
            for code in revealed:
                to = given.get(code, [])
                parts.append(f"{code}→{to.pop(0)}" if to else code)
            shown = (f'<p class="k2-shown">{esc(_("This day’s cards:"))} <code>{esc(" ".join(parts))}</code> '
                     f'<small>({esc(_("risk {n}").format(n=risk_value(revealed)))})</small></p>')
        # (its own part: whose turn it is changes the team's line, seldom its climbers)
        climbers = part(Markup(f'<ul class="k2-cls" id="k2-cls-{s}">{"".join(lines)}</ul>'))
        score = _("{n} VP").format(n=state.scores()[s])
        classes = "k2-team" + (" to-move" if s in state.to_move() and state.phase != CHOOSE else "")
        classes += " viewer" if s == seat else ""
        rows.append(part(Markup(
            f'<li class="{classes}" data-team="{s}" id="k2-team-{s}"><div class="k2-team-head">{draw.seat_icon(s)}'
            f'<span class="team-name">{esc(marks.names[s])}</span> <span class="k2-score">{esc(score)}</span> '
            f'{"".join(badges)}</div>{climbers}'
            f'<p class="k2-cards muted">{esc(cards)}</p>{shown}</li>'
        )))
    pawns = [(s, c, state.climbers[s][c]["vp"]) for s in range(state.players) for c in CLIMBERS]
    return Markup(f'<div class="panel k2-teams-panel" id="k2-teams-panel"><h2>{esc(_("Expeditions"))}</h2>'
            f'<ul class="k2-teams">{"".join(rows)}</ul>'
            f'<h3>{esc(_("Victory points"))}</h3>{part(draw.vp_track(state.side, pawns))}</div>')


def legend(players: int) -> Markup:
    items = []
    for s in range(players):
        items.append(f"<li>{draw.climber_icon(s, 'A')}{draw.climber_icon(s, 'B')}<span>{esc(draw.seat_colour(s))} "
                     f"<small>({esc(draw.seat_symbol(s))})</small></span></li>")
    shapes = _("A is the round climber, B the hexagonal one; the yellow number is a space’s entry cost, the big "
               "one its VP, the tag its acclimatization at night; small circles are its places; ▲ on a rope points up.")
    return Markup(f'<div class="k2-legend" id="k2-legend"><ul class="legend">{"".join(items)}</ul>'
                  f'<p class="muted">{esc(shapes)}</p></div>')


# -- the end -----------------------------------------------------------------------------------------


def result_details(state: K2, marks: Marks, result: K2Result) -> Markup:
    """K2-R38/R39: each player's climbers (VP, died, summit number) and score, in ranking order."""
    rows = []
    order = [s for group in result.ranking for s in group]
    for s in order:
        cells = []
        for c in CLIMBERS:
            cl = state.climbers[s][c]
            note = ""
            if not cl["alive"]:
                note = _("(died)")
            elif cl["summit"] is not None and cl["vp"] >= 10:
                note = _("(summit #{n})").format(n=cl["summit"])
            note = f" <small>{esc(note)}</small>" if note else ""  # may wrap below the VP on a phone
            cells.append(f'<td><span class="vp">{draw.climber_icon(s, c)}{cl["vp"]}</span>{note}</td>')
        rows.append(f'<tr data-score-seat="{s}"><th>{esc(marks.names[s])}</th>{"".join(cells)}'
                    f"<td><strong>{result.scores[s] if result.scores else 0}</strong></td></tr>")
    head = (f"<tr><th>{esc(_('Player'))}</th><th>A</th><th>B</th><th>{esc(_('Score'))}</th></tr>")
    out = Markup(f'<table class="k2-scores" id="k2-scores">{head}{"".join(rows)}</table>')
    if state.players > 1:
        words = _("Equal scores: a climber on the summit first ranks higher.")
        out += Markup(f'<p class="muted small">{esc(words)}</p>')
    else:
        out += turn.solo_panel(state, marks, ident=False)
    return out


"""The daily challenge's markup (pure, no browser): its section on the home page (today's two challenges and
the results of the last days), and on a challenge's game screen its name and date, the result's note and
Share. What a challenge is, its results and what is shared: shell/model/daily.py."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from pygames.core.i18n import _

from ..contract.markup import EMPTY, Markup, esc
from ..model.daily import (
    ABOUT,
    DAYS_LISTED,
    KINDS,
    NAMES,
    challenge_of,
    long_date,
    name_of,
    result_of,
    results,
    start,
    words,
)


def section(day: date, device: Any, saves: list) -> Markup:
    """"Daily challenge" on the home page: today's two, each started or resumed, the best of today, and the
    results of the last DAYS_LISTED days."""
    table = results(device)
    cards = []
    for game, name in NAMES.items():
        target, resumed = start(game, day, saves)
        href, action = "#" + target, _("Resume") if resumed else _("Start")
        best = (table.get(day.isoformat()) or {}).get(game)
        kept = (f'<p class="daily-best">{esc(_("Your best today: {result}").format(result=words(game, best)))}</p>'
                if isinstance(best, dict) else "")
        cards.append(
            f'<li class="daily-card" data-daily="{game}"><h3>{esc(_(name))}</h3><p>{esc(_(ABOUT[game]))}</p>{kept}'
            f'<a class="button primary" href="{esc(href)}" data-daily-start="{game}">{esc(action)}</a></li>'
        )
    rows = []
    for back in range(DAYS_LISTED):
        when = (day - timedelta(days=back)).isoformat()
        kept_day = table.get(when)
        if not isinstance(kept_day, dict) or not kept_day:
            continue
        cells = []
        for game in NAMES:
            result = kept_day.get(game)
            cells.append(f'<td><a href="#{esc(result["link"])}">{esc(words(game, result))}</a></td>'
                         if isinstance(result, dict) and "link" in result else "<td>—</td>")
        rows.append(f'<tr data-daily-day="{when}"><th scope="row">{when}</th>{"".join(cells)}</tr>')
    history = ""
    if rows:
        head = "".join(f'<th scope="col">{esc(_(KINDS[g]))}</th>' for g in NAMES)
        history = (f'<details class="daily-history"><summary>{esc(_("Your last 30 days"))}</summary>'
                   f'<table><thead><tr><th scope="col">{esc(_("Day"))}</th>{head}</tr></thead>'
                   f'<tbody>{"".join(rows)}</tbody></table></details>')
    title = _("Daily challenge · {day}").format(day=day.isoformat())  # (ISO: the first screen writes it in JS)
    return Markup(f'<section class="daily" aria-labelledby="daily-title" data-daily-date="{day.isoformat()}">'
            f'<h2 id="daily-title">{esc(title)}</h2><ul class="daily-list">{"".join(cards)}</ul>{history}</section>')


def share_button(place: str) -> Markup:
    """Share (a result): the page shares its text (``share_text``) or copies it, then says so beside it."""
    return Markup(f'<span class="share"><button type="button" data-act="share" id="btn-share-{place}">'
            f'{esc(_("Share"))}</button> <span class="share-status" id="share-status-{place}" role="status">'
            "</span></span>")


def banner(session: Any, now: float | None = None) -> Markup:
    """On a challenge's game screen: its name and date (and, when it is over, Share); "" for another game."""
    found = challenge_of(session.match.record().to_fragment())
    if found is None:
        return EMPTY
    game, day = found
    share = share_button("banner") if session.game.is_over() else ""
    return Markup(f'<p class="daily-name" id="daily-name" data-daily="{game}" data-daily-date="{day.isoformat()}">'
            f"<strong>{esc(name_of(game, day, now))}</strong>{share}</p>")


def result_note(session: Any, link: str) -> Markup:
    """In a finished challenge's result dialog: which day it was, the best of that day on this device, and
    the result link to share (anyone who opens it replays the game)."""
    found = challenge_of(session.match.record().to_fragment())
    if found is None:
        return EMPTY
    game, day = found
    best = (results(session.device).get(day.isoformat()) or {}).get(game)
    mine = {**result_of(session.game), "hints": session.hints}
    line = _("{challenge} of {day}: {result}").format(challenge=_(KINDS[game]), day=long_date(day),
                                                      result=words(game, mine))
    if isinstance(best, dict) and best.get("link") == session.match.record().to_fragment():
        line += " · " + _("your best that day")  # (this game: its result is said once)
    elif isinstance(best, dict):
        line += " · " + _("your best that day: {result}").format(result=words(game, best))
    share = _("Your result link: anyone who opens it can replay your game.")
    return Markup(f'<div class="daily-result"><p><strong>{esc(line)}</strong></p>'
            f'<label>{esc(share)} <input type="text" readonly id="daily-link" value="{esc(link)}"></label>'
            f"<p>{share_button('dialog')}</p></div>")

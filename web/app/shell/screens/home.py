"""The home page (games, the daily challenge, saved games) and what a link opening as the first screen shows:
pure markup."""

from __future__ import annotations

import time

from games import preview

import pygames
from pygames.core.i18n import _, ngettext

from ..contract.markup import EMPTY, Markup, esc, join, short
from ..model.saves import BrokenSave, SavedGame
from .language import picker

HOME_START = Markup('<section class="home" data-page="home">')  # how the home page's markup begins


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


def frame(screen: str = "", prerendered: str = "") -> Markup:
    """``<main id="app">``'s content: ``#view``, the screen (drawn anew at each render), and ``#announce``,
    which stays, so that screen readers hear what it says. ``prerendered``: the language of a screen the
    build drew into index.html, which the page takes over when Python starts (``data-prerendered``)."""
    mark = f' data-prerendered="{esc(prerendered)}"' if prerendered else ""
    return Markup(f'<div id="view"{mark}>{screen}</div>'
            '<p id="announce" class="visually-hidden" role="status" aria-live="polite"></p>')


def render_opening(title: str) -> Markup:
    """What a link opening as the page's first screen shows until its game is drawn (a long game's replay)."""
    return Markup(f'<p class="opening" role="status">{esc(_("Opening {game}…").format(game=title))}</p>')


def render_home(
    games: list[tuple[str, str, str]],
    saves: list[SavedGame | BrokenSave],
    notice: str = "",
    now_ms: float | None = None,
    daily: Markup = EMPTY,
) -> Markup:
    """The home page: the games, the daily challenge (``daily``: the markup of shell/screens/daily.py's
    ``section``) and the saves."""
    out = [HOME_START]
    out.append(
        Markup('<header class="home-head">'
        f'<div class="home-top"><h1>pygames <small class="version">{esc(pygames.__version__)}</small></h1>'
        f"{picker()}</div>"
        f"<p>{esc(_('Mountain board games, played in your browser — offline once loaded.'))}</p></header>")
    )
    if notice:
        out.append(Markup(f'<p class="notice error" role="alert" id="notice">{esc(notice)}</p>'))
    out.append(Markup(f'<h2>{esc(_("Games"))}</h2><ul class="game-list">'))
    for name, title, blurb in games:
        out.append(
            Markup(f'<li class="game-card" data-game-card="{esc(name)}">{preview(name)}'
            f"<h3>{esc(title)}</h3><p>{esc(_(blurb))}</p>"
            f'<span class="card-actions"><a class="button primary" href="#new/{esc(name)}" '
            f'data-new-game="{esc(name)}">{esc(_("New game"))}</a> '
            f'<a class="button" href="#rules/{esc(name)}" data-rules="{esc(name)}">{esc(_("How to play"))}</a>'
            "</span></li>")
        )
    out.append(Markup("</ul>"))
    out.append(daily)
    out.append(Markup(f"<h2>{esc(_('Saved games'))}</h2>"))
    if not saves:
        words = _("No saved game yet: games save themselves after every move.")
        out.append(Markup(f'<p class="muted">{esc(words)}</p>'))
    else:
        out.append(Markup('<ul class="save-list">'))
        for entry in saves:
            if isinstance(entry, BrokenSave):
                out.append(
                    Markup(f'<li class="save broken" data-save="{esc(entry.id)}"><span>'
                    f"{esc(_('This saved game cannot be opened: {reason}.').format(reason=entry.reason))}</span>"
                    f'<button type="button" data-act="delete" data-id="{esc(entry.id)}">{esc(_("Delete"))}</button>'
                    "</li>")
                )
                continue
            state = _("finished") if entry.over else _("move {n}").format(n=entry.moves)
            out.append(
                Markup(f'<li class="save" data-save="{esc(entry.id)}">'
                f'<span class="save-title" title="{esc(entry.title)}">{esc(short(entry.title, 140))}</span>'
                f'<span class="save-status">{esc(short(entry.status, 140))} '
                f"· {esc(state)} · {esc(_when(entry.updated, now_ms))}</span>"
                f'<span class="save-actions"><a class="button primary" href="#play/{esc(entry.id)}">'
                f"{esc(_('View') if entry.over else _('Resume'))}</a>"
                f'<button type="button" data-act="delete" '
                f'data-id="{esc(entry.id)}">{esc(_("Delete"))}</button></span></li>')
            )
        out.append(Markup("</ul>"))
    out.append(Markup("</section>"))
    return join(out)

"""K2's board column: the mountain (its spaces, ropes, tents and climbers, the spaces the selected climber can
reach), its zoom, and beside it the day track, the risk tokens and the expeditions (panels.py).

Pure functions of the viewing seat's state and the ``Marks`` the controller (view.py) builds once per
drawing (marks.py): they import neither the controller nor the session.
"""

from __future__ import annotations

from shell.contract import svg
from shell.contract.markup import Markup, esc, join, part

from pygames.core.i18n import _
from pygames.k2.actions import CLIMBERS, Move, Rescue
from pygames.k2.game import ACT, K2, RESCUE

from . import draw, panels, words
from .marks import Marks

ZOOMS = (1.0, 1.6, 2.4)


def board(state: K2, marks: Marks, seat: int | None) -> Markup:
    """The mountain (zoomable), the day track, the risk tokens, the expeditions."""
    zoom = ZOOMS[marks.zoom]
    buttons = (
        f'<div class="k2-zoom" role="group" aria-label="{esc(_("Zoom"))}">'
        f'<button type="button" data-act="zoom" data-zoom="out" id="k2-zoom-out" '
        f'aria-label="{esc(_("Zoom out"))}"{" disabled" if marks.zoom == 0 else ""}>−</button>'
        f'<button type="button" data-act="zoom" data-zoom="in" id="k2-zoom-in" '
        f'aria-label="{esc(_("Zoom in"))}"{" disabled" if marks.zoom == len(ZOOMS) - 1 else ""}>+</button>'
        f'<span class="k2-zoom-level">{round(zoom * 100)} %</span>'
        f'<span class="k2-key"><b>2</b> {esc(_("entry cost"))} · {esc(_("big number: VP"))} · ▲ {esc(_("uphill"))}'
        "</span></div>"
    )
    style = f' style="width:{round(zoom * 100)}%"' if marks.zoom else ""
    show = svg.attrs({"data-k2-show": marks.show})
    board = part(Markup(
        f'<div class="panel k2-board-panel" id="k2-board-panel">{buttons}'
        f'<div class="k2-scroll" id="k2-scroll" data-keep-scroll="{marks.zoom}" data-zoom="{marks.zoom}"{show}>'
        f'<div class="k2-zoomed"{style}>{mountain(state, marks, seat)}</div></div></div>'))
    return Markup(
        f'<div class="k2-main">{board}'
        f'<div class="k2-info" data-later>{part(panels.days(state))}{part(panels.risk(state, marks))}'
        f"{part(panels.teams(state, seat, marks))}</div></div>"
    )


def mountain(state: K2, marks: Marks, seat: int | None) -> Markup:
    """The mountain as ``seat`` sees it: the spaces (buttons where the acting seat may go), ropes, tents
    and climbers."""
    side = state.side
    me = marks.acting if seat is not None else None
    mine = me is not None and me == seat
    act = mine and state.phase in (ACT, RESCUE)
    targets = dict(marks.targets) if mine else {}
    rescue = marks.rescue if mine and state.phase == RESCUE else frozenset()
    selected = marks.selected if mine else None
    today = state.today()
    # in layers (zones, ropes, spaces…): the weather's hatching shown or hidden does not shift the
    # elements after it, so the screen's patch (shell/page.mjs) changes only what changed
    # (each layer a part of the screen: sent again only when it changes)
    parts = [part(Markup(f'<g class="k2-zones" id="k2-zones">{draw.zone_layer(side, today)}</g>')),
             part(Markup(f'<g class="k2-ropes" id="k2-ropes">{draw.ropes(side)}</g>'))]
    spaces = []
    last = last_space(state)
    badges = []
    occupants: dict[str, list[tuple[int, str]]] = {}
    for s in range(state.players):
        for c in CLIMBERS:
            cl = state.climbers[s][c]
            if cl["alive"]:
                occupants.setdefault(cl["space"], []).append((s, c))
    for sid, sp in state.spaces.items():
        cost = state.entry_cost(sid)
        charge = today.surcharge_in(sp.zone)
        cap = state.cap(sid)
        here = occupants.get(sid, [])
        classes = []
        extra: dict[str, object | None] = {}
        label = panels.space_label(state, sid, len(here))
        target = targets.get(sid)
        if target is not None or sid in rescue:
            classes.append("target")
            extra["data-target"] = "1"
            if target is not None:
                label += ", " + _("reachable for {climber}: costs {n}, VP {vp}").format(
                    climber=selected, n=target.cost, vp=target.vp)
            else:
                label += ", " + _("the rescued climber can go here")
            hinted = marks.hinted
            if (isinstance(hinted, Move) and hinted.climber == selected and hinted.path[-1] == sid) or (
                    isinstance(hinted, Rescue) and hinted.space == sid):
                classes.append("hinted")
                label += _(", the hint’s move")
        if sid == last:
            classes.append("last")
        if act:
            extra.update({"data-act": "space", "role": "button",
                          "tabindex": "0" if (target is not None or sid in rescue) else "-1"})
        else:
            extra["role"] = "img"
        extra["aria-label"] = label
        extra["id"] = f"k2-sp-{sid}"  # each space a part: a move sends again only the spaces it changed
        spaces.append(part(draw.space_disc(side, sp, " ".join(classes), extra, cap)))
        badges.append(draw.space_badges(side, sp, cost, charge))
    parts.append(part(Markup(f'<g class="k2-spaces" id="k2-spaces">{"".join(spaces)}</g>')))
    parts.append(part(Markup(f'<g class="k2-badges" id="k2-badges" aria-hidden="true">{"".join(badges)}</g>')))
    parts.append(part(draw.space_ids(side)))
    parts.append(_tents(state, marks))
    for sid, here in occupants.items():  # (each space's climbers a part: a move sends again the two it changed)
        climbers = _climbers(state, marks, sid, here, selected if mine else None, me)
        parts.append(part(Markup(f'<g class="k2-at" id="k2-at-{sid}">{climbers}</g>')))
    for sid, target in sorted(targets.items()):
        parts.append(draw.target_badge(side, sid, f"−{target.cost}"))
    label = _("The mountain, side {side}: {n} spaces from base camp {base} to the summit {summit}").format(
        side=side, n=len(state.spaces), base=state.base, summit=state.summit)
    # the spaces the climber can reach: one Tab stop, the arrow keys between them
    return svg.svg(draw.VIEW_BOX, join(parts), f"k2-board side-{side}", label, group="spaces")


def _tents(state: K2, marks: Marks) -> Markup:
    by_space: dict[str, list[tuple[int, str]]] = {}
    for s in range(state.players):
        for c in CLIMBERS:
            where = state.climbers[s][c]["tent"]
            if where is not None:
                by_space.setdefault(where, []).append((s, c))
    out = []
    for sid, tents in by_space.items():
        x, y = draw.xy(state.side, sid)
        base = sid == state.base
        for k, (s, c) in enumerate(tents):
            dx = (k - (len(tents) - 1) / 2) * 19
            ty = y - 48 if base else y - draw.R - 9
            words = _("tent of {name} ({climber}) on {space}").format(
                name=marks.short_names[s], climber=c, space=sid)
            out.append(draw.tent(s, x + dx, ty, words))
    return join(out)


def _climbers(state: K2, marks: Marks, sid: str, here: list[tuple[int, str]], selected: str | None,
              me: int | None) -> Markup:
    x, y = draw.xy(state.side, sid)
    base = sid == state.base
    spots = draw.base_slots(len(here)) if base else draw.slots(max(len(here), state.cap(sid) or 0))
    dying = set(map(tuple, state.dying)) if state.phase == RESCUE else set()
    out = []
    for k, (s, c) in enumerate(here):
        dx, dy = spots[k] if k < len(spots) else (0, 0)
        classes = []
        if me is not None and s == me and c == selected:
            classes.append("selected")
        if state.phase == ACT and s == state.current:
            classes.append("acting")
        if (s, c) in dying:
            classes.append("dying")
        cl = state.climbers[s][c]
        label = _("{name}’s climber {climber} ({shape}): level {level}, {vp} VP").format(
            name=marks.short_names[s], climber=c, shape=_(draw.CLIMBER_SHAPES[c]), level=cl["level"],
            vp=cl["vp"])
        extra = {"role": "img", "aria-label": label, "data-climber": f"{s}{c}", "data-at": sid}
        out.append(draw.climber(s, c, x + dx, y + dy, " ".join(classes), extra=extra))
    return join(out)


def last_space(state: K2) -> str | None:
    """Where the last move put a climber or a tent (a ring on it)."""
    if not state.history:
        return None
    action = words.parse(state, state.history[-1])
    if isinstance(action, Move):
        return action.path[-1]
    if isinstance(action, Rescue) and action.space:
        return action.space
    return None

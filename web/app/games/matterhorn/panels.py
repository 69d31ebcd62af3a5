"""Matterhorn's board and panels for the page: the mountain with its climbers, tokens and the circles
a click can use, the dice tray (the roll, the dice set aside, the value and the buttons), the rope
teams and the result's breakdown. Pure functions of the state on screen and a ``Marks``, the frozen value
of what they show beyond the state (what the player has chosen, the engine's answers to it, the seats'
names), which the controller (view.py) builds once per drawing: they import neither the controller nor
the session. draw.py has the pictures, words.py the sentences.
"""

from __future__ import annotations

from dataclasses import dataclass

from shell.contract import svg
from shell.contract.markup import EMPTY, Markup, esc, fill, join

from pygames.core.game import Result
from pygames.core.i18n import _, ngettext
from pygames.matterhorn.actions import spot_text
from pygames.matterhorn.data import CIRCLES, ROW_CIRCLES, ROWS, SUMMIT, TOKENS, Pos
from pygames.matterhorn.dice import flop_probability
from pygames.matterhorn.game import ACT, BONUS, CONSOLE, DECIDE, OVER, PLACE, RESTOCK, SETUP, Matterhorn

from . import draw
from .words import dice_text

Spot = Pos | str


@dataclass(frozen=True, slots=True)
class Marks:
    """What Matterhorn's drawing shows beyond the state: who may act here, what they chose, what the engine
    allows for it, the seats' names."""

    mover: int | None  # the human who may act now at this device (None: nobody)
    to_move: int | None  # the first seat to act (a bot's too)
    thinking: int | None  # the bot that is thinking
    names: tuple[str, ...]  # each seat in full ("Red (you)")
    short_names: tuple[str, ...]  # each seat in a sentence ("Red")
    touch: bool = False  # the player points with a finger
    pick: Pos | None = None  # the first circle chosen for the climbers (setup)
    selected: Pos | None = None  # the climber chosen to climb or push
    toggled: tuple[int, ...] = ()  # the roll's dice chosen to set aside
    targets: frozenset[Spot] = frozenset()  # where a click plays or selects something (highlighted)
    clickable: frozenset[Spot] = frozenset()  # where a click does something
    reach: frozenset[int] = frozenset()  # the rows some set-aside of this roll reaches (placing)
    value: int | None = None  # the value of the dice left while a human places (else None)
    value_reason: str = ""  # why that value places no token (the engine's words), or ""
    last: frozenset[Spot] = frozenset()  # where the last move put something
    fresh: bool = False  # the roll drawn is new: its dice roll in once
    hinted: frozenset[Spot] = frozenset()  # where the hint's move goes (the shell's *Hint*): marked as the hint's
    hinted_act: str = ""  # the hint's button (roll, stop, end, decline), marked as the hint's


def mountain(game: Matterhorn, marks: Marks) -> Markup:
    human = marks.mover
    targets = marks.targets
    clickable = marks.clickable
    reach = marks.reach
    chosen = marks.value
    last = marks.last
    # in layers (the rows' bands, their labels, the circles): a band shown or hidden does not shift the
    # elements after it, so the screen's patch (shell/page.mjs) changes only what changed
    bands, labels, circles = [], [], []
    for row in ROWS:
        classes = []
        if row in reach:
            classes.append("reach")
        if row == chosen and row in reach:
            classes.append("chosen")
        if row in game.rows_used and game.phase != OVER:
            classes.append("used")
        if classes:
            x0, y = draw.xy(ROW_CIRCLES[row][0])
            x1, _y = draw.xy(ROW_CIRCLES[row][-1])
            bands.append(
                f'<rect class="row-band {" ".join(classes)}" x="{svg.num(x0 - 0.55)}" y="{svg.num(y - 0.53)}" '
                f'width="{svg.num(x1 - x0 + 1.1)}" height="1.06" rx="0.53"/>'
            )
        labels.append(draw.row_label(row, " ".join(classes)))
    for spot in CIRCLES:
        circles.append(_circle(game, marks, spot, spot in targets, spot in clickable, spot in last, human))
    parts = [draw.mountain_outline(), Markup(f'<g class="mh-bands">{"".join(bands)}</g>'), join(labels),
             Markup(f'<g class="mh-circles">{"".join(circles)}</g>'),
             _summit(game, SUMMIT in targets, SUMMIT in marks.hinted)]
    n = sum(1 for c in CIRCLES if c not in game.board)
    label = _("The Matterhorn: rows 12 (bottom) to 5, then the summit; {n} free circles").format(n=n)
    # the circles that can be chosen: one Tab stop, the arrow keys between them
    return svg.svg(draw.view_box(), join(parts), "mh-board", label, group="circles")


def _circle(game: Matterhorn, marks: Marks, spot: Pos, target: bool, clickable: bool, last: bool,
            human: int | None) -> Markup:
    piece = game.board.get(spot)
    x, y = draw.xy(spot)
    where = draw.spot_label(spot)
    classes = []
    extra: dict[str, object | None] = {"data-spot": spot_text(spot)}
    if last:
        classes.append("last")
    if target:
        classes.append("target")
        extra.update({"data-target": "1"})
    elif clickable:
        classes.append("reachable")
    if spot == marks.selected or spot == marks.pick:
        classes.append("selected")
    hinted = spot in marks.hinted
    if hinted:
        classes.append("hinted")
    extra["role"] = "img"  # labelled for screen readers; a button where a click does something
    if human is not None and game.phase != OVER:
        extra.update({"data-act": "circle", "role": "button"})
        if target or spot == marks.selected or spot == marks.pick:
            extra["tabindex"] = "0"
    if isinstance(piece, int):
        extra["data-piece"] = f"c{piece}"
        label = _("climber ({colour}) on {where}").format(colour=draw.seat_colour(piece), where=where)
        if spot == marks.selected:
            label += _(", selected")
        elif target:
            label += _(", can move")
        extra["aria-label"] = label + (_(", the hint’s move") if hinted else "")
        return draw.climber(piece, x, y, " ".join(classes), extra)
    if isinstance(piece, str):
        extra["data-piece"] = piece
        words = _("action token (this turn) on {where}") if piece == "a" else _("obstacle on {where}")
        extra["aria-label"] = (words.format(where=where) + (_(", can be cleared") if target else "")
                               + (_(", the hint’s move") if hinted else ""))
        return draw.token(piece, x, y, " ".join(classes), extra)
    extra["aria-label"] = _("free circle, {where}").format(where=where) + (
        _(", you can choose it") if target else "")
    if spot == marks.pick:
        extra["aria-label"] += _(", chosen for a climber")
    if hinted:
        extra["aria-label"] += _(", the hint’s move")
    return draw.hole(x, y, " ".join(classes), extra)


def _summit(game: Matterhorn, target: bool, hinted: bool = False) -> Markup:
    x, y = draw.xy(SUMMIT)
    parts = [draw.summit_flag(x, y)]
    up = [s for s in range(game.players) for c in game.climbers[s] if c == SUMMIT]
    for k, seat in enumerate(up):
        dx = (k - (len(up) - 1) / 2) * (2 * draw.R + 0.1)  # side by side, never overlapping
        parts.append(draw.climber(seat, x + dx, y - 1.0, "on-summit",
                                  {"role": "img", "aria-label": _("climber ({colour}) on the summit").format(
                                      colour=draw.seat_colour(seat))}))
    extra: dict[str, object | None] = {"data-spot": SUMMIT, "role": "img", "aria-label": _("the summit")}
    classes = "summit" + (" hinted" if hinted else "")
    if target:
        classes += " target"
        extra.update({"data-act": "circle", "role": "button", "tabindex": "0", "data-target": "1",
                      "aria-label": _("the summit, you can climb there") + (_(", the hint’s move") if hinted else "")})
    ring = f'<circle class="hole" r="{svg.num(draw.R + 0.1)}"/>'
    return Markup("".join(parts) + (
        f'<g class="{classes}" transform="translate({svg.num(x)} {svg.num(y)})"{svg.attrs(extra)}>{ring}</g>'
    ))


def dice_tray(game: Matterhorn, marks: Marks) -> Markup:
    human = marks.mover
    roll = list(game.roll or [])
    fresh = marks.fresh
    out = [Markup(f'<h2 class="tray-title">{esc(_("Dice"))}</h2>')]
    placing = game.phase == PLACE and human is not None
    if roll:
        picked = set(marks.toggled) if placing else set()
        left = [v for i, v in enumerate(roll) if i not in picked]
        dice = []
        for i, value in enumerate(roll):
            if game.phase == PLACE:
                state = "aside" if i in picked else ("counts" if left.count(value) == 1 else "ignored")
            else:
                state = "past"
            words = {"aside": _("set aside"), "counts": _("counts"), "ignored": _("ignored (a pair)"),
                     "past": ""}[state]
            classes = f"die {state}" + (" fresh" if fresh else "")
            face = draw.die(value, classes, 2.2)
            if placing:
                pressed = "true" if i in picked else "false"
                dice.append(
                    f'<button type="button" class="die-button {state}" data-act="die" data-index="{i}" '
                    f'aria-pressed="{pressed}" '
                    f'aria-label="{esc(_("die {n}: {value}, {state}").format(n=i + 1, value=value, state=words))}" '
                    f'id="die-{i}">'
                    f'{face}<span class="die-note">{esc(words)}</span></button>'
                )
            else:
                label = esc(_("die showing {value}").format(value=value))
                dice.append(f'<span class="die-static {state}" role="img" aria-label="{label}">'
                            f'{face}</span>')
        caption = _("Rolled") if game.phase in (PLACE, CONSOLE) else _("Last roll")
        out.append(Markup(f'<div class="dice-row"><span class="dice-caption">{esc(caption)}</span>'
                          f'{"".join(dice)}</div>'))
    if game.aside:
        small = "".join(draw.die(v, "die set", 1.4) for v in sorted(game.aside, reverse=True))
        out.append(Markup(f'<p class="aside-row"><span class="dice-caption">{esc(_("Set aside this turn"))}</span>'
                          f'{small}<span class="visually-hidden">{dice_text(sorted(game.aside, reverse=True))}'
                          "</span></p>"))
    out.append(_tray_text(game, marks, placing))
    out.append(_buttons(game, marks, human))
    return join(out)


def _tray_text(game: Matterhorn, marks: Marks, placing: bool) -> Markup:
    phase = game.phase
    if placing:
        value = marks.value
        reason = marks.value_reason
        rows = sorted(marks.reach, reverse=True)
        reach = esc(_("Rows you can reach: {rows}.").format(rows=", ".join(map(str, rows))))
        if reason:
            line = _("Value {value}: {reason}").format(value=value, reason=reason)
            what = (_("Set dice aside, or tap a circle on a highlighted row.") if marks.touch
                    else _("Set dice aside, or click a circle on a highlighted row."))
            return Markup(f'<p class="tray-value bad" id="dice-value" aria-live="polite">{esc(line)}</p>' + (
                f'<p class="tray-note">{reach} {esc(what)}</p>'))
        line = (_("Value {value} → row {value}: tap a free circle on the highlighted row.") if marks.touch
                else _("Value {value} → row {value}: click a free circle on the highlighted row.")).format(value=value)
        return Markup(
            f'<p class="tray-value good" id="dice-value" aria-live="polite">{esc(line)}</p>'
            f'<p class="tray-note">{reach}</p>'
        )
    if phase == DECIDE:
        usable = game.usable_rows()
        chance = round(float(flop_probability(game.in_play, usable)) * 100)
        tokens = len(game.turn_tokens)
        rows = ", ".join(map(str, game.rows_used))
        words = ngettext("{n} token this turn (row {rows}).", "{n} tokens this turn (rows {rows}).", tokens)
        words = words.format(n=tokens, rows=rows) + " " + ngettext(
            "Rolling {n} die: chance of a flop {chance} %.", "Rolling {n} dice: chance of a flop {chance} %.",
            game.in_play).format(n=game.in_play, chance=chance)
        if not game.pool:
            words += " " + _("The pool is empty: you must stop.")
        return Markup(f'<p class="tray-note">{esc(words)}</p>')
    if phase == ACT:
        words = ngettext("Stopped: {n} action left (climb, push or clear).",
                         "Stopped: {n} actions left (climb, push or clear).", game.actions_left)
        return Markup(f'<p class="tray-note">{esc(words.format(n=game.actions_left))}</p>')
    if phase == BONUS:
        words = _("Bonus action: climb one of your climbers, push a rival’s, clear an obstacle — or decline.")
        return Markup(f'<p class="tray-note">{esc(words)}</p>')
    if phase == CONSOLE:
        words = _("Flop! No set-aside of these dice gives a row you can use. This turn’s tokens are obstacles now.")
        return Markup(f'<p class="tray-value bad">{esc(words)}</p>')
    if phase == RESTOCK:
        return Markup(f'<p class="tray-note">{esc(_("The pool is empty: return one obstacle to it, then roll."))}</p>')
    if phase == SETUP:
        order = ", ".join(marks.short_names[s] for s in game.order)
        rolls = "; ".join(
            " ".join(f"{marks.short_names[s]} {v}" for s, v in enumerate(r) if v is not None)
            for r in game.rolloff
        )
        words = _("Roll-off: {rolls}. Climbers are placed in the order {order}; the last to place starts.")
        return Markup(f'<p class="tray-note">{esc(words.format(rolls=rolls, order=order))}</p>')
    return EMPTY


def _buttons(game: Matterhorn, marks: Marks, human: int | None) -> Markup:
    if human is None:
        return EMPTY
    phase = game.phase
    out = []

    def hint(act: str, other: str = "") -> str:  # the button's classes: marked as the hint's, if it is
        classes = " ".join(c for c in (other, "hinted" if marks.hinted_act == act else "") if c)
        return f' class="{classes}"' if classes else ""

    if phase == DECIDE:
        roll_off = "" if game.pool else " disabled"
        dice = ngettext("{n} die", "{n} dice", game.in_play).format(n=game.in_play)
        out.append(f'<button type="button"{hint("roll", "primary")} data-act="roll" id="btn-roll"{roll_off}>'
                   f"{esc(_('Roll again'))} <small>({esc(dice)})</small></button>")
        k = len(game.turn_tokens)
        actions = ngettext("{n} action", "{n} actions", k).format(n=k)
        out.append(f'<button type="button"{hint("stop")} data-act="stop" id="btn-stop">{esc(_("Stop"))} '
                   f"<small>({esc(actions)})</small></button>")
    elif phase == ACT:
        out.append(f'<button type="button"{hint("end")} data-act="end" id="btn-end">{esc(_("End turn"))}'
                   "</button>")
    elif phase == BONUS:
        out.append(f'<button type="button"{hint("decline")} data-act="decline" id="btn-decline">'
                   f'{esc(_("Decline the bonus"))}</button>')
    elif phase == CONSOLE:
        out.append(f'<button type="button"{hint("decline")} data-act="decline" id="btn-decline">'
                   f'{esc(_("No consolation obstacle"))}</button>')
    if marks.selected is not None or marks.pick is not None or marks.toggled:
        out.append(f'<button type="button" data-act="deselect" id="btn-deselect">{esc(_("Clear choice"))}</button>')
    return Markup(f'<div class="button-row tray-buttons">{"".join(out)}</div>' if out else "")


def teams(game: Matterhorn, marks: Marks) -> Markup:
    rows = []
    for seat in range(game.players):
        # (rows as the board numbers them; the colours show which circle)
        where = ", ".join(_("summit") if c == SUMMIT else _("row {row}").format(row=c[0])
                          for c in game.climbers[seat]) or _("not placed")
        up = sum(1 for c in game.climbers[seat] if c == SUMMIT)
        classes = "team" + (" to-move" if marks.to_move == seat else "")
        if game.winner == seat:
            classes += " winner"
        badge = ""
        if marks.to_move == seat:
            doing = _("thinking…") if marks.thinking == seat else _("to play")
            badge = f'<span class="badge turn">{esc(doing)}</span>'
        if game.winner == seat:
            badge = f'<span class="badge win">{esc(_("winner"))}</span>'
        words = _("climbers: {where} · summit {up}/2").format(where=where, up=up)
        rows.append(
            f'<li class="{classes}" data-team="{seat}">{draw.seat_icon(seat)}'
            f'<span class="team-name">{esc(marks.names[seat])}</span> {badge}'
            f'<span class="team-where">{esc(words)}</span></li>'
        )
    pool = fill(esc(_("Tokens in the pool: {n} of {total}")),
                n=Markup(f'<strong id="pool-count">{game.pool}</strong>'), total=TOKENS)
    return Markup(f'<ul class="teams">{"".join(rows)}</ul><p class="pool">{pool}</p>')


def result_details(game: Matterhorn, marks: Marks, result: Result) -> Markup:
    items = []
    for s in range(game.players):
        up = sum(1 for c in game.climbers[s] if c == SUMMIT)
        line = _("{name}: {up}/2 on the summit").format(name=marks.names[s], up=up)
        items.append(Markup(f"<li>{draw.seat_icon(s)} {esc(line)}</li>"))
    return Markup(f'<ul class="teams-result">{join(items)}</ul>')

"""Matterhorn in the page: the mountain, the dice you set aside, the climbers you move.

Pure Python, no browser. The view keeps what the player is doing (the first setup circle, the dice
toggled to set aside, the selected climber) and turns clicks into engine actions; every rule
question goes to the engine (``legal_actions``, ``placements``, ``check``, ``usable_rows``), and a
refused action comes back with the engine's reason. draw.py has the pictures.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from shell import svg
from shell.svg import esc
from shell.view import CHANGED, NOTHING, GameView

from pygames.core.errors import RuleError
from pygames.core.game import Action, Game
from pygames.core.i18n import N_, _, ngettext
from pygames.matterhorn.actions import (
    Bonus,
    Clear,
    Console,
    Deed,
    End,
    Move,
    Place,
    Restock,
    Roll,
    Setup,
    Stop,
    spot_text,
)
from pygames.matterhorn.data import BOTTOM_ROW, CIRCLES, ROW_CIRCLES, ROWS, SUMMIT, TOKENS, Pos
from pygames.matterhorn.dice import flop_probability
from pygames.matterhorn.game import ACT, BONUS, CONSOLE, DECIDE, OVER, PLACE, RESTOCK, SETUP, Matterhorn

from . import draw

HOW_TO_TITLE = N_("How to play Matterhorn")
HOW_TO = N_(
    "Roll the five dice. Only dice showing a value nobody else shows count: 5 5 6 1 1 is worth 6. "
    "Set dice aside to make a row number from 5 to 12, and put an action token on a free circle of that "
    "row (one token per row a turn). A token on a row where a climber stands earns a bonus action at once. "
    "Then roll again (with the dice left) or stop. A roll you cannot use is a flop: your tokens of the turn "
    "become obstacles. When you stop, each token is one action: climb one of your climbers one circle (up, "
    "down or sideways, or from row 5 to the summit), push a rival’s climber sideways or up, or clear an "
    "obstacle. First with both climbers on the summit wins."
)


def _values(values: list[int] | tuple[int, ...]) -> str:
    return " ".join(str(v) for v in values)


def _and(values: list[int] | tuple[int, ...]) -> str:
    words = [str(v) for v in values]
    if len(words) == 1:
        return words[0]
    return _("{list} and {last}").format(list=", ".join(words[:-1]), last=words[-1])


def deed_of(action: Action) -> Deed | None:
    """The climb, push or clear inside a stop-phase action or a bonus."""
    if isinstance(action, Bonus):
        return action.deed
    return action if isinstance(action, Move | Clear) else None


class View(GameView[Matterhorn]):
    """One Matterhorn game on screen."""

    ranked = False  # MH-R27: the first team up wins; the others are not ranked
    option_labels = {"hard": N_("Hard summit")}
    option_help = {"hard": N_("reaching the summit costs 2 actions, never a bonus")}

    def __init__(self, play) -> None:
        super().__init__(play)
        self.pick: Pos | None = None  # the first circle chosen for the climbers (setup)
        self.toggled: list[int] = []  # indices of the roll's dice chosen to set aside (placing)
        self.selected: Pos | None = None  # the climber chosen to climb or push (bonus, stop phase)
        self.rolled_at = -1  # moves count when the dice were last drawn (animate a new roll once)

    # -- who is who, words of the frame --------------------------------------------------------

    def seat_colour(self, seat: int) -> str:
        return draw.seat_colour(seat)

    def seat_icon(self, seat: int) -> str:
        return draw.seat_icon(seat)

    def subtitle(self) -> str:
        words = _("{n} players").format(n=self.game.players)
        return words + (" · " + _("hard summit") if self.game.hard else "")

    def status(self, seat: int, name: str) -> str:
        game = self.game
        words = {
            SETUP: _("{name}: place your two climbers on row 12"),
            PLACE: _("{name}: set dice aside and place a token"),
            BONUS: _("{name}: bonus action!"),
            DECIDE: _("{name}: roll again or stop?"),
            ACT: ngettext("{name}: {n} action left", "{name}: {n} actions left", game.actions_left),
            CONSOLE: _("Flop! {name}: place a consolation obstacle or decline"),
            RESTOCK: _("{name}: the pool is empty — return an obstacle first"),
        }.get(game.phase, _("{name}: your turn"))
        return words.format(name=name, n=game.actions_left)

    def reset(self) -> None:
        self.pick = None
        self.toggled = []
        self.selected = None

    def root_attrs(self) -> dict[str, Any]:
        game = self.game
        return {
            "data-roll": ",".join(map(str, game.roll)) if game.roll else None,
            "data-aside-picked": ",".join(map(str, sorted(self.toggled))) if self.toggled else None,
            "data-selected": spot_text(self.selected) if self.selected is not None else None,
        }

    def focus_after_render(self) -> tuple[str, ...]:
        return ('.mh-board [data-target="1"]', ".mh-board [role=button]", ".dice-tray button", "#turn-status")

    def how_to(self) -> str:
        return f'<details class="howto"><summary>{_(HOW_TO_TITLE)}</summary><p>{_(HOW_TO)}</p></details>'

    # -- what the engine allows now ------------------------------------------------------------

    def chosen_aside(self) -> tuple[int, ...]:
        roll = self.game.roll or []
        return tuple(sorted((roll[i] for i in self.toggled if i < len(roll)), reverse=True))

    def chosen_value(self) -> int:
        return self.game.value_left(self.chosen_aside())

    def reachable_rows(self) -> set[int]:
        """MH-R16: the rows some set-aside of this roll can reach (from the engine's placements)."""
        return {value for _aside, value in self.game.placements()} if self.game.phase == PLACE else set()

    def value_reason(self, value: int) -> str:
        """Why the chosen dice cannot place a token ("" when they can): the engine's words."""
        game = self.game
        if value in self.reachable_rows():
            return ""
        circle = ROW_CIRCLES[value][0] if value in ROWS else (BOTTOM_ROW, 0)
        try:
            game.check(Place(self.chosen_aside(), circle))
        except RuleError as error:
            return error.words
        return ""  # pragma: no cover (a usable value is reachable)

    def deeds(self) -> list[Deed]:
        return [d for d in (deed_of(a) for a in self.legal()) if d is not None]

    def targets(self) -> set[Pos | str]:
        """Where a click plays or selects something now, highlighted and reachable by keyboard: while
        placing, the free circles of the row the chosen dice reach (or of every reachable row)."""
        spots = self.clickable()
        if self.game.phase == PLACE:
            row = self.chosen_value()
            chosen = {c for c in spots if c[0] == row}
            return chosen or spots
        return spots

    def clickable(self) -> set[Pos | str]:
        """Where a click does something now (from the engine's legal actions)."""
        game = self.game
        if self.play.human_mover() is None:
            return set()
        phase = game.phase
        legal = self.legal()
        if phase == SETUP:
            return set(game.setup_circles())
        if phase == PLACE:
            return {a.circle for a in legal if isinstance(a, Place)}
        if phase in (BONUS, ACT):
            deeds = self.deeds()
            if self.selected is not None:
                return {d.dst for d in deeds if isinstance(d, Move) and d.src == self.selected}
            return {d.src for d in deeds if isinstance(d, Move)} | {d.circle for d in deeds if isinstance(d, Clear)}
        if phase == CONSOLE:
            return {a.circle for a in legal if isinstance(a, Console) and a.circle is not None}
        if phase == RESTOCK:
            return {a.circle for a in legal if isinstance(a, Restock)}
        return set()

    # -- input ---------------------------------------------------------------------------------

    def handle(self, act: str, data: dict[str, str]) -> Action | str:
        game = self.game
        phase = game.phase
        if act == "key":
            return self._key(data.get("key", ""))
        if act == "deselect":
            self.reset()
            return CHANGED
        if act == "die" and phase == PLACE:
            index = int(data.get("index", "-1"))
            if 0 <= index < len(game.roll or []):
                if index in self.toggled:
                    self.toggled.remove(index)
                else:
                    self.toggled.append(index)
            return CHANGED
        if act == "roll":
            return Roll()
        if act == "stop":
            return Stop()
        if act == "end":
            return End()
        if act == "decline":
            return Bonus(None) if phase == BONUS else Console(None)
        if act == "circle":
            return self._circle(self._spot(data.get("spot", "")))
        return NOTHING

    def _key(self, key: str) -> Action | str:
        phase = self.game.phase
        if key == "Escape" and (self.pick or self.toggled or self.selected):
            self.reset()
            return CHANGED
        if phase == PLACE and key in "12345" and len(key) == 1:
            return self.handle("die", {"index": str(int(key) - 1)})
        lower = key.lower()
        if phase == DECIDE and lower in ("r", "t"):
            return Roll() if lower == "r" else Stop()
        if phase == ACT and lower == "e":
            return End()
        return NOTHING

    @staticmethod
    def _spot(text: str) -> Pos | str:
        if text == SUMMIT:
            return SUMMIT
        n, _dot, i = text.partition(".")
        return int(n), int(i)

    def _circle(self, spot: Pos | str) -> Action | str:
        game = self.game
        phase = game.phase
        seat = self.play.human_mover()
        if spot == SUMMIT and phase not in (BONUS, ACT):
            return NOTHING
        if phase == SETUP:
            return self._setup(spot)  # type: ignore[arg-type]
        if phase == PLACE:
            legal = [a for a in self.legal() if isinstance(a, Place)]
            mine = Place(self.chosen_aside(), spot)  # type: ignore[arg-type]
            if mine in legal:
                return mine
            here = [a for a in legal if a.circle == spot]
            return here[0] if here else mine  # the fewest dice set aside that reach this row
        if phase in (BONUS, ACT):
            return self._deed(spot, seat)
        if phase == CONSOLE:
            return Console(spot)  # type: ignore[arg-type]
        if phase == RESTOCK:
            return Restock(spot)  # type: ignore[arg-type]
        return NOTHING

    def _setup(self, spot: Pos) -> Action | str:
        try:
            self.game.check(Setup((spot, spot)))  # the engine's reason if this circle cannot take a climber
        except RuleError as error:
            return self.play.refuse(error)
        if self.pick is None:
            self.pick = spot
            return CHANGED
        if self.pick == spot:
            self.pick = None
            return CHANGED
        return Setup((min(self.pick, spot), max(self.pick, spot)))

    def _deed(self, spot: Pos | str, seat: int | None) -> Action | str:
        game = self.game
        bonus = game.phase == BONUS
        deeds = self.deeds()
        movable = {d.src for d in deeds if isinstance(d, Move)}
        clearable = {d.circle for d in deeds if isinstance(d, Clear)}

        def wrap(deed: Deed) -> Action:
            return Bonus(deed) if bonus else deed

        if self.selected is not None and spot != self.selected:
            targets = {d.dst for d in deeds if isinstance(d, Move) and d.src == self.selected}
            if spot in targets or spot not in movable:
                kind = "m" if game.board.get(self.selected) == seat else "p"
                return wrap(Move(kind, self.selected, spot))  # the engine says why if it cannot
        if spot in movable:
            self.selected = None if self.selected == spot else spot  # type: ignore[assignment]
            return CHANGED
        if spot in clearable:
            return wrap(Clear(spot))  # type: ignore[arg-type]
        piece = game.board.get(spot) if spot != SUMMIT else None
        if isinstance(piece, int):
            return self.play.notice(_("This climber ({colour}) has no free circle to go to now.").format(
                colour=draw.seat_colour(piece)))
        if piece == "a":
            return self.play.notice(_("Not allowed: this turn’s action tokens cannot be cleared."))
        return self.play.notice(_("Choose a highlighted climber to move, or an obstacle to clear."))

    # -- drawing -------------------------------------------------------------------------------

    def board(self, state: Game, seat: int | None) -> str:
        return f'<div class="panel mh-panel">{self.mountain_svg()}</div>'

    def controls(self, state: Game, seat: int | None) -> str:
        return (
            f'<div class="panel dice-tray" id="dice-tray">{self.dice_tray()}</div>'
            f'<div class="panel mh-teams">{self.teams()}</div>'
        )

    def last_spots(self) -> set[Pos | str]:
        """Where the last move put something (a ring on it)."""
        game = self.game
        if not game.history:
            return set()
        action = game.parse_action(game.history[-1])
        deed = deed_of(action)
        if isinstance(action, Setup):
            return set(action.circles)
        if isinstance(action, Place | Console | Restock) and action.circle is not None:
            return {action.circle}
        if isinstance(deed, Move):
            return {deed.dst}
        return set()

    def mountain_svg(self) -> str:
        game = self.game
        human = self.play.human_mover()
        targets = self.targets()
        clickable = self.clickable()
        reach = self.reachable_rows()
        chosen = self.chosen_value() if game.phase == PLACE and human is not None else None
        last = self.last_spots()
        parts = [draw.mountain_outline()]
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
                parts.append(
                    f'<rect class="row-band {" ".join(classes)}" x="{svg.num(x0 - 0.55)}" y="{svg.num(y - 0.53)}" '
                    f'width="{svg.num(x1 - x0 + 1.1)}" height="1.06" rx="0.53"/>'
                )
            parts.append(draw.row_label(row, " ".join(classes)))
        for spot in CIRCLES:
            parts.append(self._circle_svg(spot, spot in targets, spot in clickable, spot in last, human))
        parts.append(self._summit_svg(SUMMIT in targets))
        n = sum(1 for c in CIRCLES if c not in game.board)
        label = _("The Matterhorn: rows 12 (bottom) to 5, then the summit; {n} free circles").format(n=n)
        return svg.svg(draw.view_box(), "".join(parts), "mh-board", label)

    def _circle_svg(self, spot: Pos, target: bool, clickable: bool, last: bool, human: int | None) -> str:
        game = self.game
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
        if spot == self.selected or spot == self.pick:
            classes.append("selected")
        extra["role"] = "img"  # labelled for screen readers; a button where a click does something
        if human is not None and game.phase != OVER:
            extra.update({"data-act": "circle", "role": "button"})
            if target or spot == self.selected or spot == self.pick:
                extra["tabindex"] = "0"
        if isinstance(piece, int):
            extra["data-piece"] = f"c{piece}"
            label = _("climber ({colour}) on {where}").format(colour=draw.seat_colour(piece), where=where)
            if spot == self.selected:
                label += _(", selected")
            elif target:
                label += _(", can move")
            extra["aria-label"] = label
            return draw.climber(piece, x, y, " ".join(classes), extra)
        if isinstance(piece, str):
            extra["data-piece"] = piece
            words = _("action token (this turn) on {where}") if piece == "a" else _("obstacle on {where}")
            extra["aria-label"] = words.format(where=where) + (_(", can be cleared") if target else "")
            return draw.token(piece, x, y, " ".join(classes), extra)
        extra["aria-label"] = _("free circle, {where}").format(where=where) + (
            _(", you can choose it") if target else "")
        if spot == self.pick:
            extra["aria-label"] += _(", chosen for a climber")
        return draw.hole(x, y, " ".join(classes), extra)

    def _summit_svg(self, target: bool) -> str:
        game = self.game
        x, y = draw.xy(SUMMIT)
        parts = [draw.summit_flag(x, y)]
        up = [s for s in range(game.players) for c in game.climbers[s] if c == SUMMIT]
        for k, seat in enumerate(up):
            dx = (k - (len(up) - 1) / 2) * 0.62
            parts.append(draw.climber(seat, x + dx, y - 1.0, "on-summit",
                                      {"role": "img", "aria-label": _("climber ({colour}) on the summit").format(
                                          colour=draw.seat_colour(seat))}))
        extra: dict[str, object | None] = {"data-spot": SUMMIT, "role": "img", "aria-label": _("the summit")}
        classes = "summit"
        if target:
            classes += " target"
            extra.update({"data-act": "circle", "role": "button", "tabindex": "0", "data-target": "1",
                          "aria-label": _("the summit, you can climb there")})
        ring = f'<circle class="hole" r="{svg.num(draw.R + 0.1)}"/>'
        return "".join(parts) + (
            f'<g class="{classes}" transform="translate({svg.num(x)} {svg.num(y)})"{svg.attrs(extra)}>{ring}</g>'
        )

    def dice_tray(self) -> str:
        game = self.game
        human = self.play.human_mover()
        roll = list(game.roll or [])
        fresh = bool(roll) and self.rolled_at != len(game.history) and self._rolled_now()
        self.rolled_at = len(game.history)
        out = [f'<h2 class="tray-title">{_("Dice")}</h2>']
        placing = game.phase == PLACE and human is not None
        if roll:
            picked = set(self.toggled) if placing else set()
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
                        f'{face}<span class="die-note">{words}</span></button>'
                    )
                else:
                    label = esc(_("die showing {value}").format(value=value))
                    dice.append(f'<span class="die-static {state}" role="img" aria-label="{label}">'
                                f'{face}</span>')
            caption = _("Rolled") if game.phase in (PLACE, CONSOLE) else _("Last roll")
            out.append(f'<div class="dice-row"><span class="dice-caption">{caption}</span>{"".join(dice)}</div>')
        if game.aside:
            small = "".join(draw.die(v, "die set", 1.4) for v in sorted(game.aside, reverse=True))
            out.append(f'<p class="aside-row"><span class="dice-caption">{_("Set aside this turn")}</span>{small}'
                       f'<span class="visually-hidden">{_values(sorted(game.aside, reverse=True))}</span></p>')
        out.append(self._tray_text(placing))
        out.append(self._buttons(human))
        return "".join(out)

    def _rolled_now(self) -> bool:
        snaps = self.play.match.snapshots
        if len(snaps) < 2:
            return False
        before, after = snaps[-2], snaps[-1]
        return getattr(before, "roll", None) != getattr(after, "roll", None) or before.turn != after.turn

    def _tray_text(self, placing: bool) -> str:
        game = self.game
        phase = game.phase
        if placing:
            value = self.chosen_value()
            reason = self.value_reason(value)
            rows = sorted(self.reachable_rows(), reverse=True)
            reach = esc(_("Rows you can reach: {rows}.").format(rows=", ".join(map(str, rows))))
            if reason:
                line = _("Value {value}: {reason}").format(value=value, reason=reason)
                return f'<p class="tray-value bad" id="dice-value" aria-live="polite">{esc(line)}</p>' + (
                    f'<p class="tray-note">{reach} {_("Set dice aside, or click a circle on a highlighted row.")}</p>')
            line = _("Value {value} → row {value}: click a free circle on the highlighted row.").format(value=value)
            return (
                f'<p class="tray-value good" id="dice-value" aria-live="polite">{esc(line)}</p>'
                f'<p class="tray-note">{reach}</p>'
            )
        if phase == DECIDE:
            usable = game.usable_rows()
            chance = round(float(flop_probability(game.in_play, usable)) * 100)
            tokens = len(game.turn_tokens)
            rows = ", ".join(map(str, game.rows_used))
            words = ngettext("{n} token this turn (rows {rows}).", "{n} tokens this turn (rows {rows}).", tokens)
            words = words.format(n=tokens, rows=rows) + " " + ngettext(
                "Rolling {n} die: chance of a flop {chance} %.", "Rolling {n} dice: chance of a flop {chance} %.",
                game.in_play).format(n=game.in_play, chance=chance)
            if not game.pool:
                words += " " + _("The pool is empty: you must stop.")
            return f'<p class="tray-note">{esc(words)}</p>'
        if phase == ACT:
            words = ngettext("Stopped: {n} action left (climb, push or clear).",
                             "Stopped: {n} actions left (climb, push or clear).", game.actions_left)
            return f'<p class="tray-note">{esc(words.format(n=game.actions_left))}</p>'
        if phase == BONUS:
            words = _("Bonus action: climb one of your climbers, push a rival’s, clear an obstacle — or decline.")
            return f'<p class="tray-note">{esc(words)}</p>'
        if phase == CONSOLE:
            words = _("Flop! No set-aside of these dice gives a row you can use. This turn’s tokens are obstacles now.")
            return f'<p class="tray-value bad">{esc(words)}</p>'
        if phase == RESTOCK:
            return f'<p class="tray-note">{esc(_("The pool is empty: return one obstacle to it, then roll."))}</p>'
        if phase == SETUP:
            order = ", ".join(self.play.short_name(s) for s in game.order)
            rolls = "; ".join(
                " ".join(f"{self.play.short_name(s)} {v}" for s, v in enumerate(r) if v is not None)
                for r in game.rolloff
            )
            words = _("Roll-off: {rolls}. Climbers are placed in the order {order}; the last to place starts.")
            return f'<p class="tray-note">{esc(words.format(rolls=rolls, order=order))}</p>'
        return ""

    def _buttons(self, human: int | None) -> str:
        game = self.game
        if human is None:
            return ""
        phase = game.phase
        out = []
        if phase == DECIDE:
            roll_off = "" if game.pool else " disabled"
            dice = ngettext("{n} die", "{n} dice", game.in_play).format(n=game.in_play)
            out.append(f'<button type="button" class="primary" data-act="roll" id="btn-roll"{roll_off}>'
                       f"{_('Roll again')} <small>({dice})</small></button>")
            k = len(game.turn_tokens)
            actions = ngettext("{n} action", "{n} actions", k).format(n=k)
            out.append(f'<button type="button" data-act="stop" id="btn-stop">{_("Stop")} <small>({actions})</small>'
                       "</button>")
        elif phase == ACT:
            out.append(f'<button type="button" data-act="end" id="btn-end">{_("End turn")}</button>')
        elif phase == BONUS:
            out.append(f'<button type="button" data-act="decline" id="btn-decline">{_("Decline the bonus")}</button>')
        elif phase == CONSOLE:
            out.append(f'<button type="button" data-act="decline" id="btn-decline">{_("No consolation obstacle")}'
                       "</button>")
        if self.selected is not None or self.pick is not None or self.toggled:
            out.append(f'<button type="button" data-act="deselect" id="btn-deselect">{_("Clear choice")}</button>')
        return f'<div class="button-row tray-buttons">{"".join(out)}</div>' if out else ""

    def teams(self) -> str:
        game = self.game
        rows = []
        for seat in range(game.players):
            where = ", ".join(_("summit") if c == SUMMIT else spot_text(c) for c in game.climbers[seat]) or _(
                "not placed")
            up = sum(1 for c in game.climbers[seat] if c == SUMMIT)
            classes = "team" + (" to-move" if self.play.mover() == seat else "")
            if game.winner == seat:
                classes += " winner"
            badge = ""
            if self.play.mover() == seat:
                badge = f'<span class="badge turn">{_("thinking…") if self.play.thinking == seat else _("to play")}'
                badge += "</span>"
            if game.winner == seat:
                badge = f'<span class="badge win">{_("winner")}</span>'
            words = _("climbers: {where} · summit {up}/2").format(where=where, up=up)
            rows.append(
                f'<li class="{classes}" data-team="{seat}">{draw.seat_icon(seat)}'
                f'<span class="team-name">{esc(self.play.seat_name(seat))}</span> {badge}'
                f'<span class="team-where">{esc(words)}</span></li>'
            )
        pool = _("Tokens in the pool: {n} of {total}").format(n=f'<strong id="pool-count">{game.pool}</strong>',
                                                                 total=TOKENS)
        return f'<ul class="teams">{"".join(rows)}</ul><p class="pool">{pool}</p>'

    def describe_board(self, state: Game, seat: int | None) -> list[str]:
        game = self.game
        lines = []
        for s in range(game.players):
            spots = [_("the summit") if c == SUMMIT else spot_text(c) for c in game.climbers[s]]
            lines.append(_("{name}: climbers on {spots}.").format(
                name=self.play.seat_name(s), spots=_and(spots) if spots else "—"))  # type: ignore[arg-type]
        for row in ROWS:
            things = []
            for spot in ROW_CIRCLES[row]:
                piece = game.board.get(spot)
                if isinstance(piece, int):
                    things.append(_("{name} at {spot}").format(name=self.play.short_name(piece), spot=spot_text(spot)))
                elif piece == "a":
                    things.append(_("action token at {spot}").format(spot=spot_text(spot)))
                elif piece == "o":
                    things.append(_("obstacle at {spot}").format(spot=spot_text(spot)))
            free = sum(1 for spot in ROW_CIRCLES[row] if spot not in game.board)
            words = ngettext("{n} free circle", "{n} free circles", free).format(n=free)
            lines.append(_("Row {row}: {things}{free}.").format(
                row=row, things=(", ".join(things) + "; ") if things else "", free=words))
        lines.append(_("Tokens in the pool: {n} of {total}").format(n=game.pool, total=TOKENS) + ".")
        if game.roll:
            lines.append(_("Dice: {roll}; set aside this turn: {aside}.").format(
                roll=_values(game.roll), aside=_values(sorted(game.aside, reverse=True)) or "—"))
        return lines

    def hint(self) -> str:
        game = self.game
        if self.play.human_mover() is None or game.is_over():
            return ""
        phase = game.phase
        if phase == SETUP:
            if self.pick is None:
                return _("Click a free circle of row 12 for your first climber.")
            return _("Now click a second free circle of row 12 (or the first again to change it).")
        if phase == PLACE:
            return _("Click dice to set them aside (keys 1–5): only values shown once count. "
                     "Or click a free circle on a highlighted row.")
        if phase in (BONUS, ACT):
            if self.selected is not None:
                return _("Click a highlighted circle to move the selected climber there (or the climber again to "
                         "let go).")
            return _("Click one of your climbers to climb, a rival’s to push, or an obstacle to clear.")
        if phase == DECIDE:
            return _("Roll again (R) to place another token, or stop (T) and use your tokens as actions.")
        if phase == CONSOLE:
            return _("Click a highlighted circle to put an obstacle there (not on this turn’s rows), or decline.")
        if phase == RESTOCK:
            return _("Click an obstacle to return it to the pool.")
        return ""

    # -- words -----------------------------------------------------------------------------------

    def describe(self, before: Game, text: str, after: Game) -> str:
        assert isinstance(before, Matterhorn) and isinstance(after, Matterhorn)
        action = before.parse_action(text)
        words = phrase(before, action, self.play.short_name)
        news = consequences(before, action, after, self.play.short_name)
        return f"{words}{news}"

    def move_label(self, action: Action) -> str:
        return phrase(self.game, action, self.play.short_name)

    def result_summary(self, result: dict[str, Any]) -> str:
        return _("{name} has both climbers on the summit").format(name=self.play.short_name(result["winner"]))

    def result_details(self, result: dict[str, Any]) -> str:
        game = self.game
        items = "".join(
            f"<li>{draw.seat_icon(s)} "
            + esc(_("{name}: {up}/2 on the summit").format(
                name=self.play.seat_name(s), up=sum(1 for c in game.climbers[s] if c == SUMMIT)))
            + "</li>"
            for s in range(game.players)
        )
        return f'<ul class="teams-result">{items}</ul>'


Namer = Callable[[int], str]


def phrase(game: Matterhorn, action: Action, name: Namer = draw.seat_colour) -> str:
    """A move in words, from the state before it (without the mover's name; ``name`` names others)."""
    seat = game.current
    if isinstance(action, Setup):
        a, b = action.circles
        return _("places climbers on {a} and {b}").format(a=spot_text(a), b=spot_text(b))
    if isinstance(action, Place):
        row, circle = action.circle[0], spot_text(action.circle)
        if action.aside:
            return _("sets aside {dice} and places a token on row {row} ({circle})").format(
                dice=_and(action.aside), row=row, circle=circle)
        return _("places a token on row {row} ({circle})").format(row=row, circle=circle)
    if isinstance(action, Bonus):
        if action.deed is None:
            return _("declines the bonus action")
        return _("bonus: {action}").format(action=deed_words(game, seat, action.deed, name))
    if isinstance(action, Move | Clear):
        return deed_words(game, seat, action, name)
    if isinstance(action, Roll):
        return _("rolls again")
    if isinstance(action, Stop):
        k = len(game.turn_tokens)
        return ngettext("stops with {n} action", "stops with {n} actions", k).format(n=k)
    if isinstance(action, End):
        return _("ends the turn")
    if isinstance(action, Console):
        if action.circle is None:
            return _("declines the consolation obstacle")
        return _("puts a consolation obstacle on {circle}").format(circle=spot_text(action.circle))
    if isinstance(action, Restock):
        return _("returns the obstacle at {circle} to the empty pool").format(circle=spot_text(action.circle))
    return str(action)


def deed_words(game: Matterhorn, seat: int, deed: Deed, name: Namer = draw.seat_colour) -> str:
    if isinstance(deed, Clear):
        return _("clears the obstacle at {circle}").format(circle=spot_text(deed.circle))
    src, dst = spot_text(deed.src), spot_text(deed.dst)
    if deed.kind == "m":
        if deed.dst == SUMMIT:
            return _("climbs to the summit from {src}").format(src=src)
        return _("climbs {src} → {dst}").format(src=src, dst=dst)
    owner = game.board.get(deed.src)
    if isinstance(owner, int):
        return _("pushes {name}’s climber {src} → {dst}").format(name=name(owner), src=src, dst=dst)
    return _("pushes a climber {src} → {dst}").format(src=src, dst=dst)


def consequences(before: Matterhorn, action: Action, after: Matterhorn, name: Namer = draw.seat_colour) -> str:
    """What followed by itself: a bonus earned, a roll, a flop, full rows emptied, a win, the next turn."""
    out = []
    if after.phase == OVER:
        return " — " + _("both climbers on the summit: wins!")
    if isinstance(action, Place) and after.phase == BONUS:
        out.append(_("a climber is on that row: bonus action"))
    new_turn = after.turn != before.turn
    if new_turn:
        tokens = before.turn_tokens if not isinstance(action, Console) else []
        if tokens and not isinstance(action, Roll):
            out.append(ngettext("{n} token turns to an obstacle", "{n} tokens turn to obstacles",
                                len(tokens)).format(n=len(tokens)))
        for row, count in _rows_emptied(before, after, action):
            out.append(ngettext("row {row} is full: {n} token back to the pool",
                                "row {row} is full: {n} tokens back to the pool", count).format(row=row, n=count))
    if isinstance(action, Roll | Restock) or (new_turn and after.roll is not None):
        dice = _values(after.roll or [])
        if after.phase == CONSOLE:
            lost = 0 if new_turn else len(before.turn_tokens)
            dice += " — " + _("flop!")
            if lost:
                dice += " " + ngettext("{n} token turns to an obstacle", "{n} tokens turn to obstacles",
                                       lost).format(n=lost)
        if isinstance(action, Roll):
            return f": {dice}"
        if new_turn:
            out.append(_("{name} rolls {dice}").format(name=name(after.current), dice=dice))
        else:
            out.append(_("rolls {dice}").format(dice=dice))
    elif new_turn and after.phase == RESTOCK:
        out.append(_("the pool is empty: {name} returns an obstacle first").format(name=name(after.current)))
    return ("; " + "; ".join(out)) if out else ""


def _rows_emptied(before: Matterhorn, after: Matterhorn, action: Action) -> list[tuple[int, int]]:
    """MH-R23: rows whose tokens went back to the pool at the end of the turn (row, tokens)."""
    gone: dict[int, int] = {}
    own = deed_of(action)
    skip = own.circle if isinstance(own, Clear) else None
    for spot, piece in before.board.items():
        if isinstance(piece, str) and spot not in after.board and spot != skip:
            gone[spot[0]] = gone.get(spot[0], 0) + 1
    return sorted(gone.items(), reverse=True)

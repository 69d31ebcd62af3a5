"""K2 in words: moves as sentences, the night's acclimatization check, the effects of cards and days.

Pure functions of engine states (the states a seat may see: another seat's secret choice reads
``(hidden)``). The numbers come from the engine's states before and after a move; the breakdown of
the night's check names the terms of K2-R32 (space, tent, weather) and shows the engine's result.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pygames.core.errors import RuleError
from pygames.core.game import Action
from pygames.core.i18n import _, ngettext
from pygames.k2.actions import CLIMBERS, Choose, End, Move, Play, Rescue, Risk, Take, Tent, split_seat
from pygames.k2.data import CARDS, Day
from pygames.k2.game import ACT, K2, OVER, RESCUE, risk_value

from . import draw

Namer = Callable[[int], str]


def zones_text(day: Day) -> str:
    return f"Z{day.lo}" if day.lo == day.hi else f"Z{day.lo}–Z{day.hi}"


def day_words(day: Day) -> str:
    """One weather day (K2-R29) in words: "acclimatization −2 in Z2–Z3, +1 per space entered"."""
    if day.loss == 0 and day.surcharge == 0:
        return _("no effect")
    parts = []
    if day.loss:
        parts.append(_("acclimatization −{n}").format(n=day.loss))
    if day.surcharge:
        parts.append(_("+{n} movement per space entered").format(n=day.surcharge))
    return _("{effects} in {zones}").format(effects=", ".join(parts), zones=zones_text(day))


def card_list(cards: tuple[str, ...] | list[str]) -> str:
    return " ".join(cards)


def actor(text: str) -> int:
    seat, _body = split_seat(text)
    return seat if seat is not None else 0


def parse(game: K2, text: str) -> Action | None:
    """The move ``text`` (None for another seat's secret choice)."""
    try:
        return game.parse_action(text)
    except RuleError:
        return None


def play_words(game: K2, action: Play) -> str:
    card = CARDS[action.card]
    cl = game.climbers[action.seat][action.climber]
    value = (card.down if action.direction == "D" else card.up) - action.penalty
    penalty = ""
    if action.penalty:
        penalty = " " + ngettext("(−{n} penalty point)", "(−{n} penalty points)", action.penalty).format(
            n=action.penalty)
    if card.kind == "M":
        what = _("+{n} movement").format(n=value)
    elif card.kind == "R":
        what = (_("+{n} up (rope)") if action.direction == "U" else _("+{n} down (rope)")).format(n=value)
    else:
        what = _("level {old} → {new}").format(old=cl["level"], new=cl["level"] + value)
    return _("gives {card} to {climber}: {what}{penalty}").format(
        card=action.card, climber=action.climber, what=what, penalty=penalty)


def move_cost(before: K2, after: K2, climber: str) -> int:
    return sum(before.pools.get(climber, (0, 0, 0))) - sum(after.pools.get(climber, (0, 0, 0)))


def phrase(before: K2, action: Action, after: K2 | None = None, name: Namer = draw.seat_colour) -> str:
    """A move in words, without the mover's name (the shell puts it first)."""
    if isinstance(action, Choose):
        return _("chooses {cards} (risk {risk})").format(cards=card_list(action.cards), risk=risk_value(action.cards))
    if isinstance(action, Take):
        value = before.risk_faceup[action.slot - 1]
        # (the notation's slot is a place in a row the board does not number: the token's value says it all)
        return _("takes a risk token of {value} ({effect})").format(value=value, effect=draw.token_words(value or 0))
    if isinstance(action, Play):
        return play_words(before, action)
    if isinstance(action, Move):
        src = before.climbers[action.seat][action.climber]["space"]
        path = " → ".join((src, *action.path))
        words = _("moves {climber} {path}").format(climber=action.climber, path=path)
        if after is not None:
            cost = move_cost(before, after, action.climber)
            words += " " + ngettext("({n} point)", "({n} points)", cost).format(n=cost)
            old, new = before.climbers[action.seat][action.climber], after.climbers[action.seat][action.climber]
            if new["vp"] > old["vp"]:
                words += ", " + _("VP {old} → {new}").format(old=old["vp"], new=new["vp"])
            if new["summit"] is not None and old["summit"] != new["summit"]:
                words += ", " + _("on the summit (#{n})").format(n=new["summit"])
        return words
    if isinstance(action, Tent):
        space = before.climbers[action.seat][action.climber]["space"]
        return _("pitches {climber}’s tent on {space}").format(climber=action.climber, space=space)
    if isinstance(action, Risk):
        level = before.climbers[action.seat][action.climber]["level"]
        return ngettext("spends {n} penalty point on {climber}’s level ({old} → {new})",
                        "spends {n} penalty points on {climber}’s level ({old} → {new})", action.points).format(
            n=action.points, climber=action.climber, old=level, new=level - action.points)
    if isinstance(action, End):
        return _("ends the turn")
    if isinstance(action, Rescue):
        if action.space is None:
            return _("keeps the rescue card: {climber} dies").format(climber=action.climber)
        vp = before.climbers[action.seat][action.climber]["vp"]
        new = after.climbers[action.seat][action.climber]["vp"] if after is not None else vp
        return _("rescues {climber} to {space} (level 1, VP {old} → {new})").format(
            climber=action.climber, space=action.space, old=vp, new=new)
    return str(action)


# -- the night: phase 4 -------------------------------------------------------------------------------


@dataclass
class Night:
    """One climber's acclimatization check (K2-R32) and its outcome, as the engine resolved it."""

    seat: int
    climber: str
    space: str
    old: int
    acc: int
    tent: int
    loss: int
    new: int  # the level the engine gave (after a rescue: 1)
    outcome: str  # "lives", "dies", "rescued"
    where: str = ""  # the rescue's space
    vp_old: int = 0
    vp_new: int = 0

    def terms(self) -> str:
        parts = [_("space {n:+d}").format(n=self.acc).replace("-", "−")]
        if self.tent:
            parts.append(_("tent +1"))
        if self.loss:
            parts.append(_("weather −{n}").format(n=self.loss))
        return ", ".join(parts)


def night(pre: K2, post: K2) -> list[Night]:
    """Every climber's check from the state before phase 4 (``pre``, levels as phase 3 left them)
    to the state after it (``post``): the terms of K2-R32 and the engine's outcome."""
    out = []
    today = pre.today()
    for seat in range(pre.players):
        for c in ("A", "B"):
            cl = pre.climbers[seat][c]
            if not cl["alive"]:
                continue
            sp = pre.spaces[cl["space"]]
            shelter = 1 if pre.sheltered(seat, cl["space"]) else 0
            after = post.climbers[seat][c]
            if not after["alive"]:
                outcome, level = "dies", pre.night_level(seat, c)
            elif after["space"] != cl["space"]:
                outcome, level = "rescued", after["level"]
            else:
                outcome, level = "lives", after["level"]
            out.append(Night(seat, c, cl["space"], cl["level"], sp.acc, shelter, today.loss_in(sp.zone), level,
                             outcome, after["space"] or "", cl["vp"], after["vp"]))
    return out


def night_sentence(pre: K2, post: K2, name: Namer) -> str:
    """The night in one sentence for the move log: level changes, deaths and rescues."""
    parts = []
    for entry in night(pre, post):
        who = f"{name(entry.seat)} {entry.climber}"
        if entry.outcome == "dies":
            parts.append(_("{who} dies on {space} (level {level}; VP {old} → 1)").format(
                who=who, space=entry.space, level=entry.new, old=entry.vp_old))
        elif entry.outcome == "rescued":
            parts.append(_("{who} is rescued to {space}").format(who=who, space=entry.where))
        elif entry.new != entry.old:
            parts.append(f"{who} {entry.old}→{entry.new}")
    if post.phase == RESCUE:
        s, c = post.dying[0]
        parts.append(_("{who} is dying: rescue card?").format(who=f"{name(s)} {c}"))
    return _("night of day {day}: {events}").format(day=pre.round, events="; ".join(parts) or _("no change"))


def consequences(before: K2, action: Action, after: K2, name: Namer) -> str:
    """What the engine did by itself after the move: a reveal and who takes a risk token, the
    night (phase 4) and a new day, the end of the game."""
    out = []
    if isinstance(action, Choose) and after.round == before.round and any(after.revealed):
        shown = [f"{name(s)} {card_list(r)} ({risk_value(r)})" for s, r in enumerate(after.revealed) if r]
        out.append(_("cards revealed: {cards}").format(cards=", ".join(shown)))
        if after.phase == "take":
            out.append(_("{name} has the highest risk and takes a token").format(name=name(after.current)))
        elif before.players > 1:
            out.append(_("no risk token this round"))
    if isinstance(action, End | Rescue) and (after.round != before.round or after.phase in (OVER, RESCUE)) and (
            before.phase == ACT or (before.phase == RESCUE and after.phase != RESCUE)):
        if before.phase == ACT:
            out.append(night_sentence(before, after, name))
        if after.phase == OVER:
            out.append(_("the expedition ends"))
        elif after.round != before.round:
            out.append(_("day {day} begins").format(day=after.round))
    elif isinstance(action, End) and after.phase == ACT and after.current != before.current:
        out.append(_("{name} plays next").format(name=name(after.current)))
    return ("; " + "; ".join(out)) if out else ""


def describe_board(state: K2, seat: int | None, name: Namer, selected: str | None,
                   costs: dict[str, int] | None = None) -> list[str]:
    """The position in sentences (what the board, the day track and the panels show); ``costs``: what reaching
    each space costs the ``selected`` climber."""
    season = _("summer") if state.options["weather"] == "SUM" else _("winter")
    out = [_("Day {d} of 18, {season} weather, side {side}. Today: {today}.").format(
        d=state.round, season=season, side=state.side, today=day_words(state.today()))]
    coming = [_("day {d}: {weather}").format(d=d, weather=day_words(state.day(d)))
              for d in state.visible_days() if d != state.round]
    if coming:
        out.append(_("Coming: {days}.").format(days="; ".join(coming)))
    tokens = ", ".join("–" if v is None else str(v) for v in state.risk_faceup)
    out.append(_("Risk tokens face up: {tokens}.").format(tokens=tokens))
    for s in range(state.players):
        parts = []
        for c in CLIMBERS:
            cl = state.climbers[s][c]
            if cl["alive"]:
                parts.append(_("{c} on {space}, level {level}, {vp} VP").format(
                    c=c, space=cl["space"], level=cl["level"], vp=cl["vp"]))
            else:
                parts.append(_("{c} died").format(c=c))
            if cl["tent"]:
                parts[-1] += ", " + _("tent on {space}").format(space=cl["tent"])
        out.append(_("{name}: {score} VP; {climbers}.").format(
            name=name(s), score=state.scores()[s], climbers="; ".join(parts)))
    if seat is not None and state.hands[seat]:
        cards = ", ".join(f"{c} ({draw.card_effect(c)})" for c in state.hands[seat])
        out.append(_("Your hand: {cards}.").format(cards=cards))
    if costs:
        out.append(_("{c} can reach: {spaces}.").format(c=selected, spaces=", ".join(
            _("{space} (costs {n})").format(space=sid, n=n) for sid, n in sorted(costs.items()))))
    return out

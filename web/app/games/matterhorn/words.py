"""Matterhorn in words, in the page's language: a move as a phrase and what followed by itself (the
move log, the legal moves' labels), the board described for players who do not see it, dice and
lists as the page writes them, and how to play in a paragraph.
"""

from __future__ import annotations

from collections.abc import Callable

from pygames.core.game import Action
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
    circle_of,
    spot_text,
)
from pygames.matterhorn.data import ROW_CIRCLES, ROWS, SUMMIT, TOKENS, Pos
from pygames.matterhorn.game import BONUS, CONSOLE, OVER, RESTOCK, Matterhorn

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



def dice_text(values: list[int] | tuple[int, ...]) -> str:
    """Dice values as the page writes them: "5 5 6 1 1"."""
    return " ".join(str(v) for v in values)


def and_list(values: list[int] | tuple[int, ...] | list[str]) -> str:
    """"5, 1 and 2"."""
    words = [str(v) for v in values]
    if len(words) == 1:
        return words[0]
    return _("{list} and {last}").format(list=", ".join(words[:-1]), last=words[-1])


def deed_of(action: Action) -> Deed | None:
    """The climb, push or clear inside a stop-phase action or a bonus."""
    if isinstance(action, Bonus):
        return action.deed
    return action if isinstance(action, Move | Clear) else None




Namer = Callable[[int], str]


def two_circles(src: Pos, dst: Pos) -> dict[str, int]:
    """``circle_of`` (the engine's, one mapping for refusals and words) for a move's two circles:
    ``row``/``n`` where from, ``row2``/``n2`` where to."""
    to = circle_of(dst)
    return {**circle_of(src), "row2": to["row"], "n2": to["n"]}


def phrase(game: Matterhorn, action: Action, name: Namer = draw.seat_colour) -> str:
    """A move in words, from the state before it (without the mover's name; ``name`` names others).
    Circles are named as the board shows them, by row and place in the row (``circle_of``)."""
    seat = game.current
    if isinstance(action, Setup):
        a, b = action.circles  # MH-A1: two circles of row 12
        return _("places climbers on row {row}, circles {a} and {b}").format(
            row=a[0], a=circle_of(a)["n"], b=circle_of(b)["n"])
    if isinstance(action, Place):
        if action.aside:
            return _("sets aside {dice} and places a token on row {row}, circle {n}").format(
                dice=and_list(action.aside), **circle_of(action.circle))
        return _("places a token on row {row}, circle {n}").format(**circle_of(action.circle))
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
        return _("puts a consolation obstacle on row {row}, circle {n}").format(**circle_of(action.circle))
    if isinstance(action, Restock):
        return _("returns the obstacle on row {row}, circle {n} to the empty pool").format(**circle_of(action.circle))
    return str(action)


def deed_words(game: Matterhorn, seat: int, deed: Deed, name: Namer = draw.seat_colour) -> str:
    if isinstance(deed, Clear):
        return _("clears the obstacle on row {row}, circle {n}").format(**circle_of(deed.circle))
    dst = deed.dst
    if deed.kind == "m":
        if isinstance(dst, str):  # SUMMIT, the one spot that is not a circle
            return _("climbs to the summit from row {row}, circle {n}").format(**circle_of(deed.src))
        return _("climbs from row {row}, circle {n} to row {row2}, circle {n2}").format(
            **two_circles(deed.src, dst))
    assert not isinstance(dst, str)  # a push never goes to the summit: MH-R21
    owner = game.board.get(deed.src)
    if isinstance(owner, int):
        return _("pushes {name}’s climber from row {row}, circle {n} to row {row2}, circle {n2}").format(
            name=name(owner), **two_circles(deed.src, dst))
    return _("pushes a climber from row {row}, circle {n} to row {row2}, circle {n2}").format(
        **two_circles(deed.src, dst))


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
        dice = dice_text(after.roll or [])
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


def describe_board(game: Matterhorn, seat_name: Namer, short_name: Namer) -> list[str]:
    """The position in sentences ("Describe the board"): the teams, each row, the pool, the dice."""
    lines = []
    for s in range(game.players):
        spots = [_("the summit") if c == SUMMIT else spot_text(c) for c in game.climbers[s]]
        lines.append(_("{name}: climbers on {spots}.").format(
            name=seat_name(s), spots=and_list(spots) if spots else "—"))
    for row in ROWS:
        things = []
        for spot in ROW_CIRCLES[row]:
            piece = game.board.get(spot)
            if isinstance(piece, int):
                things.append(_("{name} at {spot}").format(name=short_name(piece), spot=spot_text(spot)))
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
            roll=dice_text(game.roll), aside=dice_text(sorted(game.aside, reverse=True)) or "—"))
    return lines

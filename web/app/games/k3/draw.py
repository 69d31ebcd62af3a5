"""K3 in the page, the markup: the board drawn as SVG strings from the state and the marks.

Pure functions, no browser, no controller and no session: each takes the state on screen (the seat's
view of it) and a ``Marks``, the frozen value of what the drawing shows beyond the state (the selection,
the legal targets, the last move, the seats' names…), which the controller (view.py) builds once per
drawing. Geometry follows K3-R6 (slot (r, c) at x = c + r/2, height r).
"""

from __future__ import annotations

from dataclasses import dataclass

from shell.contract import svg
from shell.contract.markup import Markup, join, part
from shell.contract.view import action_is
from shell.screens.game import ordinal

from pygames.core.game import Action
from pygames.core.i18n import _
from pygames.k3.actions import Extend, Place, Take, White, position_words, slot_words, source_text
from pygames.k3.data import SUMMIT, WHITE
from pygames.k3.game import ARRANGE, K3, OVER, PENALTY, TURN, is_penalised, pyramid_positions

from . import pawns
from .card import _xy
from .words import kind_name, pyramid_place

Pos = tuple[int, int]
Source = Pos | str


@dataclass(frozen=True, slots=True)
class Marks:
    """What K3's drawing shows beyond the state: who may act here, what they chose, where it may go (the
    engine's legal actions, read by the controller), the seats' names."""

    mover: int | None  # the human who may act now at this device (None: nobody)
    to_move: int | None  # the first seat to act (a bot's too)
    thinking: int | None  # the bot that is thinking
    focus: int  # the seat drawn first, nearest the player
    names: tuple[str, ...]  # each seat in full ("Red (you)")
    short_names: tuple[str, ...]  # each seat in a sentence ("Red")
    touch: bool = False  # the player points with a finger
    selected: Source | None = None  # the mover's chosen pawn (turn phase)
    pick: Pos | None = None  # the first pawn clicked for a swap (arrangement editor)
    draft: tuple[str, ...] = ()  # the mover's arrangement being edited, in pyramid_positions order
    legal_slots: frozenset[Pos] = frozenset()  # where the selected pawn may go
    legal_ends: tuple[str, ...] = ()  # the base's ends it may extend
    extension_possible: bool = False  # some pawn may extend the base now
    whites: tuple[White, ...] = ()  # the legal passes with a white
    taking: bool = False  # a human here takes a pawn from the penalised player's pyramid (K3-R17)
    takeable: frozenset[Source] = frozenset()  # the pawns they may take
    last: Pos | None = None  # where the last placed or extended pawn went
    hinted: Action | None = None  # the hint's move (the shell's *Hint*): its place, end, pawn or pass marked

    def hint_is(self, kind: type, **fields: object) -> bool:
        """The hint is an action of ``kind`` with these fields (its place, end or pawn)."""
        return action_is(self.hinted, kind, **fields)


def board(game: K3, marks: Marks) -> Markup:
    """The seats' cards, the focus seat's first, then the mountain."""
    order = [marks.focus] + [s for s in range(game.players) if s != marks.focus]
    cards = "".join(part(seat_card(game, marks, s)) for s in order)  # (parts of the screen: markup.py)
    taking = " taking" if marks.taking else ""
    # the seat cards' <h3>s need an <h2> above them (the screen's <h1> is the game's title); the cards
    # say whose they are, so it is for screen readers only
    title = f'<h2 class="visually-hidden">{svg.esc(_("Players"))}</h2>'
    # the pyramids first (the pawn to choose), then the mountain (where it goes): Tab goes from one to the
    # other; the page shows the mountain above them (style.css: ``order``)
    mountain = part(Markup(
        f'<div class="panel mountain-panel" id="k3-mountain-panel">{mountain_svg(game, marks)}</div>'))
    return Markup(f'<div class="seats seats-{game.players}{taking}">{title}{cards}</div>{mountain}')


# -- markup ------------------------------------------------------------------------------------


def mountain_svg(game: K3, marks: Marks) -> Markup:
    mountain = game.mountain
    left, right = game.left, game.right
    top = max(SUMMIT[0], right - left)
    open_slots = set(game.open_slots())
    legal_slots, legal_ends = marks.legal_slots, marks.legal_ends
    interactive = marks.mover is not None and game.phase == TURN
    last = marks.last
    parts: list[Markup] = [row_labels(left, top)]
    xs: list[float] = []
    for r in range(top + 1):
        for c in range(left, right - r + 1):
            if (r, c) in mountain or (r, c) in open_slots:
                continue
            x, y = _xy(r, c, top)
            xs.append(x)
            parts.append(pawns.ghost(x, y))
    for (r, c), kind in sorted(mountain.items()):
        x, y = _xy(r, c, top)
        xs.append(x)
        classes = "on-mountain" + (" last" if (r, c) == last else "")
        label = _("{kind} pawn at {place}").format(kind=kind_name(kind), place=slot_words(game.left, (r, c)))
        if (r, c) == last:
            label += _(", played last")
        parts.append(
            pawns.pawn(
                kind,
                x,
                y,
                classes,
                {
                    "data-slot": f"{r}.{c}",
                    "data-kind": kind,
                    "role": "img",
                    "aria-label": label,
                },
            )
        )
    for r, c in sorted(open_slots):
        x, y = _xy(r, c, top)
        a, b = game.supports((r, c))  # type: ignore[misc]
        legal = (r, c) in legal_slots
        penalty = is_penalised(a, b)
        label = _("open slot {place}, on {a} and {b}").format(
            place=slot_words(game.left, (r, c)), a=kind_name(a), b=kind_name(b))
        if legal:
            label += _(", legal for the selected pawn")
            if penalty:
                label += _(" (penalty: both pawns below are alike)")
        hinted = legal and marks.hint_is(Place, slot=(r, c), src=marks.selected)  # (its pawn still the one chosen)
        if hinted:
            label += _(", the hint’s move")
        classes = ("slot open" + (" legal" if legal else "") + (" penalty" if legal and penalty else "")
                   + (" hinted" if hinted else ""))
        extra: dict[str, object | None] = {
            "data-slot": f"{r}.{c}",
            "data-open": True,
            "data-legal": legal or None,
        }
        if interactive and legal:  # reachable by keys: where the selected pawn can go (the engine's)
            extra.update({"data-act": "slot", "role": "button", "tabindex": "0", "id": f"slot-{r}.{c}"})
        else:  # a picture with words, like the filled slots (a label needs a role: aria-prohibited-attr)
            extra["role"] = "img"
            if interactive:  # a click still says why nothing goes there (no pawn chosen, or the engine's reason)
                extra.update({"data-act": "slot", "id": f"slot-{r}.{c}"})
        extra["aria-label"] = label
        mark = '<text class="warn" y="0.16">!</text>' if legal and penalty else ""
        parts.append(
            Markup(f'<g class="{classes}" transform="translate({svg.num(x)} {svg.num(y)})"{svg.attrs(extra)}>'
            f'<circle class="hole" r="{pawns.PAWN_R}"/>{mark}</g>')
        )
    if interactive and marks.extension_possible:
        for end, col in (("L", left - 1), ("R", right + 1)):
            x, y = _xy(0, col, top)
            xs.append(x)
            active = end in legal_ends
            words = _("extend the base at the left end") if end == "L" else _("extend the base at the right end")
            hinted = active and marks.hint_is(Extend, end=end, src=marks.selected)
            words += _(", the hint’s move") if hinted else ""
            extra = {
                "data-act": "end",
                "data-end": end,
                "data-legal": active or None,
                "role": "button" if active else "img",
                "tabindex": "0" if active else None,
                "id": f"end-{end}",
                "aria-label": words,
            }
            parts.append(
                Markup(f'<g class="slot end{" legal" if active else ""}{" hinted" if hinted else ""}" '
                f'transform="translate({svg.num(x)} {svg.num(y)})"'
                f'{svg.attrs(extra)}><circle class="hole" r="{pawns.PAWN_R}"/>'
                f'<path class="plus" d="M-0.2,0 H0.2 M0,-0.2 V0.2"/></g>')
            )
    xs = xs or [0.0]
    x0, x1 = min(xs) - 0.6, max(xs) + 0.6
    box = (x0, -0.6, x1 - x0, top + 1.2)
    # the places the selected pawn can go: one Tab stop, the arrow keys between them
    return svg.svg(
        box, join(parts), "mountain",
        _("The mountain: {pawns} pawns, {slots} open slots").format(pawns=len(mountain), slots=len(open_slots)),
        group="slots",
    )


def row_labels(left: int, top: int) -> Markup:
    """The mountain's rows numbered at their left end, as move descriptions name them ("row 2, slot 3
    from the left"); the base (row 0) is not numbered: no pawn is placed there, it is extended."""
    labels = []
    for r in range(1, top + 1):
        x, y = _xy(r, left, top)
        labels.append(f'<text x="{svg.num(x - 0.78)}" y="{svg.num(y + 0.14)}">{r}</text>')
    return Markup(f'<g class="row-labels" aria-hidden="true">{"".join(labels)}</g>')


def pyramid_svg(game: K3, marks: Marks, seat: int) -> Markup:
    n = game.base
    phase = game.phase
    mover = marks.mover
    editing = phase == ARRANGE and mover == seat
    pyramid = dict(zip(pyramid_positions(n), marks.draft, strict=True)) if editing else game.pyramid_view(seat)
    arranged = game.arranged[seat]
    accessible = set(game.accessible_pyramid(seat)) if arranged else set()
    choosing = phase == TURN and mover == seat
    taking = phase == PENALTY and mover is not None and game.victim == seat
    takeable = marks.takeable if taking else frozenset()
    parts: list[Markup] = []
    for r, i in pyramid_positions(n):
        x, y = i + r / 2, float(n - 1 - r)
        kind = pyramid.get((r, i))
        if kind is None:
            parts.append(pawns.ghost(x, y, "ghost gone"))
            continue
        is_acc = (r, i) in accessible
        label = _("{kind} pawn at {place}").format(kind=kind_name(kind), place=position_words(n, (r, i)))
        if arranged:
            label += _(", accessible") if is_acc else _(", covered")
        extra: dict[str, object | None] = {
            "data-seat": seat,
            "data-pos": f"{r}.{i}",
            "data-kind": kind,
            "data-accessible": "1" if is_acc else "0",
        }
        classes = []
        button = False
        if editing:
            button = True
            extra["data-drag"] = f"{seat}:{r}.{i}"  # drag a pawn onto another to swap them
            if marks.pick == (r, i):
                classes.append("selected")
                label += _(", picked for a swap")
        elif choosing:
            button = is_acc
            if is_acc:
                classes.append("accessible")
            if marks.selected == (r, i):
                classes.append("selected")
                label += _(", selected")
        elif taking:
            button = (r, i) in takeable
            if button:
                classes.append("takeable")
                label += _(", can be taken")
                if marks.hint_is(Take, src=(r, i)):
                    classes.append("hinted")
                    label += _(", the hint’s move")
        if arranged and not is_acc:
            classes.append("covered")
        if button:
            extra.update({"data-act": "pawn", "role": "button", "tabindex": "0", "id": f"p{seat}-{r}.{i}"})
        else:
            extra.update({"data-act": "pawn", "role": "img"})
        extra["aria-label"] = label
        parts.append(pawns.pawn(kind, x, y, " ".join(classes), extra))
    # pawns beside the pyramid (K3-R5/R20): columns to the right, filled from the bottom
    beside = game.beside[seat]
    rows = max(n, 2)
    parts.append(
        Markup(f'<line class="beside-rule" x1="{svg.num(n - 0.35)}" y1="-0.4" x2="{svg.num(n - 0.35)}" '
        f'y2="{svg.num(n - 0.6)}"/>')
    )
    for k, kind in enumerate(beside):
        x, y = n + 0.2 + k // rows, float(n - 1 - k % rows)
        extra = {"data-seat": seat, "data-beside": kind, "data-kind": kind, "data-act": "pawn"}
        classes = []
        button = False
        label = _("{kind} pawn beside {name}’s pyramid, accessible").format(
            kind=kind_name(kind), name=marks.short_names[seat])
        if choosing:
            button = True
            classes.append("accessible")
            if marks.selected == kind:
                classes.append("selected")
                label += _(", selected")
        elif taking and kind in takeable:
            button = True
            classes.append("takeable")
            label += _(", can be taken")
            if marks.hint_is(Take, src=kind):
                classes.append("hinted")
                label += _(", the hint’s move")
        if button:
            extra.update({"role": "button", "tabindex": "0", "id": f"b{seat}-{kind}-{k}"})
        else:
            extra["role"] = "img"
        extra["aria-label"] = label
        parts.append(pawns.pawn(kind, x, y, " ".join(classes), extra))
    width = n + 0.2 + max(1, (len(beside) + rows - 1) // rows) + 0.1
    box = (-0.6, -0.6, width + 0.6, n + 0.2)
    classes = "pyramid editing" if editing else "pyramid"
    label = _("{name}’s pyramid").format(name=marks.short_names[seat])
    if editing:
        label += _(" (tap or drag a pawn onto another to swap them)") if marks.touch else _(
            " (click or drag a pawn onto another to swap them)")
    # the pawns that can be chosen (or taken, or swapped): one Tab stop, the arrow keys between them
    return svg.svg(box, join(parts), classes, label, group=f"pawns-{seat}")


def seat_card(game: K3, marks: Marks, seat: int) -> Markup:
    classes = ["seat-card"]
    badges = []
    if game.eliminated[seat]:
        classes.append("eliminated")
        order = game.elimination_order.index(seat) + 1
        words = _("eliminated ({nth} out)").format(nth=ordinal(order))
        badges.append(f'<span class="badge out">{svg.esc(words)}</span>')
    if marks.to_move == seat:
        classes.append("to-move")
        label = _("thinking…") if marks.thinking == seat else (
            _("arranging") if game.phase == ARRANGE else _("to play"))
        if game.phase == PENALTY:
            label = _("takes a pawn")
        badges.append(f'<span class="badge turn">{svg.esc(label)}</span>')
    if game.phase == PENALTY and game.victim == seat:
        classes.append("victim")
        if marks.taking:
            classes.append("acting")  # the pyramid a human takes a pawn from: first and large on a phone
        badges.append(f'<span class="badge warn">{svg.esc(_("penalised"))}</span>')
    if game.phase == OVER and game.winner == seat:
        badges.append(f'<span class="badge win">{svg.esc(_("winner"))}</span>')
    if seat == marks.focus:
        classes.append("focus")
    pawns = len(game.pyramids[seat]) if game.arranged[seat] else len(game.dealt[seat])
    note = _("{pyramid} in pyramid · {beside} beside").format(pyramid=pawns, beside=len(game.beside[seat]))
    if not game.arranged[seat]:
        note += " · " + _("not arranged yet")
    return Markup(
        f'<section class="{" ".join(classes)}" '
        f'data-seat-card="{seat}" id="k3-seat-{seat}" aria-label="{svg.esc(marks.names[seat])}">'
        f"<h3>{svg.esc(marks.names[seat])} {''.join(badges)}</h3>"
        f'{pyramid_svg(game, marks, seat)}<p class="seat-note">{svg.esc(note)}</p></section>'
    )


def controls(game: K3, marks: Marks) -> Markup:
    """The buttons beside the board: the arrangement's, the passes with a white, *Deselect pawn*."""
    seat = marks.mover
    out = []
    if seat is not None and game.phase == ARRANGE:
        out.append(
            '<div class="button-row">'
            f'<button type="button" data-act="shuffle" id="btn-shuffle">{svg.esc(_("Shuffle"))}</button>'
            f'<button type="button" data-act="auto" id="btn-auto">{svg.esc(_("Auto-arrange"))}</button>'
            f'<button type="button" class="primary" data-act="ready" id="btn-ready">{svg.esc(_("Ready"))}</button>'
            "</div>"
        )
    for action in marks.whites:
        src = source_text(action.src)
        where = _("beside your pyramid") if isinstance(action.src, str) else pyramid_place(game, action.src)
        hinted = " hinted" if marks.hint_is(White, src=action.src) else ""
        out.append(
            f'<button type="button" class="white-pass{hinted}" '
            f'data-act="white" data-src="{src}" id="btn-white-{src}">'
            f"{svg.svg((-0.5, -0.5, 1, 1), pawns.pawn_shape(WHITE), 'inline-pawn', _('white pawn'))}"
            f"{svg.esc(_('Use white to pass'))} <small>({svg.esc(where)})</small></button>"
        )
    if seat is not None and marks.selected is not None and game.phase == TURN:
        words = svg.esc(_("Deselect pawn"))
        out.append(f'<button type="button" data-act="deselect" id="btn-deselect">{words}</button>')
    return Markup(f'<div class="controls" id="k3-controls">{"".join(out)}</div>' if out else "")

"""K3 in the page, the markup: the session (k3_play.K3Play) drawn as HTML and SVG strings.

Pure functions, no browser: the DOM layer (main.py) inserts ``render(play, ...)`` and forwards
clicks to ``play.handle``. Geometry follows K3-R6 (slot (r, c) at x = c + r/2, height r).
"""

from __future__ import annotations

import svg
from k3_play import (  # noqa: F401  (re-exported for callers of the view)
    CHANGED,
    MOVED,
    NOTHING,
    K3Play,
    consequences,
    describe_move,
    kind_name,
    parse_pos,
    parse_source,
)

from pygames.core.game import Game
from pygames.core.match import Match
from pygames.k3.actions import Take, source_text
from pygames.k3.data import KIND_NAMES, SUMMIT, WHITE
from pygames.k3.game import ARRANGE, K3, OVER, PENALTY, TURN, is_penalised, pyramid_positions

# -- markup ------------------------------------------------------------------------------------


def _xy(r: int, c: int, top: int) -> tuple[float, float]:
    """K3-R6: slot (r, c) at x = c + r/2, height r (SVG y grows downwards)."""
    return c + r / 2, float(top - r)


def mountain_svg(play: K3Play) -> str:
    game = play.game
    mountain = game.mountain
    left, right = game.left, game.right
    top = max(SUMMIT[0], right - left)
    open_slots = set(game.open_slots())
    legal_slots, legal_ends = play.legal_targets()
    mover = play.human_mover()
    interactive = mover is not None and game.phase == TURN
    last = play.last_slot()
    parts: list[str] = []
    xs: list[float] = []
    for r in range(top + 1):
        for c in range(left, right - r + 1):
            if (r, c) in mountain or (r, c) in open_slots:
                continue
            x, y = _xy(r, c, top)
            xs.append(x)
            parts.append(svg.ghost(x, y))
    for (r, c), kind in sorted(mountain.items()):
        x, y = _xy(r, c, top)
        xs.append(x)
        classes = "on-mountain" + (" last" if (r, c) == last else "")
        label = f"{kind_name(kind)} pawn at row {r} column {c}" + (", played last" if (r, c) == last else "")
        parts.append(
            svg.pawn(
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
        label = f"open slot row {r} column {c}, on {kind_name(a)} and {kind_name(b)}"
        if legal:
            label += ", legal for the selected pawn" + (" (penalty: both pawns below are alike)" if penalty else "")
        classes = "slot open" + (" legal" if legal else "") + (" penalty" if legal and penalty else "")
        extra: dict[str, object | None] = {
            "data-slot": f"{r}.{c}",
            "data-open": True,
            "data-legal": legal or None,
        }
        if interactive:
            extra.update({"data-act": "slot", "role": "button", "tabindex": "0", "id": f"slot-{r}.{c}"})
        extra["aria-label"] = label
        mark = '<text class="warn" y="0.16">!</text>' if legal and penalty else ""
        parts.append(
            f'<g class="{classes}" transform="translate({svg.num(x)} {svg.num(y)})"{svg.attrs(extra)}>'
            f'<circle class="hole" r="{svg.PAWN_R}"/>{mark}</g>'
        )
    if interactive and play.extension_possible():
        for end, col in (("L", left - 1), ("R", right + 1)):
            x, y = _xy(0, col, top)
            xs.append(x)
            active = end in legal_ends
            side = "left" if end == "L" else "right"
            extra = {
                "data-act": "end",
                "data-end": end,
                "data-legal": active or None,
                "role": "button",
                "tabindex": "0",
                "id": f"end-{end}",
                "aria-label": f"extend the base at the {side} end (row 0 column {col})",
            }
            parts.append(
                f'<g class="slot end{" legal" if active else ""}" '
                f'transform="translate({svg.num(x)} {svg.num(y)})"'
                f'{svg.attrs(extra)}><circle class="hole" r="{svg.PAWN_R}"/>'
                f'<path class="plus" d="M-0.2,0 H0.2 M0,-0.2 V0.2"/></g>'
            )
    xs = xs or [0.0]
    x0, x1 = min(xs) - 0.6, max(xs) + 0.6
    box = (x0, -0.6, x1 - x0, top + 1.2)
    return svg.svg(
        box, "".join(parts), "mountain", f"The mountain: {len(mountain)} pawns, {len(open_slots)} open slots"
    )


def pyramid_svg(play: K3Play, seat: int) -> str:
    game = play.game
    n = game.base
    phase = game.phase
    mover = play.human_mover()
    editing = phase == ARRANGE and mover == seat
    pyramid = play.draft_pyramid(seat) if editing else game.pyramid_view(seat)
    arranged = game.arranged[seat]
    accessible = set(game.accessible_pyramid(seat)) if arranged else set()
    choosing = phase == TURN and mover == seat
    taking = phase == PENALTY and mover is not None and game.victim == seat
    takeable = {a.src for a in play.legal() if isinstance(a, Take)} if taking else set()
    parts: list[str] = []
    for r, i in pyramid_positions(n):
        x, y = i + r / 2, float(n - 1 - r)
        kind = pyramid.get((r, i))
        if kind is None:
            parts.append(svg.ghost(x, y, "ghost gone"))
            continue
        is_acc = (r, i) in accessible
        label = f"{kind_name(kind)} pawn at row {r} position {i}"
        if arranged:
            label += ", accessible" if is_acc else ", covered"
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
            if play.pick == (r, i):
                classes.append("selected")
                label += ", picked for a swap"
        elif choosing:
            button = is_acc
            if is_acc:
                classes.append("accessible")
            if play.selected == (r, i):
                classes.append("selected")
                label += ", selected"
        elif taking:
            button = (r, i) in takeable
            if button:
                classes.append("takeable")
                label += ", can be taken"
        if arranged and not is_acc:
            classes.append("covered")
        if button:
            extra.update({"data-act": "pawn", "role": "button", "tabindex": "0", "id": f"p{seat}-{r}.{i}"})
        else:
            extra.update({"data-act": "pawn", "role": "img"})
        extra["aria-label"] = label
        parts.append(svg.pawn(kind, x, y, " ".join(classes), extra))
    # pawns beside the pyramid (K3-R5/R20): columns to the right, filled from the bottom
    beside = game.beside[seat]
    rows = max(n, 2)
    parts.append(
        f'<line class="beside-rule" x1="{svg.num(n - 0.35)}" y1="-0.4" x2="{svg.num(n - 0.35)}" '
        f'y2="{svg.num(n - 0.6)}"/>'
    )
    for k, kind in enumerate(beside):
        x, y = n + 0.2 + k // rows, float(n - 1 - k % rows)
        extra = {"data-seat": seat, "data-beside": kind, "data-kind": kind, "data-act": "pawn"}
        classes = []
        button = False
        label = f"{kind_name(kind)} pawn beside seat {seat}'s pyramid, accessible"
        if choosing:
            button = True
            classes.append("accessible")
            if play.selected == kind:
                classes.append("selected")
                label += ", selected"
        elif taking and kind in takeable:
            button = True
            classes.append("takeable")
            label += ", can be taken"
        if button:
            extra.update({"role": "button", "tabindex": "0", "id": f"b{seat}-{kind}-{k}"})
        else:
            extra["role"] = "img"
        extra["aria-label"] = label
        parts.append(svg.pawn(kind, x, y, " ".join(classes), extra))
    width = n + 0.2 + max(1, (len(beside) + rows - 1) // rows) + 0.1
    box = (-0.6, -0.6, width + 0.6, n + 0.2)
    classes = "pyramid editing" if editing else "pyramid"
    label = f"Seat {seat}'s pyramid" + (" (click or drag a pawn onto another to swap them)" if editing else "")
    return svg.svg(box, "".join(parts), classes, label)


def seat_card(play: K3Play, seat: int) -> str:
    game = play.game
    classes = ["seat-card"]
    badges = []
    if game.eliminated[seat]:
        classes.append("eliminated")
        order = game.elimination_order.index(seat) + 1
        badges.append(f'<span class="badge out">eliminated ({_ordinal(order)} out)</span>')
    if play.mover() == seat:
        classes.append("to-move")
        label = "thinking…" if play.thinking == seat else ("arranging" if game.phase == ARRANGE else "to play")
        if game.phase == PENALTY:
            label = "takes a pawn"
        badges.append(f'<span class="badge turn">{label}</span>')
    if game.phase == PENALTY and game.victim == seat:
        classes.append("victim")
        badges.append('<span class="badge warn">penalised</span>')
    if game.phase == OVER and game.winner == seat:
        badges.append('<span class="badge win">winner</span>')
    if seat == play.focus_seat():
        classes.append("focus")
    pawns = len(game.pyramids[seat]) if game.arranged[seat] else len(game.dealt[seat])
    note = f"{pawns} in pyramid · {len(game.beside[seat])} beside"
    if not game.arranged[seat]:
        note += " · not arranged yet"
    return (
        f'<section class="{" ".join(classes)}" '
        f'data-seat-card="{seat}" aria-label="{svg.esc(play.seat_name(seat))}">'
        f"<h3>{svg.esc(play.seat_name(seat))} {''.join(badges)}</h3>"
        f'{pyramid_svg(play, seat)}<p class="seat-note">{note}</p></section>'
    )


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def controls(play: K3Play) -> str:
    game = play.game
    seat = play.human_mover()
    out = []
    if seat is not None and game.phase == ARRANGE:
        out.append(
            '<div class="button-row">'
            '<button type="button" data-act="shuffle" id="btn-shuffle">Shuffle</button>'
            '<button type="button" data-act="auto" id="btn-auto">Auto-arrange</button>'
            '<button type="button" class="primary" data-act="ready" id="btn-ready">Ready</button></div>'
        )
    for action in play.whites():
        src = source_text(action.src)
        where = (
            "beside your pyramid" if isinstance(action.src, str) else f"at row {action.src[0]} position {action.src[1]}"
        )
        out.append(
            f'<button type="button" class="white-pass" '
            f'data-act="white" data-src="{src}" id="btn-white-{src}">'
            f"{svg.svg((-0.5, -0.5, 1, 1), svg.pawn_shape(WHITE), 'inline-pawn', 'white pawn')}"
            f"Use white to pass <small>({where})</small></button>"
        )
    if seat is not None and play.selected is not None and game.phase == TURN:
        out.append('<button type="button" data-act="deselect" id="btn-deselect">Deselect pawn</button>')
    return f'<div class="controls">{"".join(out)}</div>' if out else ""


def last_move(play: K3Play) -> str:
    """The last move in words, shown after the turn indicator (to follow the bots)."""
    history = play.game.history
    if not history or len(play.match.snapshots) < 2:
        return ""
    before = play.match.snapshots[-2]
    seat = before.to_move()[0]
    extra = consequences(before, play.game)
    news = f' <strong class="news">— {svg.esc(extra)}</strong>' if extra else ""
    return (
        f'<span class="last-move">Last move: seat {seat} {svg.esc(describe_move(before, history[-1]))} '
        f"<code>{svg.esc(history[-1])}</code>{news}</span>"
    )


def move_log(play: K3Play) -> str:
    """The moves in the notation, newest first, with who played them and a few words."""
    history = play.game.history
    if not history:
        return '<p class="log-empty">No moves yet.</p>'
    snaps = play.match.snapshots
    items = []
    for n in range(len(history), 0, -1):
        text = history[n - 1]
        before = snaps[n - 1]
        seat = before.to_move()[0]
        extra = consequences(before, snaps[n]) if n < len(snaps) else ""
        items.append(
            f'<li data-move="{n}"><span class="n">{n}.</span> <span class="who">S{seat}</span> '
            f'<code>{svg.esc(text)}</code> <span class="what">{svg.esc(describe_move(before, text))}'
            f"{svg.esc('; ' + extra) if extra else ''}</span></li>"
        )
    return f'<ol class="log" aria-label="Moves, newest first">{"".join(items)}</ol>'


def result_dialog(play: K3Play) -> str:
    game = play.game
    if game.phase != OVER or play.dialog_closed:
        return ""
    result = game.result() or {}
    lines = []
    if "coop" not in result:
        for place, group in enumerate(result.get("ranking", []), start=1):
            lines.append(f"<li>{_ordinal(place)}: {', '.join(svg.esc(play.seat_name(s)) for s in group)}</li>")
    summary = svg.esc(result.get("summary", ""))
    return (
        '<div class="dialog-backdrop"><div class="dialog" role="dialog" aria-modal="true" '
        'aria-labelledby="result-title" data-result="1">'
        f'<h2 id="result-title">{svg.esc(play.result_title())}</h2>'
        f"<p>{summary} after {len(game.history)} moves.</p>"
        f"{'<ol class=ranking>' + ''.join(lines) + '</ol>' if lines else ''}"
        '<div class="button-row">'
        '<button type="button" class="primary" data-act="rematch" id="btn-rematch">Rematch same seed</button>'
        '<button type="button" data-act="newgame" id="btn-newgame-dialog">New game</button>'
        '<button type="button" data-act="close-dialog" id="btn-close-dialog">See the board</button>'
        "</div></div></div>"
    )


HOW_TO = (
    '<details class="howto"><summary>How to play K3</summary>'
    "<p>Put one of your uncovered pawns on the mountain, on two neighbouring pawns; at least one of them "
    "must have its colour (natural wood pawns are wild). Landing on two pawns of the same kind is "
    "penalised: the previous player takes one of your pawns. A white pawn lets you pass. When you cannot "
    "play at the start of your turn you are out; the last climber standing wins.</p></details>"
)


def render(play: K3Play, link: str = "", can_undo: bool = False, can_redo: bool = False) -> str:
    """The whole game screen."""
    game = play.game
    mover = play.mover()
    human = play.human_mover()
    focus = play.focus_seat()
    order = [focus] + [s for s in range(game.players) if s != focus]
    root_attrs = svg.attrs(
        {
            "class": "play k3",
            "data-game": "k3",
            "data-phase": game.phase,
            "data-to-move": mover,
            "data-human-turn": human is not None,
            "data-thinking": play.thinking is not None,
            "data-over": game.phase == OVER,
            "data-moves": len(game.history),
            "data-save-id": play.save_id,
            "data-link": link,
            "data-selected": source_text(play.selected) if play.selected is not None else None,
        }
    )
    coop = " · cooperative" if game.options.get("coop") else ""
    message = ""
    if play.message:
        kind = "message" if play.message.startswith(("Not allowed", "Wait", "Something", "The bot")) else "message info"
        message = f'<p class="{kind}" role="alert">{svg.esc(play.message)}</p>'

    hint = play.hint()
    status_class = (
        "turn-status" + (" thinking" if play.thinking is not None else "") + (" mine" if human is not None else "")
    )
    return (
        f"<section{root_attrs}>"
        '<header class="play-bar">'
        f"<h1>K3 <small>{game.players} players{coop} · seed {svg.esc(game.seed)}</small></h1>"
        '<nav class="play-nav" aria-label="Game">'
        f'<button type="button" data-act="undo" '
        f'id="btn-undo"{" disabled" if not can_undo else ""}>↶ Undo</button>'
        f'<button type="button" data-act="redo" '
        f'id="btn-redo"{" disabled" if not can_redo else ""}>Redo ↷</button>'
        '<button type="button" data-act="copy" id="btn-copy">Copy link</button>'
        '<button type="button" data-act="newgame" id="btn-newgame">New game</button>'
        '<button type="button" data-act="home" id="btn-home">Home</button>'
        "</nav></header>"
        f'<p class="{status_class}" id="turn-status" tabindex="-1">'
        f'<span class="status-text">{svg.esc(play.status())}</span>{last_move(play)}</p>'
        '<div class="play-grid"><div class="board-col">'
        f'<div class="panel mountain-panel">{mountain_svg(play)}</div>'
        f'<div class="seats seats-{game.players}">{"".join(seat_card(play, s) for s in order)}</div>'
        "</div>"
        '<aside class="side-col">'
        f"{message}{f'<p class=hint>{svg.esc(hint)}</p>' if hint else ''}{controls(play)}"
        f'<div class="panel log-panel"><h2>Moves</h2>{move_log(play)}</div>'
        f'<label class="link-field">Link to this position <input type="text" readonly id="game-link" '
        f'value="{svg.esc(link)}"></label>'
        f"{svg.legend(names=KIND_NAMES)}{HOW_TO}"
        "</aside></div>"
        f"{result_dialog(play)}</section>"
    )


def preview_svg() -> str:
    """A small decorative mountain for the home page (K3-R6 geometry, fixed colours)."""
    filled = {0: (0, "BRKYGNBRK"), 1: (1, "YNBRKG"), 2: (1, "RGNY"), 3: (2, "KB"), 4: (2, "N")}
    top = SUMMIT[0]
    parts = []
    for r in range(top + 1):
        first, kinds = filled.get(r, (0, ""))
        for c in range(9 - r):
            x, y = _xy(r, c, top)
            if first <= c < first + len(kinds):
                parts.append(svg.pawn(kinds[c - first], x, y))
            else:
                parts.append(svg.ghost(x, y))
    return svg.svg((-0.6, -0.6, 9.2, top + 1.2), "".join(parts), "preview", "K3: a mountain of coloured pawns")


def new_play(match: Match, seats: list[str], save_id: str = "") -> K3Play:
    return K3Play(match, seats, save_id)


def is_game(game: Game) -> bool:
    return isinstance(game, K3)

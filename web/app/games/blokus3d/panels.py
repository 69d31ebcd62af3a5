"""Blokus 3D's markup: the 3D stage, the level map, the piece in hand, the tray, the scores.

Pure functions of the state on screen and the ``Marks`` the controller (view.py) builds once per drawing
(marks.py): they import neither the controller nor the session. The pictures are draw.py's.
"""

from __future__ import annotations

from shell.contract.markup import EMPTY, Markup, esc, join

from pygames.blokus3d.data import PIECE_CODES, SIZE
from pygames.blokus3d.game import Blokus3D
from pygames.core.i18n import N_, _, ngettext

from . import draw, piece, words
from .draw import swatch
from .marks import Marks

__all__ = ["swatch"]

HOW_TO_TITLE = N_("How to play Blokus 3D")
HOW_TO = N_(
    "Build one structure together from pieces of 2 to 4 cubes. On your turn, place one of your pieces: "
    "inside the structure, no higher than its cells allow, resting on the board or on cubes in every column it "
    "covers (nothing may hang over empty space), and touching a cube of your own colour face to face (your first "
    "piece: any cube). A colour that cannot place is out. At the end each colour scores 1 per column whose top "
    "cube it owns, minus 1 per piece left in hand."
)

AXES = (
    ("x", "⤵", N_("Tip forwards"), N_("Tip back")),
    ("y", "↷", N_("Roll right"), N_("Roll left")),
    ("z", "⟲", N_("Spin"), N_("Spin back")),
)


# -- the board column: the 3D stage and the level map ------------------------------------------------


def stage(game: Blokus3D, marks: Marks, scene_json: str) -> Markup:
    """The host of the three.js scene (scene.js moves its canvas in), the view's buttons, the cutaway."""
    top = max(game.layout.limits)
    if marks.touch:
        label = _("The board in 3D: drag to turn it, pinch to zoom. Tap a cell to move the piece in hand there.")
    else:
        label = _("The board in 3D: drag, or use the arrow keys, to turn it; the wheel, a pinch or + and − zoom. "
                  "Point at a cell to move the piece in hand there.")
    nogl = _("The 3D view needs WebGL, which this browser does not offer here: play on the level map.")
    buttons = (
        ("left", "⇦", _("Turn the view left")),
        ("right", "⇨", _("Turn the view right")),
        ("up", "⤒", _("Look from higher up")),
        ("down", "⤓", _("Look from lower down")),
        ("in", "+", _("Zoom in")),
        ("out", "−", _("Zoom out")),
    )
    bar = "".join(
        f'<button type="button" class="b3d-vbtn" data-view3d="{cmd}" title="{esc(words_)}" '
        f'aria-label="{esc(words_)}">{sym}</button>'
        for cmd, sym, words_ in buttons
    )
    bar += f'<button type="button" class="b3d-vbtn wide" data-view3d="reset">{esc(_("Reset view"))}</button>'
    cut = (
        f'<label class="b3d-cut" for="b3d-cut">{esc(_("Cutaway"))} '
        f'<input type="range" id="b3d-cut" min="1" max="{top}" value="{top}" step="1" data-view3d="cut" '
        f'data-all="{esc(_("all levels"))}" data-upto="{esc(_("up to height {n}"))}">'
        f'<output id="b3d-cut-out" for="b3d-cut">{esc(_("all levels"))}</output></label>'
    )
    return Markup(
        '<div class="panel b3d-stage-panel" id="b3d-stage-panel">'
        f'<div class="b3d-stage" id="b3d-stage" tabindex="0" role="application" '
        f'aria-roledescription="{esc(_("3D board"))}" aria-label="{esc(label)}" data-scene="{esc(scene_json)}">'
        f'<div class="b3d-canvas" data-morph-keep></div><p class="b3d-nogl" role="note">{esc(nogl)}</p></div>'
        f'<div class="b3d-viewbar" role="group" aria-label="{esc(_("3D view"))}">{bar}{cut}</div></div>'
    )


def map_panel(game: Blokus3D, marks: Marks) -> Markup:
    """The level map: every cell's height, top colour and limit, and the ghost's cells; under it, what the
    engine says of the ghost (on a phone, where the finger is: the stage is above, out of sight)."""
    return Markup(f'<div class="panel b3d-map-panel" id="b3d-map-panel">{level_map(game, marks)}'
                  f'{ghost_words(game, marks)}</div>')


def level_map(game: Blokus3D, marks: Marks) -> Markup:
    lim = game.layout.limits
    ghost = marks.ghost
    ghost_top: dict[tuple[int, int], int] = {}
    if ghost is not None:
        for x, y, z in ghost.cubes:
            ghost_top[(x, y)] = max(ghost_top.get((x, y), 0), z + 1)
    last: set[tuple[int, int]] = set()
    for entry in reversed(game.log):
        if not entry.endswith("-"):
            last = {(int(t[0]), int(t[1])) for t in entry.split(":")[1].split(",")}
            break
    active = marks.picked is not None and marks.mover is not None and not game.over
    anchor = marks.anchor if active else None
    landing = marks.landing if active else frozenset()
    names = draw.colour_names()
    bounds = map_bounds(game)
    x0, x1, y0, y1 = bounds
    cells = []
    for y in range(y1, y0 - 1, -1):
        for x in range(x0, x1 + 1):
            c = y * SIZE + x
            limit, h = lim[c], game.heights[c]
            top = "BYRG"[game.tops[c]] if h else ""
            classes = ["cell"]
            if not limit:
                classes.append("outside")
            elif not h:
                classes.append("empty")
            if (x, y) in last:
                classes.append("last")
            note = ""
            land = (x, y) in landing
            if land:
                classes.append("can-land")
            hinted = ghost is not None and bool(marks.hinted) and ghost.text == marks.hinted
            if (x, y) in ghost_top:
                classes.append("ghost-ok" if ghost is not None and ghost.legal else "ghost-bad")
                classes.extend(["hinted"] if hinted else [])
                note = f"→{ghost_top[(x, y)]}"
            if not limit:
                words_ = _("{cell}: outside the structure").format(cell=words.cell(x, y))
            elif h:
                words_ = _("{cell}: {h} high (limit {limit}), {colour} on top").format(
                    cell=words.cell(x, y), h=h, limit=limit, colour=names[top])
            else:
                words_ = _("{cell}: empty (limit {limit})").format(cell=words.cell(x, y), limit=limit)
            extra: dict[str, object | None] = {"data-x": x, "data-y": y, "data-h": h, "data-top": top or None,
                                               "aria-label": words_, "role": "img"}
            if active:
                if note:
                    words_ += ", " + (_("the piece would fit here") if ghost and ghost.legal else
                                      _("the piece would not fit here"))
                    words_ += _(", the hint’s move") if hinted else ""
                if land:
                    words_ += ", " + _("the piece in hand can land here")
                    extra["data-can-land"] = "1"
                extra.update({"data-act": "cell", "role": "button", "aria-label": words_,
                              "tabindex": "0" if (x, y) == anchor else "-1"})
                if (x, y) == anchor:
                    extra["data-anchor"] = "1"
                    classes.append("anchor")
            cells.append(draw.map_cell(x, y, h, top, limit, " ".join(classes), extra, note, land))
    label = _("Level map of {structure}, seen from above: the front row y = 0 at the bottom").format(
        structure=words.structure_name(game))
    return draw.level_map(join(cells), label, bounds)


def map_bounds(game) -> draw.Bounds:
    """The structure's cells and one more all round (where a ghost may stick out), within the board."""
    xs = [c % SIZE for c in game.layout.cells]
    ys = [c // SIZE for c in game.layout.cells]
    return (max(min(xs) - 1, 0), min(max(xs) + 1, SIZE - 1), max(min(ys) - 1, 0), min(max(ys) + 1, SIZE - 1))


def ghost_words(game: Blokus3D, marks: Marks) -> Markup:
    """What the engine says of the ghost, where the player looks (an aria-live region)."""
    ghost = marks.ghost
    cls = "b3d-ghost"
    if marks.mover is None or game.over:
        text = ""
    elif marks.picked is None:
        text = _("No piece in hand: pick one from the tray.")
    elif ghost is None:
        text = _("Tap a marked cell to lay the piece there.") if marks.touch else _(
            "Point at a cell to lay the piece there.")
    else:
        z = min(c[2] for c in ghost.cubes)
        if ghost.legal:
            cls += " ok"
            text = (_("Fits here at height {z}: tap its cell again, or Place, to place it.") if marks.touch else
                    _("Fits here at height {z}: click its cell again or press Enter to place it.")).format(z=z)
        else:
            cls += " bad"
            text = _("Not here: {reason}").format(reason=ghost.reason)
        if marks.cycling and marks.cycle_len:
            text = _("Legal placement {i} of {n}.").format(i=marks.cycle_at + 1, n=marks.cycle_len) + " " + text
    rule = f' data-rule="{esc(ghost.rule)}"' if ghost is not None and ghost.rule else ""
    return Markup(f'<p class="{cls}" id="b3d-ghost" role="status"{rule}>{esc(text)}</p>')


# -- the side column: the piece in hand, the tray ------------------------------------------------------


def key_badge(marks: Marks, name: str) -> Markup:
    """A key's badge on a button (`` <kbd>L</kbd>``): at a desk only, a phone has no keys."""
    return Markup("" if marks.touch else f" <kbd>{name}</kbd>")


def hand_panel(game: Blokus3D, marks: Marks) -> Markup:
    human = marks.mover
    if human is None or game.over:
        return EMPTY
    out = [Markup(f'<div class="panel b3d-hand" id="b3d-hand"><h2 class="b3d-h">{esc(_("Piece in hand"))}</h2>')]
    if marks.picked is not None and marks.orientation is not None:
        colour, code = marks.picked
        o = marks.orientation
        turns = piece.orientations_of(code)
        number = next(i for i, t in enumerate(turns) if t.oid == o.oid) + 1
        out.append(
            Markup(f'<div class="b3d-picked">{draw.piece_icon(o.cubes, colour, "b3d-icon big")}'
            f'<p><strong>{esc(words.colour_name(colour))} {esc(words.piece_name(code))}</strong><br>'
            f'<small>{esc(_("orientation {i} of {n}").format(i=number, n=len(turns)))}</small></p></div>')
        )
        buttons = []
        for axis, sym, forwards, _back in AXES:
            title = "" if marks.touch else f' title="{esc(_("Shift+{key}: the other way").format(key=axis.upper()))}"'
            buttons.append(
                f'<button type="button" data-act="turn" data-axis="{axis}" id="b3d-turn-{axis}"{title}>'
                f'{sym} {esc(_(forwards))}{key_badge(marks, axis.upper())}</button>'
            )
        out.append(Markup(f'<div class="button-row b3d-turns" role="group" aria-label="{esc(_("Turn the piece"))}">'
                   f'{"".join(buttons)}</div>'))
        ghost = marks.ghost
        can = " disabled" if ghost is None or not ghost.legal else ""
        out.append(
            Markup('<div class="button-row">'
            f'<button type="button" class="primary" data-act="place" id="b3d-place"{can}>{esc(_("Place"))}'
            f"{key_badge(marks, 'Enter')}</button>"
            f'<button type="button" data-act="drop" id="b3d-drop">{esc(_("Put back"))}'
            f'{key_badge(marks, "Esc")}</button></div>')
        )
    else:
        out.append(Markup(f'<p class="muted">{esc(_("Pick a piece from the tray."))}</p>'))
    pressed = "true" if marks.cycling else "false"
    which = _("Legal placements of this piece") if marks.picked else _("Legal placements of any piece")
    row = [f'<button type="button" data-act="legal" id="b3d-legal" aria-pressed="{pressed}">{esc(which)}'
           f"{key_badge(marks, 'L')}</button>"]
    if marks.cycling and marks.cycle_len:
        row.append(f'<button type="button" data-act="prev" id="b3d-prev" aria-label="{esc(_("Previous"))}">◀'
                   "</button>")
        row.append(f'<span class="b3d-count">{marks.cycle_at + 1} / {marks.cycle_len}</span>')
        row.append(f'<button type="button" data-act="next" id="b3d-next" aria-label="{esc(_("Next"))}">▶</button>')
    out.append(Markup(f'<div class="button-row b3d-cycle">{"".join(row)}</div>'))
    if game.solitaire:
        out.append(Markup(f'<div class="button-row"><button type="button" data-act="hint" id="b3d-hint">'
                   f'{esc(_("Hint"))}{key_badge(marks, "H")}</button></div>'))
    out.append(Markup("</div>"))
    return join(out)


def tray_order(game: Blokus3D, marks: Marks) -> list[str]:
    """The colours in the tray, in an order that never changes during a game: the colours of the players
    at this device first (yours, when you play against bots), then the others, each in seat order."""
    humans = set(marks.humans)
    mine = [c for s, c in enumerate(game.colours) if game.player_of(s) in humans]
    return mine + [c for c in game.colours if c not in mine]


def tray(game: Blokus3D, marks: Marks) -> Markup:
    """Each colour's unplaced pieces (``tray_order``); the human to act picks from theirs."""
    order = tray_order(game, marks)
    pickable = marks.pickable
    names = draw.colour_names()
    scores = game.colour_scores()
    sections = []
    for letter in order:
        s = game.colours.index(letter)
        hand = words.hand_of(game, letter)
        mine = letter in pickable
        badges = []
        classes = ["b3d-colour", f"c-{letter}"]
        if not game.solitaire and not game.over and s == game.current:
            classes.append("to-move")
            badges.append(f'<span class="badge turn">{esc(_("to play"))}</span>')
        if not game.solitaire and game.out[s]:
            classes.append("out")
            badges.append(f'<span class="badge out">{esc(_("out"))}</span>')
        owner = marks.owners[s]
        who = f' <span class="b3d-owner">{esc(owner)}</span>' if owner else ""
        score = "" if game.solitaire else (
            f'<span class="b3d-score" title="{esc(words.score_line(game, letter))}">'
            f'{esc(_("score {n}").format(n=scores[letter]))}</span>')
        count = ngettext("{n} piece", "{n} pieces", len(hand)).format(n=len(hand))
        items = []
        for code in PIECE_CODES:
            if code not in hand:
                continue
            icon = draw.piece_icon(draw.canonical_cubes(code), letter)
            label = _("{colour} {piece}, {n} cubes").format(
                colour=names[letter], piece=words.piece_name(code), n=len(draw.canonical_cubes(code)))
            if mine:
                pressed = "true" if marks.picked == (letter, code) else "false"
                items.append(
                    f'<li><button type="button" class="b3d-piece" data-act="pick" data-colour="{letter}" '
                    f'data-piece="{code}" id="b3d-pick-{letter}-{code}" aria-pressed="{pressed}" '
                    f'aria-label="{esc(label)}" title="{esc(words.piece_name(code))}">{icon}'
                    f'<span class="code">{code}</span></button></li>'
                )
            else:
                items.append(f'<li><span class="b3d-piece idle" role="img" aria-label="{esc(label)}">{icon}'
                             f'<span class="code">{code}</span></span></li>')
        pieces = f'<ul class="b3d-pieces{" mine" if mine else ""}">{"".join(items)}</ul>' if items else ""
        sections.append(
            f'<section class="{" ".join(classes)}" data-colour="{letter}">'
            f'<h3>{swatch(letter)} {esc(words.colour_name(letter))}{who} {"".join(badges)}'
            f'<span class="b3d-meta">{esc(count)}{" · " if score else ""}{score}</span></h3>{pieces}</section>'
        )
    return Markup(f'<div class="panel b3d-tray" id="b3d-tray"><h2 class="b3d-h">{esc(_("Pieces"))}</h2>'
            f'{"".join(sections)}</div>')


def legend(game: Blokus3D) -> Markup:
    names = draw.colour_names()
    items = "".join(f"<li>{swatch(c)} {esc(names[c])} ({c})</li>" for c in game.colours)
    key = _("Level map: the big number is a column's height, the letter its top colour, the small number "
            "its limit; → shows the height the piece in hand would give a column.")
    land = _("A ring marks each cell where the piece in hand can land (on the 3D board, a disc on its column).")
    where = _("A cell is named (x,y): x is the number under the level map and along the front and back of the "
              "3D board, y the number beside them.")
    return Markup(f'<div class="panel legend b3d-legend" id="b3d-legend"><ul class="b3d-keys">{items}</ul>'
            f'<p class="muted">{esc(key)}</p><p class="muted">{esc(land)}</p><p class="muted">{esc(where)}</p></div>')


# -- the end ----------------------------------------------------------------------------------------------


def result_table(game: Blokus3D, marks: Marks) -> Markup:
    """B3D-R16..R18, R22: per colour the columns it tops, its pieces left, its score; then the players'."""
    if game.solitaire:
        left = "; ".join(f"{words.colour_name(c)} {', '.join(words.hand_of(game, c)) or '—'}" for c in game.colours)
        return Markup(f'<p class="b3d-left">{esc(_("Pieces left over: {pieces}").format(pieces=left))}</p>')
    visible, unplaced, scores = game.visible(), game.unplaced(), game.colour_scores()
    rows = []
    for letter in game.colours:  # (who plays which colour: the ranking above, the players' totals below)
        name = words.colour_name(letter)
        rows.append(
            f'<tr data-colour="{letter}"><th scope="row">{swatch(letter)} {esc(name)}</th>'
            f"<td>{visible[letter]}</td><td>{unplaced[letter]}</td><td><strong>{scores[letter]}</strong></td></tr>"
        )
    table = Markup(
        f'<table class="b3d-scores"><caption>{esc(_("Scores: 1 per column topped, −1 per piece left"))}</caption>'
        f'<thead><tr><th scope="col">{esc(_("Colour"))}</th><th scope="col">{esc(_("Visible"))}</th>'
        f'<th scope="col">{esc(_("Unplaced"))}</th><th scope="col">{esc(_("Score"))}</th></tr></thead>'
        f'<tbody>{"".join(rows)}</tbody></table>'
    )
    if game.four_for_two:  # B3D-R22: a player's score is the sum of the two colours, or the better one
        totals = game.player_scores()
        lines = []
        for p in range(game.players):
            mine = [game.colours[s] for s in game.seats_of(p)]
            parts = " + ".join(f"{words.colour_name(c)} {scores[c]}" for c in mine)
            how = (_("sum: {parts}") if game.options["score"] == "sum" else _("the better of {parts}")).format(
                parts=parts if game.options["score"] == "sum" else _(" or ").join(
                    f"{words.colour_name(c)} {scores[c]}" for c in mine))
            lines.append(f"<li>{esc(marks.names[p])}: <strong>{totals[p]}</strong> ({esc(how)})</li>")
        table += Markup(f'<ul class="b3d-totals">{"".join(lines)}</ul>')
    return table

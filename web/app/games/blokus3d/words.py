"""Blokus 3D in words: colours and pieces named, moves and the board as sentences, the result.

Pure functions of engine states; every text is translated (``_``), the notation never is.
"""

from __future__ import annotations

from collections.abc import Callable

from pygames.blokus3d.actions import Place
from pygames.blokus3d.data import COLOUR_NAMES, COLOURS, PIECE_CODES, PIECE_NAMES, SIZE, STRUCTURE_NAMES
from pygames.blokus3d.game import Blokus3D, cell_words
from pygames.core.i18n import N_, _, ngettext

STRUCTURE_WORDS = {"A": N_("Tower"), "B": N_("Wall"), "C": N_("Stairs"), "D": N_("Pyramid")}
assert set(STRUCTURE_WORDS) == set(STRUCTURE_NAMES)


def colour_name(letter: str) -> str:
    """"Blue" (capitalised, translated)."""
    word = _(COLOUR_NAMES[letter])
    return word[:1].upper() + word[1:]


def piece_name(code: str) -> str:
    """"L4 (L)": the code players type, and the piece's name."""
    return _("{code} ({name})").format(code=code, name=_(PIECE_NAMES[code]))


def structure_name(game: Blokus3D) -> str:
    if game.solitaire:
        n = game.key[1:]
        return _("the {n}×{n}×{n} cube").format(n=n)
    return _(STRUCTURE_WORDS[game.key])


def cell(x: int, y: int) -> str:
    """A cell as the level map labels it (the engine's naming, which its refusals use)."""
    return cell_words(x, y)


def cells_of(action: Place) -> list[tuple[int, int]]:
    return sorted({(int(t[0]), int(t[1])) for t in action.cubes}, key=lambda c: (c[1], c[0]))


def placement_words(action: Place) -> str:
    """"L4 (L) on (2,3) (3,3) (4,3) (2,4) at height 0" (without the colour)."""
    z = min(int(t[2]) for t in action.cubes)
    where = " ".join(cell(x, y) for x, y in cells_of(action))
    return _("{piece} on {cells} at height {z}").format(piece=piece_name(action.piece), cells=where, z=z)


def phrase(action: Place, colour: bool = True) -> str:
    """The move without the mover's name: "places blue L4 (L) on (2,3) … at height 0" (without the
    colour when the mover's name already is the colour)."""
    if not colour:
        return _("places {what}").format(what=placement_words(action))
    return _("places {colour} {what}").format(colour=_(COLOUR_NAMES[action.colour]), what=placement_words(action))


def consequences(before: Blokus3D, after: Blokus3D) -> str:
    """What the engine did by itself after the move: colours going out, the end."""
    news = []
    for event in after.log[len(before.log) + 1:]:
        if event.endswith("-"):
            news.append(_("{colour} cannot place any piece: out").format(colour=colour_name(event[0])))
    if after.solitaire and after.over:
        news.append(_("the cube is complete!") if after.solved else _("no piece fits any more"))
    return ("; " + "; ".join(news)) if news else ""


def out_news(before: Blokus3D, after: Blokus3D) -> list[str]:
    """The colours that went out with this move (B3D-R13)."""
    return [e[0] for e in after.log[len(before.log) + 1:] if e.endswith("-")]


Namer = Callable[[int], str]


def describe_board(game: Blokus3D, owner: Callable[[str], str]) -> list[str]:
    """The position in sentences: the structure row by row, then each colour (and who plays it)."""
    lim = game.layout.limits
    lines = []
    if game.solitaire:
        lines.append(_("Solitaire: fill {cube}; every column must reach height {n}.").format(
            cube=structure_name(game), n=game.key[1:]))
    else:
        cap = max(lim)
        lines.append(ngettext("Structure: {name}, {cells} cell, at most {cap} cubes high.",
                              "Structure: {name}, {cells} cells, at most {cap} cubes high.",
                              len(game.layout.cells)).format(name=structure_name(game), cells=len(game.layout.cells),
                                                             cap=cap))
    for y in range(SIZE - 1, -1, -1):
        built, empty = [], []
        for x in range(SIZE):
            c = y * SIZE + x
            if not lim[c]:
                continue
            h = game.heights[c]
            if h:
                built.append(_("{cell} {height} high, {colour} on top").format(
                    cell=cell(x, y), height=h, colour=_(COLOUR_NAMES["BYRG"[game.tops[c]]])))
            else:
                empty.append(cell(x, y))
        if not built and not empty:
            continue
        parts = built + ([_("empty: {cells}").format(cells=" ".join(empty))] if empty else [])
        lines.append(_("Row y={y}: {cells}.").format(y=y, cells="; ".join(parts)))
    visible, scores = game.visible(), game.colour_scores()
    for s, letter in enumerate(game.colours):
        hand = hand_of(game, letter)
        who = owner(letter)
        head = colour_name(letter) + (f" ({who})" if who else "")
        words = ngettext("{n} piece left", "{n} pieces left", len(hand)).format(n=len(hand))
        if hand:
            words += " (" + " ".join(hand) + ")"
        if not game.solitaire:
            words += "; " + _("visible on top {v}, score {score}").format(v=visible[letter], score=scores[letter])
            if game.out[s]:
                words += "; " + _("out")
        lines.append(f"{head}: {words}.")
    return lines


def hand_of(game: Blokus3D, letter: str) -> list[str]:
    """The codes of the colour's unplaced pieces, in the rules' order."""
    bits = game.hands[COLOURS.index(letter)]
    return [code for p, code in enumerate(PIECE_CODES) if bits >> p & 1]


def score_line(game: Blokus3D, letter: str) -> str:
    """"5 visible − 2 unplaced = 3" (B3D-R16)."""
    v, u = game.visible()[letter], game.unplaced()[letter]
    return _("{v} visible − {u} unplaced = {score}").format(v=v, u=u, score=v - u)

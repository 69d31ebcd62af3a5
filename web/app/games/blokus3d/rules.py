"""How to play Blokus 3D, in the page (shell/screens/rules.py draws it; the positions are real records)."""

from __future__ import annotations

from shell.contract.rules import Example, Section

from pygames.core.i18n import N_

FIRST_ROUND = ("blokus3d?v=1&players=4&seed=rules-b3d&moves="
               "BL4:230,240,330,430~YO4:530,540,630,640~RI3:250,350,450~GI2:550,560")

SECTIONS = (
    Section(
        "aim",
        N_("The aim"),
        (
            N_("Two to four players build one structure together on a 10 × 10 board, from pieces of 2, 3 and 4 "
               "cubes. The structure — a tower, a wall, stairs or a pyramid — says which cells may be built on "
               "and how high."),
            N_("When nobody can place any more, each colour scores one point for every column whose top cube is "
               "its colour, and loses one point for every piece still in hand. The highest score wins."),
        ),
        rules=("B3D-R1", "B3D-R4", "B3D-R5"),
        examples=(
            Example(N_("The Tower after the first round: blue, yellow, red and green have each placed a piece."),
                    FIRST_ROUND, ("BI2:231,331",)),
        ),
    ),
    Section(
        "pieces",
        N_("The pieces and how they turn"),
        (
            N_("Each colour has the same 11 pieces: every shape of 2, 3 or 4 cubes joined face to face. Two of "
               "them, the screws SA and SB, are mirror images of each other."),
            (N_("A piece may be turned any way — 24 orientations for the L, fewer for the others — but never "
                "mirrored. In the page, X tips the piece in hand forwards, Y rolls it to the right and Z spins it; "
                "with Shift each turns the other way."),
             N_("A piece may be turned any way — 24 orientations for the L, fewer for the others — but never "
                "mirrored. In the page, the buttons under the piece in hand tip it forwards, roll it to the right "
                "or spin it.")),
        ),
        rules=("B3D-R2", "B3D-R3"),
        examples=(
            Example(N_("The empty Tower: the same four cubes are a screw-A, never a screw-B."),
                    "blokus3d?v=1&players=4&seed=rules-b3d&moves=",
                    ("BSA:330,340,430,431", "BSB:330,340,430,431")),
        ),
    ),
    Section(
        "placing",
        N_("Placing a piece"),
        (
            N_("On your turn you place one piece of your colour. Every cube must stand above a cell of the "
               "structure, no column may rise above the height its cell allows (the small number on the level "
               "map), and nothing may hang over empty space: in every column the piece covers, its lowest cube "
               "rests on the board or on the column's top cube."),
            (N_("So a piece can always be lowered straight down into its place, and the board is always a set "
                "of columns. In the page the piece in hand drops where you point, as a ghost: green where the "
                "engine allows it, red with the reason where it does not."),
             N_("So a piece can always be lowered straight down into its place, and the board is always a set "
                "of columns. In the page the piece in hand drops where you tap, as a ghost: green where the "
                "engine allows it, red with the reason where it does not.")),
        ),
        rules=("B3D-R6", "B3D-R7", "B3D-R8", "B3D-R9", "B3D-R11"),
        examples=(
            Example(N_("Blue to play. A domino on blue’s own L is allowed; one hanging over an empty column, or "
                       "sunk into a full one, is not."), FIRST_ROUND,
                    ("BI2:231,331", "BI2:441,451", "BI3:240,340,440")),
        ),
    ),
    Section(
        "contact",
        N_("Touching your own colour"),
        (
            N_("The first piece of the game goes anywhere. A colour’s first piece must touch a cube already on "
               "the board, face to face. After that, every piece must touch a cube of its own colour face to "
               "face — beside it, above it or below it. Touching only along an edge or at a corner never counts; "
               "touching other colours as well is fine."),
        ),
        rules=("B3D-R10",),
        examples=(
            Example(N_("Yellow’s first piece, after blue’s L: it must touch a cube face to face."),
                    "blokus3d?v=1&players=4&seed=rules-b3d&moves=BL4:230,240,330,430",
                    ("YO4:550,560,650,660", "YI2:540,550", "YO4:530,540,630,640")),
        ),
    ),
    Section(
        "turns",
        N_("Turns, and going out"),
        (
            N_("Turns go round the colours in seat order. There is no passing: if your colour can place a piece, "
               "it must. A colour that cannot place any piece at the start of its turn is out for the rest of "
               "the game, even if room for it appears later; the page says so in the move log. The game ends "
               "when every colour is out."),
        ),
        rules=("B3D-R12", "B3D-R13", "B3D-R14", "B3D-R15"),
    ),
    Section(
        "scoring",
        N_("Scoring"),
        (
            N_("A colour scores 1 point for each column whose top cube is its colour (what you see from above), "
               "minus 1 point for each of its pieces not placed — a domino left in hand costs as much as a big "
               "piece. The score may be negative. Equal scores share a place, and several players can win "
               "together."),
        ),
        rules=("B3D-R16", "B3D-R17", "B3D-R18"),
    ),
    Section(
        "modes",
        N_("Structures and players"),
        (
            N_("With 4 players each plays one colour and the structures are at their tallest; with 3 players "
               "green stays in the box and with 2 players blue and yellow play, on lower structures. Two players "
               "may also play all four colours (colours BYRG in the new-game form): each moves two colours in "
               "turn, and a player's score is the sum of both colours (or, by choice, the better one)."),
        ),
        rules=("B3D-R19", "B3D-R20", "B3D-R21", "B3D-R22"),
        examples=(
            Example(N_("The Stairs with 4 colours: the front steps allow 2 cubes, the back ones 8."),
                    "blokus3d?v=1&players=4&structure=C&seed=rules-b3d&moves=",
                    ("BI4:310,311,312,313", "BI4:370,371,372,373")),
        ),
    ),
    Section(
        "solitaire",
        N_("The solitaire cube"),
        (
            N_("Alone, fill a cube of 3 × 3 × 3, 4 × 4 × 4 or 5 × 5 × 5 with pieces of one or more colours. "
               "Only the no-overhang rule applies: pieces need not touch each other’s colour. You win when every "
               "column reaches the top; you are stuck when no piece fits any more. The Hint button asks the "
               "solver for the next piece of a solution, or tells you that none exists from here."),
        ),
        rules=("B3D-R23",),
        examples=(
            Example(N_("The empty 3 × 3 × 3 cube, blue pieces only."),
                    "blokus3d?v=1&players=1&colours=B&seed=rules-b3d&moves=",
                    ("BI2:001,101", "BL3:000,010,011")),
        ),
    ),
)

"""How to play K3, in the page (shell/screens/rules.py draws it; the positions are real records)."""

from __future__ import annotations

from shell.contract.rules import Example, Section

from pygames.core.i18n import N_

ARRANGED = "k3?v=1&players=2&seed=rules-k3&moves=A:GYKGYGKGYBKNNWWGYBKRB~A:RYGRYRRKYGBNNWWYGBRKB"

SECTIONS = (
    Section(
        "aim",
        N_("The aim"),
        (
            N_("Together you build a mountain of pawns, one pawn at a time, from your own pyramid of pawns. A "
               "player who cannot do anything at the start of their turn is out; the last player left wins."),
            N_("Every pawn is one of five colours (blue, red, black, yellow, green), natural wood (it matches "
               "any colour), or white (it lets you pass)."),
        ),
        rules=("K3-R1", "K3-R2", "K3-R12", "K3-R22", "K3-R24", "K3-R25"),
    ),
    Section(
        "pyramid",
        N_("Your pyramid"),
        (
            N_("Before play, each player arranges their pawns into a pyramid. Only pawns that nothing covers can "
               "be used, so at first only the top pawn is free; each pawn you use uncovers the ones below it."),
            N_("Put what you will need early near the top. The pyramids are open: everyone sees them."),
        ),
        rules=("K3-R4", "K3-R5", "K3-R8", "K3-R9", "K3-R10"),
        phases=("arrange",),
        examples=(
            Example(N_("An arrangement must use exactly your own pawns."), "k3?v=1&players=2&seed=rules-k3&moves=",
                    ("A:GYKGYGKGYBKNNWWGYBKRB", "A:RRRRRRRRRRRRRRRRRRRRR")),
        ),
    ),
    Section(
        "place",
        N_("Placing a pawn"),
        (
            N_("On your turn, put one of your free pawns on the mountain, in an open slot: a gap resting on two "
               "neighbouring pawns. At least one of those two must be your pawn’s colour, or natural. A natural "
               "pawn may go anywhere."),
            N_("Where may this pawn go? The game highlights the slots that take the pawn you picked."),
        ),
        rules=("K3-R3", "K3-R6", "K3-R13", "K3-R14", "K3-R15", "K3-R20", "K3-R23"),
        phases=("turn",),
        examples=(
            Example(N_("Player 1’s blue pawn on top: it fits on black and blue, or on two blues — not on red and "
                       "black."), ARRANGED, ("P:5.0>1.1", "P:5.0>1.6", "P:5.0>1.0", "P:4.0>1.1")),
        ),
    ),
    Section(
        "penalty",
        N_("The penalty"),
        (
            N_("Landing on two pawns of the same colour, or on two naturals, is penalised: the previous player "
               "takes one of your free pawns and puts it beside their own pyramid, where they can use it."),
        ),
        rules=("K3-R16", "K3-R17"),
        phases=("penalty",),
        examples=(
            Example(N_("Blue on two blues: Player 2 takes one of Player 1’s free pawns."), ARRANGED + "~P:5.0>1.6",
                    ("T:4.0", "T:3.0")),
        ),
    ),
    Section(
        "white",
        N_("White pawns: passing"),
        (
            N_("A free white pawn lets you pass: it leaves the game and your turn ends. You may use it even when "
               "you could place a pawn. With four players each one starts with a white beside the pyramid."),
        ),
        rules=("K3-R18",),
        examples=(
            Example(N_("Four players: Player 1 may pass with the white beside the pyramid, or place."),
                    "k3?v=1&players=4&seed=rules-k3w&moves=A:YBGBNRGYBG~A:BKBKNYKKBY~A:GRBRNBKYRG~A:KRKRNKRGRY",
                    ("W:sW", "P:3.0>1.0")),
        ),
    ),
    Section(
        "extend",
        N_("A full mountain: extending the base"),
        (
            N_("When the mountain has no open slot at all, you may instead put any free pawn (not a white) at "
               "either end of the bottom row, with no colour rule and no penalty. New slots open above it."),
        ),
        rules=("K3-R19",),
    ),
    Section(
        "out",
        N_("Out of the game"),
        (
            N_("If at the start of your turn you can neither place a pawn, nor extend the base, nor pass with a "
               "white, you are out. Your pawns stay where they are. With three players, the first player out "
               "gives the spare white to the player before them."),
        ),
        rules=("K3-R11", "K3-R21"),
    ),
    Section(
        "coop",
        N_("Cooperative variant"),
        (
            N_("Everyone plays together: the team wins as soon as the summit of the mountain is filled, and loses "
               "as soon as anyone is out. Penalties still apply."),
        ),
        rules=("K3-R26", "K3-R27"),
    ),
)

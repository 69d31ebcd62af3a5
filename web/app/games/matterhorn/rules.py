"""How to play Matterhorn, in the page (shell/screens/rules.py draws it; the positions are real records)."""

from __future__ import annotations

from shell.contract.rules import Example, Section

from pygames.core.i18n import N_

START = "matterhorn?v=1&players=2&seed=rules-21&moves=C:12.3,12.6~C:12.4,12.5"

SECTIONS = (
    Section(
        "aim",
        N_("The aim"),
        (
            N_("Each player leads a rope team of two climbers up the mountain, from row 12 at the bottom to the "
               "summit above row 5. The first player with both climbers on the summit wins at once."),
            N_("On your turn you roll dice to put action tokens on the mountain, and every token you keep "
               "becomes one action: climb, push a rival, or clear an obstacle. Roll too often and you lose them."),
        ),
        rules=("MH-R1", "MH-R2", "MH-R6", "MH-R7", "MH-R8", "MH-R27"),
    ),
    Section(
        "setup",
        N_("Setting up"),
        (
            N_("Everyone rolls one die; the highest roll places both climbers first, on any two free circles of "
               "row 12 (they need not be side by side). The others follow, going round the other way. The last "
               "player to place starts, and turns then go round in seat order."),
            N_("A circle holds one piece only: a climber or a token."),
        ),
        rules=("MH-R5", "MH-R9", "MH-R10", "MH-R11"),
        phases=("setup",),
        examples=(
            Example(N_("The empty mountain: row 12 is the bottom row, with 10 circles."),
                    "matterhorn?v=1&players=2&seed=rules-21&moves=", ("C:12.3,12.6", "C:11.0,12.1")),
        ),
    ),
    Section(
        "roll",
        N_("Rolling the dice"),
        (
            N_("Your turn starts with a roll of all five dice. Only dice showing a value nobody else shows count: "
               "5 5 6 1 1 is worth 6, because the two 5s and the two 1s cancel out."),
            N_("Before placing, you may set dice aside to change the value: set one 5 aside and 5 6 1 1 is worth "
               "11; set a 5 and a 1 aside and 5 6 1 is worth 12. Set-aside dice stay out for the rest of the turn. "
               "Dice that only cancelled out are rolled again next time."),
            N_("The value must be a row from 5 to 12 that still has a free circle and where you have not put a "
               "token this turn. If some choice of dice to set aside gives such a row, you must place; otherwise "
               "the roll is a flop."),
        ),
        rules=("MH-R12", "MH-R13", "MH-R14", "MH-R15", "MH-R16", "MH-R26"),
        phases=("place",),
        examples=(
            Example(N_("Which rows can 6 1 5 5 1 reach? Row 6 as it is, row 11 with one 5 set aside, row 12 with "
                       "a 5 and a 1 set aside."), START, ("P:->6.0", "P:5>11.0", "P:51>12.0", "P:->12.0")),
            Example(N_("2 5 4 1 6 is worth 18: no row. Setting the 6 aside leaves 12."),
                    "matterhorn?v=1&players=2&seed=rules-69&moves=C:12.3,12.6~C:12.4,12.5", ("P:->9.0", "P:6>12.0")),
        ),
    ),
    Section(
        "bonus",
        N_("Placing a token and the bonus"),
        (
            N_("Put an action token on a free circle of the row your dice make. If a climber (anyone’s) already "
               "stands on that row, you get a bonus action at once: climb, push or clear, or decline it. A later "
               "flop does not take the bonus back, and the token still counts when you stop."),
        ),
        rules=("MH-R17",),
        phases=("bonus",),
        examples=(
            Example(N_("Red’s token on row 12, where climbers stand, earns a bonus action."),
                    START + "~P:51>12.0", ("B:m12.4>11.4", "B:p12.3>11.3", "B:-", "B:m12.4>13.4")),
        ),
    ),
    Section(
        "decide",
        N_("Roll again or stop"),
        (
            N_("After each token you choose: roll the dice still in play again for another token, or stop and use "
               "your tokens. You cannot roll when the pool of tokens is empty."),
            N_("The game shows the exact chance that the next roll is a flop."),
        ),
        rules=("MH-R18", "MH-R24"),
        phases=("decide",),
        examples=(
            Example(N_("One token placed, four dice in play: roll again, or stop with one action."),
                    START + "~P:51>12.0~B:m12.4>11.4", ("R", "T")),
        ),
    ),
    Section(
        "flop",
        N_("The flop"),
        (
            N_("A roll that cannot place a token ends your turn: every token you placed this turn turns over and "
               "becomes an obstacle, and stays on the mountain."),
            N_("As a small consolation you may put one obstacle from the pool on any free circle of a row where you "
               "placed no token this turn, or decline."),
        ),
        rules=("MH-R19",),
        phases=("consolation",),
        examples=(
            Example(N_("Five tokens, then a lone 6: row 6 is taken this turn, so it is a flop."),
                    "matterhorn?v=1&players=2&seed=rules-flop-0&moves=C:12.4,12.5~C:12.3,12.6~P:32>11.4~R~P:->10.3"
                    "~R~P:->9.2~R~P:4>7.1~R~P:3>6.0~R", ("O:12.0", "O:11.0", "O:-")),
        ),
    ),
    Section(
        "actions",
        N_("Actions"),
        (
            N_("When you stop, you may take as many actions as you placed tokens this turn, in any order, and end "
               "early if you like. Each action is one of:"),
            N_("Climb: move one of your climbers one circle up, down or sideways to a free circle, or from row 5 "
               "to the summit. Push: move a rival’s climber one circle sideways or up to a free circle — never down, "
               "never to the summit. Clear: take an obstacle anywhere off the mountain back to the pool (not a "
               "token of this turn)."),
            N_("A climber on the summit stays there. With the hard summit variant, reaching it costs two actions "
               "and a bonus can never reach it."),
        ),
        rules=("MH-R20", "MH-R21", "MH-R22", "MH-R28"),
        phases=("act",),
        examples=(
            Example(N_("Red stopped with one action."), START + "~P:51>12.0~B:m12.4>11.4~T",
                    ("m11.4>10.4", "m11.4>9.4", "p12.6>12.7", "x12.0", "E")),
        ),
    ),
    Section(
        "end",
        N_("End of the turn"),
        (
            N_("At the end of your turn, your tokens still showing their action side turn over: they are "
               "obstacles now. Then every row whose circles are all taken, by tokens or climbers, gives its tokens "
               "back to the pool; the climbers stay."),
            N_("If the pool is empty when your turn starts, you first take one obstacle of your choice off the "
               "mountain, then roll."),
        ),
        rules=("MH-R23", "MH-R24", "MH-R25"),
        phases=("restock",),
    ),
)

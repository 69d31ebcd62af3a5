"""How to play K2, in the page (shell/screens/rules.py draws it; the positions are real records)."""

from __future__ import annotations

from shell.contract.rules import Example, Section

from pygames.core.i18n import N_

START = "k2?v=1&players=2&seed=rules-k2&moves="
CHOSEN = START + "s0:+choose+M1+M1+M2~s1:+choose+M1+M3+R12"
TURN = CHOSEN + "~s1:+take+2"
GIVEN = TURN + "~s0:+play+M2+A~s0:+play+M1+A"
ROPE = "k2?v=1&players=2&seed=rules-k2d&moves=s0:+choose+M1+M3+R13~s1:+choose+M2+M3+A2"
PENALTY = TURN + ("~s0:+play+M1+A~s0:+play+M1+A~s0:+play+M2+B~s0:+move+A+E01+E02~s0:+move+B+E01+E02"
                  "~s0:+end")
NIGHT = PENALTY + (
    "~s1:+play+M1+A~s1:+play+M3+A~s1:+play+R12+B+U~s1:+risk+B+1~s1:+move+A+E01+E02+E04~s1:+move+B+E01~s1:+end"
    "~s0:+choose+M2+M3+M3~s1:+choose+M2+A1+A2~s0:+take+1~s1:+play+M2+B~s1:+play+A1+A~s1:+play+A2+B"
    "~s1:+move+B+E02+E04~s1:+end~s0:+play+M2+A~s0:+play+M3+A~s0:+play+M3+A~s0:+risk+A+2"
    "~s0:+move+A+E04+E06+E11+E14+E10~s0:+tent+A~s0:+end")
RESCUE = (
    "k2?v=1&players=2&family=1&seed=rules-rescue-4&moves=s0:+choose+M1+M2+R12~s1:+choose+M1+M1+M2"
    "~s0:+play+R12+B+U~s0:+play+M1+B~s0:+play+M2+A~s0:+move+B+E01+E02~s0:+move+A+E01+E02~s0:+end~s1:+play+M1+A"
    "~s1:+move+A+E01~s1:+play+M1+B~s1:+play+M2+A~s1:+move+A+E02+E04~s1:+end~s0:+choose+A0+A1+A3"
    "~s1:+choose+M3+M3+A3~s1:+take+3~s1:+play+M3+B~s1:+play+M3+A~s1:+play+A3+A~s1:+risk+B+1~s1:+move+A+E06+E11"
    "~s1:+move+B+E01~s1:+tent+B~s1:+end~s0:+play+A0+A~s0:+play+A1+A~s0:+play+A3+B~s0:+end~s0:+choose+M2+M3+R23"
    "~s1:+choose+M1+M1+M2~s0:+take+1~s0:+play+M2+B~s0:+play+R23+B+D+-2~s0:+play+M3+B~s0:+move+B+E04+E06"
    "~s0:+move+B+E11~s0:+tent+B~s0:+end~s1:+play+M1+A~s1:+play+M1+A~s1:+play+M2+A~s1:+move+A+E14+E16~s1:+tent+A"
    "~s1:+end~s0:+choose+M1+M1+M1~s1:+choose+M1+R12+R23~s1:+take+1~s1:+play+M1+A~s1:+play+R12+B+U"
    "~s1:+play+R23+A+U~s1:+risk+B+2~s1:+move+A+E17~s1:+move+B+E02~s1:+end~s0:+play+M1+B~s0:+play+M1+A"
    "~s0:+play+M1+B~s0:+move+A+E03~s0:+move+B+E14~s0:+end~s0:+choose+M1+M2+M3~s1:+choose+R13+A0+A1~s0:+take+1"
    "~s0:+play+M1+B+-1~s0:+play+M2+B~s0:+move+B+E13~s0:+play+M3+A~s0:+move+A+E02+E04~s0:+end~s1:+play+R13+B+U"
    "~s1:+play+A1+B~s1:+play+A0+A~s1:+move+B+E04~s1:+end~s1:+take+1~s1:+play+M2+A~s1:+play+A2+A+-1~s1:+move+A+E21"
    "~s1:+play+A1+A~s1:+end~s0:+play+A2+B~s0:+play+R13+B+U~s0:+play+A1+A~s0:+move+B+E18~s0:+end"
    "~s0:+choose+M2+R23+A0~s1:+choose+M1+M2+M3~s1:+take+1~s0:+play+A0+B~s0:+play+R23+B+U~s0:+move+B+E20"
    "~s0:+play+M2+B~s0:+move+B+E22~s0:+end~s1:+play+M1+A+-1~s1:+play+M2+A~s1:+move+A+E24~s1:+play+M3+B"
    "~s1:+move+B+E05+E07+E08~s1:+end~s0:+choose+M1+M2+A3~s1:+choose+M1+M2+M2~s1:+take+1~s1:+play+M1+B"
    "~s1:+play+M2+B~s1:+play+M2+B~s1:+move+B+E09+E10+E14+E16~s1:+end~s0:+play+M1+A~s0:+play+M2+A~s0:+move+A+E06"
    "~s0:+play+A3+B~s0:+move+A+E07~s0:+end~s0:+choose+M1+M1+R12~s1:+choose+R23+A0+A1~s0:+take+1"
    "~s0:+play+R12+B+U~s0:+play+M1+A~s0:+move+A+E08~s0:+play+M1+A~s0:+risk+A+1~s0:+move+A+E07~s0:+end"
    "~s1:+play+R23+A+U~s1:+play+A0+A~s1:+play+A1+A~s1:+move+A+E25~s1:+end")

SECTIONS = (
    Section(
        "aim",
        N_("The aim"),
        (
            N_("Each player leads an expedition of two climbers, A (round) and B (hexagonal), from base camp up "
               "the ropes of K2 during 18 days. A climber is worth the highest victory points (the big number) of "
               "any space it entered, even in passing; your score is the sum of both. A climber who dies counts 1."),
            N_("The board has two sides: the easy one (28 spaces) and the hard one (30 spaces, a longer climb). "
               "Both go from base camp through four altitude zones to the summit, worth 10."),
        ),
        rules=("K2-R1", "K2-R2", "K2-R4", "K2-R5", "K2-R6", "K2-R21", "K2-R38"),
        examples=(Example(N_("Day 1 on the easy side: everyone starts at base camp."), START),),
    ),
    Section(
        "cards",
        N_("Choosing cards"),
        (
            N_("Every day each player secretly picks 3 of the 6 cards in hand: movement cards (points to move "
               "up or down), rope cards (a small value for going up or a bigger one for going down) and "
               "acclimatization cards. Nobody sees a choice until everyone has chosen; then all are revealed at "
               "once. On one device the page asks you to pass it on before it shows a hand."),
            N_("You draw back to 6 cards at the end of the day. Your 18 cards last 6 days: on days 6, 12 and 18 "
               "only 3 are left and they are played without a choice, then the deck is shuffled again."),
        ),
        rules=("K2-R9", "K2-R12", "K2-R35", "K2-R37", "K2-R47"),
        phases=("choose",),
        examples=(
            Example(N_("Red’s hand on day 1: which 3 cards may Red choose?"), START,
                    ("s0: choose M1 M2 A0", "s0: choose M2 M2 M2", "s0: choose M3 M2 M1")),
        ),
    ),
    Section(
        "risk",
        N_("Risk tokens"),
        (
            N_("Once the cards are revealed, each player adds up the movement on them (a rope card counts its up "
               "value; acclimatization counts nothing). If one player alone has the highest total, that player "
               "must take one of the three face-up risk tokens; a new one is turned up. If the highest total is "
               "shared, nobody takes one. Playing alone, you take one every day."),
            N_("A token of 0 does nothing. A token of 1 or 2 gives that many penalty points to spend during your "
               "turn: each lowers a card as you give it (never below 0) or the level of a climber who got a card "
               "this turn. You cannot end your turn while points are left, unless there is nothing to spend "
               "them on."),
        ),
        rules=("K2-R8", "K2-R13", "K2-R26", "K2-R27", "K2-R28"),
        phases=("take",),
        examples=(
            Example(N_("Red shows 1 + 1 + 2 = 4, Blue 1 + 3 + 1 = 5: Blue takes a token."), CHOSEN,
                    ("s1: take 2", "s0: take 1")),
            Example(N_("Blue’s turn with a 1-point token and the cards M1, M3 and R12."), PENALTY,
                    ("s1: play M3 A -1", "s1: risk A 1", "s1: end")),
        ),
    ),
    Section(
        "moving",
        N_("Playing cards and moving"),
        (
            N_("In turn, from the first player, each player gives each revealed card to one of its climbers: "
               "movement adds to that climber’s points for this turn, a rope card adds its up value to points "
               "for going up or its down value to points for going down (you choose when you give it), and "
               "acclimatization raises the climber’s level at once. All three cards must be given; points left "
               "at the end of the turn are lost."),
            N_("A climber moves along the ropes only. Entering a space costs its yellow number (more on a winter "
               "day that says so); a step is up when the next space is higher (the arrow on the rope points up). "
               "A climber may pass through full spaces and move several times, but must stop on a space with "
               "room: the small circles of a space are its places for this number of players. Base camp has "
               "room for everyone."),
            N_("In the page: choose one of this day’s cards, then the climber to give it to; choose a climber’s "
               "Move button (or its space) and the spaces it can reach light up with what they cost; choose one "
               "to go there."),
        ),
        rules=("K2-R14", "K2-R16", "K2-R17", "K2-R18", "K2-R19", "K2-R20", "K2-R22"),
        phases=("act",),
        examples=(
            Example(N_("Red gave M2 and M1 to climber A: 3 points to move, M1 still to give."), GIVEN,
                    ("s0: move A E01 E02", "s0: move A E01 E02 E04", "s0: move A E03", "s0: end")),
            Example(N_("A rope card goes up or down: R13 gives 1 point up or 3 points down."), ROPE,
                    ("s0: play R13 A U", "s0: play R13 A D", "s0: play R13 A")),
        ),
    ),
    Section(
        "tents",
        N_("Tents"),
        (
            N_("Once per game each climber may pitch its tent on its space, paying the space’s cost from its "
               "points (up points or movement, never down points). A tent stays for the rest of the game, even "
               "if its climber dies, and gives +1 at night to any of your climbers on its space."),
        ),
        rules=("K2-R23", "K2-R24", "K2-R25"),
        examples=(
            Example(N_("Red moved A to E02 and has 1 point left."), GIVEN + "~s0:+move+A+E01+E02",
                    ("s0: tent A", "s0: tent B")),
        ),
    ),
    Section(
        "night",
        N_("Night: acclimatization and weather"),
        (
            N_("After the last turn of the day, every climber’s level changes: plus or minus its space’s tag, "
               "+1 with a tent of its colour there, minus the weather’s loss if today’s weather hits its zone. "
               "A level above 6 becomes 6. A climber below 1 dies: it leaves the mountain and counts 1."),
            N_("The weather tiles show three days each; you always see today and at least the next three days. "
               "Summer days only cost acclimatization. Winter days may also add to the cost of every space you "
               "enter in the zones they hit (the cost circle turns orange)."),
            N_("Then the first player passes to the left and a new day begins."),
        ),
        rules=("K2-R7", "K2-R11", "K2-R15", "K2-R29", "K2-R30", "K2-R31", "K2-R32", "K2-R33", "K2-R34", "K2-R36"),
        examples=(Example(N_("Day 3 begins: the night of day 2 as it happened."), NIGHT),),
    ),
    Section(
        "rescue",
        N_("The family variant: rescue"),
        (
            N_("With the family variant each player has one rescue card. When one of your climbers would die, "
               "you may spend it: the climber lives with level 1 on a space below 6000 m with room (base camp "
               "always has room), and its scoring pawn goes back 4 steps on the victory point track."),
        ),
        rules=("K2-R43",),
        phases=("rescue",),
        examples=(
            Example(N_("Blue’s climber A would die tonight: rescue it, or keep the card?"), RESCUE,
                    ("s1: rescue A E05", "s1: rescue A E13", "s1: rescue A none")),
        ),
    ),
    Section(
        "end",
        N_("The end and the scores"),
        (
            N_("The game ends after the night of day 18. Each player scores the victory points of both climbers "
               "(1 for a dead one). On equal scores, the player whose climber reached the summit first ranks "
               "higher; without a climber on the summit, players share the place."),
            N_("With five players the tables can be set to easy capacities: 3 climbers on a space at 7000 m and "
               "2 at 8000 m."),
        ),
        rules=("K2-R38", "K2-R39", "K2-R44", "K2-R45"),
        phases=("over",),
    ),
    Section(
        "solo",
        N_("Playing alone"),
        (
            N_("Alone you play by the same rules with the places of a 2-player game, and you take a risk token "
               "every day whatever your cards show. If a climber dies the expedition ends at once, and your score "
               "is the other climber’s points + 1."),
            N_("Your score gives you a title, which depends on the side of the board and the weather: Himalayan "
               "climber, Alpinist, Tatra climber or Sailor. The page keeps your best score on this device."),
        ),
        rules=("K2-R40", "K2-R41", "K2-R42"),
        examples=(Example(N_("A solo expedition on the hard side in winter."),
                          "k2?v=1&players=1&side=H&weather=WIN&seed=rules-solo&moves="),),
    ),
)

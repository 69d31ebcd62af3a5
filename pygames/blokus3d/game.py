"""Blokus 3D (Rumis): the rules engine. Implements docs/rules/blokus3d.md; rule ids in docstrings.

Seats of the protocol are *players*; the rules' seats are *colour seats* (B3D-R5). They coincide
except with 2 players and 4 colours (B3D-R22: player = colour seat % 2) and in solitaire (one
player, any chosen colour). A colour becoming out is an engine event (``Y-``, section 9): it is
kept in ``log`` beside the placements, never in ``history`` (the record holds decisions only).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from itertools import permutations
from typing import Any

from ..core.errors import IllegalActionError, OptionError, RuleError
from ..core.game import Game, OptionSpec, Result
from ..core.i18n import _, ngettext, who
from ..core.registry import GAME_TITLES
from ..core.rng import Rng
from .actions import Place, parse_place, place_of
from .data import (
    COLOUR_NAMES,
    COLOURS,
    CUBES_PER_COLOUR,
    PIECE_CODES,
    PIECE_NAMES,
    SIZE,
    SOLITAIRE_SIZES,
    STRUCTURE_NAMES,
)
from .geometry import Layout, layout, layout_steps

ALL_PIECES = (1 << len(PIECE_CODES)) - 1
COLOUR_CHOICES = ("auto",) + tuple(
    "".join(p) for n in range(1, 5) for p in permutations(COLOURS, n)
)
DEFAULT_COLOURS = {4: "BYRG", 3: "BYR", 2: "BY"}  # D11
# the rule of the mode with this many players or colours (2 players may also play 4 colours: B3D-R22)
MODE_RULES = {4: "B3D-R19", 3: "B3D-R20", 2: "B3D-R21"}


def cell_words(x: int, y: int) -> str:
    """A cell as the level map labels it: its column x (numbered under the map) and row y (beside it), the
    digits the notation writes first in each cube (the one place this naming lives: refusals and the
    page's words use it)."""
    return f"({x},{y})"


def cell_text(c: int) -> str:
    return cell_words(c % SIZE, c // SIZE)


@dataclass(frozen=True, slots=True)
class Blokus3DResult(Result):
    """B3D-R15..R19: each seat's rank and its colours' points, the cubes seen from above and left unplaced;
    solitaire (B3D-R23): whether the cube was solved."""

    ranks: list[int] | None = None
    colour_scores: dict[str, int] | None = None
    visible: dict[str, int] | None = None
    unplaced: dict[str, int] | None = None
    solved: bool | None = None

    KEYS = ("summary", "ranking", "scores", "ranks", "colour_scores", "visible", "unplaced", "solved")


class Blokus3D(Game[Place]):
    name = "blokus3d"
    title = GAME_TITLES["blokus3d"]
    rules_version = 1
    phase = "play"  # one stage: colours place in turn until none can (B3D-R12, B3D-R13)
    option_specs = (
        OptionSpec("players", "int", 4, "Players (1 = solitaire cube)", minimum=1, maximum=4),
        OptionSpec("structure", "choice", "A", "Structure (A Tower, B Wall, C Stairs, D Pyramid)",
                   choices=("A", "B", "C", "D"), players=(2, 3, 4)),
        # colour seats by player count (B3D-R19..R23): 4, 3, 2 (or 4: two each), solitaire any 1 to 4
        OptionSpec("colours", "choice", "auto", "Colours by seat (2 players: BYRG for 4 colours)",
                   choices=COLOUR_CHOICES, per_seat="".join(COLOURS),
                   per_seat_counts={1: (1, 2, 3, 4), 2: (2, 4), 3: (3,), 4: (4,)}),
        OptionSpec("score", "choice", "sum", "2 players with 4 colours: sum or best colour", choices=("sum", "best"),
                   players=(2,)),
        OptionSpec("start", "int", 0, "Starting colour seat", minimum=0, maximum=3, seat=True, players=(2, 3, 4)),
        OptionSpec("size", "int", 3, "Solitaire cube size", minimum=3, maximum=5, players=(1,)),
    )

    # -- setup (B3D-R4, R5, R19..R23) ------------------------------------------------------------

    def _mode(self) -> tuple[str, str]:
        """The structure's key (A..D, S3..S5) and the colours in play, from the options (B3D-R19..R23)."""
        players = self.players
        chosen = self.options["colours"]
        if players == 1:
            n = self.options["size"]
            if n not in SOLITAIRE_SIZES:
                raise OptionError(_("the solitaire cube is 3, 4 or 5 wide"), rule="B3D-R23")
            need = -(-n**3 // CUBES_PER_COLOUR)
            colours = chosen if chosen != "auto" else "BYRG"[:need]
            if len(colours) < need:
                raise OptionError(_("a {n}x{n}x{n} cube needs {cubes} cubes, at least {need} colours")
                                .format(n=n, cubes=n**3, need=need), rule="B3D-R23")
            key = f"S{n}"
        else:
            colours = chosen if chosen != "auto" else DEFAULT_COLOURS[players]
            allowed = (2, 4) if players == 2 else (players,)
            if len(colours) not in allowed:
                raise OptionError(_("{players} players play with {allowed} colours, not {n} ({colours})").format(
                    players=players, allowed=_(" or ").join(map(str, allowed)), n=len(colours), colours=colours),
                    rule=MODE_RULES[players])
            key = self.options["structure"]
        return key, colours

    @classmethod
    def prepare_steps(cls, options: Mapping[str, Any]) -> Iterator[None]:
        """Builds the placement table of these options' structure a piece at a time (the one slow part
        of a new game, ~60 ms in CPython), for a caller that spreads the work over tasks."""
        probe = cls.__new__(cls)
        try:
            probe.options = cls.normalize_options(options)
            key, colours = probe._mode()
        except RuleError:
            return  # the game itself will refuse these options
        yield from layout_steps(key, len(colours))

    def setup(self, rng: Rng) -> None:
        players = self.players
        self.solitaire = players == 1
        key, colours = self._mode()
        self.colours: tuple[str, ...] = tuple(colours)
        self.gis: tuple[int, ...] = tuple(COLOURS.index(c) for c in colours)  # global colour index by seat
        self.k = len(colours)
        self.four_for_two = players == 2 and self.k == 4  # B3D-R22
        self._refuse_unused_options()
        start = self.options["start"]
        if not self.solitaire and start >= self.k:
            raise OptionError(_("the starting seat must be a colour seat (0..{last})").format(
                last=self.k - 1), rule="B3D-R12")
        self.key = key
        self.layout: Layout = layout(key, self.k)
        self.heights = [0] * (SIZE * SIZE)
        self.tops = [-1] * (SIZE * SIZE)  # global colour index of each column's top cube
        self.masks = [0, 0, 0, 0]  # cube bits by global colour index
        self.occ = 0
        self.hands = [ALL_PIECES if g in self.gis else 0 for g in range(4)]  # unplaced pieces, bit = piece
        self.out = [False] * self.k
        self.over = False
        self.solved = False
        self.log: list[str] = []
        self.current = 0 if self.solitaire else start
        self._turn_from(self.current)

    def _refuse_unused_options(self) -> None:
        """An option that cannot apply to the chosen mode is refused rather than silently ignored
        (B3D-R4: solitaire has no structure, no score and no starting seat; only solitaire has a size;
        only two players with four colours choose ``sum`` or ``best``)."""
        defaults = {spec.name: spec.default for spec in self.option_specs}
        unused = {"structure", "score", "start"} if self.solitaire else {"size"}
        if not self.four_for_two:
            unused.add("score")
        for name in sorted(unused):
            if self.options[name] != defaults[name]:
                mode = _("solitaire") if self.solitaire else _("{players} players with {k} colours").format(
                    players=self.players, k=self.k)
                raise OptionError(_("option {name} does not apply to {mode}").format(name=name, mode=mode),
                    rule="B3D-R4")

    def copy(self) -> Blokus3D:
        g = self.__class__.__new__(self.__class__)
        vars(g).update(vars(self))
        g.options = dict(self.options)
        g.history = list(self.history)
        g.heights = list(self.heights)
        g.tops = list(self.tops)
        g.masks = list(self.masks)
        g.hands = list(self.hands)
        g.out = list(self.out)
        g.log = list(self.log)
        return g

    # -- seats -----------------------------------------------------------------------------------

    def player_of(self, seat: int) -> int:
        """The player controlling colour seat ``seat`` (B3D-R22: seats 0, 2 -> player 0; 1, 3 -> player 1)."""
        if self.solitaire:
            return 0
        return seat % 2 if self.four_for_two else seat

    def seats_of(self, player: int) -> list[int]:
        return [s for s in range(self.k) if self.player_of(s) == player]

    def to_move(self) -> list[int]:
        if self.over:
            return []
        return [self.player_of(self.current)]

    @property
    def colour(self) -> str:
        """The colour to move (solitaire: the first chosen colour)."""
        return self.colours[self.current]

    # -- move generation (B3D-R6..R11) ------------------------------------------------------------

    def _target(self, g: int) -> int:
        """B3D-R10: the cube bits a placement of colour ``g`` must touch (0: no contact needed)."""
        if self.solitaire or not self.occ:
            return 0  # B3D-R23 / R10(a)
        own = self.masks[g]
        return own if own else self.occ  # R10(c) / R10(b)

    def _gen(self, g: int, first: bool = False) -> list[Place]:
        """Every legal placement of global colour ``g`` (or, with ``first``, at most one)."""
        h = self.heights
        hand = self.hands[g]
        target = self._target(g)
        lay = self.layout
        acts = lay.acts
        letter = COLOURS[g]
        out: list[Place] = []
        for p, cands in enumerate(lay.by_piece):
            if not hand >> p & 1:
                continue
            for c0, c1, l1, c2, l2, c3, l3, zmax, pid, nbrs in cands:
                z = h[c0]
                if z > zmax or h[c1] - l1 != z or h[c2] - l2 != z or h[c3] - l3 != z:
                    continue
                if target and not nbrs[z] & target:  # type: ignore[reportIndexIssue]  # the heights table is a list
                    continue
                key = (pid << 6) | (z << 2) | g
                a = acts.get(key)
                if a is None:
                    a = acts[key] = place_of(lay, letter, pid, z)
                out.append(a)
                if first:
                    return out
        return out

    def placements(self, seat: int) -> list[Place]:
        """B3D-R11: every legal placement of colour seat ``seat`` in a stable order."""
        return self._gen(self.gis[seat])

    def legal_actions(self, seat: int | None = None) -> list[Place]:
        seat = self.deciding_seat(seat)
        if seat is None:
            return []
        if self.solitaire:
            out: list[Place] = []
            for g in self.gis:
                out += self._gen(g)
            return out
        return self._gen(self.gis[self.current])

    def has_placement(self, g: int) -> bool:
        return bool(self._gen(g, first=True))

    def parse_action(self, text: str, seat: int | None = None) -> Place:
        return parse_place(text)

    # -- legality with reasons -------------------------------------------------------------------

    def check(self, action: Place) -> None:
        if not isinstance(action, Place):
            raise IllegalActionError(_("a Blokus 3D action is a placement such as {example}").format(
                example="BL4:230,240,330,430"))
        colour = action.colour
        name = _(COLOUR_NAMES[colour])
        if colour not in self.colours:
            raise IllegalActionError(_("{colour} is not in play in this game (colours {colours})").format(
                colour=name, colours="".join(self.colours)), rule="B3D-R23" if self.solitaire else MODE_RULES[self.k])
        if not self.solitaire and colour != self.colour:
            raise IllegalActionError(_("it is {colour}'s turn ({seat}), not {other}'s").format(
                colour=_(COLOUR_NAMES[self.colour]), seat=who(self.current), other=name), rule="B3D-R12")
        g = COLOURS.index(colour)
        p = PIECE_CODES.index(action.piece)
        if not self.hands[g] >> p & 1:
            raise IllegalActionError(_("{colour}'s {piece} {code} is already placed").format(
                colour=name, piece=_(PIECE_NAMES[action.piece]), code=action.piece), rule="B3D-R6")
        lim = self.layout.limits
        cubes = [(int(t[0]), int(t[1]), int(t[2])) for t in action.cubes]
        outside = (_("cell {cell} is outside the cube: every cube of a piece lies above one of its cells")
                   if self.solitaire else
                   _("cell {cell} is outside the {name}: every cube of a piece lies above a cell of the structure "
                     "(the level map shows its cells)"))
        for x, y, _z in cubes:
            if lim[y * SIZE + x] == 0:
                raise IllegalActionError(
                    outside.format(cell=cell_words(x, y), name=_(STRUCTURE_NAMES.get(self.key, ""))),
                                rule="B3D-R7")
        for x, y, z in cubes:
            if z + 1 > lim[y * SIZE + x]:
                raise IllegalActionError(_(
                    "cube {cube} would make column ({x},{y}) {height} high, above its limit {limit}").format(
                    cube=f"{x}{y}{z}", x=x, y=y, height=z + 1, limit=lim[y * SIZE + x]), rule="B3D-R8")
        lowest: dict[int, int] = {}
        for x, y, z in cubes:
            c = y * SIZE + x
            lowest[c] = min(z, lowest.get(c, z))
        for c in sorted(lowest):
            h, z = self.heights[c], lowest[c]
            if z > h:
                raise IllegalActionError(_(
                    "column {column} is {h} high, but the piece's lowest cube there is at z = {z}: "
                    "it would hang over empty space").format(column=cell_text(c), h=h, z=z), rule="B3D-R9")
            if z < h:
                raise IllegalActionError(ngettext(
                    "column {column} already holds {h} cube; the piece's lowest cube there must be at z = {h}, "
                    "not {z}",
                    "column {column} already holds {h} cubes; the piece's lowest cube there must be at z = {h}, "
                    "not {z}", h).format(column=cell_text(c), h=h, z=z), rule="B3D-R9")
        pid = self.layout.index[(action.oid, action.x, action.y)]
        target = self._target(g)
        if target and not self.layout.placements[pid].nbrs[action.z] & target:
            if target == self.masks[g]:
                raise IllegalActionError(_(
                    "{colour}'s piece must touch a {colour} cube face to face "
                    "(sharing only an edge or a corner does not count)").format(colour=name), rule="B3D-R10")
            raise IllegalActionError(_(
                "{colour}'s first piece must touch a cube of any colour face to face "
                "(sharing only an edge or a corner does not count)").format(colour=name), rule="B3D-R10")

    # -- applying --------------------------------------------------------------------------------

    def _apply(self, action: Place) -> None:
        g = COLOURS.index(action.colour)
        pl = self.layout.placements[self.layout.index[(action.oid, action.x, action.y)]]
        z = action.z
        for c, _base, top in pl.cols:
            self.heights[c] = z + top
            self.tops[c] = g
        bits = pl.masks[z]
        self.masks[g] |= bits
        self.occ |= bits
        self.hands[g] &= ~(1 << pl.piece)
        self.log.append(action.text)
        if self.solitaire:
            self._solitaire_status()
        else:
            self._turn_from((self.current + 1) % self.k)

    def _turn_from(self, seat: int) -> None:
        """B3D-R12..R15: from ``seat`` on, skip out colours, put colours without a placement out, end."""
        if self.solitaire:
            self._solitaire_status()
            return
        for step in range(self.k):
            s = (seat + step) % self.k
            if self.out[s]:
                continue  # B3D-R14
            if self.has_placement(self.gis[s]):
                self.current = s
                return
            self.out[s] = True  # B3D-R13 (D13, D14)
            self.log.append(f"{self.colours[s]}-")
        self.over = True  # B3D-R15

    def _solitaire_status(self) -> None:
        """B3D-R23: success when every column reaches n; failure when no placement remains."""
        n = int(self.key[1:])
        if all(self.heights[c] == n for c in self.layout.cells):
            self.over, self.solved = True, True
        elif not any(self.has_placement(g) for g in self.gis):
            self.over = True

    def rest(self, cubes: Iterable[tuple[int, int, int]]) -> tuple[tuple[int, int, int], ...]:
        """B3D-R9 (d), (e): a piece's cubes (x, y on the 10x10 board, any z) lowered or raised straight
        up and down until the piece rests: its lowest cube in some column meets that column's top, and
        no lowest cube lies under its column's top. Whether it may stay there is ``check``'s."""
        cubes = tuple(cubes)
        z = max(self.heights[y * SIZE + x] - z for x, y, z in cubes)
        return tuple((x, y, h + z) for x, y, h in cubes)

    # -- the end (B3D-R15..R18, R22) -------------------------------------------------------------

    def visible(self) -> dict[str, int]:
        """B3D-R16 V: columns whose top cube is each colour."""
        counts = dict.fromkeys(self.colours, 0)
        for t in self.tops:
            if t >= 0:
                counts[COLOURS[t]] += 1
        return counts

    def unplaced(self) -> dict[str, int]:
        """B3D-R16 U: unplaced pieces (pieces, not cubes) of each colour."""
        return {c: self.hands[COLOURS.index(c)].bit_count() for c in self.colours}

    def colour_scores(self) -> dict[str, int]:
        """B3D-R16: V - U per colour."""
        v, u = self.visible(), self.unplaced()
        return {c: v[c] - u[c] for c in self.colours}

    def player_scores(self) -> list[int]:
        """B3D-R17/R22: a player's colour score; with 2 players and 4 colours the sum or the best."""
        cs = self.colour_scores()
        scores = []
        for p in range(self.players):
            mine = [cs[self.colours[s]] for s in self.seats_of(p)]
            scores.append(max(mine) if self.options["score"] == "best" and self.four_for_two else sum(mine))
        return scores

    def ranking(self) -> list[list[int]]:
        """B3D-R18: groups of players by score, highest first; equal scores share a rank."""
        scores = self.player_scores()
        return [[p for p in range(self.players) if scores[p] == s] for s in sorted(set(scores), reverse=True)]

    def result(self) -> Blokus3DResult | None:
        if not self.over:
            return None
        if self.solitaire:
            n = self.key[1:]
            summary = (_("Solved: the {n}x{n}x{n} cube is complete") if self.solved
                       else _("Failed: no legal placement remains before the {n}x{n}x{n} cube is complete")).format(
                n=n)
            return Blokus3DResult(summary, [[0]], solved=self.solved)
        scores = self.player_scores()
        ranking = self.ranking()
        winners = ranking[0]

        def player(p: int) -> str:
            colours = "+".join(_(COLOUR_NAMES[self.colours[s]]) for s in self.seats_of(p))
            return f"{who(p)} ({colours})" if self.four_for_two else colours

        if len(winners) == 1:
            text = player(winners[0])
            head = _("{player} wins with {score}").format(player=text[:1].upper() + text[1:],
                                                          score=scores[winners[0]])
        else:
            head = _("Joint win at {score}: {players}").format(score=scores[winners[0]],
                                                                players=", ".join(player(p) for p in winners))
        rest = ", ".join(f"{player(p)} {scores[p]}" for p in range(self.players))
        ranks = [1 + sum(1 for q in scores if q > scores[p]) for p in range(self.players)]
        return Blokus3DResult(f"{head} ({rest})", ranking, scores=scores, ranks=ranks,
                              colour_scores=self.colour_scores(), visible=self.visible(), unplaced=self.unplaced())

    def payoffs(self) -> list[float]:
        if self.solitaire:
            return [1.0 if self.solved else 0.0]
        if not self.over:
            return [0.0] * self.players
        winners = self.ranking()[0]
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(self.players)]

    # -- presentation ----------------------------------------------------------------------------

    def grid(self, values: list[int]) -> list[list[int]]:
        return [[values[y * SIZE + x] for x in range(SIZE)] for y in range(SIZE)]

    def state_json(self) -> dict[str, Any]:
        return {
            "structure": self.key,
            "k": self.k,
            "colours": "".join(self.colours),
            "mode": self.mode(),
            "current": None if self.over else self.colour,
            "heights": self.grid(self.heights),
            "tops": ["".join(COLOURS[t] if t >= 0 else "." for t in self.tops[y * SIZE:(y + 1) * SIZE])
                     for y in range(SIZE)],
            "limits": self.grid(list(self.layout.limits)),
            "hands": {c: [PIECE_CODES[p] for p in range(len(PIECE_CODES)) if self.hands[COLOURS.index(c)] >> p & 1]
                      for c in self.colours},
            "out": [self.colours[s] for s in range(self.k) if self.out[s]],
            "scores": self.colour_scores(),
            "log": list(self.log),
            "over": self.over,
            "solved": self.solved if self.solitaire else None,
        }

    def mode(self) -> str:
        if self.solitaire:
            return "solitaire"
        if self.four_for_two:
            return f"2 players, 4 colours ({self.options['score']})"
        return f"{self.players} players"

    def render_text(self) -> str:
        """The board from above: per cell the top colour and the height (``B3``), ``..`` empty, blank outside."""
        lim = self.layout.limits
        lines = [f"{self.title}: {self.mode()}, "
                 + (f"cube {self.key[1:]}" if self.solitaire else f"{STRUCTURE_NAMES[self.key]} (k = {self.k})")]
        for y in range(SIZE - 1, -1, -1):
            row = []
            for x in range(SIZE):
                c = y * SIZE + x
                if lim[c] == 0:
                    row.append("  ")
                elif self.heights[c] == 0:
                    row.append("..")
                else:
                    row.append(f"{COLOURS[self.tops[c]]}{self.heights[c]}")
            lines.append(f"y={y} " + " ".join(row).rstrip())
        lines.append("x=  " + " ".join(f"{x} " for x in range(SIZE)).rstrip())
        scores = self.colour_scores()
        for s, c in enumerate(self.colours):
            hand = " ".join(PIECE_CODES[p] for p in range(len(PIECE_CODES)) if self.hands[COLOURS.index(c)] >> p & 1)
            tag = " (out)" if self.out[s] else ""
            lines.append(f"{COLOUR_NAMES[c]}{tag}: score {scores[c]}; in hand {hand or '-'}")
        if self.log:
            lines.append("Log: " + " ".join(self.log))
        lines.append(self.describe_turn())
        return "\n".join(lines)

    def describe_turn(self) -> str:
        if self.over:
            result = self.result()
            return result.summary if result else ""
        if self.solitaire:
            return _("Place any unplaced piece of {colours}").format(
                colours=", ".join(_(COLOUR_NAMES[c]) for c in self.colours))
        colour = _(COLOUR_NAMES[self.colour])
        return _("{colour} ({seat}) to place a piece").format(
            colour=colour[:1].upper() + colour[1:], seat=who(self.player_of(self.current)))


def record_text(game: Blokus3D) -> str:
    """Section 9: the game record, placements and out events separated by spaces."""
    return " ".join(game.log)


def replay_text(game: Blokus3D, text: str) -> Blokus3D:
    """Play a section-9 record (placements and out events) on ``game`` in place.

    Out events are not decisions: each must be exactly the event the engine wrote at that point,
    and none may be left out. RuleError otherwise, or when a placement is refused.
    """
    pos = len(game.log)
    for token in text.split():
        if len(token) == 2 and token.endswith("-"):
            if pos < len(game.log) and game.log[pos] == token:
                pos += 1
                continue
            raise IllegalActionError(_("the event {token} does not happen here").format(token=token), rule="B3D-R13")
        if pos < len(game.log):
            raise IllegalActionError(_("the record leaves out the event {event} before {token}").format(
                event=game.log[pos], token=token), rule="B3D-R13")
        game.apply(token)
        pos += 1
    if pos < len(game.log):
        raise IllegalActionError(_("the record leaves out the event {event} at its end").format(
            event=game.log[pos]), rule="B3D-R13")
    return game

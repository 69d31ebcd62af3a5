"""Mutated links of every game, and what the page does with one: shared by the fuzz test
(tests/core/test_link_fuzz.py, hypothesis) and the fuzz benchmark (tests/bench/fuzz_bench.py).

Real links come from seeded random games played with the random bot; a mutation is a small list of
edits (insert, delete, replace, truncate, a field repeated, a number swapped for a huge or strange one,
a span percent-encoded, a move replaced) applied to one. ``open_link`` then does what the page does with
a link and a move typed in the move box; only the games' own errors (RecordError, RuleError) with short
messages may come out of it.
"""

from __future__ import annotations

import functools
import json
import random
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass

from pygames.core.bots import bot_rng, make_bot
from pygames.core.errors import RecordError, RuleError
from pygames.core.match import Match
from pygames.core.percent import quote
from pygames.core.record import Record
from pygames.core.registry import game_names

GAMES = tuple(game_names())
MAX_MESSAGE = 300  # characters an error message may have, whatever was typed

SETUPS: dict[str, list[dict[str, object]]] = {  # (another game: its default options)
    "k3": [{"players": 2}, {"players": 3, "coop": True}, {"players": 4}],
    "k2": [{"players": 1}, {"players": 2}, {"players": 3, "side": "H", "weather": "WIN", "family": True}],
    "blokus3d": [{"players": 2}, {"players": 4}, {"players": 1, "size": 3}],
    "matterhorn": [{"players": 2}, {"players": 3}, {"players": 2, "hard": True}],
}

# Text a mutation inserts: huge and strange numbers, separators of the link and of the notations,
# percent-encoding (whole, partial, invalid UTF-8), non-ASCII, control characters, markup, long runs.
PAYLOADS: tuple[str, ...] = (
    "9" * 5000, "9" * 4301, "1" + "0" * 30, "0" * 50 + "1", "-1", "-9999", "4294967296", "²", "٣", "𝟘", "½",
    "1_0", " 1", "1e3", "0x1", "",
    "~", "~~", "&", "&&", "=", "==", "?", "#", "+", " ", ":", ".", ",", ">", "-", "!", "*", "(", ")", ";",
    "%", "%2", "%ZZ", "%FF", "%C3", "%C3%A4", "%E2%82", "%00", "%7E", "%26", "%3D", "%23", "%25", "%2B", "%0A",
    "é", "ß", "İ", "ﬀ", "\u200b", "\ufeff", "\u202e", "\x00", "\n", "\r\n", "\t", "\x7f",
    "<script>alert(1)</script>", "\"'", "A" * 5000, "x" * 300, "R" * 100, "s9: ", "s0: ", "s99: take 1",
    "players=", "seed=", "moves=", "v=2", "v=", "&v=1", "&seed=z", "&moves=", "&players=9", "&players=1",
    "&seats=human,mcts", "&coop=1", "&bogus=1", "E99", "H00", "P:", "A:", "C:", "BL4:", "0.0", "99.99", "999",
)

EDITS = ("insert", "delete", "replace", "truncate", "duplicate", "number", "percent", "move")


@dataclass(frozen=True)
class Edit:
    """One mutation: ``kind`` (one of EDITS), a ``where`` and a ``size`` taken modulo what fits, a payload."""

    kind: str
    where: int
    size: int
    payload: str


def real_links(game: str, count: int = 12) -> list[str]:
    """``count`` links of seeded random games (setups in turn), from the start to the end of a game."""
    return list(_real_links(game, count))


@functools.cache
def _real_links(game: str, count: int) -> tuple[str, ...]:
    bot = make_bot("random")
    chooser = random.Random(f"links:{game}")
    links = []
    for i in range(count):
        setups = SETUPS.get(game, [{}])
        options = setups[i % len(setups)]
        g = Record.new(game, options, f"fuzz-{game}-{i}").replay()
        stop = chooser.choice((0, 1, 3, 10, 40, 300))  # a few moves, up to a whole game (most of one)
        while not g.is_over() and len(g.history) < stop:
            seat = g.to_move()[0]
            g.apply(bot.choose(g, seat, bot_rng(g, seat)))
        extras = {"seats": "human,random"} if i % 3 == 0 else {}
        links.append(Record.of(g, extras).to_fragment())
    return tuple(links)


def mutate(text: str, edits: Sequence[Edit], others: Sequence[str] = ()) -> str:
    """``text`` with each edit applied in turn; ``others`` are move texts a "move" edit may put in."""
    for edit in edits:
        text = _apply(text, edit, others)
    return text


def _apply(text: str, edit: Edit, others: Sequence[str]) -> str:
    n = len(text)
    at = edit.where % (n + 1)
    end = min(n, at + edit.size % 12)
    if edit.kind == "insert":
        return text[:at] + edit.payload + text[at:]
    if edit.kind == "delete":
        return text[:at] + text[end:]
    if edit.kind == "replace":
        return text[:at] + edit.payload + text[end:]
    if edit.kind == "truncate":
        return text[:at]
    if edit.kind == "duplicate":  # a field of the link once more, possibly with another value
        fields = text.partition("?")[2].split("&")
        field = fields[edit.where % len(fields)]
        if edit.size % 2:
            field = field.partition("=")[0] + "=" + edit.payload
        return text + "&" + field
    if edit.kind == "number":  # a run of digits swapped for another number
        runs = list(re.finditer(r"[0-9]+", text))
        if not runs:
            return text + edit.payload
        run = runs[edit.where % len(runs)]
        number = edit.payload if edit.size % 3 else "9" * (4000 + edit.size % 2000)
        return text[: run.start()] + number + text[run.end():]
    if edit.kind == "percent":  # a span percent-encoded, even where it need not be
        span = "".join(f"%{b:02X}" for b in text[at:end].encode("utf-8", "surrogatepass"))
        return text[:at] + span + text[end:]
    if edit.kind == "move":  # a move replaced by another game's, or by the payload
        head, sep, moves = text.partition("moves=")
        moves, amp, tail = moves.partition("&")
        parts = moves.split("~") if moves else []
        other = quote(others[edit.size % len(others)], safe=":.,>-_!*()") if others and edit.size % 2 else edit.payload
        if parts:
            parts[edit.where % len(parts)] = other
        else:
            parts = [other]
        return head + (sep or "&moves=") + "~".join(parts) + amp + tail
    raise ValueError(f"unknown edit {edit.kind}")


def random_edits(rng: random.Random, most: int = 4) -> list[Edit]:
    """One to ``most`` edits drawn from ``rng`` (the benchmark's generator; the test draws with hypothesis)."""
    edits = []
    for _ in range(rng.randint(1, most)):
        if rng.random() < 0.8:
            payload = rng.choice(PAYLOADS)
        else:
            payload = "".join(chr(rng.choice((rng.randrange(32, 127), rng.randrange(0x80, 0x3000))))
                              for _ in range(rng.randrange(1, 6)))
        edits.append(Edit(rng.choice(EDITS), rng.randrange(10**6), rng.randrange(10**6), payload))
    return edits


def random_case(game: str, rng: random.Random) -> tuple[str, str | None]:
    """A mutated link of ``game`` (now and then an intact one) and a typed move (none, a real move of
    the game, or a mutated one), drawn from ``rng`` as the test draws them with hypothesis."""
    moves = all_moves(game)
    link = rng.choice(real_links(game))
    if rng.random() < 0.85:
        link = mutate(link, random_edits(rng), moves)
    typed = rng.choice((None, rng.choice(moves), mutate(rng.choice(moves), random_edits(rng, 3))))
    return link, typed


def all_moves(game: str) -> list[str]:
    """Every move text of the game's real links (what a "move" edit or a typed move may reuse)."""
    return list(_all_moves(game))


@functools.cache
def _all_moves(game: str) -> tuple[str, ...]:
    moves: list[str] = []
    for link in real_links(game):
        moves.extend(Record.parse(link).moves)
    return tuple(dict.fromkeys(moves))


def check_case(link: str, typed: str | None, decode_times: list[float] | None = None) -> str:
    """What the page does with a link and then a move typed in the move box: parse, replay (Match),
    each seat's view, the pictures and words, the legal moves, then the typed move parsed and played.

    Only the games' own errors (RecordError, RuleError) may come out, with messages of at most
    MAX_MESSAGE characters; anything else escapes. Returns the outcome: "ok", or the stage and the
    error ("parse: RecordError", "replay: RecordError", "move: RuleError"). A link that is read must
    also be written back to a link that reads the same (the page rewrites the link after each move).
    ``decode_times`` gets the seconds from the link to the replayed game (or to its refusal).
    """
    stage = "parse"
    start = time.perf_counter()
    try:
        record = Record.parse(link)
        stage = "replay"
        match = Match(record)
        if decode_times is not None:
            decode_times.append(time.perf_counter() - start)
        _check_round_trip(record)
        game = match.game
        json.dumps(game.state_json())
        game.render_text()
        game.describe_turn()
        for seat in range(game.players):
            view = game.view(seat)
            json.dumps(view.state_json())
            view.render_text()
        for seat in game.to_move():
            game.legal_actions(seat)
        if typed is None or not game.to_move():
            return "ok"
        stage = "move"
        action = game.parse_action(typed, game.to_move()[0])
        match.apply(action)
        json.dumps(match.game.state_json())
        match.game.render_text()
        match.game.describe_turn()
        return "ok"
    except (RecordError, RuleError) as error:
        if decode_times is not None and stage != "move":
            decode_times.append(time.perf_counter() - start)
        message = str(error)
        assert len(message) <= MAX_MESSAGE, f"{len(message)} characters: {message[:400]!r}"
        kind = "RuleError" if isinstance(error, RuleError) else type(error).__name__  # its kinds alike
        return f"{stage}: {kind}"


def _check_round_trip(record: Record) -> None:
    """A record read from a link is written back to a link that reads the same, whatever it held."""
    try:
        again = Record.parse(record.to_fragment())
    except (RecordError, RuleError) as error:
        raise AssertionError(f"{record.to_fragment()[:200]!r} written back is refused: {error}") from None
    assert (again.game, again.options, again.seed, again.moves, again.extras) == (
        record.game, record.options, record.seed, record.moves, record.extras), record.to_fragment()[:200]

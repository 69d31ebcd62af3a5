"""Game records and their link form: options + seed + action texts, like a PGN in a URL fragment.

Link syntax (the part after ``#``)::

    k3?v=1&players=3&coop=1&seed=alpine-42&moves=A:RBK...~A:...~P:5.0>1.3

* ``GAME`` first, then ``?`` and ``&``-separated ``key=value`` fields, percent-encoded where needed
  (``+`` stands for a space);
* ``v`` is the game's rules version (a record from another version is refused, never mis-replayed);
* game options by name (``players`` always; others only when not the default);
* ``seed`` is any text; ``moves`` is the action texts, in the game's notation, separated by ``~``;
* ``seats`` (optional) is who sits where for the app, e.g. ``human,mcts`` — not part of the game;
* ``at`` (optional) is the position the link shows: after its first ``at`` moves (0 to the number of
  moves), with every move still in the record (the page opens it there with its replay controls; the
  CLI's ``show`` shows that position) — not part of the game either.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from .errors import NUMBER, RecordError, RuleError, excerpt
from .game import Game
from .i18n import _
from .percent import quote, unquote_plus
from .registry import get_game

MOVE_SEPARATOR = "~"
# the page's: who sits where; how many hints were shown; the moves played as a hint showed them (numbers joined by dots)
EXTRA_FIELDS = ("seats", "hints", "hinted")
_SAFE = ":.,>-_!*()"


@lru_cache(maxsize=8192)
def _enc(text: str) -> str:
    """One field of a link, percent-encoded (kept: the page writes a long game's link on every move)."""
    return quote(text, safe=_SAFE).replace("%20", "+")


@dataclass
class Record:
    """A game as a link says it: its name, options, seed and moves (and the page's extras: seats, the move
    shown). Every dataclass here has a docstring: without one, ``dataclass`` writes one from the class's
    signature, about 20 ms of a boot in Pyodide (tests/test_import_costs.py)."""

    game: str
    options: dict[str, Any]
    seed: str
    moves: list[str] = field(default_factory=list)
    extras: dict[str, str] = field(default_factory=dict)
    at: int | None = None  # the position shown: after this many moves (None: after all of them)

    # -- building ---------------------------------------------------------------------------

    @classmethod
    def of(cls, game: Game, extras: dict[str, str] | None = None) -> Record:
        return cls(game.name, dict(game.options), game.seed, list(game.history), dict(extras or {}))

    @classmethod
    def new(cls, game: str, options: dict[str, Any] | None = None, seed: str = "") -> Record:
        game_cls = get_game(game)
        try:
            opts = game_cls.normalize_options(options or {})
        except RuleError as e:
            raise RecordError(str(e)) from None
        try:
            str(seed).encode("utf-8")
        except UnicodeEncodeError:
            raise RecordError(_("the seed must be text (it holds bytes that are not valid UTF-8)")) from None
        return cls(game, opts, seed)

    # -- text form --------------------------------------------------------------------------

    def to_fragment(self) -> str:
        game_cls = get_game(self.game)
        parts = [f"v={game_cls.rules_version}"]
        for spec in game_cls.option_specs:
            value = self.options.get(spec.name, spec.default)
            if spec.name == "players" or value != spec.default:
                parts.append(f"{spec.name}={_enc(spec.text(value))}")
        parts.append(f"seed={_enc(self.seed)}")
        parts.append("moves=" + MOVE_SEPARATOR.join(_enc(m) for m in self.moves))
        for key in EXTRA_FIELDS:
            if key in self.extras:
                parts.append(f"{key}={_enc(self.extras[key])}")
        if self.at is not None:
            parts.append(f"at={self.at}")
        return f"{self.game}?" + "&".join(parts)

    def to_link(self, base: str = "") -> str:
        return f"{base.split('#')[0]}#{self.to_fragment()}"

    @classmethod
    def parse(cls, text: str) -> Record:
        record = cls._parse(text)
        for value in (record.seed, *record.moves, *record.extras.values()):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                raise RecordError(_("the link holds text that is not valid UTF-8")) from None
        return record

    @classmethod
    def _parse(cls, text: str) -> Record:
        """Read a full link URL, its ``#fragment``, or the bare fragment text."""
        text = (text or "").strip()
        if "#" in text:
            text = text.split("#", 1)[1]
        if not text:
            raise RecordError(_("the link holds no game (nothing after '#')"))
        name, _sep, query = text.partition("?")
        name = unquote_plus(name).strip().lower()
        game_cls = get_game(name)
        fields: dict[str, str] = {}
        for part in query.split("&") if query else []:
            if not part:
                continue
            key, eq, value = part.partition("=")
            key = unquote_plus(key)
            if not eq:
                raise RecordError(_("the link field {name} has no '=value'").format(name=excerpt(key)))
            if key in fields:
                raise RecordError(_("the link names {name} twice").format(name=excerpt(key)))
            fields[key] = unquote_plus(value)
        version = fields.pop("v", str(game_cls.rules_version))
        if version != str(game_cls.rules_version):
            raise RecordError(_(
                "this {title} record was made with rules version {version}; this app plays version {ours} and will "
                "not guess how to replay it").format(title=game_cls.title, version=excerpt(version, quote=False),
                                                     ours=game_cls.rules_version))
        if "seed" not in fields:
            raise RecordError(_("the link has no seed (seed=...)"))
        seed = fields.pop("seed")
        raw_moves = fields.pop("moves", "")
        moves = [m for m in raw_moves.split(MOVE_SEPARATOR)] if raw_moves else []
        if any(not m.strip() for m in moves):
            raise RecordError(_("the link’s move list has an empty move (two '~' in a row?)"))
        extras = {k: fields.pop(k) for k in EXTRA_FIELDS if k in fields}
        at = cls._position(fields.pop("at", None), len(moves))
        try:
            options = game_cls.normalize_options(fields)
        except RuleError as e:
            raise RecordError(str(e)) from None
        return cls(name, options, seed, [m.strip() for m in moves], extras, at)

    @staticmethod
    def _position(text: str | None, moves: int) -> int | None:
        """The link's ``at``: a move number from 0 to the number of moves (RecordError otherwise)."""
        if text is None:
            return None
        at = int(text) if re.fullmatch(NUMBER, text.strip()) else -1
        if not 0 <= at <= moves:
            raise RecordError(_("the link’s position at={at} is not one of this game: it must be a number of moves "
                                "from 0 to {n}").format(at=excerpt(text), n=moves))
        return at

    # -- replay -----------------------------------------------------------------------------

    def replay(self, upto: int | None = None) -> Game:
        """The game after the first ``upto`` moves (all by default); RecordError on a bad move."""
        game_cls = get_game(self.game)
        try:
            game = game_cls.new(self.options, self.seed)
        except RuleError as e:
            raise RecordError(str(e)) from None
        moves = self.moves if upto is None else self.moves[:upto]
        for index, text in enumerate(moves, start=1):
            try:
                game.apply(text)
            except RuleError as e:
                raise RecordError(_("move {n} ({move}) cannot be played: {reason}").format(
                    n=index, move=excerpt(text, quote=False), reason=e)) from None
        return game

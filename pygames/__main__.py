"""The command line: ``python -m pygames`` (also the ``pygames`` console script).

Records are the same text as links: a full URL, its ``#fragment``, or the bare fragment.
Exit status: 0 on success, 2 when a record, option or action is refused (the reason on stderr).
"""

from __future__ import annotations

import argparse
import json
import re
import secrets
import sys
import time
from collections import Counter
from typing import Any

from .core.bots import BOTS, bot_rng, make_bot
from .core.errors import NUMBER, RecordError, RuleError, excerpt, number
from .core.game import Game
from .core.record import Record
from .core.registry import game_names

SEED_WORDS = ("alpine", "boulder", "cairn", "col", "cornice", "glacier", "moraine", "ridge", "serac", "summit")


def random_seed() -> str:
    """A readable fresh seed such as ``glacier-4821`` (the choice of seed, not game chance)."""
    return f"{secrets.choice(SEED_WORDS)}-{secrets.randbelow(10000):04d}"


class CliError(Exception):
    """A refusal to report on stderr with exit status 2."""


def _parse_opts(pairs: list[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq or not key:
            raise CliError(f"--opt takes KEY=VALUE, not {excerpt(pair)}")
        options[key] = value
    return options


def _record(text: str) -> Record:
    return Record.parse(text)


def _legal(game: Game) -> dict[str, list[str] | None]:
    out: dict[str, list[str] | None] = {}
    for seat in game.to_move():
        actions = game.legal_actions(seat)
        out[str(seat)] = None if actions is None else [str(a) for a in actions]
    return out


def position_json(record: Record, game: Game, per_seat: bool = False) -> dict[str, Any]:
    """The position as JSON; ``per_seat`` (``show --seat N``) for a seat's view: then, in a game that hides
    information, nothing that recreates hidden chance (the seed) and only the moves the seat may know."""
    secret = per_seat and game.hides_information
    out: dict[str, Any] = {
        "game": record.game,
        "options": record.options,
        "seed": record.seed,
        "moves": list(game.history),
        "to_move": game.to_move(),
        "legal": _legal(game),
        "over": game.is_over(),
        "result": result.as_dict() if (result := game.result()) else None,
        "state": game.state_json(),
    }
    if secret:
        del out["seed"]
    return out


def cmd_new(args: argparse.Namespace) -> str:
    options: dict[str, Any] = _parse_opts(args.opt)
    if args.players is not None:
        options["players"] = args.players
    record = Record.new(args.game, options, args.seed if args.seed is not None else random_seed())
    record.replay()  # refuse options the setup cannot use, now rather than later
    return record.to_fragment()


def _seat_view(game: Game, seat: str | None) -> Game:
    if seat is None or seat == "all":
        return game
    try:
        index = number(seat, "--seat")
    except RuleError:
        raise CliError(f"--seat takes a seat number or 'all', not {excerpt(seat)}") from None
    if not 0 <= index < game.players:
        raise CliError(f"--seat must be 0..{game.players - 1}")
    return game.view(index)


def cmd_show(args: argparse.Namespace) -> str:
    """The position after the record's moves, or after its first ``at`` moves (the link's ``at=N``)."""
    record = _record(args.record)
    game = _seat_view(record.replay(record.at), args.seat)
    per_seat = args.seat not in (None, "all")
    if args.json:
        return json.dumps(position_json(record, game, per_seat), indent=None if args.compact else 2)
    seed = "" if per_seat and game.hides_information else f" · seed {record.seed}"
    moves = f"{len(game.history)} moves" + (f" of {len(record.moves)}" if record.at is not None else "")
    lines = [f"{game.title}{seed} · {moves}", game.render_text()]
    for seat, actions in _legal(game).items():
        if actions is None:
            lines.append(f"Seat {seat}: actions too many to list (see the notation in the rules)")
        else:
            lines.append(f"Seat {seat} legal ({len(actions)}): {' '.join(actions)}")
    return "\n".join(lines)


def cmd_play(args: argparse.Namespace) -> str:
    """The record's moves (its first ``at``, with ``at=N``: a new game from there) and then ``actions``."""
    record = _record(args.record)
    game = record.replay(record.at)
    for index, text in enumerate(args.actions, start=1):
        try:
            game.apply(text)
        except RuleError as e:
            raise CliError(f"action {index} ({excerpt(text, quote=False)}) refused: {e}") from None
    record.moves = list(game.history)
    record.at = None
    return record.to_fragment()


def simulate(
    game_name: str,
    players: int,
    games: int,
    seed: str,
    bots: list[str],
    options: dict[str, Any] | None = None,
    rotate: bool = False,
    first: int = 0,
    cpu_clock: bool = False,
) -> dict[str, Any]:
    """Bot-vs-bot games; seat i plays ``bots[i % len(bots)]`` (shifted by one seat each game with
    ``rotate``, so that no bot keeps the same seat's advantage); per-game and summary figures.
    Games are numbered from ``first`` (their seeds ``{seed}-{n}``), so a series can be split.
    ``cpu_clock``: time budgets and think times count this process's CPU time, not the wall clock, so
    a loaded machine gives a search the same work as a quiet one."""
    clock = time.process_time if cpu_clock else time.perf_counter
    opts = dict(options or {})
    opts["players"] = players
    records = []
    wins_seat: Counter[int] = Counter()
    wins_bot: Counter[str] = Counter()
    think: dict[str, list[float]] = {b: [] for b in bots}
    start = time.perf_counter()
    for i in range(first, first + games):
        game_seed = f"{seed}-{i}"
        game = Record.new(game_name, opts, game_seed).replay()
        shift = i if rotate else 0
        seat_bots = [bots[(s + shift) % len(bots)] for s in range(players)]
        engines = [make_bot(b, clock=clock) if b.startswith("mcts") else make_bot(b) for b in seat_bots]
        while not game.is_over():
            seat = game.to_move()[0]
            t0 = clock()
            action = engines[seat].choose(game, seat, bot_rng(game, seat))
            think[seat_bots[seat]].append(clock() - t0)
            game.apply(action)
        payoffs = game.payoffs()
        for s, p in enumerate(payoffs):
            wins_seat[s] += p  # type: ignore[reportArgumentType]  # wins count half games on ties
            wins_bot[seat_bots[s]] += p  # type: ignore[reportArgumentType]  # wins count half games on ties
        result = game.result()
        records.append({"seed": game_seed, "bots": seat_bots, "length": len(game.history),
                        "result": result.summary if result else None, "payoffs": payoffs})
    elapsed = time.perf_counter() - start
    return {
        "game": game_name,
        "players": players,
        "bots": bots,
        "rotate": rotate,
        "games": records,
        "summary": {
            "games": games,
            "wins_per_seat": {str(s): wins_seat[s] for s in range(players)},
            "wins_per_bot": dict(wins_bot),
            "mean_move_ms": {b: (1000 * sum(v) / len(v) if v else None) for b, v in think.items()},
            "decisions_per_bot": {b: len(v) for b, v in think.items()},
            "seconds": elapsed,
            "games_per_second": games / elapsed if elapsed else None,
        },
    }


def cmd_simulate(args: argparse.Namespace) -> str:
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    for b in bots:
        try:
            make_bot(b)
        except ValueError as e:
            raise CliError(str(e)) from None
    if args.games < 1:
        raise CliError("--games must be at least 1")
    report = simulate(args.game, args.players, args.games, args.seed or random_seed(), bots, _parse_opts(args.opt),
                      rotate=args.rotate)
    if args.json:
        return json.dumps(report, indent=2)
    lines = [f"{'seed':<24} {'bots by seat':<30} {'moves':>5}  result"]
    lines += [f"{g['seed']:<24} {','.join(g['bots']):<30} {g['length']:>5}  {g['result']}" for g in report["games"]]
    s = report["summary"]
    lines.append("")
    lines.append("wins per seat: " + ", ".join(f"seat {k}: {v:g}" for k, v in s["wins_per_seat"].items()))
    lines.append("wins per bot:  " + ", ".join(f"{k}: {v:g}" for k, v in s["wins_per_bot"].items()))
    lines.append("mean move ms:  " + ", ".join(f"{k}: {v:.2f}" for k, v in s["mean_move_ms"].items() if v is not None))
    lines.append(f"{s['games']} games in {s['seconds']:.2f} s = {s['games_per_second']:.1f} games/s")
    return "\n".join(lines)


def _count(text: str) -> int:
    """An argument that is a whole number (at most 4 digits, like every number of the notations)."""
    if not re.fullmatch(NUMBER, text.strip()):
        raise argparse.ArgumentTypeError(f"expected a whole number of at most 4 digits, not {excerpt(text)}")
    return int(text)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="pygames", description="Mountain board games: records, positions, bots.")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("new", help="print a new game record")
    p.add_argument("game", help=f"one of: {', '.join(game_names())}")
    p.add_argument("--players", type=_count)
    p.add_argument("--seed")
    p.add_argument("--opt", action="append", default=[], metavar="KEY=VALUE")
    p.set_defaults(run=cmd_new)

    p = sub.add_parser("show", help="print the position of a record (with at=N in it: after its first N moves)")
    p.add_argument("record", help="a link URL, its #fragment, or the bare fragment")
    p.add_argument("--json", action="store_true")
    p.add_argument("--compact", action="store_true", help="with --json: one line")
    p.add_argument("--seat", help="show what this seat may see ('all': everything)")
    p.set_defaults(run=cmd_show)

    p = sub.add_parser("play", help="apply actions to a record (with at=N: to its first N moves) and print the "
                       "new record")
    p.add_argument("record")
    p.add_argument("actions", nargs="+")
    p.set_defaults(run=cmd_play)

    p = sub.add_parser("simulate", help="bot-vs-bot games")
    p.add_argument("game")
    p.add_argument("--players", type=_count, required=True)
    p.add_argument("--games", type=_count, default=10)
    p.add_argument("--seed")
    p.add_argument("--bots", default="random", help=f"comma-separated, per seat in turn: {', '.join(BOTS)} "
                   "(mcts:MS for a time budget, mcts:iN for N iterations)")
    p.add_argument("--opt", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--rotate", action="store_true", help="shift the bots by one seat each game")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_simulate)
    return parser


def main(argv: list[str] | None = None) -> int:
    for stream in (sys.stdout, sys.stderr):  # a terminal that cannot show a character gets an escape, not a crash
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")  # type: ignore[reportAttributeAccessIssue]  # sys.stdout is a TextIOWrapper
    args = build_parser().parse_args(argv)
    try:
        print(args.run(args))
    except (CliError, RecordError, RuleError) as e:
        print(f"pygames: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())

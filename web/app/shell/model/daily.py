"""The daily challenge: "Today's climb" (K2 solo) and "Today's cube" (a Blokus 3D solitaire), the same for
everyone on a date, offline (pure functions, no browser; no engine is loaded to draw the home page).

Everyone gets the seed ``daily-YYYY-MM-DD`` of the player's own date (the device's calendar). The climb is
K2 solo with the default side and weather; the cube is the 3×3×3 solitaire in a colour drawn from the date
(Sundays: the 4×4×4 in two colours). A challenge a human finishes on this device (by a move, not one opened
finished: a friend's result link) keeps its best result per day on the device (``KEY`` in localStorage: per
date and game, the score, its words' numbers, the hints asked for and the game's link, which anyone can open
and replay); the home page lists the last ``DAYS_LISTED`` days. A result reached with hints says so ("solved
with 3 hints": the record's ``hints``, in its link and save) and never replaces one reached without. The game
screen of a challenge names it and its date; a finished one has a Share button (``share_text``). The markup
(the home page's section, the game screen's banner and the result's note) is shell/screens/daily.py.
"""

from __future__ import annotations

import json
import time
from datetime import date
from typing import Any

from pygames.core.i18n import N_, _, ngettext
from pygames.core.percent import quote, unquote_plus
from pygames.core.rng import Rng

from .players import HUMAN
from .saves import SavedGame

KEY = "pygames:daily"
DAYS_LISTED = 30
PREFIX = "daily-"
CLIMB, CUBE = "k2", "blokus3d"
NAMES = {CLIMB: N_("Today’s climb"), CUBE: N_("Today’s cube")}  # the home page's cards
KINDS = {CLIMB: N_("Daily climb"), CUBE: N_("Daily cube")}  # a day's result, any day
ABOUT = {CLIMB: N_("K2 solo: the same decks, weather and risk tokens for everyone today."),
         CUBE: N_("A Blokus 3D solitaire: fill the cube with the day’s pieces.")}


# a date in words, whole (each language orders day, month and year its own way)
MONTH_DATES = (N_("{d} January {year}"), N_("{d} February {year}"), N_("{d} March {year}"), N_("{d} April {year}"),
               N_("{d} May {year}"), N_("{d} June {year}"), N_("{d} July {year}"), N_("{d} August {year}"),
               N_("{d} September {year}"), N_("{d} October {year}"), N_("{d} November {year}"),
               N_("{d} December {year}"))


def long_date(day: date) -> str:
    """``day`` in words in the page's language: "29 November 2026"."""
    return _(MONTH_DATES[day.month - 1]).format(d=day.day, year=day.year)


def today(now: float | None = None) -> date:
    """The date on this device's calendar (``now``: seconds since the epoch, for a fixed clock)."""
    return date.fromtimestamp(time.time() if now is None else now)


def seed(day: date) -> str:
    """The seed everyone plays on ``day``."""
    return f"{PREFIX}{day.isoformat()}"


def day_of(text: str) -> date | None:
    """The date of a daily seed (None for any other seed)."""
    if not text.startswith(PREFIX) or len(text) != len(PREFIX) + 10:
        return None
    try:
        return date.fromisoformat(text[len(PREFIX):])
    except ValueError:
        return None


def options(game: str, day: date) -> dict[str, Any]:
    """The challenge's options on ``day`` (as a link writes them)."""
    if game == CLIMB:
        return {"players": 1}
    draw = Rng(seed(day) + ":cube")
    size = 4 if day.weekday() == 6 else 3
    letters = list("BYRG")
    draw.shuffle(letters)
    return {"players": 1, "colours": "".join(letters[: 1 if size == 3 else 2]), "size": size}


def fragment(game: str, day: date) -> str:
    """The link (fragment) that starts the challenge: a human alone, no move yet."""
    fields = "&".join(f"{k}={quote(str(v), safe='')}" for k, v in options(game, day).items())
    return f"{game}?{fields}&seed={seed(day)}&moves=&seats={HUMAN}"


def _fields(link: str) -> dict[str, str]:
    name, _sep, query = link.partition("?")
    out = {"": name}
    for part in query.split("&"):
        key, _eq, value = part.partition("=")
        out[unquote_plus(key)] = unquote_plus(value)
    return out


def challenge_of(link: str) -> tuple[str, date] | None:
    """(game, date) when ``link`` is a daily challenge's game (its seed, options and a lone human)."""
    fields = _fields(link)
    game, day = fields[""], day_of(fields.get("seed", ""))
    if game not in NAMES or day is None or fields.get("seats", HUMAN).partition(":")[0] != HUMAN:
        return None
    wanted = {k: str(v) for k, v in options(game, day).items()}
    defaults = {"size": "3", "colours": "auto"}
    same = all(fields.get(k, defaults.get(k)) == v for k, v in wanted.items())
    extra = set(fields) - {"", "v", "seed", "moves", "seats", "hints", "hinted", *wanted}
    return (game, day) if same and not extra else None


# -- results -------------------------------------------------------------------------------------------


def result_of(game: Any) -> dict[str, Any]:
    """A finished challenge's result: ``score`` (higher is better) and the numbers its words say."""
    if game.name == CLIMB:
        result = game.result()
        return {"score": [result.scores[0]], "points": result.scores[0], "title": result.title}
    n = int(game.key[1:])
    cubes = sum(game.heights[c] for c in game.layout.cells)
    return {"score": [int(game.solved), cubes, -len(game.history)], "solved": bool(game.solved), "cubes": cubes,
            "of": n**3, "n": n}


def hints_in(link: str) -> int:
    """The hints a game's link says were asked for (its ``hints`` field; 0 without one)."""
    text = _fields(link).get("hints", "")
    return int(text) if text.isascii() and text.isdigit() and len(text) < 7 else 0


def rank(result: dict[str, Any]) -> list:
    """How a kept result compares (higher is better): any result without hints above every one with hints,
    then the score, then fewer hints."""
    hints = result.get("hints", 0) if isinstance(result.get("hints", 0), int) else 0
    return [int(hints == 0), *list(result.get("score", [])), -hints]


def words(game: str, result: dict[str, Any]) -> str:
    """A result in words: "4×4×4 cube solved", "12 points · Alpinist", "… with 3 hints"."""
    if game == CLIMB:
        said = _("{n} points · {title}").format(n=result["points"], title=_(result["title"]))
    elif result.get("solved"):
        said = _("{n}×{n}×{n} cube solved").format(n=result["n"])
    else:
        said = _("{k} of {total} cubes").format(k=result["cubes"], total=result["of"])
    hints = result.get("hints", 0)
    if isinstance(hints, int) and hints > 0:
        said = ngettext("{result} with {n} hint", "{result} with {n} hints", hints).format(result=said, n=hints)
    return said


def results(device: Any) -> dict[str, dict[str, dict[str, Any]]]:
    """Every kept result: date (ISO) -> game -> result (with ``link``); {} when none or unreadable."""
    try:
        table = json.loads(device.getItem(KEY) or "{}")
    except (TypeError, ValueError):
        return {}
    return table if isinstance(table, dict) else {}


def note(device: Any, link: str, game: Any) -> bool:
    """Keep ``game``'s result if it is a finished daily challenge (``link``: its record's fragment) and the
    best of its day on this device; True when kept."""
    found = challenge_of(link)
    if found is None or not game.is_over():
        return False
    name, day = found
    mine = {**result_of(game), "hints": hints_in(link), "link": link}
    table = results(device)
    days = table.get(day.isoformat())
    if not isinstance(days, dict):
        days = table[day.isoformat()] = {}
    best = days.get(name)
    if isinstance(best, dict) and rank(best) >= rank(mine):
        return False
    days[name] = mine
    for old in sorted(table)[:-2 * DAYS_LISTED]:  # a few months at most
        del table[old]
    try:
        device.setItem(KEY, json.dumps(table))
    except Exception:  # storage full or blocked: the result is shown, not kept
        return False
    return True


# -- where to play it, what it is called, what is shared --------------------------------------------


def start(game: str, day: date, saves: list) -> tuple[str, bool]:
    """Where the player goes to play ``game``'s challenge of ``day``: (the fragment, whether it resumes a game
    of it saved on this device)."""
    for entry in saves:
        if isinstance(entry, SavedGame) and not entry.over and challenge_of(entry.link) == (game, day):
            return f"play/{entry.id}", True
    return fragment(game, day), False


def name_of(game: str, day: date, now: float | None = None) -> str:
    """The challenge and its date in words: "Today’s cube · 29 November 2026" (another day's: "Daily cube")."""
    name = NAMES[game] if day == today(now) else KINDS[game]
    return _("{challenge} · {day}").format(challenge=_(name), day=long_date(day))


def share_text(session: Any, link: str) -> str:
    """What Share gives of a finished challenge: the game, the day, the result with its hints, and the link
    that replays the game ("" for another game)."""
    record = session.match.record()
    found = challenge_of(record.to_fragment())
    if found is None or not session.game.is_over():
        return ""
    game, day = found
    result = {**result_of(session.game), "hints": session.hints}
    line = _("{title} · {challenge} of {day}: {result}").format(
        title=session.game.title, challenge=_(KINDS[game]), day=long_date(day), result=words(game, result))
    return f"{line}\n{link}"

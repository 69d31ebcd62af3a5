"""The daily challenge (shell/model/daily.py, shell/screens/daily.py), with a fixed clock: the same date gives
the same seed and options on any device, offline; a finished challenge keeps its best result of the day,
whose link replays to the same score in CPython; the home page lists the last 30 days."""

from __future__ import annotations

import calendar
import json
from datetime import date, datetime

import pytest
from babel.messages.pofile import read_po
from games import view_class
from games.k2 import view as k2_view
from shell.contract.view import MOVED
from shell.model import daily
from shell.model.saves import MemoryStorage, SavedGame
from shell.model.session import Session
from shell.screens import daily as daily_screen
from shell.screens import game as screen
from shell.screens import home

from pygames.blokus3d.solver import hint
from pygames.core import i18n
from pygames.core.bots import HeuristicBot, bot_rng
from pygames.core.match import Match
from pygames.core.record import Record

NOON = calendar.timegm(datetime(2026, 11, 28, 12).timetuple())  # a fixed clock: noon UTC on 28 November


def play_out(fragment: str, moves: int | None = None):
    """The challenge's game played by the medium bot for its human (``moves`` of it, or to the end)."""
    game = Record.parse(fragment).replay()
    bot = HeuristicBot()
    while not game.is_over() and (moves is None or len(game.history) < moves):
        game.apply(bot.choose(game, 0, bot_rng(game, 0)))
    return game


def test_the_same_date_gives_the_same_challenge_on_any_device():
    day = daily.today(NOON)
    assert day == date(2026, 11, 28)  # (any time zone: noon UTC is the 28th from -11 to +11 hours)
    assert daily.seed(day) == "daily-2026-11-28" and daily.day_of("daily-2026-11-28") == day
    assert daily.day_of("daily-2026-13-01") is None and daily.day_of("alpine-42") is None
    climb = Record.parse(daily.fragment("k2", day))
    assert climb.seed == "daily-2026-11-28" and climb.options["players"] == 1 and climb.extras["seats"] == "human"
    cube = Record.parse(daily.fragment("blokus3d", day))
    assert cube.options["players"] == 1 and cube.options["size"] == 3 and len(cube.options["colours"]) == 1
    # the same texts again (another device): nothing comes from the device but its date
    assert daily.fragment("blokus3d", date(2026, 11, 28)) == daily.fragment("blokus3d", day)
    weekdays = [date(2026, 11, d) for d in range(1, 29) if date(2026, 11, d).weekday() != 6]
    assert {daily.options("blokus3d", d)["colours"] for d in weekdays} == set("BYRG")  # a colour a day
    sunday = date(2026, 11, 29)
    assert daily.options("blokus3d", sunday)["size"] == 4 and len(daily.options("blokus3d", sunday)["colours"]) == 2
    assert Record.parse(daily.fragment("blokus3d", sunday)).replay().legal_actions(0)  # a cube that can be played
    for game in ("k2", "blokus3d"):  # both start with the human to move and replay the same way twice
        text = daily.fragment(game, day)
        assert daily.challenge_of(text) == (game, day)
        assert play_out(text, 6).history == play_out(text, 6).history


def test_a_finished_challenge_keeps_the_best_of_its_day_and_its_link_replays_to_it():
    day = daily.today(NOON)
    device = MemoryStorage()
    game = play_out(daily.fragment("k2", day))
    link = Record.of(game, {"seats": "human"}).to_fragment()
    assert daily.note(device, link, game)
    kept = daily.results(device)["2026-11-28"]["k2"]
    assert kept["points"] == game.result().scores[0] and kept["link"] == link
    replayed = Record.parse(kept["link"]).replay()  # anyone's CPython: the same score
    assert replayed.result().scores == game.result().scores and replayed.seed == "daily-2026-11-28"
    assert not daily.note(device, link, game)  # not better: kept as it was
    worse = dict(kept, score=[kept["score"][0] - 1])
    device.setItem(daily.KEY, json.dumps({"2026-11-28": {"k2": worse}}))
    assert daily.note(device, link, game) and daily.results(device)["2026-11-28"]["k2"]["score"] == kept["score"]
    # not a challenge: another seed, a bot at the table, other options, a game not over
    other = Record.of(game, {"seats": "heuristic"}).to_fragment()
    assert daily.challenge_of(other) is None and not daily.note(MemoryStorage(), other, game)
    assert daily.challenge_of(link.replace("players=1", "players=1&side=H")) is None
    assert daily.challenge_of(link.replace("daily-2026-11-28", "alpine-42")) is None
    unfinished = play_out(daily.fragment("k2", day), 5)
    assert not daily.note(MemoryStorage(), Record.of(unfinished, {"seats": "human"}).to_fragment(), unfinished)
    # the cube's result: solved or not, and how many cubes
    cube = play_out(daily.fragment("blokus3d", day))
    cube_link = Record.of(cube, {"seats": "human"}).to_fragment()
    assert daily.note(device, cube_link, cube)
    result = daily.results(device)["2026-11-28"]["blokus3d"]
    assert result["of"] == 27 and result["solved"] == cube.solved and 0 < result["cubes"] <= 27


def test_the_home_page_offers_today_and_lists_the_last_30_days():
    day = daily.today(NOON)
    device = MemoryStorage()
    table = {}
    for back in (0, 3, 29, 30, 45):  # days ago: the last three of them are not listed (30 days: 0..29)
        when = date.fromordinal(day.toordinal() - back).isoformat()
        table[when] = {"k2": {"score": [back], "points": back, "title": "Sailor", "link": f"k2?seed=daily-{when}"}}
    device.setItem(daily.KEY, json.dumps(table))
    html = daily_screen.section(day, device, [])
    assert html.count("data-daily-day=") == 3 and 'data-daily-day="2026-10-29"' not in html
    assert 'href="#k2?players=1&amp;seed=daily-2026-11-28&amp;moves=&amp;seats=human"' in html
    assert "Your best today: 0 points" in html
    started = SavedGame("s1", "k2", Record.of(play_out(daily.fragment("k2", day), 4), {"seats": "human"})
                        .to_fragment(), 0.0, moves=4)
    assert 'href="#play/s1"' in daily_screen.section(day, device, [started])  # today's climb, begun: resumed
    page = home.render_home([], [], daily=html)
    assert page.index("Daily challenge · 2026-11-28") < page.index("Saved games")


def test_the_result_dialog_of_a_challenge_gives_its_result_link():
    day = daily.today(NOON)
    game = play_out(daily.fragment("k2", day))
    record = Record.of(game, {"seats": "human"})
    device = MemoryStorage()
    daily.note(device, record.to_fragment(), game)
    play = Session(Match(record), ["human"], "s", view_class("k2"), device=device)
    html = screen.render(play, "http://x/#" + record.to_fragment())
    said = daily.words("k2", {**daily.result_of(game), "hints": 0})
    assert f"Daily climb of 28 November 2026: {said} · your best that day<" in html and 'id="daily-link"' in html
    assert 'id="btn-share-dialog"' in html and 'id="btn-share-banner"' in html  # a finished challenge: Share
    other = Session(Match(Record.of(game, {"seats": "heuristic"})), ["heuristic"], "s", view_class("k2"))
    assert 'id="daily-link"' not in screen.render(other, "http://x/#")


def solved_cube(day: date, hints: int) -> tuple[Record, object]:
    """The cube of ``day`` filled by the solver, its record saying ``hints`` hints."""
    game = Record.parse(daily.fragment("blokus3d", day)).replay()
    while not game.is_over():
        game.apply(hint(game, timeout=10))
    assert game.solved
    return Record.of(game, {"seats": "human", **({"hints": str(hints)} if hints else {})}), game


def cube_session(record: Record, device=None) -> Session:
    return Session(Match(record), ["human"], "s", view_class("blokus3d"), device=device)


def test_hints_are_kept_in_the_record_and_a_hinted_result_never_replaces_an_unhinted_best():
    day = daily.today(NOON)
    play = cube_session(Record.parse(daily.fragment("blokus3d", day)))
    assert play.handle("hint", {}) and play.hints == 1
    assert play.handle("hint", {}) and play.hints == 1  # the same ghost shown again: the same hint
    shown = play.shown_hint()
    assert shown is not None
    assert play.handle("place", {}) or play.apply(shown.action)  # placed (the ghost's button, else its text)
    assert play.hinted_moves() == {1}  # the move list and the link say it was the hint's
    assert play.handle("hint", {}) and play.hints == 2
    link = play.match.record().to_fragment()
    assert "&hints=2&hinted=1" in link and daily.challenge_of(link) == ("blokus3d", day)
    assert cube_session(Record.parse(link)).hints == 2  # a reload, a resume: the count comes back with the save
    # the day's best: a hinted solve never replaces an unhinted result, even a worse one; it says its hints
    device = MemoryStorage()
    hinted, game = solved_cube(day, 3)
    assert daily.note(device, hinted.to_fragment(), game)
    kept = daily.results(device)["2026-11-28"]["blokus3d"]
    assert kept["hints"] == 3 and daily.words("blokus3d", kept) == "3×3×3 cube solved with 3 hints"
    assert "Your best today: 3×3×3 cube solved with 3 hints" in daily_screen.section(day, device, [])
    assert not daily.note(device, solved_cube(day, 4)[0].to_fragment(), game)  # more hints: not better
    # a hinted result never replaces an unhinted one, even a worse one
    unhinted = {"score": [0, 20, -9], "solved": False, "cubes": 20, "of": 27, "n": 3, "link": "x"}
    device.setItem(daily.KEY, json.dumps({"2026-11-28": {"blokus3d": unhinted}}))  # (an older save: no hints)
    assert not daily.note(device, hinted.to_fragment(), game)
    assert "Your best today: 20 of 27 cubes<" in daily_screen.section(day, device, [])
    assert daily.note(device, solved_cube(day, 0)[0].to_fragment(), game)  # solved without: the best
    assert daily.words("blokus3d", daily.results(device)["2026-11-28"]["blokus3d"]) == "3×3×3 cube solved"
    assert daily.words("blokus3d", {"solved": True, "n": 4, "hints": 1}) == "4×4×4 cube solved with 1 hint"


class Po:
    """A language's catalogue as gettext answers (the page's ``i18n.use``)."""

    def __init__(self, code: str) -> None:
        from pathlib import Path

        with (Path(__file__).parents[2] / "locale" / code / "LC_MESSAGES" / "pygames.po").open("rb") as handle:
            self.messages = {m.id if isinstance(m.id, str) else m.id[0]: m.string for m in read_po(handle) if m.id}

    def gettext(self, text: str) -> str:
        return self.messages.get(text) or text

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        found = self.messages.get(singular)
        return (found[0] if n == 1 else found[1]) if isinstance(found, tuple) else (singular if n == 1 else plural)


@pytest.mark.parametrize("code,words", [("en", "Today’s cube · 29 November 2026"),
                                        ("fr", "29 novembre 2026"), ("de", "29. November 2026")])
def test_a_challenges_screen_names_it_and_its_date_in_the_pages_language(code, words):
    sunday = date(2026, 11, 29)
    now = calendar.timegm(datetime(2026, 11, 29, 12).timetuple())
    play = cube_session(Record.parse(daily.fragment("blokus3d", sunday)))
    i18n.use(Po(code) if code != "en" else None)
    try:
        assert words in daily_screen.banner(play, now)
        if code == "en":
            assert "Daily cube · 29 November 2026" in daily_screen.banner(play, now + 86400)  # another day's
            climb = Session(Match(Record.parse(daily.fragment("k2", sunday))), ["human"], "s", view_class("k2"))
            assert "Today’s climb · 29 November 2026" in daily_screen.banner(climb, now)
            html = screen.render(play, "http://x/#")
            assert 'id="daily-name"' in html and "btn-share" not in html  # Share: once it is over
            other = Session(Match(Record.new("blokus3d", {"players": 1}, "x")), ["human"], "s", view_class("blokus3d"))
            assert 'id="daily-name"' not in screen.render(other, "http://x/#")
    finally:
        i18n.use(None)


def test_share_says_the_game_the_day_the_result_its_hints_and_the_link_that_replays_it():
    record, _game = solved_cube(date(2026, 11, 28), 2)
    play = cube_session(record)
    link = "https://example.org/pygames/#" + record.to_fragment()
    text = daily.share_text(play, link)
    line, linked = text.split("\n")
    assert line == "Blokus 3D · Daily cube of 28 November 2026: 3×3×3 cube solved with 2 hints"
    assert linked == link and Record.parse(linked).replay().solved  # the link replays that game
    unfinished = cube_session(Record.parse(daily.fragment("blokus3d", date(2026, 11, 28))))
    assert daily.share_text(unfinished, link) == ""


def test_k2_solo_speaks_to_one_player():
    """Solo (the daily climb): no "until everyone has chosen", no "the most movement"; the solo how-to."""
    for touch in (False, True):
        play = Session(Match(Record.parse(daily.fragment("k2", date(2026, 11, 28)))), ["human"], "s",
                       k2_view.View)
        play.touch = touch
        phases = set()
        while not play.game.is_over() and play.game.round <= 2:
            html = screen.render(play, "http://x/#")
            phases.add(play.game.phase)
            for words in ("everyone has chosen", "most movement", "The highest total", "everyone secretly"):
                assert words not in html, (words, play.game.phase)
            assert "Solo: each day, pick 3 of the 6 cards" in html
            game = play.game
            assert play.apply(HeuristicBot().choose(game, 0, bot_rng(game, 0))) == MOVED
        assert {"choose", "take", "act"} <= phases
    two = Session(Match(Record.parse(daily.fragment("k2", date(2026, 11, 28)).replace("players=1", "players=2")
                                     .replace("seats=human", "seats=human:human"))), ["human", "human"], "s",
                  k2_view.View)
    two.handle("handoff", {})
    assert "Nobody sees them until everyone has chosen" in screen.render(two, "http://x/#")

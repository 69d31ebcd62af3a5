"""The daily challenge (shell/daily.py), with a fixed clock: the same date gives the same seed and options on
any device, offline; a finished challenge keeps its best result of the day, whose link replays to the same
score in CPython; the home page lists the last 30 days."""

from __future__ import annotations

import calendar
import json
from datetime import date, datetime

from games import view_class
from shell import daily, home, screen
from shell.session import Session
from shell.storage import MemoryStorage, SavedGame

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
    assert kept["points"] == game.result()["scores"][0] and kept["link"] == link
    replayed = Record.parse(kept["link"]).replay()  # anyone's CPython: the same score
    assert replayed.result()["scores"] == game.result()["scores"] and replayed.seed == "daily-2026-11-28"
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
    html = daily.section(day, device, [])
    assert html.count("data-daily-day=") == 3 and 'data-daily-day="2026-10-29"' not in html
    assert 'href="#k2?players=1&amp;seed=daily-2026-11-28&amp;moves=&amp;seats=human"' in html
    assert "Your best today: 0 points" in html
    started = SavedGame("s1", "k2", Record.of(play_out(daily.fragment("k2", day), 4), {"seats": "human"})
                        .to_fragment(), 0.0, moves=4)
    assert 'href="#play/s1"' in daily.section(day, device, [started])  # today's climb, begun: resumed
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
    assert "Daily climb of 2026-11-28" in html and 'id="daily-link"' in html
    other = Session(Match(Record.of(game, {"seats": "heuristic"})), ["heuristic"], "s", view_class("k2"))
    assert 'id="daily-link"' not in screen.render(other, "http://x/#")

"""Home page, new-game form, saved games and the bot runner (pure modules of web/app)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import gc
import json
import re

import games
import pytest
from shell.bots import runner
from shell.model import new_game, players, saves
from shell.screens import home
from shell.screens.new_game import render_new_game

from pygames.core.bots import HeuristicBot, MCTSBot, bot_rng, strategy_for
from pygames.core.errors import RecordError
from pygames.core.record import Record


def test_home_lists_registry_games_with_views_and_saves():
    store = saves.Store(saves.MemoryStorage())
    link = "k3?v=1&players=2&seed=x&moves="
    store.save(saves.SavedGame("a1", "k3", link, 1000.0, "K3 · 2 players", "Seat 0"))
    store.backend.setItem(saves.PREFIX + "broken", "{not json")
    html = home.render_home(games.playable(), store.entries(), "This link cannot be opened: x", now_ms=1000.0)
    assert 'data-game-card="k3"' in html and 'href="#new/k3"' in html
    assert 'href="#play/a1"' in html
    assert "cannot be opened: saved game &#x27;broken&#x27; is damaged" in html
    assert 'role="alert"' in html


def test_store_keeps_other_saves_when_one_is_damaged():
    store = saves.Store(saves.MemoryStorage())
    for n in range(3):
        store.save(saves.SavedGame(f"g{n}", "k3", f"k3?v=1&players=2&seed={n}&moves=", float(n + 1)))
    store.backend.setItem(saves.PREFIX + "g1", "garbage")
    entries = store.entries()
    assert [e.id for e in entries if isinstance(e, saves.SavedGame)] == ["g2", "g0"]
    assert [e.id for e in entries if isinstance(e, saves.BrokenSave)] == ["g1"]
    with pytest.raises(saves.StorageError, match="damaged"):
        store.load("g1")
    with pytest.raises(saves.StorageError, match="no saved game"):
        store.load("nope")
    store.trim(keep=1)
    assert store.backend.getItem(saves.PREFIX + "g1") == "garbage"  # damaged ones are kept
    assert store.load("g2").link.endswith("seed=2&moves=")


def test_store_round_trip_json():
    backend = saves.MemoryStorage()
    saves.Store(backend).save(saves.SavedGame("x", "k3", "k3?v=1", 5.0, "t", "s", 3, True))
    data = json.loads(backend.getItem(saves.PREFIX + "x"))
    assert data["link"] == "k3?v=1" and data["over"] is True
    assert saves.Store(backend).load("x").moves == 3


def test_new_game_form_and_parsing():
    html = render_new_game("k3", {"players": 3, "seed": "col-1234"})
    assert html.count('data-seat-row="') == 4 and html.count(" hidden>") == 1
    assert 'value="col-1234"' in html
    for label in ("Bot: easy", "Bot: medium", "Bot: hard", "Bot: random moves", "Human"):
        assert f">{label}</option>" in html
    assert html.index("Bot: easy") < html.index("Bot: medium") < html.index("Bot: hard")
    # what each strength means, once, beside the seats
    assert html.count('aria-describedby="seat-help"') == 4 and "Hard: thinks ahead, for up to a second" in html
    record = new_game.parse_new_game(
        "k3", {"players": "3", "seat0": "human", "seat1": "mcts", "seat2": "random", "seed": "col-1234",
               "coop": True, "start": "2", "name0": "Anna, <b>the</b>:best", "name1": "ignored for a bot"}
    )
    assert record.options == {"players": 3, "coop": True, "start": 2}
    assert "seats=human:Anna+%3Cb>the%3C%2Fb>+best,mcts,random" in record.to_fragment()
    assert players.parse_names(record.extras["seats"], 3) == ["Anna <b>the</b> best", "", ""]
    with pytest.raises(RecordError, match="start"):
        new_game.parse_new_game("k3", {"players": "2", "seed": "a", "start": "3"})
    with pytest.raises(RecordError, match="seed"):
        new_game.parse_new_game("k3", {"players": "2", "seed": " "})


def test_seeds_and_seats():
    assert re.fullmatch(r"[a-z]+-\d{4}", players.new_seed())
    assert players.parse_seats(None, 3) == ["human"] * 3
    assert players.parse_seats("human,mcts", 2) == ["human", "mcts"]
    with pytest.raises(RecordError, match="unknown player"):
        players.parse_seats("human,robot", 2)
    with pytest.raises(RecordError, match="lists 1 players"):
        players.parse_seats("human", 2)
    assert players.make_bot("mcts").budget_ms == 1000  # the hard bot answers within 1 s
    assert players.make_bot("easy").name == "easy" and players.make_bot("random").name == "random"
    # humans may have names, kept in the seats field (inert text, bounded, no separators)
    assert players.parse_names("human:Anna,heuristic,human", 3) == ["Anna", "", ""]
    assert players.parse_seats("human:Anna,heuristic,human", 3) == ["human", "heuristic", "human"]
    assert players.seats_text(["human", "mcts"], ["Bo:b, x" + "y" * 40, "Hal"]) == "human:Bo b x" + "y" * 18 + ",mcts"
    assert players.clean_name("a\x00b\nc") == "a b c"


def run_apart(coroutine):
    """``asyncio.run`` in a thread of its own: in a pytest-xdist worker that already ran a browser test,
    Playwright's sync API keeps a loop running in this thread (the e2e tests come last, but a worker
    may steal a plain test after one)."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as apart:
        return apart.submit(asyncio.run, coroutine).result()


def test_runner_slices_and_returns_the_bot_action():
    game = Record.new("k3", {"players": 2}, "s").replay()
    for seat in range(2):
        game.apply(strategy_for(game).heuristic_action(game, seat, bot_rng(game, seat)))
    pauses = []

    async def pause():
        pauses.append(gc.isenabled())

    bot = MCTSBot(max_iterations=40)
    stats = runner.ThinkStats()
    gen = bot.think(game.view(0), 0, bot_rng(game, 0))
    action = run_apart(runner.drive(gen, slice_ms=1.0, pause=pause, stats=stats))
    assert action in game.legal_actions(0)
    assert pauses and stats.slices == len(pauses) + 1
    # the collector waited while it thought (its passes were a think's longest steps), and is back after
    assert not any(pauses) and gc.isenabled()
    # the same as running the bot without slices
    assert action == MCTSBot(max_iterations=40).choose(game, 0)
    gen = HeuristicBot().think(game.view(0), 0, bot_rng(game, 0))
    assert run_apart(runner.drive(gen)) in game.legal_actions(0)


def test_runner_cancel_stops_thinking():
    def endless():
        while True:
            yield

    async def main():
        task = asyncio.ensure_future(runner.drive(endless(), slice_ms=1.0))
        await asyncio.sleep(0.01)
        other = asyncio.ensure_future(runner.drive(endless(), slice_ms=1.0))  # (a hint and a bot's turn at once)
        await asyncio.sleep(0.01)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert not gc.isenabled()  # the other still thinks
        other.cancel()
        with pytest.raises(asyncio.CancelledError):
            await other
        assert gc.isenabled()

    run_apart(main())


def test_trim_forgets_finished_games_first_and_keeps_the_newest():
    store = saves.Store(saves.MemoryStorage())
    for n in range(5):
        store.save(saves.SavedGame(f"g{n}", "k3", f"k3?seed={n}", float(n + 1), over=(n in (1, 4))))
    store.trim(keep=3)
    assert sorted(e.id for e in store.entries()) == ["g2", "g3", "g4"]


def test_routes():
    from shell.model import routes

    assert routes.parse_route("") == ("home", "")
    assert routes.parse_route("#") == ("home", "")
    assert routes.parse_route("new/K3") == ("new", "k3")
    assert routes.parse_route("#play/18c2ab") == ("play", "18c2ab")
    link = "k3?v=1&players=2&seed=alpine-4821&moves=A:RB"
    assert routes.parse_route("#" + link) == ("link", link)
    assert routes.parse_route("nope?x") == ("link", "nope?x")


def test_new_game_form_names_its_game_and_keeps_typed_names():
    html = render_new_game("matterhorn", {"players": 3, "name0": "Anna", "seat1": "mcts"})
    assert 'id="new-game-form" data-game="matterhorn"' in html
    assert 'name="name0" value="Anna"' in html and 'for="f-hard"' in html
    assert html.count('data-seat-row="') == 4 and html.count(" hidden>") == 1


def test_game_scripts_are_files_of_the_site_loaded_only_for_their_game():
    """A game's JavaScript modules (Blokus 3D's three.js board) are its own files, its own modules bundled by
    the build (Blokus 3D's scene, from its folder of modules) or vendored ones the build serves; the home page
    and the other games need none."""
    from pathlib import Path

    from tools.site.bundles import OWN

    root = Path(__file__).resolve().parents[2]
    served = {"./three/three.module.js"}  # tools/site/bundles.py: the part of three.js the board uses, minified
    web = root / "web"
    assert games.scripts("blokus3d") == ["./app/games/blokus3d/scene.js"]
    for name in games.GAMES:
        for url in games.scripts(name):
            assert (web / url.removeprefix("./")).is_file() or OWN[url.removeprefix("./")].is_file(), url
        assert set(games.scripts(name)) <= set(games.script_files(name))
        assert set(games.script_files(name)) - set(games.scripts(name)) <= served
    assert [name for name in games.GAMES if games.scripts(name)] == ["k2", "blokus3d"]  # (K2's: its board's scroll)
    assert "./three/three.module.js" in games.script_files("blokus3d")

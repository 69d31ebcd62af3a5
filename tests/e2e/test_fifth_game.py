"""The fifth game in Chromium: Nim, kept under tests/fifth and registered only there, plays through the whole
shell in a copy of dist/ that has it (``tools.site.extra_games``: its engine's wheel and its view's zip added,
the archives' index naming its class; the main site never has it): the new-game form, a move by a click and
one by the move box, a bot's answers, undo, its link reopened in a fresh page load at the same position, and
the replay. What its view computes is tested in CPython (tests/fifth/test_nim.py)."""

from __future__ import annotations

import fifth
import pytest

from pygames.core.bots import HeuristicBot, bot_rng
from pygames.core.record import Record
from tools.devserver import SiteServer
from tools.site.extra_games import ExtraGame, site_with_games

from .conftest import NO_SNAPSHOT, Boot
from .helpers import PLAY, play_state, start_from_form, type_move, wait_for_human

pytestmark = pytest.mark.e2e

NIM = ExtraGame(fifth.NAME, fifth.TITLE, fifth.ENGINE, fifth.VIEW, fifth.CLASS)
BOARD = "document.querySelector('.nim-board').dataset.piles"


@pytest.fixture(scope="module")
def fifth_site(built_dist, tmp_path_factory):
    # the main site has no fifth game
    assert not (built_dist / "app" / "games" / "nim.zip").exists() and not list(built_dist.glob("wheels/pygames_nim-*"))
    with SiteServer(site_with_games(built_dist, tmp_path_factory.mktemp("fifth") / "site", [NIM])) as server:
        yield server


@pytest.fixture
def nim():
    """Nim's engine registered in this process too: the test replays the page's links in CPython."""
    fifth.register(page=False)
    yield
    fifth.unregister()


def piles(fragment: str) -> str:
    """The piles after the link's moves, as CPython's engine has them (as the board's ``data-piles``)."""
    return ",".join(map(str, Record.parse(fragment).replay().piles))


def test_the_fifth_game_plays_through_the_whole_shell(browser, browser_context_args, fifth_site, nim):
    context = browser.new_context(**browser_context_args)
    context.add_init_script(NO_SNAPSHOT)
    errors: list[str] = []
    context.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))
    context.on("weberror", lambda err: errors.append(str(err.error)))
    page = context.new_page()
    url = fifth_site.url + "?botdelay=0&botworker=0"  # (no second interpreter for one bot move)
    Boot()(page, url)
    assert page.locator('[data-new-game="nim"]').count() == 1  # its card on the home page, from the registry

    start_from_form(page, "nim", ["human", "heuristic"], "fifth-e2e", piles=4)
    state = wait_for_human(page)
    assert page.evaluate(BOARD) == piles(state["link"]) and len(piles(state["link"]).split(",")) == 4
    first = Record.parse(state["link"])

    # a click: the last stone of pile 1 (the view's act), then the bot's answer
    page.click('[data-act="take"][data-pile="1"][data-count="1"]')
    page.wait_for_function(f"document.querySelector('{PLAY}').dataset.moves === '2'")
    state = wait_for_human(page)
    assert Record.parse(state["link"]).moves[0] == "1:1"
    # the move box, the notation of links
    game = Record.parse(state["link"]).replay()
    move = str(HeuristicBot().choose(game, 0, bot_rng(game, 0)))
    type_move(page, move, 2)
    state = wait_for_human(page)
    assert state["moves"] == "4"
    assert page.evaluate(BOARD) == piles(state["link"])

    # undo: back to the human's last turn, over the bot's move
    page.click("#btn-undo")
    page.wait_for_function(f"document.querySelector('{PLAY}').dataset.moves === '2'")
    state = play_state(page)
    assert page.evaluate(BOARD) == piles(state["link"]) and state["humanTurn"] == "1"

    # its link, opened in a fresh page load: the same position
    again = context.new_page()
    Boot()(again, f"{url}#{state['link']}")
    again.wait_for_selector(".nim-board")
    assert play_state(again)["moves"] == "2" and again.evaluate(BOARD) == piles(state["link"])

    # the replay: Home goes back to the seeded piles, a step forward replays the click
    again.keyboard.press("Home")
    again.wait_for_function(f"document.querySelector('{PLAY}').dataset.at === '0'")
    assert again.evaluate(BOARD) == piles(first.to_fragment())
    again.keyboard.press("ArrowRight")
    again.wait_for_function(f"document.querySelector('{PLAY}').dataset.at === '1'")
    assert again.evaluate(BOARD) == piles(Record(first.game, first.options, first.seed, ["1:1"]).to_fragment())
    assert errors == []
    context.close()

"""The page speaks the browser's language: French and Dutch pages show no English, switching keeps the game.

A French Chromium (``locale``), then the same page switched to Dutch, walks home -> new game -> 10 moves
-> the rules page of each game; no English text of the catalogue may show (texts that are the same in both
languages, like names and notation, do not count): no sentence piece of three words or more anywhere, and no
button, label or heading that reads as an English text whole ("Undo", "Copy link"). Links and moves stay
language-neutral.
"""

from __future__ import annotations

import functools
import re
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from pygames.core.bots import HeuristicBot, bot_rng
from pygames.core.record import Record

from .helpers import FAST, PLAY, finished_game, play_state, position, wait_for_turn, wait_moves_above
from .helpers import k2_wait_saved as wait_saved

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "web" / "app"))
from games import GAMES  # noqa: E402


@functools.cache
def catalog(lang: str):
    with (ROOT / "locale" / lang / "LC_MESSAGES" / "pygames.po").open("rb") as handle:
        return read_po(handle)


def english_fragments(lang: str) -> set[str]:
    """Pieces of English text that must not show in ``lang``: each message's words between its
    placeholders, when the translation differs and the piece is long enough to be words, not a code."""
    out = set()
    for message in catalog(lang):
        if not message.id:
            continue
        sources = message.id if isinstance(message.id, tuple) else (message.id,)
        targets = message.string if isinstance(message.string, tuple) else (message.string,)
        for source in sources:
            if source in targets:
                continue
            for piece in re.split(r"\{[^}]*\}", source):
                piece = piece.strip(" .,:;()—-!?…’'\"")
                if len(piece.split()) >= 3 and not any(piece in t for t in targets):
                    out.add(piece)
    return out


def english_labels(lang: str) -> set[str]:
    """Whole English texts without placeholders whose ``lang`` translation differs: a button, label
    or heading that reads exactly like one of them is English on the page."""
    return {m.id for m in catalog(lang) if isinstance(m.id, str) and m.id and "{" not in m.id
            and m.string and m.string != m.id}


# the texts of the controls and titles a player reads at a glance (and their accessible names)
_LABELS_JS = """() => [...document.querySelectorAll(
    'button, a, label, legend, summary, th, h1, h2, h3, h4, option, [aria-label], [title]')]
  .flatMap(e => [e.innerText || '', e.getAttribute('aria-label') || '', e.getAttribute('title') || ''])"""


def english_on_page(page, fragments: set[str], labels: set[str] = frozenset()) -> list[str]:
    text = " ".join(page.inner_text("body").split())
    found = {f for f in fragments if f in text}
    for label in page.evaluate(_LABELS_JS):
        words = " ".join(str(label).split()).strip(" ↶↷?:…✓·")
        if words in labels:
            found.add(words)
    return sorted(found)


def play_moves(page, count: int) -> None:
    """``count`` moves typed in the move box, for the seat that acts (K2's secret choices included: the
    link is hidden then, so the game comes from the page's autosave, and hand-offs are confirmed)."""
    played = 0
    while played < count:
        state = wait_for_turn(page)
        if state.get("over") == "1":
            return
        if state.get("handoff") == "1":
            page.click("#btn-handoff")
            page.wait_for_function(f"document.querySelector('{PLAY}').dataset.handoff !== '1'")
            continue
        moves = int(state["moves"])
        game = Record.parse(state["link"]).replay() if state["link"] else wait_saved(page, moves)
        seat = int(state["viewer"]) if state.get("viewer") else game.to_move()[0]
        page.fill("#move-input", str(HeuristicBot().choose(game.view(seat), seat, bot_rng(game, seat))))
        page.press("#move-input", "Enter")
        wait_moves_above(page, moves)
        played += 1


# Each game's screen after some moves of two humans (links made in CPython, helpers.position), and K3's whole
# game, whose result dialog is read too.
LANGUAGE_SEEDS = {"blokus3d": "lang-blokus3d-1", "k2": "lang-k2-1", "k3": "pinnacle-7020", "matterhorn": "lang-mh-1"}


def language_positions(names: list[str]) -> dict[str, str]:
    return {name: (finished_game(name, 2, LANGUAGE_SEEDS[name]) if name == "k3"
                   else position(name, {"players": 2}, LANGUAGE_SEEDS[name], 10, "human,human"))
            for name in names}


# Each language walks two games' screens in the page (every game is walked in one of them; that every text has
# its translation in every language is tests/web/test_every_text_translated.py's).
LANGUAGE_GAMES = {"fr": sorted(GAMES)[::2], "nl": sorted(GAMES)[1::2]}


def walk_games(page, site, lang: str) -> None:
    """Each of ``lang``'s games: its new-game form, its screen after some moves and its rules, with no English."""
    fragments, labels = english_fragments(lang), english_labels(lang)
    for name, fragment in language_positions(LANGUAGE_GAMES[lang]).items():
        page.goto(f"{site.url}{FAST}#new/{name}")
        page.wait_for_selector("#new-game-form")
        assert english_on_page(page, fragments, labels) == [], (lang, name)
        page.goto(f"{site.url}{FAST}#{fragment}")
        page.wait_for_function(f"document.querySelector('{PLAY}')?.dataset.moves > 0")
        if page.locator("#btn-handoff").is_visible():
            page.click("#btn-handoff")
        assert english_on_page(page, fragments, labels) == [], (lang, name)
        if name == "k3":
            dialog = page.locator("[role=dialog]")
            dialog.wait_for()
            assert "Seat" not in dialog.inner_text() and "seat" not in dialog.inner_text()  # players' names
            page.click("#btn-close-dialog")
        page.click("#btn-rules")
        page.wait_for_selector('[data-page="rules"]:not([aria-busy])')  # (its example boards drawn)
        assert english_on_page(page, fragments, labels) == [], (lang, name)


def assert_home_and_boot_texts(page, lang: str) -> None:
    """The home page shows no English, and what boot.js says before Python runs is in ``lang`` too (the update
    banner stays)."""
    assert page.evaluate("document.documentElement.lang") == lang
    assert english_on_page(page, english_fragments(lang), english_labels(lang)) == []
    for selector, english in (("#update-reload", "Reload"), ("#update-text", "A new version is ready")):
        assert page.text_content(selector).strip() == catalog(lang)[english].string != english, (lang, selector)


def test_a_french_browser_gets_french_a_switch_to_dutch_keeps_the_game_and_neither_shows_english(
        browser, browser_context_args, site, boot):
    """A French Chromium gets the page in French. Switched to Dutch in the middle of a game, the page keeps the
    position and says it in Dutch; a reload remembers Dutch (its manifest too)."""
    context = browser.new_context(**browser_context_args, locale="fr-FR")
    page = context.new_page()
    try:
        boot(page, site.url + FAST)
        assert_home_and_boot_texts(page, "fr")
        walk_games(page, site, "fr")

        page.goto(f"{site.url}{FAST}#matterhorn?v=1&players=2&seed=lang-1&moves=&seats=human,human")
        page.wait_for_selector(PLAY)
        play_moves(page, 6)
        before = play_state(page)
        status = page.inner_text("#turn-status")
        page.select_option("#lang-select", "nl")
        page.wait_for_function("document.documentElement.lang === 'nl'")
        after = play_state(page)
        assert after["link"] == before["link"] and after["moves"] == before["moves"]
        assert page.inner_text("#turn-status") != status  # the same position, in Dutch
        page.goto(f"{site.url}{FAST}")
        boot.wait_ready(page)
        assert page.get_attribute('link[rel="manifest"]', "href") == "./manifest.nl.webmanifest"
        assert_home_and_boot_texts(page, "nl")  # remembered
        walk_games(page, site, "nl")
    finally:
        context.close()


# Elements whose right edge passes the page's width, or their dialog's edge
RUNS_OFF = """() => { const width = document.documentElement.clientWidth; const out = [];
  for (const e of document.querySelectorAll('body *')) {
    const r = e.getBoundingClientRect();
    if (r.width && r.right > width + 1 && !(e.closest('.dialog') && !e.matches('.dialog')))
      out.push(`${e.tagName}.${e.className} ${Math.round(r.right)} px`);
  }
  const dialog = document.querySelector('.dialog');
  const edge = dialog ? dialog.getBoundingClientRect().right : 0;
  for (const e of dialog ? dialog.querySelectorAll('*') : []) {
    const r = e.getBoundingClientRect();
    if (r.width && r.right > edge + 1) out.push(`dialog: ${e.tagName}.${e.className} ${Math.round(r.right - edge)} px`);
  }
  return out.slice(0, 5); }"""


def test_on_a_small_phone_in_german_nothing_runs_off_the_screen(phone):
    """The longest words (German) on a small phone (360 px, and 320 px as the smallest still sold):
    the new-game form, and the result dialogs with the widest tables (Blokus 3D at 4 colours, K2 at 5
    players)."""
    page = phone.page
    page.select_option("#lang-select", "de")
    page.wait_for_function("document.documentElement.lang === 'de'")
    screens = {"form": "new/k2", "blokus3d": finished_game("blokus3d", 4, "phone-b3d"),
               "k2": finished_game("k2", 5, "phone-k2")}
    for width in (360, 320):
        page.set_viewport_size({"width": width, "height": 740})
        for name, fragment in screens.items():
            phone.open(fragment, "#new-game-form" if name == "form" else "[role=dialog]")
            assert page.evaluate(RUNS_OFF) == [], (width, name)
            phone.open("home", '[data-page="home"]')  # (the next link is a new screen)

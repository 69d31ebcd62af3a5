"""The shell's *Hint* in Chromium, in every game, at a desk and on a phone (in French there): the hard bot's
move is marked on the board and said with its worth in the page's language, a tap while the hint is thought is
answered (at once: timed alone on the machine, ``test_a_tap_while_a_hint_is_thought_is_answered_at_once``), and
*Play it* plays that move, which the link then marks. That the hint is the hard bot's own move, what it weighs and
how the record keeps it are tested in CPython (tests/web/test_hints.py)."""

from __future__ import annotations

import pytest

from pygames.core.record import Record

from .helpers import GAMES, PLAY, play_state, position, settled, wait_for_human

pytestmark = pytest.mark.e2e

# a position with the human (seat 0) to move and several moves for the hard bot to weigh: medium moves first
MOVES = {"k3": 4, "k2": 0, "matterhorn": 6, "blokus3d": 2}
SEARCHED = {"k3", "k2", "blokus3d"}  # the games whose hard bot searches for its second
THINKING = "document.querySelector('#hint-panel .hint-thinking') !== null"
SHOWN = "document.querySelector('#hint-panel[data-hint]') !== null"
OPENED = "document.querySelector('#btn-describe')?.getAttribute('aria-expanded') === 'true'"
# in the page: when the tap on the board's words came (and whether the hint was being thought then), when they
# opened and when the hint was shown (each noted once, as it happens)
ORDER = f"""() => {{
  window.__hintWatch?.disconnect();
  const seen = window.__hintSeen = {{}};
  const button = document.querySelector("#btn-describe");
  button.addEventListener("click", () => {{ seen.tap = performance.now(); seen.tapThinking = {THINKING}; }},
                          {{ once: true, capture: true }});
  const note = () => {{
    if (seen.opened === undefined && {OPENED}) seen.opened = performance.now();
    if (seen.shown === undefined && {SHOWN}) seen.shown = performance.now();
  }};
  window.__hintWatch = new MutationObserver(note);
  window.__hintWatch.observe(document.documentElement, {{ subtree: true, childList: true, attributes: true }});
  note();
}}"""


def ask_and_tap_elsewhere(app, name: str, press) -> dict:
    """Open a position of ``name``, ask for a hint (``press``: click or tap) and press *Describe the board* while it
    is thought (on a busy machine, maybe just after); returns once both are on screen, with the page's times
    (``ORDER``: tap, opened, shown)."""
    page = app.page
    app.open(position(name, {"players": 2}, f"e2e-hint-{name}", MOVES[name], "human,heuristic"))
    wait_for_human(page)
    press("#btn-hint")
    # (Matterhorn's hard bot plans in a few ms: its hint may come before a poll sees it thought; the others search
    # for a second)
    page.wait_for_function(THINKING if name in SEARCHED else f"{THINKING} || {SHOWN}", timeout=10_000)
    page.evaluate(ORDER)
    press("#btn-describe")
    page.wait_for_function(OPENED, timeout=10_000)  # the tap is answered, not lost
    page.wait_for_function(SHOWN, timeout=30_000)
    return page.evaluate("window.__hintSeen")


def hint_and_play_it(app, name: str, press, words: str) -> None:
    """Ask for a hint in a position of ``name`` and tap elsewhere meanwhile (``ask_and_tap_elsewhere``), then play
    it; ``words``: the hint's heading in the page's language."""
    page = app.page
    ask_and_tap_elsewhere(app, name, press)
    before = int(play_state(page)["moves"])  # (the human's turn: the hint played no move)
    panel = page.locator("#hint-panel")
    hint = panel.get_attribute("data-hint")
    assert words in panel.inner_text()
    assert page.locator(f"{PLAY} .hinted").count() >= 1, f"{name}: the hint's move is not marked"
    press("#btn-hint-play")
    page.wait_for_function(f"Number(document.querySelector('{PLAY}').dataset.moves) > {before}", timeout=10_000)
    settled(page)
    record = Record.parse(play_state(page)["link"].split("#", 1)[1])
    assert record.moves[before] == hint, f"{name}: Play it played {record.moves[before]}, not the hint {hint}"
    assert record.extras.get("hinted", "").split(".")[0] == str(before + 1)
    assert record.extras.get("hints") == "1"
    record.replay()  # the hinted move was legal: the engine plays the link


@pytest.mark.parametrize("name", GAMES)
def test_a_hint_at_a_desk_is_marked_said_and_played(app, name):
    hint_and_play_it(app, name, app.page.click, "Hint: the hard bot would play")
    assert app.log.errors == []


def test_a_hint_on_a_phone_in_french(phone):
    page = phone.page
    page.select_option("#lang-select", "fr")
    page.wait_for_function("document.documentElement.lang === 'fr'")
    for name in GAMES:
        hint_and_play_it(phone, name, page.tap, "Indice : le bot difficile jouerait")
    assert phone.log.errors == []


@pytest.mark.alone  # timed: no other test's browser beside it (build.py test's second step)
@pytest.mark.parametrize("name", sorted(SEARCHED))
def test_a_tap_while_a_hint_is_thought_is_answered_at_once(app, name):
    """The hint is thought in the shell's worker in slices: the page's events are answered between them."""
    seen = ask_and_tap_elsewhere(app, name, app.page.click)
    assert seen["tapThinking"], f"{name}: the tap came after the hint's thinking"
    waited = seen["opened"] - seen["tap"]
    assert waited < 300, f"{name}: the tap waited {waited:.0f} ms for the hint"
    assert seen["opened"] < seen["shown"], f"{name}: the tap was answered only after the hint"

"""The interpreter's memory snapshot (web/interpreter.mjs): later visits restore it, and anything wrong
with it falls back to the normal start without the player losing anything.

After a first visit that booted normally, a background worker saves the interpreter's memory (CPython
started, every module that does not touch the browser imported); ``<html data-snapshot>`` says
"made". Later visits restore it ("used"). A snapshot that does not restore, or whose page then fails
to start, is dropped ("failed"), the page starts normally and no snapshot is made again for that
version ("off").
"""

from __future__ import annotations

import pytest

from pygames.core.record import Record
from tools.site import stamp_service_worker

from .helpers import FAST, PLAY, SERVICE_WORKER, default_players, play_state

pytestmark = [pytest.mark.e2e, pytest.mark.snapshots, SERVICE_WORKER]

SNAPSHOT = "document.documentElement.dataset.snapshot"
MADE_TIMEOUT_MS = 90_000  # two seconds of quiet after the first screen, then a second Pyodide starts


def first_visit(page, url: str, boot) -> None:
    """Boot, let the service worker cache the site and the page make its snapshot."""
    boot(page, url)
    assert page.evaluate(SNAPSHOT) == "none"
    boot.wait_controlled(page)
    page.wait_for_function(f"['made', 'failed'].includes({SNAPSHOT})", timeout=MADE_TIMEOUT_MS)
    assert page.evaluate(SNAPSHOT) == "made"


def test_later_visits_start_from_the_snapshot_and_play_as_before_and_a_damaged_one_is_dropped(page, context, page_log,
                                                                                                  site, boot):
    first_visit(page, site.url, boot)
    boot(page, site.url)
    assert page.evaluate(SNAPSHOT) == "used"
    assert page.evaluate("performance.getEntriesByName('app:snapshot').length") == 1
    assert page.evaluate("globalThis.pygamesSnapshot instanceof Promise"), "index.html did not start the read"

    # Engines and views come from the snapshot's imports: a game plays, and the same link gives the same game
    # as CPython (the engines' chance comes only from their seeded generators). Every game plays in a restored
    # interpreter in Firefox and WebKit (tests/browsers/test_smoke.py).
    for game in ("k2",):
        players = default_players(game)
        seats = ",".join(["heuristic"] * players)
        page.goto(f"{site.url}{FAST}#{game}?v=1&players={players}&seed=snap-{game}&moves=&seats={seats}")
        # (a new fragment only: the router swaps the game, so wait for this game's screen)
        here = f"document.querySelector('{PLAY}[data-game={game}]')"
        page.wait_for_function(f"Number({here}?.dataset.moves) >= 6", timeout=60_000)
        link = play_state(page)["link"]
        record = Record.parse(link)
        assert len(record.moves) >= 6
        record.replay()  # every move the page made is legal in CPython

    # Catalogues are read from the files after a restore: the page speaks French.
    page.select_option("#lang-select", "fr")
    page.wait_for_function("document.documentElement.lang === 'fr'")

    # Offline, the snapshot and the site come from this device.
    context.set_offline(True)
    boot(page, site.url)
    assert page.evaluate(SNAPSHOT) == "used"
    assert page_log.errors == []

    # A snapshot that does not restore is dropped: the stored memory damaged (all zeros, same size).
    context.set_offline(False)
    page.evaluate("""async () => {
        const cache = await caches.open('pygames-snapshot');
        const [request] = await cache.keys();
        const size = (await (await cache.match(request)).arrayBuffer()).byteLength;
        await cache.put(request, new Response(new Uint8Array(size)));
    }""")
    boot(page, site.url)
    assert page.evaluate(SNAPSHOT) == "failed"
    assert page.evaluate("caches.has('pygames-snapshot')") is False
    assert page.locator("[data-new-game]").count() >= 4, "the home page is not usable"
    # Not made again for this version: the next visit starts normally, and says that making one is off.
    boot(page, site.url)
    assert page.evaluate(SNAPSHOT) == "off"


def test_a_page_that_fails_after_a_restore_starts_again_normally(page, site_copy, serve, boot):
    root = site_copy()
    # This page's Python fails only when it runs in a restored interpreter (the snapshot imported the
    # module that lists its imports): a stand-in for any failure after a restore.
    main = root / "app" / "main.py"
    main.write_text('import sys\nif "snapshot" in sys.modules:\n    raise RuntimeError("restored")\n'
                    + main.read_text())
    stamp_service_worker(root)
    server = serve(root)
    first_visit(page, server.url, boot)
    page.reload()
    boot.wait_ready(page)  # boot.js dropped the snapshot and reloaded; the normal start is ready
    assert page.evaluate(SNAPSHOT) == "off"
    assert page.evaluate("caches.has('pygames-snapshot')") is False
    assert page.locator("#boot-error").is_hidden()

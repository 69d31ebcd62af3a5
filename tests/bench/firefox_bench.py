"""Firefox (Debian's ``firefox-esr``) through its own Marionette protocol (tests/browsers/drivers.py): a first
visit (ready, the home page's cards), the interpreter snapshot made, a game of bots by link, and a returning
visit from the snapshot, timed. tests/browsers/test_smoke.py checks the same in ``build.py test``; this prints
the seconds. Prints why it did nothing when Firefox is missing. Run with ``python3 build.py bench`` (after a
build) or directly.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAME = "k2?v=1&players=2&seed=firefox&moves=&seats=heuristic,heuristic"
STATE = "document.documentElement.dataset.appState"
SNAPSHOT = "document.documentElement.dataset.snapshot"
MOVES = "document.querySelector('section.play')?.dataset.moves"


def visit(driver, url: str) -> tuple[object, float]:
    """Go to ``url``: (the app's state once it left "loading", seconds)."""
    start = time.perf_counter()
    driver.get(url)
    state = driver.wait(f"{STATE} !== 'loading' && {STATE}")
    return state, time.perf_counter() - start


def main() -> int:
    sys.path.insert(0, str(ROOT))
    from tests.browsers.drivers import FIREFOX, Marionette
    from tools.devserver import SiteServer
    from tools.site import DIST

    if FIREFOX is None:
        print("firefox_bench: no firefox-esr here (apt-get install firefox-esr); nothing run")
        return 0
    dist = Path(sys.argv[1]) if len(sys.argv) > 1 else DIST  # (a frozen copy: see webkit_bench.py)
    with SiteServer(dist) as site:
        driver = Marionette()
        try:
            url = site.url.replace("127.0.0.1", "localhost")  # a secure origin: the service worker runs
            state, seconds = visit(driver, url)
            print(f"Firefox: first visit {state} in {seconds:.2f} s, "
                  f"{driver.js('document.querySelectorAll(`[data-game-card] svg`).length')} home cards")
            made = driver.wait(f"['made', 'failed', 'off'].includes({SNAPSHOT}) && {SNAPSHOT}")
            print(f"Firefox: snapshot {made}")
            driver.get(url + "#" + GAME)
            print(f"Firefox: a game of bots by link, {driver.wait(f'{MOVES} > 3 && {MOVES}')} moves played")
            state, seconds = visit(driver, url + "?again")
            print(f"Firefox: returning visit {state} in {seconds:.2f} s, snapshot {driver.js(SNAPSHOT)}")
        finally:
            driver.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""WebKit, Safari's engine: a first visit, a game by link, a returning visit from the interpreter snapshot,
and offline, through WebKitGTK's WebDriver (Debian's ``webkit2gtk-driver``) under Xvfb, with Selenium.

Playwright cannot run WebKit here; the driver is tests/browsers/drivers.py's (tests/browsers/test_smoke.py
checks the same in ``build.py test``; this prints the seconds). Prints why it did nothing when
``webkit2gtk-driver`` or ``xvfb`` is missing. Run with ``python3 build.py bench`` (after a build) or directly.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAME = "k2?v=1&players=2&seed=webkit&moves=&seats=heuristic,heuristic"


def visit(driver, url: str) -> tuple[float, str]:
    """Go to ``url``; the seconds until the app is ready (or failed), and its snapshot state."""
    began = time.perf_counter()
    driver.get(url)
    driver.wait("document.documentElement.dataset.appState !== 'loading'", 60)
    seconds = time.perf_counter() - began
    state = driver.js("document.documentElement.dataset.appState")
    if state != "ready":
        raise RuntimeError(f"app state {state}: {str(driver.js('document.body.innerText'))[:300]}")
    return seconds, str(driver.js("document.documentElement.dataset.snapshot"))


def main() -> int:
    sys.path.insert(0, str(ROOT))
    from tests.browsers.drivers import WebKit, missing
    from tools.devserver import SiteServer
    from tools.site import DIST

    lacking = [name for name in missing() if name != "firefox-esr"]
    if lacking:
        print(f"webkit_bench: skipped: apt-get install {' '.join(lacking)}")
        return 0
    server = SiteServer(Path(sys.argv[1]) if len(sys.argv) > 1 else DIST).start()  # (a frozen copy: a build
    # changing dist/ meanwhile changes the snapshot's key)
    driver = WebKit()
    rows = []
    try:
        seconds, snapshot = visit(driver, server.url)
        rows.append(("first visit: ready", f"{seconds:.2f} s", f"snapshot {snapshot}"))
        driver.js(f"(location.hash = '#{GAME}', 1)")
        moves = driver.wait("Number(document.querySelector('section.play')?.dataset.moves) >= 6", 60)
        played = driver.js("document.querySelector('section.play')?.dataset.moves")
        rows.append(("a K2 game of bots by link", "6 moves" if moves else f"FAILED ({played} moves)",
                     f"bots' worker {driver.js('document.documentElement.dataset.botWorker')}"))
        made = driver.wait("['made', 'failed'].includes(document.documentElement.dataset.snapshot) && "
                           "document.documentElement.dataset.snapshot", 120)
        rows.append(("snapshot after the first visit", str(made), ""))
        seconds, snapshot = visit(driver, server.url)
        rows.append(("returning visit: ready", f"{seconds:.2f} s", f"snapshot {snapshot}"))
        server.stop()
        seconds, snapshot = visit(driver, server.url + "index.html?offline")
        rows.append(("offline (server stopped): ready", f"{seconds:.2f} s", f"snapshot {snapshot}"))
    finally:
        driver.quit()
        server.stop()
    print("\nWebKit (WebKitGTK WebDriver, Xvfb)")
    for name, value, note in rows:
        print(f"  {name:34}{value:>10}  {note}")
    return 0 if all("FAILED" not in r[1] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())

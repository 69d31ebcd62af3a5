"""WebKit, Safari's engine: a first visit, a game by link, a returning visit from the interpreter snapshot,
and offline, through WebKitGTK's WebDriver (Debian's ``webkit2gtk-driver``) under Xvfb, with Selenium.

Playwright cannot run WebKit here; this smoke run can. It needs ``apt-get install webkit2gtk-driver xvfb``
(not installed by ``build.py test``: about a minute, and no test depends on it) and prints why it did
nothing when they are missing. Run with ``python3 build.py bench`` (after a build) or directly.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DRIVER = Path("/usr/bin/WebKitWebDriver")
GAME = "k2?v=1&players=2&seed=webkit&moves=&seats=heuristic,heuristic"


def wait(js, script: str, seconds: float) -> object:
    """Poll ``script`` (a JavaScript expression) until it is truthy; returns its last value."""
    end = time.perf_counter() + seconds
    value = None
    while time.perf_counter() < end:
        value = js(f"return {script}")
        if value:
            return value
        time.sleep(0.1)
    return value


def visit(driver, url: str) -> tuple[float, str]:
    """Go to ``url``; the seconds until the app is ready (or failed), and its snapshot state."""
    began = time.perf_counter()
    driver.get(url)
    wait(driver.execute_script, "document.documentElement.dataset.appState !== 'loading'", 60)
    seconds = time.perf_counter() - began
    state = driver.execute_script("return document.documentElement.dataset.appState")
    if state != "ready":
        raise RuntimeError(f"app state {state}: {driver.execute_script('return document.body.innerText')[:300]}")
    return seconds, str(driver.execute_script("return document.documentElement.dataset.snapshot"))


def main() -> int:
    try:
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service
    except ImportError:
        print("webkit_bench: selenium is missing (python3 build.py test installs the test environment)")
        return 0
    if not DRIVER.exists() or (not os.environ.get("DISPLAY") and not shutil.which("Xvfb")):
        print("webkit_bench: skipped: apt-get install webkit2gtk-driver xvfb")
        return 0
    sys.path.insert(0, str(ROOT))
    from tools.devserver import SiteServer
    from tools.site import DIST

    xvfb = None
    if not os.environ.get("DISPLAY"):
        xvfb = subprocess.Popen(["Xvfb", ":97", "-screen", "0", "1280x800x24"], stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        os.environ["DISPLAY"] = ":97"
        time.sleep(1)
    server = SiteServer(Path(sys.argv[1]) if len(sys.argv) > 1 else DIST).start()  # (a frozen copy: a build
    # changing dist/ meanwhile changes the snapshot's key)
    driver = webdriver.WebKitGTK(service=Service(executable_path=str(DRIVER)), options=Options())
    rows = []
    try:
        js = driver.execute_script
        seconds, snapshot = visit(driver, server.url)
        rows.append(("first visit: ready", f"{seconds:.2f} s", f"snapshot {snapshot}"))
        js(f"location.hash = '#{GAME}'")
        moves = wait(js, "Number(document.querySelector('section.play')?.dataset.moves) >= 6", 60)
        played = js("return document.querySelector('section.play')?.dataset.moves")
        rows.append(("a K2 game of bots by link", "6 moves" if moves else f"FAILED ({played} moves)",
                     f"bots' worker {js('return document.documentElement.dataset.botWorker')}"))
        made = wait(js, "['made', 'failed'].includes(document.documentElement.dataset.snapshot) && "
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
        if xvfb:
            xvfb.terminate()
    print("\nWebKit (WebKitGTK WebDriver, Xvfb)")
    for name, value, note in rows:
        print(f"  {name:34}{value:>10}  {note}")
    return 0 if all("FAILED" not in r[1] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())

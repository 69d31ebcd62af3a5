"""Firefox (Debian's ``firefox-esr``) through its own Marionette protocol, as no geckodriver is packaged:
a first visit (ready, the home page's cards), the interpreter snapshot made, a game of bots by link, and
a returning visit from the snapshot. A smoke run for changes to the boot, beside webkit_bench.py; prints
why it did nothing when Firefox is missing. Run with ``python3 build.py bench`` (after a build) or directly.
"""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIREFOX = shutil.which("firefox-esr") or shutil.which("firefox")
PORT = 2828
GAME = "k2?v=1&players=2&seed=firefox&moves=&seats=heuristic,heuristic"
STATE = "document.documentElement.dataset.appState"
SNAPSHOT = "document.documentElement.dataset.snapshot"
MOVES = "document.querySelector('section.play')?.dataset.moves"


class Marionette:
    """Marionette's wire protocol: ``length:json`` messages, commands as ``[0, id, name, params]``."""

    def __init__(self, port: int = PORT) -> None:
        for _ in range(200):
            try:
                self.sock = socket.create_connection(("127.0.0.1", port))
                break
            except OSError:
                time.sleep(0.3)
        else:
            raise RuntimeError("Firefox's Marionette port never opened")
        self.buffer = b""
        self.id = 0
        self.read()  # its greeting

    def read(self) -> list:
        while b":" not in self.buffer:
            self.buffer += self.sock.recv(65536)
        length, rest = self.buffer.split(b":", 1)
        size = int(length)
        while len(rest) < size:
            rest += self.sock.recv(65536)
        self.buffer = rest[size:]
        return json.loads(rest[:size])

    def command(self, name: str, params: dict | None = None) -> dict:
        self.id += 1
        message = json.dumps([0, self.id, name, params or {}]).encode()
        self.sock.sendall(str(len(message)).encode() + b":" + message)
        while True:
            reply = self.read()
            if reply[0] == 1 and reply[1] == self.id:
                if reply[2]:
                    raise RuntimeError(reply[2])
                return reply[3]

    def js(self, expression: str) -> object:
        return self.command("WebDriver:ExecuteScript", {"script": f"return {expression}", "args": []}).get("value")

    def wait(self, expression: str, seconds: float = 90) -> object:
        """Poll ``expression`` until it is truthy; returns its last value."""
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            value = self.js(expression)
            if value:
                return value
            time.sleep(0.2)
        return self.js(expression)

    def visit(self, url: str) -> tuple[object, float]:
        """Go to ``url``: (the app's state once it left "loading", seconds)."""
        start = time.perf_counter()
        self.command("WebDriver:Navigate", {"url": url})
        state = self.wait(f"{STATE} !== 'loading' && {STATE}")
        return state, time.perf_counter() - start


def main() -> int:
    if FIREFOX is None:
        print("firefox_bench: no firefox-esr here (apt-get install firefox-esr); nothing run")
        return 0
    sys.path.insert(0, str(ROOT))
    from tools.devserver import SiteServer
    from tools.site import DIST

    dist = Path(sys.argv[1]) if len(sys.argv) > 1 else DIST  # (a frozen copy: see webkit_bench.py)
    profile = tempfile.mkdtemp(prefix="firefox-bench-")
    Path(profile, "user.js").write_text(f'user_pref("marionette.port", {PORT});\n')
    with SiteServer(dist) as site:
        firefox = subprocess.Popen([FIREFOX, "--headless", "--marionette", "--no-remote", "-profile", profile],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            driver = Marionette()
            driver.command("WebDriver:NewSession", {"capabilities": {}})
            url = site.url.replace("127.0.0.1", "localhost")  # a secure origin: the service worker runs
            state, seconds = driver.visit(url)
            print(f"Firefox: first visit {state} in {seconds:.2f} s, "
                  f"{driver.js('document.querySelectorAll(`[data-game-card] svg`).length')} home cards")
            made = driver.wait(f"['made', 'failed', 'off'].includes({SNAPSHOT}) && {SNAPSHOT}")
            print(f"Firefox: snapshot {made}")
            driver.command("WebDriver:Navigate", {"url": url + "#" + GAME})
            print(f"Firefox: a game of bots by link, {driver.wait(f'{MOVES} > 3 && {MOVES}')} moves played")
            state, seconds = driver.visit(url + "?again")
            print(f"Firefox: returning visit {state} in {seconds:.2f} s, snapshot {driver.js(SNAPSHOT)}")
        finally:
            firefox.kill()
            firefox.wait()
            shutil.rmtree(profile, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

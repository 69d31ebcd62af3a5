"""Firefox and WebKit, driven without Playwright (which cannot run them here): one small interface, ``Driver``
(``get``, ``js``, ``wait``, ``quit``), over Firefox's own Marionette protocol (Debian's ``firefox-esr``; no
geckodriver is packaged) and WebKitGTK's WebDriver (Debian's ``webkit2gtk-driver``, with Selenium) under Xvfb.
The smoke tests (tests/browsers/test_smoke.py) and the benches (tests/bench/firefox_bench.py,
webkit_bench.py) use them."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

FIREFOX = shutil.which("firefox-esr") or shutil.which("firefox")
WEBKIT_DRIVER = Path("/usr/bin/WebKitWebDriver")
XVFB = shutil.which("Xvfb")


# Where no test times the page (``build.py test``'s steps but the timing one), each engine's WebAssembly runs on
# its baseline compiler only: the page compiles Pyodide at every start, and its optimizing tier took more of the
# machine's cores than its faster code gave back (tests/e2e/conftest.py, the same for Chromium).
BASELINE_WASM = os.environ.get("PYGAMES_WASM_BASELINE") == "1"

class Driver:
    """A browser with one tab: ``get(url)``, ``js(expression)`` (a JavaScript expression's value), ``quit()``."""

    name = ""

    def get(self, url: str) -> None:
        raise NotImplementedError

    def js(self, expression: str) -> object:
        raise NotImplementedError

    def quit(self) -> None:
        raise NotImplementedError

    def wait(self, expression: str, seconds: float = 90) -> object:
        """Poll ``expression`` until it is truthy; returns its last value (falsy when the time ran out)."""
        end = time.perf_counter() + seconds
        value = None
        while time.perf_counter() < end:
            value = self.js(expression)
            if value:
                return value
            time.sleep(0.1)
        return value


class Marionette(Driver):
    """Firefox headless through Marionette's wire protocol (``length:json`` messages, commands as ``[0, id,
    name, params]``), in a profile of its own."""

    name = "firefox"

    def __init__(self, port: int = 2828) -> None:
        if FIREFOX is None:
            raise RuntimeError("firefox-esr is missing (apt-get install firefox-esr)")
        self.profile = tempfile.mkdtemp(prefix="pygames-firefox-")
        prefs = f'user_pref("marionette.port", {port});\n'
        if BASELINE_WASM:  # (SpiderMonkey's baseline WebAssembly compiler only: tests/e2e/conftest.py BASELINE_WASM)
            prefs += 'user_pref("javascript.options.wasm_optimizingjit", false);\n'
        Path(self.profile, "user.js").write_text(prefs)
        self.process = subprocess.Popen([FIREFOX, "--headless", "--marionette", "--no-remote", "-profile",
                                         self.profile], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(300):
            try:
                self.sock = socket.create_connection(("127.0.0.1", port))
                break
            except OSError:
                time.sleep(0.2)
        else:
            self.quit()
            raise RuntimeError("Firefox's Marionette port never opened")
        self.buffer = b""
        self.id = 0
        self._read()  # its greeting
        self._command("WebDriver:NewSession", {"capabilities": {}})

    def _read(self) -> list:
        while b":" not in self.buffer:
            self.buffer += self.sock.recv(65536)
        length, rest = self.buffer.split(b":", 1)
        size = int(length)
        while len(rest) < size:
            rest += self.sock.recv(65536)
        self.buffer = rest[size:]
        return json.loads(rest[:size])

    def _command(self, name: str, params: dict | None = None) -> dict:
        self.id += 1
        message = json.dumps([0, self.id, name, params or {}]).encode()
        self.sock.sendall(str(len(message)).encode() + b":" + message)
        while True:
            reply = self._read()
            if reply[0] == 1 and reply[1] == self.id:
                if reply[2]:
                    raise RuntimeError(reply[2])
                return reply[3]

    def get(self, url: str) -> None:
        self._command("WebDriver:Navigate", {"url": url})

    def js(self, expression: str) -> object:
        return self._command("WebDriver:ExecuteScript", {"script": f"return {expression}", "args": []}).get("value")

    def quit(self) -> None:
        self.process.kill()
        self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


class WebKit(Driver):
    """WebKitGTK through its WebDriver (Selenium), on an Xvfb screen of its own when there is no display."""

    name = "webkit"

    def __init__(self, display: str = ":97") -> None:
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        if not WEBKIT_DRIVER.exists():
            raise RuntimeError("WebKitWebDriver is missing (apt-get install webkit2gtk-driver)")
        self.xvfb = None
        if not os.environ.get("DISPLAY"):
            if XVFB is None:
                raise RuntimeError("Xvfb is missing (apt-get install xvfb)")
            self.xvfb = subprocess.Popen([XVFB, display, "-screen", "0", "1280x800x24"], stdout=subprocess.DEVNULL,
                                         stderr=subprocess.DEVNULL)
            os.environ["DISPLAY"] = display
            time.sleep(1)
        env = dict(os.environ, JSC_useOMGJIT="false") if BASELINE_WASM else None  # (JavaScriptCore's BBQ tier only)
        service = Service(executable_path=str(WEBKIT_DRIVER), env=env)
        self.driver = webdriver.WebKitGTK(service=service, options=Options())

    def get(self, url: str) -> None:
        self.driver.get(url)

    def js(self, expression: str) -> object:
        # (WebKitWebDriver now and then fails to read back a script's plain result while the machine is busy,
        # "Could not parse script result": asked again, it answers)
        from selenium.common.exceptions import WebDriverException

        for attempt in range(3):
            try:
                return self.driver.execute_script(f"return {expression}")
            except WebDriverException as error:
                if "Could not parse script result" not in str(error) or attempt == 2:
                    raise
                time.sleep(0.2)
        return None

    def quit(self) -> None:
        self.driver.quit()
        if self.xvfb is not None:
            self.xvfb.terminate()
            self.xvfb.wait()
            os.environ.pop("DISPLAY", None)


BROWSERS = {"firefox": Marionette, "webkit": WebKit}


def missing() -> list[str]:
    """What a smoke run of both browsers lacks on this machine (Debian's package names)."""
    lacking = []
    if FIREFOX is None:
        lacking.append("firefox-esr")
    if not WEBKIT_DRIVER.exists():
        lacking.append("webkit2gtk-driver")
    if XVFB is None and not os.environ.get("DISPLAY"):
        lacking.append("xvfb")
    return lacking

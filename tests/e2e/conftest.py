"""Fixtures for end-to-end tests: a built dist/, static servers, one started page per worker, fresh pages.

Fixtures (see each docstring):

* ``app`` — the app booted once per test process (pytest-xdist worker) and reset before each test:
  storage cleared, the home page shown by its hash, the viewport at its default; the bots' worker
  stays up. ``app.page``, ``app.log`` (this test's console errors), ``app.open(fragment)``. Most
  tests use it; only tests about starting (platform, offline, update, snapshot, locale, no
  WebGL) open fresh contexts.
* ``phone`` — the same on a phone (390x844, touch, 2x pixels; its own context, booted once per worker
  when a test first asks for it): ``phone.page.tap(...)``
* ``built_dist`` (session, tests/conftest.py) — ``Path`` of dist/, built once per session by ``tools.site.build()``
* ``site`` (session) — a ``SiteServer`` serving dist/; ``site.url`` is ``http://127.0.0.1:PORT/``
* ``serve`` — factory ``serve(directory, **options) -> SiteServer`` (own free port, so own origin: its own
  service worker and storage); ``.stop()`` / ``.start()`` restart it on the same port
* ``site_copy`` — factory ``site_copy() -> Path``: a private copy of dist/ to change and re-stamp
* ``browser`` (session, pytest-playwright) — Chromium from /usr/bin/chromium
* ``context`` / ``page`` (pytest-playwright) — a fresh profile per test, the page's service worker blocked
  unless the test is marked ``SERVICE_WORKER`` (helpers.py)
* ``profile_context`` — a persistent (non-incognito) Chromium context, for installability checks
* ``page_log`` — console errors, page errors and every request URL of the test's context
* ``boot`` — ``boot(page, url) -> seconds``: open the app, wait for data-app-state="ready";
  ``boot.wait_ready(page)``, ``boot.wait_controlled(page)`` after a reload or a click

The shared helpers (waiting for turns, moves decided in CPython, comparing a drawn board with its
replay) are in ``helpers.py``. The build, the server and Chromium's path are imported from ``tools.site``,
``tools.devserver`` and ``tools.devenv`` (tests that re-stamp a copy of dist/ import ``stamp_service_worker``).
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Page

from tools.devenv import CHROMIUM, CHROMIUM_ARGS
from tools.devserver import SiteServer

BOOT_TIMEOUT_MS = 60_000

# ``page.wait_for_function`` asks its predicate on every animation frame unless told otherwise, and a page asked
# for frames makes them: 0.11 s of Chromium's CPU a second of waiting, against 0.01 s asked every 50 ms (and 0.04 s
# every 10 ms: docs/performance.md, "Where step 1's CPU goes, by process"). The tests wait for the page most of
# their time, two workers on two cores: every wait asks every POLL_MS instead (``PYGAMES_POLL_MS=0``: every frame).
POLL_MS = int(os.environ.get("PYGAMES_POLL_MS", "50"))
if POLL_MS:
    _wait_for_function = Page.wait_for_function

    def _polled(self, expression: str, *, arg=None, timeout: float | None = None, polling="default"):
        return _wait_for_function(self, expression, arg=arg, timeout=timeout,
                                  polling=POLL_MS if polling == "default" else polling)

    Page.wait_for_function = _polled  # type: ignore[method-assign]


@pytest.fixture(scope="session")
def site(built_dist):
    with SiteServer(built_dist) as server:
        yield server


@pytest.fixture
def serve() -> Iterator[Callable]:
    servers = []

    def start(directory: Path, **options):
        server = SiteServer(directory, **options).start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


@pytest.fixture
def site_copy(built_dist, tmp_path) -> Callable[[], Path]:
    def make() -> Path:
        target = tmp_path / f"site-{len(list(tmp_path.iterdir()))}"
        shutil.copytree(built_dist, target)
        return target

    return make


# Where no test times the page (``build.py test``'s first step: the timing tests run alone, after it), V8 runs
# the page's WebAssembly with its baseline compiler only: every fresh context compiles Pyodide again, and
# tiering it up to the optimizing compiler took more of the two cores than the faster code gave back (the e2e
# suite: 300 s instead of 385-412 s, 2 workers). It also compiles and validates each function on its first call,
# not all of Pyodide's at the start (the boot-heavy tests: 135 CPU-s instead of 150). Behaviour is the same; the
# timing tests keep the browser's default.
BASELINE_WASM = ("--js-flags=--liftoff-only --wasm-lazy-compilation --wasm-lazy-validation",)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """pytest-playwright's launch arguments, with Debian's Chromium (no downloaded browsers here)."""
    return {
        **browser_type_launch_args,
        "executable_path": str(CHROMIUM),
        "args": [*browser_type_launch_args.get("args", []), *CHROMIUM_ARGS,
                 *(BASELINE_WASM if os.environ.get("PYGAMES_WASM_BASELINE") == "1" else ())],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """Every context's arguments (pytest-playwright's fresh ones, the shared pages', a test's own), with the
    page's service worker blocked: a first visit registers it and it precaches the whole site (17 MB, 2 to 3 s
    of a core per fresh page), which only slows the tests beside it. The tests of what it does are marked
    ``SERVICE_WORKER`` (helpers.py)."""
    return {**browser_context_args, "service_workers": "block"}


# After a first visit the page makes a memory snapshot of the interpreter in a background worker
# (web/interpreter.mjs): a few seconds of a second core that would only slow the other tests. Tests
# marked ``snapshots`` (tests/e2e/test_snapshot.py) let the page make and use it.
NO_SNAPSHOT = "globalThis.PYGAMES_NO_SNAPSHOT = true;"
# After the first screen the page warms up every game (shell/page/startup.py ``warm_up``: 1.6-1.8 s of a core),
# which the tests' fresh pages, each started for what it does at its start, do not use (a snapshot does the same
# work in a worker of its own: shell/warm.py). Tests marked ``warm_up`` keep it; the shared pages warm up (they
# open every game).
NO_WARM_UP = "globalThis.PYGAMES_NO_WARM_UP = true;"


@pytest.fixture
def context(context, request):
    """pytest-playwright's fresh context, without interpreter snapshots unless the test is marked ``snapshots``,
    and without the warm-up unless it is marked ``warm_up``."""
    if request.node.get_closest_marker("snapshots") is None:
        context.add_init_script(NO_SNAPSHOT)
    if request.node.get_closest_marker("warm_up") is None:
        context.add_init_script(NO_WARM_UP)
    return context


@pytest.fixture
def profile_context(playwright, browser_type_launch_args, tmp_path):
    """A Chromium context with a real on-disk profile (``context`` is incognito-like, and Chrome
    reports an incognito page as not installable)."""
    context = playwright.chromium.launch_persistent_context(tmp_path / "profile", **browser_type_launch_args)
    context.add_init_script(NO_SNAPSHOT)
    yield context
    context.close()


def page_of_a_new_browser(request) -> tuple[Page, PageLog]:
    """A fresh page, as ``context`` gives it, but in a browser of its own (closed after the test), and its log: where
    a page crashed, the next starts clear of whatever the crashed one's browser still holds."""
    launch = request.getfixturevalue("browser_type_launch_args")
    browser = request.getfixturevalue("browser_type").launch(**launch)
    request.addfinalizer(browser.close)
    context = browser.new_context(**request.getfixturevalue("browser_context_args"))
    context.add_init_script(NO_SNAPSHOT)
    context.add_init_script(NO_WARM_UP)
    return context.new_page(), watch(context)


@dataclass
class PageLog:
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    @property
    def errors(self) -> list[str]:
        return self.console_errors + self.page_errors

    def foreign_requests(self, origin: str) -> list[str]:
        """Requests that left ``origin`` (data: and blob: URLs are local)."""
        return [u for u in self.requests if not u.startswith((origin, "data:", "blob:"))]


def watch(context) -> PageLog:
    """A log of ``context``'s errors and requests from now on."""
    log = PageLog()
    context.on("console", lambda msg: msg.type == "error" and log.console_errors.append(msg.text))
    context.on("weberror", lambda err: log.page_errors.append(str(err.error)))
    context.on("request", lambda request: log.requests.append(request.url))
    return log


@pytest.fixture
def page_log(context) -> PageLog:
    return watch(context)


class Boot:
    """Open the app and wait for its states: ``boot(page, url)``, ``boot.wait_ready(page)``…"""

    timeout = BOOT_TIMEOUT_MS

    def __call__(self, page, url: str) -> float:
        """Go to ``url`` and wait until the app is ready; returns the seconds it took."""
        start = time.perf_counter()
        page.goto(url)
        self.wait_ready(page)
        return time.perf_counter() - start

    def wait_ready(self, page) -> None:
        """Wait for data-app-state to leave "loading"; fail with the page's message unless "ready"."""
        page.wait_for_function(
            "document.documentElement.dataset.appState !== 'loading'", timeout=self.timeout
        )
        state = page.evaluate("document.documentElement.dataset.appState")
        if state != "ready":
            pytest.fail(f"app state is {state!r}: {page.locator('#boot-error').inner_text()}")

    def wait_controlled(self, page, timeout: float = 30_000) -> None:
        """Wait until a service worker controls the page (its precache is then complete)."""
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=timeout)


@pytest.fixture
def boot() -> Boot:
    return Boot()


# A new address, as a link inside the page would set it; resolved once the page has told the shell (its hashchange)
GO = """(fragment) => new Promise((resolve) => {
  if (location.hash === fragment) return resolve();
  addEventListener("hashchange", () => resolve(), {once: true});
  location.hash = fragment;
})"""
# the shell has answered every event the page sent it (the shell in its worker: <html data-shell-busy> meanwhile)
SETTLED = "!document.documentElement.hasAttribute('data-shell-busy')"
# the modules the page's Python imported from the whole standard library (in the shell's worker, or on the page)
MISSES = """globalThis.pygamesPython
  ? pygamesPython("__import__('json').dumps(list(__import__('js').pygamesStdlib.misses))") : []"""


# -- one started page per worker -----------------------------------------------------------------

HOME_VIEWPORT = {"width": 1280, "height": 720}  # Playwright's default, as a fresh context has it
# a phone held upright: touch (so the page's pointer is coarse), 2x pixels
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
RESET = """() => new Promise((done) => {
  localStorage.clear();
  // (as another tab's clearing would say it: the shell reads its copy of the storage, shell/page/dom.py)
  window.dispatchEvent(new StorageEvent("storage", {key: null, storageArea: localStorage}));
  sessionStorage.clear();
  // the home page, drawn again from the emptied storage (a hash change routes; "" is home too); done once the
  // change was sent to the shell (then SETTLED waits for its answer: a test does not start before that home
  // page is drawn, which would take away what it put on the page)
  addEventListener("hashchange", () => setTimeout(done, 0), {once: true});
  location.hash = location.hash === '#home' ? '' : '#home';
})"""


class SharedApp:
    """The app, booted once in its own context with ``?botdelay=0``, reused by test after test."""

    def __init__(self, browser, site, options: dict) -> None:
        self.browser, self.site = browser, site
        self.options = options  # the context's: browser_context_args and a viewport (a phone's: PHONE)
        self.viewport = self.options["viewport"]
        self.url = site.url + "?botdelay=0"
        self.page = None
        self.log = PageLog()
        # the page's standard library holds only what the page imports (tools/site/stdlib.py): the modules
        # tests import from the whole library on purpose (``asked``), and any other that missed it
        self.asked: set[str] = set()
        self.stray_misses: list[str] = []

    def start(self) -> None:
        self.context = self.browser.new_context(**self.options)
        self.context.add_init_script(NO_SNAPSHOT)
        self.context.on("console", lambda msg: msg.type == "error" and self.log.console_errors.append(msg.text))
        self.context.on("weberror", lambda err: self.log.page_errors.append(str(err.error)))
        self.context.on("request", lambda request: self.log.requests.append(request.url))
        self.page = self.context.new_page()
        Boot()(self.page, self.url)

    def stop(self) -> None:
        if self.page is not None:
            self.stray_misses += [name for name in self.stdlib_misses() if name not in self.asked]
            self.context.close()
            self.page = None

    def stdlib_misses(self) -> list[str]:
        """The modules the page imported from the whole standard library (web/app/stdlib_fallback.py)."""
        try:
            return self.page.evaluate(MISSES)
        except Exception:  # a page that failed its test: what it imported is not known
            return []

    def reset(self) -> None:
        """Storage emptied, the home page on screen, the default viewport, nothing logged; the
        interpreter, its imports and the bots' worker stay as they are."""
        page = self.page
        if page.viewport_size != self.viewport:
            page.set_viewport_size(self.viewport)
        page.evaluate(RESET)
        page.wait_for_function(SETTLED, timeout=10_000)
        page.wait_for_function("document.querySelector('#app [data-page=\"home\"]') !== null"
                               " && document.querySelector('section.play') === null"
                               " && document.documentElement.lang === 'en'", timeout=10_000)
        self.log.console_errors.clear()
        self.log.page_errors.clear()
        self.log.requests.clear()

    def open(self, fragment: str, until: str | None = "section.play", timeout: float = 60_000) -> None:
        """Follow a link inside the page (``fragment`` without '#'), as the address bar would, and wait
        for ``until`` (the game screen by default). Only the hash changes: nothing boots again."""
        self.page.evaluate(GO, "#" + fragment)
        self.page.wait_for_function(SETTLED)  # the shell has answered it
        if until:
            self.page.wait_for_selector(until, timeout=timeout)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    if call.when == "call" and call.excinfo is not None:
        item.stash[FAILED] = True
    report = yield
    if call.excinfo is not None and "Target crashed" in str(call.excinfo.value) and CRASH_WATCH:
        try:
            CRASH_WATCH[0].send("Target.getTargets")  # (the events come in with a call's answer)
        except Exception:
            pass
        report.sections.append(("Chromium: pages that crashed", "\n".join(CRASHES[-5:]) or "none reported"))
    return report


# Chromium's word on each page that crashed in this process (a test's "Target crashed" says no more): when, and
# the process's end (DevTools' Target.targetCrashed: its status, "crashed" or "oom"…, and its exit code or signal)
CRASHES: list[str] = []
CRASH_WATCH: list = []  # the browser's DevTools session that hears of them


@pytest.fixture(scope="session", autouse=True)
def renderer_crashes(browser) -> Iterator[None]:
    """Listens for crashed pages on the browser's own DevTools session (the failing test's report shows them)."""
    session = browser.new_browser_cdp_session()
    session.on("Target.targetCrashed", lambda event: CRASHES.append(
        f"{time.strftime('%H:%M:%S')} {event.get('status')}, exit code {event.get('errorCode')}"))
    session.send("Target.setDiscoverTargets", {"discover": True})
    CRASH_WATCH.append(session)
    yield
    CRASH_WATCH.clear()


FAILED = pytest.StashKey[bool]()


@pytest.fixture(scope="session")
def shared_app(browser, site, browser_context_args) -> Iterator[SharedApp]:
    app = SharedApp(browser, site, {**browser_context_args, "viewport": HOME_VIEWPORT})
    yield app
    app.stop()
    assert_no_stray_misses(app)


@pytest.fixture(scope="session")
def shared_phone(browser, site, browser_context_args) -> Iterator[SharedApp]:
    app = SharedApp(browser, site, {**browser_context_args, **PHONE})
    yield app
    app.stop()
    assert_no_stray_misses(app)


def assert_no_stray_misses(app: SharedApp) -> None:
    """The traced run that chose the page's standard library (tools/site/stdlib.py) missed nothing that the
    tests made the shared pages do: none of their imports needed the whole library but those a test asked
    for."""
    assert app.stray_misses == [], f"imported from the whole standard library: {sorted(set(app.stray_misses))}"


@pytest.fixture
def app(shared_app: SharedApp, request) -> Iterator[SharedApp]:
    """The worker's started page, reset for this test (started again after a test that failed, or
    when it cannot be reset)."""
    yield from _shared(shared_app, request)


@pytest.fixture
def phone(shared_phone: SharedApp, request) -> Iterator[SharedApp]:
    """Like ``app``, on a phone (``PHONE``: 390x844, touch, 2x pixels): tap (``page.tap``), don't click.
    Booted once per worker, the first time a test asks for it."""
    yield from _shared(shared_phone, request)


def _shared(shared_app: SharedApp, request) -> Iterator[SharedApp]:
    if shared_app.page is None:
        shared_app.start()
    try:
        shared_app.reset()
    except Exception:
        shared_app.stop()
        shared_app.start()
        shared_app.reset()
    yield shared_app
    if request.node.stash.get(FAILED, False):
        shared_app.stop()

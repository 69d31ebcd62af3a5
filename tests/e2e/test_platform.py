"""The platform in Chromium: boot, offline, installability, and the update banner."""

from __future__ import annotations

import re
import zipfile

import pytest

from tools.site import stamp_service_worker

from .helpers import GAMES, SERVICE_WORKER, python

pytestmark = pytest.mark.e2e

VERSION_ATTR = "document.documentElement.dataset.siteVersion"
WORKER_STATES = """async () => {
  const r = await navigator.serviceWorker.getRegistration();
  const state = (w) => (w ? w.state : null);
  return {controller: state(navigator.serviceWorker.controller), active: state(r && r.active),
          waiting: state(r && r.waiting), installing: state(r && r.installing)};
}"""


def test_one_visit_then_installable_isolated_by_the_worker_and_offline(profile_context, built_dist, serve, boot):
    """The first visit registers the service worker (its precache revalidates the whole site) once the games have
    loaded in the background after the first screen (``app:warm``), or 10 s after ready at the latest, not at
    ready: a long K2 link opened at ready drew in 521 ms (longest task 209 ms) while the precache ran, 233 ms (141)
    after this change (median of 5). Then the browser can install the page as an app. On a host that cannot send
    the headers of cross-origin isolation (this one), the first visit is not isolated; the later ones are, by the
    service worker (service-worker.js), and the page's workers still start and think. And it works offline.
    (A profile on disk: Chrome reports an incognito page as not installable.)"""
    from .conftest import watch
    from .test_security import VIOLATIONS

    context = profile_context
    page_log = watch(context)
    page = context.pages[0] if context.pages else context.new_page()
    page.add_init_script(VIOLATIONS)  # offline too, the page runs under its policy without a violation
    server = serve(built_dist, isolation=False)
    boot(page, server.url)
    assert not page.evaluate("self.crossOriginIsolated")
    boot.wait_controlled(page)
    marks = page.evaluate("""() => Object.fromEntries(["app:ready", "app:warm", "sw:register"].map(
        (name) => [name, performance.getEntriesByName(name)[0]?.startTime ?? null]))""")
    assert marks["app:ready"] is not None and marks["sw:register"] is not None, marks
    latest = marks["app:ready"] + 10_000
    settled = latest if marks["app:warm"] is None else min(marks["app:warm"], latest)
    assert marks["sw:register"] >= settled - 1, marks
    cdp = context.new_cdp_session(page)
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    manifest = cdp.send("Page.getAppManifest")
    assert not manifest.get("errors"), manifest.get("errors")

    # The next visit is isolated (the worker adds the headers), and the bots think in their worker.
    boot(page, server.url + "?botdelay=0#k3?v=1&players=2&seed=coi&moves=&seats=heuristic,heuristic")
    assert page.evaluate("self.crossOriginIsolated")
    if page.evaluate("document.documentElement.dataset.shell") != "worker":  # (there, the bots think in it)
        page.wait_for_function("document.documentElement.dataset.botWorker === 'ready'", timeout=60_000)
    page.wait_for_function("Number(document.querySelector('section.play')?.dataset.moves) >= 4", timeout=60_000)

    server.stop()
    context.set_offline(True)
    page.reload()
    boot.wait_ready(page)
    # Fragments never reach the worker (the view's router reads them); queries and index.html do.
    boot(page, server.url + "index.html?source=home-screen")
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    assert page.evaluate("self.crossOriginIsolated")  # (from the worker, offline too)
    # a module the page's standard library lacks: the whole library from the precache (a synchronous request)
    assert python(page, "import colorsys; colorsys.rgb_to_hsv(0, 0, 1)") == [0.6666666666666666, 1, 1]
    assert page.evaluate("window.__violations") == []
    assert page_log.errors == []
    # And back online on the same origin: still the same version, no banner.
    context.set_offline(False)
    server.start()
    boot(page, server.url)
    assert page.locator("#update-banner").is_hidden()


# Every element added to the page's document, as it comes: game screens (``.play``), and hosts of a shadow tree.
WATCH_SCREENS = """
window.__added = {screens: 0, hosts: []};
new MutationObserver((records) => {
  for (const record of records) for (const node of record.addedNodes) {
    if (node.nodeType !== 1) continue;
    window.__added.screens += node.matches(".play") + node.querySelectorAll(".play").length;
    if (node.matches('[aria-hidden="true"]')) {
      window.__added.hosts.push({inert: node.inert, visible: getComputedStyle(node).visibility !== "hidden",
                                 open: node.shadowRoot !== null, children: node.childElementCount,
                                 inApp: record.target.closest?.("#app") != null});
    }
  }
}).observe(document, {childList: true, subtree: true});
"""
# The home page's HTML without a warm-up host that may be there at the moment it is read
HOME_HTML = """(() => { const app = document.querySelector("#app").cloneNode(true);
  app.querySelectorAll(':scope > [inert][aria-hidden="true"]').forEach((host) => host.remove());
  return app.innerHTML; })()"""


@pytest.mark.warm_up
def test_a_first_visit_boots_warms_up_unseen_and_asks_only_for_built_and_precached_files(page, context, page_log,
                                                                                         site, boot, built_dist):
    """A first visit, from the home page to a game of each kind:

    - it is ready without an error or a request to another origin, isolated by build.py serve's headers;
    - after the first screen, the warm-up lays out each game's screen once where nobody sees it (the browser's
      first layout of a game's screen, its fonts at each size and text shaping, took ~60-80 ms of a long K2
      game's opening from the home page; ~15-30 ms after), then removes it. The copy is never part of the
      page's document (a closed shadow tree in an inert, hidden host): no script or test finds a second game
      screen, the home page stays as it was;
    - three.js (Blokus 3D's board) is no part of the start: the warm-up fetches it after the first screen
      (``data-warm`` once the browser has it), and the page runs it only when a game of Blokus 3D opens;
    - the build drops PyScript features the page never uses (editor, terminal…): whatever the page does ask
      for must be in dist/ and in the precache."""
    requested = []
    context.on("request", lambda r: r.service_worker is None and requested.append(r.url))
    page.add_init_script(WATCH_SCREENS)
    boot(page, site.url)
    assert page.locator("#app").inner_text().strip(), "#app is empty"
    assert f"{site.url}app.tgz" in page_log.requests, "the page did not load its Python"
    assert any(url.startswith(f"{site.url}wheels/pygames-") for url in page_log.requests), "no wheel loaded"
    assert page.locator("#boot-loading").is_hidden()
    assert page.locator("#boot-error").is_hidden()
    assert page.locator("#update-banner").is_hidden()
    assert page.evaluate("self.crossOriginIsolated"), "build.py serve's headers did not isolate the page"

    # the warm-up, unseen
    home = page.evaluate(HOME_HTML)  # the warm-up may have begun: its host is not the home page
    page.wait_for_function("document.documentElement.dataset.warm === '1'", timeout=60_000)
    marks = page.evaluate(f"{list(GAMES)}.map((name) => performance.getEntriesByName('warm:unseen:' + name).length)")
    assert marks == [1, 1, 1, 1], marks
    added = page.evaluate("window.__added")
    assert added["screens"] == 0, added
    assert len(added["hosts"]) == len(GAMES), added
    for host in added["hosts"]:
        assert host == {"inert": True, "visible": False, "open": False, "children": 0, "inApp": True}, host
    assert page.locator(".play, #app [inert]").count() == 0
    assert page.locator("#app").inner_html() == home

    # three.js: fetched after the first screen, not run
    timing = page.evaluate("""(() => {
        const ready = performance.getEntriesByName('app:ready')[0].startTime;
        const three = performance.getEntriesByType('resource').filter(e => e.name.includes('/three/'));
        return {ready, three: three.map(e => e.startTime)};
    })()""")
    assert timing["three"], "the warm-up did not fetch three.js"
    assert min(timing["three"]) > timing["ready"], timing
    assert page.evaluate("window.pygamesScene3d === undefined")

    # a game of each kind; Blokus 3D's runs three.js, one WebGL canvas for the page's life
    for name in GAMES:
        page.goto(f"{site.url}#{name}?v=1&players=2&seed=r&moves=&seats=human,human")
        page.wait_for_selector(f"section.play[data-game={name}]")
    page.wait_for_selector("section.play .b3d-stage canvas")
    page.wait_for_function("document.documentElement.dataset.webgl !== undefined", timeout=30_000)
    assert page.evaluate("window.pygamesScene3d !== undefined")
    page.goto(site.url + "#k3?v=1&players=2&seed=r&moves=&seats=human,human")
    page.wait_for_selector("section.play[data-game=k3]")
    page.goto(site.url + "#blokus3d?v=1&players=2&seed=s&moves=&seats=human,human")
    page.wait_for_selector("section.play .b3d-stage canvas")
    assert page.locator("canvas").count() == 1

    # every file asked for: built and precached
    worker = (built_dist / "service-worker.js").read_text()
    ours = {u.split("?")[0].split("#")[0][len(site.url):] for u in requested if u.startswith(site.url)}
    ours.discard("")
    assert ours, "no request seen"
    missing = sorted(rel for rel in ours if not (built_dist / rel).is_file())
    assert missing == []
    unlisted = sorted(rel for rel in ours if f'"url": "{rel}"' not in worker and rel != "service-worker.js")
    assert unlisted == []
    assert not any("micropip" in rel or "codemirror" in rel or "xterm" in rel for rel in ours)
    assert "pyodide/python_stdlib_full.zip" not in ours  # every module the page imports is in its own zip
    # none of PyScript's plugins (editor, terminal, game…): only its core and its error plugin (not its style
    # sheet: the one rule the page needs is in app.css), and none of it where the page's Python runs in the
    # shell's worker (the default: docs/python-in-a-worker.md)
    pyscript = sorted(rel.split("-")[0] for rel in ours if rel.startswith("pyscript/"))
    in_worker = page.evaluate("document.documentElement.dataset.shell") == "worker"
    assert pyscript == ([] if in_worker else ["pyscript/core", "pyscript/core.js", "pyscript/error"])
    assert page_log.errors == []
    assert page_log.foreign_requests(site.url) == []


BUSY_OLD_WORKER = """
// Test only: this version of the worker never answers service-worker.js?never (a file that is not precached, so
// that the worker's own handler leaves it), so it always has work in hand. (A file the server has: should the
// request reach the server once the worker is gone, it gets no 404 to log.)
self.addEventListener("fetch", (event) => {
  if (new URL(event.request.url).searchParams.has("never")) event.respondWith(new Promise(() => {}));
});
"""
MARKER = "getComputedStyle(document.documentElement).getPropertyValue('--deploy-marker').trim()"


def redeploy(root, marker: str, worker_extra: str = "") -> str:
    """A new version of the site in ``root``: one changed file (and the worker's own extra code); its version."""
    css = root / "app.css"
    css.write_text(css.read_text() + f'\nhtml {{ --deploy-marker: "{marker}"; }}\n')
    version = stamp_service_worker(root)  # (written anew from its template)
    if worker_extra:
        sw = root / "service-worker.js"
        sw.write_text(sw.read_text() + worker_extra)
    return version


@SERVICE_WORKER
def test_update_banner_then_new_version_also_when_the_old_worker_never_goes_idle(page, page_log, site_copy, serve,
                                                                                  boot):
    """A new version waits for the player: a banner, and the old version's files until they click Reload.
    Then the new version runs. The browser activates a waiting worker only once the old one has no event in
    hand: a player who clicked Reload while it never goes idle still gets the new version (after a while the
    page drops the registration and reloads from the server, which registers the new worker as on a first
    visit)."""
    root = site_copy()
    server = serve(root)
    page.add_init_script("globalThis.pygamesUpdateStallMs = 2000")  # (the page waits 10 s)
    boot(page, server.url)
    boot.wait_controlled(page)
    page.wait_for_function(VERSION_ATTR)
    old_version = page.evaluate(VERSION_ATTR)
    assert page.locator("#update-banner").is_hidden()

    # Redeploy: one changed file gives a new precache version (whose worker will be the busy one below).
    second = redeploy(root, "second", BUSY_OLD_WORKER)
    assert second != old_version
    page.reload()
    boot.wait_ready(page)
    banner = page.locator("#update-banner")
    banner.wait_for(state="visible", timeout=30_000)
    assert "A new version is ready" in banner.inner_text()
    # Until the player says so, the page keeps running the old version's files only.
    assert page.evaluate(MARKER) == ""
    assert page.evaluate(VERSION_ATTR) == old_version
    try:
        with page.expect_navigation(timeout=boot.timeout):
            page.locator("#update-reload").click()
    except Exception as error:  # say where the workers stood: a stalled switch is the browser's
        states = page.evaluate(WORKER_STATES)
        update = page.evaluate("document.documentElement.dataset.update")
        raise AssertionError(f"no reload after 'Reload' was clicked; workers: {states}, update: {update}") from error
    boot.wait_ready(page)
    page.wait_for_function(f"{VERSION_ATTR} === {second!r}")
    assert page.evaluate(MARKER) == '"second"'
    assert page.locator("#update-banner").is_hidden()
    assert page.evaluate("document.documentElement.dataset.update") is None

    # Again, while the worker in charge never finishes a request.
    third = redeploy(root, "third")
    page.reload()
    boot.wait_ready(page)
    page.locator("#update-banner").wait_for(state="visible", timeout=30_000)
    # the old worker now has work it never finishes
    held = page.evaluate("""() => Promise.race([fetch('./service-worker.js?never').then(() => 'answered'),
                                                new Promise((resolve) => setTimeout(() => resolve('held'), 500))])""")
    assert held == "held"
    with page.expect_navigation(timeout=boot.timeout):
        page.locator("#update-reload").click()
    boot.wait_ready(page)
    boot.wait_controlled(page)
    page.wait_for_function(f"{VERSION_ATTR} === {third!r}")
    assert page.evaluate(MARKER) == '"third"'
    assert page.locator("#update-banner").is_hidden()
    assert page_log.errors == []


def test_boot_failure_is_shown(page, site_copy, serve, boot):
    root = site_copy()
    (root / "app" / "main.py").write_text("raise RuntimeError('deliberate boot failure')\n")
    stamp_service_worker(root)
    page.goto(serve(root).url)
    page.wait_for_function("document.documentElement.dataset.appState === 'error'", timeout=boot.timeout)
    error = page.locator("#boot-error")
    assert error.is_visible()
    assert "RuntimeError: deliberate boot failure" in error.inner_text()
    assert page.locator("#boot-loading").is_hidden()


def test_large_files_are_sent_compressed(page, site):
    """build.py serve sends the .gz copy the build wrote, with Content-Encoding: gzip."""
    response = page.request.get(site.url + "pyodide/pyodide.asm.wasm", headers={"Accept-Encoding": "gzip"})
    assert response.ok and response.headers.get("content-encoding") == "gzip"
    assert response.headers.get("content-type") == "application/wasm"
    plain = page.request.get(site.url + "pyodide/pyodide.asm.wasm", headers={"Accept-Encoding": "identity"})
    assert plain.ok and "content-encoding" not in plain.headers
    assert response.body() == plain.body()  # decoded by the client: the same file


@pytest.mark.warm_up
def test_a_link_opened_as_the_address_says_what_is_coming_then_shows_the_game(page, page_log, site, boot):
    """Someone follows a shared link: from Python's start to the game's screen (a long game is replayed) the page
    says what it is opening instead of showing nothing; then the game comes with all its moves. It downloads
    that game's code and no other's (each game's engine and view are archives of their own: held back here, the
    others never stop the screen), and the others' (and their style sheets) once the screen is up."""
    from .helpers import finished_game

    others = []  # requests for another game's engine or view, held back until the game is on screen
    other = re.compile(r".*/(wheels/pygames_(?!k2-)[a-z0-9]+-[^/]*\.whl|app/games/(?!k2\.)[a-z0-9]+\.zip)$")
    page.route(other, lambda route: others.append(route))

    page.add_init_script("""document.addEventListener('DOMContentLoaded', () => {
        window.__first = ['#boot-opening', '#boot-what'].map((s) => document.querySelector(s).textContent);
      });
      window.__opening = [];
      new MutationObserver(() => {
        const note = document.querySelector('#view .opening');
        if (note && !window.__opening.includes(note.textContent)) window.__opening.push(note.textContent);
      }).observe(document, {subtree: true, childList: true});""")
    fragment = finished_game("k2", 3, "e2e-opening")
    moves = len(fragment.split("moves=")[1].split("&")[0].split("~"))
    boot(page, f"{site.url}?botdelay=0#{fragment}")
    page.wait_for_function(f"document.querySelector('section.play')?.dataset.moves === '{moves}'")
    # before Python: the game, its players and its moves, read from the link by the first paint's script
    assert page.evaluate("window.__first") == ["Opening K2…", f"3 players · {moves} moves"]
    assert page.evaluate("window.__opening") == ["Opening K2…"]
    assert page.locator(".opening").count() == 0
    ours = [url.rsplit("/", 1)[1] for url in page_log.requests
            if re.search(r"/(wheels|app/games)/[^/]+\.(whl|zip)$", url)]
    assert {name.split("-")[0] for name in ours} >= {"pygames", "pygames_k2", "k2.zip"}
    for route in list(others):
        route.continue_()
    page.unroute(other)
    page.wait_for_function("document.documentElement.dataset.warm === '1'", timeout=60_000)  # then every game's
    fetched = {url.rsplit("/", 1)[1].split("-")[0] for url in page_log.requests}
    assert {f"pygames_{name}" for name in ("k3", "matterhorn", "blokus3d")} <= fetched
    assert {"k3.zip", "matterhorn.zip", "blokus3d.zip"} <= fetched
    # and every game's style sheet: another game opened next is drawn as it should be (they were once lost with
    # the first screen, which held their list, and the next game came unstyled)
    sheets = page.evaluate("[...document.querySelectorAll('link[rel=stylesheet]')].map((l) => l.dataset.game)")
    assert {"k3", "matterhorn", "blokus3d", "k2"} <= set(sheets)
    assert page_log.errors == []


PYTHON = "**/pyodide/pyodide.asm.wasm"  # held back: Python cannot start until it is let through
TODAY = "(() => { const d = new Date(), two = (n) => String(n).padStart(2, '0');" \
        " return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`; })()"


def test_the_home_page_paints_before_python_and_python_takes_it_over_as_it_is(page, page_log, site, boot):
    """A first visit on a slow network: the home page is there before Python, in the player's language with
    today's challenges, and when Python starts it keeps the same elements where they were (nothing moves),
    only writing the day's challenge links it alone can make."""
    held = []
    page.route(PYTHON, lambda route: held.append(route))
    page.add_init_script("""localStorage.setItem('pygames:language', 'de');
      window.__shifted = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shifted += entry.value;
      }).observe({type: 'layout-shift', buffered: true});""")
    page.goto(site.url)
    page.wait_for_selector('#view[data-prerendered="de"] [data-game-card="k3"]')
    page.wait_for_function("document.querySelector('#boot-amount').textContent !== ''")
    assert held and page.evaluate("document.documentElement.dataset.appState") == "loading"
    today = page.evaluate(TODAY)
    assert page.locator("#daily-title").inner_text() == f"Tagesaufgabe · {today}"
    assert page.locator("[data-daily-start='k2']").get_attribute("href") == "#daily/k2"
    assert page.locator("#boot-phase").inner_text() == "Python wird heruntergeladen…"
    where = """(() => { const card = document.querySelector('[data-game-card=k3]'); card.__drawn = true;
                const box = card.getBoundingClientRect(); return [box.x, box.y, box.width, box.height]; })()"""
    before = page.evaluate(where)
    # our code is asked for once the interpreter's .wasm has come, not beside it (CPython's start, which
    # needs none of it, then runs while it arrives)
    assert not [url for url in page_log.requests if url.endswith((".tgz", ".whl"))]
    for request in held:
        request.continue_()
    page.unroute(PYTHON)
    boot.wait_ready(page)
    assert [url for url in page_log.requests if url.endswith(".tgz")]
    assert page.evaluate("document.querySelector('[data-game-card=k3]').__drawn") is True
    assert page.evaluate(where) == before
    assert page.evaluate("window.__shifted") == 0
    assert page.locator("#view[data-prerendered]").count() == 0
    assert f"seed=daily-{today}" in page.locator("[data-daily-start='k2']").get_attribute("href")
    assert page.locator("#boot-loading").is_hidden()
    assert page_log.errors == []


def test_a_tap_before_python_starts_says_so_and_opens_once_it_has(page, site, boot):
    held = []
    page.route(PYTHON, lambda route: held.append(route))
    page.goto(site.url)
    page.click("[data-new-game='k2']")
    assert page.locator("[data-new-game='k2']").get_attribute("aria-busy") == "true"
    assert page.locator("#boot-phase").inner_text() == "“New game” opens as soon as the games are ready."
    for request in held:
        request.continue_()
    page.unroute(PYTHON)
    page.wait_for_selector("#new-game-form[data-game='k2']", timeout=60_000)
    assert page.evaluate("location.hash") == "#new/k2"


def test_a_module_outside_the_pages_standard_library_is_fetched_on_its_import(app, built_dist):
    """The page's python_stdlib.zip holds only what the page imports (tools/site/stdlib.py); a module outside
    it, or a package's module that the page never imports, comes from the whole library, fetched on that
    import (web/app/stdlib_fallback.py). The shared page then records them (tests/e2e/conftest.py checks
    at the end that no other import missed)."""
    with zipfile.ZipFile(built_dist / "pyodide" / "python_stdlib.zip") as trimmed:
        names = set(trimmed.namelist())
    # (modules that import nothing else outside it: their misses are the only ones)
    assert "colorsys.pyc" not in names and "encodings/cp1252.pyc" not in names and "encodings/__init__.pyc" in names
    app.asked.update({"colorsys", "encodings.cp1252"})
    assert python(app.page, "import colorsys; colorsys.rgb_to_hsv(1, 0, 0)") == [0, 1, 1]
    assert python(app.page, "import encodings.cp1252; encodings.cp1252.getregentry().name") == "cp1252"
    misses = python(app.page, "import js; list(js.pygamesStdlib.misses)")
    assert "colorsys" in misses and "encodings.cp1252" in misses
    assert python(app.page, "import stdlib_fallback; stdlib_fallback.FULL_ZIP") == "/lib/python_stdlib_full.zip"

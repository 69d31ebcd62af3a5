"""The Content-Security-Policy (``content_security_policy`` in tools/site/assemble.py): the page, its bots'
worker, every game and its rules run under it with no violation, and a script that a missed escape would let
into the page does not run.

``dist/index.html`` carries the policy as a ``<meta>``; ``build.py serve`` (and every test's server) also
sends it as a header, with ``frame-ancestors``, which only a header can carry. A ``securitypolicyviolation``
event is recorded from the page's first script on (an init script, which the policy does not govern).
"""

from __future__ import annotations

import pytest

from .helpers import FAST, GAMES, PLAY, default_players

pytestmark = pytest.mark.e2e

VIOLATIONS = """window.__violations = [];
document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(
  `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));"""


def script_src(policy: str) -> str:
    return next(part.strip() for part in policy.split(";") if part.strip().startswith("script-src"))


def test_the_page_its_worker_every_game_and_its_rules_run_under_the_policy(page, site, boot, page_log):
    page.add_init_script(VIOLATIONS)
    response = page.goto(site.url + FAST)
    header = response.headers["content-security-policy"]
    meta = page.get_attribute('meta[http-equiv="Content-Security-Policy"]', "content")
    assert header == meta + "; frame-ancestors 'none'"
    assert "'unsafe-inline'" not in script_src(meta) and "'sha256-" in script_src(meta)
    for directive in ("object-src 'none'", "base-uri 'none'", "form-action 'self'", "default-src 'self'"):
        assert directive in meta
    boot.wait_ready(page)
    for name in GAMES:
        players = default_players(name)
        seats = ",".join(["heuristic"] * players)
        page.evaluate("f => { location.hash = f; }", f"#{name}?v=1&players={players}&seed=csp&moves=&seats={seats}")
        page.wait_for_function(f"Number(document.querySelector('{PLAY}[data-game={name}]')?.dataset.moves) >= 3",
                               timeout=60_000)
        page.evaluate("f => { location.hash = f; }", f"#rules/{name}")
        page.wait_for_selector(f'[data-page="rules"][data-game="{name}"]')
    # the bots thought off the page's thread: in the shell's worker, or in their own
    assert (page.evaluate("document.documentElement.dataset.shell") == "worker"
            or page.evaluate("document.documentElement.dataset.botWorker") == "ready")
    assert page.evaluate("window.__violations") == []
    assert page_log.errors == []


def test_an_injected_inline_handler_or_script_does_not_run(app):
    """As if a view forgot to escape a name: markup with an inline event handler and a javascript: link
    reaches the page. Nothing of it runs, and the browser reports the policy's refusal."""
    page = app.page
    page.evaluate(VIOLATIONS)
    page.evaluate("""() => document.querySelector('#view').insertAdjacentHTML('beforeend',
        '<img id="evil" src="./no-such-image.png" onerror="window.__ran = 1">' +
        '<a id="evil-link" href="javascript:window.__ran = 2">x</a>' +
        '<div id="evil-click" onclick="window.__ran = 3">y</div>')""")
    page.wait_for_function("window.__violations.length > 0")
    page.click("#evil-link")
    page.click("#evil-click")
    page.wait_for_function("window.__violations.length >= 3")
    assert page.evaluate("window.__ran === undefined")
    assert all("script-src" in v for v in page.evaluate("window.__violations"))

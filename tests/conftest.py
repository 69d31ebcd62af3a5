"""Shared pytest setup for the whole suite.

End-to-end tests (``@pytest.mark.e2e``, under tests/e2e/) need Debian's Chromium at
/usr/bin/chromium; ``python3 build.py test`` installs it. Without it they are skipped with a
reason, except in CI (CI=true), where a missing browser is an error rather than a silent skip.
They run after all other tests (see below).

Tests marked ``alone`` measure the page's own timing (no main-thread task over 100 ms while a bot
thinks), so no other test may run beside them. ``build.py test`` runs them in a step of their own
after the parallel part: with ``PYGAMES_TIMING_LATER=<file>`` in the environment, the parallel run
leaves them out and writes their ids to that file, and the second step runs those ids in one
process. ``PYGAMES_COUNTS=<file>`` has a run write its counts there (``build.py test`` adds the two
steps up in its last line).

The smoke tests in Firefox and WebKit (``browsers``, tests/browsers/) mostly wait (a browser starting, the
snapshot made in the background): ``build.py test`` runs them in a process of their own beside the parallel
part (``PYGAMES_BROWSERS=only`` there, ``skip`` in the parallel part), so that they hold none of its workers.
"""

from __future__ import annotations

import fcntl
import json
import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# The build, the dev server and the test environment are modules of tools/ (tests import them, e.g.
# ``from tools.site import stamp_service_worker``): the repository root on sys.path, however pytest is run.
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
CHROMIUM = Path("/usr/bin/chromium")
# end-to-end tests that take 10 s or more (whole games, several fresh browsers, a 10 s wait of the page's)
# the e2e tests of 10 s and more (fresh browsers, whole games, every language), by a part of their ids
LONG_FIRST = ("test_k2_play", "whole", "test_languages", "test_snapshot", "test_bots_play", "test_update_banner",
              "test_one_visit", "test_a_first_visit", "test_a_link_opened", "no_text_overflows", "run_under_the_policy",
              "by_keyboard_only", "without_webgl", "test_hints")


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def built_dist() -> Path:
    """dist/, brought up to date once per test process; parallel workers (pytest-xdist) take turns, so
    that one builds while the others wait and then find everything unchanged."""
    from tools.site import CACHE, DIST, build

    CACHE.mkdir(parents=True, exist_ok=True)
    with open(CACHE / "build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            build()
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    return DIST


def other_browsers_missing() -> list[str]:
    """Debian's packages that the smoke tests in Firefox and WebKit need and this machine lacks."""
    from tests.browsers.drivers import missing

    return missing()


@pytest.hookimpl(trylast=True)  # after -m and -k have deselected what they deselect
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    # End-to-end tests last: the fast engine tests report first, and Playwright's sync API keeps an
    # asyncio loop running in this thread from its first use on, so a later ``asyncio.run()`` in a
    # plain test would fail with "cannot be called from a running event loop".
    # Among them the longest first (whole games, fresh browsers), so that the workers end together
    # instead of one finishing a long test alone (pytest-xdist's worksteal takes tests in this order).
    items.sort(key=lambda item: (item.get_closest_marker("e2e") is not None,
                                 not any(part in item.nodeid for part in LONG_FIRST)))
    if not (CHROMIUM.exists() or os.environ.get("CI") == "true"):
        skip = pytest.mark.skip(reason=f"{CHROMIUM} missing: run `python3 build.py test`, which installs it")
        for item in items:
            if item.get_closest_marker("e2e"):
                item.add_marker(skip)
    lacking = other_browsers_missing()
    if lacking and os.environ.get("CI") != "true":
        reason = f"{', '.join(lacking)} missing: run `python3 build.py test`, which installs them"
        skip = pytest.mark.skip(reason=reason)
        for item in items:
            if item.get_closest_marker("browsers"):
                item.add_marker(skip)
    browsers = os.environ.get("PYGAMES_BROWSERS")  # "only" or "skip" the smoke tests in Firefox and WebKit
    if browsers in ("only", "skip"):
        left = [item for item in items if (item.get_closest_marker("browsers") is None) == (browsers == "only")]
        if left:
            items[:] = [item for item in items if item not in left]
            config.hook.pytest_deselected(items=left)
    later = os.environ.get("PYGAMES_TIMING_LATER")
    if not later:
        return
    alone = [item for item in items if item.get_closest_marker("alone")]
    if alone:
        items[:] = [item for item in items if not item.get_closest_marker("alone")]
        config.hook.pytest_deselected(items=alone)
    # every xdist worker collects the same items: each writes the same list, whole, in one rename
    target = Path(later)
    partial = target.with_name(f"{target.name}.{os.getpid()}")
    partial.write_text("".join(item.nodeid + "\n" for item in alone))
    os.replace(partial, target)


def pytest_terminal_summary(terminalreporter, exitstatus: int, config: pytest.Config) -> None:
    """The run's counts, for ``build.py test`` to add up (only the process that reports writes them)."""
    path = os.environ.get("PYGAMES_COUNTS")
    if path and not os.environ.get("PYTEST_XDIST_WORKER"):
        counts = {key: len(terminalreporter.stats.get(key, [])) for key in ("passed", "failed", "skipped", "error")}
        Path(path).write_text(json.dumps(counts))

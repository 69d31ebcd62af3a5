"""Shared pytest setup for the whole suite.

End-to-end tests (``@pytest.mark.e2e``, under tests/e2e/) need Debian's Chromium at
/usr/bin/chromium; ``python3 build.py test`` installs it. Without it they are skipped with a
reason, except in CI (CI=true), where a missing browser is an error rather than a silent skip.
They run after all other tests (see below).

Tests marked ``alone`` measure the page's own timing (no main-thread task over 100 ms while a bot
thinks): with pytest-xdist's workers (``build.py test``) they run while no other test runs anywhere,
so that another worker's Chromium does not take their core (``alone_among_workers``).
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return ROOT


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # End-to-end tests last: the fast engine tests report first, and Playwright's sync API keeps an
    # asyncio loop running in this thread from its first use on, so a later ``asyncio.run()`` in a
    # plain test would fail with "cannot be called from a running event loop".
    items.sort(key=lambda item: item.get_closest_marker("e2e") is not None)
    if CHROMIUM.exists() or os.environ.get("CI") == "true":
        return
    skip = pytest.mark.skip(reason=f"{CHROMIUM} missing: run `python3 build.py test`, which installs it")
    for item in items:
        if item.get_closest_marker("e2e"):
            item.add_marker(skip)


LOCKS = ROOT / ".cache" / "tests"


@pytest.fixture(autouse=True)
def alone_among_workers(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every test holds a shared lock while it runs, a test marked ``alone`` the exclusive one. The
    turnstile gives a waiting ``alone`` test the next turn: tests that come after it wait for it."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        yield
        return
    LOCKS.mkdir(parents=True, exist_ok=True)
    alone = request.node.get_closest_marker("alone") is not None
    with open(LOCKS / "turnstile.lock", "w") as turnstile, open(LOCKS / "running.lock", "w") as running:
        fcntl.flock(turnstile, fcntl.LOCK_EX)
        try:
            fcntl.flock(running, fcntl.LOCK_EX if alone else fcntl.LOCK_SH)
        finally:
            if not alone:
                fcntl.flock(turnstile, fcntl.LOCK_UN)
        try:
            yield
        finally:
            fcntl.flock(running, fcntl.LOCK_UN)
            if alone:
                fcntl.flock(turnstile, fcntl.LOCK_UN)

"""Shared pytest setup for the whole suite.

End-to-end tests (``@pytest.mark.e2e``, under tests/e2e/) need Debian's Chromium at
/usr/bin/chromium; ``python3 build.py test`` installs it. Without it they are skipped with a
reason, except in CI (CI=true), where a missing browser is an error rather than a silent skip.
They run after all other tests (see below).
"""

from __future__ import annotations

import os
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

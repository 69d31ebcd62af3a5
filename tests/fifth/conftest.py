"""The fifth game's CPython tests: the page's modules importable as the page names them (web/app on the path,
as tests/web/conftest.py does), and Nim registered for each test that asks (``nim``)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

APP = Path(__file__).resolve().parents[2] / "web" / "app"
if str(APP) not in sys.path:
    sys.path.insert(0, str(APP))


@pytest.fixture
def nim():
    """Nim registered (engine and page) for this test only: the other tests see the site's games."""
    import fifth

    fifth.register()
    yield fifth
    fifth.unregister()

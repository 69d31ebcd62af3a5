"""CPython tests of the page's pure view modules (web/app/*.py import each other by name)."""

from __future__ import annotations

import sys
from pathlib import Path

APP = Path(__file__).resolve().parents[2] / "web" / "app"
if str(APP) not in sys.path:
    sys.path.insert(0, str(APP))

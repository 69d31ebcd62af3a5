"""The project's venv, ``.venv``: ``pip install -e .[test]`` constrained by requirements-test.lock. The build
runs Babel from it (catalogs.py) and the test environment runs pytest, ruff and the benches from it
(tools/devenv.py): both import it from here, and neither imports the other for it."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from .project import ROOT, log, run
from .state import sha256_file

VENV = ROOT / ".venv"
TEST_LOCK = ROOT / "requirements-test.lock"


def venv_python() -> Path:
    return VENV / "bin" / "python"


def ensure_venv() -> Path:
    """.venv with ``pip install -e .[test]`` constrained by the lock file; redone when either changes."""
    stamp = VENV / ".pyproject.sha256"
    wanted = sha256_file(ROOT / "pyproject.toml") + (sha256_file(TEST_LOCK) if TEST_LOCK.exists() else "")
    if venv_python().exists() and stamp.exists() and stamp.read_text() == wanted:
        log(".venv: skipped (pyproject.toml and the lock unchanged)")
        return venv_python()
    if not venv_python().exists():
        run([sys.executable, "-m", "venv", str(VENV)])
    env = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1")
    constraints = ["-c", str(TEST_LOCK)] if TEST_LOCK.exists() else []
    run([str(venv_python()), "-m", "pip", "install", "--quiet", *constraints, "-e", f"{ROOT}[test]"], env=env)
    stamp.write_text(wanted)
    log(".venv: installed")
    return venv_python()

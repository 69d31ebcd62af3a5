"""The project's venv, ``.venv``: ``pip install -e .[test]`` constrained by requirements-test.lock. The build
runs Babel from it (catalogs.py) and the test environment runs pytest, ruff and the benches from it
(tools/devenv.py): both import it from here, and neither imports the other for it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from .project import ROOT, log, run
from .state import sha256_file

VENV = ROOT / ".venv"
TEST_LOCK = ROOT / "requirements-test.lock"


def venv_python() -> Path:
    return VENV / "bin" / "python"


UV = "uv==0.13.9"  # PyPI's uv: makes the venv and installs into it in seconds, where venv and pip take ~35 s


def uv_command() -> list[str] | None:
    """``python3 -m uv`` (``UV``, installed for this Python when missing), or None where it cannot be had: pip
    then installs as it always could."""
    probe = [sys.executable, "-m", "uv", "--version"]
    if subprocess.run(probe, capture_output=True).returncode != 0:
        env = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1")
        try:
            run([sys.executable, "-m", "pip", "install", "--quiet", UV], env=env, stderr=subprocess.DEVNULL)
        except subprocess.CalledProcessError:
            log(f"{UV} could not be installed: the venv is made with venv and pip")
            return None
    return [sys.executable, "-m", "uv"]


def ensure_venv() -> Path:
    """.venv with ``pip install -e .[test]`` constrained by the lock file (by uv's pip where it can be had, with pip
    itself in the venv too: ``build.py lock`` runs its ``freeze``); redone when either changes."""
    stamp = VENV / ".pyproject.sha256"
    wanted = sha256_file(ROOT / "pyproject.toml") + (sha256_file(TEST_LOCK) if TEST_LOCK.exists() else "")
    if venv_python().exists() and stamp.exists() and stamp.read_text() == wanted:
        log(".venv: skipped (pyproject.toml and the lock unchanged)")
        return venv_python()
    constraints = ["-c", str(TEST_LOCK)] if TEST_LOCK.exists() else []
    uv = uv_command()
    if uv is not None:
        if not venv_python().exists():
            run([*uv, "venv", "--quiet", "--seed", "--python", sys.executable, str(VENV)])
        run([*uv, "pip", "install", "--quiet", "--python", str(venv_python()), *constraints, "-e", f"{ROOT}[test]"])
    else:
        if not venv_python().exists():
            run([sys.executable, "-m", "venv", str(VENV)])
        env = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1")
        run([str(venv_python()), "-m", "pip", "install", "--quiet", *constraints, "-e", f"{ROOT}[test]"], env=env)
    stamp.write_text(wanted)
    log(".venv: installed")
    return venv_python()

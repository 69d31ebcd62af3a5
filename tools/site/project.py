"""Where the project's parts are, and how a build step reports and runs a command."""

from __future__ import annotations

import subprocess
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
WEB = ROOT / "web"
CACHE = ROOT / ".cache" / "build"


STARTED = time.perf_counter()


def log(message: str) -> None:
    """A line of the build's report, with the seconds since the command started (where a slow CI run spent them)."""
    print(f"[build {time.perf_counter() - STARTED:5.1f}s] {message}", flush=True)


def run(cmd: list[str], **kwargs) -> None:
    log("$ " + " ".join(str(c) for c in cmd))
    subprocess.run(cmd, check=True, stdin=subprocess.DEVNULL, **kwargs)


def project_version() -> str:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]

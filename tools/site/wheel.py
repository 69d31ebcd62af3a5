"""Our own wheel (the engines, ``pygames/``), which PyScript unpacks into the interpreter."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

from .project import CACHE, ROOT, log, project_version, run
from .state import sha256_tree

# Fixed wheel timestamps: the same sources give the same wheel bytes, hence the same site version.
SOURCE_DATE_EPOCH = "315532800"


def _project_sources() -> list[Path]:
    files = [ROOT / "pyproject.toml"]
    files += [p for p in (ROOT / "README.md", ROOT / "setup.cfg", ROOT / "MANIFEST.in") if p.exists()]
    files += [p for p in (ROOT / "pygames").rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    return files


def _can_build_without_isolation() -> bool:
    try:
        import setuptools  # noqa: F401
    except ImportError:
        return False
    try:
        from setuptools.command.bdist_wheel import bdist_wheel  # noqa: F401  (setuptools >= 70.1)
        return True
    except ImportError:
        pass
    try:
        import wheel  # noqa: F401
        return True
    except ImportError:
        return False


def ensure_project_wheel(state: dict) -> Path:
    """Our own wheel, built by setuptools through pip; rebuilt only when its sources change."""
    version = project_version()
    wheel = CACHE / "wheels" / f"pygames-{version}-py3-none-any.whl"
    sources_hash = sha256_tree(_project_sources())
    if wheel.exists() and state.get("wheel_sources") == sources_hash:
        log(f"{wheel.name}: skipped (pygames/ and pyproject.toml unchanged)")
        return wheel
    wheel.parent.mkdir(parents=True, exist_ok=True)
    for old in wheel.parent.glob("pygames-*.whl"):
        old.unlink()
    env = dict(os.environ, SOURCE_DATE_EPOCH=SOURCE_DATE_EPOCH, PIP_DISABLE_PIP_VERSION_CHECK="1")
    # setuptools copies the package into build/lib and never removes what left pygames/: a module
    # deleted from the sources would still ship. Each build starts and ends with no build/.
    shutil.rmtree(ROOT / "build", ignore_errors=True)
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", tmp, str(ROOT)]
        if _can_build_without_isolation():
            cmd.insert(cmd.index("--no-deps"), "--no-build-isolation")
        run(cmd, env=env)
        built = Path(tmp) / wheel.name
        if not built.exists():
            raise SystemExit(f"pip wheel did not produce {wheel.name}: {sorted(os.listdir(tmp))}")
        shutil.move(str(built), wheel)
    shutil.rmtree(ROOT / "build", ignore_errors=True)
    state["wheel_sources"] = sources_hash
    return wheel

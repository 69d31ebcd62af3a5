"""What the interpreter's memory snapshot holds (web/interpreter.mjs, web/snapshot-worker.mjs).

After a first visit, a worker starts a second Pyodide, writes the same archive (app.tgz) the page
uses, runs ``prepare()`` and saves the interpreter's memory. Later visits restore that memory instead
of starting CPython and importing these modules again. Only modules that never touch the browser may
be imported here (a snapshot cannot hold references to JavaScript objects): the standard library
modules PyScript and the page use, markupsafe, the engines and their strategies, the shell but its browser side (the
package ``shell.page``, never imported here), and every game's view.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable

# imported by PyScript's own Python package and by the page (measured: sys.modules of a booted page)
STDLIB = (
    "asyncio", "base64", "contextlib", "copy", "dataclasses", "fractions", "gettext", "html", "inspect",
    "json", "pathlib", "random", "re", "shutil", "tempfile", "textwrap", "traceback", "typing", "weakref",
    "zipfile",
)
VENDORED = ("markupsafe",)  # pure Python, in app.tgz beside our packages (tools/site/app_code.py)
PACKAGES = ("pygames", "shell", "games")
SKIP = ("pygames.__main__", "shell.page")  # the CLI, and the shell's browser side (a package: all of it)


def _skipped(name: str) -> bool:
    return any(name == skip or name.startswith(f"{skip}.") for skip in SKIP)


def _walk(path: Iterable[str], prefix: str) -> list[str]:
    """The modules under a package's ``path``, depth first, as ``pkgutil.walk_packages`` lists them, but a
    skipped package is neither imported nor walked."""
    names: list[str] = []
    for module in pkgutil.iter_modules(path, prefix):
        if _skipped(module.name):
            continue
        names.append(module.name)
        if module.ispkg:
            names += _walk(importlib.import_module(module.name).__path__, f"{module.name}.")
    return names


def modules() -> list[str]:
    """Every module of our packages the snapshot imports, in a fixed order. Each game's two packages are
    walked on their own too: in the page they are archives of their own (game_archives.py), which walking
    their parents does not find."""
    names: list[str] = []
    games = list(importlib.import_module("games").GAMES)
    packages = [*PACKAGES, *(f"{parent}.{game}" for game in games for parent in ("pygames", "games"))]
    for package in packages:
        if package in names:
            continue
        names.append(package)
        root = importlib.import_module(package)
        names += [name for name in _walk(root.__path__, f"{package}.") if name not in names]
    return names


def prepare() -> list[str]:
    """Import everything the snapshot holds and build what opening a game builds once (``shell.warm``);
    returns the names of our modules."""
    for name in (*STDLIB, *VENDORED):
        importlib.import_module(name)
    ours = modules()
    for name in ours:
        importlib.import_module(name)
    from shell import warm

    warm.everything()
    return ours

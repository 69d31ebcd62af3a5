"""What the interpreter's memory snapshot holds (web/interpreter.mjs, web/snapshot-worker.mjs).

After a first visit, a worker starts a second Pyodide, writes the same archive (app.tgz) the page
uses, runs ``prepare()`` and saves the interpreter's memory. Later visits restore that memory instead
of starting CPython and importing these modules again. Only modules that never touch the browser may
be imported here (a snapshot cannot hold references to JavaScript objects): the standard library
modules PyScript and the page use, the engines and their strategies, the shell but its modules
touching the browser (``shell.BROWSER``: ``shell.app``, ``shell.worker``…), and every game's view.
"""

from __future__ import annotations

import importlib
import pkgutil

# imported by PyScript's own Python package and by the page (measured: sys.modules of a booted page)
STDLIB = (
    "asyncio", "base64", "contextlib", "copy", "dataclasses", "fractions", "gettext", "html", "inspect",
    "json", "pathlib", "random", "re", "shutil", "tempfile", "textwrap", "traceback", "typing", "weakref",
    "zipfile",
)
PACKAGES = ("pygames", "shell", "games")
SKIP = frozenset({"pygames.__main__"})  # the CLI (and the shell's modules touching the browser: shell.BROWSER)


def modules() -> list[str]:
    """Every module of our packages the snapshot imports, in a fixed order. Each game's two packages are
    walked on their own too: in the page they are archives of their own (game_archives.py), which walking
    their parents does not find."""
    names: list[str] = []
    skip = SKIP | {f"shell.{name}" for name in importlib.import_module("shell").BROWSER}
    games = list(importlib.import_module("games").GAMES)
    packages = [*PACKAGES, *(f"{parent}.{game}" for game in games for parent in ("pygames", "games"))]
    for package in packages:
        if package in names:
            continue
        names.append(package)
        root = importlib.import_module(package)
        names += [m.name for m in pkgutil.walk_packages(root.__path__, f"{package}.")
                  if m.name not in skip and m.name not in names]
    return names


def prepare() -> list[str]:
    """Import everything the snapshot holds and build what opening a game builds once (``shell.warm``);
    returns the names of our modules."""
    for name in STDLIB:
        importlib.import_module(name)
    ours = modules()
    for name in ours:
        importlib.import_module(name)
    from shell import warm

    warm.everything()
    return ours

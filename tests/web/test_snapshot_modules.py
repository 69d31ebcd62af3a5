"""The interpreter snapshot (web/app/snapshot.py) imports every module of the page but those touching the
browser (``shell.BROWSER``): a snapshot cannot hold JavaScript objects, and in the worker that makes it
there is no PyScript. A module importing the browser's side at load must be listed there, or no snapshot
is ever made (shell.replaying was not: every browser's snapshot worker failed)."""

from __future__ import annotations

import ast
from pathlib import Path

import shell

APP = Path(__file__).resolve().parents[2] / "web" / "app"
BROWSER_SIDE = ("pyscript", "js", "pyodide.ffi", "pyodide.http")


def imported_at_load(path: Path) -> set[str]:
    """The modules a module imports as it loads (not inside its functions)."""
    names: set[str] = set()
    todo = list(ast.parse(path.read_text(encoding="utf-8")).body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level:
            names.add(node.module or "")
        elif not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            todo += [child for child in ast.iter_child_nodes(node) if isinstance(child, ast.stmt | ast.excepthandler)]
    return names


def test_every_module_the_snapshot_imports_loads_without_the_browser() -> None:
    modules = [p for p in (APP / "shell").glob("*.py") if p.stem not in shell.BROWSER and p.stem != "__init__"]
    modules += [p for p in (APP / "games").rglob("*.py")] + [APP / "snapshot.py"]
    assert len(modules) > 30
    touching = {}
    for path in modules:
        found = [n for n in imported_at_load(path) if any(n == s or n.startswith(f"{s}.") for s in BROWSER_SIDE)]
        if found:
            touching[path.relative_to(APP).as_posix()] = sorted(found)
    assert touching == {}

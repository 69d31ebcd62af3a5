"""No import circle in the engines (``pygames/``), the page's Python (``web/app/``) or the tools (``tools/``).

Every import counts: at a module's top, inside a function, and under ``if TYPE_CHECKING:`` (a type-only
import ties two modules as much as any other: each must be read to understand the other). A package's
``__init__`` is not counted as imported by its own submodules' imports of siblings (``from . import x``
names the sibling ``x``, not the package).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# each tree, and the folder its modules' names start from (web/app's are top-level names in the page)
TREES = {"pygames": ROOT, "tools": ROOT, "web/app": ROOT / "web" / "app"}


def modules() -> dict[str, Path]:
    """Module name -> file, for every Python file of the three trees."""
    found: dict[str, Path] = {}
    for tree, base in TREES.items():
        for path in sorted((ROOT / tree).rglob("*.py")):
            parts = path.relative_to(base).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def imported(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of ``known`` that module ``name`` imports, wherever in it the import stands."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".") if package else []
                base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            for alias in node.names:
                submodule = f"{source}.{alias.name}" if source else alias.name
                # ``from pkg import sub`` imports the submodule; ``from mod import name`` the module
                targets.add(submodule if submodule in known else source)
    edges = set()
    for target in targets:
        while target and target not in known:  # ``import a.b.name``: the longest known module
            target = target.rpartition(".")[0]
        if target and target != name:
            edges.add(target)
    return edges


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def test_no_module_imports_itself_round_a_circle() -> None:
    known = modules()
    graph = {name: imported(name, path, known) for name, path in known.items()}
    assert circles(graph) == []


def test_the_check_finds_a_circle_type_only_imports_included(tmp_path: Path) -> None:
    """The check itself: two modules importing each other, one of them only for its types, are a circle."""
    (tmp_path / "a.py").write_text("from b import B\n")
    (tmp_path / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from a import A\n")
    (tmp_path / "c.py").write_text("def f():\n    import a\n")
    known = {"a": tmp_path / "a.py", "b": tmp_path / "b.py", "c": tmp_path / "c.py"}
    graph = {name: imported(name, path, known) for name, path in known.items()}
    assert graph["c"] == {"a"}
    assert circles(graph) == [["a", "b"]]

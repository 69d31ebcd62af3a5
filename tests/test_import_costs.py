"""What the page's modules cost at import, where Pyodide makes a habit expensive.

Python 3.14 (Pyodide's) writes a docstring for a dataclass that has none by calling
``inspect.signature``: about 20 ms of a cold boot in Pyodide for ``Record`` alone, before the first
screen. So every dataclass in the engines and the page has a docstring of its own.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_dataclass_has_a_docstring():
    missing = []
    for folder in ("pygames", "web/app"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (isinstance(node, ast.ClassDef) and ast.get_docstring(node) is None
                        and any(ast.unparse(d).startswith(("dataclass", "dataclasses.dataclass"))
                                for d in node.decorator_list)):
                    missing.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name}")
    assert missing == []

"""The shell's layers (web/app/shell/__init__.py): only the package ``shell.page`` touches the browser, and
only the page's entry point (web/app/main.py) imports that package. Read from the source with ``ast``: every
import, at any level of a module (in functions, under ``if TYPE_CHECKING``, relative ones resolved).

Two modules at the top of web/app are the interpreter's own hooks, not the shell's: web/interpreter.mjs
installs them in every interpreter (the page's, the bots' worker's, the snapshot's) before any of the page's
Python runs, and they call JavaScript to fetch what an import misses (``BROWSER_HOOKS``)."""

from __future__ import annotations

import ast
from pathlib import Path

APP = Path(__file__).resolve().parents[2] / "web" / "app"
BROWSER = ("js", "pyscript", "pyodide.ffi", "pyodide.http")
PAGE = "shell.page"
ENTRY = "main"
BROWSER_HOOKS = ("game_archives", "stdlib_fallback")


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(APP).with_suffix("").parts).removesuffix(".__init__")


def imports(source: str, name: str, package: bool) -> set[str]:
    """Every module ``source`` (the module ``name``) imports, anywhere in it; ``from a import b`` counts as
    ``a`` and ``a.b`` (``b`` may be a module)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = name.split(".") if package else name.split(".")[:-1]
                parts = parts[: len(parts) - node.level + 1]
                base = ".".join([*parts, *([base] if base else [])])
            found.add(base)
            found |= {f"{base}.{alias.name}" for alias in node.names}
    return found


def within(name: str, package: str) -> bool:
    return name == package or name.startswith(f"{package}.")


def violations(sources: dict[str, tuple[str, bool]]) -> dict[str, list[str]]:
    """Module -> the imports that break the layers: the browser outside ``shell.page``, ``shell.page`` outside
    itself and the entry point."""
    wrong: dict[str, list[str]] = {}
    for name, (source, package) in sources.items():
        bad = []
        for imported in sorted(imports(source, name, package)):
            if any(within(imported, browser) for browser in BROWSER):
                if not within(name, PAGE) and name not in BROWSER_HOOKS:
                    bad.append(imported)
            elif within(imported, PAGE) and not within(name, PAGE) and name != ENTRY:
                bad.append(imported)
        if bad:
            wrong[name] = bad
    return wrong


def app_sources() -> dict[str, tuple[str, bool]]:
    return {module_name(path): (path.read_text(encoding="utf-8"), path.name == "__init__.py")
            for path in sorted(APP.rglob("*.py"))}


def test_only_the_page_package_imports_the_browser_and_only_the_entry_point_imports_it() -> None:
    sources = app_sources()
    assert {PAGE, f"{PAGE}.app", "shell.model.session", "games.k3.view", ENTRY} <= set(sources)
    assert violations(sources) == {}


def test_a_pure_module_importing_the_browser_anywhere_is_found() -> None:
    sources = app_sources()
    session, _package = sources["shell.model.session"]
    hidden = session + "\n\ndef later():\n    if True:\n        from pyodide.ffi import create_proxy  # noqa\n"
    typed = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import js\n"
    sources.update({"shell.model.session": (hidden, False), "shell.screens.game": (typed, False),
                    "games.k3.view": ("from shell.page.dom import some\n", False),
                    "shell.contract.view": ("from ..page import app\n", False),
                    "shell.model": ("from . import page\n", True)})
    assert violations(sources) == {
        "games.k3.view": ["shell.page.dom", "shell.page.dom.some"],
        "shell.contract.view": ["shell.page", "shell.page.app"],
        "shell.model.session": ["pyodide.ffi", "pyodide.ffi.create_proxy"],
        "shell.screens.game": ["js"],
    }


# What a decision about an event reads of the page comes in the event's message (shell/events.mjs), and a render
# is one message whose focus and scroll the page decides (page.mjs ``render``): the shell's events, keys and
# render loop read no element, focus, geometry or open dialog themselves, so that they can run on another
# thread (docs/python-in-a-worker.md).
EVENT_PARTS = ("shell.page.events", "shell.page.keys", "shell.page.rendering", "shell.page.replay", "shell.page.saves",
               "shell.page.scripts")
PAGE_READS = {"closest", "activeElement", "elementFromPoint", "getBoundingClientRect", "querySelectorAll", "dataset",
              "detail", "target", "tagName", "getAttribute", "form_fields", "isConnected", "contains"}


def page_reads(source: str) -> list[str]:
    """The page reads in ``source``: attributes of ``PAGE_READS``, and lookups of an open dialog."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr in PAGE_READS:
            found.append(f"{node.attr} (line {node.lineno})")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and "[open]" in node.value:
            found.append(f"{node.value!r} (line {node.lineno})")
    return found


# and these read nothing of the page either (what they know of it as it starts: dom.py ``start_context``), though
# they still use the thread's own browser objects (js.fetch, js.console), which a worker has too
READING_NOTHING = (*EVENT_PARTS, "shell.page.navigation", "shell.page.language", "shell.page.app")


def test_the_shell_decides_an_event_from_its_message_not_from_the_page() -> None:
    sources = app_sources()
    assert {name: page_reads(sources[name][0]) for name in READING_NOTHING} == {name: [] for name in READING_NOTHING}
    # they reach the page only through shell/page/dom.py (selectors, texts, markup: never its elements)
    browser = {name: sorted(m for m in imports(sources[name][0], name, False)
                            if any(m == b or m.startswith(b + ".") for b in BROWSER)) for name in EVENT_PARTS}
    assert browser == {name: [] for name in EVENT_PARTS}
    # (and it would see one)
    assert page_reads('def on_key(event):\n    if document.querySelector("dialog[open]"):\n'
                      '        event.target.closest(".board")\n') == [
        "'dialog[open]' (line 2)", "closest (line 3)", "target (line 3)"]

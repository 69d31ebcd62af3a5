"""The shell's way to the page: what it asks of ``page.mjs`` by name, with plain values (``call``, ``set_html``,
``render``: selectors, texts, markup, never the page's elements, so that the same can be asked from another
thread: docs/python-in-a-worker.md), the page's address, and the helpers that wait for the page (a frame, a
task, a screen laid out unseen, a module preloaded). The parts that decide (events, keys, the render loop, the
replay) reach the page only through here (tests/web/test_layers.py).

``page.mjs`` is imported by boot.js before Python starts (``pygamesPage``), and by the shell with PyScript's
``js_import`` should it not be there yet (``page_js``): the shell's start waits for it (startup.py).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, TypeGuard

from pyodide.ffi import to_js
from pyscript import document, js_import, window

from ..contract.markup import Markup, markup_only
from ..model.saves import MemoryStorage

try:  # JS null arrives as pyodide.ffi.jsnull (not None) in recent Pyodide versions
    from pyodide.ffi import jsnull
except ImportError:  # pragma: no cover
    jsnull = None

PAGE_JS = "./app/shell/page.mjs"  # from the page (the build copies web/app's other files to dist/app/)
EVENTS_JS = "./app/shell/events.mjs"

_loading = None  # the promise of page.mjs's import
_page_js = None  # the module, once imported


def some(value: object) -> TypeGuard[Any]:
    """A DOM lookup found something (neither None nor JS null/undefined): then a browser's object."""
    return value is not None and value is not jsnull


def query_number(name: str, default: float) -> float:
    """A number from the page's query (``?botdelay=0``), else ``default``."""
    try:
        params = window.URLSearchParams.new(window.location.search)
        value = params.get(name)
        return float(value) if isinstance(value, str) and value else default
    except Exception:
        return default


ROOT = "#view"  # the screen, drawn anew at each render


def set_html(selector: str, html: Markup) -> None:
    """What ``selector`` finds (if anything) holds ``html``, for ``Markup`` only (``markup_only``: a
    ``TypeError`` otherwise)."""
    markup_only(html)
    page_js_now().setHtml(selector, html)


def call(name: str, *args: Any) -> None:
    """Ask ``page.mjs``'s ``name`` with plain values (texts, numbers, lists, dicts), without waiting for what it
    does (at once, or once page.mjs is there)."""
    page = page_now()
    if page is None:
        asyncio.ensure_future(_call_later(name, args))
        return
    getattr(page, name)(*(_plain(arg) for arg in args))


async def ask(name: str, *args: Any) -> Any:
    """Ask ``page.mjs``'s ``name`` as ``call`` does, and wait for its answer (a promise's value)."""
    return await getattr(await page_js(), name)(*(_plain(arg) for arg in args))


async def _call_later(name: str, args: tuple) -> None:
    getattr(await page_js(), name)(*(_plain(arg) for arg in args))


def _plain(value: Any) -> Any:
    return to_js(value, dict_converter=window.Object.fromEntries) if isinstance(value, (dict, list, tuple)) else value


def render(message: dict) -> None:
    """A game screen's render (page.mjs ``render``: the message's fields are described there) into ``ROOT``."""
    markup_only(message["html"])
    page_js_now().render(ROOT, _plain(message))


class MirroredStorage(MemoryStorage):
    """localStorage as the shell reads it: a copy taken as it starts (``items``), kept up to date by its writes,
    which go to the page too (page.mjs ``storageSet``, ``storageRemove``: a full storage raises there, as
    localStorage does), and by other tabs' writes (``changed``)."""

    def __init__(self, items: dict[str, str]) -> None:
        super().__init__()
        self.items.update(items)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802 (localStorage's name)
        page_js_now().storageSet(key, str(value))
        super().setItem(key, value)

    def removeItem(self, key: str) -> None:  # noqa: N802
        page_js_now().storageRemove(key)
        super().removeItem(key)

    def changed(self, key: str | None, value: str | None) -> None:
        """Another tab wrote ``key`` (``value``: None, removed; ``key`` None: all cleared)."""
        if key is None:
            self.items.clear()
        elif value is None:
            self.items.pop(key, None)
        else:
            self.items[key] = value


def device_storage() -> MemoryStorage:
    """The device's storage as the shell reads it (``MirroredStorage``), or a copy in memory for this page alone
    where storage is blocked."""
    text = page_js_now().storageItems()
    if not isinstance(text, str):
        return MemoryStorage()
    return MirroredStorage({str(k): str(v) for k, v in json.loads(text).items()})


def page_js_now():
    """page.mjs, which must be there (boot.js imported it before Python started; the shell's start waits for it
    otherwise: startup.py)."""
    page = page_now()
    if page is None:
        raise RuntimeError("page.mjs is not loaded")
    return page


def page_url() -> str:
    """The page's address without its query and fragment (a game's link starts with it)."""
    return str(window.location.origin) + str(window.location.pathname)


_context: dict | None = None


def start_context() -> dict:
    """The page as the shell starts (page.mjs ``startContext``): ``hash``, ``touch`` (a finger points), ``view``
    (the first screen has its frame), ``prerendered`` (the home page drawn before Python), ``drawn`` (anything
    drawn), ``language`` (the remembered choice) and ``languages`` (the browser's). Read once."""
    global _context
    context = _context
    if context is None:
        context = _context = json.loads(str(page_js_now().startContext()))
    return context


def mark(name: str) -> None:
    """A mark on the page's timeline (benches read them)."""
    call("mark", name)


def fragment_of(address: str) -> str:
    """A ``#fragment`` without its ``#``."""
    return address[1:] if address.startswith("#") else address


def set_hash(fragment: str) -> None:
    """Go to ``#fragment`` (a history entry; the hashchange routes)."""
    window.location.hash = "#" + fragment


def page_now():
    """The ``page.mjs`` module if it is there (boot.js imports it before Python starts: ``pygamesPage``), else
    None."""
    global _page_js
    if _page_js is None:
        _page_js = getattr(window, "pygamesPage", None)
    return _page_js


def show(html: Markup) -> bool:
    """Put a screen's markup into ``ROOT``, morphed into what is there (page.mjs's ``morph``: the focused element
    keeps the focus, moved or replaced; each ``data-group`` keeps one Tab stop); then the page's modules are told
    ("pygames:rendered") and its modal dialogs opened. True when the focus was in it and nothing of the new
    screen could keep it."""
    markup_only(html)
    return bool(page_js_now().morphInto(ROOT, html))


async def page_js():
    """The ``page.mjs`` module: imported by boot.js before Python started (``pygamesPage``), else now (once)."""
    global _page_js, _loading
    page = page_now()
    if page is None:
        if _loading is None:
            _loading = js_import(str(window.URL.new(PAGE_JS, document.baseURI).href))
        page = _page_js = (await _loading)[0]
    return page


async def events_js():
    """The ``events.mjs`` module: imported by boot.js before Python started (``pygamesEvents``), else now."""
    found = getattr(window, "pygamesEvents", None)
    if found is not None:
        return found
    modules = await js_import(str(window.URL.new(EVENTS_JS, document.baseURI).href))
    return modules[0]


async def next_frame() -> None:
    """Wait for the next animation frame (or 40 ms, e.g. in a hidden tab)."""
    await (await page_js()).nextFrame()


async def next_task() -> None:
    """Wait for a new task, at once: what follows runs after the input and painting the browser had waiting."""
    await (await page_js()).nextTask()

"""The shell's way to the page: what it asks of ``page.mjs`` by name, with plain values (``call``, ``ask``,
``set_html``, ``render``: selectors, texts, markup, never the page's elements), the page's address, and the helpers
that wait for the page (a frame, a task). The parts that decide (events, keys, the render loop, the replay) reach the
page only through here (tests/web/test_layers.py).

The shell runs on the page's thread (PyScript's ``main.py``; ``page.mjs`` is then imported by boot.js before Python
starts, ``pygamesPage``) or in a worker of its own (``web/app-worker.mjs``, docs/python-in-a-worker.md): there every
ask is a message to the page (``connect``: the page's ``shell/bridge.mjs`` does what it says) and every event, the
answers and the page as it was when the shell started (``start_context``) are messages from it (``receive``).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any, TypeGuard

import js
from pyodide.ffi import create_proxy, to_js

from ..contract.markup import Kept, Markup, markup_only
from ..model.saves import MemoryStorage

try:  # JS null arrives as pyodide.ffi.jsnull (not None) in recent Pyodide versions
    from pyodide.ffi import jsnull
except ImportError:  # pragma: no cover
    jsnull = None

_page_js = None  # page.mjs, once there (on the page's thread)
_post: Callable[[str], None] | None = None  # in the shell's worker: a message's text to the page (``connect``)
_asked: dict[int, asyncio.Future] = {}  # in the worker: the asks waiting for their answer, by number
_asks = 0  # in the worker: the asks sent (each one's number)
_on_event: Callable[[str], None] | None = None  # in the worker: where the page's events go (``listen``)
_on_start: Callable[[], None] | None = None  # in the worker: what runs once the start message came
_events = 0  # in the worker: the page's events received (each answered with ``{"settled": n}`` once handled)


def some(value: object) -> TypeGuard[Any]:
    """A DOM lookup found something (neither None nor JS null/undefined): then a browser's object."""
    return value is not None and value is not jsnull


def in_worker() -> bool:
    """The shell runs in a worker of its own (the page's thread has no Python)."""
    return _post is not None


def connect(post: Callable[[str], None], on_start: Callable[[], None]) -> Callable[[str, str], None]:
    """In the shell's worker: ``post`` sends a message's text to the page; ``on_start`` runs once the page's start
    message has come. Returns ``receive``, which the worker calls with each of the page's messages."""
    global _post, _on_start
    _post, _on_start = post, on_start
    return receive


def receive(kind: str, text: str) -> None:
    """A message from the page (bridge.mjs): ``start`` (the page as the shell starts: ``start_context``), ``event``
    (one of the page's events, for ``listen``'s handler) or ``answer`` (to an ``ask``: its ``id``, ``value`` or
    ``error``)."""
    global _context, _events
    if kind == "event":
        _events += 1
        try:
            if _on_event is not None:
                _on_event(text)
        finally:
            _settle()
    elif kind == "answer":
        answer = json.loads(text)
        future = _asked.pop(answer["id"], None)
        if future is not None and not future.done():
            if "error" in answer:
                future.set_exception(RuntimeError(answer["error"]))
            else:
                future.set_result(answer.get("value"))
    elif kind == "start":
        _context = json.loads(text)
        if _on_start is not None:
            _on_start()


_holding: set[asyncio.Future] = set()  # what the page's last events started and the shell has not finished


def hold(future: asyncio.Future) -> asyncio.Future:
    """``future`` (a link being opened, a game's code fetched for the address) is part of answering the page's
    events: the page hears they are settled once it is done too."""
    _holding.add(future)

    def done(_: asyncio.Future) -> None:
        _holding.discard(future)
        _settle()

    future.add_done_callback(done)
    return future


def _settle() -> None:
    """In the worker: the page hears that every event it sent has been answered (its ``data-shell-busy`` goes),
    unless something they started goes on (``hold``)."""
    if _post is not None and not _holding:
        _post(json.dumps({"settled": _events}))


def listen(handler: Callable[[str], None]) -> None:
    """The page's events (shell/events.mjs: one JSON text each) sent to ``handler`` from now on."""
    global _on_event
    if _post is not None:
        _on_event = handler
        return
    js.pygamesEvents.listen(create_proxy(handler))


def query_number(name: str, default: float) -> float:
    """A number from the page's query (``?botdelay=0``), else ``default``."""
    try:
        value = js.URLSearchParams.new(start_context().get("search", "")).get(name)
        return float(value) if isinstance(value, str) and value else default
    except Exception:
        return default


ROOT = "#view"  # the screen, drawn anew at each render


def set_html(selector: str, html: Markup) -> None:
    """What ``selector`` finds (if anything) holds ``html``, for ``Markup`` only (``markup_only``: a
    ``TypeError`` otherwise)."""
    markup_only(html)
    call("setHtml", selector, html)


_kept = Kept()  # the game screen's parts as the page holds them (``render``)
_DRAWS = frozenset(("morphInto", "setHtml", "takeOverHome"))  # what draws into the screen besides ``render``


def call(name: str, *args: Any) -> None:
    """Ask ``page.mjs``'s ``name`` with plain values (texts, numbers, lists, dicts), without waiting for what it
    does."""
    if name in _DRAWS:
        _kept.reset()
    if _post is not None:  # (``seq``: the page's events answered so far, bridge.mjs ``keepEdits``)
        _post(json.dumps({"call": name, "args": args, "seq": _events}))
        return
    getattr(page_js_now(), name)(*(_plain(arg) for arg in args))


async def ask(name: str, *args: Any) -> Any:
    """Ask ``page.mjs``'s ``name`` as ``call`` does, and wait for its answer (a promise's value; from the worker,
    a JSON value)."""
    global _asks
    if _post is not None:
        _asks += 1
        future = asyncio.get_event_loop().create_future()
        _asked[_asks] = future
        _post(json.dumps({"ask": name, "id": _asks, "args": args}))
        return await future
    return await getattr(page_js_now(), name)(*(_plain(arg) for arg in args))


def _plain(value: Any) -> Any:
    return to_js(value, dict_converter=js.Object.fromEntries) if isinstance(value, (dict, list, tuple)) else value


def render(message: dict) -> None:
    """A game screen's render (page.mjs ``render``: the message's fields are described there) into ``ROOT``: its
    parts that are on the page as they are now go as empty elements, which the page keeps (markup.py ``Kept``);
    all of a new screen's parts go."""
    markup_only(message["html"])
    if message.get("start") is not None:
        _kept.reset()
    call("render", ROOT, {**message, "html": _kept.send(message["html"])})


def redraw_all() -> None:
    """The page did not have a part the last render said it kept (page.mjs ``render``): the next render sends
    every part."""
    _kept.reset()


class MirroredStorage(MemoryStorage):
    """localStorage as the shell reads it: a copy taken as it starts (``items``), kept up to date by its writes,
    which go to the page too (page.mjs ``storageSet``, ``storageRemove``: a full storage raises there, as
    localStorage does), and by other tabs' writes (``changed``)."""

    def __init__(self, items: dict[str, str]) -> None:
        super().__init__()
        self.items.update(items)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802 (localStorage's name)
        call("storageSet", key, str(value))
        super().setItem(key, value)

    def removeItem(self, key: str) -> None:  # noqa: N802
        call("storageRemove", key)
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
    """The device's storage as the shell reads it (``MirroredStorage``, from the start context), or a copy in
    memory for this page alone where storage is blocked."""
    text = start_context().get("storage")
    if not isinstance(text, str):
        return MemoryStorage()
    return MirroredStorage({str(k): str(v) for k, v in json.loads(text).items()})


def page_js_now():
    """page.mjs on this thread, which must be there (boot.js imported it before Python started; the shell's start
    waits for it otherwise: startup.py)."""
    page = page_now()
    if page is None:
        raise RuntimeError("page.mjs is not loaded")
    return page


def page_url() -> str:
    """The page's address without its query and fragment (a game's link starts with it)."""
    return str(start_context()["url"])


_context: dict | None = None


def start_context() -> dict:
    """The page as the shell starts (page.mjs ``startContext``): ``hash``, ``url`` and ``search`` (the address),
    ``touch`` (a finger points), ``view`` (the first screen has its frame), ``prerendered`` (the home page drawn
    before Python), ``drawn`` (anything drawn), ``language`` (the remembered choice), ``languages`` (the
    browser's), ``storage`` (localStorage's items), ``snapshot``, ``warm`` (whether to warm up after the first
    screen) and ``timeOrigin`` (the page's clock). Read once
    (in the worker, it is the start message)."""
    global _context
    context = _context
    if context is None:
        context = _context = json.loads(str(page_js_now().startContext()))
    return context


def page_time() -> float:
    """Now on the page's clock (``performance.now()`` there; a worker's own starts later): tests match times."""
    here = float(js.performance.timeOrigin)
    return here + float(js.performance.now()) - float(start_context().get("timeOrigin") or here)


def mark(name: str) -> None:
    """A mark on the page's timeline (benches read them)."""
    if _post is not None:
        call("mark", name)
    else:
        js.performance.mark(name)


def fragment_of(address: str) -> str:
    """A ``#fragment`` without its ``#``."""
    return address[1:] if address.startswith("#") else address


def set_hash(fragment: str) -> None:
    """Go to ``#fragment`` (a history entry; the hashchange routes)."""
    call("setHash", fragment)


def page_now():
    """The ``page.mjs`` module if it is there on this thread (boot.js imports it before Python starts:
    ``pygamesPage``), else None."""
    global _page_js
    if _page_js is None:
        _page_js = getattr(js, "pygamesPage", None)
    return _page_js


def show(html: Markup) -> None:
    """Put a screen's markup into ``ROOT``, morphed into what is there (page.mjs's ``morphInto``: the focused
    element keeps the focus, moved or replaced; each ``data-group`` keeps one Tab stop); then the page's modules
    are told ("pygames:rendered") and its modal dialogs opened."""
    markup_only(html)
    call("morphInto", ROOT, html)


async def page_modules() -> None:
    """On the page's thread: page.mjs and events.mjs, which boot.js imports before Python starts
    (``pygamesModules``), there."""
    global _page_js
    if _post is None and (_page_js is None or getattr(js, "pygamesEvents", None) is None):
        await js.pygamesModules
        _page_js = js.pygamesPage


async def next_frame() -> None:
    """Wait for the page's next animation frame (or 40 ms, e.g. in a hidden tab)."""
    await ask("nextFrame")


async def frames_shown(count: int) -> None:
    """Wait until the page has shown all of its new screen (its later parts come a frame apart) and drawn its
    next ``count`` frames after (page.mjs ``framesShown``)."""
    await ask("framesShown", count)


async def next_task() -> None:
    """Wait for a new task of this thread, at once: what follows runs after the input (and, on the page's thread,
    the painting) that was waiting."""
    if _post is not None:
        await js.pygamesNextTask()
        return
    await page_js_now().nextTask()

"""Run a bot's thinking generator in short slices so the page stays responsive.

A slice calls ``next(gen)`` until ``slice_ms`` have passed, then awaits ``pause()`` (by default
``asyncio.sleep(0)``), which hands the browser its event loop back: it paints and handles input
between slices. Cancelling the awaiting task (undo, leaving the game) stops the thinking.

While a bot thinks, the cyclic garbage collector waits (``quiet_gc``): its passes over the search's many live
objects were the longest steps of a think (K2's hard bot: 73-411 ms in Pyodide in Chromium, 40-70 ms in CPython,
where its own steps take under 30: tests/bench/think_steps_bench.py), and a search makes no garbage that only the
collector frees (its trees and copies are freed by their reference counts: a full collection after a think finds
none).
"""

from __future__ import annotations

import asyncio
import gc
import time
from collections.abc import Awaitable, Callable, Generator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

SLICE_MS = 12.0


@dataclass
class ThinkStats:
    """How a bot's thinking was cut into slices (for the bench)."""

    slices: int = 0
    steps: int = 0
    longest_slice_ms: float = 0.0
    longest_step_ms: float = 0.0  # the longest single ``next(gen)``: a slice cannot be shorter
    total_ms: float = 0.0
    slice_ms: list[float] = field(default_factory=list)


_quiet = 0  # the thinks under way with the collector waiting (``quiet_gc``)
_was_enabled = True  # the collector's state when the first of them began


@contextmanager
def quiet_gc() -> Iterator[None]:
    """The cyclic garbage collector waits while this holds (a bot thinks, or two at once); then it is as it was
    before the first began."""
    global _quiet, _was_enabled
    if _quiet == 0:
        _was_enabled = gc.isenabled()
    _quiet += 1
    gc.disable()
    try:
        yield
    finally:
        _quiet -= 1
        if _quiet == 0 and _was_enabled:
            gc.enable()


def _sleep0() -> Awaitable[None]:
    return asyncio.sleep(0)


async def drive(
    gen: Generator[None, None, Any],
    slice_ms: float = SLICE_MS,
    clock: Callable[[], float] = time.perf_counter,
    pause: Callable[[], Awaitable[None]] = _sleep0,
    stats: ThinkStats | None = None,
) -> Any:
    """Run ``gen`` to its return value, yielding to the event loop every ``slice_ms`` (the collector waits
    meanwhile: ``quiet_gc``)."""
    with quiet_gc():
        return await _drive(gen, slice_ms, clock, pause, stats if stats is not None else ThinkStats())


async def _drive(gen: Generator[None, None, Any], slice_ms: float, clock: Callable[[], float],
                 pause: Callable[[], Awaitable[None]], stats: ThinkStats) -> Any:
    begin = clock()
    while True:
        start = clock()
        try:
            step = start
            while True:
                next(gen)
                stats.steps += 1
                now = clock()
                stats.longest_step_ms = max(stats.longest_step_ms, (now - step) * 1000.0)
                step = now
                if (now - start) * 1000.0 >= slice_ms:
                    break
        except StopIteration as stop:
            _account(stats, start, begin, clock)
            return stop.value
        _account(stats, start, begin, clock)
        await pause()


def _account(stats: ThinkStats, start: float, begin: float, clock: Callable[[], float]) -> None:
    now = clock()
    ms = (now - start) * 1000.0
    stats.slices += 1
    stats.slice_ms.append(ms)
    stats.longest_slice_ms = max(stats.longest_slice_ms, ms)
    stats.total_ms = (now - begin) * 1000.0

"""Blokus 3D played by four hard bots in the built page: the page's long main-thread tasks over a whole game,
and where their time goes (Chromium headless, software WebGL on this machine: no GPU).

A link with all seats hard bots (``mcts``) and ``?botdelay=0`` is opened, and the game is played to its end.
A ``PerformanceObserver({type: "longtask", buffered: true})`` records every task over 50 ms; the figures
are the longest, the 95th percentile and the count from the board's first picture to the game's end
(the opening's tasks are ``open_bench.py``'s). Beside them, scene.js's own figures
(``scene3d.stats``): each scene change applied and each WebGL draw (ms).

With ``--trace`` a second game is played under a Chrome trace (``devtools.timeline``), and the time of
every long task of the page's main thread is split by what ran in it, exclusive times: the JavaScript
called by the browser, by the script it belongs to (``pyodide.asm`` is Python, ``scene.js`` the 3D board,
``page.mjs`` the shell's helpers), the HTML parser, style, layout, paint, and the rest. The trace itself
makes every task slower: its figures are for shares, not for the target.

Figures only, never assertions. Run with ``python3 build.py bench`` (or
``.venv/bin/python tests/bench/blokus3d_longtask_bench.py [--trace] [--runs N]``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import defaultdict
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from blokus3d_page_bench import PROBE  # noqa: E402  (the long-task observer, from the page's start)

ROOT = Path(__file__).resolve().parents[2]
GAME_TIMEOUT_MS = 900_000
LONG_MS = 50.0
SEATS = "mcts,mcts,mcts,mcts"
TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "blink.user_timing"]


def play(page, url: str, seed: str) -> dict:
    """One game of four hard bots, from its link to its end: the long tasks and scene.js's figures."""
    page.goto(f"{url}?botdelay=0#blokus3d?v=1&players=4&seed={seed}&moves=&seats={SEATS}")
    page.wait_for_selector("html[data-webgl='1'] .b3d-stage canvas", timeout=GAME_TIMEOUT_MS)
    page.wait_for_function("document.documentElement.dataset.boardBusy === undefined", timeout=GAME_TIMEOUT_MS)
    start = page.evaluate("console.timeStamp('longtask-bench:start'), performance.now()")  # (marks the trace)
    page.wait_for_function("document.querySelector('section.play')?.dataset.over === '1'", timeout=GAME_TIMEOUT_MS,
                           polling=500)
    page.wait_for_timeout(300)  # the last picture
    end = page.evaluate("console.timeStamp('longtask-bench:end'), performance.now()")
    stats = page.evaluate("window.pygamesScene3d.stats")
    tasks = [t for t in page.evaluate("window.__longtasks") if start <= t["start"] <= end]
    return {
        "moves": int(page.get_attribute("section.play", "data-moves") or 0),
        "seconds": (end - start) / 1000,
        "start": start, "end": end,
        "tasks": [t["ms"] for t in tasks],
        "task_starts": [t["start"] for t in tasks],
        "applies": [a for a in stats.get("applies", []) if start <= a["at"] <= end],
        "draws": [ms for t, ms in zip(stats["frames"], stats["drawMs"], strict=False) if start <= t <= end],
        "written": stats.get("written"),  # the cubes' instances written, the page's lifetime (None: not counted)
        "cubes": sum(len(t) // 3 for t in json.loads(page.get_attribute("#b3d-stage", "data-scene"))["cubes"].values()),
    }


def percentile(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, round(p * (len(values) - 1)))] if values else 0.0


def spread(values: list[float]) -> str:
    if not values:
        return "—"
    return (f"median {statistics.median(values):6.1f} ms  p95 {percentile(values, 0.95):6.1f} ms  "
            f"max {max(values):6.1f} ms  (n={len(values)})")


# -- the trace: each long task of the page's main thread, split by what ran in it --------------------------


def label(event: dict) -> str:
    name = event["name"]
    data = event.get("args", {}).get("data", {}) or {}
    if name in ("FunctionCall", "EvaluateScript", "v8.callFunction", "V8.Execute"):
        url = str(data.get("url") or data.get("scriptName") or "")
        base = url.rsplit("/", 1)[-1].split("?")[0] or "?"
        if base.startswith("pyodide.asm") or base.startswith("core-") or base == "pyodide.mjs":
            return "js: Python (pyodide, pyscript)"
        return f"js: {base}"
    return name


def exclusive(task: dict, inner: list[dict]) -> dict[str, float]:
    """``task``'s ms split by what ran in it: each event's own time (its duration less its children's)."""
    own: dict[str, float] = defaultdict(float)
    stack: list[list] = [[task, 0.0]]  # [event, its children's µs]
    for e in [*inner, None]:
        upto = e["ts"] if e is not None else float("inf")
        while len(stack) > 1 and stack[-1][0]["ts"] + stack[-1][0]["dur"] <= upto:
            event, children = stack.pop()
            own[label(event)] += (event["dur"] - children) / 1000
            stack[-1][1] += event["dur"]
        if e is not None:
            stack.append([e, 0.0])
    own["(task, other)"] += (task["dur"] - stack[0][1]) / 1000
    return own


def split_tasks(trace: dict, window: tuple[float, float]) -> tuple[dict[str, float], list[dict]]:
    """Exclusive ms per label over the main thread's long tasks that start inside ``window`` (trace clock,
    µs), and the five longest tasks' own splits."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    main = {(e["pid"], e["tid"]) for e in events
            if e.get("ph") == "M" and e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"}
    by_thread: dict[tuple, list[dict]] = defaultdict(list)
    for e in events:
        if e.get("ph") == "X" and (e["pid"], e["tid"]) in main and "dur" in e:
            by_thread[(e["pid"], e["tid"])].append(e)
    totals: dict[str, float] = defaultdict(float)
    tasks = []
    for thread in by_thread.values():
        thread.sort(key=lambda e: (e["ts"], -e["dur"]))
        for i, task in enumerate(thread):
            if task["name"] != "RunTask" or task["dur"] < LONG_MS * 1000 or not window[0] <= task["ts"] <= window[1]:
                continue
            end = task["ts"] + task["dur"]
            inner = []
            for e in thread[i + 1:]:
                if e["ts"] >= end:
                    break
                if e["ts"] + e["dur"] <= end:
                    inner.append(e)
            own = exclusive(task, inner)
            for k, v in own.items():
                totals[k] += v
            tasks.append({"ms": task["dur"] / 1000, "own": dict(own)})
    tasks.sort(key=lambda t: -t["ms"])
    return dict(totals), tasks[:5]


def game_window(trace: dict) -> tuple[float, float]:
    """The game's time on the trace's clock (µs): between play()'s two console.timeStamp marks."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    at = {}
    for e in events:
        if e.get("name") == "TimeStamp":
            message = str((e.get("args", {}).get("data", {}) or {}).get("message", ""))
            if message.startswith("longtask-bench:"):
                at[message.split(":")[1]] = e["ts"]
    return at.get("start", -float("inf")), at.get("end", float("inf"))


def show_split(totals: dict[str, float], top: list[dict]) -> None:
    whole = sum(totals.values()) or 1.0
    print("where the long tasks' time goes (exclusive ms, all long tasks of the game):")
    for k, v in sorted(totals.items(), key=lambda kv: -kv[1])[:14]:
        print(f"  {k:<38} {v:8.0f} ms  {100 * v / whole:5.1f} %")
    print("the longest tasks:")
    for t in top:
        parts = ", ".join(f"{k} {v:.0f}" for k, v in sorted(t["own"].items(), key=lambda kv: -kv[1])[:6] if v >= 1)
        print(f"  {t['ms']:6.0f} ms: {parts}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trace", action="store_true", help="also play a game under a Chrome trace")
    parser.add_argument("--save", metavar="FILE", help="with --trace: write the trace there (Perfetto)")
    parser.add_argument("--runs", type=int, default=1, help="games played without the trace")
    args = parser.parse_args(argv if argv is not None else [])
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from tools.devenv import CHROMIUM, CHROMIUM_ARGS
    from tools.devserver import SiteServer
    from tools.site import DIST, build

    build()
    with SiteServer(DIST) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS))
        games = []
        for run in range(args.runs):
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            context.add_init_script(PROBE)
            games.append(play(context.new_page(), server.url, f"longtask-{run}"))
            context.close()
        tasks = [ms for g in games for ms in g["tasks"]]
        print(f"\nBlokus 3D, four hard bots, ?botdelay=0, Tower (Chromium headless, software WebGL, 1280x800); "
              f"{len(games)} game(s), {sum(g['moves'] for g in games)} moves, "
              f"{sum(g['seconds'] for g in games):.0f} s")
        print(f"long tasks               longest {max(tasks, default=0):6.1f} ms  "
              f"p95 {percentile(tasks, 0.95):6.1f} ms  median {statistics.median(tasks) if tasks else 0:6.1f} ms  "
              f"(n={len(tasks)})")
        print("scene applied            " + spread([a["ms"] for g in games for a in g["applies"]]))
        print("one WebGL draw           " + spread([ms for g in games for ms in g["draws"]]))
        if all(g["written"] is not None for g in games):
            print(f"cubes' instances written {sum(g['written'] for g in games)} "
                  f"for {sum(g['cubes'] for g in games)} cubes placed")
        if args.trace:
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            context.add_init_script(PROBE)
            page = context.new_page()
            browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
            game = play(page, server.url, "longtask-trace")
            raw = browser.stop_tracing()
            if args.save:
                Path(args.save).write_bytes(raw)
            trace = json.loads(raw)
            context.close()
            print(f"\nunder the trace: {game['moves']} moves, long tasks longest "
                  f"{max(game['tasks'], default=0):.0f} ms, p95 {percentile(game['tasks'], 0.95):.0f} ms "
                  f"(n={len(game['tasks'])})")
            totals, top = split_tasks(trace, game_window(trace))
            show_split(totals, top)
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Every registered engine plays identically in CPython and in the page's Pyodide (CPython 3.14).

A bare page (a private copy of dist/ plus one HTML file) boots the vendored Pyodide, installs the page's
wheels (the engines' bytecode the build compiled: the core's and each game's) with Pyodide's own wheel
unpacking and unpacks the page's archive, app.tgz (the rest of its bytecode), and each game's view into one
directory; its standard library is the build's too, compiled to bytecode.
The same playout code then runs in both interpreters: seeded random games for each player count,
every action checked, and compares the action texts, the final ``state_json`` and the result. A
second pass replays the CPython records in Pyodide. This is what makes a link reproduce a game on
anyone's machine, for games without a page view too.
"""

from __future__ import annotations

import json
import shutil

import pytest

from pygames.core.record import Record
from pygames.core.registry import game_names, get_game
from tools.devserver import SiteServer

pytestmark = pytest.mark.e2e

BARE_PAGE = """<!doctype html>
<html lang="en" data-app-state="loading">
<head><meta charset="utf-8"><title>engines in Pyodide</title></head>
<body>
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
try {
  // the whole standard library (the page's has only what the page imports: not unpackArchive's zipfile, tarfile)
  const pyodide = await loadPyodide({ stdLibURL: "./pyodide/python_stdlib_full.zip" });
  const get = async (rel) => (await fetch(`./${rel}`)).arrayBuffer();
  pyodide.unpackArchive(await get("wheels/__WHEEL__"), "wheel", { extractDir: "/tmp/app" });
  pyodide.unpackArchive(await get("app.tgz"), "tgz", { extractDir: "/tmp/app" });
  const games = JSON.parse(pyodide.FS.readFile("/tmp/app/games/archives.json", { encoding: "utf8" }));
  for (const { engine, view } of Object.values(games)) {
    pyodide.unpackArchive(await get(engine), "wheel", { extractDir: "/tmp/app" });
    pyodide.unpackArchive(await get(view), "zip", { extractDir: "/tmp/app/games" });
  }
  pyodide.runPython("import sys; sys.path.insert(0, '/tmp/app')");
  window.pyodide = pyodide;
  document.documentElement.dataset.appState = "ready";
} catch (e) {
  document.body.textContent = String(e);
  document.documentElement.dataset.appState = "error";
}
</script>
</body>
</html>
"""

# Runs unchanged in both interpreters; ``playouts`` returns JSON text.
PLAYOUT_CODE = """
import json
from pygames.core.registry import get_game
from pygames.core.rng import Rng

def playouts(name, setups):
    out = []
    for options, seed in setups:
        game = get_game(name).new(options, seed)
        chooser = Rng("pyodide-check:" + seed)
        while not game.is_over() and len(game.history) < 5000:
            game.apply(game.random_action(game.to_move()[0], chooser))
        out.append({"options": options, "seed": seed, "history": game.history,
                    "state": game.state_json(), "result": game.result().as_dict() if game.result() else None})
    return json.dumps(out, sort_keys=True)
"""

REPLAY_CODE = """
import json
from pygames.core.record import Record

def replays(links):
    return json.dumps([Record.parse(link).replay().state_json() for link in links], sort_keys=True)
"""


def setups(name: str) -> list[tuple[dict[str, int], str]]:
    """One seeded game per player count the game allows."""
    spec = next(s for s in get_game(name).option_specs if s.name == "players")
    low = spec.minimum if spec.minimum is not None else spec.default
    high = spec.maximum if spec.maximum is not None else spec.default
    return [({"players": n}, f"det-{name}-{n}") for n in range(low, high + 1)]


@pytest.fixture(scope="module")
def pyodide_page(browser, browser_context_args, built_dist, tmp_path_factory):
    site = tmp_path_factory.mktemp("bare") / "site"
    shutil.copytree(built_dist, site)
    wheel = next((site / "wheels").glob("pygames-*.whl")).name
    (site / "engines.html").write_text(BARE_PAGE.replace("__WHEEL__", wheel), encoding="utf-8")
    server = SiteServer(site).start()
    context = browser.new_context(**browser_context_args)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(server.url + "engines.html")
    page.wait_for_function("document.documentElement.dataset.appState !== 'loading'", timeout=90_000)
    assert page.evaluate("document.documentElement.dataset.appState") == "ready", page.inner_text("body")
    page.evaluate("code => pyodide.runPython(code)", PLAYOUT_CODE + REPLAY_CODE)
    yield page
    assert errors == []
    context.close()
    server.stop()


BYTECODE_CODE = """
import importlib.util, json, pathlib
def bytecode_report():
    out = {}
    for path in sorted(pathlib.Path("/tmp/app").rglob("*")):
        if path.is_file() and ".dist-info" not in str(path):  # (the wheel's metadata)
            head = path.read_bytes()[:8]
            out[str(path.relative_to("/tmp/app"))] = {
                "magic": head[:4] == importlib.util.MAGIC_NUMBER,
                "flags": int.from_bytes(head[4:8], "little"),
            }
    return json.dumps(out)
"""


def test_every_module_comes_as_the_interpreters_bytecode(pyodide_page) -> None:
    """The build ships every module of ours (pygames and the page's packages) as a .pyc compiled by this
    very Pyodide (its magic number; hash-based and unchecked, PEP 552), without its source, so the page
    imports them without compiling anything; beside them only the index of each game's archives and the
    home page's cards (tools/site/home_cards.py), the modules only the whole standard library has
    (tools/site/stdlib.py), and PyScript's own package compiled (checked against the sources PyScript
    writes at start)."""
    pyodide_page.evaluate("code => pyodide.runPython(code)", BYTECODE_CODE)
    report = json.loads(pyodide_page.evaluate("code => pyodide.runPython(code)", "bytecode_report()"))
    assert "pygames/k2/game.pyc" in report and "shell/page/startup.pyc" in report and "games/k3/view.pyc" in report
    assert [name for name in report if not name.endswith(".pyc")] == [
        "games/archives.json", "games/cards.json", "stdlib-full.txt"]
    flags = {name: 3 if name.startswith("pyscript/__pycache__/") else 1 for name in report if name.endswith(".pyc")}
    assert {name: report[name] for name in flags} == {name: {"magic": True, "flags": f} for name, f in flags.items()}
    assert "pyscript/__pycache__/__init__.cpython-314.pyc" in report
    # compiled elsewhere, the code names its module's file as in the sources (tracebacks point at it)
    where = pyodide_page.evaluate("code => pyodide.runPython(code)",
                                  "import pygames.k2.game as m; [m.K2.copy.__code__.co_filename, m.__file__]")
    assert where == ["pygames/k2/game.py", "/tmp/app/pygames/k2/game.pyc"]


STDLIB_CODE = """
import importlib.util, json, os, sys, zipfile
def stdlib_report():
    where = os.path.dirname(os.__file__)
    with zipfile.ZipFile(where) as archive:
        names = archive.namelist()
        heads = [archive.read(n)[:8] for n in names if n.endswith(".pyc")]
    loaded = {n: m.__file__ for n, m in list(sys.modules.items())  # but those frozen into the interpreter
              if str(getattr(m, "__file__", None) or "").startswith(where + "/")
              and getattr(m.__spec__, "origin", None) != "frozen"}
    import json.decoder
    return json.dumps({"where": where, "sources": [n for n in names if n.endswith(".py")], "pycs": len(heads),
        "headers": sorted({(h[:4] == importlib.util.MAGIC_NUMBER, h[4:8] == (1).to_bytes(4, "little")) for h in heads}),
        "loaded": len(loaded), "from_source": sorted(n for n, f in loaded.items() if not f.endswith(".pyc")),
        "code_file": json.decoder.JSONDecoder.decode.__code__.co_filename})
"""


def test_the_standard_library_comes_as_the_interpreters_bytecode(pyodide_page) -> None:
    """Pyodide ships its standard library as sources, which every start compiled (most of the time it took
    to load the interpreter); the build ships it compiled by this very Pyodide: the modules the start
    imports come from bytecode, and code still names the file it comes from (tracebacks point at it)."""
    pyodide_page.evaluate("code => pyodide.runPython(code)", STDLIB_CODE)
    report = json.loads(pyodide_page.evaluate("code => pyodide.runPython(code)", "stdlib_report()"))
    assert report["sources"] == [] and report["pycs"] > 500
    assert report["headers"] == [[True, True]]  # this interpreter's magic number, unchecked hash-based
    assert report["loaded"] > 50 and report["from_source"] == []
    assert report["code_file"] == report["where"] + "/json/decoder.py"


@pytest.mark.parametrize("name", game_names())
def test_random_games_are_identical_in_cpython_and_pyodide(pyodide_page, name: str) -> None:
    namespace: dict[str, object] = {}
    exec(PLAYOUT_CODE, namespace)  # the very code the page runs
    cases = setups(name)
    expected = json.loads(namespace["playouts"](name, cases))  # type: ignore[operator]
    call = f"playouts({name!r}, {json.dumps(cases)})"
    got = json.loads(pyodide_page.evaluate("code => pyodide.runPython(code)", call))
    assert [g["history"] for g in got] == [e["history"] for e in expected]
    assert got == expected
    assert all(e["result"] is not None for e in expected), "every playout reaches the end"

    links = []
    for e in expected:
        record = Record.new(name, e["options"], e["seed"])
        record.moves = e["history"]
        links.append(record.to_fragment())
    replayed = json.loads(pyodide_page.evaluate("code => pyodide.runPython(code)", f"replays({links!r})"))
    assert replayed == [e["state"] for e in expected]

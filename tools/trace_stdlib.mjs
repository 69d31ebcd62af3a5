// Which files of the standard library the page's Python imports: the vendored Pyodide run under Node with
// the page's files in its working directory, doing what the page does, then its sys.modules read back.
// Usage: node tools/trace_stdlib.mjs <node_modules/pyodide> <python_stdlib.zip> <app directory> <out.json>
// <app directory> holds what the page's interpreter has in its working directory (tools/site/stdlib.py
// writes it): our modules' bytecode (pygames/, web/app's packages and modules), PyScript's package (its
// sources and their bytecode, as PyScript writes it at start) and the page's data files.
// The run: Pyodide's own start (what loadPyodide imports), PyScript's bootstrap and `import pyscript`,
// every module of ours (snapshot.prepare(): the engines, strategies, views, the shell but its browser
// modules, and the warm-up of every game; then the shell's browser modules), and a few decisions of every
// bot in every game, as the bots' worker makes them (shell.bots.thinker). Writes {"startup": [...],
// "modules": {name: file in the zip}}: the modules Pyodide's start imported, and every module imported
// from the zip by the end.
// PyScript's JavaScript side does not run under Node: its two JavaScript modules (`polyscript`,
// `_pyscript`) are stand-ins with the names its Python package reads as it loads, and `document` an
// empty object, so that its package and ours import as in the page (where `document` is the page's).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, stdlib, appDir, out] = process.argv.slice(2).map((p) => path.resolve(p));
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/", stdLibURL: stdlib });
const startup = pyodide.runPython("import sys\nsorted(sys.modules)").toJs();

pyodide.FS.mkdirTree("/app");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: appDir }, "/app");
globalThis.document = {};
const nothing = () => null;
pyodide.registerJsModule("polyscript", {
  config: {}, js_modules: {}, lazy_py_modules: nothing, storage: nothing, workers: {},
});
pyodide.registerJsModule("_pyscript", { PyWorker: nothing, js_import: nothing, target: null });

const modules = pyodide.runPython(`
import os, sys
os.chdir("/app")  # the page's archive is in the interpreter's working directory ("" on sys.path)

# PyScript's bootstrap (its core's Python, run before app/main.py): the files of its package, then the package
import os as _os
from pathlib import Path as _Path
import pyscript as _pyscript
del _os, _Path, _pyscript

import stdlib_fallback  # what interpreter.mjs installs before the page's Python runs
stdlib_fallback.install()

import snapshot
snapshot.prepare()  # every module of ours but the shell's browser ones, and the warm-up of every game

from shell.model import language as i18n  # a translated page: its catalogue read, its plural rules parsed (gettext)
for code in i18n.LANGUAGES:
    i18n.install(code)
i18n.install(i18n.DEFAULT)

import importlib, pkgutil, shell.page  # the shell's browser side, which the snapshot leaves out
for module in pkgutil.walk_packages(shell.page.__path__, "shell.page."):
    importlib.import_module(module.name)

from pygames.core.bots import make_bot
from pygames.core.record import Record
from pygames.core.registry import game_names, get_game
from pygames.core.rng import Rng
from shell.bots import thinker
for name in game_names():
    game = get_game(name).new({}, "trace")
    rng = Rng("trace")
    for move in range(6):
        if game.is_over():
            break
        seat = game.to_move()[0]
        fragment = Record(name, dict(game.options), "trace", list(game.history)).to_fragment()
        for kind in ("easy", "heuristic", "random"):
            thinker.think(fragment, seat, kind)
        make_bot("mcts:i30").choose(game, seat)
        game.apply(game.random_action(seat, rng), checked=True)

where = os.path.dirname(os.__file__) + "/"  # the standard library's zip, e.g. /lib/python314.zip/
found = {}
for name, module in sorted(sys.modules.items()):
    file = getattr(module, "__file__", None) or ""
    if file.startswith(where):
        found[name] = file[len(where):]
found
`).toJs({ dict_converter: Object.fromEntries });
fs.writeFileSync(out, JSON.stringify({ startup, modules }, null, 1) + "\n");
console.log(`traced ${Object.keys(modules).length} modules of the standard library`);

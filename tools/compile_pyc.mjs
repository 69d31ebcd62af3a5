// Compile every .py under a directory to .pyc with the vendored Pyodide itself (its CPython, its
// magic number), under Node. build.py ships the results in app.zip, so that the page imports our
// modules without compiling them at every start.
// Usage: node tools/compile_pyc.mjs <node_modules/pyodide> <directory> [--stdlib]
// --stdlib: the directory holds the interpreter's own standard library (its python_stdlib.zip,
// unpacked): each x.pyc is written next to its x.py (zipimport does not look in __pycache__), and
// the code names its file where that zip sits in the interpreter (tracebacks, as from the sources).
// The pycs are hash-based and unchecked (PEP 552): valid whatever the files' times once unpacked in
// the page, and the build writes them from the same sources as the .py files it ships beside them.
import path from "node:path";
import { pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const stdlib = args.includes("--stdlib");
const [pyodideDir, sourceDir] = args.filter((a) => a !== "--stdlib").map((p) => path.resolve(p));
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
// No column ranges in the code objects (PEP 657's caret positions, a quarter of a module's bytecode):
// tracebacks still give every file and line, without the ^^^ under the failing expression.
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/", env: { PYTHONNODEBUGRANGES: "1" } });
pyodide.FS.mkdirTree("/src");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: sourceDir }, "/src");
pyodide.runPython(`
import compileall, os, py_compile, sys
stdlib = ${stdlib ? "True" : "False"}
where = os.path.dirname(os.__file__) if stdlib else None  # e.g. /lib/python314.zip
if not compileall.compile_dir("/src", quiet=1, legacy=stdlib, ddir=where,
                              invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH):
    raise SystemExit("compileall failed")
print(f"compiled with Python {sys.version.split()[0]}" + (f" (as {where})" if stdlib else ""))
`);

// Compile every .py under a directory to .pyc with the vendored Pyodide itself (its CPython, its
// magic number), under Node. build.py ships the results in app.zip, so that the page imports our
// modules without compiling them at every start.
// Usage: node tools/compile_pyc.mjs <node_modules/pyodide> <directory>
// The pycs are hash-based and unchecked (PEP 552): valid whatever the files' times once unpacked in
// the page, and the build writes them from the same sources as the .py files it ships beside them.
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, sourceDir] = process.argv.slice(2).map((p) => path.resolve(p));
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
pyodide.FS.mkdirTree("/src");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: sourceDir }, "/src");
pyodide.runPython(`
import compileall, py_compile, sys
if not compileall.compile_dir("/src", quiet=1, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH):
    raise SystemExit("compileall failed")
print(f"compiled with Python {sys.version.split()[0]}")
`);

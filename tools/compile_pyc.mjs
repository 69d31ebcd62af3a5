// Compile every .py under a directory to .pyc with the vendored Pyodide itself (its CPython, its
// magic number), under Node, so that the page imports modules without compiling them at every start.
// Usage: node tools/compile_pyc.mjs <node_modules/pyodide> <directory> [--stdlib | --checked]
// (default) our modules (pygames, web/app), shipped without their sources: each x.pyc is written
//   next to its x.py (where an interpreter looks for a module that has no source), names its file by
//   its path under <directory> (a traceback says `File "pygames/k2/game.py", line 42, in apply`,
//   without the source line), and has no module or function docstrings and no annotations of a
//   function's arguments and result: nothing of ours reads them at run time (a test checks that no
//   module asks for them). Classes keep their docstrings (dataclasses would otherwise build one from
//   each signature at import) and their fields' annotations (dataclasses read them).
// --stdlib: the interpreter's own standard library (its python_stdlib.zip, unpacked): each x.pyc next
//   to its x.py (zipimport does not look in __pycache__), the code naming its file where that zip sits
//   in the interpreter (tracebacks, as from the sources), without its modules' and functions'
//   docstrings (as Python's -OO drops them, but asserts kept: a seventh of the bytes on a phone's
//   network); classes keep theirs, and annotations stay (typing and dataclasses read them).
// --checked: modules whose sources the page writes itself (PyScript's own package): __pycache__/
//   beside them, checked against the source's hash (PEP 552), so a source that differs is compiled.
// Otherwise the pycs are hash-based and unchecked (PEP 552): valid whatever the files' times once
// unpacked in the page.
import path from "node:path";
import { pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const mode = args.includes("--stdlib") ? "stdlib" : args.includes("--checked") ? "checked" : "ours";
const [pyodideDir, sourceDir] = args.filter((a) => !a.startsWith("--")).map((p) => path.resolve(p));
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
// No column ranges in the code objects (PEP 657's caret positions, a quarter of a module's bytecode):
// tracebacks still give every file and line, without the ^^^ under the failing expression.
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/", env: { PYTHONNODEBUGRANGES: "1" } });
pyodide.FS.mkdirTree("/src");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: sourceDir }, "/src");
pyodide.runPython(`
import ast, compileall, importlib.util, marshal, os, py_compile, sys
mode = ${JSON.stringify(mode)}

def stripped(tree, annotations=False):
    """The module without its and its functions' docstrings, and without its functions' annotations
    (annotations=True: with them)."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \\
                    and isinstance(first.value.value, str):
                node.body[0:1] = [] if len(node.body) > 1 else [ast.copy_location(ast.Pass(), first)]
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and not annotations:
            node.returns = None
            arguments = node.args
            for argument in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs,
                             arguments.vararg, arguments.kwarg):
                if argument is not None:
                    argument.annotation = None
    return tree

def compile_sources(where, annotations):
    """Each x.py under /src to x.pyc (unchecked hash-based, PEP 552: flags 0b01), its code naming its file
    under where (None: its path under /src), without docstrings; returns how many."""
    count = 0
    for folder, _, names in sorted(os.walk("/src")):
        for name in sorted(names):
            if not name.endswith(".py"):
                continue
            source_path = os.path.join(folder, name)
            with open(source_path, "rb") as f:
                source = f.read()
            shown = os.path.relpath(source_path, "/src")
            shown = os.path.join(where, shown) if where else shown
            try:
                tree = stripped(ast.parse(source, shown), annotations)
            except SyntaxError:
                if where is None:
                    raise
                continue  # (the standard library's deliberately broken test modules: compileall skips them too)
            code = compile(tree, shown, "exec", dont_inherit=True)
            with open(source_path + "c", "wb") as f:
                f.write(importlib.util.MAGIC_NUMBER + (1).to_bytes(4, "little")
                        + importlib.util.source_hash(source) + marshal.dumps(code))
            count += 1
    return count

if mode == "ours":
    count = compile_sources(None, annotations=False)
    print(f"compiled {count} modules with Python {sys.version.split()[0]} (sourceless, no docstrings)")
elif mode == "stdlib":
    where = os.path.dirname(os.__file__)  # e.g. /lib/python314.zip
    count = compile_sources(where, annotations=True)
    print(f"compiled {count} modules with Python {sys.version.split()[0]} (as {where}, no docstrings)")
else:
    if not compileall.compile_dir("/src", quiet=1, invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH):
        raise SystemExit("compileall failed")
    print(f"compiled with Python {sys.version.split()[0]} (checked)")
`);

"""The rest of the standard library, fetched on the first import that misses it.

The interpreter's ``python_stdlib.zip`` holds only the modules the page imports (the build traces them:
tools/site/stdlib.py); the whole library is beside it, ``pyodide/python_stdlib_full.zip``, precached by
the service worker but never fetched by a start. ``install()`` (web/interpreter.mjs, before any of the
page's Python runs, in the page and in its workers) appends a finder to ``sys.meta_path``: it is asked
only when every other finder failed, so the page's own imports never see it. For a module the whole
library has (``FULL_NAMES``, written by the build) it has JavaScript fetch that zip once, synchronously
(an import is synchronous: web/interpreter.mjs's ``pygamesStdlib.fetchFull``), writes it into the
interpreter's file system and imports the module from it (an offline page has it written there
beforehand: interpreter.mjs's ``keepFullStdlibOffline``). A fetch that fails leaves the import failing as
it would without this finder (ModuleNotFoundError), and is tried again at the next miss. Every miss is
kept in ``Finder.misses`` and told to JavaScript (``pygamesStdlib.misses``, which the end-to-end tests
read).

An interpreter snapshot (web/app/snapshot.py) keeps the finder, which holds no JavaScript object: it
asks for ``js.pygamesStdlib`` at each miss. A restored interpreter has a fresh file system, so the
finder looks for the zip's file each time rather than remembering it fetched it.
"""

from __future__ import annotations

import os
import sys
import zipimport
from importlib.machinery import ModuleSpec

FULL_ZIP = "/lib/python_stdlib_full.zip"  # beside Pyodide's own /lib/python314.zip
FULL_NAMES = "stdlib-full.txt"  # beside this module (app.tgz): every module of the whole library, a line each


class Finder:
    """The last finder of ``sys.meta_path``: a module of the whole standard library that the trimmed one
    lacks, imported from the whole one."""

    def __init__(self, names_file: str) -> None:
        self.names_file = names_file
        self.names: frozenset[str] | None = None  # read at the first miss
        self.misses: list[str] = []

    def find_spec(self, fullname: str, path: object = None, target: object = None) -> ModuleSpec | None:
        if self.names is None:
            try:
                with open(self.names_file, encoding="utf-8") as handle:
                    self.names = frozenset(handle.read().split())
            except OSError:
                self.names = frozenset()
        if fullname not in self.names:
            return None  # not the standard library's: an ImportError as without this finder
        self.misses.append(fullname)
        self._tell(fullname)
        if not os.path.exists(FULL_ZIP):
            try:
                self._fetch(fullname)
            except Exception as error:  # (a JsException: offline, say) the import fails as it would without us
                self._warn(f"pygames: the whole standard library could not be loaded for {fullname}: {error}")
                return None
        package = fullname.rpartition(".")[0]
        where = FULL_ZIP + ("/" + package.replace(".", "/") + "/" if package else "")
        try:
            return zipimport.zipimporter(where).find_spec(fullname)
        except zipimport.ZipImportError:
            return None

    @staticmethod
    def _fetch(fullname: str) -> None:
        import js

        js.console.info(f"pygames: {fullname} is not in the page's standard library: loading the whole one")
        data = js.pygamesStdlib.fetchFull().to_bytes()
        with open(FULL_ZIP, "wb") as handle:
            handle.write(data)
        zipimport._zip_directory_cache.pop(FULL_ZIP, None)  # type: ignore[attr-defined]

    @staticmethod
    def _warn(message: str) -> None:
        try:
            import js

            js.console.warn(message)
        except ImportError:  # no JavaScript side (a test, the build's trace)
            print(message, file=sys.stderr)

    @staticmethod
    def _tell(fullname: str) -> None:
        try:
            import js

            js.pygamesStdlib.misses.push(fullname)
        except (ImportError, AttributeError):
            pass  # no JavaScript side (a test, the build's trace)


def install() -> Finder:
    """The finder, appended to ``sys.meta_path`` once (an interpreter restored from a snapshot has it): the
    importers of a whole library fetched before the snapshot are forgotten when its file is not here."""
    for finder in sys.meta_path:
        if isinstance(finder, Finder):
            break
    else:
        finder = Finder(os.path.join(os.path.dirname(os.path.abspath(__file__)), FULL_NAMES))
        sys.meta_path.append(finder)
    if not os.path.exists(FULL_ZIP):
        for key in [key for key in sys.path_importer_cache if key.startswith(FULL_ZIP)]:
            del sys.path_importer_cache[key]
        zipimport._zip_directory_cache.pop(FULL_ZIP, None)  # type: ignore[attr-defined]
    return finder

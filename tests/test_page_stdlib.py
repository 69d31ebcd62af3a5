"""The page's standard library (tools/site/stdlib.py): only the modules the traced run imported, the whole
library beside it, precached but not part of the start, and the finder that imports from it what the
page's lacks (web/app/stdlib_fallback.py).

In the page: tests/e2e/test_platform.py (a module outside the page's library, imported) and
tests/e2e/conftest.py (the shared pages never needed the whole library on their own)."""

from __future__ import annotations

import importlib
import io
import json
import re
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web" / "app"))

import stdlib_fallback  # noqa: E402

from tools.site import CACHE  # noqa: E402
from tools.site.stdlib import FULL_NAMES, module_names  # noqa: E402


@pytest.fixture(scope="module")
def dist(built_dist: Path) -> Path:
    """dist/, brought up to date (tests/conftest.py: nothing to do after ``build.py test``'s own build)."""
    return built_dist


def test_the_pages_zip_holds_every_traced_module_and_is_much_smaller(dist: Path) -> None:
    trace = json.loads((CACHE / "stdlib-trace.json").read_text())
    trimmed, full = dist / "pyodide" / "python_stdlib.zip", dist / "pyodide" / "python_stdlib_full.zip"
    with zipfile.ZipFile(trimmed) as page, zipfile.ZipFile(full) as whole:
        kept, everything = set(page.namelist()), set(whole.namelist())
        assert all(page.read(name) == whole.read(name) for name in kept)  # the same bytecode
    traced = {name + "c" if name.endswith(".py") else name for name in trace["modules"].values()}
    assert traced <= kept and kept < everything
    assert {"_pyodide/_base.pyc", "pyodide/ffi/__init__.pyc", "asyncio/__init__.pyc", "json/decoder.pyc",
            "gettext.pyc", "fractions.pyc"} <= kept  # Pyodide's start, PyScript's, the page's
    assert trimmed.stat().st_size < 0.5 * full.stat().st_size
    assert "colorsys.pyc" not in kept and "colorsys.pyc" in everything
    # the finder's list of what only the whole library has (in app.tgz, beside it)
    with tarfile.open(dist / "app.tgz") as archive:
        names = archive.extractfile(FULL_NAMES).read().decode().split()
        assert "stdlib_fallback.pyc" in archive.getnames()
    assert {"colorsys", "encodings.cp1252", "json.tool", "email.mime.text"} <= set(names)
    assert set(names).isdisjoint(module_names(sorted(kept))) and "json" not in names


def test_the_whole_library_is_precached_but_not_preloaded(dist: Path) -> None:
    worker = (dist / "service-worker.js").read_text()
    assert '"url": "pyodide/python_stdlib_full.zip"' in worker and '"url": "pyodide/python_stdlib.zip"' in worker
    index = (dist / "index.html").read_text()
    preloads = re.findall(r'<link rel="(?:module)?preload" href="\./([^"]+)"', index)
    assert "pyodide/python_stdlib.zip" in preloads and not any("full" in rel for rel in preloads)
    assert "python_stdlib_full" not in index
    # boot.js's progress counts the start's bytes, not the whole library's
    start = int(re.search(r'data-boot-bytes="([0-9]+)"', index)[1])
    assert start < sum(p.stat().st_size for p in (dist / "pyodide").iterdir() if p.suffix != ".gz")


@pytest.fixture
def finder(tmp_path, monkeypatch) -> stdlib_fallback.Finder:
    """The finder with a whole library of three modules (``pgtestwhole``, ``pgtestpkg.extra`` and the package
    itself) in ``tmp_path``, fetched by writing it; the page's library has only ``pgtestpkg``."""
    whole = io.BytesIO()
    with zipfile.ZipFile(whole, "w") as archive:
        archive.writestr("pgtestwhole.py", "VALUE = 42\n")
        archive.writestr("pgtestpkg/__init__.py", "")
        archive.writestr("pgtestpkg/extra.py", "VALUE = 'extra'\n")
    (tmp_path / "page" / "pgtestpkg").mkdir(parents=True)
    (tmp_path / "page" / "pgtestpkg" / "__init__.py").write_text("")
    (tmp_path / "names.txt").write_text("pgtestwhole\npgtestpkg.extra\n")
    full = tmp_path / "full.zip"
    fetched: list[str] = []

    def fetch(fullname: str) -> None:
        fetched.append(fullname)
        full.write_bytes(whole.getvalue())

    monkeypatch.setattr(stdlib_fallback, "FULL_ZIP", str(full))
    monkeypatch.setattr(stdlib_fallback.Finder, "_fetch", staticmethod(fetch))
    monkeypatch.syspath_prepend(str(tmp_path / "page"))
    found = stdlib_fallback.Finder(str(tmp_path / "names.txt"))
    found.fetched = fetched  # type: ignore[attr-defined]
    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, found])
    yield found
    for name in ("pgtestwhole", "pgtestpkg", "pgtestpkg.extra"):
        sys.modules.pop(name, None)


def test_a_miss_is_imported_from_the_whole_library_fetched_once(finder) -> None:
    assert importlib.import_module("pgtestwhole").VALUE == 42
    assert importlib.import_module("pgtestpkg.extra").VALUE == "extra"  # the page's package, the whole one's module
    assert finder.misses == ["pgtestwhole", "pgtestpkg.extra"] and finder.fetched == ["pgtestwhole"]


def test_a_module_of_neither_library_is_an_import_error_without_a_fetch(finder) -> None:
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("pgtestnowhere")
    assert finder.misses == [] and finder.fetched == []


def test_a_fetch_that_fails_is_an_import_error_and_tried_again(finder, monkeypatch) -> None:
    def offline(fullname: str) -> None:
        raise OSError("offline")

    with monkeypatch.context() as offline_now:
        offline_now.setattr(stdlib_fallback.Finder, "_fetch", staticmethod(offline))
        with pytest.raises(ModuleNotFoundError):
            importlib.import_module("pgtestwhole")
    assert importlib.import_module("pgtestwhole").VALUE == 42  # back online
    assert finder.misses == ["pgtestwhole", "pgtestwhole"] and finder.fetched == ["pgtestwhole"]


def test_install_adds_one_finder_last(monkeypatch) -> None:
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    first = stdlib_fallback.install()
    assert stdlib_fallback.install() is first and sys.meta_path[-1] is first
    assert sum(isinstance(f, stdlib_fallback.Finder) for f in sys.meta_path) == 1

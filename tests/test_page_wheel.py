"""Our wheel as the page loads it (tools/site/wheel.py): the engines' bytecode and nothing else of the page, a
standard wheel (its RECORD lists every file with its hash), the same bytes for the same bytecode."""

from __future__ import annotations

import base64
import hashlib
import io
import zipfile

from tools.site.project import project_version
from tools.site.wheel import page_wheel, site_packages

BYTECODE = {"pygames/__init__.pyc": b"engine", "pygames/k2/game.pyc": b"k2", "shell/app.pyc": b"page"}


def test_the_wheel_holds_the_engines_bytecode_and_a_true_record():
    name, data = page_wheel(BYTECODE)
    assert name == f"pygames-{project_version()}-py3-none-any.whl"
    with zipfile.ZipFile(io.BytesIO(data)) as wheel:
        files = {n: wheel.read(n) for n in wheel.namelist()}
    info = f"pygames-{project_version()}.dist-info"
    assert set(files) == {"pygames/__init__.pyc", "pygames/k2/game.pyc", f"{info}/METADATA", f"{info}/WHEEL",
                          f"{info}/RECORD"}  # the page's own packages go in app.tgz
    assert b"Tag: py3-none-any" in files[f"{info}/WHEEL"]
    for line in files[f"{info}/RECORD"].decode().splitlines():
        path, digest, size = line.split(",")
        if path.endswith("RECORD"):
            continue
        expected = base64.urlsafe_b64encode(hashlib.sha256(files[path]).digest()).rstrip(b"=").decode()
        assert digest == f"sha256={expected}" and int(size) == len(files[path])
    assert page_wheel(BYTECODE) == (name, data)  # reproducible


def test_it_installs_where_the_vendored_pyodide_looks():
    assert site_packages().startswith("/lib/python3.") and site_packages().endswith("/site-packages")

"""Our wheels as the page loads them (tools/site/wheel.py): the engines' bytecode and nothing else of the page,
the core in one wheel and each game in its own, standard wheels (each RECORD lists every file with its hash),
the same bytes for the same bytecode."""

from __future__ import annotations

import base64
import hashlib
import io
import zipfile

from tools.site.project import project_version
from tools.site.wheel import page_wheels, site_packages

BYTECODE = {"pygames/__init__.pyc": b"engine", "pygames/k2/game.pyc": b"k2", "shell/page/app.pyc": b"page"}


def wheel_files(data: bytes, dist: str) -> dict[str, bytes]:
    """A wheel's files, its RECORD checked against them."""
    with zipfile.ZipFile(io.BytesIO(data)) as wheel:
        files = {n: wheel.read(n) for n in wheel.namelist()}
    info = f"{dist}-{project_version()}.dist-info"
    assert {f"{info}/METADATA", f"{info}/WHEEL", f"{info}/RECORD"} <= set(files)
    assert b"Tag: py3-none-any" in files[f"{info}/WHEEL"]
    assert f"Name: {dist}\n".encode() in files[f"{info}/METADATA"]
    for line in files[f"{info}/RECORD"].decode().splitlines():
        path, digest, size = line.split(",")
        if path.endswith("RECORD"):
            continue
        expected = base64.urlsafe_b64encode(hashlib.sha256(files[path]).digest()).rstrip(b"=").decode()
        assert digest == f"sha256={expected}" and int(size) == len(files[path])
    return {name: data for name, data in files.items() if ".dist-info/" not in name}


def test_the_core_and_each_game_have_a_wheel_of_the_engines_bytecode_and_a_true_record():
    wheels = page_wheels(BYTECODE, ["k2"])
    assert {key: name for key, (name, _data) in wheels.items()} == {
        "": f"pygames-{project_version()}-py3-none-any.whl", "k2": f"pygames_k2-{project_version()}-py3-none-any.whl"}
    assert set(wheel_files(wheels[""][1], "pygames")) == {"pygames/__init__.pyc"}  # the page's own packages: app.tgz
    assert set(wheel_files(wheels["k2"][1], "pygames_k2")) == {"pygames/k2/game.pyc"}
    assert page_wheels(BYTECODE, ["k2"]) == wheels  # reproducible


def test_it_installs_where_the_vendored_pyodide_looks():
    assert site_packages().startswith("/lib/python3.") and site_packages().endswith("/site-packages")

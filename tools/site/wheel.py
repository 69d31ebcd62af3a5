"""Our wheels as the page loads them: the engines (``pygames/``) as standard wheels holding the same bytecode
as the rest of the page's Python (``compiled_bytecode``: no sources, no docstrings) and their ``.dist-info``
(METADATA, WHEEL, RECORD). One wheel per game, so that a page downloads only the engines it runs:

* ``wheels/pygames-<version>-py3-none-any.whl``: the package and its core (``pygames/__init__``,
  ``pygames/core/``), which every screen needs. web/interpreter.mjs installs it into the interpreter's
  ``site-packages`` before Python starts, as a wheel installer would: unzipped.
* ``wheels/pygames_<game>-<version>-py3-none-any.whl``: one game's engine, ``pygames/<game>/``. The page
  imports it from the wheel itself, on the file system as it came (a pure-Python wheel is importable as
  a zip: web/app/game_archives.py); unzipped anywhere beside the core's, the wheels make the whole package.

(``pip install .`` and the CLI use the ordinary wheel of pyproject.toml, with sources.) Fixed times and
order: the same bytecode gives the same bytes."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import zipfile

from .project import ROOT, project_version

WHEEL_TAG = "py3-none-any"
PACKAGE = "pygames/"


def site_packages() -> str:
    """The interpreter's site-packages, from the vendored Pyodide's Python version (``/lib/python3.14/…``)."""
    lock = json.loads((ROOT / "node_modules" / "pyodide" / "pyodide-lock.json").read_text())
    major, minor = lock["info"]["python"].split(".")[:2]
    return f"/lib/python{major}.{minor}/site-packages"


def engine_bytecode(bytecode: dict[str, bytes]) -> dict[str, bytes]:
    """The engines' part of the page's bytecode (what the wheels carry)."""
    return {rel: data for rel, data in bytecode.items() if rel.startswith(PACKAGE)}


def game_wheel_name(game: str) -> str:
    """The distribution name of a game's wheel (``pygames_k2``)."""
    return f"pygames_{game}"


def page_wheels(bytecode: dict[str, bytes], games: list[str]) -> dict[str, tuple[str, bytes]]:
    """Each wheel of the engines' bytecode as (file name, bytes): the core's under the key ``""``, each of
    ``games`` under its name."""
    engines = engine_bytecode(bytecode)
    own = {game: {rel: data for rel, data in engines.items() if rel.startswith(f"{PACKAGE}{game}/")}
           for game in games}
    taken = {rel for part in own.values() for rel in part}
    wheels = {"": page_wheel({rel: data for rel, data in engines.items() if rel not in taken})}
    for game in games:
        wheels[game] = page_wheel(own[game], game_wheel_name(game))
    return wheels


def page_wheel(bytecode: dict[str, bytes], dist: str = "pygames") -> tuple[str, bytes]:
    """(file name, bytes) of the wheel of the distribution ``dist`` of the engines' bytecode."""
    version = project_version()
    info = f"{dist}-{version}.dist-info"
    entries = dict(sorted(engine_bytecode(bytecode).items()))
    entries[f"{info}/METADATA"] = f"Metadata-Version: 2.1\nName: {dist}\nVersion: {version}\n".encode()
    entries[f"{info}/WHEEL"] = (f"Wheel-Version: 1.0\nGenerator: pygames build.py\nRoot-Is-Purelib: true\n"
                                f"Tag: {WHEEL_TAG}\n").encode()
    record = [f"{name},sha256={base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b'=').decode()},"
              f"{len(data)}" for name, data in entries.items()]
    entries[f"{info}/RECORD"] = ("\n".join([*record, f"{info}/RECORD,,"]) + "\n").encode()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as wheel:
        for name, data in entries.items():
            item = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            item.compress_type, item.external_attr = zipfile.ZIP_DEFLATED, 0o644 << 16
            wheel.writestr(item, data)
    return f"{dist}-{version}-{WHEEL_TAG}.whl", buffer.getvalue()

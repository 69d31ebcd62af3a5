"""The JavaScript the site takes from npm packages, bundled and minified by esbuild (pinned in
package.json), one ES module each:

* ``three/three.module.js``: three.js for Blokus 3D's board, only what its scene uses (OrbitControls too).
  npm's three 0.187 ships no minified build: its two ES modules are 2.1 MB; the parts the scene uses,
  minified, are about 0.55 MB.
* ``vendor/morphdom.mjs``: morphdom, which morphs each new game screen into the one on the page
  (web/app/shell/morph.mjs); about 5 kB minified.

And our own JavaScript: ``own_bundles``, a module written as a folder of modules by job (``OWN``: boot.js,
Blokus 3D's scene), bundled and minified into the one module the page loads; ``minified``, one of our own
modules minified alone, not bundled (``interpreter.mjs`` as the build stamps it). Both kept in
.cache/build/ by the content's hash.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from .project import CACHE, ROOT, WEB, log, run
from .vendor import ESBUILD_VERSION, MORPHDOM_VERSION, THREE_VERSION

SCENE = WEB / "app" / "games" / "blokus3d" / "scene"  # the scene's modules (bundled: OWN)
# they import three.js as ``import * as THREE from ".../three/three.module.js"`` and use ``THREE.Name``
USED = re.compile(r"\bTHREE\.([A-Za-z_$][\w$]*)")
# three.js's add-ons the scene uses, as ``THREE.Name`` too: bundled from their module into the same bundle
ADDONS = {"OrbitControls": "three/addons/controls/OrbitControls.js"}

# Our own JavaScript written as a folder of modules by job, each folder bundled with its entry module into the
# one module the page loads, minified: {its path in dist/: its entry}. The folders' modules are not served.
# boot.js: what runs before Python, one small file before the first paint (web/boot/).
OWN = {"boot.js": WEB / "boot" / "main.js", "app/games/blokus3d/scene.js": SCENE / "main.js"}
# What our modules import from the site as it is served, never bundled into them (its path as the bundle has it)
SERVED = ("*/three/three.module.js", "./app/*", "./pyodide/*", "./interpreter.mjs")


def used_names() -> list[str]:
    """Every name of three.js that the scene's modules use, sorted."""
    text = "\n".join(path.read_text(encoding="utf-8") for path in sorted(SCENE.glob("*.js")))
    if re.search(r"\bTHREE\s*\[", text):
        raise SystemExit("the scene reads three.js by a computed name: the bundle cannot know what to keep")
    return sorted(set(USED.findall(text)))


def bundled(name: str, entry_source: str, key: str, state: dict) -> bytes:
    """``entry_source`` (an ES module importing from node_modules) bundled and minified into one module;
    rebuilt when ``key`` (what it depends on) changes, else kept in .cache/build/<name>/."""
    entry = CACHE / name / "entry.mjs"
    out = CACHE / name / "bundle.mjs"
    wanted = f"{key}:{ESBUILD_VERSION}"
    if state.get(f"bundle:{name}") == wanted and out.exists():
        log(f"{name} bundle: skipped (unchanged)")
        return out.read_bytes()
    entry.parent.mkdir(parents=True, exist_ok=True)
    entry.write_text(entry_source)  # resolved in ROOT/node_modules
    run([str(ROOT / "node_modules" / ".bin" / "esbuild"), str(entry), "--bundle", "--minify", "--format=esm",
         f"--outfile={out}", "--log-level=warning"], cwd=ROOT)
    log(f"{name} bundle: {out.stat().st_size / 1e3:.0f} kB")
    state[f"bundle:{name}"] = wanted
    return out.read_bytes()


def bundles(state: dict) -> dict[str, bytes]:
    """The bundled modules, by their path in dist/."""
    names = used_names()
    core = [name for name in names if name not in ADDONS]
    entry = f'export {{ {", ".join(core)} }} from "three";\n' + "".join(
        f'export {{ {name} }} from "{ADDONS[name]}";\n' for name in names if name in ADDONS)
    three = bundled("three", entry, f"{','.join(names)}:{THREE_VERSION}", state)
    morphdom = bundled("morphdom", 'export { default as morphdom } from "morphdom";\n', MORPHDOM_VERSION, state)
    return {"three/three.module.js": three, "vendor/morphdom.mjs": morphdom}


def bundle_sources(rel: str) -> list[Path]:
    """The modules that make ``rel`` (a key of ``OWN``): every .js and .mjs file of its entry's folder."""
    folder = OWN[rel].parent
    return sorted(p for p in folder.rglob("*") if p.suffix in (".js", ".mjs") and p.is_file())


def bundled_source(path: Path) -> bool:
    """Whether ``path`` (under web/) is one of the modules ``OWN`` bundles (not served itself)."""
    return any(entry.parent in path.parents for entry in OWN.values())


def own_bundles() -> dict[str, bytes]:
    """Each of ``OWN``'s bundles, by its path in dist/; rebuilt when a module of its folder or esbuild changes,
    else kept in .cache/build/own/ by their hash."""
    out = {}
    for rel, entry in OWN.items():
        digest = hashlib.sha256(ESBUILD_VERSION.encode() + "\0".join(SERVED).encode())
        for path in bundle_sources(rel):
            digest.update(path.relative_to(WEB).as_posix().encode() + b"\0" + path.read_bytes())
        cached = CACHE / "own" / f"{digest.hexdigest()}.mjs"
        if not cached.exists():
            cached.parent.mkdir(parents=True, exist_ok=True)
            partial = cached.with_suffix(".tmp")  # a build stopped half-way leaves no truncated copy under the key
            run([str(ROOT / "node_modules" / ".bin" / "esbuild"), str(entry), "--bundle", "--minify", "--format=esm",
                 *(f"--external:{served}" for served in SERVED), f"--outfile={partial}", "--log-level=warning"],
                cwd=ROOT)
            partial.replace(cached)
            log(f"{rel} bundled: {len(bundle_sources(rel))} modules -> {cached.stat().st_size / 1e3:.1f} kB")
        out[rel] = cached.read_bytes()
    return out


def minified(name: str, source: bytes) -> bytes:
    """``source``, an ES module of ours, minified by esbuild (its imports and exports as they are, not
    bundled); kept by the hash of ``source`` and esbuild's version, so an unchanged file costs a lookup."""
    key = hashlib.sha256(source + ESBUILD_VERSION.encode()).hexdigest()
    out = CACHE / "minified" / f"{key}.mjs"
    if out.exists():
        return out.read_bytes()
    out.parent.mkdir(parents=True, exist_ok=True)
    entry = out.with_suffix(".in.mjs")
    entry.write_bytes(source)
    partial = out.with_suffix(".tmp")  # a build stopped half-way leaves no truncated copy under the key
    run([str(ROOT / "node_modules" / ".bin" / "esbuild"), str(entry), "--minify", "--format=esm",
         f"--outfile={partial}", "--log-level=warning"], cwd=ROOT)
    entry.unlink()
    partial.replace(out)
    log(f"{name} minified: {len(source) / 1e3:.1f} kB -> {out.stat().st_size / 1e3:.1f} kB")
    return out.read_bytes()

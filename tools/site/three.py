"""three.js for Blokus 3D's board: only what scene.js uses, bundled and minified by esbuild (pinned in
package.json). npm's three 0.187 ships no minified build: its two ES modules are 2.1 MB; the parts the
scene uses, minified, are about 0.55 MB, served as one module at the same address."""

from __future__ import annotations

import re

from .project import CACHE, ROOT, WEB, log, run
from .vendor import ESBUILD_VERSION, THREE_VERSION

SCENE = WEB / "app" / "games" / "blokus3d" / "scene.js"
# scene.js imports three.js as ``import * as THREE from ".../three/three.module.js"`` and uses ``THREE.Name``
USED = re.compile(r"\bTHREE\.([A-Za-z_$][\w$]*)")


def used_names() -> list[str]:
    """Every name of three.js that scene.js uses, sorted."""
    text = SCENE.read_text(encoding="utf-8")
    if re.search(r"\bTHREE\s*\[", text):
        raise SystemExit("scene.js reads three.js by a computed name: the bundle cannot know what to keep")
    return sorted(set(USED.findall(text)))


def three_module(state: dict) -> bytes:
    """One minified ES module exporting the names scene.js uses (esbuild drops the rest of three.js).
    Rebuilt when scene.js's names, three.js or esbuild change (kept in .cache/build/three/)."""
    names = used_names()
    entry = CACHE / "three" / "entry.mjs"
    out = CACHE / "three" / "three.module.js"
    wanted = f"{','.join(names)}:{THREE_VERSION}:{ESBUILD_VERSION}"
    if state.get("three") == wanted and out.exists():
        log(f"three.js bundle: skipped ({len(names)} names unchanged)")
        return out.read_bytes()
    entry.parent.mkdir(parents=True, exist_ok=True)
    entry.write_text(f'export {{ {", ".join(names)} }} from "three";\n')  # resolved in ROOT/node_modules
    run([str(ROOT / "node_modules" / ".bin" / "esbuild"), str(entry), "--bundle", "--minify", "--format=esm",
         f"--outfile={out}", "--log-level=warning"], cwd=ROOT)
    full = sum((ROOT / "node_modules" / "three" / "build" / n).stat().st_size
               for n in ("three.module.js", "three.core.js"))
    log(f"three.js bundle: {len(names)} names, {full / 1e6:.1f} MB -> {out.stat().st_size / 1e6:.2f} MB")
    state["three"] = wanted
    return out.read_bytes()

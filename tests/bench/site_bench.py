"""What a first visit downloads: every file the service worker precaches (the whole site), raw and as
``build.py serve`` sends it (the build's .gz copies), against Pyodide's core files as the site serves
them (the five runtime files, the whole standard library as the build's bytecode: the page's own
``python_stdlib.zip`` holds only what the page imports, tools/site/stdlib.py).

Run with ``python3 build.py bench`` (after a build) or directly. Prints one table; no browser needed.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
CORE = ("pyodide/pyodide.mjs", "pyodide/pyodide.asm.mjs", "pyodide/pyodide.asm.wasm",
        "pyodide/python_stdlib_full.zip", "pyodide/pyodide-lock.json")


def sent(path: Path) -> int:
    """Bytes on the wire from ``build.py serve`` to a browser that accepts gzip."""
    packed = path.with_name(path.name + ".gz")
    return packed.stat().st_size if packed.exists() else path.stat().st_size


def main() -> int:
    worker = (DIST / "service-worker.js").read_text(encoding="utf-8")
    precached = [m for m in re.findall(r'"url":\s*("[^"]*")', worker)]
    files = ["service-worker.js", *(json.loads(u) for u in precached)]
    missing = [rel for rel in files if not (DIST / rel).is_file()]
    if missing:
        print(f"site_bench: not in dist/: {missing[:5]} (run python3 build.py first)")
        return 1
    raw = {rel: (DIST / rel).stat().st_size for rel in files}
    wire = {rel: sent(DIST / rel) for rel in files}
    core_raw, core_wire = sum(raw[r] for r in CORE), sum(wire[r] for r in CORE)
    total_raw, total_wire = sum(raw.values()), sum(wire.values())
    print("\nFirst visit: every file the service worker precaches (MB)")
    print(f"{'':34}{'raw':>9}{'sent (gzip)':>13}")
    print(f"{'Pyodide core files (as served)':34}{core_raw / 1e6:9.2f}{core_wire / 1e6:13.2f}")
    print(f"{'the whole site':34}{total_raw / 1e6:9.2f}{total_wire / 1e6:13.2f}")
    print(f"{'site / core':34}{total_raw / core_raw:9.3f}{total_wire / core_wire:13.3f}")
    print("\nLargest files beside the core (kB raw, sent):")
    for rel in sorted(set(files) - set(CORE), key=lambda r: -raw[r])[:8]:
        print(f"  {rel:40}{raw[rel] / 1e3:9.0f}{wire[rel] / 1e3:9.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

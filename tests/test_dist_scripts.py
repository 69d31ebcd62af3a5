"""The scripts the build ships (dist/): none names a source map that is not shipped beside it (browsers'
developer tools and Lighthouse would ask for it and get a 404)."""

from __future__ import annotations

import re
from pathlib import Path

SOURCE_MAP = re.compile(rb"[#@] sourceMappingURL=([^\s*]+)")


def test_no_script_names_a_source_map_that_is_not_shipped(built_dist: Path):
    scripts = sorted(p for p in built_dist.rglob("*") if p.suffix in (".js", ".mjs"))
    assert scripts, "dist/ has no script"
    missing = [
        f"{path.relative_to(built_dist)} -> {name.decode()}"
        for path in scripts
        for name in SOURCE_MAP.findall(path.read_bytes())
        if not name.startswith(b"data:") and not (path.parent / name.decode()).is_file()
    ]
    assert missing == []

"""The scripts the build ships (dist/): none names a source map that is not shipped beside it (browsers'
developer tools and Lighthouse would ask for it and get a 404), and the page and interpreter.mjs agree on the
interpreter snapshot's key (tests/e2e/test_snapshot.py restores it)."""

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


def test_the_page_and_interpreter_mjs_look_for_the_same_snapshot(built_dist: Path):
    """index.html's early read and interpreter.mjs take the snapshot's key from the same files (a script changed
    between the two, by the build, would make every later visit miss the snapshot)."""
    early = re.search(rb"\./snapshot/([0-9a-f]{16})\.bin", (built_dist / "index.html").read_bytes())
    assert early, "index.html reads no snapshot"
    assert b'"%s"' % early.group(1) in (built_dist / "interpreter.mjs").read_bytes()


def test_a_links_game_has_its_screen_to_lay_out_while_python_starts(built_dist: Path):
    """boot.js lays out the linked game's screen, unseen, from ``app/warm/<game>.html`` (web/boot/before-python.js
    ``warmLinkedScreen``): every game the page plays has one, and it is that game's screen."""
    import sys

    sys.path.insert(0, str(built_dist.parent / "web" / "app"))
    try:
        import games
    finally:
        sys.path.pop(0)
    assert b"app/warm/" in (built_dist / "boot.js").read_bytes()
    for name in games.GAMES:
        screen = (built_dist / "app" / "warm" / f"{name}.html").read_text()
        assert screen.startswith(f'<section class="play {name}"'), name

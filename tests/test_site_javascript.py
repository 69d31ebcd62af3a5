"""The site's own JavaScript: modules by job, none over about 600 lines, and those the build bundles into one
(tools/site/bundles.py OWN: boot.js, Blokus 3D's scene) served as that one module only."""

from __future__ import annotations

from pathlib import Path

from tools.site.bundles import OWN, bundle_sources

ROOT = Path(__file__).resolve().parents[1]
MOST_LINES = 600


def own_javascript() -> list[Path]:
    """Every JavaScript module of ours: web/ (not the vendored packages) and the service worker."""
    web = [p for p in (ROOT / "web").rglob("*") if p.suffix in (".js", ".mjs") and p.is_file()]
    return sorted([*web, ROOT / "service-worker.js"])


def test_no_javascript_module_of_ours_is_over_600_lines():
    sizes = {path.relative_to(ROOT).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
             for path in own_javascript()}
    assert len(sizes) > 20
    assert {name: n for name, n in sizes.items() if n > MOST_LINES} == {}


def test_a_bundled_module_is_served_as_one_file_and_its_sources_are_not(built_dist: Path):
    for rel in OWN:
        assert (built_dist / rel).is_file(), rel
        sources = bundle_sources(rel)
        assert len(sources) > 1
        served = [src for src in sources if (built_dist / src.relative_to(ROOT / "web")).exists()]
        assert served == [], served

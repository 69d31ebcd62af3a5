"""Which rule ids and worked examples of a spec no test cites.

    python3 tools/rule_coverage.py [SPEC_DIR]      (default: docs/rules, the specifications in this repository)

For every ``<game>.md`` in the spec folder, collects the ids it defines (``MH-R7``, ``K2-E3``,
``B3D-A2``…) and looks for each, as a whole word, in the test files of ``tests/<game>/`` (K3's
tests live in ``tests/k3``). Prints a line per game and the ids nobody cites; exits 1 if any.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ID = re.compile(r"\b([A-Z][A-Z0-9]*-[RAE]\d+)\b")


def uncited(spec: Path, tests: Path) -> tuple[list[str], int]:
    """(ids defined in ``spec`` that no file under ``tests`` mentions, number of ids defined).

    The spec's own prefix is its most frequent one (``MH``), so other patterns (K2 edge names such as
    ``E01-E02``) are not taken for ids. Tests may write an id as ``MH-R7``, ``MH_R7`` or ``mh_r7``.
    """
    found = ID.findall(spec.read_text(encoding="utf-8"))
    if not found:
        return [], 0
    prefixes = Counter(i.split("-")[0] for i in found)
    prefix = prefixes.most_common(1)[0][0]
    defined = sorted({i for i in found if i.split("-")[0] == prefix}, key=_order)
    text = "\n".join(p.read_text(encoding="utf-8") for p in sorted(tests.rglob("*.py"))) if tests.is_dir() else ""
    cite = re.compile(rf"(?<![A-Za-z0-9]){re.escape(prefix)}[-_]([RAE])(\d+)(?!\d)", re.IGNORECASE)
    cited = {f"{prefix}-{kind.upper()}{number}" for kind, number in cite.findall(text)}
    return [i for i in defined if i not in cited], len(defined)


def _order(rule_id: str) -> tuple[str, int]:
    """``MH-R10`` sorts after ``MH-R9``."""
    prefix = rule_id.rstrip("0123456789")
    return prefix, int(rule_id[len(prefix):])


def main(argv: list[str]) -> int:
    spec_dir = Path(argv[0]) if argv else ROOT / "docs" / "rules"
    missing_any = False
    for spec in sorted(spec_dir.glob("*.md")):
        if spec.stem.lower() == "readme":
            continue
        missing, total = uncited(spec, ROOT / "tests" / spec.stem)
        status = "all cited" if not missing else f"{len(missing)} not cited: {' '.join(missing)}"
        print(f"{spec.stem:<10} {total:>3} ids  {status}")
        missing_any |= bool(missing)
    return 1 if missing_any else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

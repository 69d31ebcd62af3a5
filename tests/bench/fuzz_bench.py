"""Link fuzzing, the long run: at least 10,000 mutated links per game through what the page
does with a link (tests/core/link_fuzz.py: parse, replay, views, pictures, a typed move).

Run with ``python build.py bench`` (or directly; ``FUZZ_CASES=N`` for another count per game). Prints,
per game: cases, outcomes and errors by kind, crashes (anything but RecordError/RuleError, or a message
over link_fuzz.MAX_MESSAGE characters), and the time per decode (link -> replayed game or refusal)
p50/p99/max. Exits 1 when anything crashed.
"""

from __future__ import annotations

import os
import random
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # run directly: tests.core.link_fuzz from the repository
    sys.path.insert(0, str(ROOT))

from tests.core.link_fuzz import GAMES, all_moves, check_case, random_case, real_links  # noqa: E402

CASES = int(os.environ.get("FUZZ_CASES", "10000"))
SHOWN_CRASHES = 3  # per game, with the link that made them


def percentile(sorted_values: list[float], fraction: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(fraction * len(sorted_values)))]


def fuzz_game(game: str, cases: int) -> tuple[Counter[str], list[float], float]:
    """Outcomes of ``cases`` mutated links (crashes as "CRASH <exception>"), decode times, total seconds."""
    rng = random.Random(f"fuzz-bench:{game}")
    outcomes: Counter[str] = Counter()
    decode_times: list[float] = []
    shown = 0
    start = time.perf_counter()
    for _ in range(cases):
        link, typed = random_case(game, rng)
        try:
            outcomes[check_case(link, typed, decode_times)] += 1
        except Exception as crash:  # counted and shown: the figure this bench exists for
            outcomes[f"CRASH {type(crash).__name__}"] += 1
            if shown < SHOWN_CRASHES:
                shown += 1
                print(f"  crash on link {link[:200]!r}, typed {str(typed)[:80]!r}:")
                print("    " + "    ".join(traceback.format_exception(crash)[-3:]))
    return outcomes, decode_times, time.perf_counter() - start


def main() -> int:
    print(f"Link fuzzing: {CASES} mutated links per game (parse, replay, views, pictures, a typed move)")
    print(f"{'game':<11} {'cases':>6} {'crashes':>7} {'decode ms p50':>13} {'p99':>7} {'max':>7} {'cases/s':>8}"
          "  outcomes (stage: error)")
    crashes = 0
    for game in GAMES:
        real_links(game), all_moves(game)  # made before the clock starts
        outcomes, times, seconds = fuzz_game(game, CASES)
        game_crashes = sum(n for kind, n in outcomes.items() if kind.startswith("CRASH"))
        crashes += game_crashes
        times.sort()
        ms = [1000 * percentile(times, f) for f in (0.5, 0.99)] + [1000 * times[-1]]
        kinds = ", ".join(f"{kind} {n}" for kind, n in sorted(outcomes.items()))
        print(f"{game:<11} {CASES:>6} {game_crashes:>7} {ms[0]:>13.3f} {ms[1]:>7.2f} {ms[2]:>7.2f} "
              f"{CASES / seconds:>8.0f}  {kinds}")
    print(f"crashes in all: {crashes}")
    return 1 if crashes else 0


if __name__ == "__main__":
    sys.exit(main())

"""The seeded generator every game draws its chance from.

A tiny, fully specified generator (SplitMix64) so that a seed gives the same numbers in every
CPython and in Pyodide, independent of the standard library's implementation details.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

try:  # the built-in SHA-256 that hashlib itself falls back to without OpenSSL (CPython 3.12+, Pyodide):
    from _sha2 import sha256  # type: ignore[reportMissingImports]  # Pyodide's hashlib core, not in typeshed  # hashlib's own import costs 11 ms in Pyodide (its search for OpenSSL's)
except ImportError:  # pragma: no cover (CPython 3.11)
    from hashlib import sha256

T = TypeVar("T")
_MASK = (1 << 64) - 1


class Rng:
    """SplitMix64. State is one 64-bit integer; copying the generator copies its future."""

    __slots__ = ("state",)

    def __init__(self, seed: str | int = 0) -> None:
        if isinstance(seed, int):
            self.state = seed & _MASK
        else:
            digest = sha256(seed.encode("utf-8")).digest()
            self.state = int.from_bytes(digest[:8], "big")

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n), by rejection (no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def random(self) -> float:
        """Uniform float in [0, 1) with 53 bits."""
        return (self.next_u64() >> 11) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self, label: str) -> Rng:
        """An independent generator derived from this one's state and a label (state unchanged)."""
        return Rng(f"{self.state}:{label}")

    def copy(self) -> Rng:
        r = Rng(0)
        r.state = self.state
        return r

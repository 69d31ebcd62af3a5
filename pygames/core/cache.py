"""A bounded cache for the bots' tables: the oldest entry goes when a new one comes."""

from __future__ import annotations

from collections import OrderedDict
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Bounded(OrderedDict[K, V]):
    """At most ``size`` entries; ``put`` drops the oldest first, so each insert frees at most one entry. (Clearing
    a full cache instead frees every table in it in one go: hundreds of ms for the K2 bots' positions, too long
    for a bot thinking on the page's thread, which gives way every few ms.)"""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def put(self, key: K, value: V) -> V:
        if len(self) >= self.size:
            self.popitem(last=False)
        self[key] = value
        return value

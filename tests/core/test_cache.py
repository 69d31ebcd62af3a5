"""The bots' bounded caches (pygames.core.cache)."""

from pygames.core.cache import Bounded


def test_a_full_cache_drops_its_oldest_entry_for_a_new_one() -> None:
    cache: Bounded[int, str] = Bounded(3)
    for key in range(3):
        assert cache.put(key, str(key)) == str(key)
    cache.put(3, "3")
    assert list(cache) == [1, 2, 3]
    assert cache.get(0) is None and cache.get(3) == "3"
    for key in range(4, 100):
        cache.put(key, str(key))
    assert len(cache) == 3 and list(cache) == [97, 98, 99]


def test_the_k2_and_blokus3d_bots_tables_are_bounded() -> None:
    """Never cleared all at once: dropping a full table of K2 boards takes hundreds of ms (a bot on the page's
    thread must give way every few ms)."""
    from pygames.blokus3d import strategy as b3d
    from pygames.k2 import paths
    from pygames.k2.strategy import choices, values

    for table in (paths._REACH, values._ENDS, values._JUDGED, choices._CACHE, b3d._NARROW):
        assert isinstance(table, Bounded) and table.size > 0

"""Saved games that never break the page: corrupted, truncated, future-format and hostile entries.

Each is listed as damaged or shown as inert text, and the good saves beside them still resume.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import games
from hypothesis import given, settings
from hypothesis import strategies as st
from shell.model import saves
from shell.screens import home

from pygames.core.record import Record

HOSTILE = '<img src=x onerror="alert(1)"><script>alert(2)</script>&amp;"\'</li></ul>'
GOOD = [
    saves.SavedGame("good1", "k3", "k3?v=1&players=2&seed=a&moves=", 3000.0, "K3 · 2 players", "Seat 0: your turn"),
    saves.SavedGame("good2", "matterhorn", "matterhorn?v=1&players=2&seed=b&moves=", 2000.0, "Matterhorn", "x"),
]


def good_store() -> saves.Store:
    store = saves.Store(saves.MemoryStorage())
    for entry in GOOD:
        store.save(entry)
    return store


class Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, list[str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, [name for name, _ in attrs]))


def no_live_markup(html: str) -> None:
    """Nothing from an entry became markup: only the page's own tags and attributes, no handler."""
    parser = Tags()
    parser.feed(html)
    for tag, names in parser.tags:
        assert tag not in ("script", "img", "iframe", "object"), tag
        assert not any(name.startswith("on") for name in names), (tag, names)


def good_ones_listed(html: str) -> None:
    for entry in GOOD:
        assert f'href="#play/{entry.id}"' in html


def test_future_format_says_newer_version():
    store = good_store()
    data = json.loads(store.backend.getItem(saves.PREFIX + "good1"))
    data["format"] = saves.FORMAT + 1
    del data["link"]  # a newer format may well lay out its record differently
    store.backend.setItem(saves.PREFIX + "future", json.dumps(data))
    entries = store.entries()
    broken = [e for e in entries if isinstance(e, saves.BrokenSave)]
    assert [b.id for b in broken] == ["future"]
    assert "written by a newer version of the app" in broken[0].reason
    html = home.render_home(games.playable(), entries)
    assert "written by a newer version of the app" in html
    good_ones_listed(html)


def test_hostile_fields_are_inert_text():
    store = good_store()
    for field in ("title", "status", "game", "id"):
        data = {"format": saves.FORMAT, "id": "h", "game": "k3", "link": "k3?v=1&players=2&seed=c&moves=",
                "updated": 1000.0, "title": "t", "status": "s", "moves": 1, "over": False}
        data[field] = HOSTILE
        store.backend.setItem(saves.PREFIX + f"hostile-{field}", json.dumps(data))
    store.backend.setItem(saves.PREFIX + HOSTILE, "{broken")
    entries = store.entries()
    html = home.render_home(games.playable(), entries)
    no_live_markup(html)
    good_ones_listed(html)
    assert "&lt;script&gt;" in html  # shown, as text


def test_long_titles_are_shortened_with_the_full_text_kept():
    store = good_store()
    long = saves.SavedGame("long", "k3", "k3?v=1&players=2&seed=a&moves=", 5000.0, "K3 · seed " + "x" * 2000, "s")
    store.save(long)
    html = home.render_home(games.playable(), store.entries())
    shown = re.search(r'<span class="save-title" title="([^"]*)">([^<]*)</span>', html)
    assert shown and len(shown.group(1)) > 2000 and len(shown.group(2)) <= 140 and shown.group(2).endswith("…")


entry_values = st.one_of(
    st.text(max_size=60),
    st.integers(),
    st.floats(allow_nan=True),
    st.booleans(),
    st.none(),
    st.lists(st.integers(), max_size=3),
    st.just(HOSTILE),
    st.just("k3?v=1&players=2&seed=zz&moves=P:0.0>1.0"),
)
entries_strategy = st.dictionaries(
    st.sampled_from(["format", "id", "game", "link", "updated", "title", "status", "moves", "over", "extra"]),
    entry_values,
    max_size=9,
)


@settings(max_examples=150, deadline=None)
@given(
    raw=st.lists(
        st.one_of(
            entries_strategy.map(json.dumps),
            st.text(max_size=80),
            st.builds(lambda e, n: json.dumps(e)[:n], entries_strategy, st.integers(0, 60)),  # truncated
        ),
        max_size=6,
    )
)
def test_fuzzed_storage_never_breaks_the_home_page_or_the_good_saves(raw):
    store = good_store()
    for n, text in enumerate(raw):
        store.backend.setItem(f"{saves.PREFIX}fuzz{n}", text)
    entries = store.entries()
    assert len(entries) == len(GOOD) + len(raw)
    html = home.render_home(games.playable(), entries)
    no_live_markup(html)
    good_ones_listed(html)
    for entry in GOOD:  # the good ones still resume
        loaded = store.load(entry.id)
        assert Record.parse(loaded.link).replay().history == []

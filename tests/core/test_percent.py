"""pygames.core.percent gives exactly urllib.parse's results (links read the same with either)."""

from __future__ import annotations

import urllib.parse

from hypothesis import given, settings
from hypothesis import strategies as st

from pygames.core import percent

texts = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=40)
encoded = st.lists(
    st.one_of(texts, st.sampled_from(["%", "%2", "%zz", "%41", "%E2%82%AC", "%ff%fe", "+", "%C3", "%%41"])),
    max_size=8,
).map("".join)


@settings(max_examples=400)
@given(text=texts, safe=st.sampled_from(["/", "", ":.,>-_!*()", "~+"]))
def test_quote_as_urllib(text, safe):
    assert percent.quote(text, safe=safe) == urllib.parse.quote(text, safe=safe)


@settings(max_examples=400)
@given(text=encoded)
def test_unquote_as_urllib(text):
    assert percent.unquote(text) == urllib.parse.unquote(text)
    assert percent.unquote_plus(text) == urllib.parse.unquote_plus(text)


def test_round_trip_of_a_link_field():
    seed = "alpine 42 · Zürich/€ & co"
    assert percent.unquote_plus(percent.quote(seed, safe=":.,>-_!*()").replace("%20", "+")) == seed

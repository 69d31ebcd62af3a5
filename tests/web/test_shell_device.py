"""The shell's services for views: ``Session.device`` (a key-value store kept on this device)."""

from __future__ import annotations

from games.matterhorn import view as mh_view
from shell.model.saves import MemoryStorage
from shell.model.session import Session

from pygames.core.match import Match
from pygames.core.record import Record


def test_play_device_is_the_given_store_or_a_memory_store():
    record = Record.new("matterhorn", {"players": 2}, "device")
    play = Session(Match(record), ["human", "human"], "t", mh_view.View)
    assert isinstance(play.device, MemoryStorage)  # tests and rules pages: nothing is kept
    play.device.setItem("k", "v")
    assert play.device.getItem("k") == "v"
    backend = MemoryStorage()
    play = Session(Match(record), ["human", "human"], "t", mh_view.View, device=backend)
    assert play.device is backend  # navigation.py passes the page's localStorage

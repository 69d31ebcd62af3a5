"""The game screen's parts sent again only when they change (shell/contract/markup.py ``part`` and ``Kept``,
shell/page/dom.py ``render``): after every move of whole games, the markup sent, with each part the page holds
already standing in for it (page.mjs's patch keeps the element of that id as it was), is exactly the screen in
full; and it is less markup than the screen."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from games import view_class
from plays import new_play, next_move
from shell.contract.markup import Kept, Markup, marking_parts, part
from shell.screens import game as screen

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
MARKS = re.compile(r"<!--\[[^>]*-->|<!--\]-->")  # (a part's marks: markup.py ``part``)
STUB = re.compile(r'<([\w-]+) id="([^"]+)" data-same></\1>')


class Elements(HTMLParser):
    """Each element with an ``id`` in a markup: its markup, from its start tag to its end tag."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=False)
        self.html = html
        self.lines = [0]
        for line in html.splitlines(keepends=True):
            self.lines.append(self.lines[-1] + len(line))
        self.open: list[tuple[str, str | None, int]] = []
        self.by_id: dict[str, str] = {}
        self.feed(html)
        self.close()

    def _at(self) -> int:
        line, column = self.getpos()
        return self.lines[line - 1] + column

    def handle_starttag(self, tag: str, attrs: list) -> None:
        ident = dict(attrs).get("id")
        if tag in VOID:
            if ident:
                start = self._at()
                self.by_id[ident] = self.html[start : self.html.index(">", start) + 1]
            return
        self.open.append((tag, ident, self._at()))

    def handle_startendtag(self, tag: str, attrs: list) -> None:
        ident = dict(attrs).get("id")
        if ident:
            start = self._at()
            self.by_id[ident] = self.html[start : self.html.index(">", start) + 1]

    def handle_endtag(self, tag: str) -> None:
        while self.open:
            name, ident, start = self.open.pop()
            if name == tag:
                if ident:
                    end = self.html.index(">", self._at()) + 1
                    self.by_id[ident] = self.html[start:end]
                return


def shown(sent: str, before: str) -> str:
    """What the page shows after ``sent``, with ``before`` on it: each stub is the element of its id as it was."""
    held = Elements(before).by_id
    return STUB.sub(lambda stub: held[stub.group(2)], sent)


def test_a_part_unchanged_is_sent_as_an_empty_element_and_one_changed_in_full():
    def page(second: str) -> Markup:
        with marking_parts():
            items = part(Markup('<li id="a">first</li>')) + part(Markup(f'<li id="b">{second}</li>'))
            listing = part(Markup(f'<ol id="list">{items}</ol>'))
            return Markup(f"<main>{listing}<p>after</p></main>")

    kept = Kept()
    assert kept.send(page("x")) == '<main><ol id="list"><li id="a">first</li><li id="b">x</li></ol><p>after</p></main>'
    assert kept.send(page("x")) == '<main><ol id="list" data-same></ol><p>after</p></main>'
    # one part in it changed: the list goes, the part in it that did not change stays as it is on the page
    changed = '<main><ol id="list"><li id="a" data-same></li><li id="b">y</li></ol><p>after</p></main>'
    assert kept.send(page("y")) == changed
    kept.reset()  # (something else drew the screen)
    assert "data-same" not in kept.send(page("y"))
    kept.send(Markup("<main><p>a screen of no parts</p></main>"))  # (the page then has none of them)
    assert "data-same" not in kept.send(page("y"))
    assert part(Markup('<li id="a">plain</li>')) == '<li id="a">plain</li>'  # only a render marks them


GAMES = [("k2", ("human", *["heuristic"] * 4)), ("k2", ("heuristic",) * 5), ("k3", ("human", "heuristic", "heuristic")),
         ("matterhorn", ("human", "heuristic")), ("blokus3d", ("human", "heuristic"))]


@pytest.mark.parametrize(("name", "seats"), GAMES, ids=[f"{g}-{len(s)}-{s[0]}" for g, s in GAMES])
def test_after_every_move_the_page_shows_the_whole_screen_from_less_markup(name, seats):
    play = new_play(name, view_class(name), seats, seed="parts")
    kept = Kept()
    before = ""
    sent_total = full_total = 0
    for _move in range(60):
        game = play.game
        if game.is_over():
            break
        if play.handoff_seat() is not None:
            play.handle("handoff", {})
        with marking_parts():  # (once: a render may change what the next one draws, e.g. Matterhorn's fresh dice)
            marked = screen.render(play, "http://x/#g", True, False)
        full = MARKS.sub("", marked)
        sent = kept.send(marked)
        assert "<!--" not in sent
        assert shown(sent, before) == full, f"{name} after {len(game.history)} moves"
        before = full
        sent_total += len(sent)
        full_total += len(full)
        next_move(play)
    # (K2's screen, the largest, sends about 0.3 of its markup; Blokus 3D's, whose map and tray change at every
    # move, about 0.85)
    assert sent_total < 0.9 * full_total, (sent_total, full_total)

"""Routes of the page: the part of the address after ``#`` -> what to show (pure, no browser).

* ``""`` (or ``home``) -> the home page;
* ``new/<game>`` -> the new-game form;
* ``play/<id>`` -> the saved game ``id``;
* ``rules/<game>[/<section>]`` -> how to play ``game`` (opened at ``section``);
* ``daily/<game>`` -> today's challenge of ``game`` (on this device's date: the page drawn before Python
  started, which cannot know the day's options, links there);
* anything else -> a game link, e.g. ``k3?v=1&players=2&seed=alpine-4821&moves=...`` (parsed by
  ``pygames.core.record.Record.parse``, which names what is wrong with a bad one).
"""

# (No ``from __future__ import annotations`` here: with it, ``NamedTuple`` compiles each field's
# annotation string when the module is imported, a cost of the page's start in Pyodide.)

from typing import NamedTuple

from pygames.core.percent import unquote

HOME, NEW, PLAY, RULES, DAILY, LINK = "home", "new", "play", "rules", "daily", "link"


class Route(NamedTuple):
    kind: str
    arg: str = ""


def parse_route(fragment: str) -> Route:
    frag = (fragment or "").lstrip("#").strip()
    if frag in ("", "home", "/"):
        return Route(HOME)
    if frag.startswith("new/"):
        return Route(NEW, unquote(frag[4:]).strip().lower())
    if frag.startswith("play/"):
        return Route(PLAY, unquote(frag[5:]).strip())
    if frag.startswith("rules/"):
        return Route(RULES, unquote(frag[6:]).strip().lower())
    if frag.startswith("daily/"):
        return Route(DAILY, unquote(frag[6:]).strip().lower())
    return Route(LINK, frag)


def route_game(route: Route) -> str:
    """The game a route opens by its name ("" for the home page and a saved game, whose game is in the
    save): a form's, rules', daily challenge's or link's (not checked: the route says what is wrong)."""
    if route.kind in (NEW, RULES, DAILY):
        return route.arg.partition("/")[0]
    if route.kind == LINK:
        return route.arg.partition("?")[0].strip()
    return ""


def play_fragment(save_id: str) -> str:
    return f"play/{save_id}"


def new_fragment(game: str) -> str:
    return f"new/{game}"

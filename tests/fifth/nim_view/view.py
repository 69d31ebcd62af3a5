"""Nim's view: the piles drawn as rows of stones; a click on a stone takes it and every stone after it."""

from __future__ import annotations

from typing import Any

from shell.contract.markup import Markup, attrs, esc, join
from shell.contract.svg import svg
from shell.contract.view import CHANGED, NOTHING, Apply, GameView, Handled

from pygames.core.game import Action, Game
from pygames.core.i18n import _, ngettext

LIT = "#e0a030"  # a stone that a click takes


def take_words(text: str) -> str:
    pile, count = text.split(":")
    return ngettext("takes {n} stone from pile {pile}", "takes {n} stones from pile {pile}",
                    int(count)).format(n=count, pile=pile)


class View(GameView[Game]):
    option_labels = {"piles": "Piles"}
    seed_help = "same seed, same piles"

    def __init__(self, play: Any) -> None:
        super().__init__(play)
        self.pile: int | None = None  # the pile chosen by a key, before the count

    def subtitle(self) -> str:
        return ngettext("{n} pile", "{n} piles", len(self.game.piles)).format(n=len(self.game.piles))

    def status(self, seat: int, name: str) -> str:
        return _("{name}: take 1 to 3 stones from one pile").format(name=name)

    def hint(self) -> str:
        if self.session.human_mover() is None:
            return ""
        return _("Tap a lit stone: it goes, with every stone after it.") if self.touch else _(
            "Click a lit stone: it goes, with every stone after it.")

    def board(self, state: Game, seat: int | None) -> Markup:
        legal = {str(action) for action in self.legal()}
        rows = []
        for pile, size in enumerate(state.piles):
            for index in range(size):
                count = size - index
                text = f"{pile + 1}:{count}"
                lit = text in legal
                marks = attrs({"data-act": "take" if lit else None, "data-pile": pile + 1, "data-count": count,
                               "data-legal": lit, "role": "button" if lit else None, "tabindex": 0 if lit else None,
                               "aria-label": _("pile {pile}: take {n}").format(pile=pile + 1, n=count)})
                fill = LIT if lit else "#8a8f98"
                rows.append(Markup(f'<circle cx="{index}" cy="{pile}" r="0.4" fill="{fill}"{marks}/>'))
        width = max([*state.piles, 9])  # (stones a finger wide, not the board wide)
        picture = svg((-0.6, -0.6, width + 0.2, len(state.piles) + 0.2), join(rows), "board nim",
                      _("Piles of stones"), group="stones")
        piles = esc(",".join(map(str, state.piles)))
        return Markup(f'<div class="board nim-board" data-piles="{piles}">{picture}</div>')

    def handle(self, act: str, data: dict[str, str]) -> Handled:
        if act == "take":
            return Apply(self.game.parse_action(f"{data['pile']}:{data['count']}"))
        if act == "key" and data.get("key", "").isdigit():
            number = int(data["key"])
            if self.pile is None:
                self.pile = number
                return CHANGED
            pile, self.pile = self.pile, None
            return Apply(self.game.parse_action(f"{pile}:{number}"))
        return NOTHING

    def reset(self) -> None:
        self.pile = None

    def board_keys(self) -> list[tuple[str, str]]:
        return [("1–5 1–3", _("a pile, then how many stones"))]

    def describe_board(self, state: Game, seat: int | None) -> list[str]:
        return [ngettext("Pile {pile}: {n} stone", "Pile {pile}: {n} stones", size).format(pile=pile + 1, n=size)
                for pile, size in enumerate(state.piles)]

    def describe(self, before: Game, text: str, after: Game) -> str:
        return take_words(text)

    def move_label(self, action: Action) -> str:
        return take_words(str(action))

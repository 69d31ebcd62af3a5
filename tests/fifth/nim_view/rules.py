"""How to play Nim, in the page (shell/screens/rules.py draws it; the position is a real record)."""

from __future__ import annotations

from shell.contract.rules import Example, Section

from pygames.core.i18n import N_

SECTIONS = (
    Section(
        "turn",
        N_("A turn"),
        (N_("Take one, two or three stones from one pile. Whoever takes the last stone wins."),),
        rules=("NIM-R1", "NIM-R2", "NIM-R3"),
        examples=(Example(N_("Three piles"), "nim?v=1&players=2&seed=rules&moves=", ("1:1", "1:4")),),
    ),
)

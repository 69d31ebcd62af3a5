"""The page's shell: everything that is not a game's drawing, written once for every game.

``app`` (the only module touching the browser), ``session`` (a game on screen: seats, hand-off,
move box), ``screen`` (its markup), ``view`` (the interface a game's view implements), ``home``
(home page and new-game form), ``players``, ``storage``, ``router``, ``runner`` (bots in slices),
``svg`` (escaping and shared drawing helpers).
"""

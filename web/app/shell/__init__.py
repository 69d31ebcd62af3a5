"""The page's shell: everything that is not a game's drawing, written once for every game.

``app`` and ``worker`` (the only modules touching the browser: the page, and the bots' Web Worker
seen from it), ``session`` (a game on screen: seats, hand-off, move box), ``screen`` (its markup),
``view`` (the interface a game's view implements), ``home`` (home page and new-game form),
``players``, ``storage``, ``router``, ``runner`` (bots in slices on the page's thread), ``thinker``
(bots in the worker), ``svg`` (escaping and shared drawing helpers).
"""

"""The page's shell: everything that is not a game's drawing, written once for every game.

The modules touching the browser (``BROWSER``): ``startup`` (``main`` and the warm-up), ``app`` (the
page's state and listeners, its methods from ``navigation`` (hash ⇄ screen), ``rendering`` (the render
loop), ``events`` and ``keys``, ``bots`` (the bot scheduler), ``saves``, ``language``, ``replaying``
(the replay's keys and timer, "Play from here")), ``scripts`` (the games' own style sheets and JavaScript
modules), ``dom`` (DOM helpers and ``page.mjs``'s), and ``worker`` (the bots' Web Worker seen from the
page). Pure: ``session`` (a game on screen: seats, hand-off, move box; its words in ``session_words``,
its replay in ``session_replay``), ``replay`` (the replay bar and the move log), ``fork`` ("Play from
here"), ``daily`` (the daily challenge), ``sections`` (the in-app rules as data, linked by the rule id
of an engine's refusal), ``screen`` (its markup), ``view`` (the interface a game's view implements),
``home`` (home page and new-game form), ``howto`` (the in-app rules pages), ``players``, ``storage``,
``router``, ``runner`` (bots in slices on the page's thread), ``thinker`` (bots in the worker), ``svg``
(escaping and shared drawing helpers), ``warm``, ``i18n``.
"""

BROWSER = ("app", "bots", "dom", "events", "keys", "language", "navigation", "rendering", "replaying", "saves",
           "scripts", "startup", "worker")

"""The page's shell: everything that is not a game's drawing, written once for every game, in packages by
where they run and what they do. Only ``page`` touches the browser; the others are pure Python, tested in
CPython, and held by the interpreter snapshot (web/app/snapshot.py walks every package but ``page``).

- ``contract``: what a game's view and the shell share: the view's interface (``view``), markup helpers
  (``markup``: escaping, attributes; ``svg``: shared drawing, the seat colours) and the in-app rules as data
  (``rules``).
- ``model``: the state of the page's games, no markup: a game on screen (``session``: seats, hand-off,
  move box; its replay cursor in ``replay``, its words in ``narration``), who sits where (``players``),
  routes (``routes``), the save store and a save's words (``saves``), the new-game form's data
  (``new_game``), the daily challenge (``daily``), "Play from here" (``fork``), the rules pages' positions
  (``examples``) and the page's language and translations (``language``).
- ``screens``: markup, pure functions of the model: the game screen (``game``), the replay bar and the move
  log (``replay``), the home page (``home``), the new-game form (``new_game``), the rules pages (``rules``),
  the daily challenge's parts (``daily``), the language picker (``language``).
- ``bots``: the bots' thinking that needs no browser: in slices on the page's thread (``runner``), and in
  the bots' Web Worker (``thinker``, run by web/bot-worker.mjs).
- ``page``: the browser's side, the only package that imports ``js``, ``pyscript`` or ``pyodide.ffi``: the
  start (``entry``, ``startup``), the application object (``app``) and its parts (``navigation``,
  ``rendering``, ``events``, ``keys``, ``bots``, ``saves``, ``replay``, ``language``), the games' scripts
  (``scripts``) and DOM helpers (``dom``, with ``page.mjs``, which stays beside the packages: its URL is
  ``app/shell/page.mjs``).

``warm`` (what opening a game builds once, built ahead) uses the model and the screens; the page's warm-up
and the snapshot run it.
"""

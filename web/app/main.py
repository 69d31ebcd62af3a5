"""Entry point of the page's Python: the shell's worker runs this file (web/app-worker.mjs), or, where the page's
Python runs on its thread, PyScript does (web/index.html; its config: tools/site/assemble.py).

web/app/'s packages are in the interpreter's working directory (as bytecode, from app.tgz): ``shell/``
is the play screen written once (routing, seats, bots, undo, links, saves, move box, hand-off,
result), ``games/<game>/`` each game's view. The engines are the ``pygames`` package, beside them.
The browser's side of the shell is ``shell.page``, which starts the page.
"""

from shell.page.entry import run

run()

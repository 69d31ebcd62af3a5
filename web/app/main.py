"""Entry point of the page: PyScript runs this file (web/index.html; its config: tools/site/assemble.py).

web/app/'s packages are in the interpreter's working directory (as bytecode, from app.tgz): ``shell/``
is the play screen written once (routing, seats, bots, undo, links, saves, move box, hand-off,
result), ``games/<game>/`` each game's view. The engines are the ``pygames`` package, beside them.
"""

import js

js.performance.mark("app:main")  # boot phases, read by tests/bench/page_bench.py

from pyscript import window  # noqa: E402,F401 (the mark first: it times these imports)

js.performance.mark("app:pyscript")

from shell.startup import main  # noqa: E402

main()

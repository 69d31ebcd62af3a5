"""The page's Python starts here (web/app/main.py calls ``run``): the boot phases' first marks, read by
tests/bench/page_bench.py, then the start (shell/page/startup.py)."""

import js


def run() -> None:
    js.performance.mark("app:main")
    from pyscript import window  # noqa: F401 (the mark first: it times this import)

    js.performance.mark("app:pyscript")
    from .startup import main

    main()

"""The page's Python starts here (web/app/main.py calls ``run``): in the shell's worker (web/app-worker.mjs, which
set ``pygamesPost``), or on the page's thread (PyScript). The boot phases' first marks are read by
tests/bench/page_bench.py; then the start (shell/page/startup.py)."""

import js


def run() -> None:
    post = getattr(js, "pygamesPost", None)
    if post is not None:
        run_in_worker(post)
        return
    js.performance.mark("app:main")
    from pyscript import window  # noqa: F401 (the mark first: it times this import)

    js.performance.mark("app:pyscript")
    from .startup import main

    main()


def run_in_worker(post) -> None:  # noqa: ANN001 (a JavaScript function)
    """In the shell's worker: ``post`` sends a message's text to the page; the page's messages go to dom.py's
    ``receive`` (``pygamesReceive``), the first of them (its start context) starts the shell."""
    from pyodide.ffi import create_proxy

    from . import dom
    from .startup import main

    def started() -> None:
        dom.mark("app:main")
        main()

    js.pygamesReceive = create_proxy(dom.connect(post, started))  # pyright: ignore[reportAttributeAccessIssue]

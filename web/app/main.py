"""Entry point of the page: PyScript runs this file (see web/index.html and pyscript.toml).

Sibling modules in web/app/ are copied into the interpreter's working directory by build.py's
generated pyscript.toml ``[files]``, so they import by name (``import router``).
The shell's contract: fill ``<main id="app">`` and then set ``data-app-state="ready"`` on <html>.
"""

from pyscript import document

import pygames


def main() -> None:
    app = document.getElementById("app")
    heading = document.createElement("h1")
    heading.className = "app-version"
    heading.textContent = f"pygames {pygames.__version__}"
    app.replaceChildren(heading)
    document.documentElement.dataset.appState = "ready"


main()

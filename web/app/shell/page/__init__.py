"""The browser's side of the shell: the only package that imports ``js``, ``pyscript`` or ``pyodide.ffi``.
Nothing else imports it but web/app/main.py (tests/web/test_layers.py). Importing this package itself
imports nothing: the snapshot's walk skips it by name."""

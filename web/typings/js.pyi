# Pyodide's ``js``: the browser's global scope (globalThis), every name a JavaScript value.
from typing import Any

def __getattr__(name: str) -> Any: ...

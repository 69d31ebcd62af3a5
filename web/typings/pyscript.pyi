# What web/app takes from PyScript (pyscript/context.py, in the main thread): ``window`` is ``js``,
# ``document`` its document; both the browser's objects, untyped.
from collections.abc import Awaitable, Sequence
from typing import Any

window: Any
document: Any

def js_import(*urls: str) -> Awaitable[Sequence[Any]]:
    """A JS promise of the modules at ``urls``, in their order (``Promise.all`` of ``import()``)."""

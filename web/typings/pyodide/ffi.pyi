# The part of pyodide.ffi that web/app uses (signatures from Pyodide's _pyodide/_core_docs.py).
from collections.abc import Callable, Iterable
from typing import Any, Generic, Literal, TypeVar

_T = TypeVar("_T")

class JsProxy:
    """A JavaScript object seen from Python: its properties are JavaScript values."""

    def __getattr__(self, name: str) -> Any: ...

class JsDoubleProxy(JsProxy, Generic[_T]):
    """A JavaScript proxy of a Python object, alive until ``destroy()``."""

    def destroy(self) -> None: ...
    def unwrap(self) -> _T: ...

class JsNull:
    """The type of JavaScript's null as Python sees it."""

    def __bool__(self) -> Literal[False]: ...

jsnull: JsNull

def create_proxy(obj: _T, /, *, capture_this: bool = False, roundtrip: bool = True) -> JsDoubleProxy[_T]: ...
def to_js(
    obj: Any,
    /,
    *,
    depth: int = -1,
    pyproxies: JsProxy | None = None,
    create_pyproxies: bool = True,
    dict_converter: Callable[[Iterable[Any]], Any] | None = None,
    default_converter: Callable[[Any, Callable[[Any], Any], Callable[[Any, Any], None]], Any] | None = None,
    eager_converter: Callable[[Any, Callable[[Any], Any], Callable[[Any, Any], None]], Any] | None = None,
) -> Any: ...

"""pygames: mountain board games with pure-Python rules engines.

The engines run the same under CPython (tests, CLI, benchmarks) and under Pyodide (the page).
"""

__version__ = "0.1.0"

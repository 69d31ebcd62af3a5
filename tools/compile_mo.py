"""Compile translations (.po) into .mo files in one process, as Babel's ``compile`` command does each:
``python tools/compile_mo.py PO MO [PO MO ...]``, run by the test venv's Python (tools/site/catalogs.py), which
has Babel. One process for every language: a process each paid Python's and Babel's start five times."""

from __future__ import annotations

import sys

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po


def main(args: list[str]) -> int:
    for po, mo in zip(args[::2], args[1::2], strict=True):
        with open(po, "rb") as source:
            catalog = read_po(source)
        for message, errors in catalog.check():
            for error in errors:
                print(f"{po}: {message.id!r}: {error}", file=sys.stderr)
        with open(mo, "wb") as target:
            write_mo(target, catalog, use_fuzzy=False)
        messages = [message for message in catalog if message.id]
        done = sum(1 for message in messages if message.string and not message.fuzzy)
        print(f"{done} of {len(messages)} messages translated in {po}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

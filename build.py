#!/usr/bin/env python3
"""Build, serve, test and benchmark the pygames site. Standard library only (Babel, which compiles
the translations, runs from the test venv that build.py makes).

    python3 build.py [build]            write dist/ (skips the steps whose inputs did not change)
    python3 build.py serve [--port N] [--no-build]
    python3 build.py test [pytest args]  venv + chromium + build + ruff + pytest (a worker per core),
                                         then the timing tests alone
    python3 build.py bench [NAME ...]    run every tests/bench/*_bench.py main(), or those whose file
                                         name contains a NAME (bench lighthouse: lighthouse_bench.py)
    python3 build.py lock                write requirements-test.lock from the test venv
    python3 build.py catalogs            extract the texts to translate, update locale/*/pygames.po

This file is only the command line. The work is done by modules with one job each: tools/site/ builds
dist/ (see its docstring for what the site holds), tools/devserver.py serves it, tools/devenv.py makes
the test environment (venv, Chromium) and runs the tests and benchmarks.
"""

from __future__ import annotations

import argparse
import sys

from tools import devenv, devserver
from tools.site import build
from tools.site.catalogs import catalogs

COMMANDS = {
    "build": "write dist/ (skips the steps whose inputs did not change)",
    "serve": "serve dist/ on 127.0.0.1 (building it first unless --no-build)",
    "test": "venv + chromium + build + ruff + pytest (a worker per core), then the timing tests alone",
    "bench": "run every tests/bench/*_bench.py main(), or only those whose file name contains a NAME",
    "lock": "write requirements-test.lock from the test venv",
    "catalogs": "extract the texts to translate, update locale/*/pygames.po",
}


def parser() -> argparse.ArgumentParser:
    """One subcommand per entry of COMMANDS; ``serve`` takes --port and --no-build, ``bench`` names."""
    top = argparse.ArgumentParser(prog="build.py", description=__doc__,
                                  formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = top.add_subparsers(dest="command", metavar="{" + ",".join(COMMANDS) + "}")
    for name, summary in COMMANDS.items():
        sub = commands.add_parser(name, help=summary, description=summary)
        if name == "serve":
            sub.add_argument("--port", type=int, default=8000)
            sub.add_argument("--no-build", action="store_true")
        elif name == "bench":
            sub.add_argument("names", nargs="*", metavar="NAME",
                             help="run only the benches whose file name contains one of these (default: all)")
        elif name == "test":
            sub.add_argument("pytest_args", nargs="*", help="passed to pytest as they are")
    return top


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help")):
        argv.insert(0, "build")  # no command: build
    if argv[0] == "test":
        # Everything after ``test`` goes to pytest untouched: argparse would take -h, or --co as an
        # abbreviation, or a value such as -k's, for its own.
        return devenv.test(argv[1:])
    args = parser().parse_args(argv)
    if args.command == "build":
        build()
        return 0
    if args.command == "serve":
        devserver.serve(args.port, args.no_build)
        return 0
    if args.command == "bench":
        return devenv.bench(args.names)
    if args.command == "lock":
        return devenv.lock()
    return catalogs()


if __name__ == "__main__":
    sys.exit(main())

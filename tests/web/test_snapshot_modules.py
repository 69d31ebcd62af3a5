"""The interpreter snapshot (web/app/snapshot.py) imports every module of the page but the shell's browser side
(the package ``shell.page``): a snapshot cannot hold JavaScript objects, and in the worker that makes it there
is no PyScript. That nothing else imports the browser is tests/web/test_layers.py's; here, that the snapshot
leaves out exactly ``shell.page`` and takes every other module of the shell."""

from __future__ import annotations

from pathlib import Path

import snapshot

APP = Path(__file__).resolve().parents[2] / "web" / "app"


def test_the_snapshot_takes_every_module_of_the_shell_but_its_browser_side() -> None:
    listed = set(snapshot.modules())
    shell = {".".join(path.relative_to(APP).with_suffix("").parts).removesuffix(".__init__")
             for path in (APP / "shell").rglob("*.py")}
    page = {name for name in shell if name == "shell.page" or name.startswith("shell.page.")}
    assert len(page) > 5 and len(shell - page) > 25
    assert listed & shell == shell - page

"""Every file of dist/ (but the service worker and the .gz copies), gathered from web/, the vendored
packages and the steps' outputs; the files the build writes: interpreter.mjs with the page's archive and
the snapshot's key, the translated manifests, and index.html stamped with its preloads, boot texts,
early snapshot read, PyScript's config and Content-Security-Policy."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import sys
from html import escape
from pathlib import Path

from .app_code import (
    APP_ARCHIVE,
    APP_ENTRY,
    ARCHIVES_INDEX,
    MARKUPSAFE_LICENCE,
    VIEWS,
    app_archive,
    app_files,
    archives_index,
    markupsafe_files,
    view_archive,
)
from .bundles import bundled_source, minified, own_bundles
from .catalogs import page_catalogs, translations
from .home_cards import HOME_CARDS, home_cards
from .home_page import home_pages, templates, warm_screens
from .project import ROOT, WEB
from .stdlib import FULL_NAMES, FULL_STDLIB, PageStdlib, full_names
from .vendor import PYODIDE_FILES, PYSCRIPT_PLUGINS_OFF, pyscript_files, without_source_map
from .wheel import engine_bytecode, page_wheels, site_packages


def pyscript_plugins() -> list[str]:
    return [f"!{name}" for name in PYSCRIPT_PLUGINS_OFF]


def pyscript_config() -> str:
    """PyScript's config for app/main.py (the ``py`` type), as ``index.html`` carries it in the script's
    ``config`` attribute: the interpreter is ``interpreter.mjs`` (Pyodide's loadPyodide, restored from a
    memory snapshot when there is one, with the page's archive, app.tgz, written into the interpreter's
    working directory before Python starts); no package installer, no ``files``: app/main.py runs ``from
    shell.page.entry import run``; none of PyScript's plugins (``PYSCRIPT_PLUGINS_OFF``). In the page, not
    a pyscript.json: PyScript awaited fetching that file before anything else, 60 ms of a cold boot on a
    busy page thread even though it was preloaded. JSON, not TOML: the page needs no TOML parser
    (PyScript's toml chunks are not shipped)."""
    config = {"name": "pygames", "interpreter": "./interpreter.mjs", "plugins": pyscript_plugins()}
    return json.dumps(config, separators=(",", ":"))


def mpy_config() -> str:
    """The ``<mpy-config>`` element: MicroPython's config, which only turns PyScript's plugins off (without
    it, PyScript imports them all for the ``mpy`` type, whose config is empty)."""
    return f'<mpy-config type="json">{json.dumps({"plugins": pyscript_plugins()})}</mpy-config>'


SNAPSHOT_CACHE = "pygames-snapshot"  # the Cache Storage cache of the interpreter snapshot (web/interpreter.mjs)


def snapshot_key(files: dict[str, Path | bytes]) -> str:
    """A hash of every file an interpreter snapshot depends on (the runtime, both standard libraries, the
    page's archive, the two modules that make and restore it): a snapshot made from other files is never
    restored."""
    digest = hashlib.sha256()
    inputs = [f"pyodide/{name}" for name in (*PYODIDE_FILES, FULL_STDLIB)] + [APP_ARCHIVE, _wheel(files)]
    inputs += [rel for paths in game_archives(files).values() for rel in paths.values()]
    for rel in inputs:
        src = files[rel]
        digest.update(rel.encode() + (src if isinstance(src, bytes) else src.read_bytes()))
    for name in ("interpreter.mjs", "snapshot-worker.mjs"):
        digest.update((WEB / name).read_bytes())
    return digest.hexdigest()[:16]


def _wheel(files: dict[str, Path | bytes]) -> str:
    """The core's wheel (the package and pygames/core: wheel.py)."""
    return next(rel for rel in files if rel.startswith("wheels/pygames-"))


def page_games() -> list[str]:
    """The games the page plays (web/app/games GAMES), in its order."""
    sys.path.insert(0, str(WEB / "app"))
    try:
        import games
    finally:
        sys.path.remove(str(WEB / "app"))
    return list(games.GAMES)


def game_archives(files: dict[str, Path | bytes]) -> dict[str, dict[str, str]]:
    """Each game's two archives in dist/: {game: {"engine": its wheel, "view": its view's zip}}."""
    wheels = {rel.removeprefix("wheels/pygames_").split("-")[0]: rel for rel in files
              if rel.startswith("wheels/pygames_")}
    return {game: {"engine": wheels[game], "view": f"app/{VIEWS}{game}.zip"} for game in page_games()}


def interpreter_module(files: dict[str, Path | bytes], archives: dict[str, dict[str, str]] | None = None) -> bytes:
    """web/interpreter.mjs with the page's archive, the snapshot's cache and its key (``snapshot_key``), and the
    games' archives (``archives``: default, ``game_archives``)."""
    template = (WEB / "interpreter.mjs").read_text()
    values = {"__SNAPSHOT_KEY__": snapshot_key(files), "__SNAPSHOT_CACHE__": SNAPSHOT_CACHE,
              "__ARCHIVE__": f"./{APP_ARCHIVE}", "__WHEEL__": f"./{_wheel(files)}",
              "__SITE_PACKAGES__": site_packages(),
              '"__GAME_ARCHIVES__"': json.dumps(archives or game_archives(files), separators=(",", ":"))}
    for placeholder, value in values.items():
        if placeholder not in template:
            raise SystemExit(f"web/interpreter.mjs: the {placeholder} placeholder is missing")
        template = template.replace(placeholder, value)
    return template.encode()


def early_snapshot_script(files: dict[str, Path | bytes]) -> str:
    """index.html's first script: it starts reading this device's interpreter snapshot (31 MB from Cache
    Storage) while the page's modules load; interpreter.mjs takes the promise (``pygamesSnapshot``). Only
    on a page our service worker controls: a snapshot is made once it does, and a first visit does not
    open Cache Storage for nothing (about 7 ms of the page's thread, traced)."""
    url = json.dumps(f"./snapshot/{snapshot_key(files)}.bin")
    return ('<script>if (!globalThis.PYGAMES_NO_SNAPSHOT && "caches" in globalThis '
            '&& navigator.serviceWorker && navigator.serviceWorker.controller) globalThis.pygamesSnapshot = '
            f'caches.match({url}, {{ cacheName: {json.dumps(SNAPSHOT_CACHE)} }})'
            '.then((r) => r && r.arrayBuffer()).catch(() => null);</script>')



def page_data(catalogs: dict[str, bytes]) -> dict[str, bytes]:
    """The data files of the page's archive that its Python reads: the home page's cards."""
    return {HOME_CARDS: home_cards()}


def site_files(
    catalogs: dict[str, bytes], bytecode: dict[str, bytes], stdlib: PageStdlib, scripts: dict[str, bytes]
) -> dict[str, Path | bytes]:
    """Every file of dist/ except service-worker.js and the .gz copies: relative path -> source or contents
    (``scripts``: the bundled npm modules, bundles.py). Our interpreter.mjs minified, boot.js and Blokus 3D's
    scene bundled from their modules, minified (bundles.py OWN); no script names a source map (none is shipped)."""
    files: dict[str, Path | bytes] = {}
    for name in ("index.html", "app.css", "manifest.webmanifest"):
        files[name] = WEB / name
    for css in sorted(WEB.glob("*.css")):  # views' style sheets (e.g. game.css) beside app.css
        files[css.name] = css
    for icon in sorted((WEB / "icons").glob("*.png")):
        files[f"icons/{icon.name}"] = icon
    for rel in app_files():
        if (rel.suffix != ".py" or rel == APP_ENTRY) and rel.name != CARD_CSS and not bundled_source(WEB / "app" / rel):
            files[f"app/{rel.as_posix()}"] = WEB / "app" / rel
    files["app.css"] = first_screen_css()
    # the engines: the core's wheel, installed by interpreter.mjs, and a wheel per game (wheel.py); each
    # game's view in a zip of its own (app_code.py): a screen downloads only its own game's
    names = page_games()
    for wheel_name, wheel in page_wheels(bytecode, names).values():
        files[f"wheels/{wheel_name}"] = wheel
    for game in names:
        files[f"app/{VIEWS}{game}.zip"] = view_archive(bytecode, game)
    views = tuple(f"{VIEWS}{game}/" for game in names)
    rest = {rel: data for rel, data in bytecode.items()
            if rel not in engine_bytecode(bytecode) and not rel.startswith(views)}
    data = {**page_data(catalogs), FULL_NAMES: full_names(stdlib), ARCHIVES_INDEX: archives_index(game_archives(files))}
    files[APP_ARCHIVE] = app_archive(data, rest)
    files.update(page_catalogs(catalogs))  # the translations, a file per language (not in the archive)
    pyscript_dist = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
    for path in pyscript_files(pyscript_dist):
        files[f"pyscript/{path.relative_to(pyscript_dist).as_posix()}"] = path
    pyodide = ROOT / "node_modules" / "pyodide"
    for name in PYODIDE_FILES:  # the standard library as bytecode (compiled_stdlib), only what the page imports
        files[f"pyodide/{name}"] = stdlib.trimmed if name == "python_stdlib.zip" else pyodide / name
    # the whole library: precached, fetched on an import the page's lacks (web/app/stdlib_fallback.py), not
    # preloaded nor counted in the start's bytes (stamped_index is given the files without it)
    files[f"pyodide/{FULL_STDLIB}"] = stdlib.full
    files.update(scripts)
    files["three/LICENSE"] = ROOT / "node_modules" / "three" / "LICENSE"
    files["vendor/morphdom.LICENSE"] = ROOT / "node_modules" / "morphdom" / "LICENSE"
    files[MARKUPSAFE_LICENCE] = markupsafe_files()[1]  # (its modules are in app.tgz, compiled with ours)
    # no source map is shipped: none may be named. Before the snapshot's key is taken (interpreter.mjs,
    # index.html): it hashes pyodide.mjs as shipped, and both must take the same.
    for rel in files:
        if rel.endswith((".js", ".mjs")):
            files[rel] = without_source_map(files[rel])
    files["interpreter.mjs"] = minified("interpreter.mjs", interpreter_module(files))
    files.update(own_bundles())  # our modules written as folders, each bundled into one: boot.js, Blokus 3D's scene
    files["snapshot-worker.mjs"] = WEB / "snapshot-worker.mjs"
    files["bot-worker.mjs"] = WEB / "bot-worker.mjs"
    files["app-worker.mjs"] = WEB / "app-worker.mjs"
    started = {rel: src for rel, src in files.items() if rel != f"pyodide/{FULL_STDLIB}"}
    files["index.html"] = stamped_index(started, early_snapshot_script(files), boot_texts(catalogs),
                                        templates(home_pages(catalogs)))
    files.update(translated_manifests(catalogs))
    files.update(warm_screens())
    return files



CARD_CSS = "card.css"  # a game's rules for its home card's picture (in its folder under web/app/games/)


def first_screen_css() -> bytes:
    """app.css, the one style sheet the first screen waits for: web/app.css (the shell's base and the home
    page) and each game's ``card.css``, its home card's picture."""
    cards = sorted((WEB / "app" / "games").glob(f"*/{CARD_CSS}"))
    return b"\n".join([(WEB / "app.css").read_bytes(), *(card.read_bytes() for card in cards)])


def translated_manifests(catalogs: dict[str, bytes]) -> dict[str, bytes]:
    """``manifest.<lang>.webmanifest`` for every translation: the web app manifest with its name and
    description in that language (the page points its <link rel=manifest> at the player's language)."""
    manifest = json.loads((WEB / "manifest.webmanifest").read_text())
    out = {}
    for lang, words in translations(catalogs).items():
        translated = dict(manifest, lang=lang)
        for key in ("name", "description"):
            translated[key] = words.gettext(manifest[key])
        out[f"manifest.{lang}.webmanifest"] = (json.dumps(translated, ensure_ascii=False, indent=2) + "\n").encode()
    return out


def boot_texts(catalogs: dict[str, bytes]) -> str:
    """What the page says before Python runs (shell.model.language.BOOT_WORDS), in every translation: a JSON
    table {language: {English: translation}} that boot.js and the first screen's script read from
    index.html. A count (shell.model.language.BOOT_COUNTS) is there for 0, 1 and more (``"{n} move#2"``): each
    of the page's languages has one form for every number from 2 up."""
    sys.path.insert(0, str(WEB / "app"))
    try:
        from shell.model.language import BOOT_COUNTS, BOOT_WORDS
    finally:
        sys.path.remove(str(WEB / "app"))
    table = {}
    for lang, words in translations(catalogs).items():
        table[lang] = {text: words.gettext(text) for text in BOOT_WORDS}
        for one, many in BOOT_COUNTS:
            table[lang].update({f"{one}#{n}": words.ngettext(one, many, n) for n in (0, 1, 2)})
    # inside <script>: "</" must not end it early
    return json.dumps(table, ensure_ascii=False, sort_keys=True).replace("</", "<\\/")


def content_security_policy(inline_scripts: list[str]) -> str:
    """The page's Content-Security-Policy: nothing but this origin's files, and of inline scripts only
    the build's own, allowed by their hashes (a script from a missed escape, an inline event handler
    included, does not run). ``'wasm-unsafe-eval'`` compiles Pyodide's WebAssembly. ``'unsafe-eval'``
    has one cause: PyScript 0.7.31's core builds its worker hooks with ``Function()`` when it starts
    (``core-*.js``), even on a page with no PyScript worker, and the page does not start without it.
    Styles keep ``'unsafe-inline'``: the views draw with ``style=`` attributes."""
    hashes = " ".join(f"'sha256-{base64.b64encode(hashlib.sha256(js.encode()).digest()).decode()}'"
                      for js in inline_scripts)
    return ("default-src 'self'; "
            f"script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval' {hashes}; "
            "worker-src 'self' blob:; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; "
            "connect-src 'self' data: blob:; object-src 'none'; base-uri 'none'; form-action 'self'")


CSP_META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')
CSP_HEADER_ONLY = "frame-ancestors 'none'"  # what only a header can carry


def stamped_index(files: dict[str, Path | bytes], early_script: str, texts: str = "{}", homes: str = "") -> bytes:
    """index.html with the bytes the first visit downloads before Python runs (the runtime, PyScript and
    the page's archive), for boot.js's progress bar, the preloads, the game screens' style sheets (which
    boot.js links: they do not hold the first paint), the snapshot's early read, the boot texts'
    translations, the home page in every language (``homes``: home_page.py) and the script that shows
    it before the first paint, and the Content-Security-Policy (which allows the two inline scripts by
    their hashes)."""
    boot = [rel for rel in files if rel.startswith(("pyodide/", "pyscript/", "wheels/pygames-")) or rel == APP_ARCHIVE]
    total = sum(len(src) if isinstance(src, bytes) else src.stat().st_size for rel in boot for src in [files[rel]])
    html = (WEB / "index.html").read_text()
    first_screen = f"<script>{(WEB / 'first-screen.js').read_text()}</script>"
    inline = [script for part in (early_script, first_screen)
              for script in re.findall(r"<script>(.*?)</script>", part, re.S)]
    policy = content_security_policy(inline)
    # the game screens' style sheets: the shell's (key "") and each game's
    styles = {"": "./game.css"} | {rel.split("/")[2]: f"./{rel}" for rel in sorted(files)
                                   if re.fullmatch(r"app/games/[^/]+/style\.css", rel)}
    values = {"__BOOT_BYTES__": str(total), "<!-- __PRELOADS__ -->": preloads(files),
              "__STYLES__": escape(json.dumps(styles, separators=(",", ":")), quote=True),
              "__GAME_TITLES__": escape(json.dumps(game_titles(), separators=(",", ":")), quote=True),
              "<!-- __SNAPSHOT_EARLY__ -->": early_script, "__BOOT_TEXTS__": texts,
              "<!-- __HOME_PAGES__ -->": homes, "<!-- __FIRST_SCREEN__ -->": first_screen,
              "<!-- __CSP__ -->": f'<meta http-equiv="Content-Security-Policy" content="{policy}">',
              "<!-- __MPY_CONFIG__ -->": mpy_config(),
              "__PY_CONFIG__": escape(pyscript_config(), quote=True)}
    for placeholder, value in values.items():
        if placeholder not in html:
            raise SystemExit(f"web/index.html: the {placeholder} placeholder is missing")
        html = html.replace(placeholder, value)
    return html.encode()


def game_titles() -> dict[str, str]:
    """Each game the page plays: its link name -> its title (what a link opening says before Python runs)."""
    sys.path.insert(0, str(WEB / "app"))
    try:
        import games

        from pygames.core.registry import game_title
    finally:
        sys.path.remove(str(WEB / "app"))
    return {name: game_title(name) for name in games.GAMES}


def preloads(files: dict[str, Path | bytes]) -> str:
    """<link> tags that start every file the interpreter's start needs at once, instead of one after
    another as PyScript and Pyodide discover them: their modules, the config, the runtime's data, and
    ours (the page's archive and app/main.py, which PyScript asked for only once the interpreter had
    started). Smallest first, after the page's style sheets and first scripts (index.html): over
    HTTP/1.1 a browser opens six connections to a host, and a small file asked for after the 9.6 MB
    .wasm and the 3.6 MB standard library waited for one (boot.js and PyScript's core.js were in
    after 420 ms, on localhost). Not Pyodide's 1.25 MB ``pyodide.asm.mjs``: a module preload also
    compiles the module, which held PyScript's own start up (it asked for the interpreter 270 ms later
    on this 2-core machine); fetched when Pyodide imports it, it is in long before the .wasm. Our archives
    and wheels (``data-late``) are asked for only once the interpreter's .wasm and standard library are in
    (boot.js): on a phone's network CPython then starts while they arrive, instead of waiting for the last
    byte of all of them."""
    modules = [rel for rel in files if (rel.startswith(("pyscript/", "pyodide/")) or rel == "interpreter.mjs")
               and rel.endswith((".js", ".mjs")) and rel not in ("pyscript/core.js", "pyodide/pyodide.asm.mjs")]
    ours = [_wheel(files), APP_ARCHIVE, f"app/{APP_ENTRY.as_posix()}"]
    games = {rel: game for game, paths in game_archives(files).items() for rel in paths.values()}
    data = [rel for rel in ("pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json",
                            *ours, *games) if rel in files]

    def size(rel: str) -> int:
        src = files[rel]
        return len(src) if isinstance(src, bytes) else src.stat().st_size

    tags = {rel: f'<link rel="modulepreload" href="./{rel}">' for rel in modules}
    tags |= {rel: f'<link rel="preload" href="./{rel}" as="fetch" crossorigin'
             + (' type="application/wasm"' if rel.endswith(".wasm") else "")
             + (f' data-game="{games[rel]}" data-bytes="{size(rel)}"' if rel in games else "")
             + (" data-late" if rel in games or rel in ours[:2] else "") + ">" for rel in data}
    return "\n  ".join(tags[rel] for rel in sorted(tags, key=lambda rel: (size(rel), rel)))

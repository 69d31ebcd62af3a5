// @ts-check
// Python's start, once the first screen is painted, and the late files.
//   index.html's first screen (the home page, or what a link opens) paints with nothing but app.css;
//   then PyScript and every file the start needs (#boot-files: preloads, smallest first) go into the
//   head, so that none of Python's megabytes share a phone's network with the first paint. Pyodide's
//   JavaScript module (1.25 MB) is asked for then too, rather than when PyScript asks for the
//   interpreter: the browser parses it on another thread while PyScript's modules start on this one.
//   (A module preload would compile it on this thread, docs/performance.md.)

import { root } from "./page.js";

// Where the page's Python runs: in a worker of its own (docs/python-in-a-worker.md: the page's thread then runs no
// Python, and PyScript is not loaded), or on the page's thread, started by PyScript. ``?worker=1`` or ``?worker=0``
// in the page's address chooses; else SHELL_IN_WORKER, where the browser has module workers.
const SHELL_IN_WORKER = true;

/** Whether the page's Python runs in the shell's worker. */
export function shellInWorker() {
  const asked = new URLSearchParams(location.search).get("worker");
  return (asked === null ? SHELL_IN_WORKER : asked !== "0") && "Worker" in globalThis;
}

/** Python's start: the shell's worker (``shellInWorker``), or PyScript and the files it needs into the head (the
 * game the address opens: only its own). */
export function startPython() {
  const files = /** @type {HTMLTemplateElement | null} */ (document.getElementById("boot-files"));
  if (!files || root.dataset.python) return;
  root.dataset.python = "started";
  performance.mark("boot:python");
  if (shellInWorker()) {
    root.dataset.shell = "worker";
    const first = !navigator.serviceWorker?.controller; // (a first visit's downloads are counted)
    import("./app/shell/bridge.mjs").then((bridge) => {
      bridge.startShell({ game: root.dataset.game, lang: root.lang, count: first });
    }).catch((error) => dispatchEvent(new ErrorEvent("error", { message: `The page's modules: ${error}` })));
    return;
  }
  import("./pyodide/pyodide.asm.mjs").catch(() => {}); // (its own import reports a failure)
  const add = (/** @type {Element} */ element) => {
    const copy = document.createElement(element.localName); // (a template's script would not run)
    for (const { name, value } of element.attributes) copy.setAttribute(name, value);
    document.head.append(copy);
  };
  /** @type {Element[]} */
  const late = [];
  for (const element of /** @type {HTMLCollectionOf<HTMLElement>} */ (files.content.children)) {
    // a game's engine and view: only the game the address opens (web/first-screen.js)
    if (element.dataset.game && element.dataset.game !== root.dataset.game) continue;
    if ("late" in element.dataset) late.push(element);
    else add(element);
  }
  /** @type {Promise<void>} */
  const arrived = navigator.serviceWorker?.controller ? Promise.resolve() : new Promise((resolve) => {
    goLate = resolve;
  });
  globalThis.pygamesLate = Object.assign(arrived.then(() => {
    performance.mark("boot:late-files");
    late.forEach(add);
  }), { go: lateGo });
}

// Our archives and wheels (data-late), on a first visit, once the interpreter's .wasm has come (its last
// byte, counted by progress.js ``watchDownloads``): CPython's start (seconds of a phone's CPU, during which this
// thread could not ask for anything) needs none of them, so they download while it runs, rather than share the
// network with the .wasm and make it later (docs/performance.md). interpreter.mjs fetches them then
// (``pygamesLate``) and writes them once CPython has started; it says ``pygamesLate.go()`` then too, should
// this page not have seen the .wasm come. A returning visit (the service worker has every file) asks for
// them at once.
export const WASM = "/pyodide/pyodide.asm.wasm";
let goLate = () => {};

/** The interpreter's .wasm has come: our archives may be asked for. */
export function lateGo() {
  goLate();
}

/** Python starts in the task after the first frame (at once in a tab opened in the background, which paints
 * nothing until shown: no frame to wait for). */
export function startPythonAfterFirstPaint() {
  if (document.visibilityState === "hidden") startPython();
  else requestAnimationFrame(() => setTimeout(startPython, 0));
}

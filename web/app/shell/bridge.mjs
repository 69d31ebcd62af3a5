// @ts-check
// The shell's worker, seen from the page (docs/python-in-a-worker.md): the page's thread runs no Python. boot.js
// starts the worker once the first screen is painted (``startShell``); this module does what the shell's messages
// say (page.mjs's functions, by name: ``call``, and ``ask``, whose answer goes back), sends it the page's events
// (events.mjs) and, once its Python is there, the page as it is then (page.mjs ``startContext``). The worker's
// start shows on the boot's bottom line as the page's own start did: its phases as PyScript's "py:progress"
// events, its downloads as "pygames:downloaded" (boot/progress.js), a failure as an "error" (boot/failure.js).

import { snapshotWanted, workerStarted } from "../../interpreter.mjs";
import { listen } from "./events.mjs";
import { nextTask } from "./tasks.mjs";
import * as page from "./page.mjs";

const functions = /** @type {Record<string, Function>} */ (/** @type {unknown} */ (page));

/** The shell's worker started: ``game``, the one the address opens (only its archives come, unless a snapshot
 * has them all), ``lang`` the language the first screen is in, ``count`` whether its downloads are counted (a
 * first visit). @param {{game?: string, lang?: string, count?: boolean}} how */
export function startShell(how) {
  const snapshot = snapshotWanted();
  const early = snapshot ? globalThis.pygamesSnapshot : undefined; // (index.html's first script began reading it)
  const worker = new Worker(new URL("../../app-worker.mjs", import.meta.url), { type: "module" });
  const options = { snapshot, early: Boolean(early), game: how.game || "", lang: how.lang || "en", count: how.count };
  worker.postMessage({ kind: "begin", options });
  if (early) { // its bytes handed over to the worker, not copied (nor kept here: the buffer goes)
    early.then((bytes) => worker.postMessage({ kind: "snapshot", bytes: bytes || null }, bytes ? [bytes] : []));
  }
  const post = (/** @type {string} */ kind, /** @type {string} */ text) => worker.postMessage({ kind, text });
  /** @type {Map<number, [(value: unknown) => void, (error: Error) => void]>} */
  const questions = new Map(); // ``pygamesPython``'s, by number
  globalThis.pygamesPython = (code) => new Promise((resolve, reject) => {
    const id = questions.size + Math.random();
    questions.set(id, [resolve, reject]);
    post("python", JSON.stringify({ id, code }));
  });
  const fail = (/** @type {string} */ message) => dispatchEvent(new ErrorEvent("error", { message }));
  worker.addEventListener("error", (event) => fail(event.message || "The shell's worker stopped."));
  worker.addEventListener("message", (event) => {
    const data = event.data;
    if (typeof data === "string") {
      inOrder(JSON.parse(data), post);
    } else if ("python" in data) {
      const [resolve, reject] = questions.get(data.python) || [];
      questions.delete(data.python);
      if ("error" in data) reject?.(new Error(data.error));
      else resolve?.(data.value);
    } else if (data.phase) {
      if ("restored" in data) workerStarted(Boolean(data.restored), Boolean(data.dropped));
      dispatchEvent(new CustomEvent("py:progress", { detail: data.phase }));
    } else if ("loaded" in data) {
      dispatchEvent(new CustomEvent("pygames:downloaded", { detail: data.loaded }));
    } else if (data.ready) {
      post("start", page.startContext());
      listen((message) => send(post, message));
      const edited = (/** @type {Event} */ event) => {
        const id = /** @type {Element} */ (event.target).id;
        if (id) edits.set(id, sent);
      };
      document.addEventListener("input", edited);
      document.addEventListener("change", edited);
    } else if (data.failed) {
      fail(data.failed);
    }
  });
  return worker;
}

let sent = 0; // the page's events sent to the shell: <html data-shell-busy> until it says it handled as many

/** One of the page's events (a JSON text) to the shell. @param {(kind: string, text: string) => void} post
 * @param {string} message */
function send(post, message) {
  sent += 1;
  document.documentElement.setAttribute("data-shell-busy", "");
  post("event", message);
}

// A field the player changed while the shell was answering earlier events keeps what the player put there: the
// screen the shell drew then does not know it yet (a quick player's second choice in the new-game form, a move
// being typed). ``edits``: a field's id -> the events sent when it was last changed; a screen drawn after the
// shell answered ``seq`` events leaves the fields changed since as they are.
/** @type {Map<string, number>} */
const edits = new Map();
const DRAWS = new Set(["render", "morphInto", "setHtml", "takeOverHome"]); // what draws fields anew

/** ``draw()``, keeping the values of the fields the player changed after the shell's ``seq``-th event.
 * @param {number} seq @param {() => void} draw */
function keepEdits(seq, draw) {
  /** @type {[string, string, boolean][]} */
  const kept = [];
  for (const [id, at] of edits) {
    if (at < seq) {
      edits.delete(id);
      continue;
    }
    const field = /** @type {HTMLInputElement | null} */ (document.getElementById(id));
    if (field) kept.push([id, field.value, field.checked]);
  }
  draw();
  for (const [id, value, checked] of kept) { // (found again: the patch may have replaced the element)
    const field = /** @type {HTMLInputElement | null} */ (document.getElementById(id));
    if (!field) continue;
    if (field.value !== value) field.value = value;
    if (field.checked !== checked) field.checked = checked;
  }
}

/** @type {object[] | null} */
let held = null; // the shell's messages that came while a new screen is drawn over two tasks (``inOrder``)

/** A message of the shell, after those before it. A new game screen (a render with ``start`` 0) is drawn over two
 * tasks: its markup parsed in this one (page.mjs ``prepare``), the patch in the next; what comes meanwhile waits.
 * @param {any} message @param {(kind: string, text: string) => void} post */
function inOrder(message, post) {
  if (held) {
    held.push(message);
    return;
  }
  if (message.call === "render" && message.args[1]?.start === 0) {
    page.prepare(message.args[1].html);
    held = [];
    nextTask().then(() => {
      const waiting = held || [];
      held = null;
      obey(message, post);
      for (const next of waiting) inOrder(next, post);
    });
    return;
  }
  if ("settled" in message) {
    const handled = message.settled; // (and what they drew all shown: a new screen comes over a few frames)
    page.framesRevealed().then(() => {
      if (handled >= sent) document.documentElement.removeAttribute("data-shell-busy");
    });
  } else {
    obey(message, post);
  }
}

/** What a message of the shell says: a function of page.mjs called, and its answer sent back when asked.
 * @param {{call?: string, ask?: string, id?: number, seq?: number, args: unknown[]}} message
 * @param {(kind: string, text: string) => void} post */
function obey(message, post) {
  if (message.call) {
    const name = message.call;
    try {
      if (DRAWS.has(name) && edits.size) keepEdits(message.seq ?? 0, () => functions[name](...message.args));
      else functions[name](...message.args);
    } catch (error) {
      if (message.call === "storageSet") { // (e.g. a full storage): the shell says so, its copy as the page's
        const key = String(message.args[0]);
        send(post, JSON.stringify({ kind: "storage-refused", key, value: storedValue(key), error: String(error) }));
      } else {
        console.error(`pygames: ${message.call}:`, error);
      }
    }
    return;
  }
  const name = /** @type {string} */ (message.ask);
  Promise.resolve().then(() => functions[name](...message.args)).then(
    (value) => post("answer", JSON.stringify({ id: message.id, value: value ?? null })),
    (error) => post("answer", JSON.stringify({ id: message.id, error: String((error && error.message) || error) })),
  );
}

/** What localStorage holds under ``key`` (null: nothing, or no storage). @param {string} key */
function storedValue(key) {
  try {
    return localStorage.getItem(key);
  } catch (error) {
    return null;
  }
}

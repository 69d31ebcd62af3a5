// @ts-check
// The shell's own thread (docs/python-in-a-worker.md): a Pyodide of its own, restored from this device's interpreter
// snapshot when the page asks, that runs the page's Python (web/app/main.py, then
// shell/page/entry.py ``run_in_worker``). The page's thread runs no Python: its bridge (web/app/shell/bridge.mjs)
// started this worker.
//   worker -> page: {phase} (the start's steps, for the boot's bottom line; "Loaded Pyodide" says whether the
//                   snapshot was restored, or dropped as it did not restore), {loaded} (bytes downloaded so far,
//                   on a first visit), {ready} (Python listens: the page sends the start), {failed}; then
//                   the shell's JSON texts: {call, args}, {ask, id, args} (shell/page/dom.py)
//   page -> worker: {kind: "begin", options} (how to start: bridge.mjs ``startShell``), {kind: "snapshot", bytes}
//                   (the snapshot the page read early), {kind: "python", text} (``pygamesPython``: -> {python, value}),
//                   then
//                   {kind: "start" | "event" | "answer", text} (dom.py ``receive``)
import { pythonHook, startWorkerPyodide } from "./interpreter.mjs";

const WASM = "pyodide.asm.wasm";

/** A new task of this thread, at once (a message to itself): dom.py ``next_task``. */
globalThis.pygamesNextTask = () => new Promise((resolve) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    resolve();
  };
  channel.port2.postMessage(0);
});

/** A first visit: the bytes of every download counted for the page's bottom line, and our archives asked for once
 * the interpreter's .wasm has come (as the page's own start does: boot.js ``pygamesLate``), so that they do not
 * share a phone's network with it. */
function countDownloads() {
  /** @type {() => void} */
  let go = () => {};
  const late = new Promise((resolve) => { go = () => resolve(undefined); });
  globalThis.pygamesLate = Object.assign(late, { go });
  const plainFetch = globalThis.fetch.bind(globalThis);
  let loaded = 0;
  let told = 0;
  const tell = () => {
    if (loaded - told > 100_000) {
      told = loaded;
      postMessage({ loaded });
    }
  };
  globalThis.fetch = async (...args) => {
    const response = await plainFetch(...args);
    if (!response.ok || !response.body) return response;
    const wasm = new URL(response.url).pathname.endsWith(WASM);
    const count = new TransformStream({
      transform(chunk, controller) {
        loaded += chunk.byteLength;
        tell();
        controller.enqueue(chunk);
      },
      flush() {
        postMessage({ loaded });
        if (wasm) {
          postMessage({ phase: "Loaded interpreter" });
          go();
        }
      },
    });
    const counted = new Response(response.body.pipeThrough(count), {
      status: response.status, statusText: response.statusText, headers: response.headers,
    });
    Object.defineProperty(counted, "url", { value: response.url });
    return counted;
  };
}

/** @type {(bytes: ArrayBuffer | null) => void} */
let snapshotCame = () => {};
/** @type {(pyodide: any) => void} */
let pyodideCame = () => {};
const started = new Promise((resolve) => { pyodideCame = resolve; });
/** @type {{kind: string, text: string}[]} */
const early = []; // the page's messages that came before Python (the start, after ``ready``: none, usually)
onmessage = (event) => {
  const { kind, text } = event.data;
  if (kind === "begin") {
    begin(event.data.options);
  } else if (kind === "snapshot") {
    snapshotCame(event.data.bytes);
  } else if (kind === "python") { // the page's ``pygamesPython`` (interpreter.mjs ``pythonHook``)
    const { id, code } = JSON.parse(text);
    started.then((pyodide) => pythonHook(pyodide)(code)).then(
      (value) => postMessage({ python: id, value }),
      (error) => postMessage({ python: id, error: String((error && error.message) || error) }),
    );
  } else if (globalThis.pygamesReceive) {
    globalThis.pygamesReceive(kind, text);
  } else {
    early.push({ kind, text });
  }
};

/** The page's Python (app/main.py: shell/page/entry.py ``run``, which sets ``pygamesReceive``). */
async function run(/** @type {any} */ pyodide) {
  const response = await fetch(new URL("./app/main.py", import.meta.url));
  if (!response.ok) throw new Error(`app/main.py: HTTP ${response.status}`);
  globalThis.pygamesPost = (/** @type {string} */ text) => postMessage(text);
  await pyodide.runPythonAsync(await response.text(), { filename: "main.py" });
}

/** The start, as the page's first message says (not the worker's address: a module's query is lost when the
 * service worker answers it). @param {{snapshot: boolean, early: boolean, count: boolean, game: string,
 * lang: string}} options */
function begin(options) {
  if (options.count) countDownloads();
  if (options.early) { // the page read this device's snapshot early: interpreter.mjs takes it from here
    globalThis.pygamesSnapshot = new Promise((resolve) => { snapshotCame = resolve; });
  }
  postMessage({ phase: "Loading interpreter" });
  const starting = startWorkerPyodide(options.snapshot, {
    language: options.lang || "en",
    games: options.snapshot || !options.game ? undefined : [options.game],
  });
  starting.then(({ pyodide }) => pyodideCame(pyodide), () => {});
  starting.then(async ({ pyodide, restored, dropped }) => {
    postMessage({ phase: "Loaded Pyodide", restored, dropped });
    await run(pyodide);
    postMessage({ ready: true });
    for (const message of early.splice(0)) /** @type {Function} */ (globalThis.pygamesReceive)(message.kind, message.text);
  }).catch((error) => postMessage({ failed: String((error && error.message) || error) }));
}

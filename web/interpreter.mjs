// The interpreter PyScript starts (pyscript.json `interpreter`): Pyodide's loadPyodide, restored from
// a memory snapshot when this device has one for this version of the site.
//
// A snapshot is the interpreter's memory after CPython started and imported every module that does not
// touch the browser (web/app/snapshot.py). Restoring it skips CPython's start and those imports:
// the interpreter is ready in a fraction of a normal start. It is made once per version, after a
// visit that booted normally, by a background worker (snapshot-worker.mjs) that starts a second
// Pyodide from the same files, and kept in the Cache Storage cache SNAPSHOT_CACHE under a key that
// build.py derives from every file it depends on (SNAPSHOT_KEY). The service worker deletes that
// cache with the old version's files when a new version takes over.
//
// Anything wrong — no snapshot, a cache that cannot be read, a restore that throws — boots normally;
// a snapshot that restored but whose page then failed to start is dropped by boot.js, which reloads.
//
// <html data-snapshot> says what happened: "used" (restored), "none" (normal boot, none stored yet),
// "making", "made", "failed" (dropped; not made again for this version), "off" (making disabled:
// globalThis.PYGAMES_NO_SNAPSHOT, which the end-to-end tests set unless they test snapshots).
import { loadPyodide as startPyodide, version } from "./pyodide/pyodide.mjs";

export { version };

export const SNAPSHOT_KEY = "__SNAPSHOT_KEY__"; // build.py: a hash of what the snapshot depends on
export const SNAPSHOT_CACHE = "__SNAPSHOT_CACHE__"; // build.py (index.html starts reading it early)
export const SNAPSHOT_OFF = "pygames-snapshot-off"; // localStorage: the key of a snapshot that failed
export const ARCHIVES = __ARCHIVES__; // build.py: what PyScript unpacks into the working directory
export const PYODIDE_URL = new URL("./pyodide/", import.meta.url).href;
const SNAPSHOT_URL = new URL(`./snapshot/${SNAPSHOT_KEY}.bin`, import.meta.url).href;
const MAKE_AFTER_MS = 2000; // after the page is ready and idle: the first screen's own work comes first
const MIN_FREE_BYTES = 200e6; // the snapshot takes about 31 MB of this device's storage

const root = globalThis.document ? document.documentElement : null;

function say(state) {
  if (root) root.dataset.snapshot = state;
}

function disabled() {
  try {
    return Boolean(globalThis.PYGAMES_NO_SNAPSHOT) || localStorage.getItem(SNAPSHOT_OFF) === SNAPSHOT_KEY;
  } catch (error) {
    return true; // no storage: nothing to keep a snapshot in
  }
}

async function readSnapshot() {
  if (!("caches" in globalThis)) return null;
  try {
    // index.html's first script started reading it while the page's modules loaded
    const early = globalThis.pygamesSnapshot;
    if (early) {
      const bytes = await early;
      return bytes ? new Uint8Array(bytes) : null;
    }
    const response = await caches.match(SNAPSHOT_URL, { cacheName: SNAPSHOT_CACHE }); // (creates no cache)
    return response ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch (error) {
    console.warn("pygames: the interpreter snapshot could not be read:", error);
    return null;
  }
}

/** Forget this version's snapshot and never make it again (it failed to restore or to boot). */
export async function dropSnapshot() {
  try {
    localStorage.setItem(SNAPSHOT_OFF, SNAPSHOT_KEY);
  } catch (error) {
    // no storage: the snapshot could not have been kept either
  }
  say("failed");
  try {
    await caches.delete(SNAPSHOT_CACHE);
  } catch (error) {
    console.warn("pygames: the interpreter snapshot could not be deleted:", error);
  }
}

/** Pyodide restored from ``snapshot``. Pyodide 314 copies the snapshot's memory into the module's own
 * (which starts at 30 MiB and ignores INITIAL_MEMORY), so a snapshot of a larger heap would not fit:
 * the memory is grown to the snapshot's heap as soon as the module is instantiated, before Pyodide
 * makes its views of it. (The snapshot starts with its header's length: a little-endian u32 at 4.) */
async function restore(settings, snapshot) {
  const heap = snapshot.byteLength - new DataView(snapshot.buffer, snapshot.byteOffset).getUint32(4, true);
  const grow = (result) => {
    const memory = result.instance.exports.memory;
    const missing = Math.ceil((heap - memory.buffer.byteLength) / 65536);
    if (missing > 0) memory.grow(missing);
    return result;
  };
  const { instantiate, instantiateStreaming } = WebAssembly;
  WebAssembly.instantiateStreaming = (...args) => instantiateStreaming.apply(WebAssembly, args).then(grow);
  WebAssembly.instantiate = (...args) =>
    instantiate.apply(WebAssembly, args).then((result) => (result.instance ? grow(result) : result));
  try {
    const pyodide = await startPyodide({ ...settings, _loadSnapshot: snapshot });
    // The snapshot froze the `random` module's state: reseed it from the system's entropy.
    pyodide.runPython("import random; random.seed()");
    return pyodide;
  } finally {
    WebAssembly.instantiate = instantiate;
    WebAssembly.instantiateStreaming = instantiateStreaming;
  }
}

export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL: PYODIDE_URL };
  const snapshot = disabled() ? null : await readSnapshot();
  if (snapshot) {
    try {
      const pyodide = await restore(settings, snapshot);
      performance.mark("app:snapshot");
      say("used");
      return pyodide;
    } catch (error) {
      console.warn("pygames: the interpreter snapshot did not restore; starting normally:", error);
      await dropSnapshot();
    }
  } else {
    say(disabled() ? "off" : "none");
    if (!disabled()) whenSettled().then(makeSnapshot);
  }
  return startPyodide(settings);
}

/** Resolves once the page is ready, a service worker controls it (every file is cached) and the page
 * has had MAKE_AFTER_MS to itself. */
function whenSettled() {
  return new Promise((resolve) => {
    const check = () => {
      if (root.dataset.appState === "ready" && navigator.serviceWorker && navigator.serviceWorker.controller) {
        observer.disconnect();
        clearInterval(poll);
        setTimeout(() => (globalThis.requestIdleCallback || setTimeout)(resolve), MAKE_AFTER_MS);
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(root, { attributes: true, attributeFilter: ["data-app-state"] });
    const poll = setInterval(check, 1000); // the controller arrives without a DOM change
    check();
  });
}

async function makeSnapshot() {
  try {
    const { quota, usage } = await navigator.storage.estimate();
    if (quota - usage < MIN_FREE_BYTES) {
      say("off");
      return;
    }
  } catch (error) {
    // no estimate: try anyway; a full storage makes the worker fail, which changes nothing
  }
  say("making");
  const worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), { type: "module" });
  const done = await new Promise((resolve) => {
    worker.onmessage = (event) => resolve(event.data);
    worker.onerror = (event) => resolve({ error: event.message || "worker error" });
  });
  worker.terminate();
  if (!done.error) {
    try {
      await keepSnapshot(done.memory);
    } catch (error) {
      done.error = String(error);
    }
  }
  if (done.error) {
    console.warn("pygames: no interpreter snapshot:", done.error);
    say("none");
  } else {
    performance.mark("app:snapshot-made");
    say("made");
  }
}

/** The snapshot's memory (made in the worker, handed over) stored in Cache Storage by the page itself:
 * WebKit dropped a worker's ``cache.put`` when the page ended the worker right after it (the cache stayed
 * empty, so no later visit could restore), and the page outlives the worker in every browser. */
async function keepSnapshot(memory) {
  const cache = await caches.open(SNAPSHOT_CACHE);
  for (const request of await cache.keys()) await cache.delete(request); // another version's
  await cache.put(SNAPSHOT_URL, new Response(memory, { headers: { "Content-Type": "application/octet-stream" } }));
}

/** In a worker of the page (bot-worker.mjs): a Pyodide with the page's Python files, restored from
 * this device's snapshot when ``useSnapshot`` and there is one; says whether it was. */
export async function startWorkerPyodide(useSnapshot) {
  let pyodide = null;
  const snapshot = useSnapshot ? await readSnapshot() : null;
  if (snapshot) {
    try {
      pyodide = await restore({ indexURL: PYODIDE_URL }, snapshot);
    } catch (error) {
      console.warn("pygames: a worker could not restore the interpreter snapshot:", error);
      pyodide = null;
    }
  }
  const restored = pyodide !== null;
  if (!pyodide) pyodide = await startPyodide({ indexURL: PYODIDE_URL });
  await unpackArchives(pyodide);
  return { pyodide, restored };
}

async function unpackArchives(pyodide) {
  for (const [url, format] of ARCHIVES) {
    const response = await fetch(new URL(url, import.meta.url));
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    pyodide.unpackArchive(await response.arrayBuffer(), format, { extractDir: "." });
  }
}

/** In the worker: start Pyodide for a snapshot, load the page's files, import, take the memory (the page
 * stores it: ``keepSnapshot``). */
export async function writeSnapshot() {
  const started = performance.now();
  const pyodide = await startPyodide({ indexURL: PYODIDE_URL, _makeSnapshot: true });
  await unpackArchives(pyodide);
  const modules = pyodide.runPython("import snapshot\nlen(snapshot.prepare())");
  const memory = pyodide.makeMemorySnapshot();
  return { memory, bytes: memory.length, modules, ms: Math.round(performance.now() - started) };
}

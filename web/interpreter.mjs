// @ts-check
// The interpreter PyScript starts (its config's `interpreter`, in index.html): Pyodide's loadPyodide,
// restored from a memory snapshot when this device has one for this version of the site.
//
// A snapshot is the interpreter's memory after CPython started and imported every module that does not
// touch the browser (web/app/snapshot.py). Restoring it skips CPython's start and those imports:
// the interpreter is ready in a fraction of a normal start. It is made once per version, after a
// visit that booted normally, by a background worker (snapshot-worker.mjs) that starts a second
// Pyodide from the same files, and kept in the Cache Storage cache SNAPSHOT_CACHE under a key that
// build.py derives from every file it depends on (SNAPSHOT_KEY). The service worker deletes that
// cache with the old version's files when a new version takes over.
//
// The engines' core comes as our wheel (WHEEL: their bytecode), installed into site-packages, and the rest of
// the page's Python (as bytecode) and translations in one archive (ARCHIVE, a gzipped tar) written into the
// interpreter's working directory, both once CPython has started and before any of the page's Python runs:
// their downloads (on a first visit, once the interpreter's own files are in) and unpacking run beside the
// interpreter's start. Each game comes as two
// archives (GAME_ARCHIVES: its engine's wheel and its view's zip), written as they are into GAMES_DIR and
// imported from there (web/app/game_archives.py): the start brings only the game its address opens
// (<html data-game>, web/first-screen.js), or every game when a snapshot (which imported them all) is
// restored and in the workers; the page fetches the others later (``pygamesGames``).
//
// Anything wrong — no snapshot, a cache that cannot be read, a restore that throws — boots normally;
// a snapshot that restored but whose page then failed to start is dropped by boot.js, which reloads.
//
// <html data-snapshot> says what happened: "used" (restored), "none" (normal boot, none stored yet),
// "making", "made", "failed" (dropped; not made again for this version), "off" (making disabled:
// globalThis.PYGAMES_NO_SNAPSHOT, which the end-to-end tests set unless they test snapshots).
import { loadPyodide as startPyodide, version } from "./pyodide/pyodide.mjs";

export { version };

// Pyodide switches stacks with WebAssembly's JavaScript Promise Integration (JSPI) where the engine has it
// (Chromium): then every call into Python from an event, a timer or a settled promise (each step of asyncio) runs
// on a stack of its own. Nothing here needs it (no ``run_sync``; Firefox and Safari, which lack it, run the same
// code), and Pyodide has open reports of Chromium's page process crashing with it on and not with it off
// (pyodide/pyodide#5702, #6106), like the rare "exit code 11" of our timing tests' pages whose Python and bots
// run on the page's thread (docs/performance.md, "JSPI off"). Pyodide looks for it once, as it starts (its
// ``jspiSupported``): hidden before any start, in the page and in every worker that imports this module.
for (const name of ["Suspending", "Suspender", "promising"]) delete (/** @type {any} */ (WebAssembly))[name];

export const SNAPSHOT_KEY = "__SNAPSHOT_KEY__"; // build.py: a hash of what the snapshot depends on
export const SNAPSHOT_CACHE = "__SNAPSHOT_CACHE__"; // build.py (index.html starts reading it early)
export const SNAPSHOT_OFF = "pygames-snapshot-off"; // localStorage: the key of a snapshot that failed
export const ARCHIVE = "__ARCHIVE__"; // build.py: the page's Python and translations (a gzipped tar)
export const WHEEL = "__WHEEL__"; // build.py: our wheel, the engines (tools/site/wheel.py)
const SITE_PACKAGES = "__SITE_PACKAGES__"; // build.py: where a wheel is installed in this Pyodide
// build.py: {game: {engine: its wheel, view: its view's zip}}, paths in dist/ (tools/site/assemble.py)
/** @type {Record<string, Record<string, string>>} */
const GAME_ARCHIVES = /** @type {any} */ ("__GAME_ARCHIVES__");
const GAMES_DIR = "/lib/pygames-games"; // web/app/game_archives.py GAMES_DIR
export const PYODIDE_URL = new URL("./pyodide/", import.meta.url).href;
const SNAPSHOT_URL = new URL(`./snapshot/${SNAPSHOT_KEY}.bin`, import.meta.url).href;
const FULL_STDLIB_URL = new URL("./pyodide/python_stdlib_full.zip", import.meta.url).href;
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

// The standard library beyond the modules the page imports (web/app/stdlib_fallback.py, whose finder asks
// for this at a miss, a snapshot holding no JavaScript object): the whole library, fetched synchronously
// (an import is synchronous), and the missed modules' names. A worker's request goes through the service
// worker, which precached the library; a page's synchronous one does not (Chromium), so an offline page has
// the library copied into its interpreter beforehand (``keepFullStdlibOffline``).
const FULL_STDLIB_PATH = "/lib/python_stdlib_full.zip"; // stdlib_fallback.FULL_ZIP
globalThis.pygamesStdlib = {
  misses: [],
  fetchFull() {
    return fetchBytesSync(FULL_STDLIB_URL);
  },
};

/** Pyodide's settings with the page's archive and our wheel, and ``loaded``, which writes their files into
 * the interpreter once it has started. Their downloads start with this call (on a first visit, once the
 * interpreter's own megabytes have arrived: ``pygamesLate``, boot.js) and they are unpacked as they come,
 * while the interpreter downloads, compiles and starts: CPython's start needs none of our files, so on a
 * phone's network it runs while ours still arrive. ``loaded`` (awaited once Pyodide has started, before
 * any of the page's Python) writes them, or rethrows what went wrong. (Unpacked in fsInit, the wheel's
 * hundred-odd entries, each inflated by a DecompressionStream, held Python's start up by 40-70 ms on a
 * cold boot.) */
function withArchive(settings, language = "en", games = Object.keys(GAME_ARCHIVES)) {
  // the page's first visit: after the interpreter's own files (boot.js); a worker, a returning visit: now
  const late = globalThis.pygamesLate || Promise.resolve();
  const download = (file) => late.then(() => fetch(new URL(file, import.meta.url))).then((response) => {
    if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
    return response.arrayBuffer();
  });
  // the player's language's translations (shell/model/language.py catalog_file): one file of the six, beside the
  // archive (none for English; a language without a file starts in English, shell/page/language.py)
  const catalog = `locale/catalog.${language}.json`;
  const files = Promise.all([
    download(WHEEL).then((zip) => unzip(new Uint8Array(zip), SITE_PACKAGES)),
    download(ARCHIVE).then(async (tgz) => untar(await gunzip(new Uint8Array(tgz)))),
    language === "en" ? [] : download(`./${catalog}`).then((bytes) => [[catalog, new Uint8Array(bytes)]], () => []),
    ...games.filter((game) => game in GAME_ARCHIVES).map((game) => late.then(() => gameFiles(game))),
  ]);
  files.catch(() => {}); // (``loaded`` reports it)
  const loaded = async (pyodide) => {
    globalThis.pygamesLate?.go(); // (the interpreter's files are in: boot.js)
    const { FS } = pyodide;
    for (const [path, data] of (await files).flat()) {
      const folder = path.slice(0, path.lastIndexOf("/"));
      if (folder) FS.mkdirTree(folder);
      FS.writeFile(path, data);
    }
    // before any of the page's Python: the import system's finders made again (CPython's start may have
    // listed, or found missing, the folders just written; importlib.invalidate_caches would import
    // importlib.metadata, not in the page's library), then the standard library's misses, and the games'
    pyodide.runPython("import sys\nsys.path_importer_cache.clear()\n"
      + "import stdlib_fallback, game_archives\nstdlib_fallback.install()\ngame_archives.install()");
    return withGameArchives(pyodide);
  };
  return [settings, loaded];
}

/** A game's two archives as [path in the interpreter, bytes]: its engine's wheel and its view's zip, written
 * as they are (imported from there: web/app/game_archives.py). */
function gameFiles(game) {
  return Promise.all(Object.values(GAME_ARCHIVES[game]).map(async (rel) => {
    const response = await fetch(new URL(`./${rel}`, import.meta.url));
    if (!response.ok) throw new Error(`${rel}: HTTP ${response.status}`);
    return [gamePath(rel), new Uint8Array(await response.arrayBuffer())];
  }));
}

function gamePath(rel) {
  return `${GAMES_DIR}/${rel.slice(rel.lastIndexOf("/") + 1)}`;
}

/** ``pygamesGames``, for the page's Python (web/app/game_archives.py): ``fetch(game)`` writes a game's
 * archives into the interpreter (a promise, the same one while it runs), ``fetchSync(game)`` the same with
 * synchronous requests, for an import that cannot wait (never on the usual paths: the page fetches a game
 * before it opens it, and every game once the first screen is up). Holds no Python object: an interpreter
 * snapshot keeps nothing of it. */
function withGameArchives(pyodide) {
  const pending = new Map();
  const write = (files) => {
    for (const [path, data] of files) {
      pyodide.FS.mkdirTree(GAMES_DIR);
      pyodide.FS.writeFile(path, data);
    }
  };
  globalThis.pygamesGames = {
    fetch(game) {
      if (!(game in GAME_ARCHIVES)) return Promise.resolve();
      if (!pending.has(game)) {
        const done = gameFiles(game).then(write);
        pending.set(game, done);
        done.catch(() => pending.delete(game)); // (the next ask tries again)
      }
      return pending.get(game);
    },
    fetchSync(game) {
      write(Object.values(GAME_ARCHIVES[game] || {}).map((rel) => [gamePath(rel), fetchBytesSync(`./${rel}`)]));
    },
  };
  return pyodide;
}

/** A file of the site, fetched synchronously (as an import must be): a page's synchronous request cannot
 * ask for an ArrayBuffer, so each byte comes as a character. */
function fetchBytesSync(rel) {
  const url = new URL(rel, import.meta.url).href;
  const request = new XMLHttpRequest();
  request.open("GET", url, false);
  request.overrideMimeType("text/plain; charset=x-user-defined");
  request.send();
  if (request.status !== 200) throw new Error(`${url}: HTTP ${request.status}`);
  const text = request.responseText;
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
}

async function gunzip(bytes) {
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes; // a host that sent it decoded
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function inflate(data) {
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Every file of a zip archive (a wheel: stored or deflated entries) as [path under ``folder``, bytes], as
 * a wheel installer unpacks it; its entries inflated side by side. Read from the central directory at its
 * end (the zip's own index). */
async function unzip(zip, folder) {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = zip.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new Error(`${WHEEL}: not a zip archive`);
  const count = view.getUint16(end + 10, true);
  const decoder = new TextDecoder();
  const files = [];
  for (let i = 0, at = view.getUint32(end + 16, true); i < count; i++) {
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const name = decoder.decode(zip.subarray(at + 46, at + 46 + nameLength));
    const local = view.getUint32(at + 42, true);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = zip.subarray(start, start + size);
    if (method !== 0 && method !== 8) throw new Error(`${WHEEL}: ${name} is compressed with method ${method}`);
    // (its .dist-info is not written: Pyodide then lists it among its loaded packages, a reference to
    // JavaScript that an interpreter snapshot cannot keep)
    if (!name.endsWith("/") && !name.split("/")[0].endsWith(".dist-info")) {
      files.push((method === 8 ? inflate(data) : Promise.resolve(data)).then((bytes) => [`${folder}/${name}`, bytes]));
    }
    at += 46 + skip;
  }
  return Promise.all(files);
}

/** Every regular file of a tar archive (POSIX ustar) as [path under the working directory, bytes]. */
function untar(tar) {
  const decoder = new TextDecoder();
  const field = (at, length) => {
    const bytes = tar.subarray(at, at + length);
    const end = bytes.indexOf(0);
    return decoder.decode(end < 0 ? bytes : bytes.subarray(0, end));
  };
  const files = [];
  for (let at = 0; at + 512 <= tar.length;) {
    const name = field(at, 100);
    if (!name) break; // the end-of-archive blocks
    const size = parseInt(field(at + 124, 12).trim(), 8) || 0;
    const type = tar[at + 156];
    const prefix = field(at + 345, 155);
    const path = prefix ? `${prefix}/${name}` : name;
    at += 512;
    if (type === 0x30 || type === 0) files.push([path, tar.subarray(at, at + size)]); // "0" or NUL: a regular file
    at += Math.ceil(size / 512) * 512;
  }
  return files;
}

/** PyScript's call (its config's ``interpreter``). Started earlier, by boot.js as the page's first module
 * ran, the interpreter was ready later, not sooner: its own start (a 1.25 MB module to compile, the
 * .wasm to instantiate) then held PyScript's up on this 2-core machine, by about 300 ms
 * (docs/performance.md). */
export async function loadPyodide(options = {}) {
  performance.mark("app:interpreter-asked");
  const pyodide = await startPageInterpreter(options);
  performance.mark("app:interpreter");
  return pyodide;
}

async function startPageInterpreter(options) {
  // (<html lang>: the language the first screen chose, as Python will: web/first-screen.js)
  // (a snapshot is made once our service worker controls the page: without one, none is looked for)
  const controlled = Boolean(globalThis.navigator?.serviceWorker?.controller);
  const snapshot = disabled() || !controlled ? null : await readSnapshot();
  const language = root?.lang || "en";
  // the game the address opens, or every game for an interpreter that imported them all (the snapshot)
  const games = snapshot ? undefined : [root?.dataset.game].filter(Boolean);
  const [settings, loaded] = withArchive({ ...options, indexURL: PYODIDE_URL }, language, games);
  if (snapshot) {
    try {
      const pyodide = withStdlibHooks(await loaded(await restore(settings, snapshot)));
      performance.mark("app:snapshot");
      say("used");
      return pyodide;
    } catch (error) {
      console.warn("pygames: the interpreter snapshot did not restore; starting normally:", error);
      await dropSnapshot();
      return withStdlibHooks(await loaded(await startPyodide(settings)));
    }
  } else {
    say(disabled() ? "off" : "none");
    if (!disabled()) whenSettled().then(makeSnapshot);
  }
  return withStdlibHooks(await loaded(await startPyodide(settings)));
}

/** For the shell's worker, seen from the page (shell/bridge.mjs): whether the worker is to restore this device's
 * snapshot (none is looked for until our service worker controls the page: it is made once every file is cached). */
export function snapshotWanted() {
  return !disabled() && Boolean(globalThis.navigator?.serviceWorker?.controller);
}

/** The shell's worker has started (``restored``: from the snapshot; ``dropped``: the snapshot did not restore, and
 * is dropped): <html data-snapshot> says so, and one is made once the page has settled, if there is none yet.
 * @param {boolean} restored @param {boolean} dropped */
export function workerStarted(restored, dropped) {
  if (restored) {
    performance.mark("app:snapshot");
    say("used");
    return;
  }
  if (dropped) {
    dropSnapshot();
    return;
  }
  say(disabled() ? "off" : "none");
  if (!disabled()) whenSettled().then(makeSnapshot);
}

/** ``pygamesStdlib.pyimport(name)``: a module imported in the page's interpreter (a console can), and
 * ``pygamesPython`` (``pythonHook``). And the whole standard library kept offline. */
function withStdlibHooks(pyodide) {
  globalThis.pygamesStdlib.pyimport = (name) => pyodide.pyimport(name);
  globalThis.pygamesPython = pythonHook(pyodide);
  keepFullStdlibOffline(pyodide);
  return pyodide;
}

/** ``pygamesPython(code)``: the value of Python ``code`` (an expression giving a JSON text: a console's or a test's
 * question to the page's Python, wherever it runs: shell/bridge.mjs asks the shell's worker), parsed.
 * @param {any} pyodide */
export function pythonHook(pyodide) {
  return async (/** @type {string} */ code) => JSON.parse(String(pyodide.runPython(code)));
}

/** While the page is offline, the whole standard library written into its interpreter from the service
 * worker's precache (asynchronously: a page's synchronous request, as an import makes, does not go through
 * the service worker), so that an import the page's own library lacks still finds it. Online, a miss
 * fetches it then (``pygamesStdlib.fetchFull``). */
function keepFullStdlibOffline(pyodide) {
  const copy = async () => {
    if (navigator.onLine || !navigator.serviceWorker?.controller || pyodide.FS.analyzePath(FULL_STDLIB_PATH).exists) {
      return;
    }
    try {
      const response = await fetch(FULL_STDLIB_URL);
      if (response.ok) pyodide.FS.writeFile(FULL_STDLIB_PATH, new Uint8Array(await response.arrayBuffer()));
    } catch (error) {
      console.warn("pygames: the whole standard library is not available offline:", error);
    }
  };
  addEventListener("offline", copy);
  copy();
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

/** In a worker of the page (bot-worker.mjs, app-worker.mjs): a Pyodide with the page's Python files (the
 * translations of ``language``, the archives of ``games``: every game if not said), restored from this device's
 * snapshot when ``useSnapshot`` and there is one; says whether it was (``restored``), or should be dropped as it
 * did not restore (``dropped``).
 * @param {boolean} useSnapshot @param {{language?: string, games?: string[]}} [what] */
export async function startWorkerPyodide(useSnapshot, what = {}) {
  let pyodide = null;
  const [settings, loaded] = withArchive({ indexURL: PYODIDE_URL }, what.language, what.games);
  const snapshot = useSnapshot ? await readSnapshot() : null;
  if (snapshot) {
    try {
      pyodide = await loaded(await restore(settings, snapshot));
    } catch (error) {
      console.warn("pygames: a worker could not restore the interpreter snapshot:", error);
      pyodide = null;
    }
  }
  const restored = pyodide !== null;
  if (!pyodide) pyodide = await loaded(await startPyodide(settings));
  return { pyodide, restored, dropped: Boolean(snapshot) && !restored };
}

/** In the worker: start Pyodide for a snapshot with the page's files, import, take the memory (the page
 * stores it: ``keepSnapshot``). */
export async function writeSnapshot() {
  const started = performance.now();
  const [settings, loaded] = withArchive({ indexURL: PYODIDE_URL, _makeSnapshot: true });
  const pyodide = await loaded(await startPyodide(settings));
  const modules = pyodide.runPython("import snapshot\nlen(snapshot.prepare())");
  const memory = pyodide.makeMemorySnapshot();
  return { memory, bytes: memory.length, modules, ms: Math.round(performance.now() - started) };
}

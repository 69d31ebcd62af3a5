// pygames boot: service worker, "new version" banner, and a visible error if Python fails to start.
//
// Contract with the rest of the page (web/index.html, web/app/*.py):
//   <html data-app-state="loading|ready|error">  Python sets "ready" once #app is filled;
//                                                 this file sets "error" (never "ready").
//   #boot-error      shown with a message when booting fails
//   #update-banner   shown when a new version is installed and waiting; #update-reload applies it
//   <html data-site-version="...">  the precache version of the worker controlling the page
//   <html data-update="asked|acknowledged|forced">  after a click on #update-reload: SKIP_WAITING sent,
//                                                 the new worker received it, the registration dropped

// -- Python's start, once the first screen is painted ------------------------------------------
//   index.html's first screen (the home page, or what a link opens) paints with nothing but app.css;
//   then PyScript and every file the start needs (#boot-files: preloads, smallest first) go into the
//   head, so that none of Python's megabytes share a phone's network with the first paint. Pyodide's
//   JavaScript module (1.25 MB) is asked for then too, rather than when PyScript asks for the
//   interpreter: the browser parses it on another thread while PyScript's modules start on this one.
//   (A module preload would compile it on this thread, docs/performance.md.)

function startPython() {
  const files = document.getElementById("boot-files");
  if (!files || root.dataset.python) return;
  root.dataset.python = "started";
  performance.mark("boot:python");
  import("./pyodide/pyodide.asm.mjs").catch(() => {}); // (its own import reports a failure)
  const add = (element) => {
    const copy = document.createElement(element.localName); // (a template's script would not run)
    for (const { name, value } of element.attributes) copy.setAttribute(name, value);
    document.head.append(copy);
  };
  const late = [];
  for (const element of files.content.children) {
    // a game's engine and view: only the game the address opens (web/first-screen.js)
    if (element.dataset.game && element.dataset.game !== root.dataset.game) continue;
    if ("late" in element.dataset) late.push(element);
    else add(element);
  }
  const { arrived, go } = interpreterFiles();
  globalThis.pygamesLate = Object.assign(arrived.then(() => late.forEach(add)), { go });
}

// Our archives and wheels (data-late), on a first visit, once the interpreter's .wasm has come (its last
// byte, counted by ``watchDownloads``): CPython's start (seconds of a phone's CPU, during which this thread
// could not ask for anything) needs none of them, so they download while it runs, rather than share the
// network with the .wasm and make it later (docs/performance.md). interpreter.mjs fetches them then
// (``pygamesLate``) and writes them once CPython has started; it says ``pygamesLate.go()`` then too, should
// this page not have seen the .wasm come. A returning visit (the service worker has every file) asks for
// them at once.
const WASM = "/pyodide/pyodide.asm.wasm";
let lateGo = () => {};

function interpreterFiles() {
  if (navigator.serviceWorker?.controller) return { arrived: Promise.resolve(), go() {} };
  const arrived = new Promise((resolve) => {
    lateGo = resolve;
  });
  return { arrived: arrived.then(() => performance.mark("boot:late-files")), go: lateGo };
}

const BOOT_TIMEOUT_MS = 60_000;
const SNAPSHOT_RETRY = "pygames-snapshot-retry"; // sessionStorage: this tab already dropped a snapshot
let retrying = false;
const root = document.documentElement;
performance.mark("boot:start");

function appState() {
  return root.dataset.appState;
}

// -- the player's language, for what this file and index.html say before Python runs ------------
//   index.html's #boot-texts (build.py, from the catalogs) maps each translated language to
//   {English: translation}. The language is on <html lang>, set by index.html's first script
//   (web/first-screen.js) as Python would pick it (shell/language.py start_language): the player's
//   remembered choice, else the browser's first language we translate.

const BOOT_TABLE = (() => {
  try {
    return JSON.parse(document.getElementById("boot-texts")?.textContent || "{}");
  } catch (error) {
    console.warn("pygames: boot texts unreadable, English used:", error);
    return {};
  }
})();
let TEXTS = BOOT_TABLE[root.lang] || {}; // (another table when the player picks a language)

// ``text`` (English, as in shell/i18n.py BOOT_WORDS) in the player's language, {names} filled in
function t(text, values = {}) {
  const words = typeof TEXTS[text] === "string" && TEXTS[text] ? TEXTS[text] : text;
  return words.replace(/\{(\w+)\}/g, (all, name) => (name in values ? String(values[name]) : all));
}

// What index.html says in English (data-en keeps it, for a change of language before Python runs)
const TRANSLATED = [["boot-phase"], ["boot-note"], ["update-text"], ["update-reload"], ["boot-progress", "aria-label"]];
function translatePage() {
  for (const [id, attribute] of TRANSLATED) {
    const element = document.getElementById(id);
    if (!element) continue;
    const key = attribute ? `en${attribute.replace(/-/g, "")}` : "en";
    element.dataset[key] ??= (attribute ? element.getAttribute(attribute) : element.textContent.trim()) || "";
    if (attribute) element.setAttribute(attribute, t(element.dataset[key]));
    else element.textContent = t(element.dataset[key]);
  }
}
translatePage();

// -- first-visit progress: the bytes Python's files bring, then the start-up phases ------------
//   #boot-phase says what happens, #boot-amount how much of the download has arrived, and
//   #boot-progress shows it. A fetch made while loading is counted as its body streams in (the
//   expected total, data-boot-bytes on #boot-loading, is written by build.py). Phases come from
//   PyScript's py:progress events and the marks main.py sets (app:main, app:imports, app:ready).

// ``N(text)`` marks an English text (one of BOOT_WORDS) that ``t`` translates where it is shown
const N = (text) => text;
const PHASES = [ // [PyScript's event, what the page says then, the bar's floor]
  ["Loading interpreter", N("Downloading Python…"), 2],
  ["Loaded interpreter", N("Loading the games…"), 85],
  ["Loaded Pyodide", N("Starting the games…"), 92],
];
const progress = {
  expected: 0, loaded: 0, phase: N("Loading pygames…"), floor: 0,
  waiting: "", // the words of a link tapped before Python started (it opens once Python has)
};

function showProgress() {
  const phase = document.getElementById("boot-phase");
  const amount = document.getElementById("boot-amount");
  const bar = document.getElementById("boot-progress");
  if (!phase || !bar) return;
  phase.textContent = t(progress.phase);
  let share = progress.floor;
  if (progress.expected > 0 && progress.loaded > 0) {
    share = Math.max(share, Math.min(78, (78 * progress.loaded) / progress.expected));
    if (progress.loaded >= 0.97 * progress.expected && progress.floor < 80) {
      phase.textContent = t("Starting Python…"); // every expected byte has arrived
      share = Math.max(share, 80);
    }
    if (amount) {
      const mb = (n) => (n / 1e6).toFixed(1);
      amount.textContent = t("{loaded} of {total} MB", {
        loaded: mb(Math.min(progress.loaded, progress.expected)), total: mb(progress.expected),
      });
    }
  }
  if (progress.waiting) phase.textContent = t("“{action}” opens as soon as the games are ready.", { action: progress.waiting });
  bar.value = Math.round(share);
}

let shown = false; // a frame will show the progress (the bytes come in many small chunks)
function showProgressSoon() {
  if (shown) return;
  shown = true;
  requestAnimationFrame(() => {
    shown = false;
    showProgress();
  });
}

function watchDownloads() {
  const box = document.getElementById("boot-loading");
  progress.expected = Number(box && box.dataset.bootBytes) || 0;
  for (const file of document.getElementById("boot-files")?.content.children || []) {
    if (file.dataset.game && file.dataset.game === root.dataset.game) progress.expected += Number(file.dataset.bytes) || 0;
  }
  if (navigator.serviceWorker && navigator.serviceWorker.controller) return; // later visits: no download
  const plainFetch = window.fetch.bind(window);
  window.fetch = async (...args) => {
    const response = await plainFetch(...args);
    if (appState() !== "loading" || !response.ok || !response.body) return response;
    const wasm = new URL(response.url).pathname.endsWith(WASM);
    // A file its preload has brought already (all of them, on a fast network) is counted at once and
    // handed on as it is: piping 13 MB through a stream here cost the page's thread about 30 ms.
    const arrived = performance.getEntriesByName(response.url, "resource").find((entry) => entry.responseEnd > 0);
    if (arrived) {
      progress.loaded += arrived.decodedBodySize;
      showProgressSoon();
      if (wasm) lateGo();
      return response;
    }
    try {
      const count = new TransformStream({
        transform(chunk, controller) {
          progress.loaded += chunk.byteLength;
          showProgressSoon();
          controller.enqueue(chunk);
        },
        flush() {
          if (wasm) lateGo(); // (the request goes out before CPython's start holds this thread)
        },
      });
      const counted = new Response(response.body.pipeThrough(count), {
        status: response.status, statusText: response.statusText, headers: response.headers,
      });
      Object.defineProperty(counted, "url", { value: response.url });
      return counted;
    } catch (error) {
      if (wasm) lateGo();
      return response;
    }
  };
}

// -- the first screen before Python runs ------------------------------------------------------------
//   The home page is already drawn (web/first-screen.js). Its links change the address, which Python
//   reads when it starts (a tap is never lost): until then the bottom line says what will open. The
//   language menu works at once: the home page drawn in the chosen language, the choice remembered.
//   page.mjs (morphdom) comes now, so that Python patches the drawn page rather than replacing it
//   (shell/navigation.py show_page); the game screens' style sheets are linked without holding the
//   first paint: the shell's and the linked game's at once, the other games' once the page is ready.

import("./app/shell/page.mjs").then((page) => {
  globalThis.pygamesMorph = page.morph;
}).catch(() => {}); // (Python imports it again, and says what went wrong)

function linkStyles(names) {
  let styles = {};
  try {
    styles = JSON.parse(document.getElementById("boot-loading")?.dataset.styles || "{}");
  } catch (error) {
    return;
  }
  for (const name of names ?? Object.keys(styles)) {
    const href = styles[name];
    if (!href || document.querySelector(`link[rel="stylesheet"][href="${href}"]`)) continue;
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    if (name) link.dataset.game = name;
    document.head.append(link);
  }
}
linkStyles(["", root.dataset.game].filter((name) => name !== undefined));
new MutationObserver((records, observer) => {
  if (appState() === "loading") return;
  observer.disconnect();
  linkStyles(null);
}).observe(root, { attributes: true, attributeFilter: ["data-app-state"] });

document.addEventListener("click", (event) => {
  const link = event.target.closest?.('#view[data-prerendered] a[href^="#"]');
  if (!link || appState() !== "loading") return;
  linkStyles([link.dataset.newGame || link.dataset.rules || link.dataset.dailyStart].filter(Boolean));
  for (const other of document.querySelectorAll("#view [aria-busy]")) other.removeAttribute("aria-busy");
  link.setAttribute("aria-busy", "true");
  progress.waiting = link.textContent.trim();
  document.getElementById("boot-loading")?.setAttribute("data-waiting", ""); // (its longer words wrap)
  showProgress();
});

document.addEventListener("change", (event) => {
  if (event.target.id !== "lang-select" || appState() !== "loading" || !globalThis.pygamesShowHome) return;
  const code = event.target.value;
  try {
    localStorage.setItem("pygames:language", code);
  } catch (error) {
    // storage blocked: the choice lasts until Python starts
  }
  globalThis.pygamesShowHome(code);
  TEXTS = BOOT_TABLE[code] || {};
  translatePage();
  progress.waiting = "";
  showProgress();
  document.getElementById("lang-select")?.focus();
});

addEventListener("py:progress", (event) => {
  const detail = String(event.detail || "");
  performance.mark(`py:${detail}`);
  for (const [name, words, floor] of PHASES) {
    if (detail === name) {
      progress.phase = words;
      progress.floor = floor;
      showProgress();
    }
  }
});
watchDownloads();

// (after every declaration above: a hidden tab starts Python while this module runs)
if (document.visibilityState === "hidden") {
  startPython(); // (a tab opened in the background paints nothing until shown: no frame to wait for)
} else {
  requestAnimationFrame(() => setTimeout(startPython, 0)); // the task after the first frame
}
showProgress();

function fail(message) {
  if (appState() === "ready") {
    console.warn("pygames: error after boot:", message);
    return;
  }
  if (retrying) return;
  if (root.dataset.snapshot === "used" && !sessionStorage.getItem(SNAPSHOT_RETRY)) {
    // The interpreter came from this device's memory snapshot (interpreter.mjs): drop it and start
    // again the normal way, once, before saying anything.
    sessionStorage.setItem(SNAPSHOT_RETRY, "1");
    retrying = true;
    console.warn("pygames: the page did not start from the interpreter snapshot; dropping it:", message);
    import("./interpreter.mjs").then((m) => m.dropSnapshot()).finally(() => location.reload());
    return;
  }
  root.dataset.appState = "error";
  const text = String(message || "Unknown error").trim();
  const lines = text.split("\n").filter((line) => line.trim());
  // A Python traceback: say its last line here; PyScript shows the whole traceback below.
  const summary = lines.length > 1 && lines[0].startsWith("Traceback")
    ? `${lines[lines.length - 1].trim()} (details below)`
    : text;
  const box = document.getElementById("boot-error");
  if (box) {
    box.hidden = false;
    box.textContent = `${t("pygames could not start: {error}", { error: summary })}\n` +
      t("Reload the page to try again; if it keeps failing, please report this message.");
  }
}

// -- boot failure detection ---------------------------------------------------------------------

addEventListener("error", (event) => {
  if (appState() !== "loading") return;
  const target = event.target;
  if (target && target !== window && (target.src || target.href)) {
    fail(`Could not load ${target.src || target.href}`);
  } else {
    fail(event.message || "script error");
  }
}, true);

addEventListener("unhandledrejection", (event) => {
  if (appState() !== "loading") return;
  const reason = event.reason;
  fail((reason && (reason.message || reason)) || "unhandled rejection");
});

// PyScript reports Python errors by appending .py-error boxes (its error plugin).
new MutationObserver((records, observer) => {
  if (appState() !== "loading") {
    observer.disconnect(); // booted: the app's own screens are not watched
    return;
  }
  for (const record of records) {
    for (const node of record.addedNodes) {
      if (node.nodeType === 1 && node.classList.contains("py-error")) fail(node.textContent.trim());
    }
  }
}).observe(document.documentElement, { childList: true, subtree: true });

// Every <script type="py"> has finished (successfully or not): the app must be ready by now.
addEventListener("py:all-done", () => {
  setTimeout(() => {
    if (appState() === "loading") fail("The Python program ended without showing the app.");
  }, 0);
});

setTimeout(() => {
  if (appState() === "loading") {
    fail(`Python did not start within ${BOOT_TIMEOUT_MS / 1000} s.`);
  }
}, BOOT_TIMEOUT_MS);

// -- service worker and updates -----------------------------------------------------------------

const UPDATE_STALL_MS = 10_000;

function showUpdateBanner(worker) {
  const banner = document.getElementById("update-banner");
  const button = document.getElementById("update-reload");
  if (!banner || !button) return;
  banner.hidden = false;
  button.onclick = () => {
    button.disabled = true;
    reloadRequested = true;
    root.dataset.update = "asked";
    // The new worker takes over (controllerchange reloads the page). The browser may hold the
    // switch while the old worker still answers a request; ask again until the new one is active,
    // and reload on its "activated" too, whichever the browser reports first.
    worker.addEventListener("statechange", () => {
      if (worker.state === "activated") reloadOnce();
    });
    const ask = () => {
      if (worker.state === "activated") reloadOnce();
      else if (worker.state !== "redundant" && !reloading) {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          if (root.dataset.update === "asked") root.dataset.update = "acknowledged";
        };
        worker.postMessage({ type: "SKIP_WAITING" }, [channel.port2]);
        setTimeout(ask, 3000);
      }
    };
    ask();
    setTimeout(updateWithoutTheOldWorker, UPDATE_STALL_MS);
  };
}

// The browser lets a waiting worker take over only once the old one has finished all its work; a
// browser that keeps the old one busy would leave the player's click unanswered. After
// UPDATE_STALL_MS, if the site's server answers, drop the registration and reload: the page comes
// from the server (it is the new version), registers the new worker and is controlled as on a
// first visit. Offline, nothing is dropped: the switch happens when the browser allows it.
async function updateWithoutTheOldWorker() {
  if (reloading) return;
  try {
    const probe = await fetch(`./service-worker.js?probe=${Date.now()}`, { cache: "no-store" });
    if (!probe.ok || reloading) return;
    root.dataset.update = "forced";
    const registration = await navigator.serviceWorker.getRegistration();
    if (registration) await registration.unregister();
  } catch (error) {
    console.warn("pygames: the update is waiting for the browser:", error);
    return;
  }
  reloadOnce();
}

let reloading = false;
function reloadOnce() {
  if (reloading) return;
  reloading = true;
  location.reload();
}

function askVersion(worker) {
  const channel = new MessageChannel();
  channel.port1.onmessage = (event) => {
    root.dataset.siteVersion = event.data.version;
  };
  worker.postMessage({ type: "GET_VERSION" }, [channel.port2]);
}

let reloadRequested = false;

async function registerServiceWorker() {
  performance.mark("sw:register");
  const sw = navigator.serviceWorker;
  const hadController = Boolean(sw.controller);
  if (sw.controller) askVersion(sw.controller);
  sw.addEventListener("controllerchange", () => {
    // A new version took over: reload so that page and files are of one version. The first
    // install (no previous controller) claims the page without reloading: same files.
    if (reloadRequested || hadController) reloadOnce();
    else if (sw.controller) askVersion(sw.controller);
  });
  const registration = await sw.register("./service-worker.js", { updateViaCache: "none" });
  const watch = (worker) => {
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed" && sw.controller) showUpdateBanner(worker);
    });
  };
  if (registration.waiting && sw.controller) showUpdateBanner(registration.waiting);
  if (registration.installing) watch(registration.installing);
  registration.addEventListener("updatefound", () => watch(registration.installing));
  await registration.update();
}

const SETTLE_AFTER_READY_MS = 10000; // the longest a first visit's precache waits for the warm-up

function whenAppSettled() {
  // On a first visit, let the page's own downloads go first: the worker's precache then
  // revalidates them (304s) instead of downloading the same files in parallel. Then let the
  // page's first seconds go first too: the games loading in the background (data-warm, which
  // gives way to a link being opened and to a bot's thinking), or at most SETTLE_AFTER_READY_MS
  // (measured: docs/performance.md, "First visit: precache and compression").
  if (navigator.serviceWorker.controller) return Promise.resolve();
  const settled = () => appState() !== "loading" && (appState() !== "ready" || root.dataset.warm === "1");
  if (settled()) return Promise.resolve();
  return new Promise((resolve) => {
    let timer = null;
    const observer = new MutationObserver(() => {
      if (appState() === "ready" && timer === null) timer = setTimeout(done, SETTLE_AFTER_READY_MS);
      if (settled()) done();
    });
    function done() {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    }
    observer.observe(root, { attributes: true, attributeFilter: ["data-app-state", "data-warm"] });
    if (appState() === "ready") timer = setTimeout(done, SETTLE_AFTER_READY_MS);
  });
}

if ("serviceWorker" in navigator) {
  whenAppSettled()
    .then(registerServiceWorker)
    .catch((error) => console.warn("pygames: service worker not available:", error));
}

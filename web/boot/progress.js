// @ts-check
// First-visit progress: the bytes Python's files bring, then the start-up phases.
//   #boot-phase says what happens, #boot-amount how much of the download has arrived, and
//   #boot-progress shows it. A fetch made while loading is counted as its body streams in (the
//   expected total, data-boot-bytes on #boot-loading, is written by build.py). Phases come from
//   PyScript's py:progress events and the marks main.py sets (app:main, app:imports, app:ready).

import { appState, root } from "./page.js";
import { WASM, lateGo } from "./python.js";
import { N, t } from "./texts.js";

/** @type {[string, string, number][]} [PyScript's event, what the page says then, the bar's floor] */
const PHASES = [
  ["Loading interpreter", N("Downloading Python…"), 2],
  ["Loaded interpreter", N("Loading the games…"), 85],
  ["Loaded Pyodide", N("Starting the games…"), 92],
];

export const progress = {
  expected: 0, loaded: 0, phase: N("Loading pygames…"), floor: 0,
  waiting: "", // the words of a link tapped before Python started (it opens once Python has)
};

/** The bottom line and its bar as ``progress`` has them. */
export function showProgress() {
  const phase = document.getElementById("boot-phase");
  const amount = document.getElementById("boot-amount");
  const bar = /** @type {HTMLProgressElement | null} */ (document.getElementById("boot-progress"));
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
      const mb = (/** @type {number} */ n) => (n / 1e6).toFixed(1);
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

/** The bytes of every fetch counted while the page loads (a first visit: later ones download nothing). */
export function watchDownloads() {
  const box = document.getElementById("boot-loading");
  progress.expected = Number(box && box.dataset.bootBytes) || 0;
  const files = /** @type {HTMLTemplateElement | null} */ (document.getElementById("boot-files"));
  for (const file of /** @type {HTMLCollectionOf<HTMLElement>} */ (files?.content.children || [])) {
    if (file.dataset.game && file.dataset.game === root.dataset.game) progress.expected += Number(file.dataset.bytes) || 0;
  }
  if (navigator.serviceWorker && navigator.serviceWorker.controller) return; // later visits: no download
  addEventListener("pygames:downloaded", (event) => { // the shell's worker counts its own (shell/bridge.mjs)
    progress.loaded = Number(/** @type {CustomEvent} */ (event).detail) || 0;
    showProgressSoon();
  });
  const plainFetch = window.fetch.bind(window);
  window.fetch = async (...args) => {
    const response = await plainFetch(...args);
    if (appState() !== "loading" || !response.ok || !response.body) return response;
    const wasm = new URL(response.url).pathname.endsWith(WASM);
    // A file its preload has brought already (all of them, on a fast network) is counted at once and
    // handed on as it is: piping 13 MB through a stream here cost the page's thread about 30 ms.
    const arrived = /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByName(response.url, "resource"))
      .find((entry) => entry.responseEnd > 0);
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

/** PyScript's phases on the bottom line. */
export function watchPhases() {
  addEventListener("py:progress", (event) => {
    const detail = String(/** @type {CustomEvent} */ (event).detail || "");
    performance.mark(`py:${detail}`);
    for (const [name, words, floor] of PHASES) {
      if (detail === name) {
        progress.phase = words;
        progress.floor = floor;
        showProgress();
      }
    }
  });
}

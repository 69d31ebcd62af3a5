// @ts-check
// The service worker and updates.
//   #update-banner   shown when a new version is installed and waiting; #update-reload applies it
//   <html data-site-version="...">  the precache version of the worker controlling the page
//   <html data-update="asked|acknowledged|forced">  after a click on #update-reload: SKIP_WAITING sent,
//                                                 the new worker received it, the registration dropped

import { appState, root } from "./page.js";

const SETTLE_AFTER_READY_MS = 10000; // the longest a first visit's precache waits for the warm-up
const UPDATE_STALL_MS = 10_000;
let reloadRequested = false;
let reloading = false;

/** The banner that offers the waiting ``worker``'s version. @param {ServiceWorker} worker */
function showUpdateBanner(worker) {
  const banner = document.getElementById("update-banner");
  const button = /** @type {HTMLButtonElement | null} */ (document.getElementById("update-reload"));
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
    setTimeout(updateWithoutTheOldWorker, globalThis.pygamesUpdateStallMs ?? UPDATE_STALL_MS);
  };
}

// The browser lets a waiting worker take over only once the old one has finished all its work; a
// browser that keeps the old one busy would leave the player's click unanswered. After
// UPDATE_STALL_MS (a page's ``globalThis.pygamesUpdateStallMs`` if set: the tests' shorter wait), if the site's server answers, drop the registration and reload: the page comes
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

function reloadOnce() {
  if (reloading) return;
  reloading = true;
  location.reload();
}

/** ``worker``'s version on <html data-site-version>. @param {ServiceWorker} worker */
function askVersion(worker) {
  const channel = new MessageChannel();
  channel.port1.onmessage = (event) => {
    root.dataset.siteVersion = event.data.version;
  };
  worker.postMessage({ type: "GET_VERSION" }, [channel.port2]);
}

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
  const watch = (/** @type {ServiceWorker | null} */ worker) => {
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed" && sw.controller) showUpdateBanner(worker);
    });
  };
  if (registration.waiting && sw.controller) showUpdateBanner(registration.waiting);
  if (registration.installing) watch(registration.installing);
  registration.addEventListener("updatefound", () => watch(registration.installing));
  await registration.update();
}

/** @returns {Promise<void>} */
function whenAppSettled() {
  // On a first visit, let the page's own downloads go first: the worker's precache then
  // revalidates them (304s) instead of downloading the same files in parallel. Then let the
  // page's first seconds go first too: the games loading in the background (data-warm: "1" when done, "off"
  // where a test turned it off; it gives way to a link being opened and to a bot's thinking), or at most
  // SETTLE_AFTER_READY_MS (measured: docs/performance.md, "First visit: precache and compression").
  if (navigator.serviceWorker.controller) return Promise.resolve();
  const settled = () => appState() !== "loading" && (appState() !== "ready" || root.dataset.warm !== undefined);
  if (settled()) return Promise.resolve();
  return new Promise((resolve) => {
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let timer;
    const observer = new MutationObserver(() => {
      if (appState() === "ready" && timer === undefined) timer = setTimeout(done, SETTLE_AFTER_READY_MS);
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

/** The service worker registered once the page has settled (where there is one). */
export function serveOffline() {
  if ("serviceWorker" in navigator) {
    whenAppSettled()
      .then(registerServiceWorker)
      .catch((error) => console.warn("pygames: service worker not available:", error));
  }
}

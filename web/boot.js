// pygames boot: service worker, "new version" banner, and a visible error if Python fails to start.
//
// Contract with the rest of the page (web/index.html, web/app/*.py):
//   <html data-app-state="loading|ready|error">  Python sets "ready" once #app is filled;
//                                                 this file sets "error" (never "ready").
//   #boot-error      shown with a message when booting fails
//   #update-banner   shown when a new version is installed and waiting; #update-reload applies it
//   <html data-site-version="...">  the precache version of the worker controlling the page
const BOOT_TIMEOUT_MS = 60_000;
const root = document.documentElement;

function appState() {
  return root.dataset.appState;
}

function fail(message) {
  if (appState() === "ready") {
    console.warn("pygames: error after boot:", message);
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
    box.textContent =
      `pygames could not start: ${summary}\n` +
      "Reload the page to try again; if it keeps failing, please report this message.";
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
new MutationObserver((records) => {
  if (appState() !== "loading") return;
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

function showUpdateBanner(worker) {
  const banner = document.getElementById("update-banner");
  const button = document.getElementById("update-reload");
  if (!banner || !button) return;
  banner.hidden = false;
  button.onclick = () => {
    button.disabled = true;
    reloadRequested = true;
    worker.postMessage({ type: "SKIP_WAITING" });
  };
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
  const sw = navigator.serviceWorker;
  const hadController = Boolean(sw.controller);
  if (sw.controller) askVersion(sw.controller);
  sw.addEventListener("controllerchange", () => {
    // A new version took over: reload so that page and files are of one version. The first
    // install (no previous controller) claims the page without reloading: same files.
    if (reloadRequested || hadController) location.reload();
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

function whenAppSettled() {
  // On a first visit, let the page's own downloads go first: the worker's precache then
  // revalidates them (304s) instead of downloading the same 15 MB in parallel.
  if (navigator.serviceWorker.controller || appState() !== "loading") return Promise.resolve();
  return new Promise((resolve) => {
    new MutationObserver((_, observer) => {
      if (appState() !== "loading") {
        observer.disconnect();
        resolve();
      }
    }).observe(root, { attributes: true, attributeFilter: ["data-app-state"] });
  });
}

if ("serviceWorker" in navigator) {
  whenAppSettled()
    .then(registerServiceWorker)
    .catch((error) => console.warn("pygames: service worker not available:", error));
}

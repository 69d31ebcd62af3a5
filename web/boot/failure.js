// @ts-check
// Boot failure detection: a readable error (#boot-error, <html data-app-state="error">) if Python does not
// start: a Python error, a failed download, or BOOT_TIMEOUT_MS. A page that started from this device's
// interpreter snapshot and then failed drops the snapshot and reloads once instead.

import { appState, root } from "./page.js";
import { t } from "./texts.js";

const BOOT_TIMEOUT_MS = 60_000;
const SNAPSHOT_RETRY = "pygames-snapshot-retry"; // sessionStorage: this tab already dropped a snapshot
let retrying = false;

/** The boot failed with ``message``: said on the page (or, after a restored snapshot, retried once without it).
 * @param {unknown} message */
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

/** Listens for every way the boot can fail. */
export function watchFailures() {
  addEventListener("error", (event) => {
    if (appState() !== "loading") return;
    const target = /** @type {(EventTarget & { src?: string, href?: string }) | null} */ (event.target);
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
        if (node instanceof Element && node.classList.contains("py-error")) fail((node.textContent || "").trim());
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
}

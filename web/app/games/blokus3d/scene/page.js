// @ts-check
// The stage on the page, and what the scene tells Python: the pointer's cell as "pygames:act" events (the
// shell hands them to the view): "hover" when it moves over a cell (the ghost follows), "cell" on a click or a tap.

import { state } from "./state.js";

export const HOST = ".b3d-stage";

/** The 3D stage of the game screen (rules pages draw inert examples: the level map only). @returns {HTMLElement | null} */
export function hostNow() {
  for (const el of document.querySelectorAll(HOST)) {
    if (!el.closest("[inert]")) return /** @type {HTMLElement} */ (el);
  }
  return null;
}

/** Sends ``act`` with ``data`` to Python; ``at``: when the pointer event happened, on the page's clock, for the bench.
 * @param {string} act @param {Record<string, string>} data */
export function send(act, data, at = performance.now()) {
  const host = hostNow();
  if (!host) return;
  state.pending = { act, at, applied: 0 };
  host.dispatchEvent(new CustomEvent("pygames:act", { bubbles: true, detail: { act, ...data } }));
}

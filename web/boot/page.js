// @ts-check
// What every job of the boot reads: the page's root element and the app's state on it.
//   <html data-app-state="loading|ready|error">  Python sets "ready" once #app is filled;
//                                                 the boot sets "error" (never "ready").

export const root = document.documentElement;
performance.mark("boot:start"); // (this module runs first: every other imports it)

/** "loading", "ready" or "error". */
export function appState() {
  return root.dataset.appState;
}

// @ts-check
// The first screen before Python runs.
//   The home page is already drawn (web/first-screen.js). Its links change the address, which Python
//   reads when it starts (a tap is never lost): until then the bottom line says what will open. The
//   language menu works at once: the home page drawn in the chosen language, the choice remembered.
//   page.mjs (morphdom) comes now, so that Python patches the drawn page rather than replacing it
//   (shell/page/navigation.py show_page); the game screens' style sheets are linked without holding the
//   first paint: the shell's and the linked game's at once, the other games' once the page is ready.

import { appState, root } from "./page.js";
import { progress, showProgress } from "./progress.js";
import { shellInWorker } from "./python.js";
import { translatePage, useLanguage } from "./texts.js";

/** page.mjs, what Python asks of the page (``pygamesPage``: its first screen is patched, not replaced), and
 * events.mjs, which sends it the page's events (``pygamesEvents``); ``pygamesModules`` resolves once both are
 * there (the shell's start waits for it). */
export function loadMorph() {
  const page = import("./app/shell/page.mjs").then((module) => {
    globalThis.pygamesPage = module;
  });
  const events = import("./app/shell/events.mjs").then((module) => {
    globalThis.pygamesEvents = module;
  });
  globalThis.pygamesModules = Promise.all([page, events]);
  globalThis.pygamesModules.catch((error) => {
    dispatchEvent(new ErrorEvent("error", { message: `The page's modules could not be loaded: ${error}` }));
  });
}

/** @type {Record<string, string> | null} */
let sheets = null;

/** The game screens' style sheets (index.html's data-styles: "" the shell's, else a game's), read once, at the
 * boot: a link's game screen replaces the element that holds them. @returns {Record<string, string>} */
function styleSheets() {
  if (sheets === null) {
    try {
      sheets = JSON.parse(document.getElementById("boot-loading")?.dataset.styles || "{}");
    } catch (error) {
      sheets = {};
    }
  }
  return /** @type {Record<string, string>} */ (sheets);
}

/** The style sheets of ``names``, or every one (null). @param {string[] | null} names */
function linkStyles(names) {
  const styles = styleSheets();
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

/** The shell's and the linked game's style sheets now, the others' once the page is ready (another game
 * opened later, from the home page or a link, finds its own). */
export function linkStylesSoon() {
  linkStyles(["", root.dataset.game].filter((name) => name !== undefined));
  new MutationObserver((records, observer) => {
    if (appState() === "loading") return;
    observer.disconnect();
    linkStyles(null);
  }).observe(root, { attributes: true, attributeFilter: ["data-app-state"] });
}

/** A tapped link and the language menu, before Python runs. */
export function answerBeforePython() {
  document.addEventListener("click", (event) => {
    const target = /** @type {Element} */ (event.target);
    const link = /** @type {HTMLAnchorElement | null} */ (target.closest?.('#view[data-prerendered] a[href^="#"]'));
    if (!link || appState() !== "loading") return;
    linkStyles([link.dataset.newGame || link.dataset.rules || link.dataset.dailyStart || ""].filter(Boolean));
    for (const other of document.querySelectorAll("#view [aria-busy]")) other.removeAttribute("aria-busy");
    link.setAttribute("aria-busy", "true");
    progress.waiting = (link.textContent || "").trim();
    document.getElementById("boot-loading")?.setAttribute("data-waiting", ""); // (its longer words wrap)
    showProgress();
  });

  document.addEventListener("change", (event) => {
    const select = /** @type {HTMLSelectElement} */ (event.target);
    if (select.id !== "lang-select" || appState() !== "loading" || !globalThis.pygamesShowHome) return;
    const code = select.value;
    try {
      localStorage.setItem("pygames:language", code);
    } catch (error) {
      // storage blocked: the choice lasts until Python starts
    }
    globalThis.pygamesShowHome(code);
    useLanguage(code);
    translatePage();
    progress.waiting = "";
    showProgress();
    document.getElementById("lang-select")?.focus();
  });
}

/** On a game's link (a game screen first, not its rules or its new-game page): the build's copy of that game's
 * screen (``app/warm/<game>.html``, tools/site/home_page.py ``warm_screens``) laid out once, unseen, in tasks of
 * about 8 ms, while Python starts (page.mjs ``layOutUnseen``). The browser's first style and layout of a game's
 * screen (its fonts at each size, text shaping) are then done when the link's screen comes, which costs what a
 * later one does: no long task. Given up when Python's first screen comes first. Only while Python starts in the
 * shell's worker: on the page's own thread (``?worker=0``) the page is not idle then, and it would compete. */
export async function warmLinkedScreen() {
  const game = root.dataset.game;
  if (!game || /^#(new|rules)\//.test(location.hash) || !shellInWorker()) return;
  try {
    await globalThis.pygamesModules;
    const response = await fetch(`app/warm/${encodeURIComponent(game)}.html`);
    if (!response.ok || appState() !== "loading") return;
    const html = await response.text();
    const page = /** @type {any} */ (globalThis.pygamesPage);
    if (await page.layOutUnseen(html, 8, () => false, () => appState() !== "loading")) {
      performance.mark(`boot:warm-screen:${game}`);
    }
  } catch (error) {
    // (offline before the page was ever cached, or a module that failed: the boot says so; nothing is lost here)
  }
}

// @ts-check
// What the shell asks of the page, by name and with plain values (shell/page/dom.py ``call`` and ``ask``): from the
// same thread, or from the shell's worker through bridge.mjs. Morphing a new screen into the page
// (shell/page/rendering.py), waiting for a frame or a task, laying a screen out unseen (the warm-up:
// shell/page/startup.py), preloading a game's modules (shell/page/scripts.py), the page's address, title, focus,
// scroll and storage. boot.js imports it before Python starts (``pygamesPage``).

import { patch } from "./morph.mjs";
import { framesDrawn, nextFrame } from "./tasks.mjs";

// (by name for the shell, with the rest: bridge.mjs calls what this module exports)
export { nextFrame, nextTask } from "./tasks.mjs";
export { layOutUnseen } from "./unseen.mjs";

// Show ``html`` in ``root`` (the screen's markup, built in Python: one call a render), then tell the page's
// modules that drew it (Blokus 3D's scene) with a "pygames:rendered" event. Returns whether the keyboard's
// focus was in ``root`` and nothing of the new screen could keep it (the shell then moves it: shell/page/rendering.py).
export function morph(root, html) {
  const zoomable = [...root.querySelectorAll("[data-keep-scroll]")].filter((el) => zooms(el, html))
    .map((el) => [el, el.dataset.keepScroll, centre(el)]);
  const active = root.contains(document.activeElement) ? document.activeElement : null;
  const key = active && focusKey(active);
  const stops = groupStops(root);
  const next = root.cloneNode(false);
  next.append(prepared?.html === html ? prepared.nodes : parsed(html));
  prepared = null;
  patch(root, next);
  const lost = active !== null && !keepFocus(root, active, key);
  rove(root, stops);
  for (const [el, zoom, [fx, fy]] of zoomable) {
    // a zoom: the morph kept the scroll offsets; the point that was in the middle stays there
    if (el.isConnected && el.dataset.keepScroll !== zoom) {
      el.scrollLeft = fx * el.scrollWidth - el.clientWidth / 2;
      el.scrollTop = fy * el.scrollHeight - el.clientHeight / 2;
    }
  }
  rendered(root);
  return lost;
}

// -- a game screen drawn: the render's message ------------------------------------------------------------------
// The shell (shell/page/rendering.py) sends each render of a game's screen as one message, built from the game
// alone; what depends on the page (where the focus is, a dialog open, what the new screen has) is decided here:
//   html      the screen's markup, morphed into ``root``;
//   start     where the page starts: 0 (the top: a new screen), a scroll position (back from the rules), or
//             null (the same game drawn again: the page stays where it is);
//   pointing  the last input was a pointer's (a button clicked away needs no focus moved for it);
//   acted     it follows a player's key (with the focus nowhere in the game, the focus goes into it);
//   take      a selector the view sends the focus to (e.g. the board), focused without scrolling;
//   focus     a selector the shell sends the focus to, whatever the view asks ("": none; e.g. the result closed);
//   after     the selectors of the next things to act on when the focused element went away (the turn line last);
//   title, announce   the page's title, and what the live region says (unless it says it already).

/** @type {{el: HTMLElement, still: boolean, top: boolean} | null} */
let pending = null; // an element to focus in the next task (``focusLater``)

/**
 * Draw a game screen (``message``: see above) into what ``selector`` finds.
 * @param {string} selector
 * @param {{html: string, start: number | null, pointing: boolean, acted: boolean, take: string, after: string[],
 *          focus?: string, title: string, announce: string}} message
 */
export function render(selector, message) {
  const root = /** @type {HTMLElement | null} */ (document.querySelector(selector));
  if (!root) return;
  const start = message.start ?? null; // (Python's None arrives as undefined)
  if (start === 0) window.scrollTo(0, 0); // (before the patch: the old screen's layout is clean, nothing is forced)
  // Where the keyboard player is: the focused element, kept by the patch (moved or replaced, the same element or
  // its counterpart); when it is gone (the target used up, a button the move took away), the next thing to act
  // on. A focus asked for but not applied yet (it waits for the next task) counts as where the player is: a
  // bot's quick answer must not drop it.
  const waiting = pending?.el ?? null;
  const onBoard = Boolean(document.activeElement?.closest(".board"));
  let lost = morph(root, message.html);
  if (start === 0) showLater(root, message.take);
  if (root.querySelector("[data-same]")) { // a part the page did not have: the shell sends them all again
    dispatchEvent(new CustomEvent("pygames:redraw"));
  }
  if (message.pointing && !onBoard) lost = false; // a button clicked (or tapped) went away: no focus moved for it
  if (waiting && !waiting.isConnected) {
    pending = null;
    lost = true;
  }
  if (message.acted && !waiting && !root.contains(document.activeElement)) lost = true; // a key, the focus nowhere
  lost = lost && start === null; // (a new screen: the page's own start, not a focus moved for a move)
  if (start) window.scrollTo(0, start);
  document.title = message.title;
  announce(message.announce);
  // the focus, when it must move: into an open dialog (it took it as it opened), where the view sends it, or
  // the next thing to act on; otherwise it stays where it is (the morph kept it)
  if (document.querySelector("dialog[open]")) return;
  const asked = message.focus ? /** @type {HTMLElement | null} */ (document.querySelector(message.focus)) : null;
  if (asked) return focusLater(asked);
  const taken = message.take ? /** @type {HTMLElement | null} */ (document.querySelector(message.take)) : null;
  if (taken) return focusLater(taken, { still: true }); // (the page does not scroll to it: the player looks elsewhere)
  const next = lost ? message.after.map((selector) => document.querySelector(selector)).find(Boolean) : null;
  // (a click or a tap: the page stays where it was put)
  if (next) focusLater(/** @type {HTMLElement} */ (next), { still: message.pointing });
}

// A new game screen is shown over a few frames: first all but what the markup marks ``data-later`` (the side
// column: the move box, the log, the link, the legend; a view's panels beside its board), then those, in the
// page's order, about ``LATER_A_FRAME`` elements a frame: a part larger than that is shown a piece at a time (its
// children, or theirs; one holding an SVG is one piece). A ``data-later`` with a media query holds only where it
// matches (the side column: where it is a column beside the board; on a phone its parts are stacked around the
// board, some above it). The browser's first style and layout of a large screen (K2 with five seats: about 1,200
// elements) is otherwise one task of 60-150 ms on a small machine, and the side column and K2's panels together
// still 50-95 ms, one of them alone 20-30 ms of CPU, which a small machine's other work (the shell's worker, the
// compositor) stretches past 50 ms; ``content-visibility: hidden`` skips a piece's until its frame (its box keeps
// its place, empty, and what comes after it is hidden too). Not a piece the focus is to go into (a hidden element
// takes none).
const LATER_A_FRAME = 120;

/** ``el``'s pieces of at most ``LATER_A_FRAME`` elements, each with its count, in the page's order.
 * @param {HTMLElement} el @param {[HTMLElement, number][]} pieces */
function laterPieces(el, pieces) {
  const count = el.getElementsByTagName("*").length + 1;
  const children = [...el.children];
  if (count <= LATER_A_FRAME || !children.length || !children.every((child) => child instanceof HTMLElement)) {
    pieces.push([el, count]);
  } else {
    for (const child of children) laterPieces(/** @type {HTMLElement} */ (child), pieces);
  }
  return pieces;
}

/** @param {HTMLElement} root @param {string} take */
function showLater(root, take) {
  const pieces = [.../** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("section.play [data-later]"))]
    .filter((el) => !el.dataset.later || matchMedia(el.dataset.later).matches)
    .flatMap((el) => laterPieces(el, []))
    .filter(([el]) => !el.contains(document.activeElement) && !(take && el.querySelector(take)));
  if (!pieces.length) return;
  for (const [el] of pieces) el.style.contentVisibility = "hidden";
  revealing = new Promise((done) => {
    // (a frame apart, or a second in a hidden tab: ``nextFrame``'s usual 40 ms would put two pieces in one frame of
    // a busy page)
    const showNext = () => nextFrame(1000).then(() => setTimeout(() => {
      let shown = 0;
      while (pieces.length && (!shown || shown + pieces[0][1] <= LATER_A_FRAME)) {
        const [el, count] = /** @type {[HTMLElement, number]} */ (pieces.shift());
        el.style.removeProperty("content-visibility");
        if (!el.getAttribute("style")) el.removeAttribute("style"); // (as the markup has it: a patch keeps it)
        shown += count;
      }
      if (pieces.length) showNext(); else done(undefined);
    }, 0));
    showNext();
  });
}

let revealing = Promise.resolve(); // until the last new screen's later parts are all unhidden

/** A promise resolved once the last new screen's parts are all unhidden (bridge.mjs: <html data-shell-busy>
 * stays until then). */
export function framesRevealed() {
  return revealing;
}

/** A promise resolved in a task once the new screen's parts are all shown (``showLater``) and the page has drawn
 * its next ``count`` frames after: the shell's worker waits for it before a bot thinks, which would otherwise
 * share a small machine's cores with the frames' style, layout and paint. @param {number} count */
export async function framesShown(count = 1) {
  await revealing;
  await framesDrawn(count);
}

/** The live region's words (a screen reader says them), when they change. @param {string} text */
export function announce(text) {
  const region = document.getElementById("announce");
  if (region && region.textContent !== text) region.textContent = text;
}

/**
 * Focus ``target`` (an element or a selector) in the next task: focusing forces a layout of the new screen, which
 * would otherwise lengthen the task that drew it. ``still``: without scrolling the page; ``top``: scrolled to the
 * top of the page first (a rules page opened at a section). It replaces a focus asked for before.
 * @param {HTMLElement | string | null} target @param {{still?: boolean, top?: boolean}} how
 */
export function focusLater(target, how = {}) {
  const el = typeof target === "string" ? /** @type {HTMLElement | null} */ (document.querySelector(target)) : target;
  if (!el) return;
  pending = { el, still: Boolean(how.still), top: Boolean(how.top) };
  setTimeout(() => {
    const now = pending;
    pending = null;
    if (!now || !now.el.isConnected) return;
    if (now.top) now.el.scrollIntoView();
    now.el.focus(now.still || now.top ? { preventScroll: true } : undefined);
  }, 0);
}

// -- the keyboard's focus across a morph -------------------------------------------------------------------------
// morphdom moves an element with an ``id`` to where the new markup has it, and replaces the unkeyed siblings that
// follow a new keyed element (a message shown above the move box): a moved or replaced element loses the focus.
// The focused element is found again, itself (moved) or the element that replaced it (the same id, or the same
// ``data-act`` and ``data-*`` values), and focused without scrolling: the player goes on where they were.

// A selector that finds ``el``'s counterpart in the new screen ("" when it has nothing to be known by).
function focusKey(el) {
  if (el.id) return `#${CSS.escape(el.id)}`;
  const data = [...el.attributes].filter((a) => a.name.startsWith("data-") && a.name !== "data-legal"
    && a.name !== "data-target");
  if (!data.some((a) => a.name === "data-act")) return "";
  return el.localName + data.map((a) => `[${a.name}="${CSS.escape(a.value)}"]`).join("");
}

// The focus back on ``active`` or its counterpart: false when neither is there (or can take it).
function keepFocus(root, active, key) {
  if (document.activeElement === active) return true;
  const el = active.isConnected ? active : (key ? root.querySelector(key) : null);
  if (!el || el.disabled || el.closest("[hidden], [inert]")) return false;
  el.focus({preventScroll: true});
  return document.activeElement === el;
}

// -- groups: one Tab stop each (a roving tabindex) ---------------------------------------------------------------
// A view marks a group of targets (K3's pawns, its open slots; K2's spaces; Matterhorn's circles) with
// ``data-group`` on their container, and gives each target that can be acted on ``tabindex="0"`` (the others
// none: they are not reachable). One of them keeps it, the others get -1: Tab passes the group in one step, the
// arrow keys move inside it (events.mjs moveFocus), and the item they reach becomes the group's stop. The stop is the
// focused item, else the one the group had before this screen, else a selected one, else the first.

export const ITEMS = '[tabindex="0"], [data-rove]';

function items(group) {
  return [...group.querySelectorAll(ITEMS)].filter((el) => el.closest("[data-group]") === group);
}

// Each group's stop before a morph, by group name: the selector of its item.
function groupStops(root) {
  const stops = new Map();
  for (const group of root.querySelectorAll("[data-group]")) {
    const stop = items(group).find((el) => el.tabIndex === 0);
    if (stop) stops.set(group.dataset.group, focusKey(stop));
  }
  return stops;
}

// One Tab stop per group (``stops``: each group's before the morph). Exported: events.mjs calls it with the item
// the arrow keys reached.
export function rove(root, stops = new Map(), chosen = null) {
  for (const group of root.querySelectorAll("[data-group]")) {
    const all = items(group);
    if (!all.length) continue;
    const before = stops.get(group.dataset.group);
    const stop = (chosen && all.includes(chosen) && chosen)
      || all.find((el) => el === document.activeElement)
      || (before && all.find((el) => el.matches(before)))
      || all.find((el) => el.matches(".selected, [aria-pressed='true'], [aria-current]"))
      || all[0];
    for (const el of all) {
      el.setAttribute("data-rove", "");
      el.tabIndex = el === stop ? 0 : -1;
    }
  }
}

// An element with ``data-keep-scroll="<zoom>"`` (K2's zoomable board): the point in the middle of its view, as
// fractions of its content. (Read before the morph, from the last frame's layout; after it, only when the zoom
// changed: a layout forced in the render's task otherwise.)
function centre(el) {
  return [(el.scrollLeft + el.clientWidth / 2) / (el.scrollWidth || 1),
    (el.scrollTop + el.clientHeight / 2) / (el.scrollHeight || 1)];
}

// Whether the new markup ``html`` may give ``el`` another zoom: it draws an element with another ``data-keep-scroll``
// (a zoomable part sent again as it was, or kept as it is, leaves the zoom as it was: no layout read for it, which
// would force the last render's layout in this task when no frame came between them).
function zooms(el, html) {
  const same = `data-keep-scroll="${el.dataset.keepScroll}"`;
  return (html.match(/data-keep-scroll="[^"]*"/g) ?? []).some((value) => value !== same);
}

// After a screen is shown: its modal dialogs (``<dialog data-modal>``: the result, the hand-off) opened
// with showModal (the rest of the page inert, the focus inside, on its ``autofocus`` button), and the page's
// modules told.
export function rendered(root) {
  for (const dialog of root.querySelectorAll("dialog[data-modal]:not([open])")) {
    if (dialog.isConnected) dialog.showModal();
  }
  watchSticky(root);
  document.dispatchEvent(new CustomEvent("pygames:rendered"));
}

// What sticks to the top of a game screen (on a phone the turn line, in a replay the replay bar: game.css) is
// measured after each layout that changes it, and its height given to the page as ``--sticky-h``: the page's
// scroll-padding (what the browser brings into view stops below it) and views' sizes use it. (Measured by a
// ResizeObserver, after the browser's own layout: nothing is forced in the render's task. Observed again at each
// render, which reports at once: whether an element sticks can change without its size.)
const STICKY = "section.play > .turn-status, section.play > .replay-bar";
const sticky = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => {
  let height = 0;
  for (const el of mayStick) {
    if (getComputedStyle(el).position === "sticky") height = Math.max(height, el.getBoundingClientRect().height);
  }
  // (set only when it changes, and not at all while nothing sticks, its users' default: a change restyles the
  // whole page, the first screen's layout again)
  const value = height ? `${Math.round(height)}px` : "";
  const root = document.documentElement.style;
  if (root.getPropertyValue("--sticky-h") !== value) {
    if (value) root.setProperty("--sticky-h", value);
    else root.removeProperty("--sticky-h");
  }
});

/** @type {Element[]} what can stick, as the last render drew it */
let mayStick = [];

function watchSticky(root) {
  if (!sticky) return;
  sticky.disconnect();
  mayStick = [...root.querySelectorAll(STICKY)];
  for (const el of mayStick) sticky.observe(el);
}

// A <link rel="modulepreload"> for a URL, and a promise resolved once the browser has fetched and
// compiled it (or failed to).
export function modulePreload(url) {
  if (document.querySelector(`link[rel="modulepreload"][href="${CSS.escape(url)}"]`)) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = url;
    link.onload = link.onerror = () => resolve();
    document.head.appendChild(link);
  });
}

// -- what the shell asks of the page by name (shell/page/dom.py ``call``) ------------------------------------------
// Each takes plain values (selectors, texts): the shell never holds the page's elements, so that it can ask the
// same from another thread.

/** Markup (built by the shell: shell/contract/markup.py) in place of what ``selector`` finds, if anything.
 * @param {string} selector @param {string} html */
export function setHtml(selector, html) {
  const el = document.querySelector(selector);
  if (el) el.replaceChildren(parsed(html));
}

/** @type {{html: string, nodes: DocumentFragment} | null} */
let prepared = null; // a new screen's markup parsed a task before it is drawn (``prepare``)

/** Parse ``html``, the markup of a screen about to be drawn (bridge.mjs: a new screen is parsed in one task and
 * patched into the page in the next, rather than both in one of 30-70 ms). @param {string} html */
export function prepare(html) {
  prepared = { html, nodes: parsed(html) };
}

/** ``html``'s nodes, parsed in a <template> (its own inert document) rather than into an element of the page's:
 * Chrome's autofill takes a <select> parsed in the page's document (the language menu of every screen) for a
 * choice of the player's and, in a task of its own, lays the whole page out to read its form again: 40-80 ms
 * after a new K2 screen, under 1 ms a move (docs/performance.md). @param {string} html */
function parsed(html) {
  const template = document.createElement("template");
  template.innerHTML = html;
  return template.content;
}

/** A field's (or a <progress>'s) value. @param {string} selector @param {string | number} value */
export function setValue(selector, value) {
  const field = /** @type {HTMLInputElement | null} */ (document.querySelector(selector));
  if (field) field.value = String(value);
}

/** The move shown in a replay, in view in the move log (the log scrolls, never the page). */
export function revealCurrent() {
  const log = document.querySelector("ol.log");
  const item = log?.querySelector("li.current");
  if (!log || !item) return;
  const box = log.getBoundingClientRect(), row = item.getBoundingClientRect();
  if (row.top < box.top || row.bottom > box.bottom) log.scrollTop += row.top - box.top - (box.height - row.height) / 2;
}

/** The board in view, below what sticks to the top of the screen (the page's scroll-padding), unless most of
 * the screen already shows it: its part drawn highest (the column itself has no box on a phone; K3's pyramids
 * come first in the page, for the keyboard, and are drawn under the mountain). */
export function showBoard() {
  const parts = [...document.querySelectorAll("#board-col > *")].filter((part) => part.getClientRects().length);
  if (!parts.length) return;
  const top = (/** @type {Element} */ part) => part.getBoundingClientRect().top;
  const board = parts.reduce((a, b) => (top(b) < top(a) ? b : a));
  const box = board.getBoundingClientRect(), height = window.innerHeight;
  if ((box.top < height / 3 && box.bottom > height * 2 / 3) || (box.top >= 0 && box.top < height / 3)) return;
  board.scrollIntoView({ block: "start" });
}

/** "Copy link": ``link`` to the clipboard, the link's field selected where it is (or, when the clipboard
 * refused, brought into view to copy by hand), and the words after the turn line say which.
 * @param {string} link @param {string} copied @param {string} refused */
export async function copyLink(link, copied, refused) {
  let done = true;
  try {
    await navigator.clipboard.writeText(link);
  } catch (error) {
    done = false;
  }
  const field = /** @type {HTMLInputElement | null} */ (document.getElementById("game-link"));
  if (field) {
    field.focus(done ? { preventScroll: true } : undefined);
    field.select();
  }
  const status = document.getElementById("turn-status");
  if (status) {
    const note = document.createElement("span");
    note.className = "copied";
    note.textContent = ` — ${done ? copied : refused}`;
    status.appendChild(note);
  }
}

/** Share a result's ``text``: the system's share sheet where the browser has one (a phone), else the text
 * copied to the clipboard; the words beside the button (``#share-status-<place>``) say which.
 * @param {string} text @param {string} place @param {string} copied @param {string} refused */
export async function share(text, place, copied, refused) {
  if (navigator.share) {
    try {
      await navigator.share({ text });
      return; // shared (the system's sheet said so), or the player closed the sheet
    } catch (error) {
      if (/** @type {Error} */ (error).name === "AbortError") return;
    }
  }
  let message = copied;
  try {
    await navigator.clipboard.writeText(text);
  } catch (error) {
    message = refused;
  }
  const status = document.getElementById(`share-status-${place}`);
  if (status) status.textContent = message;
}

/** The page's title. @param {string} title */
export function setTitle(title) {
  document.title = title;
}

/** The page scrolled to ``y`` (from its top). @param {number} y */
export function scrollToY(y) {
  window.scrollTo(0, y);
}

/** The address's fragment, without a history entry or a hashchange. @param {string} fragment */
export function replaceHash(fragment) {
  history.replaceState(null, "", `#${fragment}`);
}

/** Go to the address's ``fragment`` (a history entry; the hashchange routes). @param {string} fragment */
export function setHash(fragment) {
  location.hash = `#${fragment}`;
}

// The bots' decisions (shell/page/bots.py), for tests and benches: ``pygamesThinkLog``, the last 200 as a JSON
// text. Each comes alone, as it is made (the whole log sent at every move cost the page's thread a parse a move).
/** @type {unknown[]} */
const thoughts = [];
Object.defineProperty(globalThis, "pygamesThinkLog", { get: () => JSON.stringify(thoughts), configurable: true });

/** One more of the bots' decisions (a JSON text). @param {string} text */
export function logThought(text) {
  thoughts.push(JSON.parse(text));
  if (thoughts.length > 200) thoughts.shift();
}

/** What ``selector`` finds takes the keyboard's focus now (a control drawn anew under the player's hand).
 * @param {string} selector */
export function focus(selector) {
  /** @type {HTMLElement | null} */ (document.querySelector(selector))?.focus();
}

// -- the device's storage, mirrored in the shell (shell/page/dom.py ``MirroredStorage``) ---------------------------
// The shell reads a copy of localStorage taken as it starts (kept up to date by its own writes and by other tabs'
// "storage" events, shell/events.mjs) and sends its writes here: a worker has no localStorage of its own.

/** Every item of localStorage, as a JSON object's text; null where storage is blocked. */
export function storageItems() {
  try {
    return JSON.stringify({ ...localStorage });
  } catch (error) {
    return null;
  }
}

/** @param {string} key @param {string} value */
export function storageSet(key, value) {
  localStorage.setItem(key, value); // (a full storage throws: the shell says the game could not be saved)
}

/** @param {string} key */
export function storageRemove(key) {
  try {
    localStorage.removeItem(key);
  } catch (error) {
    // storage blocked since: the copy is the shell's
  }
}

// -- a game's own modules (shell/page/scripts.py) -------------------------------------------------------------------

/** @type {Map<string, Promise<unknown>>} */
const imported = new Map(); // url (from the page) -> its import

/** A game's own modules (e.g. Blokus 3D's three.js scene), each imported once: they watch the page for their board
 * and draw it. @param {string[]} urls */
export function importScripts(urls) {
  for (const url of urls) {
    if (imported.has(url)) continue;
    imported.set(url, import(new URL(url, document.baseURI).href).catch((error) => {
      console.error(`pygames: ${url} could not be loaded: ${error}`); // (the view says what is missing)
    }));
  }
}

/** Resolves once a game's modules (``urls``) have loaded and set up its board (``data-board-busy`` on <html> while
 * they do, e.g. Blokus 3D's WebGL context and first picture; at most a second after they loaded).
 * @param {string[]} urls */
export async function boardReady(urls) {
  await Promise.all(urls.map((url) => imported.get(url)));
  const began = performance.now();
  while (document.documentElement.hasAttribute("data-board-busy") && performance.now() - began < 1000) {
    await nextFrame();
  }
}

// -- what the shell knows of the page as it starts (shell/page/dom.py ``start_context``) ---------------------------

/** The page as the shell starts: its address (``url``: without query and fragment; ``search``: its query), whether
 * it is pointed at with a finger, what the first screen drew (the home page before Python, taken over; anything at
 * all), the languages the player asked for (the remembered choice, the browser's), the device's storage (every
 * item, as ``storageItems``) and the page's clock (``timeOrigin``). A JSON object's text. */
export function startContext() {
  const view = document.getElementById("view");
  let stored = null;
  try {
    stored = localStorage.getItem("pygames:language");
  } catch (error) {
    // storage blocked: the browser's languages decide
  }
  return JSON.stringify({
    hash: location.hash,
    touch: matchMedia("(pointer: coarse)").matches,
    view: Boolean(view),
    prerendered: Boolean(view?.hasAttribute("data-prerendered")),
    drawn: Boolean(view?.firstChild),
    language: stored,
    languages: [...(navigator.languages || [])],
    snapshot: document.documentElement.dataset.snapshot === "used", // (the interpreter started from one)
    warm: !globalThis.PYGAMES_NO_WARM_UP, // (the end-to-end tests' fresh pages turn the warm-up off)
    url: location.origin + location.pathname,
    search: location.search,
    storage: storageItems(),
    timeOrigin: performance.timeOrigin,
  });
}

/** The home page drawn before Python (web/first-screen.js), taken over by the shell: its markup patched into it
 * (``html``), so that nothing moves and what the player is doing on it (the focus, a menu) stays; or only no
 * longer marked as the first screen's (``html`` empty). @param {string} selector @param {string} html */
export function takeOverHome(selector, html) {
  const root = document.querySelector(selector);
  if (!root) return;
  root.removeAttribute("data-prerendered");
  if (html) morph(/** @type {HTMLElement} */ (root), html);
}

/** Morph a screen's markup into what ``selector`` finds (``morph``): whether the focus was lost.
 * @param {string} selector @param {string} html */
export function morphInto(selector, html) {
  const root = /** @type {HTMLElement | null} */ (document.querySelector(selector));
  return root ? morph(root, html) : false;
}

/** The page says which language it speaks, and offers the manifest (the installed app's name) in it.
 * @param {string} code @param {string} manifest */
export function showLanguage(code, manifest) {
  const root = document.documentElement;
  if (root.lang !== code) root.lang = code;
  const link = document.querySelector('link[rel="manifest"]');
  if (link && link.getAttribute("href") !== manifest) link.setAttribute("href", manifest);
}

/** A state of the page on <html> (``data-<name>``: read by the boot, the tests and the benches).
 * @param {string} name @param {string} value */
export function setRootData(name, value) {
  document.documentElement.setAttribute(`data-${name}`, value);
}

/** A mark on the page's timeline (benches read them). @param {string} name */
export function mark(name) {
  performance.mark(name);
}

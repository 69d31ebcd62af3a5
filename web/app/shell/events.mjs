// @ts-check
// The page's events, each turned into one message for the shell (shell/page/app.py ``receive``): the page's
// thread reads what a decision needs of the page (the act and ``data-*`` of the element, the fields of a form,
// the dialog that is open, where the keyboard's focus is) and the shell decides from the message alone, never
// from the page. (So the shell can run on another thread: docs/python-in-a-worker.md.) What is the page's own
// work stays here: the keyboard's focus moved by the arrow keys, "Skip to the controls", the list of keys (a
// <dialog>) opened and closed with the focus back where it was, and the browser's default actions prevented.
//
// A message is a JSON text: {kind, ...}, and nothing comes back: what the page must decide at once (whether a key
// is kept from the browser) it reads from the screen (the keys it claims).

import { rove } from "./page.mjs";

const ARROWS = /** @type {Record<string, [number, number]>} */ ({
  ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1],
});
const TARGETS = '.board [role="button"][tabindex="0"], .board button'; // what the arrow keys reach on a board
const FIRST_TARGET = '.board [role="button"][tabindex="0"]'; // a target to act on (not K2's zoom, Blokus 3D's view)
const REPLAY_PLACES = "#replay, ol.log"; // where ← and → are the replay's, whatever the board
const NATIVE = ["button", "a", "summary"]; // elements whose Enter or Space the browser makes a click of
const TYPING = ["input", "select", "textarea"];

/** An element's ``data-*`` values, without the prefix. @param {Element} el */
function dataOf(el) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const { name, value } of el.attributes) if (name.startsWith("data-")) out[name.slice(5)] = value;
  return out;
}

/** A form's fields by name (a checkbox: whether it is checked). @param {HTMLFormElement} form */
export function fieldsOf(form) {
  /** @type {Record<string, string | boolean>} */
  const out = {};
  for (const el of form.querySelectorAll("input, select")) {
    const field = /** @type {HTMLInputElement} */ (el);
    if (!field.name) continue;
    out[field.name] = field.type === "checkbox" ? field.checked : field.value;
  }
  return out;
}

/** The open modal dialog, as a decision needs it: its id, whether it is a game's result, its answer to Escape. */
function dialogOpen() {
  const dialog = document.querySelector("dialog[open]");
  if (!dialog) return null;
  return { id: dialog.id, result: dialog.hasAttribute("data-result"), escape: dialog.getAttribute("data-escape") || "" };
}

/** The new-game form on the page, if any: its game and fields. */
function newGameForm() {
  const form = /** @type {HTMLFormElement | null} */ (document.getElementById("new-game-form"));
  return form ? { game: form.dataset.game || "", fields: fieldsOf(form) } : null;
}

/** Whether the arrow keys are the board's: the focus on the board, or, from anywhere but the replay's controls
 * and the log, the board has a target to go to. */
function boardTakesArrows() {
  const active = document.activeElement;
  if (active?.closest(".board")) return true;
  if (active?.closest(REPLAY_PLACES)) return false;
  return Boolean(document.querySelector(FIRST_TARGET));
}

/** The arrow key ``key`` on the board: the nearest target in that direction gets the focus, inside the focused
 * target's group if it is in one (which then has its Tab stop there); from outside the board, its first target.
 * @param {string} key */
export function moveFocus(key) {
  const active = /** @type {HTMLElement | null} */ (document.activeElement);
  if (!active || !active.closest(".board")) {
    /** @type {HTMLElement | null} */ (document.querySelector(FIRST_TARGET))?.focus();
    return;
  }
  const group = active.closest("[data-group]");
  const candidates = group ? group.querySelectorAll("[data-rove], [tabindex='0']") : document.querySelectorAll(TARGETS);
  const [dx, dy] = ARROWS[key];
  const here = active.getBoundingClientRect();
  const cx = here.left + here.width / 2, cy = here.top + here.height / 2;
  /** @type {HTMLElement | null} */
  let best = null;
  let bestScore = Infinity;
  for (const el of candidates) {
    if (el === active) continue;
    const box = el.getBoundingClientRect();
    const vx = box.left + box.width / 2 - cx, vy = box.top + box.height / 2 - cy;
    const along = vx * dx + vy * dy, across = Math.abs(vx * dy - vy * dx);
    if (along < 2 || across > 2 * along) continue; // not in that direction
    const score = along + 2 * across;
    if (score < bestScore) {
      best = /** @type {HTMLElement} */ (el);
      bestScore = score;
    }
  }
  if (!best) return; // nothing that way: the key stays the board's
  best.focus();
  rove(/** @type {HTMLElement} */ (document.getElementById("app")), new Map(), best);
}

/** The list of the game's keys (``#keys-dialog``, drawn with the screen): ``?`` or its button opens it modal,
 * Escape or its button closes it, and the focus goes back where it was. */
const keysList = {
  /** @type {HTMLElement | null} */
  from: null,
  open() {
    const dialog = /** @type {HTMLDialogElement | null} */ (document.getElementById("keys-dialog"));
    if (!dialog || dialog.open) return;
    this.from = /** @type {HTMLElement | null} */ (document.activeElement);
    dialog.showModal();
  },
  close() {
    const dialog = /** @type {HTMLDialogElement | null} */ (document.getElementById("keys-dialog"));
    if (dialog?.open) dialog.close();
    const back = this.from;
    this.from = null;
    if (back && back.isConnected && back !== document.body) back.focus();
  },
};

/** "Skip to the controls": the first control beside the board takes the focus. */
function skipToControls() {
  /** @type {HTMLElement | null} */ (document.querySelector(
    "#side-col :is(button:not([disabled]), input:not([disabled]), select, a[href], summary, [tabindex='0'])"))?.focus();
}

/** What the page does itself with an element's act (true), else nothing: the shell's. @param {string} act */
function ownAct(act) {
  const own = { keys: () => keysList.open(), "close-keys": () => keysList.close(), "skip-controls": skipToControls };
  const run = own[/** @type {keyof typeof own} */ (act)];
  if (!run) return false;
  run();
  return true;
}

/**
 * Listen for the page's events on ``<main id="app">`` (keys and the address on the document and the window) and
 * send each to the shell as one message.
 * @param {(message: string) => unknown} send
 */
export function listen(send) {
  const main = /** @type {HTMLElement} */ (document.getElementById("app"));
  const post = (/** @type {object} */ message) => { send(JSON.stringify(message)); };
  /** @type {string | null} */
  let dragFrom = null; // the data-drag of the element pressed (a view's drag and drop)
  addEventListener("pygames:redraw", () => post({ kind: "redraw" })); // (page.mjs ``render``: a part missing)

  main.addEventListener("pointerdown", (event) => {
    const target = /** @type {Element | null} */ (event.target);
    dragFrom = target?.closest?.("[data-drag]")?.getAttribute("data-drag") ?? null;
    post({ kind: "pointer" }); // (the last input was a pointer's: a focus moved for it does not scroll the page)
  });
  main.addEventListener("pointerup", (event) => {
    const from = dragFrom;
    dragFrom = null;
    if (from === null) return;
    const under = document.elementFromPoint(event.clientX, event.clientY);
    const to = under?.closest("[data-drag]")?.getAttribute("data-drag");
    if (!to || to === from) return; // a plain click: the click does it
    event.preventDefault();
    post({ kind: "act", act: "drag", data: { from, to }, dialog: dialogOpen() });
  });
  main.addEventListener("click", (event) => {
    const target = /** @type {Element | null} */ (event.target)?.closest?.("[data-act]");
    if (!target) return;
    const data = dataOf(target);
    if (target.localName === "summary" || target.id === "skip-controls") {
      event.preventDefault(); // the shell opens and closes it (the next render keeps it); not a new route
    }
    if (ownAct(data.act)) return;
    post({ kind: "click", data, id: target.id, log: Boolean(target.closest("ol.log")) });
  });
  main.addEventListener("input", (event) => {
    const target = /** @type {HTMLInputElement} */ (event.target);
    if (target.id === "move-input" || target.id === "replay-slider") {
      post({ kind: "input", id: target.id, value: target.value });
    }
  });
  main.addEventListener("change", (event) => {
    const target = /** @type {HTMLInputElement} */ (event.target);
    const form = target.name === "players" ? target.closest("form") : null;
    post({
      kind: "change", id: target.id, value: target.value,
      form: form ? { game: form.dataset.game || "", fields: fieldsOf(form) } : null,
      newGame: target.id === "lang-select" ? newGameForm() : null,
      scrollY: window.scrollY, // (a screen drawn again in another language stays where it was scrolled)
    });
  });
  main.addEventListener("submit", (event) => {
    const form = /** @type {HTMLFormElement} */ (event.target);
    if (form.id !== "move-form" && form.id !== "new-game-form") return;
    event.preventDefault();
    post({ kind: "submit", id: form.id, game: form.dataset.game || "", fields: fieldsOf(form) });
  });
  main.addEventListener("pygames:act", (event) => { // an act from a view's own script (shell/contract/view.py)
    const detail = /** @type {CustomEvent} */ (event).detail;
    if (!detail || typeof detail !== "object" || !detail.act) return;
    /** @type {Record<string, string>} */
    const data = {};
    for (const [name, value] of Object.entries(detail)) if (name !== "act") data[name] = String(value);
    post({ kind: "act", act: String(detail.act), data, dialog: dialogOpen() });
  });
  // a new address (and where the page was scrolled as it changed: a game left for its rules comes back there)
  window.addEventListener("hashchange", () => post({ kind: "hash", hash: location.hash, scrollY: window.scrollY }));
  document.addEventListener("keydown", (event) => onKey(event, post)); // the game's keys work wherever the focus is
  // another tab of the page wrote the device's storage (a game saved there): the shell's copy follows
  window.addEventListener("storage", (event) => {
    if (event.storageArea === localStorage) post({ kind: "storage", key: event.key, value: event.newValue });
  });
}

/** A key: what the page does itself (the list of keys, a button's Enter, the arrows' focus), else the shell's
 * message. @param {KeyboardEvent} event @param {(message: object) => void} post */
function onKey(event, post) {
  const key = event.key;
  const dialog = dialogOpen();
  post({ kind: "keyboard" }); // (the last input was a key's)
  if (key === "Escape" && dialog) {
    event.preventDefault(); // not the browser's closing: the shell closes what may be closed
    if (dialog.id === "keys-dialog") keysList.close();
    else post({ kind: "escape", dialog });
    return;
  }
  const target = /** @type {HTMLElement | null} */ (event.target instanceof Element ? event.target : null);
  const tag = target?.localName ?? "";
  if (TYPING.includes(tag)) return; // typing: the move box and the forms handle their own keys
  if ((key === "Enter" || key === " ") && target?.getAttribute("role") === "button") {
    if (NATIVE.includes(tag)) return; // the browser makes a click of it
    event.preventDefault();
    const data = dataOf(target);
    if (!ownAct(data.act)) post({ kind: "click", data, id: target.id, log: Boolean(target.closest("ol.log")) });
    return;
  }
  if (event.ctrlKey || event.metaKey || event.altKey || !document.querySelector("section.play")) return;
  if (NATIVE.includes(tag) && (key === "Enter" || key === " ")) return;
  if (key === "?" && !dialog) {
    event.preventDefault();
    keysList.open();
    return;
  }
  // The keys with a browser's own use (the arrows, Tab, Enter, Home, End…) are kept from the browser only when the
  // game's screen claims them (section.play's data-keys: the view's, then data-replay-keys: the replay's), the
  // shell's answer being too late for that. In the shell's order: the view's keys; an arrow key the board takes
  // (the focus moved here, nothing sent); the replay's. Other keys (a letter, a digit) go to the shell as they are.
  const play = document.querySelector("section.play");
  const claims = (/** @type {string} */ name) => (play?.getAttribute(name) || "").split(" ");
  if (!dialog && claims("data-keys").includes(key)) {
    event.preventDefault();
  } else if (key in ARROWS && boardTakesArrows()) {
    event.preventDefault();
    moveFocus(key);
    return;
  } else if (!dialog && !event.shiftKey && claims("data-replay-keys").includes(key)) {
    event.preventDefault();
  }
  post({ kind: "key", key, shift: event.shiftKey, dialog });
}

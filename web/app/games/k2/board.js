// @ts-check
// K2's board in the page (imported once, when a game of K2 first opens: games/k2/__init__.py's SCRIPTS).
//
// When a climber has just been chosen to move, or a rescue asks where a dying climber goes, the view marks the
// board's frame with a new ``data-k2-show`` (view.py): after that render, the highlighted spaces are brought into
// view — the zoomed board scrolled within its frame, then the page — as little as it takes, and not at all when
// they are already in view. On a phone the board sits below the player's panel: without this, the spaces a
// climber can reach are below the screen. Other renders never scroll: the player may have looked elsewhere; nor
// does a game's first screen (opened by a link at a rescue, say), which opens at its top like every other.
// When a new day starts for the player (``day-<n>``), the last night's report and the new hand are brought into
// view, once, unless already in view: on a phone, after "End turn", the page would stay on the board below them.

let shown = null; // the last data-k2-show seen
let game = null; // the game it was seen in (section.play's data-save-id)

function rendered(scroll) {
  // (a game's board: the rules page's examples draw boards too)
  const frame = /** @type {HTMLElement | null} */ (document.querySelector("section.play #k2-scroll"));
  const token = frame ? frame.dataset.k2Show || null : null;
  const id = frame ? /** @type {HTMLElement} */ (frame.closest("section.play")).dataset.saveId : null;
  const opened = id !== game;
  game = id;
  if (token === shown) return;
  shown = token;
  // after the browser's layout of the new screen (no layout forced in the render's task)
  if (!scroll || !token || opened) return;
  if (token.startsWith("day-")) requestAnimationFrame(newDay);
  else requestAnimationFrame(() => { if (frame.isConnected) reveal(frame); });
}

document.addEventListener("pygames:rendered", () => rendered(true));
rendered(false); // the screen drawn before this module ran: as it is (its game just opened)
document.documentElement.dataset.k2Board = "ready"; // (for tests: from now on, renders are watched)

const MARGIN = 8; // px left around the spaces

function reveal(frame) {
  const discs = [...frame.querySelectorAll('[data-target="1"] .disc')];
  if (!discs.length) return;
  // the page's part the sticky turn line does not cover (shell: scroll-padding-top)
  const top = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  // the zoomed board within its frame, then the page
  const inner = frame.getBoundingClientRect();
  const [dx, dy] = shift(box(discs), inner.left, inner.top, inner.right, inner.bottom, frame);
  if (dx || dy) frame.scrollBy(dx, dy);
  const [, pageDy] = shift(box(discs), 0, top, window.innerWidth, window.innerHeight, frame);
  if (pageDy) window.scrollBy(0, pageDy);
}

function newDay() {
  const panel = document.querySelector("#k2-night") || document.querySelector("#k2-hand-panel");
  if (!panel) return;
  const top = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  const where = panel.getBoundingClientRect();
  if (where.top >= top && where.top < window.innerHeight / 2) return; // already in view
  panel.scrollIntoView({ block: "start" }); // (below the sticky turn line: the page's scroll-padding)
}

function box(elements) {
  const rects = elements.map((el) => el.getBoundingClientRect());
  return {
    left: Math.min(...rects.map((r) => r.left)), right: Math.max(...rects.map((r) => r.right)),
    top: Math.min(...rects.map((r) => r.top)), bottom: Math.max(...rects.map((r) => r.bottom)),
  };
}

// How far to scroll (x, y) so that ``spaces`` lies within the view (left, top, right, bottom); where it cannot
// all fit, the part around the selected climber (else the lowest space: the nearest to base camp).
function shift(spaces, left, top, right, bottom, frame) {
  const climber = frame.querySelector(".k2-climber.selected");
  const focus = climber ? climber.getBoundingClientRect() : { left: spaces.left, right: spaces.right,
    top: spaces.bottom, bottom: spaces.bottom };
  return [axis(spaces.left, spaces.right, focus.left, focus.right, left, right),
    axis(spaces.top, spaces.bottom, focus.top, focus.bottom, top, bottom)];
}

function axis(lo, hi, focusLo, focusHi, viewLo, viewHi) {
  const room = viewHi - viewLo - 2 * MARGIN;
  if (room <= 0) return 0;
  if (hi - lo > room) {  // too big: centred on the focus, kept within the spaces' span
    const middle = Math.min(Math.max((focusLo + focusHi) / 2, lo + room / 2), hi - room / 2);
    return Math.round(middle - (viewLo + viewHi) / 2);
  }
  if (lo < viewLo + MARGIN) return Math.round(lo - viewLo - MARGIN);
  if (hi > viewHi - MARGIN) return Math.round(hi - viewHi + MARGIN);
  return 0;
}

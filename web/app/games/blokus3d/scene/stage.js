// @ts-check
// After every render of the page: the stage, the scene, the cutaway. The one canvas (one WebGL context for the
// page's lifetime) joins the stage's slot if the slot is new (a new game screen; the slot carries
// data-morph-keep, so that the shell's morph leaves the canvas in it), and the scene is updated by what changed.

import { syncCut } from "./cutaway.js";
import { draw, observeSize, onFirstPicture, redraw } from "./draw.js";
import { listen } from "./input.js";
import { create } from "./objects.js";
import { hostNow } from "./page.js";
import { apply } from "./pieces.js";
import { state, stats } from "./state.js";

// The first board of the page's lifetime costs a WebGL context, the scene's shaders and its first
// picture (each tens of ms under software rendering): each in a task of its own, after the task that
// drew the page, so that none of them makes one long task with another. The shaders are compiled
// without waiting on the main thread where the browser tells when they are ready (three.js's compileAsync;
// elsewhere the first draw waits for them), the first picture is drawn off the page as every picture is,
// and the canvas joins the page with it (draw.js present).

// While the board is being set up, <html data-board-busy> asks the shell to hold a bot's thinking
// (the shell waits for it to go, at most a second), so that the two never share the main thread.
function start() {
  state.starting = false;
  if (state.gl !== null || !hostNow()) return;
  state.gl = create();
  if (state.gl) {
    listen(state.gl.canvas);
    state.priming = true;
    setTimeout(prepare, 0);
  } else {
    ready();
    delete document.documentElement.dataset.boardBusy;
  }
}

function ready() {
  stats.webgl = !!state.gl;
  document.documentElement.dataset.webgl = state.gl ? "1" : "0"; // (tests wait for it: the canvas is in place)
}

onFirstPicture(() => {
  sync();
  ready();
});

/** The first board's scene and every shader it may need (the ghost's and the outline's too: three.js
 * compiles only what is visible); the first picture once they are ready. */
function prepare() {
  const host = hostNow();
  const { gl } = state;
  if (!host) { // gone meanwhile: the next board primes
    state.priming = false;
    delete document.documentElement.dataset.boardBusy;
    return;
  }
  if (host.dataset.scene) apply(host.dataset.scene);
  const hidden = [gl.ghost, gl.last, gl.land].filter((object) => !object.visible);
  for (const object of hidden) object.visible = true;
  // (without KHR_parallel_shader_compile, three.js's compileAsync would only warn: the first draw waits)
  const parallel = gl.renderer.extensions.has("KHR_parallel_shader_compile");
  const compiled = parallel ? gl.renderer.compileAsync(gl.scene, gl.camera) : gl.renderer.compile(gl.scene, gl.camera);
  for (const object of hidden) object.visible = false;
  Promise.resolve(compiled).then(() => setTimeout(() => draw(performance.now()), 0));
}

// On a phone (one column: shell's web/game.css) a piece picked from the tray brings the piece in hand (its turn
// buttons, Place) and the level map under it on screen, when none of the map's cells where it can land is:
// the tray lies above them. Other renders never scroll.
const ONE_COLUMN = typeof matchMedia === "function" ? matchMedia("(max-width: 760px)") : null;

function revealPicked() {
  const picked = /** @type {HTMLElement | null} */ (document.querySelector("section.play"))?.dataset.picked || "";
  const fresh = picked && picked !== state.pickedShown;
  state.pickedShown = picked;
  if (!fresh || !ONE_COLUMN || !ONE_COLUMN.matches) return;
  const cells = [...document.querySelectorAll(".b3d-map [data-can-land]")];
  const top = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  const seen = (/** @type {Element} */ el) => {
    const box = el.getBoundingClientRect();
    return box.top >= top && box.bottom <= innerHeight;
  };
  if (!cells.length || cells.some(seen)) return;
  document.getElementById("b3d-hand")?.scrollIntoView({ block: "start" });
}

/** The page was drawn: the stage, the scene and the cutaway brought up to date. */
export function sync() {
  const host = hostNow();
  if (!host) return;
  revealPicked();
  syncCut();
  if (state.gl === null && !state.starting) {
    state.starting = true;
    document.documentElement.dataset.boardBusy = "1"; // until the first picture (see start)
    setTimeout(start, 0);
  }
  const { gl } = state;
  if (gl && !state.primed && !state.priming) {
    state.priming = true;
    document.documentElement.dataset.boardBusy = "1";
    setTimeout(prepare, 0);
  }
  if (!gl || !state.primed) return;
  const slot = host.querySelector(".b3d-canvas");
  const moved = slot && gl.canvas.parentElement !== slot;
  if (moved) {
    // a new screen: the canvas keeps its picture (a slot of another size: the size observer draws again)
    slot.appendChild(gl.canvas);
    observeSize(slot);
  }
  // Only a changed scene is drawn again here: other changes of the page (a message, the move log) cost no
  // picture (a software-rendered one is tens of ms).
  const text = host.dataset.scene || "";
  if (text && text !== state.shown) {
    // (another game in a new screen: its stage stays empty until its picture, rather than show the last game's)
    if (apply(text) && moved) gl.canvas.style.visibility = "hidden";
    redraw(true);
  }
}

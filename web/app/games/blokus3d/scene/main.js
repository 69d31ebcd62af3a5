// @ts-check
// Blokus 3D's 3D board, drawn with three.js from what Python decides (scene.py writes it as JSON on the stage
// element, data-scene). These modules keep only what three.js needs and what belongs to the player's eyes, never
// a rule: the camera (camera.js; turned and zoomed by three.js's OrbitControls, orbit.js) and the cutaway. The
// build bundles them into one module, app/games/blokus3d/scene.js (tools/site/bundles.py), which the shell
// imports (PyScript's js_import) when a game of Blokus 3D first opens (SCRIPTS in the package's __init__.py; the
// warm-up after the first screen has fetched it and three.js already).
//
// The modules by job: state.js (the one object holding the scene's state), objects.js (three.js's objects, the
// board), pieces.js (the scene's changes: cubes, ghost, last placement, landing markers), camera.js, draw.js
// (pictures on demand, copied onto the page once the GPU has finished them), stage.js (after each render: the
// canvas into its slot, the scene updated), input.js (pointer, keys, buttons, level map), orbit.js (the drag,
// the pinch and the wheel), cutaway.js, page.js (the stage and the acts sent to Python). They import three.js
// by the path the bundle has it from (the build's bundle of the names they use, left out of this one).

import { screenOf } from "./camera.js";
import { cellAt, command } from "./input.js";
import { sync } from "./stage.js";
import { state, stats } from "./state.js";

// The shell says when it has drawn the page ("pygames:rendered", once a render). Until a shell says so
// (one that does not), a cheap observer of the page's children stands in; the first event ends it.
let queued = false;
/** @type {MutationObserver | null} */
let observer = new MutationObserver(() => {
  if (queued) return;
  queued = true;
  queueMicrotask(() => { queued = false; sync(); });
});
observer.observe(document.body, { childList: true, subtree: true });
document.addEventListener("pygames:rendered", () => {
  if (observer) {
    observer.disconnect();
    observer = null;
  }
  sync();
});
sync(); // the board that made the shell load this module is on the page already

/** For the tests and the bench: the drawing's figures, the camera, where a cell is on the screen. */
export const scene3d = {
  stats, camera: state.view, screenOf, command,
  /** @param {number} x @param {number} y */
  cellAt: (x, y) => (state.gl ? cellAt(x, y) : null),
  forget: () => { state.lastCell = ""; state.lastPoint = [NaN, NaN]; },
};
window.pygamesScene3d = scene3d;

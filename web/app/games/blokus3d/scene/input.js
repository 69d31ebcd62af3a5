// @ts-check
// The player's hands on the 3D board: the pointer picks a cell (a click or a tap) and turns the view (a drag,
// orbit.js), two fingers or the wheel zoom; the arrow keys turn the view when the stage has the focus, + and − zoom, the
// view buttons too; over the level map the ghost follows the pointer or the keyboard's focus as on the board.
// (Delegated where the page is redrawn often.)

import * as THREE from "../../../three/three.module.js"; // (the served path, from the bundle: main.js)
import { clampElevation, clampZoom } from "./camera.js";
import { redraw, sharpen } from "./draw.js";
import { follow, orbit, pressMoved, released } from "./orbit.js";
import { HOST, send } from "./page.js";
import { DEFAULT, DRAG_PX, state } from "./state.js";

const STEP = Math.PI / 12; // arrow keys: 15°

/** The cell under the pointer: a cube's top -> its column; a cube's side -> the column in front of that side;
 * the board -> its cell. Null off the board. @param {number} clientX @param {number} clientY @returns {number[] | null} */
export function cellAt(clientX, clientY) {
  const { gl } = state;
  const rect = gl.canvas.getBoundingClientRect();
  const ndc = new THREE.Vector2(((clientX - rect.left) / rect.width) * 2 - 1, -((clientY - rect.top) / rect.height) * 2 + 1);
  gl.raycaster.setFromCamera(ndc, gl.camera);
  const hits = gl.raycaster.intersectObjects([...gl.colours.values(), gl.boardMesh], false);
  for (const hit of hits) {
    let x, y;
    if (hit.object === gl.boardMesh) {
      x = Math.floor(hit.point.x + 5);
      y = Math.floor(5 - hit.point.z);
    } else {
      const [cx, cy] = hit.object.userData.cubes[hit.instanceId];
      const n = hit.face.normal;
      x = cx + (Math.abs(n.x) > 0.5 ? Math.sign(n.x) : 0);
      y = cy - (Math.abs(n.z) > 0.5 ? Math.sign(n.z) : 0);
    }
    if (x >= 0 && x < 10 && y >= 0 && y < 10) return [x, y];
    return null;
  }
  return null;
}

/** The ghost to the cell under a mouse pointer. @param {number} clientX @param {number} clientY @param {number} at */
function hover(clientX, clientY, at) {
  if (clientX === state.lastPoint[0] && clientY === state.lastPoint[1]) return; // the page changed, the pointer did not
  state.lastPoint = [clientX, clientY];
  const cell = cellAt(clientX, clientY);
  if (!cell) return;
  const key = cell.join(",");
  if (key === state.lastCell) return;
  state.lastCell = key;
  send("hover", { x: String(cell[0]), y: String(cell[1]) }, at);
}

/** The pointer on the page's canvas: a press that moves less than DRAG_PX is a click (a cell); more, a drag
 * that turns the view (orbit.js, as two fingers and the wheel zoom). @param {HTMLCanvasElement} canvas */
export function listen(canvas) {
  const { pointers } = state;
  canvas.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    // the stage takes the focus now (a touch would give it only after the tap's own redraw, which
    // would first bring the focus back to the level map and scroll the page there)
    const host = /** @type {HTMLElement | null} */ (canvas.closest(HOST));
    if (host && document.activeElement !== host) host.focus({ preventScroll: true });
    pointers.set(event.pointerId, [event.clientX, event.clientY]);
    canvas.setPointerCapture(event.pointerId);
    if (pointers.size === 1) state.press = { x: event.clientX, y: event.clientY, moved: 0, pinch: 0 };
    else if (state.press) state.press.pinch = 1; // (two fingers: no click)
  });
  canvas.addEventListener("pointermove", (event) => {
    const was = pointers.get(event.pointerId);
    if (!was) {
      if (event.pointerType === "mouse") hover(event.clientX, event.clientY, event.timeStamp);
      return;
    }
    const [px, py] = was;
    pointers.set(event.pointerId, [event.clientX, event.clientY]);
    const { press } = state;
    if (!press) return;
    press.moved += Math.abs(event.clientX - px) + Math.abs(event.clientY - py);
    pressMoved(); // (before the controls hear of this move: they listen on the document)
  });
  const release = (/** @type {PointerEvent} */ event) => {
    if (!pointers.has(event.pointerId)) return;
    pointers.delete(event.pointerId);
    const { press } = state;
    if (pointers.size === 0 && press) {
      const click = press.moved <= DRAG_PX && !press.pinch && event.type === "pointerup";
      state.press = null;
      released();
      sharpen();
      if (click) {
        const cell = cellAt(event.clientX, event.clientY);
        if (cell) {
          state.lastCell = cell.join(",");
          send("cell", { x: String(cell[0]), y: String(cell[1]) }, event.timeStamp);
        }
      }
    }
  };
  canvas.addEventListener("pointerup", release);
  canvas.addEventListener("pointercancel", release);
  orbit(canvas);
}

/** The view turned, zoomed or reset by a key or a view button; false for a command it does not know.
 * @param {string} cmd */
export function command(cmd) {
  const { view } = state;
  if (cmd === "left") view.azimuth += STEP;
  else if (cmd === "right") view.azimuth -= STEP;
  else if (cmd === "up") view.elevation = clampElevation(view.elevation + STEP / 1.5);
  else if (cmd === "down") view.elevation = clampElevation(view.elevation - STEP / 1.5);
  else if (cmd === "in") view.zoom = clampZoom(view.zoom * 1.2);
  else if (cmd === "out") view.zoom = clampZoom(view.zoom / 1.2);
  else if (cmd === "reset") Object.assign(view, DEFAULT);
  else return false;
  follow();
  redraw();
  return true;
}

/** @type {Record<string, string>} */
const KEYS = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down", "+": "in", "=": "in",
  "-": "out", _: "out", "0": "reset", Home: "reset" };

document.addEventListener("keydown", (event) => {
  // on the focused 3D stage, the arrow keys turn the view (elsewhere they are the game's)
  const target = /** @type {Element | null} */ (event.target);
  if (!target || !target.matches || !target.matches(HOST) || event.ctrlKey || event.metaKey || event.altKey) return;
  const cmd = KEYS[event.key];
  if (cmd && state.gl) {
    command(cmd);
    event.preventDefault();
    event.stopPropagation();
  }
}, true);

document.addEventListener("click", (event) => {
  const target = /** @type {Element | null} */ (event.target);
  const button = target && target.closest && /** @type {HTMLElement | null} */ (target.closest("[data-view3d]"));
  if (button && button.tagName === "BUTTON") command(button.dataset.view3d || "");
});

/** The level map's cell at ``target`` (not in a rules page's inert example). @param {EventTarget | null} target */
function mapCell(target) {
  const el = /** @type {Element | null} */ (target);
  const cell = el && el.closest && /** @type {HTMLElement | null} */ (el.closest('.b3d-map [data-act="cell"]'));
  return cell && !cell.closest("[inert]") ? cell : null;
}

document.addEventListener("pointermove", (event) => {
  // over the level map, the ghost follows the pointer as on the 3D board
  if (event.pointerType !== "mouse" || (event.clientX === state.lastPoint[0] && event.clientY === state.lastPoint[1])) return;
  const cell = mapCell(event.target);
  if (!cell) return;
  state.lastPoint = [event.clientX, event.clientY];
  const key = cell.dataset.x + "," + cell.dataset.y;
  if (key === state.lastCell) return;
  state.lastCell = key;
  send("hover", { x: cell.dataset.x || "", y: cell.dataset.y || "" }, event.timeStamp);
});

document.addEventListener("focusin", (event) => {
  // the keyboard's focus on a level map's cell moves the ghost there; a finger's tap focuses the cell too,
  // but then the tap itself moves the ghost ("cell"), so that a second tap, not the first, places the piece
  const cell = mapCell(event.target);
  if (!cell || !cell.matches(":focus-visible")) return;
  const key = cell.dataset.x + "," + cell.dataset.y;
  if (key === state.lastCell) return;
  state.lastCell = key;
  send("hover", { x: cell.dataset.x || "", y: cell.dataset.y || "" });
});

// @ts-check
// The view turned and zoomed by three.js's OrbitControls: a drag turns it, two fingers or the wheel zoom. A press
// turns nothing until it has moved more than DRAG_PX (less is a click or a tap, which picks a cell: input.js, and
// leaves the view as it was): the controls are off from a first pointer's press until then (a second finger, a
// pinch, zooms at once). The controls turn a stand-in camera round the origin, whose angles and distance are the
// view's (azimuth, elevation, 1 / zoom): camera.js then frames the structure in play from those angles (the
// controls alone would orbit a fixed point from a fixed distance).

import * as THREE from "../../../three/three.module.js"; // (the served path, from the bundle: main.js)
import { ELEVATION, ZOOM } from "./camera.js";
import { redraw } from "./draw.js";
import { DRAG_PX, state } from "./state.js";

const RADIANS_PER_PX = 0.01; // a drag turns the view this much per pixel (the controls: a turn per canvas height)
const WHEEL_SPEED = Math.log(1.1) / -Math.log(0.95); // a wheel's notch (100 px) zooms 1.1 times (the controls: 0.95 ** speed)

/** The controls, once the canvas is made @type {any} */
let controls = null;
const stand = { camera: /** @type {any} */ (null), writing: false };

/** The controls on the page's canvas; input.js's own pointer listeners are on it already (they count the
 * pointers and how far a press moved). @param {HTMLCanvasElement} canvas */
export function orbit(canvas) {
  canvas.addEventListener("pointerdown", (event) => { // (before the controls' own listener)
    if (state.pointers.size > 1) controls.enabled = true; // a second finger: a pinch zooms at once
    controls.rotateSpeed = (RADIANS_PER_PX * Math.max(1, canvas.clientHeight)) / (2 * Math.PI);
    controls.zoomSpeed = event.pointerType === "touch" ? 1 : WHEEL_SPEED; // (a pinch: as the fingers spread)
  });
  stand.camera = new THREE.PerspectiveCamera();
  controls = new THREE.OrbitControls(stand.camera, canvas);
  controls.enableDamping = false;
  controls.enablePan = false;
  controls.mouseButtons = { LEFT: THREE.MOUSE.ROTATE, MIDDLE: null, RIGHT: null }; // (as before: the left button only)
  controls.minPolarAngle = Math.PI / 2 - ELEVATION[1];
  controls.maxPolarAngle = Math.PI / 2 - ELEVATION[0];
  controls.minDistance = 1 / ZOOM[1];
  controls.maxDistance = 1 / ZOOM[0];
  controls.zoomSpeed = WHEEL_SPEED;
  canvas.removeEventListener("contextmenu", controls._onContextMenu); // (the browser's menu stays, as elsewhere)
  canvas.addEventListener("pointerdown", () => { // (after the controls' listener: it has the pointer)
    if (state.pointers.size === 1) controls.enabled = false; // until the press has moved DRAG_PX
  });
  controls.addEventListener("change", () => {
    if (stand.writing) return;
    const { view } = state;
    view.azimuth = controls.getAzimuthalAngle();
    view.elevation = Math.PI / 2 - controls.getPolarAngle();
    view.zoom = 1 / controls.getDistance();
    redraw();
  });
  follow();
}

/** A press moved: past DRAG_PX, the controls turn the view (from where the press began). */
export function pressMoved() {
  if (controls && state.press && state.press.moved > DRAG_PX) controls.enabled = true;
}

/** The last pointer is up: the controls on for the wheel, at its speed. */
export function released() {
  if (!controls) return;
  controls.enabled = true;
  controls.zoomSpeed = WHEEL_SPEED;
}

/** The controls where the view is, after a key or a view button changed it. */
export function follow() {
  if (!controls) return;
  const { view } = state;
  stand.writing = true;
  stand.camera.position.setFromSphericalCoords(1 / view.zoom, Math.PI / 2 - view.elevation, view.azimuth);
  controls.update();
  stand.writing = false;
}

// @ts-check
// Where the camera stands: the player's angles and zoom (``state.view``), and the structure in play framed
// whole at those angles and the canvas's shape.

import * as THREE from "../../../three/three.module.js"; // (the served path, from the bundle: main.js)
import { world } from "./objects.js";
import { state } from "./state.js";

const CORNER = new THREE.Vector3();
const AXES = [new THREE.Vector3(), new THREE.Vector3(), new THREE.Vector3()]; // right, up, forward
export const ELEVATION = [0.05, 1.5]; // the lowest and the highest the camera looks from (radians)
export const ZOOM = [0.45, 3.5]; // the least and the most zoom

/** ``e`` within ELEVATION. @param {number} e */
export function clampElevation(e) {
  return Math.min(ELEVATION[1], Math.max(ELEVATION[0], e));
}

/** ``z`` within ZOOM. @param {number} z */
export function clampZoom(z) {
  return Math.min(ZOOM[1], Math.max(ZOOM[0], z));
}

/** The structure in play (its footprint and a margin, from the board up to its height now) framed whole at
 * this camera angle and the canvas's shape: from the least distance at which every corner of the box is
 * inside the field of view (34° high, as wide as the canvas allows), the box's picture then centred (the
 * camera looks a little aside of the box's middle, as perspective draws its near side larger). Sets the
 * camera's target; returns the distance. @param {number} e @param {number} a */
function frameStructure(e, a) {
  const { gl } = state;
  const { x0, x1, y0, y1, height } = gl.box;
  const pad = 0.35;
  const lo = world(x0 - pad, y0 - pad, -0.5), hi = world(x1 + 1 + pad, y1 + 1 + pad, height - 0.5);
  gl.target.set((lo.x + hi.x) / 2, (lo.y + hi.y) / 2, (lo.z + hi.z) / 2);
  const [right, up, forward] = AXES;
  forward.set(-Math.cos(e) * Math.sin(a), -Math.sin(e), -Math.cos(e) * Math.cos(a));
  right.crossVectors(forward, gl.camera.up).normalize();
  up.crossVectors(right, forward);
  const tanY = Math.tan((gl.camera.fov * Math.PI) / 360) * 0.94, tanX = tanY * gl.camera.aspect;
  let distance = 1;
  for (let pass = 0; pass < 3; pass++) {
    // the distance that fits the box around the target, then the target moved to the picture's middle
    distance = 1;
    const corners = [];
    for (const x of [lo.x, hi.x]) for (const y of [lo.y, hi.y]) for (const z of [lo.z, hi.z]) {
      CORNER.set(x, y, z).sub(gl.target);
      const side = CORNER.dot(right), rise = CORNER.dot(up), ahead = CORNER.dot(forward);
      corners.push([side, rise, ahead]);
      distance = Math.max(distance, Math.abs(side) / tanX - ahead, Math.abs(rise) / tanY - ahead);
    }
    if (pass === 2) break;
    let left = Infinity, rightmost = -Infinity, low = Infinity, high = -Infinity;
    for (const [side, rise, ahead] of corners) {
      const depth = distance + ahead;
      left = Math.min(left, side / depth); rightmost = Math.max(rightmost, side / depth);
      low = Math.min(low, rise / depth); high = Math.max(high, rise / depth);
    }
    gl.target.addScaledVector(right, ((left + rightmost) / 2) * distance);
    gl.target.addScaledVector(up, ((low + high) / 2) * distance);
  }
  return distance;
}

/** The camera where the player's angles and zoom put it, looking at the structure framed. */
export function placeCamera() {
  const { gl, view } = state;
  const e = view.elevation, a = view.azimuth, d = frameStructure(e, a) / view.zoom;
  gl.camera.position.set(
    gl.target.x + d * Math.cos(e) * Math.sin(a), gl.target.y + d * Math.sin(e), gl.target.z + d * Math.cos(e) * Math.cos(a));
  gl.camera.lookAt(gl.target);
}

/** Where the top of the cube at (x, y, z) is on the screen, in client pixels (for the tests and the bench).
 * @param {number} x @param {number} y @param {number} z @returns {number[] | null} */
export function screenOf(x, y, z) {
  const { gl } = state;
  if (!gl) return null;
  placeCamera();
  gl.camera.updateMatrixWorld();
  const p = world(x, y, z - 0.5).project(gl.camera);
  const rect = gl.canvas.getBoundingClientRect();
  return [rect.left + ((p.x + 1) / 2) * rect.width, rect.top + ((1 - p.y) / 2) * rect.height];
}

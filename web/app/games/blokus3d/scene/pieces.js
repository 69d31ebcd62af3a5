// @ts-check
// The scene's changes (scene.py's JSON, ``apply``): each writes into objects made once. A placement writes its
// cubes into the colour's instanced mesh; the ghost, the last placement's outline and the landing markers move
// their few reused objects; the board is built again only for a new structure. The cutaway hides the levels
// above ``state.cut``.

import * as THREE from "../../../three/three.module.js"; // (the served path, from the bundle: main.js)
import { buildBoard, colourMaterial, cubesOf, setOutline, world } from "./objects.js";
import { CUBES_PER_COLOUR, keep, state, stats } from "./state.js";

const MATRIX = new THREE.Matrix4();

/** The colour's instanced mesh, made when the colour first comes into play, for all its cubes (larger, should
 * a colour ever have more: then written anew). @param {string} letter @param {number} capacity @param {any} material */
function colourMesh(letter, capacity, material) {
  const { gl } = state;
  const old = gl.colours.get(letter);
  if (old && old.instanceMatrix.count >= capacity) {
    old.material = material;
    return old;
  }
  const mesh = new THREE.InstancedMesh(gl.unit, material, Math.max(CUBES_PER_COLOUR, capacity));
  mesh.count = 0;
  mesh.userData = { all: [], cubes: [], text: "", cut: null, letter };
  if (old) {
    gl.cubes.remove(old);
    old.dispose();
  }
  gl.cubes.add(mesh);
  gl.colours.set(letter, mesh);
  return mesh;
}

/** Each colour's cubes in the order they were placed: a placement's are written after the others (only they
 * are); cubes gone (an undo, another game) write the colour's anew. True if cubes are gone. @param {any} data */
function placeCubes(data) {
  let gone = false;
  for (const [letter, mesh] of state.gl.colours) if (!(letter in data.cubes)) gone = setCubes(mesh, "") || gone;
  for (const [letter, text] of Object.entries(data.cubes)) {
    gone = setCubes(colourMesh(letter, text.length / 3, colourMaterial(data, letter)), text) || gone;
  }
  return gone;
}

/** The instances are the colour's cubes below the cutaway (all of them without one), in the order placed;
 * userData: all (the colour's cubes), cubes (the instances' cubes), text (all's), cut (the instances').
 * True if cubes are gone. @param {any} mesh @param {string} text */
function setCubes(mesh, text) {
  const kept = mesh.userData;
  const { cut } = state;
  if (text === kept.text && cut === kept.cut) return false;
  const gone = !text.startsWith(kept.text);
  const below = (/** @type {number[]} */ cube) => cut === null || cube[2] < cut;
  let from = 0; // the first instance written
  if (cut === kept.cut && kept.text && text.startsWith(kept.text)) {
    const added = cubesOf(text.slice(kept.text.length));
    kept.all.push(...added);
    from = kept.cubes.length;
    kept.cubes.push(...added.filter(below));
  } else {
    kept.all = cubesOf(text);
    kept.cubes = kept.all.filter(below);
  }
  const cubes = kept.cubes;
  for (let i = from; i < cubes.length; i++) {
    const [x, y, z] = cubes[i];
    mesh.setMatrixAt(i, MATRIX.makeTranslation(world(x, y, z)));
  }
  const matrices = mesh.instanceMatrix;
  matrices.clearUpdateRanges();
  if (cubes.length > from) {
    matrices.addUpdateRange(from * 16, (cubes.length - from) * 16);
    matrices.needsUpdate = true;
  }
  mesh.count = cubes.length;
  mesh.computeBoundingSphere(); // (what the pointer's ray tests first: the cubes shown)
  kept.text = text;
  kept.cut = cut;
  stats.written += cubes.length - from;
  return gone;
}

/** The ghost: the piece in hand where it would land, or none. @param {{ cubes: number[][], ok: boolean } | null} ghost */
function placeGhost(ghost) {
  const { gl } = state;
  gl.ghost.visible = !!ghost;
  if (!ghost) return;
  let mesh = gl.ghostMesh;
  if (ghost.cubes.length > mesh.instanceMatrix.count) { // more cubes than a piece has: a larger mesh
    gl.ghost.remove(mesh);
    mesh.dispose();
    const larger = new THREE.InstancedMesh(gl.unit, mesh.material, ghost.cubes.length);
    larger.renderOrder = mesh.renderOrder;
    larger.frustumCulled = false;
    gl.ghost.add(larger);
    mesh = gl.ghostMesh = larger;
  }
  ghost.cubes.forEach(([x, y, z], i) => mesh.setMatrixAt(i, MATRIX.makeTranslation(world(x, y, z))));
  mesh.count = ghost.cubes.length;
  mesh.instanceMatrix.clearUpdateRanges();
  mesh.instanceMatrix.addUpdateRange(0, mesh.count * 16);
  mesh.instanceMatrix.needsUpdate = true;
  [mesh.material, gl.ghostEdges.material] = gl.ghostLooks[ghost.ok ? "ok" : "no"];
  setOutline(gl.ghostEdges, ghost.cubes);
}

/** A disc on top of each column where the piece in hand can land ([x, y, height]; under the cutaway: those
 * whose top is shown). @param {number[][] | undefined} land */
function placeLand(land) {
  const mesh = state.gl.land;
  const { cut } = state;
  let n = 0;
  for (const [x, y, h] of land || []) {
    if (cut !== null && h > cut) continue;
    if (n >= mesh.instanceMatrix.count) break;
    mesh.setMatrixAt(n++, MATRIX.makeTranslation(x - 4.5, h + 0.02, 4.5 - y));
  }
  mesh.count = n;
  mesh.instanceMatrix.clearUpdateRanges();
  mesh.instanceMatrix.addUpdateRange(0, n * 16);
  mesh.instanceMatrix.needsUpdate = true;
  mesh.visible = n > 0;
}

/** The cutaway (``state.cut``) applied to every object it hides. */
export function applyCut() {
  const { gl } = state;
  for (const mesh of gl.colours.values()) setCubes(mesh, mesh.userData.text);
  gl.last.visible = state.cut === null && gl.last.geometry.drawRange.count > 0;
  placeLand(state.shownData.land);
}

/** The structure in play: as high as its highest cube, one level more for the next piece (at most its limit).
 * @param {any} data */
function frameHeight(data) {
  let high = 0;
  for (const text of Object.values(data.cubes)) {
    for (let i = 2; i < text.length; i += 3) high = Math.max(high, +text[i] + 1);
  }
  return Math.max(1, Math.min(state.gl.box.top, high + 1));
}

/** The scene ``text`` (scene.py) into the objects; true for another board (another structure, cubes gone).
 * @param {string} text */
export function apply(text) {
  const began = performance.now();
  const { gl } = state;
  const data = JSON.parse(text);
  const key = data.cells + "/" + data.top;
  const board = key !== state.layoutKey;
  if (board) {
    buildBoard(data);
    state.layoutKey = key;
    state.cut = null;
  }
  const before = state.shownData;
  const gone = placeCubes(data);
  gl.box.height = frameHeight(data);
  if (before.last !== data.last) setOutline(gl.last, cubesOf(data.last || ""));
  if (JSON.stringify(before.ghost) !== JSON.stringify(data.ghost)) placeGhost(data.ghost);
  state.shownData = data;
  applyCut(); // (and the landing markers, as the cutaway shows them)
  if (data.anchor) state.lastCell = data.anchor.join(","); // the ghost's cell, wherever Python put it
  state.shown = text;
  stats.appliedAt = performance.now();
  keep(stats.applies, { at: began, ms: stats.appliedAt - began });
  if (state.pending && !state.pending.applied) state.pending.applied = stats.appliedAt;
  return board || gone;
}

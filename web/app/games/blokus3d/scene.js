// Blokus 3D's 3D board, drawn with three.js from what Python decides (scene.py writes it as JSON
// on the stage element, data-scene). This module keeps only what three.js needs and what belongs to
// the player's eyes, never a rule: the camera (orbit by dragging or with the arrow keys when the
// stage has the focus, zoom by wheel, pinch or + and −, the view buttons, reset) and the cutaway.
// The pointer's cell goes back to Python as "pygames:act" events (the shell hands them to the
// view): "hover" when it moves over a cell (the ghost follows), "cell" on a click or a tap.
//
// The shell imports this module (PyScript's js_import) when a game of Blokus 3D first opens (SCRIPTS in
// the package's __init__.py; the warm-up after the first screen has fetched it and three.js already).
// After each render the shell sends "pygames:rendered": the one canvas (one WebGL context for the page's
// lifetime) joins the stage's slot if the slot is new (a new game screen; the slot carries
// data-morph-keep, so that the shell's morph leaves the canvas in it), and the scene is updated by what
// changed: a placement writes its cubes into the colour's instanced mesh, the ghost and the last
// placement's outline move their few reused objects; nothing is built again but for a new structure.
// Drawing happens on demand (after a change, while a drag lasts), never in a constant loop, and off the
// page: three.js draws on a canvas of its own, and the picture is copied onto the page's canvas once
// the GPU has finished it (a fence), so that the page's frames never wait for the GPU on the main thread.

import * as THREE from "../../../three/three.module.js";

const HOST = ".b3d-stage";
const DEFAULT = { azimuth: 0.5, elevation: 0.82, zoom: 1 }; // from the front right, as the pieces are drawn
const camera3 = { ...DEFAULT };
const STEP = Math.PI / 12; // arrow keys: 15°
const CUBES_PER_COLOUR = 40; // the 11 pieces' cubes (pygames/blokus3d/data.py, B3D-R2): one colour's mesh holds them all
const PIECE_CUBES = 4; // the largest piece's: the ghost's and the last placement's objects hold as many
const CELLS = 100; // the board's: the landing markers hold as many
const CELL_PX = 48; // the board's texture: pixels per cell

let gl = null; // { renderer, scene, camera, ... } once created; false when WebGL is unavailable
let shown = ""; // the scene text drawn last
let shownData = {}; // ... and what it says
let layoutKey = ""; // the structure drawn last
let cut = null; // the highest height shown (null: all of them)
let frame = 0; // a requested animation frame
let lastCell = ""; // the cell last sent as "hover"
let lastPoint = [NaN, NaN];
const pointers = new Map(); // pointerId -> [x, y] while pressed
let press = null; // { x, y, moved, pinch }

// What the bench and the tests read (tests/bench/blokus3d_page_bench.py, blokus3d_longtask_bench.py):
// draws (the main thread's ms, the ms until the GPU had finished and the picture was copied onto the page:
// gpuMs, and the copy's: copyMs), each scene change applied
// ({at, ms}) and the cubes' instances written, and for each act sent to Python the time until Python's new scene was applied and until
// its picture was on the page.
const stats = { draws: 0, drawMs: [], gpuMs: [], copyMs: [], frames: [], applies: [], written: 0, appliedAt: 0,
  drawnAt: 0, webgl: null, acts: [] };
let pending = null; // the act sent last: { act, at, applied }

function keep(list, item) {
  list.push(item);
  if (list.length > 600) list.splice(0, 300);
}

// -- finding the stage ---------------------------------------------------------------------------

function hostNow() {
  for (const el of document.querySelectorAll(HOST)) {
    if (!el.closest("[inert]")) return el; // rules pages draw inert examples: the level map only
  }
  return null;
}

function send(act, data, at = performance.now()) {
  // (at: when the pointer event happened, on the page's clock, for the bench)
  const host = hostNow();
  if (!host) return;
  pending = { act, at, applied: 0 };
  host.dispatchEvent(new CustomEvent("pygames:act", { bubbles: true, detail: { act, ...data } }));
}

// -- three.js objects ------------------------------------------------------------------------------

// The one WebGL 2 context, asked for directly (three.js needs WebGL 2; asking first spares the console
// three.js's error when there is none) and handed to three.js: one context, not a probe and then another.
// Its canvas stays off the page (present copies its pictures onto the page's canvas).
const CONTEXT = { alpha: false, depth: true, stencil: false, antialias: false, premultipliedAlpha: true,
  preserveDrawingBuffer: false, powerPreference: "low-power" };

function create() {
  let renderer;
  const view = document.createElement("canvas"); // the page's canvas: the pictures, copied
  const paint = view.getContext("2d", { alpha: false });
  try {
    const canvas = document.createElement("canvas");
    const context = canvas.getContext("webgl2", CONTEXT);
    if (!context || !paint) return false;
    renderer = new THREE.WebGLRenderer({ canvas, context, antialias: false, powerPreference: "low-power" });
  } catch (error) {
    return false;
  }
  renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
  view.className = "b3d-gl";
  view.setAttribute("aria-hidden", "true");
  const scene = new THREE.Scene();
  scene.background = new THREE.Color("#e6edf4");
  scene.add(new THREE.HemisphereLight("#ffffff", "#a89f8a", 2.1));
  const sun = new THREE.DirectionalLight("#ffffff", 1.6);
  sun.position.set(6, 14, 9);
  scene.add(sun);
  const camera = new THREE.PerspectiveCamera(34, 1, 0.1, 300);
  const unit = new THREE.BoxGeometry(1, 1, 1);
  const state = {
    renderer, scene, camera, canvas: view, paint,
    board: new THREE.Group(), cubes: new THREE.Group(), ghost: new THREE.Group(), last: null,
    colours: new Map(), // letter -> its InstancedMesh (setCubes)
    materials: new Map(), // a colour's paint -> its material (its letter's texture)
    boardMesh: null, target: new THREE.Vector3(), box: null,
    unit, raycaster: new THREE.Raycaster(), textures: new Map(),
  };
  // the ghost: the picked piece where it would land, green where the engine allows it, red where not;
  // its edges show through whatever stands in front of it
  const ghostPaint = (colour) => new THREE.MeshLambertMaterial({ color: colour, transparent: true, opacity: 0.55,
    depthWrite: false });
  const ghostEdge = (colour) => new THREE.LineBasicMaterial({ color: colour, depthTest: false, transparent: true });
  state.ghostLooks = { ok: [ghostPaint("#33b864"), ghostEdge("#0d5c2a")], no: [ghostPaint("#e0443a"), ghostEdge("#9b1010")] };
  state.ghostMesh = new THREE.InstancedMesh(unit, state.ghostLooks.ok[0], PIECE_CUBES);
  state.ghostMesh.count = 0;
  state.ghostMesh.renderOrder = 2;
  state.ghostMesh.frustumCulled = false;
  state.ghostEdges = outline(PIECE_CUBES, state.ghostLooks.ok[1], edgesOf(unit));
  state.ghostEdges.renderOrder = 3;
  state.ghost.add(state.ghostMesh, state.ghostEdges);
  state.ghost.visible = false;
  // where the piece in hand can land: a light disc on top of each such column (the level map's rings)
  const disc = new THREE.CircleGeometry(0.3, 28);
  disc.rotateX(-Math.PI / 2);
  state.land = new THREE.InstancedMesh(disc, new THREE.MeshBasicMaterial({ color: "#2fbf62", transparent: true,
    opacity: 0.8, depthWrite: false }), CELLS);
  state.land.count = 0;
  state.land.renderOrder = 1;
  state.land.frustumCulled = false;
  state.land.visible = false;
  // the last placement's cubes, outlined
  const lastBox = new THREE.BoxGeometry(1.04, 1.04, 1.04);
  state.last = outline(PIECE_CUBES, new THREE.LineBasicMaterial({ color: "#ffb000" }), edgesOf(lastBox));
  lastBox.dispose();
  state.last.visible = false;
  scene.add(state.board, state.cubes, state.last, state.ghost, state.land);
  listen(view);
  return state;
}

function world(x, y, z) {
  // rules coordinates (x right, y back, z up) -> three.js (x right, y up, z towards the viewer)
  return new THREE.Vector3(x - 4.5, z + 0.5, 4.5 - y);
}

function cubesOf(text) {
  // "xyzxyz…" (scene.py) -> [[x, y, z], …]
  const cubes = [];
  for (let i = 0; i + 2 < text.length; i += 3) cubes.push([+text[i], +text[i + 1], +text[i + 2]]);
  return cubes;
}

function edgesOf(box) {
  // a box's 12 edges as 24 points (x, y, z each), around its centre
  const edges = new THREE.EdgesGeometry(box);
  const points = Float32Array.from(edges.attributes.position.array);
  edges.dispose();
  return points;
}

function outline(capacity, material, edges) {
  // LineSegments for the edges of up to ``capacity`` cubes (drawn: as many as setOutline wrote)
  const geometry = new THREE.BufferGeometry();
  const position = new THREE.BufferAttribute(new Float32Array(capacity * edges.length), 3);
  position.setUsage(THREE.DynamicDrawUsage);
  geometry.setAttribute("position", position);
  geometry.setDrawRange(0, 0);
  const lines = new THREE.LineSegments(geometry, material);
  lines.frustumCulled = false;
  lines.userData.edges = edges;
  return lines;
}

function setOutline(lines, cubes) {
  const edges = lines.userData.edges;
  let position = lines.geometry.attributes.position;
  if (cubes.length * edges.length > position.array.length) { // more cubes than a piece has: a larger buffer
    const geometry = new THREE.BufferGeometry();
    position = new THREE.BufferAttribute(new Float32Array(cubes.length * edges.length), 3);
    position.setUsage(THREE.DynamicDrawUsage);
    geometry.setAttribute("position", position);
    lines.geometry.dispose();
    lines.geometry = geometry;
  }
  const out = position.array;
  let k = 0;
  for (const cube of cubes) {
    const p = world(...cube);
    for (let i = 0; i < edges.length; i += 3) {
      out[k++] = edges[i] + p.x;
      out[k++] = edges[i + 1] + p.y;
      out[k++] = edges[i + 2] + p.z;
    }
  }
  position.clearUpdateRanges();
  position.addUpdateRange(0, k);
  position.needsUpdate = true;
  lines.geometry.setDrawRange(0, k / 3);
}

function letterTexture(fill, ink, edge, letter) {
  const key = fill + letter;
  if (gl.textures.has(key)) return gl.textures.get(key);
  const c = document.createElement("canvas");
  c.width = c.height = 64;
  const g = c.getContext("2d");
  g.fillStyle = fill;
  g.fillRect(0, 0, 64, 64);
  g.strokeStyle = edge;
  g.lineWidth = 6;
  g.strokeRect(3, 3, 58, 58);
  g.fillStyle = ink;
  g.font = "bold 34px system-ui, sans-serif";
  g.textAlign = "center";
  g.textBaseline = "middle";
  g.fillText(letter, 32, 35);
  const texture = new THREE.CanvasTexture(c);
  texture.colorSpace = THREE.SRGBColorSpace;
  gl.textures.set(key, texture);
  return texture;
}

function colourMaterial(data, letter) {
  // one material per colour's paint for the page's lifetime
  const key = [data.fill[letter], data.ink[letter], data.edge[letter], letter].join("/");
  let material = gl.materials.get(key);
  if (!material) {
    material = new THREE.MeshLambertMaterial({
      map: letterTexture(data.fill[letter], data.ink[letter], data.edge[letter], letter) });
    gl.materials.set(key, material);
  }
  return material;
}

function clear(group) {
  for (const child of [...group.children]) {
    group.remove(child);
    if (child.geometry && child.geometry !== gl.unit) child.geometry.dispose();
    if (child.material) child.material.dispose();
  }
}

function buildBoard(data) {
  // the 10x10 board, the structure's cells lighter and shaded by their height limit (each limit written in
  // its cell's corner: B3D-R1, R8), and round it a margin with the coordinates that the notation and the move
  // log name cells by: x along the front and the back, y along the sides (the level map's numbers)
  for (const child of gl.board.children) if (child.material && child.material.map) child.material.map.dispose();
  clear(gl.board);
  const cells = [];
  for (let i = 0; i < data.cells.length; i += 3) {
    cells.push([+data.cells[i], +data.cells[i + 1], +data.cells[i + 2]]);
  }
  const u = CELL_PX, side = 12 * u; // one cell of margin all round
  const at = (x, y) => [(x + 1) * u, (10 - y) * u]; // a cell's top left corner in the texture (back row on top)
  const c = document.createElement("canvas");
  c.width = c.height = side;
  const g = c.getContext("2d");
  g.fillStyle = "#a39c8f";
  g.fillRect(0, 0, side, side);
  g.fillStyle = "#b8b2a6";
  g.fillRect(u, u, 10 * u, 10 * u);
  const top = Math.max(1, data.top);
  for (const [x, y, limit] of cells) {
    const shade = 236 - Math.round((limit / top) * 46);
    g.fillStyle = `rgb(${shade + 8}, ${shade}, ${shade - 22})`;
    g.fillRect(...at(x, y), u, u);
  }
  g.strokeStyle = "rgba(60, 50, 30, 0.35)";
  g.lineWidth = 2;
  for (let i = 0; i <= 10; i++) {
    g.beginPath(); g.moveTo((i + 1) * u, u); g.lineTo((i + 1) * u, 11 * u); g.stroke();
    g.beginPath(); g.moveTo(u, (i + 1) * u); g.lineTo(11 * u, (i + 1) * u); g.stroke();
  }
  g.fillStyle = "rgba(60, 50, 30, 0.55)";
  g.font = `${Math.round(u * 0.36)}px system-ui, sans-serif`;
  g.textAlign = "right";
  g.textBaseline = "top";
  for (const [x, y, limit] of cells) {
    const [px, py] = at(x, y);
    g.fillText(String(limit), px + u - 4, py + 3);
  }
  g.fillStyle = "#fdfbf6";
  g.font = `bold ${Math.round(u * 0.5)}px system-ui, sans-serif`;
  g.textAlign = "center";
  g.textBaseline = "middle";
  for (let i = 0; i < 10; i++) {
    for (const y of [-1, 10]) g.fillText(String(i), at(i, y)[0] + u / 2, at(i, y)[1] + u / 2);
    for (const x of [-1, 10]) g.fillText(String(i), at(x, i)[0] + u / 2, at(x, i)[1] + u / 2);
  }
  const texture = new THREE.CanvasTexture(c);
  texture.colorSpace = THREE.SRGBColorSpace;
  texture.anisotropy = 4;
  // the board's top: a plane whose texture's top row is the back margin (beyond y = 9), and a slab under it;
  // the pointer on the margin is on no cell (cellAt)
  const top3 = new THREE.PlaneGeometry(12, 12);
  top3.rotateX(-Math.PI / 2);
  const plane = new THREE.Mesh(top3, new THREE.MeshLambertMaterial({ map: texture }));
  gl.board.add(plane);
  const slab = new THREE.Mesh(new THREE.BoxGeometry(12, 0.3, 12), new THREE.MeshLambertMaterial({ color: "#8f887b" }));
  slab.position.set(0, -0.151, 0);
  gl.board.add(slab);
  gl.boardMesh = plane;
  // the camera frames the structure's footprint (placeCamera), not the whole board
  let x0 = 9, x1 = 0, y0 = 9, y1 = 0;
  for (const [x, y] of cells) { x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y); }
  gl.box = { x0, x1, y0, y1, top, height: 1 };
}

function frameHeight(data) {
  // the structure in play: as high as its highest cube, one level more for the next piece (at most its limit)
  let high = 0;
  for (const text of Object.values(data.cubes)) {
    for (let i = 2; i < text.length; i += 3) high = Math.max(high, +text[i] + 1);
  }
  return Math.max(1, Math.min(gl.box.top, high + 1));
}

// -- the scene's changes: each writes into objects made once ---------------------------------------

const MATRIX = new THREE.Matrix4();

function colourMesh(letter, capacity, material) {
  // the colour's instanced mesh, made when the colour first comes into play, for all its cubes (larger,
  // should a colour ever have more: then written anew)
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

function placeCubes(data) {
  // each colour's cubes in the order they were placed: a placement's are written after the others (only
  // they are); cubes gone (an undo, another game) write the colour's anew. True if cubes are gone.
  let gone = false;
  for (const [letter, mesh] of gl.colours) if (!(letter in data.cubes)) gone = setCubes(mesh, "") || gone;
  for (const [letter, text] of Object.entries(data.cubes)) {
    gone = setCubes(colourMesh(letter, text.length / 3, colourMaterial(data, letter)), text) || gone;
  }
  return gone;
}

function setCubes(mesh, text) {
  // The instances are the colour's cubes below the cutaway (all of them without one), in the order placed;
  // userData: all (the colour's cubes), cubes (the instances' cubes), text (all's), cut (the instances').
  const kept = mesh.userData;
  if (text === kept.text && cut === kept.cut) return false;
  const gone = !text.startsWith(kept.text);
  const below = (cube) => cut === null || cube[2] < cut;
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
  for (let i = from; i < cubes.length; i++) mesh.setMatrixAt(i, MATRIX.makeTranslation(world(...cubes[i])));
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

function placeLast(text) {
  setOutline(gl.last, cubesOf(text || ""));
}

function placeGhost(ghost) {
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
  ghost.cubes.forEach((cube, i) => mesh.setMatrixAt(i, MATRIX.makeTranslation(world(...cube))));
  mesh.count = ghost.cubes.length;
  mesh.instanceMatrix.clearUpdateRanges();
  mesh.instanceMatrix.addUpdateRange(0, mesh.count * 16);
  mesh.instanceMatrix.needsUpdate = true;
  [mesh.material, gl.ghostEdges.material] = gl.ghostLooks[ghost.ok ? "ok" : "no"];
  setOutline(gl.ghostEdges, ghost.cubes);
}

function placeLand(land) {
  // a disc on top of each column where the piece in hand can land ([x, y, height]; under the cutaway: those
  // whose top is shown)
  const mesh = gl.land;
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

function applyCut() {
  for (const mesh of gl.colours.values()) setCubes(mesh, mesh.userData.text);
  gl.last.visible = cut === null && gl.last.geometry.drawRange.count > 0;
  placeLand(shownData.land);
}

/** The scene ``text`` (scene.py) into the objects; true for another board (another structure, cubes gone). */
function apply(text) {
  const began = performance.now();
  const data = JSON.parse(text);
  const key = data.cells + "/" + data.top;
  const board = key !== layoutKey;
  if (board) {
    buildBoard(data);
    layoutKey = key;
    cut = null;
  }
  const before = shownData;
  const gone = placeCubes(data);
  gl.box.height = frameHeight(data);
  if (before.last !== data.last) placeLast(data.last);
  if (JSON.stringify(before.ghost) !== JSON.stringify(data.ghost)) placeGhost(data.ghost);
  shownData = data;
  applyCut(); // (and the landing markers, as the cutaway shows them)
  if (data.anchor) lastCell = data.anchor.join(","); // the ghost's cell, wherever Python put it
  shown = text;
  stats.appliedAt = performance.now();
  keep(stats.applies, { at: began, ms: stats.appliedAt - began });
  if (pending && !pending.applied) pending.applied = stats.appliedAt;
  return board || gone;
}

// -- drawing -----------------------------------------------------------------------------------------

const CORNER = new THREE.Vector3();
const AXES = [new THREE.Vector3(), new THREE.Vector3(), new THREE.Vector3()]; // right, up, forward

function frameStructure(e, a) {
  // The structure in play (its footprint and a margin, from the board up to its height now) framed whole at
  // this camera angle and the canvas's shape: from the least distance at which every corner of the box is
  // inside the field of view (34° high, as wide as the canvas allows), the box's picture then centred (the
  // camera looks a little aside of the box's middle, as perspective draws its near side larger).
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

function placeCamera() {
  const e = camera3.elevation, a = camera3.azimuth, d = frameStructure(e, a) / camera3.zoom;
  gl.camera.position.set(
    gl.target.x + d * Math.cos(e) * Math.sin(a), gl.target.y + d * Math.sin(e), gl.target.z + d * Math.cos(e) * Math.cos(a));
  gl.camera.lookAt(gl.target);
}

// The slot's size (CSS pixels), as a ResizeObserver reports it after the browser's layout: a draw in the
// task that rendered the page reads no layout (which would lay the whole new screen out then).
// (A new slot keeps the last size until its own is known: the same, but for a change of layout.)
let boxSize = null;
let drawnSize = null; // the size the last picture was drawn for
let sized = null; // the slot observed
const sizer = typeof ResizeObserver === "function" ? new ResizeObserver((entries) => {
  const box = entries[entries.length - 1].contentRect;
  if (box.width < 1 || box.height < 1) return; // (off the page, hidden)
  boxSize = [Math.round(box.width), Math.round(box.height)];
  if (primed && drawnSize && (boxSize[0] !== drawnSize[0] || boxSize[1] !== drawnSize[1])) redraw();
}) : null;

function observeSize(slot) {
  if (slot === sized) return;
  sized = slot;
  if (!sizer) return;
  sizer.disconnect();
  if (slot) sizer.observe(slot);
}

function slotSize() {
  if (boxSize && sizer) return boxSize;
  const box = gl.canvas.parentElement || hostNow()?.querySelector(".b3d-canvas");
  return box ? [Math.max(1, box.clientWidth), Math.max(1, box.clientHeight)] : [300, 150];
}

function resize([w, h]) {
  const size = gl.renderer.getSize(new THREE.Vector2());
  if (size.x !== w || size.y !== h) {
    gl.renderer.setSize(w, h, false);
    gl.camera.aspect = w / h;
    gl.camera.updateProjectionMatrix();
  }
}

// While a drag turns the view and frames come slower than ~22 per second (software rendering, a slow
// device), draw at a lower resolution until the drag ends; the view is then drawn sharp again.
const SLOW_FRAME_MS = 45;
let lowRes = false;
let lastFrame = 0;

function setLowRes(on) {
  if (on === lowRes) return;
  lowRes = on;
  gl.renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2) * (on ? 0.55 : 1));
}

// A picture drawn by three.js reaches the page's canvas once the GPU has finished it, without the main
// thread ever waiting for the GPU: had three.js drawn on the page's canvas, the next frame would wait for
// it (under software rendering it reads the picture back: the whole draw, 60-250 ms, one long task per
// move). The picture is read back into a buffer on the GPU's side (a pixel buffer), a fence is asked about
// between tasks (its answer changes only then), and once it is signalled the pixels are at hand at once
// (the browser keeps a copy for a fenced read) and are put on the page's canvas. A fast GPU finishes within
// the task: its picture is copied at once (FAST_GPU_MS).
const FAST_GPU_MS = 8;
const PRESENT_WAIT_MS = 3000; // at most this long (a driver without fences: at once)
let inFlight = null; // { fence, began, size } a picture drawn, not yet on the page
let again = false; // something changed while a picture was in flight: draw again once it is shown
let fastGpu = false; // the last pictures were finished at once

function draw(time) {
  frame = 0;
  if (!gl || !(gl.canvas.isConnected || priming)) return;
  if (inFlight) {
    again = true;
    return;
  }
  const dragging = press && press.moved > 6;
  if (dragging && lastFrame && time - lastFrame > SLOW_FRAME_MS) setLowRes(true);
  if (!dragging) setLowRes(false);
  lastFrame = dragging ? time : 0;
  const start = performance.now();
  resize(drawnSize = slotSize());
  placeCamera();
  gl.renderer.render(gl.scene, gl.camera);
  const context = gl.renderer.getContext();
  // (the page's canvas gets the drawing's own size: a low-resolution one during a drag is scaled by CSS)
  inFlight = { fence: null, began: start, size: [context.drawingBufferWidth, context.drawingBufferHeight] };
  if (!(fastGpu && primed)) readBack(context, inFlight.size);
  keep(stats.drawMs, performance.now() - start);
  keep(stats.frames, time);
  stats.draws += 1;
  if (fastGpu && primed) {
    present(); // (a fast GPU: the copy waits a moment, if at all)
    return;
  }
  inFlight.fence = context.fenceSync(context.SYNC_GPU_COMMANDS_COMPLETE, 0);
  context.flush();
  setTimeout(whenDrawn, 0);
}

function readBack(context, [w, h]) {
  // the picture into the pixel buffer, by the GPU, after the drawing (the buffer's storage anew each time:
  // Chrome keeps its fenced copy for reading only so, and warns otherwise)
  if (!gl.image || gl.image.width !== w || gl.image.height !== h) {
    gl.pixels = new Uint8Array(w * h * 4);
    gl.image = new ImageData(w, h);
  }
  if (!gl.pixelBuffer) gl.pixelBuffer = context.createBuffer();
  context.bindBuffer(context.PIXEL_PACK_BUFFER, gl.pixelBuffer);
  context.bufferData(context.PIXEL_PACK_BUFFER, w * h * 4, context.STREAM_READ);
  context.readPixels(0, 0, w, h, context.RGBA, context.UNSIGNED_BYTE, 0);
  context.bindBuffer(context.PIXEL_PACK_BUFFER, null);
}

function whenDrawn() {
  if (!inFlight) return;
  const context = gl.renderer.getContext();
  const { fence, began } = inFlight;
  if (fence && performance.now() - began < PRESENT_WAIT_MS &&
      context.getSyncParameter(fence, context.SYNC_STATUS) !== context.SIGNALED) {
    setTimeout(whenDrawn, 4);
    return;
  }
  present();
  if (fence) context.deleteSync(fence);
}

/** The picture in flight onto the page's canvas; then what changed meanwhile is drawn. */
function present() {
  const { began, size, fence } = inFlight;
  inFlight = null;
  const copying = performance.now();
  const view = gl.canvas;
  if (view.width !== size[0] || view.height !== size[1]) {
    view.width = size[0];
    view.height = size[1];
  }
  if (fence) { // the pixels read back: rows from the bottom up, put top down
    const context = gl.renderer.getContext();
    context.bindBuffer(context.PIXEL_PACK_BUFFER, gl.pixelBuffer);
    context.getBufferSubData(context.PIXEL_PACK_BUFFER, 0, gl.pixels);
    context.bindBuffer(context.PIXEL_PACK_BUFFER, null);
    const row = size[0] * 4, out = gl.image.data;
    for (let y = 0; y < size[1]; y++) out.set(gl.pixels.subarray((size[1] - 1 - y) * row, (size[1] - y) * row), y * row);
    gl.paint.putImageData(gl.image, 0, 0);
  } else {
    gl.paint.drawImage(gl.renderer.domElement, 0, 0);
  }
  if (view.style.visibility) view.style.visibility = "";
  const now = performance.now();
  keep(stats.copyMs, now - copying);
  keep(stats.gpuMs, now - began);
  fastGpu = (fence ? copying - began - stats.drawMs[stats.drawMs.length - 1] : now - copying) < FAST_GPU_MS;
  stats.drawnAt = now;
  delete document.documentElement.dataset.boardBusy; // the first picture is drawn
  if (pending && pending.applied) {
    if (pending.applied - pending.at < 2000) {
      keep(stats.acts, { act: pending.act, at: pending.at, python: pending.applied - pending.at, drawn: now - pending.at });
    }
    pending = null;
  }
  if (!primed) { // the first picture: the canvas joins the page
    primed = true;
    priming = false;
    sync();
    ready();
  }
  if (again) {
    again = false;
    redraw(true);
  }
}

/** Draw again: in the next animation frame (the camera moved), or at once (``soon``: the scene changed;
 * but for a drag, which draws once a frame). */
function redraw(soon = false) {
  if (!gl) return;
  if (soon && !(press && press.moved > 6)) {
    if (frame) cancelAnimationFrame(frame);
    draw(performance.now());
  } else if (!frame) {
    frame = requestAnimationFrame(draw);
  }
}

// -- after every render of the page: the stage, the scene, the cutaway ---------------------------------

// The first board of the page's lifetime costs a WebGL context, the scene's shaders and its first
// picture (each tens of ms under software rendering): each in a task of its own, after the task that
// drew the page, so that none of them makes one long task with another. The shaders are compiled
// without waiting on the main thread where the browser tells when they are ready (three.js's compileAsync;
// elsewhere the first draw waits for them), the first picture is drawn off the page as every picture is,
// and the canvas joins the page with it (present).
let starting = false;
let priming = false; // the first picture is on its way
let primed = false; // ... and shown: the canvas is on the page

// While the board is being set up, <html data-board-busy> asks the shell to hold a bot's thinking
// (the shell waits for it to go, at most a second), so that the two never share the main thread.
function start() {
  starting = false;
  if (gl !== null || !hostNow()) return;
  gl = create();
  if (gl) {
    priming = true;
    setTimeout(prepare, 0);
  } else {
    ready();
    delete document.documentElement.dataset.boardBusy;
  }
}

function ready() {
  stats.webgl = !!gl;
  document.documentElement.dataset.webgl = gl ? "1" : "0"; // (tests wait for it: the canvas is in place)
}

/** The first board's scene and every shader it may need (the ghost's and the outline's too: three.js
 * compiles only what is visible); the first picture once they are ready. */
function prepare() {
  const host = hostNow();
  if (!host) { // gone meanwhile: the next board primes
    priming = false;
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
let pickedShown = "";

function revealPicked() {
  const picked = document.querySelector("section.play")?.dataset.picked || "";
  const fresh = picked && picked !== pickedShown;
  pickedShown = picked;
  if (!fresh || !ONE_COLUMN || !ONE_COLUMN.matches) return;
  const cells = [...document.querySelectorAll(".b3d-map [data-can-land]")];
  const top = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  const seen = (el) => { const box = el.getBoundingClientRect(); return box.top >= top && box.bottom <= innerHeight; };
  if (!cells.length || cells.some(seen)) return;
  document.getElementById("b3d-hand")?.scrollIntoView({ block: "start" });
}

function sync() {
  const host = hostNow();
  if (!host) return;
  revealPicked();
  syncCut();
  if (gl === null && !starting) {
    starting = true;
    document.documentElement.dataset.boardBusy = "1"; // until the first picture (see start)
    setTimeout(start, 0);
  }
  if (gl && !primed && !priming) {
    priming = true;
    document.documentElement.dataset.boardBusy = "1";
    setTimeout(prepare, 0);
  }
  if (!gl || !primed) return;
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
  if (text && text !== shown) {
    // (another game in a new screen: its stage stays empty until its picture, rather than show the last game's)
    if (apply(text) && moved) gl.canvas.style.visibility = "hidden";
    redraw(true);
  }
}

function syncCut() {
  const slider = document.getElementById("b3d-cut");
  if (!slider) return;
  if (cut !== null) slider.value = String(cut);
  showCut(slider);
}

function showCut(slider) {
  const out = document.getElementById("b3d-cut-out");
  const all = Number(slider.value) >= Number(slider.max);
  const words = all ? slider.dataset.all : (slider.dataset.upto || "{n}").replace("{n}", slider.value);
  if (out && out.textContent !== words) out.textContent = words;
  if (slider.getAttribute("aria-valuetext") !== words) slider.setAttribute("aria-valuetext", words);
}

// The shell says when it has drawn the page ("pygames:rendered", once a render). Until a shell says so
// (one that does not), a cheap observer of the page's children stands in; the first event ends it.
let queued = false;
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

// -- the pointer on the 3D board ------------------------------------------------------------------------

function cellAt(clientX, clientY) {
  // the cell under the pointer: a cube's top -> its column; a cube's side -> the column in front of
  // that side; the board -> its cell. Null off the board.
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

function hover(clientX, clientY, at) {
  if (clientX === lastPoint[0] && clientY === lastPoint[1]) return; // the page changed, the pointer did not
  lastPoint = [clientX, clientY];
  const cell = cellAt(clientX, clientY);
  if (!cell) return;
  const key = cell.join(",");
  if (key === lastCell) return;
  lastCell = key;
  send("hover", { x: String(cell[0]), y: String(cell[1]) }, at);
}

function listen(canvas) {
  canvas.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    // the stage takes the focus now (a touch would give it only after the tap's own redraw, which
    // would first bring the focus back to the level map and scroll the page there)
    const host = canvas.closest(HOST);
    if (host && document.activeElement !== host) host.focus({ preventScroll: true });
    pointers.set(event.pointerId, [event.clientX, event.clientY]);
    canvas.setPointerCapture(event.pointerId);
    if (pointers.size === 1) press = { x: event.clientX, y: event.clientY, moved: 0, pinch: 0 };
    else if (press) press.pinch = pinchDistance();
  });
  canvas.addEventListener("pointermove", (event) => {
    if (!pointers.has(event.pointerId)) {
      if (event.pointerType === "mouse") hover(event.clientX, event.clientY, event.timeStamp);
      return;
    }
    const [px, py] = pointers.get(event.pointerId);
    pointers.set(event.pointerId, [event.clientX, event.clientY]);
    if (!press) return;
    press.moved += Math.abs(event.clientX - px) + Math.abs(event.clientY - py);
    if (pointers.size >= 2) {
      const d = pinchDistance();
      if (press.pinch) zoomBy(d / press.pinch);
      press.pinch = d;
    } else if (press.moved > 6) {
      camera3.azimuth -= (event.clientX - px) * 0.01;
      camera3.elevation = clampElevation(camera3.elevation + (event.clientY - py) * 0.01);
    }
    redraw();
  });
  const release = (event) => {
    if (!pointers.has(event.pointerId)) return;
    pointers.delete(event.pointerId);
    if (pointers.size === 0 && press) {
      const click = press.moved <= 6 && !press.pinch && event.type === "pointerup";
      press = null;
      if (lowRes) redraw(); // sharp again
      if (click) {
        const cell = cellAt(event.clientX, event.clientY);
        if (cell) {
          lastCell = cell.join(",");
          send("cell", { x: String(cell[0]), y: String(cell[1]) }, event.timeStamp);
        }
      }
    }
  };
  canvas.addEventListener("pointerup", release);
  canvas.addEventListener("pointercancel", release);
  canvas.addEventListener("wheel", (event) => {
    event.preventDefault();
    zoomBy(event.deltaY < 0 ? 1.1 : 1 / 1.1);
  }, { passive: false });
}

function pinchDistance() {
  const [a, b] = [...pointers.values()];
  return Math.hypot(a[0] - b[0], a[1] - b[1]) || 1;
}

function clampElevation(e) {
  return Math.min(1.5, Math.max(0.05, e));
}

function zoomBy(factor) {
  camera3.zoom = Math.min(3.5, Math.max(0.45, camera3.zoom * factor));
  redraw();
}

function command(cmd) {
  if (cmd === "left") camera3.azimuth += STEP;
  else if (cmd === "right") camera3.azimuth -= STEP;
  else if (cmd === "up") camera3.elevation = clampElevation(camera3.elevation + STEP / 1.5);
  else if (cmd === "down") camera3.elevation = clampElevation(camera3.elevation - STEP / 1.5);
  else if (cmd === "in") camera3.zoom = Math.min(3.5, camera3.zoom * 1.2);
  else if (cmd === "out") camera3.zoom = Math.max(0.45, camera3.zoom / 1.2);
  else if (cmd === "reset") Object.assign(camera3, DEFAULT);
  else return false;
  redraw();
  return true;
}

// -- keys, buttons, the cutaway and the level map (delegated: the page is redrawn often) -----------------

const KEYS = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down", "+": "in", "=": "in",
  "-": "out", _: "out", "0": "reset", Home: "reset" };

document.addEventListener("keydown", (event) => {
  // on the focused 3D stage, the arrow keys turn the view (elsewhere they are the game's)
  const target = event.target;
  if (!target || !target.matches || !target.matches(HOST) || event.ctrlKey || event.metaKey || event.altKey) return;
  const cmd = KEYS[event.key];
  if (cmd && gl) {
    command(cmd);
    event.preventDefault();
    event.stopPropagation();
  }
}, true);

document.addEventListener("click", (event) => {
  const button = event.target && event.target.closest && event.target.closest("[data-view3d]");
  if (button && button.tagName === "BUTTON") command(button.dataset.view3d);
});

document.addEventListener("input", (event) => {
  const slider = event.target;
  if (!slider || slider.id !== "b3d-cut") return;
  const value = Number(slider.value);
  cut = value >= Number(slider.max) ? null : value;
  showCut(slider);
  if (gl && shown) {
    applyCut();
    redraw();
  }
});

function mapCell(target) {
  const cell = target && target.closest && target.closest('.b3d-map [data-act="cell"]');
  return cell && !cell.closest("[inert]") ? cell : null;
}

document.addEventListener("pointermove", (event) => {
  // over the level map, the ghost follows the pointer as on the 3D board
  if (event.pointerType !== "mouse" || (event.clientX === lastPoint[0] && event.clientY === lastPoint[1])) return;
  const cell = mapCell(event.target);
  if (!cell) return;
  lastPoint = [event.clientX, event.clientY];
  const key = cell.dataset.x + "," + cell.dataset.y;
  if (key === lastCell) return;
  lastCell = key;
  send("hover", { x: cell.dataset.x, y: cell.dataset.y }, event.timeStamp);
});

document.addEventListener("focusin", (event) => {
  // the keyboard's focus on a level map's cell moves the ghost there; a finger's tap focuses the cell too,
  // but then the tap itself moves the ghost ("cell"), so that a second tap, not the first, places the piece
  const cell = mapCell(event.target);
  if (!cell || !cell.matches(":focus-visible")) return;
  const key = cell.dataset.x + "," + cell.dataset.y;
  if (key === lastCell) return;
  lastCell = key;
  send("hover", { x: cell.dataset.x, y: cell.dataset.y });
});

// -- for the tests and the bench: where a cell is on the screen, what was drawn ----------------------------

function screenOf(x, y, z) {
  if (!gl) return null;
  placeCamera();
  gl.camera.updateMatrixWorld();
  const p = world(x, y, z - 0.5).project(gl.camera);
  const rect = gl.canvas.getBoundingClientRect();
  return [rect.left + ((p.x + 1) / 2) * rect.width, rect.top + ((1 - p.y) / 2) * rect.height];
}

export const scene3d = { stats, camera: camera3, screenOf, cellAt: (x, y) => (gl ? cellAt(x, y) : null),
  command, forget: () => { lastCell = ""; lastPoint = [NaN, NaN]; } };
window.pygamesScene3d = scene3d;

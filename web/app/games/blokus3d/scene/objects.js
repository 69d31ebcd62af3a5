// @ts-check
// three.js's objects, made once for the page's lifetime (``create``), and the board, made again for each new
// structure (``buildBoard``). Rules coordinates (x right, y back, z up) become three.js's in ``world``.

import * as THREE from "../../../three/three.module.js"; // (the served path, from the bundle: main.js)
import { CELL_PX, CELLS, PIECE_CUBES, state } from "./state.js";

// The one WebGL 2 context, asked for directly (three.js needs WebGL 2; asking first spares the console
// three.js's error when there is none) and handed to three.js: one context, not a probe and then another.
// Its canvas stays off the page (draw.js copies its pictures onto the page's canvas).
const CONTEXT = { alpha: false, depth: true, stencil: false, antialias: false, premultipliedAlpha: true,
  preserveDrawingBuffer: false, powerPreference: "low-power" };

/** The renderer, the scene, the camera and the reused objects; false where there is no WebGL 2. */
export function create() {
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
  const gl = {
    renderer, scene, camera, canvas: view, paint,
    board: new THREE.Group(), cubes: new THREE.Group(), ghost: new THREE.Group(), last: null,
    colours: new Map(), // letter -> its InstancedMesh (pieces.js setCubes)
    materials: new Map(), // a colour's paint -> its material (its letter's texture)
    boardMesh: null, target: new THREE.Vector3(), box: null,
    unit, raycaster: new THREE.Raycaster(), textures: new Map(),
    ghostLooks: null, ghostMesh: null, ghostEdges: null, land: null,
    pixels: null, image: null, pixelBuffer: null, // the picture read back (draw.js)
  };
  // the ghost: the picked piece where it would land, green where the engine allows it, red where not;
  // its edges show through whatever stands in front of it
  const ghostPaint = (/** @type {string} */ colour) => new THREE.MeshLambertMaterial({ color: colour, transparent: true,
    opacity: 0.55, depthWrite: false });
  const ghostEdge = (/** @type {string} */ colour) => new THREE.LineBasicMaterial({ color: colour, depthTest: false,
    transparent: true });
  gl.ghostLooks = { ok: [ghostPaint("#33b864"), ghostEdge("#0d5c2a")], no: [ghostPaint("#e0443a"), ghostEdge("#9b1010")] };
  gl.ghostMesh = new THREE.InstancedMesh(unit, gl.ghostLooks.ok[0], PIECE_CUBES);
  gl.ghostMesh.count = 0;
  gl.ghostMesh.renderOrder = 2;
  gl.ghostMesh.frustumCulled = false;
  gl.ghostEdges = outline(PIECE_CUBES, gl.ghostLooks.ok[1], edgesOf(unit));
  gl.ghostEdges.renderOrder = 3;
  gl.ghost.add(gl.ghostMesh, gl.ghostEdges);
  gl.ghost.visible = false;
  // where the piece in hand can land: a light disc on top of each such column (the level map's rings)
  const disc = new THREE.CircleGeometry(0.3, 28);
  disc.rotateX(-Math.PI / 2);
  gl.land = new THREE.InstancedMesh(disc, new THREE.MeshBasicMaterial({ color: "#2fbf62", transparent: true,
    opacity: 0.8, depthWrite: false }), CELLS);
  gl.land.count = 0;
  gl.land.renderOrder = 1;
  gl.land.frustumCulled = false;
  gl.land.visible = false;
  // the last placement's cubes, outlined
  const lastBox = new THREE.BoxGeometry(1.04, 1.04, 1.04);
  gl.last = outline(PIECE_CUBES, new THREE.LineBasicMaterial({ color: "#ffb000" }), edgesOf(lastBox));
  lastBox.dispose();
  gl.last.visible = false;
  scene.add(gl.board, gl.cubes, gl.last, gl.ghost, gl.land);
  return gl;
}

/** Rules coordinates (x right, y back, z up) -> three.js (x right, y up, z towards the viewer).
 * @param {number} x @param {number} y @param {number} z */
export function world(x, y, z) {
  return new THREE.Vector3(x - 4.5, z + 0.5, 4.5 - y);
}

/** "xyzxyz…" (scene.py) -> [[x, y, z], …] @param {string} text @returns {number[][]} */
export function cubesOf(text) {
  const cubes = [];
  for (let i = 0; i + 2 < text.length; i += 3) cubes.push([+text[i], +text[i + 1], +text[i + 2]]);
  return cubes;
}

/** A box's 12 edges as 24 points (x, y, z each), around its centre. @returns {Float32Array} */
function edgesOf(/** @type {any} */ box) {
  const edges = new THREE.EdgesGeometry(box);
  const points = Float32Array.from(edges.attributes.position.array);
  edges.dispose();
  return points;
}

/** LineSegments for the edges of up to ``capacity`` cubes (drawn: as many as setOutline wrote).
 * @param {number} capacity @param {any} material @param {Float32Array} edges */
function outline(capacity, material, edges) {
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

/** The edges of ``cubes`` into ``lines`` (an ``outline``). @param {any} lines @param {number[][]} cubes */
export function setOutline(lines, cubes) {
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
  for (const [x, y, z] of cubes) {
    const p = world(x, y, z);
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

/** A cube face's texture: the colour's letter on its paint (one per paint and letter for the page's lifetime).
 * @param {string} fill @param {string} ink @param {string} edge @param {string} letter */
function letterTexture(fill, ink, edge, letter) {
  const key = fill + letter;
  const { textures } = state.gl;
  if (textures.has(key)) return textures.get(key);
  const c = document.createElement("canvas");
  c.width = c.height = 64;
  const g = /** @type {CanvasRenderingContext2D} */ (c.getContext("2d"));
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
  textures.set(key, texture);
  return texture;
}

/** The material of ``letter``'s colour as the scene ``data`` paints it (one per paint for the page's lifetime).
 * @param {any} data @param {string} letter */
export function colourMaterial(data, letter) {
  const key = [data.fill[letter], data.ink[letter], data.edge[letter], letter].join("/");
  let material = state.gl.materials.get(key);
  if (!material) {
    material = new THREE.MeshLambertMaterial({
      map: letterTexture(data.fill[letter], data.ink[letter], data.edge[letter], letter) });
    state.gl.materials.set(key, material);
  }
  return material;
}

/** Empties ``group``, disposing of what its children own. @param {any} group */
function clear(group) {
  for (const child of [...group.children]) {
    group.remove(child);
    if (child.geometry && child.geometry !== state.gl.unit) child.geometry.dispose();
    if (child.material) child.material.dispose();
  }
}

/** The 10x10 board, the structure's cells lighter and shaded by their height limit (each limit written in its
 * cell's corner: B3D-R1, R8), and round it a margin with the coordinates that the notation and the move log
 * name cells by: x along the front and the back, y along the sides (the level map's numbers).
 * @param {{ cells: string, top: number }} data */
export function buildBoard(data) {
  const { gl } = state;
  for (const child of gl.board.children) if (child.material && child.material.map) child.material.map.dispose();
  clear(gl.board);
  const cells = [];
  for (let i = 0; i < data.cells.length; i += 3) {
    cells.push([+data.cells[i], +data.cells[i + 1], +data.cells[i + 2]]);
  }
  const u = CELL_PX, side = 12 * u; // one cell of margin all round
  /** a cell's top left corner in the texture (back row on top) @type {(x: number, y: number) => [number, number]} */
  const at = (x, y) => [(x + 1) * u, (10 - y) * u];
  const c = document.createElement("canvas");
  c.width = c.height = side;
  const g = /** @type {CanvasRenderingContext2D} */ (c.getContext("2d"));
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
  // the pointer on the margin is on no cell (input.js cellAt)
  const top3 = new THREE.PlaneGeometry(12, 12);
  top3.rotateX(-Math.PI / 2);
  const plane = new THREE.Mesh(top3, new THREE.MeshLambertMaterial({ map: texture }));
  gl.board.add(plane);
  const slab = new THREE.Mesh(new THREE.BoxGeometry(12, 0.3, 12), new THREE.MeshLambertMaterial({ color: "#8f887b" }));
  slab.position.set(0, -0.151, 0);
  gl.board.add(slab);
  gl.boardMesh = plane;
  // the camera frames the structure's footprint (camera.js placeCamera), not the whole board
  let x0 = 9, x1 = 0, y0 = 9, y1 = 0;
  for (const [x, y] of cells) { x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y); }
  gl.box = { x0, x1, y0, y1, top, height: 1 };
}

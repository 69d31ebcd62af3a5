// Blokus 3D's 3D board, drawn with three.js from what Python decides (scene.py writes it as JSON
// on the stage element, data-scene). This module keeps only what three.js needs and what belongs to
// the player's eyes, never a rule: the camera (orbit by dragging or with the arrow keys when the
// stage has the focus, zoom by wheel, pinch or + and −, the view buttons, reset) and the cutaway.
// The pointer's cell goes back to Python as "pygames:act" events (the shell hands them to the
// view): "hover" when it moves over a cell (the ghost follows), "cell" on a click or a tap.
//
// The shell imports this module (PyScript's js_import) when a game of Blokus 3D first opens (SCRIPTS in
// the package's __init__.py; the warm-up after the first screen has fetched it and three.js already).
// The shell redraws the screen as HTML; a MutationObserver then moves the one canvas (one WebGL
// context for the page's lifetime) into the new stage and applies the new scene. Drawing happens
// on demand (after a change, while a drag lasts), never in a constant loop.

import * as THREE from "../../../three/three.module.js";

const HOST = ".b3d-stage";
const DEFAULT = { azimuth: 0.5, elevation: 0.82, zoom: 1 }; // from the front right, as the pieces are drawn
const camera3 = { ...DEFAULT };
const STEP = Math.PI / 12; // arrow keys: 15°

let gl = null; // { renderer, scene, camera, ... } once created; false when WebGL is unavailable
let shown = ""; // the scene text drawn last
let layoutKey = ""; // the structure drawn last
let cut = null; // the highest height shown (null: all of them)
let frame = 0; // a requested animation frame
let lastCell = ""; // the cell last sent as "hover"
let lastPoint = [NaN, NaN];
const pointers = new Map(); // pointerId -> [x, y] while pressed
let press = null; // { x, y, moved, pinch }

// What the bench and the tests read (tests/bench/blokus3d_page_bench.py): draws and their times, and for
// each act sent to Python the time until Python's new scene was applied and until it was drawn.
const stats = { draws: 0, drawMs: [], frames: [], appliedAt: 0, drawnAt: 0, webgl: null, acts: [] };
let pending = null; // the act sent last: { act, at, applied }

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
const CONTEXT = { alpha: false, depth: true, stencil: false, antialias: false, premultipliedAlpha: true,
  preserveDrawingBuffer: false, powerPreference: "low-power" };

function create() {
  let renderer;
  try {
    const canvas = document.createElement("canvas");
    const context = canvas.getContext("webgl2", CONTEXT);
    if (!context) return false;
    renderer = new THREE.WebGLRenderer({ canvas, context, antialias: false, powerPreference: "low-power" });
  } catch (error) {
    return false;
  }
  renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
  const canvas = renderer.domElement;
  canvas.className = "b3d-gl";
  canvas.setAttribute("aria-hidden", "true");
  const scene = new THREE.Scene();
  scene.background = new THREE.Color("#e6edf4");
  scene.add(new THREE.HemisphereLight("#ffffff", "#a89f8a", 2.1));
  const sun = new THREE.DirectionalLight("#ffffff", 1.6);
  sun.position.set(6, 14, 9);
  scene.add(sun);
  const camera = new THREE.PerspectiveCamera(34, 1, 0.1, 300);
  const state = {
    renderer, scene, camera, canvas,
    board: new THREE.Group(), cubes: new THREE.Group(), ghost: new THREE.Group(), last: new THREE.Group(),
    meshes: [], boardMesh: null, target: new THREE.Vector3(), distance: 24,
    unit: new THREE.BoxGeometry(1, 1, 1), raycaster: new THREE.Raycaster(), textures: new Map(),
  };
  scene.add(state.board, state.cubes, state.last, state.ghost);
  listen(canvas);
  return state;
}

function world(x, y, z) {
  // rules coordinates (x right, y back, z up) -> three.js (x right, y up, z towards the viewer)
  return new THREE.Vector3(x - 4.5, z + 0.5, 4.5 - y);
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

function clear(group) {
  for (const child of [...group.children]) {
    group.remove(child);
    if (child.geometry && child.geometry !== gl.unit) child.geometry.dispose();
    if (child.material && !child.material.userData.keep) child.material.dispose();
  }
}

function buildBoard(data) {
  // the 10x10 board, the structure's cells lighter and shaded by their height limit, each limit
  // shown as a faint square at the height a column may reach (B3D-R1, R8)
  clear(gl.board);
  const cells = [];
  for (let i = 0; i < data.cells.length; i += 3) {
    cells.push([+data.cells[i], +data.cells[i + 1], +data.cells[i + 2]]);
  }
  const c = document.createElement("canvas");
  c.width = c.height = 320;
  const g = c.getContext("2d");
  g.fillStyle = "#b8b2a6";
  g.fillRect(0, 0, 320, 320);
  const top = Math.max(1, data.top);
  for (const [x, y, limit] of cells) {
    const shade = 236 - Math.round((limit / top) * 46);
    g.fillStyle = `rgb(${shade + 8}, ${shade}, ${shade - 22})`;
    g.fillRect(x * 32, (9 - y) * 32, 32, 32);
  }
  g.strokeStyle = "rgba(60, 50, 30, 0.35)";
  g.lineWidth = 2;
  for (let i = 0; i <= 10; i++) {
    g.beginPath(); g.moveTo(i * 32, 0); g.lineTo(i * 32, 320); g.stroke();
    g.beginPath(); g.moveTo(0, i * 32); g.lineTo(320, i * 32); g.stroke();
  }
  g.fillStyle = "rgba(60, 50, 30, 0.55)";
  g.font = "12px system-ui, sans-serif";
  for (const [x, y, limit] of cells) g.fillText(String(limit), x * 32 + 22, (9 - y) * 32 + 13);
  const texture = new THREE.CanvasTexture(c);
  texture.colorSpace = THREE.SRGBColorSpace;
  texture.anisotropy = 4;
  // the board's top: a plane whose texture's top row is the back row (y = 9), and a slab under it
  const top3 = new THREE.PlaneGeometry(10, 10);
  top3.rotateX(-Math.PI / 2);
  const plane = new THREE.Mesh(top3, new THREE.MeshLambertMaterial({ map: texture }));
  gl.board.add(plane);
  const slab = new THREE.Mesh(new THREE.BoxGeometry(10, 0.3, 10), new THREE.MeshLambertMaterial({ color: "#8f887b" }));
  slab.position.set(0, -0.151, 0);
  gl.board.add(slab);
  gl.boardMesh = plane;
  const points = [];
  for (const [x, y, limit] of cells) {
    const a = world(x, y, limit - 0.5), h = 0.5;
    points.push(a.x - h, a.y, a.z - h, a.x + h, a.y, a.z - h, a.x + h, a.y, a.z - h, a.x + h, a.y, a.z + h,
      a.x + h, a.y, a.z + h, a.x - h, a.y, a.z + h, a.x - h, a.y, a.z + h, a.x - h, a.y, a.z - h);
  }
  const lines = new THREE.BufferGeometry();
  lines.setAttribute("position", new THREE.Float32BufferAttribute(points, 3));
  gl.board.add(new THREE.LineSegments(lines, new THREE.LineBasicMaterial({
    color: "#6d87a3", transparent: true, opacity: 0.25 })));
  // the camera looks at the middle of the structure
  let x0 = 9, x1 = 0, y0 = 9, y1 = 0;
  for (const [x, y] of cells) { x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y); }
  // far enough for the structure's bounding sphere to fit the field of view (34° high), with a margin
  gl.target.copy(world((x0 + x1) / 2, (y0 + y1) / 2, top * 0.4 - 0.5));
  gl.distance = (1.1 * 0.5 * Math.hypot(x1 - x0 + 1, y1 - y0 + 1, top)) / Math.sin((17 * Math.PI) / 180);
}

function buildCubes(data) {
  clear(gl.cubes);
  gl.meshes = [];
  for (const [letter, text] of Object.entries(data.cubes)) {
    const cubes = [];
    for (let i = 0; i < text.length; i += 3) cubes.push([+text[i], +text[i + 1], +text[i + 2]]);
    cubes.sort((a, b) => a[2] - b[2]); // by height: the cutaway keeps a prefix
    const material = new THREE.MeshLambertMaterial({
      map: letterTexture(data.fill[letter], data.ink[letter], data.edge[letter], letter) });
    const mesh = new THREE.InstancedMesh(gl.unit, material, Math.max(1, cubes.length));
    const m = new THREE.Matrix4();
    cubes.forEach((cube, i) => mesh.setMatrixAt(i, m.makeTranslation(world(...cube))));
    mesh.count = cubes.length;
    mesh.instanceMatrix.needsUpdate = true;
    mesh.userData = { cubes, letter };
    gl.cubes.add(mesh);
    gl.meshes.push(mesh);
  }
  clear(gl.last);
  if (data.last) {
    const points = [];
    const edges = new THREE.EdgesGeometry(new THREE.BoxGeometry(1.04, 1.04, 1.04));
    const base = edges.attributes.position.array;
    for (let i = 0; i < data.last.length; i += 3) {
      const p = world(+data.last[i], +data.last[i + 1], +data.last[i + 2]);
      for (let k = 0; k < base.length; k += 3) points.push(base[k] + p.x, base[k + 1] + p.y, base[k + 2] + p.z);
    }
    const lines = new THREE.BufferGeometry();
    lines.setAttribute("position", new THREE.Float32BufferAttribute(points, 3));
    gl.last.add(new THREE.LineSegments(lines, new THREE.LineBasicMaterial({ color: "#ffb000" })));
    edges.dispose();
  }
}

function buildGhost(ghost) {
  clear(gl.ghost);
  if (!ghost) return;
  const colour = ghost.ok ? "#33b864" : "#e0443a";
  const material = new THREE.MeshLambertMaterial({ color: colour, transparent: true, opacity: 0.55, depthWrite: false });
  const edges = new THREE.EdgesGeometry(gl.unit);
  // its edges show through whatever stands in front of it
  const line = new THREE.LineBasicMaterial({ color: ghost.ok ? "#0d5c2a" : "#9b1010", depthTest: false, transparent: true });
  for (const cube of ghost.cubes) {
    const box = new THREE.Mesh(gl.unit, material);
    box.position.copy(world(...cube));
    box.renderOrder = 2;
    gl.ghost.add(box);
    const outline = new THREE.LineSegments(edges, line);
    outline.position.copy(box.position);
    outline.renderOrder = 3;
    gl.ghost.add(outline);
  }
}

function applyCut() {
  for (const mesh of gl.meshes) {
    const cubes = mesh.userData.cubes;
    mesh.count = cut === null ? cubes.length : cubes.filter((c) => c[2] < cut).length;
  }
  gl.last.visible = cut === null;
}

function apply(text) {
  const data = JSON.parse(text);
  const key = data.cells + "/" + data.top;
  if (key !== layoutKey) {
    buildBoard(data);
    layoutKey = key;
    cut = null;
  }
  const before = shown ? JSON.parse(shown) : {};
  if (JSON.stringify(before.cubes) !== JSON.stringify(data.cubes) || before.last !== data.last) buildCubes(data);
  if (JSON.stringify(before.ghost) !== JSON.stringify(data.ghost)) buildGhost(data.ghost);
  applyCut();
  if (data.anchor) lastCell = data.anchor.join(","); // the ghost's cell, wherever Python put it
  shown = text;
  stats.appliedAt = performance.now();
  if (pending && !pending.applied) pending.applied = stats.appliedAt;
}

// -- drawing -----------------------------------------------------------------------------------------

function placeCamera() {
  const e = camera3.elevation, a = camera3.azimuth, d = gl.distance / camera3.zoom;
  gl.camera.position.set(
    gl.target.x + d * Math.cos(e) * Math.sin(a), gl.target.y + d * Math.sin(e), gl.target.z + d * Math.cos(e) * Math.cos(a));
  gl.camera.lookAt(gl.target);
}

function resize(box = gl.canvas.parentElement) {
  if (!box) return;
  const w = Math.max(1, box.clientWidth), h = Math.max(1, box.clientHeight);
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

function draw(time) {
  frame = 0;
  if (!gl || !gl.canvas.isConnected) return;
  const dragging = press && press.moved > 6;
  if (dragging && lastFrame && time - lastFrame > SLOW_FRAME_MS) setLowRes(true);
  if (!dragging) setLowRes(false);
  lastFrame = dragging ? time : 0;
  const start = performance.now();
  resize();
  placeCamera();
  gl.renderer.render(gl.scene, gl.camera);
  const ms = performance.now() - start;
  stats.draws += 1;
  delete document.documentElement.dataset.boardBusy; // the first picture is drawn
  stats.drawMs.push(ms);
  stats.frames.push(time);
  if (stats.frames.length > 600) { stats.frames.splice(0, 300); stats.drawMs.splice(0, 300); }
  stats.drawnAt = performance.now();
  if (pending && pending.applied) {
    if (pending.applied - pending.at < 2000) stats.acts.push({ act: pending.act, python: pending.applied - pending.at, drawn: stats.drawnAt - pending.at });
    if (stats.acts.length > 400) stats.acts.splice(0, 200);
    pending = null;
  }
}

function redraw() {
  if (gl && !frame) frame = requestAnimationFrame(draw);
}

// -- after every render of the page: the stage, the scene, the cutaway ---------------------------------

// The first board of the page's lifetime costs a WebGL context, the scene's shaders and its first
// picture (each tens of ms under software rendering): each in a task of its own, after the task that
// drew the page, so that none of them makes one long task with another. The first picture is drawn
// unseen, on the canvas before it joins the page, and the canvas joins once the GPU has finished it
// (a fence): under software rendering that picture keeps the GPU busy for ~150 ms (it compiles the
// scene's shaders), and a canvas on the page makes the next frame wait for it on the main thread (the
// frame reads the picture back), one long task.
let starting = false;
let priming = false; // the first picture is on its way
let primed = false; // ... and drawn: the canvas may join the page
const PRIME_WAIT_MS = 3000; // at most this long (a driver without fences: at once)

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

/** The first board's scene and shaders, the canvas still off the page; the picture in the next task. */
function prepare() {
  const host = hostNow();
  if (!host) { // gone meanwhile: the next board primes
    priming = false;
    delete document.documentElement.dataset.boardBusy;
    return;
  }
  if (host.dataset.scene) apply(host.dataset.scene);
  gl.renderer.compile(gl.scene, gl.camera);
  setTimeout(prime, 0);
}

/** The first picture, unseen; then, once the GPU has drawn it, the canvas joins the page. */
function prime() {
  const slot = hostNow()?.querySelector(".b3d-canvas");
  resize(slot);
  placeCamera();
  gl.renderer.render(gl.scene, gl.camera);
  const context = gl.renderer.getContext();
  const fence = context.fenceSync(context.SYNC_GPU_COMMANDS_COMPLETE, 0);
  context.flush();
  const began = performance.now();
  const wait = () => {
    // (getSyncParameter does not wait: the answer is updated between tasks)
    if (fence && performance.now() - began < PRIME_WAIT_MS &&
        context.getSyncParameter(fence, context.SYNC_STATUS) !== context.SIGNALED) {
      setTimeout(wait, 16);
      return;
    }
    if (fence) context.deleteSync(fence);
    priming = false;
    primed = true;
    sync();
    ready();
  };
  setTimeout(wait, 16);
}

function sync() {
  const host = hostNow();
  if (!host) return;
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
  let changed = false;
  const slot = host.querySelector(".b3d-canvas");
  if (slot && gl.canvas.parentElement !== slot) {
    slot.appendChild(gl.canvas);
    changed = true;
  }
  const text = host.dataset.scene || "";
  if (text && text !== shown) {
    apply(text);
    changed = true;
  }
  // Only a new board, a moved canvas or a changed scene is drawn again: other changes of the page (a
  // message, the move log) cost no picture (a software-rendered one is tens of ms).
  if (changed) redraw();
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
  if (out && out.textContent !== words) out.textContent = words; // (a change here is a mutation we observe)
  if (slider.getAttribute("aria-valuetext") !== words) slider.setAttribute("aria-valuetext", words);
}

let queued = false;
new MutationObserver(() => {
  if (queued) return;
  queued = true;
  queueMicrotask(() => { queued = false; sync(); });
}).observe(document.body, { childList: true, subtree: true });
sync(); // the board that made the shell load this module is on the page already

// -- the pointer on the 3D board ------------------------------------------------------------------------

function cellAt(clientX, clientY) {
  // the cell under the pointer: a cube's top -> its column; a cube's side -> the column in front of
  // that side; the board -> its cell. Null off the board.
  const rect = gl.canvas.getBoundingClientRect();
  const ndc = new THREE.Vector2(((clientX - rect.left) / rect.width) * 2 - 1, -((clientY - rect.top) / rect.height) * 2 + 1);
  gl.raycaster.setFromCamera(ndc, gl.camera);
  const hits = gl.raycaster.intersectObjects([...gl.meshes, gl.boardMesh], false);
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
  const cell = mapCell(event.target);
  if (!cell) return;
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

// @ts-check
// Drawing, on demand (after a change, while a drag lasts), never in a constant loop, and off the page:
// three.js draws on a canvas of its own, and the picture is copied onto the page's canvas once the GPU has
// finished it (a fence), so that the page's frames never wait for the GPU on the main thread.

import * as THREE from "../../../three/three.module.js"; // (the served path, from the bundle: main.js)
import { placeCamera } from "./camera.js";
import { hostNow } from "./page.js";
import { DRAG_PX, keep, state, stats } from "./state.js";

/** What runs once the first picture is on the page (stage.js: the canvas joins the page). */
let firstPicture = () => {};

/** ``callback`` to run once the first picture is on the page. @param {() => void} callback */
export function onFirstPicture(callback) {
  firstPicture = callback;
}

// The slot's size (CSS pixels), as a ResizeObserver reports it after the browser's layout: a draw in the
// task that rendered the page reads no layout (which would lay the whole new screen out then).
// (A new slot keeps the last size until its own is known: the same, but for a change of layout.)
const sizer = typeof ResizeObserver === "function" ? new ResizeObserver((entries) => {
  const box = entries[entries.length - 1].contentRect;
  if (box.width < 1 || box.height < 1) return; // (off the page, hidden)
  const size = state.boxSize = [Math.round(box.width), Math.round(box.height)];
  const drawn = state.drawnSize;
  if (state.primed && drawn && (size[0] !== drawn[0] || size[1] !== drawn[1])) redraw();
}) : null;

/** The canvas's slot, whose size the pictures take. @param {Element | null} slot */
export function observeSize(slot) {
  if (slot === state.sized) return;
  state.sized = slot;
  if (!sizer) return;
  sizer.disconnect();
  if (slot) sizer.observe(slot);
}

function slotSize() {
  if (state.boxSize && sizer) return state.boxSize;
  const box = state.gl.canvas.parentElement || hostNow()?.querySelector(".b3d-canvas");
  return box ? [Math.max(1, box.clientWidth), Math.max(1, box.clientHeight)] : [300, 150];
}

/** @param {number[]} size */
function resize([w, h]) {
  const { gl } = state;
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

/** @param {boolean} on */
function setLowRes(on) {
  if (on === state.lowRes) return;
  state.lowRes = on;
  state.gl.renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2) * (on ? 0.55 : 1));
}

function dragging() {
  return Boolean(state.press && state.press.moved > DRAG_PX);
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

/** A picture, now. @param {number} time */
export function draw(time) {
  state.frame = 0;
  const { gl } = state;
  if (!gl || !(gl.canvas.isConnected || state.priming)) return;
  if (state.inFlight) {
    state.again = true;
    return;
  }
  const drag = dragging();
  if (drag && state.lastFrame && time - state.lastFrame > SLOW_FRAME_MS) setLowRes(true);
  if (!drag) setLowRes(false);
  state.lastFrame = drag ? time : 0;
  const start = performance.now();
  resize(state.drawnSize = slotSize());
  placeCamera();
  gl.renderer.render(gl.scene, gl.camera);
  /** @type {WebGL2RenderingContext} */
  const context = gl.renderer.getContext();
  // (the page's canvas gets the drawing's own size: a low-resolution one during a drag is scaled by CSS)
  const flight = state.inFlight = { fence: /** @type {WebGLSync | null} */ (null), began: start,
    size: [context.drawingBufferWidth, context.drawingBufferHeight] };
  const fast = state.fastGpu && state.primed;
  if (!fast) readBack(context, flight.size);
  keep(stats.drawMs, performance.now() - start);
  keep(stats.frames, time);
  stats.draws += 1;
  if (fast) {
    present(); // (a fast GPU: the copy waits a moment, if at all)
    return;
  }
  flight.fence = context.fenceSync(context.SYNC_GPU_COMMANDS_COMPLETE, 0);
  context.flush();
  setTimeout(whenDrawn, 0);
}

/** The picture into the pixel buffer, by the GPU, after the drawing (the buffer's storage anew each time:
 * Chrome keeps its fenced copy for reading only so, and warns otherwise).
 * @param {WebGL2RenderingContext} context @param {number[]} size */
function readBack(context, [w, h]) {
  const { gl } = state;
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
  if (!state.inFlight) return;
  /** @type {WebGL2RenderingContext} */
  const context = state.gl.renderer.getContext();
  const { fence, began } = state.inFlight;
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
  const { gl } = state;
  const { began, size, fence } = /** @type {NonNullable<typeof state.inFlight>} */ (state.inFlight);
  state.inFlight = null;
  const copying = performance.now();
  const view = gl.canvas;
  if (view.width !== size[0] || view.height !== size[1]) {
    view.width = size[0];
    view.height = size[1];
  }
  if (fence) { // the pixels read back: rows from the bottom up, put top down
    /** @type {WebGL2RenderingContext} */
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
  state.fastGpu = (fence ? copying - began - stats.drawMs[stats.drawMs.length - 1] : now - copying) < FAST_GPU_MS;
  stats.drawnAt = now;
  delete document.documentElement.dataset.boardBusy; // the first picture is drawn
  const pending = state.pending;
  if (pending && pending.applied) {
    if (pending.applied - pending.at < 2000) {
      keep(stats.acts, { act: pending.act, at: pending.at, python: pending.applied - pending.at, drawn: now - pending.at });
    }
    state.pending = null;
  }
  if (!state.primed) { // the first picture: the canvas joins the page
    state.primed = true;
    state.priming = false;
    firstPicture();
  }
  if (state.again) {
    state.again = false;
    redraw(true);
  }
}

/** Draw again: in the next animation frame (the camera moved), or at once (``soon``: the scene changed; but
 * for a drag, which draws once a frame). */
export function redraw(soon = false) {
  if (!state.gl) return;
  if (soon && !dragging()) {
    if (state.frame) cancelAnimationFrame(state.frame);
    draw(performance.now());
  } else if (!state.frame) {
    state.frame = requestAnimationFrame(draw);
  }
}

/** Sharp again after a drag drawn at a lower resolution. */
export function sharpen() {
  if (state.lowRes) redraw();
}

// @ts-check
// The one object that holds Blokus 3D's scene state (every module of the scene reads and writes it here), and
// the constants they share. What three.js made lives in ``state.gl`` (objects.js ``create``).

/** @typedef {{ azimuth: number, elevation: number, zoom: number }} View */

/** The view from the front right, as the pieces are drawn. @type {Readonly<View>} */
export const DEFAULT = Object.freeze({ azimuth: 0.5, elevation: 0.82, zoom: 1 });
export const CUBES_PER_COLOUR = 40; // the 11 pieces' cubes (pygames/blokus3d/data.py, B3D-R2): one colour's mesh holds them all
export const PIECE_CUBES = 4; // the largest piece's: the ghost's and the last placement's objects hold as many
export const CELLS = 100; // the board's: the landing markers hold as many
export const CELL_PX = 48; // the board's texture: pixels per cell
export const DRAG_PX = 6; // a press that moves more than this (summed) turns the view; less is a click or a tap

/** What the bench and the tests read (tests/bench/blokus3d_page_bench.py, blokus3d_longtask_bench.py): draws
 * (the main thread's ms, the ms until the GPU had finished and the picture was copied onto the page: gpuMs,
 * and the copy's: copyMs), each scene change applied ({at, ms}) and the cubes' instances written, and for
 * each act sent to Python the time until Python's new scene was applied and until its picture was on the
 * page. */
export const stats = {
  draws: 0, /** @type {number[]} */ drawMs: [], /** @type {number[]} */ gpuMs: [], /** @type {number[]} */ copyMs: [],
  /** @type {number[]} */ frames: [], /** @type {{at: number, ms: number}[]} */ applies: [], written: 0, appliedAt: 0,
  drawnAt: 0, /** @type {boolean | null} */ webgl: null,
  /** @type {{act: string, at: number, python: number, drawn: number}[]} */ acts: [],
};

/** ``item`` at the end of ``list``, which keeps its last few hundred. @template T @param {T[]} list @param {T} item */
export function keep(list, item) {
  list.push(item);
  if (list.length > 600) list.splice(0, 300);
}

export const state = {
  /** three.js's objects once made (objects.js create); false where WebGL is unavailable; null before
   * @type {any} */
  gl: null,
  view: /** @type {View} */ ({ ...DEFAULT }), // the camera's angles and zoom (what the tests read as ``camera``)
  shown: "", // the scene text drawn last
  /** ... and what it says @type {any} */
  shownData: {},
  layoutKey: "", // the structure drawn last
  /** the highest height shown (null: all of them) @type {number | null} */
  cut: null,
  frame: 0, // a requested animation frame
  lastCell: "", // the cell last sent as "hover"
  lastPoint: [NaN, NaN],
  /** pointerId -> [x, y] while pressed @type {Map<number, number[]>} */
  pointers: new Map(),
  /** the press in progress: where it began, how far it moved (in all), whether a second finger came (a pinch)
   * @type {{ x: number, y: number, moved: number, pinch: number } | null} */
  press: null,
  /** the act sent last @type {{ act: string, at: number, applied: number } | null} */
  pending: null,
  // the first board of the page's lifetime (stage.js start, prepare)
  starting: false,
  priming: false, // the first picture is on its way
  primed: false, // ... and shown: the canvas is on the page
  // drawing (draw.js)
  /** the slot's size as the ResizeObserver reported it @type {number[] | null} */
  boxSize: null,
  /** the size the last picture was drawn for @type {number[] | null} */
  drawnSize: null,
  /** the slot observed @type {Element | null} */
  sized: null,
  lowRes: false, // drawn at a lower resolution during a slow drag
  lastFrame: 0,
  /** a picture drawn, not yet on the page @type {{ fence: WebGLSync | null, began: number, size: number[] } | null} */
  inFlight: null,
  again: false, // something changed while a picture was in flight: draw again once it is shown
  fastGpu: false, // the last pictures were finished at once
  pickedShown: "", // the piece in hand whose landing cells were last brought on screen (stage.js)
};

// @ts-check
// The cutaway: the slider #b3d-cut hides the levels above its value (the level map's own is Python's). Its
// value is the player's eyes only, kept here across renders (``state.cut``), not in the game.

import { redraw } from "./draw.js";
import { applyCut } from "./pieces.js";
import { state } from "./state.js";

/** The slider as the scene has it, after a render. */
export function syncCut() {
  const slider = /** @type {HTMLInputElement | null} */ (document.getElementById("b3d-cut"));
  if (!slider) return;
  if (state.cut !== null) slider.value = String(state.cut);
  showCut(slider);
}

/** The slider's words: "all levels", or "up to level n". @param {HTMLInputElement} slider */
function showCut(slider) {
  const out = document.getElementById("b3d-cut-out");
  const all = Number(slider.value) >= Number(slider.max);
  const words = (all ? slider.dataset.all : (slider.dataset.upto || "{n}").replace("{n}", slider.value)) || "";
  if (out && out.textContent !== words) out.textContent = words;
  if (slider.getAttribute("aria-valuetext") !== words) slider.setAttribute("aria-valuetext", words);
}

document.addEventListener("input", (event) => {
  const slider = /** @type {HTMLInputElement | null} */ (event.target);
  if (!slider || slider.id !== "b3d-cut") return;
  const value = Number(slider.value);
  state.cut = value >= Number(slider.max) ? null : value;
  showCut(slider);
  if (state.gl && state.shown) {
    applyCut();
    redraw();
  }
});

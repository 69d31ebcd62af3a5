// @ts-check
// A game's screen laid out unseen (the warm-up: shell/page/startup.py), so that its first showing is quick.

import { nextTask } from "./tasks.mjs";

// Lay out a screen's HTML once, unseen, at the end of <main id="app"> (the same width as a game's screen: its
// boards' text is drawn at the same sizes), then remove it: the browser's first style and layout of a game's
// screen (fonts at each size, text shaping, style rules) take several times the later ones, ~60-100 ms for a
// long K2 game in a fresh page against ~15 once done. The copy lives in a closed shadow tree with the page's
// style sheets: nothing that reads the page (its scripts, find in page, tests' locators) sees it; the host is
// inert, hidden from assistive technology, invisible and of no height. Its parts are taken out (an empty comment
// in each one's place) and put back a few at a time, in tasks of about ``slice`` ms. (Hidden by an inline
// display:none instead, an SVG's parts were laid out all at once in Chromium, the first frame: K2's whole board,
// 570 boxes and its fonts at each size, 55-100 ms.) ``busy()`` true: wait (by default while a bot thinks);
// ``stop()`` true: given up. The HTML is parsed a few kB a task too (``parseInTasks``).
// The promise resolves to whether it was all laid out.
export async function layOutUnseen(html, slice, busy = thinking, stop = () => false) {
  const root = document.getElementById("app");
  const screen = await parseInTasks(html);
  if (!root || !screen || stop()) return false;
  for (const el of screen.querySelectorAll("[autofocus]")) el.removeAttribute("autofocus");
  const parts = [];
  const split = (el) => {
    for (const child of el.children) {
      if (child.getElementsByTagName("*").length > 150) split(child);
      else parts.push(child);
    }
  };
  split(screen);
  const places = parts.map((el) => {
    const place = document.createComment("");
    el.replaceWith(place);
    return place;
  });
  const host = document.createElement("div");
  host.setAttribute("aria-hidden", "true");
  host.inert = true;
  host.style.cssText = "position:relative;contain:paint;height:0;overflow:hidden;visibility:hidden;"
    + "pointer-events:none";
  const shadow = host.attachShadow({mode: "closed"});
  const sheets = [...document.querySelectorAll('link[rel="stylesheet"]')]
    .map((link) => /** @type {HTMLLinkElement} */ (link.cloneNode()));
  const loaded = sheets.map((link) => new Promise((done) => {  // (at most 2 s: the warm-up goes on anyway)
    link.onload = link.onerror = done;
    setTimeout(done, 2000);
  }));
  shadow.append(...sheets, screen);
  root.append(host);
  let next = 0;
  return Promise.all(loaded).then(() => new Promise((resolve) => {
    const step = () => {
      if (!host.isConnected) return resolve(false);  // the page showed another screen meanwhile
      if (stop()) {
        host.remove();
        return resolve(false);
      }
      if (busy()) return setTimeout(step, 40);
      const began = performance.now();
      while (next < parts.length && performance.now() - began < slice) {
        places[next].replaceWith(parts[next]);
        next += 1;
        void host.offsetHeight;  // laid out now, in this task
      }
      if (next < parts.length) {
        nextTask().then(step);
      } else {
        host.remove();
        resolve(true);
      }
    };
    step();
  }));
}

const PARSED_PER_TASK = 8192; // characters: 1-7 ms of the parser's time each on a small machine

/** The first element of ``html``, parsed a part at a time, each in a task of its own (the 60 kB of a K2 screen
 * took 6-40 ms in one), in a document of its own, with no window: what it parses is inert (no script runs, no
 * image loads, and Chrome's autofill does not read its form fields). @param {string} html */
async function parseInTasks(html) {
  const doc = document.implementation.createHTMLDocument("");
  doc.open();
  for (let at = 0; at < html.length; at += PARSED_PER_TASK) {
    if (at) await nextTask();
    doc.write(html.slice(at, at + PARSED_PER_TASK));
  }
  doc.close();
  return doc.body.firstElementChild;
}

/** Whether a bot is thinking on the screen (the play section's seam). */
function thinking() {
  return document.querySelector("section.play[data-thinking]") !== null;
}

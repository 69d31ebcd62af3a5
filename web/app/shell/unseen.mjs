// @ts-check
// A game's screen laid out unseen (the warm-up: shell/page/startup.py), so that its first showing is quick.

import { nextTask } from "./tasks.mjs";

// Lay out a screen's HTML once, unseen, at the end of <main id="app"> (the same width as a game's screen: its
// boards' text is drawn at the same sizes), then remove it: the browser's first style and layout of a game's
// screen (fonts at each size, text shaping, style rules) take several times the later ones, ~60-100 ms for a
// long K2 game in a fresh page against ~15 once done. The copy lives in a closed shadow tree with the page's
// style sheets: nothing that reads the page (its scripts, find in page, tests' locators) sees it; the host is
// inert, hidden from assistive technology, invisible and of no height. Its parts are revealed a few at a time,
// in tasks of about ``slice`` ms; ``busy()`` true: wait (by default while a bot thinks); ``stop()`` true: given up.
// The promise resolves to whether it was all laid out.
export function layOutUnseen(html, slice, busy = thinking, stop = () => false) {
  const root = document.getElementById("app");
  const template = document.createElement("template");
  template.innerHTML = html;
  const screen = template.content.firstElementChild;
  if (!root || !screen) return Promise.resolve(false);
  for (const el of template.content.querySelectorAll("[autofocus]")) el.removeAttribute("autofocus");
  const parts = [];
  const split = (el) => {
    for (const child of el.children) {
      if (child.getElementsByTagName("*").length > 150) split(child);
      else parts.push([child, child.getAttribute("style")]);
    }
  };
  split(screen);
  for (const [el] of parts) el.style.setProperty("display", "none", "important");
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
        const [el, style] = parts[next++];
        if (style === null) el.removeAttribute("style"); else el.setAttribute("style", style);
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

/** Whether a bot is thinking on the screen (the play section's seam). */
function thinking() {
  return document.querySelector("section.play[data-thinking]") !== null;
}

// @ts-check
// The screen on the page turned into a new one (page.mjs ``morph``).

import { morphdom } from "../../vendor/morphdom.mjs";

// morphdom (vendored from npm, tools/site/bundles.py) turns the screen on the page into the new one by
// patching it: the elements that stay keep their focus, scroll position and state, a part whose markup did
// not change is not touched, and the browser styles and lays out only what changed. (idiomorph 0.8.0 did the
// same at about twice the cost on a K2 screen: docs/performance.md.) The children of an element with
// ``data-morph-keep`` are the page's own, not the markup's (Blokus 3D's canvas: one WebGL context for the
// page's lifetime): they stay. An empty element with ``data-same`` stands for a part of the screen the page has
// already (shell/contract/markup.py ``Kept``): the patch keeps that element as it is.
const MORPH = {
  childrenOnly: true,
  // an element's key is its id (morphdom's own asks for the attribute, then the property: two calls a node, and
  // it asks for every node of the page at every patch, to index them)
  getNodeKey: (/** @type {Node} */ node) => /** @type {Element} */ (node).id,
  onBeforeElUpdated(from, to) {
    if (to.hasAttribute("data-same")) return false;
    // open as the browser or the player left them: a modal dialog, and a <details> the shell does not
    // open and close itself (one whose summary has no data-act, e.g. a view's "how to play")
    if (from.open && (from.localName === "dialog" ||
        (from.localName === "details" && !to.querySelector(":scope > summary[data-act]")))) {
      to.setAttribute("open", "");
    }
    return !from.isEqualNode(to);
  },
  onBeforeElChildrenUpdated(from, to) {
    if (from.hasAttribute("data-morph-keep")) return false;
    if (to.hasAttribute("data-newest-first")) addFirst(from, to);
    return true;
  },
};

// A list whose new items come first (the move log, newest first: ``data-newest-first``): each new item, an
// element whose id the list does not have yet, is put at the list's head as an empty element before the patch,
// which then fills it. (morphdom matches the items by id but, for an item put before the others, moves every
// other item after it: each one laid out anew.)
/** @param {Element} from @param {Element} to */
function addFirst(from, to) {
  const have = new Set([...from.children].map((child) => child.id));
  const head = from.firstChild;
  for (const child of to.children) {
    if (!child.id || have.has(child.id)) break;
    const empty = document.createElementNS(child.namespaceURI, child.localName);
    empty.id = child.id;
    from.insertBefore(empty, head);
  }
}

/** ``root``'s children turned into ``next``'s (a copy of ``root`` holding the new screen's markup).
 * @param {HTMLElement} root @param {HTMLElement} next */
export function patch(root, next) {
  morphdom(root, next, MORPH);
}

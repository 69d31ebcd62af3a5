// @ts-check
// The player's language, for what the boot and index.html say before Python runs.
//   index.html's #boot-texts (build.py, from the catalogs) maps each translated language to
//   {English: translation}. The language is on <html lang>, set by index.html's first script
//   (web/first-screen.js) as Python would pick it (shell/page/language.py start_language): the player's
//   remembered choice, else the browser's first language we translate.

import { root } from "./page.js";

/** @type {Record<string, Record<string, string>>} */
const BOOT_TABLE = (() => {
  try {
    return JSON.parse(document.getElementById("boot-texts")?.textContent || "{}");
  } catch (error) {
    console.warn("pygames: boot texts unreadable, English used:", error);
    return {};
  }
})();
let TEXTS = BOOT_TABLE[root.lang] || {}; // (another table when the player picks a language)

/** ``text`` (English, as in shell/model/language.py BOOT_WORDS) in the player's language, {names} filled in.
 * @param {string} text @param {Record<string, string | number>} values */
export function t(text, values = {}) {
  const words = typeof TEXTS[text] === "string" && TEXTS[text] ? TEXTS[text] : text;
  return words.replace(/\{(\w+)\}/g, (all, name) => (name in values ? String(values[name]) : all));
}

/** Marks an English text (one of BOOT_WORDS) that ``t`` translates where it is shown. @param {string} text */
export const N = (text) => text;

/** The language the player picked before Python runs. @param {string} code */
export function useLanguage(code) {
  TEXTS = BOOT_TABLE[code] || {};
}

// What index.html says in English (data-en keeps it, for a change of language before Python runs)
const TRANSLATED = [["boot-phase"], ["boot-note"], ["update-text"], ["update-reload"], ["boot-progress", "aria-label"]];

/** index.html's own words in the player's language. */
export function translatePage() {
  for (const [id, attribute] of TRANSLATED) {
    const element = document.getElementById(id);
    if (!element) continue;
    const key = attribute ? `en${attribute.replace(/-/g, "")}` : "en";
    element.dataset[key] ??= (attribute ? element.getAttribute(attribute) : element.textContent?.trim()) || "";
    const english = element.dataset[key] || "";
    if (attribute) element.setAttribute(attribute, t(english));
    else element.textContent = t(english);
  }
}

// @ts-check
// The page's first screen, before Python starts: index.html's inline script (the build puts this file there,
// after <main>, and allows it by its hash in the Content-Security-Policy). It runs before the first paint:
//   - the language: the player's remembered choice, else the browser's first language the page speaks
//     (as shell/page/language.py start_language), on <html lang>; boot.js and Python read it there;
//   - the home page (an address with no route): the build's drawing of it in that language (a <template>
//     per language, tools/site/home_page.py) with today's date, which Python takes over when it starts;
//   - any other address (a game link, a saved game, a form, the rules): what is opening, e.g. "Opening K2…
//     3 players · 40 moves", above the download's progress (#boot-loading, boot.js); <html data-game>
//     names its game, whose engine and view the start downloads with the rest (no other game's).
(() => {
  const root = document.documentElement;
  let table = {};
  try {
    table = JSON.parse(document.getElementById("boot-texts").textContent);
  } catch (error) {
    // no table: English
  }
  let stored = null;
  try {
    stored = localStorage.getItem("pygames:language");
  } catch (error) {
    // storage blocked: the browser's languages decide
  }
  const known = (code) => Boolean(document.getElementById(`home-${code}`));
  let lang = "en";
  for (const tag of known(stored) ? [stored] : [...(navigator.languages || [])]) {
    const code = String(tag).split(/[-_]/)[0].toLowerCase();
    if (known(code)) {
      lang = code;
      break;
    }
  }
  root.lang = lang;
  const words = table[lang] || {};
  const say = (text, values) => (words[text] || text).replace(/\{(\w+)\}/g, (all, name) => values[name] ?? all);
  const count = (one, many, n) => say(words[`${one}#${Math.min(n, 2)}`] || (n === 1 ? one : many), { n });

  const app = document.getElementById("app");
  const box = document.getElementById("boot-loading");
  const today = () => {
    const now = new Date();
    const two = (n) => String(n).padStart(2, "0");
    return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
  };

  // The home page in ``code``'s language (boot.js calls it again when the player picks another language
  // before Python runs).
  globalThis.pygamesShowHome = (code) => {
    const template = document.getElementById(`home-${code}`);
    if (!template) return;
    for (const id of ["view", "announce"]) document.getElementById(id)?.remove();
    // (parsed in a <template>, an inert document: Chrome's autofill takes a <select> parsed in the page's own
    // document, the language menu, for the player's choice, and lays the page out again in a task of its own)
    const copy = document.createElement("template");
    copy.innerHTML = template.innerHTML.replaceAll(template.dataset.day, today());
    app.prepend(copy.content);
    root.lang = code;
    root.dataset.firstScreen = "home";
  };

  // What a link opens: its game, players and moves (the record's own fields, read, not checked: Python
  // says what is wrong with a bad one).
  const describe = (link) => {
    const [name, query = ""] = link.split("?");
    const title = JSON.parse(box.dataset.games || "{}")[name];
    if (!title) return null;
    root.dataset.game = name; // the game the address opens: boot.js and interpreter.mjs fetch it first
    const fields = new URLSearchParams(query);
    const players = Number(fields.get("players"));
    const moves = (fields.get("moves") || "").split("~").filter((move) => move.trim()).length;
    const what = [];
    if (players > 0) what.push(count("{n} player", "{n} players", players));
    what.push(count("{n} move", "{n} moves", moves));
    return [title, what.join(" · ")];
  };

  let route = location.hash.replace(/^#/, "");
  try {
    route = decodeURI(route);
  } catch (error) {
    // left as it is
  }
  if (["", "home", "/"].includes(route.trim())) {
    globalThis.pygamesShowHome(lang);
    return;
  }
  let opening = null;
  const [kind, arg = ""] = route.split("/");
  if (kind === "play") {
    try {
      opening = describe(JSON.parse(localStorage.getItem(`pygames:save:${arg}`)).link);
    } catch (error) {
      // not readable here: Python says why
    }
  } else if (["new", "rules", "daily"].includes(kind)) {
    opening = describe(`${arg}?`);
    if (opening) opening[1] = "";
  } else {
    opening = describe(route);
  }
  if (opening) {
    const [heading, what] = [document.getElementById("boot-opening"), document.getElementById("boot-what")];
    heading.textContent = say("Opening {game}…", { game: opening[0] });
    heading.hidden = false;
    what.textContent = opening[1];
    what.hidden = !opening[1];
  }
  root.dataset.firstScreen = "opening";
})();

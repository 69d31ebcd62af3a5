// What the site's own JavaScript shares through the page's globals, and the modules it imports by the path the
// site serves them at (not where their sources are): read by `tsc --checkJs` only (tsconfig.json), never shipped.

/** The archives the page's start asks for once the interpreter's .wasm has come (boot: python.js); ``go`` asks
 * for them at once (interpreter.mjs, once CPython has started). */
declare var pygamesLate: (Promise<void> & { go(): void }) | undefined;
/** Each game's archives written into the interpreter (interpreter.mjs), for the page's Python (game_archives.py). */
declare var pygamesGames: { fetch(game: string): Promise<void>; fetchSync(game: string): void } | undefined;
/** shell/events.mjs, imported by boot.js before Python starts (shell/page/startup.py listens with it). */
declare var pygamesEvents: unknown;
/** shell/page.mjs, imported by boot.js before Python starts (shell/page/dom.py ``page_now``). */
declare var pygamesPage: unknown;
/** Resolves once boot.js has imported page.mjs and events.mjs (the shell's start on the page's thread waits). */
declare var pygamesModules: Promise<unknown> | undefined;
/** In the shell's worker (app-worker.mjs): a promise of a new task, at once (shell/page/dom.py ``next_task``). */
declare var pygamesNextTask: (() => Promise<void>) | undefined;
/** In the shell's worker (app-worker.mjs): a message's text to the page, and the page's messages to Python
 * (shell/page/entry.py ``run_in_worker``). */
declare var pygamesPost: ((text: string) => void) | undefined;
declare var pygamesReceive: ((kind: string, text: string) => void) | undefined;
/** The value of a Python expression that gives a JSON text, in the page's Python wherever it runs (a console's, a
 * test's: interpreter.mjs ``pythonHook``). */
declare var pygamesPython: ((code: string) => Promise<unknown>) | undefined;
/** The bots' last 200 decisions, a JSON text (shell/page/bots.py, through page.mjs ``logThought``). */
declare var pygamesThinkLog: string | undefined;
/** The home page drawn in a language before Python runs (web/first-screen.js; the boot calls it). */
declare var pygamesShowHome: ((code: string) => void) | undefined;
/** This device's interpreter snapshot, read early by index.html's first script (interpreter.mjs takes it). */
declare var pygamesSnapshot: Promise<ArrayBuffer | null | undefined> | undefined;
/** The standard library beyond the page's (interpreter.mjs; web/app/stdlib_fallback.py). */
declare var pygamesStdlib: {
  misses: string[];
  fetchFull(): Uint8Array;
  pyimport?: (name: string) => unknown;
};
/** Set by the end-to-end tests: no interpreter snapshot is made or restored. */
declare var PYGAMES_NO_SNAPSHOT: boolean | undefined;
/** Set by the end-to-end tests in their fresh pages: no warm-up after the first screen (``data-warm="off"``). */
declare var PYGAMES_NO_WARM_UP: boolean | undefined;
/** Blokus 3D's scene, for the tests and the benches (web/app/games/blokus3d/scene/main.js). */
declare var pygamesScene3d: unknown;
/** How long a click on the update banner waits for the old worker before dropping it (tests set it shorter). */
declare var pygamesUpdateStallMs: number | undefined;

// Served by the build, typed as any here: three.js's bundle (tools/site/bundles.py: @types/three would bring
// rapier3d, tween.js, fflate and meshoptimizer along), morphdom's, Pyodide's runtime.
declare module "*/three/three.module.js";
declare module "*/vendor/morphdom.mjs";
declare module "*/pyodide/pyodide.mjs";
declare module "*/pyodide/pyodide.asm.mjs";
// The boot's modules import the site's by their path from the served boot.js (dist/'s root).
declare module "*/app/shell/page.mjs" {
  export function morph(root: Element, html: string): boolean;
}
declare module "*/app/shell/events.mjs" {
  export function listen(send: (message: string) => unknown): void;
}
declare module "*/interpreter.mjs" {
  export function dropSnapshot(): Promise<void>;
}
declare module "*/app/shell/bridge.mjs" {
  export function startShell(how: { game?: string; lang?: string; count?: boolean }): Worker;
}

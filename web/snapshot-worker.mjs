// @ts-check
// Makes the interpreter's memory snapshot in the background (started by interpreter.mjs after a
// normal boot): a second Pyodide, the page's files, the imports of web/app/snapshot.py, its memory
// handed to the page, which keeps it in Cache Storage. It reports {memory, bytes, modules, ms} or {error},
// then the page ends it.
import { writeSnapshot } from "./interpreter.mjs";

/** This worker's scope (typed as the page's window by the page's library, tsconfig.json) */
const scope = /** @type {{ postMessage(message: unknown, transfer?: Transferable[]): void }} */ (/** @type {unknown} */ (self));

writeSnapshot().then(
  (made) => scope.postMessage(made, [made.memory.buffer]), // handed over, not copied: the page stores it
  (error) => scope.postMessage({ error: error && error.stack ? `${error.message}\n${error.stack}` : String(error) }),
);

// Makes the interpreter's memory snapshot in the background (started by interpreter.mjs after a
// normal boot): a second Pyodide, the page's files, the imports of web/app/snapshot.py, the memory
// saved in Cache Storage. It reports {bytes, modules, ms} or {error}, then the page ends it.
import { writeSnapshot } from "./interpreter.mjs";

writeSnapshot().then(
  (made) => postMessage(made),
  (error) => postMessage({ error: String((error && error.stack) || error) }),
);

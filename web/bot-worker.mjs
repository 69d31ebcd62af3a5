// @ts-check
// The bots' own thread (web/app/shell/bots/thinker.py): a Pyodide of its own, restored from this device's
// interpreter snapshot when there is one, that answers the page's questions one at a time:
//   {id, fragment, seat, kind} -> {id, action, ms, iterations} or {id, error}.
// Its first message is {ready: true, restored} or {failed: message}; the shell (shell/page/bots.py) thinks
// on the main thread until then, and for good if it failed.
import { startWorkerPyodide } from "./interpreter.mjs";

const options = Object.fromEntries(new URL(import.meta.url).searchParams);
const started = startWorkerPyodide(options.snapshot !== "0").then(({ pyodide, restored }) => {
  const think = pyodide.runPython("from shell.bots.thinker import think\nthink");
  postMessage({ ready: true, restored });
  return think;
});
started.catch((error) => postMessage({ failed: String((error && error.message) || error) }));

let queue = Promise.resolve();
onmessage = (event) => {
  const { id, fragment, seat, kind } = event.data;
  queue = queue.then(async () => {
    try {
      const think = await started;
      postMessage({ id, ...JSON.parse(think(fragment, seat, kind)) });
    } catch (error) {
      postMessage({ id, error: String((error && error.message) || error) });
    }
  });
};

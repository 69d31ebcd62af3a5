// @ts-check
// Waiting for the page's next frame or task (page.mjs exports them for the shell, which asks for them by name).

// A promise resolved at the next animation frame (or after ``wait`` ms, e.g. in a hidden tab, which draws none).
export function nextFrame(wait = 40) {
  return new Promise((resolve) => {
    let done = false;
    const go = () => { if (!done) { done = true; resolve(); } };
    requestAnimationFrame(go);
    setTimeout(go, wait);
  });
}

// A promise resolved in a task after the page's next ``count`` frames were drawn (page.mjs ``framesShown``).
export async function framesDrawn(count = 1) {
  for (let i = 0; i < count; i += 1) {
    await nextFrame();
    await nextTask();
  }
}

// A promise resolved in a new task, at once (a message to itself): what runs after it is a task of
// its own, after the input and painting the browser had waiting. (Python's ``asyncio.sleep(0)`` is not:
// Pyodide may run the callbacks it schedules one after another in the same task.)
export function nextTask() {
  return new Promise((resolve) => {
    const c = new MessageChannel();
    c.port1.onmessage = () => { c.port1.close(); resolve(); };
    c.port2.postMessage(0);
  });
}

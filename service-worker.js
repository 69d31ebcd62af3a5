/* pygames service worker: precache the whole site, serve it offline, update only on request.
 *
 * build.py copies this file into dist/ and replaces the two placeholders below with the site's
 * version (a hash of every file's content hash) and the list of every file in dist/ with its
 * Subresource Integrity hash. Do not edit dist/service-worker.js by hand.
 *
 * Decisions:
 * - Precache requests use `cache: "no-cache"` plus `integrity`: the browser revalidates with the
 *   server (a 304 costs a few hundred bytes, so a first visit does not download the site twice, as
 *   `cache: "reload"` would), and the integrity hash makes a stale or half-deployed copy fail the
 *   install instead of being cached under the new version.
 * - No automatic skipWaiting: a new worker waits until the page asks for it (the "new version is
 *   ready" banner in boot.js), so a page never runs a mix of old and new files.
 * - The query string is ignored for precached files: a static site's file does not depend on it.
 *   Navigations (any path inside the scope, any query, any fragment) get the cached index.html.
 * - Cross-origin isolation: the page and its workers' scripts are served with the headers that make
 *   the page cross-origin isolated (ISOLATION, as `build.py serve` sends them with every file) when the
 *   response lacks them, so that on a host that cannot send headers the page is isolated from its
 *   second visit on. Only those: isolation is decided by the document's headers and each dedicated
 *   worker's, and every other file is same-origin, which `require-corp` allows as it is. A header the
 *   host did send is kept as it is.
 */
// @ts-check
/** This worker's scope, as a service worker's (tsconfig.sw.json checks this file with a worker's library) */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const VERSION = "__PRECACHE_VERSION__";
/** @type {{ url: string, integrity: string }[]} */
const PRECACHE = [/* __PRECACHE_LIST__ */];
const CACHE_PREFIX = "pygames-";
const CACHE_NAME = `${CACHE_PREFIX}${VERSION}`;
const SCOPE = new URL("./", sw.location.href);
const INDEX = new URL("index.html", SCOPE).href;
const PRECACHED = new Set(PRECACHE.map((entry) => new URL(entry.url, SCOPE).href));
const ISOLATION = { "Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Embedder-Policy": "require-corp" };

sw.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE_NAME).then((cache) =>
      cache.addAll(
        PRECACHE.map(
          (entry) => new Request(new URL(entry.url, SCOPE), { cache: "no-cache", integrity: entry.integrity }),
        ),
      ),
    ),
  );
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      // Older versions' files, and the interpreter snapshot (interpreter.mjs), which was made from
      // them: the new version's page makes its own.
      for (const name of await caches.keys()) {
        if (name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME) await caches.delete(name);
      }
      // First install only: take control of the page that registered us. It loaded exactly the
      // files we precached (same version). On an update the user asked for this by clicking.
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "SKIP_WAITING") {
    sw.skipWaiting();
    if (event.ports[0]) event.ports[0].postMessage({ skipping: true }); // (the page notes it: data-update)
  }
  if (data.type === "GET_VERSION" && event.ports[0]) event.ports[0].postMessage({ version: VERSION });
});

function withoutSearch(url) {
  const clean = new URL(url);
  clean.search = "";
  clean.hash = "";
  return clean.href;
}

async function fromCache(href) {
  const cache = await caches.open(CACHE_NAME);
  return cache.match(href, { ignoreSearch: true });
}

/** The response with ISOLATION's headers it lacks (a copy: a cached response's headers cannot change);
 * itself when it has them all, or is no file (an error, a redirect). */
function isolated(response) {
  const names = Object.keys(ISOLATION);
  if (!response || !response.ok || names.every((name) => response.headers.has(name))) return response;
  const headers = new Headers(response.headers);
  for (const name of names) if (!headers.has(name)) headers.set(name, ISOLATION[name]);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE.href)) return;
  const href = withoutSearch(request.url);
  if (request.mode === "navigate") {
    // The app is one page: every path inside the scope shows index.html, unless it names
    // another precached file (e.g. a manifest or an icon opened directly).
    const target = PRECACHED.has(href) ? href : INDEX;
    event.respondWith(
      fromCache(target).then((cached) => cached || fetch(request)).then(isolated),
    );
    return;
  }
  if (!PRECACHED.has(href)) return; // not part of the site: the network, as without a worker
  const served = fromCache(href).then((cached) => cached || fetch(request));
  event.respondWith(request.destination === "worker" ? served.then(isolated) : served);
});

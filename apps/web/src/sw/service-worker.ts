/// <reference lib="webworker" />
// The service worker, built into the root of the build as /sw.js (vite.config.ts fills in the
// precache list of precache.ts). Only public files and pages ever enter its caches: /api answers
// pass by untouched, so nothing private is kept here (the vault's offline copy is the page's own,
// lib/offline/vault-snapshot.ts). Shell and hashed files are served from the cache first;
// pages from the network first, with the page's cached copy when the network fails and the offline
// screen when there is none. A new worker waits until the page asks it to take over (the update
// prompt, lib/pwa/update-prompt.ts).

// This script runs as a service worker, whose global scope the DOM's types call Window.
const scope: unknown = self;
if (!(scope instanceof ServiceWorkerGlobalScope)) throw new Error('sw.js runs as a service worker');
const worker = scope;
// The build writes this build's precache ({ version, urls }) in place of the expression
// (precache-global.d.ts names it).
const precache = self.__SV_PRECACHE__;
const prefix = 'secure-vault-';
const shellCache = `${prefix}shell-${precache.version}`;
const assetsCache = `${prefix}assets-${precache.version}`;
const pagesCache = `${prefix}pages-${precache.version}`;
const ownCaches = new Set([shellCache, assetsCache, pagesCache]);
const offlinePage = '/offline.html';
const precached = new Set(precache.urls);

function isApi(pathName: string): boolean {
  return pathName === '/api' || pathName.startsWith('/api/');
}

/** A built file with a hashed name (never changes under the same name), not a source map. */
function isHashedAsset(url: URL): boolean {
  return (
    url.origin === worker.location.origin &&
    url.pathname.startsWith('/assets/') &&
    !url.pathname.endsWith('.map')
  );
}

/** Pages are kept by path alone: a query or fragment may hold a token, and never reaches a cache. */
function pageKey(url: URL): string {
  return new URL(url.pathname, worker.location.origin).href;
}

/** A page worth keeping: a whole HTML page the server answered 200, not a redirect. */
function isKeepablePage(response: Response): boolean {
  return (
    response.status === 200 &&
    !response.redirected &&
    response.type === 'basic' &&
    (response.headers.get('content-type') ?? '').startsWith('text/html')
  );
}

async function keepPage(url: URL, response: Response): Promise<void> {
  if (isApi(url.pathname) || !isKeepablePage(response)) return;
  const cache = await caches.open(pagesCache);
  await cache.put(pageKey(url), response);
}

async function navigate(request: Request): Promise<Response> {
  const url = new URL(request.url);
  try {
    const response = await fetch(request);
    if (isKeepablePage(response)) {
      const copy = response.clone();
      void keepPage(url, copy).catch(() => undefined);
    }
    return response;
  } catch {
    const cached =
      (await caches.match(pageKey(url), { cacheName: pagesCache })) ??
      (precached.has(url.pathname)
        ? await caches.match(pageKey(url), { cacheName: shellCache })
        : undefined) ??
      (await caches.match(offlinePage, { cacheName: shellCache }));
    return cached ?? Response.error();
  }
}

async function cacheFirst(request: Request, cacheName: string): Promise<Response> {
  const cached = await caches.match(request, { ignoreSearch: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    const copy = response.clone();
    void caches
      .open(cacheName)
      .then((cache) => cache.put(request, copy))
      .catch(() => undefined);
  }
  return response;
}

/** What the page had already fetched before this worker controlled it: kept like the rest. */
async function keepLoaded(page: unknown, assets: unknown): Promise<void> {
  const cache = await caches.open(assetsCache);
  const urls = (Array.isArray(assets) ? assets : [])
    .filter((asset): asset is string => typeof asset === 'string')
    .map((asset) => new URL(asset, worker.location.origin))
    .filter((url) => isHashedAsset(url) && !precached.has(url.pathname))
    .slice(0, 200);
  await Promise.all(
    urls.map(async (url) => {
      if (!(await cache.match(url.href))) await cache.add(url.href).catch(() => undefined);
    }),
  );
  if (typeof page !== 'string' || !page.startsWith('/') || page.startsWith('//')) return;
  const pageUrl = new URL(page, worker.location.origin);
  if (isApi(pageUrl.pathname) || precached.has(pageUrl.pathname)) return;
  if (await caches.match(pageKey(pageUrl), { cacheName: pagesCache })) return;
  const response = await fetch(pageKey(pageUrl), { credentials: 'same-origin' });
  await keepPage(pageUrl, response);
}

worker.addEventListener('install', (event) => {
  event.waitUntil(caches.open(shellCache).then((cache) => cache.addAll(precache.urls)));
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(prefix) && !ownCaches.has(name)) await caches.delete(name);
      }
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (typeof data !== 'object' || data === null || !('type' in data)) return;
  if (data.type === 'skip-waiting') void worker.skipWaiting();
  if (data.type === 'keep-loaded') {
    const page = 'page' in data ? data.page : undefined;
    const assets = 'assets' in data ? data.assets : undefined;
    event.waitUntil(keepLoaded(page, assets).catch(() => undefined));
  }
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin || isApi(url.pathname)) return;
  if (request.mode === 'navigate') {
    event.respondWith(navigate(request));
  } else if (isHashedAsset(url)) {
    event.respondWith(cacheFirst(request, assetsCache));
  } else if (precached.has(url.pathname)) {
    event.respondWith(
      caches
        .match(url.pathname, { cacheName: shellCache })
        .then((cached) => cached ?? fetch(request)),
    );
  }
});

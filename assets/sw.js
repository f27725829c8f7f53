// The calculator's service worker: it keeps the last build in the browser so the calculator opens
// without a network. Files with a content hash in their name never change, so they are served
// from the cache first; the page itself (and the few unhashed files) comes from the network first,
// so a new build shows as soon as it is online, and from the cache when the network fails or the
// server answers with an error (5xx), with a note on the page saying so.
//
// Nothing but this build's own files is ever saved: a response is kept only when it is a 200 of
// this origin (type "basic", not redirected) whose bytes have the SHA-256 that post_build.mjs
// wrote for that file. A captive portal's page, a server's error page or another build's file
// therefore never replaces the saved copy.
//
// BUILD, the file lists and DIGESTS are written by assets/post_build.mjs (a Trunk post_build
// hook): a new build is a new worker with a new cache, and the old caches are deleted when it
// takes over.
'use strict';

const BUILD = '__BUILD_ID__';
const HASHED = __HASHED_FILES__;
const UNHASHED = __UNHASHED_FILES__;
// SHA-256 (hex) of every file kept, and of the page ("index.html"), by path from the scope.
const DIGESTS = __FILE_DIGESTS__;
const PREFIX = 'course-cost-';
const CACHE = PREFIX + BUILD;
// How long the page waits for the network before it takes the saved copy (milliseconds).
const NETWORK_WAIT_MS = 4000;

const scope = new URL(self.registration.scope);
const pageUrl = scope.href;
const hashed = new Set(HASHED.map((path) => new URL(path, scope).href));
const unhashed = new Set(UNHASHED.map((path) => new URL(path, scope).href));
// Expected digest by absolute address; the page's address is the scope itself.
const expected = new Map(Object.entries(DIGESTS).map(([path, digest]) => [new URL(path, scope).href, digest]));
expected.set(pageUrl, DIGESTS['index.html']);
// Clients whose page came from the cache, and why ({ reason: 'network' | 'server', status }).
const servedFromCache = new Map();

async function sha256(buffer) {
  const digest = await crypto.subtle.digest('SHA-256', buffer);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Whether `response` is this build's own copy of the file at `key` (an absolute address). */
async function isOwnFile(key, response) {
  if (!response || response.status !== 200 || response.type !== 'basic' || response.redirected) return false;
  if (response.url && new URL(response.url).origin !== scope.origin) return false;
  const want = expected.get(key);
  if (!want) return false;
  try {
    return (await sha256(await response.clone().arrayBuffer())) === want;
  } catch {
    return false;
  }
}

/** Saves `response` under `key` only if it is this build's copy of that file. */
async function keep(cache, key, response) {
  if (await isOwnFile(key, response)) await cache.put(key, response.clone());
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const keys = [pageUrl, ...hashed, ...unhashed];
      // Every file checked before any is saved: a build whose files do not all match is not
      // installed, and the worker (and copy) already there stay.
      const responses = await Promise.all(keys.map((key) => fetch(new Request(key, { cache: 'reload' }))));
      for (let i = 0; i < keys.length; i++) {
        if (!(await isOwnFile(keys[i], responses[i]))) {
          throw new Error(`sw: ${keys[i]} is not this build's file (status ${responses[i].status})`);
        }
      }
      await Promise.all(keys.map((key, i) => cache.put(key, responses[i])));
      // Update policy: a verified new build takes over at once (skipWaiting here, clients.claim on
      // activate) rather than waiting for every tab to close. That is safe because the page and
      // its wasm are fetched together when a tab loads: an open tab keeps running the build it
      // loaded, and its next reload gets the new one whole. Drafts live in localStorage, not in
      // the cache, so an update never touches the user's work.
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith(PREFIX) && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

/** The network, given up on after `ms` milliseconds. */
function network(request, ms) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  return fetch(request, { signal: controller.signal }).finally(() => clearTimeout(timer));
}

async function cacheFirst(request, key) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(key);
  if (hit) return hit;
  const response = await fetch(request);
  await keep(cache, key, response);
  return response;
}

async function networkFirst(request, key, clientId) {
  const cache = await caches.open(CACHE);
  let response;
  try {
    response = await network(request, NETWORK_WAIT_MS);
  } catch (error) {
    const hit = await cache.match(key);
    if (!hit) throw error;
    if (clientId) servedFromCache.set(clientId, { reason: 'network', status: 0 });
    return hit;
  }
  if (response.status >= 500) {
    // The server failed: the saved copy is better than its error page.
    const hit = await cache.match(key);
    if (hit) {
      if (clientId) servedFromCache.set(clientId, { reason: 'server', status: response.status });
      return hit;
    }
    return response;
  }
  await keep(cache, key, response);
  if (clientId) servedFromCache.delete(clientId);
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  url.hash = '';
  const bare = url.origin + url.pathname;
  if (request.mode === 'navigate') {
    // Every address of the app (any query, any fragment) is the same page.
    if (bare !== pageUrl && bare !== new URL('index.html', scope).href) return;
    event.respondWith(networkFirst(request, pageUrl, event.resultingClientId));
  } else if (hashed.has(bare)) {
    event.respondWith(cacheFirst(request, bare));
  } else if (unhashed.has(bare)) {
    event.respondWith(networkFirst(request, bare));
  }
});

self.addEventListener('message', (event) => {
  // The page asks a newly installed worker which build it keeps (register.js's update note).
  if (event.data?.type === 'course-cost:build?' && event.ports[0]) {
    event.ports[0].postMessage({ build: BUILD });
    return;
  }
  if (event.data?.type !== 'course-cost:offline?' || !event.source) return;
  const served = servedFromCache.get(event.source.id);
  event.source.postMessage({
    type: 'course-cost:offline',
    offline: served !== undefined,
    reason: served?.reason ?? null,
    status: served?.status ?? null,
    build: BUILD,
  });
});

// The calculator's service worker: it keeps the last build in the browser so the calculator opens
// without a network. Files with a content hash in their name never change, so they are served
// from the cache first; the page itself (and the few unhashed files) comes from the network first,
// so a new build shows as soon as it is online, and from the cache when the network fails.
//
// BUILD and the file lists are written by assets/post_build.mjs (a Trunk post_build hook): a new
// build is a new worker with a new cache, and the old caches are deleted when it takes over.
'use strict';

const BUILD = '__BUILD_ID__';
const HASHED = __HASHED_FILES__;
const UNHASHED = __UNHASHED_FILES__;
const PREFIX = 'course-cost-';
const CACHE = PREFIX + BUILD;
// How long the page waits for the network before it takes the saved copy (milliseconds).
const NETWORK_WAIT_MS = 4000;

const scope = new URL(self.registration.scope);
const pageUrl = scope.href;
const hashed = new Set(HASHED.map((path) => new URL(path, scope).href));
const unhashed = new Set(UNHASHED.map((path) => new URL(path, scope).href));
// Clients whose page came from the cache because the network failed (asked by register.js).
const servedFromCache = new Set();

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) =>
        cache.addAll([pageUrl, ...hashed, ...unhashed].map((url) => new Request(url, { cache: 'reload' }))),
      )
      .then(() => self.skipWaiting()),
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

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function networkFirst(request, key, clientId) {
  const cache = await caches.open(CACHE);
  try {
    const response = await network(request, NETWORK_WAIT_MS);
    if (response.ok) await cache.put(key, response.clone());
    if (clientId) servedFromCache.delete(clientId);
    return response;
  } catch (error) {
    const hit = await cache.match(key);
    if (!hit) throw error;
    if (clientId) servedFromCache.add(clientId);
    return hit;
  }
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
    event.respondWith(cacheFirst(request));
  } else if (unhashed.has(bare)) {
    event.respondWith(networkFirst(request, bare));
  }
});

self.addEventListener('message', (event) => {
  if (event.data?.type !== 'course-cost:offline?' || !event.source) return;
  event.source.postMessage({
    type: 'course-cost:offline',
    offline: servedFromCache.has(event.source.id),
    build: BUILD,
  });
});

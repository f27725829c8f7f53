// Registers the service worker (sw.js, beside this page) and shows a note when the calculator runs
// offline: the browser says it is offline, or the page came from the worker's saved copy; and a
// note when a new version has been installed (the offline copy is then the new one): the page is
// that version already (it came from the network), or a Reload brings it.
// A file, not an inline script, so the page's Content-Security-Policy needs no exception for it.
(function () {
  'use strict';
  var fromCache = false;
  // Why the page came from the saved copy: 'network' (no answer) or 'server' (an error page).
  var reason = null;
  var status = null;
  var note = null;

  function makeNote() {
    var p = document.createElement('p');
    p.className = 'offline-note';
    p.setAttribute('data-testid', 'offline-note');
    p.setAttribute('role', 'status');
    return p;
  }

  function words() {
    var saved = 'this is the copy of the calculator saved in this browser. It works as usual; ';
    if (fromCache && reason === 'server') {
      return (
        'Offline: the server answered with an error' + (status ? ' (' + status + ')' : '') + ', so ' + saved +
        'the newest version shows once the server works again.'
      );
    }
    return 'Offline: ' + saved + 'links you copy open once you are online again.';
  }

  function update() {
    var offline = fromCache || navigator.onLine === false;
    if (!offline) {
      if (note) note.hidden = true;
      return;
    }
    if (!note) note = makeNote();
    note.textContent = words();
    note.hidden = false;
    // Put the note back if it went (the app's start replaces part of <body>).
    if (!note.isConnected && document.body) document.body.insertBefore(note, document.body.firstChild);
  }

  addEventListener('online', update);
  addEventListener('offline', update);
  if (document.body) {
    new MutationObserver(function () {
      if (note && !note.hidden && !note.isConnected) update();
    }).observe(document.body, { childList: true });
  }
  update();

  if (!('serviceWorker' in navigator)) return;
  var workers = navigator.serviceWorker;
  workers.addEventListener('message', function (event) {
    if (!event.data || event.data.type !== 'course-cost:offline') return;
    fromCache = event.data.offline === true;
    reason = typeof event.data.reason === 'string' ? event.data.reason : null;
    status = typeof event.data.status === 'number' ? event.data.status : null;
    update();
  });
  if (workers.startMessages) workers.startMessages();
  if (workers.controller) workers.controller.postMessage({ type: 'course-cost:offline?' });
  // A returning visitor's page is controlled by the worker of the build they had: a worker that
  // installs now is a new version (a first visit's first worker is not news).
  var hadWorker = !!workers.controller;
  var meta = document.querySelector('meta[name="build"]');
  var pageBuild = meta ? meta.getAttribute('content') : null;
  var updateNote = null;
  // How long after the page's load the worker is registered if the app has not drawn its start.
  var NEVER_STARTED_MS = 10000;

  function showUpdate(build) {
    if (!updateNote) {
      updateNote = document.createElement('p');
      updateNote.className = 'offline-note update-note';
      updateNote.setAttribute('data-testid', 'update-notice');
      updateNote.setAttribute('role', 'status');
    }
    updateNote.textContent = '';
    if (build && build === pageBuild) {
      updateNote.textContent =
        'The calculator was updated: this page is the new version, and the copy saved for offline use is updated too.';
    } else {
      updateNote.appendChild(
        document.createTextNode('A new version of the calculator is ready, and saved for offline use. '),
      );
      var reload = document.createElement('button');
      reload.type = 'button';
      reload.className = 'secondary small';
      reload.setAttribute('data-testid', 'update-reload');
      reload.textContent = 'Reload to use it';
      reload.addEventListener('click', function () {
        location.reload();
      });
      updateNote.appendChild(reload);
      updateNote.appendChild(document.createTextNode(' (your scenario stays: it is in the address)'));
    }
    if (!updateNote.isConnected && document.body) document.body.insertBefore(updateNote, document.body.firstChild);
  }

  function watchUpdates(registration) {
    registration.addEventListener('updatefound', function () {
      var worker = registration.installing;
      if (!worker || !hadWorker) return;
      worker.addEventListener('statechange', function () {
        if (worker.state !== 'activated') return;
        // The new worker names its build in its answer (course-cost:offline).
        var channel = new MessageChannel();
        channel.port1.onmessage = function (event) {
          showUpdate(event.data && event.data.build);
        };
        worker.postMessage({ type: 'course-cost:build?' }, [channel.port2]);
      });
    });
    // A tab left open looks for a new version whenever it is shown again.
    document.addEventListener('visibilitychange', function () {
      if (document.visibilityState === 'visible') registration.update().catch(function () {});
    });
  }

  // Once the page has loaded and the app has drawn its start (#app holds it and is no longer
  // aria-busy: src/components/page/later.rs), so fetching and caching the build's files (the
  // page's wasm a second time, the worker's files) never competes with the first figures. A
  // page whose app never starts (a failed download) registers a little later all the same.
  var registered = false;
  function register() {
    if (registered) return;
    registered = true;
    workers.register('sw.js').then(watchUpdates, function () {
      // No worker (private mode, a sandboxed frame, file://): the calculator works online only.
    });
  }
  function started(app) {
    return app.firstElementChild !== null && !app.hasAttribute('aria-busy');
  }
  function whenStarted() {
    var app = document.getElementById('app');
    if (!app || started(app)) return register();
    var observer = new MutationObserver(function () {
      if (!started(app)) return;
      observer.disconnect();
      register();
    });
    observer.observe(app, { attributes: true, attributeFilter: ['aria-busy'], childList: true });
    setTimeout(function () {
      observer.disconnect();
      register();
    }, NEVER_STARTED_MS);
  }
  if (document.readyState === 'complete') whenStarted();
  else addEventListener('load', whenStarted);
})();

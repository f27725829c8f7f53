// Registers the service worker (sw.js, beside this page) and shows a note when the calculator runs
// offline: the browser says it is offline, or the page came from the worker's saved copy.
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
  // After the page has loaded, so caching the files never competes with starting the app.
  function register() {
    workers.register('sw.js').catch(function () {
      // No worker (private mode, a sandboxed frame, file://): the calculator works online only.
    });
  }
  if (document.readyState === 'complete') register();
  else addEventListener('load', register);
})();

// The platform around the app: a strict Content-Security-Policy with no violation in a whole
// session, the service worker that keeps the calculator working offline, embedding in any host
// (its own message, Embedly, AMP, pym.js; themes; the script embed), and the compressed copies.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  DIST, WAIT, changed, launch, linkInAddressBar, number, openCalculator, openFold, serve, showChart, showView, text, payloadCredit as credit, payloadDiscount as discount, payloadStudents as students, start, stop, closeClean, watchProblems, enterStudents, editCourse,
} from './support.mjs';

// The embedded view has no summary bar: its headline shows the total.
const EMBED_TOTAL = 'headline-total';
const VIEWS = ['course', 'prices', 'results', 'plan', 'share'];

/**
 * Opens an embedded view (`?embed=1...`) in a fresh context, like openCalculator does the full
 * calculator, and waits until its headline is shown; problems are collected in `page.problems`.
 */
async function openEmbed(url, contextOptions = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...contextOptions });
  const page = await context.newPage();
  page.on('close', () => context.close().catch(() => {}));
  page.setDefaultTimeout(WAIT);
  watchProblems(page);
  await page.goto(url);
  await page.getByTestId(EMBED_TOTAL).waitFor({ timeout: WAIT });
  return page;
}

/** Frames `until` waits at the most: a minute at 60 frames a second, longer on a slow machine. */
const MAX_FRAMES = Math.ceil(WAIT / (1000 / 60));

/**
 * Waits until `check` (an async function) returns a truthy value, re-checking after each frame
 * `frame` paints (events, no clock); resolves to that value, or to the last one after
 * MAX_FRAMES frames.
 */
async function until(frame, check) {
  for (let frames = 0; ; frames++) {
    const value = await check();
    if (value || frames >= MAX_FRAMES) return value;
    await frame.evaluate(() => new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 0))));
  }
}

// Host pages name an icon of their own, so the browser asks for no /favicon.ico (a 404 here).
const NO_ICON = '<link rel="icon" href="data:,">';

let server;
let browser;

before(async () => ({ server, browser } = await start()));
after(() => stop({ server, browser }));

/** Records CSP violations of every frame of `page` (events and console messages) in `page.csp`. */
async function watchPolicy(page) {
  page.csp = [];
  await page.exposeFunction('__cspViolation', (line) => page.csp.push(line));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolation(
        `${location.href}: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sample})`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) page.csp.push(`console: ${message.text()}`);
  });
}

/** The policy in the page's meta tag, as directive -> list of sources. */
async function policyOf(page) {
  const content = await page.evaluate(
    () => document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.content ?? '',
  );
  return Object.fromEntries(
    content
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

test('a strict Content-Security-Policy, and a whole session without one violation', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  await watchPolicy(page);
  watchProblems(page);
  page.setDefaultTimeout(WAIT);
  await page.goto(server.url);
  await page.getByTestId('total-cost').waitFor({ timeout: WAIT });

  const policy = await policyOf(page);
  assert.deepEqual(policy['default-src'], ["'none'"]);
  assert.deepEqual(policy['style-src'], ["'self'"]);
  assert.deepEqual(policy['base-uri'], ["'self'"]);
  assert.deepEqual(policy['form-action'], ["'none'"]);
  for (const directive of ['connect-src', 'manifest-src', 'worker-src']) {
    assert.deepEqual(policy[directive], ["'self'"], directive);
  }
  assert.deepEqual(policy['img-src'], ["'self'", 'data:']);
  const scripts = policy['script-src'];
  assert.ok(scripts.includes("'self'") && scripts.includes("'wasm-unsafe-eval'"), scripts.join(' '));
  assert.ok(scripts.some((source) => /^'sha256-[A-Za-z0-9+/]{43}='$/.test(source)), scripts.join(' '));
  for (const source of scripts) {
    assert.ok(!/unsafe-inline|unsafe-eval'|^\*$|^https?:$/.test(source) || source === "'wasm-unsafe-eval'", source);
  }

  // A session: edit, choose, open what opens, draw every chart, embed, copy, export, reset.
  await editCourse(page, 250, 1);
  await openFold(page, 'providers');
  await openFold(page, 'more-charts');
  for (const id of ['chart-cost-by-lab', 'chart-providers', 'chart-hours', 'chart-categories']) {
    await showChart(page, id);
  }
  // Every view, with every fold and every <details> of it opened once.
  for (const view of VIEWS) {
    await showView(page, view);
    for (const fold of await page.locator('[data-testid^="fold-"]').evaluateAll((els) => els.map((el) => el.dataset.testid))) {
      await openFold(page, fold.slice('fold-'.length));
    }
    for (const summary of await page.locator('details:not([open]) > summary').all()) {
      if (await summary.isVisible()) await summary.click();
    }
  }
  await showView(page, 'share');
  await page.getByTestId('embed-toggle').click();
  await page.getByTestId('embed-snippet').waitFor();
  const preview = page.frameLocator('[data-testid="embed-preview"]');
  await preview.getByTestId(EMBED_TOTAL).waitFor({ timeout: WAIT });
  await page.getByLabel('Let readers change the course in the embedded view').check();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(server.url).origin });
  await page.getByTestId('copy-embed-iframe').click();
  await page.getByTestId('copy-embed-script').click();
  await page.getByTestId('copy-link').click();
  for (const id of ['export-csv', 'export-json', 'export-markdown']) {
    const download = page.waitForEvent('download');
    await page.getByTestId(id).click();
    await download;
  }
  await page.getByTestId('reset-scenario').click();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // The embedded view with its options, in a tab of its own.
  const embed = await context.newPage();
  await watchPolicy(embed);
  embed.setDefaultTimeout(WAIT);
  await embed.goto(`${server.url}?embed=1&edit=1&theme=dark&transparent=1`);
  await embed.getByTestId(EMBED_TOTAL).waitFor({ timeout: WAIT });
  await showChart(embed, 'chart-cost-by-lab');
  const embedStart = await text(embed, EMBED_TOTAL);
  await embed.getByTestId('students-input').fill('120');
  // The edit has gone all the way round: recomputed, redrawn, written to the address bar.
  await changed(embed, EMBED_TOTAL, embedStart);
  await linkInAddressBar(embed, (d) => students(d) === 120);
  await showChart(embed, 'chart-cost-by-lab');
  // And the first tab settles too: its own link written after the reset.
  await linkInAddressBar(page, (d) => students(d) === undefined);

  assert.deepEqual(page.csp, []);
  assert.deepEqual(embed.csp, []);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('offline: after one visit the calculator opens without a server, and says so', async () => {
  const own = await serve();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await openCalculator(context, own.url);
    // No note while the page comes from the network.
    assert.equal(await page.getByTestId('offline-note').count(), 0);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: WAIT });
    const build = (await readFile(join(DIST, 'sw.js'), 'utf8')).match(/\bBUILD\s*=\s*"([0-9a-f]+)"/)?.[1];
    assert.ok(build, 'sw.js names its build');
    assert.deepEqual(await page.evaluate(() => caches.keys()), [`course-cost-${build}`]);

    const manifest = await page.evaluate(async () => {
      const link = document.querySelector('link[rel="manifest"]');
      return (await fetch(link.href)).json();
    });
    assert.equal(manifest.start_url, './');
    assert.equal(manifest.display, 'standalone');
    assert.ok(manifest.theme_color && manifest.name);
    assert.ok(manifest.icons.some((icon) => icon.src === 'favicon.svg' && icon.type === 'image/svg+xml'));

    await own.close();
    await page.reload();
    await page.getByTestId('total-cost').waitFor({ timeout: WAIT });
    const total = await number(page, 'total-cost');
    assert.ok(total > 0, `total ${total}`);
    await page.getByTestId('offline-note').waitFor({ state: 'visible', timeout: WAIT });
    assert.match(await text(page, 'offline-note'), /offline/i);
    // It still calculates.
    await enterStudents(page, 300);
    // A page that failed to load a file would have said so in the console.
    assert.deepEqual(
      page.problems.filter((problem) => !/ERR_CONNECTION_REFUSED|Failed to load resource/.test(problem)),
      [],
    );
  } finally {
    await context.close();
    await own.close().catch(() => {});
  }
});

/** A course page around `body`; it records every message it receives in window.__messages. */
function hostPage(body) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Course page</title>${NO_ICON}
<script>
  window.__messages = [];
  addEventListener('message', (event) => window.__messages.push(event.data));
</script></head>
<body><h1>ML Systems Engineering and Operations</h1>
${body}
</body></html>`;
}

test('an embedded view reports its height to any host: its own, Embedly, AMP and pym.js', async () => {
  const src = `${server.url}?embed=1&initialWidth=800&childId=cost-calc&parentTitle=Course`;
  const host = await serve(DIST, {
    '/host.html': ['text/html; charset=utf-8', hostPage(`<iframe src="${src}" title="Calculator" width="800" height="600"></iframe>`)],
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const tab = await context.newPage();
    tab.setDefaultTimeout(WAIT);
    await tab.goto(`${host.url}host.html`);
    await tab.frameLocator('iframe').getByTestId(EMBED_TOTAL).waitFor({ timeout: WAIT });
    const formats = await tab.waitForFunction(() => {
      const found = {};
      for (const data of window.__messages) {
        if (data && data.type === 'course-cost:height') found.own = data.height;
        if (data && data.sentinel === 'amp' && data.type === 'embed-size') found.amp = data.height;
        if (typeof data === 'string' && data.startsWith('pymxPYMx')) found.pym = data;
        if (typeof data === 'string' && data.startsWith('{')) {
          try {
            const json = JSON.parse(data);
            if (json.context === 'iframe.resize') found.embedly = json;
          } catch {}
        }
      }
      return found.own && found.amp && found.pym && found.embedly ? found : null;
    }, null, { timeout: WAIT }).then((handle) => handle.jsonValue());
    assert.ok(formats.own > 100, `height ${formats.own}`);
    assert.equal(formats.amp, formats.own);
    assert.equal(formats.embedly.height, formats.own);
    assert.ok(formats.embedly.src.startsWith(src.split('&')[0]), formats.embedly.src);
    assert.match(formats.pym, /^pymxPYMxcost-calcxPYMxheightxPYMx\d+$/);
    assert.equal(Number(formats.pym.split('xPYMx').pop()), formats.own);
  } finally {
    await context.close();
    await host.close();
  }
});

/** The relative luminance (0 black .. 1 white) of a CSS colour "rgb(r, g, b)". */
function luminance(color) {
  const [r, g, b] = color.match(/[\d.]+/g).map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

test('theme=dark and theme=light override the system, transparent=1 lets the host show', async () => {
  const background = (page) =>
    page.evaluate(() => [getComputedStyle(document.documentElement).backgroundColor, getComputedStyle(document.body).backgroundColor]);
  const dark = await openEmbed(`${server.url}?embed=1&theme=dark`, { colorScheme: 'light' });
  await dark.waitForFunction(() => document.documentElement.classList.contains('theme-dark'));
  const [darkRoot] = await background(dark);
  assert.ok(luminance(darkRoot) < 0.2, `dark background ${darkRoot}`);
  assert.equal(await dark.evaluate(() => getComputedStyle(document.documentElement).colorScheme), 'dark');
  await closeClean(dark);

  const light = await openEmbed(`${server.url}?embed=1&theme=light`, { colorScheme: 'dark' });
  await light.waitForFunction(() => document.documentElement.classList.contains('theme-light'));
  const [lightRoot] = await background(light);
  assert.ok(luminance(lightRoot) > 0.8, `light background ${lightRoot}`);
  await light.close();

  const clear = await openEmbed(`${server.url}?embed=1&transparent=1`);
  await clear.waitForFunction(() => document.documentElement.classList.contains('transparent'));
  assert.deepEqual(await background(clear), ['rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)']);
  await clear.close();

  // The full calculator ignores the embed options' absence: no class, the system's scheme.
  const full = await openCalculator(browser, server.url, { colorScheme: 'dark' });
  const [fullRoot] = await background(full);
  assert.ok(luminance(fullRoot) < 0.2, `system dark ${fullRoot}`);
  await full.close();
});

test('the script embed turns each div into a frame sized to its content', async () => {
  const page = await openCalculator(browser, server.url);
  await showView(page, 'share');
  await page.getByTestId('embed-toggle').click();
  const snippet = await page.getByTestId('embed-script-snippet').inputValue();
  assert.match(snippet, /^<div class="course-cost-embed" data-src="[^"]+\?embed=1#s=[^"]+"><\/div>\n<script src="[^"]+embed\.js" async><\/script>$/);
  // The dialog previews the embedded view.
  await page.frameLocator('[data-testid="embed-preview"]').getByTestId(EMBED_TOTAL).waitFor({ timeout: WAIT });
  await page.close();

  const second = `<div class="course-cost-embed" data-src="${server.url}?theme=dark"></div>`;
  const host = await serve(DIST, { '/host.html': ['text/html; charset=utf-8', hostPage(`${snippet}\n<p>And again:</p>${second}`)] });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const tab = await context.newPage();
    tab.setDefaultTimeout(WAIT);
    tab.problems = [];
    tab.on('pageerror', (error) => tab.problems.push(`page error: ${error.message}`));
    await tab.goto(`${host.url}host.html`);
    const frames = tab.locator('div.course-cost-embed > iframe');
    await frames.nth(1).waitFor();
    assert.equal(await frames.count(), 2);
    // embed=1 is added where the address lacks it.
    assert.match(await frames.nth(1).getAttribute('src'), /[?&]embed=1/);
    for (const index of [0, 1]) {
      await tab.frameLocator(`div.course-cost-embed >> nth=${index} >> iframe`).getByTestId(EMBED_TOTAL).waitFor({ timeout: WAIT });
    }
    // Each frame gets the height its own content reports (not the 900 px it starts with).
    const heights = await tab.waitForFunction(() => {
      const list = [...document.querySelectorAll('div.course-cost-embed > iframe')].map((frame) => ({
        css: frame.getBoundingClientRect().height,
      }));
      return list.every((entry) => entry.css !== 900 && entry.css > 100) ? list : null;
    }, null, { timeout: WAIT }).then((handle) => handle.jsonValue());
    for (const frame of tab.frames().filter((f) => f !== tab.mainFrame())) {
      const element = await frame.frameElement();
      let content;
      let css;
      // Charts may still be drawing: the frame follows within a few frames.
      await until(frame, async () => {
        content = await frame.evaluate(() => document.body.offsetHeight);
        css = await element.evaluate((el) => el.getBoundingClientRect().height);
        return Math.abs(css - content) <= 2;
      });
      assert.ok(Math.abs(css - content) <= 2, `${frame.url()}: ${css} px for ${content} px of content (${JSON.stringify(heights)})`);
    }
    assert.deepEqual(tab.problems, []);
  } finally {
    await context.close();
    await host.close();
  }
});

test('every file of the release build has a brotli and a gzip copy with the same bytes', async () => {
  const names = (await readdir(DIST, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name))
    // Trunk's staging folder exists only while a build runs; it is not part of the release.
    .filter((name) => !name.slice(DIST.length).split(sep).includes('.stage'));
  assert.ok(names.some((name) => name.endsWith('.wasm')), names.join(', '));
  for (const name of names) {
    const raw = await readFile(name);
    assert.deepEqual(brotliDecompressSync(await readFile(`${name}.br`)), raw, `${name}.br`);
    assert.deepEqual(gunzipSync(await readFile(`${name}.gz`)), raw, `${name}.gz`);
  }
});

/**
 * Serves dist/ like `serve`, but answers as `mode.now` says: 'normal', 'portal' (a captive
 * portal's 200 login page for every address) or 'error' (503 for every address).
 */
async function switchableServer() {
  const { createServer } = await import('node:http');
  const { normalize } = await import('node:path');
  const mode = { now: 'normal' };
  const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css', '.svg': 'image/svg+xml', '.webmanifest': 'application/manifest+json' };
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (mode.now === 'portal') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>Wi-Fi login</title><h1 id="portal">Log in to the hotel Wi-Fi</h1>');
      return;
    }
    if (mode.now === 'error') {
      res.writeHead(503, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>503</title><h1 id="down">Service unavailable</h1>');
      return;
    }
    const file = normalize(join(DIST, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(DIST + sep)) return res.writeHead(403).end();
    try {
      const body = await readFile(file);
      const ext = file.slice(file.lastIndexOf('.'));
      res.writeHead(200, { 'content-type': types[ext] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    mode,
    close: () => new Promise((ok) => { server.closeAllConnections?.(); server.close(ok); }),
  };
}

test('offline copy: a captive portal or a server error never replaces it, and a 5xx serves it with a note', async () => {
  const own = await switchableServer();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  /** The saved page's text, straight from the worker's cache. */
  const savedPage = (page) => page.evaluate(async (url) => {
    for (const key of await caches.keys()) {
      const hit = await (await caches.open(key)).match(url);
      if (hit) return hit.text();
    }
    return null;
  }, own.url);
  try {
    const page = await openCalculator(context, own.url);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: WAIT });
    const good = await savedPage(page);
    assert.ok(good && good.includes('register'), 'the page is saved');

    // A captive portal answers 200 with its own page: shown (it is what the network says), never saved.
    own.mode.now = 'portal';
    await page.reload();
    await page.locator('#portal').waitFor();
    assert.equal(await savedPage(page), good, 'the portal page did not replace the saved copy');

    // The server fails: the saved copy is served, with a note that says why.
    own.mode.now = 'error';
    await page.goto(own.url);
    await page.getByTestId('total-cost').waitFor({ timeout: WAIT });
    await page.getByTestId('offline-note').waitFor({ state: 'visible', timeout: WAIT });
    assert.match(await text(page, 'offline-note'), /server answered with an error \(503\)/);
    assert.ok((await number(page, 'total-cost')) > 0);
    assert.equal(await savedPage(page), good, 'the error page did not replace it either');

    // Back to normal: the network's page again, and no note.
    own.mode.now = 'normal';
    await page.goto(own.url);
    await page.getByTestId('total-cost').waitFor({ timeout: WAIT });
    await page.waitForFunction(() => {
      const note = document.querySelector('[data-testid="offline-note"]');
      return !note || note.hidden;
    }, null, { timeout: WAIT });
  } finally {
    await context.close();
    await own.close();
  }
});

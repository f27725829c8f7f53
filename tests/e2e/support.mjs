// Shared fixtures of the browser tests: a static server for dist/ on loopback, and Debian's
// Chromium driven by playwright-core (which downloads no browser of its own).

import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateRawSync } from 'node:zlib';
import { chromium } from 'playwright-core';

export const DIST = resolve(fileURLToPath(new URL('../../dist', import.meta.url)));

/**
 * How long a test waits for anything the page computes or renders (a figure, a chart, a link in
 * the address bar, a finished simulation). Generous on purpose: the tests assert behaviour, never
 * speed (tests/bench/browser.mjs measures that), so a busy machine may be slow but never fails.
 */
export const WAIT = 60_000;

/**
 * The paper's reported figures (with their sources) and the default scenario's expected ones,
 * derived by hand: tests/fixtures/paper.json, which the native tests read too
 * (tests/common/mod.rs), so no test file writes these numbers itself.
 */
export const PAPER = JSON.parse(await readFile(new URL('../fixtures/paper.json', import.meta.url), 'utf8'));

/** A figure the paper reports (`PAPER.paper.figures[name].value`). */
export function reported(name) {
  const value = PAPER.paper.figures[name]?.value;
  if (typeof value !== 'number') throw new Error(`the fixture reports no ${name}`);
  return value;
}

/** A figure the default scenario is expected to show (`PAPER.default_scenario[name]`). */
export function expected(name) {
  const value = PAPER.default_scenario[name];
  if (typeof value !== 'number') throw new Error(`the fixture expects no ${name}`);
  return value;
}

/**
 * A figure the default scenario is expected to show at the newest prices, its first screen's
 * headline (`PAPER.default_scenario["today_" + name]`); `expected` gives the paper's semester's.
 */
export function today(name) {
  const value = PAPER.default_scenario[`today_${name}`];
  if (typeof value !== 'number') throw new Error(`the fixture expects no today_${name}`);
  return value;
}

/** The paper's reported hours (the fixture's): lab and project instance-hours, project GPU hours. */
export const LAB_HOURS = reported('lab_instance_hours');
export const PROJECT_HOURS = reported('project_instance_hours');
export const GPU_HOURS = reported('project_gpu_hours');

/** A count as the page writes it: 123456 -> "123,456". */
export function count(value) {
  return Math.round(value).toLocaleString('en-US');
}

/** A dollar figure as the page writes it whole: 12345.49 -> "$12,345". */
export function wholeDollars(usd) {
  return `$${count(usd)}`;
}

/** A dollar figure per student as the page writes it, to the cent: 1234.5 -> "$1,234.50". */
export function centsDollars(usd) {
  return `$${usd.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/**
 * An hourly price as the page writes it: four significant digits, at least the cents, no zero
 * invented past them: 0.69 -> "$0.69", 0.0416 -> "$0.0416", 16.3863 -> "$16.39", 1234.5 -> "$1,235".
 */
export function hourlyDollars(usd) {
  const digits = usd === 0 ? 2 : Math.max(0, 4 - (Math.floor(Math.log10(Math.abs(usd))) + 1));
  const fixed = usd.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const [int, frac = ''] = fixed.split('.');
  const kept = frac.length > 2 ? frac.slice(0, 2) + frac.slice(2).replace(/0+$/, '') : frac;
  return `$${kept ? `${int}.${kept}` : int}`;
}

/** The default scenario's total at the newest prices (the first screen's headline). */
export const TODAY_TOTAL = wholeDollars(today('total_usd'));

/** The default scenario's total as the page opens it: at the newest prices (issue 43). */
export const DEFAULT_TOTAL = TODAY_TOTAL;

/** The default scenario's total at the paper's semester prices (the paper's line, README). */
export const PAPER_PRICES_TOTAL = wholeDollars(expected('total_usd'));

/**
 * Prices the scenario with the paper's semester prices (Prices view), as a reader moving the
 * default back to Spring 2025 would, then shows `view`; resolves once the total has changed.
 */
export async function atPaperPrices(page, view = 'course') {
  const before = await text(page, 'total-cost');
  await showView(page, 'prices');
  await page.getByTestId('snapshot-select').selectOption('spring-2025');
  await changed(page, 'total-cost', before);
  await showView(page, view);
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/**
 * Serves `root` on 127.0.0.1 at a free port. `extra` maps paths to [type, body] for host pages.
 * Resolves to { url, requests, close }, where `requests` lists every path asked for.
 */
export async function serve(root = DIST, extra = {}) {
  return listen(root, extra, async (req, res, file) => {
    try {
      if (!(await stat(file)).isFile()) throw new Error('not a file');
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
}

/**
 * What `serve` and `serveCompressed` share: a server on 127.0.0.1 at a free port that records
 * every path asked for, answers the `extra` host pages, refuses paths outside `root` and hands
 * the rest to `respond(req, res, file)`. `closeConnections`: `close` drops open connections.
 */
async function listen(root, extra, respond, closeConnections = false) {
  const requests = [];
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    requests.push(path);
    if (extra[path]) {
      const [type, body] = extra[path];
      res.writeHead(200, { 'content-type': type });
      res.end(body);
      return;
    }
    const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(root + sep) && file !== root) {
      res.writeHead(403).end();
      return;
    }
    await respond(req, res, file);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () => {
      if (closeConnections) server.closeAllConnections?.();
      return new Promise((ok) => server.close(ok));
    },
  };
}

/** Debian's Chromium, headless, with the flags this machine's closed network needs. */
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-quic',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

/**
 * Waits until the start has drawn every part of the view: the app draws the first screen first
 * and the rest in later tasks, its root `aria-busy` until the last (components/page/later.rs).
 */
export async function startDrawn(page) {
  // The root is busy from before the app's first render, so once it holds anything, not busy
  // means drawn. (The page's load event comes before the wasm has started.)
  await page.locator('#app > *').first().waitFor({ state: 'attached', timeout: WAIT });
  await page.locator('#app:not([aria-busy])').waitFor({ state: 'attached', timeout: WAIT });
}

/**
 * Opens the calculator and waits until the app has rendered its headline. Page errors and
 * console errors are collected in `page.problems`, for tests to assert there are none.
 * Given the browser (not a context), the page gets a fresh context of its own, so no saved
 * draft leaks from one test into the next; closing the page closes that context.
 */
export async function openCalculator(contextOrBrowser, url, contextOptions = {}) {
  let context = contextOrBrowser;
  if (typeof contextOrBrowser.newContext === 'function') {
    context = await contextOrBrowser.newContext({
      viewport: { width: 1280, height: 900 },
      ...contextOptions,
    });
  }
  const page = await context.newPage();
  if (context !== contextOrBrowser) page.on('close', () => context.close().catch(() => {}));
  watchProblems(page);
  // Every wait of this page without a timeout of its own (locators, navigation) gets WAIT too.
  page.setDefaultTimeout(WAIT);
  await page.goto(url);
  await page.getByTestId('total-cost').waitFor({ timeout: WAIT });
  await startDrawn(page);
  return page;
}

/** Collects `page`'s page errors and console errors in `page.problems`. */
export function watchProblems(page) {
  page.problems = [];
  page.on('pageerror', (error) => page.problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') page.problems.push(`console error: ${message.text()}`);
  });
}

/** Asserts `page` met no page or console error (see watchProblems), then closes it. */
export async function closeClean(page) {
  assert.deepEqual(page.problems, []);
  await page.close();
}

/** The text of the element with this data-testid. */
export async function text(page, testid) {
  return (await page.getByTestId(testid).first().textContent()).trim();
}

/** The number shown by the element with this data-testid ("$59,170" -> 59170). */
export async function number(page, testid) {
  return parse(await text(page, testid));
}

/**
 * Scrolls a chart's canvas into view and waits until it has been drawn for the current data.
 * Charts off screen are drawn only when they come near the viewport, so a test looks at a chart
 * the way a reader would: by scrolling to it.
 */
export async function showChart(page, testid) {
  const canvas = page.getByTestId(testid);
  await canvas.scrollIntoViewIfNeeded();
  await page.waitForFunction(
    (id) => {
      const el = document.querySelector(`[data-testid="${id}"]`);
      return el && el.width > 300 && Number(el.dataset.drawn ?? 0) > 0;
    },
    testid,
    { timeout: WAIT },
  );
  return canvas;
}

/** Parses a shown figure ("$59,170", "123,456") into a number. */
export function parse(shown) {
  const value = Number(shown.replace(/[^0-9.\-]/g, ''));
  if (!Number.isFinite(value)) throw new Error(`no number in "${shown}"`);
  return value;
}

/** Waits until the element with this data-testid shows something other than `old`. */
export async function changed(page, testid, old) {
  await page.waitForFunction(
    ([id, before]) => document.querySelector(`[data-testid="${id}"]`)?.textContent.trim() !== before,
    [testid, old],
    { timeout: WAIT },
  );
  return text(page, testid);
}

/** Types `students` as the course's enrollment; resolves to the new total once it is shown. */
export async function enterStudents(page, students) {
  const before = await text(page, 'total-cost');
  await page.getByTestId('students-input').fill(String(students));
  return changed(page, 'total-cost', before);
}

/**
 * Edits the course the way a reader might: `students` enrolled, the GPU-heavy preset, the
 * provider at `providerIndex` in the prices view, and the breakdown's first row opened.
 */
export async function editCourse(page, students, providerIndex) {
  await enterStudents(page, students);
  await page.getByTestId('preset-select').selectOption('gpu-heavy-v3');
  await showView(page, 'prices');
  await page.getByTestId('provider-select').selectOption({ index: providerIndex });
  await showView(page, 'results');
  await page.getByTestId('breakdown-table').locator('tbody button[aria-expanded="false"]').first().click();
}

/** Waits until the element with this data-testid shows exactly `expected`. */
export async function shows(page, testid, expected) {
  await page.waitForFunction(
    ([id, want]) => document.querySelector(`[data-testid="${id}"]`)?.textContent.trim() === want,
    [testid, expected],
    { timeout: WAIT },
  );
}

/** What a payload holds: base64url of raw-deflated JSON (what the app writes) or of plain JSON. */
export function decodePayload(payload) {
  const bytes = Buffer.from(payload, 'base64url');
  let json;
  try {
    json = inflateRawSync(bytes);
  } catch {
    json = bytes;
  }
  return JSON.parse(json.toString('utf8'));
}

/**
 * Waits until the address bar holds a share link whose payload satisfies `accept` (it is written
 * with history.replaceState about 250 ms after the last edit). Resolves to { url, hash, data }.
 */
export async function linkInAddressBar(page, accept, timeout = WAIT) {
  let last;
  for (;;) {
    const hash = await page.evaluate(() => location.hash);
    if (hash.startsWith('#s=')) {
      try {
        last = decodePayload(hash.slice(3));
      } catch (error) {
        last = `undecodable: ${error.message}`;
      }
      if (typeof last === 'object' && accept(last)) return { url: page.url(), hash, data: last };
    }
    // The next write of the address bar, an event; `timeout` is how long one may take.
    try {
      await page.waitForFunction((seen) => location.hash !== seen, hash, { timeout });
    } catch {
      throw new Error(`the address bar never held the expected link; last: ${hash} = ${JSON.stringify(last)}`);
    }
  }
}


/**
 * Serves `root` like a production static host: the precompressed `.br` or `.gz` sibling of a
 * file when the browser accepts it (Content-Encoding, Vary), long-lived caching for files with a
 * content hash in their name and revalidation for the rest. Resolves to { url, requests, close }.
 */
export async function serveCompressed(root = DIST) {
  const hashed = /-[0-9a-f]{8,16}(_bg)?\.[a-z0-9]+$/;
  return listen(root, {}, async (req, res, file) => {
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const headers = {
      'content-type': TYPES[extname(file)] ?? (file.endsWith('.webmanifest') ? 'application/manifest+json' : 'application/octet-stream'),
      'cache-control': hashed.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
    };
    for (const [encoding, suffix] of [['br', '.br'], ['gzip', '.gz'], [null, '']]) {
      if (encoding && !accepts.includes(encoding)) continue;
      try {
        if (!(await stat(file + suffix)).isFile()) continue;
        const body = await readFile(file + suffix);
        if (encoding) headers['content-encoding'] = encoding;
        res.writeHead(200, { ...headers, 'content-length': body.length });
        res.end(req.method === 'HEAD' ? undefined : body);
        return;
      } catch {
        // No such copy: try the next one.
      }
    }
    res.writeHead(404).end('not found');
  }, true);
}

/**
 * Shows one view of the calculator (`course`, `prices`, `results`, `plan`, `share`) the way a
 * reader does, by its tab, and waits until its panel is on the page. Only the current view is
 * rendered; the summary bar (total-cost, cost-per-student, undo, redo) is always there.
 */
export async function showView(page, view) {
  const tab = page.getByTestId(`tab-${view}`);
  await clickUntil(tab, () => tab.evaluate((el) => el.getAttribute('aria-selected') === 'true'));
  await page.getByTestId(`view-${view}`).waitFor({ timeout: WAIT });
}

/**
 * Clicks `target` until `done()` holds, a few times at most. A click can land beside its target
 * when the page moves under the pointer (a panel growing as its figures arrive), so each try
 * waits for the state it should cause before clicking again; the last try waits the full WAIT.
 */
async function clickUntil(target, done, tries = 4) {
  for (let attempt = 1; attempt <= tries; attempt++) {
    if (await done()) return;
    await target.click();
    const patience = attempt === tries ? WAIT : 5_000;
    const handle = await target.elementHandle();
    try {
      await target.page().waitForFunction(
        (el) => el.getAttribute('aria-selected') === 'true' || el.getAttribute('aria-expanded') === 'true',
        handle,
        { timeout: patience },
      );
    } catch {
      // Not yet: click again.
    }
    if (await done()) return;
  }
}

/**
 * Waits until no view of what was measured is still loading (the Plan view's folds whose views
 * come in the actuals wasm, fetched when one is first opened: `actuals-loading-<view>`).
 */
export async function viewsLoaded(page) {
  await page.waitForFunction(() => !document.querySelector('[data-testid^="actuals-loading-"]'), null, { timeout: WAIT });
}

/** Opens a folded panel (`data-testid="fold-<id>"`) if it is closed, and waits for its view. */
export async function openFold(page, id) {
  const toggle = page.getByTestId(`fold-${id}`).locator(':scope > button');
  await clickUntil(toggle, async () => (await toggle.getAttribute('aria-expanded')) === 'true');
  await viewsLoaded(page);
}

/**
 * Opens everything folded in the current view: folds (nested ones too) and <details>, and with
 * `markers` the provenance markers' notes too. Waits until no fold is left closed.
 */
export async function openFolded(page, { markers = false } = {}) {
  for (let round = 0; round < 10; round++) {
    const closed = await page.evaluate((withMarkers) => {
      const folds = [...document.querySelectorAll('.fold > button[aria-expanded="false"]')];
      const notes = withMarkers ? [...document.querySelectorAll('.provenance-marker[aria-expanded="false"]')] : [];
      const details = [...document.querySelectorAll('details:not([open])')];
      for (const d of details) d.open = true;
      for (const b of [...folds, ...notes]) b.click();
      return folds.length + notes.length + details.length;
    }, markers);
    if (closed === 0) return;
    await page.waitForFunction(
      () => !document.querySelector('.fold > button[aria-expanded="false"]'),
      null,
      { timeout: WAIT },
    );
    await viewsLoaded(page);
  }
}

/** Opens the details of lab `index` (0-based) in the lab editor (one lab is open at a time). */
export async function openLab(page, index) {
  const toggle = page.getByTestId('toggle-lab').nth(index);
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

/** Starts what a test file shares: the static server for dist/ and the browser. */
export async function start() {
  return { server: await serve(), browser: await launch() };
}

/**
 * A test file's server for dist/ and browser (`app.server`, `app.browser`), started before its
 * tests and stopped after them: registers the file's `before` and `after` hooks.
 */
export function useApp() {
  const app = {};
  before(async () => Object.assign(app, await start()));
  after(() => stop(app));
  return app;
}

/** Stops what `start` started (what did start, when starting failed half way). */
export async function stop({ server, browser } = {}) {
  await browser?.close();
  await server?.close();
}

/** A link payload's number of students (version 2 keeps edited numbers by field path in `n`). */
export function payloadStudents(data) {
  return data.n?.['course.students'] ?? data.s;
}

/** A link payload's discount (%). */
export function payloadDiscount(data) {
  return data.n?.['pricing.discount_pct'] ?? data.d;
}

/** A link payload's credit, in whatever field path carries it. */
export function payloadCredit(data) {
  return Object.entries(data.n ?? {}).find(([path]) => /credit/.test(path))?.[1] ?? data.cr;
}

/** Parses RFC 4180 CSV (quoted fields, doubled quotes, CRLF or LF) into rows of fields. */
export function parseCsv(source) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || (c === '\r' && source[i + 1] === '\n')) {
      if (c === '\r') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else {
      field += c;
    }
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/**
 * Init script: counts zero-delay timer callbacks as they run in window.__slices (the simulations
 * run one slice per such callback) and calls window.__onSlice after each, so a wait for "two
 * slices into a run" is an event, not a poll. For tests and the benchmark alike.
 */
export function countSlices() {
  const setTimeoutOriginal = window.setTimeout;
  window.__slices = 0;
  window.setTimeout = function setTimeout(handler, delay, ...rest) {
    if (typeof handler === 'function' && !delay) {
      const wrapped = function wrapped(...args) {
        try {
          return handler.apply(this, args);
        } finally {
          window.__slices++;
          window.__onSlice?.();
        }
      };
      return setTimeoutOriginal.call(this, wrapped, delay, ...rest);
    }
    return setTimeoutOriginal.call(this, handler, delay, ...rest);
  };
}

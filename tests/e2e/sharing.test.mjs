// Sharing end to end: share links (open, copy, reset, the saved draft, back/forward), hostile
// links, embedding in a host page, no request leaving the origin, exports and print to PDF.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import {
  DIST, WAIT, changed, decodePayload, launch, linkInAddressBar, number, openCalculator, openLab, parse, serve, showView, shows, text, payloadCredit, payloadDiscount, payloadStudents, stop, parseCsv, closeClean, watchProblems, enterStudents, editCourse, count, LAB_HOURS,
} from './support.mjs';

const DRAFT_KEY = 'course-cost.draft.v1';
// Host pages name an icon of their own, so the browser asks for no /favicon.ico (a 404 here).
const NO_ICON = '<link rel="icon" href="data:,">';
// The embedded view has no summary bar: its headline shows the total.
const EMBED_TOTAL = 'headline-total';
const OTHER_PAGE = `<!doctype html><meta charset="utf-8"><title>Elsewhere</title>${NO_ICON}<p>Another page.</p>`;

let server;
let browser;
let origin;

const [students, discount, credit] = [payloadStudents, payloadDiscount, payloadCredit];

before(async () => {
  server = await serve(DIST, { '/other.html': ['text/html; charset=utf-8', OTHER_PAGE] });
  origin = new URL(server.url).origin;
  browser = await launch();
});

after(() => stop({ server, browser }));

/** A share-link payload for `value`, as a hand-written link carries it: base64url of plain JSON. */
function plainPayload(value) {
  return Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
}

/** The calculator's URL with this payload in the fragment. */
function linkTo(payload) {
  return `${server.url}#s=${payload}`;
}

/** The headline figures and the inputs a share link carries, as shown (visiting their views). */
async function snapshot(page) {
  const total = await text(page, 'total-cost');
  const perStudent = await text(page, 'cost-per-student');
  await showView(page, 'results');
  const labHours = await text(page, 'lab-instance-hours');
  await showView(page, 'prices');
  const discount = await page.getByTestId('discount-input').inputValue();
  await showView(page, 'course');
  const students = await page.getByTestId('students-input').inputValue();
  return { total, perStudent, labHours, students, discount };
}

/** The scenario part of a share link's fragment (without the view, `&v=...`). */
function fragmentOf(hash) {
  return hash.split('&')[0];
}

/**
 * The scenario a link's `#s=` part holds, as the JSON text it inflates to: the app writes a link
 * uncompressed (stored deflate blocks) until the browser's CompressionStream answers, and both
 * forms hold the same scenario.
 */
function scenarioOf(hash) {
  const payload = fragmentOf(hash).match(/^#?s=(.+)$/)?.[1];
  if (!payload) return fragmentOf(hash);
  try {
    return inflateRawSync(Buffer.from(payload, 'base64url')).toString('utf8');
  } catch {
    return fragmentOf(hash);
  }
}

/** Sets a field of a view: shows the view, then fills the field. */
async function fillIn(page, view, testid, value) {
  await showView(page, view);
  await page.getByTestId(testid).fill(value);
}


/** Clicks `testid` and resolves to the downloaded file's name and text. */
async function download(page, testid) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testid).click()]);
  const failure = await file.failure();
  assert.equal(failure, null, `${testid}: download failed: ${failure}`);
  return { name: file.suggestedFilename(), body: await readFile(await file.path(), 'utf8') };
}

test('a shared link opens the same scenario in a fresh browser', async () => {
  const page = await openCalculator(browser, server.url);
  const start = await snapshot(page);
  await page.getByTestId('students-input').fill('250');
  await fillIn(page, 'prices', 'discount-input', '10');
  await changed(page, 'total-cost', start.total);
  const { url, hash, data } = await linkInAddressBar(page, (d) => students(d) === 250 && discount(d) === 10);
  assert.equal(data.v, 3);
  assert.equal(data.p, 'paper-s25-v3');
  assert.ok(hash.length < 200, `a few edits keep the link short (${hash.length} characters)`);
  const edited = await snapshot(page);
  assert.notEqual(edited.total, start.total);
  assert.equal(edited.students, '250');
  assert.equal(edited.discount, '10');

  // A new context: no draft, no history; only the link.
  const shared = await openCalculator(browser, url);
  assert.deepEqual(await snapshot(shared), edited);
  assert.equal(await shared.getByTestId('link-notice').count(), 0, 'a good link loads whole');
  assert.equal(await shared.getByTestId('draft-notice').count(), 0);

  assert.deepEqual(page.problems, []);
  await closeClean(shared);
  await page.close();
});

test("the paper's course opened from a bare address writes no link until the first change", async () => {
  // Every address the page writes, in order (the app writes with history.replaceState).
  const context = await browser.newContext();
  await context.addInitScript(() => {
    window.__written = [];
    const replace = History.prototype.replaceState;
    History.prototype.replaceState = function (state, unused, url) {
      window.__written.push(String(url));
      return replace.call(this, state, unused, url);
    };
  });
  const page = await openCalculator(context, server.url);
  // Switching views writes the view, still without a link.
  await showView(page, 'plan');
  await page.waitForFunction(() => /[#&]v=plan\b/.test(location.hash), null, { timeout: WAIT });
  await showView(page, 'course');
  await page.getByTestId('students-input').fill('150');
  const { data } = await linkInAddressBar(page, (d) => students(d) === 150);
  assert.equal(students(data), 150);
  // The first link the page wrote is the edit's: none was computed for the untouched course.
  const links = (await page.evaluate(() => window.__written)).filter((url) => /[#&]s=/.test(url));
  assert.ok(links.length > 0, 'the edit wrote its link');
  const first = decodePayload(new URL(links[0], server.url).hash.split('&')[0].slice(3));
  assert.equal(students(first), 150, `the first link written: ${JSON.stringify(first)}`);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('a link pasted into the address bar of an open calculator loads', async () => {
  const page = await openCalculator(browser, server.url);
  const start = await text(page, 'total-cost');
  // Same document, new fragment: a hashchange, not a reload.
  await page.evaluate(() => { window.__sameDocument = true; });
  await page.goto(linkTo(plainPayload({ v: 1, p: 'paper-s25', s: 95 })));
  await page.waitForFunction(() => document.querySelector('[data-testid="students-input"]').value === '95', null, { timeout: WAIT });
  assert.notEqual(await changed(page, 'total-cost', start), start);
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'the page was not reloaded');
  await closeClean(page);
});

test('Copy link puts the current scenario on the clipboard', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  const page = await openCalculator(context, server.url);
  const total = await enterStudents(page, 333);
  // At once, before the address bar's debounce: the copied link and the page must still agree.
  await showView(page, 'share');
  await page.getByTestId('copy-link').click();
  await page.getByTestId('copy-confirmation').waitFor();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.ok(copied.startsWith(`${server.url}#s=`), copied);
  // The same scenario as the address bar: a link is written uncompressed until the browser's
  // compression answers, and the bar may take the compressed form right after the copy.
  assert.deepEqual(decodePayload(new URL(copied).hash.slice(3)),
    decodePayload(new URL(page.url()).hash.slice(3)), 'the clipboard holds the address bar');
  assert.equal(students(decodePayload(new URL(copied).hash.slice(3))), 333);

  const opened = await openCalculator(browser, copied);
  assert.equal(await text(opened, 'total-cost'), total);
  await showView(opened, 'course');
  assert.equal(await opened.getByTestId('students-input').inputValue(), '333');
  await closeClean(opened);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('a browser that refuses the clipboard shows the link to copy by hand', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => {
    navigator.clipboard.writeText = () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
  });
  const page = await openCalculator(context, server.url);
  await enterStudents(page, 150);
  await showView(page, 'share');
  await page.getByTestId('copy-link').click();
  const field = page.getByLabel('Link to this scenario', { exact: true });
  await field.waitFor();
  assert.equal(await page.getByTestId('copy-confirmation').count(), 0);
  const link = await field.inputValue();
  assert.deepEqual(decodePayload(new URL(link).hash.slice(3)), decodePayload(new URL(page.url()).hash.slice(3)));
  assert.equal(students(decodePayload(new URL(link).hash.slice(3))), 150);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("Reset brings back the paper's course", async () => {
  const page = await openCalculator(browser, server.url);
  const paper = await snapshot(page);
  assert.equal(paper.labHours, count(LAB_HOURS));
  await page.getByTestId('students-input').fill('400');
  await changed(page, 'total-cost', paper.total);
  await showView(page, 'results');
  await changed(page, 'lab-instance-hours', count(LAB_HOURS));
  await fillIn(page, 'prices', 'discount-input', '25');
  await page.getByTestId('provider-select').selectOption({ index: 1 });
  await linkInAddressBar(page, (d) => students(d) === 400 && discount(d) === 25 && d.pv !== undefined);
  assert.notEqual(await text(page, 'total-cost'), paper.total);

  await showView(page, 'share');
  await page.getByTestId('reset-scenario').click();
  await shows(page, 'total-cost', paper.total);
  await showView(page, 'results');
  await shows(page, 'lab-instance-hours', count(LAB_HOURS));
  assert.deepEqual(await snapshot(page), paper);
  assert.equal(await page.getByTestId('preset-select').inputValue(), 'paper-s25-v3');
  // The address bar follows: back to the link of the untouched course, which holds its preset
  // and version and no change but the newest prices it starts on (links are written as
  // differences from the preset, whose own scenario keeps the paper's semester: issue 43).
  await linkInAddressBar(page, (d) => d.p === 'paper-s25-v3' && d.sn === 'catalogs'
    && Object.keys(d).every((key) => key === 'v' || key === 'p' || key === 'sn'));
  await closeClean(page);
});

test('the draft is kept in this browser, and a shared link does not lose it', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await openCalculator(context, server.url);
  await enterStudents(page, 123);
  await linkInAddressBar(page, (d) => students(d) === 123);
  const draft = await snapshot(page);
  const saved = await page.evaluate((key) => localStorage.getItem(key), DRAFT_KEY);
  assert.ok(saved, 'the draft is saved');
  assert.equal(students(decodePayload(saved)), 123);

  // The bare address, no fragment: the draft comes back.
  await page.goto(server.url);
  await page.getByTestId('total-cost').waitFor();
  await page.waitForFunction(() => document.querySelector('[data-testid="students-input"]').value === '123', null, { timeout: WAIT });
  assert.deepEqual(await snapshot(page), draft);
  assert.equal(await page.getByTestId('draft-notice').count(), 0, 'no shared link, no notice');

  // A shared link of another scenario in the same browser: the link wins, the draft is offered.
  const linked = await openCalculator(context, linkTo(plainPayload({ v: 1, p: 'paper-s25', s: 77 })));
  assert.equal(await linked.getByTestId('students-input').inputValue(), '77');
  assert.notEqual(await text(linked, 'total-cost'), draft.total);
  await linked.getByTestId('draft-notice').waitFor();
  await linked.getByTestId('restore-draft').click();
  await linked.getByTestId('draft-notice').waitFor({ state: 'detached' });
  await shows(linked, 'total-cost', draft.total);
  assert.deepEqual(await snapshot(linked), draft);
  await linkInAddressBar(linked, (d) => students(d) === 123);

  assert.deepEqual(page.problems, []);
  assert.deepEqual(linked.problems, []);
  await context.close();
});

test('a browser that refuses local storage still edits and shares', async () => {
  const variants = {
    'setItem throws': () => {
      Storage.prototype.setItem = function setItem() {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
    },
    'localStorage itself throws': () => {
      Object.defineProperty(window, 'localStorage', {
        configurable: true,
        get() {
          throw new DOMException('Access is denied for this document.', 'SecurityError');
        },
      });
    },
  };
  for (const [name, script] of Object.entries(variants)) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(script);
    const page = await openCalculator(context, server.url);
    const start = await text(page, 'total-cost');
    await page.getByTestId('students-input').fill('222');
    const total = await changed(page, 'total-cost', start);
    // The debounced write ran (and met the refusing storage) once the address bar holds the edit.
    const { url } = await linkInAddressBar(page, (d) => students(d) === 222);
    await page.getByTestId('students-input').fill('223');
    await linkInAddressBar(page, (d) => students(d) === 223);
    assert.notEqual(await text(page, 'total-cost'), total, `${name}: still recomputes`);
    // Reloading the bare page without storage: the paper's course, no error.
    await page.goto(server.url);
    await page.getByTestId('total-cost').waitFor();
    await shows(page, 'total-cost', start);
    // And the link still works in this browser.
    await page.goto(url);
    await shows(page, 'total-cost', total);
    assert.deepEqual(page.problems, [], name);
    await context.close();
  }
});

test('Back from another page returns to the edited scenario', async () => {
  const page = await openCalculator(browser, server.url);
  const start = await text(page, 'total-cost');
  await page.getByTestId('students-input').fill('260');
  await fillIn(page, 'prices', 'discount-input', '5');
  await changed(page, 'total-cost', start);
  const edited = await snapshot(page);
  const { url } = await linkInAddressBar(page, (d) => students(d) === 260 && discount(d) === 5);

  await page.goto(`${server.url}other.html`);
  await page.getByText('Another page.').waitFor();
  // Same origin: forget the saved draft, so only the history entry can bring the edit back.
  await page.evaluate((key) => localStorage.removeItem(key), DRAFT_KEY);
  await page.goBack();
  await page.getByTestId('total-cost').waitFor();
  assert.equal(page.url(), url, 'the history entry holds the edited link');
  await page.waitForFunction(() => document.querySelector('[data-testid="students-input"]')?.value === '260', null, { timeout: WAIT });
  assert.deepEqual(await snapshot(page), edited);

  // Forward and back once more.
  await page.goForward();
  await page.getByText('Another page.').waitFor();
  await page.goBack();
  await page.getByTestId('total-cost').waitFor();
  await page.waitForFunction(() => document.querySelector('[data-testid="students-input"]')?.value === '260', null, { timeout: WAIT });
  assert.deepEqual(await snapshot(page), edited);
  await closeClean(page);
});

test('a link with markup in its names shows it as text and runs nothing', async () => {
  const labName = '<img src=x onerror=window.__pwned=1>';
  const optionName = '<script>window.__pwned=2</script>';
  const payload = plainPayload({
    v: 1,
    l: [0, { n: labName, o: [{ n: optionName, p: 100, u: [['m1.small', 1, 2, 1]] }] }],
  });
  const page = await openCalculator(browser, linkTo(payload));
  assert.equal(await page.getByTestId('link-notice').count(), 0, 'the link is valid');
  assert.equal(await page.getByTestId('lab-editor').count(), 2);
  const names = await page.getByTestId('lab-name').evaluateAll((inputs) => inputs.map((i) => i.value));
  assert.equal(names[1], labName);
  await openLab(page, 1);
  // Option fields are labelled by their lab's name, as text.
  assert.equal(await page.getByLabel(`${labName}, option 1: name`, { exact: true }).inputValue(), optionName);
  await showView(page, 'results');
  const rows = page.getByTestId('breakdown-table').locator('tbody button[aria-expanded]');
  assert.equal((await rows.nth(1).textContent()).trim(), labName);
  // The option's name appears in the opened row's math, as text.
  await rows.nth(1).click();
  await page.getByTestId('breakdown-table').locator('.math-row').first().waitFor();
  assert.ok(
    (await page.getByTestId('breakdown-table').locator('.math-row').first().textContent()).includes(optionName),
  );
  const dom = await page.evaluate(() => ({
    pwned: typeof window.__pwned,
    images: document.querySelectorAll('img[src="x"], img[onerror]').length,
    injectedScripts: [...document.scripts].filter((s) => s.textContent.includes('__pwned')).length,
    handlers: document.querySelectorAll('[onerror]').length,
  }));
  assert.deepEqual(dom, { pwned: 'undefined', images: 0, injectedScripts: 0, handlers: 0 });
  await closeClean(page);
});

/** A link the app wrote itself (250 students, $20 credit), cut in half. */
async function truncatedLink() {
  const full = await openCalculator(browser, server.url);
  await full.getByTestId('students-input').fill('250');
  await fillIn(full, 'prices', 'credit-input', '20');
  const { hash } = await linkInAddressBar(full, (d) => students(d) === 250 && credit(d) === 20);
  await closeClean(full);
  const good = hash.slice(3);
  return good.slice(0, Math.floor(good.length / 2));
}

const BAD_LINKS = [
  { name: 'a truncated link', payload: truncatedLink, message: /damaged|cut short/ },
  { name: 'non-base64 garbage', payload: () => '%%%not*a(link)!!~~', message: /damaged|not a calculator link/ },
  { name: 'base64 of no JSON', payload: () => plainPayload('hello, world'), message: /damaged|cannot be read/ },
  {
    name: 'a link from a future version',
    payload: () => plainPayload({ v: 99, p: 'paper-s25-v2', n: { 'course.students': 200 }, zz: [1, 2, 3] }),
    message: /newer version/,
    students: '200',
  },
  {
    name: 'a link with absurd values (students -5, discount 1e300)',
    payload: () => plainPayload('{"v":1,"p":"paper-s25","s":-5,"d":1e300}'),
    message: /number of students[\s\S]*discount/,
    students: '191',
  },
  {
    name: 'a link with 150 labs',
    payload: () => plainPayload({ v: 1, p: 'paper-s25', l: Array.from({ length: 150 }, (_, i) => i % 8) }),
    message: /150 labs/,
  },
];

for (const { name, payload, message, students } of BAD_LINKS) {
  // How fast such a link loads is measured by tests/bench/browser.mjs, not asserted here.
  test(`${name} shows a notice, loads and leaves the page usable`, async () => {
    const url = linkTo(await payload());
    const page = await openCalculator(browser, url);
    const notice = page.getByTestId('link-notice');
    await notice.waitFor();
    const said = (await notice.textContent()).trim();
    assert.match(said, /could not be loaded completely/, said);
    assert.match(said, message, said);
    const input = page.getByTestId('students-input');
    if (students) assert.equal(await input.inputValue(), students);
    // Still usable: typing recomputes.
    const before = await text(page, 'total-cost');
    await input.fill((await input.inputValue()) === '150' ? '151' : '150');
    assert.notEqual(await changed(page, 'total-cost', before), before);
    await closeClean(page);
  });
}

test("a 20,000-character link shows a notice and the paper's course", async () => {
  const payload = 'A'.repeat(20_000);
  const page = await openCalculator(browser, linkTo(payload));
  await page.getByTestId('link-notice').waitFor();
  assert.match(await text(page, 'link-notice'), /too long/);
  await showView(page, 'results');
  assert.equal(await text(page, 'lab-instance-hours'), count(LAB_HOURS));
  await showView(page, 'course');
  assert.equal(await page.getByTestId('students-input').inputValue(), '191');
  assert.equal(await page.getByTestId('preset-select').inputValue(), 'paper-s25-v3');
  await closeClean(page);
});

/** A course page around the embed snippet; it also records every height message it receives. */
function hostPage(snippet) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Course page</title>${NO_ICON}
<script>
  window.__heights = [];
  addEventListener('message', (event) => {
    if (event.data && event.data.type === 'course-cost:height') window.__heights.push(event.data);
  });
</script></head>
<body><h1>ML Systems Engineering and Operations</h1><p>What the labs cost:</p>
${snippet}
</body></html>`;
}

/** A new tab of `context` whose page errors and console errors (its frames' too) are collected. */
async function watchedTab(context) {
  const tab = await context.newPage();
  tab.setDefaultTimeout(WAIT);
  watchProblems(tab);
  return tab;
}

/** Opens the host page at `url` in `tab`; resolves to its calculator frame once that shows its total. */
async function openHost(tab, url) {
  await tab.goto(url);
  const frame = tab.frameLocator('iframe[data-course-cost]');
  await frame.getByTestId(EMBED_TOTAL).waitFor({ timeout: WAIT });
  return frame;
}

/** The frame of `page` that shows the calculator (served by `server`). */
function calculatorFrame(page) {
  return page.frames().find((frame) => frame !== page.mainFrame() && frame.url().startsWith(server.url));
}

test('the embedded frame follows its content as it grows and shrinks', async () => {
  const page = await openCalculator(browser, server.url);
  await showView(page, 'share');
  await page.getByTestId('embed-toggle').click();
  const snippet = await page.getByTestId('embed-snippet').inputValue();
  await page.close();
  const host = await serve(DIST, { '/host.html': ['text/html; charset=utf-8', hostPage(snippet)] });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const tab = await watchedTab(context);
    const embedded = await openHost(tab, `${host.url}host.html`);
    const frame = calculatorFrame(tab);
    // The height of the embedded page's content (its body and the body's margins).
    const contentHeight = () => frame.evaluate(() => {
      const style = getComputedStyle(document.body);
      return Math.ceil(document.body.getBoundingClientRect().height
        + parseFloat(style.marginTop) + parseFloat(style.marginBottom));
    });
    /** Waits until the host has sized the frame to `height` (within 2 px); its height if not. */
    const sizedTo = async (height) => {
      try {
        await tab.waitForFunction(
          (h) => Math.abs(document.querySelector('iframe[data-course-cost]').getBoundingClientRect().height - h) <= 2,
          height,
          { timeout: WAIT },
        );
        return null;
      } catch {
        return tab.evaluate(() => document.querySelector('iframe[data-course-cost]').getBoundingClientRect().height);
      }
    };
    await tab.waitForFunction(() => window.__heights.length > 0, null, { timeout: WAIT });

    // Open every row of the breakdown: the content grows, and the frame with it.
    const rows = embedded.getByTestId('breakdown-table').locator('tbody button[aria-expanded]');
    const count = await rows.count();
    for (let i = 0; i < count; i++) await rows.nth(i).click();
    await rows.and(embedded.locator('[aria-expanded="false"]')).first().waitFor({ state: 'detached' });
    const tall = await contentHeight();
    const grown = await sizedTo(tall);
    assert.equal(grown, null, `open rows: the frame is ${grown} px tall for ${tall} px of content`);

    // Close them again: the content shrinks, and the frame must follow it down.
    for (let i = 0; i < count; i++) await rows.nth(i).click();
    await embedded.locator('.math-row').first().waitFor({ state: 'detached' });
    const short = await contentHeight();
    assert.ok(short < tall - 200, `closing the rows shrinks the content (${tall} -> ${short} px)`);
    const shrunk = await sizedTo(short);
    assert.equal(
      shrunk,
      null,
      `closed rows: the frame stays ${shrunk} px tall for ${short} px of content (reported: ${
        JSON.stringify((await tab.evaluate(() => window.__heights)).map((m) => m.height))})`,
    );
    assert.deepEqual(tab.problems, []);
    await context.close();
  } finally {
    await host.close();
  }
});

test('the embed snippet sizes its frame and shows a read-only view', async () => {
  const page = await openCalculator(browser, server.url);
  await page.getByTestId('students-input').fill('240');
  await linkInAddressBar(page, (d) => students(d) === 240);
  const total = await text(page, 'total-cost');
  await showView(page, 'share');
  await page.getByTestId('embed-toggle').click();
  const snippet = await page.getByTestId('embed-snippet').inputValue();
  const src = snippet.match(/<iframe src="([^"]+)"/)?.[1];
  assert.ok(src, snippet);
  const srcUrl = new URL(src.replaceAll('&amp;', '&'));
  assert.equal(srcUrl.origin, origin, 'the snippet points at this server');
  assert.equal(srcUrl.search, '?embed=1');
  assert.equal(scenarioOf(srcUrl.hash), scenarioOf(new URL(page.url()).hash), 'the frame shows the current scenario');

  // Editable variant, for the second host page.
  await page.getByLabel('Let readers change the course in the embedded view').check();
  await page.waitForFunction(() => document.querySelector('[data-testid="embed-snippet"]').value.includes('&edit=1'), null, { timeout: WAIT });
  const editableSnippet = await page.getByTestId('embed-snippet').inputValue();
  await closeClean(page);

  // The host page on another origin (another port), as a course site would be.
  const host = await serve(DIST, {
    '/host.html': ['text/html; charset=utf-8', hostPage(snippet)],
    '/host-edit.html': ['text/html; charset=utf-8', hostPage(editableSnippet)],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const hostTab = await watchedTab(context);
    const frame = await openHost(hostTab, `${host.url}host.html`);
    // The frame's height follows the latest report (the content may still settle while the
    // charts are drawn, so both are read at the same moment).
    const sized = await hostTab.waitForFunction(() => {
      const last = window.__heights.at(-1);
      const iframe = document.querySelector('iframe[data-course-cost]');
      const box = iframe.getBoundingClientRect().height;
      return last && last.height > 300 && iframe.style.height === `${last.height}px`
        && Math.abs(box - last.height) <= 1 && last.height;
    }, null, { timeout: WAIT });
    const height = await sized.jsonValue();
    assert.ok(height > 300, `height ${height}`);

    assert.equal(await frame.getByTestId(EMBED_TOTAL).textContent(), total);
    assert.equal(await frame.getByTestId('students-input').count(), 0, 'read-only: no inputs');
    assert.equal(await frame.getByTestId('copy-link').count(), 0, 'no share bar in the frame');
    const openFull = await frame.getByTestId('open-full').getAttribute('href');
    const fullUrl = new URL(openFull);
    assert.equal(fullUrl.origin, origin);
    assert.equal(scenarioOf(fullUrl.hash), scenarioOf(srcUrl.hash), 'the full calculator opens the same scenario');
    assert.ok(!openFull.includes('embed=1'), openFull);
    await closeClean(hostTab);

    // Editable: the reader can change the course in the frame; the host's page is untouched.
    const editTab = await watchedTab(context);
    const editable = await openHost(editTab, `${host.url}host-edit.html`);
    assert.equal(await editable.getByTestId('students-input').inputValue(), '240');
    await editable.getByTestId('students-input').fill('480');
    await editable.getByTestId(EMBED_TOTAL).filter({ hasNotText: total }).waitFor();
    assert.ok(parse(await editable.getByTestId(EMBED_TOTAL).textContent()) > parse(total) * 1.5);
    // The frame's own address and its open-full link follow the edit.
    const frameHandle = calculatorFrame(editTab);
    const { hash: editedHash } = await linkInAddressBar(frameHandle, (d) => students(d) === 480);
    const editedFull = new URL(await editable.getByTestId('open-full').getAttribute('href'));
    assert.equal(scenarioOf(editedFull.hash), scenarioOf(editedHash));
    assert.equal(editedFull.search, '');
    // An embedded view keeps no draft in the reader's browser.
    assert.equal(await frameHandle.evaluate((key) => localStorage.getItem(key), DRAFT_KEY), null);
    await editTab.waitForFunction(() => window.__heights.length > 0, null, { timeout: WAIT });
    assert.deepEqual(editTab.problems, []);
    await context.close();
  } finally {
    await host.close();
  }
});

test('no request leaves the origin', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const urls = [];
  context.on('request', (request) => urls.push(request.url()));
  const page = await openCalculator(context, server.url);
  await editCourse(page, 300, 2);
  await showView(page, 'share');
  await page.getByTestId('embed-toggle').click();
  await page.getByTestId('embed-snippet').waitFor();
  await page.getByTestId('reset-scenario').click();
  await showView(page, 'results');
  await shows(page, 'lab-instance-hours', count(LAB_HOURS));
  await linkInAddressBar(page, (d) => students(d) === undefined && d.p === 'paper-s25-v3');

  assert.ok(urls.length >= 3, `requests: ${urls}`);
  const foreign = urls.filter(
    (url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:') && !url.startsWith('blob:'),
  );
  assert.deepEqual(foreign, []);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('CSV, JSON and Markdown exports match the page', async () => {
  const page = await openCalculator(browser, server.url);
  const total = await enterStudents(page, 210);
  const perStudent = await text(page, 'cost-per-student');
  const labNames = await page.getByTestId('lab-name').evaluateAll((inputs) => inputs.map((i) => i.value));
  assert.equal(labNames.length, 8);
  await showView(page, 'results');
  const footer = page.getByTestId('breakdown-table').locator('tfoot tr', { hasText: 'Course, list price' });
  const listPrice = (await footer.locator('td.strong').textContent()).trim();
  assert.equal(listPrice, total, 'no discount, overhead or credit: the total is the list price');
  await showView(page, 'share');
  const { url } = await linkInAddressBar(page, (d) => students(d) === 210);

  // CSV: the header, one row per priced line, the totals and the scenario's rows; the cost column adds up to the
  // list price.
  const csv = await download(page, 'export-csv');
  assert.match(csv.name, /\.csv$/);
  const rows = parseCsv(csv.body);
  const headerAt = rows.findIndex((row) => row[0] === 'Part');
  assert.equal(headerAt, 0, 'the header is row one');
  const header = rows[headerAt];
  const cost = header.indexOf('Cost');
  assert.ok(cost >= 0, `header: ${header}`);
  const lines = rows.slice(headerAt + 1).filter((row) => row[0] === 'Lab' || row[0] === 'Group project');
  assert.ok(lines.length >= 9, `${lines.length} lines`);
  for (const row of lines) assert.equal(row.length, header.length, `row ${row}`);
  const sum = lines.reduce((acc, row) => acc + Number(row[cost]), 0);
  assert.ok(Math.abs(sum - parse(listPrice)) <= 1 + lines.length * 0.01, `CSV sums to ${sum}, page shows ${listPrice}`);
  const csvLabs = new Set(lines.filter((r) => r[0] === 'Lab').map((r) => r[header.indexOf('Lab')]));
  assert.deepEqual([...csvLabs].sort(), [...labNames].sort());

  // JSON: scenario and results, with the link that reproduces them.
  const json = await download(page, 'export-json');
  assert.match(json.name, /\.json$/);
  const data = JSON.parse(json.body);
  assert.equal(Math.round(data.results.totals.net_usd), parse(total));
  assert.equal(data.scenario.course.students, 210);
  assert.equal(scenarioOf(new URL(data.link).hash), scenarioOf(new URL(url).hash));
  assert.ok(data.link.startsWith(`${server.url}#s=`), data.link);

  // Markdown: the total, every lab and the link.
  const md = await download(page, 'export-markdown');
  assert.match(md.name, /\.md$/);
  assert.ok(md.body.includes(`**Total: ${total}** (${perStudent} per student)`), md.body.slice(0, 600));
  for (const name of labNames) assert.ok(md.body.includes(`| ${name} |`), `${name} in the Markdown`);
  assert.ok(md.body.includes(`<${data.link}>`), 'the link is in the Markdown');

  await closeClean(page);
});

test('printing gives a one-page budget justification', async () => {
  const page = await openCalculator(browser, server.url);
  const total = await text(page, 'total-cost');
  const perStudent = await text(page, 'cost-per-student');
  // A reader prints from any view: the page shows Results on `beforeprint`. Dispatched here and
  // awaited, because whether Chromium's PDF printer fires the event itself, and lets the render it
  // causes finish, differs between its versions.
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  await page.getByTestId('view-results').waitFor();
  await page.getByTestId('headline-total').waitFor();
  const dir = await mkdtemp(join(tmpdir(), 'course-cost-pdf-'));
  try {
    for (const format of ['Letter', 'A4']) {
      const file = join(dir, `${format}.pdf`);
      await writeFile(file, await page.pdf({ format, printBackground: true }));
      const pdfText = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      const pages = Number(execFileSync('pdfinfo', [file], { encoding: 'utf8' }).match(/^Pages:\s+(\d+)/m)?.[1]);
      assert.match(pdfText, /Budget justification/, format);
      assert.ok(pdfText.includes(total), `${format}: total ${total} printed in:\n${pdfText}`);
      assert.ok(pdfText.includes(perStudent), `${format}: per student ${perStudent} printed`);
      assert.ok(pdfText.includes(count(LAB_HOURS)), `${format}: lab instance-hours printed`);
      assert.match(pdfText, /Reproduce or change this estimate/, format);
      assert.ok(!pdfText.includes('Copy link'), `${format}: no buttons in print`);
      assert.equal(pages, 1, `${format}: ${pages} pages`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  await closeClean(page);
});

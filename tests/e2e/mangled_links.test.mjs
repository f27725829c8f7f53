// Share links that survive mail and chat (issue 38), in the browser: every link of the mangled
// corpus (tests/links/mangled.json) opens to the same figures as its clean form, whether opened
// or pasted into an open calculator; one still damaged after cleaning keeps its notice and the
// paper's course; "Copy link" writes the form that survives best. The corpus's texts are given
// to the browser as a reader's click or paste would: the browser drops line breaks from an
// address and percent-encodes spaces, `<`, `>` and other characters before the page reads it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { closeClean, DEFAULT_TOTAL, enterStudents, openCalculator, showView, start, stop, text, WAIT } from './support.mjs';

let server;
let browser;

before(async () => ({ server, browser } = await start()));
after(() => stop({ server, browser }));

const corpus = JSON.parse(await readFile(new URL('../links/mangled.json', import.meta.url), 'utf8'));

/** The fragment of a link's text, with its `#` (what follows the first `#`). */
const fragmentOf = (linkText) => linkText.slice(linkText.indexOf('#'));

/**
 * `linkText` as a quoted-printable mail body carries it (RFC 2045 s.6.7): `=` written `=3D`,
 * lines of at most 76 characters ending in a soft line break, never inside an `=3D`.
 */
function quotedPrintable(linkText) {
  let out = '';
  let line = 0;
  for (const token of linkText.split('').map((c) => (c === '=' ? '=3D' : c))) {
    if (line + token.length > 75) {
      out += '=\r\n';
      line = 0;
    }
    out += token;
    line += token.length;
  }
  return out;
}

/** What the page shows for the link it was opened with: the figures and the link's notices. */
async function shown(page) {
  const notice = page.getByTestId('link-notice');
  return {
    total: await text(page, 'total-cost'),
    perStudent: await text(page, 'cost-per-student'),
    notice: (await notice.count()) ? (await notice.textContent()).trim() : '',
  };
}

/** Loads `fragment` into `page` as a new document (a link opened), and what it shows. */
async function opened(page, fragment) {
  await page.goto('about:blank');
  await page.goto(`${server.url}${fragment}`);
  await page.getByTestId('total-cost').waitFor();
  await page.locator('#app:not([aria-busy])').waitFor({ state: 'attached' });
  return shown(page);
}

test('every link of the mangled corpus opens to the same total as its clean form', async () => {
  const entries = corpus.filter((entry) => entry.clean);
  assert.ok(entries.length >= 40);
  const page = await openCalculator(browser, server.url);
  const clean = new Map();
  for (const entry of entries) {
    if (!clean.has(entry.clean)) {
      const want = await opened(page, fragmentOf(entry.clean));
      assert.doesNotMatch(want.notice, /could not be loaded/, entry.clean);
      clean.set(entry.clean, want);
    }
    const got = await opened(page, fragmentOf(entry.mangled));
    assert.deepEqual(got, clean.get(entry.clean), entry.name);
  }
  // The clean links open different courses: the comparison above could fail.
  assert.equal(new Set([...clean.values()].map((figures) => figures.total)).size, clean.size);
  await closeClean(page);
});

test('a mangled link pasted into an open calculator opens as its clean form', async () => {
  const entries = corpus.filter((entry) => entry.clean && !entry.clean.includes('q1YqU7Iy1F'));
  const page = await openCalculator(browser, server.url);
  for (const kind of ['%20 around', 'quoted-printable', 'trailing > or . from prose']) {
    const entry = entries.find((e) => e.kind === kind);
    const want = await opened(page, fragmentOf(entry.clean));
    await page.goto(server.url);
    await page.getByTestId('total-cost').waitFor();
    const start = await text(page, 'total-cost');
    assert.notEqual(start, want.total, 'the link changes the figures');
    // Same document, new fragment: a hashchange, as a link pasted into the address bar.
    await page.evaluate((fragment) => { location.hash = fragment; }, fragmentOf(entry.mangled));
    await page.waitForFunction(
      (total) => document.querySelector('[data-testid="total-cost"]')?.textContent.trim() === total,
      want.total,
      { timeout: WAIT },
    );
    assert.equal(await text(page, 'cost-per-student'), want.perStudent, entry.name);
  }
  await closeClean(page);
});

test('a link still damaged after cleaning keeps its notice and the paper\'s course', async () => {
  const damaged = corpus.filter((entry) => !entry.clean);
  assert.ok(damaged.length >= 3);
  const page = await openCalculator(browser, server.url);
  for (const entry of damaged) {
    const got = await opened(page, fragmentOf(entry.mangled));
    assert.match(got.notice, /This link is damaged/, entry.name);
    assert.equal(got.total, DEFAULT_TOTAL, entry.name);
  }
  await closeClean(page);
});

test('Copy link writes the form that survives mail and chat, and it survives them', async () => {
  const origin = new URL(server.url).origin;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  const page = await openCalculator(context, server.url);
  const total = await enterStudents(page, 287);
  await showView(page, 'plan');
  await showView(page, 'share');
  await page.getByTestId('copy-link').click();
  await page.getByTestId('copy-confirmation').waitFor();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  // The calculator's address, the payload and the view it was copied from: no query, no
  // padding, nothing a mail program or chat encodes (encodeURI and the URL parser leave it as it
  // is), and a letter or digit last, which autolinkers keep.
  assert.match(copied, /^http:\/\/127\.0\.0\.1:\d+\/#s=[A-Za-z0-9_-]*[A-Za-z0-9]&v=plan$/, copied);
  assert.equal(encodeURI(copied), copied);
  assert.equal(new URL(copied).href, copied);
  // As a quoted-printable mail wraps it and prose quotes it, then opened.
  const mailed = `<${quotedPrintable(copied)}>.`;
  const reader = await openCalculator(browser, `${server.url}${fragmentOf(mailed)}`);
  assert.equal(await text(reader, 'total-cost'), total);
  assert.equal(await reader.getByTestId('link-notice').count(), 0);
  // The view survives the wrapping and the quoting too.
  assert.equal(await reader.getByTestId('tab-plan').getAttribute('aria-selected'), 'true');
  await closeClean(reader);
  await closeClean(page);
  await context.close();
});

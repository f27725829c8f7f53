// Never lose work, never show a wrong figure: hostile links give a notice and sane figures, a
// decimal comma reads as a point, a damaged link never costs the reader their draft, percent-
// encoded links decode, exports cannot be turned into formulas or markup, the Monte Carlo of a
// huge course never blocks the page, and a browser without storage is told its draft is not kept.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import {
  WAIT, changed, countSlices, launch, linkInAddressBar, openCalculator, openFold, parse, serve, showView, shows, text, payloadCredit as credit, payloadDiscount as discount, payloadStudents as students, start, stop, parseCsv, closeClean, enterStudents,
} from './support.mjs';

const DRAFT_KEY = 'course-cost.draft.v1';

let server;
let browser;

before(async () => ({ server, browser } = await start()));
after(() => stop({ server, browser }));

/** Clicks `testid` (in the share view) and resolves to the downloaded file's text. */
async function download(page, testid) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testid).click()]);
  assert.equal(await file.failure(), null, `${testid}: download failed`);
  return readFile(await file.path(), 'utf8');
}


/** Asserts a shown dollar figure is sane: "$50,176"-like, of normal length, no n/a, inf, NaN. */
function assertSaneDollars(shown, what) {
  assert.doesNotMatch(shown, /n\/a|inf|nan|e[+-]?\d/i, `${what}: ${shown}`);
  assert.match(shown, /^\$\d{1,3}(,\d{3})*(\.\d+)?$/, `${what}: ${shown}`);
  assert.ok(shown.length <= 16, `${what} is of normal length: ${shown}`);
  assert.ok(Number.isFinite(parse(shown)) && parse(shown) > 0, `${what}: ${shown}`);
}

const HOSTILE_LINKS = [
  { name: 'group size 1e-300', hash: '#s=q1YqU7Iy1FEqULJSKkgsSC3SLTYyVdJRSi8GChim6hobGCjVAgA' },
  { name: 'exchange rate 1e-9', hash: '#s=q1YqU7Iy1FEqULJSKkgsSC3SLTYyVdJRSqsAChjoGUCBoVItAA' },
];

for (const { name, hash } of HOSTILE_LINKS) {
  test(`a link with ${name} shows a notice and sane figures`, async () => {
    const page = await openCalculator(browser, `${server.url}${hash}`);
    await page.getByTestId('link-notice').waitFor();
    const notice = await text(page, 'link-notice');
    assert.ok(notice.length > 0, 'the notice says something');
    assertSaneDollars(await text(page, 'total-cost'), 'total-cost');
    assertSaneDollars(await text(page, 'cost-per-student'), 'cost-per-student');
    for (const view of ['course', 'prices', 'results', 'plan', 'share']) {
      await showView(page, view);
      const layout = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        viewport: document.documentElement.clientWidth,
        text: document.querySelector('[data-testid="summary-bar"]')?.textContent ?? '',
      }));
      assert.ok(layout.page <= layout.viewport, `${view}: page ${layout.page} px wide in a ${layout.viewport} px viewport`);
      assert.doesNotMatch(layout.text, /\bn\/a\b|\binf\b|NaN|Infinity/i, `${view}: ${layout.text}`);
    }
    await showView(page, 'results');
    assertSaneDollars(await text(page, 'headline-total'), 'headline-total');
    await closeClean(page);
  });
}

test('a decimal comma in the group size reads as a point, and the field says so', async () => {
  const page = await openCalculator(browser, server.url);
  const field = page.getByTestId('group-size-input');
  const start = await text(page, 'total-cost');
  await field.fill('3.5');
  const withPoint = await changed(page, 'total-cost', start);
  await field.fill('4');
  await changed(page, 'total-cost', withPoint);
  await field.fill('3,5');
  await shows(page, 'total-cost', withPoint);
  const wrapper = page.locator('[data-provenance]', { has: field });
  await wrapper.getByText('Read as 3.5.').waitFor();
  await linkInAddressBar(page, (d) => Number(d.n?.['course.project.group_size']) === 3.5);
  await closeClean(page);
});

test('a damaged link opened over an edit keeps the edit restorable and the draft saved', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await openCalculator(context, server.url);
  const start = await text(page, 'total-cost');
  await page.getByTestId('students-input').fill('77');
  const edited = await changed(page, 'total-cost', start);
  await linkInAddressBar(page, (d) => students(d) === 77);
  await page.waitForFunction((key) => localStorage.getItem(key) !== null, DRAFT_KEY, { timeout: WAIT });

  // The damaged link, in the same tab: a notice, the fallback, and the edit offered back.
  await page.evaluate(() => { location.hash = '#s=garbage!!'; });
  await page.getByTestId('link-notice').waitFor();
  await shows(page, 'total-cost', start);
  await page.getByTestId('restore-draft').click();
  await shows(page, 'total-cost', edited);
  await showView(page, 'course');
  assert.equal(await page.getByTestId('students-input').inputValue(), '77');
  await linkInAddressBar(page, (d) => students(d) === 77);

  // Once more, and this time the reader leaves: the fallback was not saved over the draft.
  await page.evaluate(() => { location.hash = '#s=garbage!!'; });
  await page.getByTestId('link-notice').waitFor();
  await shows(page, 'total-cost', start);
  // The fallback has settled: the address bar (written with the draft, after a short debounce)
  // holds the fallback's own link.
  await linkInAddressBar(page, (d) => students(d) === undefined);
  await page.goto(server.url);
  await page.getByTestId('total-cost').waitFor();
  await shows(page, 'total-cost', edited);
  await showView(page, 'course');
  assert.equal(await page.getByTestId('students-input').inputValue(), '77');
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('a link with a percent-encoded = decodes', async () => {
  const source = await openCalculator(browser, server.url);
  const total = await enterStudents(source, 144);
  const { hash } = await linkInAddressBar(source, (d) => students(d) === 144);
  await source.close();
  const encoded = `#s%3D${hash.split('&')[0].slice(3)}`;
  const page = await openCalculator(browser, `${server.url}${encoded}`);
  await shows(page, 'total-cost', total);
  assert.equal(await page.getByTestId('link-notice').count(), 0, 'the link loads whole');
  assert.equal(await page.getByTestId('students-input').inputValue(), '144');
  await closeClean(page);
});

test('exports keep lab names as text: no CSV formula, no Markdown markup', async () => {
  const page = await openCalculator(browser, server.url);
  const names = page.getByTestId('lab-name');
  await names.nth(0).fill('=1+1');
  await names.nth(1).fill('<img src=x>');
  await linkInAddressBar(page, (d) => JSON.stringify(d).includes('=1+1') && JSON.stringify(d).includes('<img src=x>'));
  await showView(page, 'share');

  const rows = parseCsv(await download(page, 'export-csv'));
  const cells = rows.flat();
  const formula = cells.filter((cell) => cell.includes('=1+1'));
  assert.ok(formula.length > 0, 'the lab is in the CSV');
  for (const cell of formula) assert.ok(cell.startsWith("'"), `a text cell, not a formula: ${JSON.stringify(cell)}`);
  assert.ok(!cells.some((cell) => /^[=+\-@]/.test(cell) && !/^-?\d/.test(cell)), 'no cell starts a formula');

  const md = await download(page, 'export-markdown');
  assert.ok(!md.includes('<img src=x>'), 'the markup is escaped');
  assert.match(md, /&lt;img src=x&gt;|\\<img src=x\\?>/, 'the name is there, escaped');
  await closeClean(page);
});

test('the Monte Carlo of 100,000 students runs in small slices, one course run each, and keeps the page answering', async () => {
  // Behaviour, not time (how long a slice takes is the benchmark's business): the simulation of
  // a huge course is bounded in draws and cut into many slices that each yield to the page, and
  // an edit while it runs still reaches the figures.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // Counts zero-delay timer callbacks as they run: the simulation runs one slice per callback.
  await context.addInitScript(countSlices);
  const page = await openCalculator(context, server.url);
  await showView(page, 'course');
  const before = await text(page, 'total-cost');
  await page.getByTestId('students-input').fill('100000');
  await changed(page, 'total-cost', before);
  await showView(page, 'plan');
  const slicesBefore = await page.evaluate(() => window.__slices);
  await openFold(page, 'spread');
  await page.waitForFunction(
    () => document.querySelector('[data-testid="spread-status"]')?.textContent.includes('simulated course runs of 100,000 students'),
    null,
    { timeout: WAIT },
  );
  const runs = Number(await page.getByTestId('spread-status').getAttribute('data-runs'));
  const slices = (await page.evaluate(() => window.__slices)) - slicesBefore;
  // Bounded: students x runs at most 20 million draws; sliced: one course run of 100,000
  // students per slice, so at least as many slices as runs.
  assert.ok(runs > 0 && runs * 100_000 <= 20_000_000, `runs ${runs}`);
  assert.ok(slices >= runs, `${slices} slices for ${runs} runs`);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('a browser that refuses storage says the draft cannot be saved', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => {
    Storage.prototype.setItem = function setItem() {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  const page = await openCalculator(context, server.url);
  await enterStudents(page, 222);
  await page.getByTestId('storage-notice').waitFor();
  assert.match(await text(page, 'storage-notice'), /draft|sav|stor/i);
  assert.deepEqual(page.problems, []);
  await context.close();
});

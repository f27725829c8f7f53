// The first minute (issue 43): the first screen answers what the course costs at today's prices,
// with the paper's comparison at its semester's prices beside it, a per-student range that holds
// the choice of stand-ins, a sticky bar that stays small with a warning, and one statement of
// price age everywhere. Figures come from tests/fixtures/paper.json (derived by hand in
// tests/golden.rs); at 1280x800 and 360x740.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import {
  TODAY_TOTAL, atPaperPrices, centsDollars, changed, closeClean, enterStudents, expected,
  openCalculator, parseCsv, reported, showView, shows, text, today, useApp, WAIT,
} from './support.mjs';

const app = useApp();

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 360, height: 740 } },
];

/** The paper line as the fixture's figures make it: at its semester's prices, against the paper's own figure. */
function paperLine() {
  const then = expected('per_student_usd');
  const paper = reported('per_student_usd');
  const above = Math.round((then / paper - 1) * 100);
  return `At Spring 2025 prices, the semester the paper reports: ${centsDollars(then)} per student, ${above}% above its about $${paper}.`;
}

/** Waits until the per-student range `testid` has its usage draws and returns its text. */
async function drawnRange(page, testid) {
  await page.locator(`[data-testid="${testid}"][data-draws]`).waitFor({ timeout: WAIT });
  return text(page, testid);
}

/** The two spans of a range's text: usage and stand-ins, each as [low, high] dollars. */
function spans(range) {
  const money = '\\$([\\d,]+\\.\\d\\d)';
  const usage = range.match(new RegExp(`usage ${money}-${money}`));
  const standIns = range.match(new RegExp(`which offers stand in: ${money}-${money}`));
  assert.ok(usage && standIns, range);
  const n = (s) => Number(s.replace(/,/g, ''));
  return { usage: [n(usage[1]), n(usage[2])], standIns: [n(standIns[1]), n(standIns[2])] };
}

for (const { name, viewport } of SIZES) {
  test(`${name}: the default says today's figure with its date and the paper's line`, async () => {
    const page = await openCalculator(app.browser, app.server.url, { viewport });
    assert.equal(await text(page, 'cost-per-student'), centsDollars(today('per_student_usd')));
    assert.equal(await text(page, 'total-cost'), TODAY_TOTAL);
    const prices = await text(page, 'summary-prices');
    assert.match(prices, /^newest prices \(provider catalogs read \d{4}-\d{2}-\d{2}\)$/);
    assert.equal(await text(page, 'paper-gap'), paperLine());
    assert.equal(await page.getByTestId('use-newest-prices').count(), 0, 'no offer to move: on the newest');
    // Both lines are on the first screen, and the cue says where to start.
    for (const id of ['cost-per-student', 'summary-prices', 'paper-gap', 'start-here']) {
      const box = await page.getByTestId(id).boundingBox();
      assert.ok(box && box.y >= 0 && box.y + box.height <= viewport.height, `${id} at ${JSON.stringify(box)}`);
    }
    assert.match(await text(page, 'start-here'), /^Start here: your Students, then your cloud Provider\.$/);
    // The free testbeds left the bar's first line (they stay on Results).
    assert.ok(!(await text(page, 'summary-bar')).includes('free testbeds'));

    // 120 students and a plan's name: it keeps saying which prices it uses.
    await enterStudents(page, 120);
    await page.getByTestId('scenario-title').fill('Spring 2027');
    await page.getByTestId('summary-title').waitFor({ state: 'attached' });
    assert.equal(await text(page, 'summary-prices'), prices);
    assert.match(await text(page, 'paper-gap'), /^At Spring 2025 prices, the semester the paper reports: \$[\d,.]+ per student/);
    await closeClean(page);
  });

  test(`${name}: one click moves a past-price scenario to the newest prices, and Undo takes it back`, async () => {
    const page = await openCalculator(app.browser, app.server.url, { viewport });
    await atPaperPrices(page);
    assert.equal(await text(page, 'cost-per-student'), centsDollars(expected('per_student_usd')));
    assert.equal(await text(page, 'summary-prices'), 'Spring 2025 prices, a past price set');
    const now = await text(page, 'total-cost');
    await page.getByTestId('use-newest-prices').click();
    await changed(page, 'total-cost', now);
    assert.equal(await text(page, 'cost-per-student'), centsDollars(today('per_student_usd')));
    assert.match(await text(page, 'summary-prices'), /^newest prices/);
    await page.getByTestId('undo').click();
    await shows(page, 'cost-per-student', centsDollars(expected('per_student_usd')));
    assert.equal(await text(page, 'summary-prices'), 'Spring 2025 prices, a past price set');
    // Results says so in the headline itself, with the same one-click offer.
    await showView(page, 'results');
    assert.match(await text(page, 'pricing-line'), /Spring 2025 prices, a past price set/);
    assert.match(await text(page, 'headline-past-prices'), /nothing moves them to newer ones by itself/);
    await closeClean(page);
  });

  test(`${name}: the per-student range holds the stand-in span, on the first screen and on Results`, async () => {
    const page = await openCalculator(app.browser, app.server.url, { viewport });
    const bar = spans(await drawnRange(page, 'summary-range'));
    const perStudent = today('per_student_usd');
    // The headline sits in both spans: usage p10-p90 and the cheapest to priciest stand-ins.
    assert.ok(bar.usage[0] <= perStudent && perStudent <= bar.usage[1], JSON.stringify(bar));
    assert.ok(bar.standIns[0] <= perStudent && perStudent <= bar.standIns[1], JSON.stringify(bar));
    assert.ok(bar.standIns[1] > bar.standIns[0], JSON.stringify(bar));
    await showView(page, 'results');
    const results = await drawnRange(page, 'per-student-range');
    assert.deepEqual(spans(results), bar);
    assert.match(await text(page, 'range-note'), /^In it: .*stands in.*; not in it: .*whole multi-GPU instances/);
    await closeClean(page);
  });

  test(`${name}: at 382 students the bar stays within a quarter of the screen with its warning`, async () => {
    const page = await openCalculator(app.browser, app.server.url, { viewport: { width: viewport.width, height: 740 } });
    await enterStudents(page, 382);
    const warning = page.getByTestId('capacity-warning');
    await warning.waitFor();
    const line = await text(page, 'capacity-warning');
    assert.match(line, /^Too few nodes: add \d+ [A-Za-z0-9 ]+ nodes? or widen the window( \(\+\d+ more\))?\. Details$/);
    assert.ok(!/gpu_|compute_/.test(line), line);
    await page.evaluate(() => window.scrollTo(0, 0));
    const bar = await page.getByTestId('summary-bar').boundingBox();
    assert.ok(bar.height <= 740 / 4, `the bar is ${bar.height} px high`);
    // At most two lines for the warning: the distinct tops of its text's line boxes.
    const lines = await warning.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      // Boxes whose middles lie within half a line of each other share a line.
      const half = parseFloat(getComputedStyle(el).fontSize) / 2;
      const middles = [...range.getClientRects()].filter((r) => r.height > 0).map((r) => (r.top + r.bottom) / 2).sort((a, b) => a - b);
      return middles.filter((m, i) => i === 0 || m - middles[i - 1] > half).length;
    });
    assert.ok(lines <= 2, `${lines} lines`);
    // Its details: the reserved nodes, in the Course view.
    await page.getByTestId('capacity-details-link').click();
    await page.getByTestId('capacity-editor').waitFor();
    assert.ok(await page.getByTestId('capacity-editor').isVisible());
    assert.equal(await page.getByTestId('tab-course').getAttribute('aria-selected'), 'true');
    // Results says each type short in full, with the plural right.
    await showView(page, 'results');
    const details = await text(page, 'capacity-details');
    assert.match(details, /needs [\d,]+ node-hours in its reserved window, but (1 node supplies|\d+ nodes supply)/);
    assert.ok(!/1 node supply\b/.test(details), details);
    await closeClean(page);
  });
}

/** Downloads what the button `testid` saves, as text. */
async function download(page, testid) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testid).click()]);
  assert.equal(await file.failure(), null, testid);
  return readFile(await file.path(), 'utf8');
}

test('Results, Prices, print and the CSV say the same price age; no formula rounds a fraction', async () => {
  const page = await openCalculator(app.browser, app.server.url);
  await showView(page, 'results');
  const line = await text(page, 'price-age');
  assert.match(line, /^Price age: \d+ price figures, dated \d{4}-\d{2}-\d{2} \(oldest\) to \d{4}-\d{2}-\d{2} \(newest\)/);
  // The headline's price words name the set, not a range of dates of their own.
  const header = await text(page, 'pricing-line');
  assert.match(header, /newest prices \(provider catalogs read \d{4}-\d{2}-\d{2}\)/);
  assert.ok(!/figures dated/.test(header), header);
  // Formulas: the 80 GB A100 node is an eighth of a p4de, written 1/8, never 0.13 (the
  // project's row: its pool holds the node).
  await page.getByTestId('breakdown-table').locator('tbody button[aria-expanded]').last().click();
  await page.locator('.math-row', { hasText: 'p4de.24xlarge' }).first().waitFor();
  const math = (await page.locator('.math-row').allTextContents()).join('\n');
  assert.ok(math.includes('p4de.24xlarge × 1/8'), math);
  // A share of an instance ("(sku × share") is never a two-decimal rounding.
  assert.ok(!/\(\S+ × 0\.\d\d(?![\d/])/.test(math), math);
  // Prices: the list offers the newest prices and the paper's semester, and its note says the
  // same price age as Results.
  await showView(page, 'prices');
  const options = await page.getByTestId('snapshot-select').locator('option').allTextContents();
  assert.equal(options.length, 2, options.join('\n'));
  assert.match(options[0], /^Newest prices: provider catalogs read \d{4}-\d{2}-\d{2}$/);
  assert.equal(options[1], 'Spring 2025 prices (the semester the paper reports)');
  const about = page.locator('details', { has: page.getByText('About these prices') });
  await about.locator('summary').click();
  assert.ok((await about.textContent()).includes(line), await about.textContent());
  // The CSV and the printed page carry the same line.
  await showView(page, 'share');
  const csv = parseCsv(await download(page, 'export-csv'));
  assert.ok(csv.some((row) => row.includes(line)), 'the CSV holds the price-age line');
  await showView(page, 'results');
  await page.emulateMedia({ media: 'print' });
  assert.equal(await text(page, 'price-age'), line);
  await page.emulateMedia({ media: 'screen' });
  await closeClean(page);
});

test('the glossary is one click away where the first screen uses a term of art', async () => {
  const page = await openCalculator(app.browser, app.server.url);
  await page.getByTestId('term-p10').first().click();
  assert.match(await page.locator('.term-definition').first().textContent(), /one in ten/);
  await page.getByTestId('term-stand-in').first().waitFor();
  await showView(page, 'results');
  for (const id of ['term-su', 'term-node-hours', 'term-stand-in', 'term-p10']) {
    assert.ok((await page.getByTestId(id).count()) > 0, id);
  }
  await closeClean(page);
});

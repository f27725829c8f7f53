// Price age, end to end: Results (and the printed page) name the oldest and newest dates of the
// prices used and how many are undated or more than 12 months old at the build date; the summary
// bar warns when more than a quarter of the cost rests on such figures; each line's math dates
// its price; the snapshot options count their undated figures; the exports carry the same line.
// Counts of old figures depend on the build date, so the tests check the dates the sources state
// and that the warning agrees with the share the page itself states, never a clock.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WAIT, atPaperPrices, changed, closeClean, openCalculator, parseCsv, showView, start, stop, text } from './support.mjs';

let server;
let browser;

before(async () => ({ server, browser } = await start()));
after(() => stop({ server, browser }));

/** The share of the list cost (percent) the price-age line says rests on undated or old figures. */
function doubtfulShare(line) {
  const match = line.match(/(\d+)% of the list cost rests on undated or older figures/);
  assert.ok(match, line);
  return Number(match[1]);
}

/** Asserts the summary bar warns exactly when the price-age line states more than 25%. */
async function assertWarningAgrees(page, what) {
  const line = await text(page, 'price-age');
  const warnings = await page.getByTestId('price-age-warning').count();
  assert.equal(warnings, doubtfulShare(line) > 25 ? 1 : 0, `${what}: ${line}`);
  if (warnings) assert.match(await text(page, 'price-age-warning'), /undated or more than 12 months old/);
}

/** Waits until the price-age line shows something other than `old`. */
async function priceAgeChanged(page, old) {
  return changed(page, 'price-age', old);
}

test('Results names the dates of the prices used, and the summary bar warns when it should', async () => {
  const page = await openCalculator(browser, server.url);
  await atPaperPrices(page, 'results');
  // The paper's course on AWS in Spring 2025: the oldest figure is the public
  // IPv4 charge from 2024-02-01, the newest Karpenter's AWS price map of 2025-03-24 (t3, g4dn, g5,
  // p3 and the pre-cut p4de): eleven offers stand in on AWS.
  const spring = await text(page, 'price-age');
  // They are judged by the semester they stand for: the 2025-03-14 of the Spring 2025 prices.
  assert.match(spring, /^Price age: 11 price figures, dated 2024-02-01 \(oldest\) to 2025-03-24 \(newest\); 0 of 11 undated, 1 more than 12 months from 2025-03-14 \(the date of the Spring 2025 prices/);
  await assertWarningAgrees(page, 'Spring 2025 on AWS');

  // Each line's math says how old its price is: Lab 1 is one t3.small (2025-03-24) and a public
  // IPv4 address (2024-02-01).
  await page.getByTestId('breakdown-table').locator('tbody button[aria-expanded="false"]').first().click();
  const math = await page.locator('.math-row').allTextContents();
  assert.ok(math.some((m) => m.includes('t3.small') && m.includes('as of 2025-03-24')), math.join('\n'));
  assert.ok(math.some((m) => m.includes('public-ipv4') && m.includes('as of 2024-02-01')), math.join('\n'));
  assert.ok(math.every((m) => m.includes(' on AWS ')), math.join('\n'));

  // Two price sets to choose from (issue 43): the newest, and the paper's semester; no option
  // carries counts of its own, and none calls itself the latest.
  await showView(page, 'prices');
  const options = await page.getByTestId('snapshot-select').locator('option').allTextContents();
  assert.equal(options.length, 2, options.join('\n'));
  for (const option of options) assert.ok(!/latest|undated/i.test(option), option);
  // "About these prices" says the very price-age line of Results.
  const about = page.locator('details', { has: page.getByText('About these prices') });
  await about.locator('summary').click();
  assert.ok((await about.textContent()).includes(spring), await about.textContent());

  // The newest prices: judged at the build date.
  await page.getByTestId('snapshot-select').selectOption({ index: 0 });
  await showView(page, 'results');
  const newest = await priceAgeChanged(page, spring);
  assert.match(newest, /more than 12 months old on \d{4}-\d{2}-\d{2} \(the build date\)/);
  await assertWarningAgrees(page, 'the newest prices on AWS');

  // Azure at the newest prices.
  await showView(page, 'prices');
  await page.getByTestId('provider-select').selectOption('azure');
  await showView(page, 'results');
  await priceAgeChanged(page, newest);
  await assertWarningAgrees(page, 'the newest prices on Azure');
  await closeClean(page);
});

/** Downloads the export behind the button `testid`. */
async function download(page, testid) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testid).click()]);
  assert.equal(await file.failure(), null, testid);
  return readFile(await file.path(), 'utf8');
}

test('the printed page and every export carry the price-age line', async () => {
  const page = await openCalculator(browser, server.url);
  await atPaperPrices(page, 'results');
  const line = await text(page, 'price-age');
  await showView(page, 'share');
  // The CSV carries the line in a cell of its own, wherever its layout puts it.
  const csv = parseCsv(await download(page, 'export-csv'));
  assert.ok(csv.some((row) => row.includes(line)), 'the price-age line is in the CSV');
  const json = JSON.parse(await download(page, 'export-json'));
  assert.equal(json.price_age_text, line);
  assert.equal(json.price_age.oldest, '2024-02-01');
  assert.equal(json.price_age.newest, '2025-03-24');
  assert.ok((await download(page, 'export-markdown')).includes(line));

  await showView(page, 'results');
  const dir = await mkdtemp(join(tmpdir(), 'course-cost-price-age-'));
  try {
    const file = join(dir, 'print.pdf');
    await writeFile(file, await page.pdf({ format: 'Letter', printBackground: true }));
    const printed = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    assert.ok(printed.includes('dated 2024-02-01 (oldest) to 2025-03-24 (newest)'), printed.slice(0, 2000));
    const pages = Number(execFileSync('pdfinfo', [file], { encoding: 'utf8' }).match(/^Pages:\s+(\d+)/m)?.[1]);
    assert.equal(pages, 1, `${pages} pages`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  await closeClean(page);
});

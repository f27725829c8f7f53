// Regions and honest freshness (issue 34 items 4 and 5), end to end: the region setting beside
// the provider, in the link, the CSV, the printed page, the pricing line and the provider
// comparison; eu-west-1 raises the paper's course by the regional ratio of its stand-ins, derived
// here from the price files themselves (src/data/prices/) and the JSON export's lines; the
// paper's course is priced at its own semester without a stale-price warning, and a new course
// starts on the newest prices.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  changed, closeClean, linkInAddressBar, openCalculator, openFold, parse, parseCsv, showView, text, useApp, atPaperPrices,
} from './support.mjs';

const app = useApp();

/** `src/data/prices/<name>.json` as the refresh command wrote it. */
async function priceFile(name) {
  return JSON.parse(await readFile(new URL(`../../src/data/prices/${name}.json`, import.meta.url), 'utf8'));
}

/** The figure a price file gives an offer (`aws/p4d.24xlarge`), by id or SKU. */
function figure(file, offerId) {
  const sku = offerId.slice(offerId.indexOf('/') + 1);
  const record = file.prices.find((p) => p.sku === offerId || p.sku === sku);
  return record ? (record.usd_per_hour ?? record.usd_per_gb_month) : undefined;
}

/** Downloads the export behind the button `testid`. */
async function download(page, testid) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testid).click()]);
  assert.equal(await file.failure(), null, testid);
  return readFile(await file.path(), 'utf8');
}

test('the paper\'s course is priced at its semester with no stale-price warning; a new course starts on the newest prices', async () => {
  const page = await openCalculator(app.browser, app.server.url);
  // The default opens on the newest prices (issue 43); the paper's semester is one choice away.
  assert.match(await text(page, 'summary-pricing'), /^AWS us-east-1, on demand, newest prices \(provider catalogs read \d{4}-\d{2}-\d{2}\)$/);
  await atPaperPrices(page);
  assert.equal(await page.getByTestId('price-age-warning').count(), 0);
  assert.match(await text(page, 'summary-pricing'), /^AWS us-east-1, on demand, Spring 2025 prices, a past price set Use the newest prices$/);
  await showView(page, 'results');
  assert.match(await text(page, 'price-age'), /more than 12 months from 2025-03-14 \(the date of the Spring 2025 prices: they are judged by the semester they stand for, not by the build date\)/);

  await showView(page, 'course');
  const before = await text(page, 'total-cost');
  await page.getByTestId('preset-select').selectOption('cpu-only-v3');
  await changed(page, 'total-cost', before);
  assert.equal(await page.getByTestId('preset-select').inputValue(), 'cpu-only-v3', 'a preset just picked is not "edited"');
  await showView(page, 'prices');
  const snapshots = await page.getByTestId('snapshot-select').locator('option').evaluateAll((os) => os.map((o) => o.value));
  // The price list names the newest prices first (issue 43).
  assert.equal(await page.getByTestId('snapshot-select').inputValue(), snapshots[0], 'the newest prices');
  await showView(page, 'results');
  assert.match(await text(page, 'price-age'), /more than 12 months old on \d{4}-\d{2}-\d{2} \(the build date\)/);
  await closeClean(page);
});

test('eu-west-1 raises the paper\'s course by its stand-ins\' regional ratio, and the link, CSV and print say the region', async () => {
  const [us, eu] = [await priceFile('aws-us-east-1'), await priceFile('aws-eu-west-1')];
  const page = await openCalculator(app.browser, app.server.url);
  // The paper's course at its semester's prices, as the comparison below reads them.
  await atPaperPrices(page);
  const before = await text(page, 'total-cost');
  await showView(page, 'share');
  const home = JSON.parse(await download(page, 'export-json'));

  await showView(page, 'prices');
  const region = page.getByTestId('region-select');
  assert.equal(await region.inputValue(), 'us-east-1');
  const options = await region.locator('option').evaluateAll((os) => os.map((o) => o.value));
  assert.deepEqual(options, ['us-east-1', 'eu-west-1', 'ap-southeast-1']);
  await region.selectOption('eu-west-1');
  const after = await changed(page, 'total-cost', before);
  const note = await text(page, 'region-note');
  assert.match(note, /^Prices for eu-west-1\./);
  assert.match(await text(page, 'summary-pricing'), /^AWS eu-west-1, on demand/);

  // Each line's cost times eu-west-1 / us-east-1 in the price files (1 where a file lacks the
  // offer and its us-east-1 price is kept), from the JSON exports of both. Where eu-west-1's file
  // does not price a stand-in, another offer stands in there: its Spring 2025 us-east-1 price (as
  // a us-east-1 line of the same offer shows it) times its own ratio, at the line's quantity.
  await showView(page, 'share');
  const europe = JSON.parse(await download(page, 'export-json'));
  assert.equal(europe.scenario.pricing.region, 'eu-west-1');
  assert.equal(europe.results.lines.length, home.results.lines.length);
  const key = (l) => JSON.stringify([l.phase, l.activity, l.option, l.resource]);
  const ratio = (offerId) => {
    const [a, b] = [figure(eu, offerId), figure(us, offerId)];
    return a !== undefined && b !== undefined ? a / b : undefined;
  };
  // A region changes prices and stand-ins, not the lines or their order.
  let expected = 0;
  const kept = { us: 0, eu: 0 };
  for (const [i, line] of home.results.lines.entries()) {
    const there = europe.results.lines[i];
    assert.equal(key(there), key(line), 'the same use in eu-west-1');
    if (there.offer_id === line.offer_id) {
      expected += line.cost_usd * (ratio(line.offer_id) ?? 1);
      kept.us += line.cost_usd;
      kept.eu += there.cost_usd;
    } else {
      const r = ratio(there.offer_id);
      assert.ok(r !== undefined, `${there.offer_id} stands in and is priced in both files`);
      const usHome = home.results.lines.find((l) => l.offer_id === there.offer_id);
      assert.ok(usHome, `a us-east-1 line of ${there.offer_id} shows its Spring 2025 price`);
      expected += there.cost_usd * (usHome.offer_usd * r) / there.offer_usd;
      // The note lists each such offer once, as "<stand-in> for <offer>" (issue 46).
      assert.ok(note.includes(`${there.sku} for ${line.sku}`), note);
    }
  }
  assert.ok(Math.abs(europe.results.totals.list_usd - expected) < 1e-6 * expected, `${europe.results.totals.list_usd} vs ${expected}`);
  // Every stand-in priced in both regions costs more in eu-west-1: the lines that keep theirs
  // rise, and so does the course when every line keeps its stand-in (one not sold there may be
  // replaced by a cheaper one, named in the note).
  assert.ok(kept.eu > kept.us, JSON.stringify(kept));
  if (Math.abs(kept.us - home.results.totals.list_usd) < 1e-9 * kept.us) {
    assert.ok(parse(after) > parse(before), `${after} > ${before}`);
  }

  // The link names the region and opens in it.
  const { url, data } = await linkInAddressBar(page, (d) => d.rg === 'eu-west-1');
  assert.equal(data.rg, 'eu-west-1');
  const csv = parseCsv(await download(page, 'export-csv'));
  const pricedWith = csv.find((row) => row[0] === 'Priced with');
  assert.match(pricedWith[1], /^AWS eu-west-1 \(Europe, Ireland\), on demand/);
  assert.ok(csv.some((row) => row.some((cell) => cell.includes('eu-west-1 price = us-east-1 price x'))), 'a scaled price says how');

  await showView(page, 'results');
  assert.match(await text(page, 'pricing-line'), /^AWS eu-west-1 \(Europe, Ireland\)/);
  const dir = await mkdtemp(join(tmpdir(), 'course-cost-regions-'));
  try {
    const file = join(dir, 'print.pdf');
    await writeFile(file, await page.pdf({ format: 'Letter', printBackground: true }));
    const printed = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    assert.ok(printed.includes('AWS eu-west-1 (Europe, Ireland)'), printed.slice(0, 2000));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }

  // The comparison prices every provider in Europe.
  await openFold(page, 'providers');
  const rows = await page.getByTestId('provider-comparison').locator('tbody th').allTextContents();
  for (const want of ['eu-west-1', 'westeurope', 'europe-west4', 'one price in every region']) {
    assert.ok(rows.some((r) => r.includes(want)), `${want} in ${rows.join(' | ')}`);
  }

  const shared = await openCalculator(app.browser, url);
  assert.equal(await text(shared, 'total-cost'), after);
  await showView(shared, 'prices');
  assert.equal(await shared.getByTestId('region-select').inputValue(), 'eu-west-1');
  await closeClean(shared);
  await closeClean(page);
});

test('Lambda prices alike everywhere and the page says so; Azure keeps the part of the world', async () => {
  const page = await openCalculator(app.browser, app.server.url);
  await showView(page, 'prices');
  await page.getByTestId('region-select').selectOption('ap-southeast-1');
  await page.getByTestId('provider-select').selectOption('azure');
  await page.waitForFunction(() => document.querySelector('[data-testid="region-select"]')?.value === 'southeastasia');
  await page.getByTestId('provider-select').selectOption('lambda');
  await page.waitForFunction(() => document.querySelector('[data-testid="region-select"]')?.value === 'global');
  const options = await page.getByTestId('region-select').locator('option').allTextContents();
  assert.deepEqual(options, ['one price in every region']);
  assert.match(await text(page, 'region-note'), /prices alike in every region/);
  await closeClean(page);
});

test('a link naming a 100,000-character region keeps the page as wide as the window, its notice short and in order', async () => {
  const { deflateRawSync } = await import('node:zlib');
  // A right-to-left override after ten characters: in the notice whole, it reversed the rest.
  const region = `${'a'.repeat(10)}\u202E${'b'.repeat(100_000)}`;
  const json = JSON.stringify({ v: 3, p: 'paper-s25-v3', rg: region });
  const payload = deflateRawSync(Buffer.from(json), { level: 9 }).toString('base64url');
  const page = await openCalculator(app.browser, `${app.server.url}#s=${payload}`);
  await page.getByTestId('link-notice').waitFor();
  const notice = await text(page, 'link-notice');
  assert.match(notice, new RegExp(`unknown region "a{10}b{30}…"`));
  assert.doesNotMatch(notice, /[\u202A-\u202E\u2066-\u2069\u200E\u200F]/);
  assert.ok(notice.length < 600, `${notice.length} characters`);
  const { page: wide, window: width } = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    window: window.innerWidth,
  }));
  assert.ok(wide <= width, `the page is ${wide} px wide in a window of ${width} px`);
  await closeClean(page);
});

test('the provider comparison flags each row whose figures keep another region\'s price, and says which (at 360 px)', async () => {
  const page = await openCalculator(app.browser, app.server.url, { viewport: { width: 360, height: 800 } });
  await showView(page, 'prices');
  const before = await text(page, 'total-cost');
  await page.getByTestId('region-select').selectOption('eu-west-1');
  await changed(page, 'total-cost', before);
  // Which of the course's AWS figures keep us-east-1's price in eu-west-1, from the JSON
  // export's lines: a price with no eu-west-1 figure in the catalogs read says so in its source.
  await showView(page, 'share');
  const europe = JSON.parse(await download(page, 'export-json'));
  const kept = [...new Set(europe.results.lines
    .filter((l) => l.source.startsWith('us-east-1 price (no eu-west-1 figure'))
    .map((l) => l.sku))];

  await showView(page, 'results');
  await openFold(page, 'providers');
  const table = page.getByTestId('provider-comparison');
  const flag = (provider) => table.locator(`tr[data-provider="${provider}"] [data-testid="provider-region-flag"]`);
  // AWS eu-west-1: flagged exactly when some figure keeps us-east-1's price, each named.
  if (kept.length > 0) {
    const said = (await flag('aws').textContent()).trim();
    assert.match(said, /^At another region's price/);
    for (const sku of kept) assert.ok(said.includes(sku), `${sku} in ${said}`);
    assert.ok(said.includes('us-east-1\'s'), said);
  } else {
    assert.equal(await flag('aws').count(), 0, 'every AWS figure is eu-west-1\'s');
  }
  // Lambda rents no CPU VMs or storage: the page prices them on another provider's offers (its
  // row says how many lines), at AWS us-east-1 prices while AWS's own row is eu-west-1's. Its
  // row is flagged, naming us-east-1.
  const lambda = table.locator('tr[data-provider="lambda"] th');
  const borrowed = Number((await lambda.textContent()).match(/\((\d+) lines? on another provider's offer\)/)?.[1] ?? 0);
  assert.ok(borrowed > 0, await lambda.textContent());
  const said = (await flag('lambda').textContent()).trim();
  assert.match(said, /^At another region's price \(no figure for this region in the catalogs read\): .+ at us-east-1's\.$/);
  // The flags wrap in their cells: the page does not scroll sideways at 360 px.
  await flag('lambda').scrollIntoViewIfNeeded();
  assert.ok(await flag('lambda').isVisible());
  const { wide, window: width } = await page.evaluate(() => ({ wide: document.documentElement.scrollWidth, window: window.innerWidth }));
  assert.ok(wide <= width, `the page is ${wide} px wide in a window of ${width} px`);
  assert.deepEqual(page.problems, []);
  await closeClean(page);
});

// Issue 45 in the browser: the bill reader, a bill set against the plan, the spread's simulation
// and the band's draws run in Web Workers that the page starts when first needed (the band's
// right after the first figures are painted), and that the service worker keeps: after one
// visit, a bill (plain and .csv.gz), the spread, the band and the exports work offline too, with
// the same figures and files as online. Expected hours are summed from the rows written here; the band's figures
// are the native engine's (`cargo run --example band_figures`, tests/e2e/band_figures.rs).

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { execFileSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { centsDollars, DIST, launch, openCalculator, openFold, parse, serve, showView, text, wholeDollars, WAIT } from './support.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

/** FOCUS 1.1 columns of the bills written here. */
const HEADER = [
  'ChargeCategory', 'ChargePeriodStart', 'ChargePeriodEnd', 'BilledCost', 'EffectiveCost', 'BillingCurrency',
  'ConsumedQuantity', 'ConsumedUnit', 'ServiceName', 'ServiceCategory', 'ProviderName', 'SkuPriceDetails', 'Tags',
].join(',');

/** A bill of `rows` usage rows of `hours` hours of t3.medium each. */
function bill(rows, hours) {
  const row = [
    'Usage', '2025-02-01T00:00:00Z', '2025-02-02T00:00:00Z', 0.0416 * hours, 0.0416 * hours, 'USD', hours, 'Hours',
    'Amazon Elastic Compute Cloud', 'Compute', 'AWS', '"{""InstanceType"":""t3.medium""}"', '"{}"',
  ].join(',');
  return Buffer.from(`${HEADER}\n${`${row}\n`.repeat(rows)}`);
}

/** Reads `buffer` as `name` in the bill panel; resolves to the t3.medium hours shown. */
async function readBill(page, name, buffer) {
  await showView(page, 'plan');
  await openFold(page, 'focus');
  await page.getByTestId('focus-file').setInputFiles({ name, mimeType: 'text/csv', buffer });
  // A bill read stays open for the visit (issue 46): wait for this one by its name.
  await page.waitForFunction(
    (file) => document.querySelector('[data-testid="focus-file-name"]')?.textContent === file,
    name,
    { timeout: WAIT },
  );
  await page.getByTestId('focus-summary').waitFor({ timeout: WAIT });
  await openFold(page, 'bill-details');
  return parse(await text(page, 'focus-hours-t3.medium'));
}

/** The open bill's share of the plan and what Apply would set, as the worker worked them out. */
async function calibrated(page) {
  await page.getByTestId('focus-apply-summary').waitFor({ timeout: WAIT });
  const coverage = await text(page, 'focus-coverage');
  assert.match(coverage, /%$/, coverage);
  return { coverage, apply: await text(page, 'focus-apply-summary') };
}

/** The spread's four figures once its simulation has finished. */
async function spread(page) {
  await showView(page, 'plan');
  await openFold(page, 'spread');
  await page.waitForFunction(
    () => {
      const status = document.querySelector('[data-testid="spread-status"]');
      return status?.hasAttribute('data-runs') && /simulated course runs/.test(status.textContent);
    },
    null,
    { timeout: WAIT },
  );
  const figures = {};
  for (const id of ['student-cost-p50', 'student-cost-p90', 'student-cost-p99', 'student-cost-max']) {
    figures[id] = await text(page, id);
  }
  return figures;
}

/** The band of the first screen's scenario (with `students`, if given) as the native engine draws it. */
function nativeBand(students) {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const args = ['run', '--quiet', '--example', 'band_figures', ...(students ? [String(students)] : [])];
  return JSON.parse(execFileSync('cargo', args, { cwd: root, encoding: 'utf8' }));
}

/** The per-student range `testid` once its band is drawn for the scenario shown; its text. */
async function drawn(page, testid) {
  await page.locator(`[data-testid="${testid}"][data-draws]`).waitFor({ timeout: WAIT });
  return text(page, testid);
}

test('the band the page shows is the native engine\'s, drawn by the worker; an edit keeps the last band, marked updating, until the new one', async () => {
  const own = await serve();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await openCalculator(context, own.url);
    const band = nativeBand();
    const each = (usd) => centsDollars(usd / band.students);
    const usage = `usage ${each(band.p10_usd)}-${each(band.p90_usd)}`;
    assert.ok((await drawn(page, 'summary-range')).includes(`${usage};`), usage);
    assert.equal(await page.getByTestId('summary-range').getAttribute('data-draws'), String(band.draws));
    await showView(page, 'results');
    assert.ok((await drawn(page, 'per-student-range')).includes(`${usage};`), usage);
    await showView(page, 'plan');
    const total = await drawn(page, 'total-range');
    assert.ok(
      total.includes(`between ${wholeDollars(band.p10_usd)} (p10) and ${wholeDollars(band.p90_usd)} (p90), median ${wholeDollars(band.p50_usd)}, over ${band.draws} draws that fit the reserved nodes (${band.dropped} dropped that need more)`),
      total,
    );

    // An edit: every text the usage span shows is recorded; the old band stays, said to be
    // updating, until the worker's band of the new scenario arrives.
    await page.evaluate(() => {
      window.__usage = [];
      const span = () => document.querySelector('[data-testid="summary-range"] [data-testid="range-usage"]');
      new MutationObserver(() => window.__usage.push(span()?.textContent)).observe(document.body, {
        subtree: true, childList: true, characterData: true,
      });
    });
    const after = nativeBand(150);
    const next = `usage ${centsDollars(after.p10_usd / 150)}-${centsDollars(after.p90_usd / 150)}`;
    await showView(page, 'course');
    await page.getByTestId('students-input').fill('150');
    await page.waitForFunction(
      (want) => document.querySelector('[data-testid="summary-range"][data-draws]')?.textContent.includes(want),
      next,
      { timeout: WAIT },
    );
    const seen = await page.evaluate(() => window.__usage);
    assert.ok(seen.includes(`${usage} (updating)`), JSON.stringify([...new Set(seen)]));
    assert.ok(!seen.some((t) => t === '' || t === undefined), 'never blank');
    await showView(page, 'plan');
    assert.ok((await drawn(page, 'total-range')).includes(`between ${wholeDollars(after.p10_usd)} (p10) and ${wholeDollars(after.p90_usd)} (p90)`));
    assert.deepEqual(page.problems, []);
  } finally {
    await context.close();
    await own.close().catch(() => {});
  }
});

test('the worker starts on first use; a bill (plain and .csv.gz) and the spread work through it, on and offline', async () => {
  const own = await serve();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await openCalculator(context, own.url);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: WAIT });
    const script = await page.evaluate(() => document.querySelector('meta[name="worker"]').content);
    assert.match(script, /^worker-loader-[0-9a-f]{16}\.js$/);
    // The band's worker, started after the first figures, draws the per-student range.
    await drawn(page, 'summary-range');
    assert.ok(page.workers().some((w) => w.url().endsWith(script)), 'the band is drawn by the worker');
    await showView(page, 'plan');
    const range = await drawn(page, 'total-range');

    // A bill is read by a worker of its own.
    const started = page.waitForEvent('worker', { timeout: WAIT });
    assert.equal(await readBill(page, 'plain.csv', bill(300, 1)), 300);
    assert.match((await started).url(), new RegExp(`${script}$`));
    // The bill set against the plan and the calibration it gives come from the lasting worker.
    const check = await calibrated(page);
    assert.equal(await readBill(page, 'packed.csv.gz', gzipSync(bill(200, 2))), 400);
    const online = await spread(page);
    for (const value of Object.values(online)) assert.ok(parse(value) > 0, value);

    // Offline: the page and its worker come from the service worker's copy.
    await own.close();
    await page.reload();
    await page.getByTestId('total-cost').waitFor({ timeout: WAIT });
    await page.getByTestId('offline-note').waitFor({ state: 'visible', timeout: WAIT });
    await showView(page, 'plan');
    assert.equal(await drawn(page, 'total-range'), range);
    assert.equal(await readBill(page, 'plain.csv', bill(300, 1)), 300);
    assert.deepEqual(await calibrated(page), check);
    assert.equal(await readBill(page, 'packed.csv.gz', gzipSync(bill(200, 2))), 400);
    assert.deepEqual(await spread(page), online);
    assert.deepEqual(
      page.problems.filter((problem) => !/ERR_CONNECTION_REFUSED|Failed to load resource/.test(problem)),
      [],
    );
  } finally {
    await context.close();
    await own.close().catch(() => {});
  }
});

test('the band arrives whichever view is shown when the worker answers (a view swapped at that moment loses no answer)', async () => {
  // The Course view asks for the band a moment after the first figures; the Plan view shown
  // right then has no listener yet when the answer comes. Ten fresh pages, each switched at
  // once, each must show the band of its scenario (the answer kept while no view listened).
  const own = await serve();
  try {
    for (let round = 0; round < 10; round++) {
      const page = await openCalculator(browser, own.url);
      await showView(page, 'plan');
      await page.locator('[data-testid="total-range"][data-draws]').waitFor({ timeout: WAIT });
      assert.match(await text(page, 'total-range'), /\(p10\)/);
      await page.close();
    }
  } finally {
    await own.close();
  }
});

/** The file the export button `testid` downloads once the worker has written it: name and text. */
async function exported(page, testid) {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: WAIT }), page.getByTestId(testid).click()]);
  assert.equal(await file.failure(), null, testid);
  return { name: file.suggestedFilename(), body: await readFile(await file.path(), 'utf8') };
}

const EXPORTS = { 'export-csv': 'course-cost-breakdown.csv', 'export-json': 'course-cost.json', 'export-markdown': 'course-cost-summary.md' };

test('the exports are written by the worker: the same files on and offline after a first visit, the button busy meanwhile', async () => {
  const own = await serve();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await openCalculator(context, own.url);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: WAIT });
    const total = await text(page, 'total-cost');
    await showView(page, 'share');
    // Every busy state the CSV button goes through, recorded as it changes (the page's render
    // and the worker's answer are tasks of their own, so each change is seen apart).
    await page.evaluate(() => {
      window.__busy = [];
      const button = document.querySelector('[data-testid="export-csv"]');
      new MutationObserver(() => window.__busy.push(button.getAttribute('aria-busy'))).observe(button, { attributeFilter: ['aria-busy'] });
    });
    const online = {};
    for (const [testid, name] of Object.entries(EXPORTS)) {
      online[testid] = await exported(page, testid);
      assert.equal(online[testid].name, name);
    }
    assert.deepEqual(await page.evaluate(() => window.__busy), ['true', null], 'busy until the file came, then not');
    assert.equal(await page.getByTestId('export-error').count(), 0);
    assert.ok(online['export-markdown'].body.includes(`**Total: ${total}**`), online['export-markdown'].body.slice(0, 400));
    assert.equal(Math.round(JSON.parse(online['export-json'].body).results.totals.net_usd), parse(total));
    assert.ok(online['export-csv'].body.startsWith('Part,'), online['export-csv'].body.slice(0, 200));

    // Offline: the worker comes from the service worker's copy and writes the same files.
    await own.close();
    await page.reload();
    await page.getByTestId('total-cost').waitFor({ timeout: WAIT });
    await page.getByTestId('offline-note').waitFor({ state: 'visible', timeout: WAIT });
    await showView(page, 'share');
    for (const testid of Object.keys(EXPORTS)) {
      assert.deepEqual(await exported(page, testid), online[testid], testid);
    }
    assert.deepEqual(
      page.problems.filter((problem) => !/ERR_CONNECTION_REFUSED|Failed to load resource/.test(problem)),
      [],
    );
  } finally {
    await context.close();
    await own.close().catch(() => {});
  }
});

test('an export whose worker cannot start is said beside the buttons, and nothing is downloaded', async () => {
  // The worker's loader fails as it starts (as a script that could not be fetched would).
  const loader = (await readdir(DIST)).find((name) => /^worker-loader-[0-9a-f]{16}\.js$/.test(name));
  assert.ok(loader, 'the build has a worker loader');
  const own = await serve(DIST, { [`/${loader}`]: ['text/javascript', 'throw new Error("the worker did not start");'] });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(WAIT);
    let downloads = 0;
    page.on('download', () => downloads++);
    await page.goto(own.url);
    await page.getByTestId('total-cost').waitFor({ timeout: WAIT });
    await showView(page, 'share');
    await page.getByTestId('export-markdown').click();
    await page.getByTestId('export-error').waitFor({ timeout: WAIT });
    assert.match(await text(page, 'export-error'), /^The Markdown export was not made\. .*could not be loaded/);
    // The button is free again, and a second try says the same.
    assert.equal(await page.getByTestId('export-markdown').getAttribute('aria-busy'), null);
    await page.getByTestId('export-csv').click();
    await page.waitForFunction(() => /^The CSV export/.test(document.querySelector('[data-testid="export-error"]')?.textContent));
    assert.equal(downloads, 0);
  } finally {
    await context.close();
    await own.close().catch(() => {});
  }
});

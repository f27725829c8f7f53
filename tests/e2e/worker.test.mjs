// Issue 45 in the browser: the bill reader and the spread's simulation run in a Web Worker that
// the page starts the first time one is needed (none at load), and that the service worker keeps:
// after one visit, a bill (plain and .csv.gz) and the spread work offline too, with the same
// figures as online. Expected hours are summed from the rows written here.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { launch, openCalculator, openFold, parse, serve, showView, text, WAIT } from './support.mjs';

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

test('the worker starts on first use; a bill (plain and .csv.gz) and the spread work through it, on and offline', async () => {
  const own = await serve();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await openCalculator(context, own.url);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: WAIT });
    // Nothing of the worker at load: its script is fetched by the page only when first used.
    assert.equal(page.workers().length, 0);
    const script = await page.evaluate(() => document.querySelector('meta[name="worker"]').content);
    assert.match(script, /^worker-loader-[0-9a-f]{16}\.js$/);

    const started = page.waitForEvent('worker', { timeout: WAIT });
    assert.equal(await readBill(page, 'plain.csv', bill(300, 1)), 300);
    assert.match((await started).url(), new RegExp(`${script}$`));
    assert.equal(await readBill(page, 'packed.csv.gz', gzipSync(bill(200, 2))), 400);
    const online = await spread(page);
    for (const value of Object.values(online)) assert.ok(parse(value) > 0, value);

    // Offline: the page and its worker come from the service worker's copy.
    await own.close();
    await page.reload();
    await page.getByTestId('total-cost').waitFor({ timeout: WAIT });
    await page.getByTestId('offline-note').waitFor({ state: 'visible', timeout: WAIT });
    assert.equal(await readBill(page, 'plain.csv', bill(300, 1)), 300);
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

// Issue 37 in the browser: a .csv.gz is unpacked inside the wasm. A bill packed in two gzip
// members (files packed apart and joined) reads every row of both; a .csv.gz whose CRC-32 does
// not match, one cut short and a CSV merely named .csv.gz are refused saying so, the scenario
// unchanged; reading 1 GB packed into a few MB shows the packed bytes read and stops at Cancel.
// Files are packed here by node:zlib (the same deflate as gzip); expected hours are summed from
// the rows written.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { closeClean, openCalculator, openFold, parse, showView, start, stop, text, WAIT } from './support.mjs';

let env;
before(async () => {
  env = await start();
});
after(() => stop(env));

/** FOCUS 1.1 columns of the bills written here. */
const HEADER = [
  'ChargeCategory', 'ChargePeriodStart', 'ChargePeriodEnd', 'BilledCost', 'EffectiveCost', 'BillingCurrency',
  'ConsumedQuantity', 'ConsumedUnit', 'ServiceName', 'ServiceCategory', 'ProviderName', 'SkuPriceDetails', 'Tags',
];

/** A usage row: `hours` of `type` billed `cost`. */
function row(type, hours, cost) {
  return [
    'Usage', '2025-02-01T00:00:00Z', '2025-02-02T00:00:00Z', cost, cost, 'USD', hours, 'Hours',
    'Amazon Elastic Compute Cloud', 'Compute', 'AWS', '"{""InstanceType"":""t3.medium""}"', '"{}"',
  ].join(',');
}

async function openBillPanel(page) {
  await showView(page, 'plan');
  await openFold(page, 'focus');
  await page.getByTestId('focus-file').waitFor({ timeout: WAIT });
}

/** Resolves once the bill is read: the summary shown, billed against planned unfolded. */
async function billRead(page) {
  await page.getByTestId('focus-summary').waitFor({ timeout: WAIT });
  await openFold(page, 'bill-details');
  await page.getByTestId('focus-actuals').waitFor({ timeout: WAIT });
}

/** Hands `buffer` to the picker as `name`. */
async function pick(page, name, buffer) {
  await page.getByTestId('focus-file').setInputFiles({ name, mimeType: 'application/gzip', buffer });
}

/** focus-error's text once it matches `pattern`. */
async function refusal(page, pattern) {
  await page.waitForFunction(
    ([source]) => new RegExp(source).test(document.querySelector('[data-testid="focus-error"]')?.textContent ?? ''),
    [pattern.source],
    { timeout: WAIT },
  );
  return text(page, 'focus-error');
}

test('a bill packed in two gzip members reads every row of both', async () => {
  const page = await openCalculator(env.browser, env.server.url);
  await openBillPanel(page);
  // 3,000 rows of 1 hour, then 2,000 rows of 2 hours, packed apart and joined.
  const first = `${HEADER.join(',')}\n${`${row('t3.medium', 1, 0.0416)}\n`.repeat(3_000)}`;
  const second = `${row('t3.medium', 2, 0.0832)}\n`.repeat(2_000);
  const buffer = Buffer.concat([gzipSync(Buffer.from(first)), gzipSync(Buffer.from(second))]);
  await pick(page, 'joined.csv.gz', buffer);
  await billRead(page);
  assert.equal(parse(await text(page, 'focus-hours-t3.medium')), 3_000 * 1 + 2_000 * 2);
  await closeClean(page);
});

test('a damaged, a cut or a mislabelled .csv.gz is refused saying so; the scenario is unchanged', async () => {
  const page = await openCalculator(env.browser, env.server.url);
  await openBillPanel(page);
  const total = await text(page, 'total-cost');
  const csv = `${HEADER.join(',')}\n${`${row('t3.medium', 1, 0.0416)}\n`.repeat(500)}`;
  const packed = gzipSync(Buffer.from(csv));
  // The trailer's CRC-32 (its last 8 bytes: CRC-32, then length), one bit off.
  const damaged = Buffer.from(packed);
  damaged[damaged.length - 8] ^= 1;
  await pick(page, 'damaged.csv.gz', damaged);
  let message = await refusal(page, /CRC-32/);
  assert.match(message, /damaged/);
  assert.match(message, /unchanged/);
  // Cut short in its deflate data.
  await pick(page, 'cut.csv.gz', packed.subarray(0, packed.length - 20));
  message = await refusal(page, /cut short/);
  assert.match(message, /unchanged/);
  // A CSV named .csv.gz.
  await pick(page, 'plain.csv.gz', Buffer.from(csv));
  message = await refusal(page, /not gzip-compressed/);
  assert.match(message, /unchanged/);
  assert.equal(await text(page, 'total-cost'), total);
  assert.equal(await page.getByTestId('focus-summary').count(), 0);
  // The file whole reads.
  await pick(page, 'whole.csv.gz', packed);
  await billRead(page);
  assert.equal(parse(await text(page, 'focus-hours-t3.medium')), 500);
  await closeClean(page);
});

test('a packed bill of 1 GB shows its packed bytes read and stops at Cancel; the scenario is unchanged', async () => {
  const page = await openCalculator(env.browser, env.server.url);
  await openBillPanel(page);
  const total = await text(page, 'total-cost');
  // One member of 20,000 rows (about 4 MB), joined 250 times after a header: about 1 GB of rows
  // to unpack from a few MB, far more than is read before the Cancel below.
  const member = gzipSync(Buffer.from(`${row('t3.medium', 1, 0.0416)}\n`.repeat(20_000)), { level: 9 });
  const buffer = Buffer.concat([gzipSync(Buffer.from(`${HEADER.join(',')}\n`)), ...Array(250).fill(member)]);
  await pick(page, 'large.csv.gz', buffer);
  // Progress once rows are read: the bar measures the packed file, the text what it unpacked to.
  await page.waitForFunction(
    () => /MB unpacked, [1-9][0-9,]* rows/.test(document.querySelector('[data-testid="focus-progress"]')?.textContent ?? ''),
    null,
    { timeout: WAIT },
  );
  const bar = page.getByTestId('focus-progress').locator('progress');
  assert.equal(Number(await bar.getAttribute('max')), buffer.length);
  const done = Number(await bar.getAttribute('value'));
  assert.ok(done > 0 && done <= buffer.length, `${done} of ${buffer.length} packed bytes`);
  await page.getByTestId('focus-cancel').click();
  const message = await refusal(page, /cancelled/);
  assert.match(message, /unchanged/);
  assert.equal(await page.getByTestId('focus-progress').count(), 0);
  assert.equal(await page.getByTestId('focus-summary').count(), 0);
  assert.equal(await text(page, 'total-cost'), total);
  await closeClean(page);
});

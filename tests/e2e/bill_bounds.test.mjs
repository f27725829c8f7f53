// Issue 37 in the browser: bills written here to hurt. A header of 100,000 columns, UTF-16 and
// Windows-1252 files are refused naming the problem (the count, the encoding and how to save as
// UTF-8 CSV), the scenario unchanged; a bill of 3,000 distinct instance types and 1,500 tag
// values draws the top entries of each table with the rest folded ("and N more types, $X");
// a packed bill of 120,000 rows (a .csv.gz of a few hundred kB) reads to the last row. Every
// expected figure is summed here from the rows written.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { closeClean, openCalculator, openFold, parse, showView, start, stop, text, WAIT } from './support.mjs';

let env;
before(async () => {
  env = await start();
});
after(() => stop(env));

// The page's limits, as docs/data.md states them: tables draw 20 entries, the rest folded.
const DRAWN = 20;

/** FOCUS 1.1 columns of the bills written here. */
const HEADER = [
  'ChargeCategory', 'ChargePeriodStart', 'ChargePeriodEnd', 'BilledCost', 'EffectiveCost', 'BillingCurrency',
  'ConsumedQuantity', 'ConsumedUnit', 'ServiceName', 'ServiceCategory', 'ProviderName', 'SkuPriceDetails', 'Tags',
];

const quoted = (json) => `"${JSON.stringify(json).replaceAll('"', '""')}"`;

/** A usage row: `hours` of `type` billed `cost`, with `tags`. */
function row(type, hours, cost, tags) {
  return [
    'Usage', '2025-02-01T00:00:00Z', '2025-02-02T00:00:00Z', cost, cost, 'USD', hours, 'Hours',
    'Amazon Elastic Compute Cloud', 'Compute', 'AWS', quoted({ InstanceType: type }), quoted(tags),
  ].join(',');
}

/** Waits for the bill's summary, then opens the folds below it (billed against planned, the rows
 * the plan does not hold). */
async function billRead(page) {
  await page.getByTestId('focus-summary').waitFor({ timeout: WAIT });
  await openFold(page, 'bill-details');
  await openFold(page, 'bill-skipped');
}

async function openBillPanel(page) {
  await showView(page, 'plan');
  await openFold(page, 'focus');
  await page.getByTestId('focus-file').waitFor({ timeout: WAIT });
}

/** Hands `buffer` to the picker as `name`; resolves to focus-error's text once it matches `pattern`. */
async function refused(page, name, buffer, pattern) {
  await page.getByTestId('focus-file').setInputFiles({ name, mimeType: 'text/csv', buffer });
  await page.waitForFunction(
    ([source, flags]) => new RegExp(source, flags).test(document.querySelector('[data-testid="focus-error"]')?.textContent ?? ''),
    [pattern.source, pattern.flags],
    { timeout: WAIT },
  );
  return text(page, 'focus-error');
}

/** `text` as UTF-16 bytes, little- or big-endian, with or without a byte-order mark. */
function utf16(text, little, bom) {
  const le = Buffer.from(`${bom ? '\ufeff' : ''}${text}`, 'utf16le');
  return little ? le : Buffer.from(le).swap16();
}

test('refusals name the problem: too many columns, UTF-16, Windows-1252; the scenario is unchanged', async () => {
  const page = await openCalculator(env.browser, env.server.url);
  await openBillPanel(page);
  const total = await text(page, 'total-cost');
  const wide = `${Array.from({ length: 100_000 }, (_, n) => `c${n}`).join(',')}\n`;
  const columns = await refused(page, 'wide.csv', Buffer.from(wide), /columns/);
  assert.match(columns, /100,000 columns/);
  assert.doesNotMatch(columns, /longer than/);
  assert.match(columns, /unchanged/);
  const bill = `${HEADER.join(',')}\n${row('t3.medium', 2, 0.0832, { lab: 'Lab 1' })}\n`;
  for (const [name, buffer, encoding] of [
    ['utf16-bom.csv', utf16(bill, true, true), /UTF-16 \(little-endian\)/],
    ['utf16.csv', utf16(bill, true, false), /UTF-16 \(little-endian\)/],
    ['utf16-be.csv', utf16(bill, false, true), /UTF-16 \(big-endian\)/],
    ['latin.csv', Buffer.from(bill.replace('AWS', 'AWS Café'), 'latin1'), /Windows-1252/],
  ]) {
    const message = await refused(page, name, buffer, encoding);
    assert.match(message, /Save it as UTF-8 CSV/, message);
    assert.match(message, /CSV UTF-8 \(Comma delimited\)/, message);
    assert.match(message, /unchanged/, message);
  }
  assert.equal(await text(page, 'total-cost'), total);
  assert.equal(await page.getByTestId('focus-actuals').count(), 0);
  // The same bill saved as UTF-8 reads.
  await page.getByTestId('focus-file').setInputFiles({ name: 'utf8.csv', mimeType: 'text/csv', buffer: Buffer.from(bill) });
  await billRead(page);
  assert.equal(parse(await text(page, 'focus-hours-t3.medium')), 2);
  await closeClean(page);
});

test('a bill of 3,000 types and 1,500 tag values draws the top entries and folds the rest', async () => {
  const page = await openCalculator(env.browser, env.server.url);
  await openBillPanel(page);
  // 3,000 made-up types of one hour at $0.05, each its own student; t3.medium and p4d.24xlarge
  // (stand-ins of course resources on AWS) with more hours, so they are drawn.
  const types = 3_000;
  const lines = [HEADER.join(',')];
  for (let n = 0; n < types; n++) lines.push(row(`x${n}.large`, 1, 0.05, { lab: `Lab ${n % 6}`, student: `s${n}` }));
  lines.push(row('t3.medium', 10, 0.416, { lab: 'Lab 1', student: 's0' }));
  lines.push(row('p4d.24xlarge', 5, 163.863, { lab: 'project', student: 's1' }));
  await page.getByTestId('focus-file').setInputFiles({ name: 'many.csv', mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\n')}\n`) });
  await billRead(page);

  // Per instance type: the two stand-ins and the 18 heaviest others; 2,982 types folded.
  const typeRows = page.getByTestId('focus-types').locator('tbody tr');
  assert.equal(await typeRows.count(), DRAWN + 1);
  const folded = types - (DRAWN - 2);
  const more = page.getByTestId('focus-types-more');
  assert.equal((await more.locator('th').textContent()).trim(), `and ${folded.toLocaleString('en-US')} more types`);
  const cells = await more.locator('td').allTextContents();
  assert.equal(parse(cells[0]), folded); // one hour each
  assert.equal(parse(cells[1]), Math.round(folded * 0.05)); // dollars, whole above $100
  assert.equal(parse(await text(page, 'focus-hours-t3.medium')), 10);

  // What stands in for nothing: the 3,000 made-up types as one group by reason, each one row.
  const skipped = await text(page, 'focus-skipped');
  const all = types.toLocaleString('en-US');
  assert.ok(skipped.includes(`(${all} types; map them above): ${all} rows`), skipped);
  assert.equal(parse(await text(page, 'focus-skipped-rows')), types);

  // Split by student: 3,000 values, DRAWN drawn (the two costliest, s1 and s0, among them), in
  // the bill's order, and the rest folded.
  await page.getByTestId('focus-tag').selectOption('student');
  await page.getByTestId('focus-tag-more').waitFor({ timeout: WAIT });
  const tagRows = page.getByTestId('focus-tag-table').locator('tbody tr');
  assert.equal(await tagRows.count(), DRAWN + 1);
  const names = (await tagRows.locator('th').allTextContents()).map((name) => name.trim());
  assert.deepEqual(names.slice(0, 2), ['s0', 's1']);
  assert.equal(
    (await page.getByTestId('focus-tag-more').locator('th').textContent()).trim(),
    `and ${(types - DRAWN).toLocaleString('en-US')} more values`,
  );
  await closeClean(page);
});

test('a packed bill of 120,000 rows reads to its last row', async () => {
  const page = await openCalculator(env.browser, env.server.url);
  await openBillPanel(page);
  const rows = 120_000;
  const line = row('t3.medium', 1, 0.0416, { lab: 'Lab 1' });
  const csv = `${HEADER.join(',')}\n${`${line}\n`.repeat(rows)}`;
  const buffer = gzipSync(Buffer.from(csv), { level: 9 });
  assert.ok(buffer.length * 100 < csv.length, `${buffer.length} B packed from ${csv.length} B`);
  await page.getByTestId('focus-file').setInputFiles({ name: 'bill.csv.gz', mimeType: 'application/gzip', buffer });
  await billRead(page);
  assert.equal(parse(await text(page, 'focus-hours-t3.medium')), rows);
  await closeClean(page);
});

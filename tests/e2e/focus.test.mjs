// Calibrate from a bill: a FOCUS 1.2 AWS export written by tests/e2e/focus_export.mjs opens
// through focus-file (as .csv and as .csv.gz); the billed hours per instance type, the skipped
// rows, applying the factors and Undo; a CSV without FOCUS columns changes nothing.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { closeClean, openCalculator, openFold, parse, showView, start, stop, text, WAIT } from './support.mjs';
import { focusExport } from './focus_export.mjs';

let env;
before(async () => {
  env = await start();
});
after(() => stop(env));

/** Opens the Plan view's bill fold. */
async function openBillPanel(page) {
  await showView(page, 'plan');
  await openFold(page, 'focus');
  await page.getByTestId('focus-file').waitFor({ timeout: WAIT });
}

/** Hands `file` ({ name, mimeType, buffer }) to the picker; resolves once it is read. */
async function openBill(page, file, shown = 'focus-summary') {
  await page.getByTestId('focus-file').setInputFiles(file);
  await page.getByTestId(shown).waitFor({ timeout: WAIT });
  // Billed against planned, and the rows the plan does not hold, are folded under the summary.
  await openFold(page, 'bill-details');
  await openFold(page, 'bill-skipped');
}

/** Hands `file` to the picker; resolves once focus-error says something matching `pattern`. */
async function refused(page, file, pattern) {
  await page.getByTestId('focus-file').setInputFiles(file);
  await page.waitForFunction(
    ([source, flags]) => new RegExp(source, flags).test(document.querySelector('[data-testid="focus-error"]')?.textContent ?? ''),
    [pattern.source, pattern.flags],
    { timeout: WAIT },
  );
  return text(page, 'focus-error');
}

const ROWS = 40_000;

test('a 40,000-row FOCUS export: billed hours per type, skipped rows, apply and undo', async () => {
  const page = await openCalculator(env.browser, env.server.url);
  await openBillPanel(page);
  assert.match(await text(page, 'view-plan'), /read in this browser only: nothing is uploaded/);
  const bill = focusExport(ROWS);
  await openBill(page, { name: 'course-bill.csv', mimeType: 'text/csv', buffer: Buffer.from(bill.text) });
  // Hours shown with one decimal: within half of the last digit of what was written.
  assert.ok(Math.abs(parse(await text(page, 'focus-hours-t3.medium')) - bill.t3Hours) <= 0.05);
  assert.ok(Math.abs(parse(await text(page, 'focus-hours-p4d.24xlarge')) - bill.p4dHours) <= 0.05);
  assert.equal(parse(await text(page, 'focus-skipped-rows')), bill.skippedRows);
  const skipped = await text(page, 'focus-skipped');
  for (const what of ['tax', 'credits', 'other services']) assert.ok(skipped.includes(what), `${what} in ${skipped}`);
  assert.match(await text(page, 'focus-period'), /^2025-02-01 to 2025-02-28$/);
  // The shared t3.medium (m1.medium VMs and Raspberry Pi stand-ins) says it is split.
  assert.match(await text(page, 'focus-actuals'), /split between them by the scenario's own shares/);

  const total = await text(page, 'total-cost');
  // The export bills only t3.medium and p4d.24xlarge: the other stand-ins would go to 0, so Apply
  // waits for the confirmation.
  await page.getByTestId('focus-confirm').check();
  await page.getByTestId('focus-apply').click();
  await page.waitForFunction((old) => document.querySelector('[data-testid="total-cost"]').textContent.trim() !== old, total);
  assert.notEqual(await text(page, 'total-cost'), total);
  await page.getByTestId('undo').click();
  await page.waitForFunction((old) => document.querySelector('[data-testid="total-cost"]').textContent.trim() === old, total);
  assert.equal(await text(page, 'total-cost'), total);
  await closeClean(page);
});

test('a .csv.gz export is unpacked in the browser and reads the same', async () => {
  const page = await openCalculator(env.browser, env.server.url);
  await openBillPanel(page);
  const bill = focusExport(2_000);
  const buffer = gzipSync(Buffer.from(bill.text));
  await openBill(page, { name: 'course-bill.csv.gz', mimeType: 'application/gzip', buffer });
  assert.ok(Math.abs(parse(await text(page, 'focus-hours-t3.medium')) - bill.t3Hours) <= 0.05);
  assert.equal(parse(await text(page, 'focus-skipped-rows')), bill.skippedRows);
  await closeClean(page);
});

test('a CSV without FOCUS columns gets focus-error and changes nothing', async () => {
  const page = await openCalculator(env.browser, env.server.url);
  await openBillPanel(page);
  const total = await text(page, 'total-cost');
  const csv = 'student,lab,hours\nana,Lab 1,3\nbo,Lab 2,4\n';
  const error = await refused(page, { name: 'hours.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) }, /ChargeCategory/);
  for (const column of ['ChargeCategory', 'BilledCost', 'ConsumedQuantity']) assert.ok(error.includes(column), error);
  assert.match(error, /unchanged/);
  assert.equal(await text(page, 'total-cost'), total);
  assert.equal(await page.getByTestId('focus-actuals').count(), 0);
  // An empty file and a binary one are refused the same way.
  assert.match(await refused(page, { name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.alloc(0) }, /empty/), /unchanged/);
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13]);
  assert.match(await refused(page, { name: 'image.csv', mimeType: 'text/csv', buffer: png }, /not a text file/), /unchanged/);
  assert.equal(await text(page, 'total-cost'), total);
  await closeClean(page);
});

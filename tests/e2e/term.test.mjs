// During the term (issue 47): the bill so far placed on the course's weeks, the forecast, the
// week the budget runs out, the status paragraph copied and exported, and Apply as one
// undoable step with the confirmation of a large change. The official FOCUS 1.0 sample
// (tests/fixtures/focus/README.md) as published, and bills generated here with figures derived
// by hand.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import { changed, closeClean, openCalculator, openFold, parseCsv, showChart, showView, start, stop, text, WAIT, wholeDollars } from './support.mjs';

let env;
before(async () => {
  env = await start();
});
after(() => stop(env));

const SAMPLE = readFileSync(new URL('../fixtures/focus/focus-1.0-sample.csv', import.meta.url));
const HEADER = ['ChargeCategory', 'ChargePeriodStart', 'ChargePeriodEnd', 'BilledCost', 'EffectiveCost', 'BillingCurrency',
  'ConsumedQuantity', 'ConsumedUnit', 'ServiceName', 'ServiceCategory', 'x_UsageType', 'ProviderName', 'Tags'];

/** Week 1 of the paper's course: 2025-01-21 (the presets count their weeks from it). */
const WEEK1 = Date.UTC(2025, 0, 21);
const DAY = 86_400_000;
const iso = (ms) => new Date(ms).toISOString().slice(0, 10);

/**
 * A course bill of the term's days `from` to `to` (0 = 2025-01-21): each day `smallHours` of
 * t3.small (AWS's stand-in for the course's small VMs) for $60 and `mediumHours` of t3.medium
 * for $40, tagged with the lab of the week ("1" in weeks 1-2, "2" after).
 */
function courseBill(from, to, smallHours = 2_000, mediumHours = 787) {
  const lines = [HEADER.join(',')];
  for (let day = from; day < to; day++) {
    const [start, end] = [iso(WEEK1 + day * DAY), iso(WEEK1 + (day + 1) * DAY)];
    const tags = `"{""course-lab"":""${day < 14 ? 1 : 2}""}"`;
    for (const [sku, hours, cost] of [['t3.small', smallHours, 60], ['t3.medium', mediumHours, 40]]) {
      lines.push(['Usage', `${start}T00:00:00Z`, `${end}T00:00:00Z`, cost, cost, 'USD', hours, 'Hours',
        'Amazon Elastic Compute Cloud', 'Compute', `USE1-BoxUsage:${sku}`, 'AWS', tags].join(','));
    }
  }
  return { name: `bill-${from}-${to}.csv`, mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\n')}\n`) };
}

async function openTerm(page, files) {
  await showView(page, 'plan');
  await openFold(page, 'term');
  await page.getByTestId('term-files').setInputFiles(files);
}

/** The weeks' table twin: per week, [planned, billed, forecast] as numbers. */
async function weekRows(page) {
  // The chart's table twin (under the chart, folded or not).
  const table = page.locator('[aria-label^="Spend per week of the term"][aria-label$="(table)"]');
  const rows = await table.locator('tbody tr').evaluateAll((trs) =>
    trs.map((tr) => [tr.querySelector('th').textContent.trim(), ...[...tr.querySelectorAll('td')].map((td) => td.textContent.trim())]));
  return rows.map(([week, ...cells]) => [week, ...cells.map((c) => Number(c.replace(/[^0-9.\-]/g, '')))]);
}

test('a generated bill of weeks 1-6: placed weeks, chart and table, forecast, runs-out week, status copied and exported', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(env.server.url).origin });
  const page = await openCalculator(context, env.server.url);
  await openTerm(page, courseBill(0, 42));
  await page.getByTestId('term-summary').waitFor({ timeout: WAIT });
  // $100 a day for 42 days, all in the term.
  assert.equal(await text(page, 'term-as-of'), 'week 6 of 16');
  assert.equal(await text(page, 'term-spent'), wholeDollars(4_200));
  assert.equal(await page.getByTestId('term-outside').count(), 0);
  // The straight line: $100 a day over the term's 112 days.
  assert.equal(await text(page, 'term-trend'), wholeDollars(11_200));
  await showChart(page, 'chart-term-weeks');
  const rows = await weekRows(page);
  assert.equal(rows.length, 16);
  for (const [week, , billed, forecast] of rows.slice(0, 6)) {
    assert.equal(billed, 700, week);
    assert.equal(forecast, 0, week);
  }
  for (const [week, , billed] of rows.slice(6)) assert.equal(billed, 0, week);
  // The forecast is what was billed plus each remaining week's forecast.
  const forecastTotal = rows.reduce((sum, [, , billed, forecast]) => sum + billed + forecast, 0);
  const shown = Number((await text(page, 'term-forecast')).replace(/[^0-9.]/g, ''));
  assert.ok(Math.abs(shown - forecastTotal) <= 16, `${shown} vs ${forecastTotal}`);
  // The labs by tag: lab 1 billed $100 a day in its 14 days.
  assert.match(await page.getByTestId('term-labs').textContent(), /1\$1,400/);
  // A budget halfway through the first forecast week from week 9 that spends: it runs out in it.
  const cumulative = [];
  rows.reduce((sum, [, , billed, forecast], i) => (cumulative[i] = sum + billed + forecast), 0);
  const at = rows.findIndex(([, , , forecast], i) => i >= 8 && forecast > 100);
  const budget = Math.round((cumulative[at - 1] + cumulative[at]) / 2);
  await showView(page, 'plan');
  await openFold(page, 'spread');
  const before = await text(page, 'term-runs-out');
  await page.getByTestId('budget-input').fill(String(budget));
  const runsOut = await changed(page, 'term-runs-out', before);
  assert.ok(runsOut.includes(`budget of ${wholeDollars(budget)}`), runsOut);
  assert.ok(runsOut.includes(`runs out in week ${at + 1} of 16`), runsOut);
  // The trend: $700 a week crosses the budget in the week its days pass it.
  const trendWeek = Math.floor(budget / 700) + 1;
  const trend = await text(page, 'term-trend-runs-out');
  assert.ok(trend.includes(trendWeek <= 16 ? `runs out in week ${trendWeek} of 16` : 'lasts the whole term'), trend);
  // The levers, each with its saving on the remaining weeks.
  assert.ok((await page.getByTestId('term-levers').locator('li').count()) >= 2);
  // The status paragraph: copied, in the Markdown export, printed.
  await page.getByTestId('term-copy').click();
  await page.getByTestId('term-copied').waitFor();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.ok(copied.startsWith(`As of week 6: ${wholeDollars(4_200)} spent of `), copied);
  assert.ok(copied.includes(`; forecast for the term ${await text(page, 'term-forecast')} (`), copied);
  assert.ok(copied.includes(`the budget of ${wholeDollars(budget)} lasts to week ${at + 1} of 16.`), copied);
  assert.match(copied, / Scenario: http:\/\/[^ ]+#.*s=/);
  assert.equal(copied, await text(page, 'term-status'));
  await showView(page, 'share');
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-markdown').click()]);
  const md = await readFile(await file.path(), 'utf8');
  assert.ok(md.includes('## During the term'), md.slice(-600));
  assert.ok(md.includes(copied.slice(0, copied.indexOf(' Scenario:'))), md.slice(-600));
  await page.emulateMedia({ media: 'print' });
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  await page.getByTestId('print-term-status').waitFor();
  assert.ok((await text(page, 'print-term-status')).includes('As of week 6'));
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await page.emulateMedia({ media: 'screen' });
  await closeClean(page);
});

test('two files opened together read as one, and Apply is one undoable step after the confirmation', async () => {
  const page = await openCalculator(env.browser, env.server.url);
  await openTerm(page, [courseBill(0, 21), courseBill(21, 42)]);
  await page.getByTestId('term-summary').waitFor({ timeout: WAIT });
  assert.equal(await text(page, 'term-files-read'), 'Read: bill-0-21.csv, bill-21-42.csv.');
  assert.equal(await text(page, 'term-spent'), wholeDollars(4_200));
  assert.equal(await text(page, 'term-as-of'), 'week 6 of 16');
  // 2,000 t3.small hours a day is far more than the plan's small VMs: more than tenfold waits.
  const warning = await text(page, 'term-warning');
  assert.match(warning, /more than 10-fold/);
  const apply = page.getByTestId('term-apply');
  assert.equal(await apply.isDisabled(), true);
  const total = await text(page, 'total-cost');
  await page.getByTestId('term-confirm').check();
  await page.waitForFunction(() => !document.querySelector('[data-testid="term-apply"]').disabled);
  await apply.click();
  const after = await changed(page, 'total-cost', total);
  assert.notEqual(after, total);
  // One step: one Undo brings the plan back.
  await page.getByTestId('undo').click();
  await changed(page, 'total-cost', after);
  assert.equal(await text(page, 'total-cost'), total);
  await closeClean(page);
});

test('the official FOCUS 1.0 sample: outside the paper term, then placed from its own month', async () => {
  const page = await openCalculator(env.browser, env.server.url);
  await openTerm(page, { name: 'focus_sample.csv', mimeType: 'text/csv', buffer: SAMPLE });
  const outside = await page.getByTestId('term-outside').textContent({ timeout: WAIT });
  assert.match(outside, /^None of the bill's charges \(2024-09-01 to 2024-10-01\) fall in the term \(2025-01-21 to 2025-05-12, 16 weeks\)/);
  // Week 1 from 2024-09-01: the sample's September falls in weeks 1-5; by hand, the BilledCost
  // of its rows.
  const rows = parseCsv(SAMPLE.toString('utf8'));
  const [billed, from] = ['BilledCost', 'ChargePeriodStart'].map((c) => rows[0].indexOf(c));
  const sum = rows.slice(1).filter((r) => r[from]?.startsWith('2024-09')).reduce((s, r) => s + (Number(r[billed]) || 0), 0);
  await page.getByTestId('term-start-input').fill('2024-09-01');
  await page.waitForFunction(() => document.querySelector('[data-testid="term-as-of"]')?.textContent.trim() === 'week 5 of 16', null, { timeout: WAIT });
  assert.equal(await text(page, 'term-spent'), wholeDollars(sum));
  assert.equal(await page.getByTestId('term-outside').count(), 0);
  await closeClean(page);
});

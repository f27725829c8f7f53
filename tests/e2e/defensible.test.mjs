// Numbers an instructor can defend (issue 18, items 2 and 3): the tornado's chart draws each
// label on its own bar at desktop and phone widths (the order read back from the drawing is the
// table twin's), and the reserved pool shows its assumed node counts' range and warns when hours
// are moved onto one node type.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { PAPER, WAIT, openCalculator, openFold, showView, text, start, stop, closeClean, centsDollars, atPaperPrices } from './support.mjs';

let server;
let browser;

before(async () => ({ server, browser } = await start()));
after(() => stop({ server, browser }));

/** The tornado table twin's row labels, top to bottom. */
async function tableOrder(page) {
  return page.getByTestId('tornado-table').locator('tbody th').evaluateAll((ths) => ths.map((th) => th.textContent.trim()));
}

/** The labels the chart drew on its bars, top to bottom (its data-rows, read back from the pixels). */
async function drawnOrder(page) {
  const canvas = page.getByTestId('tornado-chart');
  await page.waitForFunction(() => document.querySelector('[data-testid="tornado-chart"]')?.dataset.rows, null, { timeout: WAIT });
  return (await canvas.getAttribute('data-rows')).split('|');
}

for (const [name, options] of [
  ['desktop', { viewport: { width: 1280, height: 900 } }],
  ['a 360 px phone', { viewport: { width: 360, height: 800 }, deviceScaleFactor: 3 }],
]) {
  test(`on ${name} each tornado label is drawn on its own bar, in the table's order`, async () => {
    const page = await openCalculator(browser, server.url, options);
    await showView(page, 'plan');
    await page.getByTestId('tornado-table').waitFor({ state: 'attached' });
    const table = await tableOrder(page);
    assert.ok(table.length >= 10, `${table.length} rows`);
    assert.equal(new Set(table).size, table.length, 'one row per assumption');
    const drawn = await drawnOrder(page);
    assert.deepEqual(drawn, table);
    const width = await page.getByTestId('tornado-chart').evaluate((canvas) => canvas.getBoundingClientRect().width);
    assert.ok(width <= options.viewport.width, `the chart fits the window: ${width}`);
    await closeClean(page);
  });
}

test('the pool shows its assumed node counts\' range, and hours moved onto one type warn', async () => {
  const page = await openCalculator(browser, server.url);
  // The audited figures are at the paper's semester prices.
  await atPaperPrices(page);
  assert.equal(await page.getByTestId('capacity-warning').count(), 0);
  await showView(page, 'course');
  await openFold(page, 'capacity');
  const range = await text(page, 'pool-range');
  // The numbers audit: the fixture's per-student totals at 2, 3, 4, 8 nodes each.
  const cases = PAPER.default_scenario.pool_per_student_usd.cases;
  // Amounts per student, to the cent (issue 36).
  const audited = cases.map(([nodes, usd]) => `${centsDollars(usd)} at ${nodes} each`).join('; ');
  assert.ok(range.includes(audited), `${range} holds ${audited}`);
  // The 4x A100 node supplies 24 days x 24 h = 576 node-hours, every other node 19 x 24 = 456:
  // G node-hours (the paper's project GPU hours) need it and (G - 576) / 456 = 10.7, so 11 more: 12 nodes.
  assert.match(range, /at least 12 nodes/, range);
  assert.equal(await page.getByTestId('pool-range').getAttribute('data-provenance'), 'assumed');
  const counts = page.getByTestId('capacity-editor').locator('tbody tr').filter({ hasText: 'RTX 6000' });
  assert.equal(await counts.locator('[data-provenance]').first().getAttribute('data-provenance'), 'assumed');

  // Move the RTX 6000's share of the pool onto the one 4x A100 node: a third of G node-hours
  // against its 576, while the pool as a whole could still supply them.
  await openFold(page, 'pool-1');
  await page.getByLabel('Project resource 2, pool member 1: type').selectOption('gpu_a100_pcie');
  await page.getByTestId('capacity-warning').waitFor();
  assert.match(await text(page, 'capacity-warning'), /./);
  await closeClean(page);
});

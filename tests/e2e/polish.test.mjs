// Issue 19, instructor polish: stand-in lists per provider, a CSV a budget office can open, the
// scenario's name on the page, an A/B that lists the inputs that differ, no half-typed results,
// messages that say what happened, a phone that works, charts that follow the page's theme, and
// resources named in the instructor's words first.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import {
  WAIT, changed, closeClean, enterStudents, linkInAddressBar, openCalculator, openFold, parse, parseCsv, showChart,
  showView, start, stop, text, watchProblems,
} from './support.mjs';

let server;
let browser;

before(async () => ({ server, browser } = await start()));
after(() => stop({ server, browser }));

const VIEWS = ['course', 'prices', 'results', 'plan', 'share'];

/** Clicks the button `testid` and resolves to the text of the file it downloads. */
async function download(page, testid) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testid).click()]);
  assert.equal(await file.failure(), null);
  return readFile(await file.path(), 'utf8');
}

/** What one instance costs per hour in an option's text ("... = $14.69/h, ..." or "at $0.02/h"). */
function optionPrice(option) {
  const match = option.match(/= \$([\d,.]+)\/h/) ?? option.match(/ at \$([\d,.]+)\/h/);
  assert.ok(match, `a price per hour in "${option}"`);
  return Number(match[1].replace(/,/g, ''));
}

test('on AWS the A100 list holds AWS offers only, cheapest first; show all warns; another provider is named', async () => {
  const page = await openCalculator(browser, server.url);
  await showView(page, 'prices');
  assert.equal(await page.getByTestId('provider-select').inputValue(), 'aws');
  const select = page.getByTestId('choice-gpu_a100_pcie');
  const values = await select.locator('option').evaluateAll((els) => els.map((el) => el.value));
  const texts = await select.locator('option').allTextContents();
  assert.ok(values.length >= 2, `options: ${values}`);
  for (const value of values) assert.match(value, /^aws\//, `${value} is an AWS offer`);
  const prices = texts.map(optionPrice);
  for (let i = 1; i < prices.length; i++) assert.ok(prices[i - 1] <= prices[i], `ascending: ${prices}`);
  // "4 x a2-highgpu-1g (1x A100 40 GB, 12 vCPU, 85 GB) at $3.67 = $14.69/h, as of ...": hardware,
  // price and date.
  for (const option of texts) {
    assert.match(option, /\(\d+x [^)]*\) at \$[\d,.]+(\/h| = \$[\d,.]+\/h), (as of .+|undated)$/, option);
    const fraction = option.match(/^([\d.]+) x .* at \$([\d,.]+) = \$([\d,.]+)\/h/);
    if (fraction) {
      const [, n, each, total] = fraction.map((x) => Number(String(x).replace(/,/g, '')));
      assert.ok(Math.abs(n * each - total) <= 0.011, `${n} x ${each} = ${total}`);
    }
  }

  // Show all: a warning, other providers' offers, and a filter box on the long list.
  await page.getByTestId('show-all-offers').check();
  await page.getByTestId('show-all-warning').waitFor();
  await page.waitForFunction(
    () => [...document.querySelectorAll('[data-testid="choice-gpu_a100_pcie"] option')].some((o) => o.value.startsWith('runpod/')),
    null,
    { timeout: WAIT },
  );
  const filter = page.getByTestId('offer-filter');
  await filter.fill('H100');
  await page.waitForFunction(
    () => [...document.querySelectorAll('[data-testid="choice-gpu_a100_pcie"] option')].every((o) => o.selected || /H100/i.test(o.textContent)),
    null,
    { timeout: WAIT },
  );
  await filter.fill('');
  const runpod = await select.locator('option[value^="runpod/"]').first().getAttribute('value');
  const before = await text(page, 'total-cost');
  await select.selectOption(runpod);
  await changed(page, 'total-cost', before);
  await page.getByTestId('stand-in-other-provider').waitFor();
  assert.match(await text(page, 'summary-pricing'), /AWS us-east-1 and RunPod/);
  await showView(page, 'results');
  assert.match(await text(page, 'pricing-line'), /^AWS us-east-1 \(US East, N\. Virginia\), on demand, .*; also RunPod/);
  await closeClean(page);
});

test('the CSV names the scenario, rounds every figure and has a total row equal to the total', async () => {
  const page = await openCalculator(browser, server.url);
  const title = 'ML Systems, Fall 2026';
  await page.getByTestId('scenario-title').fill(title);
  const total = await enterStudents(page, 75);
  await showView(page, 'share');
  const rows = parseCsv(await download(page, 'export-csv'));
  // The header in row one, the scenario's name, date and link after the table (issue 36).
  const about = (label) => rows.find((row) => row[0] === label);
  assert.deepEqual(about('Scenario'), ['Scenario', title]);
  assert.match(about('Exported on')[1], /^\d{4}-\d{2}-\d{2}$/);
  assert.ok(about('Link that reproduces it')[1].startsWith(server.url), about('Link that reproduces it')[1]);
  const headerAt = 0;
  const header = rows[headerAt];
  assert.equal(header[0], 'Part');
  for (const column of ['Resource', 'Testbed id', 'Cost', 'Currency', 'Planned hours per unit (h)', 'Price source']) {
    assert.ok(header.includes(column), `${column} in ${header}`);
  }
  const lines = rows.slice(headerAt + 1).filter((row) => row[0] === 'Lab' || row[0] === 'Group project');
  assert.ok(lines.length >= 9);
  const source = header.indexOf('Price source');
  const testbed = header.indexOf('Testbed id');
  for (const row of lines) {
    // "Amazon S3" is a product, not a source id.
    assert.ok(!row[source].replace(/Amazon S3\b/g, 'Amazon').split(/[ ,;]+/).some((word) => /^S\d+$/.test(word)), `no bare source code: ${row[source]}`);
    assert.match(row[testbed], /^[a-z0-9_.]+$/, row[testbed]);
    assert.notEqual(row[header.indexOf('Resource')], row[testbed]);
  }
  // Money to the cent (prices and billed hours at full precision: tests/e2e/locale.test.mjs).
  for (const row of lines) assert.match(row[header.indexOf('Cost')], /^-?\d+(\.\d{1,2})?$/);
  const totalRow = rows.find((row) => row[0] === 'Total (what the course pays)');
  assert.ok(totalRow, 'a total row');
  assert.equal(Math.round(Number(totalRow[header.indexOf('Cost')])), parse(total));
  await closeClean(page);
});

test('a typed title shows in the summary bar, the headline and the print header', async () => {
  const page = await openCalculator(browser, server.url);
  const title = 'Operational ML, Spring 2027, 60 students';
  const field = page.getByTestId('scenario-title');
  await field.fill(title);
  await page.getByTestId('summary-title').waitFor();
  assert.equal(await text(page, 'summary-title'), title);
  assert.ok(await page.getByTestId('summary-title').isVisible());
  // The field is wide enough to show the whole name.
  assert.ok(await field.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), 'the title fits its field');
  await showView(page, 'results');
  assert.equal(await text(page, 'headline-name'), title);
  await page.emulateMedia({ media: 'print' });
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  await page.getByTestId('print-title').waitFor({ state: 'attached' });
  assert.equal(await text(page, 'print-title'), `Budget justification: ${title}`);
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await closeClean(page);
});

test('A/B lists the inputs that differ, and its fold stays open across views', async () => {
  const page = await openCalculator(browser, server.url);
  await showView(page, 'plan');
  await openFold(page, 'compare');
  await page.getByTestId('pin-a').click();
  await page.getByTestId('compare-inputs').waitFor();
  await showView(page, 'course');
  await enterStudents(page, 100);
  await showView(page, 'prices');
  const before = await text(page, 'total-cost');
  await page.getByTestId('provider-select').selectOption('gcp');
  await changed(page, 'total-cost', before);
  await showView(page, 'plan');
  const toggle = page.getByTestId('fold-compare').locator(':scope > button');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true', 'the fold kept its state');
  const rows = await page.getByTestId('compare-inputs').locator('tbody tr').evaluateAll((trs) =>
    trs.map((tr) => [...tr.children].map((cell) => cell.textContent.trim())));
  assert.deepEqual(rows.find((r) => r[0] === 'Students'), ['Students', '191', '100']);
  assert.deepEqual(rows.find((r) => r[0] === 'Provider'), ['Provider', 'AWS', 'Google Cloud']);
  assert.ok(await page.getByTestId('compare-table').isVisible(), 'the results that differ beside them');
  await closeClean(page);
});

test('typing "1e-300" over 75 students leaves the 75-student total, and the field says so', async () => {
  const page = await openCalculator(browser, server.url);
  const total75 = await enterStudents(page, 75);
  const field = page.getByTestId('students-input');
  await field.blur();
  await field.selectText();
  // Key by key: "1" alone would be a valid (and very different) course.
  await field.pressSequentially('1e-300');
  await page.getByTestId('field-error').waitFor();
  assert.equal(await field.inputValue(), '1e-300');
  assert.equal(await text(page, 'total-cost'), total75);
  assert.match(await text(page, 'field-error'), /The results use 75 students, the value from before this edit/);
  await closeClean(page);
});

test('reset, restore and spot pricing say what happened', async () => {
  const page = await openCalculator(browser, server.url);
  await enterStudents(page, 60);
  await showView(page, 'share');
  await page.getByTestId('reset-scenario').click();
  await page.getByTestId('draft-notice').waitFor();
  const notice = await text(page, 'draft-notice');
  assert.match(notice, /You loaded/);
  assert.doesNotMatch(notice, /shared link/);
  await page.getByTestId('restore-draft').click();
  await page.getByTestId('restored-notice').waitFor();
  assert.equal(await page.getByTestId('students-input').count() ? await page.getByTestId('students-input').inputValue() : '60', '60');

  await showView(page, 'prices');
  const before = await text(page, 'total-cost');
  await page.getByTestId('provider-select').selectOption('gcp');
  const onDemand = await changed(page, 'total-cost', before);
  await page.getByTestId('model-spot').check();
  await changed(page, 'total-cost', onDemand);
  const note = await text(page, 'provider-note');
  assert.match(note, /Priced now: spot/);
  assert.doesNotMatch(note, /on-demand list prices/);
  await showView(page, 'results');
  assert.match(await text(page, 'pricing-line'), /^Google Cloud us-central1 \(Iowa, US\), spot/);
  await closeClean(page);
});

/** Visible controls smaller than 24 x 24 CSS px, described. */
function smallControls() {
  const controls = document.querySelectorAll(
    'button, input:not([type="hidden"]), select, textarea, summary, label:has(> input[type="checkbox"]), label:has(> input[type="radio"])',
  );
  const small = [];
  for (const el of controls) {
    if (el.closest('.visually-hidden')) continue;
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
    if (box.width < 23.5 || box.height < 23.5) {
      small.push(`${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ''}.${el.className} "${(el.textContent || el.value || el.getAttribute('aria-label') || '').trim().slice(0, 30)}" ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
  }
  return small;
}

/** Opens every fold and disclosure of the current view. */
async function openEverything(page) {
  const folds = await page.locator('[data-testid^="fold-"]').evaluateAll((els) => els.map((el) => el.dataset.testid));
  for (const fold of folds) await openFold(page, fold.slice('fold-'.length));
  await page.evaluate(async () => {
    for (const details of document.querySelectorAll('details')) details.open = true;
    await new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 0)));
  });
}

test('at 360x740 every visible control is at least 24 px, no view is wider than the screen, tables scroll in labelled regions', async (t) => {
  const page = await openCalculator(browser, server.url, { viewport: { width: 360, height: 740 } });
  // The Students field is on the first screen of the Course view.
  const students = await page.getByTestId('students-input').boundingBox();
  assert.ok(students && students.y + students.height <= 740, `students field at ${JSON.stringify(students)}`);
  for (const view of VIEWS) {
    await showView(page, view);
    await openEverything(page);
    const small = await page.evaluate(smallControls);
    assert.deepEqual(small, [], `${view}: controls under 24 px`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 360, `${view} is ${width} px wide`);
    const regions = await page.locator('.table-scroll').evaluateAll((els) => els
      .filter((el) => el.getBoundingClientRect().width > 0)
      .map((el) => ({
        ok: el.getAttribute('role') === 'region' && !!el.getAttribute('aria-label') && el.tabIndex === 0,
        fits: el.getBoundingClientRect().right <= window.innerWidth + 0.5,
        label: el.getAttribute('aria-label'),
      })));
    for (const region of regions) {
      assert.ok(region.ok, `${view}: a scrolling table without a labelled region (${region.label})`);
      assert.ok(region.fits, `${view}: region ${region.label} is wider than the screen`);
    }
    const narrow = await page.locator('table input[type="text"]').evaluateAll((els) => els
      .filter((el) => el.getBoundingClientRect().width > 0 && el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${el.getAttribute('aria-label') ?? el.id}: "${el.value}" in ${el.clientWidth} px`));
    assert.deepEqual(narrow, [], `${view}: inputs narrower than their value`);
  }
  // Scrolled down, the summary bar compacts to at most a fifth of the screen.
  await showView(page, 'course');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForFunction(() => document.querySelector('[data-testid="summary-bar"]').classList.contains('compact'), null, { timeout: WAIT });
  const bar = await page.getByTestId('summary-bar').boundingBox();
  assert.ok(bar.height <= 740 / 5, `summary bar ${bar.height} px high`);
  t.diagnostic(`compact summary bar: ${Math.round(bar.height)} px`);
  await closeClean(page);
});

test('view heights at 1280x800 and 360x740', async (t) => {
  for (const [width, height] of [[1280, 800], [360, 740]]) {
    const page = await openCalculator(browser, server.url, { viewport: { width, height } });
    const heights = {};
    for (const view of VIEWS) {
      await showView(page, view);
      heights[view] = await page.evaluate(() => document.documentElement.scrollHeight);
    }
    t.diagnostic(`${width}x${height}: ${JSON.stringify(heights)}`);
    for (const [view, tall] of Object.entries(heights)) assert.ok(tall > 0, view);
    await closeClean(page);
  }
});

test('an embed with theme=dark draws dark charts on a light system, names the scenario, and its tables fit its width', async () => {
  // A titled scenario's link, embedded.
  const full = await openCalculator(browser, server.url);
  const title = 'ML Systems, Fall 2026';
  await full.getByTestId('scenario-title').fill(title);
  const { hash } = await linkInAddressBar(full, (data) => JSON.stringify(data).includes(title));
  await closeClean(full);
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, colorScheme: 'light' });
  const page = await context.newPage();
  watchProblems(page);
  page.setDefaultTimeout(WAIT);
  await page.goto(`${server.url}?embed=1&theme=dark${hash}`);
  await page.getByTestId('headline-total').waitFor();
  assert.equal(await text(page, 'embed-title'), `${title}: what it costs in cloud compute`);
  const canvas = await showChart(page, 'chart-cost-by-lab');
  const [r, g, b] = await canvas.evaluate((el) => [...el.getContext('2d').getImageData(2, 2, 1, 1).data]);
  const panel = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--panel').trim());
  // style.css's dark --panel, #16181d, as the browser computes a registered colour.
  assert.equal(panel, 'rgb(22, 24, 29)', 'the page is dark');
  assert.ok(0.2126 * r + 0.7152 * g + 0.0722 * b < 80, `chart background rgb(${r}, ${g}, ${b}) is dark`);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 360, `embed is ${width} px wide`);
  const clipped = await page.locator('.table-scroll').evaluateAll((els) =>
    els.filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5).length);
  assert.equal(clipped, 0, 'every table region fits the embed');
  await closeClean(page);
  await context.close();
});

test('resources are named in the instructor\'s words first, the testbed name beside', async () => {
  const page = await openCalculator(browser, server.url);
  await showView(page, 'prices');
  const row = page.getByTestId('choice-gpu_a100_pcie').locator('xpath=ancestor::tr');
  const heading = (await row.locator('th').textContent()).trim();
  assert.match(heading, /^A100 GPU node \(4x A100 80 GB\) gpu_a100_pcie/);
  await showView(page, 'course');
  const option = (await page.locator('table.uses select option[value="m1.small"]').first().textContent()).trim();
  assert.equal(option, 'Small VM (1 vCPU, 2 GB) · m1.small');
  await showView(page, 'results');
  await page.getByTestId('breakdown-table').locator('tbody button[aria-expanded="false"]').first().click();
  const math = (await page.locator('.math-row').first().textContent()).trim();
  assert.match(math, /Small VM \(1 vCPU, 2 GB\) · m1\.small on AWS t3\.small: /);
  await closeClean(page);
});

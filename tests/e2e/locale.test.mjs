// Issue 36, items 1, 2 and 6: money and numbers in the reader's locale (Chromium run with
// playwright's `locale`, every expected string written by the browser's own Intl.NumberFormat
// from figures derived here, so the real no-break spaces are compared); prices that move (a GPU
// change of +10% raises the GPU part by a tenth, is the reader's own and travels in the link);
// the CSV with its header in row one and price x quantity = cost on every line.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import {
  WAIT, changed, closeClean, expected, watchProblems, linkInAddressBar, openCalculator, openFold, parseCsv, payloadStudents, reported,
  showView, shows, text, useApp, today,
} from './support.mjs';

const app = useApp();

/** The EUR rate per US dollar of a price snapshot, read from the data file the app bakes in. */
async function eurPerUsd(snapshot) {
  const toml = await readFile(new URL('../../src/data/exchange-rates.toml', import.meta.url), 'utf8');
  const table = toml.split('[[tables]]').find((block) => block.includes(`snapshot = "${snapshot}"`));
  const rate = table?.match(/currency = "EUR", per_eur = [\d.]+, per_usd = ([\d.]+)/)?.[1];
  assert.ok(rate, `an EUR rate for ${snapshot}`);
  return Number(rate);
}

/** `value` as the reader's browser writes it in `currency`, with `digits` decimals. */
function intl(locale, currency, digits, value) {
  return new Intl.NumberFormat(locale, {
    style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits,
  }).format(value);
}

/** Downloads what the button `testid` saves, as text. */
async function download(page, testid) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testid).click()]);
  assert.equal(await file.failure(), null, testid);
  return readFile(await file.path(), 'utf8');
}

/** Chooses `code` as the scenario's currency (Prices view) and waits for the total to change. */
async function chooseCurrency(page, code, symbol) {
  await showView(page, 'prices');
  const currency = page.getByTestId('currency-input');
  await currency.fill(code);
  await currency.blur();
  await page.waitForFunction(
    (sign) => document.querySelector('[data-testid="total-cost"]')?.textContent.includes(sign),
    symbol,
    { timeout: WAIT },
  );
}

// The paper's course at the newest prices: its total by hand (tests/fixtures/paper.json), 191 students.
const totalUsd = today('total_usd');
const students = reported('students');

test('in a German browser with euros the summary writes "€" after the amount with a decimal comma', async () => {
  const page = await openCalculator(app.browser, app.server.url, { locale: 'de-DE' });
  // Dollars first, as a German reader's browser writes them.
  await shows(page, 'total-cost', intl('de-DE', 'USD', 0, totalUsd));
  // The default opens on the newest prices (issue 43): their exchange-rate table.
  const rate = await eurPerUsd('catalogs');
  await chooseCurrency(page, 'EUR', '€');
  const total = intl('de-DE', 'EUR', 0, totalUsd * rate);
  const perStudent = intl('de-DE', 'EUR', 2, (totalUsd / students) * rate);
  assert.equal(await text(page, 'total-cost'), total);
  assert.match(total, /^\d{1,3}(\.\d{3})*\u00a0€$/, 'the real no-break space before €');
  assert.equal(await text(page, 'cost-per-student'), perStudent);
  assert.match(perStudent, /^\d+,\d{2}\u00a0€$/);
  // The credit hint: the providers' round figures in euros (Google's $50, Azure's $100).
  const hint = page.locator('.field', { has: page.getByTestId('credit-input') }).locator('.field-hint');
  const hintText = await hint.textContent();
  assert.ok(hintText.includes(intl('de-DE', 'EUR', 0, 50 * rate)), hintText);
  assert.ok(hintText.includes(intl('de-DE', 'EUR', 0, 100 * rate)), hintText);
  assert.ok(!hintText.includes('$'), hintText);

  // The printed page: the Results view the page shows on `beforeprint`, in the same locale.
  await page.emulateMedia({ media: 'print' });
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  await page.getByTestId('headline-total').waitFor();
  assert.equal(await text(page, 'headline-total'), total);
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await page.emulateMedia({ media: 'screen' });

  // Markdown in the reader's locale; CSV and JSON in machine numbers, the currency a column.
  await showView(page, 'share');
  const md = await download(page, 'export-markdown');
  assert.ok(md.includes(`**Total: ${total}** (${perStudent} per student)`), md.slice(0, 500));
  const rows = parseCsv(await download(page, 'export-csv'));
  const header = rows[0];
  assert.equal(header[0], 'Part', 'the header is row one');
  const totalRow = rows.find((row) => row[0] === 'Total (what the course pays)');
  assert.equal(totalRow[header.indexOf('Currency')], 'EUR');
  const cost = totalRow[header.indexOf('Cost')];
  assert.match(cost, /^\d+\.\d{2}$/, 'a plain number with a point');
  assert.ok(Math.abs(Number(cost) - totalUsd * rate) < 0.01, `${cost} vs ${totalUsd * rate}`);
  const json = JSON.parse(await download(page, 'export-json'));
  assert.equal(typeof json.results.totals.net_usd, 'number');
  assert.equal(json.scenario.pricing.currency, 'EUR');

  // A field shows its number as the figures beside it are written, and reads it back: the
  // arrow key from 999 students gives "1.000" in German, read as 1,000 students, not as one.
  await showView(page, 'course');
  const field = page.getByTestId('students-input');
  await field.fill('999');
  await field.blur();
  await linkInAddressBar(page, (d) => payloadStudents(d) === 999);
  const before = await text(page, 'total-cost');
  await field.focus();
  await page.keyboard.press('ArrowUp');
  await changed(page, 'total-cost', before);
  await linkInAddressBar(page, (d) => payloadStudents(d) === 1000);
  await page.waitForFunction(() => document.querySelector('[data-testid="students-input"]').value === '1.000');
  await closeClean(page);
});

test('in American English nothing changes: dollars whole, cents per student', async () => {
  const page = await openCalculator(app.browser, app.server.url, { locale: 'en-US' });
  const total = intl('en-US', 'USD', 0, totalUsd);
  assert.equal(total, `$${Math.round(totalUsd).toLocaleString('en-US')}`);
  assert.equal(await text(page, 'total-cost'), total);
  assert.equal(await text(page, 'cost-per-student'), intl('en-US', 'USD', 2, totalUsd / students));
  await closeClean(page);
});

/** Every currency of a price snapshot's exchange-rate table, with its rate per US dollar. */
async function ratesOf(snapshot) {
  const toml = await readFile(new URL('../../src/data/exchange-rates.toml', import.meta.url), 'utf8');
  const table = toml.split('[[tables]]').find((block) => block.includes(`snapshot = "${snapshot}"`));
  const rates = [...(table ?? '').matchAll(/currency = "([A-Z]{3})", per_eur = [\d.]+, per_usd = ([\d.]+)/g)]
    .map(([, code, rate]) => [code, Number(rate)]);
  assert.ok(rates.length > 1, `rates for ${snapshot}`);
  return rates;
}

// An American English reader's figures are the core's own style (src/browser/locale.rs makes no
// Intl.NumberFormat for them: a page's first one costs a slow phone about 100 ms before the first
// figures). Each currency with a rate, in the style Chromium's own Intl.NumberFormat('en-US')
// writes it, asked in the page.
test('an American English reader gets every currency as the browser writes it, with no formatter made at the start', async () => {
  const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  await context.addInitScript(() => {
    window.__formatters = 0;
    const Original = Intl.NumberFormat;
    Intl.NumberFormat = new Proxy(Original, {
      construct(target, args) { window.__formatters++; return Reflect.construct(target, args); },
      apply(target, self, args) { window.__formatters++; return Reflect.apply(target, self, args); },
    });
  });
  try {
    const page = await openCalculator(context, app.server.url);
    assert.equal(await page.evaluate(() => window.__formatters), 0, 'no Intl.NumberFormat made for an en-US reader');
    for (const [code, rate] of await ratesOf('catalogs')) {
      if (code !== 'USD') {
        await showView(page, 'prices');
        const currency = page.getByTestId('currency-input');
        await currency.fill(code);
        await currency.blur();
      }
      // The figure in this currency: its value near the total converted by hand (within 0.1%,
      // closer than any two rates), its writing exactly Intl's for that value.
      const value = (shown) => Number(shown.replace(/[^\d.]/g, '').replace(/^\.+|\.+$/g, ''));
      const want = totalUsd * rate;
      await page.waitForFunction(
        ([id, goal]) => {
          const shown = document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '';
          const number = Number(shown.replace(/[^\d.]/g, '').replace(/^\.+|\.+$/g, ''));
          return Math.abs(number - goal) <= goal * 0.001;
        },
        ['total-cost', want],
        { timeout: WAIT },
      );
      const total = await text(page, 'total-cost');
      const perStudent = await text(page, 'cost-per-student');
      assert.ok(Math.abs(value(perStudent) - want / students) <= (want / students) * 0.001, `${code}: ${perStudent}`);
      const written = await page.evaluate(([currency, totalIn, perStudentIn]) => {
        const digits = new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits;
        const write = (amount, places) => new Intl.NumberFormat('en-US', {
          style: 'currency', currency, minimumFractionDigits: places, maximumFractionDigits: places,
        }).format(amount);
        return [write(totalIn, 0), write(perStudentIn, digits)];
      }, [code, value(total), value(perStudent)]);
      assert.deepEqual([total, perStudent], written, code);
    }
    await closeClean(page);
  } finally {
    await context.close();
  }
});

test('French and British readers get euros their way', async () => {
  // The default opens on the newest prices (issue 43): their exchange-rate table.
  const rate = await eurPerUsd('catalogs');
  for (const [locale, pattern] of [['fr-FR', /^\d{1,3}(\u202f\d{3})*\u00a0€$/], ['en-GB', /^€\d{1,3}(,\d{3})*$/]]) {
    const page = await openCalculator(app.browser, app.server.url, { locale });
    await chooseCurrency(page, 'EUR', '€');
    const total = intl(locale, 'EUR', 0, totalUsd * rate);
    assert.match(total, pattern, `${locale}: ${total}`);
    assert.equal(await text(page, 'total-cost'), total, locale);
    assert.equal(await text(page, 'cost-per-student'), intl(locale, 'EUR', 2, (totalUsd / students) * rate), locale);
    await closeClean(page);
  }
});

/** The breakdown footer's list price of one category (Results view), as a number of dollars. */
async function listPriceOf(page, category) {
  await showView(page, 'results');
  const table = page.getByTestId('breakdown-table');
  const columns = await table.locator('thead th').allTextContents();
  const at = columns.findIndex((name) => name.trim() === category);
  assert.ok(at > 0, `${category} in ${columns}`);
  const cells = await table.locator('tfoot tr', { hasText: 'Course, list price' }).locator('th, td').allTextContents();
  return Number(cells[at].replace(/[$,]/g, ''));
}

/** Every number field's provenance, by element id. */
async function provenances(page) {
  return page.evaluate(() => Object.fromEntries([...document.querySelectorAll('input[id^="field-"]')]
    .map((input) => [input.id, input.closest('[data-provenance]')?.dataset.provenance ?? null])));
}

test('GPU prices up 10%: the GPU part rises by a tenth, the change is yours and travels in the link', async () => {
  const page = await openCalculator(app.browser, app.server.url, { locale: 'en-US' });
  const gpuBefore = await listPriceOf(page, 'GPU');
  const totalBefore = Number((await text(page, 'total-cost')).replace(/[$,]/g, ''));
  await showView(page, 'prices');
  await openFold(page, 'price-change');
  const marksBefore = await provenances(page);
  const field = page.getByTestId('price-change-gpu');
  const wrapper = page.locator('[data-provenance]', { has: field });
  assert.equal(await wrapper.getAttribute('data-provenance'), 'assumed', 'list prices as published');
  await field.fill('10');
  await field.blur();
  const { url, data } = await linkInAddressBar(page, (d) => d.n?.['pricing.price_change.gpu_pct'] !== undefined);
  assert.equal(Number(data.n['pricing.price_change.gpu_pct']), 10);
  assert.equal(await wrapper.getAttribute('data-provenance'), 'user');
  // Only the change became the reader's: no "how many", count or factor did.
  const marksAfter = await provenances(page);
  const moved = Object.keys(marksAfter).filter((id) => marksAfter[id] !== marksBefore[id]);
  assert.deepEqual(moved, [await field.getAttribute('id')]);
  // By hand: the GPU part times 1 + 10/100; the total rises by a tenth of it (each figure is
  // shown whole, hence a dollar either way).
  const gpuAfter = await listPriceOf(page, 'GPU');
  assert.ok(Math.abs(gpuAfter - gpuBefore * 1.1) <= 1, `${gpuBefore} -> ${gpuAfter}`);
  const totalAfter = Number((await text(page, 'total-cost')).replace(/[$,]/g, ''));
  assert.ok(Math.abs(totalAfter - (totalBefore + gpuBefore / 10)) <= 1.5, `${totalBefore} -> ${totalAfter}`);
  assert.match(await text(page, 'pricing-line'), /list prices moved: GPU \+10%/);
  await closeClean(page);

  // The link opens the same scenario: the change in its field (its fold open, since a change is
  // set), the same total.
  const opened = await openCalculator(app.browser, url, { locale: 'en-US' });
  assert.equal(Number((await text(opened, 'total-cost')).replace(/[$,]/g, '')), totalAfter);
  await showView(opened, 'prices');
  assert.equal(await opened.getByTestId('price-change-gpu').inputValue(), '10');
  await closeClean(opened);
});

test('the CSV opens with its header in row one and price x quantity = cost on every line', async () => {
  const page = await openCalculator(app.browser, app.server.url, { locale: 'de-DE' });
  await page.locator('details', { has: page.getByTestId('scenario-notes') }).locator('summary').click();
  await page.getByTestId('scenario-notes').fill('Budget für das Sommersemester; "Stand März"');
  await page.getByTestId('scenario-notes').blur();
  await showView(page, 'share');
  const rows = parseCsv(await download(page, 'export-csv'));
  const header = rows[0];
  const at = (name) => {
    const i = header.indexOf(name);
    assert.ok(i >= 0, `${name} in ${header}`);
    return i;
  };
  const lines = rows.slice(1).filter((row) => row[0] === 'Lab' || row[0] === 'Group project');
  assert.ok(lines.length >= 9);
  for (const row of lines) {
    const [price, quantity, cost] = [row[at('Price per unit-hour')], row[at('Billed unit-hours (h)')], row[at('Cost')]].map(Number);
    assert.ok(Number.isFinite(price) && Number.isFinite(quantity) && Number.isFinite(cost), row.join(' | '));
    assert.ok(Math.abs(price * quantity - cost) <= 0.005 + 1e-9 * cost, `${price} x ${quantity} = ${price * quantity}, not ${cost}`);
    if (cost > 0) assert.ok(price > 0, `a price on a line that costs ${cost}`);
    assert.match(row[at('Price as of')], /^(\d{4}-\d{2}-\d{2}|undated)$/);
    assert.equal(row[at('Currency')], 'USD');
  }
  const notes = rows.find((row) => row[0] === 'Notes');
  assert.deepEqual(notes, ['Notes', 'Budget für das Sommersemester; "Stand März"']);
  assert.ok(rows.findIndex((row) => row[0] === 'Scenario') > lines.length, 'the scenario after the table');
  await closeClean(page);
});

// Issue 42, item 1: tags that are not BCP 47 (WebKitGTK under LANG=C.UTF-8 reports `C`) made
// Intl.NumberFormat throw at the start, and the page stayed on "Loading the calculator...".
for (const languages of [['C'], ['en_US'], ['en', 'C'], ['C.UTF-8', '', 'de-DE']]) {
  test(`the page and the embed start and compute with navigator.languages ${JSON.stringify(languages)}`, async () => {
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript((list) => {
      Object.defineProperty(Navigator.prototype, 'languages', { get: () => Object.freeze([...list]), configurable: true });
      Object.defineProperty(Navigator.prototype, 'language', { get: () => list[0], configurable: true });
    }, languages);
    try {
      const page = await openCalculator(context, app.server.url);
      assert.deepEqual(await page.evaluate(() => [...navigator.languages]), languages);
      const before = await text(page, 'total-cost');
      await page.getByTestId('students-input').fill('250');
      await changed(page, 'total-cost', before);
      // A valid tag after the invalid ones is the reader's: German figures for the last list.
      if (languages.includes('de-DE')) assert.match(await text(page, 'total-cost'), /^[\d.]+\s\$$/);
      await closeClean(page);

      const embed = await context.newPage();
      watchProblems(embed);
      embed.setDefaultTimeout(WAIT);
      await embed.goto(`${app.server.url}?embed=1&edit=1`);
      await embed.getByTestId('headline-total').waitFor();
      await embed.locator('#app:not([aria-busy])').waitFor({ state: 'attached' });
      const shown = await text(embed, 'headline-total');
      await embed.getByTestId('students-input').fill('120');
      await changed(embed, 'headline-total', shown);
      await closeClean(embed);
    } finally {
      await context.close();
    }
  });
}

// Issue 42, item 2: the page writes money the reader's way ("48.316 $"), and reads it back so.
// The budget starts at 50,000 (a link leaves it out), so sixty thousand is typed first, then
// fifty thousand takes it back to the start.
test('a German and an Arabic browser type fifty thousand their way into the budget and it reads 50,000', async () => {
  const arabic = (digits) => digits.replace(/\d/g, (d) => String.fromCharCode(0x660 + Number(d))).replace(',', '\u066c');
  for (const [locale, write] of [['de-DE', (n) => n.replace(',', '.')], ['ar-EG', arabic]]) {
    const page = await openCalculator(app.browser, app.server.url, { locale });
    await showView(page, 'plan');
    await openFold(page, 'spread');
    const field = page.getByTestId('budget-input');
    const wrapper = page.locator('[data-provenance]', { has: field });
    await field.fill(write('60,000'));
    await wrapper.getByText('Read as 60000.').waitFor();
    await field.blur();
    await linkInAddressBar(page, (d) => Number(d.n?.['planning.budget_usd']) === 60000);
    // Fifty thousand, typed the reader's way: read as 50,000 and said so, the budget back at
    // its start (not 50 dollars).
    await field.fill(write('50,000'));
    await wrapper.getByText('Read as 50000.').waitFor();
    await field.blur();
    await linkInAddressBar(page, (d) => d.n?.['planning.budget_usd'] === undefined);
    // And shows it as the figures are written in that locale.
    const written = await page.evaluate(
      (tag) => new Intl.NumberFormat(tag, { numberingSystem: 'latn', maximumFractionDigits: 2 }).format(50000),
      locale,
    );
    await page.waitForFunction(
      (want) => document.querySelector('[data-testid="budget-input"]').value === want,
      written,
    );
    await closeClean(page);
  }
});

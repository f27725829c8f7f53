// Where every number comes from, in every view with every fold open (sourced, calibrated,
// assumed or the user's), the exchange rate sourced from its dated reference rate until the user
// types another, and old links that say they are old.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { WAIT, closeClean, number, openCalculator, openFolded, openLab, parse, showView, start, stop, text, atPaperPrices, PAPER } from './support.mjs';

const VIEWS = ['course', 'prices', 'results', 'plan', 'share'];
const KINDS = ['sourced', 'calibrated', 'assumed', 'user'];
/** Every input that takes a number: number and range inputs, decimal text fields, the app's fields. */
const NUMERIC = [
  'input[type="number"]',
  'input[type="range"]',
  'input[inputmode="decimal"]',
  'input[inputmode="numeric"]',
  '.field input[id^="field-"]',
].join(', ');

let server;
let browser;

before(async () => ({ server, browser } = await start()));
after(() => stop({ server, browser }));

/** Each number input on the page: a name for it and the provenance of the element around it. */
async function numberInputs(page) {
  return page.evaluate((selector) => [...document.querySelectorAll(selector)].map((input) => ({
    name: input.id || input.dataset.testid || input.getAttribute('aria-label')
      || input.closest('label')?.textContent.trim() || input.outerHTML.slice(0, 80),
    provenance: input.closest('[data-provenance]')?.dataset.provenance ?? null,
  })), NUMERIC);
}

/** The provenance and the marker's word of the field around the input with this data-testid. */
async function fieldProvenance(page, testid) {
  return page.getByTestId(testid).evaluate((input) => {
    const box = input.closest('[data-provenance]');
    return { kind: box?.dataset.provenance, word: box?.querySelector('.provenance-marker')?.firstChild?.textContent.trim() };
  });
}

test('every number input of every view, every fold open, says where its number comes from', async () => {
  const page = await openCalculator(browser, server.url);
  // Fields that only show in some settings: the spot re-run share and the exchange rate.
  await showView(page, 'prices');
  await page.getByTestId('model-spot').check();
  await page.getByTestId('rerun-input').waitFor();
  await page.getByTestId('currency-input').fill('EUR');
  await page.getByTestId('currency-input').blur();
  await page.getByTestId('rate-input').waitFor();

  const missing = [];
  const seen = new Set();
  let inputs = 0;
  const check = async (where) => {
    for (const { name, provenance } of await numberInputs(page)) {
      inputs++;
      if (KINDS.includes(provenance)) seen.add(provenance);
      else missing.push(`${where}: ${name} (${provenance})`);
    }
  };
  for (const view of VIEWS) {
    await showView(page, view);
    await openFolded(page);
    await check(view);
    if (view === 'course') {
      const labs = await page.getByTestId('toggle-lab').count();
      for (let i = 0; i < labs; i++) {
        await openLab(page, i);
        await openFolded(page);
        await check(`course, lab ${i + 1}`);
      }
    }
  }
  assert.deepEqual(missing, [], `${missing.length} of ${inputs} number inputs have no provenance`);
  assert.ok(inputs > 40, `${inputs} number inputs checked`);
  for (const kind of KINDS) assert.ok(seen.has(kind), `some number is ${kind}: ${[...seen]}`);
  await closeClean(page);
});

test('the built-in exchange rate is sourced, with its date, until the user types another', async () => {
  const page = await openCalculator(browser, server.url);
  // The rate of the paper's Spring 2025 prices, which the note below is read from.
  await atPaperPrices(page, 'prices');
  await page.getByTestId('currency-input').fill('EUR');
  await page.getByTestId('currency-input').blur();
  await page.getByTestId('rate-input').waitFor();
  const reference = await page.getByTestId('rate-input').inputValue();
  assert.deepEqual(await fieldProvenance(page, 'rate-input'), { kind: 'sourced', word: 'sourced' });

  // Its note: the ECB's euro reference rate of the Spring 2025 snapshot's day, 2025-03-14, when
  // a euro bought 1.0889 US dollars (../shared/reference/exchange-rates.md), with its link.
  const box = page.locator('[data-provenance]', { has: page.getByTestId('rate-input') }).last();
  const marker = box.locator('.provenance-marker');
  await marker.click();
  const note = page.locator(`[id="${await marker.getAttribute('aria-controls')}"]`);
  await note.waitFor();
  const said = (await note.textContent()).trim();
  for (const part of ['European Central Bank', '2025-03-14', '1.0889']) assert.ok(said.includes(part), `${part}: ${said}`);
  assert.match(await note.locator('a').getAttribute('href'), /^https:\/\/www\.ecb\.europa\.eu\//);
  // The field shows the rate to two places (0.92); the note gives it in full.
  assert.ok(Math.abs(Number(reference.replace(',', '.')) - 1 / 1.0889) < 0.005, `rate ${reference}`);
  assert.ok(said.includes('0.91836'), said);

  // Typed: the user's. Typed back to the reference rate: sourced again.
  const total = await text(page, 'total-cost');
  await page.getByTestId('rate-input').fill('0.95');
  await page.waitForFunction(() => document.querySelector('[data-testid="rate-input"]')
    .closest('[data-provenance]')?.dataset.provenance === 'user', null, { timeout: WAIT });
  assert.deepEqual(await fieldProvenance(page, 'rate-input'), { kind: 'user', word: 'yours' });
  assert.notEqual(await text(page, 'total-cost'), total);
  await page.getByTestId('rate-input').fill('0.91836');
  await page.waitForFunction(() => document.querySelector('[data-testid="rate-input"]')
    .closest('[data-provenance]')?.dataset.provenance === 'sourced', null, { timeout: WAIT });
  await closeClean(page);
});

/** The first version of the paper's course, as the version 1 link corpus holds it. */
async function firstVersionLink() {
  const corpus = JSON.parse(await readFile(new URL('../links/v1.json', import.meta.url), 'utf8'));
  return corpus.find((entry) => entry.name === 'preset paper-s25 as it is').payload;
}

/** A preset's `name` and `version`, read from its data file. */
async function presetData(file) {
  const toml = await readFile(new URL(`../../src/data/presets/${file}`, import.meta.url), 'utf8');
  return { name: JSON.parse(toml.match(/^name = (".*")$/m)[1]), version: Number(toml.match(/^version = (\d+)$/m)[1]) };
}

/** Dollars in `said` after `before` (to the cent). */
function dollarsAfter(said, before) {
  const match = said.match(new RegExp(`${before}\\s*\\$([\\d,]+\\.\\d\\d)`));
  assert.ok(match, `no "${before} $…" in: ${said}`);
  return parse(match[1]);
}

test('a link made with the first version of a preset opens as it was and says so', async () => {
  const old = await presetData('archive/paper-course.toml');
  const today = await presetData('paper-course.toml');
  assert.equal(old.version, 1);
  // Today's figure, as README's "How close to the paper" gives it for the default.
  const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
  const readmeToday = parse(readme.match(/^\| Total per student \|[^|]*\| \$([\d,.]+)/m)[1]);

  const current = await openCalculator(browser, server.url);
  // A link names no prices when they were its preset's: today's version of it is priced at the
  // paper's semester, as the default is once a reader picks those prices (issue 43).
  await atPaperPrices(current);
  const currentPerStudent = await number(current, 'cost-per-student');
  await closeClean(current);

  const page = await openCalculator(browser, `${server.url}#s=${await firstVersionLink()}`);
  const notice = page.getByTestId('link-notice');
  await notice.waitFor();
  const said = (await notice.textContent()).trim();
  assert.ok(said.includes(`This link was made with version 1 of "${old.name}" (archived)`), said);
  assert.doesNotMatch(said, /could not be loaded/, 'an old link is not a damaged one');
  // The link's figure with today's prices is the one the page shows; today's version's is the
  // default's. It does not claim to be what the link showed when it was made (issue 32).
  assert.doesNotMatch(said, /as it was then/, said);
  const then = dollarsAfter(said, "With today's prices:");
  const now = dollarsAfter(said, `Today's version ${today.version} gives`);
  // Both to the cent, as the notice and the summary write amounts per student.
  assert.equal(then, await number(page, 'cost-per-student'), said);
  assert.equal(now, readmeToday, said);
  assert.equal(now, currentPerStudent, said);
  assert.ok(then > now + 1, `version 1 gives more: ${said}`);

  // "Start from" names the archived version.
  await showView(page, 'course');
  const shown = await page.getByTestId('preset-select').evaluate((select) => ({
    value: select.value,
    text: select.selectedOptions[0]?.textContent.trim(),
  }));
  assert.deepEqual(shown, { value: 'paper-s25', text: `Version 1 (archived): ${old.name}` });
  // Picking today's version leaves the old one behind, and the notice with it.
  await page.getByTestId('preset-select').selectOption('paper-s25-v3');
  await notice.waitFor({ state: 'detached' });
  // A preset picked starts on the newest prices (issue 43): the default's first figure.
  assert.equal(await number(page, 'cost-per-student'), PAPER.default_scenario.today_per_student_usd);
  await closeClean(page);
});

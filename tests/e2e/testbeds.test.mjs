// The free-testbed twin end to end (issue 35): does the course fit (item 3), the paper's lesson in
// allocation terms (item 4), per-student SU budgets (item 5) and the request paragraph (item 7).
// Every expected figure is derived here from the published figures in tests/fixtures/testbeds.json
// (transcribed from Chameleon's, Jetstream2's and ACCESS's pages) or from other figures the page
// shows, never from the app's own data file.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import {
  WAIT, changed, closeClean, count, decodePayload, enterStudents, linkInAddressBar, openCalculator,
  openFold, parse, reported, showView, shows, text, useApp,
} from './support.mjs';

const app = useApp();

/** The published figures (tests/fixtures/testbeds.json). */
const PUBLISHED = JSON.parse(await readFile(new URL('../fixtures/testbeds.json', import.meta.url), 'utf8'));
const ALLOCATION = PUBLISHED.chameleon.allocation.su;

/** The smallest published ACCESS tier whose limit holds `credits`, else the one beyond. */
function tierFor(credits) {
  return PUBLISHED.access.tiers.find((t) => t.credits >= credits)?.name ?? PUBLISHED.access.beyond;
}

/** Allocations' worth of `su` at `allocation` SU each (at least one). */
function allocationsFor(su, allocation = ALLOCATION) {
  return Math.max(1, Math.ceil(su / allocation));
}

/** Opens the results view with the testbed fold open. */
async function showTestbeds(page) {
  await showView(page, 'results');
  await openFold(page, 'testbeds');
  await page.getByTestId('testbed-panel').waitFor();
}

/** The SU (or credits) a cell shows: "at least 41,759 SU" -> 41759. */
async function su(page, testid) {
  return parse((await text(page, testid)).replace(/^at least /, ''));
}

test('item 3: the paper course needs recharges, in which weeks; 20 students on the CPU-only preset land in Explore', async () => {
  const page = await openCalculator(app.browser, app.server.url);
  await showTestbeds(page);
  // The rates' dates are in view.
  assert.match(await text(page, 'testbed-rate-dates'), /2025-09-03/);
  assert.match(await text(page, 'testbed-rate-dates'), /2024-07-01/);

  const chameleon = await su(page, 'chameleon-su-actual');
  const recharges = allocationsFor(chameleon) - 1;
  assert.ok(recharges >= 1, `the paper's course at actual hours needs more than one allocation (${chameleon} SU)`);
  const fit = page.getByTestId('chameleon-recharges');
  assert.equal(Number(await fit.getAttribute('data-recharges')), recharges);
  const sentence = await text(page, 'chameleon-recharges');
  assert.ok(sentence.includes(`${recharges} recharges of ${count(ALLOCATION)} SU`), sentence);
  const weeks = sentence.match(/needed in weeks? ([\d, and]+) of the term/);
  assert.ok(weeks, sentence);
  assert.equal(weeks[1].split(/, | and /).length, recharges);
  assert.equal(await text(page, 'chameleon-allocations-actual'), `${recharges + 1} (${recharges} recharges)`);

  // Jetstream2: the tier is the smallest published one that holds the credits shown.
  const credits = await su(page, 'jetstream-credits-actual');
  assert.equal(await text(page, 'access-tier-actual'), tierFor(credits));
  assert.match(await text(page, 'access-tier'), new RegExp(`request ${tierFor(credits)} \\(up to `));

  // The same figures beside the providers and in the headline (item 1); the summary bar's first
  // line leaves them to Results since issue 43.
  assert.equal(await text(page, 'chameleon-su'), `${count(chameleon)} SU`);
  assert.equal(await page.getByTestId('summary-testbeds').count(), 0);
  await openFold(page, 'providers');
  const row = page.getByTestId('testbed-comparison-chameleon');
  assert.equal((await row.locator('td.num.strong').textContent()).trim(), `${count(chameleon)} SU`);

  // A larger allocation, typed by the reader: fewer recharges, and the link carries it.
  await page.getByTestId('chameleon-allocation-input').fill('50000');
  await page.waitForFunction(
    (want) => document.querySelector('[data-testid="chameleon-recharges"]')?.dataset.recharges === want,
    String(allocationsFor(chameleon, 50000) - 1),
    { timeout: WAIT },
  );
  await linkInAddressBar(page, (d) => d?.n?.['planning.chameleon_allocation_su'] === 50000);

  // Twenty students on the CPU-only preset: Explore.
  await showView(page, 'course');
  await page.getByTestId('preset-select').selectOption('cpu-only-v3');
  await enterStudents(page, 20);
  await showTestbeds(page);
  await shows(page, 'access-tier-actual', 'Explore ACCESS');
  assert.equal(tierFor(await su(page, 'jetstream-credits-actual')), 'Explore ACCESS');
  await closeClean(page);
});

test('item 4: the overrun in allocation terms, planned beside actual', async () => {
  const page = await openCalculator(app.browser, app.server.url);
  await showTestbeds(page);
  const lesson = async () => {
    const planned = { su: await su(page, 'chameleon-su-planned'), credits: await su(page, 'jetstream-credits-planned') };
    const actual = { su: await su(page, 'chameleon-su-actual'), credits: await su(page, 'jetstream-credits-actual') };
    assert.equal(await text(page, 'access-tier-planned'), tierFor(planned.credits));
    assert.equal(await text(page, 'access-tier-actual'), tierFor(actual.credits));
    const [from, to] = [tierFor(planned.credits), tierFor(actual.credits)];
    const words = await text(page, 'testbed-lesson');
    if (from === to) assert.ok(words.includes(`stays in ${to}`), words);
    else assert.ok(words.includes(`moves this course from ${from} to ${to}`), words);
    const [before, after] = [allocationsFor(planned.su), allocationsFor(actual.su)];
    if (before !== after) assert.ok(words.includes(`from ${before} to ${after} Chameleon allocations`), words);
    return { planned, actual, from, to, words };
  };
  // The paper's course: actual use is more than its plan on both testbeds.
  const paper = await lesson();
  assert.ok(paper.actual.su > paper.planned.su && paper.actual.credits > paper.planned.credits);
  // With 70 students (about 4,600 planned and 6,000 actual credits a student, by the paper's
  // course's figures above), the plan fits Explore's 400,000 and actual use does not.
  assert.ok(paper.planned.credits / 191 * 70 < PUBLISHED.access.tiers[0].credits);
  assert.ok(paper.actual.credits / 191 * 70 > PUBLISHED.access.tiers[0].credits);
  const before = await text(page, 'testbed-lesson');
  await showView(page, 'course');
  await enterStudents(page, 70);
  await showTestbeds(page);
  await changed(page, 'testbed-lesson', before);
  const seventy = await lesson();
  assert.equal(seventy.from, 'Explore ACCESS');
  assert.equal(seventy.to, 'Discover ACCESS');
  await closeClean(page);
});

test('item 5: the per-student SU budget is the spread percentile in SU, beside the dollar credit', async () => {
  const page = await openCalculator(app.browser, app.server.url);
  // No spread: every student is the mean, so the cap is the course's SU per student.
  await showView(page, 'plan');
  await openFold(page, 'spread');
  await page.getByTestId('spread-input').fill('0');
  await showTestbeds(page);
  await page.waitForFunction(() => /sigma 0\)/.test(document.querySelector('[data-testid="su-cap-split"]')?.textContent ?? ''), null, { timeout: WAIT });
  const students = reported('students');
  const perStudent = (await su(page, 'chameleon-su-actual')) / students;
  const cap = await text(page, 'su-cap');
  assert.ok(cap.includes(`budget of ${count(perStudent)} SU`), cap);
  // Beside it, the same students' credit in dollars: the cost per student.
  assert.ok(cap.includes(`(the same students' credit in dollars: ${await text(page, 'cost-per-student')})`), cap);

  // A spread of 1 at the 50th percentile: the median multiplier is exp(-1/2).
  await showView(page, 'plan');
  await openFold(page, 'spread');
  await page.getByTestId('spread-input').fill('1');
  await page.getByTestId('percentile-input').fill('50');
  await page.getByTestId('budget-su-cap').waitFor();
  await page.waitForFunction(() => /keeps 50% of students/.test(document.querySelector('[data-testid="budget-su-cap"]')?.textContent ?? ''), null, { timeout: WAIT });
  const planner = await text(page, 'budget-su-cap');
  await showTestbeds(page);
  const split = await text(page, 'su-cap-split');
  const [, vm, fixed] = split.match(/lab VMs ([\d,.]+) SU on average .* plus ([\d,.]+) SU every student/);
  const expected = parse(vm) * Math.exp(-0.5) + parse(fixed);
  const shown = parse((await text(page, 'su-cap')).match(/budget of ([\d,]+) SU/)[1]);
  // The parts are shown to 0.1 SU, so the cap by hand may be off by a fraction of an SU.
  assert.ok(Math.abs(shown - expected) <= 1, `${shown} vs ${expected}`);
  assert.ok(planner.includes(`budget of ${count(shown)} SU keeps 50% of students`), planner);
  await closeClean(page);
});

/** `text` matched literally in a regular expression. */
function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('item 7: the request paragraph copies the figures shown, their sources and the link', async () => {
  const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(app.server.url).origin });
  const page = await openCalculator(context, app.server.url);
  await enterStudents(page, 150);
  const { hash } = await linkInAddressBar(page, (d) => d?.n?.['course.students'] === 150);
  await showTestbeds(page);
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

  await page.getByTestId('copy-request-chameleon').click();
  await page.getByTestId('copied-request-chameleon').waitFor();
  const chameleon = await clipboard();
  assert.equal(chameleon, await text(page, 'request-chameleon'));
  const units = await su(page, 'chameleon-su-actual');
  const recharges = allocationsFor(units) - 1;
  await showView(page, 'prices');
  const labVm = Number(await page.getByTestId('overrun-labs-vm').inputValue()).toString();
  await showTestbeds(page);
  for (const needed of [
    `${count(units)} SU`,
    '150 students',
    `${recharges} recharge`,
    '2025-09-03',
    'https://chameleoncloud.org/blog/2025/09/03/chameleon-changelog-for-august-2025/',
    'https://chameleoncloud.readthedocs.io/en/latest/user/project.html',
    // The lab-VM overrun as its field holds it (Prices, "Usage vs plan").
    `lab VMs ${labVm}x`,
  ]) {
    assert.ok(chameleon.includes(needed), `${needed} not in ${chameleon}`);
  }
  // The scenario's link, which opens this very scenario.
  const link = chameleon.match(/(https?:\/\/\S+#s=\S+)$/)?.[1];
  assert.ok(link, chameleon);
  assert.equal(decodePayload(link.split('#s=')[1]).n['course.students'], 150);
  assert.equal(link.split('#s=')[1], hash.slice('#s='.length).split('&')[0]);

  await page.getByTestId('copy-request-jetstream').click();
  await page.getByTestId('copied-request-jetstream').waitFor();
  const jetstream = await clipboard();
  const credits = await su(page, 'jetstream-credits-actual');
  for (const needed of [`${count(credits)} credits`, tierFor(credits), '2024-07-01', 'https://allocations.access-ci.org/use-credits-overview', link]) {
    assert.ok(jetstream.includes(needed), `${needed} not in ${jetstream}`);
  }

  // The Markdown export carries the same paragraphs (its link as an autolink, which also names
  // the view it was exported from: `&v=results`).
  await showView(page, 'share');
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-markdown').click()]);
  const md = await readFile(await file.path(), 'utf8');
  const autolink = new RegExp(`${escapeRegExp(`<${link}`)}(&v=[a-z]+)?>`);
  for (const paragraph of [chameleon, jetstream]) {
    const [before] = paragraph.split(link);
    assert.ok(md.includes(before), md);
    assert.match(md.slice(md.indexOf(before) + before.length), new RegExp(`^${autolink.source}`));
  }
  await closeClean(page);
});

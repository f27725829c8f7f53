// Instructor-first: the summary stays in sight while editing, views stay short, every edit can be
// undone, a scenario carries its title, stand-ins fit, the first paint is served, views and terms
// are reachable by link and keyboard, and new labs are named after the course's labs.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DEFAULT_TOTAL, WAIT, changed, expected, linkInAddressBar, openCalculator, openLab, showView, shows, start, stop, text,
  closeClean, startDrawn, centsDollars, TODAY_TOTAL, today } from './support.mjs';

let server;
let browser;

before(async () => ({ server, browser } = await start()));
after(() => stop({ server, browser }));

/** Asserts the summary bar lies wholly inside the window. */
async function assertSummaryInView(page, what) {
  const box = await page.getByTestId('summary-bar').boundingBox();
  const win = await page.evaluate(() => ({ w: window.innerWidth, h: window.innerHeight }));
  assert.ok(
    box && box.x >= 0 && box.y >= 0 && box.x + box.width <= win.w + 0.5 && box.y + box.height <= win.h + 0.5,
    `${what}: summary bar ${JSON.stringify(box)} outside the ${win.w}x${win.h} window`,
  );
}

/** The accessible name of every form control inside `locator` (aria-label, else its labels). */
function controlNames(locator) {
  return locator.locator('input, select, textarea').evaluateAll((els) =>
    els.map((el) => (el.getAttribute('aria-label') ?? [...(el.labels ?? [])].map((l) => l.textContent.trim()).join(' ')).trim()),
  );
}

for (const [width, height] of [[1280, 800], [360, 740]]) {
  test(`the summary bar stays in view while a lab field is edited at ${width}x${height}`, async () => {
    const page = await openCalculator(browser, server.url, { viewport: { width, height } });
    const labs = page.getByTestId('lab-editor');
    assert.equal(await labs.count(), 8);
    // Lab 8 is the last lab, far down the Course view.
    await openLab(page, 7);
    const lab8 = labs.nth(7);
    const release = lab8.getByLabel('Lab 8: Persistent storage: released in week', { exact: true });
    await release.scrollIntoViewIfNeeded();
    await release.focus();
    assert.ok(await release.evaluate((el) => el === document.activeElement));
    await assertSummaryInView(page, 'release week focused');

    // The hours of the lab's first use (its VM), low in its details.
    const last = lab8.getByLabel('Lab 8: Persistent storage, option 1, resource 1: planned hours per student', { exact: true });
    await last.scrollIntoViewIfNeeded();
    await last.focus();
    assert.ok(await last.evaluate((el) => el === document.activeElement));
    assert.ok((await page.evaluate(() => window.scrollY)) > 0, 'the page scrolled to the field');
    await assertSummaryInView(page, 'use hours focused');

    // Typing in the field: the summary answers, still in view.
    const before = await text(page, 'total-cost');
    await last.fill(String(Number(await last.inputValue()) * 2 + 1));
    await changed(page, 'total-cost', before);
    await assertSummaryInView(page, 'after typing');
    await closeClean(page);
  });
}

test('no view is taller than three screens at 1280x800', async () => {
  const page = await openCalculator(browser, server.url, { viewport: { width: 1280, height: 800 } });
  const heights = {};
  for (const view of ['course', 'prices', 'results', 'plan', 'share']) {
    await showView(page, view);
    heights[view] = await page.evaluate(() => document.documentElement.scrollHeight);
  }
  for (const [view, height] of Object.entries(heights)) {
    assert.ok(height <= 2400, `${view} is ${height} px tall (${JSON.stringify(heights)})`);
  }
  await closeClean(page);
});

test('undo and redo: typing, the keyboard, reset and removing a lab', async () => {
  const page = await openCalculator(browser, server.url);
  page.on('dialog', (dialog) => dialog.accept());
  const students = page.getByTestId('students-input');
  const undo = page.getByTestId('undo');
  const redo = page.getByTestId('redo');
  assert.equal(await students.inputValue(), '191');
  assert.equal(await undo.isDisabled(), true, 'nothing to undo yet');

  // Typing "50" is one step: one Undo brings 191 back.
  await students.fill('');
  await students.pressSequentially('50');
  const fifty = await changed(page, 'total-cost', DEFAULT_TOTAL);
  await undo.click();
  await shows(page, 'total-cost', DEFAULT_TOTAL);
  assert.equal(await students.inputValue(), '191');
  await redo.click();
  await shows(page, 'total-cost', fifty);
  assert.equal(await students.inputValue(), '50');

  // Ctrl+Z outside a text field undoes too.
  await page.evaluate(() => document.activeElement?.blur());
  await page.locator('body').press('Control+z');
  await shows(page, 'total-cost', DEFAULT_TOTAL);
  assert.equal(await students.inputValue(), '191');
  await page.locator('body').press('Control+Shift+z');
  await shows(page, 'total-cost', fifty);
  assert.equal(await students.inputValue(), '50');

  // Reset brings the default back; Undo brings the edited scenario back.
  await showView(page, 'share');
  await page.getByTestId('reset-scenario').click();
  await shows(page, 'total-cost', DEFAULT_TOTAL);
  await undo.click();
  await shows(page, 'total-cost', fifty);
  await showView(page, 'course');
  assert.equal(await students.inputValue(), '50');

  // Removing a lab is undone in one step, the lab back in its place.
  const labs = page.getByTestId('lab-editor');
  const names = await labs.getByTestId('lab-name').evaluateAll((els) => els.map((e) => e.value));
  assert.equal(names.length, 8);
  await labs.nth(1).getByTestId('remove-lab').click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="lab-editor"]').length === 7, null, { timeout: WAIT });
  const withoutLab = await changed(page, 'total-cost', fifty);
  assert.notEqual(withoutLab, fifty);
  await undo.click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="lab-editor"]').length === 8, null, { timeout: WAIT });
  await shows(page, 'total-cost', fifty);
  assert.deepEqual(await labs.getByTestId('lab-name').evaluateAll((els) => els.map((e) => e.value)), names);
  await closeClean(page);
});

test("a scenario's title names the tab and survives the shared link", async () => {
  const page = await openCalculator(browser, server.url);
  const title = 'ML Systems, Fall 2026, 60 students';
  assert.ok(!(await page.title()).includes(title));
  await page.getByTestId('scenario-title').fill(title);
  await page.waitForFunction((want) => document.title.includes(want), title, { timeout: WAIT });

  const { url } = await linkInAddressBar(page, (data) => JSON.stringify(data).includes(title));
  await showView(page, 'share');
  await page.getByTestId('copy-link').click();
  const opened = await openCalculator(browser, url);
  assert.equal(await opened.getByTestId('scenario-title').inputValue(), title);
  await opened.waitForFunction((want) => document.title.includes(want), title, { timeout: WAIT });
  await closeClean(opened);
  await closeClean(page);
});

test('the A100 stand-ins are GPU offers only, unless all offers are shown', async () => {
  const page = await openCalculator(browser, server.url);
  await showView(page, 'prices');
  const select = page.getByTestId('choice-gpu_a100_pcie');
  const options = () => select.locator('option').allTextContents();
  // An offer with GPUs names them: "(96 vCPU, 1152 GB, 8x A100-SXM 40 GB)".
  const namesGpu = (option) => /\b\d+x [A-Za-z]/.test(option);
  const suitable = await options();
  assert.ok(suitable.length >= 2, `options: ${suitable}`);
  for (const option of suitable) {
    assert.ok(namesGpu(option), `"${option}" names a GPU`);
    assert.doesNotMatch(option, /\b(IP|IPv4|address|storage|volume|bucket)\b/i, option);
  }
  await page.getByTestId('show-all-offers').check();
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid="choice-gpu_a100_pcie"] option').length > n,
    suitable.length,
    { timeout: WAIT },
  );
  const all = await options();
  assert.ok(all.length > suitable.length, `${all.length} > ${suitable.length}`);
  assert.ok(all.some((option) => !namesGpu(option)), 'all offers include ones without a GPU');
  assert.equal(await text(page, 'total-cost'), DEFAULT_TOTAL, 'showing offers changes no price');
  await closeClean(page);
});

test("the served page holds the paper's headline before any script runs", async () => {
  const response = await fetch(new URL('index.html', server.url));
  assert.equal(response.status, 200);
  const html = await response.text();
  const withoutScripts = html.replace(/<script\b[\s\S]*?<\/script>/gi, '');
  assert.ok(withoutScripts.includes(TODAY_TOTAL), 'the total is in the markup');
  const perStudent = centsDollars(today('per_student_usd'));
  assert.ok(withoutScripts.includes(perStudent), 'the cost per student is in the markup');
});

test('the start draws the first screen first, then each part below it in a later task, top to bottom, long lists a few rows per task', async () => {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  // What the app's root holds after each task's changes (a mutation observer reports once per
  // task, at its end): which parts are there, whether the root is busy, whether the served first
  // paint is still there.
  await page.addInitScript(() => {
    window.startSteps = [];
    const parts = {
      summary: '[data-testid="summary-bar"]', course: '#course-title',
      title: '[data-testid="scenario-title"]', labs: '#labs-title', project: '#project-title',
      capacity: '[data-testid="fold-capacity"]', glossary: '[data-testid="glossary"]',
    };
    document.addEventListener('DOMContentLoaded', () => {
      const app = document.getElementById('app');
      const project = () => document.getElementById('project-title')?.closest('section');
      new MutationObserver(() => window.startSteps.push({
        present: Object.keys(parts).filter((part) => app.querySelector(parts[part])),
        busy: app.getAttribute('aria-busy') === 'true',
        served: document.querySelector('.prerendered') !== null,
        labs: app.querySelectorAll('[data-testid="lab-editor"]').length,
        projectRows: project()?.querySelectorAll('tbody tr').length ?? 0,
        addLab: app.querySelector('[data-testid="add-lab"]') !== null,
      })).observe(app, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
    });
  });
  try {
    await page.goto(server.url);
    await startDrawn(page);
    const steps = await page.evaluate(() => window.startSteps);
    const all = ['summary', 'course', 'title', 'labs', 'project', 'capacity', 'glossary'];
    const arrival = all.map((part) => steps.findIndex((step) => step.present.includes(part)));
    assert.ok(arrival.every((step) => step >= 0), `every part is drawn: ${JSON.stringify(steps)}`);
    // Each part comes in a task after the one above it: none arrives with the next.
    for (let i = 1; i < all.length; i++) {
      assert.ok(arrival[i] > arrival[i - 1], `${all[i]} comes after ${all[i - 1]}: ${JSON.stringify(steps)}`);
    }
    // The summary replaces the served first paint in one task (never both, never neither).
    for (const step of steps) {
      if (step.present.includes('summary')) assert.equal(step.served, false, JSON.stringify(step));
    }
    // Busy while parts are missing, and not once the last is there.
    for (const step of steps) {
      const whole = all.every((part) => step.present.includes(part));
      if (!whole) assert.equal(step.busy, true, `busy while parts are missing: ${JSON.stringify(step)}`);
    }
    const last = steps.at(-1);
    assert.deepEqual({ ...last, labs: 0, projectRows: 0 }, { present: all, busy: false, served: false, labs: 0, projectRows: 0, addLab: true });
    // Long lists come a few rows per task: the labs panel and the project's table first show
    // only some of their rows, the rest arrive in later tasks, in order, and the next part only
    // after the last row.
    for (const [rows, part, next] of [['labs', 'labs', 'project'], ['projectRows', 'project', 'capacity']]) {
      const first = steps[arrival[all.indexOf(part)]][rows];
      assert.ok(first > 0 && first < last[rows], `${part} starts with some of its rows, not all: ${first}`);
      const counts = steps.map((step) => step[rows]);
      assert.ok(counts.every((count, i) => i === 0 || count >= counts[i - 1]), `${rows} only grow: ${counts}`);
      assert.equal(steps[arrival[all.indexOf(next)]][rows], last[rows], `${next} comes after the last of ${rows}`);
    }
    // The list's Add button comes after its last row, so no row moves it down.
    assert.equal(steps.find((step) => step.addLab).labs, last.labs, 'Add a lab comes after the last lab');
  } finally {
    await context.close();
  }
});

test('the current view is kept in the address bar, and a link opens on its view', async () => {
  const page = await openCalculator(browser, server.url);
  await showView(page, 'plan');
  await page.waitForFunction(() => /[#&]v=plan\b/.test(location.hash), null, { timeout: WAIT });
  assert.equal(await page.getByTestId('tab-plan').getAttribute('aria-selected'), 'true');

  const link = page.url().replace(/([#&])v=plan\b/, '$1v=results');
  assert.match(link, /v=results/);
  const opened = await openCalculator(browser, link);
  await opened.getByTestId('view-results').waitFor();
  assert.equal(await opened.getByTestId('tab-results').getAttribute('aria-selected'), 'true');
  assert.equal(await opened.getByTestId('view-plan').count(), 0);
  assert.equal(await opened.getByTestId('view-course').count(), 0);
  assert.equal(await text(opened, 'headline-total'), DEFAULT_TOTAL);
  await closeClean(opened);
  await closeClean(page);
});

test('the tabs are operable with the keyboard', async () => {
  const page = await openCalculator(browser, server.url);
  const current = page.getByTestId('tab-course');
  assert.equal(await current.getAttribute('aria-selected'), 'true');
  await current.focus();
  await page.keyboard.press('ArrowRight');
  await page.getByTestId('view-prices').waitFor();
  assert.equal(await page.getByTestId('tab-prices').getAttribute('aria-selected'), 'true');
  assert.equal(await page.getByTestId('tab-course').getAttribute('aria-selected'), 'false');
  assert.ok(
    await page.getByTestId('tab-prices').evaluate((el) => el === document.activeElement),
    'focus moves to the new tab',
  );
  assert.equal(await page.getByTestId('view-course').count(), 0);
  await page.keyboard.press('ArrowRight');
  await page.getByTestId('view-results').waitFor();
  assert.ok(await page.getByTestId('tab-results').evaluate((el) => el === document.activeElement));
  await closeClean(page);
});

test('the glossary defines a term where it occurs', async () => {
  const page = await openCalculator(browser, server.url);
  await showView(page, 'prices');
  const term = page.getByTestId('term-overrun').first();
  await term.scrollIntoViewIfNeeded();
  assert.equal(await term.getAttribute('aria-expanded'), 'false');
  const definition = page.locator(`[id="${await term.getAttribute('aria-controls')}"]`);
  assert.equal(await definition.isVisible(), false);
  await term.click();
  await definition.waitFor({ state: 'visible' });
  assert.equal(await term.getAttribute('aria-expanded'), 'true');
  assert.match(await definition.textContent(), /planned hours/);
  await closeClean(page);
});

test('a lab added to the CPU-only course is named after its labs, and its fields name it', async () => {
  const page = await openCalculator(browser, server.url);
  const before = await text(page, 'total-cost');
  await page.getByTestId('preset-select').selectOption('cpu-only-v3');
  await changed(page, 'total-cost', before);
  const labs = page.getByTestId('lab-editor');
  const names = () => labs.getByTestId('lab-name').evaluateAll((els) => els.map((e) => e.value));
  const presetNames = await names();
  assert.deepEqual(presetNames.map((n) => n.match(/^Lab (\d+):/)?.[1]), ['1', '2', '3', '7', '8']);

  await page.getByTestId('add-lab').click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="lab-editor"]').length === 6, null, { timeout: WAIT });
  assert.equal((await names())[5], 'Lab 9: New lab');

  // The new lab is open; every field of it is labelled with its name.
  const added = labs.nth(5);
  await added.getByLabel('Lab 9: New lab: released in week', { exact: true }).waitFor();
  const addedNames = await controlNames(added);
  assert.ok(addedNames.length >= 4, `fields: ${addedNames}`);
  for (const name of addedNames) assert.ok(name.includes('Lab 9: New lab'), `"${name}" names the lab`);

  // So does an existing lab's.
  await openLab(page, 1);
  const second = labs.nth(1);
  await second.getByLabel(`${presetNames[1]}: released in week`, { exact: true }).waitFor();
  for (const name of await controlNames(second)) assert.ok(name.includes(presetNames[1]), `"${name}" names the lab`);
  await closeClean(page);
});

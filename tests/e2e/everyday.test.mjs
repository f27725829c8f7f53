// Issue 36, an instructor's everyday questions: a phone that tells the truth (the breakdown's
// totals and the cost chart's names at 360 px), focus never under the sticky summary, one rule
// for "fits", and the smaller ones (a new version announced, an added lab after the last one,
// printing back to its view, notices that go with what they describe, plural words, each test
// id once, a link that opens on its view, a Plan view at most three screens tall).

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'node:test';
import {
  DIST,
  WAIT,
  closeClean,
  decodePayload,
  enterStudents,
  openCalculator,
  openFolded,
  parse,
  payloadStudents,
  serve,
  launch,
  showChart,
  showView,
  startDrawn,
  text,
  useApp,
} from './support.mjs';

const app = useApp();
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

/** The breakdown's rows (labs and the project): each row's name and its cells' texts. */
async function breakdownRows(page) {
  return page.getByTestId('breakdown-table').evaluate((table) => {
    const head = [...table.querySelectorAll('thead th')].map((th) => th.textContent.trim());
    const rows = [...table.querySelectorAll('tbody tr:not(.math-row)')].map((tr) => ({
      name: tr.querySelector('th').textContent.trim(),
      cells: [...tr.querySelectorAll('td')].map((td) => td.textContent.trim()),
    }));
    return { head, rows };
  });
}

test('at 360 px the breakdown shows every lab\'s total beside its name, the categories one scroll away', async () => {
  const page = await openCalculator(app.browser, app.server.url, { viewport: PHONE });
  await showView(page, 'results');
  const table = page.getByTestId('breakdown-table');
  await table.waitFor();
  const { head, rows } = await breakdownRows(page);
  assert.equal(head[1], 'Total', `columns: ${head}`);
  // The category columns are those between "Per student" and the hours.
  const first = head.indexOf('Per student') + 1;
  const last = head.findIndex((h) => /^Instance-hours/.test(h));
  assert.ok(first > 1 && last > first, `columns: ${head}`);
  for (const row of rows) {
    // The total is the sum of the row's categories, each shown rounded (whole dollars from $100,
    // cents below): within half a unit per category.
    const categories = row.cells.slice(first - 1, last - 1).map(parse);
    const sum = categories.reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(parse(row.cells[0]) - sum) <= 0.5 * categories.length + 0.5, `${row.name}: ${row.cells}`);
  }
  // The issue's case: Lab 4 (GPU only) read $0.00 when only the CPU column showed.
  const lab4 = rows.find((r) => r.name.startsWith('Lab 4'));
  assert.ok(parse(lab4.cells[0]) > 0, `Lab 4: ${lab4.cells[0]}`);
  // Every row's name and total are inside the screen and inside the table's scrolling region.
  const placed = await table.evaluate((el) => {
    const region = el.closest('.table-scroll').getBoundingClientRect();
    return [...el.querySelectorAll('tbody tr:not(.math-row)')].map((tr) => {
      const name = tr.querySelector('th').getBoundingClientRect();
      const total = tr.querySelector('td').getBoundingClientRect();
      return { left: Math.min(name.left, region.left), right: Math.max(total.right, name.right), region: region.right, width: innerWidth };
    });
  });
  for (const p of placed) {
    assert.ok(p.right <= Math.min(p.region, p.width) + 0.5, `total ends at ${p.right}, region ${p.region}, screen ${p.width}`);
    assert.ok(p.left >= -0.5);
  }
  // The rest is to the side, and the page says so where it shows.
  const region = page.locator('.table-scroll', { has: table });
  assert.ok(await region.evaluate((el) => el.scrollWidth > el.clientWidth + 1), 'the table scrolls sideways');
  const cue = page.locator('.scroll-cue');
  assert.ok(await cue.isVisible(), 'the cue shows on a phone');
  assert.match(await cue.textContent(), /total first.*sideways.*categor/i);
  await closeClean(page);
});

/** Dark, grey pixels (text) of a canvas region: [x, y] in device pixels. */
function textPixels(canvasEl, [x0, y0, w, h]) {
  const data = canvasEl.getContext('2d').getImageData(x0, y0, w, h).data;
  const found = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = 4 * (y * w + x);
      const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
      const grey = Math.max(r, g, b) - Math.min(r, g, b) < 24;
      if (grey && 0.2126 * r + 0.7152 * g + 0.0722 * b < 110) found.push([x0 + x, y0 + y]);
    }
  }
  return found;
}

test('at 360 px the cost chart names every bar, the project\'s too, and its legend shows whole', async () => {
  const page = await openCalculator(app.browser, app.server.url, { viewport: PHONE, colorScheme: 'light' });
  await showView(page, 'results');
  const { rows } = await breakdownRows(page);
  // "Lab 3: MLOps pipeline" is named "Lab 3" under its bar; the last bar is the project's.
  const expected = rows.map((r, i) => (i === rows.length - 1 ? 'Project' : r.name.split(':')[0].trim()));
  const canvas = await showChart(page, 'chart-cost-by-lab');
  const drawn = await canvas.evaluate((el) => el.getAttribute('data-labels') ?? '');
  const labels = drawn.split('|').map((entry) => {
    const [name, x] = entry.split('@');
    return { name, x: Number(x) };
  });
  assert.deepEqual(labels.map((l) => l.name), expected);
  // Each name is on the canvas: text pixels in a strip under its bar, below the plot.
  const found = await canvas.evaluate(
    (el, { labels, textPixels }) => {
      // eslint-disable-next-line no-new-func
      const pixels = new Function(`return (${textPixels})`)();
      const ratio = el.width / el.getBoundingClientRect().width;
      const band = Math.round(70 * ratio);
      const legend = pixels(el, [0, 0, el.width, Math.round(46 * ratio)]);
      return {
        strips: labels.map((l) => pixels(el, [Math.round((l.x - 4) * ratio), el.height - band, Math.round(8 * ratio), band]).length),
        legendRight: Math.max(...legend.map(([x]) => x)),
        width: el.width,
        ratio,
      };
    },
    { labels, textPixels: textPixels.toString() },
  );
  found.strips.forEach((count, i) => assert.ok(count > 10, `${labels[i].name}: ${count} text pixels under its bar`));
  // Names at least a line of text apart, so none is drawn over another.
  for (let i = 1; i < labels.length; i++) assert.ok(labels[i].x - labels[i - 1].x >= 11, `${labels[i - 1].x} -> ${labels[i].x}`);
  // The legend's last letter ends inside the canvas, clear of its edge: no name is cut.
  assert.ok(found.legendRight < found.width - 3 * found.ratio, `legend ends at ${found.legendRight} of ${found.width}`);
  await closeClean(page);
});

/** Tabs through the current view; every focused control's box and the summary bar's. */
async function tabThrough(page, view) {
  await page.getByTestId(`tab-${view}`).focus();
  const covered = [];
  let inside = false;
  for (let press = 0; press < 600; press++) {
    await page.keyboard.press('Tab');
    const at = await page.evaluate((view) => {
      const el = document.activeElement;
      const bar = document.querySelector('[data-testid="summary-bar"]');
      if (!el || el === document.body) return { done: true };
      const panel = document.querySelector(`[data-testid="view-${view}"]`);
      const box = el.getBoundingClientRect();
      const under = bar.getBoundingClientRect();
      const what = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.dataset.testid ? `[${el.dataset.testid}]` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
      return {
        inView: panel?.contains(el) ?? false,
        inBar: bar.contains(el),
        overlap: box.top < under.bottom - 0.5 && box.bottom > under.top + 0.5 && box.width > 0,
        what: `${what} top ${box.top.toFixed(0)}, bar bottom ${under.bottom.toFixed(0)}`,
      };
    }, view);
    if (at.done) break;
    if (at.inView) inside = true;
    else if (inside) break; // past the view's last control
    if (!at.inBar && at.overlap) covered.push(at.what);
  }
  assert.ok(inside, `tabbing reached the ${view} view`);
  return covered;
}

for (const viewport of [DESKTOP, PHONE]) {
  test(`at ${viewport.width}x${viewport.height} no focused control of any view is under the summary bar`, async () => {
    const page = await openCalculator(app.browser, app.server.url, { viewport });
    const covered = [];
    for (const view of ['course', 'prices', 'results', 'plan', 'share']) {
      await showView(page, view);
      covered.push(...(await tabThrough(page, view)).map((what) => `${view}: ${what}`));
      // A screen reader asks for a control to be shown (it focuses it): the same.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const last = await page.evaluate(() => {
        const controls = [...document.querySelectorAll('.view input, .view select, .view button')];
        const target = controls[Math.floor(controls.length / 2)];
        target.focus();
        const box = target.getBoundingClientRect();
        return box.top - document.querySelector('[data-testid="summary-bar"]').getBoundingClientRect().bottom;
      });
      assert.ok(last >= 0, `${view}: a control focused by script is ${-last} px under the bar`);
    }
    assert.deepEqual(covered, []);
    await closeClean(page);
  });
}

test('one rule for "fits": an L4 is marked as not fitting the A100 40 GB node in its list, its row and its saving', async () => {
  const page = await openCalculator(app.browser, app.server.url);
  await showView(page, 'prices');
  // resources.toml: compute_liqid has one A100 of 40 GB; offers.toml: aws/g6.xlarge one L4 of 24 GB.
  const select = page.getByTestId('choice-compute_liqid');
  assert.equal(await select.locator('option[value="aws/g6.xlarge"]').count(), 0, 'not among the offers that fit');
  await page.getByTestId('show-all-offers').check();
  const option = select.locator('option[value="aws/g6.xlarge"]');
  await option.waitFor({ state: 'attached' });
  assert.match(await option.textContent(), /does not fit: 24 GB per GPU, needs 40 GB$/);
  const before = await text(page, 'total-cost');
  await select.selectOption('aws/g6.xlarge');
  const row = select.locator('xpath=ancestor::tr');
  await row.getByTestId('stand-in-mismatch').waitFor();
  assert.equal((await row.getByTestId('stand-in-mismatch').textContent()).trim(), 'Does not fit: 24 GB per GPU, needs 40 GB.');
  // The saving it brings says so where it is shown: the summary's last change...
  await page.waitForFunction((old) => document.querySelector('[data-testid="total-cost"]').textContent.trim() !== old, before);
  assert.match(await text(page, 'last-change'), /^last change −/);
  assert.match(await text(page, 'last-change-misfit'), /g6\.xlarge for A100 GPU node \(1x A100 40 GB\), which does not fit: 24 GB per GPU, needs 40 GB/);
  // ... and the savings levers (Plan), priced on it.
  await showView(page, 'plan');
  const warning = page.getByTestId('savings-misfit');
  await warning.waitFor();
  await warning.locator('summary').click();
  assert.match(await warning.textContent(), /g6\.xlarge for A100 GPU node \(1x A100 40 GB\): 24 GB per GPU, needs 40 GB/);
  await closeClean(page);
});

test('a new version is announced, and the offline copy is the new one', async () => {
  const original = await readFile(join(DIST, 'sw.js'), 'utf8');
  const build = original.match(/\bBUILD\s*=\s*"([0-9a-f]+)"/)?.[1];
  assert.ok(build, 'sw.js names its build');
  const extra = { '/sw.js': ['text/javascript; charset=utf-8', original] };
  const server = await serve(DIST, extra);
  const browser = await launch();
  try {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(server.url);
    await startDrawn(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: WAIT });
    assert.equal(await page.getByTestId('update-notice').count(), 0, 'a first visit is no news');
    // The server gets a new build (a new id: another set of files to keep).
    const next = build.replace(/./g, (c) => ((parseInt(c, 16) + 1) % 16).toString(16));
    extra['/sw.js'][1] = original.replace(`"${build}"`, `"${next}"`);
    await page.reload();
    await startDrawn(page);
    const notice = page.getByTestId('update-notice');
    await notice.waitFor({ timeout: WAIT });
    assert.match(await notice.textContent(), /new version of the calculator is ready, and saved for offline use/);
    assert.deepEqual(await page.evaluate(() => caches.keys()), [`course-cost-${next}`], 'the new copy replaced the old');
    // Reload brings it; the worker is the same, so no second notice.
    await page.getByTestId('update-reload').click();
    await page.waitForLoadState('load');
    await startDrawn(page);
    // A build whose worker keeps this page's own files: the page is the new version already.
    extra['/sw.js'][1] = `${original}\n// rebuilt`;
    await page.reload();
    await startDrawn(page);
    await notice.waitFor({ timeout: WAIT });
    assert.match(await notice.textContent(), /this page is the new version, and the copy saved for offline use is updated too/);
    assert.deepEqual(await page.evaluate(() => caches.keys()), [`course-cost-${build}`]);
    await context.close();
  } finally {
    await browser.close();
    await server.close();
  }
});

/** Each lab's release and due weeks, from the lab editor (its line "Weeks 3-4; ...", or its fields). */
async function labWeeks(page) {
  return page.getByTestId('lab-editor').evaluateAll((labs) =>
    labs.map((lab) => {
      const line = [...lab.querySelectorAll('.field-hint')].map((p) => p.textContent).find((t) => /^Weeks /.test(t));
      if (line) {
        const [, start, due] = line.match(/^Weeks ([\d.]+)-([\d.]+);/);
        return [Number(start), Number(due)];
      }
      const week = (label) => Number([...lab.querySelectorAll('input')].find((i) => i.labels?.[0]?.textContent.includes(label)).value);
      return [week('released in week'), week('due in week')];
    }));
}

test('an added lab is named after the last one and lands inside the term', async () => {
  const page = await openCalculator(app.browser, app.server.url);
  const weeks = await labWeeks(page);
  const names = await page.getByTestId('lab-name').evaluateAll((inputs) => inputs.map((i) => i.value));
  // By hand: numbered after the highest "Lab N"; the labs' median length (whole weeks, at least
  // one); released the week after the latest due week if it is then due by the term's last week,
  // else due in the term's last week (issue 46: never after the term).
  const term = Number(await page.getByTestId('term-weeks-input').inputValue());
  const number = Math.max(...names.map((n) => Number(n.match(/^Lab (\d+)/)?.[1] ?? 0))) + 1;
  const lengths = weeks.map(([s, d]) => d - s).sort((a, b) => a - b);
  const mid = lengths.length / 2;
  const median = lengths.length % 2 ? lengths[Math.floor(mid)] : (lengths[mid - 1] + lengths[mid]) / 2;
  const length = Math.max(1, Math.round(median));
  const start = Math.min(Math.max(...weeks.map(([, due]) => due)) + 1, term - length);
  await page.getByTestId('add-lab').click();
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="lab-editor"]').length === n, names.length + 1);
  assert.equal(await page.getByTestId('lab-name').last().inputValue(), `Lab ${number}: New lab`);
  assert.deepEqual((await labWeeks(page)).at(-1), [start, start + length]);
  assert.ok(start + length <= term, 'inside the term');
  await closeClean(page);
});

test('printing shows the results, then returns to the view it was printed from', async () => {
  const page = await openCalculator(app.browser, app.server.url);
  await showView(page, 'plan');
  await page.evaluate(() => dispatchEvent(new Event('beforeprint')));
  await page.getByTestId('view-results').waitFor();
  await page.evaluate(() => dispatchEvent(new Event('afterprint')));
  await page.getByTestId('view-plan').waitFor();
  assert.equal(await page.getByTestId('tab-plan').getAttribute('aria-selected'), 'true');
  await closeClean(page);
});

test('the notice of a loaded preset goes when the load is undone, and when Reset replaces it', async () => {
  const page = await openCalculator(app.browser, app.server.url);
  await enterStudents(page, 200);
  const preset = page.getByTestId('preset-select');
  const other = await preset.locator('option:not([disabled])').evaluateAll((options) => options.map((o) => o.value).find((v) => v && v !== 'paper-s25-v2'));
  await preset.selectOption(other);
  const notice = page.getByTestId('draft-notice');
  await notice.waitFor();
  assert.match(await notice.textContent(), /^You loaded/);
  await page.getByTestId('undo').click();
  await notice.waitFor({ state: 'detached' });
  assert.equal(await page.getByTestId('students-input').inputValue(), '200', 'the undo brought the edited course back');
  // Loaded again, then Reset: Reset replaces an untouched preset, so there is nothing new to
  // announce, and the old notice is not about what is on screen any more.
  await preset.selectOption(other);
  await notice.waitFor();
  await showView(page, 'share');
  await page.getByTestId('reset-scenario').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="total-cost"]') && !document.querySelector('[data-testid="draft-notice"]'));
  // The 200-student course stays restorable in this browser's kept list.
  await page.getByTestId('kept-scenarios').waitFor();
  assert.match(await page.getByTestId('kept-scenarios').textContent(), /200 students/);
  await closeClean(page);
});

test('counts read "1 group", "1 week", "1 student", never "1 groups"', async () => {
  const page = await openCalculator(app.browser, app.server.url);
  await enterStudents(page, 1);
  for (const [testid, value] of [['group-size-input', '1'], ['project-weeks-input', '1']]) {
    await page.getByTestId(testid).fill(value);
    await page.getByTestId(testid).blur();
  }
  // Both edits applied: the project's intro counts one week and one group (in either form; the
  // words are checked below). A group of one among one student leaves the total as it was.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.panel-intro')].some((p) => /^Per group and week, for 1 weeks? and 1 groups?\./.test(p.textContent.trim())),
  );
  const wrong = [];
  for (const view of ['course', 'prices', 'results', 'plan', 'share']) {
    await showView(page, view);
    await openFolded(page);
    const body = await page.evaluate(() => document.body.innerText);
    for (const match of body.matchAll(/(?<![\d.,])1 (students|labs|groups|weeks|nodes|rows|hours|GPUs|instances|options|resources|uses|days|runs|stand-ins|offers)\b/g)) {
      wrong.push(`${view}: "${body.slice(Math.max(0, match.index - 40), match.index + 30).replace(/\s+/g, ' ')}"`);
    }
  }
  assert.deepEqual(wrong, []);
  await closeClean(page);
});

/** Test ids that name each item of a list: one element per item, so repeated by design. */
const LIST_IDS = new Set([
  'lab-editor', 'lab-name', 'toggle-lab', 'remove-lab', 'field-error', 'kept-scenario', 'restore-kept', 'focus-tag',
  'stand-in-mismatch', 'stand-in-other-provider', 'capacity-fewest', 'comparable-position', 'tornado-low',
  'tornado-high', 'tornado-provenance', 'tornado-detail', 'whole-instance-price', 'tornado-whole',
]);

test('every data-testid marks one element, lists\' items aside', async () => {
  const page = await openCalculator(app.browser, app.server.url);
  const repeated = new Map();
  for (const view of ['course', 'prices', 'results', 'plan', 'share']) {
    await showView(page, view);
    await openFolded(page);
    // A glossary term's button (`term-<id>`) is marked wherever the term occurs, once or more.
    const ids = await page.evaluate(() => [...document.querySelectorAll('[data-testid]')]
      .filter((el) => !el.classList.contains('term-button')).map((el) => el.dataset.testid));
    const counts = new Map();
    for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
    for (const [id, n] of counts) if (n > 1 && !LIST_IDS.has(id)) repeated.set(`${view}: ${id}`, n);
  }
  assert.deepEqual(Object.fromEntries(repeated), {});
  await closeClean(page);
});

test('a copied link opens on the view it was copied from', async () => {
  const context = await app.browser.newContext({ viewport: DESKTOP });
  const origin = new URL(app.server.url).origin;
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  const page = await openCalculator(context, app.server.url);
  await enterStudents(page, 250);
  await showView(page, 'plan');
  await showView(page, 'share');
  await page.getByTestId('copy-link').click();
  await page.getByTestId('copy-confirmation').waitFor();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const fragment = new URLSearchParams(new URL(copied).hash.slice(1));
  assert.equal(fragment.get('v'), 'plan');
  assert.equal(payloadStudents(decodePayload(fragment.get('s'))), 250);
  const opened = await openCalculator(app.browser, copied);
  await opened.getByTestId('view-plan').waitFor();
  assert.equal(await opened.getByTestId('tab-plan').getAttribute('aria-selected'), 'true');
  await closeClean(opened);
  await context.close();
});

test('the Plan view is at most three screens tall at 1280x800, its folds closed', async () => {
  const page = await openCalculator(app.browser, app.server.url, { viewport: DESKTOP });
  await showView(page, 'plan');
  await page.getByTestId('tornado-panel').waitFor();
  await startDrawn(page);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  assert.ok(height <= 3 * DESKTOP.height, `the Plan view is ${height} px tall`);
  await closeClean(page);
});

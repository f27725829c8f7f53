// The thin app end to end: the release build, served on loopback, in headless Chromium.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  TODAY_TOTAL, WAIT, count, number, openCalculator, reported, showChart, showView, shows, useApp,
  text, closeClean, centsDollars, today,
} from './support.mjs';

const app = useApp();

test("the paper's course loads with the reported hours", async () => {
  const page = await openCalculator(app.browser, app.server.url);
  assert.equal(await page.getByTestId('students-input').inputValue(), String(reported('students')));
  // AWS on-demand at the newest prices, the project's GPU hours spread over the reserved pool:
  // the fixture's figures (tests/fixtures/paper.json; tests/golden.rs checks the engine).
  assert.equal(await text(page, 'cost-per-student'), centsDollars(today('per_student_usd')));
  assert.equal(await text(page, 'total-cost'), TODAY_TOTAL);
  await showView(page, 'results');
  assert.equal(await text(page, 'lab-instance-hours'), count(reported('lab_instance_hours')));
  assert.equal(await text(page, 'project-instance-hours'), count(reported('project_instance_hours')));
  assert.equal(await text(page, 'headline-total'), TODAY_TOTAL);
  assert.equal(await text(page, 'headline-per-student'), centsDollars(today('per_student_usd')));
  await closeClean(page);
});

test('a new student count recomputes every figure', async () => {
  const page = await openCalculator(app.browser, app.server.url);
  const totalBefore = await number(page, 'total-cost');
  await page.getByTestId('students-input').fill('382');
  await showView(page, 'results');
  // Labs scale with enrollment: twice the students, twice the lab hours.
  await shows(page, 'lab-instance-hours', count(2 * reported('lab_instance_hours')));
  assert.ok((await number(page, 'total-cost')) > totalBefore * 1.9);
  assert.ok((await number(page, 'project-instance-hours')) > reported('project_instance_hours'));
  await showView(page, 'course');
  await page.getByTestId('students-input').fill('50');
  await showView(page, 'results');
  await shows(page, 'lab-instance-hours', '28,753');
  await closeClean(page);
});

test('invalid input keeps the last result and what was typed', async () => {
  const page = await openCalculator(app.browser, app.server.url);
  const totalBefore = await text(page, 'total-cost');
  const input = page.getByTestId('students-input');
  for (const typed of ['-5', 'lots', '12.5', '']) {
    await input.fill(typed);
    await page.getByTestId('field-error').waitFor();
    assert.equal(await input.inputValue(), typed, 'the typed text stays');
    assert.equal(await text(page, 'total-cost'), totalBefore, 'the last valid result stays');
    assert.equal(await input.getAttribute('aria-invalid'), 'true');
  }
  assert.match(await text(page, 'field-error'), /enter a number/);
  await input.fill('200');
  await page.getByTestId('field-error').waitFor({ state: 'detached' });
  assert.notEqual(await text(page, 'total-cost'), totalBefore);
  await closeClean(page);
});

test('the cost chart is drawn sharp on a high-DPI screen', async () => {
  const hidpi = await app.browser.newContext({ viewport: { width: 900, height: 900 }, deviceScaleFactor: 2 });
  const page = await openCalculator(hidpi, app.server.url);
  await showView(page, 'results');
  const canvas = await showChart(page, 'chart-cost-by-lab');
  const size = await canvas.evaluate((el) => ({
    backing: [el.width, el.height],
    css: [el.clientWidth, el.clientHeight],
    painted: (() => {
      const { data } = el.getContext('2d').getImageData(0, 0, el.width, el.height);
      let coloured = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (Math.abs(data[i] - data[i + 1]) > 40 || Math.abs(data[i + 1] - data[i + 2]) > 40) coloured++;
      }
      return coloured;
    })(),
  }));
  assert.equal(size.backing[0], size.css[0] * 2, 'backing store is 2x the CSS width');
  assert.equal(size.backing[1], size.css[1] * 2, 'backing store is 2x the CSS height');
  assert.ok(size.painted > 1000, `bars are painted (${size.painted} coloured pixels)`);
  assert.match(await canvas.getAttribute('aria-label'), /Lab 4: Large-scale training: \$/);

  // Narrower window: the chart is redrawn to fit.
  await page.setViewportSize({ width: 500, height: 900 });
  await page.waitForFunction(() => {
    const el = document.querySelector('[data-testid="chart-cost-by-lab"]');
    return el.width === el.clientWidth * 2 && el.clientWidth < 500;
  }, null, { timeout: WAIT });
  assert.deepEqual(page.problems, []);
  await hidpi.close();
});

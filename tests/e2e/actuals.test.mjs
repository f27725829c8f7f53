// The Plan view's views of what was measured (calibrate to measured hours, from a bill, the term
// so far, other courses) come in a wasm of their own (components::actuals): not started until one
// of their folds is opened, then kept for offline use; an edit made in one is one undo step of the
// page's, the page's figures following it; one that cannot be loaded says so in its fold.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { readdir } from 'node:fs/promises';
import { DIST, launch, openCalculator, openFold, serve, showView, text, WAIT } from './support.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

/** Whether the actuals wasm has been asked for, and whether it has started. */
function actuals(page) {
  return page.evaluate(() => ({
    asked: document.getElementById('actuals-glue') !== null,
    started: typeof window.courseCostActuals === 'object',
  }));
}

test('the views of what was measured start when one is first opened; an edit in one is one undo step of the page; offline too', async () => {
  const own = await serve();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await openCalculator(context, own.url);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: WAIT });
    const [glue, loader] = await page.evaluate(() => document.querySelector('meta[name="actuals"]').content.split(','));
    assert.match(glue, /^actuals-[0-9a-f]{16}\.js$/);
    assert.match(loader, /^actuals-loader-[0-9a-f]{16}\.js$/);
    // The Plan view with its folds closed asks for nothing.
    await showView(page, 'plan');
    await page.getByTestId('fold-calibrate').waitFor({ timeout: WAIT });
    assert.deepEqual(await actuals(page), { asked: false, started: false });

    // Opened, the fold shows the view once the wasm has started.
    await openFold(page, 'calibrate');
    await page.getByTestId('calibrate-form').waitFor({ timeout: WAIT });
    assert.deepEqual(await actuals(page), { asked: true, started: true });
    const before = await text(page, 'total-cost');
    const labHours = page.getByTestId('calibrate-lab-hours');
    await page.getByTestId('calibrate-paper').click();
    await labHours.fill('4000');
    await page.waitForFunction(() => !document.querySelector('[data-testid="calibrate-apply"]').disabled, null, { timeout: WAIT });
    await page.getByTestId('calibrate-apply').click();
    // The page prices what the view made: its headline moves, and Undo names the view's edit.
    await page.waitForFunction((old) => document.querySelector('[data-testid="total-cost"]').textContent.trim() !== old, before);
    const calibrated = await text(page, 'total-cost');
    assert.equal(await page.getByTestId('undo').getAttribute('title'), 'Undo: calibrate from measured hours');
    // A click inside the view is the view's own: the page stays on the Plan view.
    await page.getByTestId('view-plan').waitFor({ timeout: WAIT });
    await page.getByTestId('undo').click();
    await page.waitForFunction((old) => document.querySelector('[data-testid="total-cost"]').textContent.trim() === old, before);
    await page.getByTestId('redo').click();
    await page.waitForFunction((now) => document.querySelector('[data-testid="total-cost"]').textContent.trim() === now, calibrated);

    // Another of them reuses the started wasm.
    await openFold(page, 'comparables');
    await page.getByTestId('comparables').waitFor({ timeout: WAIT });

    // Offline after this first visit: the service worker's copy starts it.
    await own.close();
    await page.reload();
    await page.getByTestId('offline-note').waitFor({ state: 'visible', timeout: WAIT });
    await showView(page, 'plan');
    await openFold(page, 'comparables');
    await page.getByTestId('comparables').waitFor({ timeout: WAIT });
    assert.equal(await page.getByTestId('actuals-error-comparables').count(), 0);
  } finally {
    await context.close();
    await own.close().catch(() => {});
  }
});

test('a view whose wasm cannot start says so in its fold; the page goes on, and nothing else is lost', async () => {
  // The loader fails as the wasm would if it could not be fetched or compiled.
  const loader = (await readdir(DIST)).find((name) => /^actuals-loader-[0-9a-f]{16}\.js$/.test(name));
  assert.ok(loader, 'the build has an actuals loader');
  const failing = 'dispatchEvent(new CustomEvent("course-cost-actuals-failed",{detail:"no wasm"}));';
  const own = await serve(DIST, { [`/${loader}`]: ['text/javascript', failing] });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(WAIT);
    await page.goto(own.url);
    await page.getByTestId('total-cost').waitFor({ timeout: WAIT });
    await showView(page, 'plan');
    await openFold(page, 'focus');
    await page.getByTestId('actuals-error-focus').waitFor({ timeout: WAIT });
    assert.match(await text(page, 'actuals-error-focus'), /could not be loaded .*Reload the page to try again\.$/);
    assert.equal(await page.getByTestId('actuals-loading-focus').count(), 0);
    // The rest of the page still edits.
    const total = await text(page, 'total-cost');
    await showView(page, 'course');
    await page.getByTestId('students-input').fill('120');
    await page.waitForFunction((old) => document.querySelector('[data-testid="total-cost"]').textContent.trim() !== old, total);
  } finally {
    await context.close();
    await own.close().catch(() => {});
  }
});

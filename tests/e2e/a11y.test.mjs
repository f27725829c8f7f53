// Accessibility audit: axe-core on the release build, in light and dark colour schemes, on a wide
// screen and a phone: every view (course, prices, results, plan, share) as it opens and with every
// fold and disclosure opened, and the course view with an inline error.
// Serious and critical violations fail; minor and moderate ones are printed as diagnostics.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import {
  WAIT, launch, openCalculator, openFold, serve, showView, start, stop,
} from './support.mjs';

// Resolved through tests/node_modules, like playwright-core: no CDN, no network.
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const BLOCKING = new Set(['serious', 'critical']);

const VIEWPORTS = {
  wide: { width: 1280, height: 800 },
  phone: { width: 360, height: 740 },
};

let server;
let browser;

before(async () => ({ server, browser } = await start()));
after(() => stop({ server, browser }));

/** One violation, with enough detail to find the element and fix it. */
function describe(violation, separator = '\n    ') {
  const targets = violation.nodes.slice(0, 3).map((node) => node.target.join(' '));
  const more = violation.nodes.length > 3 ? ` (+${violation.nodes.length - 3} more)` : '';
  return [
    `${violation.id} [${violation.impact}] ${violation.help}`,
    `at ${targets.join(' | ')}${more}`,
    violation.helpUrl,
  ].join(separator);
}

/** Runs axe on the page as it is now; fails on serious or critical violations. */
async function audit(t, page) {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const results = await window.axe.run(document, { resultTypes: ['violations'] });
    // Plain data only: axe's result objects hold DOM references.
    return results.violations.map(({ id, impact, help, helpUrl, nodes }) => ({
      id,
      impact,
      help,
      helpUrl,
      nodes: nodes.map((node) => ({ target: node.target })),
    }));
  });
  for (const violation of violations.filter((v) => !BLOCKING.has(v.impact))) {
    t.diagnostic(`not blocking: ${describe(violation, '; ')}`);
  }
  const blocking = violations.filter((v) => BLOCKING.has(v.impact));
  assert.equal(
    blocking.length,
    0,
    `${blocking.length} serious or critical axe violation(s):\n  ${blocking.map((v) => describe(v)).join('\n  ')}`,
  );
}

const VIEWS = ['course', 'prices', 'results', 'plan', 'share'];

/**
 * Opens every fold of the current view (each renders its panel only when opened), the details of
 * the first lab, and every <details> (closed ones hide chart tables and the price catalog from
 * axe), then lets their toggle events and any re-render they cause run before the audit.
 */
async function openEverything(page) {
  const folds = await page.locator('[data-testid^="fold-"]').evaluateAll((els) => els.map((el) => el.dataset.testid));
  for (const fold of folds) {
    await openFold(page, fold.slice('fold-'.length));
    await page.waitForFunction(
      (id) => document.querySelector(`[data-testid="${id}"] > button`)?.getAttribute('aria-expanded') === 'true',
      fold,
      { timeout: WAIT },
    );
  }
  if (await page.getByTestId('toggle-lab').count()) {
    const toggle = page.getByTestId('toggle-lab').first();
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  }
  await page.evaluate(async () => {
    for (const details of document.querySelectorAll('details')) details.open = true;
    await new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 0)));
  });
}

// What the page shows when audited; each state starts from a freshly loaded page.
const STATES = {
  'an inline error in the course view': async (page) => {
    await page.getByTestId('students-input').fill('-5');
    await page.getByTestId('field-error').waitFor({ state: 'visible' });
  },
};
for (const view of VIEWS) {
  STATES[`the ${view} view`] = async (page) => {
    await showView(page, view);
  };
  STATES[`the ${view} view, every fold and disclosure opened`] = async (page) => {
    await showView(page, view);
    await openEverything(page);
  };
}

for (const colorScheme of ['light', 'dark']) {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    for (const [state, prepare] of Object.entries(STATES)) {
      const where = `${name} ${viewport.width}x${viewport.height}, ${colorScheme}`;
      test(`${state}: no serious or critical axe violations (${where})`, async (t) => {
        const context = await browser.newContext({ viewport, colorScheme, bypassCSP: true });
        try {
          const page = await openCalculator(context, server.url);
          await prepare(page);
          await audit(t, page);
        } finally {
          await context.close();
        }
      });
    }
  }
}

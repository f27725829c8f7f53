// The page's golden figures equal the native engine's: both are compared with one fixture,
// tests/fixtures/paper.json (the paper's reported figures and the default scenario's figures
// derived by hand), here in the browser and in tests/golden.rs natively, so the page cannot show
// a default that the engine's tests do not check.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  PAPER, TODAY_TOTAL, centsDollars, count, expected, openCalculator, reported, showView, today, useApp, text,
  closeClean, wholeDollars,
} from './support.mjs';

const app = useApp();

test("the default scenario's figures on the page are the fixture's", async () => {
  const page = await openCalculator(app.browser, app.server.url);
  // The headline at the newest prices (issue 43), the paper's line at its semester's.
  const perStudent = today('per_student_usd');
  const labs = today('labs_per_student_usd');
  const then = expected('per_student_usd');

  // The summary bar, and its line against the paper's "about" figure per student.
  assert.equal(await text(page, 'total-cost'), TODAY_TOTAL);
  // Per student to the cent (issue 36); the paper's own round figure stays whole.
  assert.equal(await text(page, 'cost-per-student'), centsDollars(perStudent));
  const paperUsd = reported('per_student_usd');
  const above = Math.round((then / paperUsd - 1) * 100);
  const gap = await text(page, 'paper-gap');
  const words = `At Spring 2025 prices, the semester the paper reports: ${centsDollars(then)} per student, ${above}% above its about ${wholeDollars(paperUsd)}.`;
  assert.equal(gap, words);

  // The results' headline: totals, the split into labs and project, and the reported hours.
  await showView(page, 'results');
  assert.equal(await text(page, 'headline-total'), TODAY_TOTAL);
  assert.equal(await text(page, 'headline-per-student'), centsDollars(perStudent));
  assert.equal(await text(page, 'lab-instance-hours'), count(reported('lab_instance_hours')));
  assert.equal(await text(page, 'project-instance-hours'), count(reported('project_instance_hours')));
  const figures = PAPER.paper.figures;
  const [labsLow, labsHigh] = [figures.labs_per_student_usd.low, figures.labs_per_student_usd.high].map(wholeDollars);
  const headline = (await page.locator('section.headline').textContent()).replace(/\s+/g, ' ');
  for (const part of [
    `labs ${centsDollars(labs)}, project ${centsDollars(perStudent - labs)}`,
    `${count(reported('project_gpu_hours'))} GPU node-hours`,
    `${count(expected('groups'))} groups`,
    // The paper's own figures beside them: the preset's copy of them against the fixture's.
    `Paper: ${figures.course_usd.reads} ${wholeDollars(reported('course_usd'))}`,
    `Paper: ${figures.per_student_usd.reads} ${wholeDollars(paperUsd)}; labs ${labsLow}-${labsHigh}`,
    `Paper: ${count(reported('lab_instance_hours'))}`,
    `Paper: ${count(reported('project_instance_hours'))} (${count(reported('project_gpu_hours'))} GPU hours`,
  ]) {
    assert.ok(headline.includes(part), `the headline holds "${part}": ${headline}`);
  }
  await closeClean(page);
});

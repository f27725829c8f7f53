// The full calculator end to end: every kind of field, labs, providers, snapshots, spot, GPU
// choices, custom offers, invalid input, presets, charts, the breakdown's math and a phone layout.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  WAIT, changed, number, openCalculator, openFold, openLab, parse, showChart, showView, shows, start, stop, text, closeClean, count, LAB_HOURS, PROJECT_HOURS, GPU_HOURS, atPaperPrices } from './support.mjs';

let server;
let browser;

before(async () => ({ server, browser } = await start()));
after(() => stop({ server, browser }));

const LAB2_HOURS = 'Lab 2: Cloud computing, option 1, resource 1: planned hours per student';
const LAB4_SHARE_1 = 'Lab 4: Large-scale training, option 1: students taking it';
const LAB4_SHARE_2 = 'Lab 4: Large-scale training, option 2: students taking it';
const PROJECT_GPU_HOURS = 'Project, resource 2: planned hours per week';
// Calibrated in src/data/presets/paper-course.toml: (reported lab instance-hours (the fixture's) - 15.5 bare-metal
// and 2 edge hours planned per student x 191) / (43.5 VM-hours planned per student x 191).
const LAB_VM_OVERRUN = (LAB_HOURS - 17.5 * 191) / (43.5 * 191);

/** The detail line under a headline figure ("planned 11,556"). */
async function detail(page, testid) {
  const figure = page.locator('.figure', { has: page.getByTestId(testid) });
  return (await figure.locator('.figure-detail').textContent()).trim();
}

/** Every headline figure at once, as shown (the hours are on the Results view). */
async function figures(page) {
  await showView(page, 'results');
  const ids = ['total-cost', 'cost-per-student', 'lab-instance-hours', 'project-instance-hours', 'gpu-share'];
  const out = {};
  for (const id of ids) out[id] = await text(page, id);
  return out;
}

/** A labelled number field, matched by its exact label (not its slider twin). */
function field(page, label) {
  return page.getByLabel(label, { exact: true });
}

/** A fingerprint of a canvas's pixels and how many of them are painted (opaque, not white). */
async function canvasPixels(page, testid) {
  await showChart(page, testid);
  return page.getByTestId(testid).evaluate((el) => {
    const { data } = el.getContext('2d').getImageData(0, 0, el.width, el.height);
    let painted = 0;
    let hash = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b, a] = [data[i], data[i + 1], data[i + 2], data[i + 3]];
      if (a > 0 && (r < 240 || g < 240 || b < 240)) painted++;
      hash = (Math.imul(hash, 31) + (r | (g << 8) | (b << 16)) + a * 7919) | 0;
    }
    return { painted, hash, width: el.width, height: el.height };
  });
}

test('each kind of field changes the right figures', async () => {
  const page = await openCalculator(browser, server.url);
  const start = await figures(page);
  assert.equal(start['lab-instance-hours'], count(LAB_HOURS));
  assert.equal(start['project-instance-hours'], count(PROJECT_HOURS));
  const plannedStart = parse(await detail(page, 'lab-instance-hours'));

  // Lab hours: Lab 2 is 3 m1.medium VMs for 4.5 h; 9 h adds 3 x 4.5 h per student, times the
  // calibrated VM overrun. Project hours do not move.
  await showView(page, 'course');
  await openLab(page, 1);
  const lab2Hours = field(page, LAB2_HOURS);
  assert.equal(await lab2Hours.inputValue(), '4.5');
  await lab2Hours.fill('9');
  await showView(page, 'results');
  const labHours = parse(await changed(page, 'lab-instance-hours', start['lab-instance-hours']));
  const addedPlanned = 3 * 4.5 * 191;
  assert.ok(Math.abs(labHours - (LAB_HOURS + addedPlanned * LAB_VM_OVERRUN)) <= 1, `lab hours ${labHours}`);
  const planned = parse(await detail(page, 'lab-instance-hours'));
  assert.ok(Math.abs(planned - (plannedStart + addedPlanned)) <= 1, `planned ${planned}`);
  assert.ok((await number(page, 'total-cost')) > parse(start['total-cost']), 'more lab hours cost more');
  assert.equal(await text(page, 'project-instance-hours'), start['project-instance-hours']);
  await showView(page, 'course');
  await openLab(page, 1);
  await lab2Hours.fill('4.5');
  await showView(page, 'results');
  await shows(page, 'lab-instance-hours', count(LAB_HOURS));
  assert.equal(await text(page, 'total-cost'), start['total-cost'], 'back to the start exactly');

  // Project hours per week: twice the GPU blocks doubles the paper's project GPU hours. Labs stay.
  await showView(page, 'course');
  const gpuWeek = field(page, PROJECT_GPU_HOURS);
  assert.equal(await gpuWeek.inputValue(), '8');
  await gpuWeek.fill('16');
  await showView(page, 'results');
  const projectHours = parse(await changed(page, 'project-instance-hours', count(PROJECT_HOURS)));
  assert.ok(Math.abs(projectHours - (PROJECT_HOURS + GPU_HOURS)) <= 1, `project hours ${projectHours}`);
  assert.match(await detail(page, 'project-instance-hours'), /^10,93[12] GPU node-hours .*, 54 groups$/);
  assert.equal(await text(page, 'lab-instance-hours'), count(LAB_HOURS));
  assert.ok((await number(page, 'total-cost')) > parse(start['total-cost']));
  await showView(page, 'course');
  await gpuWeek.fill('8');
  await showView(page, 'results');
  await shows(page, 'project-instance-hours', count(PROJECT_HOURS));
  assert.equal(await text(page, 'total-cost'), start['total-cost']);

  // Realism: lab VMs at 1x their plan bring actual lab hours down to the planned hours (bare metal,
  // edge and storage are already 1x in the labs); 2x adds the planned VM hours once more.
  const overrun = page.getByTestId('overrun-labs-vm');
  await showView(page, 'prices');
  await overrun.fill('1');
  await showView(page, 'results');
  const atPlanText = await changed(page, 'lab-instance-hours', count(LAB_HOURS));
  const atPlan = parse(atPlanText);
  assert.equal(atPlan, plannedStart, 'actual = planned at 1x');
  assert.equal(parse(await detail(page, 'lab-instance-hours')), plannedStart, 'the plan does not move');
  assert.equal(await text(page, 'project-instance-hours'), count(PROJECT_HOURS));
  const vmPlanned = (LAB_HOURS - plannedStart) / (LAB_VM_OVERRUN - 1);
  await showView(page, 'prices');
  await overrun.fill('2');
  await showView(page, 'results');
  const atTwice = parse(await changed(page, 'lab-instance-hours', atPlanText));
  assert.ok(Math.abs(atTwice - (plannedStart + vmPlanned)) <= 1.5, `lab hours at 2x: ${atTwice}`);
  await showView(page, 'prices');
  await overrun.fill(String(LAB_VM_OVERRUN));
  await showView(page, 'results');
  await shows(page, 'lab-instance-hours', count(LAB_HOURS));
  assert.equal(await text(page, 'total-cost'), start['total-cost']);

  // Discount: 10% off the total, hours untouched; the list price stays on show.
  const total = parse(start['total-cost']);
  await showView(page, 'prices');
  await page.getByTestId('discount-input').fill('10');
  const discounted = parse(await changed(page, 'total-cost', start['total-cost']));
  assert.ok(Math.abs(discounted - total * 0.9) <= 1, `discounted ${discounted} vs ${total * 0.9}`);
  await showView(page, 'results');
  assert.equal(await text(page, 'headline-total'), await text(page, 'total-cost'));
  assert.equal(await detail(page, 'headline-total'), `list price ${start['total-cost']}`);
  assert.equal(await text(page, 'lab-instance-hours'), start['lab-instance-hours']);
  assert.equal(await text(page, 'project-instance-hours'), start['project-instance-hours']);
  await showView(page, 'prices');
  await page.getByTestId('discount-input').fill('0');
  await shows(page, 'total-cost', start['total-cost']);

  // Credit: $50 per student off, exactly 191 x $50.
  await page.getByTestId('credit-input').fill('50');
  const credited = parse(await changed(page, 'total-cost', start['total-cost']));
  assert.equal(credited, total - 50 * 191);
  await showView(page, 'results');
  assert.equal(await text(page, 'lab-instance-hours'), start['lab-instance-hours']);
  await showView(page, 'prices');
  await page.getByTestId('credit-input').fill('0');
  await shows(page, 'total-cost', start['total-cost']);

  // Group size: twice the size, half the groups (54 -> 27), half the project hours. Labs stay.
  await showView(page, 'course');
  await page.getByTestId('group-size-input').fill('7.2');
  await showView(page, 'results');
  const halfProject = parse(await changed(page, 'project-instance-hours', count(PROJECT_HOURS)));
  assert.ok(Math.abs(halfProject - PROJECT_HOURS / 2) <= 1, `project hours ${halfProject}`);
  assert.match(await detail(page, 'project-instance-hours'), /, 27 groups$/);
  assert.equal(await text(page, 'lab-instance-hours'), count(LAB_HOURS));
  assert.ok((await number(page, 'total-cost')) < total);
  await showView(page, 'course');
  await page.getByTestId('group-size-input').fill('3.6');
  await showView(page, 'results');
  await shows(page, 'project-instance-hours', count(PROJECT_HOURS));
  assert.equal(await text(page, 'total-cost'), start['total-cost']);

  // Lab option share: 80% on option 1 leaves 20% for option 2. Option A is one node for 3 h,
  // option B two nodes for 2 h each (bare metal, 1x): 0.3 h fewer per student at 80/20.
  await showView(page, 'course');
  await openLab(page, 3);
  const share1 = field(page, LAB4_SHARE_1);
  const share2 = field(page, LAB4_SHARE_2);
  assert.equal(await share2.inputValue(), '50');
  await share1.fill('80');
  await page.waitForFunction(
    (label) => [...document.querySelectorAll('label')].find((l) => l.textContent.trim() === label)
      ?.control?.value === '20',
    LAB4_SHARE_2,
    { timeout: WAIT },
  );
  assert.equal(await share2.inputValue(), '20');
  assert.equal(await share1.inputValue(), '80');
  await showView(page, 'results');
  const labsAfterShare = parse(await changed(page, 'lab-instance-hours', count(LAB_HOURS)));
  assert.ok(Math.abs(labsAfterShare - (LAB_HOURS - 0.3 * 191)) <= 1, `lab hours ${labsAfterShare}`);
  assert.equal(await text(page, 'project-instance-hours'), count(PROJECT_HOURS));
  assert.notEqual(await text(page, 'total-cost'), start['total-cost']);

  await closeClean(page);
});

test('a lab can be added and removed again', async () => {
  const page = await openCalculator(browser, server.url);
  const labs = page.getByTestId('lab-editor');
  const rows = page.getByTestId('breakdown-table').locator('tbody button[aria-expanded]');
  const labCount = await labs.count();
  await showView(page, 'results');
  const rowCount = await rows.count();
  assert.equal(labCount, 8);
  assert.equal(rowCount, labCount + 1, 'a breakdown row per lab, and the project');
  const totalBefore = await text(page, 'total-cost');

  await showView(page, 'course');
  await page.getByTestId('add-lab').click();
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid="lab-editor"]').length === n,
    labCount + 1,
    { timeout: WAIT },
  );
  const totalAdded = parse(await changed(page, 'total-cost', totalBefore));
  assert.ok(totalAdded > parse(totalBefore), `total rose: ${totalBefore} -> ${totalAdded}`);
  assert.match(await page.getByRole('heading', { name: /^Labs \(/ }).textContent(), /Labs \(9\)/);
  // The new lab is one m1.medium VM for 2 h per student, at the calibrated VM overrun.
  assert.equal(await labs.last().getByTestId('lab-name').inputValue(), 'Lab 9: New lab');
  await showView(page, 'results');
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid="breakdown-table"] tbody button[aria-expanded]').length === n,
    rowCount + 1,
    { timeout: WAIT },
  );
  assert.equal((await rows.nth(labCount).textContent()).trim(), 'Lab 9: New lab', 'its breakdown row');
  const labHours = await number(page, 'lab-instance-hours');
  assert.ok(Math.abs(labHours - (LAB_HOURS + 191 * 2 * LAB_VM_OVERRUN)) <= 1, `lab hours ${labHours}`);

  await showView(page, 'course');
  await labs.last().getByTestId('remove-lab').click();
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid="lab-editor"]').length === n,
    labCount,
    { timeout: WAIT },
  );
  await shows(page, 'total-cost', totalBefore);
  await showView(page, 'results');
  assert.equal(await rows.count(), rowCount);
  assert.equal(await text(page, 'lab-instance-hours'), count(LAB_HOURS));
  await closeClean(page);
});

test('provider, snapshot and spot pricing change the total', async () => {
  const page = await openCalculator(browser, server.url);
  const heading = page.locator('#headline-title');
  const providerSelect = page.getByTestId('provider-select');
  const awsTotal = await text(page, 'total-cost');
  await showView(page, 'prices');
  assert.equal(await providerSelect.inputValue(), 'aws');
  await showView(page, 'results');
  assert.match((await heading.textContent()).trim(), /^AWS us-east-1 \(US East, N\. Virginia\), on demand, newest prices /);

  // Prices: AWS cut P4/P5 prices in June 2025, so the paper's Spring 2025 prices are higher.
  const snapshotSelect = page.getByTestId('snapshot-select');
  await showView(page, 'prices');
  await snapshotSelect.selectOption('spring-2025');
  const spring = parse(await changed(page, 'total-cost', awsTotal));
  assert.ok(spring > parse(awsTotal), `spring ${spring} > newest ${awsTotal}`);
  await showView(page, 'results');
  assert.match((await heading.textContent()).trim(), /^AWS us-east-1 \(US East, N\. Virginia\), on demand, Spring 2025 prices, a past price set/);
  await showView(page, 'prices');
  await snapshotSelect.selectOption({ index: 0 });
  await shows(page, 'total-cost', awsTotal);

  // Spot: cheaper, and a warning names what has no spot price; on demand again restores it all.
  const warning = page.locator('.headline .warning');
  await showView(page, 'results');
  assert.equal(await warning.count(), 0);
  await showView(page, 'prices');
  await page.getByTestId('model-spot').check();
  const spot = parse(await changed(page, 'total-cost', awsTotal));
  assert.ok(spot < parse(awsTotal), `spot ${spot} < on demand ${awsTotal}`);
  await showView(page, 'results');
  assert.match((await heading.textContent()).trim(), /^AWS us-east-1 \(US East, N\. Virginia\), spot/i);
  await warning.first().waitFor();
  assert.match(await warning.first().textContent(), /^No spot price is known for .+: priced on demand\.$/);
  await showView(page, 'prices');
  await page.getByTestId('model-on-demand').check();
  await shows(page, 'total-cost', awsTotal);
  await showView(page, 'results');
  await warning.first().waitFor({ state: 'detached' });

  // One comparison row per provider, and the current one agrees with the headline.
  await showView(page, 'prices');
  const providers = await providerSelect.locator('option').evaluateAll((os) => os.map((o) => o.value));
  const names = Object.fromEntries(
    await providerSelect.locator('option').evaluateAll((os) => os.map((o) => [o.value, o.textContent.trim()])),
  );
  assert.ok(providers.length >= 5, `providers: ${providers}`);
  const comparison = page.getByTestId('provider-comparison');
  const showComparison = async () => {
    await showView(page, 'results');
    await openFold(page, 'providers');
    await comparison.waitFor();
  };
  await showComparison();
  const rowProviders = await comparison
    .locator('tbody tr[data-provider]')
    .evaluateAll((rows) => rows.map((r) => r.dataset.provider));
  assert.deepEqual(rowProviders, providers);
  const rowTotal = async (id) =>
    (await comparison.locator(`tr[data-provider="${id}"] td.num.strong`).textContent()).trim();
  assert.equal(await rowTotal('aws'), awsTotal);

  await showView(page, 'prices');
  await providerSelect.selectOption('gcp');
  const gcpTotal = await changed(page, 'total-cost', awsTotal);
  await showComparison();
  assert.match((await heading.textContent()).trim(), /^Google Cloud us-central1 \(Iowa, US\), on demand, /);
  assert.equal(await rowTotal('gcp'), gcpTotal);
  assert.equal(await rowTotal('aws'), awsTotal, 'the comparison still prices AWS the same');
  assert.equal(await comparison.locator('tr[data-provider="gcp"] .badge').textContent(), 'shown');

  // "Use AWS" in the comparison switches the provider select back.
  await comparison.getByRole('button', { name: 'Use AWS' }).click();
  await shows(page, 'total-cost', awsTotal);
  assert.match((await heading.textContent()).trim(), /^AWS us-east-1 /);
  await showView(page, 'prices');
  assert.equal(await providerSelect.inputValue(), 'aws');

  // Every other provider through its "Use" button, Google Cloud (picked in the select before)
  // included: the headline takes the table's total, and the select shows the provider.
  for (const id of providers.filter((p) => p !== 'aws')) {
    await showComparison();
    const expected = await rowTotal(id);
    const name = names[id];
    await comparison.getByRole('button', { name: `Use ${name}`, exact: true }).click();
    await page.waitForFunction(
      (want) => document.querySelector('#headline-title').textContent.startsWith(want),
      name,
      { timeout: WAIT },
    );
    assert.equal(await text(page, 'total-cost'), expected, `${id}: headline = comparison row`);
    await showView(page, 'prices');
    assert.equal(
      await providerSelect.inputValue(),
      id,
      `the provider select shows "${await providerSelect.evaluate((s) => s.selectedOptions[0]?.textContent)}" while the headline prices ${name}`,
    );
  }

  await closeClean(page);
});

test('a GPU choice and a custom offer reprice the MI100 hours', async () => {
  const page = await openCalculator(browser, server.url);
  const totalBefore = await text(page, 'total-cost');
  await showView(page, 'prices');
  const choices = page.getByTestId('gpu-choices');
  const mi100 = page.getByTestId('choice-gpu_mi100');
  const mi100Row = choices.locator('tbody tr', { has: mi100 });
  assert.equal(await mi100.inputValue(), 'aws/p3dn.24xlarge');
  assert.equal(await mi100Row.locator('.badge').count(), 0);
  // A quarter of a p3dn.24xlarge (8 V100 32 GB for the node's 2 GPUs of 32 GB, the fit rule):
  // priced as a quarter, said to be an assumption, beside the whole price ($31.212/h).
  const priceCell = (await mi100Row.locator('td.num').textContent()).trim();
  assert.ok(priceCell.startsWith('$7.803/h') && priceCell.endsWith('of $31.21/h whole'), priceCell);

  // MI100 node-hours: Lab 5 (191 students x 3 h, bare metal at 1x) and the project's share of
  // its GPU hours (spread over the reserved pool), measured by the first repricing below.
  const labMi100Hours = 191 * 3;

  // g4ad.8xlarge (2 GPUs, like the MI100 node) at $1.734/h instead of a quarter of a p3dn.24xlarge ($7.803/h).
  // Its AMD GPUs are not among the suitable stand-ins, so it is offered once all offers are shown.
  assert.equal(await mi100.locator('option[value="aws/g4ad.8xlarge"]').count(), 0);
  await page.getByTestId('show-all-offers').check();
  await mi100.locator('option[value="aws/g4ad.8xlarge"]').waitFor({ state: 'attached' });
  assert.equal(await text(page, 'total-cost'), totalBefore, 'showing more offers alone changes nothing');
  await mi100.selectOption('aws/g4ad.8xlarge');
  const cheaperText = await changed(page, 'total-cost', totalBefore);
  const cheaper = parse(cheaperText);
  const mi100Hours = (parse(totalBefore) - cheaper) / (31.212 / 4 - 1.734);
  assert.ok(mi100Hours > labMi100Hours + 1, `MI100 hours ${mi100Hours}: Lab 5 and some of the project`);
  assert.ok(mi100Hours < labMi100Hours + GPU_HOURS, `MI100 hours ${mi100Hours}: the project's GPU hours are shared`);
  await mi100Row.locator('.badge', { hasText: 'your choice' }).waitFor();
  // Prices per hour to four significant digits (issue 36).
  assert.equal((await mi100Row.locator('td.num').textContent()).trim(), '$1.734/h');

  // A whole p4d (8 A100s) for a 2-GPU node: a quarter of one, dearer.
  await mi100.selectOption('aws/p4d.24xlarge');
  const a100 = parse(await changed(page, 'total-cost', cheaperText));
  assert.ok(a100 > cheaper, `p4d ${a100} > g4ad ${cheaper}`);

  await mi100Row.getByRole('button', { name: 'Back to the default' }).click();
  await shows(page, 'total-cost', totalBefore);
  await mi100Row.locator('.badge').waitFor({ state: 'detached' });
  assert.equal(await mi100.inputValue(), 'aws/p3dn.24xlarge');

  // A custom offer: 2 GPUs at $3/h stands in one for one.
  await openFold(page, 'custom-offer');
  const form = page.getByTestId('custom-offer-form');
  await form.getByLabel('Name (e.g. University GPU cluster)', { exact: true }).fill('Campus MI100');
  await form.getByLabel('vCPUs', { exact: true }).fill('64');
  await form.getByLabel('Memory (GB)', { exact: true }).fill('256');
  await form.getByLabel('GPU model', { exact: true }).fill('AMD MI100');
  await form.getByLabel('GPUs', { exact: true }).fill('2');
  await form.getByLabel('Memory per GPU (GB)', { exact: true }).fill('32');
  await form.getByLabel('Price (US$ per hour)', { exact: true }).fill('3');
  await form.getByRole('button', { name: 'Add offer' }).click();
  await mi100.locator('option[value="custom/1"]').waitFor({ state: 'attached' });
  assert.equal(await form.getByTestId('field-error').count(), 0);
  assert.equal(await text(page, 'total-cost'), totalBefore, 'adding an offer alone changes nothing');

  await mi100.selectOption('custom/1');
  const custom = parse(await changed(page, 'total-cost', totalBefore));
  const expectedCustom = parse(totalBefore) - mi100Hours * (31.212 / 4 - 3);
  assert.ok(Math.abs(custom - expectedCustom) <= 3, `custom total ${custom}, expected ${expectedCustom}`);
  await mi100Row.locator('.badge', { hasText: 'your choice' }).waitFor();
  assert.equal((await mi100Row.locator('td.num').textContent()).trim(), '$3.00/h');

  await closeClean(page);
});

test('invalid input shows an error at the field and keeps the last result', async () => {
  const page = await openCalculator(browser, server.url);
  const totalBefore = await text(page, 'total-cost');
  const labHours = field(page, LAB2_HOURS);
  const labField = page.locator('.field', { has: labHours });
  const discount = page.getByTestId('discount-input');
  const discountField = page.locator('.field', { has: discount });

  await openLab(page, 1);
  await labHours.fill('-3');
  await labField.getByTestId('field-error').waitFor();
  assert.equal(await labHours.inputValue(), '-3');
  assert.equal(await labHours.getAttribute('aria-invalid'), 'true');
  assert.equal(await text(page, 'total-cost'), totalBefore);

  await showView(page, 'prices');
  await discount.fill('abc');
  await discountField.getByTestId('field-error').waitFor();
  assert.match(await discountField.getByTestId('field-error').textContent(), /"abc" is not a number/);
  assert.equal(await discount.inputValue(), 'abc');
  assert.equal(await text(page, 'total-cost'), totalBefore);
  await showView(page, 'results');
  assert.equal(await text(page, 'lab-instance-hours'), count(LAB_HOURS));
  // Each view keeps what was typed in it, with its error, while the other view is shown.
  await showView(page, 'course');
  await openLab(page, 1);
  assert.equal(await labHours.inputValue(), '-3', 'the other field keeps its text too');
  assert.equal(await labField.getByTestId('field-error').count(), 1);
  await showView(page, 'prices');
  assert.equal(await discount.inputValue(), 'abc');
  assert.equal(await discountField.getByTestId('field-error').count(), 1);

  await showView(page, 'course');
  await openLab(page, 1);
  await labHours.fill('4.5');
  await labField.getByTestId('field-error').waitFor({ state: 'detached' });
  assert.equal(await labHours.getAttribute('aria-invalid'), null);
  assert.equal(await page.getByTestId('field-error').count(), 0);
  await showView(page, 'prices');
  assert.equal(await discountField.getByTestId('field-error').count(), 1, 'the discount is still wrong');
  await discount.fill('0');
  await discountField.getByTestId('field-error').waitFor({ state: 'detached' });
  assert.equal(await page.getByTestId('field-error').count(), 0);
  assert.equal(await text(page, 'total-cost'), totalBefore);

  await closeClean(page);
});

test('presets load whole scenarios', async () => {
  const page = await openCalculator(browser, server.url);
  const preset = page.getByTestId('preset-select');
  const ids = await preset.locator('option').evaluateAll((os) => os.map((o) => o.value));
  assert.ok(ids.length >= 3, `presets: ${ids}`);
  for (const id of ['paper-s25-v3', 'cpu-only-v3', 'gpu-heavy-v3']) assert.ok(ids.includes(id), `${id} in ${ids}`);
  assert.equal(await preset.inputValue(), 'paper-s25-v3');
  const paperTotal = await text(page, 'total-cost');
  const paperLabs = await page.getByTestId('lab-editor').count();

  await preset.selectOption('cpu-only-v3');
  await changed(page, 'total-cost', paperTotal);
  const cpuLabs = await page.getByTestId('lab-editor').count();
  assert.ok(cpuLabs < paperLabs, `${cpuLabs} labs < ${paperLabs}`);
  assert.ok((await number(page, 'total-cost')) < parse(paperTotal));
  await showView(page, 'results');
  await shows(page, 'gpu-share', '0%');

  await showView(page, 'course');
  await preset.selectOption('gpu-heavy-v3');
  await showView(page, 'results');
  await page.waitForFunction(() => document.querySelector('[data-testid="gpu-share"]').textContent.trim() !== '0%', null, { timeout: WAIT });
  assert.ok((await number(page, 'gpu-share')) > 50, `GPU share ${await text(page, 'gpu-share')}`);

  await showView(page, 'course');
  await preset.selectOption('paper-s25-v3');
  await shows(page, 'total-cost', paperTotal);
  assert.equal(await page.getByTestId('lab-editor').count(), paperLabs);
  await showView(page, 'results');
  await shows(page, 'lab-instance-hours', count(LAB_HOURS));
  assert.equal(await text(page, 'project-instance-hours'), count(PROJECT_HOURS));
  assert.equal(await text(page, 'total-cost'), paperTotal);

  // An edit makes it "your edited scenario"; loading the preset again undoes the edit.
  await showView(page, 'course');
  await page.getByTestId('students-input').fill('100');
  await changed(page, 'total-cost', paperTotal);
  await page.waitForFunction(() => document.querySelector('[data-testid="preset-select"]').value === '', null, { timeout: WAIT });
  await preset.selectOption('paper-s25-v3');
  await shows(page, 'total-cost', paperTotal);
  assert.equal(await page.getByTestId('students-input').inputValue(), '191');
  await showView(page, 'results');
  await shows(page, 'lab-instance-hours', count(LAB_HOURS));

  await closeClean(page);
});

test('every chart is labelled, painted, redrawn on edits and has a table twin', async () => {
  const page = await openCalculator(browser, server.url);
  const charts = ['chart-cost-by-lab', 'chart-providers', 'chart-hours', 'chart-categories'];
  /** The Results view with both folds of charts open. */
  const showCharts = async () => {
    await showView(page, 'results');
    await openFold(page, 'providers');
    await openFold(page, 'more-charts');
  };
  await showCharts();
  for (const id of charts) await showChart(page, id);
  const before = {};
  for (const id of charts) {
    const canvas = page.getByTestId(id);
    assert.equal(await canvas.count(), 1, id);
    assert.ok((await canvas.getAttribute('aria-label'))?.trim().length > 10, `${id} has an aria-label`);
    assert.equal(await canvas.getAttribute('role'), 'img');
    before[id] = await canvasPixels(page, id);
    assert.ok(before[id].painted > 1000, `${id} painted: ${before[id].painted} pixels`);
  }
  const labels = Object.fromEntries(
    await Promise.all(charts.map(async (id) => [id, await page.getByTestId(id).getAttribute('aria-label')])),
  );

  // Twice the students: every chart's numbers move, so every chart is redrawn.
  await showView(page, 'course');
  await page.getByTestId('students-input').fill('382');
  await showCharts();
  await shows(page, 'lab-instance-hours', '219,674');
  for (const id of charts) {
    await page.getByTestId(id).scrollIntoViewIfNeeded();
    await page.waitForFunction(
      ([testid, hash]) => {
        const el = document.querySelector(`[data-testid="${testid}"]`);
        const { data } = el.getContext('2d').getImageData(0, 0, el.width, el.height);
        let h = 0;
        for (let i = 0; i < data.length; i += 4) {
          h = (Math.imul(h, 31) + (data[i] | (data[i + 1] << 8) | (data[i + 2] << 16)) + data[i + 3] * 7919) | 0;
        }
        return h !== hash;
      },
      [id, before[id].hash],
      { timeout: WAIT },
    );
    const after = await canvasPixels(page, id);
    assert.ok(after.painted > 1000, `${id} still painted after the edit`);
    assert.notEqual(await page.getByTestId(id).getAttribute('aria-label'), labels[id], `${id} label follows`);
  }

  // Each chart's numbers as a table, behind a disclosure.
  for (const id of charts) {
    const figure = page.locator('figure.chart', { has: page.getByTestId(id) });
    const twin = figure.locator('details.chart-twin');
    assert.equal((await twin.locator('summary').textContent()).trim(), 'Show the numbers as a table');
    const table = twin.locator('table');
    assert.equal(await table.isVisible(), false, `${id}: table hidden until opened`);
    await twin.locator('summary').click();
    await table.waitFor({ state: 'visible' });
    assert.ok((await table.locator('tbody tr').count()) >= 2, `${id}: table has rows`);
  }
  // The cost-by-lab table lists every lab and the project, the provider table every provider.
  const costTable = page.locator('figure.chart', { has: page.getByTestId('chart-cost-by-lab') }).locator('table');
  assert.equal(await costTable.locator('tbody tr').count(), 9);
  const providerTable = page.locator('figure.chart', { has: page.getByTestId('chart-providers') }).locator('table');
  const providerRows = await providerTable.locator('tbody tr').count();
  await showView(page, 'prices');
  assert.equal(providerRows, await page.getByTestId('provider-select').locator('option').count());

  await closeClean(page);
});

test('a breakdown row opens to the math behind it', async () => {
  const page = await openCalculator(browser, server.url);
  // At the paper's semester prices, which the figures below are read from.
  await atPaperPrices(page, 'results');
  const table = page.getByTestId('breakdown-table');
  const first = table.locator('tbody button[aria-expanded]').first();
  assert.equal(await first.getAttribute('aria-expanded'), 'false');
  assert.equal(await table.locator('.math-row').count(), 0);

  await first.click();
  await table.locator('.math-row').first().waitFor();
  assert.equal(await first.getAttribute('aria-expanded'), 'true');
  const math = await table.locator('.math-row').allTextContents();
  assert.ok(math.length >= 1);
  for (const row of math) {
    assert.match(row, /×/, row);
    assert.match(row, /=/, row);
  }
  // Lab 1: 191 students x one m1.small for 3 h, at the calibrated VM overrun, on AWS's t3.small
  // (its list price of 2025-03-24, Karpenter's AWS price map).
  const overrun = LAB_VM_OVERRUN.toFixed(2).replace('.', '\\.');
  assert.match(math[0], new RegExp(`^KVM@TACC, Small VM \\(1 vCPU, 2 GB\\) · m1\\.small on AWS t3\\.small: 191 students × 1 instance × 3 h × ${overrun} overrun × \\$[0-9.]+\\/h \\(t3\\.small × 1, as of 2025-03-24\\) = \\$[0-9,]+ `));

  // Lab 4 has two options: its math names them.
  const lab4 = table.locator('tbody button[aria-expanded]').nth(3);
  await lab4.click();
  await page.waitForFunction(
    () => [...document.querySelectorAll('.math-row')].some((r) => r.textContent.startsWith('A: 4x A100')),
    null,
    { timeout: WAIT },
  );

  await first.click();
  await page.waitForFunction(() => ![...document.querySelectorAll('.math-row')].some((r) => r.textContent.startsWith('KVM@TACC, Small VM')), null, { timeout: WAIT });
  assert.ok((await table.locator('.math-row').count()) > 0, 'Lab 4 stays open');
  assert.equal(await first.getAttribute('aria-expanded'), 'false');
  await closeClean(page);
});

test('on a 360 px phone the page does not scroll sideways', async () => {
  const phone = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const page = await openCalculator(phone, server.url);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scrollWidth <= 361, `document is ${scrollWidth} px wide`);
  await showView(page, 'results');
  assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 361);
  for (const id of ['total-cost', 'cost-per-student', 'lab-instance-hours', 'project-instance-hours', 'gpu-share']) {
    await page.getByTestId(id).scrollIntoViewIfNeeded();
    const figure = page.getByTestId(id);
    assert.ok(await figure.isVisible(), `${id} visible`);
    const box = await figure.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 360, `${id} inside the screen: ${JSON.stringify(box)}`);
  }
  // Still no sideways scrolling after opening the widest content.
  await page.getByTestId('breakdown-table').locator('tbody button[aria-expanded]').first().click();
  await page.getByTestId('breakdown-table').locator('.math-row').first().waitFor();
  assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 361);
  assert.deepEqual(page.problems, []);
  await phone.close();
});

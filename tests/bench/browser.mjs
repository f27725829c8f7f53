// Browser benchmark of the release build (run `trunk build --release --offline` first):
//
//   node tests/bench/browser.mjs                      (serves dist/)
//   BENCH_DIST=/tmp/copy node tests/bench/browser.mjs (serves another copy of a build)
//
// Serves the build on loopback, drives Debian's headless Chromium and prints what a reader feels,
// as ratios taken in one run on one machine (so a busy or slow machine shifts both sides alike):
//   a) edit -> painted frame, p95: an input event on students-input (the Course view, the default
//      view), at a random moment, to the end of the first frame that shows the new total-cost in
//      the summary bar; for the app and for a bare page from the same server (an input that
//      rewrites one text node), at full speed and with the CPU throttled 4x (CDP
//      Emulation.setCPUThrottlingRate), in three rounds with the two pages interleaved. Goal: at
//      4x throttling the app's p95 within 10% of the bare page's (ratio <= 1.10) in the median
//      round; the rounds' range is printed, as one round on a shared 2-core machine can be off by
//      more than the 10% the goal allows. Also the frame-aligned time (input at a frame's start: the
//      app's work plus the frame's rendering; goal at full speed: p95 under 8 ms),
//   b) cold load, from navigation start (performance.now() in the page): to the first figures
//      (total-cost has a number) and to interactive (an input event first changes total-cost), at
//      full speed and at 4x throttling (goal at full speed: first figures under 500 ms),
//   c) the gzipped size of everything the page downloads (goal: at most 250 kB), and whether every
//      request stayed on the loopback origin,
//   d) the Monte Carlo of the per-student spread for the default scenario (10,000 course runs of
//      191 students; Plan view, fold "spread", which simulates once opened): its computing time
//      summed over slices, as the page reports it in the status's data-compute-ms (goal: under
//      50 ms), and its wall time, median of 5 page loads,
//   e) a keystroke while a Monte Carlo runs: keydown -> the frame showing the new total-cost, typed
//      into the Plan view's VM lease cap (a field that changes the total; the enrollment is in the
//      Course view, not shown with the spread), with 1,000 students so a run lasts many slices
//      (goal: p95 under 200 ms), full speed and 4x throttled,
//   f) hostile share links (20,000 characters; 150 labs): navigation start -> first figures and
//      -> the notice shown (the browser tests check only what they show; goal: under 5 s),
//   g) long tasks (PerformanceObserver 'longtask') during the Monte Carlo of a 100,000-student
//      course: their number, the longest and the total blocking time (the sum of each task's
//      time over 50 ms), from the status's first showing to the frame showing the result, full
//      speed and 4x throttled (goal at 4x: longest under 200 ms); the long tasks of opening the
//      Plan view and the fold, before the run starts, are printed apart.
//   h) reading a FOCUS bill of about 200 MB (tests/e2e/focus_export.mjs, FOCUS 1.2 AWS rows)
//      through the Plan view's focus-file: rows per second from the file's change event to
//      focus-summary on the page, and the longest gap between animation frames meanwhile
//      (printed; the issue's bar is half a second, no goal is asserted anywhere),
//   i) hostile bills (issue 37, tests/bench/hostile_bills.mjs): 100,000 distinct instance types
//      (about 40 MB), a header of 100,000 columns, and a .csv.gz bomb (about 9 MB unpacking to
//      2 GB of valid rows), each read through focus-file at full speed: the longest task
//      (PerformanceObserver 'longtask') from the file's change event to the page showing the
//      bill or the refusal (goal: none over 200 ms), and the memory above the page at rest: the
//      renderer process's peak resident set (Linux /proc VmHWM, its peak cleared at rest)
//      less its resident set at rest (goal: at most 64 MB), with the wasm's linear memory and
//      the JavaScript heap before and after; and gzip that unpacks to nothing (issue 42): 5,000,000
//      empty members before a bill, 100 MB of empty stored blocks before it, and a 100 MB
//      file-name field (refused past its cap), with the same two figures and goals.
//      `BENCH_ONLY=i` runs it alone.
// A compact table of every figure ends the output. It never fails on a missed goal; it exits
// non-zero only when something could not be measured (or a request left loopback, which leaves
// the download size incomplete). Every wait is for an event, with deadlines generous enough for a
// slow, busy machine: a slow machine shifts the figures, it does not fail a section.

import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { DIST as DEFAULT_DIST, countSlices, launch, serve } from '../e2e/support.mjs';
import { focusExport } from '../e2e/focus_export.mjs';
import { mkdtemp, readFile as readText, rm, writeFile } from 'node:fs/promises';
import {
  emptyMembers, emptyStoredBlocks, gzipBomb, longFileName, manyTypes, wideHeader,
} from './hostile_bills.mjs';
import {
  BARE_PAGE,
  armKeystroke,
  changedFrom,
  gzip9,
  kb,
  measureEdits,
  median,
  ms,
  openPlanFold,
  percentile,
  ratio,
  readLongTasks,
  recordLoad,
  recordLongTasks,
  recordSimulation,
  simulationState,
  speed,
  stats,
  throttle,
  verdict,
  watch,
  within,
} from './bench_support.mjs';

const DIST = resolve(process.env.BENCH_DIST ?? DEFAULT_DIST);
const EDITS = 100; // per page, CPU speed and round
const ROUNDS = 3; // app and bare page interleaved, per CPU speed: one round's ratio can be far off
const ENROLLMENTS = [150, 220, 310, 400]; // cycled, so every edit changes every figure
const THROTTLE = 4; // CDP Emulation.setCPUThrottlingRate
const COLD_LOADS = 8;
const COLD_LOADS_THROTTLED = 4;
const VIEWPORT = { width: 1280, height: 900 };
const GOAL_RATIO = 1.1; // the app's p95 at most 10% above the bare page's, at 4x throttling
const GOAL_EDIT_P95_MS = 8;
const GOAL_LOAD_MS = 500;
const GOAL_GZIP_BYTES = 250_000; // 250 kB, decimal: at most
const MONTE_CARLO_LOADS = 5;
const GOAL_MONTE_CARLO_MS = 50;
const KEYSTROKES = 20; // per CPU speed
const KEYSTROKE_STUDENTS = 1_000;
// Caps typed over the field's selected text, one key each; each changes the total (1,000 students).
const LEASE_CAPS = ['5', '8', '4', '9', '6', '3', '7'];
const GOAL_KEYSTROKE_MS = 200;
const HOSTILE_LOADS = 3;
const GOAL_HOSTILE_LOAD_MS = 5_000;
const HUGE_COURSE = 100_000;
const GOAL_LONGEST_TASK_MS = 200;
const FOCUS_MB = 200; // the size of the FOCUS bill read in section h
const HOSTILE_TYPES = 100_000; // section i: distinct instance types, and header columns
const BOMB_BYTES = 2e9; // section i: the bomb's unpacked size
const EMPTY_MEMBERS = 5_000_000; // section i: empty gzip members before a bill
const EMPTY_GZIP_BYTES = 100e6; // section i: empty stored blocks, and the file-name field
const GOAL_BILL_MB = 64; // above the page at rest, while reading any bill
const GOAL_BILL_TASK_MS = 200; // the longest task while reading any bill, full speed
// Deadlines: long, so a slow machine is slow but never fails a section. A page action (a click, a
// view shown, a figure updated) gets ACTION; a whole simulation, RUN.
const ACTION = 120_000;
const RUN = 600_000;

let failed = false;
/** The compact table printed at the end: [figure, value, goal, verdict]. */
const summary = [];

/** The sections to run: all, or those `BENCH_ONLY` lists by letter (`BENCH_ONLY=a,g`). */
const ONLY = process.env.BENCH_ONLY?.split(',').map((letter) => letter.trim());

/** Runs one section; a throw means the figure could not be measured. */
async function section(title, body) {
  if (ONLY && !ONLY.includes(title.slice(0, 1))) return;
  console.log(`\n${title}`);
  try {
    await body();
  } catch (error) {
    failed = true;
    console.log(`  COULD NOT MEASURE: ${error.message.split('\n')[0]}`);
    summary.push([title.replace(/ \(.*$/, ''), 'could not measure', '', '']);
  }
}

const server = await serve(DIST, { '/bare.html': ['text/html; charset=utf-8', BARE_PAGE] });
const origin = new URL(server.url).origin;
const browser = await launch();
const requested = [];
const problems = [];

/** A fresh context (no cache) with a page whose requests and errors are recorded. */
async function freshPage(...inits) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  for (const init of inits) await context.addInitScript(init);
  const page = await context.newPage();
  page.setDefaultTimeout(ACTION);
  watch(page, requested, problems);
  return { context, page };
}

/**
 * Opens the app and types `students` into the Course view's enrollment; resolves once total-cost
 * shows the new figure. students-input exists only once the app runs (the prerendered page has
 * no data-testid), so the edit always reaches the app.
 */
async function appWithStudents(page, students) {
  await page.goto(server.url);
  const input = page.getByTestId('students-input');
  await input.waitFor({ timeout: ACTION });
  const before = (await page.getByTestId('total-cost').textContent({ timeout: ACTION })).trim();
  if ((await input.inputValue()) === String(students)) return;
  await input.fill(String(students));
  await changedFrom(page, 'total-cost', before, ACTION);
}

/** The page's spread simulation, once finished (recordSimulation must be installed). */
const simulationFinished = (page) =>
  within(page.evaluate(() => window.__simulationFinished), RUN, 'the spread simulation never finished');

/** A share-link payload as a hand-written link carries it: base64url of plain JSON. */
const plainPayload = (value) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** One round of edits on the app or the bare page, in a fresh context, at a CPU speed. */
async function editsOn(target, rate) {
  const { context, page } = await freshPage();
  try {
    await page.goto(target === 'app' ? server.url : `${server.url}bare.html`);
    // The app's students-input appears once the app runs (the prerendered page has none).
    await page.getByTestId('students-input').waitFor({ timeout: ACTION });
    await page.getByTestId('total-cost').waitFor({ timeout: ACTION });
    // Loaded at full speed; only the edits are throttled.
    await throttle(page, rate);
    return await within(
      page.evaluate(measureEdits, { enrollments: ENROLLMENTS, edits: EDITS }),
      RUN,
      `the ${target} page's edits`,
    );
  } finally {
    await context.close();
  }
}

/**
 * ROUNDS rounds of edits at one CPU speed, the app and the bare page interleaved: every sample of
 * each page pooled, and each round's ratio of the two pages' p95 (input at a random moment).
 */
async function editRounds(rate) {
  const samples = () => ({ aligned: [], work: [], phased: [], late: 0 });
  const pooled = { app: samples(), bare: samples() };
  const ratios = [];
  for (let round = 1; round <= ROUNDS; round++) {
    // Alternating which page goes first, so a drift in the machine's load favours neither.
    const order = round % 2 ? ['app', 'bare'] : ['bare', 'app'];
    const p95 = {};
    for (const target of order) {
      const result = await editsOn(target, rate);
      for (const key of ['aligned', 'work', 'phased']) pooled[target][key].push(...result[key]);
      pooled[target].late += result.late;
      p95[target] = { felt: percentile(result.phased, 0.95), aligned: percentile(result.aligned, 0.95) };
    }
    ratios.push(p95.app.felt / p95.bare.felt);
    console.log(
      `  round ${round}, ${speed(rate)}: p95 app ${ms(p95.app.felt)}, bare ${ms(p95.bare.felt)}, ` +
        `ratio ${ratio(ratios.at(-1))} (frame-aligned ${ms(p95.app.aligned)} / ${ms(p95.bare.aligned)})`,
    );
  }
  return { pooled, ratios };
}

/** The renderer processes of the benchmark's Chromium (their pids), from its CDP SystemInfo. */
async function rendererPids() {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
    return processInfo.filter((p) => p.type === 'renderer').map((p) => p.id);
  } finally {
    await cdp.detach();
  }
}

/** A process's resident set and its peak (bytes), from /proc/<pid>/status. */
async function residentSet(pid) {
  const status = await readText(`/proc/${pid}/status`, 'utf8');
  const kB = (name) => Number(status.match(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm'))?.[1] ?? NaN) * 1024;
  return { now: kB('VmRSS'), peak: kB('VmHWM') };
}

/** In the page: keeps the wasm's memory once the app has started (Trunk's start event). */
function keepWasmMemory() {
  addEventListener('TrunkApplicationStarted', (event) => {
    window.__wasmMemory = event.detail?.wasm?.memory;
  });
}

/** In the page: the wasm's linear memory and the JavaScript heap in use (bytes). */
function pageMemory() {
  return { wasm: window.__wasmMemory?.buffer.byteLength ?? NaN, js: performance.memory?.usedJSHeapSize ?? NaN };
}

const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

/**
 * In the page: from focus-file's next change event until an element `[data-testid=shows]` is
 * there, its start and end (ms) and the longest gap between frames, in `window.__billRead`.
 */
function watchBillRead(shows) {
  const state = { start: 0, end: 0, last: 0, gap: 0 };
  window.__billRead = state;
  document.querySelector('[data-testid="focus-file"]').addEventListener('change', () => {
    state.start = performance.now();
    state.last = state.start;
    const frame = (now) => {
      state.gap = Math.max(state.gap, now - state.last);
      state.last = now;
      // Frame times can precede the change event's handler: the end is the clock's.
      if (document.querySelector(`[data-testid="${shows}"]`)) state.end = performance.now();
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/** Picks the bill at `path` in focus-file and waits for `shows`: the read's times (watchBillRead). */
async function timeBillRead(page, path, shows) {
  await page.evaluate(watchBillRead, shows);
  await page.getByTestId('focus-file').setInputFiles(path);
  await page.waitForFunction(() => window.__billRead.end > 0, null, { timeout: RUN });
  return page.evaluate(() => window.__billRead);
}

/**
 * Reads one hostile bill through focus-file in a fresh page at full speed: from the file's change
 * event to the page showing `bill.shows`, the longest task and the longest frame gap; the
 * renderer's peak resident set above its resident set at rest (the peak cleared at rest).
 */
async function readHostileBill(bill) {
  const { context, page } = await freshPage(recordLongTasks, keepWasmMemory);
  try {
    await page.goto(server.url);
    await openPlanFold(page, 'focus', ACTION);
    await page.getByTestId('focus-file').waitFor({ timeout: ACTION });
    // At rest: after a collection, two frames and a quiet half second.
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(ok, 500)))));
    const pids = await rendererPids();
    const rest = new Map();
    for (const pid of pids) {
      rest.set(pid, (await residentSet(pid)).now);
      await writeFile(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM to the current RSS
    }
    const before = await page.evaluate(pageMemory);
    const read = await timeBillRead(page, bill.path, bill.shows);
    await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 100))));
    const tasks = (await page.evaluate(readLongTasks)) ?? [];
    const during = tasks.filter((task) => task.start >= read.start && task.start < read.end);
    const longest = Math.max(0, ...during.map((task) => task.duration));
    let above = 0;
    for (const pid of pids) {
      const { peak } = await residentSet(pid);
      above = Math.max(above, peak - rest.get(pid));
    }
    const after = await page.evaluate(pageMemory);
    const shown = (await page.getByTestId(bill.shows).first().textContent()).trim();
    const seconds = (read.end - read.start) / 1000;
    const size = bill.unpacked ? `${mb(bill.bytes)} unpacking to ${mb(bill.unpacked)}` : mb(bill.bytes);
    console.log(
      `  ${bill.label} (${size}${bill.rows ? `, ${bill.rows.toLocaleString('en-US')} rows` : ''}): ` +
        `${bill.shows} after ${seconds.toFixed(1)} s; ${during.length} long task(s), longest ${ms(longest)}, ` +
        `longest frame gap ${ms(read.gap)}; renderer peak ${mb(above)} above the page at rest ` +
        `(wasm memory ${mb(before.wasm)} -> ${mb(after.wasm)}, JS heap ${mb(before.js)} -> ${mb(after.js)})`,
    );
    if (bill.shows === 'focus-error') console.log(`    the page says: ${shown.slice(0, 160)}`);
    console.log(
      `    goals: longest task < ${GOAL_BILL_TASK_MS} ms: ${verdict(longest < GOAL_BILL_TASK_MS)}; ` +
        `at most ${GOAL_BILL_MB} MB above rest: ${verdict(above <= GOAL_BILL_MB * 1e6)}`,
    );
    summary.push([
      `bill: ${bill.label}`,
      `longest task ${ms(longest)}, +${mb(above)}, ${seconds.toFixed(1)} s`,
      `task < ${GOAL_BILL_TASK_MS} ms, <= ${GOAL_BILL_MB} MB`,
      verdict(longest < GOAL_BILL_TASK_MS && above <= GOAL_BILL_MB * 1e6),
    ]);
  } finally {
    await context.close();
  }
}

const began = Date.now();
try {
  const cpus = os.cpus();
  const load = os.loadavg()[0];
  console.log(`Course cost calculator: browser benchmark (release build in ${DIST}, on loopback)`);
  console.log(
    `Chromium ${browser.version()} headless, ${cpus.length} cores (${cpus[0]?.model.trim()}), ` +
      `load average ${load.toFixed(2)}, viewport ${VIEWPORT.width}x${VIEWPORT.height}`,
  );
  if (load > cpus.length / 2) {
    console.log('Note: other processes keep this machine busy; the timings below are inflated.');
  }

  const editTitle =
    `a) Edit -> painted frame, the app and a bare page (students-input in the Course view -> ` +
    `total-cost, ${ROUNDS} interleaved rounds of ${EDITS} edits each way, cycling ` +
    `${ENROLLMENTS.join(', ')}), at full speed and ${THROTTLE}x throttled`;
  await section(editTitle, async () => {
    for (const rate of [1, THROTTLE]) {
      const { pooled, ratios } = await editRounds(rate);
      for (const target of ['app', 'bare']) {
        const result = pooled[target];
        const late = result.late ? `${result.late} edit(s) missed their frame` : 'none missed its frame';
        console.log(`  ${target === 'app' ? 'app' : 'bare page'}, ${speed(rate)}, all rounds`);
        console.log(`    input at a random moment -> its frame painted: ${stats(result.phased)}`);
        console.log(`    input at frame start (work + rendering):       ${stats(result.aligned)}, ${late}`);
        if (target === 'app' && result.work.length) {
          console.log(`      of which app work (event, Yew, render):      ${stats(result.work)}`);
        }
      }
      // The verdict is on the median round; the range shows how far one round can be off.
      const felt = median(ratios);
      const spread = `rounds ${ratio(Math.min(...ratios))}-${ratio(Math.max(...ratios))}`;
      const goal = rate === THROTTLE
        ? `  goal: within ${Math.round((GOAL_RATIO - 1) * 100)}% of the bare page's: ${verdict(felt <= GOAL_RATIO)}`
        : '';
      console.log(`  ${speed(rate)}: p95 ratio app / bare, median round ${ratio(felt)} (${spread})${goal}`);
      summary.push([
        `edit -> painted frame p95, app / bare, ${speed(rate)}`,
        `${ratio(felt)} (${spread})`,
        rate === THROTTLE ? `<= ${ratio(GOAL_RATIO)}` : '',
        rate === THROTTLE ? verdict(felt <= GOAL_RATIO) : '',
      ]);
      const alignedApp = percentile(pooled.app.aligned, 0.95);
      const alignedBare = percentile(pooled.bare.aligned, 0.95);
      summary.push([
        `  frame-aligned work + rendering p95, all rounds, ${speed(rate)}`,
        `app ${ms(alignedApp)} / bare ${ms(alignedBare)} = ${ratio(alignedApp / alignedBare)}`,
        rate === 1 ? `app < ${GOAL_EDIT_P95_MS} ms` : '',
        rate === 1 ? verdict(alignedApp < GOAL_EDIT_P95_MS) : '',
      ]);
    }
  });

  const loadTitle =
    `b) Cold load from navigation start (${COLD_LOADS} loads at full speed, ${COLD_LOADS_THROTTLED} ` +
    `${THROTTLE}x throttled, each in a fresh context)`;
  await section(loadTitle, async () => {
    for (const [rate, count] of [[1, COLD_LOADS], [THROTTLE, COLD_LOADS_THROTTLED]]) {
      const loads = [];
      for (let i = 0; i < count; i++) {
        const { context, page } = await freshPage(recordLoad);
        try {
          await throttle(page, rate);
          await page.goto(server.url);
          await page.waitForFunction(() => window.__load?.interactiveAt, null, { timeout: ACTION });
          loads.push(
            await page.evaluate(() => ({
              figures: window.__load.figuresAt,
              interactive: window.__load.interactiveAt,
              html: performance.getEntriesByType('navigation')[0]?.responseEnd ?? NaN,
              wasm:
                performance.getEntriesByType('resource').find((e) => e.name.endsWith('.wasm'))
                  ?.responseEnd ?? NaN,
            })),
          );
        } finally {
          await context.close();
        }
      }
      const of = (key) => loads.map((entry) => entry[key]);
      const range = (key) => `median ${ms(median(of(key)))} (min ${ms(Math.min(...of(key)))}, max ${ms(Math.max(...of(key)))})`;
      console.log(`  ${speed(rate)}:`);
      console.log(`    -> first figures (a number in total-cost):  ${range('figures')}`);
      console.log(`    -> interactive (an edit changes total-cost): ${range('interactive')}`);
      console.log(`    medians on the way: HTML received ${ms(median(of('html')))}, wasm received ${ms(median(of('wasm')))}`);
      const met = median(of('figures')) < GOAL_LOAD_MS;
      if (rate === 1) console.log(`    goal: first figures < ${GOAL_LOAD_MS} ms: ${verdict(met)}`);
      summary.push([
        `cold load -> first figures, median, ${speed(rate)}`,
        ms(median(of('figures'))),
        rate === 1 ? `< ${GOAL_LOAD_MS} ms` : '',
        rate === 1 ? verdict(met) : '',
      ]);
      summary.push([`cold load -> interactive, median, ${speed(rate)}`, ms(median(of('interactive'))), '', '']);
    }
  });

  await section('c) Everything the page downloads, gzip -9 (node:zlib level 9)', async () => {
    const { context, page } = await freshPage();
    try {
      const responses = [];
      page.on('response', (response) => responses.push(response));
      const firstRequest = server.requests.length;
      await page.goto(server.url);
      await page.getByTestId('students-input').waitFor({ timeout: ACTION });
      // Lets late fetches (favicon, lazily loaded files) finish before counting.
      await page.waitForLoadState('networkidle');
      // One row per URL: a file fetched twice (the favicon can be) is counted once, and noted.
      const files = [];
      const add = (name, status, body, note = '') => {
        const known = files.find((file) => file.name === name);
        if (known) known.times++;
        else files.push({ name, status, note, times: 1, raw: body.length, gzip: gzip9(body).length });
      };
      for (const response of responses) {
        add(new URL(response.url()).pathname, response.status(), await response.body());
      }
      // The browser may fetch some files on its own (the favicon) without telling the page:
      // the server's log has them, and their bytes are the files it served from dist/.
      for (const path of new Set(server.requests.slice(firstRequest))) {
        if (files.some((file) => file.name === path)) continue;
        const file = join(DIST, path.endsWith('/') ? `${path}index.html` : path);
        const body = await readFile(file).catch(() => null);
        add(path, body ? 200 : 404, body ?? Buffer.alloc(0), '  (fetched by the browser itself)');
      }
      if (files.length === 0) throw new Error('the page received no responses');
      files.sort((a, b) => b.gzip - a.gzip);
      const width = Math.max(...files.map((file) => file.name.length), 'total'.length);
      const pad = (bytes) => String(bytes).padStart(9);
      const row = (name, raw, gzip) => `  ${name.padEnd(width)} ${pad(raw)} B raw ${pad(gzip)} B gzip`;
      for (const file of files) {
        const status = file.status === 200 ? '' : `  (HTTP ${file.status})`;
        const times = file.times > 1 ? `  (fetched ${file.times} times)` : '';
        console.log(row(file.name, file.raw, file.gzip) + status + file.note + times);
      }
      const raw = files.reduce((sum, file) => sum + file.raw, 0);
      const gzip = files.reduce((sum, file) => sum + file.gzip, 0);
      console.log(`${row('total', raw, gzip)} = ${kb(gzip)}`);
      console.log(`    goal <= ${kb(GOAL_GZIP_BYTES)}: ${verdict(gzip <= GOAL_GZIP_BYTES)}`);
      summary.push(['download, gzip -9', kb(gzip), `<= ${kb(GOAL_GZIP_BYTES)}`, verdict(gzip <= GOAL_GZIP_BYTES)]);
    } finally {
      await context.close();
    }
  });

  const monteCarloTitle =
    `d) Monte Carlo of the default scenario (10,000 course runs of 191 students, Plan view, fold ` +
    `"spread"; ${MONTE_CARLO_LOADS} loads, each in a fresh context)`;
  await section(monteCarloTitle, async () => {
    const runs = [];
    for (let i = 0; i < MONTE_CARLO_LOADS; i++) {
      const { context, page } = await freshPage(recordSimulation);
      try {
        // The spread lives in a fold of the Plan view, and simulates once it is opened. The tab
        // is clicked once the app runs (students-input is the app's), so the click is never lost
        // on the prerendered page.
        await page.goto(server.url);
        await page.getByTestId('students-input').waitFor({ timeout: ACTION });
        await openPlanFold(page, 'spread', ACTION);
        const shown = await simulationFinished(page);
        if (shown.runs !== '10000') throw new Error(`the status reports ${shown.runs} runs: "${shown.text}"`);
        if (!/ of 191 students/.test(shown.text)) throw new Error(`not the default scenario: "${shown.text}"`);
        const compute = Number(shown.computeMs);
        if (!(compute > 0)) throw new Error(`data-compute-ms is "${shown.computeMs}"`);
        const wall = Number(shown.text.match(/\(([0-9,.]+) ms with pauses for drawing\)/)?.[1].replace(/,/g, ''));
        if (!(wall > 0)) throw new Error(`no wall time in the status: "${shown.text}"`);
        runs.push({ compute, wall, observed: shown.doneAt - shown.shownAt });
      } finally {
        await context.close();
      }
    }
    const figure = (key) => {
      const values = runs.map((run) => run[key]);
      return `median ${ms(median(values))} (min ${ms(Math.min(...values))}, max ${ms(Math.max(...values))})`;
    };
    const computeMedian = median(runs.map((run) => run.compute));
    console.log(`  computing, summed over slices (data-compute-ms):        ${figure('compute')}`);
    console.log(
      `    goal < ${GOAL_MONTE_CARLO_MS} ms in the release build in headless Chromium: ` +
        `${verdict(computeMedian < GOAL_MONTE_CARLO_MS)}`,
    );
    console.log(`  wall, first slice to result, with pauses (status text): ${figure('wall')}`);
    console.log(`  status shown -> result shown (+ the 120 ms start delay): ${figure('observed')}`);
    summary.push([
      'Monte Carlo computing, median',
      ms(computeMedian),
      `< ${GOAL_MONTE_CARLO_MS} ms`,
      verdict(computeMedian < GOAL_MONTE_CARLO_MS),
    ]);
    summary.push(['Monte Carlo wall time, median', ms(median(runs.map((run) => run.wall))), '', '']);
  });

  // e) The enrollment is in the Course view, which is not shown with the spread, so the key goes
  // into a Plan-view field that changes the total: the VM lease cap (a lever; caps of 3 to 9
  // hours all give different totals for 1,000 students). Each key changes the simulation's inputs
  // too, so it restarts the run, and the next key waits until that run is two slices in: every
  // key lands while a simulation runs (keys that find it finished are counted apart).
  const keystrokeTitle =
    `e) A keystroke while the Monte Carlo runs (${KEYSTROKE_STUDENTS.toLocaleString('en-US')} students, ` +
    `${KEYSTROKES} keys into the Plan view's VM lease cap -> total-cost painted), full speed and ${THROTTLE}x throttled`;
  await section(keystrokeTitle, async () => {
    for (const rate of [1, THROTTLE]) {
      const { context, page } = await freshPage(countSlices);
      try {
        await appWithStudents(page, KEYSTROKE_STUDENTS);
        await page.getByTestId('tab-plan').click();
        await page.getByTestId('view-plan').waitFor({ timeout: ACTION });
        const field = page.locator('input[data-testid="lever-lease-cap-hours"]');
        await field.waitFor({ timeout: ACTION });
        await throttle(page, rate);
        let since = await page.evaluate(() => window.__slices);
        await openPlanFold(page, 'spread', ACTION);
        const during = [];
        let missed = 0;
        for (let i = 0; i < KEYSTROKES; i++) {
          // Focused with its text selected, so one key replaces the cap.
          await field.selectText();
          const state = await within(
            page.evaluate(simulationState, { since, timeout: RUN }),
            RUN + 10_000,
            'the spread simulation',
          );
          await page.evaluate(armKeystroke, { testid: 'lever-lease-cap-hours', timeout: ACTION });
          await page.keyboard.press(LEASE_CAPS[i % LEASE_CAPS.length]);
          const key = await within(page.evaluate(() => window.__keystroke), ACTION + 10_000, 'a keystroke');
          since = key.slices;
          if (state === 'running' && key.running) during.push(key.latency);
          else missed++;
        }
        if (during.length === 0) throw new Error(`no key landed while a simulation ran (${speed(rate)})`);
        const p95 = percentile(during, 0.95);
        const missedNote = missed ? `; ${missed} key(s) found the run finished, not counted` : '';
        console.log(`  ${speed(rate)}: ${during.length} keys during a run: ${stats(during)}${missedNote}`);
        console.log(`    goal p95 < ${GOAL_KEYSTROKE_MS} ms: ${verdict(p95 < GOAL_KEYSTROKE_MS)}`);
        summary.push([
          `keystroke during Monte Carlo -> painted, p95, ${speed(rate)}`,
          ms(p95),
          `< ${GOAL_KEYSTROKE_MS} ms`,
          verdict(p95 < GOAL_KEYSTROKE_MS),
        ]);
      } finally {
        await context.close();
      }
    }
  });

  const hostileTitle =
    `f) Hostile share links: navigation start -> first figures and -> the notice (${HOSTILE_LOADS} loads each)`;
  await section(hostileTitle, async () => {
    const links = {
      'a 20,000-character link': 'A'.repeat(20_000),
      'a link with 150 labs': plainPayload({ v: 1, p: 'paper-s25', l: Array.from({ length: 150 }, (_, i) => i % 8) }),
    };
    for (const [name, payload] of Object.entries(links)) {
      const figures = [];
      const notices = [];
      for (let i = 0; i < HOSTILE_LOADS; i++) {
        const { context, page } = await freshPage(() => { window.__poke = false; }, recordLoad);
        try {
          await page.goto(`${server.url}#s=${payload}`);
          await page.waitForFunction(() => window.__load?.figuresAt && window.__load.noticeAt, null, { timeout: ACTION });
          const mark = await page.evaluate(() => window.__load);
          figures.push(mark.figuresAt);
          notices.push(mark.noticeAt);
        } finally {
          await context.close();
        }
      }
      const worst = Math.max(...figures, ...notices);
      console.log(
        `  ${name}: first figures median ${ms(median(figures))}, notice median ${ms(median(notices))}; ` +
          `goal < ${GOAL_HOSTILE_LOAD_MS} ms: ${verdict(worst < GOAL_HOSTILE_LOAD_MS)}`,
      );
      summary.push([`${name} -> figures and notice, worst`, ms(worst), `< ${GOAL_HOSTILE_LOAD_MS} ms`, verdict(worst < GOAL_HOSTILE_LOAD_MS)]);
    }
  });

  // g) The longest main-thread task while a huge course is simulated: the slices are what a
  // keystroke waits behind. The run is from the status's first showing (the fold's first render)
  // to the end of the frame that shows the result (tasks starting in that span); opening the Plan
  // view and the fold (up to that first render) comes before, and is printed apart.
  const longTaskTitle =
    `g) Long tasks during a ${HUGE_COURSE.toLocaleString('en-US')}-student Monte Carlo ` +
    `(PerformanceObserver 'longtask'), full speed and ${THROTTLE}x throttled`;
  await section(longTaskTitle, async () => {
    for (const rate of [1, THROTTLE]) {
      const { context, page } = await freshPage(recordLongTasks, recordSimulation);
      try {
        await appWithStudents(page, HUGE_COURSE);
        if ((await page.evaluate(readLongTasks)) === null) {
          throw new Error('this Chromium has no long-task timing');
        }
        await throttle(page, rate);
        const opened = await page.evaluate(() => performance.now());
        await openPlanFold(page, 'spread', ACTION);
        const run = await simulationFinished(page);
        const wanted = ` of ${HUGE_COURSE.toLocaleString('en-US')} students`;
        if (!run.text.includes(wanted)) throw new Error(`not the ${HUGE_COURSE}-student course: "${run.text}"`);
        // A task's entry is queued once the task ends: one more frame, then what is queued.
        await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 100))));
        const tasks = await page.evaluate(readLongTasks);
        const inRun = tasks.filter((task) => task.start >= run.shownAt && task.start < run.paintedAt);
        const opening = tasks.filter((task) => task.start >= opened && task.start < run.shownAt);
        const longest = Math.max(0, ...inRun.map((task) => task.duration));
        const blocking = inRun.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
        const wall = run.paintedAt - run.shownAt;
        console.log(
          `  ${speed(rate)}: ${run.runs} course runs, status shown -> result painted ${ms(wall)} ` +
            `(${Number(run.computeMs).toFixed(1)} ms computing): ` +
            `${inRun.length} long task(s), longest ${ms(longest)}, total blocking ${ms(blocking)}`,
        );
        const openingLongest = Math.max(0, ...opening.map((task) => task.duration));
        console.log(`    before it, opening the Plan view and the fold: ${opening.length} long task(s), longest ${ms(openingLongest)}`);
        if (rate === THROTTLE) {
          console.log(`    goal: longest < ${GOAL_LONGEST_TASK_MS} ms: ${verdict(longest < GOAL_LONGEST_TASK_MS)}`);
        }
        summary.push([
          `long tasks in a ${HUGE_COURSE.toLocaleString('en-US')}-student run, ${speed(rate)}`,
          `${inRun.length}, longest ${ms(longest)}, TBT ${ms(blocking)}`,
          rate === THROTTLE ? `longest < ${GOAL_LONGEST_TASK_MS} ms` : '',
          rate === THROTTLE ? verdict(longest < GOAL_LONGEST_TASK_MS) : '',
        ]);
        // Not the simulation (it starts 120 ms after this render), so outside the goal; shown
        // because a reader opening the fold feels it too.
        summary.push([`  before it, opening Plan view + fold, ${speed(rate)}`, `${opening.length}, longest ${ms(openingLongest)}`, '', '']);
      } finally {
        await context.close();
      }
    }
  });

  // h) A 200 MB FOCUS bill read in slices: rows per second and the longest frame gap.
  await section(`h) Reading a ${FOCUS_MB} MB FOCUS bill (focus-file): rows per second, longest frame gap`, async () => {
    const rows = Math.round((FOCUS_MB * 1e6) / 420);
    const bill = focusExport(rows);
    const path = join(os.tmpdir(), `focus-bench-${process.pid}.csv`);
    await writeFile(path, bill.text);
    const { context, page } = await freshPage();
    try {
      await page.goto(server.url);
      await openPlanFold(page, 'focus', ACTION);
      await page.getByTestId('focus-file').waitFor({ timeout: ACTION });
      const read = await timeBillRead(page, path, 'focus-summary');
      const seconds = (read.end - read.start) / 1000;
      const perSecond = rows / seconds;
      const megabytes = bill.text.length / 1e6;
      console.log(
        `  ${rows.toLocaleString('en-US')} rows, ${megabytes.toFixed(0)} MB: read in ${seconds.toFixed(1)} s, ` +
          `${Math.round(perSecond).toLocaleString('en-US')} rows/s; longest frame gap ${ms(read.gap)}`,
      );
      summary.push([`FOCUS bill, ${megabytes.toFixed(0)} MB`, `${Math.round(perSecond).toLocaleString('en-US')} rows/s, longest frame gap ${ms(read.gap)}`, '', '']);
    } finally {
      await context.close();
      await rm(path, { force: true });
    }
  });

  // i) Hostile bills: the longest task and the memory above the page at rest while reading each.
  const hostileTitle37 =
    `i) Hostile bills (focus-file, full speed): ${HOSTILE_TYPES.toLocaleString('en-US')} distinct types, ` +
    `a ${HOSTILE_TYPES.toLocaleString('en-US')}-column header, a .csv.gz bomb of ${BOMB_BYTES / 1e9} GB unpacked, ` +
    `${EMPTY_MEMBERS.toLocaleString('en-US')} empty gzip members, ${EMPTY_GZIP_BYTES / 1e6} MB of empty stored blocks, ` +
    `a ${EMPTY_GZIP_BYTES / 1e6} MB file name: longest task, memory above the page at rest`;
  await section(hostileTitle37, async () => {
    const dir = await mkdtemp(join(os.tmpdir(), 'hostile-bills-'));
    try {
      const made = Date.now();
      const bills = [
        await manyTypes(dir, HOSTILE_TYPES),
        await wideHeader(dir, HOSTILE_TYPES),
        await gzipBomb(dir, BOMB_BYTES),
        await emptyMembers(dir, EMPTY_MEMBERS),
        await emptyStoredBlocks(dir, EMPTY_GZIP_BYTES),
        await longFileName(dir, EMPTY_GZIP_BYTES),
      ];
      console.log(`  (files written in ${((Date.now() - made) / 1000).toFixed(0)} s)`);
      for (const bill of bills) await readHostileBill(bill);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  // Every request of every page above; data: and blob: URLs never reach a network.
  const local = (url) => url.startsWith(`${origin}/`) || /^(data|blob):/.test(url);
  const away = requested.filter((url) => !local(url));
  console.log('');
  if (away.length === 0) {
    console.log(`Network: all ${requested.length} requests went to ${origin}; none left loopback.`);
  } else {
    failed = true;
    console.log(`Network: FAIL, ${away.length} of ${requested.length} requests left ${origin}:`);
    for (const url of new Set(away)) console.log(`  ${url}`);
  }
  if (problems.length) {
    console.log(`Page errors during the benchmark (${problems.length}):`);
    for (const problem of new Set(problems)) console.log(`  ${problem}`);
  }

  // The compact table of every figure above.
  const widths = [0, 1, 2].map((i) => Math.max(...summary.map((row) => row[i].length)));
  console.log(`\nSummary (${((Date.now() - began) / 1000).toFixed(0)} s)`);
  for (const [figure, value, goal, met] of summary) {
    const goalText = goal ? `goal ${goal.padEnd(widths[2])}  ${met}` : '';
    console.log(`  ${figure.padEnd(widths[0])}  ${value.padEnd(widths[1])}  ${goalText}`.trimEnd());
  }
} finally {
  await browser.close();
  await server.close();
}

process.exitCode = failed ? 1 : 0;

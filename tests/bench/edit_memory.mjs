// Wasm memory per edit (issue 37, item 3): the release build in headless Chromium, 4,000 edits of
// the enrollment field, each its own undo step (a value typed, then the field left), so the undo
// history fills (200 steps) after the first 200. Prints the wasm memory (the linear memory's
// size, which never shrinks: the high-water mark of what the app held) at the start and after
// 1,000, 2,000, 3,000 and 4,000 edits, then after 200 undos, and the ratio of the figure after
// 4,000 edits to the one after 1,000 (the goal: within 5%, i.e. at most 1.05).
//
//   node tests/bench/edit_memory.mjs                      (serves dist/)
//   BENCH_DIST=/tmp/copy node tests/bench/edit_memory.mjs (another copy of a build)
//   EDITS=8000 node tests/bench/edit_memory.mjs           (more edits; checkpoints every 1,000)
//   BATCH=1 node tests/bench/edit_memory.mjs              (a script's edits: 1,000 in one task)
//   TYPING=1 node tests/bench/edit_memory.mjs             (keystrokes, the field never left: one
//                                                          undo step for all; no undos after)
//
// Each edit is an input event and a blur, as a reader typing a number and tabbing on, with a task
// between edits, so the app's renders, effects and the address bar's debounce run as they do for
// a reader. BATCH=1 makes 1,000 edits in one task, which no reader can: the page then renders
// once per 1,000, holding the state it last rendered (a full history of its own) until the next
// render, so the figure steps up once by a history's size and stays there. Every checkpoint waits
// for the page to settle: the address bar holding the link of the last edit. It prints; it never
// fails on a figure.

import { resolve } from 'node:path';
import { DIST as DEFAULT_DIST, launch, openCalculator, serve } from '../e2e/support.mjs';

const DIST = resolve(process.env.BENCH_DIST ?? DEFAULT_DIST);
const EDITS = Number(process.env.EDITS ?? 4_000);
const CHECKPOINT = 1_000;
const UNDOS = 200;
const GOAL_RATIO = 1.05;
const TYPING = process.env.TYPING === '1';
const BATCH = process.env.BATCH === '1';

/** Keeps the wasm instance's memory where the page can read it: wasm-bindgen instantiates it. */
function keepWasmMemory() {
  const keep = (result) => {
    const instance = result.instance ?? result;
    if (instance?.exports?.memory) window.__wasmMemory = instance.exports.memory;
    return result;
  };
  for (const name of ['instantiateStreaming', 'instantiate']) {
    const original = WebAssembly[name];
    WebAssembly[name] = (...args) => original.apply(WebAssembly, args).then(keep);
  }
}

const mb = (bytes) => `${(bytes / 1_048_576).toFixed(2)} MB`;

const server = await serve(DIST);
const browser = await launch();
let failed = false;
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(keepWasmMemory);
  const page = await openCalculator(context, server.url);
  const memory = () => page.evaluate(() => window.__wasmMemory.buffer.byteLength);
  const how = TYPING ? 'typed without leaving the field (one undo step)' : 'each typed and left (one undo step each)';
  const when = BATCH ? ', 1,000 per task' : ', one per task';
  console.log(`Wasm memory per edit: ${EDITS.toLocaleString('en-US')} edits of students-input, ${how}${when}`);
  const figures = [['start', await memory()]];
  console.log(`  start: ${mb(figures[0][1])}`);
  for (let done = 0; done < EDITS; done += CHECKPOINT) {
    const count = Math.min(CHECKPOINT, EDITS - done);
    // Students 120..419, never the same twice in a row, so every edit changes the scenario.
    const last = await page.evaluate(async ({ from, count, typing, batch }) => {
      const input = document.querySelector('[data-testid="students-input"]');
      let students = 0;
      for (let i = from; i < from + count; i++) {
        students = 120 + (i % 300);
        input.focus();
        input.value = String(students);
        input.dispatchEvent(new InputEvent('input', { bubbles: true }));
        if (!typing) input.blur();
        if (!batch) await new Promise((next) => setTimeout(next, 0));
      }
      return students;
    }, { from: done, count, typing: TYPING, batch: BATCH });
    // Settled: the address bar holds this edit's link (written after the debounce).
    await page.waitForFunction(async (students) => {
      const payload = location.hash.match(/s=([^&]*)/)?.[1];
      if (!payload) return false;
      const bytes = Uint8Array.from(atob(payload.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
      const json = await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'))).text();
      return JSON.parse(json).n?.['course.students'] === students;
    }, last, { timeout: 120_000, polling: 100 });
    const bytes = await memory();
    figures.push([`after ${(done + count).toLocaleString('en-US')} edits`, bytes]);
    console.log(`  after ${(done + count).toLocaleString('en-US')} edits: ${mb(bytes)}`);
  }
  if (!TYPING) {
    // Undo as far as the history goes: the memory is reused, not grown.
    for (let i = 0; i < UNDOS; i++) await page.getByTestId('undo').click();
    await page.getByTestId('undo').and(page.locator(':disabled')).waitFor();
    console.log(`  after ${UNDOS} undos: ${mb(await memory())}`);
  }
  const at = (label) => figures.find(([name]) => name === label)?.[1];
  const first = at('after 1,000 edits');
  const fourth = at('after 4,000 edits');
  if (first && fourth) {
    const ratio = fourth / first;
    console.log(`  after 4,000 / after 1,000: ${ratio.toFixed(3)} (goal: at most ${GOAL_RATIO}: ${ratio <= GOAL_RATIO ? 'met' : 'not met'})`);
  }
  const second = at('after 2,000 edits');
  if (BATCH && second && fourth) {
    console.log(`  after 4,000 / after 2,000: ${(fourth / second).toFixed(3)} (1,000 edits per task: the page holds the state it last rendered, a second history, from the second batch on)`);
  }
  if (page.problems.length) console.log(`  page problems: ${page.problems.join(' | ')}`);
  await context.close();
} catch (error) {
  failed = true;
  console.log(`  could not be measured: ${error.message}`);
} finally {
  await browser.close();
  await server.close();
}
process.exit(failed ? 1 : 0);

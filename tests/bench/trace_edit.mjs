// A performance trace of edits (students-input -> total-cost) at 4x CPU throttling: where the
// time of one edit goes (script: event, Yew; style; layout; paint; other), from Chromium's own
// trace events (CDP Tracing through playwright-core). Prints the per-edit mean of each phase.
//   node tests/bench/trace_edit.mjs [dist]   (TRACE_OUT=file.json keeps the raw trace)
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { DIST, launch, serve } from '../e2e/support.mjs';
import { throttle } from './bench_support.mjs';

const dist = resolve(process.argv[2] ?? process.env.BENCH_DIST ?? DIST);
const EDITS = 30;
const RATE = Number(process.env.TRACE_RATE ?? 4);
const server = await serve(dist);
const browser = await launch();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: !!process.env.TRACE_CSS });
  const page = await context.newPage();
  await page.goto(server.url);
  await page.getByTestId('students-input').waitFor();
  await page.waitForSelector('#app:not([aria-busy])');
  // An experiment: extra CSS over the page's (TRACE_CSS), to see what a rule would save.
  if (process.env.TRACE_CSS) await page.addStyleTag({ content: process.env.TRACE_CSS });
  await throttle(page, RATE);
  // Warm-up edits.
  const run = (n) =>
    page.evaluate(async (n) => {
      const input = document.querySelector('[data-testid="students-input"]');
      const total = () => document.querySelector('[data-testid="total-cost"]').textContent;
      const frame = () => new Promise((ok) => requestAnimationFrame(() => { const c = new MessageChannel(); c.port1.onmessage = () => ok(); c.port2.postMessage(null); }));
      const values = [150, 220, 310, 400];
      for (let i = 0; i < n; i++) {
        await frame();
        const before = total();
        await new Promise((ok) => requestAnimationFrame(() => {
          performance.mark('edit');
          input.value = String(values[i % 4]);
          input.dispatchEvent(new Event('input', { bubbles: true }));
          ok();
        }));
        await frame();
        if (total() === before) await new Promise((ok) => setTimeout(ok, 100));
        await frame();
      }
    }, n);
  await run(6);
  const client = await context.newCDPSession(page);
  const events = [];
  client.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const done = new Promise((ok) => client.once('Tracing.tracingComplete', ok));
  await client.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8.execute', 'blink', ...(process.env.TRACE_INVALIDATIONS ? ['disabled-by-default-devtools.timeline.invalidationTracking'] : [])],
    },
  });
  await run(EDITS);
  await client.send('Tracing.end');
  await done;
  if (process.env.TRACE_OUT) await writeFile(process.env.TRACE_OUT, JSON.stringify({ traceEvents: events }));
  // The renderer's main thread: the thread of the most 'Layout' events.
  const byThread = new Map();
  for (const e of events) if (e.name === 'Layout' || e.name === 'UpdateLayoutTree') byThread.set(`${e.pid}:${e.tid}`, (byThread.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
  const main = [...byThread.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const onMain = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X' && e.dur);
  const sum = {};
  const add = (name, us) => { sum[name] = (sum[name] ?? 0) + us; };
  for (const e of onMain) {
    switch (e.name) {
      case 'EventDispatch': case 'FunctionCall': case 'RunMicrotasks': case 'TimerFire': case 'FireAnimationFrame': case 'v8.callFunction':
        add(`script:${e.name}`, e.dur); break;
      case 'UpdateLayoutTree': case 'RecalculateStyles': add('style', e.dur); break;
      case 'Layout': add('layout', e.dur); break;
      case 'PrePaint': add('prepaint', e.dur); break;
      case 'Paint': add('paint', e.dur); break;
      case 'Layerize': case 'UpdateLayer': case 'UpdateLayerTree': add(`layers:${e.name}`, e.dur); break;
      case 'Commit': add('commit', e.dur); break;
      case 'HitTest': add('hittest', e.dur); break;
      case 'ParseHTML': add('parse', e.dur); break;
      case 'ScheduleStyleRecalculation': break;
      default: if (/Paint|Raster|Composite/.test(e.name)) add(`other:${e.name}`, e.dur);
    }
  }
  const counts = {};
  for (const e of onMain) if (e.name === 'Layout' || e.name === 'UpdateLayoutTree') counts[e.name] = (counts[e.name] ?? 0) + 1;
  // Nodes touched per style recalc / layout, when the trace says.
  const styleElems = onMain.filter((e) => e.name === 'UpdateLayoutTree').map((e) => e.args?.elementCount ?? e.args?.beginData?.elementCount).filter((x) => x != null);
  const layoutObjs = onMain.filter((e) => e.name === 'Layout').map((e) => e.args?.beginData?.dirtyObjects).filter((x) => x != null);
  console.log(`trace of ${EDITS} edits at ${RATE}x; main thread ${main}; per edit (ms, nested script events overlap):`);
  for (const [name, us] of Object.entries(sum).sort((a, b) => b[1] - a[1])) console.log(`  ${name.padEnd(28)} ${(us / 1000 / EDITS).toFixed(2)}`);
  console.log('  counts', counts, 'style elementCount median', styleElems.sort((a, b) => a - b)[styleElems.length >> 1], 'layout dirtyObjects median', layoutObjs.sort((a, b) => a - b)[layoutObjs.length >> 1]);
  console.log('  DOM nodes', await page.evaluate(() => document.getElementsByTagName('*').length));
  await context.close();
} finally {
  await browser.close();
  await server.close();
}

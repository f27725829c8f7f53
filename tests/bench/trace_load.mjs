// Where a cold load's time goes, from navigation start to the first figures (a number in
// total-cost, as tests/bench/browser.mjs section b counts it), at 4x CPU throttling, from
// Chromium's own trace events (CDP Tracing through playwright-core). Each build given is served
// on loopback; each load is in a fresh context (no cache); the builds' loads are interleaved.
// Prints, per build, the median over its loads of each phase. A benchmark: it prints, never fails.
//
//   node tests/bench/trace_load.mjs [distA [distB ...]]   (dist/ when none is given)
//   TRACE_LOADS=5 (loads per build), TRACE_RATE=4 (CPU throttling), TRACE_OUT=dir (raw traces)
//
// The phases: wall-clock milestones (the files received, per Resource Timing; the wasm's
// streaming compile started and finished, its instance built, per v8.wasm events; the task that
// renders the first figures) and the wall time between them, then the renderer main thread's
// time by what it did, each trace
// event's self time (its time less its children's) given to its own phase or its nearest
// ancestor's: parsing the HTML and CSS; the JavaScript before the wasm (compiling and evaluating
// the glue and the loader); the wasm's compile on the main thread (streaming, validation,
// finishing) and its lazy compiles (V8 compiles a wasm function when it is first called, on the
// main thread: wasm.CompileLazy); the instantiation; the app's script in its start tasks and in
// the task of its first render; style, layout, paint (pre-paint, paint, layers, commit); and the
// main thread idle, split by what it waited for.
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { DIST, launch, serve } from '../e2e/support.mjs';
import { median, within } from './bench_support.mjs';

const dists = (process.argv.length > 2 ? process.argv.slice(2) : [process.env.BENCH_DIST ?? DIST]).map((d) => resolve(d));
const LOADS = Number(process.env.TRACE_LOADS ?? 5);
const RATE = Number(process.env.TRACE_RATE ?? 4);
const TIMEOUT = 120_000;
const MARK = 'trace-load:figures';
const CATEGORIES = [
  'devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading',
  'v8.execute', 'v8', 'v8.wasm', 'disabled-by-default-v8.wasm.detailed', 'disabled-by-default-v8.gc', 'toplevel',
];

/** Init script: marks (performance.mark) the first time total-cost shows a number. */
function markFigures(name) {
  const observer = new MutationObserver(() => {
    const shown = document.querySelector('[data-testid="total-cost"]')?.textContent.trim();
    if (shown && /\d/.test(shown)) {
      observer.disconnect();
      window.__figuresAt = performance.mark(name).startTime;
      window.__onFigures?.(window.__figuresAt);
    }
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
}

/** One cold load of the build served at `url`, traced: its raw events and page timings. */
async function tracedLoad(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await context.addInitScript(markFigures, MARK);
    const page = await context.newPage();
    const client = await context.newCDPSession(page);
    await client.send('Emulation.setCPUThrottlingRate', { rate: RATE });
    const events = [];
    client.on('Tracing.dataCollected', (e) => events.push(...e.value));
    const done = new Promise((ok) => client.once('Tracing.tracingComplete', ok));
    await client.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: CATEGORIES } });
    // Waited for in the page, not with waitForFunction, whose injected script would run on the
    // main thread in the middle of the load.
    await page.goto(url, { waitUntil: 'commit' });
    await within(
      page.evaluate(() => window.__figuresAt ?? new Promise((ok) => { window.__onFigures = ok; })),
      TIMEOUT,
      'the first figures',
    );
    // The frame that paints the figures, then the trace.
    await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 0))));
    const timings = await page.evaluate(() => {
      const resources = performance.getEntriesByType('resource');
      const of = (test) => resources.find((e) => test(new URL(e.name).pathname));
      const nav = performance.getEntriesByType('navigation')[0];
      const span = (e) => (e ? { start: e.fetchStart, end: e.responseEnd } : null);
      return {
        figures: window.__figuresAt,
        html: { start: nav.requestStart, end: nav.responseEnd },
        css: span(of((p) => p.endsWith('.css'))),
        js: span(of((p) => /\/course-cost-[^/]*\.js$/.test(p))),
        wasm: span(of((p) => /\/course-cost-[^/]*\.wasm$/.test(p))),
        domContentLoaded: nav.domContentLoadedEventEnd,
      };
    });
    await client.send('Tracing.end');
    await done;
    return { events, timings };
  } finally {
    await context.close();
  }
}

/** What a main-thread trace event's self time counts as (null: its ancestor's phase). */
function phaseOf(name, parent) {
  if (parent === 'wasm lazy compile' && name.startsWith('wasm.')) return parent;
  if (name === 'wasm.GrowMemory') return null;
  if (name === 'ParseHTML' || name === 'ParseAuthorStyleSheet' || name.startsWith('CSSParserImpl')) return 'parse HTML/CSS';
  if (name === 'wasm.CompileLazy') return 'wasm lazy compile';
  if (/^(DocumentLoader::|LocalWindowProxy::|CommitLoad$|ContextCreatedNotification$)/.test(name)) return 'navigation, document setup';
  if (/^wasm\.(AsyncInstantiate|SyncInstantiate|InstanceBuilder|ExecuteStartFunction)/.test(name)) return 'wasm instantiate';
  if (/^(v8\.)?wasm\./.test(name)) return 'wasm compile (main thread)';
  if (/^(EvaluateScript|v8\.compile|v8\.compileModule|v8\.evaluateModule|v8\.run|V8\.Compile|V8\.Parse|FunctionCall|TimerFire|RunMicrotasks|v8\.callFunction|EventDispatch|FireAnimationFrame|v8\.newInstance|XHRReadyStateChange)/.test(name)) return 'script';
  if (/GC|V8\.GC/.test(name)) return 'GC';
  if (name === 'UpdateLayoutTree' || name === 'RecalculateStyles') return 'style';
  if (name === 'Layout') return 'layout';
  if (/^(PrePaint|Paint|Layerize|UpdateLayer|UpdateLayerTree|Commit|CompositeLayers|PaintImage|Decode Image)$/.test(name)) return 'paint';
  if (name === 'RunTask' || name === 'ThreadControllerImpl::RunTask') return 'other';
  return null;
}

/** The phases of one traced load (ms): milestones and main-thread time by phase. */
function phases({ events, timings }) {
  const mark = events.find((e) => e.name === MARK && e.cat.includes('blink.user_timing'));
  if (!mark) throw new Error('no figures mark in the trace');
  // The page's time origin (navigation start) on the trace's clock.
  const t0 = mark.ts - timings.figures * 1000;
  const at = (ts) => (ts - t0) / 1000;
  const F = mark.ts;
  const mainTid = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === mark.pid)?.tid ?? mark.tid;
  // Complete events on the main thread; B/E pairs closed by their E.
  const spans = [];
  const open = [];
  for (const e of events) {
    if (e.pid !== mark.pid || e.tid !== mainTid) continue;
    if (e.ph === 'X' && e.dur != null) spans.push({ name: e.name, ts: e.ts, end: e.ts + e.dur });
    else if (e.ph === 'B') open.push(e);
    else if (e.ph === 'E') {
      const begin = open.pop();
      if (begin) spans.push({ name: begin.name, ts: begin.ts, end: e.ts });
    }
  }
  spans.sort((a, b) => a.ts - b.ts || b.end - a.end);
  const first = (name) => spans.find((s) => s.name === name);
  const compileStart = first('wasm.StartStreamingCompilation')?.ts ?? first('wasm.AsyncCompileJob')?.ts;
  const instantiate = first('wasm.AsyncInstantiate') ?? first('wasm.SyncInstantiate');
  const compileDone = first('wasm.FinishAsyncCompile')?.ts ?? instantiate?.ts;
  // The top-level tasks, and the one that renders the first figures.
  const tasks = spans.filter((s) => s.name === 'RunTask' || s.name === 'ThreadControllerImpl::RunTask');
  const topTasks = [];
  for (const task of tasks) if (!topTasks.length || task.ts >= topTasks.at(-1).end) topTasks.push(task);
  const renderTask = topTasks.find((t) => t.ts <= F && F <= t.end);
  const renderStart = renderTask?.ts ?? F;
  const startAt = instantiate?.ts ?? compileDone ?? F;
  const time = {};
  const add = (phase, us) => { if (us > 0) time[phase] = (time[phase] ?? 0) + us / 1000; };
  // Self time, each clipped to [t0, F].
  const clip = (a, b) => Math.max(0, Math.min(b, F) - Math.max(a, t0));
  const stack = [];
  const flush = (node) => {
    let self = clip(node.ts, node.end);
    for (const child of node.children) self -= clip(child.ts, child.end);
    let phase = node.phase;
    if (phase === 'script') {
      // Script is named by when it runs.
      phase = node.ts < (compileStart ?? startAt) ? 'script: JS glue and loader'
        : node.ts < renderStart ? 'script: wasm start tasks' : "script: first render (Yew)";
    }
    add(phase ?? 'other', self);
  };
  for (const span of spans) {
    if (span.ts >= F) break;
    while (stack.length && span.ts >= stack.at(-1).end) flush(stack.pop());
    const parent = stack.at(-1);
    const node = { ...span, children: [], phase: phaseOf(span.name, parent?.phase) ?? parent?.phase ?? null };
    if (parent) parent.children.push(span);
    stack.push(node);
  }
  while (stack.length) flush(stack.pop());
  // Idle: the main thread in no task, by what came next.
  const idle = (from, to) => {
    let busy = 0;
    for (const t of topTasks) busy += Math.max(0, Math.min(t.end, to) - Math.max(t.ts, from));
    return Math.max(0, to - from - busy) / 1000;
  };
  const cut = [t0, compileStart ?? startAt, startAt, renderStart, F].map((x, i, all) => Math.max(x, all[i - 1] ?? x));
  const milestones = {
    'HTML received': timings.html.end,
    'CSS received': timings.css?.end,
    'JS glue received': timings.js?.end,
    'wasm fetch started': timings.wasm?.start,
    'wasm received': timings.wasm?.end,
    'DOMContentLoaded': timings.domContentLoaded,
    'wasm compile started': compileStart && at(compileStart),
    'wasm compile finished': compileDone && at(compileDone),
    'wasm instantiated': instantiate && at(instantiate.end),
    'first render task starts': at(renderStart),
    'first figures': timings.figures,
  };
  const idles = {
    'idle: before the wasm compile': idle(cut[0], cut[1]),
    'idle: during the wasm compile': idle(cut[1], cut[2]),
    'idle: between start tasks': idle(cut[2], cut[3]),
  };
  // The wall time between milestones, each load's own (their medians need not add up).
  const between = (a, b) => (milestones[a] != null && milestones[b] != null ? milestones[b] - milestones[a] : null);
  const walls = {
    'navigation start -> HTML received': milestones['HTML received'],
    'HTML received -> wasm compile started': between('HTML received', 'wasm compile started'),
    'wasm compile started -> instantiated': between('wasm compile started', 'wasm instantiated'),
    'instantiated -> first render task': between('wasm instantiated', 'first render task starts'),
    'first render task -> first figures': between('first render task starts', 'first figures'),
  };
  for (const [name, value] of Object.entries(walls)) if (value == null) delete walls[name];
  return { milestones, walls, time, idles };
}

const servers = await Promise.all(dists.map((d) => serve(d)));
const browser = await launch();
const results = dists.map(() => []);
try {
  console.log(`Cold load to first figures, traced at ${RATE}x CPU throttling, ${LOADS} loads per build, builds interleaved, each in a fresh context`);
  for (let i = 0; i < LOADS; i++) {
    // Alternating which build goes first, so a drift in the machine's load favours neither.
    const order = dists.map((_, b) => b);
    if (i % 2) order.reverse();
    for (const b of order) {
      try {
        const load = await tracedLoad(browser, servers[b].url);
        if (process.env.TRACE_OUT) {
          await mkdir(process.env.TRACE_OUT, { recursive: true });
          await writeFile(join(process.env.TRACE_OUT, `load-${b}-${i}.json`), JSON.stringify({ traceEvents: load.events }));
        }
        results[b].push(phases(load));
        console.log(`  ${dists[b]} load ${i + 1}: first figures ${results[b].at(-1).milestones['first figures'].toFixed(1)} ms`);
      } catch (error) {
        console.log(`  ${dists[b]} load ${i + 1}: COULD NOT TRACE: ${String(error.message).split('\n')[0]}`);
      }
    }
  }
  const width = 40;
  const cell = (values) => (values.length ? median(values).toFixed(1) : '-').padStart(12);
  const header = `  ${''.padEnd(width)}${dists.map((_, b) => `build ${String.fromCharCode(65 + b)}`.padStart(12)).join('')}`;
  dists.forEach((d, b) => console.log(`  build ${String.fromCharCode(65 + b)}: ${d} (${results[b].length} loads)`));
  const table = (title, key, names) => {
    console.log(`\n  ${title}`);
    console.log(header);
    for (const name of names) {
      console.log(`  ${name.padEnd(width)}${results.map((r) => cell(r.map((x) => x[key][name]).filter((v) => v != null))).join('')}`);
    }
  };
  const all = (key) => [...new Set(results.flatMap((r) => r.flatMap((x) => Object.keys(x[key]))))];
  table('milestones from navigation start, ms (median of loads)', 'milestones', all('milestones'));
  const order = ['navigation, document setup', 'parse HTML/CSS', 'script: JS glue and loader', 'wasm compile (main thread)', 'wasm instantiate',
    'script: wasm start tasks', 'script: first render (Yew)', 'wasm lazy compile', 'GC', 'style', 'layout', 'paint', 'other'];
  const busy = all('time').sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99));
  table('wall time between milestones, ms (median of loads)', 'walls', all('walls'));
  table('main thread from navigation start to the first figures, ms (median of loads; self time of trace events)', 'time', busy);
  table('main thread idle, ms (median of loads)', 'idles', all('idles'));
  console.log('  (wasm lazy compile: V8 compiles each wasm function on its first call, on the main thread, inside the script that calls it)');
} finally {
  await browser.close();
  await Promise.all(servers.map((s) => s.close()));
}

// A CPU profile of edits (students-input -> total-cost) at 4x CPU throttling, on a build whose
// wasm keeps its names (as .ci/bench builds one for the contributors list): the functions the
// page spends its script time in, self and total, per edit.
//   node tests/bench/profile_edit.mjs <dist with a named wasm>
import { resolve } from 'node:path';
import { launch, serve } from '../e2e/support.mjs';
import { throttle } from './bench_support.mjs';

const dist = resolve(process.argv[2]);
const EDITS = 40;
const server = await serve(dist);
const browser = await launch();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(server.url);
  await page.getByTestId('students-input').waitFor();
  await page.waitForSelector('#app:not([aria-busy])');
  const cdp = await throttle(page, 4);
  const run = (n) =>
    page.evaluate(async (n) => {
      const input = document.querySelector('[data-testid="students-input"]');
      const frame = () => new Promise((ok) => requestAnimationFrame(() => { const c = new MessageChannel(); c.port1.onmessage = () => ok(); c.port2.postMessage(null); }));
      const values = [150, 220, 310, 400];
      for (let i = 0; i < n; i++) {
        await frame();
        input.value = String(values[i % 4]);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await frame();
        await frame();
      }
    }, n);
  await run(6);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await run(EDITS);
  const { profile } = await cdp.send('Profiler.stop');
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const dt = profile.timeDeltas;
  const selfUs = new Map();
  const totalUs = new Map();
  const name = (n) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop()}`;
  profile.samples.forEach((id, i) => {
    const us = dt[i] ?? 0;
    const n = byId.get(id);
    selfUs.set(name(n), (selfUs.get(name(n)) ?? 0) + us);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const key = name(byId.get(at));
      if (seen.has(key)) continue;
      seen.add(key);
      totalUs.set(key, (totalUs.get(key) ?? 0) + us);
    }
  });
  const top = (map, k) => [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, k);
  console.log(`CPU profile of ${EDITS} edits at 4x (ms per edit)`);
  console.log('self:');
  for (const [k, us] of top(selfUs, 25)) console.log(`  ${(us / 1000 / EDITS).toFixed(2).padStart(6)} ${k}`);
  console.log('total:');
  for (const [k, us] of top(totalUs, Number(process.env.TOP ?? 45)).filter(([k]) => !process.env.ONLY || k.includes(process.env.ONLY))) console.log(`  ${(us / 1000 / EDITS).toFixed(2).padStart(6)} ${k}`);
  await context.close();
} finally {
  await browser.close();
  await server.close();
}

// Cold loads at 4x CPU of two (or more) builds, alternating load by load so the machine's drift
// falls on both alike: navigation start to the first figures (a number in total-cost), section
// b's measure. For "no slower than build X" claims, with X's dist/ copied aside.
//
//   node tests/bench/load_pair.mjs <distA> <distB> [...]      (N=24 loads each unless set)
import { launch, serve } from '../e2e/support.mjs';
import { median, recordLoad, throttle } from './bench_support.mjs';

const dists = process.argv.slice(2);
if (dists.length < 2) {
  console.error('usage: node tests/bench/load_pair.mjs <distA> <distB> [...]');
  process.exit(2);
}
const N = Number(process.env.N ?? 24);
const servers = await Promise.all(dists.map((dist) => serve(dist)));
const browser = await launch();
const loads = dists.map(() => []);
for (let i = 0; i < N; i++) {
  for (let k = 0; k < dists.length; k++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(recordLoad);
    const page = await context.newPage();
    await throttle(page, 4);
    await page.goto(servers[k].url);
    await page.waitForFunction(() => window.__load?.interactiveAt, null, { timeout: 60_000 });
    loads[k].push(await page.evaluate(() => window.__load.figuresAt));
    await context.close();
  }
}
for (let k = 0; k < dists.length; k++) {
  const sorted = [...loads[k]].sort((a, b) => a - b);
  const at = (q) => sorted[Math.floor(q * (N - 1))].toFixed(1);
  console.log(`${dists[k]}: median ${median(loads[k]).toFixed(1)} ms, p25 ${at(0.25)}, p75 ${at(0.75)}, min ${at(0)}, max ${at(1)} (${N} loads at 4x)`);
}
await browser.close();
for (const server of servers) await server.close();

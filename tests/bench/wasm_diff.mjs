// Per-function size diff of two builds of the same wasm: which functions grew most, by their
// share of the gzip size, so a regression (a Unicode table pulled in by one call, say) is seen
// when it lands.
//
//   node tests/bench/wasm_diff.mjs <before.wasm> <after.wasm> [top]
//
// Both modules must keep their "name" section (the bench builds them: the release wasm before
// Trunk strips it, through wasm-bindgen and `wasm-opt -Oz -g`). A function's gzip share is its
// raw size times the whole code section's gzip/raw ratio of that build; functions are matched by
// name with Rust's hash suffix dropped (the hash changes with any edit of the crate), and names
// that occur more than once in a build are summed.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { readModule } from './wasm_module.mjs';

const [beforePath, afterPath, topArg] = process.argv.slice(2);
if (!beforePath || !afterPath) {
  console.error('usage: node tests/bench/wasm_diff.mjs <before.wasm> <after.wasm> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 20);

/** The module's functions (name, body bytes) and its code section's gzip ratio. */
function functionsOf(path) {
  const bytes = readFileSync(path);
  const { sections, bodies, names, importedFunctions: imported } = readModule(bytes);
  const section = sections.find((s) => s.id === 10);
  const code = section ? bytes.subarray(section.start, section.end) : Buffer.alloc(0);
  const ratio = code.length ? gzipSync(code, { level: 9 }).length / code.length : 0;
  const sizes = new Map();
  bodies.forEach(({ length }, index) => {
    const full = names.get(index + imported) ?? `function ${index + imported}`;
    const key = full.replace(/::h[0-9a-f]{16}$/, '').replace(/\[[0-9a-f]{16}\]/g, '');
    sizes.set(key, (sizes.get(key) ?? 0) + length);
  });
  return { sizes, ratio, file: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

const before = functionsOf(beforePath);
const after = functionsOf(afterPath);
const kB = (n) => `${(n / 1000).toFixed(1).padStart(6)} kB`;
const signed = (n) => `${n >= 0 ? '+' : '-'}${kB(Math.abs(n)).trim()}`.padStart(10);
console.log(`  before ${kB(before.gzip)} gzip, after ${kB(after.gzip)} gzip (${signed(after.gzip - before.gzip)}; named copies, not the shipped files)`);
const changes = [];
for (const key of new Set([...before.sizes.keys(), ...after.sizes.keys()])) {
  const was = (before.sizes.get(key) ?? 0) * before.ratio;
  const now = (after.sizes.get(key) ?? 0) * after.ratio;
  if (was !== now) changes.push({ key, was, now, delta: now - was });
}
const shown = (key) => (key.length > 100 ? `${key.slice(0, 97)}...` : key);
const line = (c) => `    ${signed(c.delta)}  ${kB(c.was)} -> ${kB(c.now)}  ${shown(c.key)}`;
console.log(`  grew most (estimated gzip share: raw size x the code section's gzip ratio), top ${top}:`);
for (const c of changes.filter((c) => c.delta > 0).sort((a, b) => b.delta - a.delta).slice(0, top)) console.log(line(c));
console.log(`  shrank most, top ${Math.min(top, 10)}:`);
for (const c of changes.filter((c) => c.delta < 0).sort((a, b) => a.delta - b.delta).slice(0, Math.min(top, 10))) console.log(line(c));
const added = changes.filter((c) => c.was === 0).reduce((sum, c) => sum + c.now, 0);
const removed = changes.filter((c) => c.now === 0).reduce((sum, c) => sum + c.was, 0);
console.log(`  functions new in after: ${kB(added)}; gone from before: ${kB(removed)} (gzip share)`);

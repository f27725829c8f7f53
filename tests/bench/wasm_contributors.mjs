// The wasm's top contributors: which functions and which parts of the code take the bytes.
//
//   node tests/bench/wasm_contributors.mjs <module.wasm> [top]
//
// Reads a module that still has its "name" section (the bench builds one: the release wasm before
// Trunk strips it, run through wasm-bindgen and `wasm-opt -Oz -g`), so the sizes are the shipped
// code's. Prints sections, then groups (a crate, or one of our modules, or "component bodies"), each
// raw and gzipped on its own, then the largest functions. No dependencies: the format is small.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { readModule } from './wasm_module.mjs';

const [path, topArg] = process.argv.slice(2);
if (!path) {
  console.error('usage: node tests/bench/wasm_contributors.mjs <module.wasm> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 15);
const bytes = readFileSync(path);

const { sections: read, bodies, names: functionNames, importedFunctions } = readModule(bytes);
const sections = read.map((section) => ({ label: section.label, size: section.end - section.start }));

// A function's group: our module path, "component bodies" for the code the html! macro expands
// into, or the crate the name starts with.
function group(fullName) {
  if (/CompStateInner<COMP> as yew::html::component::lifecycle::Stateful>::view|FunctionProvider>::run/.test(fullName)) {
    return 'course_cost components (html! bodies)';
  }
  const ours = fullName.match(/course_cost::(model::[a-z_]+|[a-z_]+)/);
  if (ours) return `course_cost::${ours[1]}`;
  if (/serde/.test(fullName)) return 'serde + serde_json';
  const crate = fullName.match(/^<*(?:&mut |&|\[)?([A-Za-z_][A-Za-z0-9_]*)/);
  return crate ? crate[1].replace(/\[[0-9a-f]+\]$/, '') : 'other';
}

const kB = (n) => `${(n / 1000).toFixed(1).padStart(7)} kB`;
const gz = (buffer) => gzipSync(buffer, { level: 9 }).length;
console.log(`  ${path.split('/').pop()}: ${kB(bytes.length)} raw, ${kB(gz(bytes))} gzip`);
console.log('  sections (raw):');
for (const section of sections.filter((s) => s.size > 2000).sort((a, b) => b.size - a.size)) {
  console.log(`    ${section.label.padEnd(24)} ${kB(section.size)}`);
}

const groups = new Map();
const functions = bodies.map((body, index) => {
  const fullName = functionNames.get(index + importedFunctions) ?? `function ${index + importedFunctions}`;
  const key = group(fullName);
  const entry = groups.get(key) ?? { raw: 0, parts: [], count: 0 };
  entry.raw += body.length;
  entry.count += 1;
  entry.parts.push(bytes.subarray(body.start, body.start + body.length));
  groups.set(key, entry);
  return { fullName, length: body.length };
});
console.log(`  code by group (raw; gzip of the group's bodies on their own), top ${top}:`);
for (const [key, entry] of [...groups].sort((a, b) => b[1].raw - a[1].raw).slice(0, top)) {
  const zipped = gz(Buffer.concat(entry.parts));
  console.log(`    ${key.padEnd(40)} ${kB(entry.raw)} ${kB(zipped)} gzip  ${String(entry.count).padStart(5)} functions`);
}
console.log(`  largest functions, top ${top}:`);
for (const fn of functions.sort((a, b) => b.length - a.length).slice(0, top)) {
  const shown = fn.fullName.replace(/::h[0-9a-f]{16}$/, '');
  console.log(`    ${kB(fn.length)}  ${shown.length > 110 ? `${shown.slice(0, 107)}...` : shown}`);
}

// Trunk post_build hook (Trunk.toml [[hooks]]): finishes the build in Trunk's staging directory,
// after Trunk has written (and, in release, minified) index.html and before it becomes dist/.
//
// 0. The build-time first paint (prerender.mjs), before any hash is taken.
// 1. Content-Security-Policy: hashes every inline <script> of index.html (Trunk's module loader
//    that imports the wasm-bindgen glue) with SHA-256 and writes the hashes over the
//    {{inline-script-hashes}} placeholder of the policy's meta tag.
// 1c. The Web Worker and the actuals views (index.html's data-type="worker" links): Trunk names
//    their files after the binary (worker.js, worker_bg.wasm, ...), unhashed; they get hashed
//    names and a loader here, and the page's <meta name="worker"> and <meta name="actuals"> name
//    them, so a new build never runs an old copy from a cache.
// 2. Service worker: writes the build id, the files to keep offline and their SHA-256 into sw.js.
// 3. Release builds only: a .br (brotli, quality 11) and a .gz (gzip -9, the smaller of Node's
//    and GNU gzip's) beside every file.
// Release builds also minify the JavaScript (wasm-bindgen's glue, register.js, embed.js, sw.js) with
// terser, since Trunk 0.21 leaves it as written: about 3.7 kB gzip fewer to download.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { existsSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// 0. The first paint goes in before the policy's hashes are taken (it holds no script).
await import('./prerender.mjs');

const staging = process.env.TRUNK_STAGING_DIR;
if (!staging) throw new Error('post_build.mjs runs as a Trunk hook (TRUNK_STAGING_DIR is unset)');
const release = process.env.TRUNK_PROFILE === 'release';
const PLACEHOLDER = '{{inline-script-hashes}}';

async function files(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await files(path)));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}
const rel = (path) => relative(staging, path).split(sep).join('/');
const sha256 = (bytes, encoding) => createHash('sha256').update(bytes).digest(encoding);

// 1. The policy's script hashes.
const indexPath = join(staging, 'index.html');
let html = await readFile(indexPath, 'utf8');
if (!html.includes(PLACEHOLDER)) throw new Error(`index.html has no ${PLACEHOLDER} in its policy`);
// `trunk serve` writes its host into the reload script as it serves the page, which would change
// the script's hash: that script goes to a file of its own, with the host read at run time.
const RELOADER = 'trunk-autoreload.js';
html = html.replace(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi, (tag, attributes, body) => {
  if (!body.includes('{{__TRUNK_ADDRESS__}}')) return tag;
  const script = body
    .replace(/(['"`])\{\{__TRUNK_ADDRESS__\}\}\1/g, 'window.location.host')
    .replaceAll('{{__TRUNK_WS_BASE__}}', '/');
  writeFileSync(join(staging, RELOADER), script);
  return `<script${attributes} src="${RELOADER}"></script>`;
});

// 1b. Release: the scripts minified before anything takes their hashes. The page's integrity
// attributes (SHA-384, written by Trunk over the unminified files) are written again for the new
// bytes. Terser comes from tests/node_modules (installed by .ci/setup with the other Node tools).
function loadTerser() {
  try {
    return createRequire(new URL('../tests/package.json', import.meta.url))('terser');
  } catch {
    throw new Error('post_build.mjs needs terser for a release build: run `bash .ci/setup` first');
  }
}
async function minifyScripts() {
  const terser = loadTerser();
  const scripts = (await files(staging)).filter((path) => /\.js$/.test(path) && !path.endsWith(RELOADER));
  let before = 0;
  let after = 0;
  for (const path of scripts) {
    const name = rel(path);
    if (name === 'sw.js') continue; // minified once its file lists are written (step 2)
    const source = await readFile(path, 'utf8');
    const minified = await minifyScript(terser, name, source);
    const oldIntegrity = `sha384-${digestOf(source, 'sha384')}`;
    const newIntegrity = `sha384-${digestOf(minified, 'sha384')}`;
    html = html.replaceAll(oldIntegrity, newIntegrity);
    await writeFile(path, minified);
    before += source.length;
    after += minified.length;
  }
  console.log(`post_build: scripts minified: ${before} B -> ${after} B`);
}
// wasm-bindgen's glue is an ES module (its exports keep their names); the others are classic
// scripts, whose top-level names terser leaves alone.
async function minifyScript(terser, name, source) {
  const module = html.includes(`from './${name}'`);
  const result = await terser.minify(source, {
    module,
    compress: { passes: 2 },
    mangle: true,
    format: { comments: false },
  });
  if (typeof result.code !== 'string') throw new Error(`terser returned nothing for ${name}`);
  return result.code;
}
const digestOf = (text, algorithm) => createHash(algorithm).update(Buffer.from(text, 'utf8')).digest('base64');
if (release) await minifyScripts();

// 1c. The no-modules wasm builds beside the page's (index.html's data-type="worker" links: the
//    Web Worker, and the actuals views), each named `<bin>.js` and `<bin>_bg.wasm` by Trunk,
//    unhashed: here they get hashed names and a loader, which the page's <meta name=`meta`>
//    names. `loader(names)` is the loader's text; `named(names)` what the meta says.
async function nameBuild({ bin, meta, loader, named }) {
  const placeholder = `{{${meta}}}`;
  const glue = join(staging, `${bin}.js`);
  const wasm = join(staging, `${bin}_bg.wasm`);
  if (!existsSync(glue) || !existsSync(wasm)) {
    if (html.includes(placeholder)) throw new Error(`index.html names ${bin}, but Trunk built none`);
    return;
  }
  const hash = createHash('sha256').update(await readFile(glue)).update(await readFile(wasm)).digest('hex').slice(0, 16);
  const names = { glue: `${bin}-${hash}.js`, wasm: `${bin}-${hash}_bg.wasm`, loader: `${bin}-loader-${hash}.js` };
  await rename(glue, join(staging, names.glue));
  await rename(wasm, join(staging, names.wasm));
  await rm(join(staging, `${bin}_loader.js`), { force: true });
  await writeFile(join(staging, names.loader), loader(names));
  if (!html.includes(placeholder)) throw new Error(`index.html has no ${placeholder}`);
  html = html.replace(placeholder, named(names));
  console.log(`post_build: ${bin} is ${names.loader} (${names.glue}, ${names.wasm})`);
}
// wasm-bindgen's no-modules glue defines `wasm_bindgen`; its init takes the wasm's address.
await nameBuild({
  bin: 'worker',
  meta: 'worker',
  loader: (names) => `importScripts("./${names.glue}");wasm_bindgen({module_or_path:"./${names.wasm}"});\n`,
  named: (names) => names.loader,
});
// The actuals views (components::actuals): the page runs the glue, then the loader, as classic
// scripts (browser::actuals); the loader says when the wasm cannot be started. Comma-separated:
// the minified page writes the meta's attribute without quotes.
await nameBuild({
  bin: 'actuals',
  meta: 'actuals',
  loader: (names) =>
    `wasm_bindgen({module_or_path:"./${names.wasm}"}).catch((e)=>dispatchEvent(new CustomEvent("course-cost-actuals-failed",{detail:String(e)})));\n`,
  named: (names) => `${names.glue},${names.loader}`,
});

const hashes = [];
for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
  const [, attributes, body] = match;
  if (/(^|\s)src\s*=/i.test(attributes)) continue;
  hashes.push(`'sha256-${sha256(Buffer.from(body, 'utf8'), 'base64')}'`);
}
html = html.replace(PLACEHOLDER, [...new Set(hashes)].join(' '));
await writeFile(indexPath, html);
console.log(`post_build: Content-Security-Policy allows ${hashes.length} inline script(s): ${hashes.join(' ')}`);

// 2. The service worker's build id and file lists.
const swPath = join(staging, 'sw.js');
const all = (await files(staging)).filter((path) => !/\.(br|gz)$/.test(path));
const names = all.map(rel).sort();
const notCached = new Set(['index.html', 'sw.js', 'embed.js', RELOADER]);
const kept = names.filter((name) => !notCached.has(name));
// Trunk's file hash: 16 hex digits before the extension (the wasm also ends in _bg).
const isHashed = (name) => /-[0-9a-f]{8,16}(_bg)?\.[a-z0-9]+$/.test(name);
// The build id is taken over every file but the worker and the page, which names it (its meta
// "build", so the page can tell whether a newly installed worker keeps its own version).
const build = createHash('sha256');
for (const path of all) {
  if (rel(path) === 'sw.js' || rel(path) === 'index.html') continue;
  build.update(`${rel(path)}\0${sha256(await readFile(path), 'hex')}\0`);
}
const buildId = build.digest('hex').slice(0, 16);
const BUILD_PLACEHOLDER = '{{build-id}}';
if (!html.includes(BUILD_PLACEHOLDER)) throw new Error(`index.html has no ${BUILD_PLACEHOLDER}`);
html = html.replace(BUILD_PLACEHOLDER, buildId);
await writeFile(indexPath, html);
// What the worker checks a response against before it saves it: each kept file's SHA-256.
const digests = {};
for (const name of ['index.html', ...kept]) {
  digests[name] = sha256(await readFile(join(staging, name)), 'hex');
}
let sw = await readFile(swPath, 'utf8');
sw = sw
  .replace("'__BUILD_ID__'", JSON.stringify(buildId))
  .replace('__HASHED_FILES__', JSON.stringify(kept.filter(isHashed)))
  .replace('__UNHASHED_FILES__', JSON.stringify(kept.filter((name) => !isHashed(name))))
  .replace('__FILE_DIGESTS__', JSON.stringify(digests));
if (release) {
  sw = await minifyScript(loadTerser(), 'sw.js', sw);
}
await writeFile(swPath, sw);
console.log(`post_build: sw.js build ${buildId} keeps ${kept.length} files offline besides the page`);

/**
 * `body` gzipped at level 9: the smaller of Node's zlib and the system's GNU gzip (part of every
 * Debian and macOS base system), whose matcher gives about 0.7% less on the wasm (397.3 against
 * 400.1 kB): the bytes served are then the ones `.ci/test` holds to the README's budget. Node's
 * copy alone where gzip cannot run.
 */
function smallestGzip(body) {
  const zlib = gzipSync(body, { level: 9 });
  try {
    const gnu = execFileSync('gzip', ['-9', '-n', '-c'], { input: body, maxBuffer: 64 << 20 });
    return gnu.length < zlib.length ? gnu : zlib;
  } catch {
    return zlib;
  }
}

// 3. Precompressed siblings for servers that serve them (release only: brotli 11 takes seconds).
if (release) {
  let raw = 0;
  let br = 0;
  let gz = 0;
  for (const path of await files(staging)) {
    if (/\.(br|gz)$/.test(path)) continue;
    const body = await readFile(path);
    const brotli = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gzip = smallestGzip(body);
    await writeFile(`${path}.br`, brotli);
    await writeFile(`${path}.gz`, gzip);
    raw += body.length;
    br += brotli.length;
    gz += gzip.length;
  }
  console.log(`post_build: compressed copies written: ${raw} B raw, ${gz} B gzip -9, ${br} B brotli 11`);
}

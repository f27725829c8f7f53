// Part of the Trunk post_build hook (imported first by post_build.mjs): puts the first paint that `cargo run --bin
// prerender` computes natively from the default scenario where index.html says
// <!-- prerendered -->, so the served page shows the paper's course figures before any script runs.
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const staging = process.env.TRUNK_STAGING_DIR;
if (!staging) throw new Error('prerender.mjs runs as a Trunk hook (TRUNK_STAGING_DIR is unset)');
const MARK = '<!-- prerendered -->';
const indexPath = join(staging, 'index.html');
const html = await readFile(indexPath, 'utf8');
// The minifier may drop comments: then the first paint goes first in <body>.
// Release and offline: the same native release build that `cargo test --release` uses, and no
// registry lookup during a site build.
const painted = execFileSync('cargo', ['run', '--quiet', '--release', '--offline', '--bin', 'prerender'], {
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
});
const out = html.includes(MARK)
  ? html.replace(MARK, painted)
  : html.replace(/<body([^>]*)>/i, (tag) => `${tag}${painted}`);
if (out === html) throw new Error('index.html has no <body> to put the first paint in');
await writeFile(indexPath, out);
console.log(`prerender: first paint of ${painted.length} characters written into index.html`);

// Bills written to hurt the reader, for the benchmark's section i (issue 37), written to files in
// `dir`: FOCUS 1.2 AWS rows as tests/e2e/focus_export.mjs writes them (its 58-column header),
//   - a bill of 100,000 distinct instance types, one hour each (about 40 MB),
//   - a header of 100,000 columns (about 0.9 MB),
//   - a .csv.gz bomb: about 2 GB of valid t3.medium rows (every 120th with a resource id of its
//     own) packed by gzip -9 to about 9 MB, streamed so it never sits in memory whole.
// Each resolves to { label, path, bytes, unpacked, rows, shows } (`shows`: the data-testid the page
// shows once it has read the file).

import { createWriteStream } from 'node:fs';
import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createGzip } from 'node:zlib';
import { focusExport, HEADER } from '../e2e/focus_export.mjs';

/** One row of focusExport's t3.medium usage (its first data row). */
const T3_ROW = focusExport(1).text.split('\r\n')[1];

/** Writes `chunks()` (an iterator of strings) to `path`, gzipped at level 9 when `pack`. */
async function writeStream(path, chunks, pack) {
  const file = createWriteStream(path);
  const sink = pack ? createGzip({ level: 9 }) : file;
  if (pack) sink.pipe(file);
  for (const chunk of chunks) {
    if (!sink.write(chunk)) await new Promise((ok) => sink.once('drain', ok));
  }
  sink.end();
  await new Promise((ok, fail) => {
    file.on('finish', ok);
    file.on('error', fail);
  });
}

/** A bill of `types` distinct instance types (`x<n>.large`), one hour at $0.05 each. */
export async function manyTypes(dir, types) {
  const path = join(dir, `bill-${types}-types.csv`);
  let bytes = 0;
  function* lines() {
    yield `${HEADER.join(',')}\n`;
    let block = '';
    for (let n = 0; n < types; n++) {
      block += `${T3_ROW.replaceAll('t3.medium', `x${n}.large`).replaceAll('0.041600', '0.050000')}\n`;
      if (block.length > 1 << 20 || n === types - 1) {
        bytes += block.length;
        yield block;
        block = '';
      }
    }
  }
  await writeStream(path, lines(), false);
  return { label: `${types.toLocaleString('en-US')} distinct instance types`, path, bytes, rows: types, shows: 'focus-summary' };
}

/** A header of `columns` columns and one row. */
export async function wideHeader(dir, columns) {
  const path = join(dir, `bill-${columns}-columns.csv`);
  const text = `${Array.from({ length: columns }, (_, n) => `Column${n}`).join(',')}\nUsage\n`;
  await writeFile(path, text);
  return { label: `a header of ${columns.toLocaleString('en-US')} columns`, path, bytes: text.length, rows: 0, shows: 'focus-error' };
}

/** A .csv.gz of at least `unpacked` bytes of t3.medium rows. */
export async function gzipBomb(dir, unpacked) {
  const path = join(dir, 'bill-bomb.csv.gz');
  let rows = 0;
  let bytes = 0;
  function* lines() {
    const header = `${HEADER.join(',')}\n`;
    bytes += header.length;
    yield header;
    while (bytes < unpacked) {
      let block = '';
      for (let k = 0; k < 2_000; k++, rows++) {
        const row = rows % 120 === 0 ? T3_ROW.replace(/i-[0-9a-f]{12}/, `i-${rows.toString(16).padStart(12, '0')}`) : T3_ROW;
        block += `${row}\n`;
      }
      bytes += block.length;
      yield block;
    }
  }
  await writeStream(path, lines(), true);
  const packed = (await stat(path)).size;
  return { label: 'a .csv.gz bomb', path, bytes: packed, unpacked: bytes, rows, shows: 'focus-summary' };
}

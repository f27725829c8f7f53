// Bills written to hurt the reader, for the benchmark's section i (issue 37), written to files in
// `dir`: FOCUS 1.2 AWS rows as tests/e2e/focus_export.mjs writes them (its 58-column header),
//   - a bill of 100,000 distinct instance types, one hour each (about 40 MB),
//   - a header of 100,000 columns (about 0.9 MB),
//   - a .csv.gz bomb: about 2 GB of valid t3.medium rows (every 120th with a resource id of its
//     own) packed by gzip -9 to about 9 MB, streamed so it never sits in memory whole.
//   - gzip that unpacks to nothing (issue 42): 5,000,000 empty gzip members before a one-row
//     bill (100 MB), 100 MB of empty stored deflate blocks before it in one member, and a member
//     whose file-name field (FNAME) is 100 MB long.
// Each resolves to { label, path, bytes, unpacked, rows, shows } (`shows`: the data-testid the page
// shows once it has read the file).

import { createWriteStream } from 'node:fs';
import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32, createGzip, gzipSync } from 'node:zlib';
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

/** A one-row bill (the t3.medium row), as CSV text. */
const ONE_ROW = `${HEADER.join(',')}\n${T3_ROW}\n`;
/** A gzip member's fixed header (RFC 1952): deflate, `flags`, no time, OS unknown. */
const gzipHeader = (flags) => Buffer.from([0x1f, 0x8b, 8, flags, 0, 0, 0, 0, 0, 255]);
/** 1 MB pieces of `block` repeated, `total` bytes in all (`total` a multiple of the block). */
function* repeatedPieces(block, total) {
  const per = Math.floor(1e6 / block.length);
  const piece = Buffer.concat(Array(per).fill(block));
  let left = total;
  while (left > 0) {
    const take = Math.min(left, piece.length);
    yield take === piece.length ? piece : piece.subarray(0, take);
    left -= take;
  }
}

/** `members` empty gzip members (20 bytes each), then the one-row bill packed by gzip. */
export async function emptyMembers(dir, members) {
  const path = join(dir, 'bill-empty-members.csv.gz');
  const empty = Buffer.concat([gzipHeader(0), Buffer.from([0x03, 0x00]), Buffer.alloc(8)]);
  await writeStream(path, (function* () {
    yield* repeatedPieces(empty, members * empty.length);
    yield gzipSync(ONE_ROW);
  })(), false);
  const bytes = (await stat(path)).size;
  return { label: `${members.toLocaleString('en-US')} empty gzip members before a bill`, path, bytes, unpacked: ONE_ROW.length, rows: 1, shows: 'focus-summary' };
}

/** One member: `bytes` of empty stored deflate blocks (5 bytes each), then the one-row bill stored. */
export async function emptyStoredBlocks(dir, bytes) {
  const path = join(dir, 'bill-empty-blocks.csv.gz');
  const csv = Buffer.from(ONE_ROW);
  const last = Buffer.alloc(5);
  last.writeUInt8(0x01, 0); // BFINAL 1, BTYPE 00 (stored)
  last.writeUInt16LE(csv.length, 1);
  last.writeUInt16LE(~csv.length & 0xffff, 3);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(csv), 0);
  trailer.writeUInt32LE(csv.length, 4);
  await writeStream(path, (function* () {
    yield gzipHeader(0);
    yield* repeatedPieces(Buffer.from([0, 0, 0, 0xff, 0xff]), bytes);
    yield Buffer.concat([last, csv, trailer]);
  })(), false);
  const size = (await stat(path)).size;
  return { label: `${bytes / 1e6} MB of empty stored blocks before a bill`, path, bytes: size, unpacked: csv.length, rows: 1, shows: 'focus-summary' };
}

/** A member whose file name (FNAME) is `bytes` long, then the one-row bill's deflate data. */
export async function longFileName(dir, bytes) {
  const path = join(dir, 'bill-long-name.csv.gz');
  const packed = gzipSync(ONE_ROW);
  await writeStream(path, (function* () {
    yield gzipHeader(0x08);
    yield* repeatedPieces(Buffer.from('a'), bytes);
    yield Buffer.concat([Buffer.from([0]), packed.subarray(10)]);
  })(), false);
  const size = (await stat(path)).size;
  return { label: `a ${bytes / 1e6} MB file-name field`, path, bytes: size, rows: 0, shows: 'focus-error' };
}

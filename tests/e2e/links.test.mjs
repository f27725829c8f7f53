// Links inflated by the browser (DecompressionStream, not miniz): the old-link corpora open as
// the native decoder reads them, the hostile corpus deflated as the app writes links gives its
// notices, and a decompression bomb is refused with a notice.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { deflateRawSync } from 'node:zlib';
import {
  closeClean, enterStudents, linkInAddressBar, openCalculator, payloadStudents, showView, start, stop, text, WAIT,
} from './support.mjs';

let server;
let browser;

before(async () => ({ server, browser } = await start()));
after(() => stop({ server, browser }));

const corpus = async (name) =>
  JSON.parse(await readFile(new URL(`../links/${name}.json`, import.meta.url), 'utf8'));

/** The students field as a number ("1,234" reads 1234). */
async function studentsShown(page) {
  await showView(page, 'course');
  return Number((await page.getByTestId('students-input').inputValue()).replace(/[,\s]/g, ''));
}

test('old links open with the students their corpus records, on opening and when pasted', async () => {
  const entries = [...(await corpus('v1')), ...(await corpus('v2'))];
  assert.ok(entries.length >= 40);
  // Opening a link (decoded before the app's first render): the first of each corpus.
  for (const entry of [entries[0], entries.at(-1)]) {
    const page = await openCalculator(browser, `${server.url}#s=${entry.payload}`);
    assert.equal(await studentsShown(page), entry.scenario.course.students, entry.name);
    await closeClean(page);
  }
  // Pasting each into the address bar of an open calculator.
  const page = await openCalculator(browser, server.url);
  await showView(page, 'course');
  for (const entry of entries) {
    await page.evaluate((payload) => { location.hash = `s=${payload}`; }, entry.payload);
    await page.waitForFunction(
      (want) => Number(document.querySelector('[data-testid="students-input"]')?.value.replace(/[,\s]/g, '')) === want,
      entry.scenario.course.students,
      { timeout: WAIT },
    );
  }
  await closeClean(page);
});

test('hostile links, deflated as the app writes links, give their notices', async () => {
  const entries = (await corpus('hostile')).filter((entry) => entry.notices.length > 0);
  assert.ok(entries.length >= 10);
  const page = await openCalculator(browser, server.url);
  for (const entry of entries) {
    const payload = deflateRawSync(Buffer.from(JSON.stringify(entry.json)), { level: 9 }).toString('base64url');
    const fragment = (entry.fragment ?? '#s={payload}').replace('{payload}', payload);
    await page.goto(`${server.url}${fragment}`);
    await page.reload();
    await page.getByTestId('link-notice').waitFor();
    const shown = await text(page, 'link-notice');
    for (const words of [...entry.notices, ...(entry.also ?? [])]) {
      assert.ok(shown.includes(words), `${entry.name}: no notice says ${JSON.stringify(words)} in ${shown}`);
    }
  }
  await closeClean(page);
});

test("a decompression bomb shows a notice and the paper's course", async () => {
  // 2 MB of spaces deflate to about 2 kB: a short link that would unpack to far more than the
  // 256 kB a link may hold.
  const bomb = deflateRawSync(Buffer.alloc(2_000_000, 0x20), { level: 9 }).toString('base64url');
  assert.ok(bomb.length < 16_384, `${bomb.length} characters`);
  const page = await openCalculator(browser, `${server.url}#s=${bomb}`);
  await page.getByTestId('link-notice').waitFor();
  assert.match(await text(page, 'link-notice'), /too large: its data would unpack to more than 256 kB/);
  assert.equal(await studentsShown(page), 191);
  assert.equal(await page.getByTestId('preset-select').inputValue(), 'paper-s25-v3');
  await closeClean(page);
});

test('a browser without compression streams says a link cannot be unpacked, and still writes links', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => {
    delete window.CompressionStream;
    delete window.DecompressionStream;
  });
  const entry = (await corpus('v2'))[0];
  const page = await openCalculator(context, `${server.url}#s=${entry.payload}`);
  await page.getByTestId('link-notice').waitFor();
  assert.match(await text(page, 'link-notice'), /cannot unpack calculator links/);
  assert.equal(await studentsShown(page), 191);
  // Its own links are written uncompressed (stored deflate blocks), which any inflater reads.
  await enterStudents(page, 123);
  await linkInAddressBar(page, (data) => payloadStudents(data) === 123);
  await closeClean(page);
  await context.close();
});

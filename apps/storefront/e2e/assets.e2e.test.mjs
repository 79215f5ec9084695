// The client build is served compressed: brotli or gzip by the request's Accept-Encoding,
// identical bytes once decoded, and plain bytes to a client that accepts neither. The page's
// scripts load only after its first contentful paint (decision 0027).
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { request } from 'node:http';
import { after, before, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { hydrated, launchBrowser, startStorefront, tempDataDir } from './harness.mjs';

let dataDir;
let shop;
let baseUrl;
let browser;
before(async () => {
  dataDir = await tempDataDir();
  shop = startStorefront({ dataDir });
  [baseUrl, browser] = await Promise.all([shop.url, launchBrowser()]);
});
after(async () => {
  await browser?.close();
  await shop?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

function get(url, acceptEncoding) {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    request(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ res, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

async function largestScript() {
  const html = (await get(`${baseUrl}/shop/`)).body.toString('utf8');
  const scripts = [...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]);
  assert.ok(scripts.length > 0, 'the shop page names its scripts');
  let largest = { url: '', size: 0 };
  for (const script of new Set(scripts)) {
    const { body } = await get(`${baseUrl}${script}`);
    if (body.length > largest.size) largest = { url: script, size: body.length };
  }
  return largest;
}

test('scripts are sent with brotli or gzip when the browser accepts them, and decode to the same bytes', async () => {
  const { url, size } = await largestScript();
  const plain = await get(`${baseUrl}${url}`);
  assert.equal(plain.res.headers['content-encoding'], undefined);

  const br = await get(`${baseUrl}${url}`, 'gzip, deflate, br');
  assert.equal(br.res.headers['content-encoding'], 'br');
  assert.match(String(br.res.headers.vary), /accept-encoding/i);
  assert.ok(br.body.length < size / 2, `brotli ${br.body.length} B of ${size} B`);
  assert.deepEqual(brotliDecompressSync(br.body), plain.body);

  const gz = await get(`${baseUrl}${url}`, 'gzip');
  assert.equal(gz.res.headers['content-encoding'], 'gzip');
  assert.deepEqual(gunzipSync(gz.body), plain.body);
});

test('the page paints before any of its scripts is requested, then hydrates with every module preloaded, and its React half comes preloaded too', async () => {
  const page = await browser.newPage();
  // Every module preload the page ever holds, as it is added (by the parser or by the loader):
  // React may drop the preload links once the page has hydrated, so they are not counted after.
  await page.addInitScript(() => {
    window.__modulePreloads = new Set();
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node.nodeName === 'LINK' && node.rel === 'modulepreload') {
            window.__modulePreloads.add(node.href);
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`${baseUrl}/shop/`);
  await hydrated(page);
  // An island page (decision 0083) marks itself hydrated when its runtime listens; the scripts it
  // loads next (the result count's announcer) are counted once the network is quiet.
  await page.waitForLoadState('networkidle');
  const timing = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname))
      .map((entry) => ({ url: entry.name, start: entry.startTime })),
    preloaded: [...window.__modulePreloads],
    heldBack: document.querySelectorAll(
      'link[rel="cw-modulepreload"], script[type="text/cw-module"]',
    ).length,
  }));
  assert.ok(timing.fcp > 0, 'the page had a first contentful paint');
  // The entry and `base`, and on /shop/ the result count's announcer (decision 0088: no React).
  assert.ok(timing.scripts.length >= 3, `the page loaded its scripts (${timing.scripts.length})`);
  for (const script of timing.scripts) {
    assert.ok(
      script.start >= timing.fcp,
      `${script.url} was requested at ${script.start} ms, before the first paint at ${timing.fcp} ms`,
    );
  }
  // Every module but the entry (a module script itself) was preloaded: no import waterfall.
  const notPreloaded = timing.scripts.filter(({ url }) => !timing.preloaded.includes(url));
  assert.ok(
    notPreloaded.length <= 1,
    `modules loaded without a preload: ${JSON.stringify(notPreloaded)}`,
  );
  assert.equal(timing.heldBack, 0, 'nothing is left held back');

  // A shopper comes to a live part: React, React DOM and the React half load then, each module
  // preloaded beside the chunk that imports it (no waterfall: the framework is not among the
  // files every page has, decision 0088).
  const before = new Set(timing.scripts.map(({ url }) => url));
  await page.locator('[data-part="header-cart"]').hover();
  await page
    .locator('[data-part="header-cart"] [data-live]')
    .first()
    .waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  const woken = await page.evaluate(() => ({
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname))
      .map((entry) => entry.name),
    preloaded: [...window.__modulePreloads],
  }));
  const later = woken.scripts.filter((url) => !before.has(url));
  assert.ok(
    later.some((url) => /\/assets\/framework-[\w-]+\.js$/.test(url)),
    `React came with the approach: ${JSON.stringify(later)}`,
  );
  // The React half (`islands-hydrate`, imported by the runtime) imports React and the `page`
  // chunk: both were preloaded beside it, not asked for once it had arrived.
  const halfImports = later.filter((url) => /\/assets\/(?:framework|page)-[\w-]+\.js$/.test(url));
  assert.equal(halfImports.length, 2, JSON.stringify(later));
  assert.deepEqual(
    halfImports.filter((url) => !woken.preloaded.includes(url)),
    [],
    'loaded after the approach without a preload',
  );
  await page.close();
});

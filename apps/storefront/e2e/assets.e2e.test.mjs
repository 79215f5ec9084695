// The client build is served compressed: brotli or gzip by the request's Accept-Encoding,
// identical bytes once decoded, and plain bytes to a client that accepts neither.
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { request } from 'node:http';
import { after, before, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startStorefront, tempDataDir } from './harness.mjs';

let dataDir;
let shop;
let baseUrl;
before(async () => {
  dataDir = await tempDataDir();
  shop = startStorefront({ dataDir });
  baseUrl = await shop.url;
});
after(async () => {
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

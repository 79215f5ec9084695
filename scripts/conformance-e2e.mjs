#!/usr/bin/env node
// The storefront and the packages in Chromium against a real WooCommerce (docs/conformance.md):
//
//   npm run conformance:e2e -- http://127.0.0.1:8089
//
// Runs, one file at a time, the storefront's journeys in STORE_URL mode
// (apps/storefront/e2e-lab/) and the packages' lab tests (packages/*/lab/), then prints one
// line per step and the versions the store reports. Needs built packages and storefront
// (`npm run build`), Chromium at /usr/bin/chromium (or CHROME_PATH), and for the order-meta
// checks the lab's files (LAB_DIR, default /var/tmp/cartwright-woo-lab).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { run } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const wooUrl = process.argv[2] ?? process.env.WOO_URL;
if (!wooUrl || !/^https?:\/\//.test(wooUrl)) {
  console.error('usage: npm run conformance:e2e -- <WooCommerce URL, e.g. http://127.0.0.1:8089>');
  process.exit(2);
}
if (!existsSync(path.join(root, 'apps/storefront/dist/main.js'))) {
  console.error('the storefront is not built: run `npm run build` first');
  process.exit(2);
}

/** WordPress's and WooCommerce's versions, from the generator tags of the store's front page. */
async function versions() {
  const html = (await (await fetch(wooUrl)).text()).slice(0, 200_000);
  const found = {};
  for (const name of ['WordPress', 'WooCommerce']) {
    const at = html.indexOf(`content="${name} `);
    if (at >= 0) found[name] = html.slice(at + name.length + 10, html.indexOf('"', at + 9));
  }
  return found;
}

const testFiles = (dir, suffix) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.endsWith(suffix))
        .map((name) => path.join(dir, name))
    : [];
const files = [
  ...testFiles(path.join(root, 'apps/storefront/e2e-lab'), '.lab.test.mjs'),
  ...readdirSync(path.join(root, 'packages')).flatMap((pkg) =>
    testFiles(path.join(root, 'packages', pkg, 'lab'), '.lab.test.mjs'),
  ),
];

process.env.WOO_URL = wooUrl;
const found = await versions();
console.log(
  `Conformance e2e against ${wooUrl} (WordPress ${found.WordPress ?? '?'}, WooCommerce ${found.WooCommerce ?? '?'})`,
);
const rows = [];
let failed = 0;
const stream = run({ files, concurrency: 1, timeout: 300_000 });
/** A suite (describe) or a whole file: not a step of its own. */
const container = ({ name, nesting, file, details }) =>
  details?.type === 'suite' || (nesting === 0 && (name === file || path.isAbsolute(name)));
stream.on('test:pass', (event) => {
  if (container(event)) return;
  const { name, skip, file } = event;
  rows.push({ file, name, result: skip ? `skipped (${skip === true ? '' : skip})` : 'pass' });
});
stream.on('test:fail', (event) => {
  if (container(event)) return;
  const { name, details, file } = event;
  failed += 1;
  const message = String(details?.error?.cause?.message ?? details?.error?.message ?? '')
    .split('\n')[0]
    .slice(0, 200);
  rows.push({ file, name, result: `FAIL: ${message}` });
});
stream.on('test:diagnostic', () => {});
for await (const _ of stream);

let lastFile;
for (const row of rows) {
  if (row.file !== lastFile) {
    lastFile = row.file;
    console.log(`\n${path.relative(root, row.file ?? '')}`);
  }
  console.log(
    `  ${row.result === 'pass' ? '✓' : row.result.startsWith('skipped') ? '-' : '✗'} ${row.name}${row.result === 'pass' ? '' : ` — ${row.result}`}`,
  );
}
const passed = rows.filter((row) => row.result === 'pass').length;
const skipped = rows.filter((row) => row.result.startsWith('skipped')).length;
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exitCode = failed > 0 || rows.length === 0 ? 1 : 0;

// Pages: Lighthouse (mobile, simulated throttling, median of 5) for /shop/, a product
// page, /cart/ with an item and /checkout/, each next to the same page's content served
// as plain HTML + CSS with no JavaScript (the physical limit for that page), in one run.
//
// Both variants go through the same kind of loopback proxy in front of the real
// storefront, so they pay the same hop: "ours" passes everything through; "no-JS" answers
// the four documents with their server-rendered HTML captured at the start of the run
// (same cookies), with every <script> and modulepreload removed, and passes the rest
// (stylesheets, images, fonts) through.
import { createServer as createNetServer } from 'node:net';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { format, resolveConfig } from 'prettier';
import { launchBrowserWithDebuggingPort, startStorefront, tempDataDir } from './storefront.mjs';
import { startProxy } from './proxy.mjs';
import { median, round, runInfo } from './stats.mjs';

const benchDir = path.resolve(import.meta.dirname, '..');

export const SETTINGS = { runs: 5 };

/** The goals of issue #8 for every page. */
export const GOALS = { score: 100, cls: 0, tbtMs: 50, lcpRatio: 1.15 };

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** The page's HTML as it would be with JavaScript off: no scripts, no module preloads. */
export function stripScripts(html) {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, '')
    .replace(/<link\b[^>]*\brel=["']?(?:cw-)?modulepreload["']?[^>]*>/gi, '');
}

/** A cart session with one item: the Cookie header that carries it. */
async function cartCookie(baseUrl, productId) {
  const res = await fetch(`${baseUrl}/?wc-ajax=add_to_cart`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ product_id: String(productId), quantity: '1' }),
  });
  if (!res.ok) throw new Error(`add_to_cart answered ${res.status}`);
  // A shopper whose cart holds the item and who has seen the add's notice: the store's
  // `cartwright_notices=1` (notices waiting for the next page) is left out, or every page would
  // read the notices again (a data request) as the first page after the add does.
  const cookie = res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .filter((pair) => !pair.startsWith('cartwright_notices='))
    .join('; ');
  if (!cookie) throw new Error('add_to_cart set no cookie');
  return cookie;
}

/** gzip -9 size of each script URL, fetched once from the storefront. */
const gzipped = new Map();

/**
 * The page's scripts (from Lighthouse's network requests): bytes transferred, decoded,
 * and what they would be gzipped.
 * @param {any} lhr
 * @param {string} upstream  the storefront origin, to fetch each script once
 */
async function scriptBytes(lhr, upstream) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  let transfer = 0;
  let decoded = 0;
  let gzip = 0;
  const scripts = items.filter((entry) => entry.resourceType === 'Script');
  for (const item of scripts) {
    transfer += item.transferSize ?? 0;
    decoded += item.resourceSize ?? 0;
    const { pathname, search } = new URL(item.url);
    const key = `${pathname}${search}`;
    if (!gzipped.has(key)) {
      const body = Buffer.from(await (await fetch(`${upstream}${key}`)).arrayBuffer());
      gzipped.set(key, gzipSync(body, { level: 9 }).byteLength);
    }
    gzip += gzipped.get(key);
  }
  return { transfer, decoded, gzip, requests: scripts.length };
}

/** One Lighthouse run's figures. */
async function figures(lhr, upstream) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const scripts = await scriptBytes(lhr, upstream);
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    cls: audit('cumulative-layout-shift'),
    tbtMs: audit('total-blocking-time'),
    lcpMs: audit('largest-contentful-paint'),
    fcpMs: audit('first-contentful-paint'),
    // Time to interactive: what holding the scripts until the first paint costs (decision 0027).
    ttiMs: audit('interactive'),
    jsKb: round(scripts.transfer / 1000, 1),
    jsKbGzip: round(scripts.gzip / 1000, 1),
    jsRequests: scripts.requests,
    runtimeError: lhr.runtimeError?.message ?? null,
  };
}

/** Median of each figure over the runs. */
function medians(runs) {
  const of = (key) => median(runs.map((run) => run[key]));
  return {
    score: of('score'),
    cls: round(of('cls'), 3),
    tbtMs: round(of('tbtMs'), 0),
    lcpMs: round(of('lcpMs'), 0),
    fcpMs: round(of('fcpMs'), 0),
    ttiMs: round(of('ttiMs'), 0),
    jsKb: of('jsKb'),
    jsKbGzip: of('jsKbGzip'),
    jsRequests: of('jsRequests'),
  };
}

/**
 * Runs the pages benchmark and writes bench/results/pages.json.
 * @returns {Promise<boolean>}
 */
export async function runPagesBenchmark() {
  const started = performance.now();
  const dataDir = await tempDataDir();
  const shop = startStorefront({ dataDir });
  const port = await freePort();
  // Lighthouse drives Chromium over the DevTools protocol on this port.
  const browser = await launchBrowserWithDebuggingPort(port);
  const proxies = [];
  let results;
  try {
    const baseUrl = await shop.url;
    const res = await fetch(
      `${baseUrl}/wp-json/wc/store/v1/products?per_page=16&orderby=menu_order&order=asc`,
    );
    const products = /** @type {any[]} */ (await res.json());
    const product = products.find((p) => p.is_purchasable && p.is_in_stock);
    if (!product) throw new Error('the store has no product to buy');
    const cookie = await cartCookie(baseUrl, product.id);
    const pages = [
      { name: '/shop/', path: '/shop/' },
      { name: 'a product page', path: `/product/${product.slug}/` },
      { name: '/cart/ (one item)', path: '/cart/' },
      { name: '/checkout/ (one item)', path: '/checkout/' },
    ];
    const documents = new Map();
    for (const page of pages) {
      const answer = await fetch(`${baseUrl}${page.path}`, { headers: { Cookie: cookie } });
      if (answer.status !== 200) throw new Error(`${page.path} answered ${answer.status}`);
      const html = await answer.text();
      const stripped = stripScripts(html);
      if (/<script\b/i.test(stripped)) throw new Error(`${page.path}: a script survived stripping`);
      documents.set(page.path, stripped);
    }
    // The cart's cookies go into the browser's jar too (not only Lighthouse's request header),
    // so the pages see the cart they were rendered with, as a shopper's browser does.
    const ours = await startProxy(baseUrl, new Map(), { cookies: cookie });
    const noJs = await startProxy(baseUrl, documents, { cookies: cookie });
    proxies.push(ours, noJs);

    const runs = Object.fromEntries(pages.map((page) => [page.path, { ours: [], noJs: [] }]));
    for (let run = 0; run < SETTINGS.runs; run += 1) {
      for (const page of pages) {
        // Alternate who goes first within each pair.
        const order = run % 2 === 0 ? ['ours', 'noJs'] : ['noJs', 'ours'];
        for (const variant of order) {
          const origin = variant === 'ours' ? ours.origin : noJs.origin;
          const result = await lighthouse(
            `${origin}${page.path}`,
            {
              port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: ['performance'],
              extraHeaders: { Cookie: cookie },
            },
            undefined,
          );
          if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
          const measured = await figures(result.lhr, baseUrl);
          if (measured.runtimeError) {
            throw new Error(`Lighthouse on ${page.path} (${variant}): ${measured.runtimeError}`);
          }
          runs[page.path][variant].push(measured);
          console.log(
            `${variant.padEnd(4)} ${page.path} run ${run + 1}: ${JSON.stringify(measured)}`,
          );
        }
      }
    }
    const rows = pages.map((page) => {
      const oursMedian = medians(runs[page.path].ours);
      const noJsMedian = medians(runs[page.path].noJs);
      return {
        page: page.name,
        path: page.path,
        ours: oursMedian,
        noJs: noJsMedian,
        lcpRatio: round(oursMedian.lcpMs / noJsMedian.lcpMs, 2),
        runs: runs[page.path],
      };
    });
    results = {
      schema: 1,
      ...(await runInfo()),
      command: 'node bench/run.mjs pages',
      chromium: browser.version(),
      lighthouse: JSON.parse(
        await readFile(path.join(benchDir, 'node_modules/lighthouse/package.json'), 'utf8'),
      ).version,
      settings: { ...SETTINGS, formFactor: 'mobile', throttlingMethod: 'simulate' },
      goals: GOALS,
      pages: rows,
      seconds: round((performance.now() - started) / 1000, 1),
    };
  } finally {
    for (const proxy of proxies) proxy.close();
    await browser.close();
    await shop.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  await mkdir(path.join(benchDir, 'results'), { recursive: true });
  const file = path.join(benchDir, 'results', 'pages.json');
  await writeFile(
    file,
    await format(JSON.stringify(results), { ...(await resolveConfig(file)), filepath: file }),
  );
  console.log(`Wrote bench/results/pages.json in ${results.seconds} s.`);
  return true;
}

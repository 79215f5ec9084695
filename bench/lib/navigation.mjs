// Navigations between the storefront's pages: what a shopper waits from a click until the next
// page's heading is on the screen, at 150 ms round trips, for three ways of getting there:
// React Router's client-side navigation (what the storefront does today), a document
// navigation (what a link does on a page the router does not hydrate, decision 0081), and a
// document navigation whose page was prefetched by speculation rules (what such a page asks
// for when a pointer rests on a link). Reported as medians and ratios to the client-side
// navigation, never gated: it is the measurement decision 0082 rests on.
/* global window, document, location */
import path from 'node:path';
import { readPreviousResults, writeResultsFile } from './results-file.mjs';
import { addToCart, storeFixtures, withStorefront } from './storefront.mjs';
import { median, runInfo } from './stats.mjs';

const benchDir = path.resolve(import.meta.dirname, '..');

/** Round-trip time added to every request of the measured navigations. */
export const LATENCY_MS = 150;

/** Navigations of each kind per trip; the kinds take turns, so drift touches them alike. */
const RUNS = Number(process.env.NAV_RUNS ?? 7);

/** The ways a shopper's click reaches the next page. */
export const MODES = ['client', 'document', 'prefetched'];

/**
 * The trips measured: the page the shopper is on, the link they follow. Every trip starts with
 * one item in the cart, as a shopper's way to the checkout does.
 */
export const TRIPS = [
  { from: '/shop/', link: 'header nav a[href="/cart/"]', label: '/shop/ → /cart/' },
  { from: '/cart/', link: 'main a.checkout-button', label: '/cart/ → /checkout/' },
  { from: '/cart/', link: 'header nav a[href="/my-account/"]', label: '/cart/ → /my-account/' },
  { from: '/cart/', link: 'header nav a[href="/shop/"]', label: '/cart/ → /shop/' },
];

/**
 * Runs in the page: asks speculation rules to prefetch `href` now, with the page's
 * Content-Security-Policy nonce (an inline rules script without it is refused).
 */
const PREFETCH = (href) => {
  const script = document.createElement('script');
  script.type = 'speculationrules';
  script.nonce = document.querySelector('script[nonce]')?.nonce ?? '';
  script.textContent = JSON.stringify({ prefetch: [{ source: 'list', urls: [href] }] });
  document.head.append(script);
};

/**
 * One navigation of `mode` along `trip`: milliseconds from the click (or the assignment to
 * `location`) until the next page's `main h1` is in the document with its own text.
 */
async function navigateOnce(page, cdp, baseUrl, trip, mode) {
  await page.goto(`${baseUrl}${trip.from}`);
  await page.locator('html[data-cw-hydrated]').waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  const link = page.locator(trip.link).first();
  const href = await link.getAttribute('href');
  if (href === null || !href.startsWith('/')) throw new Error(`${trip.label}: no link to follow`);
  const before = await page.evaluate(() => {
    window.__cwSamePage = true;
    return document.querySelector('main h1')?.textContent ?? '';
  });
  if (mode === 'prefetched') {
    const ready = new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${trip.label}: prefetch not ready`)),
        10_000,
      );
      const onStatus = (event) => {
        if (event.status === 'Ready' || event.status === 'Failure') {
          clearTimeout(timer);
          cdp.off('Preload.prefetchStatusUpdated', onStatus);
          if (event.status === 'Ready') resolve();
          else reject(new Error(`${trip.label}: prefetch failed (${event.prefetchStatus})`));
        }
      };
      cdp.on('Preload.prefetchStatusUpdated', onStatus);
    });
    await page.evaluate(PREFETCH, href);
    await ready;
  }
  const started = Date.now();
  if (mode === 'client') await link.click();
  else await page.evaluate((to) => void (location.href = to), href);
  await page.waitForURL((url) => url.pathname === new URL(href, baseUrl).pathname, {
    waitUntil: 'commit',
  });
  await page.waitForFunction(
    (old) => {
      const text = document.querySelector('main h1')?.textContent ?? '';
      return text !== '' && text !== old;
    },
    before,
    { polling: 'raf' },
  );
  const ms = Date.now() - started;
  const { same, delivery } = await page.evaluate(() => ({
    same: window.__cwSamePage === true,
    delivery: performance.getEntriesByType('navigation')[0]?.deliveryType ?? '',
  }));
  // Each figure is what it says it is: a client-side navigation kept the document, a document
  // navigation loaded a new one, and a prefetched one was served from its prefetch.
  if (same !== (mode === 'client'))
    throw new Error(`${trip.label}: the ${mode} navigation was ${same ? 'client-side' : 'a load'}`);
  if (mode === 'prefetched' && delivery !== 'navigational-prefetch')
    throw new Error(`${trip.label}: the prefetched navigation did not use its prefetch`);
  if (mode === 'document' && delivery !== '')
    throw new Error(`${trip.label}: the document navigation was served as ${delivery}`);
  return ms;
}

/** Measures every trip in every mode: the storefront must be built. */
export function measureNavigations() {
  return withStorefront(async ({ baseUrl, browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const { product } = await storeFixtures(baseUrl);
    await addToCart(page.request, baseUrl, product);
    await cdp.send('Preload.enable');
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: LATENCY_MS,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const rows = [];
    for (const trip of TRIPS) {
      const runs = Object.fromEntries(MODES.map((mode) => [mode, []]));
      for (let run = 0; run < RUNS; run++) {
        for (const mode of MODES)
          runs[mode].push(await navigateOnce(page, cdp, baseUrl, trip, mode));
      }
      const medians = Object.fromEntries(MODES.map((mode) => [mode, median(runs[mode])]));
      rows.push({ label: trip.label, runs, medians });
      console.log(
        `${trip.label}: ${MODES.map((mode) => `${mode} ${medians[mode]} ms`).join(', ')}`,
      );
    }
    return rows;
  });
}

const ratio = (value, base) => (value / base).toFixed(2);

/** The docs/benchmarks.md section. */
export function markdown(results) {
  const rows = results.trips.map(
    ({ label, medians }) =>
      `| ${label} | ${medians.client} | ${medians.document} (${ratio(medians.document, medians.client)}×) | ${medians.prefetched} (${ratio(medians.prefetched, medians.client)}×) |`,
  );
  return [
    '## Navigations: client-side against document loads',
    '',
    `Milliseconds from a shopper's click until the next page's heading is in the document, at ${results.latencyMs} ms per round trip (Chromium's network emulation), median of ${results.runs} per kind, the kinds taking turns; one item in the cart, the browser's cache warm from the page the trip starts on. **Client-side** is React Router's navigation, as the storefront does today (its loader data, and the next page's code from the cache). **Document** is the same link followed as a page load, as on a page the router does not hydrate. **Prefetched** is that page load after speculation rules have prefetched the page, as they do when a pointer rests on a link. Each run checks that it was what its column says (the document kept, replaced, or served from its prefetch). Measured ${results.date} at ${results.git.commit}${results.git.dirty ? ' (uncommitted changes)' : ''} with \`${results.command}\`; ratios are to the client-side navigation.`,
    '',
    '| trip | client-side (ms) | document | prefetched document |',
    '| --- | ---: | ---: | ---: |',
    ...rows,
    ...(results.notes ? ['', results.notes.trim()] : []),
    '',
  ].join('\n');
}

/** The full form: measures, writes bench/results/navigation.json (keeping its `notes`). */
export async function runNavigationBenchmark() {
  const resultsFile = path.join(benchDir, 'results', 'navigation.json');
  const previous = await readPreviousResults(resultsFile);
  const trips = await measureNavigations();
  const results = {
    schema: 1,
    ...(await runInfo()),
    command: 'node bench/run.mjs navigation',
    latencyMs: LATENCY_MS,
    runs: RUNS,
    trips,
    // Written by hand: what the figures mean for the storefront's design.
    ...(previous?.notes ? { notes: previous.notes } : {}),
  };
  results.markdown = markdown(results);
  await writeResultsFile(resultsFile, results);
  return true;
}

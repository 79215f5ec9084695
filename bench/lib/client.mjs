// Client work in headless Chromium (playwright-core + /usr/bin/chromium), ours next to
// the anchor or to the page's own floor in the same run; medians of repeated runs.
//
// 1. Order attribution: init + classify per page view, ours against sourcebuster and the
//    floor (one document.cookie read), on the same static page setup (same origin, same
//    URL, same cookies at the start).
// 2. Add to cart on /shop/ of the real storefront: the interaction's duration from the
//    Event Timing API (what INP reports), next to a click on the same page that does
//    nothing (the browser's floor for an input-to-paint); and click → header count updated.
// 3. Address suggestions on /checkout/: the last keystroke → the list rendered (and painted),
//    next to the same keystroke in a plain field of the same form (the floor).
// Functions passed to page.evaluate / addInitScript run in the page, not in Node:
/* global window, document, Document, requestAnimationFrame, MutationObserver */
import { createServer } from 'node:http';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { format, resolveConfig } from 'prettier';
import { launchBrowser, startStorefront, tempDataDir } from './storefront.mjs';
import { startProxy } from './proxy.mjs';
import { median, round, runInfo } from './stats.mjs';

const benchDir = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(benchDir, '..');

export const SETTINGS = {
  attribution: { runs: 41, url: '?utm_source=news&utm_medium=email&utm_campaign=launch' },
  addToCart: { runs: 15 },
  address: { runs: 11, typed: 'Str' },
};

/** A browser IIFE that defines `window.__attribution()`: init + classify, timed inside the page. */
async function attributionBundle(which) {
  const ours = path.join(repoRoot, 'packages/order-attribution/dist/index.js');
  const contents =
    which === 'ours'
      ? `import { createAttributionTracker } from ${JSON.stringify(ours)};
window.__attribution = () => {
  const t0 = performance.now();
  const tracker = createAttributionTracker({});
  const { values } = tracker.pageView();
  const ms = performance.now() - t0;
  return { ms, source_type: values.source_type, utm_source: values.utm_source };
};`
      : `import sbjs from 'sourcebuster';
window.__attribution = () => {
  const t0 = performance.now();
  // WooCommerce's settings (order-attribution.js): session cookies, 30-minute sessions.
  sbjs.init({ lifetime: 0.00001, session_length: 30, timezone_offset: '0' });
  const current = sbjs.get.current;
  const ms = performance.now() - t0;
  return { ms, source_type: current.typ, utm_source: current.src };
};`;
  const result = await build({
    stdin: { contents, resolveDir: benchDir, sourcefile: `${which}.mjs`, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

/**
 * A loopback server for the attribution pages. Cross-origin isolated (COOP + COEP), so
 * `performance.now()` has 5 µs resolution instead of 100 µs.
 */
async function startAttributionServer() {
  const scripts = {
    ours: await attributionBundle('ours'),
    sb: await attributionBundle('sb'),
    // The floor: what any cookie-based tracker must do at least, one read of
    // `document.cookie` (a synchronous round trip to Chromium's cookie store).
    floor: `window.__attribution=()=>{const t0=performance.now();const c=document.cookie;return{ms:performance.now()-t0,length:c.length}};`,
  };
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    const isolation = {
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
      'Cache-Control': 'no-store',
    };
    const which = /^\/(ours|sb|floor)\.js$/.exec(pathname)?.[1];
    if (which) {
      res.writeHead(200, { 'Content-Type': 'text/javascript', ...isolation });
      res.end(scripts[which]);
      return;
    }
    const page = /^\/page\/(ours|sb|floor)\/$/.exec(pathname)?.[1];
    if (page) {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', ...isolation });
      res.end(
        `<!doctype html><html lang="en"><title>Attribution</title><h1>Page</h1>` +
          `<script src="/${page}.js"></script>` +
          `<script>window.__result = window.__attribution();</script>`,
      );
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { origin: `http://127.0.0.1:${address.port}`, close: () => server.close() };
}

/** Installed before any page script: counts reads and writes of `document.cookie`. */
function countCookieAccess() {
  const accessor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  const counts = { reads: 0, writes: 0 };
  window.__cookieAccess = counts;
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get() {
      counts.reads += 1;
      return accessor.get.call(document);
    },
    set(value) {
      counts.writes += 1;
      accessor.set.call(document, value);
    },
  });
}

/** Attribution: a landing page view with UTMs, then a second page view in the same session. */
export async function attribution(browser) {
  const server = await startAttributionServer();
  const times = {
    ours: { landing: [], next: [] },
    sb: { landing: [], next: [] },
    floor: { landing: [], next: [] },
  };
  const seen = {};
  const cookieAccess = {};
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    // The cookies a landing page view leaves (ours, in sourcebuster's format): the floor's
    // next page reads them without running a tracker's script first.
    await page.goto(`${server.origin}/page/ours/${SETTINGS.attribution.url}`);
    const landingCookies = await context.cookies();
    if (landingCookies.length === 0) throw new Error('the landing page view set no cookie');
    for (let run = 0; run < SETTINGS.attribution.runs; run += 1) {
      // Alternate who goes first, so neither always meets a warmer browser. The renderer
      // keeps the last script's compiled code, so each landing follows someone else's
      // page (the floor's or the other tracker's), never its own, in every run.
      const order = run % 2 === 0 ? ['floor', 'ours', 'sb'] : ['floor', 'sb', 'ours'];
      for (const which of order) {
        if (which === 'floor') {
          // One cookie read on the landing URL with no cookies, then one with the cookies
          // a landing page view leaves.
          await context.clearCookies();
          await page.goto(`${server.origin}/page/floor/${SETTINGS.attribution.url}`);
          times.floor.landing.push((await page.evaluate(() => window.__result)).ms);
          await context.addCookies(landingCookies);
          await page.goto(`${server.origin}/page/floor/`);
          const next = await page.evaluate(() => window.__result);
          if (next.length === 0) throw new Error('the floor page saw no cookies after a landing');
          times.floor.next.push(next.ms);
          continue;
        }
        await context.clearCookies();
        await page.goto(`${server.origin}/page/${which}/${SETTINGS.attribution.url}`);
        const landing = await page.evaluate(() => window.__result);
        await page.goto(`${server.origin}/page/${which}/`);
        const next = await page.evaluate(() => window.__result);
        times[which].landing.push(landing.ms);
        times[which].next.push(next.ms);
        seen[which] = { landing: landing.source_type, next: next.source_type };
        if (landing.source_type !== 'utm' || landing.utm_source !== 'news') {
          throw new Error(`${which} classified the landing page as ${JSON.stringify(landing)}`);
        }
        if (next.source_type !== 'utm') {
          throw new Error(
            `${which} lost the session's source on the next page: ${JSON.stringify(next)}`,
          );
        }
      }
    }
    await context.close();
    // Not timed: how often each touches document.cookie per page view (counted through a
    // wrapper around the accessor, in a context of its own).
    const counting = await browser.newContext();
    await counting.addInitScript(countCookieAccess);
    const countingPage = await counting.newPage();
    for (const which of ['ours', 'sb']) {
      await counting.clearCookies();
      await countingPage.goto(`${server.origin}/page/${which}/${SETTINGS.attribution.url}`);
      const landing = await countingPage.evaluate(() => window.__cookieAccess);
      await countingPage.goto(`${server.origin}/page/${which}/`);
      const next = await countingPage.evaluate(() => window.__cookieAccess);
      cookieAccess[which] = { landing, next };
    }
    await counting.close();
  } finally {
    server.close();
  }
  const summary = (which, view) => round(median(times[which][view]), 3);
  const result = {
    runs: SETTINGS.attribution.runs,
    classified: seen,
    oursMedianMs: { landing: summary('ours', 'landing'), next: summary('ours', 'next') },
    sourcebusterMedianMs: { landing: summary('sb', 'landing'), next: summary('sb', 'next') },
    floorMedianMs: { landing: summary('floor', 'landing'), next: summary('floor', 'next') },
    cookieAccess,
  };
  result.ratio = {
    landing: round(result.oursMedianMs.landing / result.sourcebusterMedianMs.landing, 2),
    next: round(result.oursMedianMs.next / result.sourcebusterMedianMs.next, 2),
  };
  // The same ratio once the floor (one document.cookie read) is taken off both sides.
  const aboveFloor = (view) =>
    round(
      (result.oursMedianMs[view] - result.floorMedianMs[view]) /
        (result.sourcebusterMedianMs[view] - result.floorMedianMs[view]),
      2,
    );
  result.ratioAboveFloor = { landing: aboveFloor('landing'), next: aboveFloor('next') };
  return result;
}

/** Installed before any page script: records every Event Timing entry that belongs to an interaction. */
function observeInteractions() {
  window.__interactions = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.interactionId) {
        window.__interactions.push({
          name: entry.name,
          id: entry.interactionId,
          duration: entry.duration,
          target: entry.target?.tagName ?? null,
        });
      }
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
}

/**
 * The longest event duration of the interactions since `from` (Event Timing reports only
 * events of 16 ms or more, in steps of 8 ms: below that the interaction counts as < 16 ms).
 */
async function interactionSince(page, from) {
  // Event Timing entries are queued after the next paint; give them two frames.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const entries = await page.evaluate((start) => window.__interactions.slice(start), from);
  return entries.length === 0 ? null : Math.max(...entries.map((entry) => entry.duration));
}

/** The first products of the shop's default order (its first page) that can be bought. */
async function purchasable(baseUrl, count) {
  const res = await fetch(
    `${baseUrl}/wp-json/wc/store/v1/products?per_page=16&orderby=menu_order&order=asc`,
  );
  const all = /** @type {any[]} */ (await res.json());
  return all.filter((product) => product.is_purchasable && product.is_in_stock).slice(0, count);
}

/** Until React has hydrated (the root's effect marks `<html data-cw-hydrated>`). */
const hydrated = (page) => page.locator('html[data-cw-hydrated]').waitFor({ state: 'attached' });

/** Summarises interaction durations where `null` means "under the 16 ms threshold". */
function inpSummary(values) {
  const below = values.filter((value) => value === null).length;
  // A value under the threshold is ranked as 0 for the median: it is below every reported one.
  return { medianMs: median(values.map((value) => value ?? 0)), belowThreshold: below };
}

async function addToCart(browser, baseUrl) {
  const [product] = await purchasable(baseUrl, 1);
  if (!product) throw new Error('the store has no product to buy');
  const ours = [];
  const floor = [];
  const toCount = [];
  for (let run = 0; run < SETTINGS.addToCart.runs; run += 1) {
    const context = await browser.newContext();
    await context.addInitScript(observeInteractions);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/shop/`);
    await hydrated(page);
    // The floor: a click on the page's heading, which runs no handler of ours.
    let from = await page.evaluate(() => window.__interactions.length);
    await page.getByRole('heading', { level: 1 }).click();
    floor.push(await interactionSince(page, from));

    from = await page.evaluate(() => window.__interactions.length);
    const count = page.locator('.header-cart__count');
    const before = await count.innerText();
    const started = await page.evaluate(() => performance.now());
    await page.getByRole('button', { name: `Add to cart: “${product.name}”` }).click();
    await page.waitForFunction(
      ([text]) => document.querySelector('.header-cart__count')?.textContent?.trim() !== text,
      [before.trim()],
    );
    const updated = await page.evaluate(() => performance.now());
    ours.push(await interactionSince(page, from));
    toCount.push(updated - started);
    if (!/^1 item$/.test((await count.innerText()).trim())) {
      throw new Error(`the header counts "${await count.innerText()}" after one add`);
    }
    await context.close();
  }
  return {
    runs: SETTINGS.addToCart.runs,
    product: product.name,
    addToCart: inpSummary(ours),
    floorClick: inpSummary(floor),
    clickToHeaderCountMedianMs: round(median(toCount), 1),
  };
}

/** Installed before any page script: times the keystroke of `key` in `#id` to the first option painted. */
function timeKeystrokes() {
  window.__keys = [];
  document.addEventListener(
    'keydown',
    (event) => {
      const field = /** @type {HTMLElement} */ (event.target);
      const record = {
        id: field.id,
        key: event.key,
        down: performance.now(),
        painted: null,
        listed: null,
      };
      window.__keys.push(record);
      requestAnimationFrame(() => setTimeout(() => (record.painted = performance.now()), 0));
      if (field.id !== 'billing_address_1') return;
      const seen = () => document.querySelector('[role="listbox"] [role="option"]') !== null;
      const observer = new MutationObserver(() => {
        if (record.listed === null && seen()) {
          observer.disconnect();
          requestAnimationFrame(() => setTimeout(() => (record.listed = performance.now()), 0));
        }
      });
      observer.observe(document.body, { childList: true, subtree: true });
    },
    true,
  );
}

/**
 * On a page with the checkout's street and city fields: the same keys in the city field
 * (keydown → next frame, the floor), then in the street field (keydown of the last key →
 * first frame with the suggestion list).
 */
async function typeAndTime(page, typed) {
  await page.locator('#billing_city').focus();
  await page.keyboard.type(typed);
  await page.waitForFunction(() => window.__keys.every((key) => key.painted !== null));
  const cityKey = await page.evaluate(() => window.__keys.at(-1));
  await page.locator('#billing_address_1').focus();
  await page.keyboard.type(typed);
  await page
    .getByRole('listbox', { name: 'Address suggestions' })
    .getByRole('option')
    .first()
    .waitFor();
  await page.waitForFunction(() => window.__keys.at(-1).listed !== null);
  const last = await page.evaluate(() => window.__keys.at(-1));
  const options = await page
    .getByRole('listbox', { name: 'Address suggestions' })
    .getByRole('option')
    .count();
  if (options < 1 || options > 5) throw new Error(`${options} suggestions for "${typed}"`);
  return { toList: last.listed - last.down, floor: cityKey.painted - cityKey.down };
}

async function addressSuggestions(browser, baseUrl) {
  const [product] = await purchasable(baseUrl, 1);
  const typed = SETTINGS.address.typed;
  const times = { ours: { toList: [], floor: [] }, downshift: { toList: [], floor: [] } };
  let proxy;
  try {
    for (let run = 0; run < SETTINGS.address.runs; run += 1) {
      // Ours: the storefront's /checkout/ with one item in the cart.
      const context = await browser.newContext();
      const added = await context.request.post(`${baseUrl}/?wc-ajax=add_to_cart`, {
        form: { product_id: String(product.id), quantity: '1' },
      });
      if (!added.ok()) throw new Error(`add_to_cart answered ${added.status()}`);
      await context.addInitScript(timeKeystrokes);
      const page = await context.newPage();
      await page.goto(`${baseUrl}/checkout/`);
      await hydrated(page);
      if (!proxy) {
        // The downshift page searches the same store, in the checkout's country.
        const country = await page.locator('#billing_country').inputValue();
        proxy = await startProxy(
          baseUrl,
          new Map([['/bench/downshift/', await downshiftPage(country)]]),
        );
      }
      const ours = await typeAndTime(page, typed);
      await context.close();

      const other = await browser.newContext();
      await other.addInitScript(timeKeystrokes);
      const otherPage = await other.newPage();
      await otherPage.goto(`${proxy.origin}/bench/downshift/`);
      await otherPage.locator('#billing_address_1').waitFor();
      const downshift = await typeAndTime(otherPage, typed);
      await other.close();

      for (const [which, measured] of Object.entries({ ours, downshift })) {
        times[which].toList.push(measured.toList);
        times[which].floor.push(measured.floor);
      }
    }
  } finally {
    proxy?.close();
  }
  const summary = (which) => ({
    keystrokeToListMedianMs: round(median(times[which].toList), 1),
    floorKeystrokeToPaintMedianMs: round(median(times[which].floor), 1),
  });
  const ours = summary('ours');
  const downshift = summary('downshift');
  return {
    runs: SETTINGS.address.runs,
    typed,
    ...ours,
    downshift,
    ratio: round(ours.keystrokeToListMedianMs / downshift.keystrokeToListMedianMs, 2),
  };
}

/**
 * The downshift page: what a React team would build with downshift's useCombobox over the
 * same store address search, with the same rules as ours (3 characters, 300 ms debounce,
 * at most 5 suggestions), the street field and a plain city field with the same ids.
 * @param {string} country  the checkout's billing country
 */
async function downshiftPage(country) {
  const contents = `import { createElement as h, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useCombobox } from 'downshift';

function Street() {
  const [items, setItems] = useState([]);
  const timer = useRef(undefined);
  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps } =
    useCombobox({
      items,
      inputId: 'billing_address_1',
      itemToString: (item) => (item ? item.label : ''),
      onInputValueChange: ({ inputValue }) => {
        clearTimeout(timer.current);
        if (inputValue.length < 3) return setItems([]);
        timer.current = setTimeout(async () => {
          const params = new URLSearchParams({ query: inputValue, country: ${JSON.stringify(country)}, type: 'billing' });
          const res = await fetch('/wp-json/cartwright/v1/address-autocomplete/search?' + params);
          setItems(res.ok ? (await res.json()).slice(0, 5) : []);
        }, 300);
      },
    });
  return h('p', null,
    h('label', getLabelProps(), 'Street address'),
    h('input', getInputProps({ autoComplete: 'address-line1' })),
    h('ul', getMenuProps({ 'aria-label': 'Address suggestions' }),
      isOpen ? items.map((item, index) =>
        h('li', { key: item.id, ...getItemProps({ item, index }), className: highlightedIndex === index ? 'active' : undefined }, item.label)) : null));
}

function Form() {
  return h('form', null, h(Street), h('p', null, h('label', { htmlFor: 'billing_city' }, 'Town / City'), h('input', { id: 'billing_city' })));
}

createRoot(document.getElementById('root')).render(h(Form));`;
  const result = await build({
    stdin: { contents, resolveDir: benchDir, sourcefile: 'downshift-page.mjs', loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    logLevel: 'silent',
  });
  return (
    '<!doctype html><html lang="en"><meta charset="utf-8"><title>downshift</title>' +
    '<main id="root"></main>' +
    `<script type="module">${result.outputFiles[0].text.replaceAll('</script', '<\\/script')}</script>`
  );
}

/**
 * Runs the client benchmark and writes bench/results/client.json.
 * @returns {Promise<boolean>}
 */
export async function runClientBenchmark() {
  const started = performance.now();
  const dataDir = await tempDataDir();
  const shop = startStorefront({ dataDir, env: { CART_REDIRECT_AFTER_ADD: 'no' } });
  const browser = await launchBrowser();
  let results;
  try {
    const baseUrl = await shop.url;
    const version = browser.version();
    const attr = await attribution(browser);
    console.log(`attribution: ${JSON.stringify(attr)}`);
    const cart = await addToCart(browser, baseUrl);
    console.log(`add to cart: ${JSON.stringify(cart)}`);
    const address = await addressSuggestions(browser, baseUrl);
    console.log(`address suggestions: ${JSON.stringify(address)}`);
    results = {
      schema: 1,
      ...(await runInfo()),
      command: 'node bench/run.mjs client',
      chromium: version,
      settings: SETTINGS,
      attribution: attr,
      addToCart: cart,
      address,
      seconds: round((performance.now() - started) / 1000, 1),
    };
  } finally {
    await browser.close();
    await shop.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  await mkdir(path.join(benchDir, 'results'), { recursive: true });
  const file = path.join(benchDir, 'results', 'client.json');
  await writeFile(
    file,
    await format(JSON.stringify(results), { ...(await resolveConfig(file)), filepath: file }),
  );
  console.log(`Wrote bench/results/client.json in ${results.seconds} s.`);
  return true;
}

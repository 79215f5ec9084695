// Shared pieces of the end-to-end suite: the real storefront process on a fresh
// data directory, and headless Debian Chromium driven by playwright-core.
import { spawn } from 'node:child_process';
import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import { after, before } from 'node:test';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';
import { chromium } from 'playwright-core';

export const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The outbox directory of a run's data directory (beside it, so the store's files stay apart). */
export const outboxOf = (dataDir) => `${dataDir}-outbox`;

export function tempDataDir() {
  return mkdtemp(path.join(tmpdir(), 'cartwright-e2e-'));
}

/**
 * Starts `node dist/main.js` (what `npm start` runs) on a free port and resolves
 * with its URL once it prints it. The process is killed if it does not start in time.
 */
export function startStorefront({ dataDir, env = {} }) {
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: appDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      DATA_DIR: dataDir,
      // Mail the suite does not read goes to an outbox of this run, removed with it.
      OUTBOX_DIR: outboxOf(dataDir),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`storefront did not start within 60 s:\n${output}`));
    }, 60_000);
    const onData = (chunk) => {
      output += chunk;
      const match = /(http:\/\/localhost:\d+)\/shop\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`storefront exited with ${code} before starting:\n${output}`));
    });
  });
  return {
    url,
    get output() {
      return output;
    },
    async stop() {
      const removeOutbox = async (code) => {
        // The outbox this harness chose (not one a test named) goes with the process.
        if (env.OUTBOX_DIR === undefined) {
          await rm(outboxOf(dataDir), { recursive: true, force: true });
        }
        return code;
      };
      if (child.exitCode !== null) return removeOutbox(child.exitCode);
      const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      return removeOutbox(await exited);
    },
  };
}

export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Saves a screenshot when E2E_SCREENSHOTS names a directory (for people to look at). */
export async function screenshot(page, name) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/**
 * Screenshots at 1280 and 375 px wide (`{name}-1280.png`, `{name}-375.png`) when E2E_SCREENSHOTS
 * names a directory; the page's viewport is put back after.
 */
export async function shots(page, name) {
  if (!process.env.E2E_SCREENSHOTS) return;
  const before = page.viewportSize();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 800 });
    await screenshot(page, `${name}-${width}`);
  }
  if (before) await page.setViewportSize(before);
}

/** WCAG 2.2 AA and axe's best practices: what every page must pass. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Fails with the list of violations when axe-core finds any on the page as it is now. */
export async function expectNoAxeViolations(page) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const summary = violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length} nodes)`);
  assert.deepEqual(summary, [], `axe-core violations on ${page.url()}`);
}

/**
 * Starts timing the alert notice `#id` in the page: when it appears (or its text changes, for a
 * notice already there) and when it takes focus. Call before the action that shows it, then
 * {@link expectAlertFocusedAndScrolledTo}. It goes on timing in every document the page loads
 * next (an island page's form post answers with a new document, decision 0082), from the
 * document's start, so a notice the server rendered counts from when it was parsed in.
 */
export async function watchAlert(page, id) {
  const watch = (id) => {
    const initial = document.getElementById(id)?.textContent ?? null;
    const times = {};
    window.__alertTimes = { ...window.__alertTimes, [id]: times };
    new MutationObserver((_, observer) => {
      const element = document.getElementById(id);
      if (element && element.textContent !== initial) {
        times.shown = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
    document.addEventListener('focusin', (event) => {
      if (event.target.id === id && times.shown !== undefined) times.focused ??= performance.now();
    });
  };
  await page.addInitScript(watch, id);
  await page.evaluate(watch, id);
}

/**
 * Spec §4 "Page behaviours" for the notice `#id` watched by {@link watchAlert}: it takes focus
 * 500 ms after it appears (not before), and the page scrolls so that it stops 100 px below the
 * top of the viewport (or at the top of the page when it is higher than that).
 */
export async function expectAlertFocusedAndScrolledTo(page, id) {
  await page.waitForFunction((id) => document.activeElement?.id === id, id);
  const times = await page.evaluate((id) => window.__alertTimes[id], id);
  assert.ok(times.shown !== undefined && times.focused !== undefined, JSON.stringify(times));
  const delay = times.focused - times.shown;
  assert.ok(delay >= 495, `#${id} focused ${Math.round(delay)} ms after it appeared`);
  await page.waitForFunction((id) => {
    const notice = document.getElementById(id);
    const target = Math.max(0, notice.getBoundingClientRect().top + window.scrollY - 100);
    return Math.abs(window.scrollY - target) <= 1;
  }, id);
}

/**
 * Holds the first request `matcher` (a `page.route` URL matcher) matches until the test lets it
 * go, as a slow network would: `requested` resolves once the page has made it, `release()` lets
 * it continue. Later matching requests are held the same way and never released.
 */
export function holdRequest(page, matcher) {
  let held;
  const requested = new Promise((resolve) => {
    void page.route(matcher, (route) => {
      held = route;
      resolve();
    });
  });
  return {
    requested,
    release: async () => {
      await requested;
      await held.continue();
    },
  };
}

/**
 * Loads a page with a lazy chunk held, and fails the test if the page asks for it: for an island
 * whose code must come when the shopper comes to its control, not with the page (issue 16).
 * `chunk` (a `page.route` matcher: a RegExp, tested on the whole URL, or a function of the URL)
 * is held as {@link holdRequest} holds it, from before `load` (a `goto` or `reload`, and anything
 * done on the page before the check). Until the page has {@link hydrated} and the network is
 * idle, no request that `chunk` or `also` (a matcher for the code that comes with it) matches may
 * be made: the first ends the wait (a held chunk the page needs would hold hydration up) and the
 * assertion fails, with `message` when given. Resolves with holdRequest's `requested` and
 * `release()`, and `requests`: the URLs `chunk` or `also` matches, from before the load on, for
 * the test's later counts.
 */
export async function loadWithChunkHeld(page, chunk, load, { also, message } = {}) {
  const matches = (url, matcher) =>
    typeof matcher === 'function' ? matcher(url) : matcher.test(url.href);
  const requests = [];
  let firstAsked;
  const asked = new Promise((resolve) => (firstAsked = resolve));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (matches(url, chunk) || (also && matches(url, also))) {
      requests.push(request.url());
      firstAsked();
    }
  });
  const { requested, release } = holdRequest(page, chunk);
  const loaded = (async () => {
    await load();
    await hydrated(page);
    await page.waitForLoadState('networkidle');
  })();
  // A load left running by a failed check may fail later: not an unhandled rejection then.
  loaded.catch(() => {});
  await Promise.race([loaded, asked]);
  assert.deepEqual(requests, [], message);
  return { requested, release, requests };
}

/**
 * Holds every script of the page until `release()`: the page paints from the server's HTML but
 * cannot hydrate, as on a slow connection between the first paint and hydration (issue 16).
 * `requested` resolves when the page has asked for its first script (the inline loader waits for
 * the first paint). Call before `goto`; `release()` lets them all through and stops holding.
 */
export async function holdScripts(page) {
  let letThrough;
  const held = new Promise((resolve) => (letThrough = resolve));
  let firstAsked;
  const requested = new Promise((resolve) => (firstAsked = resolve));
  const scripts = /\/assets\/[^?]+\.js(?:\?|$)/;
  await page.route(scripts, async (route) => {
    firstAsked();
    await held;
    await route.continue().catch(() => {});
  });
  return {
    requested,
    release: async () => {
      letThrough();
      await page.unroute(scripts);
    },
  };
}

/**
 * Waits until the page answers its controls (`data-cw-hydrated`, lib/deferred-scripts.ts): the
 * islands' runtime (decision 0083) marks it once it listens, holding what reaches a live part
 * until that part is hydrated.
 */
export const hydrated = (page) =>
  page.locator('html[data-cw-hydrated]').waitFor({ state: 'attached' });

/** Waits until the header's cart count reads `text` ("1 item", "3 items"). */
export const headerCount = (page, text) =>
  page.waitForFunction(
    (expected) => document.querySelector('.header-cart__count')?.textContent === expected,
    text,
    { timeout: 10_000 },
  );

/**
 * The store's next answer on the page to a request whose URL contains `part`
 * (`'wc-ajax=remove_from_cart'`, `'/cart/update-item'`), or with `count`, its `count`th answer
 * from now (two queued adds: the second). Ask for it before the action. The header's count is
 * optimistic (cart-queue counts a pending change at once), so a test that reads the store's
 * cart after an action must wait for this answer first, not for the count.
 */
export const storeAnswer = (page, part, count = 1) => {
  let answers = 0;
  return page.waitForResponse(
    (response) => response.url().includes(part) && (answers += 1) === count,
    { timeout: 15_000 },
  );
};

/**
 * A shopper's first add: /shop/, hydrated, the product's "Add to cart" button clicked, the
 * store's answer in (the add is in the store), and the header counting one item.
 */
export async function addFromShop(page, baseUrl, product) {
  await page.goto(`${baseUrl}/shop/`);
  await hydrated(page);
  const added = storeAnswer(page, 'wc-ajax=add_to_cart');
  await page.getByRole('button', { name: `Add to cart: “${product.name}”` }).click();
  await added;
  await headerCount(page, '1 item');
}

/**
 * Brings the island `control` sits in live (components/Island.tsx, decision 0067) as a shopper
 * does, with a pointer over it, and waits until its code has put the live markup in: for tests
 * about what that code does, not about its loading.
 */
export async function wakeIsland(control) {
  await control.hover();
  await control
    .locator('xpath=ancestor::div[@data-island][1][@data-live]')
    .waitFor({ state: 'attached' });
}

/** The first products of the shop's default order that can be bought. */
export async function purchasable(baseUrl, count) {
  const res = await fetch(
    `${baseUrl}/wp-json/wc/store/v1/products?per_page=16&orderby=menu_order&order=asc`,
  );
  const all = await res.json();
  return all.filter((p) => p.is_purchasable && p.is_in_stock).slice(0, count);
}

/** The Store API cart as the browser context's cookies see it. */
export async function cartOf(context, baseUrl) {
  const res = await context.request.get(`${baseUrl}/wp-json/wc/store/v1/cart`);
  assert.equal(res.status(), 200);
  return res.json();
}

/**
 * A storefront on a fresh data directory and a browser for the enclosing suite:
 * started before its tests, stopped and removed after them.
 */
export function useStorefront(env = {}) {
  let dataDir;
  let shop;
  const state = {};
  before(async () => {
    dataDir = await tempDataDir();
    shop = startStorefront({ dataDir, env });
    [state.baseUrl, state.browser] = await Promise.all([shop.url, launchBrowser()]);
  });
  after(async () => {
    await state.browser?.close();
    await shop?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    if (dataDir) await rm(outboxOf(dataDir), { recursive: true, force: true });
  });
  return state;
}

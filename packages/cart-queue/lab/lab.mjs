// Shared helpers for the lab tests (not CI: they need a real WooCommerce at WOO_URL).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** WOO_URL without a trailing slash; a missing WOO_URL is an error, never a skip. */
export function wooUrl() {
  const url = process.env.WOO_URL;
  if (!url) {
    throw new Error(
      'WOO_URL is not set: these lab tests need a real WooCommerce, e.g. ' +
        '`LAB_DIR=/var/tmp/lab-c LAB_PORT=8092 bash scripts/woocommerce-lab.sh && ' +
        'php scripts/woocommerce-lab/cart-queue-setup.php /var/tmp/lab-c/wordpress && ' +
        'WOO_URL=http://127.0.0.1:8092 pnpm --filter @cartwright/cart-queue run lab`',
    );
  }
  let base = url;
  while (base.endsWith('/')) base = base.slice(0, -1);
  return base;
}

/** The page made by scripts/woocommerce-lab/cart-queue-setup.php. */
export const CLASSIC_PAGE = '/cw-classic-loop/';
/** Where the bundles are served on the lab's origin (through page.route, never by the store). */
export const BUNDLE_PATH = '/__cartwright-lab/cart-queue.js';

/** The built package (dist/, as published) bundled into one IIFE exposing `window.CartwrightLab`. */
export async function bundle() {
  for (const file of ['dist/dom.js', 'dist/index.js', 'dist/store-api.js']) {
    if (!existsSync(path.join(packageDir, file))) {
      throw new Error(
        `${file} is missing: run \`pnpm --filter @cartwright/cart-queue run build\` first.`,
      );
    }
  }
  const result = await build({
    stdin: {
      // The transports as a page builds them (decision 0051): over one store-api-client
      // client; \`credentials: 'omit'\` goes through the client's fetch for the Cart-Token test.
      contents: `
        import { createWcAjaxTransport as wcAjax } from './dist/index.js';
        import { createStoreApiTransport as storeApi } from './dist/store-api.js';
        import { createApiFetch } from '@cartwright/store-api-client';
        import { createStoreApi } from '@cartwright/store-api-client/store';
        export { attachClassicCart } from './dist/dom.js';
        export { isStoreApiError } from '@cartwright/store-api-client';
        const client = (credentials) =>
          createApiFetch({
            timeout: 30000,
            ...(credentials ? { fetch: (url, init) => fetch(url, { ...init, credentials }) } : {}),
          });
        export const createWcAjaxTransport = ({ endpoint }) =>
          wcAjax({ apiFetch: client(), endpoint });
        export function createStoreApiTransport({ nonce, cartToken, credentials } = {}) {
          const session = createStoreApi(client(credentials), { nonce, cartToken });
          const transport = storeApi({ store: session });
          return {
            ...transport,
            get nonce() { return session.getSession().nonce; },
            get cartToken() { return session.getSession().cartToken; },
          };
        }`,
      resolveDir: packageDir,
      loader: 'js',
    },
    bundle: true,
    format: 'iife',
    globalName: 'CartwrightLab',
    target: 'es2022',
    write: false,
    logLevel: 'error',
  });
  return result.outputFiles[0].text;
}

export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
}

/**
 * Serves the bundle on the lab's origin and, as a theme that dequeues it would, keeps
 * WooCommerce's own add-to-cart.js off the page. Returns the blocked script URLs.
 */
export async function routeLab(page, base, code) {
  const blocked = [];
  await page.route(`${base}/**`, (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === BUNDLE_PATH) {
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: code });
    }
    if (/\/woocommerce\/assets\/js\/frontend\/add-to-cart(\.min)?\.js$/.test(url.pathname)) {
      blocked.push(url.pathname);
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
    }
    return route.continue();
  });
  return blocked;
}

/** Opens the classic page and loads the bundle; fails clearly when the lab setup is missing. */
export async function openClassicPage(page, base) {
  const response = await page.goto(`${base}${CLASSIC_PAGE}`);
  if (!response || response.status() !== 200) {
    throw new Error(
      `${base}${CLASSIC_PAGE} answered ${response?.status()}: run ` +
        '`php scripts/woocommerce-lab/cart-queue-setup.php <lab>/wordpress` first.',
    );
  }
  await page.addScriptTag({ url: `${base}${BUNDLE_PATH}` });
}

/** The Store API cart as the browser's session sees it. */
export function storeCart(page) {
  return page.evaluate(async () => {
    const response = await fetch('/wp-json/wc/store/v1/cart', { credentials: 'include' });
    return response.json();
  });
}

// The real storefront and headless Chromium, started exactly as the storefront's
// end-to-end suite starts them (one copy of that code: apps/storefront/e2e/harness.mjs).
// The storefront must be built (`pnpm --filter @cartwright/storefront build`).
import { rm } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { launchBrowser, startStorefront, tempDataDir } from '../../apps/storefront/e2e/harness.mjs';

export { launchBrowser, startStorefront, tempDataDir };

/**
 * Runs `measure` against the built storefront, started on a data directory of its own (on
 * `BENCH_PORT`, or any free port), with headless Chromium; then closes both and removes the data,
 * whether `measure` succeeded or not.
 * @template T
 * @param {(shop: { baseUrl: string, browser: import('playwright-core').Browser }) => Promise<T>} measure
 * @returns {Promise<T>}
 */
export async function withStorefront(measure) {
  const dataDir = await tempDataDir();
  const shop = startStorefront({ dataDir, env: { PORT: process.env.BENCH_PORT ?? '0' } });
  let browser;
  try {
    const baseUrl = await shop.url;
    browser = await launchBrowser();
    return await measure({ baseUrl, browser });
  } finally {
    await browser?.close();
    await shop.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * Chromium with the e2e suite's flags and the DevTools port Lighthouse connects to.
 * @param {number} port
 */
export function launchBrowserWithDebuggingPort(port) {
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
      `--remote-debugging-port=${port}`,
    ],
  });
}

/** A product to visit and buy, and a category with products. */
export async function storeFixtures(baseUrl) {
  const products = await (
    await fetch(`${baseUrl}/wp-json/wc/store/v1/products?per_page=16&orderby=menu_order&order=asc`)
  ).json();
  const product = products.find((p) => p.type === 'simple' && p.is_purchasable && p.is_in_stock);
  if (!product) throw new Error('the store has no simple product to buy');
  const categories = await (
    await fetch(`${baseUrl}/wp-json/wc/store/v1/products/categories`)
  ).json();
  const category = categories.find((c) => c.count > 0);
  if (!category) throw new Error('the store has no category with products');
  return { product, category: category.slug };
}

/**
 * One of `product` into the cart of the browser context whose `request` this is, as a shopper's
 * add from a listing (WooCommerce's wc-ajax route).
 */
export async function addToCart(request, baseUrl, product) {
  const res = await request.post(`${baseUrl}/?wc-ajax=add_to_cart`, {
    form: { product_id: String(product.id), quantity: '1' },
  });
  if (!res.ok()) throw new Error(`add_to_cart answered ${res.status()}`);
}
